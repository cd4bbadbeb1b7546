#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include "loader.h"

/* The SONAME of Debian's libgit2-1.5, never libgit2.so, which only libgit2-dev installs. */
#define HABIT_LIBGIT2 "libgit2.so.1.5"

static void *library;
static pthread_once_t library_once = PTHREAD_ONCE_INIT;
static void load_library(void) { library = dlopen(HABIT_LIBGIT2, RTLD_NOW | RTLD_LOCAL); }

/* A missing libgit2 is a broken installation (the package depends on libgit2-1.5): say which
   library and why, and stop, as the dynamic loader would have at start-up. */
void *habit_git_symbol(const char *name) {
    pthread_once(&library_once, load_library);
    if (!library) {
        fprintf(stderr, "habit: cannot load %s, which git features need: %s\n"
                        "  (on Debian: apt-get install libgit2-1.5)\n", HABIT_LIBGIT2, dlerror());
        exit(1);
    }
    void *address = dlsym(library, name);
    if (!address) {
        fprintf(stderr, "habit: %s has no %s: %s\n", HABIT_LIBGIT2, name, dlerror());
        exit(1);
    }
    return address;
}

int habit_git_loaded(void) { return dlopen(HABIT_LIBGIT2, RTLD_NOW | RTLD_NOLOAD) != NULL; }

/* git_libgit2_opts is variadic: a trampoline cannot forward "...", so each option has a wrapper
   that calls the real function through a pointer of its real, variadic type. */
typedef int (*options_function)(int option, ...);
static options_function options(void) {
    static options_function function;
    options_function f = __atomic_load_n(&function, __ATOMIC_ACQUIRE);
    if (!f) {
        f = (options_function)habit_git_symbol("git_libgit2_opts");
        __atomic_store_n(&function, f, __ATOMIC_RELEASE);
    }
    return f;
}

int habit_git_set_search_path(int level, const char *path) { return options()(GIT_OPT_SET_SEARCH_PATH, level, path); }
int habit_git_set_owner_validation(int enabled) { return options()(GIT_OPT_SET_OWNER_VALIDATION, enabled); }
int habit_git_set_user_agent(const char *agent) { return options()(GIT_OPT_SET_USER_AGENT, agent); }
int habit_git_enable_fsync(int enabled) { return options()(GIT_OPT_ENABLE_FSYNC_GITDIR, enabled); }
int habit_git_set_ssl_cert_locations(const char *file, const char *path) { return options()(GIT_OPT_SET_SSL_CERT_LOCATIONS, file, path); }
