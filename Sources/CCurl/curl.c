#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include "ccurl.h"
#include "csystemlibrary.h"

/* The SONAMEs of Debian's libcurl4 (OpenSSL) and libcurl3-gnutls; never libcurl.so (the -dev package). */
static const char *const habit_curl_names[] = {"libcurl.so.4", "libcurl-gnutls.so.4"};

/* libcurl's stable ABI (curl.h): the options and the one info habit uses, by number, so that no
   header is needed to build. */
enum {
    habit_curlopt_writedata = 10001,
    habit_curlopt_url = 10002,
    habit_curlopt_errorbuffer = 10010,
    habit_curlopt_postfields = 10015,
    habit_curlopt_httpheader = 10023,
    habit_curlopt_writefunction = 20011,
    habit_curlopt_timeout = 13,
    habit_curlopt_post = 47,
    habit_curlopt_postfieldsize = 60,
    habit_curlopt_connecttimeout = 78,
    habit_curlopt_nosignal = 99,
    habit_curlopt_protocols_str = 10318,
    habit_curlinfo_response_code = 0x200000 + 2,
    habit_curl_global_all = 3,
    habit_curl_error_size = 256,
};

struct habit_slist;

static void *library;
static char load_error[512];
static pthread_once_t library_once = PTHREAD_ONCE_INIT;

static int (*global_init)(long);
static void *(*easy_init)(void);
static int (*easy_setopt)(void *, int, ...);
static int (*easy_perform)(void *);
static int (*easy_getinfo)(void *, int, ...);
static void (*easy_cleanup)(void *);
static const char *(*easy_strerror)(int);
static struct habit_slist *(*slist_append)(struct habit_slist *, const char *);
static void (*slist_free_all)(struct habit_slist *);

static void load_library(void) {
    void *handle = habit_open_system_library(habit_curl_names, sizeof habit_curl_names / sizeof *habit_curl_names,
                                             load_error, sizeof load_error);
    if (!handle) return;
    global_init = (int (*)(long))dlsym(handle, "curl_global_init");
    easy_init = (void *(*)(void))dlsym(handle, "curl_easy_init");
    easy_setopt = (int (*)(void *, int, ...))dlsym(handle, "curl_easy_setopt");
    easy_perform = (int (*)(void *))dlsym(handle, "curl_easy_perform");
    easy_getinfo = (int (*)(void *, int, ...))dlsym(handle, "curl_easy_getinfo");
    easy_cleanup = (void (*)(void *))dlsym(handle, "curl_easy_cleanup");
    easy_strerror = (const char *(*)(int))dlsym(handle, "curl_easy_strerror");
    slist_append = (struct habit_slist * (*)(struct habit_slist *, const char *)) dlsym(handle, "curl_slist_append");
    slist_free_all = (void (*)(struct habit_slist *))dlsym(handle, "curl_slist_free_all");
    if (!global_init || !easy_init || !easy_setopt || !easy_perform || !easy_getinfo || !easy_cleanup || !easy_strerror
        || !slist_append || !slist_free_all) {
        strncpy(load_error, "libcurl lacks a function habit needs", sizeof load_error - 1);
        return;
    }
    /* Once, before any other call and any thread uses it, as libcurl asks. */
    if (global_init(habit_curl_global_all) != 0) {
        strncpy(load_error, "libcurl could not be initialised", sizeof load_error - 1);
        return;
    }
    library = handle;
}

int habit_curl_load(void) {
    pthread_once(&library_once, load_library);
    return library ? 0 : -1;
}

const char *habit_curl_error(void) { return load_error; }

/* The answer's body is not needed: read and dropped (libcurl would print it otherwise). */
static size_t discard(char *data, size_t size, size_t count, void *context) {
    (void)data;
    (void)context;
    return size * count;
}

static void say(char *error, size_t error_size, const char *text) {
    if (error_size == 0) return;
    snprintf(error, error_size, "%s", text);
}

int habit_curl_post(const char *url, const char *const *headers, int header_count,
                    const unsigned char *body, size_t length, long timeout_seconds,
                    long *status, char *error, size_t error_size) {
    if (habit_curl_load() != 0) {
        say(error, error_size, load_error);
        return -1;
    }
    void *handle = easy_init();
    if (!handle) {
        say(error, error_size, "libcurl could not start a request");
        return -1;
    }
    struct habit_slist *list = NULL;
    for (int index = 0; index < header_count; index++) {
        struct habit_slist *longer = slist_append(list, headers[index]);
        if (!longer) {
            slist_free_all(list);
            easy_cleanup(handle);
            say(error, error_size, "out of memory");
            return -1;
        }
        list = longer;
    }
    char reason[habit_curl_error_size] = {0};
    easy_setopt(handle, habit_curlopt_url, url);
    /* libcurl older than 7.85 lacks this option; the caller only gives http and https anyway. */
    easy_setopt(handle, habit_curlopt_protocols_str, "http,https");
    easy_setopt(handle, habit_curlopt_nosignal, 1L);
    easy_setopt(handle, habit_curlopt_post, 1L);
    easy_setopt(handle, habit_curlopt_postfields, (const void *)body);
    easy_setopt(handle, habit_curlopt_postfieldsize, (long)length);
    easy_setopt(handle, habit_curlopt_httpheader, list);
    easy_setopt(handle, habit_curlopt_timeout, timeout_seconds);
    easy_setopt(handle, habit_curlopt_connecttimeout, timeout_seconds);
    easy_setopt(handle, habit_curlopt_writefunction, discard);
    easy_setopt(handle, habit_curlopt_writedata, (void *)NULL);
    easy_setopt(handle, habit_curlopt_errorbuffer, reason);
    int result = easy_perform(handle);
    long code = 0;
    if (result == 0) easy_getinfo(handle, habit_curlinfo_response_code, &code);
    easy_cleanup(handle);
    slist_free_all(list);
    if (result != 0) {
        say(error, error_size, reason[0] ? reason : easy_strerror(result));
        return -1;
    }
    *status = code;
    return 0;
}
