/*
 * expected.c - a corpus file against its expected outputs (contract in
 * expected.h). The oracle's answer is written in the judge format
 * (answer.write) and read back with the same kernel's reader as the
 * expected file, so both sides are normalised the same way (one space
 * between tokens, a wrapped sequence joined) and compared as text; only
 * the part the problem fixes goes into that text.
 *
 * Each kernel reads its own answers (answer.read, pb_answer_text.h: a
 * few lines per kernel; none: every token compared), so nothing here
 * names a kernel. O(text + answers).
 */
#include "run/expected.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "pb_answer_text.h"
#include "pb_file.h"

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
                         const void *instance, void *slot,
                         pb_answer_reader read, struct pb_text *fixed,
                         size_t *hint, struct pb_error *e)
{
    const struct pb_kernel *k = c->kernel;
    char *text = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&text, &len);
    int rc = mem ? k->oracle.solve(oracle, instance, slot) : -ENOMEM;
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
    struct pb_tokens t = {text, text + len, 1};
    struct pb_token tok;
    for (*hint = 0; pb_token_next(&t, &tok);)
        ++*hint;
    t = (struct pb_tokens){text, text + len, 1};
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
                     void *slot, pb_answer_reader read, struct pb_tokens *t,
                     const char *path, struct pb_error *e)
{
    struct pb_text want = {malloc(64), 0, 64}, got = {malloc(64), 0, 64};
    size_t hint = 0;
    int rc = want.s && got.s ? 0 : pb_fail(e, -ENOMEM, "out of memory");
    if (rc == 0)
        rc = oracle_answer(c, oracle, pb_corpus_item(c, i), slot, read, &want,
                           &hint, e);
    char why[256];
    struct pb_token k;
    struct pb_tokens at = *t; /* the line the answer starts on */
    if (rc == 0 && !pb_token_next(&at, &k))
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
    pb_answer_reader read =
        c->kernel->answer.read ? c->kernel->answer.read : pb_answer_read_tokens;
    struct pb_tokens t = {text, text + len, 1};
    for (size_t i = 0; rc == 0 && i < c->count; i++)
        rc = check_one(c, oracle, i, slot, read, &t, path, e);
    struct pb_token k;
    if (rc == 0 && pb_token_next(&t, &k)) {
        char b[32];
        pb_token_shown(&k, b, sizeof(b));
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
