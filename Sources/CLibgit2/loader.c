#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include "loader.h"

/* The SONAME of Debian's libgit2-1.5, never libgit2.so, which only libgit2-dev installs. */
#define HABIT_LIBGIT2 "libgit2.so.1.5"

static void *library;
static pthread_once_t library_once = PTHREAD_ONCE_INIT;
/* RTLD_LAZY: libgit2 and the libraries it needs (TLS, ssh, Kerberos, OpenSSL) have thousands of
   function relocations, and a local commit calls a few hundred of those functions: binding them
   all at load is work every command that touches git would pay for nothing (docs/performance.md);
   lazily, each is bound on its first call. */
static void load_library(void) { library = dlopen(HABIT_LIBGIT2, RTLD_LAZY | RTLD_LOCAL); }

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

/* RTLD_LAZY here too: RTLD_NOW with RTLD_NOLOAD would bind every function of the loaded library. */
int habit_git_loaded(void) { return dlopen(HABIT_LIBGIT2, RTLD_LAZY | RTLD_NOLOAD) != NULL; }

/* A function of libgit2 or of a library it loaded, looked up once and kept in `slot`. Racing
   threads find the same address, so storing it twice is harmless. */
static void *cached_symbol(void **slot, const char *name) {
    void *address = __atomic_load_n(slot, __ATOMIC_ACQUIRE);
    if (!address) {
        address = habit_git_symbol(name);
        __atomic_store_n(slot, address, __ATOMIC_RELEASE);
    }
    return address;
}

/* git_libgit2_opts is variadic: a trampoline cannot forward "...", so each option has a wrapper
   that calls the real function through a pointer of its real, variadic type. */
typedef int (*options_function)(int option, ...);
static options_function options(void) {
    static void *function;
    return (options_function)cached_symbol(&function, "git_libgit2_opts");
}

int habit_git_set_search_path(int level, const char *path) { return options()(GIT_OPT_SET_SEARCH_PATH, level, path); }
int habit_git_set_owner_validation(int enabled) { return options()(GIT_OPT_SET_OWNER_VALIDATION, enabled); }
int habit_git_set_user_agent(const char *agent) { return options()(GIT_OPT_SET_USER_AGENT, agent); }
int habit_git_enable_fsync(int enabled) { return options()(GIT_OPT_ENABLE_FSYNC_GITDIR, enabled); }
int habit_git_set_ssl_cert_locations(const char *file, const char *path) { return options()(GIT_OPT_SET_SSL_CERT_LOCATIONS, file, path); }

/*
 * With mbedTLS, git_libgit2_init parses the system's CA bundle (much of a `habit done`'s work,
 * docs/performance.md), which a local commit never uses, and libgit2 1.5 has no option to skip it. The
 * `habit` and `habit-serve` executables export this definition (Package.swift), so libgit2, which
 * looks symbols up in the executable first, calls it instead of mbedTLS's. While libgit2 starts it
 * loads nothing and reports an empty chain; at any other time, and in a program that does not
 * export it (then libgit2 never calls it), mbedTLS's own function does the work. An https operation
 * then loads the system's list before it connects (HabitGit's CertificateTrust).
 */
static int starting;
static int deferred;

int mbedtls_x509_crt_parse_file(void *chain, const char *path) __attribute__((visibility("default")));
int mbedtls_x509_crt_parse_file(void *chain, const char *path) {
    typedef int (*parse_function)(void *chain, const char *path);
    static void *real;
    if (__atomic_load_n(&starting, __ATOMIC_ACQUIRE)) {
        __atomic_store_n(&deferred, 1, __ATOMIC_RELEASE);
        return 0;
    }
    return ((parse_function)cached_symbol(&real, "mbedtls_x509_crt_parse_file"))(chain, path);
}

int habit_git_init_without_certificates(void) {
    __atomic_store_n(&starting, 1, __ATOMIC_RELEASE);
    int code = git_libgit2_init();
    __atomic_store_n(&starting, 0, __ATOMIC_RELEASE);
    return code;
}

int habit_git_certificates_deferred(void) { return __atomic_load_n(&deferred, __ATOMIC_ACQUIRE); }
