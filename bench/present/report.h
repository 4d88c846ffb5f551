/*
 * report.h - report.md and report.html of a results folder, ordered for
 * a reader: a table of contents, the Summary (the machine, one takeaway
 * per kernel, the fastest variant per corpus with 95 % intervals), per
 * kernel its figures and table (stability warnings beside their rows),
 * the verification, the provenance; for `puzzlebench run`/`bench`
 * (after the figures) and `puzzlebench plot`.
 */
#ifndef REPORT_H
#define REPORT_H

#include "pb.h"

/* What a report is written with; NULL options, or NULL fields: the
 * defaults. */
struct pb_report_options {
    /* the variant the ratio columns and the takeaways divide by, where a
     * kernel ran it (plot --baseline); the report names the baseline
     * each kernel used. NULL: each kernel's first registered variant */
    const char *baseline;
    /* "cpu" or "wall" (plot --clock): every time on that clock. NULL:
     * the one the run recorded (bench --clock, results.json's context
     * "clock"), else each benchmark's own (readback.h) */
    const char *clock;
    /* the kernels whose tables are written, NULL-terminated (tests pass
     * a kernel of their own). NULL: the registry's pb_kernels */
    const struct pb_kernel *const *kernels;
};

/* Writes DIR/report.md and DIR/report.html from DIR/results.csv (else
 * DIR/results.json), the provenance and verification records of
 * DIR/results.json's context (a note where they are missing) and the
 * figures present under DIR/figures; never from log.txt. 0 or an error. */
int pb_report_write(const char *dir, const struct pb_report_options *o,
                    struct pb_error *e);

#endif
