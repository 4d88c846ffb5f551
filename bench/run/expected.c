/*
 * expected.c - a corpus file against its expected outputs (contract in
 * expected.h). The oracle's answer is written in the judge format
 * (answer.write) and read back with the same per-kernel reader as the
 * expected file, so both sides are normalised the same way (one space
 * between tokens, a wrapped sequence joined) and compared as text; only
 * the part the problem fixes goes into that text.
 *
 * Tokens are spans of the in-memory text (no copies, no length limit);
 * each reader is a few lines per kernel, chosen by kernel name so the
 * kernels stay free of this harness-only concern. O(text + answers).
 */
#include "run/expected.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "pb_file.h"

struct tokens {
    const char *p, *end;
    unsigned line; /* of the last token read */
};

struct token {
    const char *s;
    size_t n;
};

/* Where a normalised answer grows (malloc'ed; NULL after a failure). */
struct text {
    char *s;
    size_t n, cap;
};

static bool next_token(struct tokens *t, struct token *out)
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

/* The next token without consuming it. */
static bool peek_token(const struct tokens *t, struct token *out)
{
    struct tokens copy = *t;
    return next_token(&copy, out);
}

static void append(struct text *x, const char *s, size_t n, bool space)
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

static bool all_of(const struct token *k, const char *set)
{
    for (size_t i = 0; i < k->n; i++)
        if (!strchr(set, k->s[i]))
            return false;
    return k->n > 0;
}

/* An integer of at most 18 digits, at least -1 (the kernels' "none"). */
static bool integer(const struct token *k, long long *out)
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

/* Reads one answer from t, appending its fixed part to fixed; false
 * with why[] saying what was expected. hint: the tokens of the oracle's
 * answer to the same instance. */
typedef bool (*reader)(struct tokens *t, size_t hint, struct text *fixed,
                       char *why, size_t why_len);

#define NEED(cond, ...)                                                        \
    do {                                                                       \
        if (!(cond)) {                                                         \
            snprintf(why, why_len, __VA_ARGS__);                               \
            return false;                                                      \
        }                                                                      \
    } while (0)

static void shown(const struct token *k, char *buf, size_t len)
{
    snprintf(buf, len, "%.*s%s", (int)(k->n > 24 ? 24 : k->n), k->s,
             k->n > 24 ? "..." : "");
}

/* A number (or -1), named what in messages, appended to fixed. */
static bool read_number(struct tokens *t, const char *what, struct text *fixed,
                        long long *value, char *why, size_t why_len)
{
    struct token k;
    char b[32] = "";
    bool got = next_token(t, &k);
    if (got)
        shown(&k, b, sizeof(b));
    NEED(got && integer(&k, value), "expected %s (or -1), %s%s%s", what,
         got ? "found '" : "found the end of the file", b, got ? "'" : "");
    append(fixed, k.s, k.n, true);
    return true;
}

/* cubic_eight: the fewest moves, or -1. */
static bool read_moves(struct tokens *t, size_t hint, struct text *fixed,
                       char *why, size_t why_len)
{
    (void)hint;
    long long moves;
    return read_number(t, "a number of moves", fixed, &moves, why, why_len);
}

/* cube_walk: the sum (or -1), then the route's squares (file letters,
 * rank digits), which are not compared: several routes are optimal. */
static bool read_walk(struct tokens *t, size_t hint, struct text *fixed,
                      char *why, size_t why_len)
{
    (void)hint;
    long long sum;
    if (!read_number(t, "a sum", fixed, &sum, why, why_len))
        return false;
    struct token k;
    while (peek_token(t, &k) && islower((unsigned char)k.s[0])) {
        next_token(t, &k);
        struct token rank = {k.s, k.n};
        while (rank.n && islower((unsigned char)rank.s[0])) {
            rank.s++;
            rank.n--;
        }
        char b[32];
        shown(&k, b, sizeof(b));
        NEED(all_of(&rank, "0123456789"),
             "expected a square such as e2 on the route, found '%s'", b);
    }
    return true;
}

/* magic_squares: the length (or -1), then the sequence of A, B, C,
 * however many lines it is wrapped over. */
static bool read_magic(struct tokens *t, size_t hint, struct text *fixed,
                       char *why, size_t why_len)
{
    (void)hint;
    long long length, letters = 0;
    if (!read_number(t, "a length", fixed, &length, why, why_len))
        return false;
    if (length == -1) /* unreachable: no sequence follows */
        return true;
    NEED(length >= 0, "a length of %lld; expected 0 or more, or -1", length);
    for (bool first = true; letters < length; first = false) {
        struct token k;
        char b[32] = "";
        bool got = next_token(t, &k);
        if (got)
            shown(&k, b, sizeof(b));
        NEED(got && all_of(&k, "ABC"),
             "expected %lld more letters A, B, C of the sequence, %s%s%s",
             length - letters, got ? "found '" : "found the end of the file", b,
             got ? "'" : "");
        append(fixed, k.s, k.n, first);
        letters += (long long)k.n;
    }
    NEED(letters == length, "a sequence of %lld letters; expected %lld",
         letters, length);
    return true;
}

/* cubing, and any kernel without a reader: as many tokens as the
 * oracle's answer has (the rows of the faces shown), all compared. */
static bool read_all(struct tokens *t, size_t hint, struct text *fixed,
                     char *why, size_t why_len)
{
    for (size_t i = 0; i < hint; i++) {
        struct token k;
        NEED(next_token(t, &k),
             "expected %zu more tokens of the answer, found the end of the "
             "file",
             hint - i);
        append(fixed, k.s, k.n, true);
    }
    return true;
}

static const struct {
    const char *kernel;
    reader read;
} readers[] = {
    {"cubic_eight", read_moves},
    {"cube_walk", read_walk},
    {"magic_squares", read_magic},
    {"cubing", read_all},
};

static reader reader_of(const struct pb_kernel *k)
{
    for (size_t i = 0; i < sizeof(readers) / sizeof(readers[0]); i++)
        if (!strcmp(readers[i].kernel, k->name))
            return readers[i].read;
    return read_all;
}

int pb_expected_path(const char *path, char *out, size_t len)
{
    size_t n = strlen(path);
    bool in = n > 3 && !strcmp(path + n - 3, ".in");
    int w = snprintf(out, len, "%.*s.out", (int)(in ? n - 3 : n), path);
    return w < 0 || (size_t)w >= len ? -ENAMETOOLONG : 0;
}

/* The whole file at path, once (pb_input_read: the input cap, no NUL
 * byte); 1 when there is none. It was found by name, not given: it is
 * opened without waiting, so a FIFO that nothing writes cannot hang the
 * run, and a FIFO is refused rather than read by a race with its writer.
 * A device (a link to /dev/zero) is read like a file, bounded as one. */
static int read_expected(const struct pb_kernel *k, const char *path,
                         char **text, size_t *len, struct pb_error *e)
{
    char answers[64];
    snprintf(answers, sizeof(answers), "%s answers", k->name);
    FILE *f;
    struct stat st;
    int rc = pb_open_input(path, true, &f, &st);
    if (rc == -ENOENT)
        return 1;
    if (rc == -EINVAL)
        return pb_fail(e, S_ISDIR(st.st_mode) ? -EISDIR : rc,
                       "%s: %s; expected a file of %s%s", path,
                       pb_file_kind(&st), answers,
                       S_ISFIFO(st.st_mode) ? " (a FIFO found beside a corpus "
                                              "is not waited for)"
                                            : "");
    if (rc)
        return pb_fail(e, rc, "%s: cannot open: %s", path, strerror(-rc));
    rc = pb_input_read(f, path, answers, answers, text, len, e);
    fclose(f);
    return rc;
}

/* The oracle's answer to instance in the judge format, its fixed part
 * into fixed; the number of its tokens in *hint. */
static int oracle_answer(const struct pb_corpus *c, const void *oracle,
                         const void *instance, void *slot, reader read,
                         struct text *fixed, size_t *hint, struct pb_error *e)
{
    const struct pb_kernel *k = c->kernel;
    char *text = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&text, &len);
    int rc = mem ? k->oracle_solve(oracle, instance, slot) : -ENOMEM;
    if (rc == 0 && k->answer.write(mem, instance, slot) < 0)
        rc = -EIO;
    if (mem && fclose(mem) != 0 && rc == 0)
        rc = -ENOMEM;
    if (k->answer.release)
        k->answer.release(slot);
    memset(slot, 0, k->answer.size);
    if (rc) {
        free(text);
        return pb_fail(e, rc, "%s: the oracle could not answer: %s", c->source,
                       strerror(-rc));
    }
    struct tokens t = {text, text + len, 1};
    struct token tok;
    for (*hint = 0; next_token(&t, &tok);)
        ++*hint;
    t = (struct tokens){text, text + len, 1};
    char why[256];
    bool ok = read(&t, *hint, fixed, why, sizeof(why));
    free(text);
    if (!ok) /* a kernel writing what its reader here does not read */
        return pb_fail(e, -EINVAL, "%s: the oracle's answer: %s", c->source,
                       why);
    return fixed->s ? 0 : pb_fail(e, -ENOMEM, "out of memory");
}

/* Compares instance i's answers; 1 when they agree, 0 after pb_fail. */
static int check_one(const struct pb_corpus *c, const void *oracle, size_t i,
                     void *slot, reader read, struct tokens *t,
                     const char *path, struct pb_error *e)
{
    struct text want = {malloc(64), 0, 64}, got = {malloc(64), 0, 64};
    size_t hint = 0;
    int rc = want.s && got.s ? 0 : pb_fail(e, -ENOMEM, "out of memory");
    if (rc == 0)
        rc = oracle_answer(c, oracle, pb_corpus_item(c, i), slot, read, &want,
                           &hint, e);
    char why[256];
    struct token k;
    struct tokens at = *t; /* the line the answer starts on */
    if (rc == 0 && !next_token(&at, &k))
        rc = pb_fail(e, -EINVAL,
                     "%s:%u: ends after %zu answer%s; expected %zu, one per "
                     "instance of %s",
                     path, t->line, i, i == 1 ? "" : "s", c->count, c->source);
    else if (rc == 0 && !read(t, hint, &got, why, sizeof(why)))
        rc = pb_fail(e, -EINVAL, "%s:%u: answer %zu: %s", path, t->line, i + 1,
                     why);
    else if (rc == 0 && !got.s)
        rc = pb_fail(e, -ENOMEM, "out of memory");
    /* pb_fail returns its negative code: rc == 0 means both texts exist */
    /* NOLINTNEXTLINE(clang-analyzer-core.NonNullParamChecker) */
    else if (rc == 0 && strcmp(want.s, got.s))
        rc = pb_fail(e, -EINVAL,
                     "%s:%u: instance %zu (%s:%u): the expected answer is "
                     "'%.80s', the oracle's is '%.80s'",
                     path, at.line, i + 1, c->source, (unsigned)c->lines[i],
                     got.s, want.s);
    free(want.s);
    free(got.s);
    return rc;
}

int pb_expected_check(const struct pb_corpus *c, const void *oracle,
                      const char *path, bool *checked, struct pb_error *e)
{
    char *text = NULL;
    size_t len = 0;
    int rc = read_expected(c->kernel, path, &text, &len, e);
    *checked = rc == 0;
    if (rc)
        return rc > 0 ? 0 : rc;
    void *slot = calloc(1, c->kernel->answer.size);
    if (!slot) {
        free(text);
        return pb_fail(e, -ENOMEM, "out of memory");
    }
    reader read = reader_of(c->kernel);
    struct tokens t = {text, text + len, 1};
    for (size_t i = 0; rc == 0 && i < c->count; i++)
        rc = check_one(c, oracle, i, slot, read, &t, path, e);
    struct token k;
    if (rc == 0 && next_token(&t, &k)) {
        char b[32];
        shown(&k, b, sizeof(b));
        rc = pb_fail(e, -EINVAL,
                     "%s:%u: found '%s' after the last answer; expected %zu "
                     "answer%s, one per instance of %s",
                     path, t.line, b, c->count, c->count == 1 ? "" : "s",
                     c->source);
    }
    free(slot);
    free(text);
    return rc;
}
