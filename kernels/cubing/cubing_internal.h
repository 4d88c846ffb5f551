/*
 * cubing_internal.h - functions shared by the cubing kernel files (formats,
 * generator, oracle); not used by variants.
 */
#ifndef CUBE_INTERNAL_H
#define CUBE_INTERNAL_H

#include "cubing.h"
#include "pb.h"

#define CUBE_MAX_CASES 1000000
#define CUBE_MAX_COMMANDS 10000000

/* "U+" -> 0 ... "R-" -> 11; -1 when not a command. */
int cube_parse_turn(const char *word);

int cube_read(const char *text, size_t len, struct pb_corpus *corpus,
              struct pb_error *e);
int cube_write_begin(FILE *out, size_t count);
int cube_write_instance(FILE *out, const void *instance, const void *previous);
int cube_write_answer(FILE *out, const void *instance, const void *answer);
void cube_instance_free(void *instance);
int cube_generate(const struct pb_gen_args *args, struct pb_corpus *corpus,
                  struct pb_error *e);

void *cube_oracle_new(const struct pb_corpus *corpus, struct pb_error *e);
bool cube_oracle_check(const void *oracle, const void *instance,
                       const void *answer, char *why, size_t why_len);
int cube_oracle_solve(const void *oracle, const void *instance, void *answer);
void cube_oracle_free(void *oracle);

#endif
