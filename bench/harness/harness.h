/*
 * harness.h - the timing harness behind `puzzlebench bench` and `run`:
 * a suite's corpora are generated, every benchmark is verified against
 * the kernel's oracle in an untimed pass, then timed with Google Benchmark
 * (manual time around the solve, OpenMP threads as an argument), every
 * timed iteration verified again, and the results written to one folder:
 *
 *   OUT/<UTC timestamp>/results.json  raw Google Benchmark JSON (primary)
 *   OUT/<UTC timestamp>/results.csv   one row per repetition of a round
 *   OUT/<UTC timestamp>/log.txt       the console output (stdout's)
 *   OUT/<UTC timestamp>/completion.json  the plan and how each planned
 *                                     benchmark ended (completion.h)
 *   OUT/latest                        link to the newest complete folder
 *
 * The plan is written before the verification pass, each outcome as its
 * benchmark ends, and "ended" once the results are written whole; only
 * then does latest move, so a killed run, a failed one before timing
 * and a refused --data (checked before the folder is made) never become
 * what latest names. A latest that is a folder or a file is refused
 * before anything is created. --shard I/N with I past the suite's count
 * is an empty part: its folder records a plan of no benchmark.
 *
 * Each benchmark runs under its memory cap (the suite's memory line, or
 * --max-memory for all), set with pb_memory_cap_set so the generators,
 * oracles and variants refuse at the same line; a refusal is a skip. A
 * run that timed nothing, or could not write its log, CSV or JSON, fails.
 *
 * JSON and CSV are rewritten whole after every benchmark of every round
 * through a temporary file and rename, so an interrupted run keeps what
 * finished (every round so far in one results.json).
 * Benchmark names: kernel/variant/family/size:S/n:N/seed:X/threads:T
 * (Google Benchmark appends /repeats:R/manual_time).
 *
 * Rounds (suite.h's `rounds N`, --rounds): the verification pass runs
 * once, then every benchmark is timed once a round, its repetitions in a
 * row, in an order shuffled afresh each round (seed: --round-seed, else
 * the clock's; results.json's round_order_seed, the orders in log.txt;
 * a run of one round keeps the suite's order); results.csv's round
 * column and the "round" counter say which. A benchmark's outcome, and
 * its compact console line, come after its last round.
 *
 * A corpus file of one's own (a suite's `bench KERNEL VARIANTS file
 * PATH`, or bench --corpus) is loaded before the results folder is made,
 * so a bad file leaves none; it is checked against its expected outputs
 * when a file of them lies beside it (expected.h), and named by its
 * content: family file-<FNV-1a hash, 16 hex digits>, size the header's
 * or the kernel's judge size, n its instances, seed 0. Its JSON context
 * record adds format=judge|extended (extended: with the header gen
 * writes), expected_outputs=checked|none and its absolute path.
 *
 * bench --against (against.h) runs each side of each round as a worker:
 * bench --round-index R --round-seed X --side A|B [--verified-in DIR],
 * which times round R alone (the benchmarks that have one), in the
 * order round R of a whole run would have, and draws nothing.
 *
 * Console (console.h): one compact line per benchmark as it ends, or
 * Google Benchmark's table (--console gbench); a progress line on
 * stderr through the verification pass and the timing; at the end the
 * winners of each corpus (winners.h) read back from results.csv.
 */
#ifndef HARNESS_H
#define HARNESS_H

#include <stdbool.h>
#include <stdint.h>

#include "harness/suite.h"

struct pb_bench_options {
    const char *suite;    /* suite name or file */
    const char *corpus;   /* a corpus file to time instead of a suite */
    const char *kernel;   /* with corpus: its kernel (NULL: its header's) */
    const char *variants; /* with corpus: "all" or a comma-separated list */
    int threads[PB_SUITE_MAX_THREADS]; /* override the suite's threads */
    int thread_counts;                 /* 0: use the suite's */
    int repetitions;      /* 0: the suite's (or --benchmark_repetitions) */
    int rounds;           /* 0: the suite's */
    uint64_t round_seed;  /* the rounds' order (round_seed_set) */
    bool round_seed_set;  /* else drawn from the clock */
    uint64_t max_memory;  /* 0: the suite's memory caps; else all of them */
    int gb_repetitions;   /* --benchmark_repetitions=N's N; 0: none */
    bool gb_min_time;     /* --benchmark_min_time was given */
    bool list_only;       /* --benchmark_list_tests: names only, no runs */
    const char *out_dir;  /* results root, e.g. "results" */
    const char *data_dir; /* also save the corpora there; NULL: don't */
    bool gbench_console;  /* --console gbench: Google Benchmark's table */
    bool quiet; /* --quiet: no progress; results and the end on stdout */
    /* --clock cpu|wall: READBACK_CLOCK_CPU_ONLY or READBACK_CLOCK_WALL_ONLY
     * (readback.h), the clock of every benchmark on the console and, through
     * the context key "clock", in the figures and report drawn from the
     * run; 0: each benchmark's own (CPU time at one process of one
     * thread, wall time at more) */
    unsigned clock;
    /* --shard I/N: only the suite's benchmarks i (0-based, in suite order
     * after --threads) with i % N == I - 1; shards 0: all of them */
    int shard, shards;
    /* The worker options of bench --against (against.h), each side's
     * process given one round: round_index (round_index_set) times only
     * that round (0-based) of the run the other options describe, in
     * the order that round has for round_seed, recording it on every
     * sample; side ('A' or 'B'; 0: none) goes on every row and in the
     * context; verified_in (NULL: none) is the results folder of the
     * side's first round, whose verification records stand for this
     * run's untimed pass: a benchmark it skipped or failed is skipped or
     * failed here with its reason, and the first timed run of each other
     * one is checked by the oracle (the later ones against it, as
     * always). A worker draws no figures, report or winners. */
    int round_index;
    bool round_index_set;
    char side;
    const char *verified_in;
    /* under mpirun or srun, process 0's view of the run (MPI started,
     * mpi_env.h): the suite runs over every process (backend_mpi.h);
     * NULL or off: this process alone */
    const struct pb_mpi *mpi;
};

/* Runs a suite end to end. Returns the exit status: 0 all verified,
 * 1 a wrong answer, bad suite or I/O error. */
int pb_bench_suite(const struct pb_bench_options *options);

/* A seed for the rounds' order drawn from the clock and this process
 * (what a run without --round-seed uses, and records). */
uint64_t pb_bench_draw_seed(void);

/* A run as pb_bench_suite would plan it, before anything runs (bench
 * --against's view, against.h): the suite or corpus read and checked as
 * pb_bench_suite checks it (the options applied, `file` lines named by
 * their content, a name twice refused), and the benchmarks that
 * --benchmark_filter selects, in the suite's order, each with its
 * rounds. */
struct pb_bench_plan {
    char suite[1024]; /* the suite file's absolute path ("" for --corpus) */
    size_t count;
    char (*names)[192];
    int *rounds;
    int most_rounds; /* the run's rounds: the most of any benchmark */
};
/* 0, or the exit status pb_bench_suite would refuse the run with (1 a
 * bad suite or corpus, 2 options that do not fit it) with e. */
int pb_bench_plan(const struct pb_bench_options *o, struct pb_bench_plan *p,
                  struct pb_error *e);
void pb_bench_plan_free(struct pb_bench_plan *p);

#endif
