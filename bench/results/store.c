/*
 * store.c - the results store's connection (store.h): opening in WAL
 * mode with a busy timeout and foreign keys on, migrating to the
 * requested version, and the transaction and statement helpers the
 * other store files use (store_internal.h). SQLite (Debian's
 * libsqlite3-dev) rather than a file format of our own: it gives
 * transactions, concurrent readers beside one writer and crash safety.
 * Reference: https://www.sqlite.org/wal.html (WAL mode).
 */
#define _XOPEN_SOURCE 700 /* access */

#include "results/store_internal.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "pb.h"
#include "results/folder.h"

/* How long a writer waits for another's transaction: a history run's
 * shard imports a folder in well under a second, a merge of many in a
 * few; a minute is far beyond either. */
#define BUSY_TIMEOUT_MS 60000
#define MODE_RETRY_MS 10

int pb_store_fail(struct pb_store *s, int rc, const char *what,
                  struct pb_error *e)
{
    int code = (rc & 0xff) == SQLITE_BUSY || (rc & 0xff) == SQLITE_LOCKED
                   ? -EBUSY
                   : -EIO;
    const char *why = s->db ? sqlite3_errmsg(s->db) : sqlite3_errstr(rc);
    return pb_fail(e, code, "%s: %s: %s", s->path, what, why);
}

int pb_store_exec(struct pb_store *s, const char *sql, struct pb_error *e)
{
    int rc = sqlite3_exec(s->db, sql, NULL, NULL, NULL);
    return rc == SQLITE_OK ? 0 : pb_store_fail(s, rc, "a statement failed", e);
}

int pb_store_prepare(struct pb_store *s, const char *sql, sqlite3_stmt **st,
                     struct pb_error *e)
{
    int rc = sqlite3_prepare_v2(s->db, sql, -1, st, NULL);
    return rc == SQLITE_OK ? 0 : pb_store_fail(s, rc, "preparing a query", e);
}

int pb_store_begin(struct pb_store *s, struct pb_error *e)
{
    return pb_store_exec(s, "BEGIN IMMEDIATE", e);
}

int pb_store_end(struct pb_store *s, int rc, struct pb_error *e)
{
    if (rc) {
        sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
        return rc;
    }
    return pb_store_exec(s, "COMMIT", e);
}

int pb_store_finish(struct pb_store *s, sqlite3_stmt *st, const char *what,
                    struct pb_error *e)
{
    int step = sqlite3_step(st);
    sqlite3_finalize(st);
    return step == SQLITE_DONE ? 0 : pb_store_fail(s, step, what, e);
}

void pb_store_bind_text(sqlite3_stmt *st, int at, const char *text)
{
    if (text)
        sqlite3_bind_text(st, at, text, -1, SQLITE_TRANSIENT);
    else
        sqlite3_bind_null(st, at);
}

int pb_store_version(struct pb_store *s)
{
    sqlite3_stmt *st = NULL;
    int version = -1;
    if (sqlite3_prepare_v2(s->db, "PRAGMA user_version", -1, &st, NULL) ==
            SQLITE_OK &&
        sqlite3_step(st) == SQLITE_ROW)
        version = sqlite3_column_int(st, 0);
    sqlite3_finalize(st);
    return version;
}

/* WAL mode, foreign keys and the sync level. journal_mode answers a
 * row; WAL survives in the file, so only its creator's switch writes.
 * That switch answers SQLITE_BUSY at once, without the busy handler,
 * while another process opens the same new file (seen with 4 at once),
 * so it is retried here up to the busy timeout. */
static int set_modes(struct pb_store *s, struct pb_error *e)
{
    const char *sql = "PRAGMA journal_mode=WAL; PRAGMA foreign_keys=ON; "
                      "PRAGMA synchronous=NORMAL";
    int rc = SQLITE_OK;
    for (int waited = 0; waited <= BUSY_TIMEOUT_MS; waited += MODE_RETRY_MS) {
        rc = sqlite3_exec(s->db, sql, NULL, NULL, NULL);
        if ((rc & 0xff) != SQLITE_BUSY)
            break;
        sqlite3_sleep(MODE_RETRY_MS);
    }
    return rc == SQLITE_OK ? 0 : pb_store_fail(s, rc, "setting WAL mode", e);
}

int pb_store_open_at(const char *path, int version, struct pb_store **out,
                     struct pb_error *e)
{
    *out = NULL;
    if (version < 1 || version > PB_STORE_VERSION)
        return pb_fail(e, -EINVAL, "store schema version %d: expected 1 to %d",
                       version, PB_STORE_VERSION);
    struct pb_store *s = calloc(1, sizeof(*s));
    if (!s)
        return pb_fail(e, -ENOMEM, "out of memory");
    snprintf(s->path, sizeof(s->path), "%s", path);
    /* its folder, as a run makes its results root */
    char parent[sizeof(s->path)];
    snprintf(parent, sizeof(parent), "%s", path);
    char *slash = strrchr(parent, '/');
    if (slash && slash != parent) {
        *slash = '\0';
        (void)pb_make_dirs(parent); /* else the open below says why */
    }
    int rc = sqlite3_open_v2(path, &s->db,
                             SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL);
    if (rc != SQLITE_OK)
        rc = pb_store_fail(s, rc, "cannot open the database", e);
    else {
        sqlite3_busy_timeout(s->db, BUSY_TIMEOUT_MS);
        sqlite3_extended_result_codes(s->db, 1);
        rc = set_modes(s, e);
        if (rc && rc != -EBUSY && e)
            rc = pb_fail(e, rc,
                         "%s: not a puzzlebench results store (an SQLite "
                         "database expected): %s",
                         path, s->db ? sqlite3_errmsg(s->db) : "");
    }
    if (rc == 0)
        rc = pb_store_migrate(s, version, e);
    if (rc) {
        pb_store_close(s);
        return rc;
    }
    *out = s;
    return 0;
}

int pb_store_open(const char *path, struct pb_store **out, struct pb_error *e)
{
    return pb_store_open_at(path, PB_STORE_VERSION, out, e);
}

int pb_store_open_existing(const char *path, struct pb_store **out,
                           struct pb_error *e)
{
    *out = NULL;
    if (access(path, F_OK) != 0)
        return pb_fail(e, -ENOENT,
                       "%s: no results store there (bench and run index "
                       "each run in ROOT/" PB_STORE_FILE
                       "; puzzlebench import DIR adds older folders)",
                       path);
    return pb_store_open(path, out, e);
}

int pb_store_migrate(struct pb_store *s, int version, struct pb_error *e)
{
    int rc = pb_store_begin(s, e);
    if (rc)
        return rc;
    int at = pb_store_version(s);
    if (at < 0)
        rc = pb_store_fail(s, SQLITE_ERROR, "reading the schema version", e);
    else if (at > PB_STORE_VERSION)
        rc = pb_fail(e, -EPROTO,
                     "%s: results store of schema version %d; this build "
                     "reads versions up to %d (a newer puzzlebench wrote it)",
                     s->path, at, PB_STORE_VERSION);
    for (; rc == 0 && at < version; at++) {
        rc = pb_store_exec(s, pb_store_schema_step(at), e);
        if (rc == 0) {
            char sql[40];
            snprintf(sql, sizeof(sql), "PRAGMA user_version=%d", at + 1);
            rc = pb_store_exec(s, sql, e);
        }
    }
    return pb_store_end(s, rc, e);
}

void pb_store_close(struct pb_store *s)
{
    if (!s)
        return;
    sqlite3_close(s->db);
    free(s);
}
