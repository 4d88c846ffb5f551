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
 * the codes can be too long. Define W(z, m): there is a walk
 * z = z_0 <- z_1 <- ... <- z_m = e along predecessors (z_{i+1} -> z_i a
 * move) with code(z_{i+1}) = code(z_i) - 1 (mod 3, in 1..3).
 *  (1) W(z, m) implies depth(z) <= m: the walk read forwards is a
 *      sequence of m moves from e to z.
 *  (2) depth(z) = D implies W(z, D): along a shortest path
 *      e = y_0 -> ... -> y_D = z, depth(y_i) = i (a shorter way to y_i
 *      would shorten the path), so each step lowers the code by one.
 *  (3) Hence, with m = D mod 3 + 3j: depth(z) = the least such m with
 *      W(z, m) (W fails below D by (1), holds at D by (2)); and when
 *      depth(z) >= m is known, W(z, m) iff depth(z) = m.
 * W is decided by a depth-first search; W(z, m) needs code(z) = 1 +
 * m mod 3, and each (state, m) found false is remembered for the query
 * (a hash set in the worker), so no pair is searched twice: the cost is
 * bounded by the pairs whose walks stay code-consistent. An A-predecessor
 * is a true parent whenever its code fits (A is its own inverse, so its
 * depth is within one), so the search tries A first.
 *
 * Query: D = depth(g) by (3), trying m = D mod 3, + 3, ...; then from x
 * with r moves left, take the first of A, B, C whose successor x' has
 * code(g') = 1 + (r - 1) mod 3 and W(g', r - 1): d(x', t) >= r - 1
 * always (else x would be nearer than r), so by (3) W(g', r - 1) iff
 * d(x', t) = r - 1. The first move in A, B, C order on a shortest path,
 * repeated, gives the alphabetically first shortest sequence (the
 * oracle's argument).
 *
 * Build: the engine's census, O((2K)! * 3 * K) work over T threads and
 * (2K)! / 4 bytes (120 MB for 2 x 6, 0.9 MB for 2 x 5; the byte table
 * took four times that). Query: D + 1 backward searches of D steps or
 * more each, O(D^2 * K) when the first code-fitting predecessor is
 * a parent, more when false pairs must be exhausted (measured in the
 * report: see docs/results.md).
 * Reference: Korf, "Minimizing disk I/O in two-bit breadth-first search",
 * AAAI 2008 (depth mod 3); Beamer et al., SC 2012 (direction-optimizing).
 */
#include <omp.h>
#include <stdlib.h>

#include "frontier2.h"
#include "magic_space.h"
#include "magic_variant.h"

struct code_tables {
    uint64_t *codes[MAGIC_K_MAX + 1];
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
    uint64_t searched; /* pairs visited, for the work counter */
};

#define GEN_SHIFT 40
#define MEMO_MIN 4096

static int build_one(int k, uint64_t **out, struct pb_error *e)
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
    if (rc == 0)
        *out = r.codes;
    return rc;
}

static void tables_free(void *shared)
{
    struct code_tables *t = shared;
    if (!t)
        return;
    for (int k = 0; k <= MAGIC_K_MAX; k++)
        frontier2_free(t->codes[k]);
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
        int rc = build_one(in->k, &t->codes[in->k], e);
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

/* The code one level nearer the start: 1 -> 3, 2 -> 1, 3 -> 2. */
static inline unsigned code_before(unsigned c)
{
    return c == 1 ? 3 : c - 1;
}

/* W(z, m) of the opening comment; code(z) = 1 + m mod 3 is the caller's
 * to check. */
static bool walk_exists(struct worker *w, int k, uint32_t z, unsigned m,
                        uint32_t start)
{
    if (m == 0)
        return z == start;
    uint64_t key = (uint64_t)z << 8 | m;
    if (memo_has(w, key))
        return false;
    w->searched++;
    const uint64_t *codes = w->t->codes[k];
    unsigned want = 1 + (m - 1) % 3;
    uint64_t s = magic_unrank_fast(&w->t->u, z, k);
    for (int mv = 0; mv < MAGIC_MOVES; mv++) {
        uint32_t p =
            magic_rank_fast(magic_unapply(s, k, (enum magic_move)mv), k);
        if (frontier2_code(codes, p) == want &&
            walk_exists(w, k, p, m - 1, start))
            return true;
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
    uint32_t e_rank = magic_rank(start, k);
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
    unsigned left = code - 1;
    while (!walk_exists(w, k, g, left, e_rank))
        if ((left += 3) > MAGIC_MAX_MOVES)
            return pb_fail(e, -EFAULT, "table_omp: no walk to the start");
    uint8_t moves[MAGIC_MAX_MOVES];
    int n = 0;
    for (; left > 0; left--) {
        int m = 0;
        uint64_t next = x;
        for (; m < MAGIC_MOVES; m++) {
            next = magic_apply(x, k, (enum magic_move)m);
            uint32_t gn = relative_rank(k, start, next, in->target);
            if (frontier2_code(codes, gn) == 1 + (left - 1) % 3 &&
                walk_exists(w, k, gn, left - 1, e_rank))
                break;
        }
        if (m == MAGIC_MOVES)
            return pb_fail(e, -EFAULT, "table_omp: broken code table");
        moves[n++] = (uint8_t)m;
        x = next;
    }
    work->count[PB_WORK_MAIN] += w->searched;
    return magic_answer_set(answer, moves, n, e);
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

/* 2 bits per state; the memo of a query is small beside it */
static uint64_t table_omp_memory_bound(const struct pb_corpus *corpus,
                                       int threads)
{
    (void)threads;
    return frontier2_bytes(magic_corpus_states(corpus));
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
