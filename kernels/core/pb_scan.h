/*
 * pb_scan.h - a token scanner over an in-memory text with line numbers,
 * for the kernels' judge-format readers.
 *
 * Tokens are runs of non-blank characters. A '#' that starts a token
 * comments out the rest of its line; comment lines of the form
 * "# key value" fill the corpus header (struct pb_corpus_meta). Every
 * error names the source and line of the offending token and what was
 * expected there, e.g. "corpus.txt:3: expected a number 1..8, found 'x'".
 * Cost: O(length of the text), no allocation.
 */
#ifndef PB_SCAN_H
#define PB_SCAN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "pb_corpus.h" /* struct pb_corpus_meta, which the header fills */
#include "pb_error.h"

struct pb_scan {
    const char *source; /* for messages */
    const char *p;
    const char *end;
    uint32_t line;               /* line of the next token after skip */
    struct pb_corpus_meta *meta; /* header keys land here; may be NULL */
};

void pb_scan_init(struct pb_scan *s, const char *source, const char *text,
                  size_t len, struct pb_corpus_meta *meta);
/* Skips blanks and comments; true when another token follows. */
bool pb_scan_more(struct pb_scan *s);
/* true when the next token is exactly `word` (consumes it then). */
bool pb_scan_accept(struct pb_scan *s, const char *word);
/* Reads an integer in [min, max]; `what` names it in messages. */
int pb_scan_long(struct pb_scan *s, long min, long max, const char *what,
                 long *out, struct pb_error *e);
/* Reads the next token into buf (NUL-terminated). */
int pb_scan_word(struct pb_scan *s, char *buf, size_t len, const char *what,
                 struct pb_error *e);
/* Formats "source:line: " + message into e and returns -EINVAL. */
int pb_scan_fail(const struct pb_scan *s, struct pb_error *e, const char *fmt,
                 ...) PB_PRINTF(3, 4);

#endif
