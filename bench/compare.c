/*
 * compare.c - reading two results (results.csv, or Google Benchmark JSON:
 * tidy.h) and comparing them benchmark by benchmark.
 *
 * A benchmark is its kernel, variant, family, size, count, seed and
 * threads (for other Google Benchmark JSON, its name); its sample is the
 * verified repetitions' seconds per instance (per iteration).
 * Per benchmark in both files: the medians, their ratio B / A (below 1:
 * B is faster), and the two-sided Mann-Whitney p value (stats.h); rows
 * with p >= alpha are marked "~" (no significant change). Per kernel: the
 * geometric mean of the ratios. O(benchmarks^2) matching, fine for
 * suites of hundreds.
 */
#include "compare.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "stats.h"
#include "tidy.h"

static void print_time(FILE *out, double s)
{
    if (s >= 1)
        fprintf(out, "%10.3f s ", s);
    else if (s >= 1e-3)
        fprintf(out, "%10.3f ms", s * 1e3);
    else if (s >= 1e-6)
        fprintf(out, "%10.3f us", s * 1e6);
    else
        fprintf(out, "%10.3f ns", s * 1e9);
}

/* The sum of log(ratio) over one kernel's benchmarks. */
struct kernel_mean {
    char kernel[32];
    double log_sum;
    int n;
};

/* Adds log(ratio) to the kernel's sum (*means grows as kernels appear). */
static int add_ratio(struct kernel_mean **means, size_t *count,
                     const char *kernel, double ratio)
{
    size_t k = 0;
    while (k < *count && strcmp((*means)[k].kernel, kernel))
        k++;
    if (k == *count) {
        struct kernel_mean *m = realloc(*means, (k + 1) * sizeof(*m));
        if (!m)
            return -ENOMEM;
        *means = m;
        memset(&m[k], 0, sizeof(m[k]));
        snprintf(m[k].kernel, sizeof(m[k].kernel), "%s", kernel);
        ++*count;
    }
    if (ratio > 0 && isfinite(ratio)) {
        (*means)[k].log_sum += log(ratio);
        (*means)[k].n++;
    }
    return 0;
}

int pb_compare(const char *a_path, const char *b_path,
               const struct pb_compare_options *o, FILE *out,
               struct pb_error *e)
{
    struct tidy a, b;
    int rc = tidy_load(a_path, &a, e);
    if (rc)
        return rc;
    if ((rc = tidy_load(b_path, &b, e)) != 0) {
        tidy_free(&a);
        return rc;
    }
    fprintf(out, "# A = %s\n# B = %s\n", a.path, b.path);
    fprintf(out,
            "# ratio = median(B) / median(A) of the time per instance "
            "(per iteration for other Google Benchmark names); p = "
            "two-sided Mann-Whitney U; '~' = not significant at "
            "alpha = %.3g\n",
            o->alpha);
    fprintf(out, "%-64s %13s %13s %8s %9s %s\n", "benchmark", "median A",
            "median B", "ratio", "p", "");
    struct kernel_mean *means = NULL;
    size_t n_kernels = 0;
    int matched = 0, failing = 0;
    for (size_t i = 0; rc == 0 && i < a.count; i++) {
        struct tidy_bench *x = &a.b[i], *y = NULL;
        for (size_t j = 0; j < b.count && !y; j++)
            if (!strcmp(b.b[j].key, x->key))
                y = &b.b[j];
        if (!y)
            continue;
        matched++;
        double u, p = pb_mann_whitney(x->per_instance, x->n, y->per_instance,
                                      y->n, &u);
        double ma = pb_median(x->per_instance, x->n);
        double mb = pb_median(y->per_instance, y->n);
        double ratio = ma > 0 ? mb / ma : NAN;
        bool significant = p < o->alpha;
        fprintf(out, "%-64s ", x->key);
        print_time(out, ma);
        fputc(' ', out);
        print_time(out, mb);
        fprintf(out, " %8.3f %9.4f %s\n", ratio, p, significant ? "" : "~");
        if (significant && o->fail_above >= 0 &&
            ratio > 1 + o->fail_above / 100)
            failing++;
        if (add_ratio(&means, &n_kernels, x->kernel, ratio))
            rc = pb_fail(e, -ENOMEM, "out of memory");
    }
    for (size_t k = 0; k < n_kernels; k++)
        if (means[k].n)
            fprintf(out,
                    "# %s: geometric mean of the ratios %.3f over %d "
                    "benchmarks\n",
                    means[k].kernel, exp(means[k].log_sum / means[k].n),
                    means[k].n);
    free(means);
    if (rc == 0 && matched == 0)
        rc = pb_fail(e, -EINVAL, "%s and %s have no benchmark in common",
                     a.path, b.path);
    else if (rc == 0 && failing)
        fprintf(out, "# %d significant slowdowns above %.3g %%\n", failing,
                o->fail_above);
    tidy_free(&a);
    tidy_free(&b);
    return rc ? rc : failing ? 1 : 0;
}
