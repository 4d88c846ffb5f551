/*
 * eight_variant.h - parts shared by the cubic_eight variants: a per-worker
 * board cache and goal scratch, corpus-wide sizes for allocation and
 * memory bounds, and the moves and answer of the search skeletons
 * (variants/common/bfs_body.h and bibfs_body.h, instantiated per visited
 * set).
 */
#ifndef EIGHT_VARIANT_H
#define EIGHT_VARIANT_H

#include <errno.h>
#include <stdlib.h>

#include "bfs_tree.h"
#include "eight.h"
#include "pb.h"

/* The board of the instance being solved, rebuilt only when the board
 * size changes, plus room for the pattern's goal states. */
struct eight_search {
    struct eight_board board;
    uint64_t *goals; /* 1 << (largest cells - 1) */
};

static inline int eight_corpus_max_cells(const struct pb_corpus *corpus)
{
    int cells = 0;
    for (size_t i = 0; i < corpus->count; i++) {
        const struct eight_instance *in = pb_corpus_item(corpus, i);
        if (in->rows * in->cols > cells)
            cells = in->rows * in->cols;
    }
    return cells;
}

/* The largest perfect index space of the corpus's boards. */
static inline uint64_t eight_corpus_index_size(const struct pb_corpus *corpus)
{
    uint64_t size = 0;
    for (size_t i = 0; i < corpus->count; i++) {
        const struct eight_instance *in = pb_corpus_item(corpus, i);
        struct eight_board b;
        eight_board_init(&b, in->rows, in->cols);
        if (b.index_size > size)
            size = b.index_size;
    }
    return size;
}

static inline int eight_search_init(struct eight_search *s,
                                    const struct pb_corpus *corpus)
{
    int cells = eight_corpus_max_cells(corpus);
    s->board.rows = 0;
    s->goals = malloc(sizeof(uint64_t) << (cells > 0 ? cells - 1 : 0));
    return s->goals ? 0 : -ENOMEM;
}

static inline void eight_search_free(struct eight_search *s)
{
    free(s->goals);
    s->goals = NULL;
}

static inline const struct eight_board *
eight_search_board(struct eight_search *s, const struct eight_instance *in)
{
    if (s->board.rows != in->rows || s->board.cols != in->cols)
        eight_board_init(&s->board, in->rows, in->cols);
    return &s->board;
}

/* The moves of a state for the skeletons: the neighbours of the empty
 * cell, each rolling its cube into it (rolls are their own inverses, so
 * a backward search takes the same moves). */
static inline unsigned eight_degree(const struct eight_board *b, uint64_t s)
{
    return b->degree[eight_empty(s)];
}

static inline uint64_t eight_next(const struct eight_board *b, uint64_t s,
                                  unsigned k)
{
    unsigned p = eight_empty(s);
    return eight_move(s, p, b->next[p][k], b->axis[p][k]);
}

/* The answer of a skeleton's search: its length, or none under the cap. */
static inline int32_t eight_moves_found(struct bfs_result found)
{
    return found.entry == BFS_NONE ? EIGHT_NO_ANSWER : (int32_t)found.length;
}

/* Bytes of a visited set over the perfect index with `bits` per code. */
static inline uint64_t eight_index_bytes(uint64_t index_size, unsigned bits)
{
    return (index_size * bits + 7) / 8;
}

#endif
