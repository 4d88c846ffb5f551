/*
 * bfs_tree.c - growth and path extraction for struct bfs_tree.
 * Growth doubles (amortised O(1) per push); a path costs O(depth).
 */
#include "bfs_tree.h"

#include <errno.h>
#include <stdlib.h>

void bfs_tree_init(struct bfs_tree *t, bool paths)
{
    t->state = NULL;
    t->parent = NULL;
    t->move = NULL;
    t->len = t->cap = 0;
    t->paths = paths;
}

void bfs_tree_free(struct bfs_tree *t)
{
    free(t->state);
    free(t->parent);
    free(t->move);
    bfs_tree_init(t, t->paths);
}

int bfs_tree_grow(struct bfs_tree *t, size_t need)
{
    size_t cap = t->cap ? t->cap : 1024;
    while (cap < need)
        cap *= 2;
    uint64_t *state = realloc(t->state, cap * sizeof(*state));
    if (!state)
        return -ENOMEM;
    t->state = state;
    if (!t->paths) {
        t->cap = cap;
        return 0;
    }
    uint32_t *parent = realloc(t->parent, cap * sizeof(*parent));
    if (!parent)
        return -ENOMEM;
    t->parent = parent;
    uint8_t *move = realloc(t->move, cap * sizeof(*move));
    if (!move)
        return -ENOMEM;
    t->move = move;
    t->cap = cap;
    return 0;
}

int bfs_tree_path(const struct bfs_tree *t, size_t i, uint8_t *moves,
                  size_t max_moves)
{
    size_t depth = 0;
    for (size_t j = i; t->parent[j] != BFS_ROOT; j = t->parent[j])
        depth++;
    if (depth > max_moves)
        return -ERANGE;
    size_t k = depth;
    for (size_t j = i; t->parent[j] != BFS_ROOT; j = t->parent[j])
        moves[--k] = t->move[j];
    return (int)depth;
}
