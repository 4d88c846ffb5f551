/*
 * test_cubic_eight.c - the cubic_eight kernel and its variants: the
 * official sample and the extra cases of docs/problems.md for every variant,
 * the roll laws and the perfect index as a bijection, the three 3 x 3
 * start classes (reachable states 4,133,430 / 3,306,744 / 4,133,430,
 * farthest pattern 32 / 37 / 36, every pattern reachable), cross-variant
 * agreement with the oracle on uniform, depth and far corpora and on every
 * start and pattern of the 2 x 2 and 2 x 3 boards, 1 vs 2 threads, the
 * extended format round trip, generator determinism, and bad input named
 * by line. Ends with "N passed, N failed".
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "kernel_test.h"
#include "eight.h"
#include "eight_internal.h"
#include "run/gen.h"
#include "run/runner.h"

static const char sample_in[] = "1 2\nW W W\nE W W\nW W W\n"
                                "2 1\nR B W\nR W W\nE W W\n"
                                "3 3\nW B W\nB R E\nR B R\n"
                                "3 3\nB W R\nB W R\nB E R\n"
                                "2 1\nB B B\nB R B\nB R E\n"
                                "1 1\nR R R\nW W W\nR R E\n"
                                "2 1\nR R R\nB W B\nR R E\n"
                                "3 2\nR R R\nW E W\nR R R\n"
                                "0 0\n";
static const char sample_out[] = "0\n3\n13\n23\n29\n30\n-1\n-1\n";

static const char extra_in[] = "1 1\nW W W\nW E W\nW W W\n"
                               "2 2\nR R R\nR E R\nR R R\n"
                               "1 2\nR E R\nB W B\nR W B\n"
                               "0 0\n";
static const char extra_out[] = "18\n28\n30\n";

static const struct pb_kernel *kernel(void)
{
    return pb_kernel_find("cubic_eight");
}

static int read_text(const char *text, struct pb_corpus *c, struct pb_error *e)
{
    return kt_read(kernel(), text, c, e);
}

/* Variant v's judge output for a whole input text. */
static void solve_text(const struct pb_variant *v, const char *text, char *out,
                       size_t len, int threads)
{
    struct pb_corpus c;
    struct pb_error e;
    out[0] = '\0';
    if (read_text(text, &c, &e))
        return;
    struct eight_answer *a = calloc(c.count, sizeof(*a));
    struct pb_run run;
    if (a && pb_run_variant(v, &c, threads, a, &run, &e) == 0) {
        FILE *f = fmemopen(out, len, "w");
        for (size_t i = 0; i < c.count; i++)
            kernel()->answer.write(f, pb_corpus_item(&c, i), &a[i]);
        fclose(f);
    }
    free(a);
    pb_corpus_free(&c);
}

static void test_sample_and_extras(void)
{
    const struct pb_variant *const *vs = kernel()->variants;
    for (size_t i = 0; vs[i]; i++) {
        char out[256];
        solve_text(vs[i], sample_in, out, sizeof(out), 1);
        CHECK(!strcmp(out, sample_out), "%s sample: '%s'", vs[i]->name, out);
        solve_text(vs[i], extra_in, out, sizeof(out), 2);
        CHECK(!strcmp(out, extra_out), "%s extras: '%s'", vs[i]->name, out);
    }
}

static void test_roll_laws(void)
{
    for (int axis = 0; axis < 2; axis++)
        for (int o = 0; o < EIGHT_ORIENTATIONS; o++) {
            int r = eight_roll[axis][o];
            CHECK(eight_roll[axis][r] == o, "roll %d is an involution", axis);
            CHECK(r >> 1 != o >> 1, "roll %d changes the top colour", axis);
        }
    /* every roll undone by rolling the same cube back */
    struct eight_board b;
    eight_board_init(&b, 3, 4);
    uint64_t s = eight_start_state(5);
    for (int step = 0; step < 1000; step++) {
        unsigned p = eight_empty(s), k = (unsigned)step % b.degree[p];
        unsigned q = b.next[p][k];
        uint64_t t = eight_move(s, p, q, b.axis[p][k]);
        CHECK(eight_empty(t) == q && eight_move(t, q, p, b.axis[p][k]) == s,
              "move %d undone", step);
        s = t;
    }
}

/* The perfect index maps the 2 x 3 states onto 0..6 * 6^5 - 1 one to
 * one. */
static void test_index_bijection(void)
{
    struct eight_board b;
    eight_board_init(&b, 2, 3);
    uint8_t *hit = calloc(b.index_size, 1);
    size_t bad = 0;
    for (unsigned empty = 0; empty < 6; empty++)
        for (uint64_t layout = 0; layout < b.layouts; layout++) {
            uint64_t s = eight_start_state(empty), rest = layout;
            for (unsigned cell = 0; cell < 6; cell++) {
                if (cell == empty)
                    continue;
                s |= (rest % 6) << (3 * cell);
                rest /= 6;
            }
            uint64_t i = eight_index(&b, s);
            bad += i >= b.index_size || hit[i]++;
        }
    CHECK(bad == 0, "%zu index collisions or overflows", bad);
    free(hit);
}

static void test_start_classes(void)
{
    const int start[3] = {0, 1, 4}; /* corner, edge, centre */
    const uint64_t reachable[3] = {4133430, 3306744, 4133430};
    const unsigned farthest[3] = {32, 37, 36};
    for (int i = 0; i < 3; i++) {
        uint64_t codes, count = 0, patterns;
        uint8_t *d = eight_plain_depths(3, 3, start[i], &codes);
        for (uint64_t c = 0; d && c < codes; c++)
            count += d[c] != EIGHT_PLAIN_UNSEEN;
        free(d);
        CHECK(count == reachable[i], "start %d: %llu reachable", start[i],
              (unsigned long long)count);
        const uint8_t *pd = eight_pattern_depths(3, 3, start[i], &patterns);
        unsigned deepest = 0;
        uint64_t unreachable = 0;
        for (uint64_t p = 0; pd && p < patterns; p++) {
            unreachable += pd[p] == EIGHT_PLAIN_UNSEEN;
            if (pd[p] != EIGHT_PLAIN_UNSEEN && pd[p] > deepest)
                deepest = pd[p];
        }
        CHECK(pd && patterns == 9 * 6561 && unreachable == 0,
              "start %d: %llu unreachable patterns", start[i],
              (unsigned long long)unreachable);
        CHECK(deepest == farthest[i], "start %d: farthest %u", start[i],
              deepest);
    }
}

/* Every variant at 1 and 2 threads agrees with the oracle. */
static void agree_corpus(const struct pb_corpus *c, const char *what)
{
    const struct pb_kernel *k = kernel();
    struct pb_error e;
    void *oracle = k->oracle.build(c, &e);
    CHECK(oracle != NULL, "oracle for %s: %s", what, e.msg);
    if (!oracle)
        return;
    struct eight_answer *first = NULL;
    for (size_t j = 0; k->variants[j]; j++)
        for (int threads = 1; threads <= 2; threads++) {
            const struct pb_variant *v = k->variants[j];
            struct eight_answer *ans = calloc(c->count, sizeof(*ans));
            struct pb_run run;
            int rc = pb_run_variant(v, c, threads, ans, &run, &e);
            CHECK(rc == 0, "%s on %s: %s", v->name, what, e.msg);
            struct pb_check check;
            pb_check_answers(c, oracle, ans, &check);
            CHECK(check.wrong == 0,
                  "%s on %s, %d threads: %zu wrong, first #%zu: %s", v->name,
                  what, threads, check.wrong, check.first_wrong, check.why);
            if (!first) {
                first = ans;
                continue;
            }
            CHECK(!memcmp(first, ans, c->count * sizeof(*ans)),
                  "%s at %d threads differs on %s", v->name, threads, what);
            free(ans);
        }
    free(first);
    k->oracle.free(oracle);
}

static void agree(const char *family, int rows, int cols, size_t count)
{
    kt_on_board(kernel(), family, rows, cols, count, agree_corpus);
}

/* Every start and every pattern of a small board, at the given cap. */
static void agree_exhaustive(int rows, int cols, int cap)
{
    struct pb_corpus c;
    pb_corpus_init(&c, kernel(), "<exhaustive>");
    int cells = rows * cols;
    uint64_t patterns = (uint64_t)cells;
    for (int i = 1; i < cells; i++)
        patterns *= 3;
    for (int start = 0; start < cells; start++)
        for (uint64_t p = 0; p < patterns; p++) {
            struct eight_instance *in = pb_corpus_push(&c, 0);
            in->rows = (uint8_t)rows;
            in->cols = (uint8_t)cols;
            in->cap = (uint8_t)cap;
            in->start = (uint8_t)start;
            eight_pattern_decode(p, in);
        }
    char what[64];
    snprintf(what, sizeof(what), "every %d x %d dataset, cap %d", rows, cols,
             cap);
    agree_corpus(&c, what);
    pb_corpus_free(&c);
}

static void test_cross_variants(void)
{
    agree("uniform", 3, 3, 60);
    agree("depth:24", 3, 3, 12);
    agree("depth:37", 3, 3, 2);
    agree("far", 3, 3, 6);
    agree("far:12", 3, 3, 10);
    agree("uniform", 2, 4, 60);
    agree("uniform", 4, 2, 40);
    agree_exhaustive(2, 2, 30);
    agree_exhaustive(2, 3, 30);
    agree_exhaustive(2, 3, 9);
}

/* gen's extended format reads back to the same datasets. */
static void test_round_trip(void)
{
    const char *text = "board 2 3\ncap 7\n3 2\nR W B\nW E W\n"
                       "board 3 3\n1 1\nW W W\nW E W\nW W W\n0 0\n";
    struct pb_corpus c, back;
    struct pb_error e;
    CHECK(read_text(text, &c, &e) == 0, "%s", e.msg);
    const struct eight_instance *a = pb_corpus_item(&c, 0);
    CHECK(c.count == 2 && a->rows == 2 && a->cols == 3 && a->cap == 7 &&
              a->start == 5 && a->goal[4] == EIGHT_E && a->goal[0] == EIGHT_R,
          "extended fields");
    const struct eight_instance *b = pb_corpus_item(&c, 1);
    CHECK(b->rows == 3 && b->cap == 7 && b->start == 0, "board 3 3 keeps cap");
    const char *path = "build_test_eight.txt";
    CHECK(pb_corpus_save(&c, path, &e) == 0, "%s", e.msg);
    CHECK(pb_corpus_load(kernel(), path, &back, &e) == 0, "%s", e.msg);
    CHECK(back.count == 2 &&
              !memcmp(back.items, c.items, 2 * sizeof(struct eight_instance)),
          "round trip");
    remove(path);
    pb_corpus_free(&back);
    pb_corpus_free(&c);
}

static void test_generator(void)
{
    struct pb_corpus a;
    struct pb_error e;
    kt_check_generator_seeds(kernel(), "uniform", (struct pb_size){3, 3}, 300);
    CHECK(pb_generate(kernel(), "depth:38", (struct pb_size){3, 3}, 1, 1, &a,
                      &e) == -EINVAL &&
              strstr(e.msg, "no 3 x 3 pattern is at depth 38"),
          "depth 38 rejected: %s", e.msg);
    CHECK(pb_generate(kernel(), "far", (struct pb_size){3, 4}, 1, 1, &a, &e) ==
                  -EINVAL &&
              strstr(e.msg, "at most 9 cells"),
          "far on 3 x 4 rejected: %s", e.msg);
    CHECK(pb_generate(kernel(), "zigzag", (struct pb_size){3, 3}, 1, 1, &a,
                      &e) == -EINVAL,
          "unknown family");
    CHECK(pb_generate(kernel(), "uniform", (struct pb_size){3, 6}, 1, 1, &a,
                      &e) == -EINVAL &&
              strstr(e.msg, "size 3x6 is not a cubic_eight board"),
          "3 x 6 has 18 cells: %s", e.msg);
    CHECK(pb_generate(kernel(), "uniform", (struct pb_size){1, 9}, 1, 1, &a,
                      &e) == -EINVAL,
          "size 1x9 rejected");
}

static void test_bad_input(void)
{
    static const struct bad_case cases[] = {
        {"4 1\nW W W\nE W W\nW W W\n0 0\n",
         "<test>:1: expected the column x of the empty cell in dataset 1"},
        {"1 4\nW W W\nE W W\nW W W\n0 0\n", "<test>:1: expected the row y"},
        {"1\n2\nW W W\nE W W\nW W W\n0 0\n",
         "<test>:1: expected the row y after x = 1 on the same line"},
        {"a b\n", "<test>:1: expected the column x"},
        {"1 0\nW W W\n", "<test>:1: expected the row y"},
        {"1 2\nW W W\nE W G\nW W W\n0 0\n",
         "<test>:3: dataset 1, row 2: expected a letter W, R, B or E, "
         "found 'G'"},
        {"1 2\nW W W\nE W WW\nW W W\n0 0\n", "found 'WW'"},
        {"1 2\nW W W\nW W W\nW W W\n0 0\n",
         "<test>:1: dataset 1 has 0 empty cells (E); expected exactly one"},
        {"1 2\nW E W\nE W W\nW W W\n0 0\n", "dataset 1 has 2 empty cells"},
        {"1 2\nW W\nE W W\nW W W\n0 0\n",
         "<test>:2: dataset 1, row 1 has 2 letters; expected 3"},
        {"1 2\nW W W W\nE W W\nW W W\n0 0\n",
         "<test>:2: dataset 1: expected row 2 on a new line"},
        {"1 2\nW W W\nE W W\nW W W W\n0 0\n",
         "<test>:4: dataset 1, row 3 has more than 3 letters"},
        {"1 2 W W W\nE W W\nW W W\n0 0\n",
         "expected row 1 on a new line; the 'x y' line has more than 2"},
        {"1 2\nW W W\nE W W\nW W W\n", "input ends without the closing '0 0'"},
        {"1 2\nW W W\nE W W\n", "dataset 1 has 2 of its 3 rows"},
        {"1 2\nW W W\nE W W\nW W W\n0 0\n1 1\n",
         "<test>:6: expected the end of input after '0 0'"},
        {"0 3\n", "expected the row y of the empty cell in dataset 1 (0..0)"},
        {"board 5 4\n", "board 5 x 4 has 20 cells; expected at most 16"},
        {"board 1 3\n", "expected the rows R after 'board' (2..8), found 1"},
        {"cap 251\n", "expected the depth cap after 'cap' (0..250)"},
        {"\x01\x02 garbage\n", "<test>:1: expected the column x"},
    };
    kt_check_bad(kernel(), cases, sizeof(cases) / sizeof(cases[0]));
}

int main(void)
{
    test_sample_and_extras();
    test_roll_laws();
    test_index_bijection();
    test_bad_input();
    test_round_trip();
    test_generator();
    test_start_classes();
    test_cross_variants();
    return check_summary();
}
