/*
 * bibfs_hash.c - Cubic Eight-Puzzle by bidirectional BFS
 * (variants/common/bibfs_body.h: the stopping rule and its proof), visited sets
 * = one open-addressing hash set of packed states per direction
 * (hashset_u64.h); a state new to one side is looked up in the other.
 * Emptied through the queues after each dataset. Time O(S_f + S_b)
 * expected; memory 16..32 bytes per reached state per set + 8 in a queue.
 */
#include "bfs_tree.h"
#include "eight_variant.h"
#include "hashset_u64.h"

static inline int hash_insert(struct hashset_u64 *seen, int side, uint64_t s)
{
    int fresh = hashset_u64_insert(&seen[side], s);
    if (fresh <= 0)
        return fresh;
    return hashset_u64_contains(&seen[!side], s) ? 2 : 1;
}

/* Passed by value to the skeleton, so its fields stay in registers. */
struct bibfs_hash_ctx {
    struct hashset_u64 *seen; /* [2] */
    const struct eight_board *b;
};

#define BIBFS_FN bibfs_hashed
#define BIBFS_CTX struct bibfs_hash_ctx
#define BIBFS_MAX_DEGREE(c) EIGHT_MAX_DEGREE
#define BIBFS_DEGREE(c, side, s) eight_degree((c).b, (s))
#define BIBFS_NEXT(c, side, s, m) eight_next((c).b, (s), (m))
#define BIBFS_MARK(c, side, s, depth) hash_insert((c).seen, (side), (s))
#define BIBFS_PATHS 0
#define BIBFS_FIRST_FORWARD 0
#include "bibfs_body.h"
#include "pb_limits.h"

/* Room for a typical dataset before the first growth. */
#define EIGHT_HASH_INITIAL 4096

struct bibfs_hash_worker {
    struct eight_search search;
    struct hashset_u64 seen[2];
    struct bfs_tree queue[2]; /* states only */
};

static void bibfs_hash_worker_free(void *worker)
{
    struct bibfs_hash_worker *w = worker;
    if (!w)
        return;
    eight_search_free(&w->search);
    for (int side = 0; side < 2; side++) {
        hashset_u64_free(&w->seen[side]);
        bfs_tree_free(&w->queue[side]);
    }
    free(w);
}

static void *bibfs_hash_worker_new(const struct pb_corpus *corpus,
                                   const void *shared)
{
    (void)shared;
    struct bibfs_hash_worker *w = calloc(1, sizeof(*w));
    if (!w)
        return NULL;
    bfs_tree_init(&w->queue[0], false);
    bfs_tree_init(&w->queue[1], false);
    if (hashset_u64_init(&w->seen[0], EIGHT_HASH_INITIAL) ||
        hashset_u64_init(&w->seen[1], EIGHT_HASH_INITIAL) ||
        eight_search_init(&w->search, corpus)) {
        bibfs_hash_worker_free(w);
        return NULL;
    }
    return w;
}

static int bibfs_hash_solve(void *worker, const void *instance, void *answer,
                            struct pb_work *work, struct pb_error *e)
{
    struct bibfs_hash_worker *w = worker;
    const struct eight_instance *in = instance;
    struct eight_answer *a = answer;
    struct bibfs_hash_ctx c = {w->seen, eight_search_board(&w->search, in)};
    uint64_t n_goals = eight_goal_states(in, w->search.goals);
    struct bfs_result found;
    int rc = bibfs_hashed(c, w->queue, eight_start_state(in->start),
                          w->search.goals, n_goals, in->cap, &found, work);
    a->moves = eight_moves_found(found);
    for (int side = 0; side < 2; side++)
        hashset_u64_clear_keys(&w->seen[side], w->queue[side].state,
                               w->queue[side].len);
    return rc ? pb_fail(e, rc, "out of memory for the BFS") : 0;
}

/* As bfs_hash, once per direction. */
static uint64_t bibfs_hash_memory(const struct pb_corpus *corpus, int threads)
{
    return pb_mul_sat(pb_mul_sat((uint64_t)threads, 2 * 64),
                      eight_corpus_index_size(corpus));
}

const struct pb_variant eight_variant_bibfs_hash = {
    .name = "bibfs_hash",
    .summary = "bidirectional BFS, visited = one open-addressing hash set "
               "per direction",
    .worker_new = bibfs_hash_worker_new,
    .solve = bibfs_hash_solve,
    .worker_free = bibfs_hash_worker_free,
    .memory_bound = bibfs_hash_memory,
};
