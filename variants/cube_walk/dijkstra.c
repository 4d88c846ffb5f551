/*
 * dijkstra.c - cube_walk by Dijkstra's algorithm with a binary heap and
 * lazy deletion: a state is pushed each time its sum improves, and a
 * popped entry whose sum is no longer the state's is skipped (it still
 * counts as a pop). Every reachable state is settled once; time
 * O(E log E) with E <= 4 * states relaxations. Implicit graph
 * (walk_variant.h). Memory: 9 bytes per state plus the heap, 16 bytes
 * per live entry (at most one per relaxation; the worker keeps it between
 * instances). Searches every reachable state. Reference: Dijkstra, "A
 * note on two problems in connexion with graphs" (1959); Williams'
 * binary heap (1964).
 */
#include "walk_variant.h"

struct heap_entry {
    uint64_t dist, state;
};

struct dijkstra_worker {
    struct walk_arrays a;
    struct heap_entry *heap;
    size_t cap;
};

static void dijkstra_worker_free(void *worker)
{
    struct dijkstra_worker *w = worker;
    if (!w)
        return;
    walk_arrays_free(&w->a);
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
    if (walk_arrays_init(&w->a, walk_corpus_cells(corpus))) {
        dijkstra_worker_free(w);
        return NULL;
    }
    return w;
}

static inline int heap_push(struct dijkstra_worker *w, size_t *len,
                            uint64_t dist, uint64_t state)
{
    if (*len == w->cap) {
        size_t cap = w->cap ? 2 * w->cap : 1024;
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
    const struct walk_instance *in = instance;
    uint64_t *dist = w->a.dist;
    uint8_t *mark = w->a.mark;
    uint64_t pops = 0, relaxations = 0;
    uint32_t bottom[WALK_ORIENTATIONS];
    walk_bottoms(in, bottom);
    uint64_t start = walk_arrays_reset(&w->a, in);
    size_t len = 0;
    int rc = heap_push(w, &len, dist[start], start);
    while (rc == 0 && len) {
        struct heap_entry x = heap_pop(w->heap, &len);
        pops++;
        if (x.dist != dist[x.state])
            continue;
        uint32_t sq = (uint32_t)(x.state / WALK_CLASS);
        unsigned o = walk_orientation(in, x.state);
        for (unsigned d = 0; d < WALK_DIRS && rc == 0; d++) {
            uint32_t next;
            if (!walk_step(in, sq, d, &next) || !walk_open(in, next))
                continue;
            unsigned no = walk_roll[o][d];
            uint64_t t = walk_state(next, no), nd = x.dist + bottom[no];
            if (nd >= dist[t])
                continue;
            dist[t] = nd;
            mark[t] = (uint8_t)d;
            relaxations++;
            rc = heap_push(w, &len, nd, t);
        }
    }
    work->count[WALK_POPS] += pops;
    work->count[WALK_RELAXATIONS] += relaxations;
    if (rc)
        return pb_fail(e, rc, "out of memory for the heap");
    return walk_route(&w->a, in, answer, e);
}

static uint64_t dijkstra_memory(const struct pb_corpus *corpus, int threads)
{
    uint64_t cells = walk_corpus_cells(corpus);
    /* the heap: at most one entry per relaxation (4 per state), doubled
     * while it grows */
    uint64_t heap = pb_mul_sat(pb_mul_sat(cells, WALK_CLASS),
                               4 * 2 * sizeof(struct heap_entry));
    return pb_mul_sat((uint64_t)threads,
                      pb_add_sat(walk_arrays_bytes(cells), heap));
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
