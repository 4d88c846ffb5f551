/*
 * walk_format.c - the Cube on the Walk judge format and its extension.
 *
 * Judge format (Timus 1016): one instance a line, "START END n f t r b l":
 * two squares (file a..h, rank 1..8) and the six face values 0..1000 in
 * the order near, far, top, right, bottom, left. Several lines are
 * several instances, answered in order. Answer: one line, the minimal sum
 * of bottom numbers over every square the die stands on (start and end
 * included), then the route's squares, start to end, separated by spaces.
 *
 * Extension, as directives on their own lines before an instance:
 *   board RxC - the following instances are on an R x C board (the
 *               core's board syntax; default 8x8); files are written in
 *               bijective base 26 (a..z, aa, ab, ...), ranks 1..R;
 *   max W     - face values of the following instances are 0..W
 *               (0..1000000; default 1000);
 *   maze      - the next instance only has blocked squares: R lines of C
 *               characters follow, '.' open and 'x' blocked, rank R
 *               first (the board as seen from above, far side on top).
 * The start may equal the end: the answer is its bottom number and the
 * one-square route. When a maze leaves no route, the answer line is
 * "-1". Lines starting with '#' are comments. O(input) to read.
 */
#include "walk_internal.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "pb_limits.h"
#include "pb_scan.h"
#include "pb_answer_text.h"

enum { WALK_NAME = 24 }; /* longest square name, with its NUL */

int walk_square_name(const struct walk_instance *in, uint32_t square, char *out,
                     size_t len)
{
    char letters[16];
    size_t n = 0;
    uint32_t file = square % in->cols + 1;
    while (file > 0) {
        file--;
        letters[n++] = (char)('a' + file % 26);
        file /= 26;
    }
    size_t k = 0;
    while (n > 0 && k + 1 < len)
        out[k++] = letters[--n];
    int w = snprintf(out + k, len - k, "%u", square / in->cols + 1);
    return w < 0 || (size_t)w >= len - k ? -ENAMETOOLONG : 0;
}

/* A square name of in's board at the scanner (consumed), or -EINVAL. */
static int read_square(struct pb_scan *s, const struct walk_instance *in,
                       size_t index, const char *which, uint32_t *out,
                       struct pb_error *e)
{
    char word[WALK_NAME + 8];
    char what[64];
    snprintf(what, sizeof(what), "the %s square", which);
    int rc = pb_scan_word(s, word, sizeof(word), what, e);
    if (rc)
        return rc;
    uint64_t file = 0, rank = 0;
    size_t i = 0;
    while (word[i] >= 'a' && word[i] <= 'z' && file <= in->cols)
        file = file * 26 + (uint64_t)(word[i++] - 'a' + 1);
    size_t digits = i;
    while (isdigit((unsigned char)word[i]) && rank <= in->rows)
        rank = rank * 10 + (uint64_t)(word[i++] - '0');
    if (digits == 0 || i == digits || word[i] != '\0' || word[digits] == '0' ||
        file > in->cols || rank < 1 || rank > in->rows) {
        char last[WALK_NAME];
        struct walk_instance corner = *in;
        walk_square_name(&corner, in->rows * in->cols - 1, last, sizeof(last));
        return pb_scan_fail(s, e,
                            "instance %zu: expected the %s square, a1..%s on "
                            "the %ux%u board (file letters, then the rank), "
                            "found '%s'",
                            index + 1, which, last, in->rows, in->cols, word);
    }
    *out = (uint32_t)((rank - 1) * in->cols + (file - 1));
    return 0;
}

struct walk_settings {
    uint32_t rows, cols, w;
    uint8_t *maze; /* for the next instance; owned until then */
};

static int read_maze(struct pb_scan *s, struct walk_settings *set,
                     uint32_t maze_line, struct pb_error *e)
{
    uint64_t cells = (uint64_t)set->rows * set->cols;
    char what[80];
    snprintf(what, sizeof(what), "the maze of the %ux%u board", set->rows,
             set->cols);
    int rc = pb_memory_check(cells, what, e);
    if (rc)
        return rc;
    free(set->maze);
    set->maze = malloc(cells);
    if (!set->maze)
        return pb_fail(e, -ENOMEM, "%s: out of memory for %s", s->source, what);
    uint32_t previous = maze_line;
    for (uint32_t r = set->rows; r-- > 0;) {
        if (!pb_scan_more(s) || s->line == previous) {
            if (!pb_scan_more(s))
                s->line = previous;
            return pb_scan_fail(s, e,
                                "maze: expected rank %u as a line of %u "
                                "characters '.' or 'x'%s",
                                r + 1, set->cols,
                                pb_scan_more(s) ? " on a new line"
                                                : ", found end of input");
        }
        const char *p = s->p;
        size_t n = 0;
        while (p + n < s->end && !isspace((unsigned char)p[n]))
            n++;
        bool ok = n == set->cols;
        for (size_t c = 0; ok && c < n; c++) {
            ok = p[c] == '.' || p[c] == 'x';
            set->maze[(uint64_t)r * set->cols + c] = p[c] == 'x';
        }
        if (!ok)
            return pb_scan_fail(s, e,
                                "maze: expected rank %u as %u characters '.' "
                                "or 'x', found a line of %zu characters",
                                r + 1, set->cols, n);
        previous = s->line;
        s->p += n;
    }
    return 0;
}

/* 1 after a directive, 0 when none is next, or an error. */
static int read_directive(struct pb_scan *s, struct walk_settings *set,
                          struct pb_error *e)
{
    uint32_t line = s->line;
    if (pb_scan_accept(s, "board")) {
        char word[PB_SIZE_TEXT];
        struct pb_size size;
        int rc =
            pb_scan_word(s, word, sizeof(word), "a board RxC after 'board'", e);
        if (rc)
            return rc;
        if (pb_size_parse_board(word, &size, NULL) ||
            (uint64_t)size.a * (uint64_t)size.b > WALK_MAX_CELLS)
            return pb_scan_fail(s, e,
                                "expected a board RxC after 'board' (such as "
                                "4096x4096, at most %u squares), found '%s'",
                                WALK_MAX_CELLS, word);
        if (set->maze)
            return pb_scan_fail(s, e,
                                "'board' between 'maze' and its "
                                "instance");
        set->rows = (uint32_t)size.a;
        set->cols = (uint32_t)size.b;
        return 1;
    }
    if (pb_scan_accept(s, "max")) {
        long w;
        int rc = pb_scan_long(s, 0, WALK_MAX_W,
                              "the largest face value W after 'max'", &w, e);
        if (rc)
            return rc;
        set->w = (uint32_t)w;
        return 1;
    }
    if (pb_scan_accept(s, "maze")) {
        if (set->maze)
            return pb_scan_fail(s, e, "two 'maze' grids for one instance");
        int rc = read_maze(s, set, line, e);
        return rc ? rc : 1;
    }
    return 0;
}

static int read_instance(struct pb_scan *s, size_t index,
                         struct walk_instance *in, struct pb_error *e)
{
    uint32_t line = s->line;
    int rc = read_square(s, in, index, "start", &in->start, e);
    if (rc == 0 && (!pb_scan_more(s) || s->line != line)) {
        s->line = line;
        return pb_scan_fail(s, e,
                            "instance %zu: the line ends after the start "
                            "square; expected the end square and six face "
                            "values",
                            index + 1);
    }
    if (rc == 0)
        rc = read_square(s, in, index, "end", &in->end, e);
    static const char *const names[WALK_FACES] = {"near",  "far",    "top",
                                                  "right", "bottom", "left"};
    for (int f = 0; rc == 0 && f < WALK_FACES; f++) {
        if (!pb_scan_more(s) || s->line != line) {
            s->line = line;
            return pb_scan_fail(s, e,
                                "instance %zu: the line ends after %d of the "
                                "six face values (near far top right bottom "
                                "left)",
                                index + 1, f);
        }
        char what[64];
        long v;
        snprintf(what, sizeof(what), "the %s face value of instance %zu",
                 names[f], index + 1);
        rc = pb_scan_long(s, 0, in->w, what, &v, e);
        in->face[f] = (uint32_t)v;
    }
    if (rc)
        return rc;
    if (pb_scan_more(s) && s->line == line)
        return pb_scan_fail(s, e,
                            "instance %zu: expected the end of the line "
                            "after the six face values",
                            index + 1);
    if (in->blocked && (in->blocked[in->start] || in->blocked[in->end])) {
        s->line = line;
        return pb_scan_fail(s, e, "instance %zu: the %s square is blocked",
                            index + 1,
                            in->blocked[in->start] ? "start" : "end");
    }
    return 0;
}

int walk_read(const char *text, size_t len, struct pb_corpus *corpus,
              struct pb_error *e)
{
    struct pb_scan s;
    pb_scan_init(&s, corpus->source, text, len, &corpus->meta);
    struct walk_settings set = {WALK_JUDGE_SIDE, WALK_JUDGE_SIDE,
                                WALK_JUDGE_MAX, NULL};
    int rc = 0;
    size_t index = 0;
    while (rc == 0 && pb_scan_more(&s)) {
        rc = read_directive(&s, &set, e);
        if (rc == 1) {
            rc = 0;
            continue;
        }
        if (rc)
            break;
        struct walk_instance *in = pb_corpus_push(corpus, s.line);
        if (!in) {
            rc = pb_fail(e, -ENOMEM, "%s: out of memory", corpus->source);
            break;
        }
        in->rows = set.rows;
        in->cols = set.cols;
        pb_corpus_note_size(
            corpus, (struct pb_size){(int32_t)set.rows, (int32_t)set.cols});
        in->w = set.w;
        in->blocked = set.maze;
        set.maze = NULL;
        rc = read_instance(&s, index++, in, e);
    }
    if (rc == 0 && set.maze) {
        free(set.maze);
        return pb_scan_fail(&s, e,
                            "a 'maze' grid without its instance "
                            "(input ends after it)");
    }
    free(set.maze);
    if (rc == 0 && corpus->count == 0)
        return pb_scan_fail(&s, e,
                            "expected an instance such as 'e2 e3 0 8 1 2 1 "
                            "1', found end of input");
    return rc;
}

int walk_write_instance(FILE *out, const void *instance, const void *previous)
{
    const struct walk_instance *in = instance;
    const struct walk_instance *prev = previous;
    uint32_t rows = prev ? prev->rows : WALK_JUDGE_SIDE;
    uint32_t cols = prev ? prev->cols : WALK_JUDGE_SIDE;
    uint32_t w = prev ? prev->w : WALK_JUDGE_MAX;
    if (in->rows != rows || in->cols != cols)
        fprintf(out, "board %ux%u\n", in->rows, in->cols);
    if (in->w != w)
        fprintf(out, "max %u\n", in->w);
    if (in->blocked) {
        fputs("maze\n", out);
        for (uint32_t r = in->rows; r-- > 0;) {
            const uint8_t *row = in->blocked + (uint64_t)r * in->cols;
            for (uint32_t c = 0; c < in->cols; c++)
                fputc(row[c] ? 'x' : '.', out);
            fputc('\n', out);
        }
    }
    char a[WALK_NAME], b[WALK_NAME];
    walk_square_name(in, in->start, a, sizeof(a));
    walk_square_name(in, in->end, b, sizeof(b));
    fprintf(out, "%s %s", a, b);
    for (int f = 0; f < WALK_FACES; f++)
        fprintf(out, " %u", in->face[f]);
    fputc('\n', out);
    return ferror(out) ? -EIO : 0;
}

int walk_write_answer(FILE *out, const void *instance, const void *answer)
{
    const struct walk_instance *in = instance;
    const struct walk_answer *a = answer;
    if (a->sum == WALK_UNREACHABLE) {
        fputs("-1\n", out);
        return ferror(out) ? -EIO : 0;
    }
    fprintf(out, "%llu", (unsigned long long)a->sum);
    for (uint32_t i = 0; i < a->length; i++) {
        char name[WALK_NAME];
        walk_square_name(in, a->route[i], name, sizeof(name));
        fputc(' ', out);
        fputs(name, out);
    }
    fputc('\n', out);
    return ferror(out) ? -EIO : 0;
}

void walk_instance_free(void *instance)
{
    struct walk_instance *in = instance;
    free(in->blocked);
    in->blocked = NULL;
}

bool walk_read_answer(struct pb_tokens *t, size_t hint, struct pb_text *fixed,
                      char *why, size_t why_len)
{
    (void)hint;
    long long sum;
    if (!pb_answer_read_number(t, "a sum", fixed, &sum, why, why_len))
        return false;
    struct pb_token k;
    while (pb_token_peek(t, &k) && islower((unsigned char)k.s[0])) {
        pb_token_next(t, &k);
        struct pb_token rank = {k.s, k.n};
        while (rank.n && islower((unsigned char)rank.s[0])) {
            rank.s++;
            rank.n--;
        }
        char b[32];
        pb_token_shown(&k, b, sizeof(b));
        PB_ANSWER_NEED(pb_token_all_of(&rank, "0123456789"),
                       "expected a square such as e2 on the route, found '%s'",
                       b);
    }
    return true;
}

int walk_board_of_size(const struct pb_size *size, uint32_t *rows,
                       uint32_t *cols, struct pb_error *e)
{
    struct pb_size s = pb_size_set(size)
                           ? *size
                           : (struct pb_size){WALK_JUDGE_SIDE, WALK_JUDGE_SIDE};
    if (s.a < 1 || s.b < 1 || (uint64_t)s.a * (uint64_t)s.b > WALK_MAX_CELLS)
        return pb_fail(e, -EINVAL,
                       "size %dx%d is not a cube_walk board; expected RxC "
                       "with at most %u squares (8x8, 4096x4096)",
                       (int)s.a, (int)s.b, WALK_MAX_CELLS);
    *rows = (uint32_t)s.a;
    *cols = (uint32_t)s.b;
    return 0;
}
