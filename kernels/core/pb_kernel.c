/*
 * pb_kernel.c - a kernel's sizes through its hooks (struct pb_size_ops,
 * pb_kernel.h): the one place where a size is read from text and written
 * back for a kernel, each hook or, where it is NULL, the single-number
 * default of pb_size.c. O(length of the text); nothing allocated.
 */
#include "pb_kernel.h"

int pb_size_parse(const struct pb_kernel *k, const char *text,
                  struct pb_size *out, struct pb_error *e)
{
    struct pb_error why;
    int rc = k->size.parse ? k->size.parse(text, out, &why)
                           : pb_size_parse_number(text, out, &why);
    return rc ? pb_fail(e, rc, "%s: %s", k->name, why.msg) : 0;
}

int pb_size_format(const struct pb_kernel *k, const struct pb_size *s,
                   char *out, size_t len)
{
    return k->size.format ? k->size.format(s, out, len)
                          : pb_size_format_number(s, out, len);
}

double pb_size_value(const struct pb_kernel *k, const struct pb_size *s)
{
    return k->size.value ? k->size.value(s) : pb_size_value_number(s);
}

struct pb_size pb_size_or_judge(const struct pb_kernel *k,
                                const struct pb_size *s)
{
    return pb_size_set(s) ? *s : k->size.judge;
}
