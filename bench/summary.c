/*
 * summary.c - the summary CSV of summary.h. Quartiles are type-7 (linear)
 * over the verified repetitions; the speed-up's bars are
 * q1(1 thread) / q3(T) .. q3(1 thread) / q1(T), and the ratio's
 * q1 / q3(baseline) .. q3 / q1(baseline): the spread of either side,
 * taken pessimistically. O(benchmarks^2) matching.
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

static const struct tidy_bench *same_corpus(const struct tidy *t,
                                            const struct tidy_bench *b,
                                            const char *variant)
{
    for (size_t i = 0; i < t->count; i++) {
        const struct tidy_bench *x = &t->b[i];
        if (!strcmp(x->variant, variant) && x->threads == b->threads &&
            x->size == b->size && x->count == b->count && x->seed == b->seed &&
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
                      const char *baseline)
{
    struct spread s = spread_of(b);
    fprintf(f, "%s,%s,%s,%ld,%ld,%llu,%ld,%zu", b->kernel, b->variant,
            b->family, b->size, b->count, b->seed, b->threads, b->n);
    number(f, s.median);
    number(f, s.q1);
    number(f, s.q3);
    number(f, b->build_seconds);
    number(f, b->work_per_instance);
    number(f, b->peak_heap_bytes);
    const struct tidy_bench *one = tidy_find(t, b, 1);
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
    number(f, speedup / (double)b->threads);
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
    fprintf(f, ",%d\n", pb_summary_style(b->variant));
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
    for (size_t i = 0; i < t->count; i++)
        write_row(f, t, &t->b[i],
                  pb_summary_baseline(t, t->b[i].kernel, baseline));
    int rc = fclose(f) ? -ENOMEM : 0;
    if (rc == 0)
        rc = pb_write_atomically(path, text, len);
    free(text);
    return rc ? pb_fail(e, rc, "%s: cannot write: %s", path, strerror(-rc)) : 0;
}
