/*
 * test_memory.c - the heap figures of pb_run_variant (runner.c through
 * memprobe.c) count every thread that allocates, a parallel variant's own
 * OpenMP threads included: a PB_VARIANT_PARALLEL variant whose solve
 * allocates a 16 MB block only on the non-master threads of its own
 * "omp parallel" shows it in heap_peak at 2 threads, one allocating on
 * the master at 1 thread too, a parallel build's block kept in the shared
 * state shows from the build on; and an ordinary variant over 2 threads
 * still counts both threads' scratch. The corpus is magic_squares'
 * generated one; answers are not checked (only memory is). Exits 77
 * (skipped) where jemalloc is absent (sanitizer builds). A few solves of
 * 16 MB blocks: well under a second. Ends with "N passed, N failed".
 */
#include <omp.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "run/gen.h"
#include "run/memprobe.h"
#include "run/runner.h"

enum { BLOCK = 16 << 20, INSTANCES = 8 };
/* A figure is a rise in live bytes: what a thread frees in a bracket
 * before its block (libgomp's team bookkeeping, ~2 KB) comes off it. */
#define AT_LEAST(n) ((uint64_t)(n)*BLOCK - (64u << 10))

/* Where a block goes, so that gcc cannot drop the malloc/free pair. */
static void *volatile sink;
static int team_seen; /* threads of the variant's last inner region */

static void touch_block(void)
{
    unsigned char *p = malloc(BLOCK);
    if (!p)
        abort();
    memset(p, 1, BLOCK);
    sink = p;
    free(sink);
}

static void *no_worker(const struct pb_corpus *c, const void *shared)
{
    (void)c, (void)shared;
    static int worker;
    return &worker;
}

/* A block on each inner thread but the master, inside its own region. */
static int inner_solve(void *worker, const void *instance, void *answer,
                       struct pb_work *work, struct pb_error *e)
{
    (void)worker, (void)instance, (void)answer, (void)work, (void)e;
#pragma omp parallel
    {
        if (omp_get_thread_num() != 0)
            touch_block();
#pragma omp master
        team_seen = omp_get_num_threads();
    }
    return 0;
}

/* A block on the master only, inside its own region. */
static int master_solve(void *worker, const void *instance, void *answer,
                        struct pb_work *work, struct pb_error *e)
{
    (void)worker, (void)instance, (void)answer, (void)work, (void)e;
#pragma omp parallel
    {
#pragma omp master
        {
            touch_block();
            team_seen = omp_get_num_threads();
        }
    }
    return 0;
}

/* A build whose block is allocated on an inner thread and kept in the
 * shared state until free_shared (freed there by the calling thread). */
static int inner_build(const struct pb_corpus *corpus, void **shared,
                       struct pb_error *e)
{
    (void)corpus, (void)e;
    void *block = NULL;
#pragma omp parallel shared(block)
    if (omp_get_thread_num() == omp_get_num_threads() - 1) {
        block = malloc(BLOCK);
        if (block)
            memset(block, 2, BLOCK);
    }
    *shared = block;
    return block ? 0 : -ENOMEM;
}

static void free_block(void *shared)
{
    free(shared);
}

static int no_solve(void *worker, const void *instance, void *answer,
                    struct pb_work *work, struct pb_error *e)
{
    (void)worker, (void)instance, (void)answer, (void)work, (void)e;
    return 0;
}

/* An ordinary variant: the runner spreads instances over its team. Each
 * thread's first solve waits (bounded) until two threads have arrived, so
 * that both threads solve and each allocates its scratch block. */
static int arrived;

static int scratch_solve(void *worker, const void *instance, void *answer,
                         struct pb_work *work, struct pb_error *e)
{
    (void)instance, (void)answer, (void)work, (void)e;
    int *first = worker;
    if (*first) {
        *first = 0;
        __atomic_add_fetch(&arrived, 1, __ATOMIC_SEQ_CST);
        for (long spin = 0; spin < 2000000000L &&
                            __atomic_load_n(&arrived, __ATOMIC_SEQ_CST) < 2;
             spin++)
            ;
    }
    touch_block();
    return 0;
}

static void *scratch_worker_new(const struct pb_corpus *c, const void *shared)
{
    (void)c, (void)shared;
    int *first = malloc(sizeof(*first));
    if (first)
        *first = 1;
    return first;
}

static const struct pb_variant inner = {.name = "inner",
                                        .summary = "16 MB on inner threads",
                                        .flags = PB_VARIANT_PARALLEL,
                                        .worker_new = no_worker,
                                        .solve = inner_solve};
static const struct pb_variant on_master = {.name = "master",
                                            .summary = "16 MB on the master",
                                            .flags = PB_VARIANT_PARALLEL,
                                            .worker_new = no_worker,
                                            .solve = master_solve};
static const struct pb_variant built = {.name = "built",
                                        .summary = "16 MB kept by the build",
                                        .flags = PB_VARIANT_PARALLEL,
                                        .build = inner_build,
                                        .free_shared = free_block,
                                        .worker_new = no_worker,
                                        .solve = no_solve};
static const struct pb_variant scratch = {.name = "scratch",
                                          .summary = "16 MB per thread",
                                          .worker_new = scratch_worker_new,
                                          .solve = scratch_solve,
                                          .worker_free = free};

static struct pb_run run_one(const struct pb_variant *v,
                             const struct pb_corpus *c, int threads)
{
    struct pb_run run;
    struct pb_error e;
    memset(&run, 0, sizeof(run));
    team_seen = 0;
    void *answers = pb_answers_new(c, &e);
    int rc = answers ? pb_run_variant(v, c, threads, answers, &run, &e) : -1;
    CHECK(rc == 0, "%s at %d threads: %s", v->name, threads, e.msg);
    free(answers);
    return run;
}

#define MB(x) ((double)(x) / (1 << 20))

static void test_parallel_variants(const struct pb_corpus *c)
{
    struct pb_run run = run_one(&inner, c, 2);
    CHECK(team_seen == 2, "inner: its region had %d threads", team_seen);
    CHECK(run.heap_peak >= AT_LEAST(1), "inner at 2 threads: peak %.1f MB",
          MB(run.heap_peak));
    /* One block at a time: an upper bound, not a wild one. */
    CHECK(run.heap_peak < 2 * (uint64_t)BLOCK,
          "inner at 2 threads: peak %.1f MB", MB(run.heap_peak));
    CHECK(run.heap_allocated >= INSTANCES * (uint64_t)BLOCK,
          "inner at 2 threads: allocated %.1f MB", MB(run.heap_allocated));

    run = run_one(&on_master, c, 1);
    CHECK(team_seen == 1, "master: its region had %d threads", team_seen);
    CHECK(run.heap_peak >= AT_LEAST(1) && run.heap_peak < 2 * (uint64_t)BLOCK,
          "master at 1 thread: peak %.1f MB", MB(run.heap_peak));

    run = run_one(&on_master, c, 2);
    CHECK(run.heap_peak >= AT_LEAST(1), "master at 2 threads: peak %.1f MB",
          MB(run.heap_peak));
}

/* The build's block, allocated on an inner thread and held: in the peak
 * from the build on, and in the bytes a cold run allocates. */
static void test_parallel_build(const struct pb_corpus *c)
{
    struct pb_session s;
    struct pb_run run;
    struct pb_error e;
    int rc = pb_session_open(&s, &built, c, 2, &run, &e);
    CHECK(rc == 0, "built: %s", e.msg);
    if (rc)
        return;
    CHECK(run.heap_peak >= AT_LEAST(1), "built, after the build: peak %.1f MB",
          MB(run.heap_peak));
    CHECK(s.heap_live >= (int64_t)AT_LEAST(1),
          "built: the session holds %.1f MB", MB(s.heap_live));
    void *answers = pb_answers_new(c, &e);
    rc = answers ? pb_session_solve(&s, answers, &run, &e) : -1;
    CHECK(rc == 0, "built: %s", e.msg);
    CHECK(run.heap_peak >= AT_LEAST(1) && run.heap_allocated >= AT_LEAST(1),
          "built, after a solve: peak %.1f MB, allocated %.1f MB",
          MB(run.heap_peak), MB(run.heap_allocated));
    free(answers);
    pb_session_close(&s);
}

static void test_ordinary_variant(const struct pb_corpus *c)
{
    arrived = 0;
    struct pb_run run = run_one(&scratch, c, 2);
    CHECK(arrived == 2, "scratch: %d threads solved", arrived);
    CHECK(run.heap_peak >= AT_LEAST(2), "scratch at 2 threads: peak %.1f MB",
          MB(run.heap_peak));
    CHECK(run.heap_allocated >= INSTANCES * (uint64_t)BLOCK,
          "scratch at 2 threads: allocated %.1f MB", MB(run.heap_allocated));
    arrived = 1; /* one thread: nobody to wait for */
    run = run_one(&scratch, c, 1);
    CHECK(run.heap_peak >= AT_LEAST(1) && run.heap_peak < 2 * (uint64_t)BLOCK,
          "scratch at 1 thread: peak %.1f MB", MB(run.heap_peak));
}

int main(void)
{
    if (!pb_heap_available()) {
        printf("SKIP: no jemalloc, no heap counters\n");
        return 77;
    }
    struct pb_corpus c;
    struct pb_error e;
    if (pb_generate(pb_kernel_find("magic_squares"), "uniform",
                    (struct pb_size){3, 0}, INSTANCES, 12, &c, &e)) {
        fprintf(stderr, "corpus: %s\n", e.msg);
        return 1;
    }
    test_parallel_variants(&c);
    test_parallel_build(&c);
    test_ordinary_variant(&c);
    pb_corpus_free(&c);
    return check_summary();
}
