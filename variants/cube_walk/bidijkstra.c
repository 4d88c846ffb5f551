/*
 * bidijkstra.c - cube_walk by bidirectional Dijkstra: a forward search
 * from the start and a backward one from the end square, each with
 * Dial's bucket queue (dial.c), meeting in the middle.
 *
 * Labels. Forward, f(s) is the least sum of a route from the start to
 * state s counting every bottom on it, s's and the start's included (as
 * in dial.c: the start's label is its bottom, a roll into t adds t's
 * bottom). Backward, b(s) is the least sum of a route from s to any of
 * the end square's 12 states not counting s's own bottom, so b = 0 on
 * every end state and a route through s costs f(s) + b(s). The backward
 * search runs over reversed rolls: the predecessors of t are the states
 * s on t's neighbouring squares that roll onto t (s's orientation is
 * t's rolled back, walk_roll[o][d ^ 1], as in walk_grid_parent), and
 * the edge s -> t costs t's bottom, the same for all four: so b(s) =
 * b(t) + bottom(t). Each side has its own grid (walk_grid.h: distance,
 * parent direction, expanded list, reset in proportion to the squares
 * expanded), both laid out on the same instance so a state's number and
 * orientation agree; a backward parent is the direction of the roll
 * from s to its next hop.
 *
 * Meeting. mu is the least f(s) + b(s) over the states labelled on both
 * sides, updated whenever a label falls on a state the other side has
 * labelled (and at the start: start == end labels the start both ways),
 * so mu <= f(s) + b(s) for every such s at any time. Let F and B be the
 * smallest keys in the two queues (infinite when empty); since every key
 * queued is at least the current bucket's sum, that sum stands for it.
 * The search stops when F + B >= mu or a queue is empty; mu is then the
 * answer (WALK_UNREACHABLE when it stayed infinite).
 * Proof. Costs are >= 0, so every state with f* < F is settled forward
 * with f = f*, and every one with b* < B settled backward with b = b*
 * (Dijkstra's invariant; an empty queue has settled everything it can
 * reach). Suppose a route P = s0 .. sk (s0 the start, sk an end state)
 * of sum C < mu <= F + B; let pf(i) be P's sum up to s_i, s_i's bottom
 * included, and ps(i) = C - pf(i) the rest (s_i's bottom excluded): f*
 * <= pf, b* <= ps. If pf(0) >= F then ps(0) <= C - F < B, so s0 is
 * settled backward and mu <= f(s0) + b(s0) <= pf(0) + ps(0) = C. Else
 * let i be the last index with pf(i) < F. If i = k, s_k is settled
 * forward and has b = 0: mu <= f(s_k) <= C. Else s_i is settled forward
 * and its roll to s_{i+1} relaxed: f(s_{i+1}) <= pf(i + 1); pf(i + 1) >=
 * F, so ps(i + 1) <= C - F < B and s_{i+1} is settled backward with
 * b <= ps(i + 1): mu <= pf(i + 1) + ps(i + 1) = C. Every case
 * contradicts C < mu, so no route is cheaper than mu, and mu is the sum
 * of a route (labels are sums of routes). Both parent chains run through
 * settled states, whose labels are final when the parent is set, so the
 * chains cost the meeting state's labels exactly, and when a label of
 * the meeting state falls later mu falls with it (the same state).
 *
 * Side to expand: the one with fewer entries queued (Pohl's cardinality
 * rule; ties forward). The two sides do not start alike (the backward
 * side starts from 12 states at 0 and its labels can fall after the
 * first, since a reversed roll costs its source's bottom: it queues
 * stale entries the forward side never does), so balancing the keys
 * (the smaller key first) leaves the backward side the larger share of
 * the work. Measured side by side on 1024 x 1024 corpora (CPU time, a
 * loaded 2-core Xeon, two runs): the smaller queue against the smaller
 * key 1.16x faster on `uniform`, 1.15x on `maze`, 1.28x on `far`, 0.93x
 * on `adversarial`, 0.95x on `near:256`, 0.80x on `near:16` (10 against
 * 8 us a query); it pops 1 to 9% fewer entries, though it settles up to
 * 12% more states (`adversarial`). Alternating each pop was slower than
 * both (0.74x of dial on `uniform` against 0.84x and 0.98x).
 * Buckets rather than binary heaps: the queue work is a side's own, and
 * one-sided `dial` ran 2.3 to 3.9x faster than `dijkstra` (binary heap)
 * on the same corpora in the same run.
 *
 * Time O(states + relaxations + D) per side, D the last key (buckets
 * scanned), over the states whose labels fall below about mu / 2 from
 * either end rather than below mu from the start. Memory: two grids (97
 * bytes per framed square each, walk_grid.h) and two sets of W + 1
 * buckets, 8 bytes per queued entry, kept between instances.
 * Reference: I. Pohl, "Bi-directional search", Machine Intelligence 6
 * (1971); the stopping rule as in A. V. Goldberg and C. Harrelson,
 * "Computing the shortest path: A* search meets graph theory", SODA
 * 2005, section 3.
 */
#include "walk_buckets.h"

/* One direction of the search: its grid, its rolls (forward: the grid's
 * tables; backward: rolls undone) and its bucket queue. */
struct side {
    struct walk_grid g;
    int64_t offset[WALK_ORIENTATIONS][WALK_DIRS]; /* next state - p * 12 */
    uint32_t cost[WALK_ORIENTATIONS][WALK_DIRS];
    int64_t step[WALK_DIRS]; /* the next state's square - p */
    struct walk_bucket *bucket;
    uint32_t n;    /* buckets in use: the instance's largest face + 1 */
    uint32_t at;   /* cur % n */
    uint64_t cur;  /* no queued key is smaller */
    uint64_t live; /* entries queued, stale ones included */
};

struct bidi_worker {
    struct side fwd, bwd;
    uint32_t buckets; /* room for, per side */
};

/* The meeting: the least f + b seen and its state. */
struct meet {
    uint64_t sum, state;
};

/* The work done, counted on both sides. */
struct tally {
    uint64_t pops, relaxations, settled;
};

static void side_free(struct side *x, uint32_t buckets)
{
    walk_grid_free(&x->g);
    walk_buckets_free(x->bucket, buckets);
}

static void bidi_worker_free(void *worker)
{
    struct bidi_worker *w = worker;
    if (!w)
        return;
    side_free(&w->fwd, w->buckets);
    side_free(&w->bwd, w->buckets);
    free(w);
}

static int side_init(struct side *x, const struct pb_corpus *corpus,
                     uint32_t buckets)
{
    x->bucket = walk_buckets_new(buckets);
    int rc = walk_grid_init(&x->g, corpus);
    return rc ? rc : x->bucket ? 0 : -ENOMEM;
}

static void *bidi_worker_new(const struct pb_corpus *corpus, const void *shared)
{
    (void)shared;
    struct bidi_worker *w = calloc(1, sizeof(*w));
    if (!w)
        return NULL;
    w->buckets = walk_corpus_max_face(corpus) + 1;
    if (side_init(&w->fwd, corpus, w->buckets) ||
        side_init(&w->bwd, corpus, w->buckets)) {
        bidi_worker_free(w);
        return NULL;
    }
    return w;
}

static int side_push(struct side *x, uint64_t key, uint64_t state)
{
    int rc = walk_bucket_push(&x->bucket[key % x->n], state);
    x->live += rc == 0;
    return rc;
}

/* Empties the buckets for an instance whose largest face is n - 1. */
static void side_clear(struct side *x, uint32_t n)
{
    for (uint32_t b = 0; b < n; b++)
        x->bucket[b].len = 0;
    x->n = n;
    x->live = 0;
}

/* Moves cur to the first nonempty bucket; false when the queue is empty.
 */
static bool side_front(struct side *x)
{
    if (!x->live)
        return false;
    while (!x->bucket[x->at].len) {
        x->cur++;
        x->at = x->at + 1 == x->n ? 0 : x->at + 1;
    }
    return true;
}

/* The forward side: the grid reset to instance, its rolls, the start
 * queued at its bottom. Returns the start state. */
static uint64_t forward_reset(struct side *x, const struct walk_instance *in)
{
    struct walk_grid *g = &x->g;
    uint64_t start = walk_grid_reset(g, in);
    memcpy(x->offset, g->offset, sizeof(x->offset));
    memcpy(x->cost, g->cost, sizeof(x->cost));
    memcpy(x->step, g->square_step, sizeof(x->step));
    x->cur = g->dist[start];
    x->at = (uint32_t)(x->cur % x->n);
    return start;
}

/* The backward side: the grid laid out on instance, every state
 * unreached but the end square's 12 (0), the reversed rolls: from t on
 * square p, direction d leads to the state on p - step[d] that rolls
 * onto t going d, at the cost of t's bottom. */
static void backward_reset(struct side *x, const struct walk_instance *in)
{
    struct walk_grid *g = &x->g;
    walk_grid_wipe(g);
    walk_grid_layout(g, in);
    walk_grid_list(g, g->end);
    for (unsigned k = 0; k < WALK_CLASS; k++)
        g->dist[g->end_state + k] = 0;
    for (unsigned d = 0; d < WALK_DIRS; d++)
        x->step[d] = -g->square_step[d];
    for (unsigned o = 0; o < WALK_ORIENTATIONS; o++)
        for (unsigned d = 0; d < WALK_DIRS; d++) {
            unsigned before = walk_roll[o][d ^ 1u];
            x->offset[o][d] = x->step[d] * WALK_CLASS + before % WALK_CLASS;
            x->cost[o][d] = walk_bottom(in, o);
        }
    x->cur = 0;
    x->at = 0;
}

/* Settles state s (key d) of side x: relaxes its rolls (forward) or
 * reversed rolls (backward), queues each state whose label falls, and
 * meets the other side's labels. */
static int side_expand(struct side *x, const struct walk_grid *other,
                       uint64_t s, uint64_t d, struct meet *m, struct tally *t)
{
    struct walk_grid *g = &x->g;
    uint64_t p = s / WALK_CLASS, base = p * WALK_CLASS;
    unsigned o = walk_grid_orientation(g, s);
    walk_grid_list(g, p);
    for (unsigned dir = 0; dir < WALK_DIRS; dir++) {
        if (!g->open[(int64_t)p + x->step[dir]])
            continue;
        uint64_t next = (uint64_t)((int64_t)base + x->offset[o][dir]);
        uint64_t nd = d + x->cost[o][dir];
        if (nd >= g->dist[next])
            continue;
        g->dist[next] = nd;
        g->mark[next] = (uint8_t)dir;
        t->relaxations++;
        uint64_t there = other->dist[next];
        if (there != WALK_UNREACHABLE && nd + there < m->sum)
            *m = (struct meet){nd + there, next};
        int rc = side_push(x, nd, next);
        if (rc)
            return rc;
    }
    return 0;
}

/* The board square of framed state s. */
static uint32_t board_square(const struct walk_grid *g, uint64_t s)
{
    uint32_t p = (uint32_t)(s / WALK_CLASS);
    return (p / g->width - 1) * g->in->cols + p % g->width - 1;
}

/* The state after s on its best route to the end (s has a backward
 * parent: the direction it rolls). */
static uint64_t backward_next(const struct walk_grid *g, uint64_t s)
{
    unsigned d = g->mark[s] & WALK_PARENT_MASK;
    unsigned o = walk_grid_orientation(g, s);
    int64_t p = (int64_t)(s / WALK_CLASS) + g->square_step[d];
    return (uint64_t)p * WALK_CLASS + walk_roll[o][d] % WALK_CLASS;
}

static bool has_parent(const struct walk_grid *g, uint64_t s)
{
    return (g->mark[s] & WALK_PARENT_MASK) != WALK_NO_PARENT;
}

/* The route through the meeting state: forward parents back to the
 * start, backward parents on to the end. */
static int bidi_route(const struct walk_grid *fg, const struct walk_grid *bg,
                      const struct meet *m, struct walk_answer *answer,
                      struct pb_error *e)
{
    answer->sum = m->sum;
    if (m->sum == WALK_UNREACHABLE)
        return 0;
    uint32_t head = 1, tail = 0;
    for (uint64_t s = m->state; has_parent(fg, s); head++)
        s = walk_grid_parent(fg, s);
    for (uint64_t s = m->state; has_parent(bg, s); tail++)
        s = backward_next(bg, s);
    uint32_t length = head + tail;
    answer->route = malloc((size_t)length * sizeof(*answer->route));
    if (!answer->route)
        return pb_fail(e, -ENOMEM, "out of memory for a route of %u squares",
                       length);
    answer->length = length;
    uint64_t s = m->state;
    for (uint32_t i = head; i-- > 0;) {
        answer->route[i] = board_square(fg, s);
        if (i > 0)
            s = walk_grid_parent(fg, s);
    }
    s = m->state;
    for (uint32_t i = head; i < length; i++) {
        s = backward_next(bg, s);
        answer->route[i] = board_square(bg, s);
    }
    return 0;
}

static int bidi_solve(void *worker, const void *instance, void *answer,
                      struct pb_work *work, struct pb_error *e)
{
    struct bidi_worker *w = worker;
    struct side *fwd = &w->fwd, *bwd = &w->bwd;
    const uint32_t n = walk_max_face(instance) + 1;
    side_clear(fwd, n);
    side_clear(bwd, n);
    uint64_t start = forward_reset(fwd, instance);
    backward_reset(bwd, instance);
    struct meet m = {WALK_UNREACHABLE, 0};
    struct tally t = {0};
    int rc = side_push(fwd, fwd->cur, start);
    for (unsigned k = 0; k < WALK_CLASS && rc == 0; k++)
        rc = side_push(bwd, 0, bwd->g.end_state + k);
    if (walk_grid_at_end(&bwd->g, start))
        m = (struct meet){fwd->cur, start};
    while (rc == 0 && side_front(fwd) && side_front(bwd) &&
           fwd->cur + bwd->cur < m.sum) {
        bool forward = fwd->live <= bwd->live;
        struct side *x = forward ? fwd : bwd;
        const struct walk_grid *other = forward ? &bwd->g : &fwd->g;
        struct walk_bucket *b = &x->bucket[x->at];
        uint64_t s = b->entry[--b->len];
        x->live--;
        t.pops++;
        if (x->g.dist[s] != x->cur)
            continue;
        t.settled++;
        rc = side_expand(x, other, s, x->cur, &m, &t);
    }
    work->count[WALK_POPS] += t.pops;
    work->count[WALK_RELAXATIONS] += t.relaxations;
    work->count[WALK_SETTLED] += t.settled;
    /* a square both sides expanded counts twice: work done twice */
    work->count[WALK_TOUCHED] +=
        walk_grid_touched(&fwd->g) + walk_grid_touched(&bwd->g);
    if (rc)
        return pb_fail(e, rc, "out of memory for Dial's buckets");
    return bidi_route(&fwd->g, &bwd->g, &m, answer, e);
}

static uint64_t bidi_memory(const struct pb_corpus *corpus, int threads)
{
    /* per side a grid and a Dial queue */
    uint64_t side =
        pb_add_sat(walk_grid_bytes(corpus), walk_buckets_bytes(corpus));
    return pb_mul_sat((uint64_t)threads, pb_mul_sat(2, side));
}

const struct pb_variant walk_variant_bidijkstra = {
    .name = "bidijkstra",
    .summary = "bidirectional Dijkstra with Dial's buckets, from the start "
               "and back from the end square, stopping when the smallest "
               "keys add up to the best meeting",
    .worker_new = bidi_worker_new,
    .solve = bidi_solve,
    .worker_free = bidi_worker_free,
    .memory_bound = bidi_memory,
};
