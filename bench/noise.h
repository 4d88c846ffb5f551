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
 * tidy_bench keeps the worst repetition's):
 *   noisy        load before or after above the number of cores;
 *                cpu_per_wall below PB_NOISE_CPU_MIN at one thread
 *                (CPU seconds / (wall seconds * threads) of the timed
 *                solves: the process was descheduled)
 *   implausible  at T > 1 threads or P > 1 MPI processes, more than
 *                PB_NOISE_SLOWER times the median of the same corpus at
 *                one process of one thread (tidy_find);
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
 *
 * JSON context keys (strings), written at the start of a run and
 * rewritten at its end:
 *   cpu_governor        the scaling governors of the CPUs, distinct
 *                       values joined by ',' ("performance",
 *                       "powersave,performance"), "unknown" when no
 *                       cpuN/cpufreq/scaling_governor is readable,
 *                       "changed: A -> B" when the end differs
 *   cpu_turbo           "on" or "off" (intel_pstate/no_turbo, else
 *                       cpufreq/boost), "unknown", or "changed: A -> B"
 *   load_average_start  the 1-minute load average ("1.67"; "unknown")
 *   load_average_end    the same at the end of the run
 * A run that was interrupted keeps the start values and no
 * load_average_end.
 */
#ifndef NOISE_H
#define NOISE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "pb.h"
#include "results.h"
#include "tidy.h"

#define PB_NOISE_CPU_MIN 0.9 /* CPU / wall at one thread below: descheduled */
#define PB_NOISE_SLOWER 2.0  /* P x T this much slower than 1: suspect */
#define PB_NOISE_CV_MAX 0.10 /* repetitions spread above: unstable */
#define PB_NOISE_SHORT_SAMPLE 1e-3 /* seconds of one timed sample below */
#define PB_NOISE_SLOW_FIRST 1.5 /* first repetition over the others' median */

#define PB_NOISE_TEXT 128  /* one warning, with its NUL */
#define PB_NOISE_STATE 96  /* a governor or turbo text, with its NUL */
#define PB_NOISE_RULES 7   /* warnings of one benchmark at most */
#define PB_NOISE_FOLD 3    /* more loaded benchmarks: one line for all */
#define PB_NOISE_MACHINE 6 /* machine warnings at most */
#define PB_NOISE_SYSFS "/sys/devices/system/cpu"

/* ---- readings ---------------------------------------------------- */

/* The 1-minute load average (/proc/loadavg), NaN when unreadable. */
double pb_noise_load(void);
/* CPU seconds so far of what runs a solve at `threads` threads: the
 * whole process (CLOCK_PROCESS_CPUTIME_ID) above one, the calling thread
 * (CLOCK_THREAD_CPUTIME_ID) at one, where the solve runs on the calling
 * thread and OpenMP workers an earlier parallel region left spinning
 * (libgomp's GOMP_SPINCOUNT) would count too (measured: 1.57 of wall at
 * one thread). NaN when the clock is missing. */
double pb_noise_cpu_seconds(long threads);
/* cpu / (wall * threads); NaN when either is unknown or wall is 0. */
double pb_noise_cpu_per_wall(double cpu, double wall, long threads);
/* Involuntary context switches so far (the system took the CPU away)
 * of what runs a solve at `threads` threads, by pb_noise_cpu_seconds's
 * rule: the calling thread's (getrusage RUSAGE_THREAD) at one, the
 * whole process's (RUSAGE_SELF) above; NaN when unreadable. */
double pb_noise_switches(long threads);

/* The clocks a timed region records beside its wall time
 * (docs/statistics.md): the CPU seconds and the involuntary switches of
 * the threads that do its work, by pb_noise_cpu_seconds's rule. At one
 * thread the solving thread's own, so that an idle OpenMP pool still
 * spinning after an earlier region does not count as this solve's
 * work; above, the process's: a team's CPU time is its threads' summed,
 * spin-waiting at its barriers included, which the team spends on this
 * solve. pb_noise_region_start just before the region's wall clock
 * starts and pb_noise_region_stop just after it stops: the reads (a
 * system call for the switches) stay outside the timed region, as the
 * wall clock's own reads do. Then cpu and switches hold the region's
 * (NaN where a reading failed). */
struct pb_noise_region {
    double cpu, switches;
};
void pb_noise_region_start(struct pb_noise_region *r, long threads);
void pb_noise_region_stop(struct pb_noise_region *r, long threads);

/* The frequency state of a machine and its load, at one moment or (after
 * pb_noise_machine_end) over a run. */
struct pb_noise_machine {
    char governor[PB_NOISE_STATE]; /* "unknown" when unreadable */
    char turbo[PB_NOISE_STATE];    /* "on", "off" or "unknown" */
    double load_start, load_end;   /* NaN when unknown */
    int cores;                     /* 0 when unknown */
    int granted; /* the CPUs the process may use (cpus.h); 0 when unknown */
};

/* Reads the governors and turbo state under sys (PB_NOISE_SYSFS, or a
 * copy of its layout in tests), the load now as load_start (load_end
 * NaN), cores and granted. Never fails: what it cannot read is
 * "unknown". */
void pb_noise_machine_read(const char *sys, struct pb_noise_machine *m);
/* Folds the state at the end of a run (`end`, as read above) into m:
 * a governor or turbo that differs becomes "changed: A -> B" (a state
 * that was already "changed: ..." keeps its first value), end's load
 * becomes m's load_end. */
void pb_noise_machine_end(struct pb_noise_machine *m,
                          const struct pb_noise_machine *end);
/* The machine record of a results.json "context" object (a Jansson
 * json_t; the keys above, "cores" and "cpus_granted"): absent keys read
 * as "unknown" / NaN / 0. false when context is not an object (nothing
 * known). */
struct json_t;
bool pb_noise_machine_from_context(const struct json_t *context,
                                   struct pb_noise_machine *m);

/* ---- rules --------------------------------------------------------- */

/* The coefficient of variation of x[0..n) (sample standard deviation /
 * mean): the one spread measure of the console, the report and the CV
 * rule. NaN with fewer than two values (no spread to speak of) or a
 * mean not above 0. O(n). */
double pb_noise_cv_of(const double *x, size_t n);
/* pb_noise_cv_of b's repetitions (seconds per instance). */
double pb_noise_cv(const struct tidy_bench *b);
/* b's warnings, each a short text ("CV 18 % (above 10 %)", "load 3.1 >
 * 2 cores", "CPU 0.62 of wall", "2 threads 2.4x slower than 1" (or "2
 * processes x 1 thread 2.4x slower than 1"), "a timed sample under 1 ms",
 * "first repetition 1.8x the others", "4 threads on 2 cores" (or "2
 * threads on 1 granted CPU" where the process had fewer CPUs than the
 * machine's cores), in this order), into w[0..max); returns how many (at
 * most max). t (may be NULL: no thread rule) holds b's other thread and
 * process counts; cores <= 0 when unknown (no load rule), granted <= 0
 * when unknown (the cores stand for it). O(benchmarks of t) for
 * tidy_find. */
size_t pb_noise_bench(const struct tidy *t, const struct tidy_bench *b,
                      int cores, int granted, char w[][PB_NOISE_TEXT],
                      size_t max);
/* Whether b's load, before or after, was above cores (> 0): the load
 * rule alone. */
bool pb_noise_loaded(const struct tidy_bench *b, int cores);
/* Whether b's timed sample (one solve of its whole corpus) was under
 * PB_NOISE_SHORT_SAMPLE: the short-sample rule alone. */
bool pb_noise_short(const struct tidy_bench *b);
/* The rules a block can say once for many benchmarks. */
enum {
    PB_NOISE_NO_LOAD = 1,  /* leave out the load rule */
    PB_NOISE_NO_SHORT = 2, /* leave out the short-sample rule */
};
/* pb_noise_bench, less the rules named in `without` (PB_NOISE_NO_*). */
size_t pb_noise_bench_rules(const struct tidy *t, const struct tidy_bench *b,
                            int cores, int granted, unsigned without,
                            char w[][PB_NOISE_TEXT], size_t max);
/* The machine's warnings ("CPU governor unknown", "turbo changed: on ->
 * off", "load 3.4 > 2 cores at the start") into w[0..max); returns how
 * many. */
size_t pb_noise_machine_warnings(const struct pb_noise_machine *m,
                                 char w[][PB_NOISE_TEXT], size_t max);

/* ---- a run (noise_run.c) ------------------------------------------ */

/* The start of a run: reads the machine into m, adds its keys to the
 * JSON context (and the log, as provenance does) and says on one line
 * when the governor or turbo state is unknown. */
void pb_noise_run_start(struct pb_results *r, struct pb_noise_machine *m);
/* The end of a run: reads the machine again, rewrites the context of
 * r's results.json with the run's state (pb_noise_machine_end), then
 * prints the "warnings:" block (one line per noisy benchmark of the
 * run's results t, NULL when none were read; one per machine warning;
 * nothing when there are none) to stdout and the log. 0, or a negative
 * error when results.json could not be rewritten (e says why; the old
 * file is kept). */
int pb_noise_run_end(struct pb_results *r, struct pb_noise_machine *m,
                     const struct tidy *t, struct pb_error *e);
/* Prints the warnings of t's benchmarks, "PREFIX NAME: W1; W2\n" per
 * noisy one (pb_noise_print_benches, with m's granted CPUs; none known
 * when m is NULL), and of machine m (may be NULL), "PREFIX W\n" each;
 * returns how many lines. For the console block. */
size_t pb_noise_print(FILE *out, const char *prefix, const struct tidy *t,
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
                              const struct tidy *t,
                              const struct tidy_bench *const *list,
                              size_t count, int cores, int granted);

#endif
