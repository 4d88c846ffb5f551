/*
 * report_internal.h - the report's internals, shared by report.c (order,
 * kernels, verification), report_format.c (the Markdown and HTML
 * emitters, a column's typical value), report_machine.c (the machine and the
 * provenance) and report_summary.c (takeaways and winners). Not a public
 * interface: report.h is.
 */
#ifndef REPORT_PARTS_H
#define REPORT_PARTS_H

#include <jansson.h>
#include <stdbool.h>
#include <stdio.h>

#include "results/completion.h"
#include "pb.h"
#include "results/readback.h"
#include "pb_units.h"

/* The two documents written side by side. */
struct rp_out {
    FILE *md, *html;
    int figures; /* figures numbered so far */
};

#define RP_CELL 256

/* --- emitters (report_format.c) --- */

/* Writes s to f escaped for Markdown (md) or HTML; newlines kept when
 * lines, else written as \x0a like other control bytes. */
void rp_put(FILE *f, const char *s, bool md, bool lines);
/* The anchor of a heading as GitHub writes it (lower case; letters,
 * digits, '_' and '-' kept; spaces to '-'; the rest dropped), so the
 * Markdown's links and the HTML's ids agree. */
void rp_slug(const char *text, char *out, size_t len);
/* A heading of level 2 or 3, with its anchor (rp_slug) in HTML. */
void rp_heading(struct rp_out *o, int level, const char *text);
/* A table whose first `left` columns are left-aligned (text), the rest
 * right-aligned (numbers). */
void rp_table_begin(struct rp_out *o, const char *const *cols, int n, int left);
/* rp_table_begin with an HTML class (fixed text) for the style sheet. */
void rp_table_begin_class(struct rp_out *o, const char *const *cols, int n,
                          int left, const char *cls);
/* A row; a newline in a cell is a space in Markdown, <br> in HTML. */
void rp_table_row(struct rp_out *o, char cells[][RP_CELL], int n);
void rp_table_end(struct rp_out *o);
/* A paragraph. In Markdown every block (heading, paragraph, table, list,
 * figure) ends with a blank line, so blocks follow each other freely. */
void rp_para(struct rp_out *o, const char *text);
/* A short bold line that names what follows (a table's kernel). */
void rp_label(struct rp_out *o, const char *text);
/* A list item "LEAD: text" with LEAD in bold; rp_list_end after the
 * last (first: whether this is the first item). */
void rp_item(struct rp_out *o, bool first, const char *lead, const char *text);
void rp_list_end(struct rp_out *o);

/* --- columns of numbers (report_format.c; the numbers: pb_units.h) --- */

/* The median of the finite positive values of v (n of them), NaN when
 * there is none: the value a column's unit is chosen from. Reorders
 * nothing (copies). */
double rp_typical(const double *v, size_t n);

/* b's variant has no build step: by kernel k's registry where it knows
 * the variant (the harness times even an absent build: a few hundred ns
 * of clock reads), else by a build time of 0 or NaN. k may be NULL. */
bool rp_no_build(const struct pb_kernel *k, const struct readback_bench *b);

/* --- the parts (report_machine.c, report_summary.c) --- */

/* The Summary's machine table from results.json's context (empty: a
 * note that it was not recorded); for a merged folder (merge.h) its
 * inputs, with a warning when their machines differ. */
void rp_machine_part(struct rp_out *o, const json_t *context);
/* The trailing provenance table: every string key of the context that is
 * not a corpus or verification record. */
void rp_provenance_part(struct rp_out *o, const json_t *context);
/* The takeaway lines (one per kernel of `kernels` present in t) and the
 * winners tables; `warned` benchmarks have stability warnings; a
 * takeaway rests on runs at no more threads than the `granted` CPUs
 * (cpus.h; 0: unknown) where the kernel has any, and says so where it
 * has none. 0 or an error (out of memory). */
int rp_summary_part(struct rp_out *o, const struct readback *t,
                    const struct pb_kernel *const *kernels,
                    const char *baseline, size_t warned, int granted,
                    struct pb_error *e);

/* The Verification section (report_verify.c) from the context's records;
 * path names results.json in errors, json says whether the folder has
 * one, k what its completion record says (an incomplete folder is never
 * said to have timed everything). 0, or -EINVAL for a malformed record
 * (e names it), -ENOMEM. */
int rp_verification_part(struct rp_out *o, const json_t *context,
                         const char *path, bool json,
                         const struct pb_completeness *k, struct pb_error *e);

#endif
