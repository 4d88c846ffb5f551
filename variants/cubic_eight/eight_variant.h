/*
 * eight_variant.h - parts shared by the cubic_eight variants: a per-worker
 * board cache and goal scratch, corpus-wide sizes for allocation and
 * memory bounds. The search skeletons themselves are eight_bfs_body.h and
 * eight_bibfs_body.h, instantiated per visited set.
 */
#ifndef EIGHT_VARIANT_H
#define EIGHT_VARIANT_H

#include <errno.h>
#include <stdlib.h>

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

/* Bytes of a visited set over the perfect index with `bits` per code. */
static inline uint64_t eight_index_bytes(uint64_t index_size, unsigned bits)
{
    return (index_size * bits + 7) / 8;
}

#endif
