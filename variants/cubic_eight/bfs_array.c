/*
 * bfs_array.c - Cubic Eight-Puzzle by breadth-first search from the start,
 * visited set = one bit per code of the perfect index (eight.h):
 * 15,116,544 bits = 1.9 MB for 3 x 3, so it stays in cache; 544 MB for
 * 3 x 4. After each dataset the bits are cleared through the queue (whole
 * bytes: every set bit belongs to a queued state), or by memset when the
 * queue is the larger. Time O(states within the answer's depth);
 * memory index/8 bytes + 8 bytes per reached state.
 */
#include <string.h>

#include "bfs_tree.h"
#include "eight_variant.h"

/* Passed by value to the skeleton, so its fields stay in registers. */
struct bit_visit {
    uint8_t *bits;
    const struct eight_board *b;
    struct eight_goal goal;
};

static inline int bit_insert(struct bit_visit v, uint64_t s)
{
    uint64_t i = eight_index(v.b, s);
    uint8_t byte = v.bits[i >> 3], mask = (uint8_t)(1u << (i & 7));
    v.bits[i >> 3] = byte | mask;
    return !(byte & mask);
}

#define BFS_FN bfs_bits
#define BFS_CTX struct bit_visit
#define BFS_MAX_DEGREE(v) EIGHT_MAX_DEGREE
#define BFS_DEGREE(v, s) eight_degree((v).b, (s))
#define BFS_NEXT(v, s, m) eight_next((v).b, (s), (m))
#define BFS_MARK(v, s) bit_insert((v), (s))
#define BFS_GOAL(v, s) eight_matches((v).goal, (s))
#define BFS_PATHS 0
#include "bfs_body.h"
#include "pb_limits.h"

struct bfs_array_worker {
    struct eight_search search;
    uint8_t *bits;
    uint64_t bytes;
    struct bfs_tree queue; /* states only */
};

static void bfs_array_worker_free(void *worker)
{
    struct bfs_array_worker *w = worker;
    if (!w)
        return;
    eight_search_free(&w->search);
    free(w->bits);
    bfs_tree_free(&w->queue);
    free(w);
}

static void *bfs_array_worker_new(const struct pb_corpus *corpus,
                                  const void *shared)
{
    (void)shared;
    struct bfs_array_worker *w = calloc(1, sizeof(*w));
    if (!w)
        return NULL;
    bfs_tree_init(&w->queue, false);
    w->bytes = eight_index_bytes(eight_corpus_index_size(corpus), 1);
    w->bits = calloc(w->bytes, 1);
    if (!w->bits || eight_search_init(&w->search, corpus)) {
        bfs_array_worker_free(w);
        return NULL;
    }
    return w;
}

static int bfs_array_solve(void *worker, const void *instance, void *answer,
                           struct pb_work *work, struct pb_error *e)
{
    struct bfs_array_worker *w = worker;
    const struct eight_instance *in = instance;
    struct bit_visit v = {w->bits, eight_search_board(&w->search, in),
                          eight_goal_of(in)};
    struct eight_answer *a = answer;
    struct bfs_result found;
    int rc = bfs_bits(v, &w->queue, eight_start_state(in->start), in->cap,
                      &found, work);
    a->moves = eight_moves_found(found);
    if (w->queue.len * 8 > w->bytes)
        memset(w->bits, 0, w->bytes);
    else
        for (size_t i = 0; i < w->queue.len; i++)
            w->bits[eight_index(v.b, w->queue.state[i]) >> 3] = 0;
    return rc ? pb_fail(e, rc, "out of memory for the BFS queue") : 0;
}

static uint64_t bfs_array_memory(const struct pb_corpus *corpus, int threads)
{
    uint64_t codes = eight_corpus_index_size(corpus);
    return pb_mul_sat((uint64_t)threads,
                      pb_add_sat(eight_index_bytes(codes, 1),
                                 pb_mul_sat(codes, 2 * sizeof(uint64_t))));
}

const struct pb_variant eight_variant_bfs_array = {
    .name = "bfs_array",
    .summary = "BFS from the start, visited = bit array over the perfect "
               "index",
    .worker_new = bfs_array_worker_new,
    .solve = bfs_array_solve,
    .worker_free = bfs_array_worker_free,
    .memory_bound = bfs_array_memory,
};
