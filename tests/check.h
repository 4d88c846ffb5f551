/*
 * check.h - the tests' tiny assertion counter: CHECK never stops a test
 * program, it counts, and check_summary() prints the closing
 * "N passed, N failed" line and gives the exit status; check_slurp reads
 * a small output file for the checks; check_kernel finds a kernel by name
 * or ends the test.
 */
#ifndef CHECK_H
#define CHECK_H

#include <stdio.h>
#include <stdlib.h>

#include "pb.h"

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

/* The text of a small file (up to 128 KB, NUL-terminated, in a static
 * buffer reused by the next call), or NULL when it cannot be opened. */
static inline char *check_slurp(const char *path)
{
    static char buf[1 << 17];
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t n = fread(buf, 1, sizeof(buf) - 1, f);
    buf[n] = '\0';
    fclose(f);
    return buf;
}

/* "load average: ..." from /proc/loadavg, for timing modes: a time
 * means little without the load it ran under. */
static inline void check_print_load(void)
{
    char load[64] = "?\n";
    FILE *f = fopen("/proc/loadavg", "r");
    if (f) {
        if (!fgets(load, sizeof(load), f))
            snprintf(load, sizeof(load), "?\n");
        fclose(f);
    }
    printf("load average: %s", load);
}

static inline int check_summary(void)
{
    printf("%d passed, %d failed\n", check_passed, check_failed);
    return check_failed ? 1 : 0;
}

/* The registered kernel NAME; a test without it cannot go on. */
static inline const struct pb_kernel *check_kernel(const char *name)
{
    const struct pb_kernel *k = pb_kernel_find(name);
    if (!k) {
        fprintf(stderr, "no kernel %s\n", name);
        exit(1);
    }
    return k;
}

#endif
