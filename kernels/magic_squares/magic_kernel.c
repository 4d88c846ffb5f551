/*
 * magic_kernel.c - the magic_squares kernel descriptor and its census
 * (states per depth from the start, by the plain reference search) and
 * its whole space for the engine (magic_space.c).
 */
#include "magic_internal.h"
#include "magic_space.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "pb_limits.h"

extern const struct pb_variant *const magic_squares_variants[];

static int magic_census(const struct pb_size *size, bool with_inverses,
                        uint64_t *counts, size_t max_depths, size_t *depths,
                        struct pb_error *e)
{
    int k = pb_size_set(size) ? size->a : MAGIC_K_JUDGE;
    if (k < MAGIC_K_MIN || k > MAGIC_K_MAX)
        return pb_fail(e, -EINVAL,
                       "size %d out of range; expected "
                       "the ring width K = %d..%d",
                       k, MAGIC_K_MIN, MAGIC_K_MAX);
    char what[64];
    snprintf(what, sizeof(what), "the census of the 2 x %d ring", k);
    int rc = pb_memory_check(magic_plain_bytes(k), what, e);
    if (rc)
        return rc;
    uint8_t *d = magic_plain_depths(k, with_inverses);
    if (!d)
        return pb_fail(e, -ENOMEM, "out of memory for 2 x %d", k);
    *depths = 0;
    for (size_t i = 0; i < max_depths; i++)
        counts[i] = 0;
    for (uint32_t r = 0; r < magic_factorial[2 * k]; r++) {
        if (d[r] == MAGIC_PLAIN_UNSEEN)
            continue;
        if (d[r] >= max_depths) {
            unsigned depth = d[r]; /* read before d is freed */
            free(d);
            return pb_fail(e, -ERANGE, "depth %u exceeds %zu", depth,
                           max_depths);
        }
        counts[d[r]]++;
        if ((size_t)d[r] + 1 > *depths)
            *depths = (size_t)d[r] + 1;
    }
    free(d);
    return 0;
}

/* Counter PB_WORK_MAIN: what work_per_second counts. */
static const struct pb_counter_def magic_counters[] = {
    {"expanded", "states expanded"}, {NULL, NULL}};

static const struct pb_space_ops magic_space = {
    .census_help = "size K (the 2 x K ring), 3..7",
    .census = magic_census,
    .build = magic_space_new,
    .free = magic_space_free,
};

const struct pb_kernel magic_squares_kernel = {
    .name = "magic_squares",
    .summary = "IOI 1996 Magic Squares: shortest, alphabetically first A/B/C "
               "sequence on the 2 x K ring",
    .instance_size = sizeof(struct magic_instance),
    .format = {.read = magic_read, .write_instance = magic_write_instance},
    .answer = {.size = sizeof(struct magic_answer),
               .write = magic_write_answer,
               .read = magic_read_answer},
    .oracle = {.build = magic_oracle_new,
               .check = magic_oracle_check,
               .solve = magic_oracle_solve,
               .free = magic_oracle_free},
    .space = &magic_space,
    /* the single-number syntax of the core: "4" */
    .size = {.label = "ring width K (2 x K board)",
             .judge = {MAGIC_K_JUDGE, 0}},
    .work = {.counters = magic_counters},
    .families_help = "uniform | depth:D (exact optimum D); size = ring "
                     "width K, 3..6",
    .default_variant = "bibfs",
    .generate = magic_generate,
    .variants = magic_squares_variants,
};
