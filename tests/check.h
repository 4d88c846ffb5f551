/*
 * check.h - the tests' tiny assertion counter: CHECK never stops a test
 * program, it counts, and check_summary() prints the closing
 * "N passed, N failed" line and gives the exit status.
 */
#ifndef CHECK_H
#define CHECK_H

#include <stdio.h>

static int check_passed, check_failed;

#define CHECK(cond, ...)                                                       \
    do {                                                                       \
        if (cond) {                                                            \
            check_passed++;                                                    \
        } else {                                                               \
            check_failed++;                                                    \
            fprintf(stderr, "%s:%d: FAILED: %s: ", __FILE__, __LINE__, #cond); \
            fprintf(stderr, __VA_ARGS__);                                      \
            fputc('\n', stderr);                                               \
        }                                                                      \
    } while (0)

static inline int check_summary(void)
{
    printf("%d passed, %d failed\n", check_passed, check_failed);
    return check_failed ? 1 : 0;
}

#endif
