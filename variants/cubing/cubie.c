/*
 * cubie.c - Cubing on the 3 x 3 x 3 cube as 8 corners and 12 edges with
 * orientation (cubie_tables.h): a turn is 20 table look-ups, and the
 * stickers are produced once, for the answer. Tables built at build time
 * from the sticker permutations. N = 3 only: a corpus with another order
 * is not accepted (cube_accepts_3). O(20) per turn.
 */
#include <errno.h>
#include <stdlib.h>

#include "cubing_variant.h"
#include "cubie_tables.h"

static int cubie_build(const struct pb_corpus *corpus, void **shared,
                       struct pb_error *e)
{
    (void)corpus; /* N = 3 only: cube_accepts_3 */
    struct cubie_tables *t = malloc(sizeof(*t));
    if (!t)
        return pb_fail(e, -ENOMEM, "out of memory");
    int rc = cubie_tables_init(t);
    if (rc) {
        free(t);
        return pb_fail(e, rc, "a turn does not move cubies rigidly");
    }
    *shared = t;
    return 0;
}

static void *cubie_worker_new(const struct pb_corpus *corpus,
                              const void *shared)
{
    (void)corpus;
    /* the shared tables are the worker: read-only, const cast away */
    /* NOLINTNEXTLINE(performance-no-int-to-ptr) */
    return (void *)(uintptr_t)shared;
}

static void cubie_worker_free(void *worker)
{
    (void)worker;
}

static int cubie_solve(void *worker, const void *instance, void *answer,
                       struct pb_work *work, struct pb_error *e)
{
    (void)e;
    const struct cubie_tables *t = worker;
    const struct cube_instance *in = instance;
    struct cubie_state s[2];
    cubie_solved(&s[0]);
    for (uint32_t j = 0; j < in->count; j++)
        cubie_turn(t, &s[j & 1], in->turns[j], &s[!(j & 1)]);
    struct cube_answer *out = answer;
    cube_answer_begin(out, 3);
    cubie_to_stickers(t, &s[in->count & 1], out->sticker);
    work->count[PB_WORK_MAIN] += in->count;
    return 0;
}

const struct pb_variant cube_variant_cubie = {
    .name = "cubie",
    .summary = "3x3x3 only: 8 corners + 12 edges with orientation, stickers "
               "only for the answer",
    .accepts = cube_accepts_3,
    .build = cubie_build,
    .free_shared = free,
    .worker_new = cubie_worker_new,
    .solve = cubie_solve,
    .worker_free = cubie_worker_free,
};
