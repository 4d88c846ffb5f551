/*
 * test_magic.c - the magic_squares kernel and its variants: the official
 * sample and edge cases (the start, every depth-22 target), the move laws
 * (A^2 = B^K = C^4 = id, inverses), rank/unrank as a bijection for
 * K = 3..5, the packed moves against the statement's examples, the judge
 * format (60 letters a line, every bad input named by line), generator
 * determinism, cross-variant agreement on 1000 K = 4 and 200 K = 5
 * targets, 1 vs 2 threads, and a planted wrong variant that verification
 * must catch. Ends with "N passed, N failed".
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "kernel_test.h"
#include "run/gen.h"
#include "magic.h"
#include "magic_internal.h"
#include "pb_prng.h"
#include "run/runner.h"
#include "run/verify.h"

static const struct pb_kernel *kernel(void)
{
    return pb_kernel_find("magic_squares");
}

static int read_text(const char *text, struct pb_corpus *c, struct pb_error *e)
{
    return kt_read(kernel(), text, c, e);
}

/* The answer of variant v for instance 0 of the text, as judge output. */
static void solve_text(const struct pb_variant *v, const char *text, char *out,
                       size_t len)
{
    struct pb_corpus c;
    struct pb_error e;
    out[0] = '\0';
    if (read_text(text, &c, &e))
        return;
    struct magic_answer a;
    struct pb_run run;
    if (pb_run_variant(v, &c, 1, &a, &run, &e) == 0) {
        FILE *f = fmemopen(out, len, "w");
        kernel()->answer.write(f, pb_corpus_item(&c, 0), &a);
        fclose(f);
    }
    pb_corpus_free(&c);
}

static void test_sample_and_start(void)
{
    const struct pb_variant *const *vs = kernel()->variants;
    for (size_t i = 0; vs[i]; i++) {
        char out[256];
        solve_text(vs[i], "2 6 8 4 5 7 3 1\n", out, sizeof(out));
        CHECK(!strcmp(out, "7\nBCABCCB\n"), "%s sample: '%s'", vs[i]->name,
              out);
        solve_text(vs[i], "1 2 3 4 5 6 7 8\n", out, sizeof(out));
        CHECK(!strcmp(out, "0\n\n"), "%s start: '%s'", vs[i]->name, out);
        solve_text(vs[i], "ring 3\n1 2 3 4 5 6\n", out, sizeof(out));
        CHECK(!strcmp(out, "0\n\n"), "%s 2x3 start: '%s'", vs[i]->name, out);
    }
}

static uint64_t from_rows(const int *top, const int *bottom, int k)
{
    uint64_t s = 0;
    for (int i = 0; i < k; i++) {
        s |= (uint64_t)(top[i] - 1) << (4 * i);
        s |= (uint64_t)(bottom[i] - 1) << (4 * (k + i));
    }
    return s;
}

/* The statement's pictures: A, B and C applied to the start. */
static void test_moves_match_statement(void)
{
    uint64_t start = magic_start(4);
    int st[] = {1, 2, 3, 4}, sb[] = {8, 7, 6, 5};
    int at[] = {8, 7, 6, 5}, ab[] = {1, 2, 3, 4};
    int bt[] = {4, 1, 2, 3}, bb[] = {5, 8, 7, 6};
    int ct[] = {1, 7, 2, 4}, cb[] = {8, 6, 3, 5};
    CHECK(start == from_rows(st, sb, 4), "start %llx",
          (unsigned long long)start);
    CHECK(magic_apply(start, 4, MAGIC_A) == from_rows(at, ab, 4), "A");
    CHECK(magic_apply(start, 4, MAGIC_B) == from_rows(bt, bb, 4), "B");
    CHECK(magic_apply(start, 4, MAGIC_C) == from_rows(ct, cb, 4), "C");
}

static uint64_t random_state(struct pb_rng *rng, int k)
{
    return magic_unrank((uint32_t)pb_rng_below(rng, magic_factorial[2 * k]), k);
}

static uint64_t power(uint64_t s, int k, enum magic_move m, int times)
{
    while (times-- > 0)
        s = magic_apply(s, k, m);
    return s;
}

static void test_laws(void)
{
    struct pb_rng rng;
    pb_rng_seed(&rng, 12345);
    for (int k = MAGIC_K_MIN; k <= MAGIC_K_MAX; k++) {
        int bad = 0;
        for (int i = 0; i < 2000; i++) {
            uint64_t s = random_state(&rng, k);
            bad += power(s, k, MAGIC_A, 2) != s;
            bad += power(s, k, MAGIC_B, k) != s;
            bad += power(s, k, MAGIC_C, 4) != s;
            bad += power(s, k, MAGIC_A, 1) == s;
            for (int m = 0; m < MAGIC_MOVES; m++) {
                uint64_t t = magic_apply(s, k, (enum magic_move)m);
                bad += magic_unapply(t, k, (enum magic_move)m) != s;
                bad += magic_apply(magic_unapply(s, k, (enum magic_move)m), k,
                                   (enum magic_move)m) != s;
                bad += !magic_valid(t, k);
            }
        }
        CHECK(bad == 0, "K=%d: %d law violations", k, bad);
    }
}

static void test_rank_bijection(void)
{
    for (int k = MAGIC_K_MIN; k <= 5; k++) {
        uint32_t total = magic_factorial[2 * k];
        uint32_t bad = 0;
        for (uint32_t r = 0; r < total; r++) {
            uint64_t s = magic_unrank(r, k);
            bad += !magic_valid(s, k) || magic_rank(s, k) != r;
        }
        CHECK(bad == 0, "K=%d: %u ranks do not round-trip", k, bad);
        CHECK(magic_rank(magic_unrank(total - 1, k), k) == total - 1,
              "K=%d last rank", k);
    }
}

static void test_answer_wrapping(void)
{
    struct magic_instance in = {4, 0};
    struct magic_answer a;
    memset(&a, 0, sizeof(a));
    a.length = 61;
    memset(a.moves, 'A', 61);
    char out[256];
    FILE *f = fmemopen(out, sizeof(out), "w");
    kernel()->answer.write(f, &in, &a);
    fclose(f);
    char want[256];
    snprintf(want, sizeof(want), "61\n%.*s\nA\n", 60, a.moves);
    CHECK(!strcmp(out, want), "61 moves wrap after 60: '%s'", out);
}

static void test_bad_input(void)
{
    static const struct bad_case cases[] = {
        {"2 6 x 4 5 7 3 1\n", "<test>:1: expected number 3 of 8"},
        {"2 6 8\n", "<test>:1: instance 1 has 3 of the 8 numbers"},
        {"2 6 8 4 5 7 3 1\n1 2\n", "<test>:2: instance 2 has 2 of the 8"},
        {"2 6 8 4 5 7 3 1 4\n", "instance 2 has 1 of the 8"},
        {"9 6 8 4 5 7 3 1\n", "<test>:1: expected number 1 of 8"},
        {"0 6 8 4 5 7 3 1\n", "found 0"},
        {"2 2 8 4 5 7 3 1\n", "2 appears twice in instance 1"},
        {"\n\n1 2 3 4 5 6 7 8\n\n2 6 8 4 5 7 3\n", "<test>:5: instance 2"},
        {"ring 7\n", "<test>:1: expected the ring width K after 'ring' "
                     "(3..6), found 7"},
        {"ring\n", "found end of input"},
        {"1 2 3 4 5 6 7 99999999999999999999999\n", "found '9999"},
        {"ring 3\n1 2 3 4 5 7\n", "expected number 6 of 6 of instance 1 "
                                  "(1..6), found 7"},
    };
    kt_check_bad(kernel(), cases, sizeof(cases) / sizeof(cases[0]));
}

static void test_header_checks(void)
{
    const char *path = "build_test_header.txt";
    struct pb_error e = {""};
    struct pb_corpus c;
    FILE *f = fopen(path, "w");
    fputs("# kernel cubing\n1 2 3 4 5 6 7 8\n", f);
    fclose(f);
    CHECK(pb_corpus_load(kernel(), path, &c, &e) != 0 &&
              strstr(e.msg, "kernel 'cubing'"),
          "kernel mismatch: '%s'", e.msg);
    f = fopen(path, "w");
    fputs("# kernel magic_squares\n# count 3\n1 2 3 4 5 6 7 8\n", f);
    fclose(f);
    CHECK(
        pb_corpus_load(kernel(), path, &c, &e) != 0 &&
            strstr(e.msg, "ends after 1 instances, but the header declares 3"),
        "count mismatch: '%s'", e.msg);
    f = fopen(path, "w");
    fputs("# only a comment\n", f);
    fclose(f);
    CHECK(pb_corpus_load(kernel(), path, &c, &e) != 0 &&
              strstr(e.msg, "expected at least one"),
          "empty: '%s'", e.msg);
    remove(path);
}

static void test_generator(void)
{
    struct pb_corpus a;
    struct pb_error e;
    kt_check_generator_seeds(kernel(), "uniform", (struct pb_size){4, 0}, 300);
    CHECK(pb_generate(kernel(), "depth:23", (struct pb_size){4, 0}, 1, 1, &a,
                      &e) == -EINVAL &&
              strstr(e.msg, "0 <= D <= 22"),
          "depth 23 rejected: %s", e.msg);
    CHECK(pb_generate(kernel(), "zigzag", (struct pb_size){4, 0}, 1, 1, &a,
                      &e) == -EINVAL,
          "unknown family");
    CHECK(pb_generate(kernel(), "uniform", (struct pb_size){7, 0}, 1, 1, &a,
                      &e) == -EINVAL,
          "size 7 rejected");
}

/* Every variant agrees with every other and with the oracle. */
static void agree_corpus(struct pb_corpus *c_in, const char *family, int size,
                         int threads)
{
    const struct pb_kernel *k = kernel();
    struct pb_corpus c = *c_in;
    size_t count = c.count;
    struct pb_error e;
    void *oracle = k->oracle.build(&c, &e);
    struct magic_answer *first = NULL;
    for (size_t j = 0; k->variants[j]; j++) {
        const struct pb_variant *v = k->variants[j];
        struct magic_answer *ans = calloc(count, sizeof(*ans));
        struct pb_run run;
        int rc = pb_run_variant(v, &c, threads, ans, &run, &e);
        CHECK(rc == 0, "%s on %s/%d: %s", v->name, family, size, e.msg);
        struct pb_check check;
        pb_check_answers(&c, oracle, ans, &check);
        CHECK(check.wrong == 0,
              "%s on %s/%d threads %d: %zu wrong, first "
              "#%zu: %s",
              v->name, family, size, threads, check.wrong, check.first_wrong,
              check.why);
        if (!first) {
            first = ans;
            continue;
        }
        CHECK(!memcmp(first, ans, count * sizeof(*ans)),
              "%s differs from %s on %s/%d", v->name, k->variants[0]->name,
              family, size);
        free(ans);
    }
    free(first);
    k->oracle.free(oracle);
}

static void agree(const char *family, int size, size_t count, int threads)
{
    struct pb_corpus c;
    struct pb_error e;
    if (pb_generate(kernel(), family, (struct pb_size){size, 0}, count, 77, &c,
                    &e)) {
        CHECK(0, "gen %s: %s", family, e.msg);
        return;
    }
    agree_corpus(&c, family, size, threads);
    pb_corpus_free(&c);
}

/* A variant that answers the start for every target: verify must fail. */
static int liar_solve(void *worker, const void *instance, void *answer,
                      struct pb_work *work, struct pb_error *e)
{
    (void)worker, (void)instance, (void)work, (void)e;
    memset(answer, 0, sizeof(struct magic_answer));
    return 0;
}

static void *liar_worker_new(const struct pb_corpus *c, const void *shared)
{
    (void)c, (void)shared;
    static int dummy_worker;
    return &dummy_worker;
}

static void test_wrong_variant_is_caught(void)
{
    static const struct pb_variant liar = {.name = "liar",
                                           .summary = "always answers 0",
                                           .worker_new = liar_worker_new,
                                           .solve = liar_solve};
    struct pb_corpus c;
    struct pb_error e;
    read_text("1 2 3 4 5 6 7 8\n2 6 8 4 5 7 3 1\n", &c, &e);
    void *oracle = kernel()->oracle.build(&c, &e);
    struct magic_answer ans[2];
    struct pb_run run;
    pb_run_variant(&liar, &c, 1, ans, &run, &e);
    struct pb_check check;
    pb_check_answers(&c, oracle, ans, &check);
    CHECK(check.correct == 1 && check.wrong == 1 && check.first_wrong == 1,
          "liar: %zu correct %zu wrong", check.correct, check.wrong);
    char report[1024] = "";
    FILE *f = fmemopen(report, sizeof(report), "w");
    pb_report_wrong(f, &c, oracle, ans, 1, "liar", check.why);
    fclose(f);
    CHECK(strstr(report, "<test>:2, instance 2") &&
              strstr(report, "2 6 8 4 5 7 3 1") && strstr(report, "BCABCCB") &&
              strstr(report, "length 0"),
          "report: %s", report);
    kernel()->oracle.free(oracle);
    pb_corpus_free(&c);
}

/* Every one of the five depth-22 targets (the deepest of 2 x 4), found by
 * the plain reference search; then sampled deep layers of other rings. */
static void test_deepest(void)
{
    uint8_t *depth = magic_plain_depths(4, false);
    struct pb_corpus c;
    pb_corpus_init(&c, kernel(), "<depth 22>");
    for (uint32_t r = 0; r < magic_factorial[8]; r++)
        if (depth[r] == 22) {
            struct magic_instance *in = pb_corpus_push(&c, 0);
            in->k = 4;
            in->target = magic_unrank(r, 4);
        }
    free(depth);
    CHECK(c.count == 5, "%zu states at depth 22", c.count);
    agree_corpus(&c, "all depth 22", 4, 1);
    pb_corpus_free(&c);
    agree("depth:22", 4, 40, 1);
    agree("depth:21", 4, 40, 2);
    agree("depth:11", 3, 20, 1);
    agree("depth:27", 5, 3, 1);
}

/* 200 targets of 2 x 5, ten at each depth 0..19: every variant on every
 * difficulty, while the per-query searches stay affordable in CI (a
 * uniform 2 x 5 target costs bfs_hash ~1.7 s, so only six of those). */
static void agree_ring5_mix(void)
{
    enum { DEPTHS = 20, PER_DEPTH = 10 };
    uint8_t *depth = magic_plain_depths(5, false);
    uint32_t *layer[DEPTHS], size[DEPTHS] = {0};
    for (uint32_t r = 0; r < magic_factorial[10]; r++)
        if (depth[r] < DEPTHS)
            size[depth[r]]++;
    for (int d = 0; d < DEPTHS; d++) {
        layer[d] = malloc(size[d] * sizeof(uint32_t));
        size[d] = 0;
    }
    for (uint32_t r = 0; r < magic_factorial[10]; r++)
        if (depth[r] < DEPTHS)
            layer[depth[r]][size[depth[r]]++] = r;
    free(depth);
    struct pb_rng rng;
    struct pb_corpus mix;
    pb_rng_seed(&rng, 5);
    pb_corpus_init(&mix, kernel(), "<2x5 depth mix>");
    for (int d = 0; d < DEPTHS; d++) {
        for (int i = 0; i < PER_DEPTH; i++) {
            struct magic_instance *in = pb_corpus_push(&mix, 0);
            in->k = 5;
            in->target = magic_unrank(layer[d][pb_rng_below(&rng, size[d])], 5);
        }
        free(layer[d]);
    }
    CHECK(mix.count == 200, "%zu targets", mix.count);
    agree_corpus(&mix, "depth 0..19", 5, 2);
    pb_corpus_free(&mix);
}

/* The directed census (plain reference search) equals a census by the
 * packed moves and rank of magic.h, for K = 3..5; totals are (2K)! and
 * the 2 x 4 census ends at depth 22 with 5 states. */
static void test_census(void)
{
    for (int k = 3; k <= 5; k++) {
        uint64_t counts[64], fast[64] = {0};
        size_t depths = 0;
        struct pb_error e;
        int rc = kernel()->space->census(&(struct pb_size){k, 0}, false, counts,
                                         64, &depths, &e);
        CHECK(rc == 0, "census %d: %s", k, e.msg);
        uint32_t total = magic_factorial[2 * k];
        uint8_t *d = malloc(total);
        uint64_t *queue = malloc(total * sizeof(*queue));
        memset(d, 0xFF, total);
        size_t head = 0, tail = 0;
        queue[tail++] = magic_start(k);
        d[magic_rank(magic_start(k), k)] = 0;
        while (head < tail) {
            uint64_t s = queue[head++];
            unsigned ds = d[magic_rank(s, k)];
            fast[ds]++;
            for (int m = 0; m < MAGIC_MOVES; m++) {
                uint64_t t = magic_apply(s, k, (enum magic_move)m);
                uint32_t r = magic_rank(t, k);
                if (d[r] == 0xFF) {
                    d[r] = (uint8_t)(ds + 1);
                    queue[tail++] = t;
                }
            }
        }
        CHECK(tail == total, "K=%d: %zu of %u reachable", k, tail, total);
        CHECK(!memcmp(counts, fast, depths * sizeof(uint64_t)) &&
                  fast[depths] == 0,
              "K=%d: census differs from the packed-move BFS", k);
        if (k == 4)
            CHECK(depths == 23 && counts[22] == 5,
                  "2x4 ends at %zu with "
                  "%llu",
                  depths - 1, (unsigned long long)counts[depths - 1]);
        free(d);
        free(queue);
    }
}

int main(void)
{
    test_sample_and_start();
    test_moves_match_statement();
    test_laws();
    test_rank_bijection();
    test_answer_wrapping();
    test_bad_input();
    test_header_checks();
    test_census();
    test_generator();
    test_wrong_variant_is_caught();
    test_deepest();
    agree("uniform", 4, 1000, 1);
    agree("uniform", 4, 1000, 2);
    agree("uniform", 3, 200, 2);
    agree_ring5_mix();
    agree("uniform", 5, 6, 2);
    return check_summary();
}
