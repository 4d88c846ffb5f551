/*
 * dijkstra.c - cube_walk by Dijkstra's algorithm with a binary heap and
 * lazy deletion: a state is pushed each time its sum improves, and a
 * popped entry whose sum is no longer the state's is skipped (it still
 * counts as a pop). A state is settled at most once; time
 * O(E log E) with E <= 4 * states relaxations. Implicit graph
 * (walk_grid.h). Memory: the grid (101 bytes per framed square) plus the
 * heap, 16 bytes per live entry (at most one per relaxation, so 4 per
 * state; the worker keeps it between instances).
 * Early exit: the search stops at the first settled state of the end
 * square. Its sum is the answer: states are settled in nondecreasing
 * order of sum and every roll costs at least 0, so any route to the end
 * not yet settled passes through a queued state whose sum is at least
 * this one's, and the end square's other states tie or exceed it. On a
 * board whose end is unreachable (the `sealed` family) the search is
 * full: it settles every reachable state, the measure of the
 * per-reachable-state figures. The grid is reset in proportion to the
 * squares expanded (walk_grid.h), so a near query costs what it searches.
 * Reference: Dijkstra, "A note on two problems in connexion with graphs"
 * (1959); Williams' binary heap (1964).
 */
#include "walk_grid.h"

struct heap_entry {
    uint64_t dist, state;
};

struct dijkstra_worker {
    struct walk_grid g;
    struct heap_entry *heap;
    size_t cap, most; /* most: 4 pushes a state, and the start's */
};

static void dijkstra_worker_free(void *worker)
{
    struct dijkstra_worker *w = worker;
    if (!w)
        return;
    walk_grid_free(&w->g);
    free(w->heap);
    free(w);
}

static void *dijkstra_worker_new(const struct pb_corpus *corpus,
                                 const void *shared)
{
    (void)shared;
    struct dijkstra_worker *w = calloc(1, sizeof(*w));
    if (!w)
        return NULL;
    if (walk_grid_init(&w->g, corpus)) {
        dijkstra_worker_free(w);
        return NULL;
    }
    w->most = w->g.room * WALK_CLASS * WALK_DIRS + 1;
    return w;
}

static inline int heap_push(struct dijkstra_worker *w, size_t *len,
                            uint64_t dist, uint64_t state)
{
    if (*len == w->cap) {
        size_t cap = w->cap ? 2 * w->cap : 1024;
        if (cap > w->most)
            cap = w->most;
        if (cap <= *len)
            return -EOVERFLOW; /* cannot happen: see dijkstra_memory */
        struct heap_entry *v = realloc(w->heap, cap * sizeof(*v));
        if (!v)
            return -ENOMEM;
        w->heap = v;
        w->cap = cap;
    }
    struct heap_entry *h = w->heap;
    size_t i = (*len)++;
    while (i > 0 && h[(i - 1) / 2].dist > dist) {
        h[i] = h[(i - 1) / 2];
        i = (i - 1) / 2;
    }
    h[i] = (struct heap_entry){dist, state};
    return 0;
}

static inline struct heap_entry heap_pop(struct heap_entry *h, size_t *len)
{
    struct heap_entry top = h[0], x = h[--*len];
    size_t n = *len, i = 0;
    for (;;) {
        size_t l = 2 * i + 1;
        if (l >= n)
            break;
        size_t m = l + 1 < n && h[l + 1].dist < h[l].dist ? l + 1 : l;
        if (h[m].dist >= x.dist)
            break;
        h[i] = h[m];
        i = m;
    }
    if (n)
        h[i] = x;
    return top;
}

static int dijkstra_solve(void *worker, const void *instance, void *answer,
                          struct pb_work *work, struct pb_error *e)
{
    struct dijkstra_worker *w = worker;
    struct walk_grid *g = &w->g;
    uint64_t start = walk_grid_reset(g, instance);
    uint64_t *dist = g->dist;
    uint64_t pops = 0, relaxations = 0, settled = 0;
    size_t len = 0;
    int rc = heap_push(w, &len, dist[start], start);
    while (rc == 0 && len) {
        struct heap_entry x = heap_pop(w->heap, &len);
        pops++;
        if (x.dist != dist[x.state])
            continue;
        settled++;
        if (walk_grid_at_end(g, x.state))
            break;
        uint64_t t[WALK_DIRS], nd[WALK_DIRS];
        unsigned k = walk_grid_relax(g, x.state, x.dist, t, nd);
        relaxations += k;
        for (unsigned i = 0; i < k && rc == 0; i++)
            rc = heap_push(w, &len, nd[i], t[i]);
    }
    work->count[WALK_POPS] += pops;
    work->count[WALK_RELAXATIONS] += relaxations;
    work->count[WALK_SETTLED] += settled;
    work->count[WALK_TOUCHED] += walk_grid_touched(g);
    if (rc)
        return pb_fail(e, rc, "out of memory for the heap");
    return walk_grid_route(g, answer, e);
}

static uint64_t dijkstra_memory(const struct pb_corpus *corpus, int threads)
{
    /* the heap: one entry per push, at most one per relaxation, and a
     * state is relaxed at most once per settled neighbour (4); its
     * doubling stops there (heap_push) */
    uint64_t states = pb_mul_sat(walk_corpus_squares(corpus), WALK_CLASS);
    uint64_t heap = pb_mul_sat(pb_add_sat(pb_mul_sat(states, WALK_DIRS), 1),
                               sizeof(struct heap_entry));
    return pb_mul_sat((uint64_t)threads,
                      pb_add_sat(walk_grid_bytes(corpus), heap));
}

const struct pb_variant walk_variant_dijkstra = {
    .name = "dijkstra",
    .summary = "Dijkstra, binary heap with lazy deletion, over (square, "
               "orientation)",
    .worker_new = dijkstra_worker_new,
    .solve = dijkstra_solve,
    .worker_free = dijkstra_worker_free,
    .memory_bound = dijkstra_memory,
};
