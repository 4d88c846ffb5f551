/*
 * harness_internal.h - private to the harness files: the structs that
 * harness.c (the verification pass and the timing), harness_corpus.c (the
 * corpora) and harness_console.c (what the console shows) share, and the
 * functions between them. Not a public interface: harness.h is.
 */
#ifndef HARNESS_PRIVATE_H
#define HARNESS_PRIVATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "results/completion.h"
#include "present/console.h"
#include "harness/gbench.h"
#include "pb.h"
#include "pb_prng.h"
#include "results/folder.h"
#include "run/runner.h"
#include "results/schema.h"
#include "harness/suite.h"
#include "results/readback.h"

struct pb_bench_options;

struct corpus_slot {
    struct pb_corpus corpus;
    void *oracle;
    uint64_t hash;
    const char *file; /* a `file` line's path (the entry's); NULL: generated */
    bool extended;    /* the file has the puzzlebench header */
    bool expected;    /* it was checked against expected outputs */
};

/* A benchmark's verified repetitions of every round, for its console
 * line. */
struct case_times {
    double per_instance[PB_SUITE_MAX_SAMPLES];     /* wall seconds */
    double cpu_per_instance[PB_SUITE_MAX_SAMPLES]; /* NaN: none */
    size_t n;
    double median; /* set when the case ends with n > 0, on clock */
    enum readback_clock clock;
};

struct bench_case {
    const struct pb_suite_entry *entry;
    struct corpus_slot *slot;
    char name[192];
    struct pb_bench_id id; /* what the name says (processes included) */
    char skip[640];        /* non-empty: skipped, with this reason */
    bool wrong;            /* a wrong answer in the pass or a timed run */
    void *verified;        /* the verification pass's answers */
    void *answers;         /* scratch for timed iterations */
    int round;             /* the round being timed (0-based) */
    /* --verified-in: the first timed run's answers are still to be
     * checked by the oracle (then they are the verified ones) */
    bool oracle_first;
    struct pb_results *results; /* the run's (its log) */
    size_t finished;            /* repetitions of that round reported */
    bool ended;                 /* its last round, a skip or a failure */
    /* open from the round's first call to its last */
    struct pb_session session;
    struct pb_run build;              /* the session's build figures */
    const struct pb_backend *backend; /* how the variant is reached */
    bool open;
    /* a `census` line's (harness_census.c): its slot, verified counts */
    struct census_case *census;
    const struct pb_mpi *mpi; /* the run's MPI (NULL: one process) */
    bool units_known;         /* units holds pb_work_units of the corpus */
    uint64_t units;
    struct case_times times;
};

struct harness {
    const struct pb_backend *backend;
    struct pb_results results;
    struct bench_case *cases;
    size_t case_count;
    size_t to_time; /* benchmarks selected to time */
    size_t timed;   /* repetitions that ran without an error */
    /* rounds: the most of any benchmark, the shuffles' generator, and
     * the progress in (benchmark, round) steps */
    int rounds;
    /* a worker (--round-index): the one round it times; 0 otherwise */
    int first_round;
    bool worker;
    struct json_t *passes; /* --verified-in's results.json; NULL: none */
    struct pb_rng round_rng;
    size_t *order; /* case indices, shuffled each round */
    size_t steps, steps_done;
    const struct pb_bench_options *options;
    double started;
    struct pb_progress progress; /* on stderr */
    bool compact;                /* our lines, not Google Benchmark's table */
    bool header_said;            /* the compact lines' header */
    bool csv_reported;           /* a failed results.csv write was reported */
    bool results_lost; /* results.csv or results.json could not be written */
    struct pb_completion plan; /* completion.json: the plan, the outcomes */
    bool plan_reported;        /* a failed write of it was reported */
    size_t suite_count;        /* the whole suite's benchmarks */
    bool empty_part;           /* --shard I/N left this part none */
    int processes;             /* MPI processes each solve runs on */
    /* --clock: READBACK_CLOCK_WALL_ONLY or READBACK_CLOCK_CPU_ONLY
     * (readback.h); 0: each benchmark's clock by readback_clock_choose's rule
     */
    unsigned clock;
    const struct pb_mpi *mpi; /* the run's MPI; NULL: one process */
    int status;
};

/* --- the harness (harness.c) --- */

/* The identity of an entry: its benchmark name's fields (schema.h). */
void pb_harness_entry_id(const struct pb_suite_entry *x,
                         struct pb_bench_id *id);

/* The memory cap of an entry, made the process's (pb_memory_cap_set):
 * the suite's memory line or --max-memory, else the smaller of the
 * suite default and the available memory. Returns it. */
uint64_t pb_harness_memory_cap(const struct pb_suite_entry *x);
/* Ends the untimed pass of c with status and its reason (c->skip, which
 * also makes the benchmark a skip or a failure when it is timed). */
void pb_harness_pass_ends(struct bench_case *c, struct pb_pass_record *rec,
                          enum pb_pass_status status, const char *fmt, ...)
    PB_PRINTF(4, 5);

/* What a benchmark's timed loop measured: the counters every benchmark
 * writes (pb_harness_loop_counters). */
struct loop_figures {
    int64_t iterations;
    double seconds; /* the iterations' times, summed */
    /* over the same timed regions, summed: the CPU seconds and the
     * involuntary switches of the threads that did the work (runner.h
     * struct pb_run) */
    double cpu_seconds, switches;
    size_t instances;     /* solved by one iteration */
    uint64_t units;       /* pb_work_units of those instances (0: none) */
    struct pb_work work;  /* summed over the iterations */
    int round;            /* the round counter's */
    double build_seconds; /* what build_seconds reports */
    bool build_timed;     /* the iterations' times include a build */
    bool heap;            /* write peak_heap_bytes and allocated_bytes */
    uint64_t heap_peak, heap_allocated;
    uint64_t rss; /* peak RSS bytes; 0: unknown, not written */
    /* the noise readings (noise.h) around the loop */
    double load_before, load_after, cpu, wall;
};
/* Takes the noise readings before a timed loop of `threads` threads. */
void pb_harness_loop_start(struct loop_figures *f, int threads);
/* Takes them after it and writes every counter of f; false (nothing
 * written) when no iteration ran. */
bool pb_harness_loop_counters(struct pb_gb_state *st, const struct pb_kernel *k,
                              int threads, struct loop_figures *f);

/* --- census lines (harness_census.c) --- */

/* The slot that names a census line's one instance (the whole space),
 * kept with the case (pb_harness_census_free); NULL with e when out of
 * memory. */
struct corpus_slot *pb_harness_census_slot(struct bench_case *c,
                                           struct pb_error *e);
void pb_harness_census_free(struct bench_case *c);
/* The untimed pass of a census line: the engine through the back end,
 * checked against the kernel's reference census. */
void pb_harness_census_pass(struct harness *h, struct bench_case *c,
                            struct pb_pass_record *rec);
/* The Google Benchmark function of a census line. */
void pb_harness_census_benchmark(struct pb_gb_state *st, void *context);

/* --- the corpora (harness_corpus.c) --- */

/* Loads the corpus of every `file` line of suite into slots (*n counted
 * up), and names their entries after the content; names_only (a
 * listing): no oracles built, no expected outputs checked. */
int pb_harness_load_files(struct pb_suite *suite, struct corpus_slot *slots,
                          size_t *n, bool names_only, struct pb_error *e);
/* The slot of x's corpus: a loaded one that matches it, else one
 * generated into slots[*n] (saved under data_dir unless NULL). NULL with
 * e on failure. */
struct corpus_slot *
pb_harness_find_or_make_corpus(struct corpus_slot *slots, size_t *n,
                               const struct pb_suite_entry *x,
                               const char *data_dir, struct pb_error *e);
/* Records the n corpora of slots in the JSON context. */
void pb_harness_record_corpora(const struct corpus_slot *slots, size_t n);

/* --- the console (harness_console.c) --- */

/* The console's name for c (kernel/variant/family/size/n=N/t=T). */
void pb_harness_short_name(const struct bench_case *c, char *buf, size_t len);
/* The progress line after c ended. */
void pb_harness_progress(struct harness *h, const struct bench_case *c);
/* The compact console's line for c, which ended with run. */
void pb_harness_result_line(struct harness *h, struct bench_case *c,
                            const struct pb_gb_run *run);
/* The winners of every corpus, at the end of the console. */
void pb_harness_say_winners(struct harness *h, const struct readback *t);
/* Clears the progress line; user is the struct harness (before_table of
 * struct pb_gb_output). */
void pb_harness_clear_progress(void *user);

#endif
