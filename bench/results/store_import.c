/*
 * store_import.c - indexing one results folder in the store
 * (pb_store_import, store.h). The folder is read by the same reader as
 * compare and plot (readback_load: results.csv when present, else
 * results.json, every version the project has written, verified
 * repetitions only) and its results.json context by the one context
 * loader (context.h); a folder of `bench --against` holds two builds and
 * becomes two runs, side A's provenance read from its "A:" keys.
 * A run's identity is the SHA-256 of its results file (results.json,
 * else results.csv) with its side, so a folder imported twice, or
 * merged and imported by two writers at once, is stored once: the
 * insert is one transaction, and a second writer finding the identity
 * present adds nothing and reads no more of the folder. Each side's
 * rows are read once; the first read says whether side A is there.
 * O(samples + context keys) statements.
 */
#define _XOPEN_SOURCE 700 /* realpath */

#include "results/store_internal.h"

#include <errno.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "pb.h"
#include "pb_corpus.h"
#include "results/context.h"
#include "util/identity.h"

/* The SHA-256 (hex) of the folder's results file, and its path. */
static int identity_of(const char *dir, char *hex, char *source, size_t len,
                       struct pb_error *e)
{
    static const char *const name[] = {"results.json", "results.csv"};
    for (size_t i = 0; i < 2; i++) {
        snprintf(source, len, "%s/%s", dir, name[i]);
        struct stat st;
        if (stat(source, &st) != 0 || !S_ISREG(st.st_mode))
            continue;
        FILE *f = fopen(source, "rb");
        if (!f)
            return pb_fail(e, -errno, "%s: cannot read it", source);
        char *text = NULL;
        size_t n = 0;
        int rc = pb_input_read(f, source, "a results file", "a results file",
                               &text, &n, e);
        fclose(f);
        if (rc)
            return rc;
        pb_sha256_hex(text, n, hex);
        free(text);
        return 0;
    }
    return pb_fail(e, -ENOENT,
                   "%s: no results.json or results.csv; expected a results "
                   "folder",
                   dir);
}

/* The context's value of key as text for side ('A': its "A:" key first),
 * in buf when it is not a string (a number, an array: its JSON); NULL
 * when absent. */
static const char *ctx_text(const json_t *ctx, char side, const char *key,
                            char *buf, size_t len)
{
    const json_t *v = NULL;
    if (side == 'A') {
        char prefixed[256];
        snprintf(prefixed, sizeof(prefixed), "%s%s", PB_CTX_SIDE_A_PREFIX, key);
        v = json_object_get(ctx, prefixed);
    }
    if (!v)
        v = json_object_get(ctx, key);
    if (!v || json_is_null(v))
        return NULL;
    if (json_is_string(v))
        return json_string_value(v);
    char *dump = json_dumps(v, JSON_COMPACT | JSON_ENCODE_ANY);
    snprintf(buf, len, "%s", dump ? dump : "");
    free(dump);
    return buf;
}

/* The run of identity, side A's (a) or the other's, if stored: its id,
 * else 0. */
static int64_t stored_run(struct pb_store *s, const char *identity, bool a)
{
    sqlite3_stmt *st = NULL;
    int64_t id = 0;
    if (sqlite3_prepare_v2(s->db,
                           "SELECT id FROM run WHERE identity = ?1 AND"
                           " (side = 'A') = ?2",
                           -1, &st, NULL) != SQLITE_OK)
        return 0;
    pb_store_bind_text(st, 1, identity);
    sqlite3_bind_int(st, 2, a);
    if (sqlite3_step(st) == SQLITE_ROW)
        id = sqlite3_column_int64(st, 0);
    sqlite3_finalize(st);
    return id;
}

/* The run row (the identity not stored yet); *run its id. */
static int insert_run(struct pb_store *s, const char *dir, const char *source,
                      const char *identity, char side, const json_t *ctx,
                      const struct pb_store_tag *tag, int64_t *run,
                      struct pb_error *e)
{
    char side_text[2] = {side, 0};
    sqlite3_stmt *st = NULL;
    int rc = pb_store_prepare(
        s,
        "INSERT INTO run (identity, side, dir, source, imported, date,"
        " commit_sha, dirty, diff_sha256, binary_sha256, host, cpu_model,"
        " cpus, suite, suite_sha256, clock, load_start, load_end, verified,"
        " history, history_round, history_position) VALUES (?1, ?2, ?3, ?4,"
        " strftime('%Y-%m-%dT%H:%M:%SZ', 'now'), ?5, ?6, ?7, ?8, ?9, ?10,"
        " ?11, ?12, ?13, ?14, ?15, ?16, ?17, 1, ?18, ?19, ?20)",
        &st, e);
    if (rc)
        return rc;
    static const char *const key[] = {
        PB_CTX_DATE,         PB_CTX_COMMIT,        PB_CTX_DIRTY,
        PB_CTX_DIFF_SHA256,  PB_CTX_BINARY_SHA256, PB_CTX_HOST_NAME,
        PB_CTX_CPU_MODEL,    PB_CTX_NUM_CPUS,      PB_CTX_SUITE,
        PB_CTX_SUITE_SHA256, PB_CTX_CLOCK,         PB_CTX_LOAD_START,
        PB_CTX_LOAD_END};
    pb_store_bind_text(st, 1, identity);
    pb_store_bind_text(st, 2, side_text);
    pb_store_bind_text(st, 3, dir);
    pb_store_bind_text(st, 4, source);
    for (size_t k = 0; k < sizeof(key) / sizeof(key[0]); k++) {
        char buf[256];
        pb_store_bind_text(st, 5 + (int)k,
                           ctx_text(ctx, side, key[k], buf, sizeof(buf)));
    }
    if (tag && tag->history) {
        sqlite3_bind_int64(st, 18, tag->history);
        sqlite3_bind_int64(st, 19, tag->round);
        sqlite3_bind_int64(st, 20, tag->position);
    }
    rc = pb_store_finish(s, st, "adding a run", e);
    if (rc)
        return rc;
    *run = sqlite3_last_insert_rowid(s->db);
    return 0;
}

/* The status of a verification record ("order=1 status=correct
 * correct=24 ...") into status; false when it names none. */
static bool record_status(const char *record, char status[32])
{
    const char *at = record ? strstr(record, "status=") : NULL;
    status[0] = '\0';
    return at && sscanf(at + 7, "%31[^ ]", status) == 1;
}

/* Every context key of the run (side A's under their own names), and
 * each benchmark's verification record. */
static int insert_context(struct pb_store *s, int64_t run, char side,
                          const json_t *ctx, struct pb_error *e)
{
    sqlite3_stmt *kv = NULL, *ver = NULL;
    int rc = pb_store_prepare(
        s,
        "INSERT OR REPLACE INTO context (run, key, value) VALUES (?1, ?2, ?3)",
        &kv, e);
    if (rc == 0)
        rc = pb_store_prepare(s,
                              "INSERT OR REPLACE INTO verification (run, name,"
                              " status, record) VALUES (?1, ?2, ?3, ?4)",
                              &ver, e);
    const char *key;
    const json_t *value;
    size_t a_len = strlen(PB_CTX_SIDE_A_PREFIX);
    json_object_foreach((json_t *)ctx, key, value)
    {
        if (rc)
            break;
        bool a_key = pb_ctx_prefixed(key, PB_CTX_SIDE_A_PREFIX);
        if (side == 'A' ? !a_key : a_key)
            continue; /* the other side's */
        const char *name = side == 'A' ? key + a_len : key;
        char buf[4096];
        const char *text = ctx_text(ctx, 0, key, buf, sizeof(buf));
        sqlite3_stmt *st = kv;
        sqlite3_bind_int64(st, 1, run);
        pb_store_bind_text(st, 2, name);
        pb_store_bind_text(st, 3, text);
        int step = sqlite3_step(st);
        sqlite3_reset(st);
        if (step != SQLITE_DONE) {
            rc = pb_store_fail(s, step, "adding a context key", e);
            break;
        }
        if (!pb_ctx_prefixed(name, PB_CTX_VERIFY_PREFIX) || !text)
            continue;
        char status[32];
        bool has = record_status(text, status);
        sqlite3_bind_int64(ver, 1, run);
        pb_store_bind_text(ver, 2, name + strlen(PB_CTX_VERIFY_PREFIX));
        pb_store_bind_text(ver, 3, has ? status : NULL);
        pb_store_bind_text(ver, 4, text);
        step = sqlite3_step(ver);
        sqlite3_reset(ver);
        if (step != SQLITE_DONE)
            rc = pb_store_fail(s, step, "adding a verification record", e);
    }
    sqlite3_finalize(kv);
    sqlite3_finalize(ver);
    return rc;
}

/* Whether benchmark name's verification record in the context (if the
 * run has one) says its answers were correct. */
static bool record_correct(const json_t *ctx, char side, const char *name)
{
    char key[sizeof(((struct readback_bench *)0)->key) + 16], buf[4096];
    char status[32];
    snprintf(key, sizeof(key), "%s%s", PB_CTX_VERIFY_PREFIX, name);
    const char *record = ctx_text(ctx, side, key, buf, sizeof(buf));
    return !record || !record_status(record, status) ||
           !strcmp(status, "correct");
}

/* t's benchmarks and their samples; the run's verified flag cleared when
 * one's record is not correct. */
static int insert_benchmarks(struct pb_store *s, int64_t run,
                             const struct readback *t, const json_t *ctx,
                             char side, struct pb_error *e)
{
    sqlite3_stmt *b = NULL, *smp = NULL;
    int rc = pb_store_prepare(
        s,
        "INSERT INTO benchmark (run, name, kernel, variant, family, size,"
        " count, seed, threads, processes, clock, build_seconds,"
        " peak_heap_bytes, verified) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7,"
        " ?8, ?9, ?10, ?11, ?12, ?13, ?14)",
        &b, e);
    if (rc == 0)
        rc = pb_store_prepare(s,
                              "INSERT INTO sample (benchmark, round,"
                              " repetition, wall, cpu, switches) VALUES"
                              " (?1, ?2, ?3, ?4, ?5, ?6)",
                              &smp, e);
    bool all = true;
    for (size_t i = 0; rc == 0 && i < t->count; i++) {
        const struct readback_bench *x = &t->b[i];
        bool ok = record_correct(ctx, side, x->key);
        all = all && ok;
        char seed[24];
        snprintf(seed, sizeof(seed), "%llu", x->seed);
        sqlite3_bind_int64(b, 1, run);
        pb_store_bind_text(b, 2, x->key);
        pb_store_bind_text(b, 3, x->kernel);
        pb_store_bind_text(b, 4, x->variant);
        pb_store_bind_text(b, 5, x->foreign ? NULL : x->family);
        pb_store_bind_text(b, 6, x->size);
        sqlite3_bind_int64(b, 7, x->count);
        pb_store_bind_text(b, 8, seed);
        sqlite3_bind_int64(b, 9, x->threads);
        sqlite3_bind_int64(b, 10, x->processes);
        pb_store_bind_text(b, 11, readback_clock_name(x->clock));
        if (x->build_seconds == x->build_seconds)
            sqlite3_bind_double(b, 12, x->build_seconds);
        if (x->peak_heap_bytes == x->peak_heap_bytes)
            sqlite3_bind_double(b, 13, x->peak_heap_bytes);
        sqlite3_bind_int(b, 14, ok);
        int step = sqlite3_step(b);
        sqlite3_reset(b);
        sqlite3_clear_bindings(b);
        if (step != SQLITE_DONE) {
            rc = pb_store_fail(s, step, "adding a benchmark", e);
            break;
        }
        int64_t id = sqlite3_last_insert_rowid(s->db);
        for (size_t k = 0; rc == 0 && k < x->n; k++) {
            const struct readback_sample *y = &x->sample[k];
            sqlite3_bind_int64(smp, 1, id);
            sqlite3_bind_int64(smp, 2, y->round);
            sqlite3_bind_int64(smp, 3, y->repetition);
            sqlite3_bind_double(smp, 4, y->wall);
            if (y->cpu == y->cpu)
                sqlite3_bind_double(smp, 5, y->cpu);
            if (y->switches == y->switches)
                sqlite3_bind_double(smp, 6, y->switches);
            step = sqlite3_step(smp);
            sqlite3_reset(smp);
            sqlite3_clear_bindings(smp);
            if (step != SQLITE_DONE)
                rc = pb_store_fail(s, step, "adding a sample", e);
        }
    }
    sqlite3_finalize(b);
    sqlite3_finalize(smp);
    if (rc == 0 && !all) {
        char sql[80];
        snprintf(sql, sizeof(sql),
                 "UPDATE run SET verified = 0 WHERE id = %lld", (long long)run);
        rc = pb_store_exec(s, sql, e);
    }
    return rc;
}

/* Whether the folder's results.csv holds its header alone: a run that
 * timed nothing (an empty shard of a suite), which readback refuses as
 * "no verified results" but the store keeps as a run of no benchmarks. */
static bool header_only(const char *dir)
{
    char path[4096 + 16];
    snprintf(path, sizeof(path), "%s/results.csv", dir);
    struct pb_error unused; /* readback_load says why, after */
    FILE *f = readback_open(path, "a results file", &unused);
    if (!f)
        return false; /* not there, or no regular file: never blocks */
    int c, lines = 0;
    bool text = false;
    while ((c = getc(f)) != EOF && lines < 2) {
        if (c == '\n') {
            lines += text;
            text = false;
        } else
            text = true;
    }
    lines += text;
    fclose(f);
    return lines == 1;
}

/* One side of the folder (0: a run of one build, or side B; 'A'), not
 * stored yet: its run id into *run, the sides its file holds into *sides
 * (READBACK_SIDE_A | READBACK_SIDE_B). */
static int import_side(struct pb_store *s, const char *dir, const char *source,
                       const char *identity, char side, const json_t *ctx,
                       const struct pb_store_tag *tag, int64_t *run,
                       unsigned *sides, struct pb_error *e)
{
    struct readback t;
    unsigned flags = side == 'A' ? READBACK_SIDE_A : 0;
    int rc = 0;
    if (side == 0 && header_only(dir))
        memset(&t, 0, sizeof(t));
    else
        rc = readback_load(dir, &t, flags, e);
    if (rc)
        return rc;
    *sides = t.sides;
    char keep = side;
    if (!side && (t.sides & READBACK_SIDE_B))
        keep = 'B';
    rc = insert_run(s, dir, source, identity, keep, ctx, tag, run, e);
    if (rc == 0)
        rc = insert_context(s, *run, keep, ctx, e);
    if (rc == 0)
        rc = insert_benchmarks(s, *run, &t, ctx, keep, e);
    readback_free(&t);
    return rc;
}

int pb_store_import(struct pb_store *s, const char *dir,
                    const struct pb_store_tag *tag, int64_t runs[2],
                    size_t *count, size_t *added, struct pb_error *e)
{
    *count = *added = 0;
    /* the folder itself, never a `latest` link that will move */
    char abs[4096];
    const char *where = realpath(dir, abs) ? abs : dir;
    char identity[PB_SHA256_HEX], source[4096 + 16];
    int rc = identity_of(where, identity, source, sizeof(source), e);
    if (rc)
        return rc;
    rc = pb_store_begin(s, e);
    if (rc)
        return rc;
    /* imported before (by this writer or another, whose transaction ended
     * before ours began): its runs, nothing read */
    int64_t before = stored_run(s, identity, false);
    if (before) {
        runs[(*count)++] = before;
        int64_t a = stored_run(s, identity, true);
        if (a)
            runs[(*count)++] = a;
        return pb_store_end(s, 0, e);
    }
    json_t *ctx = pb_context_of(where);
    if (!ctx)
        ctx = json_object(); /* an old results.csv alone: no provenance */
    if (!ctx)
        rc = pb_fail(e, -ENOMEM, "out of memory");
    unsigned sides = 0;
    if (rc == 0) {
        rc = import_side(s, where, source, identity, 0, ctx, tag, &runs[*count],
                         &sides, e);
        *count += rc == 0;
    }
    if (rc == 0 && (sides & READBACK_SIDE_A)) {
        rc = import_side(s, where, source, identity, 'A', ctx, tag,
                         &runs[*count], &sides, e);
        *count += rc == 0;
    }
    *added = *count;
    json_decref(ctx);
    return pb_store_end(s, rc, e);
}
