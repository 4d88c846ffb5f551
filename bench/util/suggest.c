/*
 * suggest.c - the closest valid name to a misspelt one (suggest.h): the
 * optimal string alignment distance by dynamic programming over three
 * rows (the one before the previous serves the transposition), and the
 * names offered, listed for the message.
 * Reference: F. J. Damerau, "A technique for computer detection and
 * correction of spelling errors", CACM 7(3), 1964.
 */
#include "util/suggest.h"

#include <ctype.h>
#include <stdio.h>
#include <stdint.h>
#include <string.h>

static size_t min3(size_t a, size_t b, size_t c)
{
    size_t m = a < b ? a : b;
    return m < c ? m : c;
}

static int fold(char c)
{
    return tolower((unsigned char)c);
}

size_t pb_edit_distance(const char *a, const char *b)
{
    size_t n = strlen(a), m = strlen(b);
    if (n > PB_SUGGEST_MAX_LEN || m > PB_SUGGEST_MAX_LEN)
        return SIZE_MAX;
    size_t rows[3][PB_SUGGEST_MAX_LEN + 1];
    size_t *before = rows[0], *prev = rows[1], *cur = rows[2];
    for (size_t j = 0; j <= m; j++)
        prev[j] = j;
    for (size_t i = 1; i <= n; i++) {
        cur[0] = i;
        for (size_t j = 1; j <= m; j++) {
            size_t cost = fold(a[i - 1]) != fold(b[j - 1]);
            cur[j] = min3(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
            if (i > 1 && j > 1 && fold(a[i - 1]) == fold(b[j - 2]) &&
                fold(a[i - 2]) == fold(b[j - 1]) && before[j - 2] + 1 < cur[j])
                cur[j] = before[j - 2] + 1;
        }
        size_t *spare = before;
        before = prev;
        prev = cur;
        cur = spare;
    }
    return prev[m];
}

void pb_suggest_init(struct pb_suggest *s, const char *typed)
{
    size_t third = strlen(typed) / 3;
    s->typed = typed;
    s->best[0] = '\0';
    /* the limit: a third of the length, at least 1, at most 2 */
    s->distance = (third < 1 ? 1 : third > 2 ? 2 : third) + 1;
    s->names[0] = '\0';
    s->text[0] = '\0';
}

void pb_suggest_offer(struct pb_suggest *s, const char *name)
{
    pb_suggest_offer_shown(s, name, name);
}

void pb_suggest_offer_shown(struct pb_suggest *s, const char *name,
                            const char *shown)
{
    size_t d = pb_edit_distance(s->typed, name);
    if (d < s->distance) {
        s->distance = d;
        snprintf(s->best, sizeof(s->best), "%s", name);
    }
    size_t used = strlen(s->names), room = sizeof(s->names) - used;
    int n = snprintf(s->names + used, room, "%s%s", used ? ", " : "", shown);
    if (n < 0 || (size_t)n >= room) /* a list too long: its end marked */
        memcpy(s->names + sizeof(s->names) - 4, "...", 4);
}

void pb_suggest_kernels(struct pb_suggest *s)
{
    for (size_t i = 0; pb_kernels[i]; i++)
        pb_suggest_offer(s, pb_kernels[i]->name);
}

void pb_suggest_variants(struct pb_suggest *s, const struct pb_kernel *k)
{
    for (size_t i = 0; k->variants[i]; i++)
        pb_suggest_offer(s, k->variants[i]->name);
}

const char *pb_suggest_text(struct pb_suggest *s)
{
    if (s->best[0])
        snprintf(s->text, sizeof(s->text),
                 "did you mean '%s'? expected one of: %s", s->best, s->names);
    else
        snprintf(s->text, sizeof(s->text), "expected one of: %s", s->names);
    return s->text;
}
