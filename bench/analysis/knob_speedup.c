/*
 * knob_speedup.c - the counter and the reference corpus of the figures
 * against a family's knob (knob_speedup.h). The reference run of a
 * benchmark is looked up by its name with the family swapped (the
 * readback's index: O(1) expected); the default reference is found in
 * one pass over the benchmarks, matching each against the sweep's
 * corpora (instances and seed: a handful), O(n x corpora). The interval
 * is change.h's, so that it is the one compare would print for the two.
 */
#include "analysis/knob_speedup.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "analysis/change.h"
#include "analysis/summary.h"
#include "results/schema.h"

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
        if (strcmp(b->kernel, kernel) ||
            !pb_summary_in_knob_sweep(b, family, size))
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
        if (strcmp(b->kernel, kernel) || !pb_summary_serial(b) ||
            strcmp(b->size, size) || pb_summary_in_knob_sweep(b, family, size))
            continue;
        for (size_t c = 0; c < corpora && !on; c++)
            on = corpus[c].count == b->count && corpus[c].seed == b->seed;
        if (wanted && on && !strcmp(b->family, wanted)) {
            snprintf(ref, ref_len, "%s", wanted);
            return true;
        }
        add_name(candidates, candidates_len, b->family);
        if (!wanted && on && isnan(pb_summary_knob(b->family, NULL, 0)))
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
