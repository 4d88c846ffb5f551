/*
 * test_store.c - the results store (bench/results/store.h): a new file
 * at the current schema version; a version-1 file with a run in it
 * migrated to version 2 with the run kept; a file of a newer version and
 * a file that is no database refused with their messages; every
 * results-folder version the project has written (tests/fixtures/
 * versions) imported with each benchmark's samples equal to what
 * readback_load reads of the folder, and imported again adding nothing;
 * a bench --against folder as two runs; a baseline saved and read back
 * as the folder reads; a history run of two commits loaded with one
 * point per commit and the history's rounds as ids; and 4 processes
 * importing the same and different folders at once, leaving each folder
 * once and the file intact (PRAGMA integrity_check).
 *
 * Usage: test_store SOURCE_DIR SCRATCH_DIR
 */
#include <dirent.h>
#include <errno.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"
#include "results/readback.h"
#include "results/store.h"

static char fixtures[1024], scratch[1024];

/* The one integer a query answers (-1 on error). */
static long long query(const char *db, const char *sql)
{
    sqlite3 *h;
    sqlite3_stmt *st;
    long long v = -1;
    if (sqlite3_open(db, &h) == SQLITE_OK &&
        sqlite3_prepare_v2(h, sql, -1, &st, NULL) == SQLITE_OK) {
        if (sqlite3_step(st) == SQLITE_ROW)
            v = sqlite3_column_int64(st, 0);
        sqlite3_finalize(st);
    }
    sqlite3_close(h);
    return v;
}

static void db_path(char *buf, size_t len, const char *name)
{
    snprintf(buf, len, "%s/%s", scratch, name);
    unlink(buf);
}

static void test_versions(void)
{
    char db[1200];
    db_path(db, sizeof(db), "versions.db");
    struct pb_store *s;
    struct pb_error e;
    CHECK(pb_store_open(db, &s, &e) == 0, "open: %s", e.msg);
    CHECK(pb_store_version(s) == PB_STORE_VERSION, "version %d",
          pb_store_version(s));
    pb_store_close(s);
    CHECK(query(db, "PRAGMA journal_mode") == -1 ||
              query(db, "SELECT count(*) FROM history") == 0,
          "the history table of version 2");

    /* version 1 with a run, then migrated */
    db_path(db, sizeof(db), "v1.db");
    CHECK(pb_store_open_at(db, 1, &s, &e) == 0, "open at 1: %s", e.msg);
    CHECK(pb_store_version(s) == 1, "version 1: %d", pb_store_version(s));
    pb_store_close(s);
    sqlite3 *h;
    sqlite3_open(db, &h);
    CHECK(sqlite3_exec(h,
                       "INSERT INTO run (identity, dir, source, imported,"
                       " verified) VALUES ('x', '/d', '/d/results.csv',"
                       " 'now', 1)",
                       NULL, NULL, NULL) == SQLITE_OK,
          "a version-1 row");
    sqlite3_close(h);
    CHECK(query(db, "SELECT count(*) FROM sqlite_master WHERE name ="
                    " 'baseline'") == 0,
          "no baseline table at version 1");
    CHECK(pb_store_open(db, &s, &e) == 0, "migrate: %s", e.msg);
    CHECK(pb_store_version(s) == 2, "migrated to %d", pb_store_version(s));
    pb_store_close(s);
    CHECK(query(db, "SELECT count(*) FROM run WHERE identity = 'x' AND"
                    " history IS NULL") == 1,
          "the run kept, with the new columns");
    CHECK(query(db, "SELECT count(*) FROM baseline") == 0, "baseline table");

    /* newer than this build */
    sqlite3_open(db, &h);
    sqlite3_exec(h, "PRAGMA user_version = 99", NULL, NULL, NULL);
    sqlite3_close(h);
    CHECK(pb_store_open(db, &s, &e) == -EPROTO, "a newer file refused");
    CHECK(strstr(e.msg, "version 99") != NULL, "says so: %s", e.msg);
    CHECK(query(db, "PRAGMA user_version") == 99, "left as it was");

    /* not a database */
    db_path(db, sizeof(db), "text.db");
    FILE *f = fopen(db, "w");
    fputs("this is not a database, it is a text file of some length.\n", f);
    fclose(f);
    CHECK(pb_store_open(db, &s, &e) < 0, "a text file refused");
    CHECK(strstr(e.msg, "not a puzzlebench results store") != NULL, "says: %s",
          e.msg);
    db_path(db, sizeof(db), "absent.db");
    CHECK(pb_store_open_existing(db, &s, &e) == -ENOENT, "absent: %s", e.msg);
    CHECK(access(db, F_OK) != 0, "and not made");
}

/* Samples of every benchmark of run equal to the folder's readback. */
static void same_as_folder(struct pb_store *s, int64_t run, const char *dir,
                           unsigned flags)
{
    struct readback a, b;
    struct pb_error e;
    CHECK(readback_load(dir, &a, flags, &e) == 0, "%s: %s", dir, e.msg);
    CHECK(pb_store_readback(s, run, "stored", &b, 0, &e) == 0, "%s: %s", dir,
          e.msg);
    CHECK(a.count == b.count, "%s: %zu benchmarks, stored %zu", dir, a.count,
          b.count);
    for (size_t i = 0; i < a.count; i++) {
        const struct readback_bench *x = &a.b[i];
        const struct readback_bench *y = readback_get(&b, x->key);
        CHECK(y != NULL, "%s: %s stored", dir, x->key);
        if (!y)
            continue;
        CHECK(x->n == y->n && x->rounds == y->rounds,
              "%s: %s: %zu samples in %zu rounds, stored %zu in %zu", dir,
              x->key, x->n, x->rounds, y->n, y->rounds);
        CHECK(readback_median(x) == readback_median(y) && x->clock == y->clock,
              "%s: %s: the same median on the same clock", dir, x->key);
    }
    readback_free(&a);
    readback_free(&b);
}

static void test_import(void)
{
    char db[1200], dir[2100];
    db_path(db, sizeof(db), "import.db");
    struct pb_store *s;
    struct pb_error e;
    CHECK(pb_store_open(db, &s, &e) == 0, "open: %s", e.msg);
    DIR *d = opendir(fixtures);
    CHECK(d != NULL, "%s", fixtures);
    size_t folders = 0, runs_seen = 0;
    struct dirent *x;
    while (d && (x = readdir(d))) {
        if (x->d_name[0] != 'v')
            continue;
        snprintf(dir, sizeof(dir), "%s/%s", fixtures, x->d_name);
        int64_t runs[2];
        size_t count, added;
        CHECK(pb_store_import(s, dir, NULL, runs, &count, &added, &e) == 0,
              "%s: %s", dir, e.msg);
        bool against = strstr(x->d_name, "against") != NULL;
        CHECK(count == (against ? 2u : 1u) && added == count,
              "%s: %zu runs, %zu new", x->d_name, count, added);
        folders++;
        runs_seen += count;
        if (against) {
            same_as_folder(s, runs[0], dir, 0);
            same_as_folder(s, runs[1], dir, READBACK_SIDE_A);
        } else
            same_as_folder(s, runs[0], dir, 0);
        CHECK(pb_store_import(s, dir, NULL, runs, &count, &added, &e) == 0 &&
                  added == 0,
              "%s imported again: %zu new", x->d_name, added);
    }
    if (d)
        closedir(d);
    CHECK(folders >= 12, "every version: %zu folders", folders);
    pb_store_close(s);
    CHECK((size_t)query(db, "SELECT count(*) FROM run") == runs_seen,
          "one run each");
    CHECK(query(db, "SELECT count(*) FROM run WHERE commit_sha IS NULL") == 0,
          "every fixture's commit");
    CHECK(query(db, "SELECT count(*) FROM verification WHERE status ="
                    " 'correct'") > 0,
          "verification records");
    CHECK(query(db, "SELECT count(*) FROM context WHERE key ="
                    " 'puzzlebench_binary_sha256'") > 0,
          "the binary's hash kept");

    /* a baseline, and an unknown name */
    CHECK(pb_store_open(db, &s, &e) == 0, "open: %s", e.msg);
    CHECK(pb_store_baseline_save(s, "main", 3, &e) == 0, "save: %s", e.msg);
    int64_t run = 0;
    CHECK(pb_store_baseline_run(s, "main", &run, &e) == 0 && run == 3,
          "baseline main: run %lld", (long long)run);
    CHECK(pb_store_baseline_run(s, "other", &run, &e) == -ENOENT &&
              strstr(e.msg, "saved: main"),
          "unknown baseline: %s", e.msg);
    pb_store_close(s);
}

static void test_history(void)
{
    char db[1200], a[2100], b[2100];
    db_path(db, sizeof(db), "history.db");
    snprintf(a, sizeof(a), "%s/v11-2fadb66", fixtures);
    snprintf(b, sizeof(b), "%s/v12-32d9ce1", fixtures);
    struct pb_store *s;
    struct pb_error e;
    CHECK(pb_store_open(db, &s, &e) == 0, "open: %s", e.msg);
    int64_t history;
    CHECK(pb_store_history_new(s, "tiny.suite", "a..b", "", &history, &e) == 0,
          "history: %s", e.msg);
    struct pb_hist_commit c[3] = {
        {.sha = "2fadb66000000000000000000000000000000000", .built = true},
        {.sha = "1111111000000000000000000000000000000000",
         .note = "build failed"},
        {.sha = "32d9ce1000000000000000000000000000000000", .built = true}};
    for (size_t i = 0; i < 3; i++)
        CHECK(pb_store_history_commit(s, history, i, &c[i], &e) == 0, "%s",
              e.msg);
    /* the two fixtures as rounds 1 and 2 of commits 0 and 2 */
    int64_t runs[2];
    size_t count, added;
    struct pb_store_tag t0 = {history, 1, 0}, t2 = {history, 2, 2};
    CHECK(pb_store_import(s, a, &t0, runs, &count, &added, &e) == 0, "%s",
          e.msg);
    CHECK(pb_store_import(s, b, &t2, runs, &count, &added, &e) == 0, "%s",
          e.msg);
    CHECK(pb_store_history_latest(s) == history, "latest history");
    struct pb_history h;
    CHECK(pb_store_history_load(s, history, &h, &e) == 0, "load: %s", e.msg);
    CHECK(h.commits == 3 && !h.commit[1].built &&
              !strcmp(h.commit[1].note, "build failed"),
          "the commits, one not built");
    CHECK(h.count > 0, "series: %zu", h.count);
    for (size_t i = 0; i < h.count; i++) {
        const struct pb_hist_series *x = &h.series[i];
        CHECK(x->n >= 1 && x->n <= 2, "%s: %zu points", x->key, x->n);
        for (size_t k = 0; k < x->n; k++) {
            const struct pb_hist_point *p = &x->point[k];
            CHECK(p->commit == 0 || p->commit == 2, "%s: commit %zu", x->key,
                  p->commit);
            CHECK(p->n == 1 && p->round[0] == (p->commit == 0 ? 1 : 2) &&
                      p->value[0] > 0 && p->verified && p->run_dir[0],
                  "%s: commit %zu: its round value", x->key, p->commit);
        }
    }
    pb_history_free(&h);
    pb_store_close(s);
}

/* 4 processes importing at once: each folder once, the file intact. */
static void test_concurrent(void)
{
    char db[1200];
    db_path(db, sizeof(db), "concurrent.db");
    static const char *const names[] = {"v10-ae8d0b9", "v11-2fadb66",
                                        "v12-32d9ce1", "v9-49a51d9"};
    pid_t pid[4];
    for (int k = 0; k < 4; k++) {
        pid[k] = fork();
        if (pid[k] == 0) {
            struct pb_store *s;
            struct pb_error e;
            int bad = pb_store_open(db, &s, &e) != 0;
            if (bad)
                fprintf(stderr, "child %d: %s\n", k, e.msg);
            /* every process imports all four, starting at its own */
            for (int i = 0; !bad && i < 4; i++) {
                char dir[2100];
                snprintf(dir, sizeof(dir), "%s/%s", fixtures,
                         names[(k + i) % 4]);
                int64_t runs[2];
                size_t count, added;
                bad = pb_store_import(s, dir, NULL, runs, &count, &added, &e);
                if (bad)
                    fprintf(stderr, "child %d: %s\n", k, e.msg);
            }
            pb_store_close(s);
            _exit(bad);
        }
    }
    for (int k = 0; k < 4; k++) {
        int status = 0;
        waitpid(pid[k], &status, 0);
        CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0, "writer %d failed",
              k);
    }
    CHECK(query(db, "SELECT count(*) FROM run") == 4, "each folder once: %lld",
          query(db, "SELECT count(*) FROM run"));
    CHECK(query(db, "SELECT count(DISTINCT identity) FROM run") == 4,
          "four identities");
    CHECK(query(db, "SELECT count(*) FROM sample s JOIN benchmark b ON"
                    " s.benchmark = b.id") ==
              query(db, "SELECT count(*) FROM sample"),
          "no orphan samples");
    sqlite3 *h;
    sqlite3_stmt *st;
    char ok[16] = "";
    sqlite3_open(db, &h);
    if (sqlite3_prepare_v2(h, "PRAGMA integrity_check", -1, &st, NULL) ==
        SQLITE_OK) {
        if (sqlite3_step(st) == SQLITE_ROW)
            snprintf(ok, sizeof(ok), "%s", sqlite3_column_text(st, 0));
        sqlite3_finalize(st);
    }
    sqlite3_close(h);
    CHECK(!strcmp(ok, "ok"), "integrity_check: %s", ok);
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: test_store SOURCE_DIR SCRATCH_DIR\n");
        return 2;
    }
    snprintf(fixtures, sizeof(fixtures), "%s/tests/fixtures/versions", argv[1]);
    snprintf(scratch, sizeof(scratch), "%s", argv[2]);
    test_versions();
    test_import();
    test_history();
    test_concurrent();
    return check_summary();
}
