/*
 * test_walk_heuristic.c - cube_walk's lower bounds (variants/cube_walk/
 * walk_heuristic.h) against exact remaining costs. For every open square
 * and all 24 orientations of an instance, the exact least cost of rolls
 * to the end comes from a label-correcting search (FIFO, unlike the
 * bounds' Dijkstra) backwards from the end over reversed rolls; a sample
 * of it is checked against the kernel's reference oracle, started from
 * the state by relabelling the faces (the die at code 0 showing what
 * orientation o shows). Then each bound is at most the exact cost
 * (admissible), at most a roll's cost plus the bound after the roll
 * (consistent), 0 on the end square; the strong bound equals the exact
 * cost on an open board inside its window (it is tight, not merely
 * admissible). Boards: every size from 1 x 2 to 9 x 9 (uniform, small
 * and extreme faces), random boards up to 64 x 64 of every family and
 * a 200 x 200 board (displacements past the torus). A bound one above
 * the cheap one must fail the same checks: the test can fail. Prints
 * the bounds' mean share of the exact cost and the strong table's build
 * time (informative, not asserted). The tilted bound is checked at each
 * of its three torus sides (16, 32, 64), and its slope
 * (walk_slope_toward) is checked optimal: feasible, and at its
 * displacement at least as high as each of 360 feasible slopes sampled
 * all round, for face sets of three ranges (a wrong vertex or an
 * infeasible one fails).
 * Ends with "N passed, N failed".
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "kernel_test.h"
#include "pb_clock.h"
#include "walk.h"
#include "walk_heuristic.h"
#include "walk_slope.h"

typedef uint64_t bound_fn(const struct walk_heuristic *h, int64_t dr,
                          int64_t dc, unsigned o);

static uint64_t cheap(const struct walk_heuristic *h, int64_t dr, int64_t dc,
                      unsigned o)
{
    return walk_cheap(h, dr, dc, o);
}

/* Deliberately inadmissible: the checks must catch it. */
static uint64_t broken(const struct walk_heuristic *h, int64_t dr, int64_t dc,
                       unsigned o)
{
    return walk_cheap(h, dr, dc, o) + 1;
}

struct tally {
    uint64_t states, over, inconsistent, end_nonzero;
    double bound, exact; /* sums over states with a finite exact cost */
};

enum { KINDS = 6 };
static const char *const kind_name[KINDS] = {
    "cheap", "strong", "cheap + 1", "tilted 16", "tilted 32", "tilted 64"};
static bound_fn *const kind_fn[KINDS] = {cheap,     walk_strong, broken,
                                         walk_tilt, walk_tilt,   walk_tilt};
/* the tilted table's side built before each kind is tallied (the strong
 * bound includes the tilted one) */
static const uint32_t kind_side[KINDS] = {WALK_TILT_MIN,     WALK_TILT_MIN,
                                          WALK_TILT_MIN,     WALK_TILT_MIN,
                                          2 * WALK_TILT_MIN, WALK_TILT_MAX};
_Static_assert(4 * WALK_TILT_MIN == WALK_TILT_MAX, "three sides");
static struct tally tallies[KINDS];
static struct walk_heuristic heur;
static double build_seconds;
static size_t builds;

static const struct pb_kernel *kernel(void)
{
    return pb_kernel_find("cube_walk");
}

/* dist[square * 24 + o]: the least cost of rolls from (square, o) to
 * in->end, WALK_UNREACHABLE when none. FIFO label correcting. */
static void exact_remaining(const struct walk_instance *in, uint64_t *dist)
{
    uint64_t states = walk_cells(in) * WALK_ORIENTATIONS;
    uint32_t *queue = malloc(states * sizeof(*queue));
    uint8_t *queued = calloc(states, 1);
    CHECK(queue && queued, "memory for %llu states",
          (unsigned long long)states);
    for (uint64_t i = 0; i < states; i++)
        dist[i] = WALK_UNREACHABLE;
    uint64_t head = 0, len = 0;
    for (unsigned o = 0; queue && queued && o < WALK_ORIENTATIONS; o++) {
        uint32_t x = in->end * WALK_ORIENTATIONS + o;
        dist[x] = 0;
        queue[len++] = x;
        queued[x] = 1;
    }
    while (len) {
        uint32_t x = queue[head];
        head = head + 1 == states ? 0 : head + 1;
        len--;
        queued[x] = 0;
        uint32_t to = x / WALK_ORIENTATIONS;
        unsigned o2 = x % WALK_ORIENTATIONS;
        uint64_t via = dist[x] + walk_bottom(in, o2);
        for (unsigned d = 0; d < WALK_DIRS; d++) {
            uint32_t from; /* rolling d from `from` reaches `to` */
            if (!walk_step(in, to, d ^ 1u, &from) || !walk_open(in, from))
                continue;
            uint32_t y = from * WALK_ORIENTATIONS + walk_roll[o2][d ^ 1u];
            if (via < dist[y]) {
                dist[y] = via;
                if (!queued[y]) {
                    queued[y] = 1;
                    queue[(head + len++) % states] = y;
                }
            }
        }
    }
    free(queue);
    free(queued);
}

/* The oracle from (square, o): in with that start and its faces
 * relabelled so that code 0 shows what o shows; its sum less the
 * bottom it starts on. */
static uint64_t oracle_from(const void *oracle, const struct walk_instance *in,
                            uint32_t square, unsigned o)
{
    struct walk_instance at = *in;
    at.start = square;
    for (unsigned p = 0; p < WALK_FACES; p++)
        at.face[p] = in->face[walk_face[o][p]];
    struct walk_answer a = {0, 0, NULL};
    int rc = kernel()->oracle.solve(oracle, &at, &a);
    CHECK(rc == 0, "oracle: %d", rc);
    uint64_t sum = a.sum;
    kernel()->answer.release(&a);
    return sum == WALK_UNREACHABLE ? sum : sum - walk_bottom(in, o);
}

static void tally_bound(int kind, const struct walk_instance *in,
                        const uint64_t *dist, const char *what)
{
    struct tally *t = &tallies[kind];
    bound_fn *fn = kind_fn[kind];
    int64_t er = in->end / in->cols, ec = in->end % in->cols;
    uint64_t reported = t->over + t->inconsistent + t->end_nonzero;
    for (uint32_t s = 0; s < walk_cells(in); s++) {
        if (!walk_open(in, s))
            continue;
        int64_t dr = er - s / in->cols, dc = ec - s % in->cols;
        for (unsigned o = 0; o < WALK_ORIENTATIONS; o++) {
            uint64_t h = fn(&heur, dr, dc, o), x = dist[s * 24 + o];
            t->states++;
            if (s == in->end && h != 0)
                t->end_nonzero++;
            if (x != WALK_UNREACHABLE) {
                t->over += h > x;
                t->bound += (double)h;
                t->exact += (double)x;
            }
            for (unsigned d = 0; d < WALK_DIRS; d++) {
                uint32_t n;
                if (!walk_step(in, s, d, &n) || !walk_open(in, n))
                    continue;
                unsigned o2 = walk_roll[o][d];
                uint64_t after =
                    fn(&heur, er - n / in->cols, ec - n % in->cols, o2);
                t->inconsistent += h > walk_bottom(in, o2) + after;
            }
            if (kind != 2 && t->over + t->inconsistent + t->end_nonzero >
                                 reported) { /* one message per instance */
                reported = t->over + t->inconsistent + t->end_nonzero;
                fprintf(stderr,
                        "%s: %s bound %llu at square %u orientation %u, "
                        "exact %llu (over, inconsistent or nonzero on "
                        "the end)\n",
                        what, kind_name[kind], (unsigned long long)h, s, o,
                        (unsigned long long)x);
                return;
            }
        }
    }
}

/* One instance: exact costs, a sample of them against the oracle, the
 * bounds tallied. */
static void check_instance(const struct walk_instance *in, const void *oracle,
                           const char *what, size_t index)
{
    uint64_t *dist = malloc(walk_cells(in) * WALK_ORIENTATIONS * sizeof(*dist));
    CHECK(dist != NULL, "memory");
    if (!dist)
        return;
    exact_remaining(in, dist);
    /* a sample: the start at code 0 and a few states spread over the
     * board, all orientations */
    uint32_t step = (uint32_t)(walk_cells(in) / 3 + 1);
    for (uint32_t s = (uint32_t)(index % step); s < walk_cells(in); s += step)
        for (unsigned o = 0; o < WALK_ORIENTATIONS; o += 5) {
            if (!walk_open(in, s))
                continue;
            uint64_t want = oracle_from(oracle, in, s, o);
            CHECK(want == dist[s * 24 + o],
                  "%s #%zu: square %u orientation %u: oracle %llu, reverse "
                  "search %llu",
                  what, index, s, o, (unsigned long long)want,
                  (unsigned long long)dist[s * 24 + o]);
        }
    double t0 = pb_now();
    int rc = walk_strong_build(&heur, in);
    build_seconds += pb_now() - t0;
    builds++;
    CHECK(rc == 0, "strong build: %d", rc);
    char where[96];
    snprintf(where, sizeof(where), "%s #%zu", what, index);
    for (int k = 0; rc == 0 && k < KINDS; k++) {
        if (k == 0 || kind_side[k] != kind_side[k - 1]) {
            rc = walk_tilt_build(
                &heur, in,
                (int64_t)(in->end / in->cols) - (int64_t)(in->start / in->cols),
                (int64_t)(in->end % in->cols) - (int64_t)(in->start % in->cols),
                kind_side[k]);
            CHECK(rc == 0, "tilt build, side %u: %d", kind_side[k], rc);
        }
        if (rc == 0)
            tally_bound(k, in, dist, where);
    }
    free(dist);
}

static void check_corpus(const struct pb_corpus *c, const char *what)
{
    struct pb_error e = {""};
    void *oracle = kernel()->oracle.build(c, &e);
    CHECK(oracle != NULL, "oracle for %s: %s", what, e.msg);
    for (size_t i = 0; oracle && i < c->count; i++)
        check_instance(pb_corpus_item(c, i), oracle, what, i);
    if (oracle)
        kernel()->oracle.free(oracle);
}

static void test_boards(void)
{
    static const char *const small_families[] = {"uniform", "small", "extreme"};
    for (int r = 1; r <= 9; r++)
        for (int c = 1; c <= 9; c++)
            for (size_t f = 0; r * c >= 2 && f < 3; f++)
                kt_on_board(kernel(), small_families[f], r, c, 2, check_corpus);
    static const char *const families[] = {
        "uniform", "uniform:9",   "small",         "extreme",
        "maze",    "maze:55",     "sealed",        "near:5",
        "far",     "adversarial", "adversarial:30"};
    static const int boards[][2] = {{17, 9}, {31, 32}, {64, 64}, {40, 64}};
    for (size_t f = 0; f < sizeof(families) / sizeof(families[0]); f++)
        for (size_t b = 0; b < sizeof(boards) / sizeof(boards[0]); b++)
            kt_on_board(kernel(), families[f], boards[b][0], boards[b][1], 1,
                        check_corpus);
    kt_on_board(kernel(), "uniform", 200, 200, 1, check_corpus);
    kt_on_board(kernel(), "maze", 200, 200, 1, check_corpus);
}

/* On an open board reaching WALK_WINDOW + 32 squares round the end, the
 * strong bound is the exact cost for every |dr|, |dc| <= WALK_WINDOW. */
static void check_tight(const struct pb_corpus *c, const char *what)
{
    enum { SIDE = 2 * (WALK_WINDOW + 32) + 1 };
    for (size_t i = 0; i < c->count; i++) {
        struct walk_instance in =
            *(const struct walk_instance *)pb_corpus_item(c, i);
        in.rows = in.cols = SIDE;
        in.blocked = NULL;
        in.start = 0;
        in.end = SIDE / 2 * SIDE + SIDE / 2;
        uint64_t *dist = malloc((size_t)SIDE * SIDE * 24 * sizeof(*dist));
        CHECK(dist != NULL, "memory");
        if (!dist || walk_strong_build(&heur, &in)) {
            CHECK(0, "%s: no memory", what);
            free(dist);
            return;
        }
        exact_remaining(&in, dist);
        uint64_t off = 0, cells = 0;
        for (int dr = -WALK_WINDOW; dr <= WALK_WINDOW; dr++)
            for (int dc = -WALK_WINDOW; dc <= WALK_WINDOW; dc++) {
                uint32_t s = (uint32_t)((SIDE / 2 - dr) * SIDE + SIDE / 2 - dc);
                for (unsigned o = 0; o < WALK_ORIENTATIONS; o++) {
                    cells++;
                    off += walk_strong(&heur, dr, dc, o) != dist[s * 24 + o];
                }
            }
        CHECK(off == 0,
              "%s #%zu: the strong bound differs from the exact cost in "
              "%llu of %llu states of the window",
              what, i, (unsigned long long)off, (unsigned long long)cells);
        free(dist);
    }
}

static void test_tight(void)
{
    static const char *const families[] = {"uniform", "uniform:9", "small",
                                           "extreme", "adversarial"};
    for (size_t f = 0; f < sizeof(families) / sizeof(families[0]); f++)
        kt_on_board(kernel(), families[f], 8, 8, 3, check_tight);
}

/* walk_slope_toward against sampled feasible slopes: for face sets of
 * three ranges and displacements all round, the slope it returns is
 * feasible at its own scale, and no slope found feasible on 360 rays
 * (the steepest point of each, walk_steepest at scale 4096) is higher
 * at the displacement. A suboptimal vertex or an infeasible one fails. */
static void test_slope(void)
{
    enum { RAYS = 360, SCALE = 4096, SETS = 24 };
    static const uint32_t range[] = {1000, 9, 1};
    uint64_t x = 0x9e3779b97f4a7c15u;
    for (unsigned set = 0; set < SETS; set++) {
        struct walk_instance in = {0};
        uint32_t w = range[set % 3];
        for (unsigned f = 0; f < WALK_FACES; f++) {
            x = x * 6364136223846793005u + 1442695040888963407u;
            uint32_t v = (uint32_t)(x >> 33) % (w + 1);
            in.face[f] = w == 1 ? v * 1000 : v; /* extreme: 0 or 1000 */
        }
        uint32_t bottom[WALK_ORIENTATIONS];
        walk_bottoms(&in, bottom);
        int64_t ray_r[RAYS], ray_c[RAYS];
        for (unsigned k = 0; k < RAYS; k++) {
            double a = 2 * 3.14159265358979 * k / RAYS;
            int64_t ur = (int64_t)(1048576 * cos(a)),
                    uc = (int64_t)(1048576 * sin(a));
            int64_t m =
                walk_steepest(bottom, ur, uc, 1048576,
                              4 * SCALE * (int64_t)walk_max_face(&in), SCALE);
            ray_r[k] = m * ur / 1048576;
            ray_c[k] = m * uc / 1048576;
        }
        for (int dr = -900; dr <= 900; dr += 300)
            for (int dc = -900; dc <= 900; dc += 300) {
                struct walk_slope t = walk_slope_toward(bottom, dr, dc);
                int64_t pi[WALK_ORIENTATIONS];
                CHECK(t.den > 0 && walk_potentials(bottom, t.r, t.c, t.den, pi),
                      "faces set %u, (%d, %d): slope (%lld, %lld) / %lld "
                      "infeasible",
                      set, dr, dc, (long long)t.r, (long long)t.c,
                      (long long)t.den);
                int64_t best = (t.r * dr + t.c * dc) * SCALE;
                unsigned higher = 0;
                for (unsigned k = 0; k < RAYS; k++)
                    higher += (ray_r[k] * dr + ray_c[k] * dc) * t.den > best;
                CHECK(higher == 0,
                      "face set %u, (%d, %d): %u sampled slopes higher than "
                      "the optimum's",
                      set, dr, dc, higher);
            }
    }
}

int main(void)
{
    test_slope();
    test_boards();
    for (int k = 0; k < KINDS; k++) {
        const struct tally *t = &tallies[k];
        printf("%-9s %llu states: %llu over the exact cost, %llu "
               "inconsistent, %llu nonzero on the end; mean share of the "
               "exact cost %.3f\n",
               kind_name[k], (unsigned long long)t->states,
               (unsigned long long)t->over, (unsigned long long)t->inconsistent,
               (unsigned long long)t->end_nonzero,
               t->exact > 0 ? t->bound / t->exact : 0.0);
    }
    for (int k = 0; k < KINDS; k++)
        CHECK(k == 2 ||
                  (tallies[k].states > 0 && tallies[k].over == 0 &&
                   tallies[k].inconsistent == 0 && tallies[k].end_nonzero == 0),
              "the %s bound is admissible and consistent", kind_name[k]);
    CHECK(tallies[2].over > 0 && tallies[2].end_nonzero > 0,
          "a bound one above the cheap one is caught");
    test_tight();
    printf("strong table: %zu builds, %.2f ms each on average; %llu bytes\n",
           builds, builds ? 1e3 * build_seconds / (double)builds : 0.0,
           (unsigned long long)walk_strong_bytes(&heur));
    walk_heuristic_free(&heur);
    return check_summary();
}
