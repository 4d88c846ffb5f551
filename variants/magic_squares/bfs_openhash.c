/*
 * bfs_openhash.c - Magic Squares by one breadth-first search per query
 * from the start, moves tried A, B, C, visited set = our tuned
 * open-addressing hash set of packed permutations
 * (variants/common/hashset_u64.h): the strongest hash baseline of the
 * array-vs-hash comparison, beside bfs_hash's library hash table. Its
 * memory follows the states reached, not the size of the space.
 * First-discovery parents make the tree path the alphabetically first
 * shortest sequence (docs/problems.md, section 3).
 * O(S * 3) time for the S states within the target's depth; memory
 * 13 bytes (tree) + 16..32 bytes (set) per state.
 */
#include <stdlib.h>

#include "bfs_tree.h"
#include "hashset_u64.h"
#include "magic_variant.h"

struct bfs_openhash_worker {
    struct hashset_u64 seen;
    struct bfs_tree tree;
    uint64_t target;
    int k;
};

#define BFS_FN bfs_openhash_search
#define BFS_CTX struct bfs_openhash_worker *
#define BFS_MAX_DEGREE(w) MAGIC_MOVES
#define BFS_DEGREE(w, s) MAGIC_MOVES
#define BFS_NEXT(w, s, m) magic_apply((s), (w)->k, (enum magic_move)(m))
#define BFS_MARK(w, s) hashset_u64_insert(&(w)->seen, (s))
#define BFS_GOAL(w, s) ((s) == (w)->target)
#define BFS_PATHS 1
#include "bfs_body.h"
#include "pb_limits.h"

enum { INITIAL_SET = 1024 };

static void *bfs_openhash_worker_new(const struct pb_corpus *corpus,
                                     const void *shared)
{
    (void)corpus;
    (void)shared;
    struct bfs_openhash_worker *w = calloc(1, sizeof(*w));
    if (!w)
        return NULL;
    if (hashset_u64_init(&w->seen, INITIAL_SET)) {
        free(w);
        return NULL;
    }
    bfs_tree_init(&w->tree, true);
    return w;
}

static void bfs_openhash_worker_free(void *worker)
{
    struct bfs_openhash_worker *w = worker;
    if (!w)
        return;
    hashset_u64_free(&w->seen);
    bfs_tree_free(&w->tree);
    free(w);
}

static int bfs_openhash_solve(void *worker, const void *instance, void *answer,
                              struct pb_work *work, struct pb_error *e)
{
    struct bfs_openhash_worker *w = worker;
    const struct magic_instance *in = instance;
    w->k = in->k;
    w->target = in->target;
    hashset_u64_clear(&w->seen);
    struct bfs_result found;
    int rc = bfs_openhash_search(w, &w->tree, magic_start(in->k), UINT32_MAX,
                                 &found, work);
    if (rc)
        return pb_fail(e, rc, "bfs_openhash: out of memory");
    return magic_answer_from_tree(&w->tree, found.entry, answer, e);
}

/* slots up to 32 + tree 13 bytes per state, per thread */
static uint64_t bfs_openhash_memory_bound(const struct pb_corpus *corpus,
                                          int threads)
{
    return pb_mul_sat(pb_mul_sat((uint64_t)threads, 45),
                      magic_corpus_states(corpus));
}

const struct pb_variant magic_variant_bfs_openhash = {
    .name = "bfs_openhash",
    .summary = "per-query BFS, visited = tuned open-addressing hash set "
               "(linear probing)",
    .worker_new = bfs_openhash_worker_new,
    .solve = bfs_openhash_solve,
    .worker_free = bfs_openhash_worker_free,
    .memory_bound = bfs_openhash_memory_bound,
};
