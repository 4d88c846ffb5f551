/*
 * noise.h - was the machine quiet while a benchmark ran? The readings
 * the harness takes beside each benchmark (the 1-minute load average
 * before and after, process CPU time against wall time), the machine's
 * frequency state (CPU governor, turbo/boost) at the start and the end
 * of a run, and the one set of rules that turns them into warnings for
 * the console (pb_bench_suite's end), the report (report.c warn_about)
 * and `compare`, after pyperf's checks (pyperf `system show`, its
 * "benchmark may be unstable" warnings).
 *
 * Per benchmark (results.csv columns load_before, load_after,
 * cpu_per_wall, the Google Benchmark counters of the same names; struct
 * readback_bench keeps the worst repetition's):
 *   noisy        load before or after above the number of cores;
 *                cpu_per_wall below PB_NOISE_CPU_MIN at one thread
 *                (CPU seconds / (wall seconds * threads) of the timed
 *                solves: the process was descheduled)
 *   implausible  at T > 1 threads or P > 1 MPI processes, more than
 *                PB_NOISE_SLOWER times the median of the same corpus at
 *                one process of one thread (readback_find);
 *                repetitions whose coefficient of variation is above
 *                PB_NOISE_CV_MAX
 *   unreliable   a timed sample (the corpus solved once: the median per
 *                instance times the instances) under PB_NOISE_SHORT_SAMPLE;
 *                a first repetition above PB_NOISE_SLOW_FIRST times the
 *                median of the others; more threads than the CPUs the
 *                process was granted (cpus.h: affinity mask, cgroup
 *                quota, OMP_THREAD_LIMIT), or than the cores
 * Per run (the JSON context keys below): the governor or turbo state
 * unknown or changed during the run; the load at the start or the end
 * above the number of cores (the load is the machine's: judged against
 * its cores, not against the CPUs granted).
 */
#ifndef NOISE_H
#define NOISE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "pb.h"
#include "results/readback.h"
#include "util/machine.h"

#define PB_NOISE_CPU_MIN 0.9 /* CPU / wall at one thread below: descheduled */
#define PB_NOISE_SLOWER 2.0  /* P x T this much slower than 1: suspect */
#define PB_NOISE_CV_MAX 0.10 /* repetitions spread above: unstable */
#define PB_NOISE_SHORT_SAMPLE 1e-3 /* seconds of one timed sample below */
#define PB_NOISE_SLOW_FIRST 1.5 /* first repetition over the others' median */

#define PB_NOISE_TEXT 128  /* one warning, with its NUL */
#define PB_NOISE_RULES 7   /* warnings of one benchmark at most */
#define PB_NOISE_FOLD 3    /* more loaded benchmarks: one line for all */
#define PB_NOISE_MACHINE 6 /* machine warnings at most */

/* ---- rules --------------------------------------------------------- */

/* pb_cv (util/stats.h) of b's repetitions (seconds per instance). */
double pb_noise_cv(const struct readback_bench *b);
/* b's warnings, each a short text ("CV 18 % (above 10 %)", "load 3.1 >
 * 2 cores", "CPU 0.62 of wall", "2 threads 2.40x slower than 1" (or "2
 * processes x 1 thread 2.40x slower than 1"), "a timed sample under 1 ms",
 * "first repetition 1.80x the others", "4 threads on 2 cores" (or "2
 * threads on 1 granted CPU" where the process had fewer CPUs than the
 * machine's cores), in this order), into w[0..max); returns how many (at
 * most max). t (may be NULL: no thread rule) holds b's other thread and
 * process counts; cores <= 0 when unknown (no load rule), granted <= 0
 * when unknown (the cores stand for it). O(benchmarks of t) for
 * readback_find. */
size_t pb_noise_bench(const struct readback *t, const struct readback_bench *b,
                      int cores, int granted, char w[][PB_NOISE_TEXT],
                      size_t max);
/* Whether b's load, before or after, was above cores (> 0): the load
 * rule alone. */
bool pb_noise_loaded(const struct readback_bench *b, int cores);
/* Whether b's timed sample (one solve of its whole corpus) was under
 * PB_NOISE_SHORT_SAMPLE: the short-sample rule alone. */
bool pb_noise_short(const struct readback_bench *b);
/* The rules a block can say once for many benchmarks. */
enum {
    PB_NOISE_NO_LOAD = 1,  /* leave out the load rule */
    PB_NOISE_NO_SHORT = 2, /* leave out the short-sample rule */
};
/* pb_noise_bench, less the rules named in `without` (PB_NOISE_NO_*). */
size_t pb_noise_bench_rules(const struct readback *t,
                            const struct readback_bench *b, int cores,
                            int granted, unsigned without,
                            char w[][PB_NOISE_TEXT], size_t max);
/* The machine's warnings ("CPU governor unknown", "turbo changed: on ->
 * off", "load 3.4 > 2 cores at the start") into w[0..max); returns how
 * many. */
size_t pb_noise_machine_warnings(const struct pb_noise_machine *m,
                                 char w[][PB_NOISE_TEXT], size_t max);

/* Prints the warnings of t's benchmarks, "PREFIX NAME: W1; W2\n" per
 * noisy one (pb_noise_print_benches, with m's granted CPUs; none known
 * when m is NULL), and of machine m (may be NULL), "PREFIX W\n" each;
 * returns how many lines. For the console block. */
size_t pb_noise_print(FILE *out, const char *prefix, const struct readback *t,
                      const struct pb_noise_machine *m, int cores);
/* Prints the warnings of list[0..count) (benchmarks of t, which holds
 * their other thread counts; NULL entries are skipped), "PREFIX NAME: W1;
 * W2\n" per noisy one; when more than PB_NOISE_FOLD of them were loaded
 * above the cores, one line "PREFIX load above C cores during K of N
 * benchmarks (the 1-minute load average)" first instead of a load warning
 * on each, and likewise "PREFIX a timed sample under 1 ms in K of N
 * benchmarks" for the short-sample rule. Returns how many lines.
 * O(count x benchmarks of t). */
size_t pb_noise_print_benches(FILE *out, const char *prefix,
                              const struct readback *t,
                              const struct readback_bench *const *list,
                              size_t count, int cores, int granted);

#endif
