/*
 * merge.c - joining results folders (merge.h). Each input is read whole
 * and checked before anything is written: its results.json with Jansson
 * (context and benchmarks), its results.csv through readback.h's row reader
 * (readback_csv_row: the parser and checks compare and plot use), each row
 * kept as its original line so no number is rewritten. The runs that are
 * samples pass readback_json_run_check; a repetition of a benchmark twice,
 * among the rows or among the runs, is refused as the readers refuse it.
 *
 * The suite's order: a shard I/N holds every N-th benchmark of the
 * suite from the I-th, and its verification records ("verify:NAME",
 * schema.h) give each benchmark's place k in the shard, so the
 * benchmark's place in the whole suite is I - 1 + k * N (unsharded
 * inputs are 1/1). Rows and Google Benchmark runs are found a
 * verification record by their benchmark name (sizes canonical,
 * readback_size_canonical) and sorted by (place, input, position in the
 * input); the merged records carry the suite places, so the report
 * lists them as an unsharded run's. A benchmark with records in two
 * inputs is refused (rows of it would otherwise be mixed).
 * O(R log R) for R rows and runs; names through a uthash table.
 */
#include "results/merge.h"

#include <errno.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "results/context.h"
#include "results/merge_internal.h"
#include "results/schema.h"
#include "results/readback.h"
#include "util/name_index.h"

/* One benchmark (its verification record): its suite place and input. */
struct place {
    char name[192];  /* canonical benchmark name */
    const char *key; /* its record's key in the input's context */
    uint64_t at;
    size_t input;
    struct readback_reps rows_seen,
        runs_seen; /* its repetitions read (readback.h) */
    UT_hash_handle hh;
};

/* A row or a run, sorted into the suite's order. */
struct item {
    uint64_t at;
    size_t input, index;
    char *line;  /* a CSV row (owned), or NULL */
    json_t *run; /* a Google Benchmark run (borrowed), or NULL */
};

struct items {
    struct item *v;
    size_t n, cap;
};

static int push(struct items *x, struct item it)
{
    if (x->n == x->cap) {
        size_t cap = x->cap ? 2 * x->cap : 64;
        struct item *v = realloc(x->v, cap * sizeof(*v));
        if (!v)
            return -ENOMEM;
        x->v = v;
        x->cap = cap;
    }
    x->v[x->n++] = it;
    return 0;
}

static int by_place(const void *pa, const void *pb)
{
    const struct item *a = pa, *b = pb;
    if (a->at != b->at)
        return a->at < b->at ? -1 : 1;
    if (a->input != b->input)
        return a->input < b->input ? -1 : 1;
    return (a->index > b->index) - (a->index < b->index);
}

/* name (a benchmark name, suffixes allowed) in canonical form into out;
 * false when it is not a puzzlebench name. */
static bool canonical(const char *name, char *out, size_t len)
{
    struct pb_bench_id id;
    struct pb_error why;
    return pb_bench_id_parse(name, &id, NULL) == 0 &&
           readback_size_canonical(&id, &why) == 0 &&
           pb_bench_id_write(&id, out, len) >= 0;
}

/* The verification records of input i into the places (and its
 * rewritten records into m's context). */
static int read_records(const struct pb_merge *m, size_t i,
                        struct place **places, struct pb_error *e)
{
    const struct merge_input *in = &m->in[i];
    const char *key;
    json_t *value;
    json_object_foreach(pb_context_in(in->root), key, value)
    {
        if (!pb_ctx_prefixed(key, PB_CTX_VERIFY_PREFIX))
            continue;
        const char *name = key + strlen(PB_CTX_VERIFY_PREFIX);
        struct pb_pass_record v;
        struct place *p = calloc(1, sizeof(*p));
        if (!p)
            return pb_fail(e, -ENOMEM, "out of memory");
        if (!json_is_string(value) ||
            pb_pass_record_parse(json_string_value(value), &v) ||
            !canonical(name, p->name, sizeof(p->name))) {
            free(p);
            return pb_fail(e, -EINVAL,
                           "%s/results.json: context '%.200s': expected a "
                           "puzzlebench verification record",
                           in->dir, key);
        }
        struct place *old;
        HASH_FIND_STR(*places, p->name, old);
        if (old) {
            free(p);
            return pb_fail(e, -EINVAL,
                           "%s: benchmark %s is also in %s; a benchmark may "
                           "come from one input only",
                           in->dir, old->name, m->in[old->input].dir);
        }
        p->at = (uint64_t)(in->shard - 1) + v.order * (uint64_t)in->shards;
        p->input = i;
        p->key = key;
        bool added = true;
        HASH_ADD_STR(*places, name, p);
        if (!added) {
            free(p);
            return pb_fail(e, -ENOMEM, "out of memory");
        }
    }
    return 0;
}

/* The place of benchmark `name` of input i, or NULL with an error in e
 * naming where. */
static struct place *place_of(struct place *places, const char *name, size_t i,
                              const char *where, struct pb_error *e)
{
    char key[192];
    struct place *p = NULL;
    if (canonical(name, key, sizeof(key)))
        HASH_FIND_STR(places, key, p);
    if (p && p->input == i)
        return p;
    pb_fail(e, -EINVAL,
            "%s: benchmark %.200s has no verification record in its "
            "results.json",
            where, name);
    return NULL;
}

/* The rows of input i's results.csv, each with its suite place. */
static int read_rows(struct merge_input *in, size_t i, struct place *places,
                     struct items *rows, struct pb_error *e)
{
    char path[PB_PATH_MAX + 16], where[PB_PATH_MAX + 32];
    snprintf(path, sizeof(path), "%s/results.csv", in->dir);
    int rc = 0;
    for (size_t r = 0; rc == 0 && r < in->rows; r++) {
        snprintf(where, sizeof(where), "%s:%u", path, in->line[r]);
        char *copy = strdup(in->row[r]), name[192];
        struct pb_row row;
        struct place *p = NULL;
        if (!copy)
            return pb_fail(e, -ENOMEM, "out of memory");
        rc = readback_csv_row(&in->layout, copy, path, in->line[r], &row, e);
        free(copy);
        if (rc)
            return rc;
        struct item it = {.input = i, .index = r, .line = in->row[r]};
        if (pb_bench_id_write(&row.id, name, sizeof(name)) < 0)
            return pb_fail(e, -EINVAL, "%s: a benchmark name too long", where);
        if (!(p = place_of(places, name, i, where, e)))
            return -EINVAL;
        /* an older file without the column: its rows are not numbered */
        if (row.verified && in->layout.at[PB_COL_REPETITION] >= 0)
            rc = readback_repetition_mark(&p->rows_seen, row.round,
                                          row.repetition, p->name, where, e);
        it.at = p->at;
        if (rc == 0 && push(rows, it))
            rc = pb_fail(e, -ENOMEM, "out of memory");
        if (rc == 0)
            in->row[r] = NULL; /* rows owns it now */
    }
    return rc;
}

/* A run's round (its "round" counter; 0 without one). */
static int64_t run_round(const json_t *run)
{
    const json_t *v = json_object_get(run, "round");
    double r = json_is_number(v) ? json_number_value(v) : 0;
    return r >= 0 && r < READBACK_MAX_ROUNDS ? (int64_t)r : -1;
}

/* The Google Benchmark runs of input i, each with its suite place. */
static int read_runs(struct merge_input *in, size_t i, struct place *places,
                     struct items *runs, struct pb_error *e)
{
    json_t *list = json_object_get(in->root, PB_JSON_BENCHMARKS);
    char where[PB_PATH_MAX + 48];
    for (size_t r = 0; r < json_array_size(list); r++) {
        json_t *run = json_array_get(list, r);
        const char *name = json_string_value(json_object_get(run, "name"));
        snprintf(where, sizeof(where), "%s/results.json: benchmarks[%zu]",
                 in->dir, r);
        if (!name)
            return pb_fail(e, -EINVAL, "%s: expected an object with a name",
                           where);
        struct item it = {.input = i, .index = r, .run = run};
        struct place *p = place_of(places, name, i, where, e);
        if (!p)
            return -EINVAL;
        int rc = readback_json_run_check(run, where, e);
        const json_t *rep = json_object_get(run, "repetition_index");
        if (rc == 1 && json_is_integer(rep))
            rc = readback_repetition_mark(&p->runs_seen, run_round(run),
                                          json_integer_value(rep), p->name,
                                          where, e);
        if (rc < 0)
            return rc;
        it.at = p->at;
        if (push(runs, it))
            return pb_fail(e, -ENOMEM, "out of memory");
    }
    return 0;
}

/* The joined results.csv: the header once, the rows in place order. */
static int join_csv(struct pb_merge *m, struct items *rows, struct pb_error *e)
{
    FILE *f = open_memstream(&m->csv, &m->csv_len);
    if (!f)
        return pb_fail(e, -ENOMEM, "out of memory");
    if (rows->n) /* v is NULL when there are none */
        qsort(rows->v, rows->n, sizeof(rows->v[0]), by_place);
    fprintf(f, "%s\n", m->in[0].header);
    for (size_t r = 0; r < rows->n; r++)
        fprintf(f, "%s\n", rows->v[r].line);
    m->rows = rows->n;
    return fclose(f) ? pb_fail(e, -ENOMEM, "out of memory") : 0;
}

int pb_merge_read(struct pb_merge *m, char *const *dirs, size_t n,
                  struct pb_error *e)
{
    memset(m, 0, sizeof(*m));
    if (n < 2)
        return pb_fail(e, -EINVAL,
                       "expected at least 2 results folders to merge");
    struct place *places = NULL, *p, *tmp;
    struct items rows = {0}, runs = {0};
    int rc = merge_inputs_load(m, dirs, n, e);
    for (size_t i = 0; rc == 0 && i < n; i++)
        rc = read_records(m, i, &places, e);
    for (size_t i = 0; rc == 0 && i < n; i++)
        rc = read_rows(&m->in[i], i, places, &rows, e);
    for (size_t i = 0; rc == 0 && i < n; i++)
        rc = read_runs(&m->in[i], i, places, &runs, e);
    if (rc == 0)
        rc = join_csv(m, &rows, e);
    if (rc == 0) {
        if (runs.n) /* v is NULL when there are none */
            qsort(runs.v, runs.n, sizeof(runs.v[0]), by_place);
        json_t *list = json_array();
        for (size_t r = 0; list && r < runs.n; r++)
            if (json_array_append(list, runs.v[r].run))
                json_decref(list), list = NULL;
        m->benchmarks = HASH_COUNT(places);
        rc = list ? merge_join_json(m, list, e)
                  : pb_fail(e, -ENOMEM, "out of memory");
        json_decref(list);
    }
    for (size_t r = 0; r < rows.n; r++)
        free(rows.v[r].line);
    free(rows.v);
    free(runs.v);
    HASH_ITER(hh, places, p, tmp)
    {
        /* the merged records carry the suite's places */
        if (rc == 0)
            rc = merge_record_place(m, p->key, p->at, e);
        /* HASH_ITER keeps tmp before HASH_DEL: uthash's documented idiom */
        /* NOLINTNEXTLINE(clang-analyzer-unix.Malloc) */
        HASH_DEL(places, p);
        readback_reps_free(&p->rows_seen);
        readback_reps_free(&p->runs_seen);
        free(p);
    }
    if (rc)
        pb_merge_free(m);
    return rc;
}
