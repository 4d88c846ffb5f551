/*
 * store_history.c - what the store gives back (store.h): named
 * baselines, a run's benchmarks read back as readback_load reads a
 * folder (so `compare --baseline` judges with the same code as two
 * folders), and history runs: their commits, and per benchmark and
 * commit the round values of the runs that history round made (each a
 * run of the commit's own binary; the round value is the median of its
 * repetitions on the benchmark's clock, as change.h's pb_rounds_of).
 * O(samples) per call.
 */
#include "results/store_internal.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pb.h"
#include "util/stats.h"

int pb_store_baseline_save(struct pb_store *s, const char *name, int64_t run,
                           struct pb_error *e)
{
    sqlite3_stmt *st = NULL;
    int rc = pb_store_prepare(
        s,
        "INSERT OR REPLACE INTO baseline (name, run, saved) VALUES (?1, ?2,"
        " strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))",
        &st, e);
    if (rc)
        return rc;
    pb_store_bind_text(st, 1, name);
    sqlite3_bind_int64(st, 2, run);
    return pb_store_finish(s, st, "saving a baseline", e);
}

int pb_store_baseline_run(struct pb_store *s, const char *name, int64_t *run,
                          struct pb_error *e)
{
    sqlite3_stmt *st = NULL;
    int rc =
        pb_store_prepare(s, "SELECT run FROM baseline WHERE name = ?1", &st, e);
    if (rc)
        return rc;
    pb_store_bind_text(st, 1, name);
    if (sqlite3_step(st) == SQLITE_ROW) {
        *run = sqlite3_column_int64(st, 0);
        sqlite3_finalize(st);
        return 0;
    }
    sqlite3_finalize(st);
    char names[512] = "";
    size_t at = 0;
    if (pb_store_prepare(s, "SELECT name FROM baseline ORDER BY name", &st,
                         NULL) == 0) {
        while (sqlite3_step(st) == SQLITE_ROW && at + 2 < sizeof(names)) {
            int n = snprintf(names + at, sizeof(names) - at, "%s%s",
                             at ? ", " : "", sqlite3_column_text(st, 0));
            at += n > 0 ? (size_t)n : 0;
        }
        sqlite3_finalize(st);
    }
    return pb_fail(
        e, -ENOENT, "%s: no baseline '%s'; %s%s", s->path, name,
        at ? "saved: " : "none saved yet (bench --save-baseline NAME)", names);
}

int pb_store_run_source(struct pb_store *s, int64_t run, char *buf, size_t len,
                        struct pb_error *e)
{
    sqlite3_stmt *st = NULL;
    int rc =
        pb_store_prepare(s, "SELECT source FROM run WHERE id = ?1", &st, e);
    if (rc)
        return rc;
    sqlite3_bind_int64(st, 1, run);
    if (sqlite3_step(st) == SQLITE_ROW)
        snprintf(buf, len, "%s", sqlite3_column_text(st, 0));
    else
        rc = pb_fail(e, -ENOENT, "%s: no run %lld", s->path, (long long)run);
    sqlite3_finalize(st);
    return rc;
}

static double column_or_nan(sqlite3_stmt *st, int at)
{
    return sqlite3_column_type(st, at) == SQLITE_NULL
               ? NAN
               : sqlite3_column_double(st, at);
}

/* Benchmark `id`'s samples into x, as rows of a results file, through
 * st (the sample query, prepared once per read-back, reset here). */
static int read_samples(sqlite3_stmt *st, struct readback *t,
                        struct readback_bench *x, const struct pb_bench_id *id,
                        int64_t bench, struct pb_error *e)
{
    int rc = 0;
    sqlite3_bind_int64(st, 1, bench);
    while (rc == 0 && sqlite3_step(st) == SQLITE_ROW) {
        struct pb_row row = {.id = *id};
        double count = (double)id->count;
        row.round = sqlite3_column_int64(st, 0);
        int64_t repetition = sqlite3_column_int64(st, 1);
        row.seconds = sqlite3_column_double(st, 2) * count;
        row.cpu_seconds = column_or_nan(st, 3) * count;
        row.involuntary_switches = column_or_nan(st, 4);
        if (repetition >= 0)
            rc = readback_repetition_mark(&x->seen, row.round, repetition,
                                          x->key, t->path, e);
        if (rc == 0)
            rc = readback_add_sample(t, x, &row, repetition, e);
    }
    sqlite3_reset(st);
    return rc;
}

int pb_store_readback(struct pb_store *s, int64_t run, const char *label,
                      struct readback *t, unsigned flags, struct pb_error *e)
{
    memset(t, 0, sizeof(*t));
    snprintf(t->path, sizeof(t->path), "%s", label);
    sqlite3_stmt *st = NULL, *samples = NULL;
    int rc = pb_store_prepare(s,
                              "SELECT id, name, build_seconds, peak_heap_bytes"
                              " FROM benchmark WHERE run = ?1 ORDER BY id",
                              &st, e);
    if (rc == 0)
        rc = pb_store_prepare(s,
                              "SELECT round, repetition, wall, cpu, switches"
                              " FROM sample WHERE benchmark = ?1"
                              " ORDER BY round, repetition",
                              &samples, e);
    if (rc) {
        sqlite3_finalize(st);
        return rc;
    }
    sqlite3_bind_int64(st, 1, run);
    while (rc == 0 && sqlite3_step(st) == SQLITE_ROW) {
        const char *name = (const char *)sqlite3_column_text(st, 1);
        struct pb_bench_id id;
        if (!name || pb_bench_id_parse(name, &id, NULL)) {
            rc =
                pb_fail(e, -EINVAL, "%s: benchmark '%s' is no puzzlebench name",
                        label, name ? name : "");
            break;
        }
        struct readback_bench *x = readback_bench_for(t, name);
        if (!x) {
            rc = pb_fail(e, -ENOMEM, "out of memory");
            break;
        }
        readback_bench_set_id(x, &id);
        x->build_seconds = column_or_nan(st, 2);
        x->peak_heap_bytes = column_or_nan(st, 3);
        rc = read_samples(samples, t, x, &id, sqlite3_column_int64(st, 0), e);
    }
    sqlite3_finalize(st);
    sqlite3_finalize(samples);
    if (rc == 0)
        rc = readback_finish(t, flags, e);
    if (rc == 0 && t->count == 0)
        rc = pb_fail(e, -ENOENT, "%s: no benchmarks stored", label);
    if (rc)
        readback_free(t);
    return rc;
}

int pb_store_history_new(struct pb_store *s, const char *suite,
                         const char *range, const char *options,
                         int64_t *history, struct pb_error *e)
{
    sqlite3_stmt *st = NULL;
    int rc = pb_store_prepare(
        s,
        "INSERT INTO history (suite, range, options, started) VALUES (?1, ?2,"
        " ?3, strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))",
        &st, e);
    if (rc)
        return rc;
    pb_store_bind_text(st, 1, suite);
    pb_store_bind_text(st, 2, range);
    pb_store_bind_text(st, 3, options);
    rc = pb_store_finish(s, st, "adding a history run", e);
    if (rc)
        return rc;
    *history = sqlite3_last_insert_rowid(s->db);
    return 0;
}

int pb_store_history_commit(struct pb_store *s, int64_t history,
                            size_t position, const struct pb_hist_commit *c,
                            struct pb_error *e)
{
    sqlite3_stmt *st = NULL;
    int rc = pb_store_prepare(
        s,
        "INSERT OR REPLACE INTO history_commit (history, position, sha,"
        " subject, time, built, note) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        &st, e);
    if (rc)
        return rc;
    sqlite3_bind_int64(st, 1, history);
    sqlite3_bind_int64(st, 2, (int64_t)position);
    pb_store_bind_text(st, 3, c->sha);
    pb_store_bind_text(st, 4, c->subject);
    sqlite3_bind_int64(st, 5, c->time);
    sqlite3_bind_int(st, 6, c->built);
    pb_store_bind_text(st, 7, c->note);
    return pb_store_finish(s, st, "adding a commit", e);
}

int64_t pb_store_history_latest(struct pb_store *s)
{
    sqlite3_stmt *st = NULL;
    int64_t id = 0;
    if (sqlite3_prepare_v2(s->db, "SELECT max(id) FROM history", -1, &st,
                           NULL) == SQLITE_OK &&
        sqlite3_step(st) == SQLITE_ROW)
        id = sqlite3_column_int64(st, 0);
    sqlite3_finalize(st);
    return id;
}

int pb_store_history_pick(struct pb_store *s, int64_t *history,
                          struct pb_error *e)
{
    if (*history == 0 && !(*history = pb_store_history_latest(s)))
        return pb_fail(e, -ENOENT,
                       "%s: no history run stored yet (puzzlebench history "
                       "--commits A..B --suite S)",
                       s->path);
    return 0;
}

/* v (n elements of size bytes, grown only here) with room for one
 * more: the capacity is n rounded up to a power of two, so the array
 * doubles when n reaches one, O(1) amortised per element. NULL when out
 * of memory (v is kept). */
static void *room_for_one(void *v, size_t n, size_t size)
{
    if (n & (n - 1))
        return v; /* n is not a power of two (nor 0): below capacity */
    return realloc(v, (n ? 2 * n : 1) * size);
}

static void copy_text(char *to, size_t len, sqlite3_stmt *st, int at)
{
    const unsigned char *v = sqlite3_column_text(st, at);
    snprintf(to, len, "%s", v ? (const char *)v : "");
}

static int load_commits(struct pb_store *s, int64_t history,
                        struct pb_history *h, struct pb_error *e)
{
    sqlite3_stmt *st = NULL;
    int rc = pb_store_prepare(s,
                              "SELECT sha, subject, time, built, note,"
                              " (SELECT suite FROM history WHERE id = ?1)"
                              " FROM history_commit WHERE history = ?1"
                              " ORDER BY position",
                              &st, e);
    if (rc)
        return rc;
    sqlite3_bind_int64(st, 1, history);
    while (rc == 0 && sqlite3_step(st) == SQLITE_ROW) {
        struct pb_hist_commit *c =
            room_for_one(h->commit, h->commits, sizeof(*c));
        if (!c) {
            rc = pb_fail(e, -ENOMEM, "out of memory");
            break;
        }
        h->commit = c;
        c = &h->commit[h->commits++];
        memset(c, 0, sizeof(*c));
        copy_text(c->sha, sizeof(c->sha), st, 0);
        copy_text(c->subject, sizeof(c->subject), st, 1);
        c->time = sqlite3_column_int64(st, 2);
        c->built = sqlite3_column_int(st, 3) != 0;
        copy_text(c->note, sizeof(c->note), st, 4);
        copy_text(h->suite, sizeof(h->suite), st, 5);
    }
    sqlite3_finalize(st);
    if (rc == 0 && h->commits == 0)
        rc = pb_fail(e, -ENOENT, "%s: no history run %lld", s->path,
                     (long long)history);
    return rc;
}

/* The median of benchmark `bench`'s samples on clock ("cpu": the CPU
 * time, else wall), NaN without samples. */
static double round_value(sqlite3_stmt *st, int64_t bench, bool cpu)
{
    double v[READBACK_MAX_SAMPLES];
    size_t n = 0;
    sqlite3_reset(st);
    sqlite3_bind_int64(st, 1, bench);
    while (n < READBACK_MAX_SAMPLES && sqlite3_step(st) == SQLITE_ROW) {
        double x = column_or_nan(st, cpu ? 1 : 0);
        if (x == x)
            v[n++] = x;
    }
    return n ? pb_median(v, n) : NAN;
}

/* The series' point of commit `position` (the last one when it is). */
static struct pb_hist_point *point_for(struct pb_hist_series *x,
                                       size_t position)
{
    if (x->n && x->point[x->n - 1].commit == position)
        return &x->point[x->n - 1];
    struct pb_hist_point *p = room_for_one(x->point, x->n, sizeof(*p));
    if (!p)
        return NULL;
    x->point = p;
    p = &x->point[x->n++];
    memset(p, 0, sizeof(*p));
    p->commit = position;
    p->verified = true;
    return p;
}

int pb_store_history_load(struct pb_store *s, int64_t history,
                          struct pb_history *h, struct pb_error *e)
{
    memset(h, 0, sizeof(*h));
    int rc = load_commits(s, history, h, e);
    sqlite3_stmt *st = NULL, *smp = NULL;
    if (rc == 0)
        rc = pb_store_prepare(
            s,
            "SELECT b.name, b.kernel, b.variant, b.clock, b.verified, b.id,"
            " r.history_position, r.history_round, r.dir"
            " FROM benchmark b JOIN run r ON b.run = r.id"
            " WHERE r.history = ?1 AND r.history_position IS NOT NULL"
            " ORDER BY b.name, r.history_position, r.history_round",
            &st, e);
    if (rc == 0)
        rc = pb_store_prepare(s,
                              "SELECT wall, cpu FROM sample WHERE benchmark"
                              " = ?1",
                              &smp, e);
    if (rc == 0)
        sqlite3_bind_int64(st, 1, history);
    struct pb_hist_series *x = NULL;
    while (rc == 0 && sqlite3_step(st) == SQLITE_ROW) {
        const char *name = (const char *)sqlite3_column_text(st, 0);
        int64_t position = sqlite3_column_int64(st, 6);
        if (!name || position < 0 || (size_t)position >= h->commits)
            continue; /* a run of no listed commit */
        if (!x || strcmp(x->key, name)) {
            x = room_for_one(h->series, h->count, sizeof(*x));
            if (!x) {
                rc = pb_fail(e, -ENOMEM, "out of memory");
                break;
            }
            h->series = x;
            x = &h->series[h->count++];
            memset(x, 0, sizeof(*x));
            snprintf(x->key, sizeof(x->key), "%s", name);
            copy_text(x->kernel, sizeof(x->kernel), st, 1);
            copy_text(x->variant, sizeof(x->variant), st, 2);
            copy_text(x->clock, sizeof(x->clock), st, 3);
        }
        struct pb_hist_point *p = point_for(x, (size_t)position);
        if (!p) {
            rc = pb_fail(e, -ENOMEM, "out of memory");
            break;
        }
        double v = round_value(smp, sqlite3_column_int64(st, 5),
                               !strcmp(x->clock, "cpu"));
        p->verified = p->verified && sqlite3_column_int(st, 4) != 0;
        copy_text(p->run_dir, sizeof(p->run_dir), st, 8);
        if (v == v && p->n < READBACK_MAX_ROUNDS) {
            p->round[p->n] = sqlite3_column_int64(st, 7);
            p->value[p->n++] = v;
        }
    }
    sqlite3_finalize(st);
    sqlite3_finalize(smp);
    if (rc)
        pb_history_free(h);
    return rc;
}
