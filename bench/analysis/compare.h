/*
 * compare.h - `puzzlebench compare A B`: two results (results folders,
 * results.csv files, or Google Benchmark JSON files: readback.h), matched
 * benchmark by benchmark, each pair with the ratio of its times B / A
 * over rounds, the ratio's interval, a Holm-adjusted p value and a
 * verdict (faster, slower, same, inconclusive and why: stats.h,
 * docs/statistics.md), as a table, CSV or JSON; above it what differs
 * between the runs (build, load, clock; the provenance key by key), the
 * noise warnings (noise.h) of the benchmarks compared and of each side's
 * machine, and a warning for a side whose results folder is incomplete.
 * One results folder of bench --against compares its two sides, paired;
 * this machine's noise floor (calibration.h) is printed beside the
 * ratios where a calibration of the host is found.
 */
#ifndef COMPARE_H
#define COMPARE_H

#include <stdbool.h>
#include <stdio.h>

#include "analysis/noise.h"
#include "pb.h"

/* Two runs' loads (the higher of the 1-minute averages at a run's start
 * and end) this far apart are said to differ: one busy core's worth. */
#define PB_COMPARE_LOAD_APART 1.0

enum pb_compare_format {
    PB_COMPARE_TEXT, /* the table, its notes as '# ' lines above it */
    PB_COMPARE_CSV,  /* one row per benchmark; the notes go to `notes` */
    PB_COMPARE_JSON, /* one object: options, differences, records */
};

struct pb_compare_options {
    double alpha;      /* (1 - alpha) intervals; Holm at alpha (0.05) */
    double band;       /* the equivalence band: 0.02 is +-2 % */
    double fail_above; /* percent slowdown that fails; < 0: no gate */
    /* NULL: benchmarks match by name. Else variant_a's benchmarks of a
     * against variant_b's of b on the same corpus and threads (a and b
     * may be the same results: two variants of one run). */
    const char *variant_a, *variant_b;
    /* 0: each benchmark on its clock (readback_clock_for), both sides on
     * wall time where they differ; else READBACK_CLOCK_WALL_ONLY or
     * READBACK_CLOCK_CPU_ONLY for every benchmark of both */
    unsigned clock;
    enum pb_compare_format format;
    /* a calibration file (calibrate's calibration.json) whose noise
     * floors are printed beside the ratios; NULL: the newest one of the
     * results' root, when it is of the same host (calibration.h) */
    const char *calibration;
    /* side A from the results store (results/store.h): the run saved as
     * baseline `baseline` in the store `db`; NULL: A is a results path */
    const char *baseline, *db;
};

/* The defaults: alpha 0.05, band 2 %, no gate, by name, each benchmark's
 * clock, text. */
void pb_compare_defaults(struct pb_compare_options *o);

struct readback;
struct json_t;

/* The context of results t (the results.json beside t->path); for one
 * side of a two-sided file (bench --against, against.h) that side's:
 * side A's keys without their "A:", side B's the others, the run's own
 * "against:" keys left out. A new reference, or NULL when there is
 * none. */
struct json_t *pb_compare_context_of(const struct readback *t);

/* ", side A: PATH (the baseline)" for one side of a two-sided file
 * (what its context's against:A or against:B says), "" for a file of
 * one build. */
void pb_compare_side_text(const struct readback *t, char *buf, size_t len);

/* Prints "# differs: KEY: A = ...; B = ..." for each provenance field
 * (pb_compare_context_of a and b) that differs, or one line saying they
 * are the same or could not be compared. */
void pb_compare_context(FILE *out, const struct readback *a,
                        const struct readback *b);

/* The same differences as a JSON array of {"key", "a", "b"} (a value
 * absent on one side has no "a" or "b"), or NULL when either side has no
 * context (missing then names the results.json that lacks one). */
struct json_t *pb_compare_provenance(const struct readback *a,
                                     const struct readback *b, char *missing,
                                     size_t len);

/* What bears on the times that differs between two runs, from their
 * contexts: the build (commit, dirty flag, binary hash where both record
 * one) and the load (PB_COMPARE_LOAD_APART). */
struct pb_run_differences {
    bool build, load;
    char build_text[320];  /* "commit 3aa8d130d621 against 5b2c1f0e9a1b" */
    double load_a, load_b; /* NaN when unknown */
};
void pb_compare_runs(const struct readback *a, const struct readback *b,
                     struct pb_run_differences *d);

/* The machine state (noise.h) in results t's context
 * (pb_compare_context_of): false, with nothing known (no load rule, no
 * machine warning), when there is none. */
bool pb_compare_machine(const struct readback *t, struct pb_noise_machine *m);

/* "# warning: SIDE: incomplete: N of M benchmarks timed; missing: ..."
 * when path is the results.csv or results.json of a results folder whose
 * completion record (completion.h) says it is incomplete; nothing for a
 * complete folder, one without a record, or another file. 0, or an
 * error (a malformed record) in e. */
int pb_compare_completeness(FILE *out, const char *side, const char *path,
                            struct pb_error *e);

/* Compares results a (baseline) and b: with a and b one two-sided
 * results folder or file (bench --against) and no variants, its side A
 * against its side B, paired round by round. The table (or CSV, or JSON) to
 * out, and in CSV the notes (the '# ' lines the table has above it) to
 * notes. Returns 0, 1 when the gate fails (some benchmark slower than
 * fail_above percent beyond its Holm-corrected interval), or a negative
 * error (e says where and what; nothing written). */
int pb_compare(const char *a, const char *b, const struct pb_compare_options *o,
               FILE *out, FILE *notes, struct pb_error *e);

#endif
