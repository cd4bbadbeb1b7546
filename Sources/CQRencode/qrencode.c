#include <dlfcn.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include "cqrencode.h"
#include "csystemlibrary.h"

/* The SONAME of Debian's libqrencode4; never libqrencode.so (the -dev package). */
#define HABIT_QRENCODE "libqrencode.so.4"

/* libqrencode's public structure and constants (qrencode.h, stable since 3.0): no header needed. */
typedef struct {
    int version;
    int width;
    unsigned char *data;
} habit_qrcode;
enum { habit_qr_level_m = 1, habit_qr_mode_8bit = 2 };

static void *library;
static char load_error[512];
static pthread_once_t library_once = PTHREAD_ONCE_INIT;

static habit_qrcode *(*encode_string)(const char *, int, int, int, int);
static void (*qr_free)(habit_qrcode *);

static void load_library(void) {
    static const char *const names[] = {HABIT_QRENCODE};
    void *handle = habit_open_system_library(names, 1, load_error, sizeof load_error);
    if (!handle) return;
    encode_string = (habit_qrcode * (*)(const char *, int, int, int, int)) dlsym(handle, "QRcode_encodeString");
    qr_free = (void (*)(habit_qrcode *))dlsym(handle, "QRcode_free");
    if (!encode_string || !qr_free) {
        strncpy(load_error, HABIT_QRENCODE " lacks a function habit needs", sizeof load_error - 1);
        return;
    }
    library = handle;
}

int habit_qr_load(void) {
    pthread_once(&library_once, load_library);
    return library ? 0 : -1;
}

const char *habit_qr_error(void) { return load_error; }

int habit_qr_encode(const char *text, int *width, unsigned char **modules) {
    if (habit_qr_load() != 0) return -1;
    /* Version 0: the smallest that holds the text; case-sensitive, 8-bit. */
    habit_qrcode *code = encode_string(text, 0, habit_qr_level_m, habit_qr_mode_8bit, 1);
    if (!code) return -1;
    size_t count = (size_t)code->width * (size_t)code->width;
    unsigned char *out = malloc(count);
    if (!out) {
        qr_free(code);
        return -1;
    }
    /* Bit 0 of each byte is the module's colour (1: dark); the other bits say what it is part of. */
    for (size_t index = 0; index < count; index++) out[index] = code->data[index] & 1;
    *width = code->width;
    *modules = out;
    qr_free(code);
    return 0;
}

void habit_qr_free(unsigned char *modules) { free(modules); }
