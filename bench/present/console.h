/*
 * console.h - the compact console of `bench` and `run` (the default;
 * `--console gbench` keeps Google Benchmark's own table): one line per
 * benchmark when it ends, a progress line on stderr, and the number
 * formats they use. Formatting only; the harness decides what to say.
 *
 * A result line, at most PB_CONSOLE_WIDTH characters:
 *   magic_squares/bibfs/uniform/4/n=50/t=1    5.67 µs cpu    +-1.2%
 *   4.61x slower than table  verified
 * (one line): the short name (kernel/variant/family/size/n/threads), the
 * median time per instance over the repetitions and its clock ("cpu":
 * the CPU time of the working threads, "wall": wall time; readback.h's rule,
 * or --clock), their spread (the
 * coefficient of variation, "cv", as in the report and the noise rule),
 * the median against the kernel's
 * baseline variant's on the same corpus and threads ("baseline" on the
 * baseline's own line), then "verified" or why not.
 *
 * Progress: redrawn in place ("\r\033[K") when stderr is a terminal,
 * plain lines when it is not or when NO_COLOR is set, nothing under
 * --quiet; a drawn line is cleared before anything else is printed.
 */
#ifndef CONSOLE_H
#define CONSOLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "pb.h"
#include "results/schema.h"
#include "results/readback.h"

/* The longest result or progress line, in characters. */
#define PB_CONSOLE_WIDTH 120

/* A relative spread (0.012 is 1.2 %): "+-1.2%", "+-15%"; "-" when NaN
 * (one repetition: no spread). */
void pb_console_spread(double fraction, char *buf, size_t len);
/* A wall-clock duration: "42s", "3m05s", "2h03m"; "?" when unknown. */
void pb_console_clock(double seconds, char *buf, size_t len);
/* The median of x[0..n) and its coefficient of variation
 * (pb_cv: NaN under two values); n >= 1, x is sorted in place. */
void pb_console_center(double *x, size_t n, double *median, double *cv);
/* kernel/variant/family/size/n=N/t=T[/p=P] (the seed left out; p over
 * MPI processes only). */
void pb_console_name(const struct pb_bench_id *id, char *buf, size_t len);

/* What a result line says. */
struct pb_console_result {
    const char *name;     /* pb_console_name's */
    double median;        /* seconds per instance; NaN: not timed */
    double spread;        /* pb_cv the repetitions; NaN: one */
    double ratio;         /* median / the baseline's; NaN: none (shown as the
                           * larger over the smaller: "2.00x faster than") */
    const char *baseline; /* the baseline's variant; NULL: none */
    bool is_baseline;     /* this is the baseline ("baseline") */
    /* NULL: "verified"; else why not: a skip ("skipped: ...") as it is,
     * anything else a failure, "FAILED: ..." ("failed: " dropped) */
    const char *status;
    bool baseline_later; /* the baseline is timed after this one */
    const char *clock;   /* the median's clock, "cpu" or "wall" (NULL: "") */
};

/* Sizes the name column of the lines and the header that follow to the
 * longest name of a run (within the header's width and 63), so that
 * every row lines up under the header. Call it before the header. */
void pb_console_set_name_width(size_t longest);
/* The result line, without newline; longer ones are cut with "...". */
void pb_console_line(const struct pb_console_result *r, char *buf, size_t len);
/* The header over the result lines' columns. */
void pb_console_header(char *buf, size_t len);
/* The end of the console: "winners (...):" then, per corpus, its fastest
 * variant and its ratio to each other (winners.h), from the run's
 * results t. Malloc'd text, or NULL with e. */
char *pb_console_winners(const struct readback *t, struct pb_error *e);

enum pb_progress_mode {
    PB_PROGRESS_OFF,    /* --quiet */
    PB_PROGRESS_LINES,  /* one plain line each, no escape codes */
    PB_PROGRESS_REDRAW, /* a terminal: one line, redrawn in place */
};

struct pb_progress {
    FILE *f;
    enum pb_progress_mode mode;
    int width; /* the terminal's columns (REDRAW) */
    bool drawn;
};

/* The mode for stream f (file descriptor fd): OFF when quiet, LINES when
 * NO_COLOR is set (non-empty) or fd is not a terminal, else REDRAW. */
void pb_progress_init(struct pb_progress *p, FILE *f, int fd, bool quiet);
/* Shows "[i/n] what  E elapsed, ~L left" (no estimate when left is
 * NaN), cut to the terminal's width. */
void pb_progress_show(struct pb_progress *p, size_t i, size_t n,
                      const char *what, double elapsed, double left);
/* Erases a drawn line, so that the next output starts on a clean line. */
void pb_progress_clear(struct pb_progress *p);
/* The progress text itself (no control codes), cut to width - 1. */
void pb_progress_text(size_t i, size_t n, const char *what, double elapsed,
                      double left, int width, char *buf, size_t len);
/* The estimate of the time left after done of total equal steps took
 * elapsed: NaN before the first or after the last. */
double pb_progress_left(size_t done, size_t total, double elapsed);

#endif
