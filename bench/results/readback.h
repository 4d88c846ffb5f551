/*
 * readback.h - reading results back into benchmarks, one sample per
 * repetition: a results.csv (the tidy file `bench` writes, one row per
 * repetition) or a Google Benchmark JSON file (the raw artifact, from
 * puzzlebench or from any Google Benchmark binary). For `compare`, `plot`
 * and the summary CSV the figures are drawn from; `merge` reads its
 * inputs' rows and runs through the same checks (readback_open,
 * readback_csv_line, readback_csv_row, readback_json_loadf,
 * readback_json_run_check), so that what one verb refuses, the others refuse
 * too.
 */
#ifndef READBACK_H
#define READBACK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "pb.h"
#include "pb_limits.h"
#include "results/schema.h"
#include "util/name_index.h"

/* Repetitions of a benchmark in one round (a suite's repetitions), and
 * rounds of a run, at most; and samples of one benchmark in all. */
#define READBACK_MAX_REPS 64
#define READBACK_MAX_ROUNDS 64
#define READBACK_MAX_SAMPLES 1024
/* A results.csv line, at most (its line end excluded): a row that bench
 * writes is under 4 KB, so a longer line is not a results row. */
#define READBACK_LINE_MAX 65536

struct json_t;       /* jansson.h */
struct json_error_t; /* jansson.h */

/* The clock a benchmark's times are read on (docs/statistics.md). */
enum readback_clock {
    READBACK_CLOCK_WALL, /* the timed region's wall time */
    READBACK_CLOCK_CPU,  /* the CPU time of the threads that did the work */
};

/* One verified repetition. */
struct readback_sample {
    double wall;        /* seconds per instance */
    double cpu;         /* CPU seconds per instance; NaN: not recorded */
    double switches;    /* involuntary context switches a solve; NaN */
    int64_t round;      /* 0 for a run without rounds */
    int64_t repetition; /* within its round; -1: not numbered (older) */
};

/* The (round, repetition) pairs read of one benchmark: a bit each,
 * READBACK_MAX_REPS bits a round (readback_repetition_mark). */
struct readback_reps {
    uint64_t *round; /* one word per round seen so far */
    size_t rounds;
};

/* One benchmark and its verified repetitions. */
struct readback_bench {
    char key[192]; /* the benchmark name (schema.h) */
    /* kernel and variant in [a-z0-9_], family in [A-Za-z0-9_:.-]
     * (readback_name_ok, readback_family_ok), checked on reading, so that they
     * are safe in figures and reports; a foreign benchmark (another
     * Google Benchmark binary's name) has its name's first component as
     * kernel, the rest as variant, no family, and foreign set. */
    char kernel[32], variant[32], family[32];
    bool foreign;
    /* the size in its kernel's canonical syntax (readback_size_canonical:
     * "3x3", "4"), and the value figures plot for it (board cells, K, N;
     * NaN when unknown) */
    char size[PB_ID_TEXT];
    double size_x;
    long count, threads; /* threads per process */
    long processes;      /* MPI processes, 1 for a plain run */
    unsigned long long seed;
    size_t n, cap;                  /* verified repetitions (samples) */
    struct readback_sample *sample; /* n of them, in the order read */
    /* n: each sample's seconds per instance on the benchmark's clock,
     * what medians, figures and comparisons use (readback_load sets it) */
    double *per_instance;
    enum readback_clock clock;
    size_t rounds;             /* distinct rounds among the samples */
    struct readback_reps seen; /* readback_repetition_mark */
    double build_seconds;      /* of the last repetition */
    double work_per_instance;  /* the kernel's unit of work */
    /* Of the last repetition: the kernel's counters per instance by
     * name (results.csv's counters_per_instance; a results.json's
     * NAME_per_instance, work.h), and units of work per instance (NaN:
     * none). Use readback_counter. */
    struct pb_row_work work;
    double units_per_instance;
    double peak_heap_bytes; /* the largest; NaN when unavailable */
    /* The noise readings (noise.h) of the worst repetition: the largest
     * load average before and after, the smallest CPU / wall; NaN when
     * the file has none (older results, another binary). */
    double load_before, load_after, cpu_per_wall;
    UT_hash_handle hh; /* in its readback's index by key */
};

struct readback {
    char path[512];
    /* the sides of an A/B run the file holds (READBACK_SIDE_A |
     * READBACK_SIDE_B; 0: a run of one build) and the side read: 'A', 'B', or 0
     */
    unsigned sides;
    char side;
    size_t count, cap;
    struct readback_bench *b;
    struct readback_bench *index; /* b by key (name_index.h; NULL: empty) */
};

/* readback_load's flags. */
enum {
    /* only puzzlebench benchmarks: a name of another Google Benchmark
     * binary is an error (for plot and the report, which hand names to
     * gnuplot and HTML) */
    READBACK_PUZZLEBENCH_ONLY = 1,
    /* for figures (plot): a verified time of 0 is an error, since no
     * log-scale axis can show it */
    READBACK_FIGURES = 2,
    /* the clock: wall or CPU time for every benchmark; neither: the
     * rule of readback_clock_for */
    READBACK_CLOCK_WALL_ONLY = 4,
    READBACK_CLOCK_CPU_ONLY = 8,
    /* a two-sided results file (bench --against: results.csv's side
     * column, the runs' "side"): only side A's samples (the baseline
     * build) or only side B's (the build under test); neither: side
     * B's, as plot and the report draw it (a file of side A alone, a
     * part of one side: its samples) */
    READBACK_SIDE_A = 16,
    READBACK_SIDE_B = 32,
};

/* The clock a benchmark is judged on unless the reader asks for one:
 * CPU time for a serial run (one process of one thread) whose every
 * sample has it, else wall time (a parallel run's CPU time sums its
 * threads and says nothing of its speed). */
enum readback_clock readback_clock_for(const struct readback_bench *x);
/* The same rule for a benchmark not read back (the console's): run on
 * `threads` threads per process over `processes` processes, with CPU
 * time in every sample (cpu_known) or not; flags READBACK_CLOCK_WALL_ONLY or
 * READBACK_CLOCK_CPU_ONLY choose that clock instead (CPU even where it is
 * not known: the caller refuses or falls back). */
enum readback_clock readback_clock_choose(unsigned flags, long threads,
                                          long processes, bool cpu_known);
/* "wall" or "cpu". */
const char *readback_clock_name(enum readback_clock c);
/* The flag a --clock word asks for: "cpu" READBACK_CLOCK_CPU_ONLY, "wall"
 * READBACK_CLOCK_WALL_ONLY, NULL 0 (the rule); -EINVAL for another word. */
int readback_clock_parse(const char *word, unsigned *flag);
/* The word of a clock flag ("cpu", "wall"), NULL for neither. */
const char *readback_clock_word(unsigned flags);
/* The clock flag a results.json context (a Jansson object; NULL: none)
 * records under "clock" (bench --clock) into *flag: 0 when it records
 * none; -EINVAL with e naming `where` (the file) for a value that is not
 * "cpu" or "wall". */
int readback_clock_recorded(const struct json_t *context, const char *where,
                            unsigned *flag, struct pb_error *e);

/* s is a kernel or variant name as the registry writes them: 1 to 31
 * characters in [a-z0-9_]. */
bool readback_name_ok(const char *s);
/* s is a family name: 1 to 31 characters in [A-Za-z0-9_:.-]. */
bool readback_family_ok(const char *s);

/* Reads `arg`: a results folder (its results.csv, else its
 * results.json), a results CSV, or a Google Benchmark JSON file (a file
 * that starts with '{' or '['). Rows that were not verified are left
 * out; a kernel, variant or family name outside its character set
 * (readback_name_ok, readback_family_ok) is an error, and so, with
 * READBACK_PUZZLEBENCH_ONLY in flags, is a foreign benchmark name; so are a
 * value readback_row_check refuses, a repetition of a benchmark twice, a
 * header line again, a line over READBACK_LINE_MAX, and a file (or the
 * results.json beside it) that is not a regular file. 0, or a negative
 * error with e naming the file, the line (or JSON element) and what was
 * expected. */
int readback_load(const char *arg, struct readback *t, unsigned flags,
                  struct pb_error *e);
/* Whether t was read from a two-sided file (bench --against). */
bool readback_two_sided(const struct readback *t);
/* Notes side ("", "A" or "B": a row's or a run's) among t's sides, and
 * whether a sample of that side is read under flags (READBACK_SIDE_A,
 * READBACK_SIDE_B; neither: any but side A's). */
bool readback_side_keep(struct readback *t, const char *side, unsigned flags);

/* The JSON half of readback_load (readback_json.c): reads f (t->path, open at
 * its start) into the empty t. */
int readback_load_json(FILE *f, struct readback *t, unsigned flags,
                       struct pb_error *e);
/* The CSV half (readback_csv.c), the same way. */
int readback_load_csv(FILE *f, struct readback *t, unsigned flags,
                      struct pb_error *e);
/* After either half: puts each benchmark's times on its clock
 * (readback_clock_all) and counts its rounds. 0, or -EINVAL when the CPU
 * clock is asked for and a benchmark lacks it, or -ENOMEM. */
int readback_finish(struct readback *t, unsigned flags, struct pb_error *e);

/* Opens path for reading, if it is a regular file: a FIFO or a device
 * would block or never end, so it is opened without blocking (O_NONBLOCK)
 * and refused, unread, when fstat says it is not a regular file. The
 * stream, or NULL (errno set) with e saying "PATH: cannot open: REASON
 * (expected WHAT)" or "PATH: a FIFO, not a regular file; expected WHAT". */
FILE *readback_open(const char *path, const char *what, struct pb_error *e);
/* The results.json of the results file path (path itself when it names a
 * .json file, else the file beside it) into out. */
void readback_json_beside(const char *path, char *out, size_t len);
/* Reads the next line of f into *line (a buffer of *cap bytes, grown as
 * needed; free it), without its line end (LF, CRLF): its length; -1 at
 * the end of the file; -E2BIG for a line over READBACK_LINE_MAX bytes,
 * -EILSEQ for one with a NUL byte, -ENOMEM, or -EIO (errno set). */
long readback_csv_line(FILE *f, char **line, size_t *cap);
/* The error of a failed readback_csv_line at line `number` of path into e;
 * returns rc. */
int readback_csv_line_error(long rc, const char *path, unsigned number,
                            struct pb_error *e);
/* Reads results.csv's header line from f (path for messages) into l,
 * through *line and *cap as readback_csv_line: 0, or -EINVAL (an empty
 * file, a missing column) or readback_csv_line's error, said in e. */
int readback_csv_header(FILE *f, const char *path, struct pb_csv_layout *l,
                        char **line, size_t *cap, struct pb_error *e);
/* Parses results.csv line `number` of path (split in place as layout l
 * says) into row, and checks it: as many fields as l needs, not the
 * header line again, kernel, variant and family names (readback_name_ok,
 * readback_family_ok), every value of its kind, then readback_row_check. 0 or
 * -EINVAL with e naming PATH:LINE. O(length of line). */
int readback_csv_row(const struct pb_csv_layout *l, char *line,
                     const char *path, unsigned number, struct pb_row *row,
                     struct pb_error *e);
/* The values of a row every reader of results relies on, at `where`
 * (PATH:LINE, or PATH: benchmarks[I]): a count of 1 to 2^53 instances,
 * 1 to PB_MAX_THREADS threads and 1 to INT_MAX processes; in a
 * verified row, seconds finite and >= 0, and each measured value
 * (build seconds, work counters, units, bytes, loads, CPU per wall)
 * absent (NaN) or finite and >= 0, counters, units and bytes at most
 * 2^64. 0 or -EINVAL with e naming the value. */
int readback_row_check(const struct pb_row *row, const char *where,
                       struct pb_error *e);
/* Marks repetition r of round `round` of benchmark `name` read in
 * *seen: 0, or -EINVAL with e at `where` when it was read already (a
 * file joined with itself would count each sample twice) or r is
 * outside 0..READBACK_MAX_REPS - 1 or round outside 0..READBACK_MAX_ROUNDS - 1;
 * -ENOMEM. */
int readback_repetition_mark(struct readback_reps *seen, int64_t round,
                             int64_t r, const char *name, const char *where,
                             struct pb_error *e);
void readback_reps_free(struct readback_reps *seen);
/* Parses a Google Benchmark JSON file open at its start: json_loadf,
 * except that the bare NaN, Infinity and -Infinity Google Benchmark
 * writes for a counter that is not finite (not JSON) read as null, an
 * absent value. NULL with error filled when it does not parse. */
struct json_t *readback_json_loadf(FILE *f, struct json_error_t *error);
/* Checks a Google Benchmark run of a puzzlebench benchmark (`merge`'s
 * runs) as readback_load checks it: an "iteration" that ran and was
 * verified (a sample) needs a name, a real_time >= 0 and a time unit,
 * and its identity and counters pass readback_row_check. 1 for a sample
 * that passes, 0 for a run that is no sample (an aggregate, a failed
 * run), or -EINVAL with e at `where` (PATH: benchmarks[I]). */
int readback_json_run_check(const struct json_t *run, const char *where,
                            struct pb_error *e);
/* The benchmark named key, added (zeroed, heap NaN) when new; NULL when
 * out of memory. O(1) expected (hash index). */
struct readback_bench *readback_bench_for(struct readback *t, const char *key);
/* The benchmark named key, or NULL. O(1) expected. */
struct readback_bench *readback_get(const struct readback *t, const char *key);
/* Rewrites id's size in its kernel's canonical syntax, so that a name
 * written before a kernel's size syntax changed ("size:33" of
 * cubic_eight) and one written after ("size:3x3") are the same
 * benchmark; call it before the key is written. A kernel that is not in
 * the registry keeps its size text, which must be 1 to 31 characters in
 * [A-Za-z0-9_:.-]. 0, or -EINVAL with e saying what was expected. */
int readback_size_canonical(struct pb_bench_id *id, struct pb_error *e);
/* Sets x's kernel, variant, family, size (and its plotted value), count,
 * seed, threads and processes from a benchmark's identity (the key is set
 * by readback_bench_for). */
void readback_bench_set_id(struct readback_bench *x,
                           const struct pb_bench_id *id);
/* Appends one repetition of row (seconds and CPU seconds per iteration,
 * round, repetition; -1 when the file does not number them) to x; an
 * error (naming t->path and the benchmark) beyond READBACK_MAX_SAMPLES. */
int readback_add_sample(struct readback *t, struct readback_bench *x,
                        const struct pb_row *row, int64_t repetition,
                        struct pb_error *e);
/* Appends n wall-clock times (seconds per instance) to x as samples of
 * one round, unnumbered, and puts x on the wall clock: results made
 * rather than read (tests, the statistics' own checks). 0 or an error. */
int readback_add_times(struct readback *t, struct readback_bench *x,
                       const double *per_instance, size_t n,
                       struct pb_error *e);
/* Puts every benchmark of t on the clock flags ask for
 * (READBACK_CLOCK_WALL_ONLY, READBACK_CLOCK_CPU_ONLY; neither: each its own,
 * readback_clock_for), as readback_load does: for a clock chosen after loading
 * (a run's recorded --clock). 0, or -EINVAL with e naming a benchmark
 * without CPU time when CPU is asked for, or -ENOMEM. */
int readback_clock_all(struct readback *t, unsigned flags, struct pb_error *e);
/* Puts x's times (per_instance) on clock c. 0, -EINVAL when a sample
 * lacks that clock's time, or -ENOMEM. */
int readback_bench_clock(struct readback_bench *x, enum readback_clock c);
/* Folds one repetition's noise readings (NaN: none) into x's worst. */
void readback_add_noise(struct readback_bench *x, double load_before,
                        double load_after, double cpu_per_wall);
void readback_free(struct readback *t);
/* The median of x's verified repetitions (seconds per instance, on its
 * clock); NaN when it has none. O(n log n) on a copy. */
double readback_median(const struct readback_bench *x);
/* Median and quartiles (type 7) of the same; NaN when it has none. */
struct readback_spread {
    double median, q1, q3;
};
struct readback_spread readback_spread(const struct readback_bench *x);
/* The same on clock c, whatever x's own (NaN where a sample lacks it):
 * a speed-up divides wall times only, a serial run's CPU time saying
 * nothing of how soon a parallel one answers. */
struct readback_spread readback_spread_on(const struct readback_bench *x,
                                          enum readback_clock c);
/* Counter `index` of kernel k per instance in x: by its name, else
 * (counter 0, from a file older than counters_per_instance or a JSON
 * that has only the legacy column) work_per_instance; NaN when x has no
 * such counter. */
double readback_counter(const struct readback_bench *x,
                        const struct pb_kernel *k, size_t index);
/* The benchmark with the same kernel, family, size, count and seed as
 * b (a puzzlebench benchmark; NULL for a foreign one), run by `variant`
 * over `processes` MPI processes of `threads` threads each, or NULL:
 * its name written and looked up in t's index, O(1) expected. */
const struct readback_bench *readback_find_run(const struct readback *t,
                                               const struct readback_bench *b,
                                               const char *variant,
                                               long processes, long threads);
/* readback_find_run of b's own variant: (1, 1) is b's serial reference, the
 * speed-up's denominator. */
const struct readback_bench *readback_find(const struct readback *t,
                                           const struct readback_bench *b,
                                           long processes, long threads);

#endif
