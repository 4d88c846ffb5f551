/*
 * astar.c - Cubic Eight-Puzzle by A* with a consistent heuristic, a bucket
 * queue over f = g + h (f <= cap, so at most cap + 1 buckets, each a
 * stack: the deepest entry of the lowest f goes first) and g kept per
 * code of the perfect index (one byte, reset through the touched list).
 *
 * Heuristic h = max(h_cubes, h_empty), raised to the parity of h_empty:
 *   h_cubes - cubes whose top colour differs from the pattern's colour of
 *             their cell (a cube on the pattern's E cell always differs).
 *             A roll moves one cube from cell q into the empty cell p: q
 *             leaves the count and p may join it, so h_cubes drops by at
 *             most 1 per roll;
 *   h_empty - Manhattan distance of the empty cell from the pattern's E
 *             cell; every roll moves the empty cell one step.
 * Both change by at most 1 per roll and are 0 on goals, so each is
 * consistent (hence admissible), and so is their maximum h. Parity: every
 * roll moves the empty cell to a square of the other chessboard colour,
 * so any path to a goal has the parity of h_empty; h is raised to the
 * next number of that parity. That stays consistent: if h(s) <= h(t) + 1
 * for a roll s -> t, the raised h(t) + 1 has the parity of h_empty(s) and
 * is >= h(s), so it is >= the raised h(s). The first goal taken from the
 * queue is optimal, and states with f > cap are never queued. h_cubes is one
 * XOR, mask, fold and popcount on the packed state. Time O(states with f <=
 * answer) (on far datasets, every state with g + h <= cap); memory one byte per
 * code + 8 bytes per queue entry. Reference: Hart, Nilsson, Raphael, IEEE
 * Trans. SSC 4(2), 1968; Dial, CACM 12(11), 1969 (bucket queue).
 */
#include <string.h>

#include "eight_variant.h"
#include "vec_u64.h"
#include "pb_limits.h"

#define G_UNSEEN 0xFF
#define G_SHIFT 56 /* queue entry: state | g << G_SHIFT */

struct astar_worker {
    struct eight_search search;
    uint8_t *g;
    uint64_t bytes;
    struct vec_u64 touched;
    struct vec_u64 bucket[EIGHT_MAX_CAP + 1];
};

struct astar_goal {
    struct eight_goal goal;
    uint64_t top_bits;                 /* bit 1 of every field */
    unsigned empty;                    /* the pattern's E cell */
    uint8_t distance[EIGHT_MAX_CELLS]; /* Manhattan distance to empty */
};

static inline unsigned astar_h(const struct astar_goal *t, uint64_t s)
{
    uint64_t differ = (s ^ t->goal.bits) & t->goal.mask;
    unsigned p = eight_empty(s);
    /* the empty cell shows E: it differs unless the pattern has E there,
     * and it holds no cube */
    unsigned cubes =
        (unsigned)__builtin_popcountll((differ | differ >> 1) & t->top_bits) -
        (p != t->empty);
    unsigned h = cubes > t->distance[p] ? cubes : t->distance[p];
    return h + ((h ^ t->distance[p]) & 1u);
}

static void astar_goal_init(struct astar_goal *t, const struct eight_board *b,
                            const struct eight_instance *in)
{
    t->goal = eight_goal_of(in);
    t->top_bits = t->goal.mask & (t->goal.mask >> 1);
    t->empty = eight_goal_empty(in);
    for (int c = 0; c < b->cells; c++)
        t->distance[c] = (uint8_t)(abs(c / b->cols - (int)t->empty / b->cols) +
                                   abs(c % b->cols - (int)t->empty % b->cols));
}

static int astar_search(struct astar_worker *w, const struct eight_board *b,
                        const struct eight_instance *in, int32_t *moves,
                        uint64_t *expanded)
{
    struct astar_goal t;
    astar_goal_init(&t, b, in);
    uint64_t start = eight_start_state(in->start);
    unsigned f = astar_h(&t, start);
    *moves = EIGHT_NO_ANSWER;
    if (f > in->cap)
        return 0;
    w->g[eight_index(b, start)] = 0;
    int rc = vec_u64_push(&w->touched, start);
    if (rc == 0)
        rc = vec_u64_push(&w->bucket[f], start);
    for (; rc == 0 && f <= in->cap; f++) {
        struct vec_u64 *bucket = &w->bucket[f];
        while (bucket->len) {
            uint64_t entry = bucket->v[--bucket->len];
            uint64_t s = entry & ~(UINT64_C(0xFF) << G_SHIFT);
            unsigned g = (unsigned)(entry >> G_SHIFT);
            if (w->g[eight_index(b, s)] != g)
                continue; /* reached again more cheaply since */
            if (eight_matches(t.goal, s)) {
                *moves = (int32_t)g;
                return 0;
            }
            ++*expanded;
            unsigned p = eight_empty(s);
            for (unsigned k = 0; k < b->degree[p]; k++) {
                uint64_t next = eight_move(s, p, b->next[p][k], b->axis[p][k]);
                uint64_t i = eight_index(b, next);
                if (w->g[i] <= g + 1)
                    continue;
                if (w->g[i] == G_UNSEEN &&
                    (rc = vec_u64_push(&w->touched, next)) != 0)
                    return rc;
                w->g[i] = (uint8_t)(g + 1);
                unsigned fn = g + 1 + astar_h(&t, next);
                if (fn <= in->cap &&
                    (rc = vec_u64_push(&w->bucket[fn], next | (uint64_t)(g + 1)
                                                                  << G_SHIFT)))
                    return rc;
            }
        }
    }
    return rc;
}

static void astar_worker_free(void *worker)
{
    struct astar_worker *w = worker;
    if (!w)
        return;
    eight_search_free(&w->search);
    free(w->g);
    vec_u64_free(&w->touched);
    for (int f = 0; f <= EIGHT_MAX_CAP; f++)
        vec_u64_free(&w->bucket[f]);
    free(w);
}

static void *astar_worker_new(const struct pb_corpus *corpus,
                              const void *shared)
{
    (void)shared;
    struct astar_worker *w = calloc(1, sizeof(*w));
    if (!w)
        return NULL;
    w->bytes = eight_corpus_index_size(corpus);
    w->g = malloc(w->bytes);
    if (!w->g || eight_search_init(&w->search, corpus)) {
        astar_worker_free(w);
        return NULL;
    }
    memset(w->g, G_UNSEEN, w->bytes);
    return w;
}

static int astar_solve(void *worker, const void *instance, void *answer,
                       struct pb_work *work, struct pb_error *e)
{
    struct astar_worker *w = worker;
    const struct eight_instance *in = instance;
    const struct eight_board *b = eight_search_board(&w->search, in);
    struct eight_answer *a = answer;
    int rc = astar_search(w, b, in, &a->moves, &work->count[PB_WORK_MAIN]);
    if (w->touched.len * 8 > w->bytes)
        memset(w->g, G_UNSEEN, w->bytes);
    else
        for (size_t i = 0; i < w->touched.len; i++)
            w->g[eight_index(b, w->touched.v[i])] = G_UNSEEN;
    w->touched.len = 0;
    for (int f = 0; f <= in->cap; f++)
        w->bucket[f].len = 0;
    return rc ? pb_fail(e, rc, "out of memory for the A* queue") : 0;
}

/* g bytes + touched list + at most 4 queue entries per expanded state. */
static uint64_t astar_memory(const struct pb_corpus *corpus, int threads)
{
    uint64_t codes = eight_corpus_index_size(corpus);
    return pb_mul_sat((uint64_t)threads,
                      pb_mul_sat(codes, 1 + 2 * 8 + 2 * 4 * 8));
}

const struct pb_variant eight_variant_astar = {
    .name = "astar",
    .summary = "A* with h = max(misplaced top colours, empty-cell distance) "
               "+ parity, bucket queue, g bytes over the perfect index",
    .worker_new = astar_worker_new,
    .solve = astar_solve,
    .worker_free = astar_worker_free,
    .memory_bound = astar_memory,
};
