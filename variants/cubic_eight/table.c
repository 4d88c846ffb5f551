/*
 * table.c - Cubic Eight-Puzzle by pattern-depth tables built on the
 * whole-space engine: one breadth-first search per symmetry class of
 * (board, start cell) met in the corpus (3 x 3: corner, edge, centre,
 * instead of nine), each filling a byte per target pattern (fewest rolls
 * to show it, by eight_pattern_code: 59,049 bytes on 3 x 3); a dataset is
 * then one lookup.
 *
 * Build: frontier2_search (variants/common/frontier2.h) over the kernel's
 * space (eight_space.c: the perfect index, 2 bits per state, 3.8 MB on
 * 3 x 3 and 1.09 GB on 3 x 4), in the seen coding, so that no level is
 * expanded twice, OpenMP-parallel and direction-optimizing inside. After
 * each level the engine calls on_level with the level's exact depth d and
 * its code; the states with that code are exactly the level's, so a scan
 * of the array (in parallel over words) takes each one's pattern and
 * gives d to the patterns that have no depth yet. Levels come in order,
 * so a pattern takes the depth of the first level that shows it: the
 * fewest rolls, exactly. No depth is recovered from a code mod 3 (that
 * would be needed only to read depths back from a kept array after the
 * search, which this table never does). Late levels are large and leave
 * few patterns without a depth: when those patterns' full states
 * (2^(cells-1) each) are fewer than the level's states, the fill looks
 * them up instead (3 x 3 corner: from depth 27, 659 patterns left). Both
 * look only at the empty cell's checkerboard colour that the level can
 * have. The search stops once every pattern has its depth (3 x 3 corner:
 * at depth 32 of 41; on_level returns FRONTIER2_STOP, and the engine
 * ends the search as a success).
 *
 * Query: the board's symmetry that takes the dataset's start cell to its
 * class representative also moves the pattern's cells (and swaps R and B
 * when it transposes: eight_class_map), without changing any distance;
 * the answer is the representative's byte for the mapped pattern, -1
 * above the cap. O(cells).
 *
 * Cost: per class O(N / 32) words scanned per level (N = cells *
 * 6^(cells-1) ranks) plus O(moves) per reachable state up to the depth
 * of the farthest pattern, and O(1) more per state for its pattern;
 * 3 x 3: about 0.14 s per class at 1 thread against the old per-cell
 * table's 0.26 s per cell, so 5.6x for the nine cells in three classes
 * (4.9x at 2 threads; medians of 5 side by side, load 2.6-3.1); memory
 * N / 4 bytes during one search (the
 * searches run one after another, each on all threads) plus
 * cells * 3^(cells-1) bytes per class kept.
 * References: R. E. Korf, "Minimizing disk I/O in two-bit breadth-first
 * search", AAAI 2008 (two bits per state, the level found by scanning);
 * S. Beamer, K. Asanovic and D. Patterson, "Direction-optimizing
 * breadth-first search", SC 2012.
 */
#include <omp.h>
#include <string.h>

#include "eight_internal.h"
#include "eight_variant.h"
#include "frontier2.h"
#include "pb_limits.h"

#define DEPTH_UNSEEN 0xFF
#define MAX_DEPTHS 256
#define RANKS_PER_WORD FRONTIER2_RANKS_PER_WORD
/* Boards whose patterns' full states (2^(cells-1)) fit on a thread's
 * stack, for the pattern-side fill */
#define PATTERN_SIDE_CELLS 12

struct table_entry {
    int rows, cols, start; /* start: the class representative */
    uint8_t *depth;        /* by pattern code */
};

struct table_shared {
    size_t count;
    struct table_entry *entry;
};

/* Target patterns of a board: cells * 3^(cells-1). */
static uint64_t pattern_count(int rows, int cols)
{
    uint64_t n = (uint64_t)rows * (uint64_t)cols;
    for (int i = 1; i < rows * cols; i++)
        n *= 3;
    return n;
}

#define QUAD_TOPS 81u /* 3^4: their four top colours */

/* The top colours (orientation / 2) of four base-6 orientation digits as
 * a base-3 number: tops[x] for x < 6^4. */
static void tops_init(uint16_t *tops)
{
    for (unsigned x = 0; x < EIGHT_QUAD; x++) {
        unsigned v = 0, w = 1;
        for (unsigned y = x, i = 0; i < 4; i++, y /= 6, w *= 3)
            v += (y % 6) / 2 * w;
        tops[x] = (uint16_t)v;
    }
}

/* The pattern code (eight_pattern_code) a rank shows: the empty cell and
 * the cubes' top colours, four digits at a time by tops[] (2.6 KB, in
 * the first-level cache). */
static inline uint64_t rank_pattern(const uint16_t *tops, uint64_t rank,
                                    uint64_t layouts,
                                    uint64_t patterns_per_empty)
{
    uint64_t p = rank / layouts, v = rank - p * layouts, hi = 0;
    if (layouts > EIGHT_QUAD * EIGHT_QUAD) { /* more than eight cubes */
        hi = v / (EIGHT_QUAD * EIGHT_QUAD);
        v -= hi * (EIGHT_QUAD * EIGHT_QUAD);
    }
    uint64_t q = v / EIGHT_QUAD;
    uint64_t code = tops[v - q * EIGHT_QUAD] + QUAD_TOPS * tops[q];
    if (layouts > EIGHT_QUAD * EIGHT_QUAD) {
        uint64_t qh = hi / EIGHT_QUAD;
        code += QUAD_TOPS * QUAD_TOPS *
                (tops[hi - qh * EIGHT_QUAD] + QUAD_TOPS * tops[qh]);
    }
    return p * patterns_per_empty + code;
}

struct fill {
    const struct eight_board *b;
    uint8_t *depth;
    uint64_t patterns, filled;
    int threads;
    unsigned start_colour; /* of the start cell, in the checkerboard */
    uint16_t tops[EIGHT_QUAD];
};

/* Each roll moves the empty cell to a cell of the other colour of the
 * checkerboard, so level d's states all have the empty cell on the start
 * cell's colour when d is even and on the other one when d is odd: the
 * fills look only there (half the array, half the patterns). */
static inline bool level_may_have(const struct eight_board *b, unsigned cell,
                                  unsigned colour)
{
    return ((cell / (unsigned)b->cols + cell % (unsigned)b->cols) & 1u) ==
           colour;
}

/* The patterns of the level's states, for the ranks of words [w0, w1),
 * on a board of `layouts`: how many got their depth here. */
static inline __attribute__((always_inline)) uint64_t
fill_words(const uint16_t *tops, const uint64_t *codes, uint64_t w0,
           uint64_t w1, unsigned code, uint8_t depth, uint8_t *table,
           uint64_t layouts, uint64_t per_empty)
{
    uint64_t set = 0;
    for (uint64_t w = w0; w < w1; w++) {
        uint64_t m = frontier2_slots(codes[w], code);
        while (m) {
            uint64_t r = w * RANKS_PER_WORD + (unsigned)__builtin_ctzll(m) / 2;
            m &= m - 1;
            uint8_t *t = &table[rank_pattern(tops, r, layouts, per_empty)];
            /* all writers of this level write the same depth; the
             * exchange tells one of them that it was first */
            if (__atomic_load_n(t, __ATOMIC_RELAXED) == DEPTH_UNSEEN &&
                __atomic_exchange_n(t, depth, __ATOMIC_RELAXED) == DEPTH_UNSEEN)
                set++;
        }
    }
    return set;
}

/* The other way round, for late levels where few patterns are left: each
 * pattern without a depth gets the level's when one of the 2^(cells-1)
 * full states showing it has the level's code. */
static uint64_t fill_by_patterns(const struct fill *f,
                                 const struct frontier2_level *lv)
{
    const struct eight_board *b = f->b;
    const uint64_t *codes = lv->codes;
    uint8_t *table = f->depth, depth = (uint8_t)lv->depth;
    uint64_t patterns = f->patterns, set = 0;
    uint64_t per_empty = patterns / (uint64_t)b->cells;
    unsigned code = lv->code, colour = f->start_colour ^ (lv->depth & 1u);
#pragma omp parallel default(none)                                             \
    shared(b, codes, table, depth, patterns, per_empty, code, colour)          \
    reduction(+ : set) num_threads(f->threads)
    {
        uint64_t goals[1u << (PATTERN_SIDE_CELLS - 1)];
        struct eight_instance in = {.rows = (uint8_t)b->rows,
                                    .cols = (uint8_t)b->cols};
#pragma omp for schedule(dynamic, 1024)
        for (uint64_t pc = 0; pc < patterns; pc++) {
            if (table[pc] != DEPTH_UNSEEN ||
                !level_may_have(b, (unsigned)(pc / per_empty), colour))
                continue; /* only this thread writes table[pc] here */
            eight_pattern_decode(pc, &in);
            uint64_t n = eight_goal_states(&in, goals);
            for (uint64_t i = 0; i < n; i++)
                if (frontier2_code(codes, eight_index(b, goals[i])) == code) {
                    table[pc] = depth;
                    set++;
                    break;
                }
        }
    }
    return set;
}

static int fill_level(void *arg, const struct frontier2_level *lv,
                      struct pb_error *e)
{
    struct fill *f = arg;
    if (lv->depth >= DEPTH_UNSEEN)
        return pb_fail(e, -ERANGE, "a depth above %d on %d x %d",
                       DEPTH_UNSEEN - 1, f->b->rows, f->b->cols);
    unsigned cubes = (unsigned)f->b->cells - 1;
    if (f->b->cells <= PATTERN_SIDE_CELLS &&
        (f->patterns - f->filled) << cubes < lv->found) {
        f->filled += fill_by_patterns(f, lv);
        return f->filled == f->patterns ? FRONTIER2_STOP : 0;
    }
    const struct eight_board *b = f->b;
    const uint64_t *codes = lv->codes;
    uint64_t layouts = b->layouts, per_empty = f->patterns / (uint64_t)b->cells;
    const uint16_t *tops = f->tops;
    uint8_t *table = f->depth, depth = (uint8_t)lv->depth;
    unsigned code = lv->code, colour = f->start_colour ^ (lv->depth & 1u);
    int cells = b->cells;
    uint64_t set = 0;
    /* The ranks of empty cell p are [p * layouts, (p + 1) * layouts); a
     * word shared with the next cell is scanned twice, for nothing (its
     * other ranks are of the other colour, so never the level's). The
     * 3 x 3 board gets a copy with its constants. */
#pragma omp parallel default(none)                                             \
    shared(b, tops, codes, code, depth, table, layouts, per_empty, cells,      \
           colour, set) num_threads(f->threads)
    for (unsigned p = 0; p < (unsigned)cells; p++) {
        if (!level_may_have(b, p, colour))
            continue;
        uint64_t w0 = p * layouts / RANKS_PER_WORD,
                 w1 = ((p + 1) * layouts + RANKS_PER_WORD - 1) / RANKS_PER_WORD;
#pragma omp for schedule(dynamic, 256) reduction(+ : set)
        for (uint64_t w = w0; w < w1; w++)
            set += cells == 9 ? fill_words(tops, codes, w, w + 1, code, depth,
                                           table, 1679616u, 6561u)
                              : fill_words(tops, codes, w, w + 1, code, depth,
                                           table, layouts, per_empty);
    }
    f->filled += set;
    return f->filled == f->patterns ? FRONTIER2_STOP : 0;
}

/* The pattern depths of one class representative, by the engine. */
static int build_class(int rows, int cols, int start, int threads,
                       uint8_t **out, struct pb_error *e)
{
    struct pb_space space;
    struct pb_space_args args = {.size = {rows, cols}, .start = start};
    int rc = eight_space_new(&args, &space, e);
    if (rc)
        return rc;
    struct fill f = {.b = space.ctx,
                     .threads = threads,
                     .start_colour =
                         (unsigned)(start / cols + start % cols) & 1u};
    tops_init(f.tops);
    f.patterns = pattern_count(rows, cols);
    f.depth = malloc(f.patterns);
    if (!f.depth) {
        eight_space_free(&space);
        return pb_fail(e, -ENOMEM, "out of memory for the pattern table");
    }
    memset(f.depth, DEPTH_UNSEEN, f.patterns);
    uint64_t counts[MAX_DEPTHS];
    struct frontier2_options opt = {.threads = threads,
                                    .direction = FRONTIER2_AUTO,
                                    .coding = FRONTIER2_SEEN,
                                    .on_level = fill_level,
                                    .on_level_arg = &f};
    struct frontier2_result r = {.counts = counts, .max_depths = MAX_DEPTHS};
    rc = frontier2_search(&space, &opt, &r, e);
    eight_space_free(&space);
    if (rc != 0) {
        free(f.depth);
        return rc;
    }
    *out = f.depth;
    return 0;
}

static void table_free(void *shared)
{
    struct table_shared *t = shared;
    if (!t)
        return;
    for (size_t i = 0; i < t->count; i++)
        free(t->entry[i].depth);
    free(t->entry);
    free(t);
}

static const struct table_entry *find(const struct table_shared *t, int rows,
                                      int cols, int start)
{
    for (size_t i = 0; i < t->count; i++)
        if (t->entry[i].rows == rows && t->entry[i].cols == cols &&
            t->entry[i].start == start)
            return &t->entry[i];
    return NULL;
}

static int table_build(const struct pb_corpus *corpus, void **shared,
                       struct pb_error *e)
{
    struct table_shared *t = calloc(1, sizeof(*t));
    if (t)
        t->entry = calloc(corpus->count, sizeof(*t->entry));
    if (!t || !t->entry) {
        table_free(t);
        return pb_fail(e, -ENOMEM, "out of memory");
    }
    int threads = omp_get_max_threads();
    for (size_t i = 0; i < corpus->count; i++) {
        const struct eight_instance *in = pb_corpus_item(corpus, i);
        int rep = (int)eight_class_of(in->rows, in->cols, in->start, NULL);
        if (find(t, in->rows, in->cols, rep))
            continue;
        struct table_entry *x = &t->entry[t->count];
        *x = (struct table_entry){in->rows, in->cols, rep, NULL};
        int rc = build_class(in->rows, in->cols, rep, threads, &x->depth, e);
        if (rc) {
            table_free(t);
            return rc;
        }
        t->count++;
    }
    *shared = t;
    return 0;
}

static void *table_worker_new(const struct pb_corpus *corpus,
                              const void *shared)
{
    (void)corpus;
    return (void *)shared; /* the workers only read the tables */
}

static void table_worker_free(void *worker)
{
    (void)worker;
}

static int table_solve(void *worker, const void *instance, void *answer,
                       struct pb_work *work, struct pb_error *e)
{
    const struct table_shared *t = worker;
    struct eight_instance m;
    eight_class_map(instance, &m);
    const struct table_entry *x = find(t, m.rows, m.cols, m.start);
    if (!x)
        return pb_fail(e, -ENOENT, "no table for this board and start");
    unsigned d = x->depth[eight_pattern_code(&m)];
    work->count[PB_WORK_MAIN]++;
    struct eight_answer *a = answer;
    a->moves = d <= m.cap ? (int32_t)d : EIGHT_NO_ANSWER;
    return 0;
}

/* A pattern table per class of the corpus's starts, plus one search's
 * 2-bit array at a time. */
static uint64_t table_memory(const struct pb_corpus *corpus, int threads)
{
    (void)threads;
    uint64_t codes = eight_corpus_index_size(corpus), tables = 0;
    /* distinct (board, class) keys, marked in a small table: linear in
     * the corpus */
    static const int sides = EIGHT_MAX_SIDE + 1;
    bool seen[(EIGHT_MAX_SIDE + 1) * (EIGHT_MAX_SIDE + 1) * EIGHT_MAX_CELLS] = {
        false};
    for (size_t i = 0; i < corpus->count; i++) {
        const struct eight_instance *in = pb_corpus_item(corpus, i);
        unsigned rep = eight_class_of(in->rows, in->cols, in->start, NULL);
        bool *key = &seen[(in->rows * sides + in->cols) * EIGHT_MAX_CELLS +
                          (int)rep % EIGHT_MAX_CELLS];
        if (!*key)
            tables = pb_add_sat(tables, pattern_count(in->rows, in->cols));
        *key = true;
    }
    return pb_add_sat(tables, frontier2_bytes(codes));
}

const struct pb_variant eight_variant_table = {
    .name = "table",
    .summary = "pattern-depth table per start class, built by the 2-bit "
               "frontier engine (OpenMP), then one lookup per dataset",
    .flags = PB_VARIANT_PARALLEL,
    .build = table_build,
    .free_shared = table_free,
    .worker_new = table_worker_new,
    .solve = table_solve,
    .worker_free = table_worker_free,
    .memory_bound = table_memory,
};
