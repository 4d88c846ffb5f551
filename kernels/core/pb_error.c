/*
 * pb_error.c - error messages (pb_error.h): pb_fail, and the escaping of
 * control bytes that input may carry into a message. O(message length).
 */
#include "pb_error.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>

void pb_escape_controls(const char *text, char *out, size_t len)
{
    static const char hex[] = "0123456789abcdef";
    size_t n = 0;
    for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
        bool control = *p < 0x20 || *p == 0x7f;
        size_t need = control ? 4 : 1;
        if (n + need >= len)
            break;
        if (control) {
            out[n++] = '\\';
            out[n++] = 'x';
            out[n++] = hex[*p >> 4];
            out[n++] = hex[*p & 15];
        } else {
            out[n++] = (char)*p;
        }
    }
    out[n] = '\0';
}

int pb_fail(struct pb_error *e, int code, const char *fmt, ...)
{
    if (e) {
        char raw[sizeof(e->msg)];
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(raw, sizeof(raw), fmt, ap);
        va_end(ap);
        pb_escape_controls(raw, e->msg, sizeof(e->msg));
    }
    return code;
}
