/*
 * tidy.c - reading results back (tidy.h): the CSV here, the JSON in
 * tidy_json.c. The CSV's columns are found by name in the header
 * (schema.h lays them out and parses them), so added columns do not
 * break old readers and older files with fewer columns still load. Names are
 * checked against strict character sets as they are read: they end up in
 * gnuplot commands, HTML and Markdown, and a results file may come from anyone.
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

#include "stats.h"

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
    /* pb_fail returns its negative code: rc == 0 means the rows exist */
    /* NOLINTNEXTLINE(clang-analyzer-core.NonNullParamChecker) */
    memset(x, 0, sizeof(*x));
    snprintf(x->key, sizeof(x->key), "%s", key);
    x->peak_heap_bytes = NAN;
    x->units_per_instance = NAN;
    x->load_before = x->load_after = x->cpu_per_wall = NAN;
    t->slot[slot_of(t, x->key)] = t->count;
    return x;
}

static int read_header(FILE *f, struct tidy *t, struct pb_csv_layout *l,
                       struct pb_error *e)
{
    char line[4096];
    if (!fgets(line, sizeof(line), f))
        return pb_fail(e, -EINVAL,
                       "%s:1: empty file; expected the results CSV header",
                       t->path);
    line[strcspn(line, "\r\n")] = '\0';
    enum pb_col missing;
    if (pb_csv_layout_read(l, line, &missing))
        return pb_fail(e, -EINVAL,
                       "%s:1: no column '%s'; expected the header of a "
                       "puzzlebench results.csv",
                       t->path, pb_col_name(missing));
    return 0;
}

/* The row's kernel, variant and family are in their character sets. */
static int check_names(char *const *field, const struct pb_csv_layout *l,
                       const struct tidy *t, unsigned number,
                       struct pb_error *e)
{
    static const enum pb_col name_col[] = {PB_COL_KERNEL, PB_COL_VARIANT,
                                           PB_COL_FAMILY};
    for (size_t k = 0; k < sizeof(name_col) / sizeof(name_col[0]); k++) {
        const char *v = pb_csv_text(l, field, name_col[k]);
        bool family = name_col[k] == PB_COL_FAMILY;
        if (family ? !tidy_family_ok(v) : !tidy_name_ok(v))
            return pb_fail(e, -EINVAL,
                           "%s:%u: %s '%.40s%s' is not a name; expected 1 "
                           "to %d characters in %s",
                           t->path, number, pb_col_name(name_col[k]), v,
                           strlen(v) > 40 ? "..." : "", (int)NAME_MAX_LEN,
                           family ? "[A-Za-z0-9_:.-]" : "[a-z0-9_]");
    }
    return 0;
}

int tidy_size_canonical(struct pb_bench_id *id, struct pb_error *e)
{
    const struct pb_kernel *k = pb_kernel_find(id->kernel);
    if (!k)
        return tidy_family_ok(id->size)
                   ? 0
                   : pb_fail(e, -EINVAL,
                             "size '%.40s' of kernel %s is not a size; "
                             "expected 1 to 31 characters in "
                             "[A-Za-z0-9_:.-]",
                             id->size, id->kernel);
    struct pb_size s;
    int rc = pb_size_parse(k, id->size, &s, e);
    if (rc == 0 && pb_size_format(k, &s, id->size, sizeof(id->size)))
        rc = pb_fail(e, -EINVAL,
                     "%s: size '%s' has no text of at most %d "
                     "characters",
                     k->name, id->size, PB_ID_TEXT - 1);
    return rc;
}

void tidy_bench_set_id(struct tidy_bench *x, const struct pb_bench_id *id)
{
    snprintf(x->kernel, sizeof(x->kernel), "%s", id->kernel);
    snprintf(x->variant, sizeof(x->variant), "%s", id->variant);
    snprintf(x->family, sizeof(x->family), "%s", id->family);
    snprintf(x->size, sizeof(x->size), "%s", id->size);
    const struct pb_kernel *k = pb_kernel_find(id->kernel);
    struct pb_size s;
    char *end;
    if (k && pb_size_parse(k, id->size, &s, NULL) == 0) {
        x->size_x = pb_size_value(k, &s);
    } else {
        /* a kernel this build does not know: its size if it is a number */
        x->size_x = strtod(id->size, &end);
        if (end == id->size || *end)
            x->size_x = NAN;
    }
    x->count = (long)id->count;
    x->seed = id->seed;
    x->threads = (long)id->threads;
    x->processes = id->processes > 1 ? (long)id->processes : 1;
}

static int read_row(char *const *field, const struct pb_csv_layout *l,
                    struct tidy *t, unsigned number, struct pb_error *e)
{
    struct pb_row row;
    enum pb_col bad = PB_COL_SECONDS;
    int rc = pb_csv_row_read(l, field, &row, &bad);
    if ((rc && (bad == PB_COL_SECONDS || bad == PB_COL_COUNT)) ||
        (!rc && (!(row.seconds >= 0) || row.id.count < 1)))
        return pb_fail(e, -EINVAL,
                       "%s:%u: expected seconds >= 0 and a count >= 1, "
                       "found '%s' and '%s'",
                       t->path, number, pb_csv_text(l, field, PB_COL_SECONDS),
                       pb_csv_text(l, field, PB_COL_COUNT));
    if (rc)
        return pb_fail(e, -EINVAL, "%s:%u: column '%s': unexpected '%.40s'",
                       t->path, number, pb_col_name(bad),
                       pb_csv_text(l, field, bad));
    struct pb_error why;
    if (tidy_size_canonical(&row.id, &why))
        return pb_fail(e, -EINVAL, "%s:%u: column 'size': %s", t->path, number,
                       why.msg);
    char key[sizeof(t->b[0].key)];
    if (pb_bench_id_write(&row.id, key, sizeof(key)) < 0)
        return pb_fail(e, -EINVAL,
                       "%s:%u: a benchmark name of more than %zu "
                       "characters",
                       t->path, number, sizeof(key) - 1);
    struct tidy_bench *x = tidy_bench_for(t, key);
    if (!x)
        return pb_fail(e, -ENOMEM, "out of memory");
    tidy_bench_set_id(x, &row.id);
    x->build_seconds = isnan(row.build_seconds) ? 0 : row.build_seconds;
    x->work_per_instance =
        isnan(row.expanded_per_instance) ? 0 : row.expanded_per_instance;
    x->work = row.work;
    x->units_per_instance = row.units_per_instance;
    if (isnan(x->peak_heap_bytes) || row.peak_heap_bytes > x->peak_heap_bytes)
        x->peak_heap_bytes = row.peak_heap_bytes; /* "NA" leaves it NaN */
    tidy_add_noise(x, row.load_before, row.load_after, row.cpu_per_wall);
    return tidy_add_sample(t, x, row.seconds / (double)row.id.count, e);
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

void tidy_add_noise(struct tidy_bench *x, double load_before, double load_after,
                    double cpu_per_wall)
{
    /* fmax and fmin return the other argument when one is NaN */
    x->load_before = fmax(x->load_before, load_before);
    x->load_after = fmax(x->load_after, load_after);
    x->cpu_per_wall = fmin(x->cpu_per_wall, cpu_per_wall);
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
    struct pb_csv_layout l;
    int rc = read_header(f, t, &l, e);
    char line[4096], *field[PB_CSV_MAX_FIELDS];
    for (unsigned number = 2; rc == 0 && fgets(line, sizeof(line), f);
         number++) {
        line[strcspn(line, "\r\n")] = '\0';
        if (!line[0])
            continue;
        int nf = pb_csv_split(&l, line, field);
        /* pb_fail returns its negative code: rc == 0 means l is read */
        /* NOLINTNEXTLINE(clang-analyzer-core.UndefinedBinaryOperatorResult) */
        if (nf < l.width)
            rc = pb_fail(e, -EINVAL, "%s:%u: %d columns; expected at least %d",
                         t->path, number, nf, l.width);
        else if ((rc = check_names(field, &l, t, number, e)) == 0 &&
                 !strcmp(pb_csv_text(&l, field, PB_COL_VERIFIED), "1"))
            rc = read_row(field, &l, t, number, e);
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

double tidy_counter(const struct tidy_bench *x, const struct pb_kernel *k,
                    size_t index)
{
    const struct pb_counter_def *defs;
    if (index >= pb_work_counters(k, &defs))
        return NAN;
    double v = pb_row_counter(&x->work, defs[index].name);
    return isnan(v) && index == PB_WORK_MAIN ? x->work_per_instance : v;
}

const struct tidy_bench *tidy_find_run(const struct tidy *t,
                                       const struct tidy_bench *b,
                                       const char *variant, long processes,
                                       long threads)
{
    if (b->foreign || processes < 1 || threads < 1)
        return NULL;
    struct pb_bench_id id = {.count = (uint64_t)b->count,
                             .seed = b->seed,
                             .threads = (uint64_t)threads,
                             .processes = (uint64_t)processes};
    snprintf(id.kernel, sizeof(id.kernel), "%s", b->kernel);
    snprintf(id.variant, sizeof(id.variant), "%s", variant);
    snprintf(id.family, sizeof(id.family), "%s", b->family);
    snprintf(id.size, sizeof(id.size), "%s", b->size);
    char key[sizeof(b->key)];
    if (pb_bench_id_write(&id, key, sizeof(key)) < 0)
        return NULL;
    return tidy_get(t, key);
}

const struct tidy_bench *tidy_find(const struct tidy *t,
                                   const struct tidy_bench *b, long processes,
                                   long threads)
{
    return tidy_find_run(t, b, b->variant, processes, threads);
}

double tidy_median(const struct tidy_bench *x)
{
    double sorted[TIDY_MAX_REPS];
    if (x->n == 0)
        return NAN;
    memcpy(sorted, x->per_instance, x->n * sizeof(double));
    return pb_median(sorted, x->n);
}
