/*
 * test_walk_delta.c - cube_walk's delta_stepping beyond the registry-wide
 * checks of test_cube_walk.c: the same sums at 1, 2, 3 and 4 threads
 * (more threads than this machine's cores, so that team members are
 * preempted mid-phase) and every route accepted by the oracle, on every
 * generator family and on boards from 1 x 2 to 160 x 160 (frontiers of
 * many chunks); faces that stress the buckets (all zero: one bucket and
 * zero-cost cycles for the parents; 0 and 10^6: a wide window; 0 to 3);
 * start == end and unreachable ends; the work counters summed over the
 * team (every reachable state expanded at least once); the heap peak
 * within memory_bound. Ends with "N passed, N failed".
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
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

/* delta_stepping at each team size: answers right by the oracle, sums
 * equal across teams, counters plausible, heap under the bound. */
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
    uint64_t units = 0;
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
            for (size_t i = 0; i < c->count; i++) {
                if (j == 0)
                    sums[i] = ans[i].sum;
                CHECK(ans[i].sum == sums[i],
                      "%s #%zu: %llu at %d threads, %llu at 1", what, i,
                      (unsigned long long)ans[i].sum, threads,
                      (unsigned long long)sums[i]);
            }
            /* on open boards every state is reachable and expanded */
            CHECK(!open || run.work.count[0] >= units,
                  "%s, %d threads: %llu pops for %llu states", what, threads,
                  (unsigned long long)run.work.count[0],
                  (unsigned long long)units);
            /* every pop but the starts' follows its own improvement */
            CHECK(run.work.count[1] + c->count >= run.work.count[0],
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
    size_t len = strlen(text) + 40 * 41 + 64;
    char *all = malloc(len);
    if (!all) {
        CHECK(0, "out of memory");
        return;
    }
    strcpy(all, text);
    for (int r = 40; r >= 1; r--)
        strcat(all, r == 20 ? "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\n"
                            : "........................................\n");
    strcat(all, "a1 a40 1 2 3 4 5 6\n");
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
    }
    return check_summary();
}
