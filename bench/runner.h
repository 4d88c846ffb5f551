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
};

/* Monotonic wall clock in seconds. */
double pb_now(void);

/* Solves every instance of corpus with variant v on `threads` OpenMP
 * threads; answers must hold corpus->count * answer_size bytes. Answer i
 * belongs to instance i whatever the thread count. On failure e names the
 * first failing instance. */
int pb_run_variant(const struct pb_variant *v, const struct pb_corpus *corpus,
                   int threads, void *answers, struct pb_run *run,
                   struct pb_error *e);

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
