/*
 * frontier2.c - breadth-first search of a whole ranked space with 2 bits
 * per state and no queue (frontier2.h has the contracts).
 *
 * Codings (frontier2.h). FRONTIER2_DEPTH_MOD3: 0 for unseen and 1 +
 * (depth mod 3) once reached (the depth-mod-3 coding of Cooperman and
 * Finkelstein's two-bit BFS, used by Korf, "Minimizing disk I/O in
 * two-bit breadth-first search", AAAI 2008, and by Rokicki et al. for the
 * cube). Level d + 1 is found by scanning the packed array, 32 ranks per
 * 64-bit word, for the code of level d: the frontier is the array, so
 * there is no queue. Three codes keep level d (the frontier) apart from
 * level d + 1 (being written) and d - 1 (seen); the scan also meets the
 * older levels d - 3, d - 6, ... whose code is the same, and expands them
 * again for nothing (their neighbours are all seen, so nothing wrong is
 * marked). That is cheap while levels grow, and dear in a long tail of
 * top-down levels (cubic_eight, where bottom-up never pays because most
 * ranks are unreachable: the 3 x 3 tail would expand each state about 4
 * times). FRONTIER2_SEEN (Korf's unseen / frontier / next / seen, with
 * frontier and next taking codes 1 and 2 by turns): a top-down level ORs
 * the expanded slots of each word to 3 right after expanding them; after
 * a bottom-up level, whose threads read the frontier throughout, one
 * streaming pass does it. Nothing is expanded twice; the depth mod 3 is
 * not kept (on_level still sees each level's states while the depth is
 * exact). The directed 2 x 5 ring top-down: 0.43 s seen, 1.08 s mod 3.
 *
 * Direction-optimizing (Beamer, Asanovic and Patterson, "Direction-
 * optimizing breadth-first search", SC 2012): per level, top-down expands
 * each frontier rank and marks its unseen successors; bottom-up takes
 * each unseen rank and marks it when one of its predecessors is in the
 * frontier, stopping at the first (with the space's prev_each, before the
 * rest are even computed; with prev, after). With FRONTIER2_AUTO a level
 * runs bottom-up when its frontier outnumbers the unseen states
 * (frontier2.h: alpha 1, no beta; Beamer's alpha 14 is tuned for graphs
 * whose bottom-up checks end early, while here a miss costs as much as
 * an expansion).
 *
 * Parallel: OpenMP over blocks of words, no lock. Top-down marks with an
 * atomic OR on the word after a load has found the slot unseen (the load
 * is needed: an OR over an older code would corrupt it; codes of earlier
 * levels do not change during a level, and all writers of a level write
 * the same code, so the OR's old value tells exactly one of them that it
 * found the state);
 * bottom-up writes only the words its thread owns, with one OR per word.
 * Loads are relaxed atomics; the barrier between levels orders the rest.
 * The counts are reductions, so they are the same at any thread count.
 *
 * Exact distances from a kept array: in an undirected space neighbours
 * differ in depth by at most 1, so depth mod 3 tells each neighbour's
 * depth relative to the current one; walking from t to a neighbour whose
 * code is one less reaches a start in exactly depth(t) steps (count
 * them). In a directed space a predecessor whose code is one less may lie
 * at depth + 2, so a walk can be too long: search backwards along such
 * predecessors with a length bound L = the smallest length with t's
 * residue, then L + 3, ...; every shortest path obeys the codes, so the
 * first bound that reaches a start is the distance.
 *
 * Memory-level parallelism: beyond the caches each mark is a cache miss.
 * Top-down, a thread computes the successors of its frontier ranks into
 * a batch of BATCH targets, prefetching each target's word as it is
 * computed, and marks the batch when it is full: the misses of a batch
 * overlap. Bottom-up (unless parents_one_by_one), the predecessors of
 * PARENT_BATCH unseen ranks are computed and prefetched before any is
 * read; that gives up the early stop of prev_each for overlapped misses.
 * The array is aligned to 2 MB and advised MADV_HUGEPAGE, so that a
 * random mark costs no page walk (no_huge_pages turns it off, to measure).
 * docs/results/census.md has what each of these buys on the 2 x 6 ring.
 *
 * Cost: O(N) words scanned per level plus O(moves) callback work per
 * expanded (top-down) or unseen (bottom-up) rank; memory N / 4 bytes.
 */
#define _DEFAULT_SOURCE /* madvise, MADV_HUGEPAGE */

#include "frontier2.h"
#include "frontier2_internal.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "pb_clock.h"
#include "pb_limits.h"

#define HUGE_PAGE (2u << 20) /* a transparent huge page on x86-64 */
#define CACHE_LINE 64

uint64_t frontier2_bytes(uint64_t n)
{
    uint64_t words = n / RANKS_PER_WORD + (n % RANKS_PER_WORD != 0);
    return pb_mul_sat(words, sizeof(uint64_t));
}

void frontier2_free(uint64_t *codes)
{
    free(codes);
}

uint64_t *frontier2_array_new(uint64_t bytes, bool huge_pages)
{
    size_t align = bytes >= HUGE_PAGE ? HUGE_PAGE : CACHE_LINE;
    size_t size = (size_t)((bytes + align - 1) / align * align);
    void *p = NULL;
    if (size == 0 || posix_memalign(&p, align, size))
        return NULL;
#ifdef MADV_HUGEPAGE
    if (align == HUGE_PAGE && huge_pages)
        (void)madvise(p, size, MADV_HUGEPAGE); /* a hint: ignore failure */
#else
    (void)huge_pages;
#endif
    return p;
}

/* One level's work, as every thread sees it. */
struct level {
    uint64_t *a;
    uint64_t words;
    /* FRONTIER2_SEEN: a byte per block of BLOCK_WORDS words, set when a
     * state of the level in hand (active) or of the next one (marked)
     * lies in it, so that a top-down scan skips blocks without frontier;
     * NULL in the depth-mod-3 coding, whose older levels share codes. */
    const uint8_t *active;
    uint8_t *marked;
    const struct pb_space *s;
    unsigned cur, nc; /* the frontier's code, the new level's */
    bool seen;        /* FRONTIER2_SEEN: frontier slots become seen */
    bool prefetch;    /* batch the targets and prefetch their words */
    int threads;
};

/* A thread's targets, computed and prefetched a batch ahead of their
 * marks, so that a batch's cache misses overlap instead of following
 * one another (memory-level parallelism: the array is far larger than
 * the caches on the spaces this engine is for). */
#define BATCH 256

struct batch {
    uint64_t t[BATCH + PB_SPACE_MAX_MOVES];
    unsigned len;
};

static uint64_t batch_flush(struct batch *b, uint64_t *a, uint8_t *marked,
                            unsigned nc)
{
    uint64_t found = 0;
    for (unsigned i = 0; i < b->len; i++)
        found += mark(a, marked, b->t[i], nc);
    b->len = 0;
    return found;
}

static uint64_t level_top_down(const struct level *lv)
{
    uint64_t found = 0;
    uint64_t *a = lv->a;
    uint64_t n = lv->s->n, words = lv->words;
    uint64_t blocks = (words + BLOCK_WORDS - 1) / BLOCK_WORDS;
    const uint8_t *active = lv->active;
    uint8_t *marked = lv->marked;
    pb_space_moves_fn next = lv->s->next;
    const void *ctx = lv->s->ctx;
    unsigned cur = lv->cur, nc = lv->nc;
    bool seen = lv->seen, prefetch = lv->prefetch;
#pragma omp parallel default(none)                                             \
    shared(a, words, blocks, active, marked, n, next, ctx, cur, nc, seen,     \
               prefetch) reduction(+ : found) num_threads(lv->threads)
    {
        struct batch b;
        b.len = 0;
#pragma omp for schedule(dynamic, 1) nowait
        for (uint64_t blk = 0; blk < blocks; blk++) {
            if (active && !active[blk])
                continue; /* no state of the level in hand here */
            uint64_t end = (blk + 1) * BLOCK_WORDS;
            for (uint64_t w = blk * BLOCK_WORDS; w < end && w < words; w++) {
                uint64_t x = __atomic_load_n(&a[w], __ATOMIC_RELAXED);
                uint64_t frontier = frontier2_slots(x, cur) & valid_slots(w, n);
                uint64_t m = frontier;
                while (m) {
                    uint64_t r =
                        w * RANKS_PER_WORD + (unsigned)__builtin_ctzll(m) / 2;
                    m &= m - 1;
                    uint64_t *out = &b.t[b.len];
                    unsigned k = next(ctx, r, out);
                    if (!prefetch) {
                        for (unsigned i = 0; i < k; i++)
                            found += mark(a, marked, out[i], nc);
                        continue;
                    }
                    for (unsigned i = 0; i < k; i++)
                        __builtin_prefetch(&a[out[i] / RANKS_PER_WORD], 1);
                    b.len += k;
                    if (b.len >= BATCH)
                        found += batch_flush(&b, a, marked, nc);
                }
                /* Expanded: seen from now on, never expanded again. */
                if (seen && frontier)
                    __atomic_fetch_or(&a[w], seen_bits(frontier, cur),
                                      __ATOMIC_RELAXED);
            }
        }
        found += batch_flush(&b, a, marked, nc);
    }
    return found;
}

/* What the visitor of the bottom-up step reads. */
struct in_frontier {
    const uint64_t *a;
    unsigned cur;
};

static bool is_in_frontier(void *vctx, uint64_t rank)
{
    const struct in_frontier *f = vctx;
    return code_at(f->a, rank) == f->cur;
}

/* Whether a predecessor of rank is in the frontier (code cur). */
static inline bool has_parent(const uint64_t *a, const struct pb_space *s,
                              pb_space_moves_fn prev, uint64_t rank,
                              unsigned cur)
{
    if (s->prev_each) {
        struct in_frontier f = {a, cur};
        return s->prev_each(s->ctx, rank, is_in_frontier, &f);
    }
    uint64_t out[PB_SPACE_MAX_MOVES];
    unsigned k = prev(s->ctx, rank, out);
    for (unsigned i = 0; i < k; i++)
        if (code_at(a, out[i]) == cur)
            return true;
    return false;
}

static uint64_t level_bottom_up(const struct level *lv)
{
    uint64_t found = 0;
    uint64_t *a = lv->a;
    uint64_t n = lv->s->n, words = lv->words;
    const struct pb_space *s = lv->s;
    pb_space_moves_fn prev = s->prev ? s->prev : s->next;
    uint8_t *marked = lv->marked;
    unsigned cur = lv->cur, nc = lv->nc;
#pragma omp parallel for schedule(dynamic, BLOCK_WORDS) default(none)         \
    shared(a, words, n, s, prev, cur, nc, marked) reduction(+ : found)         \
    num_threads(lv->threads)
    for (uint64_t w = 0; w < words; w++) {
        uint64_t x = __atomic_load_n(&a[w], __ATOMIC_RELAXED);
        uint64_t m = frontier2_slots(x, FRONTIER2_UNSEEN) & valid_slots(w, n);
        uint64_t add = 0;
        while (m) {
            unsigned slot = (unsigned)__builtin_ctzll(m) / 2;
            m &= m - 1;
            if (has_parent(a, s, prev, w * RANKS_PER_WORD + slot, cur)) {
                add |= (uint64_t)nc << (2 * slot);
                found++;
            }
        }
        /* This thread owns word w in this level; others only read it. */
        if (add) {
            __atomic_fetch_or(&a[w], add, __ATOMIC_RELAXED);
            note_block(marked, w * RANKS_PER_WORD);
        }
    }
    return found;
}

/* Bottom-up with the predecessors of a batch of unseen ranks computed
 * and their words prefetched before any is read: every predecessor is
 * computed (no early stop), but the batch's cache misses overlap. */
#define PARENT_BATCH 32

struct parent_batch {
    uint64_t rank[PARENT_BATCH];
    uint8_t count[PARENT_BATCH];
    uint64_t pred[PARENT_BATCH * PB_SPACE_MAX_MOVES];
    unsigned len, preds;
};

/* Marks the batch's ranks that have a parent in the frontier; this
 * thread owns their words in this level (others only read them). */
static uint64_t parents_resolve(struct parent_batch *b, uint64_t *a,
                                uint8_t *marked, unsigned cur, unsigned nc)
{
    uint64_t found = 0;
    const uint64_t *p = b->pred;
    for (unsigned i = 0; i < b->len; i++) {
        bool hit = false;
        for (unsigned j = 0; j < b->count[i] && !hit; j++)
            hit = code_at(a, p[j]) == cur;
        p += b->count[i];
        if (hit) {
            uint64_t r = b->rank[i];
            __atomic_fetch_or(&a[r / RANKS_PER_WORD],
                              (uint64_t)nc << (2 * (r % RANKS_PER_WORD)),
                              __ATOMIC_RELAXED);
            note_block(marked, r);
            found++;
        }
    }
    b->len = 0;
    b->preds = 0;
    return found;
}

static uint64_t level_bottom_up_batched(const struct level *lv)
{
    uint64_t found = 0;
    uint64_t *a = lv->a;
    uint64_t n = lv->s->n, words = lv->words;
    const struct pb_space *s = lv->s;
    pb_space_moves_fn prev = s->prev ? s->prev : s->next;
    const void *ctx = s->ctx;
    uint8_t *marked = lv->marked;
    unsigned cur = lv->cur, nc = lv->nc;
#pragma omp parallel default(none)                                             \
    shared(a, words, n, prev, ctx, cur, nc, marked) reduction(+ : found)       \
    num_threads(lv->threads)
    {
        struct parent_batch batch; /* 17 KB: on each thread's stack */
        struct parent_batch *b = &batch;
        b->len = b->preds = 0;
#pragma omp for schedule(dynamic, BLOCK_WORDS) nowait
        for (uint64_t w = 0; w < words; w++) {
            uint64_t x = __atomic_load_n(&a[w], __ATOMIC_RELAXED);
            uint64_t m =
                frontier2_slots(x, FRONTIER2_UNSEEN) & valid_slots(w, n);
            while (m) {
                uint64_t r =
                    w * RANKS_PER_WORD + (unsigned)__builtin_ctzll(m) / 2;
                m &= m - 1;
                uint64_t *out = &b->pred[b->preds];
                unsigned k = prev(ctx, r, out);
                for (unsigned i = 0; i < k; i++)
                    __builtin_prefetch(&a[out[i] / RANKS_PER_WORD], 0);
                b->rank[b->len] = r;
                b->count[b->len++] = (uint8_t)k;
                b->preds += k;
                if (b->len == PARENT_BATCH)
                    found += parents_resolve(b, a, marked, cur, nc);
            }
        }
        found += parents_resolve(b, a, marked, cur, nc);
    }
    return found;
}

/* FRONTIER2_SEEN after a bottom-up level: the frontier (code cur) was
 * read by every thread during the level, so it turns seen only now. */
static void frontier_to_seen(const struct level *lv)
{
    uint64_t *a = lv->a;
    uint64_t words = lv->words;
    const uint8_t *active = lv->active;
    unsigned cur = lv->cur;
#pragma omp parallel for schedule(static) default(none)                        \
    shared(a, words, active, cur) num_threads(lv->threads)
    for (uint64_t w = 0; w < words; w++) {
        if (active && !active[w / BLOCK_WORDS])
            continue;
        uint64_t m = frontier2_slots(a[w], cur);
        if (m)
            a[w] |= seen_bits(m, cur);
    }
}

int frontier2_check_space(const struct pb_space *s, int threads,
                          const uint64_t *counts, size_t max_depths,
                          const char *who, struct pb_error *e)
{
    if (!s || !s->next || s->n == 0)
        return pb_fail(e, -EINVAL, "%s: empty space or no moves", who);
    if (s->moves == 0 || s->moves > PB_SPACE_MAX_MOVES)
        return pb_fail(e, -EINVAL, "%s: %u moves; expected 1..%d", who,
                       s->moves, PB_SPACE_MAX_MOVES);
    if (threads < 1)
        return pb_fail(e, -EINVAL, "%s: threads must be >= 1", who);
    if (!counts || max_depths == 0)
        return pb_fail(e, -EINVAL, "%s: no array for the counts", who);
    if (s->nstarts == 0 || s->nstarts > PB_SPACE_MAX_STARTS)
        return pb_fail(e, -EINVAL, "%s: %zu start ranks; expected 1..%d", who,
                       s->nstarts, PB_SPACE_MAX_STARTS);
    for (size_t i = 0; i < s->nstarts; i++)
        if (s->starts[i] >= s->n)
            return pb_fail(e, -EINVAL, "%s: start rank %llu out of [0, %llu)",
                           who, (unsigned long long)s->starts[i],
                           (unsigned long long)s->n);
    return 0;
}

static int check_args(const struct pb_space *s,
                      const struct frontier2_options *opt,
                      const struct frontier2_result *r, struct pb_error *e)
{
    if (!opt || !r)
        return pb_fail(e, -EINVAL, "frontier2: no options or result");
    if (opt->coding == FRONTIER2_SEEN && opt->keep_codes)
        return pb_fail(e, -EINVAL,
                       "frontier2: kept codes need depths mod 3, not the "
                       "seen coding");
    return frontier2_check_space(s, opt->threads, r->counts, r->max_depths,
                                 "frontier2", e);
}

/* Per level: bottom-up when the frontier is large against what is left. */
static bool choose_bottom_up(enum frontier2_direction dir, uint64_t frontier,
                             uint64_t unseen)
{
    if (dir != FRONTIER2_AUTO)
        return dir == FRONTIER2_BOTTOM_UP;
    return frontier > unseen / FRONTIER2_ALPHA;
}

static double seconds_since(double start)
{
    return pb_now() - start;
}

/* Tells opt->on_level about level d (found states, code 1 + d mod 3). */
static int report_level(const struct frontier2_options *opt,
                        const struct pb_space *s, const uint64_t *a,
                        const struct frontier2_result *r, size_t d,
                        bool bottom_up, double start, struct pb_error *e)
{
    if (!opt->on_level)
        return 0;
    struct frontier2_level lv = {
        .depth = (unsigned)d,
        .found = r->counts[d],
        .reached = r->reached,
        .elapsed = seconds_since(start),
        .bottom_up = bottom_up,
        .codes = a,
        .code = level_code(opt->coding, d),
        .n = s->n,
    };
    return opt->on_level(opt->on_level_arg, &lv, e);
}

int frontier2_search(const struct pb_space *space,
                     const struct frontier2_options *opt,
                     struct frontier2_result *r, struct pb_error *e)
{
    int rc = check_args(space, opt, r, e);
    if (rc)
        return rc;
    double start = pb_now();
    uint64_t bytes = frontier2_bytes(space->n);
    char what[sizeof(space->what) + 32];
    snprintf(what, sizeof(what), "the 2-bit search of %s",
             space->what[0] ? space->what : "the space");
    rc = pb_memory_check(bytes, what, e);
    r->code_bytes = bytes;
    if (rc || opt->plan_only)
        return rc;
    uint64_t *a = frontier2_array_new(bytes, !opt->no_huge_pages);
    if (!a)
        return pb_fail(e, -ENOMEM, "frontier2: out of memory for %llu bytes",
                       (unsigned long long)bytes);
    uint64_t words = bytes / sizeof(uint64_t);
    int threads = opt->threads;
    /* Zeroed in parallel, so that the pages are spread as they are used. */
#pragma omp parallel for schedule(static) default(none) shared(a, words)       \
    num_threads(threads)
    for (uint64_t w = 0; w < words; w++)
        a[w] = 0;

    /* the blocks holding the level in hand and the next (seen coding) */
    bool seen = opt->coding == FRONTIER2_SEEN;
    uint64_t blocks = (words + BLOCK_WORDS - 1) / BLOCK_WORDS;
    uint8_t *active = seen ? calloc(blocks, 1) : NULL;
    uint8_t *marked = seen ? calloc(blocks, 1) : NULL;
    if (seen && (!active || !marked)) {
        free(active);
        free(marked);
        free(a);
        return pb_fail(e, -ENOMEM, "frontier2: out of memory for %llu blocks",
                       (unsigned long long)blocks);
    }
    memset(r->counts, 0, r->max_depths * sizeof(r->counts[0]));
    r->depths = 0;
    r->reached = 0;
    r->bottom_up = 0;
    r->stopped = false;
    r->codes = NULL;
    r->code_bytes = bytes;
    for (size_t i = 0; i < space->nstarts; i++) {
        uint64_t t = space->starts[i];
        if (code_at(a, t) == FRONTIER2_UNSEEN) {
            a[t / RANKS_PER_WORD] |= 1ull << (2 * (t % RANKS_PER_WORD));
            note_block(active, t);
            r->counts[0]++;
        }
    }
    r->reached = r->counts[0];
    r->depths = 1;
    rc = report_level(opt, space, a, r, 0, false, start, e);
    for (size_t d = 0; rc == 0; d++) {
        struct level lv = {
            .a = a,
            .words = words,
            .active = active,
            .marked = marked,
            .s = space,
            .cur = level_code(opt->coding, d),
            .nc = level_code(opt->coding, d + 1),
            .seen = seen,
            .prefetch = !opt->no_prefetch,
            .threads = threads,
        };
        bool bottom_up = choose_bottom_up(opt->direction, r->counts[d],
                                          space->n - r->reached);
        uint64_t found = !bottom_up ? level_top_down(&lv)
                         : opt->parents_one_by_one
                             ? level_bottom_up(&lv)
                             : level_bottom_up_batched(&lv);
        if (bottom_up && seen)
            frontier_to_seen(&lv);
        r->bottom_up += bottom_up;
        if (seen) { /* the next level's blocks become the ones in hand */
            uint8_t *t = active;
            active = marked;
            marked = t;
            memset(marked, 0, blocks);
        }
        if (found == 0)
            break;
        if (d + 1 >= r->max_depths) {
            rc = pb_fail(e, -ERANGE,
                         "frontier2: more than %zu depths (counts array)",
                         r->max_depths);
            break;
        }
        r->counts[d + 1] = found;
        r->reached += found;
        r->depths = d + 2;
        rc = report_level(opt, space, a, r, d + 1, bottom_up, start, e);
    }
    if (rc == FRONTIER2_STOP) {
        r->stopped = true;
        rc = 0;
    } else if (rc > 0) { /* not a value on_level may return */
        rc = pb_fail(e, -EINVAL, "frontier2: on_level returned %d", rc);
    }
    free(active);
    free(marked);
    if (rc == 0 && opt->keep_codes)
        r->codes = a;
    else
        free(a);
    return rc;
}
