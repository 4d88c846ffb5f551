/*
 * work.h - a kernel's work counters (pb.h: struct pb_work_def) as the
 * figures results files carry. The harness sets, per benchmark, these
 * Google Benchmark counters (results.json, and the console table):
 *   work_per_second        counter 0 per second            (as before)
 *   expanded_per_instance  counter 0 per instance          (as before)
 *   NAME_per_instance      each counter per instance (a counter 0 named
 *                          "expanded" is expanded_per_instance itself)
 * and, for a kernel with work.units (the unit: its work.unit_name),
 *   units_per_instance     units of work per instance
 *   NAME_per_unit          each counter per unit
 *   seconds_per_unit       solve time per unit
 * results.csv carries the per-instance counts and units_per_instance
 * (schema.h); the per-unit figures are derived from them. Readers find
 * the counters of a results.json by the _per_instance suffix
 * (units_per_instance and the legacy expanded_per_instance aside).
 */
#ifndef WORK_H
#define WORK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "pb.h"
#include "results/schema.h"

/* The most figures pb_work_figures writes. */
#define PB_WORK_FIGURES (3 + 2 * PB_MAX_COUNTERS + 2)

struct pb_work_figure {
    char name[PB_ID_TEXT + 16]; /* a counter name + "_per_instance" */
    double value;
    bool rate; /* a total, for Google Benchmark to divide by the time */
};

/* The units of work of every instance of c, summed (the kernel's
 * work.units); 0 when the kernel has none. O(instances) calls of
 * work.units: outside any timed region. */
uint64_t pb_work_units(const struct pb_corpus *c);

/* The figures of a benchmark of kernel k (the names above): sum is the
 * work of `iterations` solves of a corpus of `instances` instances,
 * `units` units of work (pb_work_units), which took `seconds` in all.
 * Writes at most PB_WORK_FIGURES into out; returns how many. */
size_t pb_work_figures(const struct pb_kernel *k, const struct pb_work *sum,
                       int64_t iterations, double seconds, size_t instances,
                       uint64_t units, struct pb_work_figure *out);

/* A results.csv row's work fields from a run's counters (names[i] has
 * values[i], i < n): each of k's counters, in its order, from
 * NAME_per_instance (NaN when absent), and units_per_instance (NaN when
 * absent). O(counters * n). */
void pb_work_row(const struct pb_kernel *k, const char *const *names,
                 const double *values, size_t n, struct pb_row *row);

/* Whether a Google Benchmark counter name is one of a kernel's counters
 * per instance: NAME_per_instance with NAME in [a-z0-9_], neither
 * "units" nor the legacy "expanded". The name's length goes to *len. */
bool pb_work_counter_key(const char *key, size_t *len);

#endif
