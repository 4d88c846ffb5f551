/*
 * test_magic_space.c - the magic_squares kernel's whole space
 * (magic_space.c, through the kernel's space_new) and its fast unrank
 * (magic_unrank.h):
 * (a) magic_unrank_fast (and its scalar form) against magic_unrank on every
 * rank of 2 x 3 and 2 x 4 and random ranks of 2 x 5 and 2 x 6, and
 * unrank(rank(x)) == x on random states of K = 3..6; magic_rank_fast against
 * magic_rank on them; (b) next, prev and prev_each agree (each predecessor p of
 * r has r among next(p); prev_each visits what prev writes, and stops where
 * told); (c) the engine's census on the space for K = 3, 4, 5, directed and
 * with inverses, at 1 and 2 threads, each direction mode (bottom-up only up to
 * 2 x 4 unless PB_MAGIC_SPACE_ALL is set: a bottom-up 2 x 5 level scans every
 * unseen state), against the plain reference search: counts, sum == reached,
 * and every rank's code; (d) refusals. Not tests, no checks on time:
 * test_magic_space --time ns per rank, unrank and callback, and the 2 x 5
 * census, old ring vs space; test_magic_space --agree6 N table_omp against
 * bibfs on 2 x 6 (one census, timed level by level: `puzzlebench census
 * magic_squares --size K --threads T --progress`).
 */
#include <errno.h>
#include <omp.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "frontier2.h"
#include "magic.h"
#include "magic_internal.h"
#include "magic_ring7.h"
#include "magic_space.h"
#include "magic_unrank.h"
#include "pb_limits.h"
#include "pb_prng.h"
#include "run/gen.h"
#include "run/runner.h"

#define MAX_DEPTHS 256

/* Under ASan/UBSan (3-10x slower) or ThreadSanitizer (5-15x) the 2 x 5
 * parts shrink: the directed census only, and fewer table_omp targets. */
#if defined(__SANITIZE_ADDRESS__)
#define SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) ||                                        \
    __has_feature(undefined_behavior_sanitizer) ||                             \
    __has_feature(thread_sanitizer)
#define SANITIZED 1
#endif
#endif
#ifndef SANITIZED
#define SANITIZED 0
#endif

static const struct pb_kernel *kernel(void)
{
    return pb_kernel_find("magic_squares");
}

static int space_of(int k, bool inverses, struct pb_space *s,
                    struct pb_error *e)
{
    struct pb_space_args args = {
        .size = {k, 0}, .with_inverses = inverses, .start = -1};
    return kernel()->space->build(&args, s, e);
}

/* A random permutation of 2k labels, packed. */
static uint64_t random_state(struct pb_rng *rng, int k)
{
    uint8_t l[16];
    int n = magic_cells(k);
    for (int i = 0; i < n; i++)
        l[i] = (uint8_t)i;
    for (int i = n - 1; i > 0; i--) {
        int j = (int)pb_rng_below(rng, (uint64_t)i + 1);
        uint8_t t = l[i];
        l[i] = l[j];
        l[j] = t;
    }
    uint64_t s = 0;
    for (int i = 0; i < n; i++)
        s |= (uint64_t)l[i] << (4 * i);
    return s;
}

static void round_trips(void)
{
    static struct magic_unranker u;
    magic_unranker_init(&u);
    struct pb_rng rng;
    pb_rng_seed(&rng, 15);
    for (int k = MAGIC_K_MIN; k <= MAGIC_K_MAX; k++) {
        uint32_t n = magic_factorial[magic_cells(k)];
        uint32_t tries = k <= 4 ? n : 200000, bad = 0;
        for (uint32_t i = 0; i < tries; i++) {
            uint32_t r = k <= 4 ? i : (uint32_t)pb_rng_below(&rng, n);
            bad += magic_unrank_fast(&u, r, k) != magic_unrank(r, k);
            bad += magic_unrank_scalar(&u, r, k) != magic_unrank(r, k);
        }
        /* the ends of the range, where the digits are all 0 or all max */
        bad += magic_unrank_fast(&u, 0, k) != magic_unrank(0, k);
        bad += magic_unrank_fast(&u, n - 1, k) != magic_unrank(n - 1, k);
        CHECK(bad == 0, "2 x %d: %u ranks unranked differently", k, bad);
        bad = 0;
        for (int i = 0; i < 100000; i++) {
            uint64_t x = random_state(&rng, k);
            bad += magic_unrank_fast(&u, magic_rank(x, k), k) != x;
            bad += magic_rank_fast(x, k) != magic_rank(x, k);
        }
        CHECK(bad == 0, "2 x %d: %u states do not round-trip", k, bad);
    }
}

/* The 2 x 7 ring's 64-bit ranks (magic_ring7.c): round trips both ways,
 * the ends of the range, and the Lehmer order itself (rank order is the
 * lexicographic order of the cells' labels), which an inverse pair of
 * wrong functions would not keep. */
static void round_trips7(void)
{
    struct pb_rng rng;
    pb_rng_seed(&rng, 7);
    const uint64_t n = 87178291200ull; /* 14! */
    unsigned bad = 0;
    for (int i = 0; i < 200000; i++) {
        uint64_t r = pb_rng_below(&rng, n);
        bad += magic_ring7_rank(magic_ring7_unrank(r)) != r;
        uint64_t x = random_state(&rng, 7), y = random_state(&rng, 7);
        bad += magic_ring7_unrank(magic_ring7_rank(x)) != x;
        bad += !magic_valid(magic_ring7_unrank(r), 7);
        int c = 0;
        while (c < 14 && magic_label(x, c) == magic_label(y, c))
            c++;
        bool x_first = c < 14 && magic_label(x, c) < magic_label(y, c);
        bad += (magic_ring7_rank(x) < magic_ring7_rank(y)) != x_first;
    }
    CHECK(bad == 0, "2 x 7: %u ranks or states fail a round trip or order",
          bad);
    /* the space's next and prev (the SSE ranks where built) against the
     * plain loops above, move by move */
    bad = 0;
    for (int inv = 0; inv <= 1; inv++) {
        struct pb_space sp;
        struct pb_error e = {{0}};
        CHECK(space_of(7, inv, &sp, &e) == 0, "2 x 7: %s", e.msg);
        for (int i = 0; i < 100000; i++) {
            uint64_t r = pb_rng_below(&rng, n), out[PB_SPACE_MAX_MOVES];
            uint64_t s = magic_ring7_unrank(r);
            unsigned k = sp.next(sp.ctx, r, out);
            bad += k != (inv ? 5u : 3u);
            for (int m = 0; m < MAGIC_MOVES; m++)
                bad += out[m] != magic_ring7_rank(magic_apply_ring(
                                     s, 7, (enum magic_move)m));
            if (inv)
                bad +=
                    out[3] != magic_ring7_rank(magic_unapply(s, 7, MAGIC_B)) ||
                    out[4] != magic_ring7_rank(magic_unapply(s, 7, MAGIC_C));
        }
        kernel()->space->free(&sp);
    }
    CHECK(bad == 0, "2 x 7: %u next ranks differ from the plain loops'", bad);
    /* the same at the ends of 14! (rank arithmetic at its
     * limits) and where the fast path's high part (cells 0 and 1, hi *
     * 12!) steps: the first and last permutations and their
     * neighbours, across a 32-bit boundary too */
    static const uint64_t edges[] = {0,
                                     1,
                                     479001599ull,
                                     479001600ull,
                                     4294967295ull,
                                     4294967296ull,
                                     87178291200ull - 479001601ull,
                                     87178291200ull - 479001600ull,
                                     87178291200ull - 2,
                                     87178291200ull - 1};
    bad = 0;
    for (int inv = 0; inv <= 1; inv++) {
        struct pb_space sp;
        struct pb_error e = {{0}};
        CHECK(space_of(7, inv, &sp, &e) == 0, "2 x 7: %s", e.msg);
        for (size_t i = 0; i < sizeof(edges) / sizeof(edges[0]); i++) {
            uint64_t r = edges[i], out[PB_SPACE_MAX_MOVES];
            uint64_t s = magic_ring7_unrank(r);
            bad += magic_ring7_rank(s) != r || !magic_valid(s, 7);
            unsigned k = sp.next(sp.ctx, r, out);
            bad += k != (inv ? 5u : 3u);
            for (int m = 0; m < MAGIC_MOVES; m++)
                bad +=
                    out[m] >= n || out[m] != magic_ring7_rank(magic_apply_ring(
                                                 s, 7, (enum magic_move)m));
        }
        kernel()->space->free(&sp);
    }
    CHECK(bad == 0,
          "2 x 7: %u failures at the ends of 14! and the steps of "
          "the high part",
          bad);
    CHECK(magic_ring7_unrank(0) == 0xDCBA9876543210ull &&
              magic_ring7_unrank(n - 1) == 0x0123456789ABCDull &&
              magic_ring7_rank(0x0123456789ABCDull) == n - 1,
          "2 x 7: the ends of the range");
}

/* What prev_each visits, recorded; stops after `stop_after` visits. */
struct visits {
    uint64_t seen[PB_SPACE_MAX_MOVES];
    unsigned n, stop_after;
};

static bool record(void *vctx, uint64_t rank)
{
    struct visits *v = vctx;
    v->seen[v->n++] = rank;
    return v->n == v->stop_after;
}

static bool contains(const uint64_t *a, unsigned n, uint64_t x)
{
    for (unsigned i = 0; i < n; i++)
        if (a[i] == x)
            return true;
    return false;
}

static void neighbours(int k, bool inverses)
{
    struct pb_space s;
    struct pb_error e = {{0}};
    CHECK(space_of(k, inverses, &s, &e) == 0, "space 2 x %d: %s", k, e.msg);
    struct pb_rng rng;
    pb_rng_seed(&rng, (uint64_t)k);
    unsigned bad = 0;
    for (int i = 0; i < 20000; i++) {
        uint64_t r = pb_rng_below(&rng, s.n), pre[PB_SPACE_MAX_MOVES],
                 nx[PB_SPACE_MAX_MOVES];
        unsigned np = (s.prev ? s.prev : s.next)(s.ctx, r, pre);
        bad += np != s.moves;
        for (unsigned j = 0; j < np; j++) {
            unsigned nn = s.next(s.ctx, pre[j], nx);
            bad += !contains(nx, nn, r);
        }
        if (!s.prev_each)
            continue;
        struct visits v = {.stop_after = 0};
        bad += s.prev_each(s.ctx, r, record, &v) != false || v.n != np;
        for (unsigned j = 0; j < v.n; j++)
            bad += !contains(pre, np, v.seen[j]);
        struct visits stop = {.stop_after = 2};
        bad += s.prev_each(s.ctx, r, record, &stop) != true || stop.n != 2;
    }
    CHECK(bad == 0, "2 x %d%s: %u disagreements of next, prev, prev_each", k,
          inverses ? " with inverses" : "", bad);
    kernel()->space->free(&s);
}

static const char *const direction_names[] = {"auto", "top-down", "bottom-up"};

static void census(int k, bool inverses, bool all_directions)
{
    uint8_t *plain = magic_plain_depths(k, inverses);
    struct pb_space s;
    struct pb_error e = {{0}};
    if (!plain || space_of(k, inverses, &s, &e)) {
        CHECK(false, "2 x %d: no plain table or space: %s", k, e.msg);
        free(plain);
        return;
    }
    /* the plain depths by the engine's ranks, and their census */
    static struct magic_unranker u; /* checked in round_trips */
    magic_unranker_init(&u);
    uint8_t *depth = malloc(s.n);
    uint64_t want[MAX_DEPTHS] = {0}, reached = 0;
    size_t depths = 0;
    for (uint64_t r = 0; depth && r < s.n; r++) {
        depth[r] =
            plain[magic_plain_rank(magic_unrank_fast(&u, (uint32_t)r, k), k)];
        if (depth[r] != MAGIC_PLAIN_UNSEEN) {
            want[depth[r]]++;
            reached++;
            depths = depth[r] + 1u > depths ? depth[r] + 1u : depths;
        }
    }
    free(plain);
    for (int t = 1; depth && t <= 2; t++)
        for (int d = 0; d < 3; d++) {
            if (d == FRONTIER2_BOTTOM_UP && !all_directions)
                continue;
            static uint64_t counts[MAX_DEPTHS];
            struct frontier2_options opt = {.threads = t,
                                            .direction =
                                                (enum frontier2_direction)d,
                                            .keep_codes = true};
            struct frontier2_result r = {.counts = counts,
                                         .max_depths = MAX_DEPTHS};
            int rc = frontier2_search(&s, &opt, &r, &e);
            CHECK(rc == 0, "%s: %s", s.what, e.msg);
            if (rc)
                continue;
            uint64_t sum = 0, wrong = 0;
            for (size_t i = 0; i < r.depths; i++)
                sum += r.counts[i];
            for (uint64_t i = 0; i < s.n; i++) {
                unsigned code = depth[i] == MAGIC_PLAIN_UNSEEN
                                    ? FRONTIER2_UNSEEN
                                    : 1u + depth[i] % 3u;
                wrong += frontier2_code(r.codes, i) != code;
            }
            CHECK(r.depths == depths && r.reached == reached &&
                      sum == r.reached &&
                      !memcmp(r.counts, want, depths * sizeof(want[0])) &&
                      wrong == 0,
                  "%s, %d thread(s), %s: %zu depths (want %zu), reached "
                  "%llu (want %llu), sum %llu, %llu wrong codes",
                  s.what, t, direction_names[d], r.depths, depths,
                  (unsigned long long)r.reached, (unsigned long long)reached,
                  (unsigned long long)sum, (unsigned long long)wrong);
            frontier2_free(r.codes);
        }
    free(depth);
    kernel()->space->free(&s);
}

static void refusals(void)
{
    struct pb_space s;
    struct pb_error e = {{0}};
    CHECK(space_of(2, false, &s, &e) == -EINVAL &&
              strstr(e.msg, "expected the ring width K = 3..7"),
          "K = 2: %s", e.msg);
    CHECK(space_of(8, true, &s, &e) == -EINVAL && strstr(e.msg, "size 8"),
          "K = 8: %s", e.msg);
    CHECK(space_of(7, false, &s, &e) == 0 && s.n == 87178291200ull &&
              s.starts[0] == magic_ring7_rank(0x789ABCD6543210ull) &&
              strstr(s.what, "directed 2 x 7 ring"),
          "K = 7: %s", e.msg);
    kernel()->space->free(&s);
    struct pb_space_args args = {.size = {4, 0}, .start = 1};
    CHECK(kernel()->space->build(&args, &s, &e) == -EINVAL &&
              strstr(e.msg, "one start"),
          "start 1: %s", e.msg);
    args.start = -1;
    args.size = (struct pb_size){0, 0};
    CHECK(kernel()->space->build(&args, &s, &e) == 0 && s.n == 40320 &&
              s.nstarts == 1 && s.starts[0] == magic_rank(magic_start(4), 4) &&
              strstr(s.what, "2 x 4"),
          "the judge's size: %s", e.msg);
    kernel()->space->free(&s);
}

/* table_omp (its exact distances recovered from depths mod 3) on every
 * target of 2 x 3 and 2 x 4 and random ones of 2 x 5, at 1 and 2
 * threads, each answer checked by the oracle (length and alphabetically
 * first sequence). 2 x 3 lies inside table_omp's ball of exact depths;
 * 2 x 4 and 2 x 5 do not, so their deep targets take the searches. */
static void table_omp_all(int k, uint32_t count)
{
    const struct pb_variant *v = NULL;
    for (size_t i = 0; kernel()->variants[i]; i++)
        if (!strcmp(kernel()->variants[i]->name, "table_omp"))
            v = kernel()->variants[i];
    struct pb_corpus c;
    pb_corpus_init(&c, kernel(), "<table_omp>");
    uint32_t n = magic_factorial[magic_cells(k)];
    struct pb_rng rng;
    pb_rng_seed(&rng, 1996);
    for (uint32_t i = 0; i < (count ? count : n); i++) {
        struct magic_instance *in = pb_corpus_push(&c, 0);
        in->k = (uint8_t)k;
        in->target = count ? random_state(&rng, k) : magic_unrank(i, k);
    }
    struct pb_error e = {{0}};
    void *oracle = kernel()->oracle.build(&c, &e);
    for (int t = 1; v && oracle && t <= 2; t++) {
        struct magic_answer *ans = calloc(c.count, sizeof(*ans));
        struct pb_run run;
        int rc = ans ? pb_run_variant(v, &c, t, ans, &run, &e) : -ENOMEM;
        CHECK(rc == 0, "table_omp 2 x %d, %d thread(s): %s", k, t, e.msg);
        struct pb_check check;
        pb_check_answers(&c, oracle, ans, &check);
        CHECK(rc == 0 && check.wrong == 0,
              "table_omp 2 x %d, %d thread(s): %zu of %zu wrong, first #%zu: "
              "%s",
              k, t, check.wrong, c.count, check.first_wrong, check.why);
        free(ans);
    }
    CHECK(v && oracle, "table_omp or the oracle missing: %s", e.msg);
    if (oracle)
        kernel()->oracle.free(oracle);
    pb_corpus_free(&c);
}

#include "magic_space_time.h"

int main(int argc, char **argv)
{
    if (argc > 1 && !strcmp(argv[1], "--time"))
        return time_all();
    if (argc > 2 && !strcmp(argv[1], "--agree6"))
        return agree6((size_t)atoi(argv[2]));
    bool all = getenv("PB_MAGIC_SPACE_ALL") != NULL;
    round_trips();
    round_trips7();
    for (int k = 3; k <= 7; k++) {
        neighbours(k, false);
        neighbours(k, true);
    }
    for (int k = 3; k <= 5; k++) {
        census(k, false, all || k <= 4);
        if (k <= 4 || !SANITIZED)
            census(k, true, all || k <= 4);
    }
    refusals();
    table_omp_all(3, 0);
    table_omp_all(4, 0);
    table_omp_all(5, SANITIZED ? 300 : 3000);
    return check_summary();
}
