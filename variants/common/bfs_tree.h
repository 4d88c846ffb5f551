/*
 * bfs_tree.h - the FIFO queue of a breadth-first search that doubles as
 * its search tree: entry i holds a packed state and, when the tree keeps
 * paths, the index of the entry it was reached from and the move taken.
 * Walking parents from a goal gives the path; since BFS dequeues states
 * in order, entries of one depth are contiguous. A search that needs
 * only the length of its answer keeps states alone (a plain queue).
 * Push O(1) amortised; memory 13 bytes per state with paths, 8 without.
 */
#ifndef BFS_TREE_H
#define BFS_TREE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define BFS_ROOT UINT32_MAX /* parent of the start entry */
#define BFS_NONE SIZE_MAX   /* no goal found */

struct bfs_tree {
    uint64_t *state;
    uint32_t *parent; /* NULL when the tree keeps no paths */
    uint8_t *move;
    size_t len;
    size_t cap;
    bool paths; /* parent[] and move[] are kept */
};

/* What a search found: the tree entry of its goal (bfs_body.h) or of
 * the state where the two sides met, in tree `side` (bibfs_body.h),
 * BFS_NONE when none; and the number of moves from the start to a goal. */
struct bfs_result {
    size_t entry;
    unsigned length;
    int side;
};

void bfs_tree_init(struct bfs_tree *t, bool paths);
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
    if (t->paths) {
        t->parent[t->len] = parent;
        t->move[t->len] = move;
    }
    t->len++;
    return 0;
}

/* Writes the moves from the root to entry i, in order, into moves[] and
 * returns their number; -ERANGE when more than max_moves. The tree must
 * keep paths. */
int bfs_tree_path(const struct bfs_tree *t, size_t i, uint8_t *moves,
                  size_t max_moves);

#endif
