/*
 * eight_bibfs_body.h - bidirectional breadth-first search for the Cubic
 * Eight-Puzzle, instantiated per visited set by including it with
 * defines:
 *
 *   BIBFS_FN                    name of the generated static function
 *   VISIT_CTX                   type of the visited-set context
 *   VISIT_INSERT(ctx, side, s)  marks s seen from side 0 (forward) or 1
 *                               (backward): 0 if that side had seen it,
 *                               1 if new and unseen by the other side,
 *                               2 if new and seen by the other side,
 *                               <0 error
 *
 * Forward from the start, backward from all 2^cubes full states that show
 * the pattern (rolls are their own inverses, so backward moves are the
 * same moves), one whole level at a time, always expanding the side with
 * the smaller frontier.
 *
 * Stopping rule (exact under the cap). Let f and b be the completed depths
 * of the two sides before a level is expanded, with no state seen from
 * both. A path of length L <= f + b would have a state within f of the
 * start and within b of a goal, seen from both sides; so L > f + b. When
 * expanding one side by a level (say forward to f + 1) generates a state
 * new to it and already seen backward (at depth <= b), L <= f + 1 + b;
 * hence L = f + b + 1, found at the first such state. The search stops
 * with -1 once f + b reaches the cap (then L > cap) or when a frontier
 * empties (its side has reached everything connected to it).
 * Time and memory O(S_f + S_b) for the two balls of radii ~L/2, against
 * one ball of radius L for eight_bfs_body.h.
 * Reference: Pohl, "Bi-directional search", Machine Intelligence 6, 1971.
 */
#include <stdint.h>

#include "eight.h"
#include "pb.h"
#include "vec_u64.h"

static int BIBFS_FN(VISIT_CTX v, const struct eight_board *b,
                    const struct eight_instance *in, uint64_t *goals,
                    struct vec_u64 queue[2], int32_t *moves,
                    struct pb_work *work)
{
    uint64_t start = eight_start_state(in->start), expanded = 0;
    uint64_t n_goals = eight_goal_states(in, goals);
    queue[0].len = queue[1].len = 0;
    *moves = EIGHT_NO_ANSWER;
    int rc = VISIT_INSERT(v, 0, start);
    if (rc < 0 || (rc = vec_u64_push(&queue[0], start)) != 0)
        return rc;
    rc = vec_u64_reserve(&queue[1], n_goals);
    if (rc)
        return rc;
    for (uint64_t i = 0; i < n_goals; i++) {
        int fresh = VISIT_INSERT(v, 1, goals[i]);
        if (fresh < 0)
            return fresh;
        queue[1].v[queue[1].len++] = goals[i];
        if (fresh == 2) {
            *moves = 0;
            return 0;
        }
    }
    size_t level_start[2] = {0, 0};
    unsigned depth[2] = {0, 0};
    while (depth[0] + depth[1] < in->cap) {
        size_t frontier[2] = {queue[0].len - level_start[0],
                              queue[1].len - level_start[1]};
        int side = frontier[1] < frontier[0];
        if (frontier[side] == 0)
            break;
        struct vec_u64 *qv = &queue[side];
        size_t head = level_start[side], level_end = qv->len;
        rc = vec_u64_reserve(qv, qv->len + frontier[side] * EIGHT_MAX_DEGREE);
        if (rc)
            goto out;
        uint64_t *q = qv->v;
        size_t len = qv->len;
        for (; head < level_end; head++) {
            uint64_t s = q[head];
            unsigned p = eight_empty(s);
            expanded++;
            for (unsigned k = 0; k < b->degree[p]; k++) {
                uint64_t next = eight_move(s, p, b->next[p][k], b->axis[p][k]);
                int fresh = VISIT_INSERT(v, side, next);
                if (fresh < 0) {
                    rc = fresh;
                    qv->len = len;
                    goto out;
                }
                q[len] = next;
                len += fresh != 0;
                if (fresh == 2) {
                    *moves = (int32_t)(depth[0] + depth[1] + 1);
                    qv->len = len;
                    goto out;
                }
            }
        }
        qv->len = len;
        level_start[side] = level_end;
        depth[side]++;
    }
out:
    work->count[PB_WORK_MAIN] += expanded;
    return rc;
}
