#ifndef HABIT_CSQLITE_H
#define HABIT_CSQLITE_H

#include <stddef.h>
#include <stdint.h>

/*
 * Reading SQLite databases (Loop Habit Tracker's .db backups) through the system's libsqlite3,
 * loaded on the first call (libsqlite3.so.0, never linked): only `habit import loop FILE.db`
 * needs it, so every other command starts without it (docs/performance.md).
 *
 * The handles are SQLite's own `sqlite3 *` and `sqlite3_stmt *`, kept opaque here so that this
 * header needs no sqlite3.h.
 */

/* 0 when libsqlite3 could be loaded, else -1 (habit_sqlite_error says why). */
int habit_sqlite_load(void);
const char *habit_sqlite_error(void);

/* Opens `path` read-only and immutable (SQLite then takes no locks and writes no journal, -wal or
   -shm file beside it: the user's file is never touched). 0 and *database on success; else an
   SQLite result code, with *database set when a message can be asked of it (then close it). */
int habit_sqlite_open_readonly(const char *path, void **database);
void habit_sqlite_close(void *database);
const char *habit_sqlite_message(void *database);

/* A compiled statement: 0 and *statement, or an SQLite result code. */
int habit_sqlite_prepare(void *database, const char *sql, void **statement);
/* 1 for a row, 0 when done, -1 on an error (habit_sqlite_message of the database says which). */
int habit_sqlite_step(void *statement);
void habit_sqlite_finalize(void *statement);

int habit_sqlite_column_count(void *statement);
const char *habit_sqlite_column_name(void *statement, int column);
/* 1 integer, 2 float, 3 text, 4 blob, 5 null (SQLite's fundamental types). */
int habit_sqlite_column_type(void *statement, int column);
int64_t habit_sqlite_column_int64(void *statement, int column);
double habit_sqlite_column_double(void *statement, int column);
/* The column as UTF-8 text (`*length` bytes, no terminator counted); NULL for a null. */
const unsigned char *habit_sqlite_column_text(void *statement, int column, int *length);

/* Writing (`habit export loop OUT.db`): 1 when the library has what it takes. An in-memory
   database, statements with bound values, and its bytes as one file (free them with
   habit_sqlite_free). */
int habit_sqlite_can_write(void);
int habit_sqlite_open_memory(void **database);
int habit_sqlite_bind_int64(void *statement, int index, int64_t value);
int habit_sqlite_bind_double(void *statement, int index, double value);
int habit_sqlite_bind_text(void *statement, int index, const char *text, int length);
int habit_sqlite_bind_null(void *statement, int index);
int habit_sqlite_reset(void *statement);
unsigned char *habit_sqlite_serialize(void *database, int64_t *size);
void habit_sqlite_free(void *pointer);

#endif
