/*
 * gen.h - generating a corpus from a "family[:param]" string, shared by
 * the gen and run verbs.
 */
#ifndef GEN_H
#define GEN_H

#include <errno.h>
#include <stdio.h>

#include "pb.h"

/* size {0, 0} selects the kernel's judge size.
 * -EINVAL: bad family, parameter or size (a usage error); other codes:
 * resource failures. On success corpus holds count instances. */
int pb_generate(const struct pb_kernel *k, const char *family_spec,
                struct pb_size size, size_t count, uint64_t seed,
                struct pb_corpus *corpus, struct pb_error *e);
/* The same, the generator's notes on long steps (a full search that takes
 * minutes) written to notes before they start (NULL: none). Requests
 * over the memory cap are refused with -ENOMEM (the estimate in e). */
int pb_generate_noted(const struct pb_kernel *k, const char *family_spec,
                      struct pb_size size, size_t count, uint64_t seed,
                      FILE *notes, struct pb_corpus *corpus,
                      struct pb_error *e);
/* Checks family_spec and size as pb_generate would, without generating:
 * 0, or -EINVAL with the generator's message in e. */
int pb_generate_check(const struct pb_kernel *k, const char *family_spec,
                      struct pb_size size, struct pb_error *e);

#endif
