/*
 * walk_grid.h - the search space every cube_walk variant shares: the
 * implicit graph over (square, orientation), laid out so that one state's
 * expansion needs no division by the board's width and no bounds test.
 *
 * Layout. The board is framed by a border of blocked squares and its
 * rows are padded to an odd width, so a square p = row * width + column
 * (framed coordinates) has its neighbours at p + width, p - width, p + 1,
 * p - 1, a step off the board lands on a blocked frame square, and the
 * square's colour is the parity of p (row + column is p's parity when the
 * width is odd). Only the 12 orientations of a square's colour occur on
 * it (walk.h), so state = p * 12 + orientation % 12 and the orientation
 * is recovered from the state's parity against the start's. Per
 * instance, the grid tabulates for each orientation o and direction d
 * the next state's offset (p's step * 12 plus the new class) and cost
 * (the bottom of the rolled die), so an expansion is four table look-ups,
 * four open tests and four adds.
 *
 * Memory per worker: 8 bytes of distance and 1 byte of parent direction
 * (WALK_PARENT_MASK; WALK_NO_PARENT at the start and at unreached states;
 * WALK_IN_QUEUE is a flag label-correcting variants may use) per state,
 * 12 states per framed square, plus 1 byte per framed square (open) and
 * 4 bytes per framed square for the list of expanded squares. The frame
 * adds (2 * rows + 2 * columns + 4) squares, the odd width up to one
 * column more. The route is rebuilt from the parent directions, each
 * undone by the opposite roll, O(route length).
 *
 * Reset in proportion to the search. A search that stops early (the
 * label-setting variants stop when the end square is settled) may touch a
 * tiny part of the board, so clearing every state per instance would cost
 * more than the search. walk_grid_relax lists each square the first time
 * one of its states is expanded (a flag bit in open[]), and only a
 * relaxation out of an expanded square writes dist and mark, into that
 * square's four neighbours; so clearing the listed squares and their
 * neighbours (the start square listed by the reset) restores every state
 * written: O(squares expanded); a neighbour that is listed itself, or
 * never open, is skipped, so the clears add up to the squares expanded
 * and their rim. Past WALK_WIPE_CUT of the board one memset of the whole
 * arrays is cheaper than the scattered clears.
 */
#ifndef WALK_GRID_H
#define WALK_GRID_H

#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "pb.h"
#include "pb_limits.h"
#include "walk.h"

#define WALK_NO_PARENT 0x7Fu
#define WALK_IN_QUEUE 0x80u
#define WALK_PARENT_MASK 0x7Fu
#define WALK_OPEN 1u   /* open[]: the square can be entered */
#define WALK_LISTED 2u /* open[]: the square is on the expanded list */
/* delta_stepping's own reset: by its kept states while they are at most
 * 1/WALK_LIST_CUT of the states (each clears 5 squares', scattered) */
#define WALK_LIST_CUT 16
/* Clear by the list (about one square's states per listed square, and
 * the search's rim) while it holds at most 1/WALK_WIPE_CUT of the
 * squares, else with one memset of the whole arrays */
#define WALK_WIPE_CUT 4
/* listed: the arrays hold unknown values, clear them all */
#define WALK_LIST_ALL UINT64_MAX

struct walk_grid {
    /* per worker, sized for the largest board of the corpus */
    uint64_t *dist;
    uint8_t *mark;
    uint8_t *open;   /* per framed square: WALK_OPEN, WALK_LISTED, or 0
                        (blocked or frame) */
    uint32_t *list;  /* the squares expanded since the last reset */
    uint64_t listed; /* how many, or WALK_LIST_ALL */
    uint64_t room;   /* framed squares the arrays hold */
    /* per instance (walk_grid_reset) */
    const struct walk_instance *in;
    uint32_t width, height; /* framed */
    uint64_t states;        /* width * height * 12 */
    uint32_t start, end;    /* framed squares */
    uint64_t end_state;     /* end * WALK_CLASS: the end square's first state */
    int64_t offset[WALK_ORIENTATIONS][WALK_DIRS]; /* next state - p * 12 */
    uint32_t cost[WALK_ORIENTATIONS][WALK_DIRS];
    int64_t square_step[WALK_DIRS];
};

static inline uint32_t walk_grid_width(uint32_t cols)
{
    return (cols + 2) | 1u;
}

static inline uint64_t walk_grid_squares(uint32_t rows, uint32_t cols)
{
    return (uint64_t)(rows + 2) * walk_grid_width(cols);
}

/* The most board squares of any instance of corpus (unframed). */
static inline uint64_t walk_corpus_cells(const struct pb_corpus *corpus)
{
    uint64_t most = 0;
    for (size_t i = 0; i < corpus->count; i++) {
        const struct walk_instance *in = pb_corpus_item(corpus, i);
        if (walk_cells(in) > most)
            most = walk_cells(in);
    }
    return most;
}

/* The largest face value of any instance of corpus: W. */
static inline uint32_t walk_corpus_max_face(const struct pb_corpus *corpus)
{
    uint32_t most = 0;
    for (size_t i = 0; i < corpus->count; i++) {
        uint32_t m = walk_max_face(pb_corpus_item(corpus, i));
        most = m > most ? m : most;
    }
    return most;
}

/* The most framed squares of any instance of corpus. */
static inline uint64_t walk_corpus_squares(const struct pb_corpus *corpus)
{
    uint64_t most = 0;
    for (size_t i = 0; i < corpus->count; i++) {
        const struct walk_instance *in = pb_corpus_item(corpus, i);
        uint64_t n = walk_grid_squares(in->rows, in->cols);
        if (n > most)
            most = n;
    }
    return most;
}

/* Bytes of one worker's grid over corpus. */
static inline uint64_t walk_grid_bytes(const struct pb_corpus *corpus)
{
    uint64_t squares = walk_corpus_squares(corpus);
    /* per state a sum and a parent byte; per square open[] and list[] */
    return pb_mul_sat(squares, WALK_CLASS * (sizeof(uint64_t) + 1) + 1 +
                                   sizeof(uint32_t));
}

static inline int walk_grid_init(struct walk_grid *g,
                                 const struct pb_corpus *corpus)
{
    memset(g, 0, sizeof(*g));
    g->room = walk_corpus_squares(corpus);
    /* room >= 1: a corpus has at least one instance (pb_corpus) */
    /* NOLINTNEXTLINE(clang-analyzer-optin.portability.UnixAPI) */
    g->dist = malloc(g->room * WALK_CLASS * sizeof(*g->dist));
    g->mark = malloc(g->room * WALK_CLASS);
    g->open = malloc(g->room);
    g->list = malloc(g->room * sizeof(*g->list));
    g->listed = WALK_LIST_ALL;
    return g->dist && g->mark && g->open && g->list ? 0 : -ENOMEM;
}

static inline void walk_grid_free(struct walk_grid *g)
{
    free(g->dist);
    free(g->mark);
    free(g->open);
    free(g->list);
}

static inline uint32_t walk_grid_square(const struct walk_grid *g,
                                        uint32_t square)
{
    uint32_t cols = g->in->cols;
    return (square / cols + 1) * g->width + square % cols + 1;
}

/* The orientation code (0..23) of state s. */
static inline unsigned walk_grid_orientation(const struct walk_grid *g,
                                             uint64_t s)
{
    uint64_t p = s / WALK_CLASS;
    return (unsigned)(s % WALK_CLASS) +
           WALK_CLASS * (unsigned)((p ^ g->start) & 1u);
}

/* Lays out instance in: the frame, the open squares, the step tables;
 * dist and mark untouched (walk_grid_reset, or a variant's own reset).
 * Returns the start state. */
static inline uint64_t walk_grid_layout(struct walk_grid *g,
                                        const struct walk_instance *in)
{
    g->in = in;
    g->width = walk_grid_width(in->cols);
    g->height = in->rows + 2;
    uint64_t squares = (uint64_t)g->width * g->height;
    g->states = squares * WALK_CLASS;
    memset(g->open, 0, squares);
    for (uint32_t r = 0; r < in->rows; r++) {
        uint8_t *row = g->open + (uint64_t)(r + 1) * g->width + 1;
        if (!in->blocked) {
            memset(row, 1, in->cols);
            continue;
        }
        const uint8_t *blocked = in->blocked + (uint64_t)r * in->cols;
        for (uint32_t c = 0; c < in->cols; c++)
            row[c] = !blocked[c];
    }
    g->square_step[WALK_UP] = g->width;
    g->square_step[WALK_DOWN] = -(int64_t)g->width;
    g->square_step[WALK_EAST] = 1;
    g->square_step[WALK_WEST] = -1;
    for (unsigned o = 0; o < WALK_ORIENTATIONS; o++)
        for (unsigned d = 0; d < WALK_DIRS; d++) {
            unsigned next = walk_roll[o][d];
            g->offset[o][d] =
                g->square_step[d] * WALK_CLASS + next % WALK_CLASS;
            g->cost[o][d] = walk_bottom(in, next);
        }
    g->start = walk_grid_square(g, in->start);
    g->end = walk_grid_square(g, in->end);
    g->end_state = (uint64_t)g->end * WALK_CLASS;
    return (uint64_t)g->start * WALK_CLASS;
}

/* Whether state s is on the end square. */
static inline bool walk_grid_at_end(const struct walk_grid *g, uint64_t s)
{
    return s - g->end_state < WALK_CLASS;
}

/* The states of the squares expanded since the reset, 12 a square: the
 * part of the board a search touched (and the next wipe clears), counted
 * for free where an exact count of the states given a sum would cost a
 * test per relaxation (a tenth of a full search's instructions). */
static inline uint64_t walk_grid_touched(const struct walk_grid *g)
{
    return g->listed * WALK_CLASS;
}

/* Puts square p on the expanded list (once per reset). */
static inline void walk_grid_list(struct walk_grid *g, uint64_t p)
{
    if (g->open[p] & WALK_LISTED)
        return;
    g->open[p] |= WALK_LISTED;
    if (g->listed != WALK_LIST_ALL)
        g->list[g->listed++] = (uint32_t)p;
}

/* Every state unreached, with no parent: by the list of the last search
 * (the layout it ran on still in g), or all of the arrays. */
static inline void walk_grid_wipe(struct walk_grid *g)
{
    uint64_t squares =
        g->listed == WALK_LIST_ALL ? g->room : (uint64_t)g->width * g->height;
    if (g->listed > squares / WALK_WIPE_CUT) {
        memset(g->dist, 0xFF, squares * WALK_CLASS * sizeof(*g->dist));
        memset(g->mark, WALK_NO_PARENT, squares * WALK_CLASS);
        g->listed = 0;
        return;
    }
    /* open[] still holds the last search's layout and flags: a listed
     * square's states and those of each open neighbour not listed
     * itself (listed ones clear their own); the list's squares are open,
     * so inside the frame, and p +- width on the arrays */
    const int64_t step[WALK_DIRS + 1] = {0, g->square_step[0],
                                         g->square_step[1], g->square_step[2],
                                         g->square_step[3]};
    for (uint64_t i = 0; i < g->listed; i++) {
        int64_t p = g->list[i];
        for (unsigned k = 0; k <= WALK_DIRS; k++) {
            uint64_t q = (uint64_t)(p + step[k]);
            if (k > 0 && g->open[q] != WALK_OPEN)
                continue; /* frame, blocked, or listed */
            memset(g->dist + q * WALK_CLASS, 0xFF,
                   WALK_CLASS * sizeof(*g->dist));
            memset(g->mark + q * WALK_CLASS, WALK_NO_PARENT, WALK_CLASS);
        }
    }
    g->listed = 0;
}

/* Lays out instance in (walk_grid_layout), every state unreached
 * (walk_grid_wipe). Returns the start state, its sum the start's bottom,
 * its square listed. */
static inline uint64_t walk_grid_reset(struct walk_grid *g,
                                       const struct walk_instance *in)
{
    walk_grid_wipe(g);
    uint64_t start = walk_grid_layout(g, in);
    walk_grid_list(g, g->start);
    g->dist[start] = walk_bottom(in, 0);
    return start;
}

/* Marks the arrays as holding anything, for a variant that writes them
 * outside walk_grid_relax (the next reset clears them all). */
static inline void walk_grid_touch_all(struct walk_grid *g)
{
    g->listed = WALK_LIST_ALL;
}

/* Relaxes the rolls out of state s, whose sum is d (s's square listed
 * for the next wipe): each open neighbour
 * whose sum falls gets d plus its roll's cost and s as its parent (the
 * WALK_IN_QUEUE flag kept); their states into improved[] and new sums
 * into sum[]; returns how many (0..4). */
static inline unsigned walk_grid_relax(struct walk_grid *g, uint64_t s,
                                       uint64_t d, uint64_t improved[WALK_DIRS],
                                       uint64_t sum[WALK_DIRS])
{
    uint64_t p = s / WALK_CLASS, base = p * WALK_CLASS;
    unsigned o = walk_grid_orientation(g, s), n = 0;
    walk_grid_list(g, p);
    /* locals: the byte stores to mark may alias any field of g */
    uint64_t *dist = g->dist;
    uint8_t *mark = g->mark;
    const uint8_t *open = g->open;
    for (unsigned dir = 0; dir < WALK_DIRS; dir++) {
        if (!open[(int64_t)p + g->square_step[dir]])
            continue;
        uint64_t t = (uint64_t)((int64_t)base + g->offset[o][dir]);
        uint64_t nd = d + g->cost[o][dir];
        if (nd >= dist[t])
            continue;
        dist[t] = nd;
        mark[t] = (uint8_t)((mark[t] & WALK_IN_QUEUE) | dir);
        improved[n] = t;
        sum[n] = nd;
        n++;
    }
    return n;
}

/* The state before s on its best route (s has a parent). */
static inline uint64_t walk_grid_parent(const struct walk_grid *g, uint64_t s)
{
    unsigned d = g->mark[s] & WALK_PARENT_MASK;
    unsigned o = walk_grid_orientation(g, s);
    int64_t p = (int64_t)(s / WALK_CLASS) - g->square_step[d];
    return (uint64_t)p * WALK_CLASS + walk_roll[o][d ^ 1u] % WALK_CLASS;
}

/* The best state of the end square and its route into answer (board
 * square numbers, start to end). */
static inline int walk_grid_route(const struct walk_grid *g,
                                  struct walk_answer *answer,
                                  struct pb_error *e)
{
    uint64_t best = WALK_UNREACHABLE, state = 0;
    for (unsigned k = 0; k < WALK_CLASS; k++) {
        uint64_t s = (uint64_t)g->end * WALK_CLASS + k;
        if (g->dist[s] < best) {
            best = g->dist[s];
            state = s;
        }
    }
    answer->sum = best;
    if (best == WALK_UNREACHABLE)
        return 0;
    /* parents form a tree, so a chain longer than the states is a
     * corrupted search (a stale parent after a bad reset): an error,
     * not an endless loop */
    uint64_t length = 1;
    for (uint64_t s = state; (g->mark[s] & WALK_PARENT_MASK) != WALK_NO_PARENT;
         length++) {
        if (length > g->states)
            return pb_fail(e, -EPROTO, "the route to the end loops");
        s = walk_grid_parent(g, s);
    }
    answer->route = malloc((size_t)length * sizeof(*answer->route));
    if (!answer->route)
        return pb_fail(e, -ENOMEM,
                       "out of memory for a route of %" PRIu64 " squares",
                       length);
    answer->length = (uint32_t)length;
    uint64_t s = state;
    for (uint64_t i = length; i-- > 0;) {
        uint32_t p = (uint32_t)(s / WALK_CLASS);
        answer->route[i] = (p / g->width - 1) * g->in->cols + p % g->width - 1;
        if (i > 0)
            s = walk_grid_parent(g, s);
    }
    return 0;
}

#endif
