/*
 * tidy.c - reading results back (tidy.h): the CSV here, the JSON in
 * tidy_json.c. The CSV's columns are found by name in the header, so
 * added columns do not break old readers. Names are checked against
 * strict character sets as they are read: they end up in gnuplot
 * commands, HTML and Markdown, and a results file may come from anyone.
 * Benchmarks are found by key through an open-addressing hash index
 * (FNV-1a, linear probing, kept under half full), so reading R rows is
 * O(R) expected.
 */
#include "tidy.h"

#include <errno.h>
#include <math.h>
#include <stdint.h>
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

enum { NAME_MAX_LEN = sizeof(((struct tidy_bench *)0)->kernel) - 1 };

/* s is 1 to NAME_MAX_LEN characters, each in `allowed` or a lower-case
 * letter or digit. */
static bool name_in(const char *s, const char *allowed)
{
    size_t n = 0;
    for (; s[n]; n++)
        if (!(s[n] >= 'a' && s[n] <= 'z') && !(s[n] >= '0' && s[n] <= '9') &&
            !strchr(allowed, s[n]))
            return false;
    return n >= 1 && n <= NAME_MAX_LEN;
}

bool tidy_name_ok(const char *s)
{
    return name_in(s, "_");
}

bool tidy_family_ok(const char *s)
{
    return name_in(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZ_:.-");
}

static size_t key_hash(const char *key)
{
    uint64_t h = 14695981039346656037u; /* FNV-1a, 64 bits */
    for (const unsigned char *p = (const unsigned char *)key; *p; p++)
        h = (h ^ *p) * 1099511628211u;
    return (size_t)h;
}

/* The slot of key in the index: the one holding it, or the empty one
 * where it would go. t->slots > 0. */
static size_t slot_of(const struct tidy *t, const char *key)
{
    size_t mask = t->slots - 1, s = key_hash(key) & mask;
    while (t->slot[s] && strcmp(t->b[t->slot[s] - 1].key, key))
        s = (s + 1) & mask;
    return s;
}

struct tidy_bench *tidy_get(const struct tidy *t, const char *key)
{
    if (!t->slots)
        return NULL;
    size_t s = t->slot[slot_of(t, key)];
    return s ? &t->b[s - 1] : NULL;
}

/* Rebuilds the index with twice the slots (64 at first). 0 or -ENOMEM. */
static int grow_index(struct tidy *t)
{
    size_t slots = t->slots ? 2 * t->slots : 64;
    size_t *slot = calloc(slots, sizeof(*slot));
    if (!slot)
        return -ENOMEM;
    free(t->slot);
    t->slot = slot;
    t->slots = slots;
    for (size_t i = 0; i < t->count; i++)
        t->slot[slot_of(t, t->b[i].key)] = i + 1;
    return 0;
}

struct tidy_bench *tidy_bench_for(struct tidy *t, const char *key)
{
    struct tidy_bench *x = tidy_get(t, key);
    if (x)
        return x;
    if (2 * (t->count + 1) > t->slots && grow_index(t))
        return NULL;
    if (t->count == t->cap) {
        size_t cap = t->cap ? 2 * t->cap : 64;
        struct tidy_bench *b = realloc(t->b, cap * sizeof(*b));
        if (!b)
            return NULL;
        t->b = b;
        t->cap = cap;
    }
    x = &t->b[t->count++];
    memset(x, 0, sizeof(*x));
    snprintf(x->key, sizeof(x->key), "%s", key);
    x->peak_heap_bytes = NAN;
    t->slot[slot_of(t, x->key)] = t->count;
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

/* The row's kernel, variant and family are in their character sets. */
static int check_names(char **field, const int *col, const struct tidy *t,
                       unsigned number, struct pb_error *e)
{
    static const int name_col[] = {C_KERNEL, C_VARIANT, C_FAMILY};
    for (size_t k = 0; k < sizeof(name_col) / sizeof(name_col[0]); k++) {
        const char *v = field[col[name_col[k]]];
        bool family = name_col[k] == C_FAMILY;
        if (family ? !tidy_family_ok(v) : !tidy_name_ok(v))
            return pb_fail(e, -EINVAL,
                           "%s:%u: %s '%.40s%s' is not a name; expected 1 "
                           "to %d characters in %s",
                           t->path, number, column_name[name_col[k]], v,
                           strlen(v) > 40 ? "..." : "", (int)NAME_MAX_LEN,
                           family ? "[A-Za-z0-9_:.-]" : "[a-z0-9_]");
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
        else if ((rc = check_names(field, col, t, number, e)) == 0 &&
                 !strcmp(field[col[C_VERIFIED]], "1"))
            rc = read_row(field, col, t, number, e);
    }
    return rc;
}

int tidy_load(const char *arg, struct tidy *t, unsigned flags,
              struct pb_error *e)
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
    int rc = c == '{' || c == '[' ? tidy_load_json(f, t, flags, e)
                                  : load_csv(f, t, e);
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
    free(t->slot);
    t->b = NULL;
    t->slot = NULL;
    t->count = t->cap = t->slots = 0;
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
