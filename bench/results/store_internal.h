/*
 * store_internal.h - what the store's files share (store.c: the
 * connection and its transactions; store_schema.c: the versions;
 * store_import.c: indexing a folder; store_history.c: history runs,
 * baselines, reading back): the connection and small statement helpers
 * that turn SQLite's errors into one message naming the database.
 */
#ifndef PB_STORE_INTERNAL_H
#define PB_STORE_INTERNAL_H

#include <sqlite3.h>
#include <stdint.h>

#include "results/store.h"

struct pb_store {
    sqlite3 *db;
    char path[512];
};

/* SQLite's failure rc in e: "PATH: WHAT: SQLite's message". Returns a
 * negative code (-EBUSY for a lock held past the timeout, else -EIO). */
int pb_store_fail(struct pb_store *s, int rc, const char *what,
                  struct pb_error *e);
/* Runs sql (statements without results). 0 or pb_store_fail's code. */
int pb_store_exec(struct pb_store *s, const char *sql, struct pb_error *e);
/* Prepares sql into *st. 0 or pb_store_fail's code. */
int pb_store_prepare(struct pb_store *s, const char *sql, sqlite3_stmt **st,
                     struct pb_error *e);
/* BEGIN IMMEDIATE (the write lock taken at once, waited for up to the
 * busy timeout), and its end: COMMIT when rc is 0, else ROLLBACK, rc
 * returned (COMMIT's own failure when it fails). */
int pb_store_begin(struct pb_store *s, struct pb_error *e);
int pb_store_end(struct pb_store *s, int rc, struct pb_error *e);
/* Steps st once, to its end (an INSERT or UPDATE), and finalizes it: 0,
 * or pb_store_fail's code saying `what` failed. */
int pb_store_finish(struct pb_store *s, sqlite3_stmt *st, const char *what,
                    struct pb_error *e);
/* Binds text, or NULL for a NULL pointer. */
void pb_store_bind_text(sqlite3_stmt *st, int at, const char *text);

/* Migrates s from its version to `version` in one transaction, step by
 * step. 0, or a negative code: a file newer than this build, or a failed
 * step (rolled back). */
int pb_store_migrate(struct pb_store *s, int version, struct pb_error *e);
/* The SQL that migrates version `version` to the next (store_schema.c),
 * NULL past PB_STORE_VERSION - 1. */
const char *pb_store_schema_step(int version);

#endif
