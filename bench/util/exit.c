/*
 * exit.c - the usage-error line of every verb (exit.h). O(message).
 */
#include "util/exit.h"

#include <stdarg.h>
#include <stdio.h>

int pb_usage_error(const char *verb, const char *fmt, ...)
{
    char raw[1024], text[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(raw, sizeof(raw), fmt, ap);
    va_end(ap);
    pb_escape_controls(raw, text, sizeof(text));
    fprintf(stderr, "puzzlebench %s: %s; see 'puzzlebench %s --help'\n", verb,
            text, verb);
    return PB_EXIT_USAGE;
}
