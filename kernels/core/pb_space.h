/*
 * pb_space.h - a kernel's whole state space as dense ranks, for the
 * whole-space search engine (variants/common/frontier2.h: census, and the
 * table variants built on it). Kernels describe; they never search here:
 * the engine lives with the variants, and the kernel layer must not
 * depend on it (kernels sit below variants), so this header is all they
 * share.
 *
 * A space is ranks [0, n), each rank one state; its successors under the
 * kernel's moves (next), its predecessors (prev; NULL when every move has
 * its inverse among the moves, so that next serves), optionally the
 * predecessors one at a time (prev_each, which lets a bottom-up search
 * stop at the first that is in the frontier before computing the rest),
 * and the start ranks. The callbacks are called from several OpenMP
 * threads at once and must only read ctx.
 */
#ifndef PB_SPACE_H
#define PB_SPACE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "pb_size.h"

#define PB_SPACE_MAX_MOVES 64  /* most neighbours of one rank */
#define PB_SPACE_MAX_STARTS 16 /* start ranks of one search */
#define PB_SPACE_MAX_CLASSES 64

/* Writes the neighbours (or predecessors) of rank into out[] (room for
 * the space's moves), all in [0, n); returns how many (a rank may have
 * fewer than another). */
typedef unsigned (*pb_space_moves_fn)(const void *ctx, uint64_t rank,
                                      uint64_t *out);
/* Called with each predecessor in turn; true stops the walk. */
typedef bool (*pb_space_visit_fn)(void *vctx, uint64_t rank);
/* Hands the predecessors of rank (what prev, or next when prev is NULL,
 * would write, in any order) to visit(vctx, p) until one call returns
 * true; returns true then, false when none did. */
typedef bool (*pb_space_each_fn)(const void *ctx, uint64_t rank,
                                 pb_space_visit_fn visit, void *vctx);

struct pb_space {
    uint64_t n;                 /* ranks 0..n-1 */
    unsigned moves;             /* most neighbours of one rank, 1..64 */
    pb_space_moves_fn next;     /* successors */
    pb_space_moves_fn prev;     /* predecessors; NULL: undirected */
    pb_space_each_fn prev_each; /* optional, preferred bottom-up */
    const void *ctx;            /* handed to all, read-only */
    uint64_t starts[PB_SPACE_MAX_STARTS]; /* depth 0 */
    size_t nstarts;
    char what[80]; /* for messages: "the directed 2 x 6 ring" */
    void *owned;   /* what the kernel allocated for ctx: freed by free() */
};

/* What a kernel's space->build is asked for. */
struct pb_space_args {
    struct pb_size size; /* {0, 0}: the judge's */
    bool with_inverses;  /* add each move's inverse (directed kernels) */
    int start;           /* a start from space->classes; -1: the default */
};

/* A class of starts whose searches are the same up to a symmetry of the
 * kernel (cubic_eight: the start cells one board symmetry, with the
 * colour relabelling of a transpose, maps onto each other): one search,
 * from its representative, stands for all members. */
struct pb_space_class {
    int start;        /* the representative, for pb_space_args.start */
    unsigned members; /* starts it stands for, representative included */
    char name[48];    /* "corner (1,1)": for output */
};

#endif
