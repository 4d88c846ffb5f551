/*
 * against_join.c - the parts of bench --against joined into one results
 * folder (against.h). Each part is a worker's results folder of one side
 * and one round. Its results.csv is read through readback.h's row reader
 * (the parser and checks compare and plot use) and each row written
 * again in this build's columns with its side set, its size in the
 * kernel's canonical syntax (a build of another commit may write an
 * older one), so that the joined file reads as one run; its results.json
 * runs are checked as merge checks them (readback_json_run_check) and kept
 * whole with their "side" added. The context is side B's (the build
 * under test: plot and the report describe it) with side A's beside it,
 * each key prefixed "A:", so that compare's provenance shows both
 * builds; the keys of one part (side, round_index, verified_in) are left
 * out. A benchmark's corpus hash must be one: the same in every round
 * of a side and on both sides; otherwise the two builds generated other
 * inputs, and nothing is written. Files are written whole through a
 * temporary (pb_write_atomically). O(rows + runs); benchmarks found
 * through a uthash table.
 */
#include "harness/against.h"

#include <errno.h>
#include <inttypes.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util/identity.h"
#include "results/context.h"
#include "results/schema.h"
#include "results/readback.h"
#include "util/name_index.h"

/* One benchmark's corpus as each side's rows say it. */
struct corpus_seen {
    char name[192];
    uint64_t hash[2]; /* side A's, side B's */
    int round[2];     /* where it was first seen (-1: not yet) */
    UT_hash_handle hh;
};

struct join {
    struct corpus_seen *seen;
    FILE *csv;
    json_t *runs;
    json_t *context[2]; /* the first part's of side A, of side B */
    json_t *load_start, *load_end;
    char diff[PB_PATH_MAX + 16]; /* side B's first build.diff ("": none) */
};

/* The keys of one worker's part, not of the joined run. */
static bool part_key(const char *key)
{
    return !strcmp(key, PB_CTX_SIDE) || !strcmp(key, PB_CTX_ROUND_INDEX) ||
           !strcmp(key, PB_CTX_VERIFIED_IN);
}

/* Notes that the part's row of benchmark `name` has corpus `hash`; an
 * error when the benchmark had another one before. */
static int note_corpus(struct join *j, const struct pb_against_part *p,
                       const char *name, uint64_t hash, struct pb_error *e)
{
    struct corpus_seen *c;
    int s = p->side == 'A' ? 0 : 1;
    HASH_FIND_STR(j->seen, name, c);
    if (!c) {
        if ((c = calloc(1, sizeof(*c))) == NULL)
            return pb_fail(e, -ENOMEM, "out of memory");
        snprintf(c->name, sizeof(c->name), "%s", name);
        c->round[0] = c->round[1] = -1;
        bool added = true;
        HASH_ADD_STR(j->seen, name, c);
        if (!added) {
            free(c);
            return pb_fail(e, -ENOMEM, "out of memory");
        }
    }
    if (c->round[s] < 0) {
        c->hash[s] = hash;
        c->round[s] = p->round;
    } else if (c->hash[s] != hash) {
        return pb_fail(e, -EINVAL,
                       "side %c timed %s on corpus %016" PRIx64
                       " in round %d and on %016" PRIx64
                       " in round %d; expected one corpus",
                       p->side, name, c->hash[s], c->round[s] + 1, hash,
                       p->round + 1);
    }
    if (c->round[1 - s] >= 0 && c->hash[1 - s] != hash)
        return pb_fail(
            e, -EINVAL,
            "side A timed %s on corpus %016" PRIx64 ", side B on %016" PRIx64
            ": the two builds generate different inputs, so "
            "their times cannot be compared (time one corpus "
            "file on both: --corpus FILE)",
            name, s == 0 ? hash : c->hash[0], s == 1 ? hash : c->hash[1]);
    return 0;
}

/* One row of part p's results.csv (read and checked by readback_csv_row),
 * written again with its side. */
static int join_row(struct join *j, const struct pb_against_part *p,
                    struct pb_row *row, const char *where, struct pb_error *e)
{
    struct pb_error why;
    if (row->side[0] && row->side[0] != p->side)
        return pb_fail(e, -EINVAL, "%s: a row of side %s in side %c's part",
                       where, row->side, p->side);
    if (row->round != p->round)
        return pb_fail(e, -EINVAL,
                       "%s: a row of round %" PRId64 " in round %d's part",
                       where, row->round + 1, p->round + 1);
    if (readback_size_canonical(&row->id, &why))
        return pb_fail(e, -EINVAL, "%s: size: %s", where, why.msg);
    row->side[0] = p->side;
    row->side[1] = '\0';
    char name[192];
    if (pb_bench_id_write(&row->id, name, sizeof(name)) < 0)
        return pb_fail(e, -EINVAL, "%s: a benchmark name too long", where);
    int rc =
        row->corpus_hash ? note_corpus(j, p, name, row->corpus_hash, e) : 0;
    if (rc == 0) {
        pb_csv_row_write(j->csv, row);
        fputc('\n', j->csv);
    }
    return rc;
}

/* Part p's results.csv, row by row; none (a worker that wrote no row) is
 * no error. */
static int join_csv(struct join *j, const struct pb_against_part *p,
                    struct pb_error *e)
{
    char path[PB_PATH_MAX + 16];
    snprintf(path, sizeof(path), "%s/results.csv", p->dir);
    if (access(path, F_OK) != 0)
        return 0;
    FILE *f = readback_open(path, "the results.csv of a side", e);
    if (!f)
        return -EINVAL;
    struct pb_csv_layout l = {0};
    char *line = NULL;
    size_t cap = 0;
    long n = 0;
    int rc = readback_csv_header(f, path, &l, &line, &cap, e);
    for (unsigned number = 2;
         rc == 0 && (n = readback_csv_line(f, &line, &cap)) != -1; number++) {
        struct pb_row row;
        char where[sizeof(path) + 16];
        snprintf(where, sizeof(where), "%s:%u", path, number);
        if (n < 0)
            rc = readback_csv_line_error(n, path, number, e);
        else if (line[0] &&
                 (rc = readback_csv_row(&l, line, path, number, &row, e)) == 0)
            rc = join_row(j, p, &row, where, e);
    }
    free(line);
    fclose(f);
    return rc;
}

/* Part p's results.json: its runs (each with its side) and, for the
 * first part of a side, its context; the load at the first part's start
 * and the last one's end. None is no error. */
static int join_json(struct join *j, const struct pb_against_part *p,
                     bool first, struct pb_error *e)
{
    char path[PB_PATH_MAX + 16];
    snprintf(path, sizeof(path), "%s/results.json", p->dir);
    if (access(path, F_OK) != 0)
        return 0;
    json_t *root;
    if (pb_json_load(path, "the results.json of a side", &root, e))
        return -EINVAL;
    const json_t *runs = json_object_get(root, PB_JSON_BENCHMARKS);
    json_t *context = pb_context_in(root);
    int rc = 0;
    if (!json_is_array(runs) || !context)
        rc = pb_fail(e, -EINVAL,
                     "%s: expected the Google Benchmark JSON that bench "
                     "writes (a context and benchmarks)",
                     path);
    for (size_t i = 0; rc == 0 && i < json_array_size(runs); i++) {
        json_t *run = json_array_get(runs, i);
        char where[sizeof(path) + 48];
        snprintf(where, sizeof(where), "%s: benchmarks[%zu]", path, i);
        char side[2] = {p->side, '\0'};
        if ((rc = readback_json_run_check(run, where, e)) >= 0)
            rc = json_object_set_new(run, "side", json_string(side)) ||
                         json_array_append(j->runs, run)
                     ? pb_fail(e, -ENOMEM, "out of memory")
                     : 0;
    }
    int s = p->side == 'A' ? 0 : 1;
    if (rc == 0 && !j->context[s])
        j->context[s] = json_incref(context);
    json_t *start = json_object_get(context, PB_CTX_LOAD_START);
    json_t *end = json_object_get(context, PB_CTX_LOAD_END);
    if (rc == 0 && first && start)
        j->load_start = json_incref(start);
    if (rc == 0 && end) {
        json_decref(j->load_end);
        j->load_end = json_incref(end);
    }
    if (rc == 0 && s == 1 && !j->diff[0] &&
        (snprintf(j->diff, sizeof(j->diff), "%s/" PB_DIFF_FILE, p->dir) >=
             (int)sizeof(j->diff) ||
         access(j->diff, F_OK) != 0))
        j->diff[0] = '\0';
    json_decref(root);
    return rc;
}

/* The joined context: side B's, side A's keys prefixed "A:", keys[]
 * (key/value pairs), the run's loads. A new reference, or NULL. */
static json_t *joined_context(struct join *j, const char *const *keys)
{
    json_t *c = json_object();
    const char *key;
    json_t *value;
    json_object_foreach(j->context[1], key, value)
    {
        if (!part_key(key))
            json_object_set(c, key, value);
    }
    json_object_foreach(j->context[0], key, value)
    {
        char prefixed[512];
        if (!part_key(key) &&
            (size_t)snprintf(prefixed, sizeof(prefixed),
                             PB_CTX_SIDE_A_PREFIX "%s", key) < sizeof(prefixed))
            json_object_set(c, prefixed, value);
    }
    for (size_t i = 0; keys[i] && keys[i + 1]; i += 2)
        json_object_set_new(c, keys[i], json_string(keys[i + 1]));
    if (j->load_start)
        json_object_set(c, PB_CTX_LOAD_START, j->load_start);
    if (j->load_end)
        json_object_set(c, PB_CTX_LOAD_END, j->load_end);
    return c;
}

/* A copy of file `from` as `to` (side B's build.diff): 0 or an error. */
static int copy_file(const char *from, const char *to, struct pb_error *e)
{
    FILE *f = fopen(from, "rb");
    char *text = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&text, &len);
    char buf[1 << 14];
    size_t n;
    int rc = f && mem ? 0 : -errno;
    while (rc == 0 && (n = fread(buf, 1, sizeof(buf), f)) > 0)
        if (fwrite(buf, 1, n, mem) != n)
            rc = -ENOMEM;
    if (f)
        fclose(f);
    if (mem && fclose(mem) && rc == 0)
        rc = -ENOMEM;
    if (rc == 0)
        rc = pb_write_atomically(to, text, len);
    free(text);
    return rc ? pb_fail(e, rc, "%s: cannot write: %s", to, pb_file_error(rc))
              : 0;
}

static int write_all(struct join *j, const char *dir, const char *csv,
                     size_t csv_len, const char *const *keys,
                     struct pb_error *e)
{
    char path[PB_PATH_MAX + 16];
    json_t *root = json_object();
    json_object_set_new(root, PB_JSON_CONTEXT, joined_context(j, keys));
    json_object_set(root, PB_JSON_BENCHMARKS, j->runs);
    char *text = json_dumps(root, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
    json_decref(root);
    if (!text)
        return pb_fail(e, -ENOMEM, "out of memory");
    snprintf(path, sizeof(path), "%s/results.csv", dir);
    int rc = pb_write_atomically(path, csv, csv_len);
    if (rc == 0) {
        snprintf(path, sizeof(path), "%s/results.json", dir);
        rc = pb_write_atomically(path, text, strlen(text));
    }
    free(text);
    if (rc)
        return pb_fail(e, rc, "%s: cannot write: %s", path, pb_file_error(rc));
    snprintf(path, sizeof(path), "%s/" PB_DIFF_FILE, dir);
    return j->diff[0] ? copy_file(j->diff, path, e) : 0;
}

int pb_against_join(const char *dir, const struct pb_against_part *parts,
                    size_t n, const char *const *keys, struct pb_error *e)
{
    struct join j = {.runs = json_array()};
    char *csv = NULL;
    size_t csv_len = 0;
    j.csv = open_memstream(&csv, &csv_len);
    int rc = j.csv && j.runs ? 0 : pb_fail(e, -ENOMEM, "out of memory");
    if (rc == 0) {
        pb_csv_header_write(j.csv);
        fputc('\n', j.csv);
    }
    bool first = true;
    for (size_t i = 0; rc == 0 && i < n; i++) {
        if (!parts[i].dir[0])
            continue;
        rc = join_csv(&j, &parts[i], e);
        if (rc == 0)
            rc = join_json(&j, &parts[i], first, e);
        first = false;
    }
    if (j.csv && fclose(j.csv) && rc == 0)
        rc = pb_fail(e, -ENOMEM, "out of memory");
    if (rc == 0)
        rc = write_all(&j, dir, csv, csv_len, keys, e);
    free(csv);
    struct corpus_seen *c, *next;
    HASH_ITER(hh, j.seen, c, next)
    {
        /* HASH_ITER keeps next before HASH_DEL: uthash's documented idiom */
        /* NOLINTNEXTLINE(clang-analyzer-unix.Malloc) */
        HASH_DEL(j.seen, c);
        free(c);
    }
    json_decref(j.runs);
    json_decref(j.context[0]);
    json_decref(j.context[1]);
    json_decref(j.load_start);
    json_decref(j.load_end);
    return rc;
}

/* What part p's completion record says of benchmark name: "timed",
 * "skipped", "failed", or NULL. */
static const char *outcome_in(const struct pb_completion *c, const char *name)
{
    return json_string_value(
        json_object_get(json_object_get(c->doc, "outcomes"), name));
}

int pb_against_completion(const char *dir, char (*names)[192],
                          const int *rounds, size_t count,
                          const struct pb_against_part *parts, size_t n,
                          bool ended, struct pb_error *e)
{
    struct pb_completion c, *of = calloc(n + 1, sizeof(*of));
    if (!of)
        return pb_fail(e, -ENOMEM, "out of memory");
    int rc = pb_completion_new(&c, "bench", NULL, e);
    for (size_t i = 0; rc == 0 && i < n; i++) {
        struct pb_error ignored; /* a part without one: its outcomes lack */
        if (parts[i].dir[0] &&
            pb_completion_load(&of[i], parts[i].dir, &ignored))
            of[i].doc = NULL;
    }
    for (size_t k = 0; rc == 0 && k < count; k++) {
        if (pb_completion_plan(&c, names[k], true)) {
            rc = pb_fail(e, -ENOMEM, "out of memory");
            break;
        }
        /* every round the benchmark has, on both sides */
        int have = 0;
        enum pb_outcome worst = PB_OUTCOME_TIMED;
        for (size_t i = 0; i < n; i++) {
            const char *said = parts[i].round < rounds[k]
                                   ? outcome_in(&of[i], names[k])
                                   : NULL;
            have += said != NULL;
            if (said && !strcmp(said, "failed"))
                worst = PB_OUTCOME_FAILED;
            else if (said && !strcmp(said, "skipped") &&
                     worst != PB_OUTCOME_FAILED)
                worst = PB_OUTCOME_SKIPPED;
        }
        if (have == 2 * rounds[k] && pb_completion_outcome(&c, names[k], worst))
            rc = pb_fail(e, -ENOMEM, "out of memory");
    }
    if (rc == 0)
        rc = pb_completion_save(&c, dir, ended, e);
    for (size_t i = 0; i < n; i++)
        pb_completion_free(&of[i]);
    free(of);
    pb_completion_free(&c);
    return rc;
}
