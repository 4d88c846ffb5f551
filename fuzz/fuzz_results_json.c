/*
 * fuzz_results_json.c - libFuzzer target: a Google Benchmark JSON file
 * (puzzlebench's results.json, or another binary's) as `compare` and
 * `plot` read it: readback_load_json from memory (fmemopen), with and
 * without READBACK_PUZZLEBENCH_ONLY; then, from a file, what compare
 * (including its "context" readers) and plot compute from it
 * (fuzz_results.c). Seeds: tests/fixtures/ (scripts/fuzz.sh). O(input)
 * per run, plus one file write.
 */
#include <stdio.h>
#include <stdlib.h>

#include "fuzz_results.h"
#include "fuzz_util.h"
#include "results/readback.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    int accepted = 0;
    for (unsigned flags = 0; flags <= READBACK_PUZZLEBENCH_ONLY; flags++) {
        /* fmemopen of 0 bytes fails: read an empty input from "" */
        FILE *f =
            fmemopen(size ? (void *)data : (void *)"", size ? size : 1, "r");
        if (!f)
            abort();
        struct readback t = {0};
        struct pb_error e = {{0}};
        snprintf(t.path, sizeof(t.path), "results.json");
        int rc = readback_load_json(f, &t, flags, &e);
        fclose(f);
        fuzz_check_error(rc, &e);
        accepted += rc == 0 && t.count > 0;
        readback_free(&t);
    }
    if (accepted) {
        char path[1024];
        fuzz_write("results.json", data, size, path, sizeof(path));
        fuzz_results_use(path);
    }
    return 0;
}
