/*
 * pb_answer_text.h - answers read back as text: a corpus file's expected
 * outputs (NAME.out beside NAME.in) are checked against the oracle's
 * answers by reading both with the kernel's answer reader
 * (pb_answer_ops.read) into the normalised text of the part the problem
 * fixes (one space between tokens, a wrapped sequence joined), then
 * comparing the two texts. This is the toolkit those readers share:
 * tokens over an in-memory text (spans, no copies, no length limit) and
 * the growing normalised text. O(text).
 */
#ifndef PB_ANSWER_TEXT_H
#define PB_ANSWER_TEXT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* A cursor over a text's blank-separated tokens. */
struct pb_tokens {
    const char *p, *end;
    unsigned line; /* of the last token read */
};

struct pb_token {
    const char *s;
    size_t n;
};

/* Where a normalised answer grows (malloc'ed; NULL after a failure). */
struct pb_text {
    char *s;
    size_t n, cap;
};

/* A kernel's answer reader (struct pb_answer_ops's read). */
typedef bool (*pb_answer_reader)(struct pb_tokens *t, size_t hint,
                                 struct pb_text *fixed, char *why,
                                 size_t why_len);

/* The next token into out, consumed; false at the end. */
bool pb_token_next(struct pb_tokens *t, struct pb_token *out);
/* The next token without consuming it. */
bool pb_token_peek(const struct pb_tokens *t, struct pb_token *out);
/* Appends s[0..n) to x, after a space when space is true and x is not
 * empty; x->s becomes NULL when it cannot grow. */
void pb_text_append(struct pb_text *x, const char *s, size_t n, bool space);
/* Whether k is not empty and all its bytes are in set. */
bool pb_token_all_of(const struct pb_token *k, const char *set);
/* An integer of at most 18 digits, at least -1 (the kernels' "none"). */
bool pb_token_integer(const struct pb_token *k, long long *out);
/* k as messages show it: at most 24 bytes, then "...". */
void pb_token_shown(const struct pb_token *k, char *buf, size_t len);

/* pb_token_next, and what a message says of it into found: "found
 * 'TOKEN'" (pb_token_shown) or "found the end of the file". */
bool pb_token_next_found(struct pb_tokens *t, struct pb_token *k, char *found,
                         size_t len);
/* A number (or -1), named `what` in messages, appended to fixed; false
 * with why[] saying what was expected. */
bool pb_answer_read_number(struct pb_tokens *t, const char *what,
                           struct pb_text *fixed, long long *value, char *why,
                           size_t why_len);
/* The default answer reader (a kernel without answer.read): `hint`
 * tokens (as many as the oracle's answer has), all of them compared. */
bool pb_answer_read_tokens(struct pb_tokens *t, size_t hint,
                           struct pb_text *fixed, char *why, size_t why_len);

/* In a reader: unless cond, why[] (the reader's why, why_len) says what
 * was expected and the reader returns false. */
#define PB_ANSWER_NEED(cond, ...)                                              \
    do {                                                                       \
        if (!(cond)) {                                                         \
            snprintf(why, why_len, __VA_ARGS__);                               \
            return false;                                                      \
        }                                                                      \
    } while (0)

#endif
