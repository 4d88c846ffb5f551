/*
 * pb_work.h - the work a solve did, counted while it runs (states
 * expanded, turns applied, queue pops): the counts a variant adds to
 * (struct pb_work) and how a kernel names its counters and the unit of
 * work per instance (struct pb_work_def), from which the harness derives
 * work per second and per instance.
 */
#ifndef PB_WORK_H
#define PB_WORK_H

#include <stdint.h>

/* Work counters: the most a kernel names (struct pb_work_def). */
#define PB_MAX_COUNTERS 6
/* Counter 0 is the kernel's main unit of work (states expanded for the
 * searches, turns for cubing): what work_per_second and
 * expanded_per_instance report. A kernel with more counters names its
 * other indices in its own header. */
#define PB_WORK_MAIN 0

/* Work done by solves, one count per counter of the kernel's
 * work.counters (unused counts stay 0). A variant adds to the counts of
 * the instance it solves (work->count[PB_WORK_MAIN] += expanded) and
 * never clears them: the runner hands each worker a zeroed pb_work and
 * sums the workers' counts after the timed window. */
struct pb_work {
    uint64_t count[PB_MAX_COUNTERS];
};

/* One counter: name, in [a-z0-9_] (1 to 31 characters; not "units" or
 * "seconds", and "expanded" only as counter 0), is how results files
 * name it ("pops": the pops_per_instance counter; bench/work.h); unit
 * says for people what one count is ("states expanded", "queue pops"). */
struct pb_counter_def {
    const char *name;
    const char *unit;
};

/* What a kernel's solves count, and what to divide the counts by. */
struct pb_work_def {
    /* Counter i counts into pb_work.count[i]; terminated by a NULL
     * name; 1 to PB_MAX_COUNTERS of them. NULL: one counter,
     * {"expanded", "states expanded"} (pb_work_counters), as for an
     * empty table. */
    const struct pb_counter_def *counters;
    /* Optional: the instance's size in units of work (cube_walk: its
     * reachable states), the denominator of the per-unit figures (time,
     * and each counter, per unit); pure, cheap next to a solve, called
     * outside any timed region, once per instance per benchmark. NULL:
     * no per-unit figures. */
    uint64_t (*units)(const void *instance);
    /* The unit, singular, for people ("reachable state"); with units. */
    const char *unit_name;
};

#endif
