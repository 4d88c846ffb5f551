/*
 * knob_sweep.c - a kernel's knob sweep, its counter and its reference
 * corpus (knob_sweep.h). The sweep is found by sorting the kernel's
 * serial knob benchmarks once (qsort) and walking the runs of equal
 * NAME and size: O(n log n) for n benchmarks, so 1,000 knob families take
 * moments. The reference run of a benchmark is looked up by its name
 * with the family swapped (the readback's index: O(1) expected); the
 * default reference is found in one pass over the benchmarks, matching
 * each against the sweep's corpora (instances and seed: a handful),
 * O(n x corpora). The interval is change.h's, so that it is the one
 * compare would print for the two.
 */
#include "analysis/knob_sweep.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/change.h"
#include "results/schema.h"

/* One process of one thread: the runs a sweep compares (as summary.h's
 * pb_summary_serial, which this file's callers include). */
static bool serial(const struct readback_bench *b)
{
    return b->threads == 1 && b->processes == 1;
}

/* Pointers into one readback's array: their order is the file's. */
static int by_place(const struct readback_bench *a,
                    const struct readback_bench *b)
{
    return (a > b) - (a < b);
}

double pb_knob_of(const char *family, char *base, size_t base_len)
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

bool pb_knob_in_sweep(const struct readback_bench *b, const char *family,
                      const char *size)
{
    char base[32];
    return serial(b) && !strcmp(b->size, size) &&
           isfinite(pb_knob_of(b->family, base, sizeof(base))) &&
           !strcmp(base, family);
}

/* A serial benchmark of a knob family NAME:K, with its NAME. */
struct knob_row {
    const struct readback_bench *b;
    char base[32];
};

/* NAME, size, then the family (so one run per distinct K), then the
 * file's order. */
static int by_base_size_family(const void *pa, const void *pb)
{
    const struct knob_row *a = pa, *b = pb;
    int c = strcmp(a->base, b->base);
    if (!c)
        c = strcmp(a->b->size, b->b->size);
    if (!c)
        c = strcmp(a->b->family, b->b->family);
    return c ? c : by_place(a->b, b->b);
}

bool pb_knob_sweep(const struct readback *t, const char *kernel, char *family,
                   size_t family_len, char *size, size_t size_len)
{
    struct knob_row *rows = malloc((t->count + 1) * sizeof(*rows));
    size_t n = 0;
    for (size_t i = 0; rows && i < t->count; i++) {
        const struct readback_bench *x = &t->b[i];
        if (!strcmp(x->kernel, kernel) && serial(x) &&
            isfinite(pb_knob_of(x->family, rows[n].base, sizeof(rows[n].base))))
            rows[n++].b = x;
    }
    if (!rows)
        return false;
    qsort(rows, n, sizeof(*rows), by_base_size_family);
    /* per NAME and size: its distinct knobs and its first benchmark in
     * the file; the most knobs (at least 3) win, the first among equals */
    const struct knob_row *best = NULL;
    size_t best_knobs = 2;
    for (size_t i = 0, end; i < n; i = end) {
        const struct knob_row *first = &rows[i];
        size_t knobs = 0;
        for (end = i; end < n && !strcmp(rows[end].base, rows[i].base) &&
                      !strcmp(rows[end].b->size, rows[i].b->size);
             end++) {
            knobs += end == i ||
                     strcmp(rows[end].b->family, rows[end - 1].b->family);
            if (by_place(rows[end].b, first->b) < 0)
                first = &rows[end];
        }
        if (knobs > best_knobs ||
            (best && knobs == best_knobs && by_place(first->b, best->b) < 0)) {
            best = first;
            best_knobs = knobs;
        }
    }
    if (best) {
        snprintf(family, family_len, "%s", best->base);
        snprintf(size, size_len, "%s", best->b->size);
    }
    free(rows);
    return best != NULL;
}

int pb_counter_index(const struct pb_kernel *k, const char *name)
{
    const struct pb_counter_def *defs;
    size_t n = pb_work_counters(k, &defs);
    if (!name)
        return 0;
    for (size_t i = 0; i < n; i++)
        if (!strcmp(defs[i].name, name))
            return (int)i;
    return -1;
}

const struct readback_bench *
pb_knob_reference_run(const struct readback *t, const struct readback_bench *b,
                      const char *family)
{
    if (b->foreign)
        return NULL;
    struct pb_bench_id id = {.count = (uint64_t)b->count,
                             .seed = b->seed,
                             .threads = (uint64_t)b->threads,
                             .processes = (uint64_t)b->processes};
    snprintf(id.kernel, sizeof(id.kernel), "%s", b->kernel);
    snprintf(id.variant, sizeof(id.variant), "%s", b->variant);
    snprintf(id.family, sizeof(id.family), "%s", family);
    snprintf(id.size, sizeof(id.size), "%s", b->size);
    char key[sizeof(b->key)];
    if (pb_bench_id_write(&id, key, sizeof(key)) < 0)
        return NULL;
    return readback_get(t, key);
}

/* The most distinct corpora (instances, seed) of a sweep that the
 * default rule matches against; a sweep of more matches on these. */
enum { CORPORA = 16 };

/* Adds name to the distinct names in list, separated by ", " (len
 * bytes; a name that does not fit is left out). */
static void add_name(char *list, size_t len, const char *name)
{
    size_t n = strlen(name), used = strlen(list);
    for (const char *w = list; *w;) {
        size_t l = strcspn(w, ",");
        if (l == n && !strncmp(w, name, n))
            return;
        w += l + (w[l] == ',' ? 2 : 0);
    }
    if (used + n + 3 <= len)
        snprintf(list + used, len - used, "%s%s", used ? ", " : "", name);
}

bool pb_knob_reference(const struct readback *t, const char *kernel,
                       const char *family, const char *size, const char *wanted,
                       char *ref, size_t ref_len, char *candidates,
                       size_t candidates_len)
{
    struct {
        long count;
        unsigned long long seed;
    } corpus[CORPORA];
    size_t corpora = 0;
    for (size_t i = 0; i < t->count; i++) {
        const struct readback_bench *b = &t->b[i];
        bool seen = false;
        if (strcmp(b->kernel, kernel) || !pb_knob_in_sweep(b, family, size))
            continue;
        for (size_t c = 0; c < corpora && !seen; c++)
            seen = corpus[c].count == b->count && corpus[c].seed == b->seed;
        if (!seen && corpora < CORPORA) {
            corpus[corpora].count = b->count;
            corpus[corpora++].seed = b->seed;
        }
    }
    char found[1024] = ""; /* the default's candidates, on the corpora */
    ref[0] = candidates[0] = '\0';
    for (size_t i = 0; i < t->count; i++) {
        const struct readback_bench *b = &t->b[i];
        bool on = false;
        if (strcmp(b->kernel, kernel) || !serial(b) || strcmp(b->size, size) ||
            pb_knob_in_sweep(b, family, size))
            continue;
        for (size_t c = 0; c < corpora && !on; c++)
            on = corpus[c].count == b->count && corpus[c].seed == b->seed;
        if (wanted && on && !strcmp(b->family, wanted)) {
            snprintf(ref, ref_len, "%s", wanted);
            return true;
        }
        add_name(candidates, candidates_len, b->family);
        if (!wanted && on && isnan(pb_knob_of(b->family, NULL, 0)))
            add_name(found, sizeof(found), b->family);
    }
    if (wanted || !found[0] || strchr(found, ','))
        return false;
    snprintf(ref, ref_len, "%s", found);
    return true;
}

void pb_knob_speedup(const struct readback_bench *b,
                     const struct readback_bench *ref, double out[3])
{
    double mb = readback_median(b), mr = readback_median(ref);
    out[0] = mb > 0 && mr > 0 ? mr / mb : NAN;
    struct pb_change c = {.lo = NAN, .hi = NAN};
    pb_change_of(b, ref, true, PB_STATS_ALPHA, &c); /* ref / b */
    out[1] = c.lo;
    out[2] = c.hi;
}
