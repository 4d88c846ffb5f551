/*
 * pb_scan.c - token scanner with line numbers and corpus-header comments.
 * See pb_scan.h for the contract. O(n) over the text.
 */
#include "pb_scan.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

void pb_scan_init(struct pb_scan *s, const char *source, const char *text,
                  size_t len, struct pb_corpus_meta *meta)
{
    s->source = source;
    s->p = text;
    s->end = text + len;
    s->line = 1;
    s->meta = meta;
}

/* isspace() of the C locale, inline: the scanner's per-character test. */
static inline bool blank(char c)
{
    return c == ' ' || (c >= '\t' && c <= '\r');
}

static size_t token_length(const struct pb_scan *s)
{
    const char *q = s->p;
    while (q < s->end && !blank(*q))
        q++;
    return (size_t)(q - s->p);
}

/* "# key value": copies known keys into the header. Unknown keys are free
 * text (comments), so users may annotate corpora. */
static void header_line(struct pb_corpus_meta *m, uint32_t line_number,
                        const char *p, const char *end)
{
    char line[128];
    size_t n = (size_t)(end - p);
    if (n >= sizeof(line))
        return;
    memcpy(line, p, n);
    line[n] = '\0';
    char key[16], value[32];
    if (sscanf(line, "# %15s %31s", key, value) != 2)
        return;
    if (!strcmp(key, "kernel")) {
        snprintf(m->kernel, sizeof(m->kernel), "%s", value);
        m->kernel_line = line_number;
    } else if (!strcmp(key, "family"))
        snprintf(m->family, sizeof(m->family), "%s", value);
    else if (!strcmp(key, "size")) {
        /* parsed by pb_corpus_load, which knows the kernel's syntax */
        snprintf(m->size_text, sizeof(m->size_text), "%s", value);
        m->size_line = line_number;
    } else if (!strcmp(key, "seed") || !strcmp(key, "count") ||
               !strcmp(key, "generator")) {
        /* a number, whole: "12abc" or "-1" would name the corpus wrongly */
        bool seed = !strcmp(key, "seed"), count = !strcmp(key, "count");
        char *rest;
        errno = 0;
        unsigned long long v = strtoull(value, &rest, 10);
        bool ok = value[0] >= '0' && value[0] <= '9' && *rest == '\0' &&
                  errno == 0 && (seed || v <= INT32_MAX);
        if (!ok && !m->bad_line) {
            m->bad_line = line_number;
            snprintf(m->bad_key, sizeof(m->bad_key), "%s", key);
        } else if (ok && seed)
            m->seed = v;
        else if (ok && count)
            m->count = (size_t)v;
        else if (ok)
            m->generator = (int)v;
    }
}

bool pb_scan_more(struct pb_scan *s)
{
    while (s->p < s->end) {
        char c = *s->p;
        if (c == '\n') {
            s->line++;
            s->p++;
        } else if (blank(c)) {
            s->p++;
        } else if (c == '#') {
            const char *start = s->p;
            while (s->p < s->end && *s->p != '\n')
                s->p++;
            if (s->meta)
                header_line(s->meta, s->line, start, s->p);
        } else {
            return true;
        }
    }
    return false;
}

bool pb_scan_accept(struct pb_scan *s, const char *word)
{
    if (!pb_scan_more(s))
        return false;
    size_t n = token_length(s);
    if (n != strlen(word) || memcmp(s->p, word, n) != 0)
        return false;
    s->p += n;
    return true;
}

int pb_scan_fail(const struct pb_scan *s, struct pb_error *e, const char *fmt,
                 ...)
{
    char what[384];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof(what), fmt, ap);
    va_end(ap);
    return pb_fail(e, -EINVAL, "%s:%u: %s", s->source, (unsigned)s->line, what);
}

/* Quotes at most 24 characters of the next token for a message, "..."
 * after a token cut short. len is at least 28. */
static void quote_token(const struct pb_scan *s, char *buf, size_t len)
{
    size_t whole = token_length(s), n = whole > 24 ? 24 : whole;
    for (size_t i = 0; i < n; i++)
        buf[i] = isprint((unsigned char)s->p[i]) ? s->p[i] : '?';
    snprintf(buf + n, len - n, "%s", whole > n ? "..." : "");
}

int pb_scan_long(struct pb_scan *s, long min, long max, const char *what,
                 long *out, struct pb_error *e)
{
    if (!pb_scan_more(s))
        return pb_scan_fail(s, e, "expected %s (%ld..%ld), found end of input",
                            what, min, max);
    size_t n = token_length(s);
    char tok[32], shown[32];
    quote_token(s, shown, sizeof(shown));
    if (n >= sizeof(tok))
        return pb_scan_fail(s, e, "expected %s (%ld..%ld), found '%s'", what,
                            min, max, shown);
    memcpy(tok, s->p, n);
    tok[n] = '\0';
    char *rest;
    errno = 0;
    long v = strtol(tok, &rest, 10);
    if (rest == tok || *rest != '\0' || errno == ERANGE)
        return pb_scan_fail(s, e, "expected %s (%ld..%ld), found '%s'", what,
                            min, max, shown);
    if (v < min || v > max)
        return pb_scan_fail(s, e, "expected %s (%ld..%ld), found %ld", what,
                            min, max, v);
    s->p += n;
    *out = v;
    return 0;
}

int pb_scan_word(struct pb_scan *s, char *buf, size_t len, const char *what,
                 struct pb_error *e)
{
    if (!pb_scan_more(s))
        return pb_scan_fail(s, e, "expected %s, found end of input", what);
    size_t n = token_length(s);
    if (n >= len) {
        char shown[32];
        quote_token(s, shown, sizeof(shown));
        return pb_scan_fail(s, e, "expected %s, found '%s'", what, shown);
    }
    memcpy(buf, s->p, n);
    buf[n] = '\0';
    s->p += n;
    return 0;
}
