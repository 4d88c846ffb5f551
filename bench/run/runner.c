/*
 * runner.c - one variant over a corpus: build (timed apart), then the
 * instances spread over OpenMP threads with dynamic scheduling, one
 * worker (scratch memory) per thread, answers written to fixed slots so
 * the output is identical at any thread count; then the oracle check, or
 * the cheap comparison with verified answers (pb_answers_same). The local
 * execution back end (pb_backend_local) is the session's three calls.
 * The build and the solve each record, beside their wall time, the CPU
 * time and involuntary switches of the threads that did the work, read
 * just outside the region the wall clock times (noise.h
 * pb_noise_region): at one thread the solving thread's own clocks, at
 * more the process's (the team's, summed).
 * A session opens only when the variant's memory bound and its team's
 * thread stacks fit the memory cap, and the team can start (cpus.h):
 * a limit (ulimit -v) then refuses it, where OpenMP would end the
 * process.
 */
#include "run/runner.h"

#include "run/census.h"
#include "util/cpus.h"
#include "run/memprobe.h"
#include "util/machine.h"
#include "pb_limits.h"

#include <errno.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { SCHEDULE_CHUNK = 4 }; /* instances per dynamic grab */

bool pb_variant_accepts(const struct pb_variant *v,
                        const struct pb_corpus *corpus, char *why,
                        size_t why_len)
{
    char reason[256] = "";
    if (!v->accepts || v->accepts(corpus, reason, sizeof(reason)))
        return true;
    snprintf(why, why_len, "%s %s", v->name,
             reason[0] ? reason : "does not take this corpus");
    return false;
}

void pb_session_init(struct pb_session *s, const struct pb_variant *v,
                     const struct pb_corpus *corpus, int threads,
                     struct pb_run *run)
{
    memset(run, 0, sizeof(*run));
    memset(s, 0, sizeof(*s));
    s->variant = v;
    s->corpus = corpus;
    s->threads = threads;
}

uint64_t pb_session_need(const struct pb_variant *v,
                         const struct pb_corpus *corpus, int threads)
{
    uint64_t bound = v->memory_bound ? v->memory_bound(corpus, threads) : 0;
    return pb_add_sat(bound, pb_thread_stacks(threads));
}

int pb_session_open(struct pb_session *s, const struct pb_variant *v,
                    const struct pb_corpus *corpus, int threads,
                    struct pb_run *run, struct pb_error *e)
{
    pb_session_init(s, v, corpus, threads, run);
    char why[320];
    if (!pb_variant_accepts(v, corpus, why, sizeof(why)))
        return pb_fail(e, PB_NOT_APPLICABLE, "%s", why);
    char what[320];
    snprintf(what, sizeof(what), "%s on %s", v->name, corpus->source);
    int rc = pb_memory_check(pb_session_need(v, corpus, threads), what, e);
    if (rc == 0) /* before OpenMP meets a team it cannot start */
        rc = pb_threads_start_check(threads, e);
    if (rc)
        return rc;
    /* A parallel variant gets the threads inside one build or solve; the
     * instances then go one by one (a team of one: inner regions stay
     * active). */
    omp_set_num_threads(threads);
    int teams = v->flags & PB_VARIANT_PARALLEL ? 1 : threads;
    struct pb_heap_probe heap;
    pb_heap_begin(&heap, threads);
    struct pb_noise_region clocks;
    pb_noise_region_start(&clocks, threads);
    double t0 = pb_now();
    rc = v->build ? v->build(corpus, &s->shared, e) : 0;
    run->build_seconds = pb_now() - t0;
    pb_noise_region_stop(&clocks, threads);
    run->build_cpu_seconds = clocks.cpu;
    run->build_switches = clocks.switches;
    s->teams = teams;
    s->workers = rc ? NULL : calloc((size_t)teams, sizeof(*s->workers));
    for (int t = 0; s->workers && t < teams; t++)
        if (!(s->workers[t] = v->worker_new(corpus, s->shared)))
            break;
    pb_heap_end(&heap);
    s->heap_live = heap.net;
    s->heap_peak = pb_heap_rise(&heap, 0);
    s->heap_cold = heap.allocated;
    run->heap_peak = s->heap_peak;
    run->heap_allocated = s->heap_cold;
    if (rc == 0 && (!s->workers || !s->workers[teams - 1]))
        rc = pb_fail(e, -ENOMEM, "%s: out of memory for the workers", v->name);
    if (rc)
        pb_session_close(s);
    return rc;
}

void *pb_answers_new(const struct pb_corpus *corpus, struct pb_error *e)
{
    uint64_t bytes = pb_mul_sat(corpus->count, pb_answer_size(corpus));
    if (pb_memory_check(bytes, "the answers", e))
        return NULL;
    void *answers =
        calloc(corpus->count ? corpus->count : 1, pb_answer_size(corpus));
    if (!answers)
        pb_fail(e, -ENOMEM, "out of memory for the answers");
    return answers;
}

void pb_answers_clear(const struct pb_corpus *corpus, void *answers)
{
    void (*release)(void *) = corpus->kernel->answer.release;
    const size_t size = pb_answer_size(corpus);
    unsigned char *a = answers;
    for (size_t i = 0; release && i < corpus->count; i++)
        release(a + i * size);
    memset(answers, 0, corpus->count * size);
}

void pb_answers_free(const struct pb_corpus *corpus, void *answers)
{
    if (!answers)
        return;
    pb_answers_clear(corpus, answers);
    free(answers);
}

bool pb_answers_same(const struct pb_corpus *corpus, const void *expected,
                     const void *answers, size_t *first, char *why,
                     size_t why_len)
{
    const struct pb_answer_ops *ops = &corpus->kernel->answer;
    const size_t size = pb_answer_size(corpus);
    const unsigned char *want = expected, *got = answers;
    for (size_t i = 0; i < corpus->count; i++) {
        const size_t at = i * size;
        char reason[256] = "";
        bool same = ops->same ? ops->same(pb_corpus_item(corpus, i), want + at,
                                          got + at, reason, sizeof(reason))
                              : !memcmp(want + at, got + at, size);
        if (same)
            continue;
        *first = i;
        snprintf(why, why_len, "instance %zu: %s", i + 1,
                 reason[0] ? reason : "differs from the verified answer");
        return false;
    }
    *first = SIZE_MAX;
    return true;
}

void pb_session_close(struct pb_session *s)
{
    for (int t = 0; s->workers && t < s->teams; t++)
        if (s->workers[t] && s->variant->worker_free)
            s->variant->worker_free(s->workers[t]);
    free(s->workers);
    s->workers = NULL;
    if (s->variant->free_shared)
        s->variant->free_shared(s->shared);
    s->shared = NULL;
}

/* One solve's instances, shared by the threads of a team (or run by the
 * calling thread alone: orphaned directives bind to a team of one). */
struct solve_call {
    const struct pb_variant *v;
    const struct pb_corpus *corpus;
    void *const *workers;
    unsigned char *out;
    size_t first_bad;
    int first_rc;
    struct pb_error first_error;
    struct pb_work work; /* summed over the team's workers */
    double start, stop;
    int threads;                   /* the session's: whose CPU clocks count */
    struct pb_noise_region clocks; /* around start .. stop */
    double deadline;               /* the session's (0: none) */
    size_t unsolved;               /* instances left at the deadline */
};

static void solve_share(struct solve_call *c)
{
    const struct pb_variant *v = c->v;
    const struct pb_corpus *corpus = c->corpus;
    const size_t count = corpus->count;
    const size_t answer_size = pb_answer_size(corpus);
    void *worker = c->workers[omp_get_thread_num()];
    const double deadline = c->deadline;
    size_t unsolved = 0;
    struct pb_work work = {0};
    /* the CPU clocks (system calls) before the barrier: the team starts
     * solving only when the wall clock has started */
#pragma omp master
    pb_noise_region_start(&c->clocks, c->threads);
#pragma omp barrier
#pragma omp master
    c->start = pb_now();
#pragma omp for schedule(dynamic, SCHEDULE_CHUNK)
    for (size_t i = 0; i < count; i++) {
        /* one clock read an instance, only in a pass under a budget */
        if (deadline > 0 && pb_now() >= deadline) {
            unsolved++;
            continue;
        }
        /* a variant may fail without a word: only the first byte is
         * cleared, since zeroing the whole 512-byte message cost ~20 ns
         * an instance inside the timed window (5 % of simd_chains') */
        struct pb_error err;
        err.msg[0] = '\0';
        int rc = v->solve(worker, pb_corpus_item(corpus, i),
                          c->out + i * answer_size, &work, &err);
        if (rc) {
#pragma omp critical(pb_run_error)
            if (i < c->first_bad) {
                c->first_bad = i;
                c->first_rc = rc;
                c->first_error = err;
            }
        }
    } /* implicit barrier: every instance is done */
#pragma omp master
    {
        c->stop = pb_now();
        pb_noise_region_stop(&c->clocks, c->threads);
    }
    /* after the clock: PB_MAX_COUNTERS atomics per thread per solve */
    for (int k = 0; k < PB_MAX_COUNTERS; k++) {
#pragma omp atomic
        c->work.count[k] += work.count[k];
    }
#pragma omp atomic
    c->unsolved += unsolved;
}

int pb_session_solve(struct pb_session *s, void *answers, struct pb_run *run,
                     struct pb_error *e)
{
    const struct pb_variant *v = s->variant;
    const struct pb_corpus *corpus = s->corpus;
    struct solve_call c = {.v = v,
                           .corpus = corpus,
                           .workers = s->workers,
                           .out = answers,
                           .first_bad = SIZE_MAX,
                           .threads = s->threads,
                           .deadline = s->deadline};
    /* The heap probes bracket the solve outside its timed window. A
     * parallel variant is called on this thread, not inside a team of
     * one: its own regions are then top-level and served by libgomp's
     * pool threads, which the probes read (nested regions get threads
     * that exit with the region, taking their counters with them). */
    struct pb_heap_probe heap;
    pb_heap_begin(&heap, s->threads);
    /* before the clock, not inside it; inside the probes, so that the
     * routes an earlier solve left are freed on the books */
    pb_answers_clear(corpus, answers);
    if (s->teams == 1)
        solve_share(&c);
    else {
#pragma omp parallel num_threads(s->teams) default(none) shared(c)
        solve_share(&c);
    }
    pb_heap_end(&heap);
    run->solve_seconds = c.stop - c.start;
    run->cpu_seconds = c.clocks.cpu;
    run->involuntary_switches = c.clocks.switches;
    run->work = c.work;
    uint64_t high = pb_heap_rise(&heap, s->heap_live);
    if (high > s->heap_peak)
        s->heap_peak = high;
    s->heap_live += heap.net;
    if (s->solves++ == 0)
        s->heap_cold += heap.allocated;
    run->heap_peak = s->heap_peak;
    run->heap_allocated = s->heap_cold;
    if (c.first_bad != SIZE_MAX)
        return pb_fail(e, c.first_rc, "%s:%u: instance %zu: %s: %s",
                       corpus->source, (unsigned)corpus->lines[c.first_bad],
                       c.first_bad + 1 + s->instance_offset, v->name,
                       c.first_error.msg[0] ? c.first_error.msg
                                            : strerror(-c.first_rc));
    if (c.unsolved)
        return pb_fail(e, PB_OUT_OF_TIME,
                       "%s: out of time after %zu of %zu instances", v->name,
                       corpus->count - c.unsolved, corpus->count);
    return 0;
}

const struct pb_backend pb_backend_local = {
    .name = "local",
    .open = pb_session_open,
    .solve = pb_session_solve,
    .close = pb_session_close,
    .census = census_run,
};

int pb_backend_run(const struct pb_backend *b, const struct pb_variant *v,
                   const struct pb_corpus *corpus, int threads, double deadline,
                   void *answers, struct pb_run *run, struct pb_error *e)
{
    struct pb_session s;
    int rc = b->open(&s, v, corpus, threads, run, e);
    if (rc)
        return rc;
    s.deadline = deadline;
    rc = b->solve(&s, answers, run, e);
    b->close(&s);
    return rc;
}

int pb_run_variant(const struct pb_variant *v, const struct pb_corpus *corpus,
                   int threads, void *answers, struct pb_run *run,
                   struct pb_error *e)
{
    return pb_backend_run(&pb_backend_local, v, corpus, threads, 0, answers,
                          run, e);
}

void pb_check_answers(const struct pb_corpus *corpus, const void *oracle,
                      const void *answers, struct pb_check *check)
{
    pb_check_answers_until(corpus, oracle, answers, 0, check);
}

void pb_check_answers_until(const struct pb_corpus *corpus, const void *oracle,
                            const void *answers, double deadline,
                            struct pb_check *check)
{
    const struct pb_kernel *k = corpus->kernel;
    const unsigned char *a = answers;
    memset(check, 0, sizeof(*check));
    check->first_wrong = SIZE_MAX;
    for (size_t i = 0; i < corpus->count; i++) {
        char why[sizeof(check->why)];
        if (deadline > 0 && pb_now() >= deadline) {
            check->unchecked = corpus->count - i;
            break;
        }
        if (k->oracle.check(oracle, pb_corpus_item(corpus, i),
                            a + i * pb_answer_size(corpus), why, sizeof(why))) {
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
    void *expected = calloc(1, k->answer.size);
    fprintf(f, "first wrong answer: %s:%u, instance %zu: %s\n", corpus->source,
            (unsigned)corpus->lines[i], i + 1, why);
    char *text = render(k->format.write_instance, in, NULL);
    print_indented(f, "instance", text ? text : "?");
    free(text);
    text = render(k->answer.write, in, a + i * pb_answer_size(corpus));
    print_indented(f, variant, text ? text : "?");
    free(text);
    if (expected && k->oracle.solve(oracle, in, expected) == 0) {
        text = render(k->answer.write, in, expected);
        print_indented(f, "oracle", text ? text : "?");
        free(text);
    }
    if (expected && k->answer.release)
        k->answer.release(expected);
    free(expected);
}
