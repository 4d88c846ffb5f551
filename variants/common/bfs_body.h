/*
 * bfs_body.h - the breadth-first search skeleton of every per-query BFS
 * (magic_squares' bfs_hash and bfs_openhash, cubic_eight's bfs_array and
 * bfs_hash), instantiated once per state encoding and visited set by
 * including it with defines (the house rule for hot loops: code inlined
 * per state, no function pointer):
 *
 *   BFS_FN               name of the generated static function
 *   BFS_CTX              type of the context handed to the hooks: a
 *                        pointer, or a small struct passed by value so
 *                        that its fields stay in registers
 *   BFS_MAX_DEGREE(ctx)  most successors of any state
 *   BFS_DEGREE(ctx, s)   successors of packed state s, tried in order
 *                        0..n-1
 *   BFS_NEXT(ctx, s, m)  successor of s under move m
 *   BFS_MARK(ctx, s)     marks s visited: 1 if new, 0 if seen, <0 error
 *   BFS_GOAL(ctx, s)     true when s is a goal
 *   BFS_PATHS            1: each entry records its parent and move (the
 *                        tree keeps paths); 0: states only
 *
 * Generated:
 *   static int BFS_FN(BFS_CTX ctx, struct bfs_tree *t, uint64_t start,
 *                     unsigned max_depth, struct bfs_result *found,
 *                     struct pb_work *work);
 * Searches level by level from start (at most max_depth levels), tests
 * states for the goal as they are generated, and sets found->entry to
 * the tree index of the first goal in BFS order (BFS_NONE when none) and
 * found->length to its depth: the first goal generated while expanding
 * depth d is at depth d + 1, and none was at depth <= d. With moves
 * tried in alphabetical order, the tree path to that goal is the
 * alphabetically first among the shortest. The tree keeps every state
 * reached (a caller can clear its visited set through it). Returns 0 or
 * a negative error from BFS_MARK or growth (-ENOMEM).
 * O(states reached * moves) time; the tree holds every reached state.
 */
#include <stdint.h>

#include "bfs_tree.h"
#include "pb.h"

#ifndef BFS_PATHS
#error "bfs_body.h: define BFS_PATHS as 1 (parents and moves) or 0"
#endif

static int BFS_FN(BFS_CTX ctx, struct bfs_tree *t, uint64_t start,
                  unsigned max_depth, struct bfs_result *found,
                  struct pb_work *work)
{
    uint64_t expanded = 0;
    *found = (struct bfs_result){BFS_NONE, 0, 0};
    t->len = 0;
    int rc = BFS_MARK(ctx, start);
    if (rc < 0 || (rc = bfs_tree_push(t, start, BFS_ROOT, 0)) != 0)
        return rc;
    if (BFS_GOAL(ctx, start)) {
        found->entry = 0;
        return 0;
    }
    /* The arrays, length and capacity live in locals: a store into the
     * tree then cannot make the compiler reload them for every state. */
    uint64_t *state = t->state;
#if BFS_PATHS
    uint32_t *parent = t->parent;
    uint8_t *move = t->move;
#endif
    size_t head = 0, len = t->len, cap = t->cap;
    for (unsigned depth = 0; depth < max_depth && head < len; depth++) {
        size_t level_end = len;
        for (; head < level_end; head++) {
            if (cap - len < (size_t)BFS_MAX_DEGREE(ctx)) {
                t->len = len;
                rc = bfs_tree_grow(t, len + (size_t)BFS_MAX_DEGREE(ctx));
                if (rc)
                    goto out;
                state = t->state;
#if BFS_PATHS
                parent = t->parent;
                move = t->move;
#endif
                cap = t->cap;
            }
            uint64_t s = state[head];
            unsigned degree = (unsigned)BFS_DEGREE(ctx, s);
            expanded++;
            for (unsigned m = 0; m < degree; m++) {
                uint64_t next = BFS_NEXT(ctx, s, m);
                int fresh = BFS_MARK(ctx, next);
                if (fresh < 0) {
                    rc = fresh;
                    goto out;
                }
                /* Written unconditionally and kept only when fresh: no
                 * unpredictable branch on "seen before" per state. */
                state[len] = next;
#if BFS_PATHS
                parent[len] = (uint32_t)head;
                move[len] = (uint8_t)m;
#endif
                len += (size_t)fresh;
                if (fresh && BFS_GOAL(ctx, next)) {
                    found->entry = len - 1;
                    found->length = depth + 1;
                    goto out;
                }
            }
        }
    }
out:
    t->len = len;
    work->count[PB_WORK_MAIN] += expanded;
    return rc;
}
