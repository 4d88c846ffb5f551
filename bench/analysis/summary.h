/*
 * summary.h - the per-benchmark summary CSV the figures are drawn from
 * (one row per benchmark, derived from the tidy results.csv): median and
 * quartiles of the time per instance, build time, work and peak heap,
 * speed-up over the same benchmark at one process of one thread (time at
 * 1 x 1 / time at P processes x T threads) and efficiency (speed-up per
 * core used: / (P x T)), both NaN for a run at more threads per process
 * than the CPUs its processes were granted (cpus.h: oversubscribed, its
 * threads took turns, so its time is no speed-up), the ratio to the kernel's
 * baseline variant (at the same processes and threads), the size as figures
 * plot it (size_x; the size column is the kernel's size text, "3x3" or "4"),
 * whether the row is on the kernel's size sweep, the number of its corpus among
 * those the baseline ran on (pb_summary_corpora; NaN for the others), the
 * variant's fixed style number, the kernel's units of work per instance
 * (NaN without), the family's knob (K of `adversarial:K`; NaN
 * without), the MPI processes (1 for a plain run) and the clock of the
 * row's times ("cpu" or "wall": readback.h's rule, or the one plot was asked
 * for; the speed-up and its bars divide wall times on both sides,
 * since how soon the answer comes is what threads buy), and the
 * intervals the figures draw: the 95 % t interval over rounds
 * (docs/statistics.md, change.h) of the time's level (the geometric mean
 * of the round medians), of the speed-up (serial against parallel, wall
 * time, paired by round) and of the ratio to the baseline (paired), the
 * same interval compare and the winners print; NaN where it has none
 * (fewer than PB_STATS_MIN_ROUNDS rounds). Then a counter of the
 * kernel's, by name, per instance (plot --counter; the main one by
 * default), and on the knob sweep the speed-up over the reference
 * family with its interval (knob_sweep.h; NaN elsewhere). The quartile bars
 * (q1_s, q3_s,
 * *_lo, *_hi) stay for older scripts and readers. The figure
 * scripts in plots/ read every column by its name in the header, so
 * a column may go anywhere and the order carries no meaning.
 * Rows come kernel by kernel, corpus by corpus (pb_summary_corpora's
 * order), then variant.
 */
#ifndef SUMMARY_H
#define SUMMARY_H

#include "pb.h"
#include "results/readback.h"

/* The header: the names the figure scripts in plots/ read the columns
 * by, never their places (tests/test_plot.sh checks that every name they
 * use is here). */
#define PB_SUMMARY_HEADER                                                      \
    "kernel,variant,family,size,count,seed,threads,repetitions,median_s,"      \
    "q1_s,q3_s,build_s,work_per_instance,peak_heap_bytes,speedup,"             \
    "speedup_lo,speedup_hi,efficiency,baseline,ratio,ratio_lo,ratio_hi,"       \
    "size_x,sweep,corpus,style,units_per_instance,knob,processes,clock,"       \
    "rounds,time_ci_lo_s,time_ci_hi_s,speedup_ci_lo,speedup_ci_hi,"            \
    "ratio_ci_lo,ratio_ci_hi,counter,counter_per_instance,reference,"          \
    "knob_speedup,knob_speedup_ci_lo,knob_speedup_ci_hi"

/* The baseline variant of kernel k in t: `wanted` when t has it for k,
 * else the first of k's registered variants present in t; NULL if none. */
const char *pb_summary_baseline(const struct readback *t, const char *kernel,
                                const char *wanted);
/* b is a serial run: one process (no MPI) of one thread, the runs the
 * sweeps and the work figures compare and the speed-up's reference. */
bool pb_summary_serial(const struct readback_bench *b);
/* The kernel's size sweep in t: the family run at the most distinct
 * sizes serially (pb_summary_serial; the first such), or NULL. Its
 * serial rows, one per variant and size (the largest corpus), are the
 * summary's sweep rows, drawn by the time and memory against size
 * figures. */
const char *pb_summary_sweep_family(const struct readback *t,
                                    const char *kernel);
/* b is in the sweep family `sweep` (may be NULL) and serial: the
 * benchmarks the figures against size draw from. */
bool pb_summary_in_sweep(const struct readback_bench *b, const char *sweep);
/* b's size as figures plot it: its kernel's pb_size_value (board cells,
 * K, N); NaN when unknown. */
double pb_summary_size_x(const struct readback_bench *b);
/* The kernel's distinct corpora in t that `baseline` ran on (all when
 * NULL), in order of family, size, count, seed, processes and threads
 * (benchmarks that differ only in their variant count once): corpus[k] is a
 * benchmark of the summary's corpus number k + 1. corpus holds t->count
 * entries; returns how many were filled. */
size_t pb_summary_corpora(const struct readback *t, const char *kernel,
                          const char *baseline,
                          const struct readback_bench **corpus);
/* 1-based style number of a variant name: its place among the distinct
 * variant names of all registered kernels, in registry order, so a name
 * keeps its colour and marker in every figure (wraps after 16). */
int pb_summary_style(const char *variant);
/* What a summary is asked for; NULL fields: the defaults. */
struct pb_summary_choice {
    /* the variant of the ratio columns (pb_summary_baseline) */
    const char *baseline;
    /* the counter of the counter columns, by name (knob_sweep.h);
     * NULL: each kernel's main one; a kernel without it has NaN */
    const char *counter;
    /* the reference family of the knob_speedup columns (knob_sweep.h);
     * NULL: the default rule there */
    const char *reference;
};
/* Writes the summary of t to path (atomically); granted: the CPUs the
 * run's processes were granted (the context's cpus_granted; 0: unknown,
 * no run judged oversubscribed); choice may be NULL. 0 or an error in
 * e. */
int pb_summary_write(const struct readback *t,
                     const struct pb_summary_choice *choice, int granted,
                     const char *path, struct pb_error *e);

#endif
