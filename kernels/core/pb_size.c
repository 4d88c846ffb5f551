/*
 * pb_size.c - problem sizes (struct pb_size, pb_size.h): the two common
 * syntaxes (a single number "64", a board "3x4") that kernels plug into
 * struct pb_size_ops or leave as the defaults (pb_kernel.c picks), and
 * the tests of a size. Every function is O(length of the text) and
 * allocates nothing.
 */
#include "pb_size.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

/* Reads the decimal number at *p (digits only: no sign, no blanks) into
 * *out and moves *p past it: true when it is 1..PB_SIZE_MAX. */
static bool take_number(const char **p, int32_t *out)
{
    const char *q = *p;
    long v = 0;
    while (*q >= '0' && *q <= '9') {
        v = v * 10 + (*q - '0');
        if (v > PB_SIZE_MAX)
            return false;
        q++;
    }
    if (q == *p || v < 1)
        return false;
    *out = (int32_t)v;
    *p = q;
    return true;
}

int pb_size_parse_number(const char *text, struct pb_size *out,
                         struct pb_error *e)
{
    const char *p = text;
    struct pb_size s = {0, 0};
    if (!take_number(&p, &s.a) || *p)
        return pb_fail(e, -EINVAL,
                       "size '%.40s' is not a number; expected a whole "
                       "number 1..%d",
                       text, PB_SIZE_MAX);
    *out = s;
    return 0;
}

int pb_size_format_number(const struct pb_size *s, char *out, size_t len)
{
    int n = snprintf(out, len, "%d", (int)s->a);
    return n < 0 || (size_t)n >= len ? -ENAMETOOLONG : 0;
}

double pb_size_value_number(const struct pb_size *s)
{
    return (double)s->a;
}

int pb_size_parse_board(const char *text, struct pb_size *out,
                        struct pb_error *e)
{
    const char *p = text;
    struct pb_size s = {0, 0};
    if (!take_number(&p, &s.a) || *p++ != 'x' || !take_number(&p, &s.b) || *p)
        return pb_fail(e, -EINVAL,
                       "size '%.40s' is not a board; expected ROWSxCOLUMNS "
                       "such as 3x4, each 1..%d",
                       text, PB_SIZE_MAX);
    *out = s;
    return 0;
}

int pb_size_format_board(const struct pb_size *s, char *out, size_t len)
{
    int n = snprintf(out, len, "%dx%d", (int)s->a, (int)s->b);
    return n < 0 || (size_t)n >= len ? -ENAMETOOLONG : 0;
}

double pb_size_value_cells(const struct pb_size *s)
{
    return (double)s->a * (double)s->b;
}

bool pb_size_set(const struct pb_size *s)
{
    return s->a != 0 || s->b != 0;
}

bool pb_size_equal(const struct pb_size *x, const struct pb_size *y)
{
    return x->a == y->a && x->b == y->b;
}
