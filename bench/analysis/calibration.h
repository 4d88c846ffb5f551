/*
 * calibration.h - the record of `puzzlebench calibrate` (its run:
 * harness/calibrate.h), an A/A run on this machine
 * (bench --against with this build on both sides, interleaved in time,
 * against.h) that measures, per kernel, the false-change rate (faster
 * or slower verdicts out of the benchmarks: in an A/A every one is
 * false) and the noise floor: the median over the kernel's benchmarks of
 * the half-width of the paired 95 % interval of B / A, in percent
 * (docs/statistics.md, "Calibration"). Recorded as calibration.json in
 * the run's results folder and, the newest, in its results root:
 *
 *   {"format": 1, "machine": {"host": H, "cpu_model": M, "cores": N},
 *    "date": "2026-12-02T10:17:13Z", "results": DIR, "suite": S,
 *    "rounds": R, "band_percent": 2, "alpha": 0.05,
 *    "load_averages": {"start": L, "end": L, "now": L},
 *      (1-minute averages at the run's start, its end, and now)
 *    "noise_floor": "the definition, in words",
 *    "kernels": {K: {"benchmarks": n, "faster": f, "slower": s,
 *                    "same": m, "inconclusive": i,
 *                    "false_change_rate": (f + s) / n,
 *                    "noise_floor_percent": x or null}, ...}}
 *
 * compare and the report print "this machine's noise floor: ±x %
 * (calibrated DATE)" beside their ratios when a calibration of the same
 * host is found in the results' root (the folder's parent), or one is
 * given (compare --calibration FILE); nothing when none is.
 */
#ifndef CALIBRATION_H
#define CALIBRATION_H

#include <stdbool.h>
#include <stddef.h>

#include "pb.h"
#include "pb_file.h"

#define PB_CALIBRATION_FILE "calibration.json"
#define PB_CALIBRATION_KERNELS 16 /* kernels a calibration holds, at most */

/* A calibration read back. */
struct pb_calibration {
    char path[PB_PATH_MAX]; /* "" when none was found */
    char host[256];
    char date[16]; /* YYYY-MM-DD */
    int rounds;
    size_t kernels;
    struct {
        char name[32];
        double floor; /* percent; NaN when it had no interval */
    } k[PB_CALIBRATION_KERNELS];
};

/* Reads calibration file path into c: 0, or -EINVAL / an I/O error with
 * e naming the file and what was expected. */
int pb_calibration_load(const char *path, struct pb_calibration *c,
                        struct pb_error *e);

/* The calibration for the results at results_path (a results folder or
 * a file in one): `given` (compare --calibration) when not NULL, else
 * ROOT/calibration.json of the folder's parent when its host is the
 * results' host (results.json's host_name). 0 with c->path "" when there
 * is none; an error only for a given file that cannot be read. */
int pb_calibration_for(const char *results_path, const char *given,
                       struct pb_calibration *c, struct pb_error *e);

/* "this machine's noise floor: ±1.3 % (calibrated 2026-12-02)" for
 * kernel (NULL: every kernel's, "cubing ±1.3 %, magic_squares ±0.8 %");
 * "" when c has none for it. */
void pb_calibration_text(const struct pb_calibration *c, const char *kernel,
                         char *buf, size_t len);

#endif
