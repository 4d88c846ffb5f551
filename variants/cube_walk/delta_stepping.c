/*
 * delta_stepping.c - cube_walk by parallel delta-stepping (Meyer and
 * Sanders): one search of one instance shared by an OpenMP team, over the
 * implicit (square, orientation) graph of walk_grid.h (the framed board,
 * 12 states per square, neighbours at fixed offsets). PB_VARIANT_PARALLEL, as
 * magic_squares' table_omp: the runner's `threads` become this team
 * (omp_set_num_threads before worker_new), and it makes one worker and hands it
 * the instances one by one.
 *
 * Buckets of width delta hold the states whose tentative sum lies in
 * [i * delta, (i + 1) * delta). Each phase, the team takes every entry of
 * the lowest non-empty bucket and expands each state over its four rolls;
 * rolls that stay in the bucket bring it back for another phase, so a
 * bucket is settled when a phase leaves it empty. A roll costs at most W
 * (the largest face value), so only the ceil(W / delta) + 1 buckets from
 * the current one on hold entries: a circular window of slots. There is
 * no separate pass for the heavy rolls (bottom > delta) at the end of a
 * bucket, as in the paper: on these boards every state is expanded about
 * once (pops per state 1.00 to 1.04), so that pass only re-read each
 * state and cost a barrier per bucket (1.4x slower at 1 thread on
 * uniform 1024 x 1024).
 *
 * Work is split by place, not by entry: the board's files are cut into
 * stripes (8 to 64 files, ds_stripes) dealt round the team, and a thread
 * expands only the states of its stripes, so that the sums of a stripe
 * stay in one core's cache and only rolls across a stripe's edge touch
 * another core's lines. Handing the bucket's entries out to whichever
 * thread was free instead gave 1.04x at 2 threads on uniform 2048 x 2048
 * (the band of the wavefront bounced between the cores' caches), 3.3x
 * at 16; stripes give 1.8x at 2 and 7.9x at 16 (a quiet 16-core Xeon),
 * 1.4x to 1.6x at 2 on a quiet 2-core EPYC. A thread queues each state in
 * its own list for the state's owner and bucket; before the one barrier
 * of a phase every thread publishes the heads of its lists and its
 * lowest non-empty bucket, and after it each reads the next bucket and
 * the lists addressed to it.
 *
 * delta is a power of two (buckets by shifts, not divisions): 2^DS_DELTA
 * _SHIFT times the power of two at or below the mean face value, and at
 * least W / (DS_WINDOW - 1) so that the window has at most DS_WINDOW
 * slots. The phases hardly depend on delta (they are bounded below by
 * the depth of the shortest-path tree, about rows + columns hops): on
 * uniform 2048 x 2048 (mean 292) shifts 0 to 3 gave 12942, 9420, 6339 and
 * 4890 phases and 1.006, 1.036, 1.076 and 1.16 pops per state; at 1
 * thread shifts 1 and 2 were fastest, within 10% of 0 and 3, and at 16
 * threads shift 3 was 13% faster than shift 1 (measured on a 16-core
 * machine with the entries handed out dynamically, see above).
 *
 * One 64-bit word per state, in walk_grid's dist array during the
 * search: the sum << DS_SUM_SHIFT, a fresh bit (never expanded), a tag
 * (the bucket, mod DS_TAGS, of the state's waiting entry, or
 * DS_TAG_NONE) and the arrival direction. Sums stay below 2^54 (the
 * static assertion), so the flags fit. All of a state's changes are
 * compare-and-swaps of its word: a relaxation lowers the sum, sets the
 * direction and the tag in one (the fresh bit kept), and queues the state
 * only when the tag changes; an expansion clears the tag and the fresh
 * bit and reads the sum in one. So a state waits at most once in a
 * bucket, sum, parent and tag never tear, and the word's single
 * modification order decides every race: an improvement comes either
 * before the expansion's swap (which then reads it) or after it (and
 * then sees the cleared tag and queues the state again). Relaxed
 * ordering is enough, as only this one word is involved; bucket
 * entries, the lists and what threads publish are plain data, written
 * before a barrier and read after it, and the keep array is written in
 * ranges a fetch-and-add hands out and read after the team ends
 * (ThreadSanitizer with LLVM's libomp and Archer finds no race in
 * test_walk_delta).
 *
 * Parents change only on a strict improvement, so they form a tree even
 * with zero-cost rolls (a cycle closed by a strict improvement would be
 * a negative cycle), and they are consistent with the final sums (a
 * parent whose sum still fell would relax the child again). The read-back
 * (ds_read_back) writes what walk_grid_route reads: the end square's
 * sums into dist, and the arrival directions along the best route into
 * mark, O(route). Runs may pick different routes among equal ones; the
 * sum is the same.
 *
 * Early exit. At each barrier the team computes next, the lowest bucket
 * with entries, and then every state u of sum d(u) < next * delta is
 * final and has been expanded at it. By induction along a shortest
 * route to u (every state on it has a sum <= d(u), rolls costing 0 or
 * more): the start's entry lies in its own bucket, below next; a state v
 * of the route expanded at d(v) relaxes its successor v' to d(v'), and
 * the relaxation that set d(v') left v' tagged with its bucket, below
 * next, with an entry there not yet expanded (queued then, or waiting
 * already); buckets below next are empty at the barrier, so that entry
 * was taken since, and its expansion, later in the word's order, read
 * d(v'). So when some state of the end square has a sum below next *
 * delta, the least of the end square's sums is final, the answer, and
 * the states of the route to it are final with their parents (a parent
 * whose sum fell later would lower its child's final sum); the team
 * returns at that barrier (ds_end_final). Every thread decides alike:
 * sums only fall, and the phase after the barrier writes sums of next *
 * delta or more, so whether an end sum lies below next * delta cannot
 * change while the threads read the end's words (relaxed atomic loads).
 * The team stops at the first barrier past the bucket B of the answer:
 * it has expanded exactly the states of sum below (B + 1) * delta, at
 * any team size. WALK_SETTLED counts them (the fresh bits cleared),
 * WALK_TOUCHED those and the states their rolls reached (the fresh
 * states still waiting in the buckets, counted by ds_collect), so both
 * counters are the same at every team size, unlike pops and
 * relaxations. An end that cannot be reached (the `sealed` family)
 * leaves a full search, every reachable state settled: the measure of
 * the scaling figures.
 *
 * Reset in proportion to the search. A search writes only the words of
 * the states it takes from the buckets and of their rolls. Each thread,
 * after expanding a list, copies its entries into the worker's keep
 * array (one relaxed fetch-and-add per list reserves the room, nothing
 * per entry); the next solve resets each kept state and its four rolls'
 * states (ds_wipe), or, when more than 1/WALK_LIST_CUT of the states
 * were taken, all of the words in a parallel pass. Marking each state in
 * the hot loop instead (an atomic fetch-or per relaxation, or a flag
 * and a list append per first expansion) cost 15 % and 4 % of a full
 * search's instructions; the copy per list costs none measurable.
 *
 * An expansion is walk_grid's: four open tests and four look-ups in the
 * offset and cost tables, no bounds test. Thread me expands only the
 * states of its stripes, so the rolls up and down stay with it; the
 * owner of the files east and west comes from the stripe table, the
 * file from the square by a multiplicative remainder (ds_file), not a
 * division.
 *
 * Lists are linked chunks of DS_CHUNK entries from a pool shared by the
 * team (a lock per chunk, not per entry), kept by the worker across
 * instances; the thread that expands a list gives its chunks back.
 *
 * Work: pops = states taken from a bucket and expanded (entries of states
 * that moved to a lower bucket are skipped and not counted), relaxations
 * = strict improvements; O(settled + relaxations) work and O(phases)
 * barriers, plus the reset of the last search's words. At more than one
 * thread pops and relaxations vary a little from run to run (the order
 * of the improvements), the sums, settled and touched never. Memory:
 * walk_grid's arrays (113 bytes per framed square with its unused list),
 * the keep array (6 bytes per framed square), plus the bucket entries, 8
 * bytes each (see ds_memory).
 *
 * Reference: U. Meyer and P. Sanders, "Delta-stepping: a parallelizable
 * shortest path algorithm", J. Algorithms 49 (2003) 114-152; the thread-
 * local bins of GAP's sssp.cc (Beamer, Asanovic and Patterson, 2015); the
 * remainder: D. Lemire, O. Kaser and N. Kurz, "Faster remainder by direct
 * computation", Software: Practice and Experience 49 (2019) 953-964.
 */
#include <omp.h>
#include <stdbool.h>

#include "walk_grid.h"

__extension__ typedef unsigned __int128 ds_u128;

enum {
    DS_CHUNK = 510,     /* entries of a chunk: 4 KB with its header */
    DS_WINDOW = 32,     /* the most buckets that hold entries at once */
    DS_TAGS = 64,       /* tag values: a power of two above DS_WINDOW */
    DS_DELTA_SHIFT = 1, /* delta = 2^shift * the power of two <= mean */
    /* stripes of 2^3 to 2^6 files, the widest that still gives every
     * thread DS_STRIPES_EACH of them (2^3 to 2^6 measured within 10% at
     * 2 threads on 2048 x 2048, the widest best) */
    DS_STRIPE_MIN = 3,
    DS_STRIPE_MAX = 6,
    DS_STRIPES_EACH = 8,
    /* what a team member costs the OpenMP runtime and the allocator's
     * thread cache, allowed for in ds_memory: up to about 16 KB a
     * thread in test_walk_delta's heap peaks, doubled */
    DS_TEAM_BYTES = 32 << 10,
};

/* The state word: sum | fresh | tag | arrival direction. */
#define DS_DIR_MASK 3u
#define DS_TAG_SHIFT 2
#define DS_TAG_NONE 0x7Fu    /* 7 bits; tags are 0..DS_TAGS - 1 */
#define DS_FRESH (1ull << 9) /* never expanded yet */
#define DS_SUM_SHIFT 10
/* unreached: every bit set (WALK_UNREACHABLE), so its tag
 * is DS_TAG_NONE, it is fresh and its sum above every real one */
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

/* One thread's own lists and counts; only its owner writes them. */
struct ds_thread {
    /* box[d * DS_WINDOW + slot]: entries for thread d's stripes, slot =
     * bucket % slots */
    _Alignas(64) struct ds_chunk **box;
    uint64_t pops, relaxations, settled;
    bool failed; /* out of memory, published at the next barrier */
};

/* What a thread publishes before a barrier for the team to read after
 * it; two sets, by the parity of the phase, so that a thread running
 * ahead never writes what a slower one may still read. */
struct ds_public {
    _Alignas(64) struct ds_chunk **head; /* its box, as it was */
    uint64_t lowest; /* its lowest non-empty bucket, or DS_NO_BUCKET */
    bool failed;
};

struct ds_worker {
    /* the instance being solved (laid out, its dist the state words),
     * read-only inside the search */
    _Alignas(64) struct walk_grid g;
    uint64_t *word;  /* g.dist during the search */
    uint16_t *owner; /* the thread of each stripe of files */
    uint64_t magic;  /* for ds_file: 2^64 / g.width, rounded up */
    unsigned shift;  /* delta = 1 << shift */
    unsigned stripe; /* files per stripe = 1 << stripe */
    uint64_t slots;  /* buckets in the window, a power of two */
    uint64_t first;  /* the start's bucket */
    struct ds_thread *th;
    struct ds_public *pub[2];
    /* the states taken from the buckets (expanded, or skipped as moved
     * lower) while they fit: keep[0, kept) when kept <= keep_room */
    uint64_t *keep;
    uint64_t keep_room; /* for this instance */
    uint64_t kept;      /* entries reserved, fetch-and-add per list */
    /* apart from the fields above, which every thread reads */
    _Alignas(64) omp_lock_t lock; /* guards pool */
    struct ds_chunk *pool;
    int threads;      /* the team size at worker_new */
    uint32_t stripes; /* room in owner */
    /* the lowest bucket with entries when the search stopped at the
     * end, or DS_NO_BUCKET (written by thread 0 alone) */
    uint64_t stop;
    /* what the last search left in the words: by_list, the states in
     * keep[0, kept) and their rolls' states (in the layout still in g);
     * else the words [0, dirty); every other word is DS_UNREACHED */
    bool by_list;
    uint64_t dirty;
};

/* delta's exponent and the window for an instance's faces. */
static void ds_delta(const struct walk_instance *in, unsigned *shift,
                     uint64_t *slots)
{
    uint64_t sum = 0, most = walk_max_face(in);
    for (int f = 0; f < WALK_FACES; f++)
        sum += in->face[f];
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

/* The states kept for the reset by them (ds_wipe) on a board of
 * `squares` framed squares: about 1/WALK_LIST_CUT of its states (each
 * resets 5 words, scattered; past that one pass over all is cheaper),
 * never none. */
static uint64_t ds_keep_room(uint64_t squares)
{
    return squares * WALK_CLASS / WALK_LIST_CUT + 1;
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

/* Gives back the list from head to tail. */
static void ds_chunk_put(struct ds_worker *w, struct ds_chunk *head,
                         struct ds_chunk *tail)
{
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
 * on t's, and t queued in nd's bucket, for the thread `to` of its
 * stripe, unless its entry there is already waiting. A word's tag, when
 * not DS_TAG_NONE, is the bucket of its sum (they change together), so
 * it differs from nd's bucket exactly when the improvement moved t to a
 * lower bucket or t is not queued. */
static inline void ds_relax(struct ds_worker *w, struct ds_thread *th,
                            uint64_t t, uint64_t nd, unsigned d, unsigned to)
{
    const uint64_t b = nd >> w->shift, tag = b % DS_TAGS;
    uint64_t old = __atomic_load_n(&w->word[t], __ATOMIC_RELAXED), want;
    bool queue;
    do {
        if (old >> DS_SUM_SHIFT <= nd)
            return;
        queue = ((old >> DS_TAG_SHIFT) & DS_TAG_NONE) != tag;
        want = nd << DS_SUM_SHIFT | (old & DS_FRESH) | tag << DS_TAG_SHIFT | d;
    } while (!__atomic_compare_exchange_n(&w->word[t], &old, want, false,
                                          __ATOMIC_RELAXED, __ATOMIC_RELAXED));
    th->relaxations++;
    if (queue)
        ds_push(w, th, &th->box[(size_t)to * DS_WINDOW + (b & (w->slots - 1))],
                t);
}

/* The file (framed column) of framed square p: p % g.width by two
 * multiplications (Lemire, Kaser and Kurz's direct remainder, exact for
 * 32-bit p and width) instead of a division per state. */
static inline uint32_t ds_file(const struct ds_worker *w, uint32_t p)
{
    return (uint32_t)(((ds_u128)(w->magic * p) * w->g.width) >> 64);
}

/* Relaxes the open rolls out of state s at sum ds with walk_grid's step
 * tables. Thread me owns s's stripe, so it owns the squares up and down;
 * only the files east and west may belong to another. */
static inline void ds_expand(struct ds_worker *w, struct ds_thread *th,
                             unsigned me, uint64_t s, uint64_t ds)
{
    const struct walk_grid *g = &w->g;
    const uint64_t p = s / WALK_CLASS, base = p * WALK_CLASS;
    const unsigned o =
        (unsigned)(s - base) + WALK_CLASS * (unsigned)((p ^ g->start) & 1u);
    const uint32_t file = ds_file(w, (uint32_t)p);
    const unsigned to[WALK_DIRS] = {
        [WALK_UP] = me,
        [WALK_DOWN] = me,
        [WALK_EAST] = w->owner[(file + 1) >> w->stripe],
        [WALK_WEST] = w->owner[(file - 1) >> w->stripe]};
    for (unsigned d = 0; d < WALK_DIRS; d++) {
        if (!g->open[(int64_t)p + g->square_step[d]])
            continue;
        ds_relax(w, th, (uint64_t)((int64_t)base + g->offset[o][d]),
                 ds + g->cost[o][d], d, to[d]);
    }
}

/* Copies the entries of the list from c, n in all, into keep while
 * they fit: one fetch-and-add per list reserves their room. */
static void ds_keep(struct ds_worker *w, const struct ds_chunk *c, uint64_t n)
{
    uint64_t at = __atomic_fetch_add(&w->kept, n, __ATOMIC_RELAXED);
    if (at > w->keep_room || n > w->keep_room - at)
        return;
    for (; c; c = c->next) {
        memcpy(w->keep + at, c->s, c->len * sizeof(*c->s));
        at += c->len;
    }
}

/* Expands the entries of the list from c, taken from the bucket whose
 * sums start at lo, keeps them and gives its chunks back. */
static void ds_list_expand(struct ds_worker *w, struct ds_thread *th,
                           unsigned me, uint64_t lo, struct ds_chunk *c)
{
    const uint64_t none = (uint64_t)DS_TAG_NONE << DS_TAG_SHIFT;
    struct ds_chunk *head = c, *tail = c;
    uint64_t entries = 0, pops = 0, settled = 0;
    for (; c; tail = c, c = c->next) {
        entries += c->len;
        for (uint32_t i = 0; i < c->len; i++) {
            uint64_t s = c->s[i];
            uint64_t old = __atomic_load_n(&w->word[s], __ATOMIC_RELAXED);
            /* moved to a lower bucket, and expanded there */
            if (old >> DS_SUM_SHIFT < lo)
                continue;
            while (!__atomic_compare_exchange_n(
                &w->word[s], &old, (old | none) & ~DS_FRESH, false,
                __ATOMIC_RELAXED, __ATOMIC_RELAXED))
                ;
            pops++;
            settled += (old & DS_FRESH) != 0;
            ds_expand(w, th, me, s, old >> DS_SUM_SHIFT);
        }
    }
    th->pops += pops;
    th->settled += settled;
    if (head) {
        ds_keep(w, head, entries);
        ds_chunk_put(w, head, tail);
    }
}

/* Publishes this thread's lists and its lowest non-empty bucket from
 * cur on. */
static void ds_publish(const struct ds_worker *w, const struct ds_thread *th,
                       struct ds_public *p, uint64_t cur, int team)
{
    const uint64_t mask = w->slots - 1;
    p->lowest = DS_NO_BUCKET;
    for (int d = 0; d < team; d++)
        for (uint64_t b = cur; b < cur + w->slots; b++) {
            struct ds_chunk *c = th->box[(uint64_t)d * DS_WINDOW + (b & mask)];
            p->head[(uint64_t)d * DS_WINDOW + (b & mask)] = c;
            if (c && b < p->lowest)
                p->lowest = b;
        }
    p->failed = th->failed;
}

/* Whether a state of the end square has a sum below next's bucket, so
 * that the least of them is final (the opening comment): the same for
 * every thread of the phase, as the phase's relaxations write sums of
 * next's bucket or above. */
static bool ds_end_final(const struct ds_worker *w, uint64_t next)
{
    const uint64_t bound = next << w->shift;
    for (unsigned k = 0; k < WALK_CLASS; k++) {
        uint64_t x =
            __atomic_load_n(&w->word[w->g.end_state + k], __ATOMIC_RELAXED);
        if (x >> DS_SUM_SHIFT < bound)
            return true;
    }
    return false;
}

/* The body of the team's parallel region. Thread me expands the states
 * of its stripes of files, queued by any thread, so that the sums of a
 * stripe stay in one core's cache; only rolls across a stripe's edge
 * touch another's. Every branch depends only on what the team published
 * before the barrier just passed, so all threads take it together. */
static void ds_search(struct ds_worker *w)
{
    const int me = omp_get_thread_num(), team = omp_get_num_threads();
    struct ds_thread *th = &w->th[me];
    uint64_t cur = w->first;
    for (unsigned parity = 0;; parity ^= 1) {
        ds_publish(w, th, &w->pub[parity][me], cur, team);
#pragma omp barrier
        const struct ds_public *p = w->pub[parity];
        uint64_t next = DS_NO_BUCKET;
        for (int t = 0; t < team; t++) {
            if (p[t].failed)
                return;
            if (p[t].lowest < next)
                next = p[t].lowest;
        }
        if (next == DS_NO_BUCKET)
            return;
        if (ds_end_final(w, next)) {
            if (me == 0)
                w->stop = next;
            return;
        }
        cur = next;
        const uint64_t slot = cur & (w->slots - 1), lo = cur << w->shift;
        for (int d = 0; d < team; d++)
            th->box[(uint64_t)d * DS_WINDOW + slot] = NULL;
        for (int t = 0; t < team; t++)
            ds_list_expand(w, th, (unsigned)me, lo,
                           p[t].head[(uint64_t)me * DS_WINDOW + slot]);
    }
}

static void ds_worker_free(void *worker)
{
    struct ds_worker *w = worker;
    if (!w)
        return;
    walk_grid_free(&w->g);
    for (int t = 0; t < w->threads; t++) {
        if (w->th)
            free(w->th[t].box);
        for (int k = 0; k < 2; k++)
            if (w->pub[k])
                free(w->pub[k][t].head);
    }
    free(w->th);
    free(w->pub[0]);
    free(w->pub[1]);
    free(w->owner);
    free(w->keep);
    while (w->pool) {
        struct ds_chunk *c = w->pool;
        w->pool = c->next;
        free(c);
    }
    omp_destroy_lock(&w->lock);
    free(w);
}

/* The most framed files (walk_grid_width) of any instance of corpus. */
static uint32_t ds_corpus_files(const struct pb_corpus *corpus)
{
    uint32_t most = 1;
    for (size_t i = 0; i < corpus->count; i++) {
        const struct walk_instance *in = pb_corpus_item(corpus, i);
        if (walk_grid_width(in->cols) > most)
            most = walk_grid_width(in->cols);
    }
    return most;
}

static void *ds_worker_new(const struct pb_corpus *corpus, const void *shared)
{
    (void)shared;
    struct ds_worker *w = calloc(1, sizeof(*w));
    if (!w)
        return NULL;
    omp_init_lock(&w->lock);
    w->threads = omp_get_max_threads();
    const size_t n = (size_t)w->threads, lists = n * DS_WINDOW;
    w->stripes = (ds_corpus_files(corpus) >> DS_STRIPE_MIN) + 1;
    w->owner = malloc(w->stripes * sizeof(*w->owner));
    w->th = aligned_alloc(64, n * sizeof(*w->th));
    w->pub[0] = aligned_alloc(64, n * sizeof(*w->pub[0]));
    w->pub[1] = aligned_alloc(64, n * sizeof(*w->pub[1]));
    bool ok = w->owner && w->th && w->pub[0] && w->pub[1];
    for (int k = 0; k < 2; k++)
        if (w->pub[k])
            memset(w->pub[k], 0, n * sizeof(*w->pub[k]));
    if (w->th)
        memset(w->th, 0, n * sizeof(*w->th));
    w->keep =
        malloc(ds_keep_room(walk_corpus_squares(corpus)) * sizeof(*w->keep));
    ok = ok && w->keep;
    for (size_t t = 0; ok && t < n; t++) {
        w->th[t].box = calloc(lists, sizeof(*w->th[t].box));
        w->pub[0][t].head = calloc(lists, sizeof(*w->pub[0][t].head));
        w->pub[1][t].head = calloc(lists, sizeof(*w->pub[1][t].head));
        ok = w->th[t].box && w->pub[0][t].head && w->pub[1][t].head;
    }
    if (!ok || walk_grid_init(&w->g, corpus)) {
        ds_worker_free(w);
        return NULL;
    }
    w->dirty = w->g.room * WALK_CLASS; /* malloc's contents */
    return w;
}

/* The states of the entries of the list from c, of bucket b, that wait
 * there unexpanded: fresh, their sum in b (an entry in a bucket above
 * its state's sum is left over from before an improvement). */
static uint64_t ds_waiting(const struct ds_worker *w, const struct ds_chunk *c,
                           uint64_t b)
{
    uint64_t n = 0;
    for (; c; c = c->next)
        for (uint32_t i = 0; i < c->len; i++) {
            uint64_t x = w->word[c->s[i]];
            n += (x & DS_FRESH) && x >> DS_SUM_SHIFT >> w->shift == b;
        }
    return n;
}

/* The counts into work, and every chunk back to the pool (lists are
 * left only by a search cut short); whether a thread ran out of memory.
 * Touched: the settled states (every state expanded, not fresh), and
 * when the search stopped at the end the fresh ones waiting in the
 * buckets from w->stop on, each once, in the bucket of its sum. */
static bool ds_collect(struct ds_worker *w, struct pb_work *work)
{
    bool failed = false;
    const uint64_t mask = w->slots - 1;
    for (int t = 0; t < w->threads; t++) {
        struct ds_thread *th = &w->th[t];
        work->count[WALK_POPS] += th->pops;
        work->count[WALK_RELAXATIONS] += th->relaxations;
        work->count[WALK_SETTLED] += th->settled;
        work->count[WALK_TOUCHED] += th->settled;
        failed |= th->failed;
        for (size_t b = 0; b < (size_t)w->threads * DS_WINDOW; b++) {
            struct ds_chunk *tail = th->box[b];
            if (w->stop != DS_NO_BUCKET)
                work->count[WALK_TOUCHED] += ds_waiting(
                    w, tail, w->stop + ((b % DS_WINDOW - w->stop) & mask));
            while (tail && tail->next)
                tail = tail->next;
            if (tail)
                ds_chunk_put(w, th->box[b], tail);
            th->box[b] = NULL;
        }
        th->pops = th->relaxations = th->settled = 0;
        th->failed = false;
    }
    return failed;
}

/* Stripes of files for a team: the widest of 2^DS_STRIPE_MIN to
 * 2^DS_STRIPE_MAX files that still gives each thread DS_STRIPES_EACH,
 * dealt round the team. */
static void ds_stripes(struct ds_worker *w, uint32_t files, int team)
{
    unsigned s = DS_STRIPE_MAX;
    while (s > DS_STRIPE_MIN && (files >> s) < (uint32_t)team * DS_STRIPES_EACH)
        s--;
    w->stripe = s;
    for (uint32_t i = 0; i <= (files - 1) >> s; i++)
        w->owner[i] = (uint16_t)(i % (uint32_t)team);
}

/* Every word DS_UNREACHED again, after the last search (its layout
 * still in g): by the states it kept, each with the states of its four
 * rolls (the only words a search writes: an expansion's own and its
 * relaxations'), or all of the words it may have written, in parallel. */
static void ds_wipe(struct ds_worker *w)
{
    const struct walk_grid *g = &w->g;
    uint64_t *word = g->dist;
    if (w->by_list) {
        /* kept states are on open squares, inside the frame, so their
         * rolls stay on the arrays */
        for (uint64_t i = 0; i < w->kept; i++) {
            const uint64_t s = w->keep[i], base = s / WALK_CLASS * WALK_CLASS;
            const unsigned o = walk_grid_orientation(g, s);
            word[s] = DS_UNREACHED;
            for (unsigned d = 0; d < WALK_DIRS; d++)
                word[(uint64_t)((int64_t)base + g->offset[o][d])] =
                    DS_UNREACHED;
        }
    } else {
        const uint64_t dirty = w->dirty;
#pragma omp parallel for schedule(static)                                      \
    num_threads(w->threads) default(none) shared(word, dirty)
        for (uint64_t s = 0; s < dirty; s++)
            word[s] = DS_UNREACHED;
    }
    w->kept = 0;
    w->by_list = false;
    w->dirty = 0;
}

/* What walk_grid_route reads, from the state words: the sums of the end
 * square's states, and the arrival direction of each state on the
 * route to the best of them (the one walk_grid_route picks: the first
 * least sum), WALK_NO_PARENT at the start. The route's states are
 * final (the opening comment), so their directions are. */
static void ds_read_back(struct walk_grid *g, uint64_t start)
{
    uint64_t *word = g->dist, best = DS_UNREACHED, at = 0;
    for (unsigned k = 0; k < WALK_CLASS; k++) {
        uint64_t s = g->end_state + k;
        if (word[s] != DS_UNREACHED && word[s] >> DS_SUM_SHIFT < best) {
            best = word[s] >> DS_SUM_SHIFT;
            at = s;
        }
    }
    g->mark[start] = WALK_NO_PARENT;
    if (best != DS_UNREACHED)
        for (uint64_t s = at; s != start; s = walk_grid_parent(g, s))
            g->mark[s] = (uint8_t)(word[s] & DS_DIR_MASK);
    for (unsigned k = 0; k < WALK_CLASS; k++) {
        uint64_t s = g->end_state + k;
        if (word[s] != DS_UNREACHED)
            word[s] >>= DS_SUM_SHIFT;
    }
}

static int ds_solve(void *worker, const void *instance, void *answer,
                    struct pb_work *work, struct pb_error *e)
{
    struct ds_worker *w = worker;
    const struct walk_instance *in = instance;
    struct walk_grid *g = &w->g;
    ds_wipe(w);
    const uint64_t start = walk_grid_layout(g, in);
    w->word = g->dist;
    /* the search writes only the board's words (and its lists, kept
     * when it ends well) */
    w->dirty = g->states;
    w->keep_room = ds_keep_room(g->states / WALK_CLASS);
    w->magic = UINT64_MAX / g->width + 1;
    ds_delta(in, &w->shift, &w->slots);
    const uint64_t sum = walk_bottom(in, 0);
    w->first = sum >> w->shift;
    w->stop = DS_NO_BUCKET;
    w->word[start] = sum << DS_SUM_SHIFT | DS_FRESH |
                     (uint64_t)(w->first % DS_TAGS) << DS_TAG_SHIFT;
#pragma omp parallel num_threads(w->threads) default(none) shared(w, g, start)
    {
#pragma omp single
        {
            ds_stripes(w, g->width, omp_get_num_threads());
            unsigned to = w->owner[ds_file(w, g->start) >> w->stripe];
            ds_push(w, &w->th[0],
                    &w->th[0].box[(size_t)to * DS_WINDOW +
                                  (w->first & (w->slots - 1))],
                    start);
        }
        ds_search(w);
    }
    if (ds_collect(w, work))
        return pb_fail(e, -ENOMEM,
                       "delta_stepping: out of memory for the buckets");
    w->by_list = w->kept <= w->keep_room;
    ds_read_back(g, start);
    return walk_grid_route(g, answer, e);
}

/* walk_grid's arrays; the bucket entries: at most one per state (of the
 * board: frame and blocked squares are never queued) waiting in each
 * bucket of the widest window of the corpus, and one more per state for
 * the phase being expanded, in chunks, with a partly filled one per list
 * (threads^2 * window lists); per thread its lists, DS_TEAM_BYTES and
 * the stripe table; walk_grid's list of expanded squares (unused here,
 * 4 bytes per framed square, which walk_grid_bytes leaves out) and the
 * states kept (ds_keep_room, 8 bytes each); the routes, each at most one square
 * per state (parents form a tree). The team is the runner's threads
 * (PB_VARIANT_PARALLEL: one worker). */
static uint64_t ds_memory(const struct pb_corpus *corpus, int threads)
{
    uint64_t cells = walk_corpus_cells(corpus), window = 1, routes = 0;
    for (size_t i = 0; i < corpus->count; i++) {
        const struct walk_instance *in = pb_corpus_item(corpus, i);
        unsigned shift;
        uint64_t slots;
        ds_delta(in, &shift, &slots);
        if (slots > window)
            window = slots;
        routes = pb_add_sat(
            routes, pb_mul_sat(walk_cells(in), WALK_CLASS * sizeof(uint32_t)));
    }
    const uint64_t team = (uint64_t)threads;
    uint64_t entries = pb_mul_sat(pb_mul_sat(cells, WALK_CLASS), window + 1);
    uint64_t chunks = pb_add_sat(
        entries / DS_CHUNK + 1, pb_mul_sat(pb_mul_sat(team, team), window + 1));
    const uint64_t squares = walk_corpus_squares(corpus);
    uint64_t per_thread = pb_add_sat(
        DS_TEAM_BYTES + 2 * sizeof(struct ds_public) + sizeof(struct ds_thread),
        pb_mul_sat(3 * team * DS_WINDOW, sizeof(struct ds_chunk *)));
    uint64_t grid =
        pb_add_sat(pb_add_sat(walk_grid_bytes(corpus),
                              pb_mul_sat(squares, sizeof(uint32_t))),
                   pb_mul_sat(ds_keep_room(squares), sizeof(uint64_t)));
    uint64_t shared = pb_add_sat(
        pb_add_sat(grid + sizeof(struct ds_worker),
                   pb_mul_sat(chunks, sizeof(struct ds_chunk))),
        ((uint64_t)ds_corpus_files(corpus) >> DS_STRIPE_MIN) * 2 + 2);
    return pb_add_sat(pb_add_sat(shared, routes), pb_mul_sat(team, per_thread));
}

const struct pb_variant walk_variant_delta_stepping = {
    .name = "delta_stepping",
    .summary = "parallel delta-stepping (OpenMP team on one instance, "
               "stripes of files per thread), CAS on one (sum, parent, "
               "bucket tag) word per state",
    .flags = PB_VARIANT_PARALLEL,
    .worker_new = ds_worker_new,
    .solve = ds_solve,
    .worker_free = ds_worker_free,
    .memory_bound = ds_memory,
};
