#ifndef HABIT_CLIBGIT2_SHIM_H
#define HABIT_CLIBGIT2_SHIM_H

/*
 * libgit2's declarations. The definitions HabitGit links against are the trampolines of
 * trampolines.c, which load libgit2.so.1.5 on the first call (loader.c): habit is linked without
 * -lgit2, so the commands that never touch git (list, stats, show, cal, week, check, --version)
 * never map libgit2 and the fifteen libraries it needs (docs/performance.md).
 */
#include <git2.h>
/* git_repository_set_index: a change writes its new index into the held index.lock (IndexLock). */
#include <git2/sys/repository.h>

/*
 * git_libgit2_opts is variadic and Swift cannot call C variadic functions,
 * so each option HabitGit needs gets a fixed-argument wrapper (loader.c).
 * libgit2 1.5 has no GIT_OPT_SET_SERVER_TIMEOUT / SERVER_CONNECT_TIMEOUT
 * (added in 1.7); HabitGit bounds network waits with its own watchdog.
 */

/* Tests point the global/system config search path at an empty directory
   so the developer's ~/.gitconfig cannot change results. */
int habit_git_set_search_path(int level, const char *path);
int habit_git_set_owner_validation(int enabled);
int habit_git_set_user_agent(const char *agent);
/* fsync object files, refs and the index as git's core.fsync does: a change habit reports
   as done must survive a power loss. */
int habit_git_enable_fsync(int enabled);
/* The certificate authorities https trusts. Replaces the chain loaded at init (the system's),
   so a private CA plus the public ones needs both a file and a directory. */
int habit_git_set_ssl_cert_locations(const char *file, const char *path);

/* git_libgit2_init without parsing the system's certificate authorities, which only https needs
   (loader.c says how). */
int habit_git_init_without_certificates(void);
/* 1 when git_libgit2_init left the certificate authorities unloaded: https must load them first. */
int habit_git_certificates_deferred(void);

/* 1 when libgit2 is mapped into this process already (it is loaded on first use). */
int habit_git_loaded(void);

#endif
