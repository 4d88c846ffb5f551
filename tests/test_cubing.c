/*
 * test_cubing.c - the cubing kernel and its variants: the official sample,
 * the extra case and all twelve single-turn results of docs/problems.md for
 * every variant; laws for every face and N = 2..7 (X+ four times, X+ X-,
 * a sequence then its inverse, the known 3 x 3 x 3 orders); full-state
 * agreement of every variant with the oracle on 10^4 random N = 3
 * sequences and on N = 2..7, 8..17 and 63..64 for the variants that take
 * any N, at 1 and 2 threads; the simd variant's scalar, SSSE3 and AVX2
 * paths against each other; simd_chains on each path, 1..8 chains, one
 * or two turns a step, on every length 0..80 and some past its blocks;
 * facelet_sparse's portable, SSE2 and AVX2 face turns against the oracle
 * at N below, at and between multiples of its 8 x 8 and 16 x 16 tiles;
 * the extended format round trip; generator determinism; and bad input
 * named by line. Ends with "N passed, N failed".
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "kernel_test.h"
#include "cubing.h"
#include "cubing_internal.h"
#include "run/gen.h"
#include "run/runner.h"
#include "simd_path.h"

static const char sample_in[] = "4\n1\nL-\n2\nF+ B+\n4\nU- D- L+ R+\n10\n"
                                "L- U- L+ U- L- U- U- L+ U+ U+\n";
static const char sample_out[] =
    "rww\nrww\nrww\nbbb\nwww\nggg\ngwg\nowr\nbwb\ngwo\nwww\nrww\n";

static const struct pb_kernel *kernel(void)
{
    return pb_kernel_find("cubing");
}

/* Answer i of an array from run(). */
static const struct cube_answer *at(const struct cube_answer *a,
                                    const struct pb_corpus *c, size_t i)
{
    return (const void *)((const char *)a + i * pb_answer_size(c));
}

static int read_text(const char *text, struct pb_corpus *c, struct pb_error *e)
{
    return kt_read(kernel(), text, c, e);
}

/* Runs v over c at `threads`; a malloc'ed answer array (slots of
 * pb_answer_size bytes) or NULL. NULL, without a failure, when v does
 * not accept c (its accepts hook: only for corpora with an order other
 * than 3). */
static struct cube_answer *run(const struct pb_variant *v,
                               const struct pb_corpus *c, int threads)
{
    char why[256];
    if (!pb_variant_accepts(v, c, why, sizeof(why))) {
        const struct cube_instance *in = pb_corpus_item(c, 0);
        CHECK(in->n != 3, "%s declines an N = 3 corpus: %s", v->name, why);
        return NULL;
    }
    struct cube_answer *a = calloc(c->count, pb_answer_size(c));
    struct pb_run r;
    struct pb_error e;
    int rc = a ? pb_run_variant(v, c, threads, a, &r, &e) : 0;
    if (rc) {
        CHECK(0, "%s: %s", v->name, e.msg);
    }
    if (rc) {
        free(a);
        return NULL;
    }
    return a;
}

/* Variant v's judge output for a whole input text. */
static void solve_text(const struct pb_variant *v, const char *text, char *out,
                       size_t len)
{
    struct pb_corpus c;
    struct pb_error e;
    out[0] = '\0';
    if (read_text(text, &c, &e)) {
        CHECK(0, "read: %s", e.msg);
        return;
    }
    struct cube_answer *a = run(v, &c, 1);
    if (a) {
        FILE *f = fmemopen(out, len, "w");
        for (size_t i = 0; i < c.count; i++)
            kernel()->answer.write(f, pb_corpus_item(&c, i), at(a, &c, i));
        fclose(f);
    }
    free(a);
    pb_corpus_free(&c);
}

static void test_sample_and_single_turns(void)
{
    static const char *single[CUBE_TURNS][2] = {
        {"U+", "www\nwww\nwww\n"}, {"U-", "www\nwww\nwww\n"},
        {"D+", "www\nwww\nwww\n"}, {"D-", "www\nwww\nwww\n"},
        {"F+", "www\nwww\nggg\n"}, {"F-", "www\nwww\nbbb\n"},
        {"B+", "bbb\nwww\nwww\n"}, {"B-", "ggg\nwww\nwww\n"},
        {"L+", "oww\noww\noww\n"}, {"L-", "rww\nrww\nrww\n"},
        {"R+", "wwr\nwwr\nwwr\n"}, {"R-", "wwo\nwwo\nwwo\n"},
    };
    const struct pb_variant *const *vs = kernel()->variants;
    for (size_t i = 0; vs[i]; i++) {
        char out[512];
        solve_text(vs[i], sample_in, out, sizeof(out));
        CHECK(!strcmp(out, sample_out), "%s sample: '%s'", vs[i]->name, out);
        solve_text(vs[i], "1\n12\nF- R- U- B- L- D- F+ R+ U+ B+ L+ D+\n", out,
                   sizeof(out));
        CHECK(!strcmp(out, "rro\nwwg\nogg\n"), "%s every face: '%s'",
              vs[i]->name, out);
        for (int t = 0; t < CUBE_TURNS; t++) {
            char text[32];
            snprintf(text, sizeof(text), "1\n1\n%s\n", single[t][0]);
            solve_text(vs[i], text, out, sizeof(out));
            CHECK(!strcmp(out, single[t][1]), "%s %s: '%s'", vs[i]->name,
                  single[t][0], out);
        }
    }
}

static bool solved(const struct cube_answer *a)
{
    uint8_t want[CUBE_MAX_STICKERS];
    cube_solved(a->n, want);
    return !memcmp(want, a->sticker, (size_t)cube_stickers(a->n));
}

/* A corpus of one case per (face, law) on order n: X+ x4, X- x4, X+ X-,
 * X- X+. */
static void test_laws(void)
{
    const struct pb_variant *const *vs = kernel()->variants;
    for (int n = CUBE_N_MIN; n <= 7; n++) {
        struct pb_corpus c;
        pb_corpus_init(&c, kernel(), "<laws>");
        for (int t = 0; t < CUBE_TURNS; t++)
            for (int law = 0; law < 2; law++) {
                struct cube_instance *in = pb_corpus_push(&c, 0);
                in->n = (uint16_t)n;
                in->count = law ? 2 : 4;
                in->turns = malloc(4);
                uint8_t seq[4] = {(uint8_t)t, (uint8_t)(law ? t ^ 1 : t),
                                  (uint8_t)t, (uint8_t)t};
                memcpy(in->turns, seq, 4);
            }
        for (size_t v = 0; vs[v]; v++) {
            struct cube_answer *a = run(vs[v], &c, 1);
            for (size_t i = 0; a && i < c.count; i++)
                CHECK(solved(at(a, &c, i)), "%s N = %d law case %zu",
                      vs[v]->name, n, i);
            free(a);
        }
        pb_corpus_free(&c);
    }
}

/* Every variant (that takes order n) agrees with the oracle and with the
 * others on corpus c, at 1 and 2 threads; identity corpora must also come
 * back solved. */
static void agree(const struct pb_corpus *c, const char *what, bool identity)
{
    const struct pb_kernel *k = kernel();
    struct pb_error e;
    void *oracle = k->oracle.build(c, &e);
    struct cube_answer *first = NULL;
    for (size_t v = 0; k->variants[v]; v++) {
        for (int threads = 1; threads <= 2; threads++) {
            struct cube_answer *a = run(k->variants[v], c, threads);
            if (!a)
                continue;
            struct pb_check check;
            pb_check_answers(c, oracle, a, &check);
            CHECK(check.wrong == 0, "%s on %s, %d threads: %zu wrong: %s",
                  k->variants[v]->name, what, threads, check.wrong, check.why);
            size_t unsolved = 0;
            for (size_t i = 0; identity && i < c->count; i++)
                unsolved += !solved(at(a, c, i));
            CHECK(unsolved == 0, "%s on %s: %zu identity cases not solved",
                  k->variants[v]->name, what, unsolved);
            if (!first) {
                first = a;
                continue;
            }
            CHECK(!memcmp(first, a, c->count * pb_answer_size(c)),
                  "%s at %d threads differs on %s", k->variants[v]->name,
                  threads, what);
            free(a);
        }
    }
    free(first);
    k->oracle.free(oracle);
}

static void agree_generated(const char *family, int n, size_t count,
                            uint64_t seed)
{
    struct pb_corpus c;
    struct pb_error e;
    if (pb_generate(kernel(), family, (struct pb_size){n, 0}, count, seed, &c,
                    &e)) {
        CHECK(0, "gen %s N = %d: %s", family, n, e.msg);
        return;
    }
    char what[64];
    snprintf(what, sizeof(what), "%s N = %d seed %llu", family, n,
             (unsigned long long)seed);
    agree(&c, what, !strcmp(family, "identity"));
    pb_corpus_free(&c);
}

static void test_cross_variants(void)
{
    for (uint64_t seed = 1; seed <= 10; seed++) /* 10^4 sequences */
        agree_generated("random:100", 3, 1000, seed);
    agree_generated("long:100000", 3, 2, 11);
    for (int n = CUBE_N_MIN; n <= 7; n++) {
        agree_generated("random:200", n, 50, 20 + (uint64_t)n);
        agree_generated("identity", n, 30, 30 + (uint64_t)n);
    }
    agree_generated("identity", 3, 60, 40); /* includes the known orders */
    agree_generated("random:50", CUBE_N_MAX, 3, 41);
    /* facelet_sparse turns a face in 8 x 8 or 16 x 16 tiles: whole tiles,
     * tiles with a remainder (the last one overlaps), one short of the
     * most */
    static const int tiled[] = {8, 9, 13, 16, 17, 63};
    for (size_t i = 0; i < sizeof(tiled) / sizeof(tiled[0]); i++) {
        agree_generated("random:100", tiled[i], 6, 50 + (uint64_t)i);
        agree_generated("identity", tiled[i], 12, 60 + (uint64_t)i);
    }
}

/* facelet_sparse's face turn under each PB_SIMD path (portable C and
 * SSE2 8 x 8 tiles, AVX2 16 x 16 tiles from N = 16) agrees with the
 * oracle, for N below, at and between multiples of its tiles. */
static void test_sparse_paths(void)
{
    const struct pb_kernel *k = kernel();
    const struct pb_variant *sparse = pb_variant_find(k, "facelet_sparse");
    static const int sizes[] = {2, 3, 7, 8, 11, 16, 24, 63, CUBE_N_MAX};
    static const char *paths[] = {"scalar", "ssse3", "avx2"};
    for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
        struct pb_corpus c;
        struct pb_error e;
        if (pb_generate(k, "random:100", (struct pb_size){sizes[i], 0}, 4,
                        70 + (uint64_t)i, &c, &e)) {
            CHECK(0, "gen N = %d: %s", sizes[i], e.msg);
            continue;
        }
        void *oracle = k->oracle.build(&c, &e);
        for (int p = 0; p < 3; p++) {
            if ((int)cube_simd_path_choose(paths[p]) != p)
                continue; /* test_simd_paths says so */
            setenv("PB_SIMD", paths[p], 1);
            struct cube_answer *a = run(sparse, &c, 1);
            struct pb_check check = {0};
            if (a)
                pb_check_answers(&c, oracle, a, &check);
            CHECK(a && check.wrong == 0,
                  "facelet_sparse path %s N = %d: %zu wrong: %s", paths[p],
                  sizes[i], check.wrong, check.why);
            free(a);
        }
        unsetenv("PB_SIMD");
        k->oracle.free(oracle);
        pb_corpus_free(&c);
    }
}

/* The simd variant's three paths give the same states as cubie. */
static void test_simd_paths(void)
{
    const struct pb_variant *simd = pb_variant_find(kernel(), "simd");
    const struct pb_variant *cubie = pb_variant_find(kernel(), "cubie");
    struct pb_corpus c;
    struct pb_error e;
    if (pb_generate(kernel(), "random:1000", (struct pb_size){3, 0}, 200, 50,
                    &c, &e)) {
        CHECK(0, "gen: %s", e.msg);
        return;
    }
    struct cube_answer *want = run(cubie, &c, 1);
    static const char *paths[] = {"scalar", "ssse3", "avx2"};
    for (int p = 0; p < 3; p++) {
        setenv("PB_SIMD", paths[p], 1);
        enum cube_simd_path got = cube_simd_path_choose(paths[p]);
        if ((int)got != p) {
            printf("simd path %s not supported by this CPU: skipped\n",
                   paths[p]);
            continue;
        }
        struct cube_answer *a = run(simd, &c, 1);
        CHECK(want && a && !memcmp(want, a, c.count * pb_answer_size(&c)),
              "simd path %s differs from cubie", paths[p]);
        free(a);
    }
    unsetenv("PB_SIMD");
    free(want);
    pb_corpus_free(&c);
}

/* A corpus of N = 3 cases of every length 0..80 and a few longer ones
 * (past the 128-step blocks of simd_chains at 8 chains of turn pairs),
 * random turns from a fixed seed. */
static void lengths_corpus(struct pb_corpus *c)
{
    static const uint32_t longer[] = {127,  128,  129,  255,  256,  257, 1000,
                                      1001, 2047, 2048, 2049, 4111, 4127};
    uint64_t x = 88172645463325252u; /* xorshift64 */
    pb_corpus_init(c, kernel(), "<lengths>");
    for (size_t i = 0; i < 81 + sizeof(longer) / sizeof(longer[0]); i++) {
        struct cube_instance *in = pb_corpus_push(c, 0);
        in->n = 3;
        in->count = i < 81 ? (uint32_t)i : longer[i - 81];
        in->turns = malloc(in->count + 1);
        for (uint32_t j = 0; in->turns && j < in->count; j++) {
            x ^= x << 13, x ^= x >> 7, x ^= x << 17;
            in->turns[j] = (uint8_t)(x % CUBE_TURNS);
        }
    }
}

/* simd_chains on every path the CPU has, every number of chains and one
 * or two turns a step, against cubie: the split into chains, their
 * composition and the turns left over, at every remainder. */
static void test_simd_chains(void)
{
    const struct pb_variant *chains = pb_variant_find(kernel(), "simd_chains");
    const struct pb_variant *cubie = pb_variant_find(kernel(), "cubie");
    struct pb_corpus c;
    lengths_corpus(&c);
    struct cube_answer *want = run(cubie, &c, 1);
    static const char *paths[] = {"scalar", "avx2"};
    static const enum cube_simd_path path_id[] = {CUBE_SIMD_SCALAR,
                                                  CUBE_SIMD_AVX2};
    for (int p = 0; p < 2; p++) {
        if (cube_simd_path_choose(paths[p]) != path_id[p]) {
            printf("simd_chains path %s not supported by this CPU: skipped\n",
                   paths[p]);
            continue;
        }
        setenv("PB_SIMD", paths[p], 1);
        for (int step = 1; step <= 2; step++)
            for (int k = 1; k <= 8; k++) {
                char text[8];
                snprintf(text, sizeof(text), "%d", k);
                setenv("PB_SIMD_CHAINS", text, 1);
                snprintf(text, sizeof(text), "%d", step);
                setenv("PB_SIMD_TURNS_PER_STEP", text, 1);
                struct cube_answer *a = run(chains, &c, 1 + (k & 1));
                CHECK(want && a &&
                          !memcmp(want, a, c.count * pb_answer_size(&c)),
                      "simd_chains %s, %d chains, %d turns a step differs "
                      "from cubie",
                      paths[p], k, step);
                free(a);
            }
    }
    /* a knob out of range is refused when the variant is built */
    setenv("PB_SIMD_CHAINS", "9", 1);
    struct pb_run r;
    struct pb_error e;
    struct cube_answer *a = calloc(c.count, pb_answer_size(&c));
    CHECK(a && pb_run_variant(chains, &c, 1, a, &r, &e) == -EINVAL &&
              strstr(e.msg, "PB_SIMD_CHAINS=9: expected a whole number"),
          "PB_SIMD_CHAINS=9 refused: %s", e.msg);
    free(a);
    unsetenv("PB_SIMD");
    unsetenv("PB_SIMD_CHAINS");
    unsetenv("PB_SIMD_TURNS_PER_STEP");
    free(want);
    pb_corpus_free(&c);
}

static void test_round_trip(void)
{
    const char *text = "2\ncube 5\nshow all\n3\nU+ R- F+\n"
                       "cube 3 show top 1 D-\n";
    struct pb_corpus c, back;
    struct pb_error e;
    CHECK(read_text(text, &c, &e) == 0, "%s", e.msg);
    const struct cube_instance *a = pb_corpus_item(&c, 0);
    const struct cube_instance *b = pb_corpus_item(&c, 1);
    CHECK(c.count == 2 && a->n == 5 && a->show_all && a->count == 3 &&
              a->turns[1] == 11 && b->n == 3 && !b->show_all &&
              b->turns[0] == 3,
          "extended fields");
    const char *path = "build_test_cubing.txt";
    CHECK(pb_corpus_save(&c, path, &e) == 0, "%s", e.msg);
    CHECK(pb_corpus_load(kernel(), path, &back, &e) == 0, "%s", e.msg);
    CHECK(back.count == 2 && pb_corpus_hash(&back) == pb_corpus_hash(&c),
          "round trip");
    /* show all prints six faces, each its letter and N rows */
    struct cube_answer *ans = run(kernel()->variants[0], &c, 1);
    char out[512];
    FILE *f = fmemopen(out, sizeof(out), "w");
    kernel()->answer.write(f, a, at(ans, &c, 0));
    fclose(f);
    CHECK(!strncmp(out, "U\n", 2) && strstr(out, "\nR\n") &&
              strlen(out) == 6 * (2 + 5 * 6),
          "show all: '%s'", out);
    free(ans);
    remove(path);
    pb_corpus_free(&back);
    pb_corpus_free(&c);
}

static void test_generator(void)
{
    struct pb_corpus a;
    struct pb_error e;
    kt_check_generator_seeds(kernel(), "random", (struct pb_size){3, 0}, 20);
    CHECK(pb_generate(kernel(), "random", (struct pb_size){3, 0}, 1, 9, &a,
                      &e) == 0 &&
              ((const struct cube_instance *)pb_corpus_item(&a, 0))->count ==
                  1000,
          "random's default length");
    pb_corpus_free(&a);
    CHECK(pb_generate(kernel(), "long", (struct pb_size){3, 0}, 1, 1, &a, &e) ==
                  0 &&
              ((const struct cube_instance *)pb_corpus_item(&a, 0))->count ==
                  1000000,
          "long's default length");
    pb_corpus_free(&a);
    CHECK(pb_generate(kernel(), "random", (struct pb_size){65, 0}, 1, 1, &a,
                      &e) == -EINVAL &&
              strstr(e.msg, "N = 2..64"),
          "N = 65 rejected: %s", e.msg);
    CHECK(pb_generate(kernel(), "spin", (struct pb_size){3, 0}, 1, 1, &a, &e) ==
              -EINVAL,
          "unknown family");
}

static void test_bad_input(void)
{
    static const struct bad_case cases[] = {
        {"", "expected the number of test cases T, found end of input"},
        {"x\n", "<test>:1: expected the number of test cases T"},
        {"1\nn\nU+\n", "<test>:2: expected the number of commands n of case 1"},
        {"2\n1\nU+\n", "<test>:1: input ends after 1 of the T = 2 cases"},
        {"1\n3\nU+ D-\n",
         "<test>:2: case 1 has 2 of its 3 commands (input ends early)"},
        {"2\n3\nU+ D-\n1\nF+\n",
         "<test>:4: case 1: expected command 3 of 3 (a face U, D, F, B, L or "
         "R then + or -), found '1'"},
        {"1\n1\nU+ D-\n", "<test>:3: expected the end of input after the T = "
                          "1 cases"},
        {"1\n1\nX+\n", "found 'X+'"},
        {"1\n1\nU\n", "found 'U'"},
        {"1\n1\nU*\n", "found 'U*'"},
        {"1\n1\nu+\n", "found 'u+'"},
        {"1\n1\nU++\n", "found 'U++'"},
        {"cube 65\n1\n1\nU+\n", "<test>:1: expected the cube order N after "
                                "'cube' (2..64), found 65"},
        {"cube 1\n", "(2..64), found 1"},
        {"1\nshow some\n1\nU+\n", "expected 'all' or 'top' after 'show'"},
        {"0\n", "expected the number of test cases T (1..1000000), found 0"},
    };
    kt_check_bad(kernel(), cases, sizeof(cases) / sizeof(cases[0]));
}

/* On an N = 4 corpus exactly the N = 3 variants (cubie, simd*) decline
 * through accepts, with the reason, and a run of them is
 * PB_NOT_APPLICABLE, not a failure; the others take it. On N = 3 every
 * variant accepts. */
static void test_not_applicable(void)
{
    struct pb_corpus c;
    struct pb_error e;
    if (pb_generate(kernel(), "random:20", (struct pb_size){4, 0}, 3, 5, &c,
                    &e)) {
        CHECK(0, "gen: %s", e.msg);
        return;
    }
    const struct pb_variant *const *vs = kernel()->variants;
    for (size_t v = 0; vs[v]; v++) {
        bool n3_only =
            !strcmp(vs[v]->name, "cubie") || !strncmp(vs[v]->name, "simd", 4);
        char why[256] = "";
        bool takes = pb_variant_accepts(vs[v], &c, why, sizeof(why));
        CHECK(takes == !n3_only && (takes || strstr(why, "handles N = 3 only")),
              "%s accepts N = 4: %d (%s)", vs[v]->name, takes, why);
        void *a = calloc(c.count, pb_answer_size(&c));
        struct pb_run r;
        int rc = a ? pb_run_variant(vs[v], &c, 1, a, &r, &e) : -ENOMEM;
        CHECK(rc == (n3_only ? PB_NOT_APPLICABLE : 0), "%s on N = 4: rc %d",
              vs[v]->name, rc);
        free(a);
    }
    pb_corpus_free(&c);
    if (pb_generate(kernel(), "random:20", (struct pb_size){3, 0}, 3, 5, &c,
                    &e)) {
        CHECK(0, "gen: %s", e.msg);
        return;
    }
    for (size_t v = 0; vs[v]; v++) {
        char why[256];
        CHECK(pb_variant_accepts(vs[v], &c, why, sizeof(why)),
              "%s declines N = 3: %s", vs[v]->name, why);
    }
    pb_corpus_free(&c);
}

int main(void)
{
    test_sample_and_single_turns();
    test_bad_input();
    test_round_trip();
    test_generator();
    test_laws();
    test_simd_paths();
    test_simd_chains();
    test_sparse_paths();
    test_cross_variants();
    test_not_applicable();
    return check_summary();
}
