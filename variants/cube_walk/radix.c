/*
 * radix.c - cube_walk by Dijkstra with a radix heap, a monotone integer
 * priority queue: the keys popped never decrease, so an entry is filed
 * by the highest bit in which its key differs from the last key popped
 * (bucket 0: equal to it; bucket b: highest differing bit b - 1). A pop
 * from an empty bucket 0 takes the lowest non-empty bucket, makes its
 * smallest key the last key popped and refiles its entries, each into a
 * lower bucket; an entry moves down at most 64 times. A state is pushed
 * each time its sum improves; a popped entry whose sum is no longer the
 * state's is stale and skipped (it still counts as a pop).
 *
 * Against Dial (dial.c): no bucket per possible sum, so neither the W + 1
 * bucket headers nor the scan over the empty sums between two settled
 * ones; it pays instead a refiling per bit. It wins where the face values
 * are large (W of 10^5..10^6, the extended format's `max W`): Dial then
 * scans about one bucket per unit of the largest sum, most of them empty
 * (docs/results/cube_walk.md). Time O(relaxations * log C), C the largest cost;
 * memory the grid (walk_grid.h) plus 16 bytes per queued entry, kept
 * between instances.
 * Early exit: the search stops at the first settled state of the end
 * square. Its sum is the answer: states are settled in nondecreasing
 * order of sum and every roll costs at least 0, so any route to the end
 * not yet settled passes through a queued state whose sum is at least
 * this one's, and the end square's other states tie or exceed it. On a
 * board whose end is unreachable (the `sealed` family) the search is
 * full: it settles every reachable state, the measure of the
 * per-reachable-state figures. The grid is reset in proportion to the
 * squares expanded (walk_grid.h), so a near query costs what it searches.
 * Reference: Ahuja,
 * Mehlhorn, Orlin and Tarjan, "Faster algorithms for the shortest path
 * problem", JACM 37(2), 1990.
 */
#include "walk_grid.h"

#define RADIX_BUCKETS 65

struct radix_entry {
    uint64_t key, state;
};

struct radix_bucket {
    struct radix_entry *entry;
    size_t len, cap;
};

struct radix_worker {
    struct walk_grid g;
    struct radix_bucket bucket[RADIX_BUCKETS];
};

static void radix_worker_free(void *worker)
{
    struct radix_worker *w = worker;
    if (!w)
        return;
    walk_grid_free(&w->g);
    for (int b = 0; b < RADIX_BUCKETS; b++)
        free(w->bucket[b].entry);
    free(w);
}

static void *radix_worker_new(const struct pb_corpus *corpus,
                              const void *shared)
{
    (void)shared;
    struct radix_worker *w = calloc(1, sizeof(*w));
    if (!w)
        return NULL;
    if (walk_grid_init(&w->g, corpus)) {
        radix_worker_free(w);
        return NULL;
    }
    return w;
}

static inline unsigned radix_index(uint64_t key, uint64_t last)
{
    return key == last ? 0 : 64u - (unsigned)__builtin_clzll(key ^ last);
}

static inline int radix_push(struct radix_bucket *b, uint64_t key,
                             uint64_t state)
{
    if (b->len == b->cap) {
        size_t cap = b->cap ? 2 * b->cap : 256;
        struct radix_entry *v = realloc(b->entry, cap * sizeof(*v));
        if (!v)
            return -ENOMEM;
        b->entry = v;
        b->cap = cap;
    }
    b->entry[b->len++] = (struct radix_entry){key, state};
    return 0;
}

/* Refills bucket 0 from the lowest non-empty bucket; false when the heap
 * is empty. */
static bool radix_refill(struct radix_worker *w, uint64_t *last, int *rc)
{
    unsigned i = 1;
    while (i < RADIX_BUCKETS && w->bucket[i].len == 0)
        i++;
    if (i == RADIX_BUCKETS)
        return false;
    struct radix_bucket *from = &w->bucket[i];
    uint64_t least = UINT64_MAX;
    for (size_t k = 0; k < from->len; k++)
        if (from->entry[k].key < least)
            least = from->entry[k].key;
    *last = least;
    size_t n = from->len;
    from->len = 0;
    for (size_t k = 0; k < n && *rc == 0; k++) {
        struct radix_entry x = from->entry[k];
        *rc = radix_push(&w->bucket[radix_index(x.key, least)], x.key, x.state);
    }
    return true;
}

static int radix_solve(void *worker, const void *instance, void *answer,
                       struct pb_work *work, struct pb_error *e)
{
    struct radix_worker *w = worker;
    struct walk_grid *g = &w->g;
    uint64_t start = walk_grid_reset(g, instance);
    uint64_t *dist = g->dist;
    uint64_t pops = 0, relaxations = 0, settled = 0, last = dist[start];
    for (int b = 0; b < RADIX_BUCKETS; b++)
        w->bucket[b].len = 0;
    int rc = radix_push(&w->bucket[0], last, start);
    struct radix_bucket *zero = &w->bucket[0];
    while (rc == 0 && (zero->len || radix_refill(w, &last, &rc))) {
        if (rc)
            break;
        struct radix_entry x = zero->entry[--zero->len];
        pops++;
        if (x.key != dist[x.state])
            continue;
        settled++;
        if (walk_grid_at_end(g, x.state))
            break;
        uint64_t t[WALK_DIRS], nd[WALK_DIRS];
        unsigned k = walk_grid_relax(g, x.state, x.key, t, nd);
        relaxations += k;
        for (unsigned i = 0; i < k && rc == 0; i++)
            rc = radix_push(&w->bucket[radix_index(nd[i], last)], nd[i], t[i]);
    }
    work->count[WALK_POPS] += pops;
    work->count[WALK_RELAXATIONS] += relaxations;
    work->count[WALK_SETTLED] += settled;
    work->count[WALK_TOUCHED] += walk_grid_touched(g);
    if (rc)
        return pb_fail(e, rc, "out of memory for the radix heap");
    return walk_grid_route(g, answer, e);
}

static uint64_t radix_memory(const struct pb_corpus *corpus, int threads)
{
    /* entries: at most one per relaxation (4 per state) alive over the
     * buckets' capacities, doubled while they grow */
    uint64_t states = pb_mul_sat(walk_corpus_squares(corpus), WALK_CLASS);
    uint64_t entries = pb_mul_sat(states, 4 * 2 * sizeof(struct radix_entry));
    uint64_t one =
        pb_add_sat(walk_grid_bytes(corpus),
                   pb_add_sat(entries, sizeof(struct radix_worker) +
                                           RADIX_BUCKETS * 256 *
                                               sizeof(struct radix_entry)));
    return pb_mul_sat((uint64_t)threads, one);
}

const struct pb_variant walk_variant_radix = {
    .name = "radix",
    .summary = "Dijkstra with a radix heap (65 buckets by the highest bit "
               "that differs from the last sum), over (square, orientation)",
    .worker_new = radix_worker_new,
    .solve = radix_solve,
    .worker_free = radix_worker_free,
    .memory_bound = radix_memory,
};
