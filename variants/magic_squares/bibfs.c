/*
 * bibfs.c - Magic Squares by bidirectional breadth-first search: forward
 * from the start with A, B, C, backward from the target with their
 * inverses, one whole level at a time, always growing the smaller
 * frontier. Visited sets are depth bytes over the Lehmer rank, one per
 * direction, reset after each query through the states it touched.
 *
 * The search is the common skeleton (variants/common/bibfs_body.h: the
 * stopping rule and its proof), asked for the meeting state that comes
 * first in forward queue order.
 *
 * Alphabetically first answer. All shortest sequences pass through the
 * meeting states M at the same step. Prefixes of equal length compare
 * before suffixes, and the forward tree's path to each state is its
 * alphabetically first shortest path, listed in queue order; so the
 * answer's prefix is the tree path to the first state of M in forward
 * queue order. The suffix is then built greedily: from x with backward
 * depth r, take the first move whose successor has backward depth r - 1
 * (exact, since the backward levels up to x's are complete).
 * Time O(S_f + S_b) states for the two balls of radius ~L/2; memory
 * 2 * (2K)! bytes + 13 bytes per reached state.
 * Reference: Pohl, "Bi-directional search", Machine Intelligence 6, 1971.
 */
#include <stdlib.h>

#include "bfs_tree.h"
#include "magic_variant.h"
#include "pb_limits.h"

enum { UNSEEN = 0xFF };

struct bibfs_worker {
    uint8_t *depth[2]; /* per rank and side, UNSEEN if not reached */
    int depth_k;
    struct bfs_tree tree[2]; /* forward, backward */
};

/* Passed by value to the skeleton, so its fields stay in registers. */
struct bibfs_ctx {
    uint8_t *depth[2];
    int k;
};

/* The skeleton's mark: 0 seen from this side, 1 new, 2 new and seen
 * from the other side. */
static inline int depth_mark(struct bibfs_ctx c, int side, uint64_t s,
                             unsigned depth)
{
    uint32_t r = magic_rank(s, c.k);
    if (c.depth[side][r] != UNSEEN)
        return 0;
    c.depth[side][r] = (uint8_t)depth;
    return c.depth[!side][r] != UNSEEN ? 2 : 1;
}

#define BIBFS_FN bibfs_search
#define BIBFS_CTX struct bibfs_ctx
#define BIBFS_MAX_DEGREE(c) MAGIC_MOVES
#define BIBFS_DEGREE(c, side, s) MAGIC_MOVES
#define BIBFS_NEXT(c, side, s, m)                                              \
    ((side) ? magic_unapply((s), (c).k, (enum magic_move)(m))                  \
            : magic_apply((s), (c).k, (enum magic_move)(m)))
#define BIBFS_MARK(c, side, s, depth) depth_mark((c), (side), (s), (depth))
#define BIBFS_SEEN(c, side, s)                                                 \
    ((c).depth[side][magic_rank((s), (c).k)] != UNSEEN)
#define BIBFS_PATHS 1
#define BIBFS_FIRST_FORWARD 1
#include "bibfs_body.h"

static void *bibfs_worker_new(const struct pb_corpus *corpus,
                              const void *shared)
{
    (void)corpus;
    (void)shared;
    struct bibfs_worker *w = calloc(1, sizeof(*w));
    if (w) {
        bfs_tree_init(&w->tree[0], true);
        bfs_tree_init(&w->tree[1], true);
    }
    return w;
}

static void bibfs_worker_free(void *worker)
{
    struct bibfs_worker *w = worker;
    if (!w)
        return;
    for (int side = 0; side < 2; side++) {
        free(w->depth[side]);
        bfs_tree_free(&w->tree[side]);
    }
    free(w);
}

static int prepare(struct bibfs_worker *w, int k)
{
    if (w->depth_k == k)
        return 0;
    w->depth_k = 0;
    for (int side = 0; side < 2; side++) {
        free(w->depth[side]);
        w->depth[side] = malloc(magic_states(k));
    }
    if (!w->depth[0] || !w->depth[1])
        return -ENOMEM;
    for (int side = 0; side < 2; side++)
        memset(w->depth[side], UNSEEN, magic_states(k));
    w->depth_k = k;
    return 0;
}

/* Forgets this query's states so the next starts from an empty set. */
static void reset(struct bibfs_worker *w, int k)
{
    for (int side = 0; side < 2; side++) {
        for (size_t i = 0; i < w->tree[side].len; i++)
            w->depth[side][magic_rank(w->tree[side].state[i], k)] = UNSEEN;
        w->tree[side].len = 0;
    }
}

/* Answer = tree path to fwd entry `meet`, then the greedy suffix. */
static int assemble(const struct bibfs_worker *w, int k, size_t meet,
                    struct magic_answer *a, struct pb_error *e)
{
    uint8_t codes[MAGIC_MAX_MOVES];
    int n = bfs_tree_path(&w->tree[0], meet, codes, MAGIC_MAX_MOVES);
    if (n < 0)
        return pb_fail(e, -ERANGE, "bibfs: path over %d moves",
                       MAGIC_MAX_MOVES);
    const uint8_t *bwd_depth = w->depth[1];
    uint64_t x = w->tree[0].state[meet];
    for (unsigned r = bwd_depth[magic_rank(x, k)]; r > 0; r--) {
        int m = 0;
        uint64_t next = x;
        for (; m < MAGIC_MOVES; m++) {
            next = magic_apply(x, k, (enum magic_move)m);
            if (bwd_depth[magic_rank(next, k)] == r - 1)
                break;
        }
        if (m == MAGIC_MOVES || n == MAGIC_MAX_MOVES)
            return pb_fail(e, -EFAULT, "bibfs: broken backward layers");
        codes[n++] = (uint8_t)m;
        x = next;
    }
    return magic_answer_set(a, codes, n, e);
}

static int bibfs_solve(void *worker, const void *instance, void *answer,
                       struct pb_work *work, struct pb_error *e)
{
    struct bibfs_worker *w = worker;
    const struct magic_instance *in = instance;
    int k = in->k;
    if (prepare(w, k))
        return pb_fail(e, -ENOMEM, "bibfs: out of memory");
    struct bibfs_ctx c = {{w->depth[0], w->depth[1]}, k};
    struct bfs_result found;
    int rc = bibfs_search(c, w->tree, magic_start(k), &in->target, 1,
                          UINT32_MAX, &found, work);
    if (rc == 0 && found.entry == BFS_NONE)
        magic_answer_unreachable(answer);
    else if (rc == 0)
        rc = assemble(w, k, found.entry, answer, e);
    reset(w, k);
    if (rc == -ENOMEM)
        return pb_fail(e, rc, "bibfs: out of memory");
    return rc;
}

/* two depth bytes + two 13-byte tree entries per state, per thread */
static uint64_t bibfs_memory_bound(const struct pb_corpus *corpus, int threads)
{
    return pb_mul_sat(pb_mul_sat((uint64_t)threads, 28),
                      magic_corpus_states(corpus));
}

const struct pb_variant magic_variant_bibfs = {
    .name = "bibfs",
    .summary = "bidirectional BFS (inverse moves backward), exact stop, "
               "alphabetically first answer",
    .worker_new = bibfs_worker_new,
    .solve = bibfs_solve,
    .worker_free = bibfs_worker_free,
    .memory_bound = bibfs_memory_bound,
};
