/*
 * machine.h - what the machine is doing, read beside every measurement:
 * the 1-minute load average, the CPU clocks and involuntary context
 * switches of the threads that do the work, the CPU frequency state
 * (governor, turbo/boost) at the start and the end of a run. The rules
 * that turn them into warnings are analysis/noise.h's; the run's record
 * of them, harness/noise_run.h's.
 *
 * Recorded in results.json's context at the start of a run and again
 * at its end, under the keys PB_CTX_CPU_GOVERNOR, PB_CTX_CPU_TURBO,
 * PB_CTX_LOAD_START and PB_CTX_LOAD_END (util/context_keys.h says what
 * each holds).
 */
#ifndef PB_MACHINE_H
#define PB_MACHINE_H

#include <stdbool.h>

#define PB_NOISE_STATE 96 /* a governor or turbo text, with its NUL */
#define PB_NOISE_SYSFS "/sys/devices/system/cpu"
#define PB_NOISE_CHANGED "changed: " /* a state that changed in a run */

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
 * json_t; the keys above, PB_CTX_CORES and PB_CTX_CPUS_GRANTED): absent keys
 * read as "unknown" / NaN / 0. false when context is not an object (nothing
 * known). */
struct json_t;
bool pb_noise_machine_from_context(const struct json_t *context,
                                   struct pb_noise_machine *m);

#endif
