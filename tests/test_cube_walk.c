/*
 * test_cube_walk.c - the cube_walk kernel and its variants: the official
 * sample (sum 5; both routes of docs/problems.md accepted, by re-simulation)
 * and the extra cases (44, 9, 2, 15000) for every variant; the
 * orientation laws (four rolls one way and a roll then its opposite are
 * the identity, 24 orientations reachable, parity flips with each roll);
 * cross-variant agreement with the oracle on every generator family and
 * boards from 1x2 to 64x64, 1 vs 2 threads identical, and on every
 * start-end pair of small boards (open and mazes) in one corpus of
 * changing board sizes; the early exit by its counters (a full search
 * on sealed boards, a sliver of one on near:1); the adversarial
 * family: deterministic, its knob refused out of range, a route on every
 * board, and SPFA's pops per state (a deterministic count) many times
 * Dijkstra's with open ground and near 1 without; the point-to-point
 * families (near:D's end within D, far's at the opposite corner,
 * sealed's walled in and otherwise uniform's); mazes with
 * unreachable ends ("-1"); start == end; answer.same refusing bad routes;
 * the extended format round trip; bad input named by line; boards too
 * big for memory refused up front with the estimate. Ends with
 * "N passed, N failed".
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "kernel_test.h"
#include "pb_limits.h"
#include "run/runner.h"
#include "walk.h"
#include "walk_internal.h"
#include "run/gen.h"

static const struct pb_kernel *kernel(void)
{
    return pb_kernel_find("cube_walk");
}

/* Square names of the 8 x 8 board ("e2") to square numbers. */
static uint32_t sq(const char *name)
{
    return (uint32_t)((name[1] - '1') * 8 + (name[0] - 'a'));
}

/* Solves text with v at `threads`; answers into *out (caller frees with
 * pb_answers_free), corpus into c. */
static int solve(const struct pb_variant *v, const char *text,
                 struct pb_corpus *c, struct walk_answer **out, int threads)
{
    struct pb_error e = {""};
    if (kt_read(kernel(), text, c, &e)) {
        CHECK(0, "read: %s", e.msg);
        return -1;
    }
    *out = pb_answers_new(c, &e);
    struct pb_run run;
    int rc = *out ? pb_run_variant(v, c, threads, *out, &run, &e) : -ENOMEM;
    CHECK(rc == 0, "%s: %s", v->name, e.msg);
    return rc;
}

/* Each answer's sum as listed, and the oracle accepts each route. */
static void expect_sums(const char *text, const uint64_t *sums, size_t n)
{
    const struct pb_kernel *k = kernel();
    for (size_t j = 0; k->variants[j]; j++) {
        struct pb_corpus c;
        struct walk_answer *a = NULL;
        if (solve(k->variants[j], text, &c, &a, 1) == 0) {
            CHECK(c.count == n, "count %zu", c.count);
            struct pb_error e;
            void *oracle = k->oracle.build(&c, &e);
            for (size_t i = 0; i < n && i < c.count; i++) {
                char why[256] = "";
                CHECK(a[i].sum == sums[i], "%s #%zu: sum %llu, want %llu",
                      k->variants[j]->name, i, (unsigned long long)a[i].sum,
                      (unsigned long long)sums[i]);
                CHECK(k->oracle.check(oracle, pb_corpus_item(&c, i), &a[i], why,
                                      sizeof(why)),
                      "%s #%zu: %s", k->variants[j]->name, i, why);
            }
            k->oracle.free(oracle);
        }
        pb_answers_free(&c, a);
        pb_corpus_free(&c);
    }
}

static void test_sample_and_extras(void)
{
    const uint64_t sample[] = {5};
    expect_sums("e2 e3 0 8 1 2 1 1\n", sample, 1);
    const uint64_t extra[] = {44, 9, 2, 15000};
    expect_sums("a1 h8 1 2 3 4 5 6\na1 a2 0 8 1 2 1 1\ne2 e3 1 1 1 1 1 1\n"
                "h8 a1 1000 1000 1000 1000 1000 1000\n",
                extra, 4);
    /* both routes docs/problems.md prints are right; near misses are not */
    struct pb_corpus c;
    struct pb_error e;
    CHECK(kt_read(kernel(), "e2 e3 0 8 1 2 1 1\n", &c, &e) == 0, "%s", e.msg);
    const struct walk_instance *in = pb_corpus_item(&c, 0);
    void *oracle = kernel()->oracle.build(&c, &e);
    struct walk_answer best = {0, 0, NULL};
    CHECK(kernel()->oracle.solve(oracle, in, &best) == 0 && best.sum == 5,
          "oracle sum %llu", (unsigned long long)best.sum);
    static const char *const routes[][7] = {
        {"e2", "d2", "d1", "e1", "e2", "e3", NULL},
        {"e2", "e1", "f1", "f2", "e2", "e3", NULL},
        {"e2", "e3", NULL},             /* sum 9, not optimal */
        {"e2", "d2", "d1", "e1", "e3"}, /* a jump */
    };
    const uint64_t printed[] = {5, 5, 9, 5};
    const bool good[] = {true, true, false, false};
    for (int r = 0; r < 4; r++) {
        uint32_t route[7];
        uint32_t n = 0;
        while (n < 7 && routes[r][n])
            route[n] = sq(routes[r][n]), n++;
        struct walk_answer a = {printed[r], n, route};
        char why[256] = "";
        bool ok = kernel()->oracle.check(oracle, in, &a, why, sizeof(why));
        CHECK(ok == good[r], "route %d: oracle %d (%s)", r, ok, why);
        ok = kernel()->answer.same(in, &best, &a, why, sizeof(why));
        CHECK(ok == good[r], "route %d: same %d (%s)", r, ok, why);
    }
    /* the right route with a wrong printed sum */
    uint32_t route[] = {sq("e2"), sq("d2"), sq("d1"),
                        sq("e1"), sq("e2"), sq("e3")};
    struct walk_answer lie = {4, 6, route};
    char why[256];
    CHECK(!kernel()->answer.same(in, &best, &lie, why, sizeof(why)) &&
              strstr(why, "sums to 5"),
          "a wrong printed sum: %s", why);
    CHECK(!kernel()->oracle.check(oracle, in, &lie, why, sizeof(why)),
          "oracle: a wrong printed sum");
    char out[128];
    FILE *f = fmemopen(out, sizeof(out), "w");
    kernel()->answer.write(f, in, &best);
    fclose(f);
    CHECK(!strncmp(out, "5 e2 ", 5) && strstr(out, " e3\n"), "written '%s'",
          out);
    kernel()->answer.release(&best);
    CHECK(best.route == NULL && best.length == 0, "release clears");
    kernel()->oracle.free(oracle);
    pb_corpus_free(&c);
}

static void test_orientation_laws(void)
{
    for (unsigned o = 0; o < WALK_ORIENTATIONS; o++) {
        unsigned seen = 0;
        for (unsigned p = 0; p < WALK_FACES; p++)
            seen |= 1u << walk_face[o][p];
        CHECK(seen == 63, "orientation %u is a permutation", o);
        for (unsigned d = 0; d < WALK_DIRS; d++) {
            unsigned x = o;
            for (int i = 0; i < 4; i++)
                x = walk_roll[x][d];
            CHECK(x == o, "four rolls %u from %u", d, o);
            unsigned r = walk_roll[o][d];
            CHECK(walk_roll[r][d ^ 1u] == o, "roll %u then back from %u", d, o);
            CHECK(r / WALK_CLASS != o / WALK_CLASS, "roll flips parity");
            CHECK(walk_face[r][WALK_TOP] != walk_face[o][WALK_TOP],
                  "a roll moves the top face");
        }
    }
    CHECK(walk_face[0][WALK_NEAR] == 0 && walk_face[0][WALK_LEFT] == 5,
          "code 0 is the start");
    /* the face that goes down is the one the statement says */
    CHECK(walk_face[walk_roll[0][WALK_UP]][WALK_BOTTOM] == WALK_FAR &&
              walk_face[walk_roll[0][WALK_DOWN]][WALK_BOTTOM] == WALK_NEAR &&
              walk_face[walk_roll[0][WALK_EAST]][WALK_BOTTOM] == WALK_RIGHT &&
              walk_face[walk_roll[0][WALK_WEST]][WALK_BOTTOM] == WALK_LEFT,
          "rolling toward far, near, right, left");
    unsigned reached = 1, queue[WALK_ORIENTATIONS] = {0}, mark = 1;
    for (unsigned h = 0; h < reached; h++)
        for (unsigned d = 0; d < WALK_DIRS; d++) {
            unsigned r = walk_roll[queue[h]][d];
            if (!(mark & (1u << r))) {
                mark |= 1u << r;
                queue[reached++] = r;
            }
        }
    CHECK(reached == 24, "%u orientations reachable", reached);
}

/* Every variant at 1 and 2 threads against the oracle, sums identical. */
static void agree_corpus(const struct pb_corpus *c, const char *what)
{
    const struct pb_kernel *k = kernel();
    struct pb_error e;
    void *oracle = k->oracle.build(c, &e);
    CHECK(oracle != NULL, "oracle for %s: %s", what, e.msg);
    if (!oracle)
        return;
    uint64_t *first = calloc(c->count, sizeof(*first));
    bool have = false;
    for (size_t j = 0; k->variants[j]; j++)
        for (int threads = 1; threads <= 2; threads++) {
            const struct pb_variant *v = k->variants[j];
            struct walk_answer *ans = pb_answers_new(c, &e);
            struct pb_run run;
            int rc =
                ans ? pb_run_variant(v, c, threads, ans, &run, &e) : -ENOMEM;
            CHECK(rc == 0, "%s on %s: %s", v->name, what, e.msg);
            struct pb_check check;
            pb_check_answers(c, oracle, ans, &check);
            CHECK(check.wrong == 0,
                  "%s on %s, %d threads: %zu wrong, first #%zu: %s", v->name,
                  what, threads, check.wrong, check.first_wrong, check.why);
            for (size_t i = 0; rc == 0 && i < c->count; i++) {
                if (!have)
                    first[i] = ans[i].sum;
                CHECK(first[i] == ans[i].sum, "%s at %d threads on %s #%zu",
                      v->name, threads, what, i);
            }
            have = true;
            pb_answers_free(c, ans);
        }
    free(first);
    k->oracle.free(oracle);
}

static void agree(const char *family, int rows, int cols, size_t count)
{
    kt_on_board(kernel(), family, rows, cols, count, agree_corpus);
}

static void test_cross_variants(void)
{
    static const char *const families[] = {
        "uniform", "small",         "extreme",        "maze",
        "maze:55", "adversarial:0", "adversarial:50", "adversarial"};
    static const int boards[][2] = {{1, 2}, {2, 1}, {1, 9},  {2, 2},
                                    {3, 5}, {8, 8}, {17, 9}, {31, 32}};
    for (size_t f = 0; f < sizeof(families) / sizeof(families[0]); f++) {
        for (size_t b = 0; b < sizeof(boards) / sizeof(boards[0]); b++)
            agree(families[f], boards[b][0], boards[b][1], 25);
        agree(families[f], 64, 64, 3);
    }
    agree("adversarial:30", 40, 64, 3); /* open ground over a street grid */
    /* the point-to-point families; sealed needs 3 squares (no route:
     * the whole reachable space settled) */
    static const char *const queries[] = {"near:1", "near:6", "far", "sealed"};
    for (size_t f = 0; f < sizeof(queries) / sizeof(queries[0]); f++) {
        for (size_t b = f == 3 ? 2 : 0; b < sizeof(boards) / sizeof(boards[0]);
             b++)
            agree(queries[f], boards[b][0], boards[b][1], 25);
        agree(queries[f], 64, 64, 3);
    }
    agree("sealed", 1, 3, 5);
}

/* Whether square q is an 'x' of maze (rank R first, each rank a line
 * of C characters and its newline). */
static bool blocked_in(const char *maze, uint32_t rows, uint32_t cols,
                       uint32_t q)
{
    uint32_t line = rows - 1 - q / cols;
    return maze[(size_t)line * (cols + 1) + q % cols] == 'x';
}

/* Appends to text (of room bytes, at *len) every open start-end pair of an
 * R x C board with the faces of seed (0..w), after a "board" directive
 * and, when maze is set, before each instance its blocked squares (rank
 * R first, 'x' blocked). */
static void every_pair(char *text, size_t room, size_t *len, uint32_t rows,
                       uint32_t cols, uint32_t w, uint32_t seed,
                       const char *maze)
{
    struct walk_instance board = {.rows = rows, .cols = cols};
    uint32_t face[6], x = seed * 2654435761u + 1;
    for (int f = 0; f < 6; f++) {
        x = x * 1103515245u + 12345u;
        face[f] = (x >> 8) % (w + 1);
    }
    *len +=
        (size_t)snprintf(text + *len, room - *len, "board %ux%u\n", rows, cols);
    for (uint32_t a = 0; a < rows * cols; a++)
        for (uint32_t b = 0; b < rows * cols; b++) {
            if (maze && (blocked_in(maze, rows, cols, a) ||
                         blocked_in(maze, rows, cols, b)))
                continue; /* the format refuses a blocked start or end */
            char from[24], to[24];
            walk_square_name(&board, a, from, sizeof(from));
            walk_square_name(&board, b, to, sizeof(to));
            if (maze)
                *len += (size_t)snprintf(text + *len, room - *len, "maze\n%s",
                                         maze);
            *len += (size_t)snprintf(
                text + *len, room - *len, "%s %s %u %u %u %u %u %u\n", from, to,
                face[0], face[1], face[2], face[3], face[4], face[5]);
        }
}

/* Every start-end pair of small boards, one corpus whose boards change
 * size and shape from instance to instance (each variant's worker keeps
 * its arrays and clears only what its last search touched, so a big
 * board's search followed by a small one's, and back, is where a stale
 * sum would show), with open boards and a maze whose end is sometimes
 * walled off (answer -1), against the oracle at 1 and 2 threads. */
static void test_every_pair(void)
{
    static const struct {
        uint32_t rows, cols, w;
        const char *maze; /* rank R first */
    } boards[] = {
        {1, 2, 1000, NULL},
        {2, 2, 3, NULL},
        {1, 6, 1000, NULL},
        {3, 3, 1000, NULL},
        {5, 4, 1000, NULL},
        {2, 2, 1000, NULL},
        {4, 4, 3, NULL},
        {6, 3, 1000, NULL},
        {1, 1, 1000, NULL},
        {5, 5, 1000, ".....\n.xxx.\n.x...\n.x.xx\n.x...\n"},
        {4, 6, 1000, "..x...\n..x.x.\nxxx.x.\n....x.\n"},
        {7, 7, 1000, NULL},
        {2, 5, 3, NULL},
        {3, 3, 0, NULL},
    };
    size_t room = 4u << 20, len = 0;
    char *text = malloc(room);
    CHECK(text != NULL, "out of memory");
    if (!text)
        return;
    for (size_t i = 0; i < sizeof(boards) / sizeof(boards[0]); i++)
        every_pair(text, room, &len, boards[i].rows, boards[i].cols,
                   boards[i].w, (uint32_t)i, boards[i].maze);
    CHECK(len + 1 < room, "the pairs' text overflows %zu bytes", room);
    struct pb_corpus c;
    struct pb_error e = {""};
    int rc = kt_read(kernel(), text, &c, &e);
    CHECK(rc == 0, "every pair: %s", e.msg);
    if (rc == 0) {
        agree_corpus(&c, "every pair of small boards");
        pb_corpus_free(&c);
    }
    free(text);
}

/* The variant's counters and the corpus's units, summed. */
static void counts(const char *name, const struct pb_corpus *c,
                   struct pb_work *work, uint64_t *units)
{
    const struct pb_variant *v = pb_variant_find(kernel(), name);
    struct pb_error e = {""};
    struct walk_answer *ans = pb_answers_new(c, &e);
    struct pb_run run;
    memset(work, 0, sizeof(*work));
    int rc = v && ans ? pb_run_variant(v, c, 1, ans, &run, &e) : -ENOMEM;
    CHECK(rc == 0, "%s: %s", name, e.msg);
    if (rc == 0)
        *work = run.work;
    pb_answers_free(c, ans);
    *units = 0;
    for (size_t i = 0; i < c->count; i++)
        *units += kernel()->work.units(pb_corpus_item(c, i));
}

/* The early exit, by its deterministic counters: on `sealed` boards (no
 * route) every label-setting variant settles exactly the states SPFA
 * reaches, and touches them all; on `near:1` it settles a sliver of
 * them; settled never exceeds touched, nor pops. */
static void test_early_exit(void)
{
    static const char *const exiting[] = {"dijkstra", "dial", "radix"};
    struct pb_corpus sealed, near;
    struct pb_error e = {""};
    int rc = pb_generate(kernel(), "sealed", (struct pb_size){48, 40}, 4, 9,
                         &sealed, &e);
    rc = rc ? rc
            : pb_generate(kernel(), "near:1", (struct pb_size){48, 40}, 4, 9,
                          &near, &e);
    CHECK(rc == 0, "%s", e.msg);
    if (rc)
        return;
    struct pb_work full, w;
    uint64_t units;
    counts("spfa", &sealed, &full, &units);
    CHECK(full.count[WALK_SETTLED] == full.count[WALK_TOUCHED] &&
              full.count[WALK_SETTLED] > units / 2 &&
              full.count[WALK_SETTLED] <= units,
          "spfa on sealed: %llu settled, %llu touched, %llu units",
          (unsigned long long)full.count[WALK_SETTLED],
          (unsigned long long)full.count[WALK_TOUCHED],
          (unsigned long long)units);
    for (size_t i = 0; i < sizeof(exiting) / sizeof(exiting[0]); i++) {
        counts(exiting[i], &sealed, &w, &units);
        CHECK(w.count[WALK_SETTLED] == full.count[WALK_SETTLED] &&
                  w.count[WALK_TOUCHED] == full.count[WALK_TOUCHED],
              "%s on sealed: %llu settled, %llu touched, spfa %llu", exiting[i],
              (unsigned long long)w.count[WALK_SETTLED],
              (unsigned long long)w.count[WALK_TOUCHED],
              (unsigned long long)full.count[WALK_SETTLED]);
        counts(exiting[i], &near, &w, &units);
        CHECK(
            w.count[WALK_SETTLED] >= 1 && w.count[WALK_SETTLED] * 50 < units &&
                w.count[WALK_SETTLED] <= w.count[WALK_TOUCHED] &&
                w.count[WALK_SETTLED] <= w.count[WALK_POPS],
            "%s on near:1: %llu settled, %llu touched, %llu pops, "
            "%llu units",
            exiting[i], (unsigned long long)w.count[WALK_SETTLED],
            (unsigned long long)w.count[WALK_TOUCHED],
            (unsigned long long)w.count[WALK_POPS], (unsigned long long)units);
    }
    pb_corpus_free(&sealed);
    pb_corpus_free(&near);
}

/* adversarial:P: deterministic, its knob checked, a route to a far end
 * on every board, and adversarial by the queue counters (deterministic,
 * not timings): FIFO SPFA pops each reachable state about once on the
 * street grid (P = 0) and many times with open ground (P = 100: about
 * 20 on 64 x 64, the side over 3), Dijkstra about once on both. */
static void test_adversarial(void)
{
    kt_check_generator_seeds(kernel(), "adversarial", (struct pb_size){9, 7},
                             4);
    kt_check_generator_seeds(kernel(), "adversarial:40",
                             (struct pb_size){30, 20}, 4);
    static const struct {
        const char *family, *want;
    } bad[] = {
        {"adversarial:101", "adversarial:P takes an open-ground percentage P "
                            "of 0..100"},
        {"adversarial:-1", "expected a non-negative integer after ':'"},
        {"adversarial:x", "expected a non-negative integer after ':'"},
        {"adversarial:", "expected a non-negative integer after ':'"},
    };
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        struct pb_corpus c;
        struct pb_error e = {""};
        int rc = pb_generate(kernel(), bad[i].family, (struct pb_size){8, 8}, 2,
                             1, &c, &e);
        if (rc == 0)
            pb_corpus_free(&c);
        CHECK(rc == -EINVAL && strstr(e.msg, bad[i].want), "%s: %d %s",
              bad[i].family, rc, e.msg);
    }
    static const int boards[][2] = {{1, 1},  {1, 5},  {2, 2},   {5, 1},
                                    {13, 4}, {14, 9}, {30, 30}, {64, 64}};
    for (long p = 0; p <= 100; p += 25)
        for (size_t b = 0; b < sizeof(boards) / sizeof(boards[0]); b++) {
            char family[32];
            snprintf(family, sizeof(family), "adversarial:%ld", p);
            struct pb_corpus c;
            struct pb_error e = {""};
            int rows = boards[b][0], cols = boards[b][1];
            if (pb_generate(kernel(), family, (struct pb_size){rows, cols}, 2,
                            3, &c, &e)) {
                CHECK(0, "%s %dx%d: %s", family, rows, cols, e.msg);
                continue;
            }
            CHECK(!strcmp(c.meta.family, family), "family '%s'", c.meta.family);
            void *oracle = kernel()->oracle.build(&c, &e);
            for (size_t i = 0; oracle && i < c.count; i++) {
                const struct walk_instance *in = pb_corpus_item(&c, i);
                struct walk_answer a = {0, 0, NULL};
                int rc = kernel()->oracle.solve(oracle, in, &a);
                /* the end in the last file, on the last rank or on the
                 * last street rank below at most two ranks of blocks */
                uint32_t end_rank = in->end / in->cols;
                CHECK(rc == 0 && a.sum != WALK_UNREACHABLE && in->start == 0 &&
                          in->end % in->cols == in->cols - 1 &&
                          end_rank + 3 >= in->rows,
                      "%s %dx%d #%zu: start %u end %u sum %llu", family, rows,
                      cols, i, in->start, in->end, (unsigned long long)a.sum);
                kernel()->answer.release(&a);
            }
            kernel()->oracle.free(oracle);
            pb_corpus_free(&c);
        }

    struct pb_corpus grid, open;
    struct pb_error e = {""};
    CHECK(pb_generate(kernel(), "adversarial:0", (struct pb_size){64, 64}, 3, 5,
                      &grid, &e) == 0,
          "%s", e.msg);
    CHECK(pb_generate(kernel(), "adversarial", (struct pb_size){64, 64}, 3, 5,
                      &open, &e) == 0,
          "%s", e.msg);
    struct pb_work spfa_grid, spfa_open, dijkstra_grid, dijkstra_open;
    uint64_t grid_units, open_units;
    counts("spfa", &grid, &spfa_grid, &grid_units);
    counts("spfa", &open, &spfa_open, &open_units);
    counts("dijkstra", &grid, &dijkstra_grid, &grid_units);
    counts("dijkstra", &open, &dijkstra_open, &open_units);
    double sg = (double)spfa_grid.count[0] / (double)grid_units;
    double so = (double)spfa_open.count[0] / (double)open_units;
    double dg = (double)dijkstra_grid.count[0] / (double)grid_units;
    double d_o = (double)dijkstra_open.count[0] / (double)open_units;
    CHECK(grid_units > 0 && open_units > 0 && sg < 3 && so > 10 && so > 5 * sg,
          "spfa pops per state: %.2f on the street grid, %.2f with open "
          "ground",
          sg, so);
    CHECK(dg < 2 && d_o < 2 &&
              dijkstra_open.count[0] <= dijkstra_open.count[1] + open.count,
          "dijkstra pops per state: %.2f, %.2f", dg, d_o);
    pb_corpus_free(&grid);
    pb_corpus_free(&open);
}

/* The point-to-point families: deterministic, knobs checked; near:D's
 * end 1..D from the start, far's at the opposite corner, sealed's walled
 * in (its neighbours blocked, nothing else) two steps or more from the
 * start, with uniform's faces, and uniform's start and end where those
 * are two steps apart (same seed). */
static void test_query_families(void)
{
    kt_check_generator_seeds(kernel(), "near:3", (struct pb_size){9, 7}, 4);
    kt_check_generator_seeds(kernel(), "far", (struct pb_size){9, 7}, 4);
    kt_check_generator_seeds(kernel(), "sealed:50", (struct pb_size){9, 7}, 4);
    static const struct {
        const char *family;
        struct pb_size size;
        const char *want;
    } bad[] = {
        {"near", {8, 8}, "near:D takes the largest start-end distance D"},
        {"near:0", {8, 8}, "near:D takes the largest start-end distance D"},
        {"far:2", {8, 8}, "family 'far' takes no parameter"},
        {"sealed:0", {8, 8}, "sealed:W takes a largest face value W"},
        {"sealed", {1, 2}, "sealed needs a board of 3 squares or more"},
    };
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        struct pb_corpus c;
        struct pb_error e = {""};
        int rc =
            pb_generate(kernel(), bad[i].family, bad[i].size, 2, 1, &c, &e);
        if (rc == 0)
            pb_corpus_free(&c);
        CHECK(rc == -EINVAL && strstr(e.msg, bad[i].want), "%s: %d %s",
              bad[i].family, rc, e.msg);
    }
    static const int boards[][2] = {{1, 1}, {1, 3}, {1, 7},   {2, 2},
                                    {3, 5}, {9, 1}, {17, 40}, {64, 64}};
    for (size_t b = 0; b < sizeof(boards) / sizeof(boards[0]); b++) {
        struct pb_size size = {boards[b][0], boards[b][1]};
        int64_t rows = size.a, cols = size.b;
        struct pb_corpus near, far, sealed, uniform;
        struct pb_error e = {""};
        bool sealable = rows * cols >= 3;
        int rc = pb_generate(kernel(), "near:4", size, 50, 3, &near, &e);
        rc = rc ? rc : pb_generate(kernel(), "far", size, 50, 3, &far, &e);
        rc = rc ? rc
                : pb_generate(kernel(), sealable ? "sealed" : "uniform", size,
                              50, 3, &sealed, &e);
        rc = rc ? rc
                : pb_generate(kernel(), "uniform", size, 50, 3, &uniform, &e);
        CHECK(rc == 0, "%dx%d: %s", (int)rows, (int)cols, e.msg);
        if (rc)
            return;
        for (size_t i = 0; i < 50; i++) {
            const struct walk_instance *n = pb_corpus_item(&near, i);
            const struct walk_instance *f = pb_corpus_item(&far, i);
            const struct walk_instance *s = pb_corpus_item(&sealed, i);
            const struct walk_instance *u = pb_corpus_item(&uniform, i);
            int64_t dr = (int64_t)(n->end / cols) - n->start / cols;
            int64_t dc = (int64_t)(n->end % cols) - n->start % cols;
            int64_t d = (dr < 0 ? -dr : dr) + (dc < 0 ? -dc : dc);
            CHECK((d >= 1 && d <= 4) || (rows * cols == 1 && d == 0),
                  "near:4 %dx%d #%zu: distance %lld", (int)rows, (int)cols, i,
                  (long long)d);
            CHECK(f->start % cols + f->end % cols == cols - 1 &&
                      f->start / cols + f->end / cols == rows - 1 &&
                      (f->start == 0 || f->start == cols - 1 ||
                       f->start == (rows - 1) * cols ||
                       f->start == rows * cols - 1),
                  "far %dx%d #%zu: %u to %u", (int)rows, (int)cols, i, f->start,
                  f->end);
            if (!sealable)
                continue;
            int64_t ur = (int64_t)(u->end / cols) - u->start / cols;
            int64_t uc = (int64_t)(u->end % cols) - u->start % cols;
            bool apart = (ur < 0 ? -ur : ur) + (uc < 0 ? -uc : uc) >= 2;
            CHECK(!memcmp(s->face, u->face, sizeof(s->face)) &&
                      (!apart || (s->start == u->start && s->end == u->end)),
                  "sealed %dx%d #%zu: not uniform's faces, start and end",
                  (int)rows, (int)cols, i);
            uint32_t blocked = 0, walls = 0;
            for (uint32_t q = 0; q < rows * cols; q++)
                blocked += s->blocked[q];
            for (unsigned dir = 0; dir < WALK_DIRS; dir++) {
                uint32_t next;
                if (walk_step(s, s->end, dir, &next)) {
                    walls++;
                    CHECK(s->blocked[next] && next != s->start,
                          "sealed %dx%d #%zu: open beside the end", (int)rows,
                          (int)cols, i);
                }
            }
            CHECK(blocked == walls && !s->blocked[s->start] &&
                      !s->blocked[s->end] && s->start != s->end,
                  "sealed %dx%d #%zu: %u blocked, %u walls", (int)rows,
                  (int)cols, i, blocked, walls);
        }
        pb_corpus_free(&near);
        pb_corpus_free(&far);
        pb_corpus_free(&sealed);
        pb_corpus_free(&uniform);
    }
}

static void test_mazes_and_corners(void)
{
    /* a wall across rank 3: e1 cannot reach e5; c4 reaches e5 */
    const char *text = "board 5x5\nmaze\n.....\n.....\nxxxxx\n.....\n.....\n"
                       "e1 e5 1 2 3 4 5 6\n"
                       "maze\n.....\n.....\nxxxx.\n.....\n.....\n"
                       "a1 a5 1 2 3 4 5 6\n"
                       "c3 c3 5 6 7 8 9 10\n"
                       "board 1x1\na1 a1 0 0 0 0 7 0\n";
    const struct pb_kernel *k = kernel();
    for (size_t j = 0; k->variants[j]; j++) {
        struct pb_corpus c;
        struct walk_answer *a = NULL;
        if (solve(k->variants[j], text, &c, &a, 2) == 0) {
            CHECK(a[0].sum == WALK_UNREACHABLE && a[0].length == 0,
                  "%s: unreachable", k->variants[j]->name);
            CHECK(a[1].sum != WALK_UNREACHABLE && a[1].length >= 9,
                  "%s: around the wall", k->variants[j]->name);
            CHECK(a[2].sum == 9 && a[2].length == 1 &&
                      a[2].route[0] == 2 * 5 + 2,
                  "%s: start == end", k->variants[j]->name);
            CHECK(a[3].sum == 7 && a[3].length == 1, "%s: 1x1",
                  k->variants[j]->name);
            char out[512];
            FILE *f = fmemopen(out, sizeof(out), "w");
            for (size_t i = 0; i < c.count; i++)
                k->answer.write(f, pb_corpus_item(&c, i), &a[i]);
            fclose(f);
            CHECK(!strncmp(out, "-1\n", 3) && strstr(out, "\n9 c3\n7 a1\n"),
                  "written: '%s'", out);
            agree_corpus(&c, "hand-made mazes");
            /* a route through the wall is refused */
            const struct walk_instance *in = pb_corpus_item(&c, 1);
            uint32_t through[] = {0, 5, 10, 15, 20};
            struct walk_answer bad = {a[1].sum, 5, through};
            char why[256] = "";
            CHECK(!k->answer.same(in, &a[1], &bad, why, sizeof(why)) &&
                      strstr(why, "blocked"),
                  "through a wall: %s", why);
            struct walk_answer none = {WALK_UNREACHABLE, 0, NULL};
            CHECK(!k->answer.same(in, &a[1], &none, why, sizeof(why)),
                  "unreachable where a route exists");
        }
        pb_answers_free(&c, a);
        pb_corpus_free(&c);
    }
}

/* gen's extended format reads back to the same instances. */
static void test_round_trip(void)
{
    struct pb_corpus c, back;
    struct pb_error e;
    CHECK(pb_generate(kernel(), "maze", (struct pb_size){7, 30}, 5, 9, &c,
                      &e) == 0,
          "%s", e.msg);
    const char *path = "build_test_walk.txt";
    CHECK(pb_corpus_save(&c, path, &e) == 0, "%s", e.msg);
    CHECK(pb_corpus_load(kernel(), path, &back, &e) == 0, "%s", e.msg);
    CHECK(back.count == c.count && pb_corpus_hash(&back) == pb_corpus_hash(&c),
          "round trip");
    const struct walk_instance *a = pb_corpus_item(&back, 4);
    CHECK(a->rows == 7 && a->cols == 30 && a->blocked, "board and maze kept");
    pb_corpus_free(&back);
    pb_corpus_free(&c);
    remove(path);
    struct walk_instance big = {.rows = 5, .cols = 800};
    char name[32];
    walk_square_name(&big, 4 * 800 + 26, name, sizeof(name));
    CHECK(!strcmp(name, "aa5"), "file 27 is aa: %s", name);
    walk_square_name(&big, 799, name, sizeof(name));
    CHECK(!strcmp(name, "adt1"), "file 800 is adt: %s", name);
    CHECK(kt_read(kernel(), "board 5x800\naa5 adt1 1 2 3 4 5 6\n", &back, &e) ==
              0,
          "%s", e.msg);
    a = pb_corpus_item(&back, 0);
    CHECK(a->start == 4 * 800 + 26 && a->end == 799, "names read back");
    pb_corpus_free(&back);
}

static void test_bad_input(void)
{
    static const struct bad_case cases[] = {
        {"i2 e3 0 8 1 2 1 1\n", "<test>:1: instance 1: expected the start "
                                "square, a1..h8"},
        {"e2 e9 0 8 1 2 1 1\n", "expected the end square"},
        {"e2 e0 0 8 1 2 1 1\n", "found 'e0'"},
        {"e2\n", "the line ends after the start square"},
        {"e2 e3 0 8 1 2 1 1\ne2 e3 0 8 1\n1 1\n",
         "<test>:2: instance 2: the line ends after 3 of the six face"},
        {"e2 e3 0 -8 1 2 1 1\n",
         "expected the far face value of instance 1 (0..1000), found -8"},
        {"e2 e3 0 8 1.5 2 1 1\n", "found '1.5'"},
        {"e2 e3 0 8 1 2 1 1001\n", "found 1001"},
        {"max 5\ne2 e3 0 8 1 2 1 1\n", "<test>:2: expected the far face value "
                                       "of instance 1 (0..5), found 8"},
        {"e2 e3 0 8 1 2 1 1 9\n", "expected the end of the line"},
        {"board 0x4\n", "expected a board RxC"},
        {"board 65536x65536\n", "at most 1073741824 squares"},
        {"board 2x2\nmaze\n..\n.\na1 b2 1 1 1 1 1 1\n",
         "<test>:4: maze: expected rank 1 as 2 characters"},
        {"board 2x2\nmaze\n.x\n..\nb2 a1 1 1 1 1 1 1\n",
         "the start square is blocked"},
        {"board 2x2\nmaze\n..\n..\n", "without its instance"},
        {"", "expected an instance"},
    };
    kt_check_bad(kernel(), cases, sizeof(cases) / sizeof(cases[0]));
}

/* Boards whose search would not fit are refused before allocating. */
static void test_too_big(void)
{
    pb_memory_cap_set(1ull << 30);
    struct pb_corpus c;
    struct pb_error e = {""};
    CHECK(kt_read(kernel(), "board 32768x32768\na1 b1 1 1 1 1 1 1\n", &c, &e) ==
              0,
          "%s", e.msg);
    void *oracle = kernel()->oracle.build(&c, &e);
    CHECK(!oracle && strstr(e.msg, "needs about") &&
              strstr(e.msg, "memory cap"),
          "oracle refused: %s", e.msg);
    for (size_t j = 0; kernel()->variants[j]; j++) {
        const struct pb_variant *v = kernel()->variants[j];
        struct walk_answer a[1] = {{0, 0, NULL}};
        struct pb_run run;
        e.msg[0] = '\0';
        int rc = pb_run_variant(v, &c, 1, a, &run, &e);
        CHECK(rc == -ENOMEM && strstr(e.msg, "needs about"), "%s: %d %s",
              v->name, rc, e.msg);
    }
    pb_corpus_free(&c);
    pb_memory_cap_set(1ull << 20);
    int rc = kt_read(kernel(), "board 2048x2048\nmaze\n", &c, &e);
    CHECK(rc == -ENOMEM && strstr(e.msg, "the maze of the 2048x2048 board"),
          "maze refused: %d %s", rc, e.msg);
    rc = pb_generate(kernel(), "maze", (struct pb_size){2048, 2048}, 4, 1, &c,
                     &e);
    CHECK(rc == -ENOMEM && strstr(e.msg, "needs about"), "gen refused: %s",
          e.msg);
    if (rc == 0)
        pb_corpus_free(&c);
    pb_memory_cap_set(0);
}

/* An answer carried between processes (pack, unpack) is the same
 * answer: a route, an unreachable end; bytes that are not an answer's
 * are refused. */
static void test_pack(void)
{
    const struct pb_kernel *k = kernel();
    struct pb_corpus c;
    struct walk_answer *a = NULL;
    const char *text = "a1 h8 1 2 3 4 5 6\ne2 e3 0 8 1 2 1 1\n";
    if (solve(k->variants[0], text, &c, &a, 1) == 0) {
        for (size_t i = 0; i < c.count; i++) {
            size_t len = k->answer.pack(&a[i], NULL);
            unsigned char *buf = malloc(len);
            struct walk_answer back = {0, 0, NULL};
            char why[256] = "";
            CHECK(buf && k->answer.pack(&a[i], buf) == len &&
                      k->answer.unpack(&back, buf, len) == 0 &&
                      back.route != a[i].route &&
                      k->answer.same(pb_corpus_item(&c, i), &a[i], &back, why,
                                     sizeof(why)),
                  "#%zu: %s", i, why);
            k->answer.release(&back);
            CHECK(buf && k->answer.unpack(&back, buf, len - 1) == -EINVAL &&
                      back.route == NULL,
                  "#%zu: a cut answer accepted", i);
            free(buf);
        }
        struct walk_answer none = {WALK_UNREACHABLE, 0, NULL}, back;
        unsigned char buf[16];
        size_t len = k->answer.pack(&none, buf);
        CHECK(len <= sizeof(buf) && k->answer.unpack(&back, buf, len) == 0 &&
                  back.sum == WALK_UNREACHABLE && back.route == NULL,
              "unreachable");
    }
    pb_answers_free(&c, a);
    pb_corpus_free(&c);
}

int main(void)
{
    test_pack();
    test_sample_and_extras();
    test_orientation_laws();
    test_cross_variants();
    test_every_pair();
    test_early_exit();
    test_adversarial();
    test_query_families();
    test_mazes_and_corners();
    test_round_trip();
    test_bad_input();
    test_too_big();
    return check_summary();
}
