/*
 * test_frontier2.c - the 2-bit frontier BFS engine (variants/common/
 * frontier2.h) against a plain queue BFS written here: (a) toy directed
 * graphs r -> r + 1, 2r (mod N) and heap trees r -> 2r + 1, 2r + 2 (below
 * N; started inside, so that some ranks are unreachable), of sizes around
 * the 32-rank words; (b) the magic_squares
 * ring for K = 3, 4, 5 through magic_rank/magic_unrank and the three moves,
 * directed, and with inverses as an undirected space, against the kernel's
 * plain reference search (magic_plain_depths). Each at 1 and 2 threads,
 * top-down only, bottom-up only and switching: the counts per depth, the
 * total, and every rank's kept code (1 + depth mod 3); the ring again with
 * the visitor form of its predecessors (prev_each), against the plain
 * search and, count for count and code for code, against prev. Also: the
 * refusal over the memory cap, bad arguments, a counts array too short.
 * `test_frontier2 --time [K [NAME]]` times the directed 2 x K census on
 * the kernel's own space (magic_space.c) with each of the engine's
 * settings (those whose name holds NAME) at 1 and 2 threads (no check on
 * time).
 */
#include <errno.h>
#include <omp.h>
#include <stdlib.h>
#include <string.h>

#include "run/census.h"
#include "check.h"
#include "frontier2.h"
#include "magic.h"
#include "magic_internal.h"
#include "pb_limits.h"

#define MAX_DEPTHS 4096
#define UNREACHED UINT32_MAX

static const int thread_counts[] = {1, 2};
static bool verbose; /* times of each search (the rings) */
static const enum frontier2_direction directions[] = {
    FRONTIER2_TOP_DOWN, FRONTIER2_BOTTOM_UP, FRONTIER2_AUTO};
static const char *const direction_names[] = {"top-down", "bottom-up", "auto"};

/* frontier2_search from the given starts instead of the space's own. */
static int search_from(const struct pb_space *s, const uint64_t *starts,
                       size_t nstarts, const struct frontier2_options *opt,
                       struct frontier2_result *r, struct pb_error *e)
{
    struct pb_space from = *s;
    from.nstarts = nstarts;
    for (size_t i = 0; i < nstarts && i < PB_SPACE_MAX_STARTS; i++)
        // cppcheck-suppress objectIndex ; callers with &start pass nstarts 1
        from.starts[i] = starts[i];
    return frontier2_search(&from, opt, r, e);
}

/* ---- (a) the toy graph ---- */

struct toy {
    uint64_t n;
    bool wrap; /* r + 1, 2r mod n; else the heap tree 2r + 1, 2r + 2 < n */
};

static unsigned toy_next(const void *ctx, uint64_t r, uint64_t *out)
{
    const struct toy *t = ctx;
    unsigned k = 0;
    uint64_t a = r + 1, b = 2 * r;
    if (t->wrap) {
        out[k++] = a % t->n;
        out[k++] = b % t->n;
    } else { /* the heap's children: a tree from rank 0 */
        for (uint64_t c = 2 * r + 1; c <= 2 * r + 2; c++)
            if (c < t->n)
                out[k++] = c;
    }
    return k;
}

static unsigned toy_prev(const void *ctx, uint64_t r, uint64_t *out)
{
    const struct toy *t = ctx;
    unsigned k = 0;
    if (!t->wrap) {
        if (r > 0)
            out[k++] = (r - 1) / 2;
        return k;
    }
    out[k++] = r > 0 ? r - 1 : t->n - 1;
    /* x with 2x = r (mod n) */
    if (t->n % 2) {
        out[k++] = (r % 2 ? r + t->n : r) / 2;
    } else if (r % 2 == 0) {
        out[k++] = r / 2;
        out[k++] = r / 2 + t->n / 2;
    }
    return k;
}

/* Plain queue BFS: dist[r] or UNREACHED. */
static uint32_t *queue_bfs(uint64_t n, pb_space_moves_fn next, const void *ctx,
                           const uint64_t *starts, size_t nstarts)
{
    uint32_t *dist = malloc(n * sizeof(*dist));
    uint64_t *queue = malloc(n * sizeof(*queue));
    if (!dist || !queue)
        abort();
    for (uint64_t i = 0; i < n; i++)
        dist[i] = UNREACHED;
    size_t head = 0, tail = 0;
    for (size_t i = 0; i < nstarts; i++)
        if (dist[starts[i]] == UNREACHED) {
            dist[starts[i]] = 0;
            queue[tail++] = starts[i];
        }
    uint64_t out[PB_SPACE_MAX_MOVES];
    while (head < tail) {
        uint64_t r = queue[head++];
        unsigned k = next(ctx, r, out);
        for (unsigned i = 0; i < k; i++)
            if (dist[out[i]] == UNREACHED) {
                dist[out[i]] = dist[r] + 1;
                queue[tail++] = out[i];
            }
    }
    free(queue);
    return dist;
}

/* The engine's result against dist[] (in the engine's ranks). */
static void compare(const char *what, const struct frontier2_result *r,
                    const uint32_t *dist, uint64_t n)
{
    uint64_t counts[MAX_DEPTHS] = {0}, reached = 0;
    size_t depths = 0;
    for (uint64_t i = 0; i < n; i++)
        if (dist[i] != UNREACHED) {
            counts[dist[i]]++;
            reached++;
            if (dist[i] + 1u > depths)
                depths = dist[i] + 1u;
        }
    CHECK(r->depths == depths, "%s: %zu depths, expected %zu", what, r->depths,
          depths);
    CHECK(r->reached == reached, "%s: reached %llu, expected %llu", what,
          (unsigned long long)r->reached, (unsigned long long)reached);
    bool same = true;
    for (size_t d = 0; d < depths; d++)
        same = same && r->counts[d] == counts[d];
    CHECK(same, "%s: counts per depth differ", what);
    uint64_t sum = 0;
    for (size_t d = 0; d < r->depths; d++)
        sum += r->counts[d];
    CHECK(sum == r->reached, "%s: the census sums to the reached count", what);
    uint64_t wrong = 0;
    for (uint64_t i = 0; r->codes && i < n; i++) {
        unsigned want = dist[i] == UNREACHED ? 0 : 1 + dist[i] % 3;
        wrong += frontier2_code(r->codes, i) != want;
    }
    CHECK(!r->codes || wrong == 0, "%s: %llu ranks with a wrong code", what,
          (unsigned long long)wrong);
}

/* The levels FRONTIER2_AUTO should run bottom-up, by its rule on the
 * counts (frontier2.h; the last level, which finds nothing, included). */
static unsigned beamer_levels(const struct frontier2_result *r, uint64_t n)
{
    unsigned levels = 0;
    bool bottom_up = false;
    uint64_t reached = 0;
    for (size_t d = 0; d < r->depths; d++) {
        reached += r->counts[d];
        uint64_t unseen = n - reached;
        bottom_up = r->counts[d] > unseen / FRONTIER2_ALPHA;
        levels += bottom_up;
    }
    return levels;
}

/* on_level's check: the states that have the level's code are exactly
 * those at its depth (the seen coding: what a table filled from on_level
 * relies on), or at its depth, 3 less, 6 less, ... (depths mod 3). */
struct level_check {
    const uint32_t *dist;
    bool mod3;
    uint64_t wrong, levels;
};

static int check_level(void *arg, const struct frontier2_level *lv,
                       struct pb_error *e)
{
    (void)e;
    struct level_check *c = arg;
    uint64_t with_code = 0;
    for (uint64_t i = 0; i < lv->n; i++) {
        bool has = frontier2_code(lv->codes, i) == lv->code;
        uint32_t d = c->dist[i];
        bool at = d == lv->depth;
        with_code += at;
        if (c->mod3)
            at = d != UNREACHED && d <= lv->depth && d % 3 == lv->depth % 3;
        c->wrong += has != at;
    }
    c->wrong += with_code != lv->found;
    c->levels++;
    return 0;
}

/* The engine's settings each space is searched with. */
static const struct coding_case {
    const char *name;
    enum frontier2_coding coding;
    bool keep_codes, unbatched;
} codings[] = {
    {"mod 3", FRONTIER2_DEPTH_MOD3, true, false},
    {"mod 3 unbatched", FRONTIER2_DEPTH_MOD3, true, true},
    {"seen", FRONTIER2_SEEN, false, false},
    {"seen unbatched", FRONTIER2_SEEN, false, true},
};

/* Runs the engine at every thread count, direction and coding against
 * dist[]; small spaces (check_levels) also check every level's codes. */
static void run_all(const char *name, const struct pb_space *s,
                    const uint64_t *starts, size_t nstarts,
                    const uint32_t *dist, uint64_t expect_reached,
                    bool skip_bottom_up)
{
    static uint64_t counts[MAX_DEPTHS];
    bool check_levels = s->n <= 100000;
    for (size_t t = 0; t < sizeof(thread_counts) / sizeof(int); t++)
        for (size_t d = 0; d < 3; d++)
            for (size_t c = 0; c < sizeof(codings) / sizeof(codings[0]); c++) {
                if (skip_bottom_up && directions[d] == FRONTIER2_BOTTOM_UP)
                    continue;
                if (!check_levels && codings[c].unbatched)
                    continue; /* the small spaces cover it */
                struct level_check lc = {.dist = dist,
                                         .mod3 = codings[c].coding ==
                                                 FRONTIER2_DEPTH_MOD3};
                struct frontier2_options opt = {
                    .threads = thread_counts[t],
                    .direction = directions[d],
                    .coding = codings[c].coding,
                    .keep_codes = codings[c].keep_codes,
                    .no_prefetch = codings[c].unbatched,
                    .parents_one_by_one = codings[c].unbatched,
                    .on_level = check_levels ? check_level : NULL,
                    .on_level_arg = &lc};
                struct frontier2_result r = {.counts = counts,
                                             .max_depths = MAX_DEPTHS};
                struct pb_error e = {{0}};
                char what[160];
                snprintf(what, sizeof(what), "%s, %d thread(s), %s, %s", name,
                         thread_counts[t], direction_names[d], codings[c].name);
                double t0 = omp_get_wtime();
                int rc = search_from(s, starts, nstarts, &opt, &r, &e);
                if (verbose)
                    printf("%s: %.3f s, %zu depths, %u bottom-up\n", what,
                           omp_get_wtime() - t0, r.depths, r.bottom_up);
                CHECK(rc == 0, "%s: %s", what, e.msg);
                if (rc)
                    continue;
                compare(what, &r, dist, s->n);
                CHECK(!codings[c].keep_codes || r.codes, "%s: no codes kept",
                      what);
                if (check_levels)
                    CHECK(lc.wrong == 0 && lc.levels == r.depths,
                          "%s: on_level saw %llu wrong states in %llu levels",
                          what, (unsigned long long)lc.wrong,
                          (unsigned long long)lc.levels);
                if (expect_reached)
                    CHECK(r.reached == expect_reached, "%s: reached %llu", what,
                          (unsigned long long)r.reached);
                if (directions[d] == FRONTIER2_BOTTOM_UP)
                    CHECK(r.bottom_up == r.depths, "%s: %u bottom-up levels",
                          what, r.bottom_up);
                if (directions[d] == FRONTIER2_AUTO)
                    CHECK(r.bottom_up == beamer_levels(&r, s->n),
                          "%s: %u bottom-up levels, expected %u", what,
                          r.bottom_up, beamer_levels(&r, s->n));
                if (directions[d] == FRONTIER2_TOP_DOWN)
                    CHECK(r.bottom_up == 0, "%s: %u bottom-up levels", what,
                          r.bottom_up);
                frontier2_free(r.codes);
            }
}

static void toy_cases(void)
{
    static const uint64_t sizes[] = {1,    2,    31,     32,      33,
                                     1000, 4097, 100003, 1u << 20};
    for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++)
        for (int wrap = 0; wrap <= 1; wrap++) {
            struct toy t = {.n = sizes[i], .wrap = wrap};
            struct pb_space s = {.n = t.n,
                                 .moves = 3,
                                 .next = toy_next,
                                 .prev = toy_prev,
                                 .ctx = &t};
            /* two starts, one repeated; in the tree, rank 0 and the
             * subtree of 2 are not reached */
            uint64_t starts[3] = {t.n > 1, t.n - 1, t.n > 1};
            uint32_t *dist = queue_bfs(t.n, toy_next, &t, starts, 3);
            char name[64];
            snprintf(name, sizeof(name), "toy n=%llu%s",
                     (unsigned long long)t.n, wrap ? " mod n" : "");
            run_all(name, &s, starts, 3, dist, 0, false);
            free(dist);
        }
}

/* ---- (b) the magic_squares ring ---- */

struct ring {
    int k;
    bool inverses; /* add B^-1 and C^-1: an undirected space */
};

static unsigned ring_next(const void *ctx, uint64_t r, uint64_t *out)
{
    const struct ring *g = ctx;
    uint64_t s = magic_unrank((uint32_t)r, g->k);
    unsigned n = 0;
    for (int m = 0; m < MAGIC_MOVES; m++)
        out[n++] = magic_rank(magic_apply(s, g->k, (enum magic_move)m), g->k);
    if (g->inverses) {
        out[n++] = magic_rank(magic_unapply(s, g->k, MAGIC_B), g->k);
        out[n++] = magic_rank(magic_unapply(s, g->k, MAGIC_C), g->k);
    }
    return n;
}

static unsigned ring_prev(const void *ctx, uint64_t r, uint64_t *out)
{
    const struct ring *g = ctx;
    uint64_t s = magic_unrank((uint32_t)r, g->k);
    for (int m = 0; m < MAGIC_MOVES; m++)
        out[m] = magic_rank(magic_unapply(s, g->k, (enum magic_move)m), g->k);
    return MAGIC_MOVES;
}

/* The visitor form: one unrank, then one rank per predecessor visited. */
static bool ring_each(const void *ctx, uint64_t r, pb_space_visit_fn visit,
                      void *vctx)
{
    const struct ring *g = ctx;
    uint64_t s = magic_unrank((uint32_t)r, g->k);
    for (int m = 0; m < MAGIC_MOVES; m++)
        if (visit(vctx,
                  magic_rank(magic_unapply(s, g->k, (enum magic_move)m), g->k)))
            return true;
    if (g->inverses) /* undirected: the predecessors are the neighbours */
        for (int m = MAGIC_B; m <= MAGIC_C; m++)
            if (visit(vctx, magic_rank(magic_apply(s, g->k, (enum magic_move)m),
                                       g->k)))
                return true;
    return false;
}

/* The ring's space, the predecessors as prev writes them (old) or
 * through ring_each (new). */
static struct pb_space ring_space(const struct ring *g, bool each)
{
    struct pb_space s = {.n = magic_factorial[2 * g->k],
                         .moves = g->inverses ? 5 : MAGIC_MOVES,
                         .next = ring_next,
                         .prev = g->inverses ? NULL : ring_prev,
                         .prev_each = each ? ring_each : NULL,
                         .ctx = g};
    return s;
}

/* prev_each against prev: the same counts, directions and codes at every
 * thread count and direction (bottom-up only below 2 x 5: see ring_case). */
static void each_vs_prev(const char *name, const struct ring *g)
{
    static uint64_t c_old[MAX_DEPTHS], c_new[MAX_DEPTHS];
    struct pb_space s_old = ring_space(g, false);
    struct pb_space s_new = ring_space(g, true);
    uint64_t start = magic_rank(magic_start(g->k), g->k);
    for (size_t t = 0; t < sizeof(thread_counts) / sizeof(int); t++)
        for (size_t d = 0; d < 3; d++) {
            if (g->k >= 5 && directions[d] == FRONTIER2_BOTTOM_UP)
                continue;
            struct frontier2_options opt = {.threads = thread_counts[t],
                                            .direction = directions[d],
                                            .keep_codes = true,
                                            .parents_one_by_one = true};
            struct frontier2_result ro = {.counts = c_old,
                                          .max_depths = MAX_DEPTHS};
            struct frontier2_result rn = {.counts = c_new,
                                          .max_depths = MAX_DEPTHS};
            struct pb_error e = {{0}};
            int rc = search_from(&s_old, &start, 1, &opt, &ro, &e) ||
                     search_from(&s_new, &start, 1, &opt, &rn, &e);
            CHECK(rc == 0, "%s, %d thread(s), %s: %s", name, thread_counts[t],
                  direction_names[d], e.msg);
            if (rc)
                continue;
            CHECK(ro.depths == rn.depths && ro.reached == rn.reached &&
                      ro.bottom_up == rn.bottom_up &&
                      !memcmp(c_old, c_new, ro.depths * sizeof(c_old[0])) &&
                      ro.code_bytes == rn.code_bytes &&
                      !memcmp(ro.codes, rn.codes, ro.code_bytes),
                  "%s, %d thread(s), %s: prev_each differs from prev", name,
                  thread_counts[t], direction_names[d]);
            frontier2_free(ro.codes);
            frontier2_free(rn.codes);
        }
}

static void ring_case(int k, bool inverses)
{
    struct ring g = {.k = k, .inverses = inverses};
    uint64_t n = magic_factorial[2 * k];
    struct pb_space s = ring_space(&g, false);
    uint64_t start = magic_rank(magic_start(k), k);
    /* The kernel's plain search, re-indexed by the engine's ranks. */
    uint8_t *plain = magic_plain_depths(k, inverses);
    uint32_t *dist = malloc(n * sizeof(*dist));
    if (!plain || !dist)
        abort();
    for (uint64_t r = 0; r < n; r++) {
        uint8_t d = plain[magic_plain_rank(magic_unrank((uint32_t)r, k), k)];
        dist[r] = d == MAGIC_PLAIN_UNSEEN ? UNREACHED : d;
    }
    free(plain);
    char name[64];
    snprintf(name, sizeof(name), "ring 2 x %d%s", k,
             inverses ? " with inverses" : "");
    verbose = true;
    /* Bottom-up at every level of 2 x 5 takes 3-6 s: left to 2 x 3, 2 x 4 */
    run_all(name, &s, &start, 1, dist, n, k >= 5);
    s = ring_space(&g, true);
    strcat(name, ", prev_each");
    run_all(name, &s, &start, 1, dist, n, k >= 5);
    verbose = false;
    free(dist);
    each_vs_prev(name, &g);
}

/* test_frontier2 --time [K]: the directed 2 x K census (K = 5 unless
 * given) with each of the engine's settings at 1 and 2 threads, the
 * best of TIME_REPEATS runs each, the settings interleaved so that all
 * see the same load (not a check: times vary). */
#define TIME_REPEATS 3

static double time_search(const struct pb_space *s, uint64_t start,
                          const struct frontier2_options *opt)
{
    static uint64_t counts[MAX_DEPTHS];
    struct frontier2_result r = {.counts = counts, .max_depths = MAX_DEPTHS};
    struct pb_error e = {{0}};
    double t0 = omp_get_wtime();
    int rc = search_from(s, &start, 1, opt, &r, &e);
    double t = omp_get_wtime() - t0;
    CHECK(rc == 0, "timing: %s", e.msg);
    return t;
}

static const struct time_case {
    const char *name;
    bool each; /* the space gives prev_each */
    struct frontier2_options opt;
} time_cases[] = {
    {"auto, seen, batched",
     false,
     {.direction = FRONTIER2_AUTO, .coding = FRONTIER2_SEEN}},
    {"auto, seen, prev_each one by one",
     true,
     {.direction = FRONTIER2_AUTO,
      .coding = FRONTIER2_SEEN,
      .parents_one_by_one = true}},
    {"auto, seen, unbatched prev",
     false,
     {.direction = FRONTIER2_AUTO,
      .coding = FRONTIER2_SEEN,
      .no_prefetch = true,
      .parents_one_by_one = true}},
    {"auto, mod 3, batched",
     false,
     {.direction = FRONTIER2_AUTO, .coding = FRONTIER2_DEPTH_MOD3}},
    {"auto, seen, batched, 4 KB pages",
     false,
     {.direction = FRONTIER2_AUTO,
      .coding = FRONTIER2_SEEN,
      .no_huge_pages = true}},
    {"top-down, seen, batched",
     false,
     {.direction = FRONTIER2_TOP_DOWN, .coding = FRONTIER2_SEEN}},
    {"top-down, seen, unbatched",
     false,
     {.direction = FRONTIER2_TOP_DOWN,
      .coding = FRONTIER2_SEEN,
      .no_prefetch = true}},
    {"top-down, mod 3, batched",
     false,
     {.direction = FRONTIER2_TOP_DOWN, .coding = FRONTIER2_DEPTH_MOD3}},
};

static void time_ring(int k, const char *only)
{
    /* the kernel's own space (magic_space.c: its fast rank and unrank),
     * and the same without prev_each */
    const struct pb_kernel *kernel = pb_kernel_find("magic_squares");
    struct pb_space each;
    struct pb_space_args args = {{k, 0}, false, -1};
    struct pb_error e = {{0}};
    if (!kernel || !kernel->space || kernel->space->build(&args, &each, &e)) {
        CHECK(false, "magic_squares' space for 2 x %d: %s", k, e.msg);
        return;
    }
    struct pb_space plain = each;
    plain.prev_each = NULL;
    uint64_t start = each.starts[0];
    check_print_load();
    size_t cases = sizeof(time_cases) / sizeof(time_cases[0]);
    int repeats = k >= 6 ? 1 : TIME_REPEATS;
    printf("2 x %d directed census, best of %d, seconds\n"
           "%-36s %8s %8s\n",
           k, repeats, "settings", "1 thread", "2 threads");
    double best[16][2];
    for (size_t c = 0; c < cases; c++)
        best[c][0] = best[c][1] = 1e30;
    for (int i = 0; i < repeats; i++)
        for (size_t c = 0; c < cases; c++)
            for (size_t t = 0; t < 2; t++) {
                if (only && !strstr(time_cases[c].name, only))
                    continue;
                struct frontier2_options opt = time_cases[c].opt;
                opt.threads = thread_counts[t];
                double s = time_search(time_cases[c].each ? &each : &plain,
                                       start, &opt);
                best[c][t] = s < best[c][t] ? s : best[c][t];
            }
    for (size_t c = 0; c < cases; c++)
        if (!only || strstr(time_cases[c].name, only))
            printf("%-36s %8.3f %8.3f\n", time_cases[c].name, best[c][0],
                   best[c][1]);
    kernel->space->free(&each);
}

/* ---- on_level's stop and error ---- */

static int stop_at_two(void *arg, const struct frontier2_level *lv,
                       struct pb_error *e)
{
    int *how = arg;
    if (lv->depth < 2)
        return 0;
    return *how >= 0 ? *how : pb_fail(e, *how, "stopped at depth 2");
}

static void on_level_ends(void)
{
    struct toy t = {.n = 1000, .wrap = true};
    struct pb_space s = {
        .n = t.n, .moves = 3, .next = toy_next, .prev = toy_prev, .ctx = &t};
    uint64_t counts[64], start = 0;
    int how = FRONTIER2_STOP;
    struct frontier2_options opt = {
        .threads = 1, .on_level = stop_at_two, .on_level_arg = &how};
    struct frontier2_result r = {.counts = counts, .max_depths = 64};
    struct pb_error e = {{0}};
    int rc = search_from(&s, &start, 1, &opt, &r, &e);
    CHECK(rc == 0 && r.stopped && r.depths == 3 &&
              r.reached == counts[0] + counts[1] + counts[2],
          "FRONTIER2_STOP at depth 2: rc %d, stopped %d, %zu depths", rc,
          r.stopped, r.depths);
    how = -EIO;
    rc = search_from(&s, &start, 1, &opt, &r, &e);
    CHECK(rc == -EIO && !r.stopped && strstr(e.msg, "depth 2"),
          "an error from on_level: rc %d, %s", rc, e.msg);
    how = 7; /* neither STOP nor an error */
    rc = search_from(&s, &start, 1, &opt, &r, &e);
    CHECK(rc == -EINVAL && strstr(e.msg, "on_level returned 7"),
          "on_level returning 7: rc %d, %s", rc, e.msg);
}

/* ---- refusals ---- */

static void refusals(void)
{
    struct toy t = {.n = 1000, .wrap = true};
    struct pb_space s = {
        .n = t.n, .moves = 3, .next = toy_next, .prev = toy_prev, .ctx = &t};
    uint64_t counts[4], start = 0;
    struct frontier2_options opt = {.threads = 1};
    struct frontier2_result r = {.counts = counts, .max_depths = 4};
    struct pb_error e = {{0}};
    CHECK(search_from(&s, &start, 1, &opt, &r, &e) == -ERANGE &&
              strstr(e.msg, "more than 4 depths"),
          "a short counts array: %s", e.msg);

    start = t.n;
    r.max_depths = 4;
    CHECK(search_from(&s, &start, 1, &opt, &r, &e) == -EINVAL &&
              strstr(e.msg, "out of [0, 1000)"),
          "a start out of range: %s", e.msg);
    start = 0;
    opt.threads = 0;
    CHECK(search_from(&s, &start, 1, &opt, &r, &e) == -EINVAL, "no threads: %s",
          e.msg);
    opt.threads = 1;
    s.moves = PB_SPACE_MAX_MOVES + 1;
    CHECK(search_from(&s, &start, 1, &opt, &r, &e) == -EINVAL,
          "too many moves: %s", e.msg);
    s.moves = 3;

    /* 2 bits x 2^40 ranks = 256 GiB, over a 1 MiB cap: refused with the
     * estimate before anything is allocated. */
    s.n = 1ull << 40;
    pb_memory_cap_set(1u << 20);
    CHECK(search_from(&s, &start, 1, &opt, &r, &e) == -ENOMEM &&
              strstr(e.msg, "needs about 256 GiB") &&
              strstr(e.msg, "memory cap of 1 MiB"),
          "over the memory cap: %s", e.msg);
    pb_memory_cap_set(0);
    CHECK(frontier2_bytes(1) == 8 && frontier2_bytes(32) == 8 &&
              frontier2_bytes(33) == 16 &&
              frontier2_bytes(UINT64_MAX) == UINT64_MAX / 32 * 8 + 8,
          "bytes per rank");
}

/* census_result_same, the check of a census line
 * (bench/harness/harness_census.c) against the reference search: the engines
 * agree, so a difference can only be made here; each kind is named with its
 * first place. */
static void census_differences(void)
{
    struct census_one x = {.counts = {1, 2, 5}, .depths = 3};
    struct census_one y = x, deeper = x, fewer = x;
    deeper.depths = 4;
    deeper.counts[3] = 1;
    fewer.counts[2] = 4;
    struct census_result a = {"frontier2", 1, 1, &x},
                         b = {"reference", 1, 1, &y};
    char why[128] = "";
    CHECK(census_result_same(&a, &b, why, sizeof(why)), "equal: %s", why);
    b.one = &fewer;
    CHECK(!census_result_same(&a, &b, why, sizeof(why)) &&
              !strcmp(why, "depth 2: 5 states against 4"),
          "depth: %s", why);
    b.one = &deeper;
    CHECK(!census_result_same(&a, &b, why, sizeof(why)) &&
              !strcmp(why, "diameter 2 against 3"),
          "diameter: %s", why);
    b.count = 0;
    CHECK(!census_result_same(&a, &b, why, sizeof(why)) &&
              !strcmp(why, "1 censuses against 0"),
          "count: %s", why);
}

int main(int argc, char **argv)
{
    if (argc > 1 && !strcmp(argv[1], "--time")) {
        int k = argc > 2 ? atoi(argv[2]) : 5;
        if (k < 3 || k > 6) {
            fprintf(stderr, "test_frontier2 --time: K is 3..6\n");
            return 2;
        }
        time_ring(k, argc > 3 ? argv[3] : NULL);
        return check_summary();
    }
    /* test_frontier2 5: also the 2 x 5 ring (about 3.6 M states) */
    int k_max = argc > 1 ? atoi(argv[1]) : 5;
    toy_cases();
    for (int k = 3; k <= k_max && k <= 5; k++)
        ring_case(k, false);
    ring_case(3, true);
    ring_case(4, true);
    refusals();
    on_level_ends();
    census_differences();
    return check_summary();
}
