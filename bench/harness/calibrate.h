/*
 * calibrate.h - `puzzlebench calibrate`: the A/A run (bench --against
 * with this binary on both sides, against.h) whose per-kernel
 * false-change rate and noise floor become calibration.json
 * (analysis/calibration.h: its format, and the reader compare and the
 * report use).
 */
#ifndef PB_CALIBRATE_H
#define PB_CALIBRATE_H

#include "analysis/calibration.h"
#include "harness/against.h"

/* calibrate: the A/A run o describes (suite default "calibrate"; a's
 * band), then calibration.json into its folder and its root, and the
 * table on stdout. The exit status (as pb_against_run's). */
int pb_calibrate(const struct pb_bench_options *o,
                 struct pb_against_options *a);

#endif
