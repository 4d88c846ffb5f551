/*
 * walk_internal.h - functions shared by the cube_walk kernel files
 * (formats, generator, oracle, descriptor); not used by variants.
 */
#ifndef WALK_INTERNAL_H
#define WALK_INTERNAL_H

#include "pb.h"
#include "walk.h"

/* Square names: the file as letters in bijective base 26 (a..z, aa..az,
 * ...; a..h on the judge's board), then the rank in decimal: "e2",
 * "aa100". */
int walk_square_name(const struct walk_instance *in, uint32_t square, char *out,
                     size_t len);

/* The board of a size ({0, 0}: the judge's 8 x 8); -EINVAL with a
 * message when the kernel has no such board. */
int walk_board_of_size(const struct pb_size *size, uint32_t *rows,
                       uint32_t *cols, struct pb_error *e);
/* Heap bytes of the plain reference search on a rows x cols board. */
uint64_t walk_oracle_bytes(uint64_t cells);

int walk_read(const char *text, size_t len, struct pb_corpus *corpus,
              struct pb_error *e);
int walk_write_instance(FILE *out, const void *instance, const void *previous);
int walk_write_answer(FILE *out, const void *instance, const void *answer);
/* answer.read: the sum (or -1); the route's squares are checked for shape but
 * not compared, since several routes are optimal. */
struct pb_tokens;
struct pb_text;
bool walk_read_answer(struct pb_tokens *t, size_t hint, struct pb_text *fixed,
                      char *why, size_t why_len);
void walk_instance_free(void *instance);

int walk_generate(const struct pb_gen_args *args, struct pb_corpus *corpus,
                  struct pb_error *e);

void *walk_oracle_new(const struct pb_corpus *corpus, struct pb_error *e);
bool walk_oracle_check(const void *oracle, const void *instance,
                       const void *answer, char *why, size_t why_len);
int walk_oracle_solve(const void *oracle, const void *instance, void *answer);
void walk_oracle_free(void *oracle);

#endif
