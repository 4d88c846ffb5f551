/*
 * eight_bfs_body.h - breadth-first search from the start to the first
 * state matching the pattern, cut at the dataset's cap; instantiated once
 * per visited set by including it with defines (no function pointer per
 * state):
 *
 *   BFS_FN                 name of the generated static function
 *   VISIT_CTX              type of the visited-set context
 *   VISIT_INSERT(ctx, s)   marks packed state s: 1 if new, 0 if seen,
 *                          <0 error
 *
 * Generated:
 *   static int BFS_FN(VISIT_CTX v, const struct eight_board *b,
 *                     const struct eight_instance *in, struct vec_u64 *queue,
 *                     int32_t *moves, struct pb_work *work);
 * The queue keeps every state reached (the caller clears its visited set
 * through it). Goals are tested as states are generated: the first one
 * found while expanding depth d is at depth d + 1, and none was at depth
 * <= d. O(states within the answer's depth * 4) time.
 */
#include <stdint.h>

#include "eight.h"
#include "pb.h"
#include "vec_u64.h"

static int BFS_FN(VISIT_CTX v, const struct eight_board *b,
                  const struct eight_instance *in, struct vec_u64 *queue,
                  int32_t *moves, struct pb_work *work)
{
    struct eight_goal goal = eight_goal_of(in);
    uint64_t start = eight_start_state(in->start), expanded = 0;
    queue->len = 0;
    *moves = EIGHT_NO_ANSWER;
    int rc = VISIT_INSERT(v, start);
    if (rc < 0 || (rc = vec_u64_push(queue, start)) != 0)
        return rc;
    if (eight_matches(goal, start)) {
        *moves = 0;
        return 0;
    }
    size_t head = 0;
    for (unsigned depth = 0; depth < in->cap && head < queue->len; depth++) {
        size_t level_end = queue->len;
        rc = vec_u64_reserve(queue, queue->len +
                                        (level_end - head) * EIGHT_MAX_DEGREE);
        if (rc)
            goto out;
        uint64_t *q = queue->v;
        size_t len = queue->len;
        for (; head < level_end; head++) {
            uint64_t s = q[head];
            unsigned p = eight_empty(s);
            expanded++;
            for (unsigned k = 0; k < b->degree[p]; k++) {
                uint64_t next = eight_move(s, p, b->next[p][k], b->axis[p][k]);
                int fresh = VISIT_INSERT(v, next);
                if (fresh < 0) {
                    rc = fresh;
                    queue->len = len;
                    goto out;
                }
                /* written always, kept when fresh: no branch on "seen" */
                q[len] = next;
                len += (size_t)fresh;
                if (fresh && eight_matches(goal, next)) {
                    *moves = (int32_t)depth + 1;
                    queue->len = len;
                    goto out;
                }
            }
        }
        queue->len = len;
    }
out:
    work->count[PB_WORK_MAIN] += expanded;
    return rc;
}
