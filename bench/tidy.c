/*
 * tidy.c - reading results back (tidy.h): the CSV here, the JSON in
 * tidy_json.c. The CSV's columns are found by name in the header, so
 * added columns do not break old readers.
 * O(rows * benchmarks) (linear look-up per row; suites hold hundreds).
 */
#include "tidy.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

enum {
    C_KERNEL,
    C_VARIANT,
    C_FAMILY,
    C_SIZE,
    C_COUNT,
    C_SEED,
    C_THREADS,
    C_SECONDS,
    C_BUILD,
    C_WORK,
    C_HEAP,
    C_VERIFIED,
    C_COLUMNS
};
static const char *const column_name[C_COLUMNS] = {
    "kernel",          "variant",
    "family",          "size",
    "count",           "seed",
    "threads",         "seconds",
    "build_seconds",   "expanded_per_instance",
    "peak_heap_bytes", "verified"};

enum { MAX_FIELDS = 64 };

/* Splits a CSV line in place (the columns read here hold no commas). */
static int split(char *line, char **field)
{
    int n = 0;
    for (char *p = line; n < MAX_FIELDS;) {
        field[n++] = p;
        char *comma = strchr(p, ',');
        if (!comma)
            break;
        *comma = '\0';
        p = comma + 1;
    }
    return n;
}

struct tidy_bench *tidy_bench_for(struct tidy *t, const char *key)
{
    for (size_t i = 0; i < t->count; i++)
        if (!strcmp(t->b[i].key, key))
            return &t->b[i];
    if (t->count == t->cap) {
        size_t cap = t->cap ? 2 * t->cap : 64;
        struct tidy_bench *b = realloc(t->b, cap * sizeof(*b));
        if (!b)
            return NULL;
        t->b = b;
        t->cap = cap;
    }
    struct tidy_bench *x = &t->b[t->count++];
    memset(x, 0, sizeof(*x));
    snprintf(x->key, sizeof(x->key), "%s", key);
    x->peak_heap_bytes = NAN;
    return x;
}

static int read_header(FILE *f, struct tidy *t, int *col, struct pb_error *e)
{
    char line[4096], *field[MAX_FIELDS];
    if (!fgets(line, sizeof(line), f))
        return pb_fail(e, -EINVAL,
                       "%s:1: empty file; expected the results CSV header",
                       t->path);
    line[strcspn(line, "\r\n")] = '\0';
    int nf = split(line, field);
    for (int k = 0; k < C_COLUMNS; k++) {
        col[k] = -1;
        for (int j = 0; j < nf; j++)
            if (!strcmp(field[j], column_name[k]))
                col[k] = j;
        if (col[k] < 0)
            return pb_fail(e, -EINVAL,
                           "%s:1: no column '%s'; expected the header of a "
                           "puzzlebench results.csv",
                           t->path, column_name[k]);
    }
    return 0;
}

static int read_row(char **field, const int *col, struct tidy *t,
                    unsigned number, struct pb_error *e)
{
    char *end;
    double seconds = strtod(field[col[C_SECONDS]], &end);
    double count = strtod(field[col[C_COUNT]], NULL);
    if (*end || !(seconds >= 0) || !(count >= 1))
        return pb_fail(e, -EINVAL,
                       "%s:%u: expected seconds >= 0 and a count >= 1, "
                       "found '%s' and '%s'",
                       t->path, number, field[col[C_SECONDS]],
                       field[col[C_COUNT]]);
    char key[160];
    snprintf(key, sizeof(key), "%s/%s/%s/size:%s/n:%s/seed:%s/threads:%s",
             field[col[C_KERNEL]], field[col[C_VARIANT]], field[col[C_FAMILY]],
             field[col[C_SIZE]], field[col[C_COUNT]], field[col[C_SEED]],
             field[col[C_THREADS]]);
    struct tidy_bench *x = tidy_bench_for(t, key);
    if (!x)
        return pb_fail(e, -ENOMEM, "out of memory");
    snprintf(x->kernel, sizeof(x->kernel), "%s", field[col[C_KERNEL]]);
    snprintf(x->variant, sizeof(x->variant), "%s", field[col[C_VARIANT]]);
    snprintf(x->family, sizeof(x->family), "%s", field[col[C_FAMILY]]);
    x->size = strtol(field[col[C_SIZE]], NULL, 10);
    x->count = (long)count;
    x->seed = strtoull(field[col[C_SEED]], NULL, 10);
    x->threads = strtol(field[col[C_THREADS]], NULL, 10);
    x->build_seconds = strtod(field[col[C_BUILD]], NULL);
    x->work_per_instance = strtod(field[col[C_WORK]], NULL);
    double heap = strtod(field[col[C_HEAP]], &end);
    if (!*end && (isnan(x->peak_heap_bytes) || heap > x->peak_heap_bytes))
        x->peak_heap_bytes = heap; /* "NA" leaves it NaN */
    return tidy_add_sample(t, x, seconds / count, e);
}

int tidy_add_sample(struct tidy *t, struct tidy_bench *x, double per_instance,
                    struct pb_error *e)
{
    if (x->n == TIDY_MAX_REPS)
        return pb_fail(e, -E2BIG,
                       "%s: more than %d repetitions of %s; at most %d are "
                       "read",
                       t->path, TIDY_MAX_REPS, x->key, TIDY_MAX_REPS);
    x->per_instance[x->n++] = per_instance;
    return 0;
}

/* The file's first character that is not white space, or EOF. */
static int first_char(FILE *f)
{
    int c;
    while ((c = getc(f)) != EOF &&
           (c == ' ' || c == '\t' || c == '\n' || c == '\r'))
        ;
    return c;
}

static int load_csv(FILE *f, struct tidy *t, struct pb_error *e)
{
    int col[C_COLUMNS], maxcol = 0;
    int rc = read_header(f, t, col, e);
    for (int k = 0; k < C_COLUMNS; k++)
        maxcol = col[k] > maxcol ? col[k] : maxcol;
    char line[4096], *field[MAX_FIELDS];
    for (unsigned number = 2; rc == 0 && fgets(line, sizeof(line), f);
         number++) {
        line[strcspn(line, "\r\n")] = '\0';
        if (!line[0])
            continue;
        int nf = split(line, field);
        if (nf <= maxcol)
            rc = pb_fail(e, -EINVAL, "%s:%u: %d columns; expected at least %d",
                         t->path, number, nf, maxcol + 1);
        else if (!strcmp(field[col[C_VERIFIED]], "1"))
            rc = read_row(field, col, t, number, e);
    }
    return rc;
}

int tidy_load(const char *arg, struct tidy *t, struct pb_error *e)
{
    struct stat st;
    memset(t, 0, sizeof(*t));
    snprintf(t->path, sizeof(t->path), "%s", arg);
    if (stat(arg, &st) == 0 && S_ISDIR(st.st_mode)) {
        /* the CSV when present (it keeps unverified rows apart), else the
         * raw JSON */
        char json[sizeof(t->path)];
        snprintf(t->path, sizeof(t->path), "%s/results.csv", arg);
        snprintf(json, sizeof(json), "%s/results.json", arg);
        if (access(t->path, F_OK) != 0 && access(json, F_OK) == 0)
            memcpy(t->path, json, sizeof(json));
    }
    FILE *f = fopen(t->path, "r");
    if (!f)
        return pb_fail(e, -errno,
                       "%s: cannot open: %s (expected a results folder, "
                       "a results.csv or a Google Benchmark JSON file)",
                       t->path, strerror(errno));
    int c = first_char(f);
    rewind(f);
    int rc = c == '{' || c == '[' ? tidy_load_json(f, t, e) : load_csv(f, t, e);
    fclose(f);
    if (rc == 0 && t->count == 0)
        rc = pb_fail(e, -EINVAL, "%s: no verified results", t->path);
    if (rc)
        tidy_free(t);
    return rc;
}

void tidy_free(struct tidy *t)
{
    free(t->b);
    t->b = NULL;
    t->count = t->cap = 0;
}

const struct tidy_bench *tidy_find(const struct tidy *t,
                                   const struct tidy_bench *b, long threads)
{
    for (size_t i = 0; i < t->count; i++) {
        const struct tidy_bench *x = &t->b[i];
        if (x->threads == threads && x->size == b->size &&
            x->count == b->count && x->seed == b->seed &&
            !strcmp(x->kernel, b->kernel) && !strcmp(x->variant, b->variant) &&
            !strcmp(x->family, b->family))
            return x;
    }
    return NULL;
}
