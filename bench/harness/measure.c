/*
 * measure.c - the measuring steps every kind of benchmark shares, the
 * solve benchmarks of harness.c and the census benchmarks of
 * harness_census.c alike: the memory cap a benchmark runs under, the end
 * of a verification pass, and the readings and counters around a timed
 * loop (the machine's load, CPU time against wall time, work, heap).
 * Declared in harness_internal.h. O(counters) per benchmark.
 */
#include <stdarg.h>
#include <stdio.h>

#include "harness/harness_internal.h"
#include "pb_clock.h"
#include "pb_limits.h"
#include "results/work.h"
#include "util/cpus.h"
#include "util/machine.h"

/* Made the process's cap so that the variant's run refuses at the same
 * line the skip check draws. */
uint64_t pb_harness_memory_cap(const struct pb_suite_entry *x)
{
    uint64_t cap = x->memory_cap;
    if (!x->memory_set) {
        pb_memory_cap_set(0);
        if (pb_memory_cap() < cap)
            cap = pb_memory_cap();
        /* this machine's: another process bounds it by its own */
        pb_memory_cap_set_derived(cap);
        return cap;
    }
    pb_memory_cap_set(cap);
    return cap;
}

void pb_harness_pass_ends(struct bench_case *c, struct pb_pass_record *rec,
                          enum pb_pass_status status, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(c->skip, sizeof(c->skip), fmt, ap);
    va_end(ap);
    rec->status = status;
    c->wrong = status == PB_PASS_FAILED || status == PB_PASS_WRONG;
}

void pb_harness_loop_start(struct loop_figures *f, int threads)
{
    /* the noise readings (noise.h), outside the back end's clock; CPU
     * against wall over the whole loop: per iteration, the process
     * clock (a system call) would cost more than a small solve */
    f->load_before = pb_noise_load();
    f->cpu = pb_noise_cpu_seconds(threads);
    f->wall = pb_now();
}

bool pb_harness_loop_counters(struct pb_gb_state *st, const struct pb_kernel *k,
                              int threads, struct loop_figures *f)
{
    f->wall = pb_now() - f->wall;
    f->cpu = pb_noise_cpu_seconds(threads) - f->cpu;
    f->load_after = pb_noise_load();
    if (f->iterations == 0)
        return false;
    pb_gb_set_counter(st, "load_before", f->load_before, PB_GB_VALUE);
    pb_gb_set_counter(st, "load_after", f->load_after, PB_GB_VALUE);
    pb_gb_set_counter(st, "cpu_per_wall",
                      pb_noise_cpu_per_wall(f->cpu, f->wall, threads),
                      PB_GB_VALUE);
    /* per iteration, as the manual time is */
    pb_gb_set_counter(st, "cpu_seconds", f->cpu_seconds / (double)f->iterations,
                      PB_GB_VALUE);
    pb_gb_set_counter(st, "involuntary_switches",
                      f->switches / (double)f->iterations, PB_GB_VALUE);
    pb_gb_set_items_processed(st, f->iterations * (int64_t)f->instances);
    pb_gb_set_counter(st, "instances", (double)f->instances, PB_GB_VALUE);
    pb_gb_set_counter(st, "omp_threads", (double)threads, PB_GB_VALUE);
    /* the CPUs the threads had: fewer than omp_threads marks a run
     * whose threads took turns (oversubscribed, left out of speed-ups) */
    int granted = pb_cpus_granted();
    pb_gb_set_counter(st, "threads_granted",
                      (double)(threads < granted ? threads : granted),
                      PB_GB_VALUE);
    pb_gb_set_counter(st, "build_seconds", f->build_seconds, PB_GB_VALUE);
    pb_gb_set_counter(st, "build_timed", f->build_timed, PB_GB_VALUE);
    struct pb_work_figure fig[PB_WORK_FIGURES];
    size_t figures = pb_work_figures(k, &f->work, f->iterations, f->seconds,
                                     f->instances, f->units, fig);
    for (size_t i = 0; i < figures; i++)
        pb_gb_set_counter(st, fig[i].name, fig[i].value,
                          fig[i].rate ? PB_GB_RATE : PB_GB_VALUE);
    pb_gb_set_counter(st, "verified", 1, PB_GB_VALUE);
    pb_gb_set_counter(st, "round", f->round, PB_GB_VALUE);
    if (f->heap) {
        pb_gb_set_counter(st, "peak_heap_bytes", (double)f->heap_peak,
                          PB_GB_VALUE);
        pb_gb_set_counter(st, "allocated_bytes", (double)f->heap_allocated,
                          PB_GB_VALUE);
    }
    if (f->rss)
        pb_gb_set_counter(st, "peak_rss_bytes", (double)f->rss, PB_GB_VALUE);
    return true;
}
