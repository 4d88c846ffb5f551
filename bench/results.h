/*
 * results.h - one results folder per run (see harness.h for its layout):
 * creating it and its "latest" link, the console log, and the tidy CSV
 * (one row per repetition) rewritten atomically after each benchmark.
 */
#ifndef RESULTS_H
#define RESULTS_H

#include <stdio.h>

#include "pb.h"
#include "pb_file.h"

/* The CSV columns, in order: later scripts read them by name. */
extern const char pb_results_csv_header[];

struct pb_results {
    char dir[1024];
    char csv_path[1100];
    char json_path[1100];
    FILE *log;
    char *csv; /* the whole CSV so far */
    size_t csv_len;
    FILE *csv_stream; /* open_memstream over csv */
};

/* Creates ROOT/<UTC timestamp>/ and points ROOT/latest at it. */
int pb_results_open(struct pb_results *r, const char *root, struct pb_error *e);
/* Appends one CSV row (already formatted, without newline) and rewrites
 * results.csv through a temporary file. */
int pb_results_add_row(struct pb_results *r, const char *row);
/* printf to stdout and the log. */
void pb_results_say(struct pb_results *r, const char *fmt, ...) PB_PRINTF(2, 3);
void pb_results_close(struct pb_results *r);

/* mkdir -p. */
int pb_make_dirs(const char *path);

#endif
