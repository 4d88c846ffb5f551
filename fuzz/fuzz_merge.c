/*
 * fuzz_merge.c - libFuzzer target: the results folders `merge` joins
 * (pb_merge_read: each results.json with Jansson, each results.csv's
 * header and rows through schema.h's reader, the checks that they are
 * parts of one run, the verification records' places, the joined CSV
 * and JSON in memory). One input is two folders' four files, split at
 * the lines "=====": A's results.csv, A's results.json, B's results.csv,
 * B's results.json (a part absent: an empty file), so a regression input
 * stays readable text. Seeds: tests/fixtures/compare/ (scripts/fuzz.sh
 * joins them). O(input) per run, plus four file writes.
 */
#include <string.h>

#include "fuzz_util.h"
#include "results/merge.h"

#define FUZZ_MERGE_PARTS 4
#define FUZZ_MERGE_SEPARATOR "\n=====\n"

/* The next part of data[*at..size) up to the separator (or the end). */
static size_t next_part(const uint8_t *data, size_t size, size_t *at,
                        const uint8_t **part)
{
    const size_t sep = strlen(FUZZ_MERGE_SEPARATOR);
    *part = data + *at;
    for (size_t i = *at; i + sep <= size; i++)
        if (!memcmp(data + i, FUZZ_MERGE_SEPARATOR, sep)) {
            size_t n = i - *at;
            *at = i + sep;
            return n;
        }
    size_t n = size - *at;
    *at = size;
    return n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char *const names[FUZZ_MERGE_PARTS] = {
        "a/results.csv", "a/results.json", "b/results.csv", "b/results.json"};
    char a[1024], b[1024], path[1024];
    fuzz_dir_make("a", a, sizeof(a));
    fuzz_dir_make("b", b, sizeof(b));
    size_t at = 0;
    for (int i = 0; i < FUZZ_MERGE_PARTS; i++) {
        const uint8_t *part;
        size_t n = next_part(data, size, &at, &part);
        fuzz_write(names[i], part, n, path, sizeof(path));
    }
    char *dirs[] = {a, b};
    struct pb_merge m;
    struct pb_error e = {{0}};
    int rc = pb_merge_read(&m, dirs, 2, &e);
    fuzz_check_error(rc, &e);
    pb_merge_free(&m);
    return 0;
}
