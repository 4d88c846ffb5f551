/*
 * astar.c - cube_walk by A* toward the end square, over the implicit
 * graph of walk_grid.h, with the lower bounds of walk_heuristic.h:
 * astar_cheap (walk_cheap, O(1) per instance), astar_strong
 * (walk_strong, a table per distinct face set of the corpus, built in
 * the variant's build hook and timed apart from the solves) and
 * astar_tilted (astar_strong's bound plus, for an end beyond the
 * table's window, the query's tilted table, walk_tilt_build, built in
 * the solve and timed with it: on 24 `uniform` pairs of 1024 x 1024
 * boards it settles 2,748 states a query against astar_strong's
 * 417,985, often exactly one per roll of the route, for a torus search
 * of 0.2 to 1.7 ms a query).
 *
 * Key. A state s reached at sum g is queued at f = g + h(s), h from the
 * displacement end - square and s's orientation code; h is 0 on the end
 * square. h is computed once per relaxation that improves a state
 * (walk_grid_relax's output), from the settled state's rank and file
 * (one division per settled state) and the roll's direction.
 *
 * Queue. Both bounds are consistent for every roll of the open plane
 * (walk_heuristic.c), the rolls of a board among them: h(s) <= c + h(t)
 * for a roll s -> t costing c. So f(t) = g(s) + c + h(t) >= f(s): the
 * keys popped never decrease. The reverse roll t -> s is a plane roll
 * too, costing the bottom of s, at most W (the largest face), so
 * h(t) <= W + h(s) and f(t) <= f(s) + 2 W. Every queued key therefore
 * lies within [k, k + 2 W] of the key k being popped, and a power of two
 * B > 2 W of buckets used circularly (Dial's queue, as dial.c) holds the
 * queue: bucket f mod B a stack of (g, state) entries. A push outside
 * that window would mean an inconsistent bound and fails the solve
 * instead of filing the entry wrongly. An entry whose g is no longer the
 * state's sum is stale and skipped (it still counts as a pop).
 *
 * Ties. Far from the end many states share the least key (the costs of
 * a rolling die are nearly linear in the displacement, so many routes
 * are nearly as cheap), and the order among them decides how many are
 * settled before the end. astar_strong sorts a bucket by g when its key
 * is reached and pops it from the top, largest g (smallest h) first;
 * entries pushed at the current key meanwhile (the rolls out of a state
 * just settled, g at least its g) go on top. On 1024 x 1024 `uniform`
 * boards this settles 13 % fewer states than plain last-in-first-out,
 * at about the same time (the sort costs what the states saved did).
 * astar_cheap pops last in first, unsorted: its keys tie less (the
 * bound is loose), sorting settled exactly as many states there and
 * cost 30 % more time on `adversarial` boards (a full search).
 *
 * h per relaxation, not cached per state: a search relaxes about 1.2
 * times per state it touches, so a per-state cache would save under a
 * fifth of the bound's evaluations and cost 4 bytes per state and its
 * own reset.
 *
 * Early exit, and why it is optimal. The search stops at the first
 * settled (non-stale popped) state e of the end square, answering its g.
 * (1) A settled state's g is final: with a consistent h, A* settles in
 * nondecreasing f, and an improvement of a settled s later would come
 * through a route whose states all have f <= f(s) at the time, the
 * usual argument (Hart, Nilsson, Raphael) that consistency makes A* a
 * Dijkstra over the reduced costs c + h(t) - h(s) >= 0. (2) Let P be a
 * least-cost route from the start to the end square, of cost C. If every
 * state of P is settled, its last one is an end state settled no later
 * than e, so it is e (e is the first) and g(e) = C. Otherwise let x be
 * P's first state not settled: its predecessor on P is settled with a
 * final g, so x was relaxed to g(x) <= g_P(x), the cost of P up to x,
 * and is queued with f(x) <= g_P(x) + h(x) <= C, since h(x) is at most
 * the rest of P's cost (a consistent h that is 0 on the end is
 * admissible). e was popped before x, so g(e) = f(e) <= f(x) <= C
 * (h(e) = 0). And g(e) >= C, as g(e) is the cost of a real route. The
 * end square's other states hold sums of at least f(e) (every queued key
 * is), so walk_grid_route's least sum on the end square is g(e), with a
 * valid route through settled parents. On a board whose end is
 * unreachable (`sealed`) the search is full, as for dial.
 *
 * Cost. Time O(settled + relaxations + (f_end - h(start)) + B) per
 * query: the buckets scanned run from the start's key to the answer,
 * few when h is tight, and the B bucket headers are cleared per query.
 * Memory per worker: the grid's 101 bytes per framed square
 * (walk_grid.h), 16 bytes per queued entry (at most 4 per state,
 * doubled while a stack grows), B bucket headers, all kept between
 * instances. astar_strong also keeps, shared by the workers, one table
 * of 1.5 MB per DISTINCT face set of the corpus: a corpus of N instances
 * with N different face sets holds N tables (N * 1.5 MB; the build takes
 * about 10 ms each on one core), and the build's radix queue (up to
 * 25 MB) only while building. Each solve finds its table by binary search
 * over the sorted face sets.
 * Measured (puzzlebench bench, 1024 x 1024, 8 instances, one thread,
 * CPU medians per query, load 3 on 2 cores): on `uniform` boards
 * astar_strong takes 49 ms and settles 1/43 of the reachable states,
 * astar_cheap 131 ms (1/4.5), early-exit dial 144 ms (1/2.1), a full
 * search (`sealed`, same seed) 288 ms; the table build 8 ms per face
 * set. A* must settle every state whose key is below the answer, and
 * the die's costs are so nearly linear in the displacement that many
 * routes come within the strong bound's error of the best one (a few
 * hundred, beyond its 56-square window): those states alone were 1/45
 * of the space there, so no order of ties settles fewer. A settled
 * state costs over 100 ns against Dial's 23: each key's states lie all
 * over the searched region (cache misses on the sums), where Dial's
 * wavefront stays local. `maze`: strong 39 ms, cheap 67 ms, dial
 * 109 ms; `adversarial`: strong 18 ms, dial 379 ms, cheap 574 ms (its
 * bound saves nothing there and costs its evaluations).
 * Reference: P. E. Hart, N. J. Nilsson and B. Raphael, "A formal basis
 * for the heuristic determination of minimum cost paths", IEEE Trans.
 * SSC 4(2), 1968.
 */
#include "walk_grid.h"
#include "walk_heuristic.h"

struct astar_entry {
    uint64_t g, state;
};

/* A stack's first room: 2^21 buckets at faces up to 10^6 then take
 * about 590 MB at most, as Dial's 10^6 + 1 of 64 states (dial.c). */
#define BUCKET_FIRST 16

struct astar_bucket {
    struct astar_entry *entry;
    size_t len, cap;
};

/* astar_strong's shared state: the bounds of the corpus's distinct face
 * sets, sorted by faces */
struct astar_table {
    uint32_t face[WALK_FACES];
    struct walk_heuristic h;
};

struct astar_tables {
    size_t count;
    struct astar_table *table;
};

struct astar_worker {
    struct walk_grid g;
    struct astar_bucket *bucket;
    uint64_t buckets;                  /* room for: a power of two > 2 W */
    const struct astar_tables *tables; /* astar_strong; NULL: cheap */
    struct walk_heuristic cheap;
    /* astar_strong and astar_tilted: the face set's bounds, and for
     * astar_tilted this query's tilted table (tilt, queue: the worker's) */
    struct walk_heuristic strong;
};

/* rank and file steps of the directions (walk.h's order) */
static const int64_t rank_step[WALK_DIRS] = {1, -1, 0, 0};
static const int64_t file_step[WALK_DIRS] = {0, 0, 1, -1};

/* The least power of two above 2 * most: the buckets for faces up to
 * most. */
static uint64_t buckets_for(uint32_t most)
{
    uint64_t n = 1;
    while (n <= 2 * (uint64_t)most)
        n *= 2;
    return n;
}

static int face_cmp(const uint32_t *a, const uint32_t *b)
{
    for (unsigned f = 0; f < WALK_FACES; f++)
        if (a[f] != b[f])
            return a[f] < b[f] ? -1 : 1;
    return 0;
}

static int table_cmp(const void *a, const void *b)
{
    return face_cmp(((const struct astar_table *)a)->face,
                    ((const struct astar_table *)b)->face);
}

static void tables_free(void *shared)
{
    struct astar_tables *t = shared;
    if (!t)
        return;
    for (size_t i = 0; t->table && i < t->count; i++)
        walk_heuristic_free(&t->table[i].h);
    free(t->table);
    free(t);
}

/* One strong bound per distinct face set, one after another, through
 * one builder whose radix queue is reused and freed at the end. */
static int tables_build(const struct pb_corpus *corpus, void **shared,
                        struct pb_error *e)
{
    struct astar_tables *t = calloc(1, sizeof(*t));
    if (t)
        t->table = calloc(corpus->count, sizeof(*t->table));
    if (!t || !t->table) {
        tables_free(t);
        return pb_fail(e, -ENOMEM, "out of memory for the A* tables");
    }
    for (size_t i = 0; i < corpus->count; i++) {
        const struct walk_instance *in = pb_corpus_item(corpus, i);
        memcpy(t->table[i].face, in->face, sizeof(in->face));
    }
    qsort(t->table, corpus->count, sizeof(*t->table), table_cmp);
    size_t distinct = 0;
    for (size_t i = 0; i < corpus->count; i++)
        if (i == 0 || table_cmp(&t->table[i], &t->table[distinct - 1]))
            t->table[distinct++] = t->table[i];
    struct walk_heuristic builder = {0};
    int rc = 0;
    for (size_t i = 0; i < distinct && rc == 0; i++) {
        struct walk_instance faces = {0};
        memcpy(faces.face, t->table[i].face, sizeof(faces.face));
        builder.table = NULL; /* a table of its own, the queue reused */
        rc = walk_strong_build(&builder, &faces);
        t->table[i].h = builder;
        t->table[i].h.queue = NULL;
        t->count = i + 1;
    }
    walk_heuristic_free(&(struct walk_heuristic){.queue = builder.queue});
    if (rc) {
        tables_free(t);
        return pb_fail(e, rc, "out of memory for the A* tables");
    }
    *shared = t;
    return 0;
}

static const struct walk_heuristic *table_find(const struct astar_tables *t,
                                               const struct walk_instance *in)
{
    size_t lo = 0, hi = t->count;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        int c = face_cmp(t->table[mid].face, in->face);
        if (c == 0)
            return &t->table[mid].h;
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return NULL;
}

static void astar_worker_free(void *worker)
{
    struct astar_worker *w = worker;
    if (!w)
        return;
    walk_grid_free(&w->g);
    for (uint64_t b = 0; w->bucket && b < w->buckets; b++)
        free(w->bucket[b].entry);
    free(w->bucket);
    walk_heuristic_free(&(struct walk_heuristic){.tilt = w->strong.tilt,
                                                 .queue = w->strong.queue});
    free(w);
}

static void *astar_worker_new(const struct pb_corpus *corpus,
                              const void *shared)
{
    struct astar_worker *w = calloc(1, sizeof(*w));
    if (!w)
        return NULL;
    w->tables = shared;
    w->buckets = buckets_for(walk_corpus_max_face(corpus));
    w->bucket = calloc(w->buckets, sizeof(*w->bucket));
    if (walk_grid_init(&w->g, corpus) || !w->bucket) {
        astar_worker_free(w);
        return NULL;
    }
    return w;
}

static int bucket_push(struct astar_bucket *b, uint64_t g, uint64_t state)
{
    if (b->len == b->cap) {
        size_t cap = b->cap ? 2 * b->cap : BUCKET_FIRST;
        struct astar_entry *v = realloc(b->entry, cap * sizeof(*v));
        if (!v)
            return -ENOMEM;
        b->entry = v;
        b->cap = cap;
    }
    b->entry[b->len++] = (struct astar_entry){g, state};
    return 0;
}

/* Sorts v[0..n) by g, ascending: insertion sort. */
static void entries_insertion(struct astar_entry *v, size_t n)
{
    for (size_t i = 1; i < n; i++) {
        struct astar_entry x = v[i];
        size_t j = i;
        for (; j > 0 && v[j - 1].g > x.g; j--)
            v[j] = v[j - 1];
        v[j] = x;
    }
}

/* Sorts v[0..n) by g, ascending: quicksort on the middle of three (Hoare
 * partition), the larger part of each split kept on a stack (depth at
 * most log2 n < 64), insertion sort below 16 entries. */
static void entries_sort(struct astar_entry *v, size_t n)
{
    struct astar_entry *part[64];
    size_t len[64], depth = 0;
    for (;;) {
        while (n > 16) {
            uint64_t a = v[0].g, b = v[n / 2].g, c = v[n - 1].g;
            uint64_t pivot = a < b ? (b < c ? b : (a < c ? c : a))
                                   : (a < c ? a : (b < c ? c : b));
            size_t i = 0, j = n - 1;
            for (;;) {
                while (v[i].g < pivot)
                    i++;
                while (v[j].g > pivot)
                    j--;
                if (i >= j)
                    break;
                struct astar_entry t = v[i];
                v[i++] = v[j];
                v[j--] = t;
            }
            /* [0, j] <= pivot <= [j + 1, n), neither empty (the middle of
             * three stops both scans inside) */
            size_t left = j + 1, right = n - left;
            if (left < right) {
                part[depth] = v + left;
                len[depth++] = right;
                n = left;
            } else {
                part[depth] = v;
                len[depth++] = left;
                v += left;
                n = right;
            }
        }
        entries_insertion(v, n);
        if (depth == 0)
            return;
        depth--;
        v = part[depth];
        n = len[depth];
    }
}

static inline uint64_t bound(const struct walk_heuristic *h, bool strong,
                             int64_t dr, int64_t dc, unsigned o)
{
    return strong ? walk_strong(h, dr, dc, o) : walk_cheap(h, dr, dc, o);
}

/* The search (opening comment); strong is a constant in each caller,
 * and the search is inlined into both so that each gets its own loop
 * (astar_cheap on 1024 x 1024 `adversarial` boards, a full search: 1.55
 * times Dial's time with one loop testing strong at run time, 1.47 times
 * with a loop each). */
static inline __attribute__((always_inline)) int
astar_search(struct astar_worker *w, const struct walk_heuristic *h,
             bool strong, const struct walk_instance *in, void *answer,
             struct pb_work *work, struct pb_error *e)
{
    struct walk_grid *g = &w->g;
    uint64_t start = walk_grid_reset(g, in);
    const uint64_t *dist = g->dist;
    const uint32_t width = g->width;
    const int64_t end_rank = g->end / width, end_file = g->end % width;
    const uint64_t mask = buckets_for(walk_max_face(in)) - 1;
    struct astar_bucket *bucket = w->bucket;
    uint64_t pops = 0, relaxations = 0, settled = 0, live = 1;
    for (uint64_t b = 0; b <= mask; b++)
        bucket[b].len = 0;
    uint64_t cur = dist[start] + bound(h, strong, end_rank - g->start / width,
                                       end_file - g->start % width, 0);
    int rc = bucket_push(&bucket[cur & mask], dist[start], start);
    bool done = false;
    while (live && rc == 0 && !done) {
        struct astar_bucket *b = &bucket[cur & mask];
        if (strong)
            entries_sort(b->entry, b->len);
        while (b->len && rc == 0) {
            struct astar_entry x = b->entry[--b->len];
            live--;
            pops++;
            if (dist[x.state] != x.g)
                continue;
            settled++;
            if (walk_grid_at_end(g, x.state)) {
                done = true;
                break;
            }
            uint64_t t[WALK_DIRS], nd[WALK_DIRS];
            unsigned k = walk_grid_relax(g, x.state, x.g, t, nd);
            relaxations += k;
            uint32_t p = (uint32_t)(x.state / WALK_CLASS);
            int64_t dr = end_rank - p / width, dc = end_file - p % width;
            for (unsigned i = 0; i < k && rc == 0; i++) {
                unsigned d = g->mark[t[i]] & WALK_PARENT_MASK;
                uint64_t f = nd[i] + bound(h, strong, dr - rank_step[d],
                                           dc - file_step[d],
                                           walk_grid_orientation(g, t[i]));
                if (f - cur > mask)
                    rc = -EDOM;
                else
                    rc = bucket_push(&bucket[f & mask], nd[i], t[i]);
                live++;
            }
        }
        cur++;
    }
    work->count[WALK_POPS] += pops;
    work->count[WALK_RELAXATIONS] += relaxations;
    work->count[WALK_SETTLED] += settled;
    work->count[WALK_TOUCHED] += walk_grid_touched(g);
    if (rc == -EDOM)
        return pb_fail(e, rc,
                       "A*: a key outside [popped, popped + 2 W]: "
                       "the lower bound is not consistent");
    if (rc)
        return pb_fail(e, rc, "out of memory for the A* buckets");
    return walk_grid_route(g, answer, e);
}

static int astar_cheap_solve(void *worker, const void *instance, void *answer,
                             struct pb_work *work, struct pb_error *e)
{
    struct astar_worker *w = worker;
    walk_cheap_init(&w->cheap, instance);
    return astar_search(w, &w->cheap, false, instance, answer, work, e);
}

/* The strong bound of instance's face set, with a tilted table for this
 * query when `tilted` and its end lies beyond the window (within it the
 * face set's table is exact at the start, and a tilted build, a torus
 * search of milliseconds, would cost a near query a thousand times its
 * search). */
static inline __attribute__((always_inline)) int
strong_solve(struct astar_worker *w, bool tilted, const void *instance,
             void *answer, struct pb_work *work, struct pb_error *e)
{
    const struct walk_heuristic *h = table_find(w->tables, instance);
    if (!h)
        return pb_fail(e, -ENOENT, "A*: no table for this instance's faces");
    const struct walk_instance *in = instance;
    uint32_t *tilt = w->strong.tilt;
    struct walk_radix *queue = w->strong.queue;
    w->strong = *h;
    w->strong.tilt = tilt;
    w->strong.queue = queue;
    int64_t dr =
        (int64_t)(in->end / in->cols) - (int64_t)(in->start / in->cols);
    int64_t dc =
        (int64_t)(in->end % in->cols) - (int64_t)(in->start % in->cols);
    if (tilted && (dr > WALK_WINDOW || -dr > WALK_WINDOW || dc > WALK_WINDOW ||
                   -dc > WALK_WINDOW)) {
        int rc =
            walk_tilt_build(&w->strong, in, dr, dc, walk_tilt_side(dr, dc));
        if (rc)
            return pb_fail(e, rc,
                           "A*: tilted table: out of memory or sums "
                           "past 32 bits");
        return astar_search(w, &w->strong, true, instance, answer, work, e);
    }
    w->strong.tilt = NULL; /* walk_tilt: 0 */
    int rc = astar_search(w, &w->strong, true, instance, answer, work, e);
    w->strong.tilt = tilt;
    return rc;
}

static int astar_strong_solve(void *worker, const void *instance, void *answer,
                              struct pb_work *work, struct pb_error *e)
{
    return strong_solve(worker, false, instance, answer, work, e);
}

static int astar_tilted_solve(void *worker, const void *instance, void *answer,
                              struct pb_work *work, struct pb_error *e)
{
    return strong_solve(worker, true, instance, answer, work, e);
}

/* a table over a torus of side n */
#define TABLE_BYTES(n)                                                         \
    ((uint64_t)(n) * (n)*WALK_ORIENTATIONS * sizeof(uint32_t))
/* its build's radix queue: at most 4 pushes per torus state and the 24
 * seeds, doubled while its 33 buckets grow from 256 entries */
#define BUILD_QUEUE_BYTES(n)                                                   \
    (2 * (4 * (uint64_t)(n) * (n)*WALK_ORIENTATIONS + 24) * sizeof(uint64_t) + \
     33 * 256 * sizeof(uint64_t))

/* One worker's grid, entries (at most one per relaxation, 4 per state,
 * doubled while the stacks grow) and bucket headers. */
static uint64_t worker_bytes(const struct pb_corpus *corpus)
{
    uint64_t states = pb_mul_sat(walk_corpus_squares(corpus), WALK_CLASS);
    uint64_t entries = pb_mul_sat(states, 4 * 2 * sizeof(struct astar_entry));
    uint64_t heads = pb_mul_sat(buckets_for(walk_corpus_max_face(corpus)),
                                sizeof(struct astar_bucket) +
                                    BUCKET_FIRST * sizeof(struct astar_entry));
    return pb_add_sat(walk_grid_bytes(corpus), pb_add_sat(entries, heads));
}

static uint64_t astar_cheap_memory(const struct pb_corpus *corpus, int threads)
{
    return pb_mul_sat((uint64_t)threads, worker_bytes(corpus));
}

/* Distinct face sets, by comparing each instance with the earlier ones
 * (no allocation); past DISTINCT_EXACT instances every one is counted,
 * an upper bound. */
#define DISTINCT_EXACT 4096
static uint64_t tables_memory(const struct pb_corpus *corpus, int threads)
{
    uint64_t distinct = corpus->count;
    if (corpus->count <= DISTINCT_EXACT) {
        distinct = 0;
        for (size_t i = 0; i < corpus->count; i++) {
            const struct walk_instance *in = pb_corpus_item(corpus, i);
            size_t j = 0;
            while (j < i &&
                   face_cmp(
                       ((const struct walk_instance *)pb_corpus_item(corpus, j))
                           ->face,
                       in->face))
                j++;
            distinct += j == i;
        }
    }
    uint64_t tables = pb_mul_sat(distinct, TABLE_BYTES(WALK_TORUS) +
                                               sizeof(struct astar_table));
    return pb_add_sat(pb_add_sat(tables, BUILD_QUEUE_BYTES(WALK_TORUS)),
                      astar_cheap_memory(corpus, threads));
}

static uint64_t astar_strong_memory(const struct pb_corpus *corpus, int threads)
{
    return tables_memory(corpus, threads);
}

/* and each worker's tilted table with its build queue */
static uint64_t astar_tilted_memory(const struct pb_corpus *corpus, int threads)
{
    uint64_t tilts =
        pb_mul_sat((uint64_t)threads, TABLE_BYTES(WALK_TILT_MAX) +
                                          BUILD_QUEUE_BYTES(WALK_TILT_MAX));
    return pb_add_sat(tables_memory(corpus, threads), tilts);
}

const struct pb_variant walk_variant_astar_cheap = {
    .name = "astar_cheap",
    .summary = "A* toward the end (cheap bound: adjacent faces' least sums, "
               "O(1)), Dial's buckets by g + h, over (square, orientation)",
    .worker_new = astar_worker_new,
    .solve = astar_cheap_solve,
    .worker_free = astar_worker_free,
    .memory_bound = astar_cheap_memory,
};

const struct pb_variant walk_variant_astar_strong = {
    .name = "astar_strong",
    .summary = "A* toward the end (strong bound: a 1.5 MB torus table per "
               "distinct face set, built apart, and linear bounds), Dial's "
               "buckets by g + h",
    .build = tables_build,
    .free_shared = tables_free,
    .worker_new = astar_worker_new,
    .solve = astar_strong_solve,
    .worker_free = astar_worker_free,
    .memory_bound = astar_strong_memory,
};

const struct pb_variant walk_variant_astar_tilted = {
    .name = "astar_tilted",
    .summary = "astar_strong plus, for an end beyond the table's window, a "
               "torus table per query of costs reduced by the cheapest slope "
               "toward the end (built in the solve)",
    .build = tables_build,
    .free_shared = tables_free,
    .worker_new = astar_worker_new,
    .solve = astar_tilted_solve,
    .worker_free = astar_worker_free,
    .memory_bound = astar_tilted_memory,
};
