/*
 * runner.c - one variant over a corpus: build (timed apart), then the
 * instances spread over OpenMP threads with dynamic scheduling, one
 * worker (scratch memory) per thread, answers written to fixed slots so
 * the output is identical at any thread count; then the oracle check.
 */
#include "runner.h"

#include <errno.h>
#include <omp.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

double pb_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

enum { SCHEDULE_CHUNK = 4 }; /* instances per dynamic grab */

int pb_run_variant(const struct pb_variant *v, const struct pb_corpus *corpus,
                   int threads, void *answers, struct pb_run *run,
                   struct pb_error *e)
{
    memset(run, 0, sizeof(*run));
    void *shared = NULL;
    double t0 = pb_now();
    if (v->build) {
        int rc = v->build(corpus, &shared, e);
        if (rc)
            return rc;
    }
    double t1 = pb_now();
    run->build_seconds = t1 - t0;

    const size_t count = corpus->count;
    const size_t answer_size = corpus->kernel->answer_size;
    unsigned char *const out = answers;
    size_t first_bad = SIZE_MAX;
    int first_rc = 0;
    struct pb_error first_error = {{0}};
    uint64_t expanded = 0, generated = 0;

#pragma omp parallel num_threads(threads) default(none)                    \
    shared(v, corpus, shared, first_bad, first_rc, first_error, out)       \
    firstprivate(count, answer_size) reduction(+ : expanded, generated)
    {
        void *worker = v->worker_new(corpus, shared);
        struct pb_work work = {0, 0};
#pragma omp for schedule(dynamic, SCHEDULE_CHUNK)
        for (size_t i = 0; i < count; i++) {
            struct pb_error err;
            int rc = worker ? v->solve(worker, pb_corpus_item(corpus, i),
                                       out + i * answer_size, &work, &err)
                            : pb_fail(&err, -ENOMEM, "out of memory for a "
                                      "worker");
            if (rc) {
#pragma omp critical(pb_run_error)
                if (i < first_bad) {
                    first_bad = i;
                    first_rc = rc;
                    first_error = err;
                }
            }
        }
        if (worker && v->worker_free)
            v->worker_free(worker);
        expanded += work.expanded;
        generated += work.generated;
    }
    run->solve_seconds = pb_now() - t1;
    run->work.expanded = expanded;
    run->work.generated = generated;
    if (v->free_shared)
        v->free_shared(shared);
    if (first_bad != SIZE_MAX)
        return pb_fail(e, first_rc, "%s:%u: instance %zu: %s: %s",
                       corpus->source, (unsigned)corpus->lines[first_bad],
                       first_bad + 1, v->name, first_error.msg);
    return 0;
}

void pb_check_answers(const struct pb_corpus *corpus, const void *oracle,
                      const void *answers, struct pb_check *check)
{
    const struct pb_kernel *k = corpus->kernel;
    const unsigned char *a = answers;
    memset(check, 0, sizeof(*check));
    check->first_wrong = SIZE_MAX;
    for (size_t i = 0; i < corpus->count; i++) {
        char why[sizeof(check->why)];
        if (k->oracle_check(oracle, pb_corpus_item(corpus, i),
                            a + i * k->answer_size, why, sizeof(why))) {
            check->correct++;
            continue;
        }
        if (check->wrong++ == 0) {
            check->first_wrong = i;
            memcpy(check->why, why, sizeof(why));
        }
    }
}

static void print_indented(FILE *f, const char *label, const char *text)
{
    fprintf(f, "  %s:\n", label);
    for (const char *p = text; *p;) {
        const char *nl = strchr(p, '\n');
        size_t n = nl ? (size_t)(nl - p) : strlen(p);
        fprintf(f, "    %.*s\n", (int)n, p);
        p += n + (nl != NULL);
    }
}

/* The text a writer produces, as a malloc'ed string. */
static char *render(int (*write)(FILE *, const void *, const void *),
                    const void *a, const void *b)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&buf, &len);
    if (!mem)
        return NULL;
    write(mem, a, b);
    fclose(mem);
    return buf;
}

void pb_report_wrong(FILE *f, const struct pb_corpus *corpus,
                     const void *oracle, const void *answers, size_t i,
                     const char *variant, const char *why)
{
    const struct pb_kernel *k = corpus->kernel;
    const void *in = pb_corpus_item(corpus, i);
    const unsigned char *a = answers;
    void *expected = calloc(1, k->answer_size);
    fprintf(f, "first wrong answer: %s:%u, instance %zu: %s\n",
            corpus->source, (unsigned)corpus->lines[i], i + 1, why);
    char *text = render(k->write_instance, in, NULL);
    print_indented(f, "instance", text ? text : "?");
    free(text);
    text = render(k->write_answer, in, a + i * k->answer_size);
    print_indented(f, variant, text ? text : "?");
    free(text);
    if (expected && k->oracle_solve(oracle, in, expected) == 0) {
        text = render(k->write_answer, in, expected);
        print_indented(f, "oracle", text ? text : "?");
        free(text);
    }
    free(expected);
}
