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

/* Writes DIR/report.md and DIR/report.html from DIR/results.csv (else
 * DIR/results.json; its times on the clock the run recorded, else each
 * benchmark's own), the provenance and verification records of
 * DIR/results.json's context (a note where they are missing) and the
 * figures present under DIR/figures; never from log.txt. 0 or an error. */
int pb_report_write(const char *dir, struct pb_error *e);
/* pb_report_write with `baseline` (NULL: the default) as the variant the
 * ratio columns and the takeaways divide by, where a kernel ran it (plot
 * --baseline); the report names the baseline each kernel used. clock
 * ("cpu", "wall"; plot --clock) puts every time on that clock; NULL: the
 * one the run recorded (bench --clock, results.json's context "clock"),
 * else each benchmark's own (tidy.h). */
int pb_report_write_baseline(const char *dir, const char *baseline,
                             const char *clock, struct pb_error *e);
/* pb_report_write with the kernels of `kernels` (NULL-terminated) in
 * place of the registry's pb_kernels: a table for each present in the
 * results, with its work counters' columns (tests use it with a kernel
 * of their own). */
int pb_report_write_kernels(const char *dir,
                            const struct pb_kernel *const *kernels,
                            struct pb_error *e);

#endif
