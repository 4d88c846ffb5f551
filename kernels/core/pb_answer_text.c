/*
 * pb_answer_text.c - the answer readers' toolkit (pb_answer_text.h).
 */
#include "pb_answer_text.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

bool pb_token_next(struct pb_tokens *t, struct pb_token *out)
{
    while (t->p < t->end && isspace((unsigned char)*t->p))
        t->line += *t->p++ == '\n';
    if (t->p == t->end)
        return false;
    out->s = t->p;
    while (t->p < t->end && !isspace((unsigned char)*t->p))
        t->p++;
    out->n = (size_t)(t->p - out->s);
    return true;
}

bool pb_token_peek(const struct pb_tokens *t, struct pb_token *out)
{
    struct pb_tokens copy = *t;
    return pb_token_next(&copy, out);
}

void pb_text_append(struct pb_text *x, const char *s, size_t n, bool space)
{
    size_t need = x->n + n + 2;
    if (x->s && need > x->cap) {
        size_t cap = need * 2;
        char *bigger = realloc(x->s, cap);
        if (!bigger) {
            free(x->s);
            x->s = NULL;
            return;
        }
        x->s = bigger;
        x->cap = cap;
    }
    if (!x->s)
        return;
    if (space && x->n)
        x->s[x->n++] = ' ';
    memcpy(x->s + x->n, s, n);
    x->n += n;
    x->s[x->n] = '\0';
}

bool pb_token_all_of(const struct pb_token *k, const char *set)
{
    for (size_t i = 0; i < k->n; i++)
        if (!strchr(set, k->s[i]))
            return false;
    return k->n > 0;
}

bool pb_token_integer(const struct pb_token *k, long long *out)
{
    char buf[24];
    if (k->n == 0 || k->n >= 20)
        return false;
    memcpy(buf, k->s, k->n);
    buf[k->n] = '\0';
    char *end;
    errno = 0;
    long long v = strtoll(buf, &end, 10);
    if (*end || errno || v < -1 || !isdigit((unsigned char)buf[k->n - 1]))
        return false;
    *out = v;
    return true;
}

void pb_token_shown(const struct pb_token *k, char *buf, size_t len)
{
    snprintf(buf, len, "%.*s%s", (int)(k->n > 24 ? 24 : k->n), k->s,
             k->n > 24 ? "..." : "");
}

bool pb_token_next_found(struct pb_tokens *t, struct pb_token *k, char *found,
                         size_t len)
{
    char b[32];
    bool got = pb_token_next(t, k);
    if (got)
        pb_token_shown(k, b, sizeof(b));
    snprintf(found, len, got ? "found '%s'" : "found the end of the file",
             got ? b : "");
    return got;
}

bool pb_answer_read_number(struct pb_tokens *t, const char *what,
                           struct pb_text *fixed, long long *value, char *why,
                           size_t why_len)
{
    struct pb_token k;
    char found[48];
    bool got = pb_token_next_found(t, &k, found, sizeof(found));
    PB_ANSWER_NEED(got && pb_token_integer(&k, value),
                   "expected %s (or -1), %s", what, found);
    pb_text_append(fixed, k.s, k.n, true);
    return true;
}

bool pb_answer_read_tokens(struct pb_tokens *t, size_t hint,
                           struct pb_text *fixed, char *why, size_t why_len)
{
    for (size_t i = 0; i < hint; i++) {
        struct pb_token k;
        PB_ANSWER_NEED(
            pb_token_next(t, &k),
            "expected %zu more tokens of the answer, found the end of the "
            "file",
            hint - i);
        pb_text_append(fixed, k.s, k.n, true);
    }
    return true;
}
