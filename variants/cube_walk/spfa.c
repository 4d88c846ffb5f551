/*
 * spfa.c - cube_walk by SPFA (Bellman-Ford with a FIFO queue and an
 * in-queue flag per state; the seed's approach): a state is queued when
 * its sum improves and it is not already queued. Label-correcting, so a
 * state may be popped many times; time O(states * edges) in the worst
 * case, about linear on benign faces. Implicit graph (walk_grid.h): four
 * rolls per state, no adjacency lists. Memory: the grid (101 bytes per
 * framed square) plus a circular queue of 8 bytes per state (a state is
 * queued at most once at a time). Searches every reachable state (no
 * label is final before the queue empties, so no early exit); settled
 * and touched count the states of the squares it expanded, 12 a square
 * (walk_grid_touched: exact where every orientation of a reached square
 * is reached, as on open boards of 2 x 2 and more), however often each
 * state was expanded.
 * Reference: Moore, "The shortest path through a maze" (1959); Duan
 * Fanding (1994).
 */
#include "walk_grid.h"

struct spfa_worker {
    struct walk_grid g;
    uint64_t *queue; /* circular, one entry per state */
};

static void spfa_worker_free(void *worker)
{
    struct spfa_worker *w = worker;
    if (!w)
        return;
    walk_grid_free(&w->g);
    free(w->queue);
    free(w);
}

static void *spfa_worker_new(const struct pb_corpus *corpus, const void *shared)
{
    (void)shared;
    struct spfa_worker *w = calloc(1, sizeof(*w));
    if (!w)
        return NULL;
    w->queue =
        malloc(walk_corpus_squares(corpus) * WALK_CLASS * sizeof(*w->queue));
    if (walk_grid_init(&w->g, corpus) || !w->queue) {
        spfa_worker_free(w);
        return NULL;
    }
    return w;
}

static int spfa_solve(void *worker, const void *instance, void *answer,
                      struct pb_work *work, struct pb_error *e)
{
    struct spfa_worker *w = worker;
    struct walk_grid *g = &w->g;
    uint64_t start = walk_grid_reset(g, instance);
    uint64_t *dist = g->dist, *queue = w->queue;
    uint8_t *mark = g->mark;
    uint64_t cap = g->states, head = 0, len = 1;
    uint64_t pops = 0, relaxations = 0;
    queue[0] = start;
    mark[start] |= WALK_IN_QUEUE;
    while (len) {
        uint64_t s = queue[head];
        head = head + 1 == cap ? 0 : head + 1;
        len--;
        pops++;
        mark[s] &= (uint8_t)~WALK_IN_QUEUE;
        uint64_t t[WALK_DIRS], nd[WALK_DIRS];
        unsigned k = walk_grid_relax(g, s, dist[s], t, nd);
        relaxations += k;
        for (unsigned i = 0; i < k; i++) {
            if (mark[t[i]] & WALK_IN_QUEUE)
                continue;
            mark[t[i]] |= WALK_IN_QUEUE;
            uint64_t tail = head + len;
            queue[tail >= cap ? tail - cap : tail] = t[i];
            len++;
        }
    }
    work->count[WALK_POPS] += pops;
    work->count[WALK_RELAXATIONS] += relaxations;
    work->count[WALK_SETTLED] += walk_grid_touched(g);
    work->count[WALK_TOUCHED] += walk_grid_touched(g);
    return walk_grid_route(g, answer, e);
}

static uint64_t spfa_memory(const struct pb_corpus *corpus, int threads)
{
    uint64_t queue =
        pb_mul_sat(walk_corpus_squares(corpus), WALK_CLASS * sizeof(uint64_t));
    uint64_t one = pb_add_sat(walk_grid_bytes(corpus), queue);
    return pb_mul_sat((uint64_t)threads, one);
}

const struct pb_variant walk_variant_spfa = {
    .name = "spfa",
    .summary = "SPFA: FIFO label-correcting queue with in-queue flags over "
               "(square, orientation)",
    .worker_new = spfa_worker_new,
    .solve = spfa_solve,
    .worker_free = spfa_worker_free,
    .memory_bound = spfa_memory,
};
