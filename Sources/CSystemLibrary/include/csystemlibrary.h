#ifndef HABIT_CSYSTEMLIBRARY_H
#define HABIT_CSYSTEMLIBRARY_H

#include <stddef.h>

/*
 * The one way habit's C shims (CCurl, CQRencode, CSQLite, CZlib) open the system library they
 * wrap on first use, never linked: by the SONAME of Debian's runtime package, never the -dev
 * package's `.so`, so that every command that does not need the library starts without it.
 */

/* The first of `names` (`count` SONAMEs, in order of preference) that dlopen loads, resolved now and
   kept local; NULL when none does, with dlerror's reason (else the first name) in `error`. */
void *habit_open_system_library(const char *const *names, size_t count, char *error, size_t error_size);

#endif
