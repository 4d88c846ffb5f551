/*
 * summary.c - the summary CSV of summary.h. Quartiles are type-7 (linear)
 * over the verified repetitions; the speed-up's bars are
 * q1(1 x 1) / q3(P x T) .. q3(1 x 1) / q1(P x T) (P MPI processes of T
 * threads against one process of one thread), and the ratio's
 * q1 / q3(baseline) .. q3 / q1(baseline): the spread of either side,
 * taken pessimistically. The baseline is matched at the same processes
 * and threads (like with like); the sweeps take plain serial runs only
 * (one process, one thread), so that an MPI run merged beside them never
 * lands on their lines. The size sweep (summary.h) lets figures draw one
 * line per variant across sizes instead of a column of unrelated
 * corpora at each size; the knob sweep (NAME:K at one size) one line
 * per variant across knobs. O(benchmarks^2) matching.
 */
#include "summary.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "pb_file.h"
#include "stats.h"

enum { STYLES = 16 };

struct spread {
    double median, q1, q3;
};

static struct spread spread_of(const struct tidy_bench *b)
{
    double sorted[TIDY_MAX_REPS];
    memcpy(sorted, b->per_instance, b->n * sizeof(double));
    double median = pb_median(sorted, b->n); /* sorts */
    return (struct spread){median, pb_quantile(sorted, b->n, 0.25),
                           pb_quantile(sorted, b->n, 0.75)};
}

bool pb_summary_serial(const struct tidy_bench *b)
{
    return b->threads == 1 && b->processes == 1;
}

int pb_summary_style(const char *variant)
{
    const char *seen[256];
    int n = 0;
    for (size_t k = 0; pb_kernels[k]; k++)
        for (size_t v = 0; pb_kernels[k]->variants[v]; v++) {
            const char *name = pb_kernels[k]->variants[v]->name;
            bool dup = false;
            for (int j = 0; j < n && !dup; j++)
                dup = !strcmp(seen[j], name);
            if (dup || n == 256)
                continue;
            seen[n++] = name;
            if (!strcmp(name, variant))
                return (n - 1) % STYLES + 1;
        }
    return STYLES; /* a variant no longer registered */
}

static bool has(const struct tidy *t, const char *kernel, const char *variant)
{
    for (size_t i = 0; i < t->count; i++)
        if (!strcmp(t->b[i].kernel, kernel) &&
            !strcmp(t->b[i].variant, variant))
            return true;
    return false;
}

const char *pb_summary_baseline(const struct tidy *t, const char *kernel,
                                const char *wanted)
{
    if (wanted && has(t, kernel, wanted))
        return wanted;
    const struct pb_kernel *k = pb_kernel_find(kernel);
    for (size_t v = 0; k && k->variants[v]; v++)
        if (has(t, kernel, k->variants[v]->name))
            return k->variants[v]->name;
    return NULL;
}

/* Distinct sizes of kernel's family at one process of one thread. */
static size_t sizes_of(const struct tidy *t, const char *kernel,
                       const char *family)
{
    size_t n = 0;
    for (size_t i = 0; i < t->count; i++) {
        const struct tidy_bench *x = &t->b[i];
        if (!pb_summary_serial(x) || strcmp(x->kernel, kernel) ||
            strcmp(x->family, family))
            continue;
        bool seen = false;
        for (size_t j = 0; j < i && !seen; j++)
            seen = pb_summary_serial(&t->b[j]) &&
                   !strcmp(t->b[j].size, x->size) &&
                   !strcmp(t->b[j].kernel, kernel) &&
                   !strcmp(t->b[j].family, family);
        n += !seen;
    }
    return n;
}

const char *pb_summary_sweep_family(const struct tidy *t, const char *kernel)
{
    const char *best = NULL;
    size_t best_sizes = 0;
    for (size_t i = 0; i < t->count; i++) {
        bool seen = strcmp(t->b[i].kernel, kernel) != 0;
        for (size_t j = 0; j < i && !seen; j++)
            seen = !strcmp(t->b[j].kernel, kernel) &&
                   !strcmp(t->b[j].family, t->b[i].family);
        if (seen)
            continue; /* another kernel's, or a family already counted */
        size_t n = sizes_of(t, kernel, t->b[i].family);
        if (n > best_sizes) {
            best = t->b[i].family;
            best_sizes = n;
        }
    }
    return best;
}

bool pb_summary_in_sweep(const struct tidy_bench *b, const char *sweep)
{
    return pb_summary_serial(b) && sweep && !strcmp(b->family, sweep);
}

double pb_summary_size_x(const struct tidy_bench *b)
{
    return b->size_x;
}

/* b is on its kernel's sweep (`family`): in that family at one process
 * of one thread, and the largest corpus (the first of equals) of its
 * variant at its size. */
static bool on_sweep(const struct tidy *t, const struct tidy_bench *b,
                     const char *family)
{
    if (!pb_summary_in_sweep(b, family))
        return false;
    for (const struct tidy_bench *x = t->b; x < t->b + t->count; x++)
        if (x != b && pb_summary_serial(x) && !strcmp(x->size, b->size) &&
            (x->count > b->count || (x->count == b->count && x < b)) &&
            !strcmp(x->kernel, b->kernel) && !strcmp(x->variant, b->variant) &&
            !strcmp(x->family, b->family))
            return false;
    return true;
}

/* variant's benchmark on b's corpus at b's processes and threads. */
static const struct tidy_bench *same_corpus(const struct tidy *t,
                                            const struct tidy_bench *b,
                                            const char *variant)
{
    for (size_t i = 0; i < t->count; i++) {
        const struct tidy_bench *x = &t->b[i];
        if (!strcmp(x->variant, variant) && x->threads == b->threads &&
            x->processes == b->processes && !strcmp(x->size, b->size) &&
            x->count == b->count && x->seed == b->seed &&
            !strcmp(x->kernel, b->kernel) && !strcmp(x->family, b->family))
            return x;
    }
    return NULL;
}

static void number(FILE *f, double v)
{
    if (isfinite(v))
        fprintf(f, ",%.9g", v);
    else
        fputs(",NaN", f);
}

static void write_row(FILE *f, const struct tidy *t, const struct tidy_bench *b,
                      const char *baseline, const char *sweep_family,
                      int corpus)
{
    struct spread s = spread_of(b);
    fprintf(f, "%s,%s,%s,%s,%ld,%llu,%ld,%zu", b->kernel, b->variant, b->family,
            b->size, b->count, b->seed, b->threads, b->n);
    number(f, s.median);
    number(f, s.q1);
    number(f, s.q3);
    number(f, b->build_seconds);
    number(f, b->work_per_instance);
    number(f, b->peak_heap_bytes);
    const struct tidy_bench *one = tidy_find(t, b, 1, 1); /* serial */
    double speedup = NAN, lo = NAN, hi = NAN;
    if (one && s.median > 0 && s.q1 > 0) {
        struct spread s1 = spread_of(one);
        speedup = s1.median / s.median;
        lo = s1.q1 / s.q3;
        hi = s1.q3 / s.q1;
    }
    number(f, speedup);
    number(f, lo);
    number(f, hi);
    number(f, speedup / (double)(b->processes * b->threads)); /* per core */
    fprintf(f, ",%s", baseline ? baseline : "");
    const struct tidy_bench *base =
        baseline ? same_corpus(t, b, baseline) : NULL;
    double ratio = NAN, rlo = NAN, rhi = NAN;
    if (base) {
        struct spread sb = spread_of(base);
        if (sb.median > 0 && sb.q1 > 0) {
            ratio = s.median / sb.median;
            rlo = s.q1 / sb.q3;
            rhi = s.q3 / sb.q1;
        }
    }
    number(f, ratio);
    number(f, rlo);
    number(f, rhi);
    number(f, pb_summary_size_x(b));
    fprintf(f, ",%d,", on_sweep(t, b, sweep_family));
    if (corpus)
        fprintf(f, "%d", corpus);
    else
        fputs("NaN", f);
    fprintf(f, ",%d", pb_summary_style(b->variant));
    number(f, b->units_per_instance);
    number(f, pb_summary_knob(b->family, NULL, 0));
    fprintf(f, ",%ld\n", b->processes);
}

double pb_summary_knob(const char *family, char *base, size_t base_len)
{
    const char *colon = strchr(family, ':');
    if (base)
        snprintf(base, base_len, "%.*s",
                 (int)(colon ? (size_t)(colon - family) : strlen(family)),
                 family);
    if (!colon || colon[1] < '0' || colon[1] > '9')
        return NAN;
    char *end;
    double k = strtod(colon + 1, &end);
    return *end ? NAN : k;
}

bool pb_summary_in_knob_sweep(const struct tidy_bench *b, const char *family,
                              const char *size)
{
    char base[32];
    return pb_summary_serial(b) && !strcmp(b->size, size) &&
           isfinite(pb_summary_knob(b->family, base, sizeof(base))) &&
           !strcmp(base, family);
}

/* Distinct knobs of family NAME at size, one process of one thread, in
 * kernel. */
static size_t knobs_of(const struct tidy *t, const char *kernel,
                       const char *family, const char *size)
{
    size_t n = 0;
    for (size_t i = 0; i < t->count; i++) {
        const struct tidy_bench *x = &t->b[i];
        if (strcmp(x->kernel, kernel) ||
            !pb_summary_in_knob_sweep(x, family, size))
            continue;
        bool seen = false;
        for (size_t j = 0; j < i && !seen; j++)
            seen = !strcmp(t->b[j].kernel, kernel) &&
                   pb_summary_in_knob_sweep(&t->b[j], family, size) &&
                   !strcmp(t->b[j].family, x->family);
        n += !seen;
    }
    return n;
}

bool pb_summary_knob_sweep(const struct tidy *t, const char *kernel,
                           char *family, size_t family_len, char *size,
                           size_t size_len)
{
    size_t best = 2; /* a sweep has at least 3 knobs */
    for (size_t i = 0; i < t->count; i++) {
        const struct tidy_bench *x = &t->b[i];
        char base[32];
        if (strcmp(x->kernel, kernel) || !pb_summary_serial(x) ||
            !isfinite(pb_summary_knob(x->family, base, sizeof(base))))
            continue;
        size_t n = knobs_of(t, kernel, base, x->size);
        if (n > best) {
            best = n;
            snprintf(family, family_len, "%s", base);
            snprintf(size, size_len, "%s", x->size);
        }
    }
    return best > 2;
}

/* Families by name, a knob (NAME:K) in order of K. */
static int family_order(const char *a, const char *b)
{
    char na[32], nb[32];
    double ka = pb_summary_knob(a, na, sizeof(na));
    double kb = pb_summary_knob(b, nb, sizeof(nb));
    int c = strcmp(na, nb);
    if (c || isnan(ka) || isnan(kb))
        return c ? c : strcmp(a, b);
    return ka != kb ? (ka > kb) - (ka < kb) : strcmp(a, b);
}

/* Sizes in order of their plotted value (NaN last), then of their text. */
static int size_order(const struct tidy_bench *a, const struct tidy_bench *b)
{
    bool an = isnan(a->size_x), bn = isnan(b->size_x);
    int c =
        an != bn ? an - bn : (a->size_x > b->size_x) - (a->size_x < b->size_x);
    return c ? c : strcmp(a->size, b->size);
}

/* The order of corpora within a kernel: family, size, count, seed,
 * processes, threads (a benchmark's corpus, process and thread counts,
 * not its variant). */
static int corpus_order(const struct tidy_bench *a, const struct tidy_bench *b)
{
    int c = family_order(a->family, b->family);
    if (!c)
        c = size_order(a, b);
    if (!c)
        c = (a->count > b->count) - (a->count < b->count);
    if (!c)
        c = (a->seed > b->seed) - (a->seed < b->seed);
    if (!c)
        c = (a->processes > b->processes) - (a->processes < b->processes);
    if (!c)
        c = (a->threads > b->threads) - (a->threads < b->threads);
    return c;
}

/* Rows kernel by kernel, then corpus by corpus (so that a line through a
 * variant's sweep rows runs in order of size), then variant. */
static int by_kernel_corpus_variant(const void *pa, const void *pb)
{
    const struct tidy_bench *a = *(const struct tidy_bench *const *)pa;
    const struct tidy_bench *b = *(const struct tidy_bench *const *)pb;
    int c = strcmp(a->kernel, b->kernel);
    if (!c)
        c = corpus_order(a, b);
    return c ? c : strcmp(a->variant, b->variant);
}

size_t pb_summary_corpora(const struct tidy *t, const char *kernel,
                          const char *baseline,
                          const struct tidy_bench **corpus)
{
    size_t n = 0;
    for (size_t i = 0; i < t->count; i++) {
        const struct tidy_bench *b = &t->b[i];
        if (strcmp(b->kernel, kernel) ||
            (baseline && strcmp(b->variant, baseline)))
            continue;
        size_t at = 0;
        while (at < n && corpus_order(corpus[at], b) < 0)
            at++;
        if (at < n && corpus_order(corpus[at], b) == 0)
            continue;
        memmove(corpus + at + 1, corpus + at, (n - at) * sizeof(*corpus));
        corpus[at] = b;
        n++;
    }
    return n;
}

/* b's 1-based number among corpus[0..n), or 0. */
static int corpus_number(const struct tidy_bench *b,
                         const struct tidy_bench **corpus, size_t n)
{
    for (size_t k = 0; k < n; k++)
        if (!corpus_order(corpus[k], b))
            return (int)k + 1;
    return 0;
}

int pb_summary_write(const struct tidy *t, const char *baseline,
                     const char *path, struct pb_error *e)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f)
        return pb_fail(e, -ENOMEM, "out of memory");
    fputs(PB_SUMMARY_HEADER "\n", f);
    const struct tidy_bench **row = malloc(t->count * sizeof(*row));
    const struct tidy_bench **corpus = malloc(t->count * sizeof(*corpus));
    if (!row || !corpus) {
        free(row);
        free(corpus);
        fclose(f);
        free(text);
        return pb_fail(e, -ENOMEM, "out of memory");
    }
    for (size_t i = 0; i < t->count; i++)
        row[i] = &t->b[i];
    qsort(row, t->count, sizeof(*row), by_kernel_corpus_variant);
    const char *kernel = NULL, *sweep = NULL, *base = NULL;
    size_t corpora = 0;
    for (size_t i = 0; i < t->count; i++) {
        if (!kernel || strcmp(kernel, row[i]->kernel)) {
            kernel = row[i]->kernel;
            sweep = pb_summary_sweep_family(t, kernel);
            base = pb_summary_baseline(t, kernel, baseline);
            corpora = pb_summary_corpora(t, kernel, base, corpus);
        }
        write_row(f, t, row[i], base, sweep,
                  corpus_number(row[i], corpus, corpora));
    }
    free(corpus);
    free(row);
    int rc = fclose(f) ? -ENOMEM : 0;
    if (rc == 0)
        rc = pb_write_atomically(path, text, len);
    free(text);
    return rc ? pb_fail(e, rc, "%s: cannot write: %s", path, pb_file_error(rc))
              : 0;
}
