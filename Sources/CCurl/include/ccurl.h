#ifndef HABIT_CCURL_H
#define HABIT_CCURL_H

#include <stddef.h>

/*
 * One HTTP POST through the system's libcurl (libcurl.so.4, Debian's libcurl4 or libcurl3-gnutls),
 * loaded on the first call and never linked: `habit serve` sends Web Push messages with it (TLS,
 * the system's certificate authorities and proxy variables are libcurl's), and nothing else of
 * habit loads it.
 */

/* 0 when libcurl could be loaded, else -1 (habit_curl_error says why). */
int habit_curl_load(void);
const char *habit_curl_error(void);

/* POSTs `length` bytes of `body` to `url` (http or https only, no redirect followed) with the
   `header_count` header lines of `headers` ("Name: value"), waiting at most `timeout_seconds`.
   0 with the answer's status in `*status` (its body is read and dropped); -1 when no answer came,
   with the reason in `error` (at most `error_size` bytes, NUL-terminated). Safe from any thread. */
int habit_curl_post(const char *url, const char *const *headers, int header_count,
                    const unsigned char *body, size_t length, long timeout_seconds,
                    long *status, char *error, size_t error_size);

#endif
