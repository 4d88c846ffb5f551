/*
 * runner.h - runs one variant over a whole corpus, OpenMP across the
 * instances, and checks the answers against the kernel's oracle. Shared
 * by the solve, verify and bench verbs. The timing harness reaches a
 * variant only through an execution back end (struct pb_backend): the
 * local one here; the distributed one in backend_mpi.h.
 */
#ifndef RUNNER_H
#define RUNNER_H

#include "pb.h"
#include "pb_clock.h" /* pb_now, the clock of every timed region */

struct pb_run {
    double build_seconds; /* 0 for variants without a build step */
    double solve_seconds; /* wall time of the parallel solve loop */
    /* The CPU seconds and involuntary context switches of the threads
     * that did the work, over exactly the regions whose wall times are
     * build_seconds and solve_seconds (noise.h pb_noise_region: the
     * solving thread's at one thread, the process's at more); over MPI
     * summed over the processes. NaN where a reading failed. */
    double build_cpu_seconds, build_switches;
    double cpu_seconds, involuntary_switches;
    struct pb_work work; /* summed over instances */
    /* Heap bytes (jemalloc; 0 when pb_heap_available() is false), over
     * the session so far, every thread of the process included (a
     * parallel variant's own OpenMP threads too; memprobe.h): the peak of
     * live bytes (what the build, the workers and earlier solves left
     * allocated, plus, during a build or solve, the sum of the pool
     * threads' high-water marks or the rise in live bytes, the larger),
     * and the bytes one cold run allocates (build, workers and the first
     * solve, summed over the pool threads). */
    uint64_t heap_peak;
    uint64_t heap_allocated;
};

/* A variant prepared for repeated solves of one corpus (the timing
 * harness): its build, made once, and one worker per thread, kept across
 * solves so scratch memory is allocated and first touched only once. */
struct pb_session {
    const struct pb_variant *variant;
    const struct pb_corpus *corpus;
    void *shared;
    void **workers;
    int threads;        /* OpenMP threads asked for */
    int teams;          /* threads across instances: 1 for parallel variants */
    int64_t heap_live;  /* bytes the session holds between solves */
    uint64_t heap_peak; /* highest live bytes seen */
    uint64_t heap_cold; /* bytes allocated by build, workers, first solve */
    unsigned solves;
    void *backend_data; /* a back end's own state (NULL for the local one) */
    /* added to instance numbers in messages: where a slice of a corpus
     * starts in the whole (the MPI back end); 0 after pb_session_open */
    size_t instance_offset;
    /* A pb_now() time after which a solve starts no more instances and
     * fails with -ETIME (PB_OUT_OF_TIME), naming how many it solved:
     * the untimed verification pass under a suite's budget. 0 (what
     * pb_session_open leaves): none. One instance already started runs
     * to its end, so the pass ends at most one instance (per thread)
     * after the deadline; a timed solve never has one. */
    double deadline;
};

/* A solve or check stopped at its deadline (pb_session.deadline). */
#define PB_OUT_OF_TIME (-ETIME)

/* Whether v takes corpus (its accepts hook; NULL takes every corpus);
 * false with "VARIANT reason" in why[] ("simd handles N = 3 only"). */
bool pb_variant_accepts(const struct pb_variant *v,
                        const struct pb_corpus *corpus, char *why,
                        size_t why_len);

/* Zeroes s and run, then names the session's variant, corpus and
 * threads: how every back end's open begins. */
void pb_session_init(struct pb_session *s, const struct pb_variant *v,
                     const struct pb_corpus *corpus, int threads,
                     struct pb_run *run);

/* The memory v needs on corpus at `threads` threads, as the memory cap
 * judges it: its memory_bound (0 without one) and the stacks of the
 * team's threads (pb_thread_stacks). Saturates. */
uint64_t pb_session_need(const struct pb_variant *v,
                         const struct pb_corpus *corpus, int threads);

/* Before anything is built: PB_NOT_APPLICABLE with "VARIANT reason" in
 * e when
 * the variant does not accept the corpus (pb_variant_accepts); -ENOMEM
 * with the estimate in e when pb_session_need is over the memory cap
 * (pb_memory_cap), or when the team's threads cannot start
 * (pb_threads_start_check: an address-space or process limit, which
 * OpenMP would answer by ending the process). Then builds (filling
 * run->build_seconds and the build's heap figures) and makes the
 * workers. */
int pb_session_open(struct pb_session *s, const struct pb_variant *v,
                    const struct pb_corpus *corpus, int threads,
                    struct pb_run *run, struct pb_error *e);
/* Clears every slot of answers (pb_answers_clear), outside the timed
 * window, then solves every instance once; fills the solve fields of run.
 * answers: count * pb_answer_size bytes, zeroed or holding the answers of
 * an earlier solve. Nothing is zeroed or allocated by the runner inside
 * the timed window (run->solve_seconds). */
int pb_session_solve(struct pb_session *s, void *answers, struct pb_run *run,
                     struct pb_error *e);
void pb_session_close(struct pb_session *s);

/* An execution back end: how the harness reaches a variant. The harness
 * holds a `const struct pb_backend *` and calls only these three, with
 * the contracts of pb_session_open, pb_session_solve and
 * pb_session_close above:
 *   open   once per benchmark, before any timing: accepts, then the
 *          memory check, then build and workers. PB_NOT_APPLICABLE and
 *          -ENOMEM are refusals (the benchmark is skipped); any other
 *          failure fails it. On failure nothing stays open.
 *   solve  once per timed iteration, called by the driving process
 *          (Google Benchmark's thread) with answers for every instance
 *          of the corpus; it clears them, solves all instances, and
 *          sets run->solve_seconds to the wall time of the solve alone
 *          (the harness's manual iteration time), run->cpu_seconds and
 *          run->involuntary_switches to the CPU time and switches of
 *          the threads that did it over the same region (summed over
 *          the processes a back end spans), and run->work, summed
 *          over the instances. When it returns, answers hold every
 *          answer, as a local solve would leave them.
 *   close  once, after the last iteration (or a failed solve).
 * A back end that spreads a solve over processes (MPI: rank 0 runs the
 * harness and Google Benchmark, the other ranks follow its calls) makes every
 * rank take part in each solve and gathers the answers on the driving rank
 * before it returns; its own state goes in s->backend_data. Kernels and
 * variants do not see the back end. */
struct census_request;
struct census_result;

struct pb_backend {
    const char *name;
    int (*open)(struct pb_session *s, const struct pb_variant *v,
                const struct pb_corpus *corpus, int threads, struct pb_run *run,
                struct pb_error *e);
    int (*solve)(struct pb_session *s, void *answers, struct pb_run *run,
                 struct pb_error *e);
    void (*close)(struct pb_session *s);
    /* A whole-space census (census.h's census_run) on every process the
     * back end spans: the local one runs census_run; the MPI one has
     * every process run it with req->mpi, the distributed engine. The
     * census times its own search. */
    int (*census)(const struct pb_kernel *k, const struct census_request *req,
                  struct census_result *out, struct pb_error *e);
};

/* This process, OpenMP threads: pb_session_open, _solve and _close. */
extern const struct pb_backend pb_backend_local;

/* One untimed run through back end b: open, solve (under deadline, a
 * pb_now() time or 0 for none; see pb_session.deadline), close. */
int pb_backend_run(const struct pb_backend *b, const struct pb_variant *v,
                   const struct pb_corpus *corpus, int threads, double deadline,
                   void *answers, struct pb_run *run, struct pb_error *e);

/* Solves every instance of corpus with variant v on `threads` OpenMP
 * threads (pb_backend_run on pb_backend_local); answers must hold
 * corpus->count * pb_answer_size(corpus) bytes, zeroed or holding
 * earlier answers (each slot is cleared before the solve). Answer i
 * belongs to instance i whatever the thread count. The solve time covers
 * the instances only: the build, worker set-up, clearing and the heap
 * probes stay outside it. On failure e names the first failing instance;
 * a variant that does not accept the corpus gives PB_NOT_APPLICABLE. */
int pb_run_variant(const struct pb_variant *v, const struct pb_corpus *corpus,
                   int threads, void *answers, struct pb_run *run,
                   struct pb_error *e);

/* Zeroed room for the answers of corpus (count * pb_answer_size), or
 * NULL with e set: over the memory cap (the estimate in e) or out of
 * memory. Free it with pb_answers_free. */
void *pb_answers_new(const struct pb_corpus *corpus, struct pb_error *e);
/* Makes every slot reusable: the kernel's answer.release on each (what a
 * slot owns is freed), then zeroes them. O(count * slot). Never inside a
 * timed region. */
void pb_answers_clear(const struct pb_corpus *corpus, void *answers);
/* pb_answers_clear, then free (NULL does nothing). */
void pb_answers_free(const struct pb_corpus *corpus, void *answers);
/* Whether every answer is as good as the expected one (answers the
 * oracle accepted): the kernel's answer.same, or equal slot bytes where
 * it has none. Never calls the oracle: cheap enough after every timed
 * iteration. false with *first the first differing instance and why[]
 * saying how it differs. */
bool pb_answers_same(const struct pb_corpus *corpus, const void *expected,
                     const void *answers, size_t *first, char *why,
                     size_t why_len);

struct pb_check {
    size_t correct;
    size_t wrong;
    size_t first_wrong; /* SIZE_MAX when all are right */
    char why[256];      /* what is wrong with the first wrong answer */
    size_t unchecked;   /* left when the deadline came (0 without one) */
};

/* Checks all answers against the oracle (built by the caller). */
void pb_check_answers(const struct pb_corpus *corpus, const void *oracle,
                      const void *answers, struct pb_check *check);
/* The same, but checks no further instance once pb_now() reaches
 * deadline (0: none): those left are counted in check->unchecked. The
 * oracle's check of one instance is not interrupted. */
void pb_check_answers_until(const struct pb_corpus *corpus, const void *oracle,
                            const void *answers, double deadline,
                            struct pb_check *check);

/* Prints instance i, the variant's answer and the oracle's answer to f,
 * indented, for a failure report. */
void pb_report_wrong(FILE *f, const struct pb_corpus *corpus,
                     const void *oracle, const void *answers, size_t i,
                     const char *variant, const char *why);

#endif
