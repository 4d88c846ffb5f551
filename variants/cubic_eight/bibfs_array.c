/*
 * bibfs_array.c - Cubic Eight-Puzzle by bidirectional BFS
 * (variants/common/bibfs_body.h: the stopping rule and its proof), visited sets
 * = two bits per code of the perfect index, one per direction, in one array so
 * that one load answers "seen by me?" and "seen by the other side?": 3.8 MB for
 * 3 x 3, inside the fast cache. Cleared through the queues after each dataset
 * (whole bytes: every set bit belongs to a queued state). Time O(S_f + S_b);
 * memory index/4 bytes + 8 per reached state.
 */
#include <string.h>

#include "bfs_tree.h"
#include "eight_variant.h"

/* Passed by value to the skeleton, so its fields stay in registers. */
struct pair_visit {
    uint8_t *pairs; /* code i: bits 2(i%4) (forward) and 2(i%4)+1 */
    const struct eight_board *b;
};

static inline int pair_insert(struct pair_visit v, int side, uint64_t s)
{
    uint64_t i = eight_index(v.b, s);
    unsigned shift = (unsigned)(i & 3) * 2;
    unsigned seen = (unsigned)(v.pairs[i >> 2] >> shift) & 3u;
    if (seen & (1u << (unsigned)side))
        return 0;
    v.pairs[i >> 2] =
        (uint8_t)(v.pairs[i >> 2] | (1u << (shift + (unsigned)side)));
    return seen ? 2 : 1;
}

#define BIBFS_FN bibfs_pairs
#define BIBFS_CTX struct pair_visit
#define BIBFS_MAX_DEGREE(v) EIGHT_MAX_DEGREE
#define BIBFS_DEGREE(v, side, s) eight_degree((v).b, (s))
#define BIBFS_NEXT(v, side, s, m) eight_next((v).b, (s), (m))
#define BIBFS_MARK(v, side, s, depth) pair_insert((v), (side), (s))
#define BIBFS_PATHS 0
#define BIBFS_FIRST_FORWARD 0
#include "bibfs_body.h"
#include "pb_limits.h"

struct bibfs_array_worker {
    struct eight_search search;
    uint8_t *pairs;
    uint64_t bytes;
    struct bfs_tree queue[2]; /* states only */
};

static void bibfs_array_worker_free(void *worker)
{
    struct bibfs_array_worker *w = worker;
    if (!w)
        return;
    eight_search_free(&w->search);
    free(w->pairs);
    bfs_tree_free(&w->queue[0]);
    bfs_tree_free(&w->queue[1]);
    free(w);
}

static void *bibfs_array_worker_new(const struct pb_corpus *corpus,
                                    const void *shared)
{
    (void)shared;
    struct bibfs_array_worker *w = calloc(1, sizeof(*w));
    if (!w)
        return NULL;
    bfs_tree_init(&w->queue[0], false);
    bfs_tree_init(&w->queue[1], false);
    w->bytes = eight_index_bytes(eight_corpus_index_size(corpus), 2);
    w->pairs = calloc(w->bytes, 1);
    if (!w->pairs || eight_search_init(&w->search, corpus)) {
        bibfs_array_worker_free(w);
        return NULL;
    }
    return w;
}

static int bibfs_array_solve(void *worker, const void *instance, void *answer,
                             struct pb_work *work, struct pb_error *e)
{
    struct bibfs_array_worker *w = worker;
    const struct eight_instance *in = instance;
    struct pair_visit v = {w->pairs, eight_search_board(&w->search, in)};
    struct eight_answer *a = answer;
    uint64_t n_goals = eight_goal_states(in, w->search.goals);
    struct bfs_result found;
    int rc = bibfs_pairs(v, w->queue, eight_start_state(in->start),
                         w->search.goals, n_goals, in->cap, &found, work);
    a->moves = eight_moves_found(found);
    if ((w->queue[0].len + w->queue[1].len) * 8 > w->bytes)
        memset(w->pairs, 0, w->bytes);
    else
        for (int side = 0; side < 2; side++)
            for (size_t i = 0; i < w->queue[side].len; i++)
                w->pairs[eight_index(v.b, w->queue[side].state[i]) >> 2] = 0;
    return rc ? pb_fail(e, rc, "out of memory for the BFS queues") : 0;
}

static uint64_t bibfs_array_memory(const struct pb_corpus *corpus, int threads)
{
    uint64_t codes = eight_corpus_index_size(corpus);
    return pb_mul_sat((uint64_t)threads,
                      pb_add_sat(eight_index_bytes(codes, 2),
                                 pb_mul_sat(codes, 2 * sizeof(uint64_t))));
}

const struct pb_variant eight_variant_bibfs_array = {
    .name = "bibfs_array",
    .summary = "bidirectional BFS, visited = two bits per code of the "
               "perfect index",
    .worker_new = bibfs_array_worker_new,
    .solve = bibfs_array_solve,
    .worker_free = bibfs_array_worker_free,
    .memory_bound = bibfs_array_memory,
};
