/*
 * verify.h - verification of variants on a corpus, as a printed table:
 * shared by the verify and run verbs.
 */
#ifndef VERIFY_H
#define VERIFY_H

#include <stdio.h>

#include "pb.h"

/* Totals over the rows printed so far: the header comes before the
 * first row, so a corpus refused before any row (the oracle over the
 * memory cap) prints nothing on stdout. */
struct pb_verify_totals {
    size_t rows;
    /* the name columns' widths: the corpus column's at least as given
     * (the caller's widest file name), all set with the header */
    int kernel_width, corpus_width, variant_width;
};

/* Runs each variant (one, or all when only is NULL) on corpus, checks it
 * against the kernel's oracle, prints one row per variant and, for the
 * first wrong answer of a variant, the instance and both answers; a
 * variant that does not take the corpus gets a "not applicable" row.
 * Returns 0 when every answer was right (rows not applicable aside), 1
 * otherwise (a wrong answer, a failed run, a refusal over the memory
 * cap). */
int pb_verify_corpus(const struct pb_corpus *corpus,
                     const struct pb_variant *only, int threads, FILE *out,
                     struct pb_verify_totals *totals);

#endif
