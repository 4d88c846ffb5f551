/*
 * cubing_format.c - the Cubing judge format and its extension.
 *
 * Judge format (BOJ 5373): T, then per case n and n commands such as
 * "U+" or "R-", read token by token (line layout does not matter). Each
 * case starts solved. Answer: the U face as N lines of N colour letters,
 * the row touching B first, each from the L side.
 * Extension, between cases: "cube N" (2..64) switches the following
 * cases to the N x N x N cube (outer-face turns, same notation); "show
 * all" prints all six faces, each as its letter on a line then its N rows
 * in the layout of cubing.h (U, D, F, B, L, R), and "show top" returns to
 * the judge's output. T may reach 10^6 and n 10^7. '#' lines are
 * comments. O(input) to read.
 */
#include "cubing_internal.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "pb_scan.h"

/* Face letter -> face; -1 for anything else. */
static int face_of(char c)
{
    switch (c) {
    case 'U':
        return CUBE_U;
    case 'D':
        return CUBE_D;
    case 'F':
        return CUBE_F;
    case 'B':
        return CUBE_B;
    case 'L':
        return CUBE_L;
    case 'R':
        return CUBE_R;
    default:
        return -1;
    }
}

int cube_parse_turn(const char *word)
{
    int face = face_of(word[0]);
    if (face < 0 || (word[1] != '+' && word[1] != '-') || word[2] != '\0')
        return -1;
    return face * 2 + (word[1] == '-');
}

/* The next token as a turn code when it is a well-formed command
 * (consumed), else -1 (left for the caller's error message). */
static int scan_turn(struct pb_scan *s)
{
    const char *p = s->p;
    if (s->end - p < 2 || (s->end - p > 2 && !isspace((unsigned char)p[2])))
        return -1;
    int face = face_of(p[0]);
    if (face < 0 || (p[1] != '+' && p[1] != '-'))
        return -1;
    s->p += 2;
    return face * 2 + (p[1] == '-');
}

static int read_directive(struct pb_scan *s, int *n, int *show_all,
                          struct pb_error *e)
{
    if (pb_scan_accept(s, "cube")) {
        long v;
        int rc = pb_scan_long(s, CUBE_N_MIN, CUBE_N_MAX,
                              "the cube order N after 'cube'", &v, e);
        if (rc)
            return rc;
        *n = (int)v;
        return 1;
    }
    if (pb_scan_accept(s, "show")) {
        char word[8];
        int rc = pb_scan_word(s, word, sizeof(word),
                              "'all' or 'top' after "
                              "'show'",
                              e);
        if (rc)
            return rc;
        if (strcmp(word, "all") && strcmp(word, "top"))
            return pb_scan_fail(s, e,
                                "expected 'all' or 'top' after 'show', "
                                "found '%s'",
                                word);
        *show_all = !strcmp(word, "all");
        return 1;
    }
    return 0;
}

static int read_case(struct pb_scan *s, size_t index, struct cube_instance *in,
                     struct pb_error *e)
{
    char what[80];
    long count;
    uint32_t case_line = s->line;
    snprintf(what, sizeof(what), "the number of commands n of case %zu",
             index + 1);
    int rc = pb_scan_long(s, 1, CUBE_MAX_COMMANDS, what, &count, e);
    if (rc)
        return rc;
    in->turns = malloc((size_t)count);
    if (!in->turns)
        return pb_fail(e, -ENOMEM, "%s: out of memory", s->source);
    for (long j = 0; j < count; j++) {
        if (!pb_scan_more(s)) {
            s->line = case_line;
            return pb_scan_fail(s, e,
                                "case %zu has %ld of its %ld commands (input "
                                "ends early)",
                                index + 1, j, count);
        }
        int turn = scan_turn(s);
        if (turn >= 0) {
            in->turns[j] = (uint8_t)turn;
            continue;
        }
        char word[8];
        rc = pb_scan_word(s, word, sizeof(word), "a command such as U+", e);
        return pb_scan_fail(s, e,
                            "case %zu: expected command %ld of %ld (a "
                            "face U, D, F, B, L or R then + or -), found "
                            "'%s'",
                            index + 1, j + 1, count, rc ? "?" : word);
    }
    in->count = (uint32_t)count;
    return 0;
}

int cube_read(const char *text, size_t len, struct pb_corpus *corpus,
              struct pb_error *e)
{
    struct pb_scan s;
    pb_scan_init(&s, corpus->source, text, len, &corpus->meta);
    int n = CUBE_JUDGE_N, show_all = 0, rc;
    long cases;
    if (!pb_scan_more(&s))
        return pb_scan_fail(&s, e,
                            "expected the number of test cases T, "
                            "found end of input");
    while ((rc = read_directive(&s, &n, &show_all, e)) == 1)
        continue;
    if (rc < 0)
        return rc;
    uint32_t t_line = s.line;
    rc = pb_scan_long(&s, 1, CUBE_MAX_CASES, "the number of test cases T",
                      &cases, e);
    if (rc)
        return rc;
    for (size_t i = 0; i < (size_t)cases; i++) {
        if (!pb_scan_more(&s)) {
            s.line = t_line;
            return pb_scan_fail(
                &s, e, "input ends after %zu of the T = %ld cases", i, cases);
        }
        while ((rc = read_directive(&s, &n, &show_all, e)) == 1)
            continue;
        if (rc < 0)
            return rc;
        struct cube_instance *in = pb_corpus_push(corpus, s.line);
        if (!in)
            return pb_fail(e, -ENOMEM, "%s: out of memory", corpus->source);
        in->n = (uint16_t)n;
        pb_corpus_note_size(corpus, (struct pb_size){n, 0});
        in->show_all = (uint8_t)show_all;
        if ((rc = read_case(&s, i, in, e)) != 0)
            return rc;
    }
    if (pb_scan_more(&s))
        return pb_scan_fail(&s, e,
                            "expected the end of input after the T = %ld "
                            "cases (is T, or a case's n, too small?)",
                            cases);
    return 0;
}

int cube_write_begin(FILE *out, size_t count)
{
    return fprintf(out, "%zu\n", count) < 0 ? -EIO : 0;
}

enum { CUBE_COMMANDS_PER_LINE = 30 };

int cube_write_instance(FILE *out, const void *instance, const void *previous)
{
    const struct cube_instance *in = instance;
    const struct cube_instance *prev = previous;
    int prev_n = prev ? prev->n : CUBE_JUDGE_N;
    int prev_all = prev ? prev->show_all : 0;
    if (in->n != prev_n)
        fprintf(out, "cube %d\n", in->n);
    if (in->show_all != prev_all)
        fprintf(out, "show %s\n", in->show_all ? "all" : "top");
    fprintf(out, "%u\n", (unsigned)in->count);
    for (uint32_t j = 0; j < in->count; j++) {
        fputc(cube_face_letter[in->turns[j] >> 1], out);
        fputc(in->turns[j] & 1 ? '-' : '+', out);
        bool end = j + 1 == in->count || (j + 1) % CUBE_COMMANDS_PER_LINE == 0;
        fputc(end ? '\n' : ' ', out);
    }
    return ferror(out) ? -EIO : 0;
}

static void write_face(FILE *out, const struct cube_answer *a, int face)
{
    int n = a->n;
    for (int r = 0; r < n; r++) {
        for (int c = 0; c < n; c++)
            fputc(cube_colour_letter[a->sticker[(face * n + r) * n + c]], out);
        fputc('\n', out);
    }
}

int cube_write_answer(FILE *out, const void *instance, const void *answer)
{
    const struct cube_instance *in = instance;
    if (!in->show_all) {
        write_face(out, answer, CUBE_U);
    } else {
        for (int f = 0; f < CUBE_FACES; f++) {
            fprintf(out, "%c\n", cube_face_letter[f]);
            write_face(out, answer, f);
        }
    }
    return ferror(out) ? -EIO : 0;
}

void cube_instance_free(void *instance)
{
    struct cube_instance *in = instance;
    free(in->turns);
    in->turns = NULL;
}
