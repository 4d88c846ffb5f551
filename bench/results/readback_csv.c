/*
 * readback_csv.c - reading results back (readback.h): the CSV here, the JSON in
 * readback_json.c, the choice between them in readback.c. The CSV's columns are
 * found by name in the header (schema.h lays them out and parses them), so
 * added columns do not break old readers and older files with fewer columns
 * still load. Names are checked against strict character sets as they are read:
 * they end up in gnuplot commands, HTML and Markdown, and a results file may
 * come from anyone. So are the values (readback_row_check): a count, threads
 * and processes in the ranges bench writes (so processes x threads cannot
 * overflow), times and counters finite and not negative, each repetition of a
 * benchmark once (a file joined with itself would double its samples and shrink
 * every p value), one header line; lines of any length up to
 * READBACK_LINE_MAX are read whole, so a long line is never read as two rows.
 * A results file is opened only if it is a regular file (readback_open): a
 * FIFO would block the reader. A two-sided file (bench --against) is
 * read one side at a time (READBACK_SIDE_A, READBACK_SIDE_B; side B by
 * default), so that the two builds' samples never mix as repetitions of one
 * benchmark. Everything is refused while reading,
 * before a reader writes anything.
 * Benchmarks are found by key through the index of names (name_index.h:
 * uthash), added again whenever their array grows (it doubles, so each
 * benchmark is added O(1) times on average), so reading R rows is O(R)
 * expected.
 */
#include "results/readback.h"

#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "pb_file.h"
#include "util/stats.h"

enum { NAME_MAX_LEN = sizeof(((struct readback_bench *)0)->kernel) - 1 };

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

bool readback_name_ok(const char *s)
{
    return name_in(s, "_");
}

bool readback_family_ok(const char *s)
{
    return name_in(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZ_:.-");
}

struct readback_bench *readback_get(const struct readback *t, const char *key)
{
    struct readback_bench *x;
    HASH_FIND_STR(t->index, key, x);
    return x;
}

/* Adds x to the index. 0, or -ENOMEM with x left out (uthash rolls
 * back). */
static int index_add(struct readback *t, struct readback_bench *x)
{
    bool added = true;
    HASH_ADD_STR(t->index, key, x);
    return added ? 0 : -ENOMEM;
}

/* Doubles b (64 at first) and indexes all of it again, since uthash
 * holds pointers to its records. 0, or -ENOMEM with the index emptied
 * (never half of it; the reader fails then). */
static int grow(struct readback *t)
{
    size_t cap = t->cap ? 2 * t->cap : 64;
    HASH_CLEAR(hh, t->index); /* while its records are where it says */
    struct readback_bench *b = realloc(t->b, cap * sizeof(*b));
    if (!b)
        return -ENOMEM;
    t->b = b;
    t->cap = cap;
    for (size_t i = 0; i < t->count; i++)
        if (index_add(t, &t->b[i])) {
            HASH_CLEAR(hh, t->index);
            return -ENOMEM;
        }
    return 0;
}

struct readback_bench *readback_bench_for(struct readback *t, const char *key)
{
    struct readback_bench *x = readback_get(t, key);
    if (x)
        return x;
    if (t->count == t->cap && grow(t))
        return NULL;
    x = &t->b[t->count++];
    /* t->b holds room for x: grow allocated it when count reached cap
     * (the analyzer does not follow grow's return) */
    /* NOLINTNEXTLINE(clang-analyzer-core.NonNullParamChecker) */
    memset(x, 0, sizeof(*x));
    snprintf(x->key, sizeof(x->key), "%s", key);
    x->peak_heap_bytes = NAN;
    x->units_per_instance = NAN;
    x->load_before = x->load_after = x->cpu_per_wall = NAN;
    if (index_add(t, x)) {
        t->count--;
        return NULL;
    }
    return x;
}

/* The row's kernel, variant and family are in their character sets. */
static int check_names(char *const *field, const struct pb_csv_layout *l,
                       const char *path, unsigned number, struct pb_error *e)
{
    static const enum pb_col name_col[] = {PB_COL_KERNEL, PB_COL_VARIANT,
                                           PB_COL_FAMILY};
    for (size_t k = 0; k < sizeof(name_col) / sizeof(name_col[0]); k++) {
        const char *v = pb_csv_text(l, field, name_col[k]);
        bool family = name_col[k] == PB_COL_FAMILY;
        if (family ? !readback_family_ok(v) : !readback_name_ok(v))
            return pb_fail(e, -EINVAL,
                           "%s:%u: %s '%.40s%s' is not a name; expected 1 "
                           "to %d characters in %s",
                           path, number, pb_col_name(name_col[k]), v,
                           strlen(v) > 40 ? "..." : "", (int)NAME_MAX_LEN,
                           family ? "[A-Za-z0-9_:.-]" : "[a-z0-9_]");
    }
    return 0;
}

FILE *readback_open(const char *path, const char *what, struct pb_error *e)
{
    FILE *f;
    struct stat st;
    int rc = pb_open_input(path, false, &f, &st);
    if (rc == -EINVAL)
        pb_fail(e, rc, "%s: %s, not a regular file; expected %s", path,
                pb_file_kind(&st), what);
    else if (rc)
        pb_fail(e, rc, "%s: cannot open: %s (expected %s)", path, strerror(-rc),
                what);
    if (rc)
        errno = -rc;
    return f;
}

void readback_json_beside(const char *path, char *out, size_t len)
{
    size_t n = strlen(path);
    if (n >= 5 && !strcmp(path + n - 5, ".json")) {
        snprintf(out, len, "%s", path);
        return;
    }
    const char *slash = strrchr(path, '/');
    int dir = slash ? (int)(slash - path) : 1;
    snprintf(out, len, "%.*s/results.json", dir, slash ? path : ".");
}

long readback_csv_line(FILE *f, char **line, size_t *cap)
{
    size_t n = 0;
    bool nul = false;
    int c;
    /* getc_unlocked: this thread owns the stream, and a row is read a
     * byte at a time so that a line over the cap is never held whole */
    while ((c = getc_unlocked(f)) != EOF && c != '\n') {
        if (n == READBACK_LINE_MAX)
            return -E2BIG;
        if (n + 1 >= *cap) {
            size_t grown = *cap ? 2 * *cap : 256;
            if (grown > READBACK_LINE_MAX + 1)
                grown = READBACK_LINE_MAX + 1;
            char *bigger = realloc(*line, grown);
            if (!bigger)
                return -ENOMEM;
            *line = bigger;
            *cap = grown;
        }
        nul |= c == '\0';
        (*line)[n++] = (char)c;
    }
    if (ferror(f))
        return -EIO;
    if (c == EOF && n == 0)
        return -1;
    if (*cap == 0) { /* an empty first line */
        if ((*line = malloc(1)) == NULL)
            return -ENOMEM;
        *cap = 1;
    }
    if (n && (*line)[n - 1] == '\r')
        n--;
    (*line)[n] = '\0';
    return nul ? -EILSEQ : (long)n;
}

int readback_csv_line_error(long rc, const char *path, unsigned number,
                            struct pb_error *e)
{
    switch (rc) {
    case -E2BIG:
        return pb_fail(e, -EINVAL,
                       "%s:%u: a line of more than %d bytes; expected a row "
                       "of a puzzlebench results.csv",
                       path, number, READBACK_LINE_MAX);
    case -EILSEQ:
        return pb_fail(e, -EINVAL,
                       "%s:%u: binary data (a NUL byte); expected a "
                       "puzzlebench results.csv",
                       path, number);
    case -ENOMEM:
        return pb_fail(e, -ENOMEM, "out of memory");
    default:
        return pb_fail(e, -EIO, "%s: cannot read: %s", path, strerror(errno));
    }
}

int readback_csv_row(const struct pb_csv_layout *l, char *line,
                     const char *path, unsigned number, struct pb_row *row,
                     struct pb_error *e)
{
    char *field[PB_CSV_MAX_FIELDS];
    int nf = pb_csv_split(l, line, field);
    if (nf < l->width)
        return pb_fail(e, -EINVAL, "%s:%u: %d columns; expected at least %d",
                       path, number, nf, l->width);
    /* no kernel is named "kernel": this is a header, as where two
     * results.csv files were joined with cat */
    if (!strcmp(pb_csv_text(l, field, PB_COL_KERNEL),
                pb_col_name(PB_COL_KERNEL)))
        return pb_fail(e, -EINVAL,
                       "%s:%u: a header line again; expected one header "
                       "line, then rows (two results files joined?)",
                       path, number);
    int rc = check_names(field, l, path, number, e);
    if (rc)
        return rc;
    enum pb_col bad = PB_COL_SECONDS;
    rc = pb_csv_row_read(l, field, row, &bad);
    if ((rc && (bad == PB_COL_SECONDS || bad == PB_COL_COUNT)) ||
        (!rc && ((row->verified && !(row->seconds >= 0)) || row->id.count < 1)))
        return pb_fail(e, -EINVAL,
                       "%s:%u: expected seconds >= 0 and a count >= 1, "
                       "found '%s' and '%s'",
                       path, number, pb_csv_text(l, field, PB_COL_SECONDS),
                       pb_csv_text(l, field, PB_COL_COUNT));
    if (rc)
        return pb_fail(e, -EINVAL, "%s:%u: column '%s': unexpected '%.40s'",
                       path, number, pb_col_name(bad),
                       pb_csv_text(l, field, bad));
    char where[PB_PATH_MAX + 16];
    snprintf(where, sizeof(where), "%s:%u", path, number);
    return readback_row_check(row, where, e);
}

/* The largest count of instances: every count up to it is exact in a
 * double, the type times per instance are divided in. */
#define READBACK_MAX_COUNT ((uint64_t)1 << 53)
/* 2^64: no byte or event count of one process goes beyond it. */
#define READBACK_MAX_TALLY 18446744073709551616.0

/* A measured value: absent (NaN), or from 0 to max (INFINITY: any
 * finite value). */
static int value_check(double v, double max, const char *name,
                       const char *counter, const char *where,
                       struct pb_error *e)
{
    if (isnan(v) || (v >= 0 && v <= max && isfinite(v)))
        return 0;
    return pb_fail(e, -EINVAL, "%s: %s%s%s: expected NA or a %s, found %.9g",
                   where, name, counter ? " " : "", counter ? counter : "",
                   isinf(max) ? "finite number >= 0" : "number from 0 to 2^64",
                   v);
}

int readback_row_check(const struct pb_row *row, const char *where,
                       struct pb_error *e)
{
    const struct pb_bench_id *id = &row->id;
    if (id->count < 1 || id->count > READBACK_MAX_COUNT)
        return pb_fail(e, -EINVAL,
                       "%s: count: expected 1 to %" PRIu64
                       " instances, found %" PRIu64,
                       where, READBACK_MAX_COUNT, id->count);
    if (id->threads < 1 || id->threads > PB_MAX_THREADS)
        return pb_fail(e, -EINVAL,
                       "%s: threads: expected 1 to %d threads per process, "
                       "found %" PRIu64,
                       where, PB_MAX_THREADS, id->threads);
    if (id->processes < 1 || id->processes > INT_MAX)
        return pb_fail(e, -EINVAL,
                       "%s: processes: expected 1 to %d processes, found "
                       "%" PRIu64,
                       where, INT_MAX, id->processes);
    if (row->round < 0 || row->round >= READBACK_MAX_ROUNDS)
        return pb_fail(e, -EINVAL,
                       "%s: round: expected 0 to %d, found %" PRId64, where,
                       READBACK_MAX_ROUNDS - 1, row->round);
    if (row->side[0] && strcmp(row->side, "A") && strcmp(row->side, "B")) {
        char shown[8];
        pb_escape_controls(row->side, shown, sizeof(shown));
        return pb_fail(e, -EINVAL,
                       "%s: side: expected A, B or nothing, found '%s'", where,
                       shown);
    }
    if (!row->verified)
        return 0; /* a failed run: nothing measured */
    if (!(isfinite(row->seconds) && row->seconds >= 0))
        return pb_fail(e, -EINVAL,
                       "%s: seconds: expected a finite time >= 0, found %.9g",
                       where, row->seconds);
    const struct {
        enum pb_col col;
        double v, max;
    } values[] = {
        {PB_COL_BUILD_SECONDS, row->build_seconds, INFINITY},
        {PB_COL_EXPANDED_PER_INSTANCE, row->expanded_per_instance,
         READBACK_MAX_TALLY},
        {PB_COL_UNITS_PER_INSTANCE, row->units_per_instance,
         READBACK_MAX_TALLY},
        {PB_COL_PEAK_HEAP_BYTES, row->peak_heap_bytes, READBACK_MAX_TALLY},
        {PB_COL_ALLOCATED_BYTES, row->allocated_bytes, READBACK_MAX_TALLY},
        {PB_COL_PEAK_RSS_BYTES, row->peak_rss_bytes, READBACK_MAX_TALLY},
        {PB_COL_LOAD_BEFORE, row->load_before, INFINITY},
        {PB_COL_LOAD_AFTER, row->load_after, INFINITY},
        {PB_COL_CPU_PER_WALL, row->cpu_per_wall, INFINITY},
        {PB_COL_CPU_SECONDS, row->cpu_seconds, INFINITY},
        {PB_COL_INVOLUNTARY_SWITCHES, row->involuntary_switches,
         READBACK_MAX_TALLY},
    };
    int rc = 0;
    for (size_t i = 0; rc == 0 && i < sizeof(values) / sizeof(values[0]); i++)
        rc = value_check(values[i].v, values[i].max, pb_col_name(values[i].col),
                         NULL, where, e);
    for (size_t i = 0; rc == 0 && i < row->work.n && i < PB_MAX_COUNTERS; i++)
        rc = value_check(row->work.counter[i].per_instance, READBACK_MAX_TALLY,
                         pb_col_name(PB_COL_COUNTERS_PER_INSTANCE),
                         row->work.counter[i].name, where, e);
    return rc;
}

int readback_repetition_mark(struct readback_reps *seen, int64_t round,
                             int64_t r, const char *name, const char *where,
                             struct pb_error *e)
{
    if (r < 0 || r >= READBACK_MAX_REPS)
        return pb_fail(e, -EINVAL,
                       "%s: repetition: expected 0 to %d, found %" PRId64,
                       where, READBACK_MAX_REPS - 1, r);
    if (round < 0 || round >= READBACK_MAX_ROUNDS)
        return pb_fail(e, -EINVAL,
                       "%s: round: expected 0 to %d, found %" PRId64, where,
                       READBACK_MAX_ROUNDS - 1, round);
    if ((size_t)round >= seen->rounds) {
        uint64_t *grown = realloc(seen->round, (size_t)(round + 1) * 8);
        if (!grown)
            return pb_fail(e, -ENOMEM, "out of memory");
        memset(grown + seen->rounds, 0,
               ((size_t)round + 1 - seen->rounds) * sizeof(*grown));
        seen->round = grown;
        seen->rounds = (size_t)round + 1;
    }
    uint64_t *word = &seen->round[round];
    if (*word >> r & 1)
        return pb_fail(e, -EINVAL,
                       "%s: repetition %" PRId64 "%s of %s again; expected "
                       "each repetition once (two results files joined?)",
                       where, r, round ? " of a round" : "", name);
    *word |= (uint64_t)1 << r;
    return 0;
}

void readback_reps_free(struct readback_reps *seen)
{
    free(seen->round);
    seen->round = NULL;
    seen->rounds = 0;
}

int readback_size_canonical(struct pb_bench_id *id, struct pb_error *e)
{
    const struct pb_kernel *k = pb_kernel_find(id->kernel);
    if (!k)
        return readback_family_ok(id->size)
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

void readback_bench_set_id(struct readback_bench *x,
                           const struct pb_bench_id *id)
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

/* A verified row (readback_csv_row read and checked it) as a sample of its
 * benchmark. */
static int read_row(struct pb_row *row, const struct pb_csv_layout *l,
                    struct readback *t, unsigned number, unsigned flags,
                    struct pb_error *e)
{
    struct pb_error why;
    if (readback_size_canonical(&row->id, &why))
        return pb_fail(e, -EINVAL, "%s:%u: column 'size': %s", t->path, number,
                       why.msg);
    if ((flags & READBACK_FIGURES) && row->seconds == 0)
        return pb_fail(e, -EINVAL,
                       "%s:%u: seconds: expected a time above 0 for a "
                       "figure, found 0",
                       t->path, number);
    char key[sizeof(t->b[0].key)];
    if (pb_bench_id_write(&row->id, key, sizeof(key)) < 0)
        return pb_fail(e, -EINVAL,
                       "%s:%u: a benchmark name of more than %zu "
                       "characters",
                       t->path, number, sizeof(key) - 1);
    struct readback_bench *x = readback_bench_for(t, key);
    if (!x)
        return pb_fail(e, -ENOMEM, "out of memory");
    char where[sizeof(t->path) + 16];
    snprintf(where, sizeof(where), "%s:%u", t->path, number);
    /* an older file without the column: its rows are not numbered */
    bool numbered = l->at[PB_COL_REPETITION] >= 0;
    if (numbered) {
        int rc = readback_repetition_mark(&x->seen, row->round, row->repetition,
                                          key, where, e);
        if (rc)
            return rc;
    }
    readback_bench_set_id(x, &row->id);
    x->build_seconds = isnan(row->build_seconds) ? 0 : row->build_seconds;
    x->work_per_instance =
        isnan(row->expanded_per_instance) ? 0 : row->expanded_per_instance;
    x->work = row->work;
    x->units_per_instance = row->units_per_instance;
    if (isnan(x->peak_heap_bytes) || row->peak_heap_bytes > x->peak_heap_bytes)
        x->peak_heap_bytes = row->peak_heap_bytes; /* "NA" leaves it NaN */
    readback_add_noise(x, row->load_before, row->load_after, row->cpu_per_wall);
    return readback_add_sample(t, x, row, numbered ? row->repetition : -1, e);
}

int readback_add_sample(struct readback *t, struct readback_bench *x,
                        const struct pb_row *row, int64_t repetition,
                        struct pb_error *e)
{
    if (x->n == READBACK_MAX_SAMPLES)
        return pb_fail(e, -E2BIG,
                       "%s: more than %d repetitions of %s; at most %d are "
                       "read",
                       t->path, READBACK_MAX_SAMPLES, x->key,
                       READBACK_MAX_SAMPLES);
    if (x->n == x->cap) {
        size_t cap = x->cap ? 2 * x->cap : 8;
        struct readback_sample *s = realloc(x->sample, cap * sizeof(*s));
        if (!s)
            return pb_fail(e, -ENOMEM, "out of memory");
        x->sample = s;
        x->cap = cap;
    }
    double count = (double)row->id.count;
    x->sample[x->n++] = (struct readback_sample){
        .wall = row->seconds / count,
        .cpu = row->cpu_seconds / count,
        .switches = row->involuntary_switches,
        .round = row->round,
        .repetition = repetition,
    };
    return 0;
}

enum readback_clock readback_clock_choose(unsigned flags, long threads,
                                          long processes, bool cpu_known)
{
    if (flags & READBACK_CLOCK_WALL_ONLY)
        return READBACK_CLOCK_WALL;
    if (flags & READBACK_CLOCK_CPU_ONLY)
        return READBACK_CLOCK_CPU;
    return threads * processes == 1 && cpu_known ? READBACK_CLOCK_CPU
                                                 : READBACK_CLOCK_WALL;
}

enum readback_clock readback_clock_for(const struct readback_bench *x)
{
    bool cpu_known = x->n > 0;
    for (size_t i = 0; cpu_known && i < x->n; i++)
        cpu_known = isfinite(x->sample[i].cpu);
    return readback_clock_choose(0, x->threads, x->processes, cpu_known);
}

int readback_clock_parse(const char *word, unsigned *flag)
{
    *flag = 0;
    if (!word)
        return 0;
    if (!strcmp(word, "cpu"))
        *flag = READBACK_CLOCK_CPU_ONLY;
    else if (!strcmp(word, "wall"))
        *flag = READBACK_CLOCK_WALL_ONLY;
    else
        return -EINVAL;
    return 0;
}

const char *readback_clock_word(unsigned flags)
{
    return flags & READBACK_CLOCK_CPU_ONLY    ? "cpu"
           : flags & READBACK_CLOCK_WALL_ONLY ? "wall"
                                              : NULL;
}

const char *readback_clock_name(enum readback_clock c)
{
    return c == READBACK_CLOCK_CPU ? "cpu" : "wall";
}

int readback_bench_clock(struct readback_bench *x, enum readback_clock c)
{
    double *v = realloc(x->per_instance, (x->n + 1) * sizeof(*v));
    if (!v)
        return -ENOMEM;
    x->per_instance = v;
    x->clock = c;
    for (size_t s = 0; s < x->n; s++) {
        v[s] = c == READBACK_CLOCK_CPU ? x->sample[s].cpu : x->sample[s].wall;
        if (!isfinite(v[s]))
            return -EINVAL;
    }
    return 0;
}

int readback_add_times(struct readback *t, struct readback_bench *x,
                       const double *per_instance, size_t n, struct pb_error *e)
{
    struct pb_row row = {
        .id.count = 1, .cpu_seconds = NAN, .involuntary_switches = NAN};
    int rc = 0;
    for (size_t i = 0; rc == 0 && i < n; i++) {
        row.seconds = per_instance[i];
        rc = readback_add_sample(t, x, &row, -1, e);
    }
    if (rc == 0 && (rc = readback_bench_clock(x, READBACK_CLOCK_WALL)) != 0)
        pb_fail(e, rc, "out of memory");
    x->rounds = 1;
    return rc;
}

int readback_clock_all(struct readback *t, unsigned flags, struct pb_error *e)
{
    for (size_t i = 0; i < t->count; i++) {
        struct readback_bench *x = &t->b[i];
        enum readback_clock c =
            flags & (READBACK_CLOCK_WALL_ONLY | READBACK_CLOCK_CPU_ONLY)
                ? readback_clock_choose(flags, x->threads, x->processes, true)
                : readback_clock_for(x);
        int rc = readback_bench_clock(x, c);
        if (rc == -EINVAL)
            return pb_fail(e, rc,
                           "%s: %s has no CPU time (results from before it "
                           "was recorded); expected --clock wall",
                           t->path, x->key);
        if (rc)
            return pb_fail(e, rc, "out of memory");
    }
    return 0;
}

int readback_finish(struct readback *t, unsigned flags, struct pb_error *e)
{
    int rc = readback_clock_all(t, flags, e);
    for (size_t i = 0; rc == 0 && i < t->count; i++) {
        struct readback_bench *x = &t->b[i];
        /* rounds are numbered from 0 by the run: count the distinct */
        x->rounds = 0;
        for (size_t r = 0; r < x->seen.rounds; r++)
            x->rounds += x->seen.round[r] != 0;
        if (x->rounds == 0 && x->n)
            x->rounds = 1; /* an older file: its one run */
    }
    return rc;
}

void readback_add_noise(struct readback_bench *x, double load_before,
                        double load_after, double cpu_per_wall)
{
    /* fmax and fmin return the other argument when one is NaN */
    x->load_before = fmax(x->load_before, load_before);
    x->load_after = fmax(x->load_after, load_after);
    x->cpu_per_wall = fmin(x->cpu_per_wall, cpu_per_wall);
}

int readback_csv_header(FILE *f, const char *path, struct pb_csv_layout *l,
                        char **line, size_t *cap, struct pb_error *e)
{
    enum pb_col missing;
    long n = readback_csv_line(f, line, cap);
    if (n == -1)
        return pb_fail(e, -EINVAL,
                       "%s:1: empty file; expected the results CSV header",
                       path);
    if (n < 0)
        return readback_csv_line_error(n, path, 1, e);
    if (pb_csv_layout_read(l, *line, &missing))
        return pb_fail(e, -EINVAL,
                       "%s:1: no column '%s'; expected the header of a "
                       "puzzlebench results.csv",
                       path, pb_col_name(missing));
    return 0;
}

int readback_load_csv(FILE *f, struct readback *t, unsigned flags,
                      struct pb_error *e)
{
    struct pb_csv_layout l = {0};
    char *line = NULL;
    size_t cap = 0;
    long n = 0;
    int rc = readback_csv_header(f, t->path, &l, &line, &cap, e);
    for (unsigned number = 2;
         rc == 0 && (n = readback_csv_line(f, &line, &cap)) != -1; number++) {
        struct pb_row row;
        if (n < 0)
            rc = readback_csv_line_error(n, t->path, number, e);
        else if (!line[0])
            continue;
        else if ((rc = readback_csv_row(&l, line, t->path, number, &row, e)) ==
                     0 &&
                 readback_side_keep(t, row.side, flags) && row.verified)
            rc = read_row(&row, &l, t, number, flags, e);
    }
    free(line);
    return rc;
}

bool readback_two_sided(const struct readback *t)
{
    return t->sides == (READBACK_SIDE_A | READBACK_SIDE_B);
}

bool readback_side_keep(struct readback *t, const char *side, unsigned flags)
{
    unsigned bit = !strcmp(side, "A")   ? READBACK_SIDE_A
                   : !strcmp(side, "B") ? READBACK_SIDE_B
                                        : 0;
    t->sides |= bit;
    if (flags & READBACK_SIDE_A)
        return bit == READBACK_SIDE_A;
    if (flags & READBACK_SIDE_B)
        return bit == READBACK_SIDE_B;
    return bit != READBACK_SIDE_A;
}

void readback_free(struct readback *t)
{
    for (size_t i = 0; t->b && i < t->count; i++) {
        free(t->b[i].sample);
        free(t->b[i].per_instance);
        readback_reps_free(&t->b[i].seen);
    }
    HASH_CLEAR(hh, t->index);
    free(t->b);
    t->b = NULL;
    t->count = t->cap = 0;
}

double readback_counter(const struct readback_bench *x,
                        const struct pb_kernel *k, size_t index)
{
    const struct pb_counter_def *defs;
    if (index >= pb_work_counters(k, &defs))
        return NAN;
    double v = pb_row_counter(&x->work, defs[index].name);
    return isnan(v) && index == PB_WORK_MAIN ? x->work_per_instance : v;
}

const struct readback_bench *readback_find_run(const struct readback *t,
                                               const struct readback_bench *b,
                                               const char *variant,
                                               long processes, long threads)
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
    return readback_get(t, key);
}

const struct readback_bench *readback_find(const struct readback *t,
                                           const struct readback_bench *b,
                                           long processes, long threads)
{
    return readback_find_run(t, b, b->variant, processes, threads);
}

double readback_median(const struct readback_bench *x)
{
    return readback_spread(x).median;
}

/* Median and quartiles of values[0..n) (n <= READBACK_MAX_SAMPLES); NaN
 * when there are none or one is not finite. */
static struct readback_spread spread_of(const double *values, size_t n)
{
    double sorted[READBACK_MAX_SAMPLES];
    for (size_t i = 0; i < n; i++)
        if (!isfinite(values[i]))
            n = 0;
    if (n == 0)
        return (struct readback_spread){NAN, NAN, NAN};
    memcpy(sorted, values, n * sizeof(double));
    double median = pb_median(sorted, n); /* sorts */
    return (struct readback_spread){median, pb_quantile(sorted, n, 0.25),
                                    pb_quantile(sorted, n, 0.75)};
}

struct readback_spread readback_spread(const struct readback_bench *x)
{
    return spread_of(x->per_instance, x->per_instance ? x->n : 0);
}

struct readback_spread readback_spread_on(const struct readback_bench *x,
                                          enum readback_clock c)
{
    if (c == x->clock)
        return readback_spread(x);
    double values[READBACK_MAX_SAMPLES];
    for (size_t i = 0; i < x->n; i++)
        values[i] =
            c == READBACK_CLOCK_CPU ? x->sample[i].cpu : x->sample[i].wall;
    return spread_of(values, x->n);
}
