/*
 * table_omp.c - Magic Squares with a depth table built in parallel: a
 * level-synchronous breadth-first search over the Lehmer-rank space with
 * OpenMP (each level scans the table for the states of that depth and
 * expands them on all threads), then each query answered by a greedy
 * forward walk.
 *
 * Why a forward walk: a parallel level has no first-discovery order, so
 * the table stores depths only (identical at any thread count), not the
 * move that reached each state. The moves rewrite positions only, so the
 * move graph is a Cayley graph and the distance from x to the target t is
 * the depth of e o x^-1 o t (e the start). From x with r moves left, the
 * answer takes the first of A, B, C whose successor is r - 1 from t: the
 * alphabetically first shortest sequence, by the argument of the oracle.
 *
 * Build O((2K)! * 3 * K) work over T threads, plus one byte scan of the
 * table per level; memory (2K)! bytes and no queue (479 MB for 2 x 6,
 * where table.c needs 4.3 GB). Query O(depth * 3 * K).
 * Writes of a depth race benignly (every writer stores the same value);
 * they are relaxed atomics so the program stays race-free in C11.
 * Reference: Korf & Schultze, AAAI 2005 (BFS over permutation ranks);
 * Beamer et al., SC 2012 (level-synchronous frontiers).
 */
#include <omp.h>
#include <stdlib.h>

#include "magic_variant.h"

enum { UNSEEN = 0xFF };

static int build_one(int k, uint8_t **out, struct pb_error *e)
{
    uint32_t total = magic_states(k);
    uint8_t *depth = malloc(total);
    if (!depth)
        return pb_fail(e, -ENOMEM, "table_omp: out of memory for 2 x %d", k);
    long n = (long)total;
#pragma omp parallel for schedule(static) default(none) shared(depth, n)
    for (long r = 0; r < n; r++)
        depth[r] = UNSEEN;
    depth[magic_rank(magic_start(k), k)] = 0;
    uint64_t found = 1;
    for (unsigned d = 0; found; d++) {
        found = 0;
        uint8_t next = (uint8_t)(d + 1);
#pragma omp parallel for schedule(dynamic, 4096) default(none)             \
    shared(depth, n, k, d, next) reduction(+ : found)
        for (long r = 0; r < n; r++) {
            if (__atomic_load_n(&depth[r], __ATOMIC_RELAXED) != d)
                continue;
            uint64_t s = magic_unrank((uint32_t)r, k);
            for (int m = 0; m < MAGIC_MOVES; m++) {
                uint32_t q =
                    magic_rank(magic_apply(s, k, (enum magic_move)m), k);
                if (__atomic_load_n(&depth[q], __ATOMIC_RELAXED) == UNSEEN) {
                    __atomic_store_n(&depth[q], next, __ATOMIC_RELAXED);
                    found++; /* may count a state twice: only != 0 matters */
                }
            }
        }
    }
    *out = depth;
    return 0;
}

/* Depth of e o x^-1 o t: the number of moves from x to t. */
static unsigned distance(const uint8_t *depth, int k, uint64_t start,
                         uint64_t x, uint64_t t)
{
    int n = magic_cells(k);
    unsigned where[2 * MAGIC_K_MAX]; /* x^-1: the cell holding each label */
    for (int c = 0; c < n; c++)
        where[magic_label(x, c)] = (unsigned)c;
    uint64_t y = 0;
    for (int c = 0; c < n; c++)
        y |= (uint64_t)magic_label(start, (int)where[magic_label(t, c)])
             << (4 * c);
    return depth[magic_rank(y, k)];
}

static int tables_solve(void *worker, const void *instance, void *answer,
                        struct pb_work *work, struct pb_error *e)
{
    const struct magic_ring_tables *t = worker;
    const struct magic_instance *in = instance;
    int k = in->k;
    const uint8_t *depth = t->of[k];
    uint64_t start = magic_start(k), x = start;
    unsigned left = distance(depth, k, start, x, in->target);
    if (left == UNSEEN) {
        magic_answer_unreachable(answer);
        return 0;
    }
    uint8_t codes[MAGIC_MAX_MOVES];
    int n = 0;
    for (; left > 0; left--) {
        int m = 0;
        uint64_t next = x;
        for (; m < MAGIC_MOVES; m++) {
            next = magic_apply(x, k, (enum magic_move)m);
            if (distance(depth, k, start, next, in->target) == left - 1)
                break;
        }
        if (m == MAGIC_MOVES || n == MAGIC_MAX_MOVES)
            return pb_fail(e, -EFAULT, "table_omp: broken depth table");
        codes[n++] = (uint8_t)m;
        x = next;
    }
    work->count[PB_WORK_MAIN] += (uint64_t)n;
    return magic_answer_set(answer, codes, n, e);
}

static int tables_build(const struct pb_corpus *corpus, void **shared,
                        struct pb_error *e)
{
    return magic_ring_tables_build(corpus, build_one, shared, e);
}

/* one depth byte per state; no queue */
static uint64_t table_omp_memory_bound(const struct pb_corpus *corpus,
                                       int threads)
{
    (void)threads;
    return magic_corpus_states(corpus);
}

const struct pb_variant magic_variant_table_omp = {
    .name = "table_omp",
    .summary = "depth table by OpenMP level-synchronous BFS (build), "
               "greedy forward walk per query",
    .flags = PB_VARIANT_PARALLEL,
    .build = tables_build,
    .free_shared = magic_ring_tables_free,
    .worker_new = magic_ring_tables_worker,
    .solve = tables_solve,
    .worker_free = magic_ring_tables_worker_free,
    .memory_bound = table_omp_memory_bound,
};
