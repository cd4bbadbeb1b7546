#include <dlfcn.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sqlite3.h>
#include "csqlite.h"
#include "csystemlibrary.h"

/* The SONAME of Debian's libsqlite3-0; never libsqlite3.so (libsqlite3-dev). */
#define HABIT_SQLITE "libsqlite3.so.0"

static void *library;
static char load_error[512];
static pthread_once_t library_once = PTHREAD_ONCE_INIT;

static __typeof__(&sqlite3_open_v2) open_v2;
static __typeof__(&sqlite3_close_v2) close_v2;
static __typeof__(&sqlite3_errmsg) errmsg;
static __typeof__(&sqlite3_prepare_v2) prepare_v2;
static __typeof__(&sqlite3_step) step;
static __typeof__(&sqlite3_finalize) finalize;
static __typeof__(&sqlite3_column_count) column_count;
static __typeof__(&sqlite3_column_name) column_name;
static __typeof__(&sqlite3_column_type) column_type;
static __typeof__(&sqlite3_column_int64) column_int64;
static __typeof__(&sqlite3_column_double) column_double;
static __typeof__(&sqlite3_column_text) column_text;
static __typeof__(&sqlite3_column_bytes) column_bytes;
/* The writing side, for `habit export loop OUT.db`: an in-memory database, serialized. Optional,
   so that a library without serialize still reads backups. */
static __typeof__(&sqlite3_bind_int64) bind_int64;
static __typeof__(&sqlite3_bind_double) bind_double;
static __typeof__(&sqlite3_bind_text) bind_text;
static __typeof__(&sqlite3_bind_null) bind_null;
static __typeof__(&sqlite3_reset) reset;
static __typeof__(&sqlite3_serialize) serialize;
static __typeof__(&sqlite3_free) sqlite_free;

static void load_library(void) {
    static const char *const names[] = {HABIT_SQLITE};
    void *handle = habit_open_system_library(names, 1, load_error, sizeof load_error);
    if (!handle) return;
#define FIND(variable, symbol) variable = (__typeof__(variable))dlsym(handle, #symbol)
    FIND(open_v2, sqlite3_open_v2);
    FIND(close_v2, sqlite3_close_v2);
    FIND(errmsg, sqlite3_errmsg);
    FIND(prepare_v2, sqlite3_prepare_v2);
    FIND(step, sqlite3_step);
    FIND(finalize, sqlite3_finalize);
    FIND(column_count, sqlite3_column_count);
    FIND(column_name, sqlite3_column_name);
    FIND(column_type, sqlite3_column_type);
    FIND(column_int64, sqlite3_column_int64);
    FIND(column_double, sqlite3_column_double);
    FIND(column_text, sqlite3_column_text);
    FIND(column_bytes, sqlite3_column_bytes);
    FIND(bind_int64, sqlite3_bind_int64);
    FIND(bind_double, sqlite3_bind_double);
    FIND(bind_text, sqlite3_bind_text);
    FIND(bind_null, sqlite3_bind_null);
    FIND(reset, sqlite3_reset);
    FIND(serialize, sqlite3_serialize);
    FIND(sqlite_free, sqlite3_free);
#undef FIND
    if (!open_v2 || !close_v2 || !errmsg || !prepare_v2 || !step || !finalize || !column_count || !column_name ||
        !column_type || !column_int64 || !column_double || !column_text || !column_bytes) {
        strncpy(load_error, HABIT_SQLITE " lacks a function habit needs", sizeof load_error - 1);
        return;
    }
    library = handle;
}

int habit_sqlite_load(void) {
    pthread_once(&library_once, load_library);
    return library ? 0 : -1;
}

const char *habit_sqlite_error(void) { return load_error; }

/* `file:` URI of a path: every byte outside the unreserved set and `/` percent-encoded, so that
   `?`, `#` and `%` in a name stay part of the name. */
static char *file_uri(const char *path, const char *query) {
    static const char hex[] = "0123456789ABCDEF";
    size_t length = strlen(path);
    char *uri = malloc(length * 3 + strlen(query) + 16);
    if (!uri) return NULL;
    char *out = uri;
    memcpy(out, "file:", 5);
    out += 5;
    for (const unsigned char *p = (const unsigned char *)path; *p; p++) {
        unsigned char c = *p;
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '/' || c == '-' ||
            c == '.' || c == '_' || c == '~') {
            *out++ = (char)c;
        } else {
            *out++ = '%';
            *out++ = hex[c >> 4];
            *out++ = hex[c & 15];
        }
    }
    strcpy(out, query);
    return uri;
}

int habit_sqlite_open_readonly(const char *path, void **database) {
    *database = NULL;
    if (habit_sqlite_load() != 0) return SQLITE_ERROR;
    /* "file://x" would name a host: one leading slash is the same directory to the kernel. */
    while (path[0] == '/' && path[1] == '/') path++;
    /* A relative path stays relative in a URI without an authority ("file:x.db"). */
    char *uri = file_uri(path, "?mode=ro&immutable=1");
    if (!uri) return SQLITE_NOMEM;
    sqlite3 *handle = NULL;
    int status = open_v2(uri, &handle, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, NULL);
    free(uri);
    *database = handle;
    return status;
}

void habit_sqlite_close(void *database) {
    if (database && library) close_v2((sqlite3 *)database);
}

const char *habit_sqlite_message(void *database) {
    return library ? errmsg((sqlite3 *)database) : load_error;
}

int habit_sqlite_prepare(void *database, const char *sql, void **statement) {
    *statement = NULL;
    if (!library) return SQLITE_ERROR;
    sqlite3_stmt *compiled = NULL;
    int status = prepare_v2((sqlite3 *)database, sql, -1, &compiled, NULL);
    *statement = compiled;
    return status;
}

int habit_sqlite_step(void *statement) {
    int status = step((sqlite3_stmt *)statement);
    if (status == SQLITE_ROW) return 1;
    if (status == SQLITE_DONE) return 0;
    return -1;
}

void habit_sqlite_finalize(void *statement) {
    if (statement && library) finalize((sqlite3_stmt *)statement);
}

int habit_sqlite_column_count(void *statement) { return column_count((sqlite3_stmt *)statement); }

const char *habit_sqlite_column_name(void *statement, int column) { return column_name((sqlite3_stmt *)statement, column); }

int habit_sqlite_column_type(void *statement, int column) { return column_type((sqlite3_stmt *)statement, column); }

int64_t habit_sqlite_column_int64(void *statement, int column) {
    return (int64_t)column_int64((sqlite3_stmt *)statement, column);
}

double habit_sqlite_column_double(void *statement, int column) { return column_double((sqlite3_stmt *)statement, column); }

const unsigned char *habit_sqlite_column_text(void *statement, int column, int *length) {
    const unsigned char *text = column_text((sqlite3_stmt *)statement, column);
    *length = text ? column_bytes((sqlite3_stmt *)statement, column) : 0;
    return text;
}

int habit_sqlite_can_write(void) {
    return habit_sqlite_load() == 0 && bind_int64 && bind_double && bind_text && bind_null && reset && serialize && sqlite_free;
}

int habit_sqlite_open_memory(void **database) {
    *database = NULL;
    if (!habit_sqlite_can_write()) return SQLITE_ERROR;
    sqlite3 *handle = NULL;
    int status = open_v2(":memory:", &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL);
    *database = handle;
    return status;
}

int habit_sqlite_bind_int64(void *statement, int index, int64_t value) { return bind_int64((sqlite3_stmt *)statement, index, value); }
int habit_sqlite_bind_double(void *statement, int index, double value) { return bind_double((sqlite3_stmt *)statement, index, value); }
int habit_sqlite_bind_text(void *statement, int index, const char *text, int length) {
    return bind_text((sqlite3_stmt *)statement, index, text, length, SQLITE_TRANSIENT);
}
int habit_sqlite_bind_null(void *statement, int index) { return bind_null((sqlite3_stmt *)statement, index); }
int habit_sqlite_reset(void *statement) { return reset((sqlite3_stmt *)statement); }

unsigned char *habit_sqlite_serialize(void *database, int64_t *size) {
    sqlite3_int64 length = 0;
    unsigned char *bytes = serialize((sqlite3 *)database, "main", &length, 0);
    *size = length;
    return bytes;
}

void habit_sqlite_free(void *pointer) {
    if (pointer && sqlite_free) sqlite_free(pointer);
}
