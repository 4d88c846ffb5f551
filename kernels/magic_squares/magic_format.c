/*
 * magic_format.c - the Magic Squares judge format and its extension.
 *
 * Judge format (IOI 1996): 8 numbers, the target read clockwise from the
 * top-left corner; any number of instances may follow one another.
 * Extension: a line "ring K" (K = 3..6) switches the following instances
 * to the 2 x K ring, 2K numbers 1..2K each, clockwise as in the judge
 * format; "ring 4" switches back. Lines starting with '#' are comments
 * (generated corpora keep their header there).
 * Answer: the length, then the moves, 60 letters a line (an empty line
 * for length 0). O(input) to read, O(answer) to write.
 */
#include "magic_internal.h"

#include <errno.h>
#include <string.h>

#include "pb_scan.h"
#include "pb_answer_text.h"

static int read_instance(struct pb_scan *s, int k, size_t index,
                         struct magic_instance *in, struct pb_error *e)
{
    int n = magic_cells(k);
    uint8_t labels[2 * MAGIC_K_MAX];
    uint32_t first_line = s->line;
    unsigned seen = 0;
    for (int i = 0; i < n; i++) {
        if (!pb_scan_more(s)) {
            s->line = first_line;
            return pb_scan_fail(s, e,
                                "instance %zu has %d of the %d "
                                "numbers a 2 x %d ring needs (input ends "
                                "early)",
                                index + 1, i, n, k);
        }
        char what[64];
        snprintf(what, sizeof(what), "number %d of %d of instance %zu", i + 1,
                 n, index + 1);
        long v;
        int rc = pb_scan_long(s, 1, n, what, &v, e);
        if (rc)
            return rc;
        if (seen & (1u << (v - 1)))
            return pb_scan_fail(s, e,
                                "%ld appears twice in instance %zu; "
                                "expected each of 1..%d once",
                                v, index + 1, n);
        seen |= 1u << (v - 1);
        labels[i] = (uint8_t)(v - 1);
    }
    in->k = (uint8_t)k;
    in->target = magic_from_clockwise(labels, k);
    return 0;
}

int magic_read(const char *text, size_t len, struct pb_corpus *corpus,
               struct pb_error *e)
{
    struct pb_scan s;
    pb_scan_init(&s, corpus->source, text, len, &corpus->meta);
    int k = MAGIC_K_JUDGE;
    while (pb_scan_more(&s)) {
        if (pb_scan_accept(&s, "ring")) {
            long v;
            int rc = pb_scan_long(&s, MAGIC_K_MIN, MAGIC_K_MAX,
                                  "the ring width K after 'ring'", &v, e);
            if (rc)
                return rc;
            k = (int)v;
            continue;
        }
        struct magic_instance *in = pb_corpus_push(corpus, s.line);
        if (!in)
            return pb_fail(e, -ENOMEM, "%s: out of memory", corpus->source);
        pb_corpus_note_size(corpus, (struct pb_size){k, 0});
        int rc = read_instance(&s, k, corpus->count - 1, in, e);
        if (rc)
            return rc;
    }
    return 0;
}

int magic_write_instance(FILE *out, const void *instance, const void *previous)
{
    const struct magic_instance *in = instance;
    const struct magic_instance *prev = previous;
    if (!prev || prev->k != in->k)
        fprintf(out, "ring %d\n", in->k);
    uint8_t labels[2 * MAGIC_K_MAX];
    magic_to_clockwise(in->target, in->k, labels);
    for (int i = 0; i < magic_cells(in->k); i++)
        fprintf(out, "%s%d", i ? " " : "", labels[i] + 1);
    return fputc('\n', out) == EOF ? -EIO : 0;
}

int magic_write_answer(FILE *out, const void *instance, const void *answer)
{
    (void)instance;
    const struct magic_answer *a = answer;
    if (a->length == MAGIC_UNREACHABLE)
        return fputs("-1\n\n", out) == EOF ? -EIO : 0;
    fprintf(out, "%u\n", (unsigned)a->length);
    for (unsigned i = 0; i < a->length; i += MAGIC_LINE_WIDTH) {
        unsigned n = a->length - i;
        fwrite(a->moves + i, 1, n < MAGIC_LINE_WIDTH ? n : MAGIC_LINE_WIDTH,
               out);
        fputc('\n', out);
    }
    if (a->length == 0)
        fputc('\n', out);
    return ferror(out) ? -EIO : 0;
}

bool magic_read_answer(struct pb_tokens *t, size_t hint, struct pb_text *fixed,
                       char *why, size_t why_len)
{
    (void)hint;
    long long length, letters = 0;
    if (!pb_answer_read_number(t, "a length", fixed, &length, why, why_len))
        return false;
    if (length == -1) /* unreachable: no sequence follows */
        return true;
    PB_ANSWER_NEED(length >= 0, "a length of %lld; expected 0 or more, or -1",
                   length);
    for (bool first = true; letters < length; first = false) {
        struct pb_token k;
        char found[48];
        bool got = pb_token_next_found(t, &k, found, sizeof(found));
        PB_ANSWER_NEED(got && pb_token_all_of(&k, "ABC"),
                       "expected %lld more letters A, B, C of the sequence, %s",
                       length - letters, found);
        pb_text_append(fixed, k.s, k.n, first);
        letters += (long long)k.n;
    }
    PB_ANSWER_NEED(letters == length,
                   "a sequence of %lld letters; expected %lld", letters,
                   length);
    return true;
}
