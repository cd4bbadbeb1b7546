#ifndef HABIT_CLIBGIT2_SHIM_H
#define HABIT_CLIBGIT2_SHIM_H

#include <git2.h>

/*
 * git_libgit2_opts is variadic and Swift cannot call C variadic functions,
 * so each option HabitGit needs gets a fixed-argument wrapper here.
 * libgit2 1.5 has no GIT_OPT_SET_SERVER_TIMEOUT / SERVER_CONNECT_TIMEOUT
 * (added in 1.7); HabitGit bounds network waits with its own watchdog.
 */

/* Tests point the global/system config search path at an empty directory
   so the developer's ~/.gitconfig cannot change results. */
static inline int habit_git_set_search_path(int level, const char *path) {
    return git_libgit2_opts(GIT_OPT_SET_SEARCH_PATH, level, path);
}

static inline int habit_git_set_owner_validation(int enabled) {
    return git_libgit2_opts(GIT_OPT_SET_OWNER_VALIDATION, enabled);
}

static inline int habit_git_set_user_agent(const char *agent) {
    return git_libgit2_opts(GIT_OPT_SET_USER_AGENT, agent);
}

/* fsync object files, refs and the index as git's core.fsync does: a change habit reports
   as done must survive a power loss. */
static inline int habit_git_enable_fsync(int enabled) {
    return git_libgit2_opts(GIT_OPT_ENABLE_FSYNC_GITDIR, enabled);
}

/* The certificate authorities https trusts. Replaces the chain loaded at init (the system's),
   so a private CA plus the public ones needs both a file and a directory. */
static inline int habit_git_set_ssl_cert_locations(const char *file, const char *path) {
    return git_libgit2_opts(GIT_OPT_SET_SSL_CERT_LOCATIONS, file, path);
}

#endif
