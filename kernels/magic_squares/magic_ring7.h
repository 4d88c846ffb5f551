/*
 * magic_ring7.h - the 2 x 7 ring (14 cells, 14! states) as a whole
 * ranked space, with 64-bit ranks (magic_ring7.c): a census-only size,
 * since corpora stay at K <= MAGIC_K_MAX. magic_space_new hands K = 7
 * here, after checking the arguments.
 */
#ifndef MAGIC_RING7_H
#define MAGIC_RING7_H

#include <stdint.h>

#include "pb_error.h"
#include "pb_space.h"

int magic_ring7_space_new(const struct pb_space_args *args,
                          struct pb_space *out, struct pb_error *e);
/* The Lehmer rank of a 14-cell state and its inverse, by plain loops:
 * the reference of the tests and the path of builds without SSE4.1. */
uint64_t magic_ring7_rank(uint64_t s);
uint64_t magic_ring7_unrank(uint64_t rank);

#endif
