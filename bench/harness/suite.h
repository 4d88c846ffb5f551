/*
 * suite.h - benchmark suites as data: plain-text files under
 * bench/suites/ that name kernels, variants, generator families, sizes,
 * thread counts and repetitions, so a user writes a new suite without
 * recompiling. Format (one directive a line, '#' starts a comment):
 *
 *   repetitions N       timed repetitions in a row of each benchmark
 *                       below, in each round (1..PB_SUITE_MAX_REPETITIONS)
 *   rounds N            rounds of each benchmark below (1..
 *                       PB_SUITE_MAX_ROUNDS, default 3): the run visits
 *                       every benchmark once a round, in an order
 *                       shuffled afresh each round (harness.h), so that
 *                       its samples spread over the run's drift; rounds
 *                       x repetitions at most PB_SUITE_MAX_SAMPLES
 *   min_time S          Google Benchmark's minimum time per repetition, s
 *                       (above 0, at most PB_SUITE_MAX_SECONDS)
 *   budget S            the untimed verification pass of each benchmark
 *                       below gets S seconds (0..PB_SUITE_MAX_BUDGET):
 *                       once they are spent, no further instance is
 *                       solved or checked (an instance already started,
 *                       and a variant's build, run to their end), and the
 *                       benchmark is skipped, never timed, its reason
 *                       "the verification pass ran out of the suite's
 *                       budget of S s (...)" recorded; a pass that
 *                       finishes but took longer than S is skipped too.
 *                       A census line's reference search is not started
 *                       once the engine's census has spent the budget.
 *                       budget 0 skips everything.
 *   memory BYTES[K|M|G|T] the memory cap (pb_memory_cap_set) while the
 *                       benchmarks below run: one whose variant's memory
 *                       bound exceeds it is skipped (reason recorded);
 *                       without the line, the smaller of 8G and the
 *                       available memory
 *   threads T...        OpenMP thread counts for the benchmarks below
 *   time solve|build    what a timed iteration is: answering the corpus
 *                       with the variant built once per benchmark
 *                       (solve, the default; the build is reported as
 *                       build_seconds), or a fresh build and then the
 *                       answers (build: for whole-space builds such as
 *                       the bigspace suite's; each repetition's time is
 *                       build plus answers, results' build_timed is 1)
 *   bench KERNEL VARIANTS FAMILY SIZE COUNT SEED
 *                       VARIANTS is "all" or a comma-separated list;
 *                       SIZE in the kernel's syntax (pb_size_parse:
 *                       cubic_eight 3x3, or its old form 33; a number
 *                       for magic_squares and cubing)
 *   bench KERNEL VARIANTS file PATH
 *                       times a corpus file of your own instead of a
 *                       generated one: judge or extended format (what
 *                       pb_corpus_load reads), PATH absolute or relative
 *                       to the suite file's folder, without blanks. The
 *                       harness names it by content hash (family
 *                       file-<16 hex digits>; harness.h) and checks it
 *                       against expected outputs beside it (expected.h).
 *   census KERNEL SIZE  times the whole-space engine: the census of the
 *                       kernel's space at SIZE from its default start
 *                       (census.h), one search a timed iteration, on
 *                       every process under MPI (the distributed engine);
 *                       verified against the kernel's reference census
 *                       (its plain search) in the untimed pass. Named
 *                       KERNEL/census/whole/size:S/n:1/seed:0/...
 *
 * Settings apply to the bench and census lines that follow them.
 * O(file size).
 */
#ifndef SUITE_H
#define SUITE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "util/identity.h"
#include "pb.h"

#define PB_SUITE_MAX_THREADS 16 /* thread counts per line */
/* what compare, plot and the report read per benchmark and round
 * (READBACK_MAX_REPS) */
#define PB_SUITE_MAX_REPETITIONS 64
/* rounds of a benchmark, and its samples in all (READBACK_MAX_ROUNDS,
 * READBACK_MAX_SAMPLES) */
#define PB_SUITE_MAX_ROUNDS 64
#define PB_SUITE_MAX_SAMPLES 1024
/* min_time above an hour is a typo, and 1e300 would never end */
#define PB_SUITE_MAX_SECONDS 3600.0
#define PB_SUITE_MAX_BUDGET 86400.0 /* a day for one verification pass */
/* The family word of a `file` line, before the file is hashed. */
#define PB_SUITE_FILE "file"
/* The family of a `census` line's benchmark (its one instance: the
 * whole space from the default start). */
#define PB_SUITE_CENSUS_FAMILY "whole"
/* `bench --corpus`: repetitions (a round; 3 rounds, the default) and
 * min_time of bench/suites/default.suite */
#define PB_SUITE_CORPUS_REPETITIONS 2
#define PB_SUITE_CORPUS_MIN_TIME 0.2

struct pb_suite_entry {
    const struct pb_kernel *kernel;
    const struct pb_variant *variant;
    char family[32];
    struct pb_size size;
    size_t count;
    uint64_t seed;
    int threads;
    int repetitions; /* in a row, in each round */
    int rounds;
    double min_time;
    double budget;
    uint64_t memory_cap;
    bool memory_set; /* by a memory line or --max-memory */
    bool time_build; /* `time build`: each timed iteration builds afresh */
    bool census;     /* a `census` line: variant is pb_census_variant */
    uint32_t line;   /* where it came from, for messages */
    /* A `file` line's corpus path ("" for a generated corpus): family is
     * PB_SUITE_FILE, size, count and seed 0 until the harness loads it. */
    char file[1024];
};

/* The variant of `census` lines' entries: in no kernel's registry; the
 * harness times the engine itself (harness_census.c). */
extern const struct pb_variant pb_census_variant;

struct pb_suite {
    char name[64]; /* file name without directory and ".suite" */
    char path[1024];
    /* the path made absolute, links resolved ("--corpus PATH" for
     * --corpus), and the SHA-256 of the suite's bytes as read (of the
     * one line "bench KERNEL VARIANTS file PATH" for --corpus) */
    char resolved[1024];
    char sha256[PB_SHA256_HEX];
    struct pb_suite_entry *entries; /* one per variant and thread count */
    size_t count;
    size_t capacity; /* entries allocated: grows by doubling */
    /* --corpus's text when its header was read for the kernel (read
     * once: a pipe cannot be read again); the harness takes it */
    char *text;
    size_t text_len;
    /* the load failed on a name that is no variant of its kernel: for
     * --corpus's --variants, the caller's usage error */
    bool bad_variant;
};

/* What a suite file says of itself in its opening comment lines: the
 * first, "# NAME: PURPOSE" (one line), and "# duration: TEXT", how long
 * it took on a 2-core machine, as measured. Empty when it does not say. */
struct pb_suite_about {
    char name[64];
    char purpose[160];
    char duration[96];
};

/* The suites found by name: every bench/suites/NAME.suite of this
 * binary's data folder (data_dir.h), in byte order of NAME, each with
 * what it says of itself, into *about (malloc'd; free it) and *n; 0, or
 * a negative errno (a folder that cannot be read). O(suites x their
 * opening lines). */
int pb_suite_list(struct pb_suite_about **about, size_t *n, struct pb_error *e);
/* What the suite file at path, named name, says of itself (above). */
void pb_suite_about_read(const char *path, const char *name,
                         struct pb_suite_about *about);

/* Finds a suite: a path to a file, or NAME for bench/suites/NAME.suite
 * in this binary's data folder (data_dir.h), never the current
 * directory's; an unknown NAME's message suggests the closest suite and
 * lists them (pb_suite_list). */
int pb_suite_find(const char *name_or_path, char *path, size_t len,
                  struct pb_error *e);
/* Reads a suite file once, whole (a NUL byte or more than the input
 * cap refused: pb_input_read), hashes it and parses it; errors name the
 * file and line. */
int pb_suite_load(const char *path, struct pb_suite *suite, struct pb_error *e);
/* A suite of one `bench KERNEL VARIANTS file PATH` line for `bench
 * --corpus PATH`: kernel NULL takes the kernel the file's header names
 * ("# kernel NAME", as gen writes it; an error for a file without
 * one), the file then read whole into suite->text; threads 1,
 * repetitions and min_time PB_SUITE_CORPUS_*, rounds, budget and memory
 * as a suite file's defaults. Named after the file. */
int pb_suite_corpus(const char *path, const char *kernel, const char *variants,
                    struct pb_suite *suite, struct pb_error *e);
void pb_suite_free(struct pb_suite *suite);
/* Whether rounds x repetitions samples of one benchmark are within
 * PB_SUITE_MAX_SAMPLES; if not, why says so. */
bool pb_suite_samples_fit(int rounds, int repetitions, char *why, size_t len);

#endif
