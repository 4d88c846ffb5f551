/*
 * test_eight_space.c - cubic_eight's whole space for the engine
 * (kernels/cubic_eight/eight_space.c, eight_sym.c) through the kernel's
 * hooks: (a) eight_unindex inverts eight_index on random states of every
 * board and on every rank of 2 x 3; prev_each hands the same neighbours
 * as next; the in-place neighbour ranks equal unrank, roll, rank; (b)
 * for every board of up to 9 cells and every start cell,
 * frontier2_search's census at 1 and 2 threads, switching and top-down
 * only (seen coding), equals the plain reference search
 * (eight_plain_depths) depth for depth and sums to the reached count;
 * a depth-mod-3 run keeps its array, checked rank by rank (1 + depth mod
 * 3; boards below 9 cells, and 3 x 3 from the corner); (c) the start
 * classes: the members add up to the cells, each cell's plain census
 * equals its representative's, the names; (d) the pattern mapping: on
 * each board, for a sample of patterns from each cell, the plain answer
 * equals the plain answer from its representative on the mapped pattern;
 * (e) refusals: 4 x 4 over memory, bad starts and sizes.
 * EIGHT_SPACE_QUICK=1 (for the sanitizer builds) leaves out 3 x 3 in (b)
 * and (c) but its corner start, and (d) on 3 x 3; EIGHT_SPACE_QUICK=2
 * (the ThreadSanitizer build, 10x slower or more) leaves out the 3 x 3
 * board, whose census test_threads.sh counts at 1, 2 and 4 threads, all
 * starts but the corner on 2 x 4 and 4 x 2, and (d), which runs on one
 * thread.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "eight.h"
#include "eight_internal.h"
#include "frontier2.h"
#include "pb_limits.h"
#include "pb_prng.h"

#define MAX_DEPTHS 256

extern const struct pb_kernel cubic_eight_kernel;
static const struct pb_kernel *const k = &cubic_eight_kernel;

/* the project's generator, seeded once in main: failures repeat */
static struct pb_rng random_source;
static uint64_t rng(void)
{
    return pb_rng_next(&random_source);
}

static uint64_t random_state(const struct eight_board *b)
{
    unsigned p = (unsigned)(rng() % (uint64_t)b->cells);
    uint64_t s = eight_start_state(p);
    for (unsigned i = 0; i < (unsigned)b->cells; i++)
        if (i != p)
            s |= (rng() % EIGHT_ORIENTATIONS) << (3 * i);
    return s;
}

static bool collect(void *vctx, uint64_t rank)
{
    uint64_t *list = vctx; /* list[0]: how many follow */
    list[++list[0]] = rank;
    return false;
}

/* The space's neighbours (ranks changed in place, eight_space.c) against
 * unrank, roll, rank, on random ranks of boards of every shape. */
static void test_rolls(void)
{
    static const int boards[][2] = {{2, 2}, {2, 3}, {3, 2}, {3, 3}, {2, 4},
                                    {4, 2}, {3, 4}, {4, 3}, {2, 7}, {5, 3}};
    /* nothing is searched: no board's 2-bit array is allocated here */
    pb_memory_cap_set(UINT64_MAX);
    for (size_t i = 0; i < sizeof(boards) / sizeof(boards[0]); i++) {
        struct pb_space s;
        struct pb_error e = {{0}};
        struct pb_space_args args = {.size = {boards[i][0], boards[i][1]},
                                     .start = -1};
        int rc = k->space->build(&args, &s, &e);
        CHECK(rc == 0, "%dx%d: %s", boards[i][0], boards[i][1], e.msg);
        if (rc)
            continue;
        const struct eight_board *b = s.ctx; /* the context's first part */
        unsigned wrong = 0;
        for (int j = 0; j < 20000; j++) {
            uint64_t r = rng() % s.n, out[PB_SPACE_MAX_MOVES];
            uint64_t st = eight_unindex(b, r);
            unsigned p = eight_empty(st), n = s.next(s.ctx, r, out);
            wrong += n != b->degree[p];
            for (unsigned m = 0; m < n && m < b->degree[p]; m++)
                wrong +=
                    out[m] != eight_index(b, eight_move(st, p, b->next[p][m],
                                                        b->axis[p][m]));
        }
        CHECK(wrong == 0, "%s: %u wrong neighbours", s.what, wrong);
        k->space->free(&s);
    }
    pb_memory_cap_set(0);
}

static void test_unindex(void)
{
    static const int boards[][2] = {{2, 2}, {2, 3}, {3, 3}, {2, 5},
                                    {3, 4}, {2, 7}, {3, 5}, {4, 4}};
    for (size_t i = 0; i < sizeof(boards) / sizeof(boards[0]); i++) {
        struct eight_board b;
        eight_board_init(&b, boards[i][0], boards[i][1]);
        unsigned wrong = 0;
        for (int j = 0; j < 20000; j++) {
            uint64_t s = random_state(&b);
            wrong += eight_unindex(&b, eight_index(&b, s)) != s;
            uint64_t r = rng() % b.index_size;
            wrong += eight_index(&b, eight_unindex(&b, r)) != r;
        }
        CHECK(wrong == 0, "%d x %d: %u random states do not round-trip", b.rows,
              b.cols, wrong);
    }
    test_rolls();
    struct eight_board b;
    eight_board_init(&b, 2, 3);
    unsigned wrong = 0;
    for (uint64_t r = 0; r < b.index_size; r++)
        wrong += eight_index(&b, eight_unindex(&b, r)) != r;
    CHECK(wrong == 0, "2 x 3: %u ranks do not round-trip", wrong);

    struct pb_space s;
    struct pb_error e = {{0}};
    struct pb_space_args args = {.size = {3, 4}, .start = 5};
    CHECK(k->space->build(&args, &s, &e) == 0, "3 x 4 space: %s", e.msg);
    CHECK(s.n == 4353564672ull && s.nstarts == 1 && s.prev == NULL &&
              s.starts[0] == eight_index(s.ctx, eight_start_state(5)),
          "3 x 4 space: n %llu", (unsigned long long)s.n);
    unsigned differ = 0;
    for (int j = 0; j < 20000; j++) {
        uint64_t r = rng() % s.n, out[PB_SPACE_MAX_MOVES];
        uint64_t each[PB_SPACE_MAX_MOVES + 1] = {0};
        unsigned n = s.next(s.ctx, r, out);
        bool stopped = s.prev_each(s.ctx, r, collect, each);
        differ += stopped || each[0] != n || n < 2 || n > 4 ||
                  memcmp(out, each + 1, n * sizeof(uint64_t)) != 0;
        for (unsigned m = 0; m < n; m++) { /* rolls are involutions */
            uint64_t back[PB_SPACE_MAX_MOVES];
            unsigned nb = s.next(s.ctx, out[m], back), found = 0;
            for (unsigned q = 0; q < nb; q++)
                found += back[q] == r;
            differ += found != 1;
        }
    }
    CHECK(differ == 0, "3 x 4: %u ranks whose neighbours are wrong", differ);
    k->space->free(&s);
}

/* The plain search's states per depth from one cell; *depths used. */
static uint8_t *plain(int rows, int cols, int cell, uint64_t *counts,
                      size_t *depths, uint64_t *codes)
{
    uint8_t *d = eight_plain_depths(rows, cols, cell, codes);
    if (!d)
        abort();
    memset(counts, 0, MAX_DEPTHS * sizeof(*counts));
    *depths = 0;
    for (uint64_t c = 0; c < *codes; c++)
        if (d[c] != EIGHT_PLAIN_UNSEEN) {
            counts[d[c]]++;
            if (d[c] + 1u > *depths)
                *depths = d[c] + 1u;
        }
    return d;
}

/* One engine search of the space against the plain search: counts per
 * depth, their sum, the reached count and, with codes, every rank's code
 * (1 + depth mod 3). */
static void engine_run(const struct pb_space *s, const uint8_t *depth,
                       const uint64_t *counts, size_t depths, int threads,
                       enum frontier2_direction dir,
                       enum frontier2_coding coding)
{
    uint64_t got[MAX_DEPTHS];
    struct pb_error e = {{0}};
    bool codes = coding == FRONTIER2_DEPTH_MOD3;
    struct frontier2_options opt = {.threads = threads,
                                    .direction = dir,
                                    .coding = coding,
                                    .keep_codes = codes};
    struct frontier2_result r = {.counts = got, .max_depths = MAX_DEPTHS};
    int rc = frontier2_search(s, &opt, &r, &e);
    CHECK(rc == 0, "%s: %s", s->what, e.msg);
    if (rc)
        return;
    uint64_t sum = 0, reached = 0, wrong = 0;
    for (size_t i = 0; i < r.depths; i++)
        // cppcheck-suppress uninitvar ; the search wrote got[0 .. depths-1]
        sum += got[i];
    for (size_t i = 0; i < depths; i++)
        reached += counts[i];
    bool same =
        r.depths == depths && !memcmp(got, counts, depths * sizeof(*got));
    for (uint64_t c = 0; codes && c < s->n; c++) {
        unsigned want = depth[c] == EIGHT_PLAIN_UNSEEN ? 0 : 1u + depth[c] % 3u;
        wrong += frontier2_code(r.codes, c) != want;
    }
    CHECK(same && sum == r.reached && r.reached == reached && wrong == 0,
          "%s, %d thread(s), %s, %s: %zu depths (plain %zu), reached %llu "
          "(sum %llu, plain %llu), %llu wrong codes",
          s->what, threads, dir == FRONTIER2_AUTO ? "auto" : "top-down",
          codes ? "mod 3" : "seen", r.depths, depths,
          (unsigned long long)r.reached, (unsigned long long)sum,
          (unsigned long long)reached, (unsigned long long)wrong);
    frontier2_free(r.codes);
}

/* The census at 1 and 2 threads, switching and top-down, in the seen
 * coding; with_codes also a kept depth-mod-3 array, rank by rank. */
static void engine_against_plain(int rows, int cols, int cell,
                                 const uint8_t *depth, const uint64_t *counts,
                                 size_t depths, bool with_codes)
{
    static const enum frontier2_direction dirs[] = {FRONTIER2_AUTO,
                                                    FRONTIER2_TOP_DOWN};
    struct pb_space s;
    struct pb_error e = {{0}};
    struct pb_space_args args = {.size = {rows, cols}, .start = cell};
    int rc = k->space->build(&args, &s, &e);
    CHECK(rc == 0, "%d x %d from %d: %s", rows, cols, cell, e.msg);
    if (rc)
        return;
    for (int t = 1; t <= 2; t++)
        for (size_t d = 0; d < 2; d++)
            engine_run(&s, depth, counts, depths, t, dirs[d], FRONTIER2_SEEN);
    if (with_codes)
        engine_run(&s, depth, counts, depths, 2, FRONTIER2_AUTO,
                   FRONTIER2_DEPTH_MOD3);
    k->space->free(&s);
}

/* Fewest rolls to in's pattern from in->start, by a plain depth table. */
static unsigned pattern_depth(const uint8_t *depth,
                              const struct eight_instance *in)
{
    struct eight_board b;
    eight_board_init(&b, in->rows, in->cols);
    static uint64_t goals[1u << (EIGHT_MAX_CELLS - 1)];
    uint64_t n = eight_goal_states(in, goals);
    unsigned best = EIGHT_PLAIN_UNSEEN;
    for (uint64_t i = 0; i < n; i++) {
        unsigned d = depth[eight_index(&b, goals[i])];
        best = d < best ? d : best;
    }
    return best;
}

/* (d): queries from each cell against the same through its class
 * representative (eight_class_map), by the plain tables. */
static void pattern_map(int rows, int cols, uint8_t *const *depth,
                        unsigned samples)
{
    struct eight_instance in = {.rows = (uint8_t)rows, .cols = (uint8_t)cols};
    unsigned wrong = 0, tried = 0;
    uint64_t patterns = (uint64_t)rows * (uint64_t)cols;
    for (int i = 1; i < rows * cols; i++)
        patterns *= 3;
    for (int cell = 0; cell < rows * cols; cell++) {
        if (!depth[cell])
            continue;
        in.start = (uint8_t)cell;
        for (unsigned j = 0; j < samples; j++) {
            eight_pattern_decode(rng() % patterns, &in);
            struct eight_instance out;
            eight_class_map(&in, &out);
            wrong += out.start != eight_class_of(rows, cols, in.start, NULL) ||
                     !depth[out.start] ||
                     pattern_depth(depth[out.start], &out) !=
                         pattern_depth(depth[cell], &in);
            tried++;
        }
    }
    CHECK(wrong == 0 && tried > 0,
          "%d x %d: %u of %u mapped patterns answer otherwise", rows, cols,
          wrong, tried);
}

/* (b), (c) and (d) on one board: every start cell against the plain
 * search, every cell's census against its class representative's, and
 * the pattern mapping (samples per cell; 0: none). */
static void test_board(int rows, int cols, int quick, unsigned samples)
{
    struct pb_space_class cls[PB_SPACE_MAX_CLASSES];
    struct pb_error e = {{0}};
    struct pb_size size = {rows, cols};
    int n = k->space->classes(&size, cls, &e);
    CHECK(n > 0, "%d x %d classes: %s", rows, cols, e.msg);
    unsigned members = 0;
    for (int i = 0; i < n; i++)
        members += cls[i].members;
    CHECK(members == (unsigned)(rows * cols), "%d x %d: %u class members", rows,
          cols, members);
    static uint64_t counts[EIGHT_MAX_CELLS][MAX_DEPTHS];
    size_t depths[EIGHT_MAX_CELLS];
    uint8_t *depth[EIGHT_MAX_CELLS] = {NULL};
    bool big = rows * cols >= (quick >= 2 ? 8 : 9);
    for (int cell = 0; cell < rows * cols; cell++) {
        if (quick && big && cell > 0)
            continue;
        uint64_t codes;
        depth[cell] =
            plain(rows, cols, cell, counts[cell], &depths[cell], &codes);
        engine_against_plain(rows, cols, cell, depth[cell], counts[cell],
                             depths[cell], !big || cell == 0);
        unsigned rep = eight_class_of(rows, cols, (unsigned)cell, NULL);
        bool listed = false;
        for (int i = 0; i < n; i++)
            listed = listed || cls[i].start == (int)rep;
        CHECK(listed && rep <= (unsigned)cell,
              "%d x %d: cell %d's representative %u", rows, cols, cell, rep);
        /* the representative is the least cell: its census is here */
        if (depth[rep])
            CHECK(depths[cell] == depths[rep] &&
                      !memcmp(counts[cell], counts[rep],
                              depths[cell] * sizeof(uint64_t)),
                  "%d x %d: cell %d's census differs from its class's (%u)",
                  rows, cols, cell, rep);
    }
    if (samples && !(quick && big))
        pattern_map(rows, cols, depth, samples);
    for (int cell = 0; cell < rows * cols; cell++)
        free(depth[cell]);
}

static void test_names(void)
{
    struct pb_space_class cls[PB_SPACE_MAX_CLASSES];
    struct pb_error e = {{0}};
    struct pb_size s33 = {3, 3}, s34 = {3, 4}, s22 = {2, 2};
    int n = k->space->classes(&s33, cls, &e);
    CHECK(n == 3 && cls[0].start == 0 && cls[0].members == 4 &&
              !strcmp(cls[0].name, "corner (1,1)") && cls[1].start == 1 &&
              cls[1].members == 4 && !strcmp(cls[1].name, "edge (2,1)") &&
              cls[2].start == 4 && cls[2].members == 1 &&
              !strcmp(cls[2].name, "centre (2,2)"),
          "3 x 3 classes: %d, %s", n, n > 0 ? cls[0].name : e.msg);
    n = k->space->classes(&s34, cls, &e);
    CHECK(n == 4 && !strcmp(cls[3].name, "inner (2,2)") && cls[3].members == 2,
          "3 x 4 classes: %d, last %s", n, n > 0 ? cls[n - 1].name : "");
    n = k->space->classes(&s22, cls, &e);
    CHECK(n == 1 && cls[0].members == 4, "2 x 2: %d classes", n);
}

static void test_refusals(void)
{
    struct pb_space s;
    struct pb_error e = {{0}};
    struct pb_space_args a44 = {.size = {4, 4}, .start = -1};
    CHECK(k->space->build(&a44, &s, &e) == -ENOMEM && strstr(e.msg, "4 x 4") &&
              strstr(e.msg, "TiB"),
          "4 x 4 refused: %s", e.msg);
    struct pb_space_args bad = {.size = {3, 3}, .start = 9};
    CHECK(k->space->build(&bad, &s, &e) == -EINVAL && strstr(e.msg, "0..8"),
          "start 9 of 3 x 3: %s", e.msg);
    struct pb_space_args b13 = {.size = {1, 3}, .start = -1};
    CHECK(k->space->build(&b13, &s, &e) == -EINVAL, "1 x 3: %s", e.msg);
    struct pb_space_args def = {
        .size = {0, 0}, .start = -1, .with_inverses = true};
    int rc = k->space->build(&def, &s, &e);
    CHECK(rc == 0 && s.n == 15116544 &&
              s.starts[0] == eight_index(s.ctx, eight_start_state(0)),
          "the judge's board from the corner: %s", rc ? e.msg : s.what);
    if (rc == 0)
        k->space->free(&s);

    struct pb_size s34 = {3, 4};
    int start = -2;
    CHECK(k->space->start_parse(&s34, "4,3", &start, &e) == 0 && start == 11,
          "4,3 on 3 x 4: %d", start);
    CHECK(k->space->start_parse(&s34, "2,1", &start, &e) == 0 && start == 1,
          "2,1 on 3 x 4: %d", start);
    static const char *const bad_text[] = {"0,1",  "5,1", "1,4", "2",
                                           "2,1x", "a,b", "",    "1,,1"};
    for (size_t i = 0; i < sizeof(bad_text) / sizeof(bad_text[0]); i++)
        CHECK(k->space->start_parse(&s34, bad_text[i], &start, &e) == -EINVAL &&
                  strstr(e.msg, "expected X,Y"),
              "'%s' read as a start: %s", bad_text[i], e.msg);
}

int main(void)
{
    pb_rng_seed(&random_source, 15);
    const char *q = getenv("EIGHT_SPACE_QUICK");
    int quick = !q || !*q || !strcmp(q, "0") ? 0 : !strcmp(q, "2") ? 2 : 1;
    static const int boards[][2] = {{2, 2}, {2, 3}, {3, 2},
                                    {2, 4}, {4, 2}, {3, 3}};
    test_unindex();
    test_names();
    test_refusals();
    for (size_t i = 0; i < sizeof(boards) / sizeof(boards[0]); i++)
        if (quick < 2 || boards[i][0] * boards[i][1] != 9)
            test_board(boards[i][0], boards[i][1], quick,
                       quick >= 2                         ? 0
                       : boards[i][0] * boards[i][1] == 9 ? 300
                                                          : 1000);
    return check_summary();
}
