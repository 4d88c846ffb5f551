/*
 * suggest.h - "did you mean X?" for a misspelt name: the closest of a
 * list of valid names (variants, kernels, families, suites, long
 * options) by edit distance, Damerau-Levenshtein in its optimal string
 * alignment form (an insertion, deletion, substitution or swap of two
 * adjacent characters costs 1; ASCII case ignored), within a limit
 * that grows with the typed name: a third of its length, at least 1,
 * at most 2, so that a short typo still finds its name and an unrelated
 * word finds none. O(|a| x |b|) time and O(|b|) space per distance.
 */
#ifndef PB_SUGGEST_H
#define PB_SUGGEST_H

#include <stddef.h>

#include "pb.h"

/* Names longer than this are never suggested (nor typed ones matched):
 * no valid name is that long. */
#define PB_SUGGEST_MAX_LEN 64

/* The edit distance between a and b (above), or SIZE_MAX when either is
 * longer than PB_SUGGEST_MAX_LEN. */
size_t pb_edit_distance(const char *a, const char *b);

/* The closest valid name offered so far, and every name offered, for
 * the message: pb_suggest_init, then pb_suggest_offer for every valid
 * name; best is "" when none is within the limit, else the first
 * offered of the closest ones. */
#define PB_SUGGEST_NAMES 1024
struct pb_suggest {
    const char *typed;
    char best[PB_SUGGEST_MAX_LEN + 1]; /* a copy; "" when none is close */
    size_t distance;
    char names[PB_SUGGEST_NAMES]; /* "a, b, c", cut short with "..." */
    char text[PB_SUGGEST_NAMES + 2 * PB_SUGGEST_MAX_LEN + 64];
};
void pb_suggest_init(struct pb_suggest *s, const char *typed);
void pb_suggest_offer(struct pb_suggest *s, const char *name);
/* The same, listed as shown (a family with its knob: "depth:D"). */
void pb_suggest_offer_shown(struct pb_suggest *s, const char *name,
                            const char *shown);
/* Every kernel's name (pb_kernels), or every variant's of k, offered. */
void pb_suggest_kernels(struct pb_suggest *s);
void pb_suggest_variants(struct pb_suggest *s, const struct pb_kernel *k);
/* What a message about the misspelt name says after "unknown X 'typed'; ":
 * "did you mean 'best'? expected one of: a, b, c", or without the
 * question when best is "". */
const char *pb_suggest_text(struct pb_suggest *s);

#endif
