/*
 * test_walk_delta.c - cube_walk's delta_stepping beyond the registry-wide
 * checks of test_cube_walk.c: the same sums at 1, 2, 3 and 4 threads
 * (more threads than this machine's cores, so that team members are
 * preempted mid-phase) and every route accepted by the oracle, on every
 * generator family and on boards from 1 x 2 to 160 x 160 (frontiers of
 * many chunks); faces that stress the buckets (all zero: one bucket and
 * zero-cost cycles for the parents; 0 and 10^6: a wide window; 0 to 3);
 * start == end and unreachable ends; the work counters summed over the
 * team (settled and touched the same at every team size, as the early
 * exit's proof says; the whole reachable space settled when no end is
 * reached); the early exit itself (exact counts where the end is the
 * start, a near end settles a sliver of the board, a walled-in end the
 * whole reachable half); one worker reused over boards of changing
 * sizes and searches short and full (the reset by the lists and by
 * whole passes); the heap peak within memory_bound. Ends with "N
 * passed, N failed".
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "walk_cases.h"
#include "kernel_test.h"
#include "run/memprobe.h"
#include "run/runner.h"
#include "walk.h"

static const int team_sizes[] = {1, 2, 3, 4};
enum { TEAMS = sizeof(team_sizes) / sizeof(team_sizes[0]) };

static const struct pb_kernel *kernel(void)
{
    return pb_kernel_find("cube_walk");
}

static const struct pb_variant *variant(void)
{
    return pb_variant_find(kernel(), "delta_stepping");
}

/* delta_stepping at each team size: answers right by the oracle, sums,
 * settled and touched states equal across teams, counters plausible,
 * heap under the bound. */
static void check_corpus(const struct pb_corpus *c, const char *what)
{
    const struct pb_kernel *k = kernel();
    const struct pb_variant *v = variant();
    struct pb_error e = {""};
    void *oracle = k->oracle.build(c, &e);
    CHECK(oracle != NULL, "oracle for %s: %s", what, e.msg);
    uint64_t *sums = calloc(c->count, sizeof(*sums));
    if (!oracle || !sums) {
        free(sums);
        if (oracle)
            k->oracle.free(oracle);
        return;
    }
    bool open = true;
    uint64_t units = 0, settled = 0, touched = 0;
    for (size_t i = 0; i < c->count; i++) {
        const struct walk_instance *in = pb_corpus_item(c, i);
        /* units are exact there (an upper bound in mazes and on boards
         * one square wide) */
        open &= in->blocked == NULL && in->rows >= 2 && in->cols >= 2;
        units += k->work.units(in);
    }
    for (int j = 0; j < TEAMS; j++) {
        int threads = team_sizes[j];
        struct walk_answer *ans = pb_answers_new(c, &e);
        struct pb_run run;
        int rc = ans ? pb_run_variant(v, c, threads, ans, &run, &e) : -ENOMEM;
        CHECK(rc == 0, "%s, %d threads: %s", what, threads, e.msg);
        if (rc == 0) {
            struct pb_check check;
            pb_check_answers(c, oracle, ans, &check);
            CHECK(check.wrong == 0, "%s, %d threads: %zu wrong, first #%zu: %s",
                  what, threads, check.wrong, check.first_wrong, check.why);
            bool none_reached = true;
            for (size_t i = 0; i < c->count; i++) {
                if (j == 0)
                    sums[i] = ans[i].sum;
                CHECK(ans[i].sum == sums[i],
                      "%s #%zu: %llu at %d threads, %llu at 1", what, i,
                      (unsigned long long)ans[i].sum, threads,
                      (unsigned long long)sums[i]);
                none_reached &= ans[i].sum == WALK_UNREACHABLE;
            }
            const uint64_t *n = run.work.count;
            if (j == 0) {
                settled = n[WALK_SETTLED];
                touched = n[WALK_TOUCHED];
            }
            CHECK(n[WALK_SETTLED] == settled && n[WALK_TOUCHED] == touched,
                  "%s: settled %llu, touched %llu at %d threads, %llu and "
                  "%llu at 1",
                  what, (unsigned long long)n[WALK_SETTLED],
                  (unsigned long long)n[WALK_TOUCHED], threads,
                  (unsigned long long)settled, (unsigned long long)touched);
            /* each settled state popped, each touched but the starts
             * improved, each state settled at most once */
            CHECK(n[WALK_POPS] >= n[WALK_SETTLED] &&
                      n[WALK_TOUCHED] >= n[WALK_SETTLED] &&
                      n[WALK_RELAXATIONS] + c->count >= n[WALK_TOUCHED] &&
                      (!open || n[WALK_SETTLED] <= units),
                  "%s, %d threads: %llu pops, %llu relaxations, %llu settled, "
                  "%llu touched, %llu states",
                  what, threads, (unsigned long long)n[WALK_POPS],
                  (unsigned long long)n[WALK_RELAXATIONS],
                  (unsigned long long)n[WALK_SETTLED],
                  (unsigned long long)n[WALK_TOUCHED],
                  (unsigned long long)units);
            /* no end reached: every search full, every state reached
             * settled */
            CHECK(!none_reached || n[WALK_SETTLED] == n[WALK_TOUCHED],
                  "%s, %d threads: no end reached, %llu settled of %llu "
                  "touched",
                  what, threads, (unsigned long long)n[WALK_SETTLED],
                  (unsigned long long)n[WALK_TOUCHED]);
            /* every pop but the starts' follows its own improvement */
            CHECK(n[WALK_RELAXATIONS] + c->count >= n[WALK_POPS],
                  "%s: a pop without a relaxation", what);
            uint64_t bound = v->memory_bound(c, threads);
            CHECK(!pb_heap_available() || run.heap_peak <= bound,
                  "%s, %d threads: heap peak %llu over the bound %llu", what,
                  threads, (unsigned long long)run.heap_peak,
                  (unsigned long long)bound);
        }
        pb_answers_free(c, ans);
    }
    free(sums);
    k->oracle.free(oracle);
}

static void test_families(void)
{
    static const char *const families[] = {"uniform", "small", "extreme",
                                           "maze"};
    static const int boards[][3] = {
        {1, 2, 20}, {2, 1, 20}, {3, 3, 20}, {17, 5, 10}, {64, 64, 4},
    };
    for (size_t f = 0; f < sizeof(families) / sizeof(families[0]); f++)
        for (size_t b = 0; b < sizeof(boards) / sizeof(boards[0]); b++)
            kt_on_board(kernel(), families[f], boards[b][0], boards[b][1],
                        (size_t)boards[b][2], check_corpus);
    /* frontiers of several chunks, handed out across the team */
    kt_on_board(kernel(), "uniform", 160, 160, 1, check_corpus);
    kt_on_board(kernel(), "small", 160, 160, 1, check_corpus);
    /* the point-to-point families: early exits short and long, and the
     * full searches of walled-in ends */
    static const char *const queries[] = {"adversarial", "sealed", "near:3",
                                          "far"};
    static const int query_boards[][3] = {
        {3, 3, 20}, {17, 5, 10}, {64, 64, 4}, {160, 160, 1}};
    for (size_t f = 0; f < sizeof(queries) / sizeof(queries[0]); f++)
        for (size_t b = 0; b < sizeof(query_boards) / sizeof(query_boards[0]);
             b++)
            kt_on_board(kernel(), queries[f], query_boards[b][0],
                        query_boards[b][1], (size_t)query_boards[b][2],
                        check_corpus);
}

/* delta_stepping on the one instance of text at each team size: the
 * answer's sum, and the states settled and touched. */
static void check_one(const char *text, const char *what, uint64_t sum,
                      uint64_t settled, uint64_t touched)
{
    struct pb_corpus c;
    struct pb_error e = {""};
    if (kt_read(kernel(), text, &c, &e)) {
        CHECK(0, "%s: %s", what, e.msg);
        return;
    }
    check_corpus(&c, what);
    for (int j = 0; j < TEAMS; j++) {
        struct walk_answer *ans = pb_answers_new(&c, &e);
        struct pb_run run;
        int rc =
            ans ? pb_run_variant(variant(), &c, team_sizes[j], ans, &run, &e)
                : -ENOMEM;
        CHECK(rc == 0, "%s, %d threads: %s", what, team_sizes[j], e.msg);
        if (rc == 0) {
            const uint64_t *n = run.work.count;
            CHECK(ans[0].sum == sum && n[WALK_SETTLED] == settled &&
                      n[WALK_TOUCHED] == touched,
                  "%s, %d threads: sum %llu, %llu settled, %llu touched; "
                  "want %llu, %llu, %llu",
                  what, team_sizes[j], (unsigned long long)ans[0].sum,
                  (unsigned long long)n[WALK_SETTLED],
                  (unsigned long long)n[WALK_TOUCHED], (unsigned long long)sum,
                  (unsigned long long)settled, (unsigned long long)touched);
        }
        pb_answers_free(&c, ans);
    }
    pb_corpus_free(&c);
}

/* The early exit: the search stops once the end's least sum is final,
 * after the bucket that holds it (the opening comment of
 * delta_stepping.c); settled, the states of sum below the next bucket,
 * touched, those and their rolls' states. */
static void test_early_exit(void)
{
    /* start == end, bottom 9 (faces near 5, far 6, right 8, left 10 come
     * down next): delta 8, so the start's bucket [8, 16) also holds its
     * rolls south (9 + 5) and north (9 + 6); 3 settled, touched those,
     * the other 2 rolls of the start and 3 new rolls out of each */
    check_one("board 40x40\nc3 c3 5 6 7 8 9 10\n", "start == end", 9, 3, 11);
    /* every roll 1, delta 2, the end a roll away (sum 2): the buckets of
     * sums up to 3 settled, the 1 + 4 + 12 states within 2 rolls, and
     * touched the 53 within 3, of the board's 480000 */
    check_one("board 200x200\nj100 k100 1 1 1 1 1 1\n", "near:1", 2, 17, 53);
    /* the end behind a wall across rank 20: a full search of the 19
     * ranks below it, every state settled */
    size_t len = 32 + 40 * 41 + 32;
    char *maze = malloc(len);
    if (!maze) {
        CHECK(0, "out of memory");
        return;
    }
    strcpy(maze, "board 40x40\nmaze\n");
    for (int r = 40; r >= 1; r--)
        strcat(maze, r == 20 ? "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\n"
                             : "........................................\n");
    strcat(maze, "a1 a40 1 2 3 4 5 6\n");
    check_one(maze, "unreachable", WALK_UNREACHABLE, 12 * 19 * 40,
              12 * 19 * 40);
    free(maze);
    /* one worker over boards of changing sizes, searches full (far ends:
     * the lists overflow, whole passes) and short (the lists): every
     * word a search reads must have been reset. On the 1 x 40 board the
     * first search touches x1 without expanding it (sum 4), in the
     * orientation the second, rolling east from a1, brings there (sum
     * 24): a word left over would stop it. */
    struct pb_corpus c;
    struct pb_error e = {""};
    const char *mixed = "board 60x60\na1 bh60 1 2 3 4 5 6\n"
                        "board 9x9\na1 i9 6 5 4 3 2 1\n"
                        "e5 e6 1 2 3 4 5 6\n"
                        "board 60x60\nad30 ad31 3 1 4 1 5 9\n"
                        "a1 a2 2 7 1 8 2 8\n"
                        "bh60 a1 1 2 3 4 5 6\n"
                        "board 9x9\ne5 e5 1 1 1 1 1 1\n"
                        "a1 i9 1 2 3 4 5 6\n"
                        "board 60x60\nad30 ad30 2 3 4 5 6 7\n"
                        "b2 a1 1 2 3 4 5 6\n"
                        "board 1x40\nu1 v1 1 1 1 1 1 1\n"
                        "a1 an1 1 1 1 1 1 1\n";
    if (kt_read(kernel(), mixed, &c, &e) == 0) {
        CHECK(c.count == 12, "mixed: count %zu", c.count);
        check_corpus(&c, "mixed boards");
        pb_corpus_free(&c);
    } else {
        CHECK(0, "mixed: %s", e.msg);
    }
}

static void test_faces(void)
{
    const char *text =
        "board 40x40\n"
        "a1 an40 0 0 0 0 0 0\n" /* every roll free */
        "a1 an40 0 0 0 0 0 7\n" /* free but one face */
        "t20 a1 3 0 2 1 0 3\n"  /* many ties */
        "max 1000000\n"         /* a wide window */
        "a1 an40 0 1000000 3 0 1000000 7\n"
        "an1 a40 1000000 1000000 1000000 1000000 1000000 1000000\n"
        "c3 c3 5 6 7 8 9 10\n" /* start == end */
        "maze\n";
    /* then a maze with a wall across rank 20 */
    char *all = walk_cases_walled(text);
    if (!all) {
        CHECK(0, "out of memory");
        return;
    }
    struct pb_corpus c;
    struct pb_error e = {""};
    if (kt_read(kernel(), all, &c, &e) == 0) {
        CHECK(c.count == 7, "count %zu", c.count);
        check_corpus(&c, "hand-made faces");
        struct walk_answer *ans = pb_answers_new(&c, &e);
        struct pb_run run;
        if (ans && pb_run_variant(variant(), &c, 3, ans, &run, &e) == 0) {
            CHECK(ans[0].sum == 0, "free rolls: sum %llu",
                  (unsigned long long)ans[0].sum);
            CHECK(ans[5].sum == 9 && ans[5].length == 1, "start == end");
            CHECK(ans[6].sum == WALK_UNREACHABLE && ans[6].length == 0,
                  "behind a wall");
        } else {
            CHECK(0, "3 threads: %s", e.msg);
        }
        pb_answers_free(&c, ans);
        pb_corpus_free(&c);
    } else {
        CHECK(0, "read: %s", e.msg);
    }
    free(all);
}

int main(void)
{
    CHECK(variant() != NULL, "delta_stepping is registered");
    if (variant()) {
        CHECK(variant()->flags & PB_VARIANT_PARALLEL,
              "the team comes from the runner's threads");
        test_families();
        test_faces();
        test_early_exit();
    }
    return check_summary();
}
