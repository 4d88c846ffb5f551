/*
 * pb_error.h - how library code reports a failure: actions return 0 or a
 * negative errno-style code and describe the problem in a struct
 * pb_error, one line saying where (file:line) and what was expected;
 * predicates return bool; nothing in a library exits. pb_fail sets the
 * message and returns the code in one statement (pb_error.c).
 */
#ifndef PB_ERROR_H
#define PB_ERROR_H

#include <errno.h> /* the codes are errno's, negated */
#include <stddef.h>

/* One human-readable message: where (file:line) and what was expected. */
struct pb_error {
    char msg[512];
};

#if defined(__GNUC__)
#define PB_PRINTF(fmt, args) __attribute__((format(printf, fmt, args)))
#else
#define PB_PRINTF(fmt, args)
#endif

/* Sets e->msg (when e is not NULL) and returns code, so callers can write
 * `return pb_fail(e, -EINVAL, "...")`. Control bytes in the message (from
 * echoed input) are written escaped, as pb_escape_controls does. */
int pb_fail(struct pb_error *e, int code, const char *fmt, ...) PB_PRINTF(3, 4);
/* Copies text into out (len > 0 bytes, always terminated), writing each
 * control byte (below 0x20, and 0x7f) as \xHH, so input echoed in a
 * message can neither drive a terminal nor split the line. */
void pb_escape_controls(const char *text, char *out, size_t len);

#endif
