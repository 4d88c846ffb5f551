/*
 * magic_internal.h - functions shared by the magic_squares kernel files
 * (formats, generator, oracle, census); not used by variants.
 */
#ifndef MAGIC_INTERNAL_H
#define MAGIC_INTERNAL_H

#include "magic.h"
#include "pb.h"

/* Clockwise reading order (the judge input) <-> packed state. Labels are
 * 0-based here; the judge writes them 1-based. */
uint64_t magic_from_clockwise(const uint8_t *labels, int k);
void magic_to_clockwise(uint64_t s, int k, uint8_t *labels);

/* The plain reference BFS (magic_oracle.c): depth[r] = fewest moves from
 * the start to the state of plain rank r (MAGIC_PLAIN_UNSEEN if none), by
 * a straightforward array-of-cells search independent of the packed moves
 * in magic.h. with_inverses adds B^-1 and C^-1 (A is its own inverse).
 * Returns a malloc'ed table of (2K)! bytes, or NULL when out of memory. */
#define MAGIC_PLAIN_UNSEEN 0xFF
uint8_t *magic_plain_depths(int k, bool with_inverses);
/* Heap bytes magic_plain_depths(k) takes at its peak: the depth table and
 * the queue, 5 bytes per state. */
static inline uint64_t magic_plain_bytes(int k)
{
    return 5 * (uint64_t)magic_factorial[2 * k];
}
/* Rank of a packed state in the plain table (the same Lehmer order). */
uint32_t magic_plain_rank(uint64_t s, int k);

int magic_generate(const struct pb_gen_args *args, struct pb_corpus *corpus,
                   struct pb_error *e);
int magic_read(const char *text, size_t len, struct pb_corpus *corpus,
               struct pb_error *e);
int magic_write_instance(FILE *out, const void *instance, const void *previous);
int magic_write_answer(FILE *out, const void *instance, const void *answer);
/* answer.read: the length (or -1) and the sequence, however many lines it is
 * wrapped over. */
struct pb_tokens;
struct pb_text;
bool magic_read_answer(struct pb_tokens *t, size_t hint, struct pb_text *fixed,
                       char *why, size_t why_len);

void *magic_oracle_new(const struct pb_corpus *corpus, struct pb_error *e);
bool magic_oracle_check(const void *oracle, const void *instance,
                        const void *answer, char *why, size_t why_len);
int magic_oracle_solve(const void *oracle, const void *instance, void *answer);
void magic_oracle_free(void *oracle);

#endif
