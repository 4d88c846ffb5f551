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
 * geometric mean of the ratios. A baseline median of 0 has no ratio: an
 * error, never a silent NaN that would pass --fail-above.
 * O(benchmarks) expected: B's benchmarks are found through tidy's hash
 * index, kernels' sums through a uthash table (Debian uthash-dev).
 */
#include "compare.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "stats.h"
#include "tidy.h"

/* Out of memory inside uthash is reported, not fatal: HASH_ADD clears
 * the caller's `added`. */
#define HASH_NONFATAL_OOM 1
#define uthash_nonfatal_oom(node) (added = false)
#include <uthash.h>

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
    UT_hash_handle hh; /* uthash iterates in order of insertion */
};

/* Adds log(ratio) to the kernel's sum (a sum is added as a kernel
 * appears). 0 or -ENOMEM. */
static int add_ratio(struct kernel_mean **means, const char *kernel,
                     double ratio)
{
    struct kernel_mean *m;
    HASH_FIND_STR(*means, kernel, m);
    if (!m) {
        if ((m = calloc(1, sizeof(*m))) == NULL)
            return -ENOMEM;
        snprintf(m->kernel, sizeof(m->kernel), "%s", kernel);
        bool added = true;
        HASH_ADD_STR(*means, kernel, m);
        if (!added) {
            free(m);
            return -ENOMEM;
        }
    }
    if (ratio > 0 && isfinite(ratio)) {
        m->log_sum += log(ratio);
        m->n++;
    }
    return 0;
}

/* x's counterpart in b: the same name, or with --variants the same
 * benchmark of variant_b when x is of variant_a (puzzlebench names only:
 * kernel/variant/rest). */
static struct tidy_bench *match(struct tidy *b, const struct tidy_bench *x,
                                const struct pb_compare_options *o)
{
    if (!o->variant_a)
        return tidy_get(b, x->key);
    size_t head = strlen(x->kernel) + 1 + strlen(x->variant);
    if (x->foreign || strcmp(x->variant, o->variant_a) ||
        strncmp(x->key, x->kernel, strlen(x->kernel)) || x->key[head] != '/')
        return NULL;
    char key[sizeof(x->key)];
    int n = snprintf(key, sizeof(key), "%s/%s%s", x->kernel, o->variant_b,
                     x->key + head);
    return n > 0 && (size_t)n < sizeof(key) ? tidy_get(b, key) : NULL;
}

/* "# warning: SIDE: NAME: W1; W2" for each benchmark of side s (a or b
 * of the comparison) that is compared and noisy (noise.h; a load above
 * the cores on more than PB_NOISE_FOLD of them folded into one line), then
 * "# warning: MACHINE: W" for each of its machine's warnings (none when
 * machine is NULL: both sides are one run, its machine already said). */
static void noise_lines(FILE *out, const char *side, struct tidy *a,
                        struct tidy *b, bool of_b,
                        const struct pb_compare_options *o, const char *machine)
{
    const struct tidy *s = of_b ? b : a;
    struct pb_noise_machine m;
    bool known = pb_compare_machine(s->path, &m);
    /* the compared ones (NULL: no match), judged as the console does */
    const struct tidy_bench **list = malloc((a->count + 1) * sizeof(*list));
    char prefix[32];
    snprintf(prefix, sizeof(prefix), "# warning: %s: ", side);
    for (size_t i = 0; list && i < a->count; i++) {
        struct tidy_bench *x = &a->b[i], *y = match(b, x, o);
        list[i] = !y ? NULL : of_b ? y : x;
    }
    if (list)
        pb_noise_print_benches(out, prefix, s, list, a->count,
                               known ? m.cores : 0, known ? m.granted : 0);
    free(list);
    snprintf(prefix, sizeof(prefix),
             "# warning: %s: ", machine ? machine : side);
    if (known && machine)
        pb_noise_print(out, prefix, NULL, &m, m.cores);
}

/* The comparison into out; *matched gets the benchmarks compared. */
static int compare_into(struct tidy *a, struct tidy *b,
                        const struct pb_compare_options *o, FILE *out,
                        int *matched_out, struct pb_error *e);

int pb_compare(const char *a_path, const char *b_path,
               const struct pb_compare_options *o, FILE *out,
               struct pb_error *e)
{
    struct tidy a, b;
    int rc = tidy_load(a_path, &a, 0, e);
    if (rc)
        return rc;
    if ((rc = tidy_load(b_path, &b, 0, e)) != 0) {
        tidy_free(&a);
        return rc;
    }
    /* the table is printed only when something matched: an error alone
     * otherwise, not a header and then an error */
    char *text = NULL;
    size_t len = 0;
    FILE *table = open_memstream(&text, &len);
    int matched = 0;
    rc = table ? compare_into(&a, &b, o, table, &matched, e)
               : pb_fail(e, -ENOMEM, "out of memory");
    if (table && fclose(table) != 0 && rc >= 0)
        rc = pb_fail(e, -ENOMEM, "out of memory");
    if (rc >= 0 && matched)
        fwrite(text, 1, len, out);
    free(text);
    tidy_free(&a);
    tidy_free(&b);
    return rc;
}

static int compare_into(struct tidy *a, struct tidy *b,
                        const struct pb_compare_options *o, FILE *out,
                        int *matched_out, struct pb_error *e)
{
    int rc = 0;
    fprintf(out, "# A = %s\n# B = %s\n", a->path, b->path);
    pb_compare_context(out, a->path, b->path);
    if (o->variant_a)
        fprintf(out,
                "# variants: %s of A against %s of B, corpus by corpus "
                "(rows named by A's benchmark)\n",
                o->variant_a, o->variant_b);
    bool one_run = !strcmp(a->path, b->path); /* two variants of one run */
    noise_lines(out, "A", a, b, false, o, one_run ? "A and B" : "A");
    noise_lines(out, "B", a, b, true, o, one_run ? NULL : "B");
    /* a side that stopped early lacks benchmarks: say so, not silently */
    rc = pb_compare_completeness(out, one_run ? "A and B" : "A", a->path, e);
    if (rc == 0 && !one_run)
        rc = pb_compare_completeness(out, "B", b->path, e);
    fprintf(out,
            "# ratio = median(B) / median(A) of the time per instance "
            "(per iteration for other Google Benchmark names); p = "
            "two-sided Mann-Whitney U; '~' = not significant at "
            "alpha = %.3g\n",
            o->alpha);
    fprintf(out, "%-64s %13s %13s %8s %9s %s\n", "benchmark", "median A",
            "median B", "ratio", "p", "");
    struct kernel_mean *means = NULL, *m, *next;
    int matched = 0, failing = 0;
    for (size_t i = 0; rc == 0 && i < a->count; i++) {
        struct tidy_bench *x = &a->b[i], *y = match(b, x, o);
        if (!y)
            continue;
        matched++;
        double u, p = pb_mann_whitney(x->per_instance, x->n, y->per_instance,
                                      y->n, &u);
        double ma = pb_median(x->per_instance, x->n);
        double mb = pb_median(y->per_instance, y->n);
        if (!(ma > 0)) {
            rc = pb_fail(e, -EDOM,
                         "%s: %s: the baseline's median time is 0; a ratio "
                         "B / A needs a time above 0",
                         a->path, x->key);
            break;
        }
        double ratio = mb / ma;
        bool significant = p < o->alpha;
        char name[4 * sizeof(x->key)];
        pb_escape_controls(x->key, name, sizeof(name));
        fprintf(out, "%-64s ", name);
        print_time(out, ma);
        fputc(' ', out);
        print_time(out, mb);
        /* four decimals; below them "<0.0001", never a false 0.0000 */
        char p_text[16];
        if (p < 0.0001)
            snprintf(p_text, sizeof(p_text), "<0.0001");
        else
            snprintf(p_text, sizeof(p_text), "%.4f", p);
        fprintf(out, " %8.3f %9s %s\n", ratio, p_text, significant ? "" : "~");
        if (significant && o->fail_above >= 0 &&
            ratio > 1 + o->fail_above / 100)
            failing++;
        if (add_ratio(&means, x->kernel, ratio))
            rc = pb_fail(e, -ENOMEM, "out of memory");
    }
    HASH_ITER(hh, means, m, next)
    {
        char name[4 * sizeof(m->kernel)];
        pb_escape_controls(m->kernel, name, sizeof(name));
        if (rc == 0 && m->n)
            fprintf(out,
                    "# %s: geometric mean of the ratios %.3f over %d "
                    "benchmarks\n",
                    name, exp(m->log_sum / m->n), m->n);
        /* HASH_ITER keeps next before HASH_DEL: uthash's documented idiom */
        /* NOLINTNEXTLINE(clang-analyzer-unix.Malloc) */
        HASH_DEL(means, m);
        free(m);
    }
    if (rc == 0 && matched == 0 && o->variant_a)
        rc = pb_fail(e, -EINVAL,
                     "no benchmark of variant %s in %s has one of variant %s "
                     "on the same corpus in %s",
                     o->variant_a, a->path, o->variant_b, b->path);
    else if (rc == 0 && matched == 0)
        rc = pb_fail(e, -EINVAL, "%s and %s have no benchmark in common",
                     a->path, b->path);
    else if (rc == 0 && failing)
        fprintf(out, "# %d significant slowdowns above %.3g %%\n", failing,
                o->fail_above);
    *matched_out = matched;
    return rc ? rc : failing ? 1 : 0;
}
