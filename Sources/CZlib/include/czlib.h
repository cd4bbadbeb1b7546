#ifndef HABIT_CZLIB_H
#define HABIT_CZLIB_H

#include <stddef.h>
#include <stdint.h>

/*
 * Raw deflate (RFC 1951, as in .zip entries) through the system's zlib, loaded on the first call
 * (libz.so.1, never linked): `habit import` and `habit export` of a .zip, and the loose commits
 * HabitGit reads without libgit2 (WaitingCommits), so every other command starts without it
 * (docs/performance.md).
 */

/* 0 when zlib could be loaded, else -1 (habit_zlib_error says why). */
int habit_zlib_load(void);
const char *habit_zlib_error(void);

/* Inflates `length` bytes into `output`, which holds exactly `expected` bytes (the size the zip
   directory gives). 0 on success; -1 when the data is corrupt or does not fill `expected` bytes. */
int habit_inflate_raw(const uint8_t *input, size_t length, uint8_t *output, size_t expected);

/* Deflates `length` bytes into `output` (at least habit_deflate_bound(length) bytes); returns the
   compressed size, or 0 on failure. */
size_t habit_deflate_bound(size_t length);
size_t habit_deflate_raw(const uint8_t *input, size_t length, uint8_t *output, size_t capacity);

/* git's loose objects are zlib streams (RFC 1950). The inflated bytes are malloc'ed, at most
   `limit` of them; habit_zlib_free releases them. The deflate output needs at most
   habit_deflate_bound(length) + 6 bytes (the zlib header and checksum). */
int habit_inflate_zlib(const uint8_t *input, size_t length, size_t limit, uint8_t **output, size_t *produced);
void habit_zlib_free(uint8_t *buffer);
size_t habit_deflate_zlib(const uint8_t *input, size_t length, int level, uint8_t *output, size_t capacity);

/* The CRC-32 of a zip entry. */
uint32_t habit_crc32(const uint8_t *bytes, size_t length);

#endif
