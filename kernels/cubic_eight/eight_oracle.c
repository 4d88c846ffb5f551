/*
 * eight_oracle.c - the plain reference oracle and verifier for the Cubic
 * Eight-Puzzle, written from the statement apart from the variants' fast
 * code: a cube is three letters (top, front, left), a roll swaps two of
 * them, and states are coded by a loop over the cells.
 *
 * Plain search: breadth-first from the start over full states, level by
 * level by scanning the depth table for the previous level (no queue, so
 * memory is one byte per state code: cells * 6^(cells-1), 15 MB for
 * 3 x 3, 4.4 GB for 3 x 4). Time O(codes * depth + reachable * cells).
 * Pattern depths: a pattern's distance is the least depth of the full
 * states showing it, i.e. the depth of the first one the search reaches
 * (cells * 3^(cells-1) patterns, 59,049 for 3 x 3). Those small tables are
 * kept per (board, start) for the life of the process, so corpora, the
 * generator and every oracle share one search per start cell.
 * Check: the answer must equal the pattern's depth when it is at most the
 * dataset's cap, and -1 otherwise.
 */
#include "eight_internal.h"

#include <errno.h>
#include <omp.h>
#include <stdlib.h>
#include <string.h>

#include "pb_limits.h"

/* The six orientations as (top, front, left) letters; the index is the
 * oracle's own orientation code. */
static const char plain_orientations[EIGHT_ORIENTATIONS][4] = {
    "WRB", "WBR", "RWB", "RBW", "BWR", "BRW"};

struct plain_state {
    int empty;
    char face[EIGHT_MAX_CELLS][3]; /* top, front, left */
};

static uint64_t power(uint64_t base, int n)
{
    uint64_t p = 1;
    while (n-- > 0)
        p *= base;
    return p;
}

static int colour_rank(char c)
{
    return c == 'W' ? 0 : c == 'R' ? 1 : 2;
}

/* Position in plain_orientations: the top colour picks the pair, and the
 * front colour coming after the left one in W, R, B order the odd one. */
static int plain_orientation(const char *face)
{
    return 2 * colour_rank(face[0]) +
           (colour_rank(face[1]) > colour_rank(face[2]));
}

static uint64_t plain_encode(const struct plain_state *st, int cells)
{
    uint64_t code = 0, weight = 1;
    for (int i = 0; i < cells; i++) {
        if (i == st->empty)
            continue;
        code += (uint64_t)plain_orientation(st->face[i]) * weight;
        weight *= EIGHT_ORIENTATIONS;
    }
    return (uint64_t)st->empty * weight + code;
}

static void plain_decode(uint64_t code, int cells, struct plain_state *st)
{
    uint64_t layouts = power(EIGHT_ORIENTATIONS, cells - 1);
    st->empty = (int)(code / layouts);
    code %= layouts;
    for (int i = 0; i < cells; i++) {
        if (i == st->empty)
            continue;
        memcpy(st->face[i], plain_orientations[code % EIGHT_ORIENTATIONS], 3);
        code /= EIGHT_ORIENTATIONS;
    }
}

/* The cube at `from` rolls into the empty cell: along a row (x) its top
 * and left faces swap, along a column (y) its top and front faces. */
static void plain_roll(struct plain_state *st, int from, int cols)
{
    char *f = st->face[from];
    int swap_with = from / cols == st->empty / cols ? 2 : 1;
    char t = f[0];
    f[0] = f[swap_with];
    f[swap_with] = t;
    memcpy(st->face[st->empty], f, 3);
    st->empty = from;
}

static uint64_t plain_pattern_code(const struct plain_state *st, int cells);

/* The plain search; when pattern is not NULL it also records, for every
 * pattern code, the depth of the first (so the nearest) state showing
 * it. */
static uint8_t *plain_search(int rows, int cols, int start, uint64_t *codes,
                             uint8_t *pattern)
{
    int cells = rows * cols;
    *codes = (uint64_t)cells * power(EIGHT_ORIENTATIONS, cells - 1);
    uint8_t *depth = malloc(*codes);
    if (!depth)
        return NULL;
    memset(depth, EIGHT_PLAIN_UNSEEN, *codes);
    struct plain_state st = {.empty = start};
    for (int i = 0; i < cells; i++)
        memcpy(st.face[i], plain_orientations[0], 3);
    depth[plain_encode(&st, cells)] = 0;
    if (pattern)
        pattern[plain_pattern_code(&st, cells)] = 0;
    bool grew = true;
    for (unsigned d = 0; grew && d + 1 < EIGHT_PLAIN_UNSEEN; d++) {
        grew = false;
        for (uint64_t code = 0; code < *codes; code++) {
            const uint8_t *hit = memchr(depth + code, (int)d, *codes - code);
            if (!hit)
                break;
            code = (uint64_t)(hit - depth);
            plain_decode(code, cells, &st);
            int r = st.empty / cols, c = st.empty % cols;
            const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
            for (int k = 0; k < 4; k++) {
                if (r + dr[k] < 0 || r + dr[k] >= rows || c + dc[k] < 0 ||
                    c + dc[k] >= cols)
                    continue;
                struct plain_state next = st;
                plain_roll(&next, (r + dr[k]) * cols + c + dc[k], cols);
                uint64_t to = plain_encode(&next, cells);
                if (depth[to] != EIGHT_PLAIN_UNSEEN)
                    continue;
                depth[to] = (uint8_t)(d + 1);
                grew = true;
                if (!pattern)
                    continue;
                uint8_t *p = &pattern[plain_pattern_code(&next, cells)];
                if (*p == EIGHT_PLAIN_UNSEEN)
                    *p = (uint8_t)(d + 1);
            }
        }
    }
    return depth;
}

uint8_t *eight_plain_depths(int rows, int cols, int start, uint64_t *codes)
{
    return plain_search(rows, cols, start, codes, NULL);
}

static uint64_t plain_pattern_code(const struct plain_state *st, int cells)
{
    uint64_t code = 0, weight = 1;
    for (int i = 0; i < cells; i++) {
        if (i == st->empty)
            continue;
        code += (uint64_t)colour_rank(st->face[i][0]) * weight;
        weight *= 3;
    }
    return (uint64_t)st->empty * weight + code;
}

uint64_t eight_pattern_code(const struct eight_instance *in)
{
    int cells = in->rows * in->cols;
    uint64_t code = 0, weight = 1;
    int empty = 0;
    for (int i = 0; i < cells; i++) {
        if (in->goal[i] == EIGHT_E) {
            empty = i;
            continue;
        }
        code += in->goal[i] * weight;
        weight *= 3;
    }
    return (uint64_t)empty * weight + code;
}

void eight_pattern_decode(uint64_t code, struct eight_instance *in)
{
    int cells = in->rows * in->cols;
    uint64_t per_empty = power(3, cells - 1);
    int empty = (int)(code / per_empty);
    code %= per_empty;
    for (int i = 0; i < cells; i++) {
        if (i == empty) {
            in->goal[i] = EIGHT_E;
            continue;
        }
        in->goal[i] = (uint8_t)(code % 3);
        code /= 3;
    }
}

static uint8_t *plain_pattern_depths(int rows, int cols, int start,
                                     uint64_t *count)
{
    int cells = rows * cols;
    *count = (uint64_t)cells * power(3, cells - 1);
    uint8_t *pattern = malloc(*count);
    if (!pattern)
        return NULL;
    memset(pattern, EIGHT_PLAIN_UNSEEN, *count);
    uint64_t codes;
    uint8_t *depth = plain_search(rows, cols, start, &codes, pattern);
    if (!depth) {
        free(pattern);
        return NULL;
    }
    free(depth);
    return pattern;
}

/* The process-wide memo of pattern depths, one entry per (board, start);
 * entries live until exit. */
struct pattern_entry {
    int rows, cols, start;
    uint64_t count;
    uint8_t *depth;
    struct pattern_entry *next;
};
static struct pattern_entry *pattern_memo;

static struct pattern_entry *memo_find(int rows, int cols, int start)
{
    for (struct pattern_entry *p = pattern_memo; p; p = p->next)
        if (p->rows == rows && p->cols == cols && p->start == start)
            return p;
    return NULL;
}

uint64_t eight_plain_bytes(int rows, int cols)
{
    return pb_mul_sat((uint64_t)rows * (uint64_t)cols,
                      power(EIGHT_ORIENTATIONS, rows * cols - 1));
}

uint64_t eight_pattern_bytes(int rows, int cols)
{
    return pb_mul_sat((uint64_t)rows * (uint64_t)cols,
                      power(3, rows * cols - 1));
}

/* Patterns memoised already cost nothing more; the others each keep
 * their table, and up to `parallel` searches run at once beside them. */
uint64_t eight_patterns_bytes(int rows, int cols, uint32_t starts, int parallel)
{
    uint64_t kept = 0, fresh = 0;
    for (int s = 0; s < rows * cols; s++) {
        if (!(starts >> s & 1u))
            continue;
        bool memoised;
#pragma omp critical(eight_pattern_memo)
        memoised = memo_find(rows, cols, s) != NULL;
        if (memoised)
            continue;
        kept = pb_add_sat(kept, eight_pattern_bytes(rows, cols));
        fresh++;
    }
    if (fresh > (uint64_t)parallel)
        fresh = (uint64_t)parallel;
    return pb_add_sat(kept, pb_mul_sat(fresh, eight_plain_bytes(rows, cols)));
}

const uint8_t *eight_pattern_depths(int rows, int cols, int start,
                                    uint64_t *count)
{
    struct pattern_entry *hit;
#pragma omp critical(eight_pattern_memo)
    hit = memo_find(rows, cols, start);
    if (hit) {
        *count = hit->count;
        return hit->depth;
    }
    struct pattern_entry *fresh = calloc(1, sizeof(*fresh));
    if (!fresh)
        return NULL;
    *fresh = (struct pattern_entry){rows, cols, start, 0, NULL, NULL};
    fresh->depth = plain_pattern_depths(rows, cols, start, &fresh->count);
    if (!fresh->depth) {
        free(fresh);
        return NULL;
    }
#pragma omp critical(eight_pattern_memo)
    {
        hit = memo_find(rows, cols, start);
        if (!hit) {
            fresh->next = pattern_memo;
            pattern_memo = hit = fresh;
            fresh = NULL;
        }
    }
    if (fresh) {
        free(fresh->depth);
        free(fresh);
    }
    *count = hit->count;
    return hit->depth;
}

/* The oracle: the pattern depths of every (board, start) in the corpus. */
struct eight_oracle {
    size_t count;
    struct eight_instance *keys; /* rows, cols, start */
    const uint8_t **depth;
};

/* The plain search of one board is parallel across start cells only when
 * its table is small; 3 x 4 tables (4.4 GB each) are built one by one. */
#define EIGHT_PARALLEL_CODES (UINT64_C(1) << 28)

/* The start cells of each board of the corpus, a bit per cell. */
struct board_starts {
    uint32_t starts[EIGHT_MAX_SIDE + 1][EIGHT_MAX_SIDE + 1];
};

static uint64_t oracle_bytes(const struct pb_corpus *corpus)
{
    struct board_starts b = {{{0}}};
    bool small = true;
    for (size_t i = 0; i < corpus->count; i++) {
        const struct eight_instance *in = pb_corpus_item(corpus, i);
        b.starts[in->rows][in->cols] |= 1u << in->start;
        small = small &&
                eight_plain_bytes(in->rows, in->cols) <= EIGHT_PARALLEL_CODES;
    }
    uint64_t bytes = pb_mul_sat(corpus->count, sizeof(struct eight_instance) +
                                                   sizeof(const uint8_t *));
    for (int r = EIGHT_MIN_SIDE; r <= EIGHT_MAX_SIDE; r++)
        for (int c = EIGHT_MIN_SIDE; c <= EIGHT_MAX_SIDE; c++)
            if (b.starts[r][c])
                bytes = pb_add_sat(
                    bytes,
                    eight_patterns_bytes(r, c, b.starts[r][c],
                                         small ? omp_get_max_threads() : 1));
    return bytes;
}

void *eight_oracle_new(const struct pb_corpus *corpus, struct pb_error *e)
{
    if (pb_memory_check(oracle_bytes(corpus),
                        "the oracle's plain search of every start cell", e))
        return NULL;
    struct eight_oracle *o = calloc(1, sizeof(*o));
    if (o) {
        o->keys = calloc(corpus->count, sizeof(*o->keys));
        o->depth = calloc(corpus->count, sizeof(*o->depth));
    }
    if (!o || !o->keys || !o->depth) {
        eight_oracle_free(o);
        pb_fail(e, -ENOMEM, "out of memory for the oracle");
        return NULL;
    }
    bool small = true;
    for (size_t i = 0; i < corpus->count; i++) {
        const struct eight_instance *in = pb_corpus_item(corpus, i);
        size_t j = 0;
        while (j < o->count &&
               (o->keys[j].rows != in->rows || o->keys[j].cols != in->cols ||
                o->keys[j].start != in->start))
            j++;
        if (j == o->count)
            o->keys[o->count++] = *in;
        struct eight_board b;
        eight_board_init(&b, in->rows, in->cols);
        small = small && b.index_size <= EIGHT_PARALLEL_CODES;
    }
    bool failed = false;
    size_t n = o->count;
    struct eight_instance *keys = o->keys;
    const uint8_t **depth = o->depth;
#pragma omp parallel for if (small) schedule(dynamic, 1) default(none)         \
    shared(n, keys, depth) reduction(||                                        \
                                     : failed)
    for (size_t j = 0; j < n; j++) {
        uint64_t count;
        depth[j] = eight_pattern_depths(keys[j].rows, keys[j].cols,
                                        keys[j].start, &count);
        failed = failed || !depth[j];
    }
    if (failed) {
        eight_oracle_free(o);
        pb_fail(e, -ENOMEM, "out of memory for the oracle's plain search");
        return NULL;
    }
    return o;
}

int eight_oracle_solve(const void *oracle, const void *instance, void *answer)
{
    const struct eight_oracle *o = oracle;
    const struct eight_instance *in = instance;
    for (size_t j = 0; j < o->count; j++) {
        if (o->keys[j].rows != in->rows || o->keys[j].cols != in->cols ||
            o->keys[j].start != in->start)
            continue;
        uint8_t d = o->depth[j][eight_pattern_code(in)];
        struct eight_answer *a = answer;
        a->moves = d <= in->cap ? d : EIGHT_NO_ANSWER;
        return 0;
    }
    return -ENOENT;
}

bool eight_oracle_check(const void *oracle, const void *instance,
                        const void *answer, char *why, size_t why_len)
{
    struct eight_answer want;
    const struct eight_answer *got = answer;
    if (eight_oracle_solve(oracle, instance, &want)) {
        snprintf(why, why_len, "the oracle has no table for this start");
        return false;
    }
    if (got->moves == want.moves)
        return true;
    snprintf(why, why_len, "answered %d, expected %d", (int)got->moves,
             (int)want.moves);
    return false;
}

void eight_oracle_free(void *oracle)
{
    struct eight_oracle *o = oracle;
    if (!o)
        return;
    free(o->keys);
    free((void *)o->depth);
    free(o);
}
