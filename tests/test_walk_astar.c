/*
 * test_walk_astar.c - cube_walk's A* variants (variants/cube_walk/
 * astar.c) beyond the registry-wide checks of test_cube_walk.c: on every
 * generator family, astar_cheap, astar_strong and astar_tilted answer as
 * the oracle and as dial do, and settle no more states than dial (both
 * stop at the end's first settled state; A* settles only states of key
 * at most the answer, dial every state of sum below it, so only ties
 * could break this: the counts are deterministic), the strong bound no
 * more than the cheap one, and on `sealed` boards (no route) all four
 * settle the same states; on open 200 x 200 boards the strong and tilted
 * bounds settle under a tenth of dial's states, and on the opposite
 * corners of an 800 x 800 board (the tilted table's 32 x 32 side) the
 * tilted one does. Hand-made faces, checked by the oracle only
 * (free rolls tie everywhere): every roll free, a window of 10^6 (2^21
 * buckets), start == end, an end behind a wall, instances sharing
 * faces. astar_strong refuses an instance whose faces it built no table
 * for. Heap peaks within memory_bound. No time is asserted. Ends with
 * "N passed, N failed".
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "walk_cases.h"
#include "kernel_test.h"
#include "run/memprobe.h"
#include "run/runner.h"
#include "walk.h"

enum { DIAL, CHEAP, STRONG, TILTED, VARIANTS };
static const char *const names[VARIANTS] = {"dial", "astar_cheap",
                                            "astar_strong", "astar_tilted"};

static const struct pb_kernel *kernel(void)
{
    return pb_kernel_find("cube_walk");
}

/* Runs the three variants on c at one thread, each checked by the oracle
 * and against dial's sums and its heap bound; settled[v] their settled
 * states. false when a run failed. */
static bool run_all(const struct pb_corpus *c, const char *what,
                    uint64_t settled[VARIANTS])
{
    const struct pb_kernel *k = kernel();
    struct pb_error e = {""};
    void *oracle = k->oracle.build(c, &e);
    CHECK(oracle != NULL, "oracle for %s: %s", what, e.msg);
    uint64_t *sums = calloc(c->count, sizeof(*sums));
    bool ok = oracle && sums;
    for (int v = 0; ok && v < VARIANTS; v++) {
        const struct pb_variant *var = pb_variant_find(k, names[v]);
        struct walk_answer *ans = pb_answers_new(c, &e);
        struct pb_run run;
        int rc = ans ? pb_run_variant(var, c, 1, ans, &run, &e) : -ENOMEM;
        CHECK(rc == 0, "%s, %s: %s", what, names[v], e.msg);
        ok = rc == 0;
        if (ok) {
            struct pb_check check;
            pb_check_answers(c, oracle, ans, &check);
            CHECK(check.wrong == 0, "%s, %s: %zu wrong, first #%zu: %s", what,
                  names[v], check.wrong, check.first_wrong, check.why);
            for (size_t i = 0; i < c->count; i++) {
                if (v == DIAL)
                    sums[i] = ans[i].sum;
                CHECK(ans[i].sum == sums[i], "%s #%zu: %s %llu, dial %llu",
                      what, i, names[v], (unsigned long long)ans[i].sum,
                      (unsigned long long)sums[i]);
            }
            settled[v] = run.work.count[WALK_SETTLED];
            CHECK(run.work.count[WALK_POPS] >= settled[v] &&
                      run.work.count[WALK_TOUCHED] >= settled[v],
                  "%s, %s: pops %llu, touched %llu under settled %llu", what,
                  names[v], (unsigned long long)run.work.count[WALK_POPS],
                  (unsigned long long)run.work.count[WALK_TOUCHED],
                  (unsigned long long)settled[v]);
            uint64_t bound = var->memory_bound(c, 1);
            CHECK(!pb_heap_available() || run.heap_peak <= bound,
                  "%s, %s: heap peak %llu over the bound %llu", what, names[v],
                  (unsigned long long)run.heap_peak, (unsigned long long)bound);
        }
        pb_answers_free(c, ans);
    }
    free(sums);
    if (oracle)
        k->oracle.free(oracle);
    return ok;
}

static void check_corpus(const struct pb_corpus *c, const char *what)
{
    uint64_t s[VARIANTS] = {0};
    if (!run_all(c, what, s))
        return;
    CHECK(s[STRONG] <= s[CHEAP] && s[CHEAP] <= s[DIAL] && s[TILTED] <= s[DIAL],
          "%s: settled strong %llu, cheap %llu, tilted %llu, dial %llu", what,
          (unsigned long long)s[STRONG], (unsigned long long)s[CHEAP],
          (unsigned long long)s[TILTED], (unsigned long long)s[DIAL]);
}

/* No route: every search is full, the same reachable states settled. */
static void check_sealed(const struct pb_corpus *c, const char *what)
{
    uint64_t s[VARIANTS] = {0};
    if (!run_all(c, what, s))
        return;
    CHECK(s[STRONG] == s[DIAL] && s[CHEAP] == s[DIAL] && s[TILTED] == s[DIAL],
          "%s: settled strong %llu, cheap %llu, tilted %llu, dial %llu", what,
          (unsigned long long)s[STRONG], (unsigned long long)s[CHEAP],
          (unsigned long long)s[TILTED], (unsigned long long)s[DIAL]);
}

/* Open boards past the strong table's window: the goal direction pays. */
static void check_goal_directed(const struct pb_corpus *c, const char *what)
{
    uint64_t s[VARIANTS] = {0};
    if (!run_all(c, what, s))
        return;
    CHECK(s[STRONG] * 10 <= s[DIAL] && s[TILTED] * 10 <= s[DIAL],
          "%s: strong settled %llu, tilted %llu, dial %llu", what,
          (unsigned long long)s[STRONG], (unsigned long long)s[TILTED],
          (unsigned long long)s[DIAL]);
}

/* Opposite corners of an open board: every search but the tilted one
 * settles most of the board (astar_strong's bound errs by a few hundred
 * there), the tilted table's bound is exact along most of the route. */
static void check_tilted(const struct pb_corpus *c, const char *what)
{
    uint64_t s[VARIANTS] = {0};
    if (!run_all(c, what, s))
        return;
    CHECK(s[TILTED] * 10 <= s[DIAL], "%s: tilted settled %llu, dial %llu", what,
          (unsigned long long)s[TILTED], (unsigned long long)s[DIAL]);
}

static void test_families(void)
{
    static const char *const families[] = {
        "uniform", "small", "extreme", "maze", "adversarial", "near:5", "far"};
    static const int boards[][3] = {
        {1, 2, 20}, {3, 3, 20}, {17, 5, 10}, {64, 64, 4}};
    for (size_t f = 0; f < sizeof(families) / sizeof(families[0]); f++)
        for (size_t b = 0; b < sizeof(boards) / sizeof(boards[0]); b++)
            kt_on_board(kernel(), families[f], boards[b][0], boards[b][1],
                        (size_t)boards[b][2], check_corpus);
    kt_on_board(kernel(), "sealed", 3, 3, 10, check_sealed);
    kt_on_board(kernel(), "sealed", 64, 64, 2, check_sealed);
    kt_on_board(kernel(), "uniform", 200, 200, 2, check_goal_directed);
    /* opposite corners 1,598 rolls apart: the tilted table's 32 x 32 side */
    kt_on_board(kernel(), "far", 800, 800, 1, check_tilted);
}

static void test_faces(void)
{
    const char *text = "board 40x40\n"
                       "a1 an40 0 0 0 0 0 0\n" /* every roll free */
                       "a1 an40 0 0 0 0 0 7\n"
                       "t20 a1 3 0 2 1 0 3\n"
                       "a1 an40 0 0 0 0 0 7\n" /* faces shared with #1 */
                       "max 1000000\n"         /* a window of 2^21 */
                       "a1 an40 0 1000000 3 0 1000000 7\n"
                       "c3 c3 5 6 7 8 9 10\n" /* start == end */
                       "maze\n";
    char *all = walk_cases_walled(text);
    if (!all) {
        CHECK(0, "out of memory");
        return;
    }
    struct pb_corpus c;
    struct pb_error e = {""};
    if (kt_read(kernel(), all, &c, &e) == 0) {
        CHECK(c.count == 7, "count %zu", c.count);
        /* free rolls tie everywhere: no order of settling is implied */
        uint64_t settled[VARIANTS];
        run_all(&c, "hand-made faces", settled);
        for (int v = CHEAP; v < VARIANTS; v++) {
            struct walk_answer *ans = pb_answers_new(&c, &e);
            struct pb_run run;
            const struct pb_variant *var = pb_variant_find(kernel(), names[v]);
            if (ans && pb_run_variant(var, &c, 1, ans, &run, &e) == 0) {
                CHECK(ans[0].sum == 0, "%s, free rolls: sum %llu", names[v],
                      (unsigned long long)ans[0].sum);
                CHECK(ans[5].sum == 9 && ans[5].length == 1, "%s: start == end",
                      names[v]);
                CHECK(ans[6].sum == WALK_UNREACHABLE && ans[6].length == 0,
                      "%s: behind a wall", names[v]);
            } else {
                CHECK(0, "%s: %s", names[v], e.msg);
            }
            pb_answers_free(&c, ans);
        }
        pb_corpus_free(&c);
    } else {
        CHECK(0, "read: %s", e.msg);
    }
    free(all);
}

/* A table built for one corpus, an instance of other faces: refused. */
static void test_missing_table(void)
{
    const struct pb_variant *v = pb_variant_find(kernel(), "astar_strong");
    struct pb_corpus built, other;
    struct pb_error e = {""};
    if (kt_read(kernel(), "board 8x8\na1 h8 1 2 3 4 5 6\n", &built, &e) ||
        kt_read(kernel(), "board 8x8\na1 h8 1 2 3 4 5 7\n", &other, &e)) {
        CHECK(0, "read: %s", e.msg);
        return;
    }
    void *shared = NULL;
    CHECK(v->build(&built, &shared, &e) == 0, "build: %s", e.msg);
    void *w = shared ? v->worker_new(&built, shared) : NULL;
    CHECK(w != NULL, "worker");
    if (w) {
        struct walk_answer a = {0, 0, NULL};
        struct pb_work work = {{0}};
        CHECK(v->solve(w, pb_corpus_item(&built, 0), &a, &work, &e) == 0 &&
                  a.sum != WALK_UNREACHABLE,
              "the built faces: %s", e.msg);
        kernel()->answer.release(&a);
        e.msg[0] = '\0';
        CHECK(v->solve(w, pb_corpus_item(&other, 0), &a, &work, &e) != 0 &&
                  strstr(e.msg, "no table") != NULL,
              "other faces refused: '%s'", e.msg);
        v->worker_free(w);
    }
    v->free_shared(shared);
    pb_corpus_free(&built);
    pb_corpus_free(&other);
}

int main(void)
{
    for (int v = 0; v < VARIANTS; v++)
        CHECK(pb_variant_find(kernel(), names[v]) != NULL, "%s is registered",
              names[v]);
    test_families();
    test_faces();
    test_missing_table();
    return check_summary();
}
