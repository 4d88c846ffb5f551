/*
 * compare.c - reading two results CSVs (the tidy file bench writes:
 * one row per repetition) and comparing them benchmark by benchmark.
 *
 * A benchmark is its kernel, variant, family, size, count, seed and
 * threads; its sample is the verified repetitions' seconds per instance.
 * Per benchmark in both files: the medians, their ratio B / A (below 1:
 * B is faster), and the two-sided Mann-Whitney p value (stats.h); rows
 * with p >= alpha are marked "~" (no significant change). Per kernel: the
 * geometric mean of the ratios. O(rows log rows).
 */
#include "compare.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "stats.h"

#define COMPARE_MAX_REPS 64
#define COMPARE_KEY 160

struct sample {
    char key[COMPARE_KEY]; /* kernel/variant/family/size:S/n:N/seed:X/threads:T
                            */
    char kernel[32];
    size_t n;
    double t[COMPARE_MAX_REPS];
};

struct results {
    char path[512];
    size_t count, cap;
    struct sample *s;
};

static const char *const needed[] = {
    "kernel", "variant", "family",  "size",     "count",
    "seed",   "threads", "seconds", "verified", NULL};
enum { NEEDED = 9 };

/* Splits a CSV line in place (no quoted commas in the columns we read). */
static int split(char *line, char **field, int max)
{
    int n = 0;
    for (char *p = line; n < max;) {
        field[n++] = p;
        char *comma = strchr(p, ',');
        if (!comma)
            break;
        *comma = '\0';
        p = comma + 1;
    }
    return n;
}

static struct sample *find_or_add(struct results *r, const char *key,
                                  const char *kernel)
{
    for (size_t i = 0; i < r->count; i++)
        if (!strcmp(r->s[i].key, key))
            return &r->s[i];
    if (r->count == r->cap) {
        size_t cap = r->cap ? 2 * r->cap : 64;
        struct sample *s = realloc(r->s, cap * sizeof(*s));
        if (!s)
            return NULL;
        r->s = s;
        r->cap = cap;
    }
    struct sample *x = &r->s[r->count++];
    memset(x, 0, sizeof(*x));
    snprintf(x->key, sizeof(x->key), "%s", key);
    snprintf(x->kernel, sizeof(x->kernel), "%s", kernel);
    return x;
}

static int load(const char *arg, struct results *r, struct pb_error *e)
{
    struct stat st;
    memset(r, 0, sizeof(*r));
    if (stat(arg, &st) == 0 && S_ISDIR(st.st_mode))
        snprintf(r->path, sizeof(r->path), "%s/results.csv", arg);
    else
        snprintf(r->path, sizeof(r->path), "%s", arg);
    FILE *f = fopen(r->path, "r");
    if (!f)
        return pb_fail(e, -errno,
                       "%s: cannot open: %s (expected a results "
                       "folder or its results.csv)",
                       r->path, strerror(errno));
    char line[4096];
    char *field[64];
    int col[NEEDED], rc = 0;
    unsigned number = 0;
    if (!fgets(line, sizeof(line), f)) {
        fclose(f);
        return pb_fail(e, -EINVAL,
                       "%s:1: empty file; expected the results "
                       "CSV header",
                       r->path);
    }
    number++;
    line[strcspn(line, "\r\n")] = '\0';
    int nf = split(line, field, 64);
    for (int k = 0; needed[k]; k++) {
        col[k] = -1;
        for (int j = 0; j < nf; j++)
            if (!strcmp(field[j], needed[k]))
                col[k] = j;
        if (col[k] < 0) {
            fclose(f);
            return pb_fail(e, -EINVAL,
                           "%s:1: no column '%s'; expected the "
                           "header of a puzzlebench results.csv",
                           r->path, needed[k]);
        }
    }
    while (rc == 0 && fgets(line, sizeof(line), f)) {
        number++;
        line[strcspn(line, "\r\n")] = '\0';
        if (!line[0])
            continue;
        nf = split(line, field, 64);
        int maxcol = 0;
        for (int k = 0; k < NEEDED; k++)
            maxcol = col[k] > maxcol ? col[k] : maxcol;
        if (nf <= maxcol) {
            rc = pb_fail(e, -EINVAL,
                         "%s:%u: %d columns; expected at least "
                         "%d",
                         r->path, number, nf, maxcol + 1);
            break;
        }
        if (strcmp(field[col[8]], "1"))
            continue; /* not verified: not a result */
        char *end;
        double seconds = strtod(field[col[7]], &end);
        double count = strtod(field[col[4]], NULL);
        if (*end || !(seconds >= 0) || !(count >= 1)) {
            rc = pb_fail(e, -EINVAL,
                         "%s:%u: expected seconds >= 0 and a "
                         "count >= 1, found '%s' and '%s'",
                         r->path, number, field[col[7]], field[col[4]]);
            break;
        }
        char key[COMPARE_KEY];
        snprintf(key, sizeof(key), "%s/%s/%s/size:%s/n:%s/seed:%s/threads:%s",
                 field[col[0]], field[col[1]], field[col[2]], field[col[3]],
                 field[col[4]], field[col[5]], field[col[6]]);
        struct sample *x = find_or_add(r, key, field[col[0]]);
        if (!x) {
            rc = pb_fail(e, -ENOMEM, "out of memory");
            break;
        }
        if (x->n < COMPARE_MAX_REPS)
            x->t[x->n++] = seconds / count;
    }
    fclose(f);
    if (rc == 0 && r->count == 0)
        rc = pb_fail(e, -EINVAL, "%s: no verified results", r->path);
    return rc;
}

static void print_time(FILE *out, double s)
{
    if (s >= 1)
        fprintf(out, "%10.3f s ", s);
    else if (s >= 1e-3)
        fprintf(out, "%10.3f ms", s * 1e3);
    else
        fprintf(out, "%10.3f us", s * 1e6);
}

int pb_compare(const char *a_path, const char *b_path,
               const struct pb_compare_options *o, FILE *out,
               struct pb_error *e)
{
    struct results a, b;
    int rc = load(a_path, &a, e);
    if (rc)
        return rc;
    if ((rc = load(b_path, &b, e)) != 0) {
        free(a.s);
        return rc;
    }
    fprintf(out, "# A = %s\n# B = %s\n", a.path, b.path);
    fprintf(out,
            "# ratio = median(B) / median(A) per instance; p = "
            "two-sided Mann-Whitney U; '~' = not significant at "
            "alpha = %.3g\n",
            o->alpha);
    fprintf(out, "%-64s %13s %13s %8s %9s %s\n", "benchmark", "median A",
            "median B", "ratio", "p", "");
    char kernels[16][32];
    double log_sum[16] = {0};
    int n_ratio[16] = {0}, n_kernels = 0, matched = 0, failing = 0;
    for (size_t i = 0; i < a.count; i++) {
        struct sample *x = &a.s[i], *y = NULL;
        for (size_t j = 0; j < b.count && !y; j++)
            if (!strcmp(b.s[j].key, x->key))
                y = &b.s[j];
        if (!y)
            continue;
        matched++;
        double u, p = pb_mann_whitney(x->t, x->n, y->t, y->n, &u);
        double ma = pb_median(x->t, x->n), mb = pb_median(y->t, y->n);
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
        int k = 0;
        while (k < n_kernels && strcmp(kernels[k], x->kernel))
            k++;
        if (k == n_kernels && n_kernels < 16)
            snprintf(kernels[n_kernels++], sizeof(kernels[0]), "%s", x->kernel);
        if (k < 16 && ratio > 0 && isfinite(ratio)) {
            log_sum[k] += log(ratio);
            n_ratio[k]++;
        }
    }
    for (int k = 0; k < n_kernels; k++)
        fprintf(out,
                "# %s: geometric mean of the ratios %.3f over %d "
                "benchmarks\n",
                kernels[k], exp(log_sum[k] / n_ratio[k]), n_ratio[k]);
    if (matched == 0)
        rc = pb_fail(e, -EINVAL, "%s and %s have no benchmark in common",
                     a.path, b.path);
    else if (failing)
        fprintf(out, "# %d significant slowdowns above %.3g %%\n", failing,
                o->fail_above);
    free(a.s);
    free(b.s);
    return rc ? rc : failing ? 1 : 0;
}
