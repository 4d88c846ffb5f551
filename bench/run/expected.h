/*
 * expected.h - a corpus file checked against the expected outputs beside
 * it (a judge's sample.in and sample.out): the kernel's oracle answers
 * every instance, and each answer must agree with the expected one where
 * the problem fixes the answer (docs/problems.md):
 *
 *   cubing         every row of the faces shown
 *   cube_walk      the sum (routes are not unique: only their shape is
 *                  read, squares after the sum)
 *   magic_squares  the length and the sequence (the alphabetically first
 *                  of the shortest is unique), however it is wrapped
 *   cubic_eight    the number of moves (or -1)
 *   another kernel every token of the answer the oracle writes
 *
 * Answers are read as whitespace-separated tokens, as judges compare
 * them, one answer per instance in order, nothing after the last.
 * O(size of the expected file + one oracle solve per instance).
 */
#ifndef EXPECTED_H
#define EXPECTED_H

#include <stdbool.h>
#include <stddef.h>

#include "pb.h"

/* The expected-output file of a corpus file: path with a final ".in"
 * replaced by ".out" (sample.in: sample.out), else path + ".out"
 * (cases.txt: cases.txt.out). -ENAMETOOLONG when it does not fit. */
int pb_expected_path(const char *path, char *out, size_t len);

/* Checks the oracle's answer to every instance of corpus against the
 * answers in the file `expected`, when there is one (*checked says):
 * 0, or -EINVAL with e naming the expected file and line, the instance
 * and both answers (or what was expected where a token is bad or
 * answers are missing); other negative codes for a file that cannot be
 * read. The file is read once, whole, as corpora are (pb_input_read:
 * no NUL byte, -EFBIG over pb_input_cap()); it is found by name, so it
 * is opened without waiting, and a FIFO or a folder there is refused. */
int pb_expected_check(const struct pb_corpus *corpus, const void *oracle,
                      const char *expected, bool *checked, struct pb_error *e);

#endif
