/*
 * table_omp.c - Magic Squares with a table of depths mod 3, 2 bits per
 * state, built by the whole-space engine (frontier2.h, OpenMP, direction-
 * optimizing) on the kernel's space (magic_space.h); each query is
 * answered by a forward walk that recovers exact distances from the
 * codes by short backward searches.
 *
 * Distances: the moves rewrite positions only (x -> x o p_m), so the move
 * graph is a Cayley graph and the distance from x to the target t is
 * depth(g), g = e o x^-1 o t (e the start): a sequence s takes x to t iff
 * p_s = x^-1 o t iff it takes e to g. The table holds code(y) =
 * 1 + depth(y) mod 3 (0: unreached).
 *
 * Exact depth from the codes. The graph is directed: an edge p -> y only
 * gives depth(y) <= depth(p) + 1, so a predecessor whose code says "one
 * less" may lie at depth(y) + 2 (or + 5, ...), and a greedy walk down
 * the codes can be too long. Let V(z, m) be depth(z) <= m, asked only
 * when code(z) = 1 + m mod 3. For z != e and m >= 1:
 *   V(z, m) iff some predecessor p (p -> z a move) has code(p) =
 *   code(z) - 1 (mod 3, in 1..3) and V(p, m - 1).
 * If: depth(z) <= depth(p) + 1 <= m. Only if: depth(z) = m - 3j <= m;
 * a shortest path to z ends p -> z with depth(p) = depth(z) - 1, whose
 * code is one less and which is <= m - 1. So V is decided by a depth-
 * first search along code-fitting predecessors, and
 *  (1) depth(g) = the least m = code(g) - 1, + 3, + 6, ... with V(g, m);
 *  (2) when depth(z) >= m is known, V(z, m) iff depth(z) = m, and then
 *      every state on the search's successful chain is exactly as deep
 *      as its remaining length (fewer would make z shallower), so the
 *      chain read forwards (inside the ball, by stepping down its exact
 *      levels) is a shortest sequence from e to z.
 * Two things keep the search small. A ball: every state within radius R
 * of e with its exact depth (a small BFS at build time, at most
 * BALL_STATES states), which decides V(z, m) outright when z is in it or
 * m <= R (then depth(z) > R >= m), so a failing search stops R levels
 * early. And a memo of the (z, m) found false in this query (a hash set
 * in the worker), so no pair is searched twice. The order tried is
 * A, B, C: A is its own inverse, so the A-predecessor's depth is within
 * one of z's, and when its code fits it is a parent on a shortest path.
 *
 * Query: D = depth(g) by (1), which also gives a shortest sequence s
 * from x to t by (2) and the Cayley argument. Then from x with r moves
 * left the answer takes the first of A, B, C that starts a shortest
 * sequence: s[0] does; a move m before it does iff d(xm, t) = r - 1,
 * i.e. (d(xm, t) >= r - 1 always) iff code(g') = 1 + (r - 1) mod 3 and
 * V(g', r - 1) by (2), g' = e o (xm)^-1 o t, whose search gives the new
 * s. For A the code alone decides (d(xA, t) is r - 1, r or r + 1). The
 * first move in A, B, C order on a shortest path, repeated, gives the
 * alphabetically first shortest sequence (the oracle's argument).
 *
 * Build: the engine's census, O((2K)! * 3 * K) work over T threads and
 * (2K)! / 4 bytes (120 MB for 2 x 6, 0.9 MB for 2 x 5; the byte table
 * took four times that), plus the ball (512 KB) and, per thread, the
 * memo. Query: the searches proving depth(g) > D - 3, D - 6, ... (each
 * D - R levels deep) and one that finds a chain, then at most one
 * search per move (B before a C of s); measured, 2 x 5 uniform queries
 * about 4 us, depth-27 ones about 14 us, against 1.8 and 2.1 us with a
 * byte of exact depth per state.
 * Reference: Korf, "Minimizing disk I/O in two-bit breadth-first search",
 * AAAI 2008 (depth mod 3); Beamer et al., SC 2012 (direction-optimizing).
 */
#include <omp.h>
#include <stdlib.h>
#include <string.h>

#include "frontier2.h"
#include "magic_ball.h"
#include "magic_space.h"
#include "magic_unrank.h"
#include "magic_variant.h"

struct code_tables {
    uint64_t *codes[MAGIC_K_MAX + 1];
    struct ball ball[MAGIC_K_MAX + 1];
    struct magic_unranker u;
};

/* The (state, m) pairs found false in this query: open addressing over
 * keys rank << 8 | m, each tagged with the query's generation so that a
 * new query starts empty without clearing the table. */
struct worker {
    const struct code_tables *t;
    uint64_t *slot; /* gen << 40 | rank << 8 | m; another gen: empty */
    size_t mask;    /* capacity - 1 */
    size_t used;    /* pairs in this generation */
    uint64_t gen;
    uint64_t searched; /* states looked at, for the work counter */
    bool broken;       /* a walk met the ball below its length */
};

#define GEN_SHIFT 40
#define MEMO_MIN 4096

static int build_one(int k, const struct magic_unranker *u, uint64_t **out,
                     struct ball *ball, struct pb_error *e)
{
    struct pb_space s;
    struct pb_space_args args = {
        .size = {k, 0}, .with_inverses = false, .start = -1};
    int rc = magic_space_new(&args, &s, e);
    if (rc)
        return rc;
    uint64_t counts[MAGIC_MAX_MOVES + 1];
    struct frontier2_options opt = {.threads = omp_get_max_threads(),
                                    .direction = FRONTIER2_AUTO,
                                    .keep_codes = true};
    struct frontier2_result r = {.counts = counts,
                                 .max_depths = MAGIC_MAX_MOVES + 1};
    rc = frontier2_search(&s, &opt, &r, e);
    magic_space_free(&s);
    if (rc)
        return rc;
    *out = r.codes;
    return ball_build(k, u, ball, e);
}

static void tables_free(void *shared)
{
    struct code_tables *t = shared;
    if (!t)
        return;
    for (int k = 0; k <= MAGIC_K_MAX; k++) {
        frontier2_free(t->codes[k]);
        free(t->ball[k].slot);
    }
    free(t);
}

static int tables_build(const struct pb_corpus *corpus, void **shared,
                        struct pb_error *e)
{
    struct code_tables *t = calloc(1, sizeof(*t));
    if (!t)
        return pb_fail(e, -ENOMEM, "table_omp: out of memory");
    magic_unranker_init(&t->u);
    for (size_t i = 0; i < corpus->count; i++) {
        const struct magic_instance *in = pb_corpus_item(corpus, i);
        if (t->codes[in->k])
            continue;
        int rc = build_one(in->k, &t->u, &t->codes[in->k], &t->ball[in->k], e);
        if (rc) {
            tables_free(t);
            return rc;
        }
    }
    *shared = t;
    return 0;
}

static bool memo_has(const struct worker *w, uint64_t key)
{
    for (size_t i = (key * 0x9E3779B97F4A7C15ull) >> 20 & w->mask;;
         i = (i + 1) & w->mask) {
        uint64_t v = w->slot[i];
        if (v >> GEN_SHIFT != w->gen)
            return false;
        if (v == (w->gen << GEN_SHIFT | key))
            return true;
    }
}

/* recurses once, into the grown table (which has room) */
/* NOLINTNEXTLINE(misc-no-recursion) */
static void memo_put(struct worker *w, uint64_t key)
{
    if (2 * (w->used + 1) > w->mask + 1) {
        /* grow: rehash this generation's pairs; on failure just forget
         * them (the memo only saves time) */
        size_t cap = 2 * (w->mask + 1);
        uint64_t *old = w->slot, *grown = calloc(cap, sizeof(*grown));
        size_t old_cap = w->mask + 1;
        if (!grown) {
            w->gen++;
            w->used = 0;
            return;
        }
        w->slot = grown;
        w->mask = cap - 1;
        w->used = 0;
        for (size_t i = 0; i < old_cap; i++)
            if (old[i] >> GEN_SHIFT == w->gen)
                memo_put(w, old[i] & ((1ull << GEN_SHIFT) - 1));
        free(old);
    }
    size_t i = (key * 0x9E3779B97F4A7C15ull) >> 20 & w->mask;
    while (w->slot[i] >> GEN_SHIFT == w->gen)
        i = (i + 1) & w->mask;
    w->slot[i] = w->gen << GEN_SHIFT | key;
    w->used++;
}

/* path[0..d-1]: the moves from the start to z, z at depth d in the
 * ball (each step back to a predecessor one level nearer). */
static void ball_path(struct worker *w, int k, uint32_t z, unsigned d,
                      uint8_t *path)
{
    const struct ball *b = &w->t->ball[k];
    for (; d > 0; d--) {
        uint64_t s = magic_unrank_fast(&w->t->u, z, k);
        int mv = 0;
        uint32_t p = 0;
        for (; mv < MAGIC_MOVES; mv++) {
            p = magic_rank_fast(magic_unapply(s, k, (enum magic_move)mv), k);
            if (ball_depth(b, p) == d - 1)
                break;
        }
        if (mv == MAGIC_MOVES) { /* cannot be: the ball is a BFS */
            w->broken = true;
            return;
        }
        path[d - 1] = (uint8_t)mv;
        z = p;
    }
}

/* V(z, m) of the opening comment, depth(z) <= m, for code(z) = 1 +
 * m mod 3 (the caller's to check). When true, path[0..m-1] holds the
 * moves from the start to z (where the caller knows depth(z) >= m, as
 * every caller does; a shorter depth marks the tables broken). */
/* depth-first over at most m <= the table's depth cap levels */
/* NOLINTNEXTLINE(misc-no-recursion) */
static bool within(struct worker *w, int k, uint32_t z, unsigned m,
                   uint8_t *path)
{
    const struct ball *b = &w->t->ball[k];
    w->searched++; /* a state looked at: in the ball or searched from */
    unsigned d = ball_depth(b, z);
    if (d != NOT_IN_BALL || m <= b->radius) {
        if (d == NOT_IN_BALL || d > m) /* depth > radius >= m, or > m */
            return false;
        w->broken |= d != m;
        ball_path(w, k, z, d, path);
        return true;
    }
    uint64_t key = (uint64_t)z << 8 | m;
    if (memo_has(w, key))
        return false;
    const uint64_t *codes = w->t->codes[k];
    unsigned want = 1 + (m - 1) % 3;
    uint64_t s = magic_unrank_fast(&w->t->u, z, k);
    for (int mv = 0; mv < MAGIC_MOVES; mv++) {
        uint32_t p =
            magic_rank_fast(magic_unapply(s, k, (enum magic_move)mv), k);
        if (frontier2_code(codes, p) == want && within(w, k, p, m - 1, path)) {
            path[m - 1] = (uint8_t)mv;
            return true;
        }
    }
    memo_put(w, key);
    return false;
}

/* Rank of e o x^-1 o t: its depth is the number of moves from x to t. */
static uint32_t relative_rank(int k, uint64_t start, uint64_t x, uint64_t t)
{
    int n = magic_cells(k);
    unsigned where[2 * MAGIC_K_MAX]; /* x^-1: the cell holding each label */
    for (int c = 0; c < n; c++)
        where[magic_label(x, c)] = (unsigned)c;
    uint64_t y = 0;
    for (int c = 0; c < n; c++)
        y |= (uint64_t)magic_label(start, (int)where[magic_label(t, c)])
             << (4 * c);
    return magic_rank_fast(y, k);
}

static int tables_solve(void *worker, const void *instance, void *answer,
                        struct pb_work *work, struct pb_error *e)
{
    struct worker *w = worker;
    const struct magic_instance *in = instance;
    int k = in->k;
    const uint64_t *codes = w->t->codes[k];
    uint64_t start = magic_start(k), x = start;
    uint32_t g = relative_rank(k, start, x, in->target);
    unsigned code = frontier2_code(codes, g);
    if (code == FRONTIER2_UNSEEN) {
        magic_answer_unreachable(answer);
        return 0;
    }
    if (++w->gen >> (64 - GEN_SHIFT)) { /* generations ran out: clear */
        for (size_t i = 0; i <= w->mask; i++)
            w->slot[i] = 0;
        w->gen = 1;
    }
    w->used = 0;
    w->searched = 0;
    w->broken = false;
    /* path[i..i+left-1]: a shortest sequence from x to t (the walk to g
     * read forwards, by the Cayley argument) */
    uint8_t path[MAGIC_MAX_MOVES + 1];
    unsigned left = code - 1;
    while (!within(w, k, g, left, path))
        if ((left += 3) > MAGIC_MAX_MOVES)
            return pb_fail(e, -EFAULT, "table_omp: no walk to the start");
    unsigned n = left, i = 0;
    for (; left > 0; left--, i++) {
        /* The first move on some shortest path, by A, B, C: moves before
         * path[i] are checked (A by its code alone: it is its own
         * inverse, so d(xA, t) is r - 1, r or r + 1; B by a search),
         * path[i] itself is known to be one. */
        unsigned fits = 1 + (left - 1) % 3;
        for (int m = 0; m < (int)path[i]; m++) {
            uint64_t next = magic_apply(x, k, (enum magic_move)m);
            uint32_t gn = relative_rank(k, start, next, in->target);
            if (frontier2_code(codes, gn) != fits)
                continue;
            if (within(w, k, gn, left - 1, path + i + 1)) {
                path[i] = (uint8_t)m;
                break;
            }
            if (m == MAGIC_A) /* its code said r - 1: a broken table */
                return pb_fail(e, -EFAULT, "table_omp: broken code table");
        }
        x = magic_apply(x, k, (enum magic_move)path[i]);
    }
    if (x != in->target || w->broken)
        return pb_fail(e, -EFAULT, "table_omp: the walk missed the target");
    work->count[PB_WORK_MAIN] += w->searched;
    return magic_answer_set(answer, path, (int)n, e);
}

static void *worker_new(const struct pb_corpus *corpus, const void *shared)
{
    (void)corpus;
    struct worker *w = calloc(1, sizeof(*w));
    if (!w)
        return NULL;
    w->slot = calloc(MEMO_MIN, sizeof(*w->slot));
    if (!w->slot) {
        free(w);
        return NULL;
    }
    w->t = shared;
    w->mask = MEMO_MIN - 1;
    return w;
}

static void worker_free(void *worker)
{
    struct worker *w = worker;
    if (w)
        free(w->slot);
    free(w);
}

/* 2 bits per state, and the ball; the memo of a query is small beside
 * them (a few thousand pairs) */
static uint64_t table_omp_memory_bound(const struct pb_corpus *corpus,
                                       int threads)
{
    (void)threads;
    return frontier2_bytes(magic_corpus_states(corpus)) +
           2 * BALL_STATES * sizeof(uint64_t);
}

const struct pb_variant magic_variant_table_omp = {
    .name = "table_omp",
    .summary = "table of depths mod 3 (2 bits per state) by the parallel "
               "frontier engine; exact distances by short backward searches",
    .flags = PB_VARIANT_PARALLEL,
    .build = tables_build,
    .free_shared = tables_free,
    .worker_new = worker_new,
    .solve = tables_solve,
    .worker_free = worker_free,
    .memory_bound = table_omp_memory_bound,
};
