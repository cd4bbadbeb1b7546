#ifndef HABIT_CLIBGIT2_LOADER_H
#define HABIT_CLIBGIT2_LOADER_H

#include "shim.h"

/* The address of libgit2's `name`, loading the library on the first call. */
void *habit_git_symbol(const char *name);

/*
 * One trampoline: a function with libgit2's own name and prototype (`__typeof__(&name)` ties the
 * pointer to the declaration in <git2.h>, so a wrong prototype does not compile) that finds the
 * real function on its first call. The cached pointer may be stored by two threads at once, always
 * with the same value; the atomics keep that well defined.
 */
#define HABIT_LAZY(ret, name, params, args)                                              \
    ret name params {                                                                    \
        static __typeof__(&name) function;                                               \
        __typeof__(&name) f = __atomic_load_n(&function, __ATOMIC_ACQUIRE);              \
        if (!f) {                                                                        \
            f = (__typeof__(&name))habit_git_symbol(#name);                              \
            __atomic_store_n(&function, f, __ATOMIC_RELEASE);                            \
        }                                                                                \
        return f args;                                                                   \
    }

#endif
