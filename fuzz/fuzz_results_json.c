/*
 * fuzz_results_json.c - libFuzzer target: a Google Benchmark JSON file
 * (puzzlebench's results.json, or another binary's) as `compare` and
 * `plot` read it: tidy_load_json from memory (fmemopen), with and
 * without TIDY_PUZZLEBENCH_ONLY, then compare's provenance and machine
 * readers (pb_compare_context, pb_compare_machine: the "context"
 * object), which take a path. Seeds: tests/fixtures/ (scripts/fuzz.sh).
 * O(input) per run, plus one file write.
 */
#include <stdio.h>
#include <stdlib.h>

#include "compare.h"
#include "fuzz_util.h"
#include "noise.h"
#include "tidy.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    for (unsigned flags = 0; flags <= TIDY_PUZZLEBENCH_ONLY; flags++) {
        /* fmemopen of 0 bytes fails: read an empty input from "" */
        FILE *f =
            fmemopen(size ? (void *)data : (void *)"", size ? size : 1, "r");
        if (!f)
            abort();
        struct tidy t = {0};
        struct pb_error e = {{0}};
        snprintf(t.path, sizeof(t.path), "results.json");
        int rc = tidy_load_json(f, &t, flags, &e);
        fclose(f);
        fuzz_check_error(rc, &e);
        tidy_free(&t);
    }
    char path[1024];
    fuzz_write("results.json", data, size, path, sizeof(path));
    FILE *out = fopen("/dev/null", "w");
    if (!out)
        abort();
    pb_compare_context(out, path, path);
    fclose(out);
    struct pb_noise_machine m;
    (void)pb_compare_machine(path, &m);
    return 0;
}
