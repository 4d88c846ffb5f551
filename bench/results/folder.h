/*
 * folder.h - one results folder per run (see harness.h for its layout):
 * creating it, pointing its root's "latest" link at it once complete,
 * the console log, and the tidy CSV (one row per repetition, columns as
 * schema.h lays them out) rewritten atomically after each benchmark.
 */
#ifndef RESULTS_H
#define RESULTS_H

#include <stdbool.h>
#include <stdio.h>

#include "pb.h"
#include "pb_file.h"

/* What a run appends to its results root: "/<UTC stamp>-NNN/", a file
 * name inside (figures/memory_vs_size-magic_squares.png is 41 characters;
 * 64 leaves room) and a temporary's suffix ".tmp.<pid>.<12 hex>" (28). */
#define PB_RESULTS_APPENDED (1 + 16 + 4 + 1 + 64 + 28)
/* The longest results root (--out) whose files all fit in PB_PATH_MAX. */
#define PB_RESULTS_ROOT_MAX (PB_PATH_MAX - 1 - PB_RESULTS_APPENDED)
/* What `run` appends to its data folder: "/KERNEL_FAMILY_sS_nN_seedX.txt"
 * (at most 113 characters) and a temporary's suffix. */
#define PB_DATA_APPENDED (113 + 28)
#define PB_DATA_DIR_MAX (PB_PATH_MAX - 1 - PB_DATA_APPENDED)

struct pb_results {
    char dir[1024];
    char csv_path[1100];
    char json_path[1100];
    FILE *log;
    int log_error; /* the first failed write to the log: -errno, else 0 */
    char *csv;     /* the whole CSV so far */
    size_t csv_len;
    FILE *csv_stream; /* open_memstream over csv */
    bool quiet;       /* pb_results_say writes to the log only (--quiet) */
    /* called before text goes to stdout (the harness clears its
     * progress line, so text never shares its line); or NULL */
    void (*before_print)(void *arg);
    void *before_print_arg;
};

/* Creates ROOT/<UTC timestamp>/, after removing the temporaries that
 * dead runs left in ROOT; ROOT/latest is left as it is (see
 * pb_results_point_latest). Refused before anything is created: a root
 * longer than PB_RESULTS_ROOT_MAX, and a ROOT/latest that is not a link
 * (pb_results_check_latest). */
int pb_results_open(struct pb_results *r, const char *root, struct pb_error *e);
/* 0 when ROOT/latest is a link or absent; else -EEXIST with e saying
 * that it is a folder, a file or a special file and what to do. */
int pb_results_check_latest(const char *root, struct pb_error *e);
/* Points ROOT/latest at r's folder (a relative link, replaced
 * atomically): for a folder that is complete, or a merge that was
 * written whole. Refused like pb_results_check_latest when latest has
 * become a folder or a file meanwhile. 0 or an error in e. */
int pb_results_point_latest(const struct pb_results *r, struct pb_error *e);
/* Appends one CSV row (already formatted, without newline) and rewrites
 * results.csv through a temporary file: 0, or a negative errno-style code
 * (the previous, complete results.csv is left then). */
int pb_results_add_row(struct pb_results *r, const char *row);
/* printf to stdout (unless r->quiet) and the log; a failed log write is
 * kept in r->log_error (the first one). */
void pb_results_say(struct pb_results *r, const char *fmt, ...) PB_PRINTF(2, 3);
/* To the log only: the full record the console leaves out. */
void pb_results_log(struct pb_results *r, const char *fmt, ...) PB_PRINTF(2, 3);
/* The same, to stdout even when r->quiet: results and the end. */
void pb_results_show(struct pb_results *r, const char *fmt, ...)
    PB_PRINTF(2, 3);
/* Closes the log: 0, or the log's first write error (-errno). */
int pb_results_close(struct pb_results *r);
/* pb_results_close at the end of a run of `verb`; on an error, says on
 * stderr "puzzlebench VERB: DIR/log.txt: cannot write: REASON (the log
 * is incomplete)". Whether the log was written whole. */
bool pb_results_close_said(struct pb_results *r, const char *verb);
/* Notes a failed write to r->log (errno as the write left it). */
void pb_results_log_failed(struct pb_results *r);

/* mkdir -p: 0, or a negative errno-style code (-ENAMETOOLONG for a path
 * of PB_PATH_MAX characters or more: nothing is created then). */
int pb_make_dirs(const char *path);

#endif
