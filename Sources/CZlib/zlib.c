#include <dlfcn.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>
#include "czlib.h"
#include "csystemlibrary.h"

/* The SONAME of Debian's zlib1g, which every Debian system has; never libz.so (zlib1g-dev). */
#define HABIT_ZLIB "libz.so.1"

static void *library;
static char load_error[512];
static pthread_once_t library_once = PTHREAD_ONCE_INIT;

static __typeof__(&inflateInit2_) inflate_init;
static __typeof__(&inflate) inflate_step;
static __typeof__(&inflateEnd) inflate_end;
static __typeof__(&deflateInit2_) deflate_init;
static __typeof__(&deflate) deflate_step;
static __typeof__(&deflateEnd) deflate_end;
static __typeof__(&deflateBound) deflate_bound;
static __typeof__(&crc32) crc;

static void load_library(void) {
    static const char *const names[] = {HABIT_ZLIB};
    void *handle = habit_open_system_library(names, 1, load_error, sizeof load_error);
    if (!handle) return;
    inflate_init = (__typeof__(inflate_init))dlsym(handle, "inflateInit2_");
    inflate_step = (__typeof__(inflate_step))dlsym(handle, "inflate");
    inflate_end = (__typeof__(inflate_end))dlsym(handle, "inflateEnd");
    deflate_init = (__typeof__(deflate_init))dlsym(handle, "deflateInit2_");
    deflate_step = (__typeof__(deflate_step))dlsym(handle, "deflate");
    deflate_end = (__typeof__(deflate_end))dlsym(handle, "deflateEnd");
    deflate_bound = (__typeof__(deflate_bound))dlsym(handle, "deflateBound");
    crc = (__typeof__(crc))dlsym(handle, "crc32");
    if (!inflate_init || !inflate_step || !inflate_end || !deflate_init || !deflate_step || !deflate_end || !deflate_bound || !crc) {
        strncpy(load_error, HABIT_ZLIB " lacks a function habit needs", sizeof load_error - 1);
        return;
    }
    library = handle;
}

int habit_zlib_load(void) {
    pthread_once(&library_once, load_library);
    return library ? 0 : -1;
}

const char *habit_zlib_error(void) { return load_error; }

/* The whole input in, room for `capacity` bytes out: one step does all the work. */
static void set_buffers(z_stream *stream, const uint8_t *input, size_t length, uint8_t *output, size_t capacity) {
    stream->next_in = (Bytef *)input;
    stream->avail_in = (uInt)length;
    stream->next_out = output;
    stream->avail_out = (uInt)capacity;
}

int habit_inflate_raw(const uint8_t *input, size_t length, uint8_t *output, size_t expected) {
    if (habit_zlib_load() != 0) return -1;
    z_stream stream;
    memset(&stream, 0, sizeof stream);
    /* -15: raw deflate, no zlib header, as zip stores it. */
    if (inflate_init(&stream, -15, ZLIB_VERSION, (int)sizeof stream) != Z_OK) return -1;
    set_buffers(&stream, input, length, output, expected);
    int status = inflate_step(&stream, Z_FINISH);
    size_t produced = stream.total_out;
    inflate_end(&stream);
    return status == Z_STREAM_END && produced == expected ? 0 : -1;
}

/* A raw deflate stream (-15: no zlib header, as zip stores it) at the default level. */
static int deflate_begin(z_stream *stream) {
    if (habit_zlib_load() != 0) return -1;
    memset(stream, 0, sizeof *stream);
    return deflate_init(stream, Z_DEFAULT_COMPRESSION, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION, (int)sizeof *stream) == Z_OK ? 0 : -1;
}

size_t habit_deflate_bound(size_t length) {
    z_stream stream;
    if (deflate_begin(&stream) != 0) return 0;
    size_t bound = deflate_bound(&stream, (uLong)length);
    deflate_end(&stream);
    return bound;
}

size_t habit_deflate_raw(const uint8_t *input, size_t length, uint8_t *output, size_t capacity) {
    z_stream stream;
    if (deflate_begin(&stream) != 0) return 0;
    set_buffers(&stream, input, length, output, capacity);
    int status = deflate_step(&stream, Z_FINISH);
    size_t produced = stream.total_out;
    deflate_end(&stream);
    return status == Z_STREAM_END ? produced : 0;
}

uint32_t habit_crc32(const uint8_t *bytes, size_t length) {
    if (habit_zlib_load() != 0) return 0;
    return (uint32_t)crc(0, bytes, (uInt)length);
}

/* A zlib stream (RFC 1950: header and Adler-32), as git stores a loose object, inflated into a
   buffer that grows as needed (freed with habit_zlib_free). 0 on success, -1 when the data is
   corrupt, truncated, or inflates to more than `limit` bytes. */
int habit_inflate_zlib(const uint8_t *input, size_t length, size_t limit, uint8_t **output, size_t *produced) {
    *output = NULL;
    *produced = 0;
    if (habit_zlib_load() != 0) return -1;
    z_stream stream;
    memset(&stream, 0, sizeof stream);
    if (inflate_init(&stream, 15, ZLIB_VERSION, (int)sizeof stream) != Z_OK) return -1;
    size_t capacity = length * 4 + 64;
    uint8_t *buffer = malloc(capacity);
    int status = Z_OK;
    stream.next_in = (Bytef *)input;
    stream.avail_in = (uInt)length;
    while (buffer) {
        stream.next_out = buffer + stream.total_out;
        stream.avail_out = (uInt)(capacity - stream.total_out);
        status = inflate_step(&stream, Z_NO_FLUSH);
        if (status != Z_OK || stream.avail_out != 0) break;
        if (capacity >= limit) { status = Z_BUF_ERROR; break; }
        capacity = capacity * 2 > limit ? limit : capacity * 2;
        uint8_t *grown = realloc(buffer, capacity);
        if (!grown) { free(buffer); buffer = NULL; }
        buffer = grown;
    }
    size_t total = stream.total_out;
    inflate_end(&stream);
    if (!buffer || status != Z_STREAM_END || stream.avail_in != 0) {
        free(buffer);
        return -1;
    }
    *output = buffer;
    *produced = total;
    return 0;
}

void habit_zlib_free(uint8_t *buffer) { free(buffer); }

/* A zlib stream at `level` (git's loose objects: 1, Z_BEST_SPEED, as libgit2 writes them). */
size_t habit_deflate_zlib(const uint8_t *input, size_t length, int level, uint8_t *output, size_t capacity) {
    if (habit_zlib_load() != 0) return 0;
    z_stream stream;
    memset(&stream, 0, sizeof stream);
    if (deflate_init(&stream, level, Z_DEFLATED, 15, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION, (int)sizeof stream) != Z_OK) return 0;
    set_buffers(&stream, input, length, output, capacity);
    int status = deflate_step(&stream, Z_FINISH);
    size_t produced = stream.total_out;
    deflate_end(&stream);
    return status == Z_STREAM_END ? produced : 0;
}
