/*
 * replay_main.c - the main of a fuzz target where libFuzzer is not
 * linked (every build but the fuzzing one, the gcc Release build
 * included): calls LLVMFuzzerTestOneInput once on each file given, and on
 * each file of each folder given, so that the inputs committed under
 * tests/fuzz/<target>/ are replayed by ctest. A crash or a sanitizer
 * report ends the run; otherwise it prints "N passed, 0 failed". No
 * input at all is a failure (a replay of nothing tests nothing).
 * O(total input size) plus the target's cost per input.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz_util.h"

static int replay_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "replay: %s: cannot open\n", path);
        return -1;
    }
    size_t cap = 4096, n = 0, got;
    unsigned char *buf = malloc(cap);
    while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap) {
            unsigned char *bigger = realloc(buf, cap * 2);
            if (!bigger) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = bigger;
            cap *= 2;
        }
    }
    int bad = !buf || ferror(f);
    fclose(f);
    if (bad) {
        fprintf(stderr, "replay: %s: cannot read\n", path);
        free(buf);
        return -1;
    }
    /* a copy of exactly n bytes, so that ASan sees a read past the end */
    unsigned char *exact = malloc(n ? n : 1);
    if (!exact) {
        free(buf);
        return -1;
    }
    memcpy(exact, buf, n);
    free(buf);
    LLVMFuzzerTestOneInput(exact, n);
    free(exact);
    return 0;
}

int main(int argc, char **argv)
{
    int passed = 0, failed = 0;
    for (int i = 1; i < argc; i++) {
        struct stat st;
        if (stat(argv[i], &st) == 0 && S_ISDIR(st.st_mode)) {
            struct dirent **list;
            int n = scandir(argv[i], &list, NULL, alphasort);
            if (n < 0) {
                fprintf(stderr, "replay: %s: cannot list\n", argv[i]);
                failed++;
                continue;
            }
            for (int j = 0; j < n; j++) {
                char path[4096];
                snprintf(path, sizeof(path), "%s/%s", argv[i], list[j]->d_name);
                if (stat(path, &st) == 0 && S_ISREG(st.st_mode)) {
                    if (replay_file(path) == 0)
                        passed++;
                    else
                        failed++;
                }
                free(list[j]);
            }
            free(list);
        } else if (replay_file(argv[i]) == 0) {
            passed++;
        } else {
            failed++;
        }
    }
    if (passed + failed == 0) {
        fprintf(stderr, "replay: no input files\n");
        failed++;
    }
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
