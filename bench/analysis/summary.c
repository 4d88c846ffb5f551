/*
 * summary.c - the summary CSV of summary.h. Quartiles are type-7 (linear)
 * over the verified repetitions; the intervals are change.h's t intervals
 * over rounds (a time's level as the change from rounds of 1 s, so that
 * one formula serves the three); the speed-up's bars are
 * q1(1 x 1) / q3(P x T) .. q3(1 x 1) / q1(P x T) (P MPI processes of T
 * threads against one process of one thread), and the ratio's
 * q1 / q3(baseline) .. q3 / q1(baseline): the spread of either side,
 * taken pessimistically. The baseline is matched at the same processes
 * and threads (like with like); the sweeps take plain serial runs only
 * (one process, one thread), so that an MPI run merged beside them never
 * lands on their lines. The size sweep (summary.h) lets figures draw one
 * line per variant across sizes instead of a column of unrelated
 * corpora at each size; the knob sweep (NAME:K at one size,
 * knob_sweep.h, with its counter and its speed-up over a reference
 * family) one line per variant across knobs. A run at more threads than
 * the CPUs granted
 * has no speed-up (NaN): the figures leave it out. Every sweep, corpus
 * list and match is found by sorting the kernel's benchmarks once
 * (qsort) and walking the runs of equal keys, or through the readback's index
 * index: O(n log n) for n benchmarks, so 20,000 benchmarks or 1,000 knob
 * families take moments.
 */
#include "analysis/summary.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/change.h"
#include "analysis/knob_sweep.h"
#include "util/cpus.h"
#include "pb_file.h"
#include "util/stats.h"

enum { STYLES = 16 };

bool pb_summary_serial(const struct readback_bench *b)
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

static bool has(const struct readback *t, const char *kernel,
                const char *variant)
{
    for (size_t i = 0; i < t->count; i++)
        if (!strcmp(t->b[i].kernel, kernel) &&
            !strcmp(t->b[i].variant, variant))
            return true;
    return false;
}

const char *pb_summary_baseline(const struct readback *t, const char *kernel,
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

/* The benchmarks of kernel in t, in t's order, into a new array (*n of
 * them; t->count entries allocated, at least one); NULL when out of
 * memory. */
static const struct readback_bench **of_kernel(const struct readback *t,
                                               const char *kernel, size_t *n)
{
    const struct readback_bench **rows = malloc((t->count + 1) * sizeof(*rows));
    *n = 0;
    for (size_t i = 0; rows && i < t->count; i++)
        if (!strcmp(t->b[i].kernel, kernel))
            rows[(*n)++] = &t->b[i];
    return rows;
}

/* Pointers into one readback's array: their order is the file's. */
static int by_place(const struct readback_bench *a,
                    const struct readback_bench *b)
{
    return (a > b) - (a < b);
}

/* Family, then size, then the file's order. */
static int by_family_size(const void *pa, const void *pb)
{
    const struct readback_bench *a = *(const struct readback_bench *const *)pa;
    const struct readback_bench *b = *(const struct readback_bench *const *)pb;
    int c = strcmp(a->family, b->family);
    if (!c)
        c = strcmp(a->size, b->size);
    return c ? c : by_place(a, b);
}

const char *pb_summary_sweep_family(const struct readback *t,
                                    const char *kernel)
{
    size_t n;
    const struct readback_bench **rows = of_kernel(t, kernel, &n);
    if (!rows)
        return NULL;
    qsort(rows, n, sizeof(*rows), by_family_size);
    /* per family: its first benchmark in the file (of any threads), and
     * its distinct sizes among the serial ones; the most sizes win, the
     * family met first among equals */
    const struct readback_bench *best = NULL;
    size_t best_sizes = 0;
    for (size_t i = 0, end = 0; i < n; i = end) {
        const struct readback_bench *first = rows[i];
        size_t sizes = 0;
        while (end < n && !strcmp(rows[end]->family, rows[i]->family)) {
            bool serial = false; /* one run of equal sizes */
            size_t from = end;
            for (; end < n && !strcmp(rows[end]->family, rows[i]->family) &&
                   !strcmp(rows[end]->size, rows[from]->size);
                 end++) {
                serial = serial || pb_summary_serial(rows[end]);
                if (by_place(rows[end], first) < 0)
                    first = rows[end];
            }
            sizes += serial;
        }
        if (sizes > best_sizes ||
            (sizes && sizes == best_sizes && by_place(first, best) < 0)) {
            best = first;
            best_sizes = sizes;
        }
    }
    free(rows);
    return best ? best->family : NULL;
}

bool pb_summary_in_sweep(const struct readback_bench *b, const char *sweep)
{
    return pb_summary_serial(b) && sweep && !strcmp(b->family, sweep);
}

double pb_summary_size_x(const struct readback_bench *b)
{
    return b->size_x;
}

/* Variant, size, then the largest corpus first, then the file's order. */
static int by_variant_size_count(const void *pa, const void *pb)
{
    const struct readback_bench *a = *(const struct readback_bench *const *)pa;
    const struct readback_bench *b = *(const struct readback_bench *const *)pb;
    int c = strcmp(a->variant, b->variant);
    if (!c)
        c = strcmp(a->size, b->size);
    if (!c)
        c = (a->count < b->count) - (a->count > b->count);
    return c ? c : by_place(a, b);
}

/* Sets on[i] for each benchmark t->b[i] of kernel on its sweep
 * (`family`): in that family at one process of one thread, and the
 * largest corpus (the first of equals) of its variant at its size.
 * 0 or -ENOMEM. */
static int mark_sweep(const struct readback *t, const char *kernel,
                      const char *family, bool *on)
{
    size_t n, kept = 0;
    const struct readback_bench **rows = of_kernel(t, kernel, &n);
    if (!rows)
        return -ENOMEM;
    for (size_t i = 0; i < n; i++)
        if (pb_summary_in_sweep(rows[i], family))
            rows[kept++] = rows[i];
    qsort(rows, kept, sizeof(*rows), by_variant_size_count);
    for (size_t i = 0; i < kept; i++)
        on[rows[i] - t->b] = i == 0 ||
                             strcmp(rows[i]->variant, rows[i - 1]->variant) ||
                             strcmp(rows[i]->size, rows[i - 1]->size);
    free(rows);
    return 0;
}

static void number(FILE *f, double v)
{
    if (isfinite(v))
        fprintf(f, ",%.9g", v);
    else
        fputs(",NaN", f);
}

/* The round values of x on the wall clock, whatever its own: a speed-up
 * divides wall times. */
static void wall_rounds(const struct readback_bench *x, struct pb_rounds *r)
{
    struct readback_bench w = *x;
    double *t = malloc((x->n + 1) * sizeof(*t));
    r->n = 0;
    if (!t)
        return;
    for (size_t i = 0; i < x->n; i++)
        t[i] = x->sample[i].wall;
    w.per_instance = t;
    pb_rounds_of(&w, r);
    free(t);
}

/* What the rows of one kernel share: its baseline, counter and knob
 * sweep with its reference family ("": none). */
struct kernel_choice {
    const char *baseline;
    const struct pb_kernel *def; /* NULL: a kernel this build lacks */
    const char *counter;         /* NULL: the kernel has none so named */
    int counter_index;
    bool knob;
    char knob_family[32], knob_size[PB_ID_TEXT], reference[32];
};

/* The kernel's counter, reference family and knob sweep speed-up of b
 * (the columns from counter on). */
static void write_knob_columns(FILE *f, const struct readback *t,
                               const struct readback_bench *b,
                               const struct kernel_choice *kc)
{
    fprintf(f, ",%s", kc->counter ? kc->counter : "");
    number(f, kc->counter
                  ? readback_counter(b, kc->def, (size_t)kc->counter_index)
                  : NAN);
    fprintf(f, ",%s", kc->reference);
    const struct readback_bench *ref =
        kc->reference[0] && pb_knob_in_sweep(b, kc->knob_family, kc->knob_size)
            ? pb_knob_reference_run(t, b, kc->reference)
            : NULL;
    double s[3] = {NAN, NAN, NAN};
    if (ref)
        pb_knob_speedup(b, ref, s);
    for (int i = 0; i < 3; i++)
        number(f, s[i]);
}

static void write_row(FILE *f, const struct readback *t,
                      const struct readback_bench *b,
                      const struct kernel_choice *kc, bool on_sweep, int corpus,
                      int granted)
{
    const char *baseline = kc->baseline;
    struct readback_spread s = readback_spread(b);
    fprintf(f, "%s,%s,%s,%s,%ld,%llu,%ld,%zu", b->kernel, b->variant, b->family,
            b->size, b->count, b->seed, b->threads, b->n);
    number(f, s.median);
    number(f, s.q1);
    number(f, s.q3);
    number(f, b->build_seconds);
    number(f, b->work_per_instance);
    number(f, b->peak_heap_bytes);
    /* serial; none for threads that took turns on fewer CPUs */
    const struct readback_bench *one =
        pb_threads_oversubscribed(b->threads, granted)
            ? NULL
            : readback_find(t, b, 1, 1);
    double speedup = NAN, lo = NAN, hi = NAN;
    struct pb_change sc = {.lo = NAN, .hi = NAN};
    struct readback_spread wall = readback_spread_on(b, READBACK_CLOCK_WALL);
    if (one && wall.median > 0 && wall.q1 > 0) {
        /* how much sooner the answer comes: wall time on both sides */
        struct readback_spread s1 =
            readback_spread_on(one, READBACK_CLOCK_WALL);
        speedup = s1.median / wall.median;
        lo = s1.q1 / wall.q3;
        hi = s1.q3 / wall.q1;
        struct pb_rounds serial, parallel;
        wall_rounds(one, &serial);
        wall_rounds(b, &parallel);
        pb_change_of_rounds(&parallel, &serial, wall.median, s1.median, true,
                            PB_STATS_ALPHA, &sc);
    }
    number(f, speedup);
    number(f, lo);
    number(f, hi);
    number(f, speedup / (double)(b->processes * b->threads)); /* per core */
    fprintf(f, ",%s", baseline ? baseline : "");
    const struct readback_bench *base =
        baseline ? readback_find_run(t, b, baseline, b->processes, b->threads)
                 : NULL;
    double ratio = NAN, rlo = NAN, rhi = NAN;
    struct pb_change rc = {.lo = NAN, .hi = NAN};
    if (base) {
        struct readback_spread sb = readback_spread(base);
        if (sb.median > 0 && sb.q1 > 0) {
            ratio = s.median / sb.median;
            rlo = s.q1 / sb.q3;
            rhi = s.q3 / sb.q1;
        }
        pb_change_of(base, b, true, PB_STATS_ALPHA, &rc);
    }
    number(f, ratio);
    number(f, rlo);
    number(f, rhi);
    number(f, pb_summary_size_x(b));
    fprintf(f, ",%d,", on_sweep);
    if (corpus)
        fprintf(f, "%d", corpus);
    else
        fputs("NaN", f);
    fprintf(f, ",%d", pb_summary_style(b->variant));
    number(f, b->units_per_instance);
    number(f, pb_knob_of(b->family, NULL, 0));
    fprintf(f, ",%ld,%s,%zu", b->processes, readback_clock_name(b->clock),
            b->rounds);
    struct pb_rounds own;
    double tlo, thi;
    pb_rounds_of(b, &own);
    pb_rounds_level(&own, PB_STATS_ALPHA, &tlo, &thi);
    number(f, tlo);
    number(f, thi);
    number(f, sc.lo);
    number(f, sc.hi);
    number(f, rc.lo);
    number(f, rc.hi);
    write_knob_columns(f, t, b, kc);
    fputc('\n', f);
}

/* Families by name, a knob (NAME:K) in order of K. */
static int family_order(const char *a, const char *b)
{
    char na[32], nb[32];
    double ka = pb_knob_of(a, na, sizeof(na));
    double kb = pb_knob_of(b, nb, sizeof(nb));
    int c = strcmp(na, nb);
    if (c || isnan(ka) || isnan(kb))
        return c ? c : strcmp(a, b);
    return ka != kb ? (ka > kb) - (ka < kb) : strcmp(a, b);
}

/* Sizes in order of their plotted value (NaN last), then of their text. */
static int size_order(const struct readback_bench *a,
                      const struct readback_bench *b)
{
    bool an = isnan(a->size_x), bn = isnan(b->size_x);
    int c =
        an != bn ? an - bn : (a->size_x > b->size_x) - (a->size_x < b->size_x);
    return c ? c : strcmp(a->size, b->size);
}

/* The order of corpora within a kernel: family, size, count, seed,
 * processes, threads (a benchmark's corpus, process and thread counts,
 * not its variant). */
static int corpus_order(const struct readback_bench *a,
                        const struct readback_bench *b)
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
    const struct readback_bench *a = *(const struct readback_bench *const *)pa;
    const struct readback_bench *b = *(const struct readback_bench *const *)pb;
    int c = strcmp(a->kernel, b->kernel);
    if (!c)
        c = corpus_order(a, b);
    return c ? c : strcmp(a->variant, b->variant);
}

/* corpus_order, then the file's order. */
static int by_corpus_place(const void *pa, const void *pb)
{
    const struct readback_bench *a = *(const struct readback_bench *const *)pa;
    const struct readback_bench *b = *(const struct readback_bench *const *)pb;
    int c = corpus_order(a, b);
    return c ? c : by_place(a, b);
}

size_t pb_summary_corpora(const struct readback *t, const char *kernel,
                          const char *baseline,
                          const struct readback_bench **corpus)
{
    size_t n = 0;
    for (size_t i = 0; i < t->count; i++) {
        const struct readback_bench *b = &t->b[i];
        if (!strcmp(b->kernel, kernel) &&
            (!baseline || !strcmp(b->variant, baseline)))
            corpus[n++] = b;
    }
    qsort(corpus, n, sizeof(*corpus), by_corpus_place);
    size_t kept = 0; /* the first in the file of each corpus */
    for (size_t i = 0; i < n; i++)
        if (kept == 0 || corpus_order(corpus[kept - 1], corpus[i]))
            corpus[kept++] = corpus[i];
    return kept;
}

/* b's 1-based number among corpus[0..n) (pb_summary_corpora's order), or
 * 0. O(log n). */
static int corpus_number(const struct readback_bench *b,
                         const struct readback_bench **corpus, size_t n)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        int c = corpus_order(corpus[mid], b);
        if (c == 0)
            return (int)mid + 1;
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return 0;
}

/* Fills kc for kernel: its baseline, counter and knob sweep's reference
 * as choice asks. */
static void choose(const struct readback *t, const char *kernel,
                   const struct pb_summary_choice *choice,
                   struct kernel_choice *kc)
{
    memset(kc, 0, sizeof(*kc));
    kc->baseline = pb_summary_baseline(t, kernel, choice->baseline);
    kc->def = pb_kernel_find(kernel);
    kc->counter_index =
        kc->def ? pb_counter_index(kc->def, choice->counter) : -1;
    if (kc->counter_index >= 0) {
        const struct pb_counter_def *defs;
        pb_work_counters(kc->def, &defs);
        kc->counter = defs[kc->counter_index].name;
    }
    kc->knob =
        pb_knob_sweep(t, kernel, kc->knob_family, sizeof(kc->knob_family),
                      kc->knob_size, sizeof(kc->knob_size));
    char candidates[256];
    if (kc->knob)
        pb_knob_reference(t, kernel, kc->knob_family, kc->knob_size,
                          choice->reference, kc->reference,
                          sizeof(kc->reference), candidates,
                          sizeof(candidates));
}

int pb_summary_write(const struct readback *t,
                     const struct pb_summary_choice *choice, int granted,
                     const char *path, struct pb_error *e)
{
    static const struct pb_summary_choice defaults = {0};
    if (!choice)
        choice = &defaults;
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f)
        return pb_fail(e, -ENOMEM, "out of memory");
    fputs(PB_SUMMARY_HEADER "\n", f);
    const struct readback_bench **row = malloc((t->count + 1) * sizeof(*row));
    const struct readback_bench **corpus =
        malloc((t->count + 1) * sizeof(*corpus));
    bool *on_sweep = calloc(t->count + 1, sizeof(*on_sweep));
    if (!row || !corpus || !on_sweep) {
        free(row);
        free(corpus);
        free(on_sweep);
        fclose(f);
        free(text);
        return pb_fail(e, -ENOMEM, "out of memory");
    }
    for (size_t i = 0; i < t->count; i++)
        row[i] = &t->b[i];
    qsort(row, t->count, sizeof(*row), by_kernel_corpus_variant);
    const char *kernel = NULL;
    struct kernel_choice kc;
    size_t corpora = 0;
    int rc = 0;
    for (size_t i = 0; rc == 0 && i < t->count; i++) {
        if (!kernel || strcmp(kernel, row[i]->kernel)) {
            kernel = row[i]->kernel;
            choose(t, kernel, choice, &kc);
            corpora = pb_summary_corpora(t, kernel, kc.baseline, corpus);
            rc = mark_sweep(t, kernel, pb_summary_sweep_family(t, kernel),
                            on_sweep);
        }
        write_row(f, t, row[i], &kc, on_sweep[row[i] - t->b],
                  corpus_number(row[i], corpus, corpora), granted);
    }
    free(on_sweep);
    free(corpus);
    free(row);
    if (fclose(f) && rc == 0)
        rc = -ENOMEM;
    if (rc == 0)
        rc = pb_write_atomically(path, text, len);
    free(text);
    return rc ? pb_fail(e, rc, "%s: cannot write: %s", path, pb_file_error(rc))
              : 0;
}
