/*
 * eight_format.c - the Cubic Eight-Puzzle judge format and its extension.
 *
 * Judge format (UVa 1604): datasets until "0 0". Each is "x y" (x the
 * column, y the row, 1-based) of the empty cell at the start, then the
 * target seen from above: one line per row, the row's letters W, R, B or
 * E separated by blanks, exactly one E. Answer: the fewest rolls, or -1
 * when more than 30 are needed.
 * Extension: "board R C" (2 <= R, C <= 8, R*C <= 16) switches the
 * following datasets to an R x C board (x then runs 1..C, y 1..R), and
 * "cap D" (0..250) to a depth cap D; the defaults are "board 3 3" and
 * "cap 30", so a judge file is an extended file. Lines starting with '#'
 * are comments (generated corpora keep their header there).
 * O(input) to read, O(cells) per dataset to write.
 */
#include "eight_internal.h"

#include <errno.h>
#include <string.h>

#include "pb_scan.h"
#include "pb_answer_text.h"

static const char colour_letter[] = {
    [EIGHT_W] = 'W', [EIGHT_R] = 'R', [EIGHT_B] = 'B', [EIGHT_E] = 'E'};

static int read_letter(struct pb_scan *s, size_t index, int row,
                       uint8_t *colour, struct pb_error *e)
{
    char word[8];
    int rc = pb_scan_word(s, word, sizeof(word), "a letter W, R, B or E", e);
    if (rc)
        return rc;
    const char *hit = strchr("WRBE", word[0]);
    if (word[1] != '\0' || word[0] == '\0' || !hit)
        return pb_scan_fail(s, e,
                            "dataset %zu, row %d: expected a letter W, R, "
                            "B or E, found '%s'",
                            index + 1, row + 1, word);
    *colour = (uint8_t)(hit - "WRBE");
    return 0;
}

static int read_grid(struct pb_scan *s, uint32_t xy_line, size_t index,
                     struct eight_instance *in, struct pb_error *e)
{
    uint32_t previous_line = xy_line;
    int empties = 0;
    for (int r = 0; r < in->rows; r++) {
        if (!pb_scan_more(s))
            return pb_scan_fail(s, e,
                                "dataset %zu has %d of its %d rows (input "
                                "ends early)",
                                index + 1, r, in->rows);
        if (s->line == previous_line)
            return pb_scan_fail(s, e,
                                "dataset %zu: expected row %d on a new line; "
                                "%s has more than %d entries",
                                index + 1, r + 1,
                                r ? "the row above" : "the 'x y' line",
                                r ? in->cols : 2);
        uint32_t row_line = s->line;
        for (int c = 0; c < in->cols; c++) {
            if (c > 0 && (!pb_scan_more(s) || s->line != row_line)) {
                s->line = row_line;
                return pb_scan_fail(s, e,
                                    "dataset %zu, row %d has %d letters; "
                                    "expected %d",
                                    index + 1, r + 1, c, in->cols);
            }
            uint8_t *cell = &in->goal[r * in->cols + c];
            int rc = read_letter(s, index, r, cell, e);
            if (rc)
                return rc;
            empties += *cell == EIGHT_E;
        }
        previous_line = row_line;
    }
    if (pb_scan_more(s) && s->line == previous_line)
        return pb_scan_fail(s, e,
                            "dataset %zu, row %d has more than %d letters",
                            index + 1, in->rows, in->cols);
    if (empties != 1) {
        s->line = xy_line;
        return pb_scan_fail(s, e,
                            "dataset %zu has %d empty cells (E); expected "
                            "exactly one",
                            index + 1, empties);
    }
    return 0;
}

static int read_board(struct pb_scan *s, int *rows, int *cols,
                      struct pb_error *e)
{
    long r, c;
    int rc = pb_scan_long(s, EIGHT_MIN_SIDE, EIGHT_MAX_SIDE,
                          "the rows R after 'board'", &r, e);
    if (rc == 0)
        rc = pb_scan_long(s, EIGHT_MIN_SIDE, EIGHT_MAX_SIDE,
                          "the columns C after 'board R'", &c, e);
    if (rc)
        return rc;
    if (r * c > EIGHT_MAX_CELLS)
        return pb_scan_fail(s, e,
                            "board %ld x %ld has %ld cells; expected "
                            "at most %d",
                            r, c, r * c, EIGHT_MAX_CELLS);
    *rows = (int)r;
    *cols = (int)c;
    return 0;
}

int eight_read(const char *text, size_t len, struct pb_corpus *corpus,
               struct pb_error *e)
{
    struct pb_scan s;
    pb_scan_init(&s, corpus->source, text, len, &corpus->meta);
    int rows = EIGHT_JUDGE_SIDE, cols = EIGHT_JUDGE_SIDE, rc;
    long cap = EIGHT_JUDGE_CAP;
    for (;;) {
        if (!pb_scan_more(&s))
            return pb_scan_fail(&s, e,
                                "input ends without the closing "
                                "'0 0'; expected 'x y' or '0 0'");
        if (pb_scan_accept(&s, "board")) {
            if ((rc = read_board(&s, &rows, &cols, e)) != 0)
                return rc;
            continue;
        }
        if (pb_scan_accept(&s, "cap")) {
            if ((rc = pb_scan_long(&s, 0, EIGHT_MAX_CAP,
                                   "the depth cap after 'cap'", &cap, e)) != 0)
                return rc;
            continue;
        }
        uint32_t xy_line = s.line;
        size_t index = corpus->count;
        char what[96];
        long x, y;
        snprintf(what, sizeof(what),
                 "the column x of the empty cell in dataset %zu, or 0 0 to "
                 "end",
                 index + 1);
        if ((rc = pb_scan_long(&s, 0, cols, what, &x, e)) != 0)
            return rc;
        if (!pb_scan_more(&s) || s.line != xy_line) {
            s.line = xy_line;
            return pb_scan_fail(&s, e,
                                "expected the row y after x = %ld on "
                                "the same line",
                                x);
        }
        snprintf(what, sizeof(what),
                 "the row y of the empty cell in dataset "
                 "%zu",
                 index + 1);
        if ((rc = pb_scan_long(&s, x == 0 ? 0 : 1, x == 0 ? 0 : rows, what, &y,
                               e)) != 0)
            return rc;
        if (x == 0)
            break;
        struct eight_instance *in = pb_corpus_push(corpus, xy_line);
        if (!in)
            return pb_fail(e, -ENOMEM, "%s: out of memory", corpus->source);
        in->rows = (uint8_t)rows;
        in->cols = (uint8_t)cols;
        pb_corpus_note_size(corpus, (struct pb_size){rows, cols});
        in->cap = (uint8_t)cap;
        in->start = (uint8_t)((y - 1) * cols + (x - 1));
        if ((rc = read_grid(&s, xy_line, index, in, e)) != 0)
            return rc;
    }
    if (pb_scan_more(&s))
        return pb_scan_fail(&s, e, "expected the end of input after '0 0'");
    return 0;
}

int eight_write_instance(FILE *out, const void *instance, const void *previous)
{
    const struct eight_instance *in = instance;
    const struct eight_instance *prev = previous;
    struct eight_instance judge = {.rows = EIGHT_JUDGE_SIDE,
                                   .cols = EIGHT_JUDGE_SIDE,
                                   .cap = EIGHT_JUDGE_CAP};
    if (!prev)
        prev = &judge;
    if (prev->rows != in->rows || prev->cols != in->cols)
        fprintf(out, "board %d %d\n", in->rows, in->cols);
    if (prev->cap != in->cap)
        fprintf(out, "cap %d\n", in->cap);
    fprintf(out, "%d %d\n", in->start % in->cols + 1, in->start / in->cols + 1);
    for (int r = 0; r < in->rows; r++)
        for (int c = 0; c < in->cols; c++)
            fprintf(out, "%c%c", colour_letter[in->goal[r * in->cols + c]],
                    c + 1 < in->cols ? ' ' : '\n');
    return ferror(out) ? -EIO : 0;
}

int eight_write_end(FILE *out)
{
    return fputs("0 0\n", out) == EOF ? -EIO : 0;
}

int eight_write_answer(FILE *out, const void *instance, const void *answer)
{
    (void)instance;
    const struct eight_answer *a = answer;
    return fprintf(out, "%d\n", (int)a->moves) < 0 ? -EIO : 0;
}

bool eight_read_answer(struct pb_tokens *t, size_t hint, struct pb_text *fixed,
                       char *why, size_t why_len)
{
    (void)hint;
    long long moves;
    return pb_answer_read_number(t, "a number of moves", fixed, &moves, why,
                                 why_len);
}
