/*
 * bfs_hash.c - Cubic Eight-Puzzle by breadth-first search from the start,
 * visited set = our open-addressing hash set of packed states
 * (hashset_u64.h), the hash side of the array-vs-hash comparison with
 * bfs_array. The set is emptied through the queue after each dataset.
 * Time O(states within the answer's depth), expected; memory 16..32
 * bytes per reached state in the set + 8 in the queue.
 */
#include "bfs_tree.h"
#include "eight_variant.h"
#include "hashset_u64.h"

/* Passed by value to the skeleton, so its fields stay in registers. */
struct bfs_hash_ctx {
    struct hashset_u64 *seen;
    const struct eight_board *b;
    struct eight_goal goal;
};

#define BFS_FN bfs_hashed
#define BFS_CTX struct bfs_hash_ctx
#define BFS_MAX_DEGREE(c) EIGHT_MAX_DEGREE
#define BFS_DEGREE(c, s) eight_degree((c).b, (s))
#define BFS_NEXT(c, s, m) eight_next((c).b, (s), (m))
#define BFS_MARK(c, s) hashset_u64_insert((c).seen, (s))
#define BFS_GOAL(c, s) eight_matches((c).goal, (s))
#define BFS_PATHS 0
#include "bfs_body.h"
#include "pb_limits.h"

/* Room for a typical dataset before the first growth. */
#define EIGHT_HASH_INITIAL 4096

struct bfs_hash_worker {
    struct eight_search search;
    struct hashset_u64 seen;
    struct bfs_tree queue; /* states only */
};

static void bfs_hash_worker_free(void *worker)
{
    struct bfs_hash_worker *w = worker;
    if (!w)
        return;
    eight_search_free(&w->search);
    hashset_u64_free(&w->seen);
    bfs_tree_free(&w->queue);
    free(w);
}

static void *bfs_hash_worker_new(const struct pb_corpus *corpus,
                                 const void *shared)
{
    (void)shared;
    struct bfs_hash_worker *w = calloc(1, sizeof(*w));
    if (!w)
        return NULL;
    bfs_tree_init(&w->queue, false);
    if (hashset_u64_init(&w->seen, EIGHT_HASH_INITIAL) ||
        eight_search_init(&w->search, corpus)) {
        bfs_hash_worker_free(w);
        return NULL;
    }
    return w;
}

static int bfs_hash_solve(void *worker, const void *instance, void *answer,
                          struct pb_work *work, struct pb_error *e)
{
    struct bfs_hash_worker *w = worker;
    const struct eight_instance *in = instance;
    struct eight_answer *a = answer;
    struct bfs_hash_ctx c = {&w->seen, eight_search_board(&w->search, in),
                             eight_goal_of(in)};
    struct bfs_result found;
    int rc = bfs_hashed(c, &w->queue, eight_start_state(in->start), in->cap,
                        &found, work);
    a->moves = eight_moves_found(found);
    hashset_u64_clear_keys(&w->seen, w->queue.state, w->queue.len);
    return rc ? pb_fail(e, rc, "out of memory for the BFS") : 0;
}

/* Per reached state: at most 32 bytes of slots after a doubling, the old
 * table (16) during one, and 16 for the queue at its doubling. */
static uint64_t bfs_hash_memory(const struct pb_corpus *corpus, int threads)
{
    return pb_mul_sat(pb_mul_sat((uint64_t)threads, 64),
                      eight_corpus_index_size(corpus));
}

const struct pb_variant eight_variant_bfs_hash = {
    .name = "bfs_hash",
    .summary = "BFS from the start, visited = open-addressing hash set of "
               "packed states",
    .worker_new = bfs_hash_worker_new,
    .solve = bfs_hash_solve,
    .worker_free = bfs_hash_worker_free,
    .memory_bound = bfs_hash_memory,
};
