/*
 * cubing_kernel.c - the cubing kernel descriptor. The unit of work is the
 * turn: variants count turns applied in struct pb_work's one counter,
 * "turns".
 */
#include "cubing_internal.h"

#include <stddef.h>

extern const struct pb_variant *const cubing_variants[];
extern const struct pb_env_knob cubing_env_knobs[];

/* Room for the stickers of the corpus's largest cube only. */
static size_t cube_answer_size_for(const struct pb_corpus *corpus)
{
    int n = CUBE_N_MIN;
    for (size_t i = 0; i < corpus->count; i++) {
        const struct cube_instance *in = pb_corpus_item(corpus, i);
        n = in->n > n ? in->n : n;
    }
    return offsetof(struct cube_answer, sticker) + (size_t)cube_stickers(n);
}

/* Counter PB_WORK_MAIN: what work_per_second counts. */
static const struct pb_counter_def cube_counters[] = {
    {"turns", "turns applied"}, {NULL, NULL}};

const struct pb_kernel cubing_kernel = {
    .name = "cubing",
    .summary = "BOJ 5373 Cubing: face turns on a solved N x N x N cube, "
               "print the U face (or all six)",
    .instance_size = sizeof(struct cube_instance),
    .format = {.read = cube_read,
               .write_begin = cube_write_begin,
               .write_instance = cube_write_instance,
               .instance_free = cube_instance_free},
    .answer = {.size = sizeof(struct cube_answer),
               .size_for = cube_answer_size_for,
               .write = cube_write_answer},
    .oracle = {.build = cube_oracle_new,
               .check = cube_oracle_check,
               .solve = cube_oracle_solve,
               .free = cube_oracle_free},
    /* the single-number syntax of the core: "3" */
    .size = {.label = "cube order N (N x N x N)", .judge = {CUBE_JUDGE_N, 0}},
    .work = {.counters = cube_counters},
    .families_help = "random[:L] (L turns, 1000) | long[:L] (10^6) | "
                     "identity (returns to solved); size = cube order N, "
                     "2..64",
    .default_variant = "simd_chains",
    .generate = cube_generate,
    .variants = cubing_variants,
    .env_knobs = cubing_env_knobs,
};
