/*
 * dial.c - cube_walk by Dial's algorithm: Dijkstra with a bucket queue,
 * exploiting integer costs no larger than W (the largest face value).
 * Every tentative sum lies within W of the sum being settled, so W + 1
 * buckets used circularly hold the queue: bucket k % (W + 1) holds the
 * states with tentative sum k, as a stack of state numbers (LIFO within
 * a bucket: the order among equal sums does not matter). A state is
 * pushed each time its sum improves; a popped entry whose state's sum is
 * no longer the bucket's is stale and skipped (it still counts as a
 * pop). Time O(states + relaxations + D), D the largest sum (the buckets
 * scanned), against Dijkstra's O(E log E); memory the grid's 101 bytes per
 * framed square (walk_grid.h) plus 8 bytes per queued entry, kept between
 * instances, and (W + 1) bucket headers.
 * Early exit: the search stops at the first settled state of the end
 * square. Its sum is the answer: states are settled in nondecreasing
 * order of sum and every roll costs at least 0, so any route to the end
 * not yet settled passes through a queued state whose sum is at least
 * this one's, and the end square's other states tie or exceed it. On a
 * board whose end is unreachable (the `sealed` family) the search is
 * full: it settles every reachable state, the measure of the
 * per-reachable-state figures. The grid is reset in proportion to the
 * squares expanded (walk_grid.h), so a near query costs what it searches.
 * Reference: R. B. Dial, "Algorithm 360: shortest-path forest with
 * topological ordering", CACM 12(11), 1969.
 */
#include "walk_buckets.h"

struct dial_worker {
    struct walk_grid g;
    struct walk_bucket *bucket;
    uint32_t buckets; /* room for */
};

static void dial_worker_free(void *worker)
{
    struct dial_worker *w = worker;
    if (!w)
        return;
    walk_grid_free(&w->g);
    walk_buckets_free(w->bucket, w->buckets);
    free(w);
}

static void *dial_worker_new(const struct pb_corpus *corpus, const void *shared)
{
    (void)shared;
    struct dial_worker *w = calloc(1, sizeof(*w));
    if (!w)
        return NULL;
    w->buckets = walk_corpus_max_face(corpus) + 1;
    w->bucket = walk_buckets_new(w->buckets);
    if (walk_grid_init(&w->g, corpus) || !w->bucket) {
        dial_worker_free(w);
        return NULL;
    }
    return w;
}

static int dial_solve(void *worker, const void *instance, void *answer,
                      struct pb_work *work, struct pb_error *e)
{
    struct dial_worker *w = worker;
    struct walk_grid *g = &w->g;
    uint64_t start = walk_grid_reset(g, instance);
    uint64_t *dist = g->dist;
    const uint32_t n = walk_max_face(instance) + 1;
    struct walk_bucket *bucket = w->bucket;
    uint64_t pops = 0, relaxations = 0, settled = 0, live = 1;
    uint64_t cur = dist[start];
    bool done = false;
    int rc = 0;
    for (uint32_t b = 0; b < n; b++)
        bucket[b].len = 0;
    /* n >= 1: the largest face value plus one */
    /* NOLINTNEXTLINE(clang-analyzer-core.DivideZero) */
    struct walk_bucket *first = &bucket[cur % n];
    if (walk_bucket_push(first, start))
        return pb_fail(e, -ENOMEM, "out of memory for Dial's buckets");
    uint32_t at = (uint32_t)(cur % n);
    while (live && rc == 0 && !done) {
        struct walk_bucket *b = &bucket[at];
        while (b->len && rc == 0) {
            uint64_t s = b->entry[--b->len];
            live--;
            pops++;
            if (dist[s] != cur)
                continue;
            settled++;
            if (walk_grid_at_end(g, s)) {
                done = true;
                break;
            }
            uint64_t t[WALK_DIRS], nd[WALK_DIRS];
            unsigned k = walk_grid_relax(g, s, cur, t, nd);
            relaxations += k;
            for (unsigned i = 0; i < k; i++) {
                struct walk_bucket *to = &bucket[nd[i] % n];
                if ((rc = walk_bucket_push(to, t[i])) != 0)
                    break;
                live++;
            }
        }
        cur++;
        at = at + 1 == n ? 0 : at + 1;
    }
    work->count[WALK_POPS] += pops;
    work->count[WALK_RELAXATIONS] += relaxations;
    work->count[WALK_SETTLED] += settled;
    work->count[WALK_TOUCHED] += walk_grid_touched(g);
    if (rc)
        return pb_fail(e, rc, "out of memory for Dial's buckets");
    return walk_grid_route(g, answer, e);
}

static uint64_t dial_memory(const struct pb_corpus *corpus, int threads)
{
    uint64_t one =
        pb_add_sat(walk_grid_bytes(corpus), walk_buckets_bytes(corpus));
    return pb_mul_sat((uint64_t)threads, one);
}

const struct pb_variant walk_variant_dial = {
    .name = "dial",
    .summary = "Dial's bucket queue: W + 1 circular buckets of integer sums, "
               "over (square, orientation)",
    .worker_new = dial_worker_new,
    .solve = dial_solve,
    .worker_free = dial_worker_free,
    .memory_bound = dial_memory,
};
