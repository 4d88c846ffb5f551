/*
 * bfs_body.h - the breadth-first search skeleton, instantiated once per
 * state encoding and visited set by including it with defines (the
 * house rule for hot loops: code inlined per state, no function pointer):
 *
 *   BFS_FN               name of the generated static function
 *   BFS_CTX              type of the context pointer handed to the hooks
 *   BFS_MOVES(ctx)       number of moves, tried in order 0..n-1
 *   BFS_NEXT(ctx, s, m)  successor of packed state s under move m
 *   BFS_MARK(ctx, s)     marks s visited: 1 if new, 0 if seen, <0 error
 *   BFS_GOAL(ctx, s)     true when s is a goal
 *
 * Generated:
 *   static int BFS_FN(BFS_CTX ctx, struct bfs_tree *t, uint64_t start,
 *                     unsigned max_depth, size_t *goal,
 *                     struct pb_work *work);
 * Searches level by level from start (at most max_depth levels), tests
 * states for the goal as they are generated, and sets *goal to the tree
 * index of the first goal in BFS order (SIZE_MAX when none). With moves
 * tried in alphabetical order, the tree path to that goal is the
 * alphabetically first among the shortest. Returns 0 or -ENOMEM.
 * O(states reached * moves) time; the tree holds every reached state.
 */
#include <stdint.h>

#include "bfs_tree.h"
#include "pb.h"

static int BFS_FN(BFS_CTX ctx, struct bfs_tree *t, uint64_t start,
                  unsigned max_depth, size_t *goal, struct pb_work *work)
{
    uint64_t expanded = 0;
    int rc = BFS_MARK(ctx, start);
    t->len = 0;
    *goal = SIZE_MAX;
    if (rc < 0 || (rc = bfs_tree_push(t, start, BFS_ROOT, 0)) != 0)
        return rc;
    if (BFS_GOAL(ctx, start)) {
        *goal = 0;
        return 0;
    }
    size_t head = 0;
    for (unsigned depth = 0; depth < max_depth && head < t->len; depth++) {
        size_t level_end = t->len;
        for (; head < level_end; head++) {
            uint64_t s = t->state[head];
            expanded++;
            rc = bfs_tree_reserve(t, t->len + (size_t)BFS_MOVES(ctx));
            if (rc)
                goto out;
            for (int m = 0; m < BFS_MOVES(ctx); m++) {
                uint64_t next = BFS_NEXT(ctx, s, m);
                int fresh = BFS_MARK(ctx, next);
                if (fresh < 0) {
                    rc = fresh;
                    goto out;
                }
                /* Written unconditionally and kept only when fresh: no
                 * unpredictable branch on "seen before" per state. */
                t->state[t->len] = next;
                t->parent[t->len] = (uint32_t)head;
                t->move[t->len] = (uint8_t)m;
                t->len += (size_t)fresh;
                if (fresh && BFS_GOAL(ctx, next)) {
                    *goal = t->len - 1;
                    goto out;
                }
            }
        }
    }
out:
    work->count[PB_WORK_MAIN] += expanded;
    return rc;
}
