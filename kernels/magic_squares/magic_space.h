/*
 * magic_space.h - the 2 x K ring as a whole ranked space for the
 * whole-space engine (pb_space.h): K = 3..6 in magic_space.c (ranks of 32
 * bits, on the fast rank and unrank of magic_unrank.h), K = 7 in
 * magic_ring7.c (ranks of 64 bits); magic_space_new checks the arguments
 * and picks by K.
 */
#ifndef MAGIC_SPACE_H
#define MAGIC_SPACE_H

#include "pb_error.h"
#include "pb_space.h"

/* The kernel's space_new / space_free (pb_kernel.h): the directed ring
 * (next: A, B, C; prev: their inverses) or, with_inverses, the
 * undirected ring of A, B, C, B^-1, C^-1; start magic_start(K). */
int magic_space_new(const struct pb_space_args *args, struct pb_space *out,
                    struct pb_error *e);
void magic_space_free(struct pb_space *space);

/* The widest ring census and the engine take (corpora stay at K <=
 * MAGIC_K_MAX). */
#define MAGIC_SPACE_K_MAX 7

#endif
