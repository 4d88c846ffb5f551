/*
 * bibfs.c - Magic Squares by bidirectional breadth-first search: forward
 * from the start with A, B, C, backward from the target with their
 * inverses, one whole level at a time, always growing the smaller
 * frontier. Visited sets are depth bytes over the Lehmer rank, one per
 * direction, reset after each query through the states it touched.
 *
 * Stopping rule (exact). Let f and b be the completed forward and
 * backward depths before a level is expanded, with no state seen from
 * both sides. Any path of length L <= f + b would have a state within f
 * of the start and within b of the target, so L > f + b. Once expanding
 * one more level (say forward, to f + 1) finds a state x seen from both
 * sides, L <= (f + 1) + db(x) <= f + 1 + b, so L = f + 1 + b, and every
 * meeting state M lies at forward depth f + 1 and backward depth b.
 *
 * Alphabetically first answer. All shortest sequences pass through M at
 * the same step. Prefixes of equal length compare before suffixes, and the
 * forward tree's path to each state is its alphabetically first shortest
 * path, listed in queue order; so the answer's prefix is the tree path to
 * the first state of M in forward queue order. The suffix is then built
 * greedily: from x with backward depth r, take the first move whose
 * successor has backward depth r - 1 (exact, since backward levels up to
 * b are complete).
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
    uint8_t *fwd_depth, *bwd_depth; /* per rank, UNSEEN if not reached */
    int depth_k;
    struct bfs_tree fwd, bwd; /* bwd uses states only */
};

static void *bibfs_worker_new(const struct pb_corpus *corpus,
                              const void *shared)
{
    (void)corpus;
    (void)shared;
    struct bibfs_worker *w = calloc(1, sizeof(*w));
    if (w) {
        bfs_tree_init(&w->fwd);
        bfs_tree_init(&w->bwd);
    }
    return w;
}

static void bibfs_worker_free(void *worker)
{
    struct bibfs_worker *w = worker;
    if (!w)
        return;
    free(w->fwd_depth);
    free(w->bwd_depth);
    bfs_tree_free(&w->fwd);
    bfs_tree_free(&w->bwd);
    free(w);
}

static int prepare(struct bibfs_worker *w, int k)
{
    if (w->depth_k == k)
        return 0;
    free(w->fwd_depth);
    free(w->bwd_depth);
    w->fwd_depth = malloc(magic_states(k));
    w->bwd_depth = malloc(magic_states(k));
    w->depth_k = 0;
    if (!w->fwd_depth || !w->bwd_depth)
        return -ENOMEM;
    memset(w->fwd_depth, UNSEEN, magic_states(k));
    memset(w->bwd_depth, UNSEEN, magic_states(k));
    w->depth_k = k;
    return 0;
}

/* Forgets this query's states so the next starts from an empty set. */
static void reset(struct bibfs_worker *w, int k)
{
    for (size_t i = 0; i < w->fwd.len; i++)
        w->fwd_depth[magic_rank(w->fwd.state[i], k)] = UNSEEN;
    for (size_t i = 0; i < w->bwd.len; i++)
        w->bwd_depth[magic_rank(w->bwd.state[i], k)] = UNSEEN;
    w->fwd.len = w->bwd.len = 0;
}

/* Expands forward level [*start, fwd.len) to depth `depth`. Returns the
 * tree index of the first state also seen backward, SIZE_MAX if none. */
static size_t expand_forward(struct bibfs_worker *w, int k, size_t *start,
                             unsigned depth, uint64_t *expanded, int *rc)
{
    size_t end = w->fwd.len;
    for (size_t i = *start; i < end; i++) {
        uint64_t s = w->fwd.state[i];
        ++*expanded;
        for (int m = 0; m < MAGIC_MOVES; m++) {
            uint64_t next = magic_apply(s, k, (enum magic_move)m);
            uint32_t r = magic_rank(next, k);
            if (w->fwd_depth[r] != UNSEEN)
                continue;
            w->fwd_depth[r] = (uint8_t)depth;
            if ((*rc = bfs_tree_push(&w->fwd, next, (uint32_t)i, (uint8_t)m)) !=
                0)
                return SIZE_MAX;
            if (w->bwd_depth[r] != UNSEEN)
                return w->fwd.len - 1;
        }
    }
    *start = end;
    return SIZE_MAX;
}

/* Expands the whole backward level [*start, bwd.len) to depth `depth`;
 * true when some new state was already seen forward. */
static bool expand_backward(struct bibfs_worker *w, int k, size_t *start,
                            unsigned depth, uint64_t *expanded, int *rc)
{
    bool met = false;
    size_t end = w->bwd.len;
    for (size_t i = *start; i < end; i++) {
        uint64_t s = w->bwd.state[i];
        ++*expanded;
        for (int m = 0; m < MAGIC_MOVES; m++) {
            uint64_t prev = magic_unapply(s, k, (enum magic_move)m);
            uint32_t r = magic_rank(prev, k);
            if (w->bwd_depth[r] != UNSEEN)
                continue;
            w->bwd_depth[r] = (uint8_t)depth;
            if ((*rc = bfs_tree_push(&w->bwd, prev, 0, 0)) != 0)
                return false;
            met |= w->fwd_depth[r] != UNSEEN;
        }
    }
    *start = end;
    return met;
}

/* Answer = tree path to fwd entry `meet`, then the greedy suffix. */
static int assemble(const struct bibfs_worker *w, int k, size_t meet,
                    struct magic_answer *a, struct pb_error *e)
{
    uint8_t codes[MAGIC_MAX_MOVES];
    int n = bfs_tree_path(&w->fwd, meet, codes, MAGIC_MAX_MOVES);
    if (n < 0)
        return pb_fail(e, -ERANGE, "bibfs: path over %d moves",
                       MAGIC_MAX_MOVES);
    uint64_t x = w->fwd.state[meet];
    for (unsigned r = w->bwd_depth[magic_rank(x, k)]; r > 0; r--) {
        int m = 0;
        uint64_t next = x;
        for (; m < MAGIC_MOVES; m++) {
            next = magic_apply(x, k, (enum magic_move)m);
            if (w->bwd_depth[magic_rank(next, k)] == r - 1)
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
    uint64_t start = magic_start(k), expanded = 0;
    int rc = bfs_tree_push(&w->fwd, start, BFS_ROOT, 0);
    if (rc == 0)
        rc = bfs_tree_push(&w->bwd, in->target, 0, 0);
    if (rc)
        goto out;
    w->fwd_depth[magic_rank(start, k)] = 0;
    w->bwd_depth[magic_rank(in->target, k)] = 0;
    size_t meet = start == in->target ? 0 : SIZE_MAX;
    size_t fwd_level = 0, bwd_level = 0; /* first entry of the frontier */
    unsigned f = 0, b = 0;
    while (meet == SIZE_MAX) {
        size_t fwd_size = w->fwd.len - fwd_level;
        size_t bwd_size = w->bwd.len - bwd_level;
        if (fwd_size == 0 || bwd_size == 0)
            break; /* one side's component is exhausted: unreachable */
        if (fwd_size <= bwd_size) {
            meet = expand_forward(w, k, &fwd_level, ++f, &expanded, &rc);
        } else if (expand_backward(w, k, &bwd_level, ++b, &expanded, &rc)) {
            for (size_t i = fwd_level; i < w->fwd.len; i++)
                if (w->bwd_depth[magic_rank(w->fwd.state[i], k)] == b) {
                    meet = i;
                    break;
                }
        }
        if (rc)
            goto out;
    }
    if (meet == SIZE_MAX)
        magic_answer_unreachable(answer);
    else
        rc = assemble(w, k, meet, answer, e);
out:
    work->count[PB_WORK_MAIN] += expanded;
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
