/*
 * bfs_hash.c - Magic Squares by one breadth-first search per query from
 * the start, moves tried A, B, C, visited set = a general-purpose library
 * hash table keyed by the packed permutation: uthash (Debian uthash-dev,
 * https://troydhanson.github.io/uthash/), the well-kept C hash table the
 * seed's approach corresponds to (a node-based set). Chained buckets,
 * Jenkins hash over the key bytes, one 64-byte node per state (taken from
 * a pooled free list, so malloc is not what is measured). bfs_openhash is
 * the same search over a tuned open-addressing set, bfs_array over a rank
 * bitmap: the three make the visited-set comparison.
 * First-discovery parents make the tree path the alphabetically first
 * shortest sequence (docs/problems.md, section 3).
 * O(S * 3) expected time for the S states within the target's depth;
 * memory ~64 bytes (node) + 8 (bucket) + 13 (tree) per state.
 */
#include <stdlib.h>

#include "bfs_tree.h"
#include "magic_variant.h"

/* Out of memory inside uthash is recorded, not fatal: the solve fails. */
#define HASH_NONFATAL_OOM 1
#define uthash_nonfatal_oom(node) (w->out_of_memory = true)
#include <uthash.h>

struct seen_node {
    uint64_t key;
    UT_hash_handle hh;
};

enum { POOL_BLOCK = 1 << 16 }; /* nodes per pool block */

struct bfs_hash_worker {
    struct seen_node *seen;    /* uthash head */
    struct seen_node **blocks; /* node pool, reused across queries */
    size_t blocks_len, used;   /* blocks allocated; nodes handed out */
    bool out_of_memory;
    struct bfs_tree tree;
    uint64_t target;
    int k;
};

static struct seen_node *node_alloc(struct bfs_hash_worker *w)
{
    size_t block = w->used / POOL_BLOCK;
    if (block == w->blocks_len) {
        struct seen_node **blocks =
            realloc(w->blocks, (block + 1) * sizeof(*blocks));
        if (!blocks)
            return NULL;
        w->blocks = blocks;
        blocks[block] = malloc(POOL_BLOCK * sizeof(**blocks));
        if (!blocks[block])
            return NULL;
        w->blocks_len++;
    }
    return &w->blocks[block][w->used++ % POOL_BLOCK];
}

/* 1 if s was new (now added), 0 if seen, -ENOMEM. */
static inline int seen_mark(struct bfs_hash_worker *w, uint64_t s)
{
    struct seen_node *node;
    HASH_FIND(hh, w->seen, &s, sizeof(s), node);
    if (node)
        return 0;
    node = node_alloc(w);
    if (!node)
        return -ENOMEM;
    node->key = s;
    HASH_ADD(hh, w->seen, key, sizeof(node->key), node);
    return w->out_of_memory ? -ENOMEM : 1;
}

#define BFS_FN bfs_hash_search
#define BFS_CTX struct bfs_hash_worker *
#define BFS_MAX_DEGREE(w) MAGIC_MOVES
#define BFS_DEGREE(w, s) MAGIC_MOVES
#define BFS_NEXT(w, s, m) magic_apply((s), (w)->k, (enum magic_move)(m))
#define BFS_MARK(w, s) seen_mark((w), (s))
#define BFS_GOAL(w, s) ((s) == (w)->target)
#define BFS_PATHS 1
#include "bfs_body.h"
#include "pb_limits.h"

static void *bfs_hash_worker_new(const struct pb_corpus *corpus,
                                 const void *shared)
{
    (void)corpus;
    (void)shared;
    struct bfs_hash_worker *w = calloc(1, sizeof(*w));
    if (w)
        bfs_tree_init(&w->tree, true);
    return w;
}

/* Empties the set; the pool's nodes are reused by the next query. */
static void seen_clear(struct bfs_hash_worker *w)
{
    HASH_CLEAR(hh, w->seen);
    w->used = 0;
    w->out_of_memory = false;
}

static void bfs_hash_worker_free(void *worker)
{
    struct bfs_hash_worker *w = worker;
    if (!w)
        return;
    seen_clear(w);
    for (size_t i = 0; i < w->blocks_len; i++)
        free(w->blocks[i]);
    free(w->blocks);
    bfs_tree_free(&w->tree);
    free(w);
}

static int bfs_hash_solve(void *worker, const void *instance, void *answer,
                          struct pb_work *work, struct pb_error *e)
{
    struct bfs_hash_worker *w = worker;
    const struct magic_instance *in = instance;
    w->k = in->k;
    w->target = in->target;
    struct bfs_result found;
    int rc = bfs_hash_search(w, &w->tree, magic_start(in->k), UINT32_MAX,
                             &found, work);
    seen_clear(w);
    if (rc)
        return pb_fail(e, rc, "bfs_hash: out of memory");
    return magic_answer_from_tree(&w->tree, found.entry, answer, e);
}

/* node 64 + bucket 16 + tree 13 bytes per state, per thread */
static uint64_t bfs_hash_memory_bound(const struct pb_corpus *corpus,
                                      int threads)
{
    return pb_mul_sat(pb_mul_sat((uint64_t)threads, 93),
                      magic_corpus_states(corpus));
}

const struct pb_variant magic_variant_bfs_hash = {
    .name = "bfs_hash",
    .summary = "per-query BFS, visited = uthash library hash table "
               "(the seed's approach)",
    .worker_new = bfs_hash_worker_new,
    .solve = bfs_hash_solve,
    .worker_free = bfs_hash_worker_free,
    .memory_bound = bfs_hash_memory_bound,
};
