/*
 * pb_clock.h - the one wall clock of puzzlebench: CLOCK_MONOTONIC in
 * seconds, for every timed region of the harness, the census and the
 * variants that time their own phases (so that no timing goes through
 * omp_get_wtime or a clock_gettime of its own, whose clocks could
 * differ). CPU time is the noise module's (bench/analysis/noise.h). O(1).
 */
#ifndef PB_CLOCK_H
#define PB_CLOCK_H

/* Monotonic wall clock in seconds (an arbitrary origin: only
 * differences mean anything). */
double pb_now(void);

#endif
