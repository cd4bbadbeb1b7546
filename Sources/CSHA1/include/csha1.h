#ifndef HABIT_CSHA1_H
#define HABIT_CSHA1_H

#include <stddef.h>
#include <stdint.h>

/*
 * SHA-1's compression function on the processor's SHA instructions (x86-64 SHA extensions), for
 * HabitGit's SHA1: hashing a ten-year tracker file was a tenth of a local commit's instructions
 * in portable code. The portable code stays the reference and the fallback.
 */

/* 1 when this processor has the SHA instructions (and SSSE3 and SSE4.1, which they come with);
   0 elsewhere, including on other architectures. */
int habit_sha1_hardware_available(void);

/* Runs `blocks` 64-byte blocks of `data` through the compression function, updating `state`
   (A, B, C, D, E). Only to be called when habit_sha1_hardware_available() returned 1. */
void habit_sha1_hardware_blocks(uint32_t state[5], const uint8_t *data, size_t blocks);

#endif
