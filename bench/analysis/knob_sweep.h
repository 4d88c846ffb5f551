/*
 * knob_sweep.h - a kernel's knob sweep and what the figures against it
 * draw beyond times. The knob sweep: the family NAME run as NAME:K at
 * the most knobs K (at least 3), serially (one process of one thread)
 * and at one size. The counter they count (plot --counter: any of the
 * kernel's work counters, its main one by default), and the speed-up of
 * a variant at each knob K over the same variant on a reference corpus,
 * its time there / its time at K, with the 95 % t interval of that ratio
 * over rounds, paired round by round (change.h), as the relative
 * figure's. The reference corpus is the same size, instances and seed
 * as the knob corpus in the reference family: plot --reference FAMILY,
 * else the one family without a knob run serially at the sweep's size
 * on the sweep's corpora, if there is exactly one (a kernel whose
 * hardest case is a family of its own, run beside a knob that eases it,
 * has its speed-up over that case drawn without being asked).
 */
#ifndef PB_KNOB_SWEEP_H
#define PB_KNOB_SWEEP_H

#include <stdbool.h>
#include <stddef.h>

#include "pb.h"
#include "results/readback.h"

/* The knob of a family "NAME:K" (K a decimal number), NaN for a family
 * without one; when base, its NAME (base_len bytes) into base. */
double pb_knob_of(const char *family, char *base, size_t base_len);
/* The kernel's knob sweep in t: the family NAME run with the most
 * distinct knobs K as NAME:K serially and at one size (at least 3;
 * the first such), into family and size; false when none. Figures
 * against the knob draw its rows, one per variant and knob. */
bool pb_knob_sweep(const struct readback *t, const char *kernel, char *family,
                   size_t family_len, char *size, size_t size_len);
/* b is on the knob sweep (family, size) found above: serial, at that
 * size, in a family NAME:K. */
bool pb_knob_in_sweep(const struct readback_bench *b, const char *family,
                      const char *size);

/* The index of kernel k's counter `name` (pb_work_counters; NULL: the
 * main one, 0), or -1 when k has no counter so named. */
int pb_counter_index(const struct pb_kernel *k, const char *name);

/* The reference family of kernel's knob sweep (family NAME, at size, as
 * pb_knob_sweep found them) into ref (ref_len bytes): `wanted`
 * when a serial run of kernel at that size ran it on a corpus of the
 * sweep (its instances and seed), else, wanted NULL, the one family
 * without a knob that did; true when found. Every family other than the
 * sweep's that ran serially at that size goes into candidates,
 * separated by ", " ("": none), for the message when none is found.
 * O(n) for n benchmarks. */
bool pb_knob_reference(const struct readback *t, const char *kernel,
                       const char *family, const char *size, const char *wanted,
                       char *ref, size_t ref_len, char *candidates,
                       size_t candidates_len);

/* The run of b's kernel, variant, size, instances, seed, processes and
 * threads in `family` (NULL when t has none). O(1) expected. */
const struct readback_bench *
pb_knob_reference_run(const struct readback *t, const struct readback_bench *b,
                      const char *family);

/* The speed-up of b over ref (the same variant on the reference
 * corpus): ref's time / b's time, the ratio of the medians, and its 95 %
 * t interval over rounds, paired round by round (lo, hi; NaN with fewer
 * than 3 rounds), into out[0..3). */
void pb_knob_speedup(const struct readback_bench *b,
                     const struct readback_bench *ref, double out[3]);

#endif
