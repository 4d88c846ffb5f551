/*
 * bibfs_body.h - the bidirectional breadth-first search skeleton
 * (magic_squares' bibfs, cubic_eight's bibfs_array and bibfs_hash),
 * instantiated per state encoding and visited sets by including it with
 * defines, like bfs_body.h:
 *
 *   BIBFS_FN                     name of the generated static function
 *   BIBFS_CTX                    type of the context handed to the hooks
 *   BIBFS_MAX_DEGREE(ctx)        most successors of any state
 *   BIBFS_DEGREE(ctx, side, s)   moves from s on side 0 (forward) or 1
 *                                (backward), tried in order 0..n-1
 *   BIBFS_NEXT(ctx, side, s, m)  forward: the successor of s under move
 *                                m; backward: the state that move m takes
 *                                to s (the same state where moves are
 *                                their own inverses)
 *   BIBFS_MARK(ctx, side, s, d)  marks s seen from `side` at depth d:
 *                                0 if that side had seen it, 1 if new and
 *                                unseen by the other side, 2 if new and
 *                                seen by the other side, <0 error
 *   BIBFS_PATHS                  1: entries record parent and move (both
 *                                trees keep paths); 0: states only
 *   BIBFS_FIRST_FORWARD          1: report the meeting state that comes
 *                                first in forward queue order, in the
 *                                forward tree (needs BIBFS_SEEN(ctx,
 *                                side, s): s was seen from `side`);
 *                                0: the first meeting found, on either
 *                                side
 *
 * Generated:
 *   static int BIBFS_FN(BIBFS_CTX ctx, struct bfs_tree tree[2],
 *                       uint64_t start, const uint64_t *goals,
 *                       size_t n_goals, unsigned max_length,
 *                       struct bfs_result *found, struct pb_work *work);
 * Forward from the start, backward from the n_goals goal states, one
 * whole level at a time, always expanding the side with the smaller
 * frontier. Sets *found to the meeting state's entry, its side and the
 * answer's length, or found->entry to BFS_NONE when there is no answer
 * of at most max_length moves. The trees keep every state reached (a
 * caller clears its visited sets through them). Returns 0 or a negative
 * error from BIBFS_MARK or growth (-ENOMEM).
 *
 * Stopping rule (exact under the cap). Let f and b be the completed
 * depths of the two sides before a level is expanded, with no state seen
 * from both. A path of length L <= f + b would have a state within f of
 * the start and within b of a goal, seen from both sides; so L > f + b.
 * When expanding one side by a level (say forward to f + 1) generates a
 * state new to it and already seen backward (at depth <= b),
 * L <= f + 1 + b; hence L = f + b + 1, found at the first such state.
 * The search stops without an answer once f + b reaches max_length (then
 * L > max_length) or when a frontier empties (its side has reached
 * everything connected to it).
 *
 * First in forward order. Every meeting state of that level lies at
 * forward depth f + 1 and backward depth b (expanding forward) or at
 * forward depth f and backward depth b + 1 (expanding backward): a
 * meeting state any nearer the start would give a path shorter than L.
 * Expanding forward, states are generated in forward queue order, so the
 * first meeting generated is the first; expanding backward, the level is
 * finished and the forward frontier scanned for its first state seen
 * backward. The forward tree's path to that state is then the
 * alphabetically first shortest prefix, when moves are tried in
 * alphabetical order.
 * Time and memory O(S_f + S_b) for the two balls of radii ~L/2, against
 * one ball of radius L for bfs_body.h.
 * Reference: Pohl, "Bi-directional search", Machine Intelligence 6, 1971.
 */
#include <stdbool.h>
#include <stdint.h>

#include "bfs_tree.h"
#include "pb.h"

#if !defined(BIBFS_PATHS) || !defined(BIBFS_FIRST_FORWARD)
#error "bibfs_body.h: define BIBFS_PATHS and BIBFS_FIRST_FORWARD (0 or 1)"
#endif

#define BIBFS_PASTE(a, b) a##b
#define BIBFS_NAME(a, b) BIBFS_PASTE(a, b)
#define BIBFS_LEVEL BIBFS_NAME(BIBFS_FN, _level)

/* Expands side `side`'s level [from, t->len) into depth `depth`. side is
 * a constant after inlining, so the hooks specialise per side (no test
 * of the side per state). 0 when no state was met; 1 when one was, its
 * entry in *meet (with BIBFS_FIRST_FORWARD, backward: after the whole
 * level, *meet untouched); or a negative error. Adds the states expanded
 * to *expanded. */
static inline __attribute__((always_inline)) int
BIBFS_LEVEL(BIBFS_CTX ctx, struct bfs_tree *t, const int side, size_t from,
            unsigned depth, size_t *meet, uint64_t *expanded)
{
    /* locals, as in bfs_body.h: no reloads after each store */
    uint64_t *state = t->state;
#if BIBFS_PATHS
    uint32_t *parent = t->parent;
    uint8_t *move = t->move;
#endif
    size_t head = from, level_end = t->len, len = level_end, cap = t->cap;
    uint64_t n = 0;
    int rc = 0;
    (void)depth; /* a BIBFS_MARK may not record depths */
    for (; head < level_end; head++) {
        if (cap - len < (size_t)BIBFS_MAX_DEGREE(ctx)) {
            t->len = len;
            int grown = bfs_tree_grow(t, len + (size_t)BIBFS_MAX_DEGREE(ctx));
            if (grown) {
                rc = grown;
                goto out;
            }
            state = t->state;
#if BIBFS_PATHS
            parent = t->parent;
            move = t->move;
#endif
            cap = t->cap;
        }
        uint64_t s = state[head];
        unsigned degree = (unsigned)BIBFS_DEGREE(ctx, side, s);
        n++;
        for (unsigned m = 0; m < degree; m++) {
            uint64_t next = BIBFS_NEXT(ctx, side, s, m);
            int fresh = BIBFS_MARK(ctx, side, next, depth);
            if (fresh < 0) {
                rc = fresh;
                goto out;
            }
            /* kept only when new, by a branch: BIBFS_MARK has just taken
             * the same one (writing always and keeping when new, as
             * bfs_body.h does, measured 7 % more instructions here) */
            if (fresh == 0)
                continue;
            state[len] = next;
#if BIBFS_PATHS
            parent[len] = (uint32_t)head;
            move[len] = (uint8_t)m;
#endif
            len++;
            if (fresh == 2) {
                rc = 1;
#if BIBFS_FIRST_FORWARD
                if (side == 1)
                    continue;
#endif
                *meet = len - 1;
                goto out;
            }
        }
    }
out:
    t->len = len;
    *expanded += n;
    return rc;
}

static int BIBFS_FN(BIBFS_CTX ctx, struct bfs_tree tree[2], uint64_t start,
                    const uint64_t *goals, size_t n_goals, unsigned max_length,
                    struct bfs_result *found, struct pb_work *work)
{
    uint64_t expanded = 0;
    *found = (struct bfs_result){BFS_NONE, 0, 0};
    tree[0].len = tree[1].len = 0;
    int rc = BIBFS_MARK(ctx, 0, start, 0);
    if (rc < 0 || (rc = bfs_tree_push(&tree[0], start, BFS_ROOT, 0)) != 0)
        return rc;
    rc = bfs_tree_reserve(&tree[1], n_goals);
    if (rc)
        return rc;
    for (size_t i = 0; i < n_goals; i++) {
        int fresh = BIBFS_MARK(ctx, 1, goals[i], 0);
        if (fresh < 0)
            return fresh;
        (void)bfs_tree_push(&tree[1], goals[i], BFS_ROOT, 0); /* reserved */
        if (fresh == 2) {
            found->entry = 0; /* a goal is the start */
            return 0;
        }
    }
    size_t level_start[2] = {0, 0};
    unsigned depth[2] = {0, 0};
    while (depth[0] + depth[1] < max_length) {
        size_t frontier[2] = {tree[0].len - level_start[0],
                              tree[1].len - level_start[1]};
        int side = frontier[1] < frontier[0];
        if (frontier[side] == 0)
            break;
        size_t level_end = tree[side].len, meet = BFS_NONE;
        rc = side ? BIBFS_LEVEL(ctx, &tree[1], 1, level_start[1], depth[1] + 1,
                                &meet, &expanded)
                  : BIBFS_LEVEL(ctx, &tree[0], 0, level_start[0], depth[0] + 1,
                                &meet, &expanded);
        if (rc < 0)
            goto out;
        if (meet != BFS_NONE) {
            *found = (struct bfs_result){meet, depth[0] + depth[1] + 1, side};
            rc = 0;
            goto out;
        }
        level_start[side] = level_end;
        depth[side]++;
#if BIBFS_FIRST_FORWARD
        for (size_t i = level_start[0]; rc == 1 && i < tree[0].len; i++)
            if (BIBFS_SEEN(ctx, 1, tree[0].state[i])) {
                *found = (struct bfs_result){i, depth[0] + depth[1], 0};
                rc = 0;
                goto out;
            }
#endif
        rc = 0;
    }
out:
    work->count[PB_WORK_MAIN] += expanded;
    return rc;
}

#undef BIBFS_LEVEL
#undef BIBFS_NAME
#undef BIBFS_PASTE
