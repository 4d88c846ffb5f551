/*
 * runner.h - runs one variant over a whole corpus, OpenMP across the
 * instances, and checks the answers against the kernel's oracle. Shared
 * by the solve, verify and run verbs (and later by the timing harness).
 */
#ifndef RUNNER_H
#define RUNNER_H

#include "pb.h"

struct pb_run {
    double build_seconds; /* 0 for variants without a build step */
    double solve_seconds; /* wall time of the parallel solve loop */
    struct pb_work work;  /* summed over instances */
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

/* Monotonic wall clock in seconds. */
double pb_now(void);

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
};

/* Builds (filling run->build_seconds and the build's heap figures) and
 * makes the workers. Before anything is built: -ENOMEM with the estimate
 * in e when the variant's memory_bound is over the memory cap
 * (pb_memory_cap). A variant that does not take the corpus returns
 * PB_NOT_APPLICABLE (pb.h) from its build. */
int pb_session_open(struct pb_session *s, const struct pb_variant *v,
                    const struct pb_corpus *corpus, int threads,
                    struct pb_run *run, struct pb_error *e);
/* Solves every instance once; fills the solve fields of run. */
int pb_session_solve(struct pb_session *s, void *answers, struct pb_run *run,
                     struct pb_error *e);
void pb_session_close(struct pb_session *s);

/* Solves every instance of corpus with variant v on `threads` OpenMP
 * threads; answers must hold corpus->count * pb_answer_size(corpus) bytes
 * (each slot is zeroed before its solve). Answer i
 * belongs to instance i whatever the thread count. The solve time covers
 * the instances only: the build, worker set-up and the heap probes stay
 * outside it. On failure e names the first failing instance. */
int pb_run_variant(const struct pb_variant *v, const struct pb_corpus *corpus,
                   int threads, void *answers, struct pb_run *run,
                   struct pb_error *e);

/* Zeroed room for the answers of corpus (count * pb_answer_size), or
 * NULL with e set: over the memory cap (the estimate in e) or out of
 * memory. */
void *pb_answers_new(const struct pb_corpus *corpus, struct pb_error *e);

struct pb_check {
    size_t correct;
    size_t wrong;
    size_t first_wrong; /* SIZE_MAX when all are right */
    char why[256];      /* what is wrong with the first wrong answer */
};

/* Checks all answers against the oracle (built by the caller). */
void pb_check_answers(const struct pb_corpus *corpus, const void *oracle,
                      const void *answers, struct pb_check *check);

/* Prints instance i, the variant's answer and the oracle's answer to f,
 * indented, for a failure report. */
void pb_report_wrong(FILE *f, const struct pb_corpus *corpus,
                     const void *oracle, const void *answers, size_t i,
                     const char *variant, const char *why);

#endif
