/*
 * test_overflow.c - size and cost arithmetic at its limits:
 * nothing wraps to a small number that would pass the memory cap, and
 * sums past 32 bits come out exact.
 *  (a) the saturating helpers (pb_mul_sat, pb_add_sat) at 2^64, byte
 *      sizes at the edge of 64 bits (pb_parse_bytes), and
 *      pb_memory_check refusing a saturated estimate even under an
 *      unlimited cap;
 *  (b) every cube_walk variant's memory_bound and the oracle's estimate
 *      on the largest board the format takes (32768 x 32768 = 2^30
 *      squares): at least the variant's distance array, never lower at
 *      more threads (a wrap would be), saturated at 2^31 - 1 threads
 *      rather than wrapped; corpus estimates (pb_corpus_bytes) of 2^64
 *      instances saturate for every kernel; the engine's array
 *      (frontier2_bytes) for 2^64 - 1 ranks is not small;
 *  (c) the largest walk sums: a 1 x 5000 corridor with every face at
 *      the format's largest value (10^6), each variant's sum exactly
 *      W * 5000 = 5 * 10^9 (past 2^32), as the oracle's, with a route
 *      the kernel re-simulates to the same sum. dial and delta_stepping
 *      scan every bucket up to the answer (time O(largest sum): 2^32
 *      buckets are minutes), so they get a 1 x 200 corridor (2 * 10^8)
 *      instead; their sums are 64-bit by construction (dial's current
 *      sum, delta_stepping's static assertion).
 * Instances are built in memory, not generated. O(variants x 60k
 * states) for (c); (a) and (b) allocate nothing big.
 */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "frontier2.h"
#include "pb.h"
#include "pb_limits.h"
#include "run/runner.h"
#include "walk.h"
#include "walk_internal.h"

static void saturating(void)
{
    const uint64_t max = UINT64_MAX, two32 = 1ull << 32;
    CHECK(pb_mul_sat(two32, two32) == max, "2^32 * 2^32 saturates");
    CHECK(pb_mul_sat(max, 2) == max && pb_mul_sat(2, max) == max,
          "2^64 - 1 times 2 saturates");
    CHECK(pb_mul_sat(two32 - 1, two32 + 1) == max, "(2^32-1)(2^32+1) exact");
    CHECK(pb_mul_sat(1ull << 63, 1) == 1ull << 63, "2^63 * 1 exact");
    CHECK(pb_mul_sat(max, 0) == 0, "anything times 0");
    CHECK(pb_add_sat(max, 1) == max &&
              pb_add_sat(1ull << 63, 1ull << 63) == max,
          "sums past 2^64 saturate");
    CHECK(pb_add_sat(max - 1, 1) == max, "2^64 - 2 + 1 exact");

    uint64_t v = 0;
    CHECK(pb_parse_bytes("16777215T", &v) == 0 && v == max - (1ull << 40) + 1,
          "16777215T is 2^64 - 2^40: %llu", (unsigned long long)v);
    CHECK(pb_parse_bytes("16777216T", &v) == -ERANGE, "16777216T is 2^64");
    CHECK(pb_parse_bytes("18446744073709551615", &v) == 0 && v == max,
          "2^64 - 1 bytes");
    CHECK(pb_parse_bytes("18446744073709551616", &v) == -ERANGE,
          "2^64 bytes too big");
    CHECK(pb_parse_bytes("17179869184G", &v) == -ERANGE, "2^34 G too big");

    struct pb_error e = {""};
    pb_memory_cap_set(1ull << 30);
    CHECK(pb_memory_check(max, "a saturated estimate", &e) == -ENOMEM &&
              strstr(e.msg, "needs about more than 16 EiB (estimate)"),
          "a saturated estimate refused with 'more than 16 EiB': %s", e.msg);
    /* an unlimited cap (a machine whose memory is unknown) still
     * refuses a saturated estimate: it stands for more than 2^64 */
    pb_memory_cap_set(max);
    CHECK(pb_memory_check(max, "a saturated estimate", &e) == -ENOMEM,
          "a saturated estimate refused under an unlimited cap");
    CHECK(pb_memory_check(max - 1, "2^64 - 2 bytes", &e) == 0,
          "2^64 - 2 bytes pass an unlimited cap");
    /* the largest cap a user can give (--max-memory 16777215T) still
     * refuses what saturated, and passes what is just under it */
    pb_memory_cap_set(max - (1ull << 40) + 1);
    CHECK(pb_memory_check(pb_mul_sat(1ull << 40, 1ull << 40), "2^80 bytes",
                          &e) == -ENOMEM,
          "2^80 bytes refused under the largest cap");
    CHECK(pb_memory_check(max - (1ull << 40), "just under", &e) == 0,
          "2^64 - 2^40 - 1 bytes pass the largest cap");
    /* the derived cap (another process's) never rises past its own */
    pb_memory_cap_set(0);
    uint64_t own = pb_memory_cap();
    CHECK(pb_memory_cap_bounded(max - 1, false) == own &&
              !pb_memory_cap_from_user(),
          "a derived cap above the available memory is bounded by it");
    CHECK(pb_memory_cap_bounded(max - 1, true) == max - 1 &&
              pb_memory_cap_from_user(),
          "the user's cap holds as given");
    pb_memory_cap_set(0);
}

/* A corpus of one instance on a rows x cols open board, every face w. */
static void walk_corpus(struct pb_corpus *c, uint32_t rows, uint32_t cols,
                        uint32_t w)
{
    pb_corpus_init(c, check_kernel("cube_walk"), "<test>");
    struct walk_instance *in = pb_corpus_push(c, 1);
    if (!in) {
        fprintf(stderr, "out of memory\n");
        exit(1);
    }
    in->rows = rows;
    in->cols = cols;
    in->start = 0;
    in->end = rows * cols - 1;
    in->w = w;
    for (int f = 0; f < WALK_FACES; f++)
        in->face[f] = w;
}

static void estimates_at_limits(void)
{
    const struct pb_kernel *walk = check_kernel("cube_walk");
    struct pb_corpus c;
    walk_corpus(&c, 32768, 32768, WALK_JUDGE_MAX);
    const uint64_t cells = 1ull << 30;
    /* a distance per state, 8 bytes, is the least any search keeps */
    const uint64_t floor = cells * WALK_CLASS * sizeof(uint64_t);
    static const int threads[] = {1, 2, 64, 1024, INT_MAX};
    for (size_t j = 0; walk->variants[j]; j++) {
        const struct pb_variant *v = walk->variants[j];
        if (!v->memory_bound)
            continue;
        uint64_t last = 0;
        bool monotone = true;
        for (size_t t = 0; t < sizeof(threads) / sizeof(threads[0]); t++) {
            uint64_t b = v->memory_bound(&c, threads[t]);
            monotone = monotone && b >= last && b >= floor;
            last = b;
        }
        CHECK(monotone,
              "%s: bounds at 1..2^31-1 threads on 2^30 squares "
              "are at least %llu bytes and never fall (last %llu)",
              v->name, (unsigned long long)floor, (unsigned long long)last);
        bool parallel = v->flags & PB_VARIANT_PARALLEL;
        if (!parallel && strcmp(v->name, "igraph"))
            CHECK(last == UINT64_MAX,
                  "%s: 2^31 - 1 workers on 2^30 squares saturate (%llu)",
                  v->name, (unsigned long long)last);
    }
    CHECK(walk_oracle_bytes(cells) >= floor &&
              walk_oracle_bytes(UINT64_MAX) == UINT64_MAX,
          "the oracle's estimate: %llu at 2^30 squares",
          (unsigned long long)walk_oracle_bytes(cells));
    pb_corpus_free(&c);

    for (size_t i = 0; pb_kernels[i]; i++)
        CHECK(pb_corpus_bytes(pb_kernels[i], UINT64_MAX) == UINT64_MAX &&
                  pb_corpus_bytes(pb_kernels[i], 1ull << 62) == UINT64_MAX,
              "%s: 2^62 and 2^64 - 1 instances saturate", pb_kernels[i]->name);
    CHECK(frontier2_bytes(UINT64_MAX) >= UINT64_MAX / 4,
          "2^64 - 1 ranks at 2 bits: %llu bytes, not wrapped",
          (unsigned long long)frontier2_bytes(UINT64_MAX));
    CHECK(frontier2_bytes(87178291200ull) == 87178291200ull / 4,
          "14! ranks at 2 bits: 20.3 GiB");
}

/* Whether v's time grows with the largest sum (bucket scans). */
static bool scans_buckets(const struct pb_variant *v)
{
    return !strcmp(v->name, "dial") || !strcmp(v->name, "delta_stepping");
}

/* Every variant (those that scan buckets when `scanning`, the others
 * when not) and the oracle on a 1 x cols corridor of faces WALK_MAX_W. */
static void corridor_sums(uint32_t cols, bool scanning)
{
    const struct pb_kernel *walk = check_kernel("cube_walk");
    const uint64_t want = (uint64_t)WALK_MAX_W * cols;
    struct pb_corpus c;
    walk_corpus(&c, 1, cols, WALK_MAX_W);
    struct pb_error e = {""};
    void *oracle = walk->oracle.build(&c, &e);
    CHECK(oracle, "the oracle: %s", e.msg);
    if (!oracle) {
        pb_corpus_free(&c);
        return;
    }
    struct walk_answer best = {0, 0, NULL};
    CHECK(walk->oracle.solve(oracle, pb_corpus_item(&c, 0), &best) == 0 &&
              best.sum == want,
          "the oracle's sum %llu, expected %llu", (unsigned long long)best.sum,
          (unsigned long long)want);
    walk->answer.release(&best);
    for (size_t j = 0; walk->variants[j]; j++) {
        const struct pb_variant *v = walk->variants[j];
        if (scans_buckets(v) != scanning)
            continue;
        void *answers = pb_answers_new(&c, &e);
        struct pb_run run;
        int rc = answers ? pb_run_variant(v, &c, 1, answers, &run, &e) : -1;
        const struct walk_answer *a = answers;
        uint64_t sum = 0;
        char why[256] = "";
        bool ok = rc == 0 && a->sum == want &&
                  walk_simulate(pb_corpus_item(&c, 0), a->route, a->length,
                                &sum, why, sizeof(why)) &&
                  sum == want && a->length == cols;
        CHECK(ok,
              "%s: rc %d, sum %llu (route re-simulated: %llu, %s), "
              "expected %llu over %u squares: %s",
              v->name, rc, rc == 0 ? (unsigned long long)a->sum : 0ull,
              (unsigned long long)sum, why, (unsigned long long)want, cols,
              rc ? e.msg : "");
        pb_answers_free(&c, answers);
    }
    walk->oracle.free(oracle);
    pb_corpus_free(&c);
}

static void largest_sums(void)
{
    corridor_sums(5000, false); /* 5 * 10^9: past 2^32 */
    corridor_sums(200, true);
}

int main(void)
{
    saturating();
    estimates_at_limits();
    largest_sums();
    printf("%d passed, %d failed\n", check_passed, check_failed);
    return check_failed ? 1 : 0;
}
