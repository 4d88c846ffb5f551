/*
 * work.c - work counters as figures (work.h): the Google Benchmark
 * counters of a benchmark, and the results.csv fields read back from
 * them. Each is O(counters) per benchmark, outside any timed region,
 * except pb_work_units, O(instances) once per benchmark.
 */
#include "results/work.h"

#include "results/readback.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define PER_INSTANCE "_per_instance"

uint64_t pb_work_units(const struct pb_corpus *c)
{
    uint64_t (*units)(const void *) = c->kernel->work.units;
    uint64_t sum = 0;
    for (size_t i = 0; units && i < c->count; i++)
        sum += units(pb_corpus_item(c, i));
    return sum;
}

static void figure(struct pb_work_figure *f, const char *name,
                   const char *suffix, double value, bool rate)
{
    snprintf(f->name, sizeof(f->name), "%s%s", name, suffix);
    f->value = value;
    f->rate = rate;
}

size_t pb_work_figures(const struct pb_kernel *k, const struct pb_work *sum,
                       int64_t iterations, double seconds, size_t instances,
                       uint64_t units, struct pb_work_figure *out)
{
    const struct pb_counter_def *defs;
    size_t counters = pb_work_counters(k, &defs), n = 0;
    double runs = (double)iterations, per = runs * (double)instances;
    figure(&out[n++], "work_per_second", "", (double)sum->count[PB_WORK_MAIN],
           true);
    figure(&out[n++], "expanded_per_instance", "",
           (double)sum->count[PB_WORK_MAIN] / per, false);
    for (size_t i = 0; i < counters; i++)
        if (strcmp(defs[i].name, "expanded")) /* counter 0, just written */
            figure(&out[n++], defs[i].name, PER_INSTANCE,
                   (double)sum->count[i] / per, false);
    if (!k->work.units)
        return n;
    figure(&out[n++], "units_per_instance", "",
           (double)units / (double)instances, false);
    if (units == 0)
        return n; /* nothing to divide by */
    double per_unit = runs * (double)units;
    for (size_t i = 0; i < counters; i++)
        figure(&out[n++], defs[i].name, "_per_unit",
               (double)sum->count[i] / per_unit, false);
    figure(&out[n++], "seconds_per_unit", "", seconds / per_unit, false);
    return n;
}

static double named(const char *const *names, const double *values, size_t n,
                    const char *name, const char *suffix)
{
    char key[PB_ID_TEXT + 16];
    snprintf(key, sizeof(key), "%s%s", name, suffix);
    for (size_t i = 0; i < n; i++)
        if (!strcmp(names[i], key))
            return values[i];
    return NAN;
}

void pb_work_row(const struct pb_kernel *k, const char *const *names,
                 const double *values, size_t n, struct pb_row *row)
{
    const struct pb_counter_def *defs;
    size_t counters = pb_work_counters(k, &defs);
    bool any = false;
    memset(&row->work, 0, sizeof(row->work));
    for (size_t i = 0; i < counters; i++) {
        struct pb_row_counter *c = &row->work.counter[row->work.n++];
        snprintf(c->name, sizeof(c->name), "%s", defs[i].name);
        c->per_instance = named(names, values, n, defs[i].name, PER_INSTANCE);
        any |= !isnan(c->per_instance);
    }
    if (!any)
        row->work.n = 0; /* a run that failed: NA */
    row->units_per_instance = named(names, values, n, "units", PER_INSTANCE);
}

bool pb_work_counter_key(const char *key, size_t *len)
{
    size_t n = strlen(key), s = strlen(PER_INSTANCE);
    if (n <= s || strcmp(key + n - s, PER_INSTANCE))
        return false;
    n -= s;
    char name[PB_ID_TEXT];
    if (n >= sizeof(name))
        return false;
    memcpy(name, key, n);
    name[n] = '\0';
    if (!readback_name_ok(name) || !strcmp(name, "units") ||
        !strcmp(name, "expanded"))
        return false;
    *len = n;
    return true;
}
