/*
 * table.c - Magic Squares by one breadth-first search over the whole
 * space from the start (the build, timed apart), storing for every rank
 * the move that first reached it; each query then walks back from its
 * target by inverse moves. First-discovery moves in A, B, C order make
 * every walk the alphabetically first shortest sequence.
 * Build O((2K)! * 3 * K): 40,320 states for 2 x 4, 3,628,800 for 2 x 5;
 * memory 1 byte per state (+ an 8-byte queue during the build).
 * Query O(depth * K). Tables are built only for the ring widths present
 * in the corpus and shared read-only by all threads.
 */
#include <stdlib.h>

#include "magic_variant.h"
#include "pb_limits.h"

static int build_one(int k, uint8_t **out, struct pb_error *e)
{
    uint32_t total = magic_states(k);
    uint8_t *via = calloc(total, 1);
    uint64_t *queue = malloc((size_t)total * sizeof(*queue));
    if (!via || !queue) {
        free(via);
        free(queue);
        return pb_fail(e, -ENOMEM, "table: out of memory for 2 x %d", k);
    }
    uint64_t start = magic_start(k);
    size_t head = 0, tail = 0;
    via[magic_rank(start, k)] = MAGIC_VIA_ROOT;
    queue[tail++] = start;
    while (head < tail) {
        uint64_t s = queue[head++];
        for (int m = 0; m < MAGIC_MOVES; m++) {
            uint64_t next = magic_apply(s, k, (enum magic_move)m);
            uint32_t r = magic_rank(next, k);
            if (via[r] == MAGIC_VIA_UNSEEN) {
                via[r] = (uint8_t)(1 + m);
                queue[tail++] = next;
            }
        }
    }
    free(queue);
    *out = via;
    return 0;
}

static int table_solve(void *worker, const void *instance, void *answer,
                       struct pb_work *work, struct pb_error *e)
{
    const struct magic_ring_tables *t = worker;
    const struct magic_instance *in = instance;
    int n = magic_walk_back(t->of[in->k], in->k, in->target, answer, e);
    if (n < 0)
        return n;
    work->count[PB_WORK_MAIN] += (uint64_t)n;
    return 0;
}

static int table_build(const struct pb_corpus *corpus, void **shared,
                       struct pb_error *e)
{
    return magic_ring_tables_build(corpus, build_one, shared, e);
}

/* via byte per state, plus the 8-byte build queue */
static uint64_t table_memory_bound(const struct pb_corpus *corpus, int threads)
{
    (void)threads;
    return pb_mul_sat(9, magic_corpus_states(corpus));
}

const struct pb_variant magic_variant_table = {
    .name = "table",
    .summary = "one BFS over the whole space (build), then walk back per "
               "query",
    .build = table_build,
    .free_shared = magic_ring_tables_free,
    .worker_new = magic_ring_tables_worker,
    .solve = table_solve,
    .worker_free = magic_ring_tables_worker_free,
    .memory_bound = table_memory_bound,
};
