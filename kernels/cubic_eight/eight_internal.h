/*
 * eight_internal.h - functions shared by the cubic_eight kernel files
 * (formats, generator, oracle, census); not used by variants.
 */
#ifndef EIGHT_INTERNAL_H
#define EIGHT_INTERNAL_H

#include "eight.h"
#include "pb.h"

#define EIGHT_PLAIN_UNSEEN 0xFF

/* The plain reference search (eight_oracle.c), written from the statement
 * apart from the packed moves of eight.h: fewest rolls from the start
 * (every cube in orientation 0, the empty cell at `start`) to every full
 * state, depth[code] with the oracle's own state code (EIGHT_PLAIN_UNSEEN
 * when unreachable). *codes gets the table length. NULL when out of
 * memory. */
uint8_t *eight_plain_depths(int rows, int cols, int start, uint64_t *codes);
/* Heap bytes of one plain search (its depth table, a byte per state code:
 * 15 MB for 3 x 3, 7.5 TB for 4 x 4), and of one (board, start)'s pattern
 * depths, for estimates made before allocating. */
uint64_t eight_plain_bytes(int rows, int cols);
uint64_t eight_pattern_bytes(int rows, int cols);
/* The bytes eight_pattern_depths takes for each start cell in `starts`
 * (a bit per cell) of one board, `parallel` searches at a time. */
uint64_t eight_patterns_bytes(int rows, int cols, uint32_t starts,
                              int parallel);

/* Fewest rolls from `start` to every target pattern, by pattern code
 * (eight_pattern_code), computed once per (board, start) and process and
 * kept (thread-safe); EIGHT_PLAIN_UNSEEN for unreachable patterns. *count
 * gets the number of patterns. NULL when out of memory. */
const uint8_t *eight_pattern_depths(int rows, int cols, int start,
                                    uint64_t *count);

/* The board of a size ({0, 0}: the judge's 3 x 3); -EINVAL with a
 * message when the kernel has no such board (eight_kernel.c). */
int eight_board_of_size(const struct pb_size *size, int *rows, int *cols,
                        struct pb_error *e);

/* The kernel's space for the whole-space engine (eight_space.c; the
 * pb_kernel hooks of the same names). The space's ctx starts with the
 * struct eight_board of its size. */
int eight_space_new(const struct pb_space_args *args, struct pb_space *out,
                    struct pb_error *e);
void eight_space_free(struct pb_space *space);
int eight_space_classes(const struct pb_size *size, struct pb_space_class *out,
                        struct pb_error *e);
int eight_space_start_parse(const struct pb_size *size, const char *text,
                            int *start, struct pb_error *e);

int eight_generate(const struct pb_gen_args *args, struct pb_corpus *corpus,
                   struct pb_error *e);
int eight_read(const char *text, size_t len, struct pb_corpus *corpus,
               struct pb_error *e);
int eight_write_instance(FILE *out, const void *instance, const void *previous);
int eight_write_end(FILE *out);
int eight_write_answer(FILE *out, const void *instance, const void *answer);
/* answer.read: the fewest moves (or -1). */
struct pb_tokens;
struct pb_text;
bool eight_read_answer(struct pb_tokens *t, size_t hint, struct pb_text *fixed,
                       char *why, size_t why_len);

void *eight_oracle_new(const struct pb_corpus *corpus, struct pb_error *e);
bool eight_oracle_check(const void *oracle, const void *instance,
                        const void *answer, char *why, size_t why_len);
int eight_oracle_solve(const void *oracle, const void *instance, void *answer);
void eight_oracle_free(void *oracle);

#endif
