/*
 * delta_stepping.c - cube_walk by parallel delta-stepping (Meyer and
 * Sanders): one search of one instance shared by an OpenMP team, over the
 * implicit (square, orientation) graph of walk_variant.h, 12 states per
 * square. PB_VARIANT_PARALLEL, as magic_squares' table_omp: the runner's
 * `threads` become this team (omp_set_num_threads before worker_new), it
 * makes one worker and hands it the instances one by one.
 *
 * Buckets of width delta hold the states whose tentative sum lies in
 * [i * delta, (i + 1) * delta). The lowest non-empty bucket is settled
 * in phases: the team takes every entry of the bucket and expands each
 * state over its light rolls (bottom <= delta; these may land in the
 * same bucket, so phases repeat until it stays empty), then relaxes the
 * heavy rolls (bottom > delta; they land in later buckets) once from
 * every state the bucket settled. A roll costs at most W (the largest
 * face value), so only the ceil(W / delta) + 1 buckets from the current
 * one on hold entries: a circular window of slots.
 *
 * delta is a power of two (buckets by shifts, not divisions): twice the
 * power of two at or below the mean face value (DS_DELTA_SHIFT), and at
 * least W / (DS_WINDOW - 1) so that the window has at most DS_WINDOW
 * slots. On uniform boards (faces 0..1000, delta 512 or 1024) that is 2
 * to 4 slots and about two phases per bucket; 1x to 8x the power of two
 * measured within 10% of each other at 1 thread and 1.5x apart at 2,
 * where a smaller delta pays more barriers.
 *
 * One 64-bit word per state, in the walk_arrays dist array during the
 * search: the sum << DS_SUM_SHIFT, a flag DS_SETTLED (the state has been
 * put on the current bucket's settled list), a tag (the bucket, mod
 * DS_TAGS, of the state's queued entry, or DS_TAG_NONE: so that a state
 * improved twice into one bucket is queued once) and the arrival
 * direction. Sums stay below 2^54 (the static assertion), so the flags
 * fit. All of a state's changes are compare-and-swaps of its word: a
 * relaxation lowers the sum, sets the direction and merges the tag in
 * one; an expansion clears the tag and reads the sum in one. Sum,
 * parent and tag therefore never tear, and the word's single
 * modification order decides every race: either an improvement comes
 * before the expansion's swap (which then reads it) or after (and then
 * sees the cleared tag and queues the state again). Relaxed ordering is
 * enough, as only this one word is involved; bucket entries, the lists
 * and what threads publish are plain data read after a barrier.
 *
 * Parents change only on a strict improvement, so they form a tree even
 * with zero-cost rolls (a cycle closed by a strict improvement would be
 * a negative cycle), and they are consistent with the final sums (a
 * parent whose sum still fell would relax the child again). A parallel
 * pass then writes the sums and arrival directions into walk_arrays for
 * walk_route. Different runs may pick different routes among equal ones;
 * the sum is the same.
 *
 * Bucket storage: linked chunks of DS_CHUNK entries from a pool shared
 * by the team (a lock per chunk, not per entry), kept by the worker
 * across instances. Each thread owns one list per slot and pushes into
 * its own; a phase gathers the current slot's chunks of every thread
 * after a barrier and hands them out one by one (dynamic schedule), so
 * the work balances whoever queued it.
 *
 * Work: pops = states taken from a bucket and expanded (entries of states
 * settled in a lower bucket are skipped and not counted), relaxations =
 * strict improvements. Every reachable state is expanded at least once;
 * O(states + relaxations) work and O(phases) barriers. Memory: 9 bytes
 * per state (walk_arrays), plus the live bucket entries, 8 bytes each: at
 * most one per state and bucket of the window, plus the current phase
 * and the settled list (see ds_memory). The arrays are reset and read
 * back in parallel too.
 *
 * Reference: U. Meyer and P. Sanders, "Delta-stepping: a parallelizable
 * shortest path algorithm", J. Algorithms 49 (2003) 114-152; the thread-
 * local bins of GAP's sssp.cc (Beamer, Asanovic and Patterson, 2015).
 */
#include <omp.h>
#include <stdbool.h>

#include "walk_variant.h"

enum {
    DS_CHUNK = 510,     /* entries of a chunk: 4 KB with its header */
    DS_WINDOW = 32,     /* the most buckets that hold entries at once */
    DS_TAGS = 64,       /* tag values: a power of two above DS_WINDOW */
    DS_DELTA_SHIFT = 1, /* delta = 2^shift * the power of two <= mean */
};

/* The state word: sum | DS_SETTLED | tag | arrival direction. */
#define DS_DIR_MASK 3u
#define DS_TAG_SHIFT 2
#define DS_TAG_NONE 0x7Fu /* 7 bits; tags are 0..DS_TAGS - 1 */
#define DS_SETTLED (1ull << 9)
#define DS_SUM_SHIFT 10
/* unreached: every bit set (walk_arrays' WALK_UNREACHABLE), so its tag
 * is DS_TAG_NONE and its sum above every real one */
#define DS_UNREACHED UINT64_MAX
#define DS_NO_BUCKET UINT64_MAX

/* A shortest route visits a state at most once, and a tentative sum
 * exceeds a final one by less than delta + W <= 3 W. */
_Static_assert(((uint64_t)WALK_MAX_CELLS * WALK_CLASS + 3) * WALK_MAX_W <
                   DS_UNREACHED >> DS_SUM_SHIFT,
               "sums must fit above the flags of a state word");

struct ds_chunk {
    struct ds_chunk *next;
    uint32_t len;
    uint64_t s[DS_CHUNK];
};

/* One thread's lists; only its owner writes them. */
struct ds_thread {
    _Alignas(64) struct ds_chunk *bin[DS_WINDOW]; /* slot = bucket % slots */
    struct ds_chunk *settled; /* states first expanded in this bucket */
    struct ds_chunk *done;    /* this phase's chunks, back to the pool */
    struct ds_chunk **seg;    /* its chunks of the current slot, per phase */
    size_t segs, seg_cap;
    uint64_t pops, relaxations;
    bool failed; /* out of memory, published at the next barrier */
};

/* What a thread publishes before a barrier for the team to read after
 * it; each field is written at one kind of barrier only. */
struct ds_public {
    _Alignas(64) size_t segs; /* phase: its chunks of the slot */
    bool phase_failed;
    uint64_t proposal; /* bucket end: its lowest non-empty later bucket */
    bool bucket_failed;
};

struct ds_worker {
    struct walk_arrays a;
    int threads; /* the team size at worker_new */
    struct ds_thread *th;
    struct ds_public *pub;
    omp_lock_t lock; /* guards pool */
    struct ds_chunk *pool;
    /* the instance being solved, read-only inside the search */
    const struct walk_instance *in;
    uint32_t bottom[WALK_ORIENTATIONS];
    uint64_t *word;  /* a.dist during the search */
    uint32_t colour; /* the start's rank + file, for walk_colour */
    unsigned shift;  /* delta = 1 << shift */
    uint64_t slots;  /* buckets in the window, a power of two */
    uint64_t first;  /* the start's bucket */
};

/* delta's exponent and the window for an instance's faces. */
static void ds_delta(const struct walk_instance *in, unsigned *shift,
                     uint64_t *slots)
{
    uint64_t sum = 0, most = 0;
    for (int f = 0; f < WALK_FACES; f++) {
        sum += in->face[f];
        if (in->face[f] > most)
            most = in->face[f];
    }
    uint64_t mean = sum / WALK_FACES;
    unsigned k = 0;
    while ((2ull << k) <= mean)
        k++;
    k += DS_DELTA_SHIFT;
    /* rolls reach ceil(most / delta) buckets past the current one */
    while (((most + (1ull << k) - 1) >> k) + 1 > DS_WINDOW)
        k++;
    uint64_t window = ((most + (1ull << k) - 1) >> k) + 1, n = 1;
    while (n < window)
        n <<= 1;
    *shift = k;
    *slots = n;
}

static struct ds_chunk *ds_chunk_get(struct ds_worker *w)
{
    omp_set_lock(&w->lock);
    struct ds_chunk *c = w->pool;
    if (c)
        w->pool = c->next;
    omp_unset_lock(&w->lock);
    return c ? c : malloc(sizeof(*c));
}

/* Gives back the list from head (NULL: nothing). */
static void ds_chunk_put(struct ds_worker *w, struct ds_chunk *head)
{
    if (!head)
        return;
    struct ds_chunk *tail = head;
    while (tail->next)
        tail = tail->next;
    omp_set_lock(&w->lock);
    tail->next = w->pool;
    w->pool = head;
    omp_unset_lock(&w->lock);
}

static inline void ds_push(struct ds_worker *w, struct ds_thread *th,
                           struct ds_chunk **list, uint64_t state)
{
    struct ds_chunk *c = *list;
    if (!c || c->len == DS_CHUNK) {
        struct ds_chunk *n = ds_chunk_get(w);
        if (!n) {
            th->failed = true;
            return;
        }
        n->next = c;
        n->len = 0;
        *list = c = n;
    }
    c->s[c->len++] = state;
}

/* The sum nd for state t arriving by direction d: kept when it improves
 * on t's, and t queued in nd's bucket unless its entry there is already
 * waiting. A word's tag, when not DS_TAG_NONE, is the bucket of its sum
 * (they change together), so it differs from nd's bucket exactly when
 * the improvement moved t to a lower bucket or t is not queued. */
static inline void ds_relax(struct ds_worker *w, struct ds_thread *th,
                            uint64_t t, uint64_t nd, unsigned d)
{
    const uint64_t b = nd >> w->shift, tag = b % DS_TAGS;
    uint64_t old = __atomic_load_n(&w->word[t], __ATOMIC_RELAXED), want;
    bool queue;
    do {
        if (old >> DS_SUM_SHIFT <= nd)
            return;
        queue = ((old >> DS_TAG_SHIFT) & DS_TAG_NONE) != tag;
        uint64_t settled = old == DS_UNREACHED ? 0 : old & DS_SETTLED;
        want = nd << DS_SUM_SHIFT | settled | tag << DS_TAG_SHIFT | d;
    } while (!__atomic_compare_exchange_n(&w->word[t], &old, want, false,
                                          __ATOMIC_RELAXED, __ATOMIC_RELAXED));
    th->relaxations++;
    if (queue)
        ds_push(w, th, &th->bin[b & (w->slots - 1)], t);
}

/* Relaxes the light (heavy: the heavy) rolls out of state s at sum ds.
 * walk_step's moves, with the square's rank and file divided out once. */
static inline void ds_expand(struct ds_worker *w, struct ds_thread *th,
                             uint64_t s, uint64_t ds, bool heavy)
{
    const struct walk_instance *in = w->in;
    const uint64_t delta = 1ull << w->shift;
    const uint32_t sq = (uint32_t)(s / WALK_CLASS), cols = in->cols;
    const uint32_t r = sq / cols, c = sq - r * cols;
    const unsigned o =
        (unsigned)(s % WALK_CLASS) + WALK_CLASS * ((r + c + w->colour) & 1u);
    const bool can[WALK_DIRS] = {[WALK_UP] = r + 1 < in->rows,
                                 [WALK_DOWN] = r > 0,
                                 [WALK_EAST] = c + 1 < cols,
                                 [WALK_WEST] = c > 0};
    const uint32_t to[WALK_DIRS] = {[WALK_UP] = sq + cols,
                                    [WALK_DOWN] = sq - cols,
                                    [WALK_EAST] = sq + 1,
                                    [WALK_WEST] = sq - 1};
    for (unsigned d = 0; d < WALK_DIRS; d++) {
        if (!can[d] || !walk_open(in, to[d]))
            continue;
        unsigned no = walk_roll[o][d];
        uint64_t cost = w->bottom[no];
        if ((cost > delta) == heavy)
            ds_relax(w, th, walk_state(to[d], no), ds + cost, d);
    }
}

/* Expands the entries of chunk c (taken in the bucket whose sums start
 * at lo) over their light rolls. */
static void ds_light(struct ds_worker *w, struct ds_thread *th, uint64_t lo,
                     const struct ds_chunk *c)
{
    const uint64_t taken = DS_SETTLED | (uint64_t)DS_TAG_NONE << DS_TAG_SHIFT;
    for (uint32_t i = 0; i < c->len; i++) {
        uint64_t s = c->s[i];
        uint64_t old = __atomic_load_n(&w->word[s], __ATOMIC_RELAXED);
        /* settled in a lower bucket: an entry left by an older sum */
        if (old >> DS_SUM_SHIFT < lo)
            continue;
        while ((old & taken) != taken &&
               !__atomic_compare_exchange_n(&w->word[s], &old, old | taken,
                                            false, __ATOMIC_RELAXED,
                                            __ATOMIC_RELAXED))
            ;
        if (!(old & DS_SETTLED))
            ds_push(w, th, &th->settled, s);
        th->pops++;
        ds_expand(w, th, s, old >> DS_SUM_SHIFT, false);
    }
}

/* The heavy rolls out of every state this thread settled in the bucket
 * (their sums are final now, and nothing else writes their words); their
 * flags cleared for the words' read-back. */
static void ds_heavy(struct ds_worker *w, struct ds_thread *th)
{
    for (const struct ds_chunk *c = th->settled; c; c = c->next)
        for (uint32_t i = 0; i < c->len; i++) {
            uint64_t s = c->s[i];
            uint64_t old = __atomic_load_n(&w->word[s], __ATOMIC_RELAXED);
            __atomic_store_n(&w->word[s], old & ~DS_SETTLED, __ATOMIC_RELAXED);
            ds_expand(w, th, s, old >> DS_SUM_SHIFT, true);
        }
    ds_chunk_put(w, th->settled);
    th->settled = NULL;
}

/* Detaches this thread's list of slot into its segment array. */
static void ds_detach(struct ds_thread *th, uint64_t slot)
{
    th->segs = 0;
    for (struct ds_chunk *c = th->bin[slot]; c; c = c->next) {
        if (th->segs == th->seg_cap) {
            size_t cap = th->seg_cap ? 2 * th->seg_cap : 64;
            struct ds_chunk **v = realloc(th->seg, cap * sizeof(*v));
            if (!v) {
                th->failed = true;
                th->segs = 0; /* the list stays in its slot */
                return;
            }
            th->seg = v;
            th->seg_cap = cap;
        }
        th->seg[th->segs++] = c;
    }
    th->bin[slot] = NULL;
}

/* The body of the team's parallel region: settles bucket after bucket.
 * Every branch below depends only on what the team published before the
 * barrier just passed, so all threads take it together. */
static void ds_search(struct ds_worker *w)
{
    const int me = omp_get_thread_num(), team = omp_get_num_threads();
    struct ds_thread *th = &w->th[me];
    struct ds_public *pub = w->pub;
    uint64_t cur = w->first;
    for (;;) {
        const uint64_t lo = cur << w->shift, slot = cur & (w->slots - 1);
        for (;;) { /* light phases until the bucket stays empty */
            ds_detach(th, slot);
            pub[me].segs = th->segs;
            pub[me].phase_failed = th->failed;
#pragma omp barrier
            size_t total = 0;
            bool failed = false;
            for (int t = 0; t < team; t++) {
                total += pub[t].segs;
                failed |= pub[t].phase_failed;
            }
            if (failed)
                return;
            if (total == 0)
                break;
#pragma omp for schedule(dynamic, 1) nowait
            for (size_t k = 0; k < total; k++) {
                size_t i = k;
                int t = 0;
                while (i >= pub[t].segs)
                    i -= pub[t++].segs;
                struct ds_chunk *c = w->th[t].seg[i];
                ds_light(w, th, lo, c);
                c->next = th->done;
                th->done = c;
            }
            ds_chunk_put(w, th->done);
            th->done = NULL;
#pragma omp barrier
        }
        ds_heavy(w, th);
        uint64_t mine = DS_NO_BUCKET;
        for (uint64_t b = cur + 1; b < cur + w->slots; b++)
            if (th->bin[b & (w->slots - 1)]) {
                mine = b;
                break;
            }
        pub[me].proposal = mine;
        pub[me].bucket_failed = th->failed;
#pragma omp barrier
        uint64_t next = DS_NO_BUCKET;
        for (int t = 0; t < team; t++) {
            if (pub[t].bucket_failed)
                return;
            if (pub[t].proposal < next)
                next = pub[t].proposal;
        }
        if (next == DS_NO_BUCKET)
            return;
        cur = next;
    }
}

static void ds_worker_free(void *worker)
{
    struct ds_worker *w = worker;
    if (!w)
        return;
    walk_arrays_free(&w->a);
    for (int t = 0; w->th && t < w->threads; t++)
        free(w->th[t].seg);
    free(w->th);
    free(w->pub);
    while (w->pool) {
        struct ds_chunk *c = w->pool;
        w->pool = c->next;
        free(c);
    }
    omp_destroy_lock(&w->lock);
    free(w);
}

static void *ds_worker_new(const struct pb_corpus *corpus, const void *shared)
{
    (void)shared;
    struct ds_worker *w = calloc(1, sizeof(*w));
    if (!w)
        return NULL;
    omp_init_lock(&w->lock);
    w->threads = omp_get_max_threads();
    size_t n = (size_t)w->threads;
    w->th = aligned_alloc(64, n * sizeof(*w->th));
    w->pub = aligned_alloc(64, n * sizeof(*w->pub));
    if (w->th)
        memset(w->th, 0, n * sizeof(*w->th));
    if (walk_arrays_init(&w->a, walk_corpus_cells(corpus)) || !w->th ||
        !w->pub) {
        ds_worker_free(w);
        return NULL;
    }
    return w;
}

/* Every list back to the pool, the counts into work; whether a thread
 * ran out of memory. */
static bool ds_collect(struct ds_worker *w, struct pb_work *work)
{
    bool failed = false;
    for (int t = 0; t < w->threads; t++) {
        struct ds_thread *th = &w->th[t];
        work->count[WALK_POPS] += th->pops;
        work->count[WALK_RELAXATIONS] += th->relaxations;
        failed |= th->failed;
        /* already empty after a search that ran to its end */
        for (uint64_t b = 0; b < DS_WINDOW; b++) {
            ds_chunk_put(w, th->bin[b]);
            th->bin[b] = NULL;
        }
        ds_chunk_put(w, th->settled);
        th->settled = NULL;
        th->pops = th->relaxations = 0;
        th->failed = false;
    }
    return failed;
}

static int ds_solve(void *worker, const void *instance, void *answer,
                    struct pb_work *work, struct pb_error *e)
{
    struct ds_worker *w = worker;
    const struct walk_instance *in = instance;
    uint64_t *word = w->a.dist;
    uint8_t *mark = w->a.mark;
    const uint64_t states = walk_cells(in) * WALK_CLASS;
    const uint64_t start = walk_state(in->start, 0);
    w->in = in;
    w->word = word;
    w->colour = in->start / in->cols + in->start % in->cols;
    walk_bottoms(in, w->bottom);
    ds_delta(in, &w->shift, &w->slots);
    const uint64_t sum = in->face[WALK_BOTTOM];
    w->first = sum >> w->shift;
#pragma omp parallel for schedule(static)                                      \
    num_threads(w->threads) default(none) shared(word, states)
    for (uint64_t s = 0; s < states; s++)
        word[s] = DS_UNREACHED;
    word[start] = sum << DS_SUM_SHIFT | (uint64_t)(w->first % DS_TAGS)
                                            << DS_TAG_SHIFT;
    ds_push(w, &w->th[0], &w->th[0].bin[w->first & (w->slots - 1)], start);
#pragma omp parallel num_threads(w->threads) default(none) shared(w)
    ds_search(w);
    if (ds_collect(w, work))
        return pb_fail(e, -ENOMEM,
                       "delta_stepping: out of memory for the buckets");
        /* the walk_arrays of walk_arrays_reset after a search: sums, arrival
         * directions, WALK_UNREACHABLE and WALK_NO_PARENT */
#pragma omp parallel for schedule(static)                                      \
    num_threads(w->threads) default(none) shared(word, mark, states, start)
    for (uint64_t s = 0; s < states; s++) {
        uint64_t x = word[s];
        bool reached = x != DS_UNREACHED;
        word[s] = reached ? x >> DS_SUM_SHIFT : WALK_UNREACHABLE;
        mark[s] = reached && s != start ? (uint8_t)(x & DS_DIR_MASK)
                                        : (uint8_t)WALK_NO_PARENT;
    }
    return walk_route(&w->a, in, answer, e);
}

/* walk_arrays, and the bucket entries: at most one per state for each
 * bucket of the widest window of the corpus (a second needs the tag
 * cleared, that is the first taken out), plus the phase being expanded
 * and the settled list (one per state each), in chunks, plus per thread
 * its partly filled chunks and its segment array. The team is the
 * runner's threads (PB_VARIANT_PARALLEL: one worker). */
static uint64_t ds_memory(const struct pb_corpus *corpus, int threads)
{
    uint64_t cells = walk_corpus_cells(corpus), window = 1;
    for (size_t i = 0; i < corpus->count; i++) {
        unsigned shift;
        uint64_t slots;
        ds_delta(pb_corpus_item(corpus, i), &shift, &slots);
        if (slots > window)
            window = slots;
    }
    uint64_t states = pb_mul_sat(cells, WALK_CLASS);
    uint64_t entries = pb_mul_sat(states, window + 2);
    uint64_t chunks = pb_add_sat(entries / DS_CHUNK + 1,
                                 pb_mul_sat((uint64_t)threads, DS_WINDOW + 3));
    uint64_t per_thread =
        pb_add_sat(sizeof(struct ds_thread) + sizeof(struct ds_public),
                   pb_mul_sat(chunks, 2 * sizeof(struct ds_chunk *)));
    return pb_add_sat(pb_add_sat(walk_arrays_bytes(cells),
                                 pb_mul_sat(chunks, sizeof(struct ds_chunk))),
                      pb_mul_sat((uint64_t)threads, per_thread));
}

const struct pb_variant walk_variant_delta_stepping = {
    .name = "delta_stepping",
    .summary = "parallel delta-stepping (OpenMP team on one instance), "
               "CAS on one (sum, parent, bucket tag) word per state",
    .flags = PB_VARIANT_PARALLEL,
    .worker_new = ds_worker_new,
    .solve = ds_solve,
    .worker_free = ds_worker_free,
    .memory_bound = ds_memory,
};
