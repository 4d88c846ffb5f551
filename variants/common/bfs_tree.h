/*
 * bfs_tree.h - the FIFO queue of a breadth-first search that doubles as
 * its search tree: entry i holds a packed state, the index of the entry
 * it was reached from and the move taken. Walking parents from a goal
 * gives the path; since BFS dequeues states in order, entries of one
 * depth are contiguous. Push O(1) amortised; memory 13 bytes per state.
 */
#ifndef BFS_TREE_H
#define BFS_TREE_H

#include <stddef.h>
#include <stdint.h>

#define BFS_ROOT UINT32_MAX /* parent of the start entry */

struct bfs_tree {
    uint64_t *state;
    uint32_t *parent;
    uint8_t *move;
    size_t len;
    size_t cap;
};

void bfs_tree_init(struct bfs_tree *t);
void bfs_tree_free(struct bfs_tree *t);
/* Grows the arrays to hold at least `need` entries; -ENOMEM on failure. */
int bfs_tree_grow(struct bfs_tree *t, size_t need);

/* Room for `need` entries: inline when there already is (once per
 * expanded state in a search), a call only to grow. */
static inline int bfs_tree_reserve(struct bfs_tree *t, size_t need)
{
    return need <= t->cap ? 0 : bfs_tree_grow(t, need);
}

static inline int bfs_tree_push(struct bfs_tree *t, uint64_t state,
                                uint32_t parent, uint8_t move)
{
    int rc = bfs_tree_reserve(t, t->len + 1);
    if (rc)
        return rc;
    t->state[t->len] = state;
    t->parent[t->len] = parent;
    t->move[t->len] = move;
    t->len++;
    return 0;
}

/* Writes the moves from the root to entry i, in order, into moves[] and
 * returns their number; -ERANGE when more than max_moves. */
int bfs_tree_path(const struct bfs_tree *t, size_t i, uint8_t *moves,
                  size_t max_moves);

#endif
