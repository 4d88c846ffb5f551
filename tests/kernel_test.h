/*
 * kernel_test.h - helpers shared by the per-kernel C tests: parsing a
 * text as a corpus of one kernel, a table of bad inputs that must each
 * fail with a given message (file:line and what was expected), and the
 * generator's determinism.
 */
#ifndef KERNEL_TEST_H
#define KERNEL_TEST_H

#include <string.h>

#include "check.h"
#include "run/gen.h"
#include "pb.h"

/* Parses text with kernel k into c (freed again on failure). */
static inline int kt_read(const struct pb_kernel *k, const char *text,
                          struct pb_corpus *c, struct pb_error *e)
{
    pb_corpus_init(c, k, "<test>");
    int rc = k->format.read(text, strlen(text), c, e);
    if (rc)
        pb_corpus_free(c);
    return rc;
}

struct bad_case {
    const char *text, *want; /* input, and a part of its error message */
};

/* Every case must fail to parse with a message containing its `want`. */
static inline void kt_check_bad(const struct pb_kernel *k,
                                const struct bad_case *cases, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        struct pb_corpus c;
        struct pb_error e = {""};
        int rc = kt_read(k, cases[i].text, &c, &e);
        if (rc == 0)
            pb_corpus_free(&c);
        CHECK(rc != 0 && strstr(e.msg, cases[i].want),
              "bad case %zu: rc %d msg '%s', want '%s'", i, rc, e.msg,
              cases[i].want);
    }
}

/* The generator is deterministic: family at size with seed 9 twice gives
 * the same corpus hash, and with seed 10 another one. */
static inline void kt_check_generator_seeds(const struct pb_kernel *k,
                                            const char *family,
                                            struct pb_size size, size_t count)
{
    struct pb_corpus a, b, c;
    struct pb_error e = {""};
    int ra = pb_generate(k, family, size, count, 9, &a, &e);
    int rb = pb_generate(k, family, size, count, 9, &b, &e);
    int rc = pb_generate(k, family, size, count, 10, &c, &e);
    CHECK(ra == 0 && rb == 0 && rc == 0, "%s %s: %s", k->name, family, e.msg);
    if (ra || rb || rc)
        return;
    CHECK(pb_corpus_hash(&a) == pb_corpus_hash(&b),
          "%s %s: same seed, same hash", k->name, family);
    CHECK(pb_corpus_hash(&a) != pb_corpus_hash(&c),
          "%s %s: another seed, another corpus", k->name, family);
    pb_corpus_free(&a);
    pb_corpus_free(&b);
    pb_corpus_free(&c);
}

/* Generates family on a rows x cols board (seed 77) and hands the corpus,
 * named "family RxC" for messages, to check. */
static inline void kt_on_board(const struct pb_kernel *k, const char *family,
                               int rows, int cols, size_t count,
                               void (*check)(const struct pb_corpus *c,
                                             const char *what))
{
    struct pb_corpus c;
    struct pb_error e = {""};
    if (pb_generate(k, family, (struct pb_size){rows, cols}, count, 77, &c,
                    &e)) {
        CHECK(0, "gen %s/%dx%d: %s", family, rows, cols, e.msg);
        return;
    }
    char what[64];
    snprintf(what, sizeof(what), "%s %dx%d", family, rows, cols);
    check(&c, what);
    pb_corpus_free(&c);
}

#endif
