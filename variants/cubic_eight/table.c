/*
 * table.c - Cubic Eight-Puzzle by full distance tables: one breadth-first
 * search from each distinct (board, start cell) of the corpus fills a
 * depth byte per code of the perfect index (15 MB per start on 3 x 3,
 * 4.4 GB on 3 x 4); a dataset is then answered by looking up the 2^cubes
 * full states that show its pattern and taking the least depth (256
 * lookups on 3 x 3), -1 when above the cap.
 *
 * The build is level-synchronous OpenMP: the threads split the frontier,
 * claim each new code with an atomic fetch-or on a bit array (so every
 * state enters the next frontier exactly once), write its depth byte, and
 * append to a private
 * buffer that is flushed into the next frontier once per level. The depth
 * table is the same at any thread count; only the order of a frontier
 * varies. Build O(reachable * 4) per start; query O(2^cubes).
 * Reference: Beamer et al., "Direction-optimizing breadth-first search",
 * SC 2012 (level-synchronous top-down step).
 */
#include <omp.h>
#include <string.h>

#include "eight_variant.h"
#include "vec_u64.h"
#include "pb_limits.h"

#define DEPTH_UNSEEN 0xFF

struct table_entry {
    int rows, cols, start;
    uint8_t *depth;
};

struct table_shared {
    size_t count;
    struct table_entry *entry;
};

/* Expands one frontier level into *next, claiming codes in `claimed` (one
 * bit per code, 1.9 MB on 3 x 3, so the test that fails for most
 * successors hits cache) before writing their depth byte once. Returns 0
 * or -ENOMEM. */
static int expand_level(const struct eight_board *b, uint64_t *claimed,
                        uint8_t *depth, const struct vec_u64 *frontier,
                        struct vec_u64 *next, uint8_t d)
{
    int failed = 0;
    const uint64_t *f = frontier->v;
    size_t n = frontier->len;
    next->len = 0;
#pragma omp parallel default(none)                                             \
    shared(b, claimed, depth, f, n, next, d, failed)
    {
        struct vec_u64 mine = {0};
#pragma omp for schedule(dynamic, 4096) nowait
        for (size_t i = 0; i < n; i++) {
            uint64_t s = f[i];
            unsigned p = eight_empty(s);
            for (unsigned k = 0; k < b->degree[p]; k++) {
                uint64_t t = eight_move(s, p, b->next[p][k], b->axis[p][k]);
                uint64_t code = eight_index(b, t);
                uint64_t *word = &claimed[code >> 6], bit = 1ull << (code & 63);
                if ((__atomic_load_n(word, __ATOMIC_RELAXED) & bit) ||
                    (__atomic_fetch_or(word, bit, __ATOMIC_RELAXED) & bit))
                    continue;
                depth[code] = d;
                if (vec_u64_push(&mine, t)) {
#pragma omp atomic write
                    failed = 1;
                }
            }
        }
#pragma omp critical(table_flush)
        if (mine.len == 0) {
            /* nothing to flush (memcpy must not see a NULL buffer) */
        } else if (vec_u64_reserve(next, next->len + mine.len) == 0) {
            memcpy(next->v + next->len, mine.v, mine.len * sizeof(*mine.v));
            next->len += mine.len;
        } else {
            failed = 1;
        }
        vec_u64_free(&mine);
    }
    return failed ? -ENOMEM : 0;
}

static int build_one(int rows, int cols, int start, uint8_t **out)
{
    struct eight_board b;
    eight_board_init(&b, rows, cols);
    uint8_t *depth = malloc(b.index_size);
    uint64_t *claimed = calloc((b.index_size + 63) / 64, sizeof(uint64_t));
    struct vec_u64 level[2] = {{0}, {0}};
    int rc = depth && claimed ? 0 : -ENOMEM;
    if (rc == 0) {
        memset(depth, DEPTH_UNSEEN, b.index_size);
        uint64_t s = eight_start_state((unsigned)start),
                 code = eight_index(&b, s);
        depth[code] = 0;
        claimed[code >> 6] |= 1ull << (code & 63);
        rc = vec_u64_push(&level[0], s);
    }
    for (uint8_t d = 1; rc == 0 && level[(d - 1) & 1].len; d++) {
        if (d == DEPTH_UNSEEN)
            rc = -ERANGE;
        else
            rc = expand_level(&b, claimed, depth, &level[(d - 1) & 1],
                              &level[d & 1], d);
    }
    vec_u64_free(&level[0]);
    vec_u64_free(&level[1]);
    free(claimed);
    if (rc) {
        free(depth);
        return rc;
    }
    *out = depth;
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

static const struct table_entry *find(const struct table_shared *t,
                                      const struct eight_instance *in)
{
    for (size_t i = 0; i < t->count; i++)
        if (t->entry[i].rows == in->rows && t->entry[i].cols == in->cols &&
            t->entry[i].start == in->start)
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
    for (size_t i = 0; i < corpus->count; i++) {
        const struct eight_instance *in = pb_corpus_item(corpus, i);
        if (find(t, in))
            continue;
        struct table_entry *x = &t->entry[t->count];
        *x = (struct table_entry){in->rows, in->cols, in->start, NULL};
        int rc = build_one(in->rows, in->cols, in->start, &x->depth);
        if (rc) {
            table_free(t);
            return pb_fail(e, rc,
                           rc == -ERANGE ? "a depth above 254 on %d x %d"
                                         : "out of memory for the %d x %d "
                                           "depth table",
                           in->rows, in->cols);
        }
        t->count++;
    }
    *shared = t;
    return 0;
}

struct table_worker {
    struct eight_search search;
    const struct table_shared *t;
};

static void table_worker_free(void *worker)
{
    struct table_worker *w = worker;
    if (!w)
        return;
    eight_search_free(&w->search);
    free(w);
}

static void *table_worker_new(const struct pb_corpus *corpus,
                              const void *shared)
{
    struct table_worker *w = calloc(1, sizeof(*w));
    if (!w)
        return NULL;
    w->t = shared;
    if (eight_search_init(&w->search, corpus)) {
        table_worker_free(w);
        return NULL;
    }
    return w;
}

static int table_solve(void *worker, const void *instance, void *answer,
                       struct pb_work *work, struct pb_error *e)
{
    struct table_worker *w = worker;
    const struct eight_instance *in = instance;
    const struct table_entry *x = find(w->t, in);
    if (!x)
        return pb_fail(e, -ENOENT, "no table for this board and start");
    const struct eight_board *b = eight_search_board(&w->search, in);
    uint64_t n = eight_goal_states(in, w->search.goals);
    unsigned best = DEPTH_UNSEEN;
    for (uint64_t i = 0; i < n; i++) {
        unsigned d = x->depth[eight_index(b, w->search.goals[i])];
        best = d < best ? d : best;
    }
    work->count[PB_WORK_MAIN] += n;
    struct eight_answer *a = answer;
    a->moves = best <= in->cap ? (int32_t)best : EIGHT_NO_ANSWER;
    return 0;
}

/* A depth table per distinct start of the corpus, plus the claim bits and
 * two frontiers of at most all codes during the build. */
static uint64_t table_memory(const struct pb_corpus *corpus, int threads)
{
    (void)threads;
    uint64_t codes = eight_corpus_index_size(corpus);
    /* distinct (board, start) keys, marked in a small table: linear in
     * the corpus */
    static const int sides = EIGHT_MAX_SIDE + 1;
    bool seen[(EIGHT_MAX_SIDE + 1) * (EIGHT_MAX_SIDE + 1) * EIGHT_MAX_CELLS] = {
        false};
    uint64_t starts = 0;
    for (size_t i = 0; i < corpus->count; i++) {
        const struct eight_instance *in = pb_corpus_item(corpus, i);
        bool *key = &seen[(in->rows * sides + in->cols) * EIGHT_MAX_CELLS +
                          in->start % EIGHT_MAX_CELLS];
        starts += !*key;
        *key = true;
    }
    return pb_add_sat(
        pb_mul_sat(starts, codes),
        pb_add_sat(codes / 8, pb_mul_sat(codes, 2 * sizeof(uint64_t))));
}

const struct pb_variant eight_variant_table = {
    .name = "table",
    .summary = "full BFS depth table per start cell (OpenMP build), then "
               "2^cubes lookups per dataset",
    .flags = PB_VARIANT_PARALLEL,
    .build = table_build,
    .free_shared = table_free,
    .worker_new = table_worker_new,
    .solve = table_solve,
    .worker_free = table_worker_free,
    .memory_bound = table_memory,
};
