/*
 * bfs_array.c - Magic Squares by one breadth-first search per query from
 * the start, moves tried A, B, C, visited set = bitmap over the perfect
 * Lehmer rank of the permutation (magic_rank, O(K) with popcounts). The
 * "array" side of the array-vs-hash comparison: (2K)!/8 bytes, 5 KB for
 * the judge's 2 x 4 ring, so the whole set sits in L1 cache.
 * The alphabetically-first argument is the one in bfs_hash.c.
 * O(S * 3 * K) time for the S states within the target's depth; memory
 * (2K)!/8 bytes + 13 bytes per reached state.
 */
#include <stdlib.h>

#include "bfs_tree.h"
#include "magic_variant.h"

struct bfs_array_worker {
    uint64_t *seen; /* one bit per rank */
    int seen_k;     /* ring width seen[] is sized for, 0 if none */
    struct bfs_tree tree;
    uint64_t target;
    int k;
};

static inline int bitmap_mark(uint64_t *bits, uint32_t r)
{
    uint64_t bit = 1ull << (r & 63), old = bits[r >> 6];
    bits[r >> 6] = old | bit;
    return (old & bit) == 0;
}

#define BFS_FN bfs_array_search
#define BFS_CTX struct bfs_array_worker *
#define BFS_MOVES(w) MAGIC_MOVES
#define BFS_NEXT(w, s, m) magic_apply((s), (w)->k, (enum magic_move)(m))
#define BFS_MARK(w, s) bitmap_mark((w)->seen, magic_rank((s), (w)->k))
#define BFS_GOAL(w, s) ((s) == (w)->target)
#include "bfs_body.h"

static size_t bitmap_words(int k)
{
    return (magic_states(k) + 63) / 64;
}

static void *bfs_array_worker_new(const struct pb_corpus *corpus,
                                  const void *shared)
{
    (void)corpus;
    (void)shared;
    struct bfs_array_worker *w = calloc(1, sizeof(*w));
    if (w)
        bfs_tree_init(&w->tree);
    return w;
}

static void bfs_array_worker_free(void *worker)
{
    struct bfs_array_worker *w = worker;
    if (!w)
        return;
    free(w->seen);
    bfs_tree_free(&w->tree);
    free(w);
}

static int bfs_array_solve(void *worker, const void *instance, void *answer,
                           struct pb_work *work, struct pb_error *e)
{
    struct bfs_array_worker *w = worker;
    const struct magic_instance *in = instance;
    if (w->seen_k != in->k) {
        free(w->seen);
        w->seen = malloc(bitmap_words(in->k) * sizeof(*w->seen));
        w->seen_k = w->seen ? in->k : 0;
        if (!w->seen)
            return pb_fail(e, -ENOMEM, "bfs_array: out of memory");
    }
    memset(w->seen, 0, bitmap_words(in->k) * sizeof(*w->seen));
    w->k = in->k;
    w->target = in->target;
    size_t goal;
    int rc = bfs_array_search(w, &w->tree, magic_start(in->k), UINT32_MAX,
                              &goal, work);
    if (rc)
        return pb_fail(e, rc, "bfs_array: out of memory");
    if (goal == SIZE_MAX) {
        magic_answer_unreachable(answer);
        return 0;
    }
    uint8_t codes[MAGIC_MAX_MOVES];
    int n = bfs_tree_path(&w->tree, goal, codes, MAGIC_MAX_MOVES);
    return magic_answer_set(answer, codes, n, e);
}

const struct pb_variant magic_variant_bfs_array = {
    .name = "bfs_array",
    .summary = "per-query BFS, visited = bitmap over the Lehmer rank",
    .worker_new = bfs_array_worker_new,
    .solve = bfs_array_solve,
    .worker_free = bfs_array_worker_free,
};
