#ifndef HABIT_CQRENCODE_H
#define HABIT_CQRENCODE_H

/*
 * QR codes through Debian's libqrencode (libqrencode.so.4, package libqrencode4), loaded on the
 * first call and never linked: `habit serve` shows its address as a QR code when the library is
 * there, and only the address when it is not.
 */

/* 0 when libqrencode could be loaded, else -1 (habit_qr_error says why). */
int habit_qr_load(void);
const char *habit_qr_error(void);

/* Encodes `text` (8-bit mode, error correction level M, the smallest version that fits) into
   `width` × `width` modules, row by row, 1 for a dark module and 0 for a light one, malloc'ed
   into `*modules` (free them with habit_qr_free). 0 on success, -1 on failure. */
int habit_qr_encode(const char *text, int *width, unsigned char **modules);
void habit_qr_free(unsigned char *modules);

#endif
