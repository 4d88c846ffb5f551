/*
 * fuzz_results.c - a results file through what `compare` and `plot`
 * make of it after readback_load: pb_compare of the file against itself (the
 * context, noise lines, ratios, intervals and verdicts over the rounds
 * read), as a table and as JSON, and, for the benchmarks plot accepts
 * (READBACK_PUZZLEBENCH_ONLY), the summary CSV figures are drawn from
 * (pb_summary_write, with the CPUs granted that the file's context
 * records) and the report's winners (pb_winners_find). Only
 * gnuplot itself is left out. Cost: a few passes over the benchmarks
 * read, O(samples log samples) each.
 */
#include "fuzz_results.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>

#include "analysis/compare.h"
#include "util/cpus.h"
#include "results/context.h"
#include "fuzz_util.h"
#include "analysis/summary.h"
#include "results/readback.h"
#include "analysis/winners.h"

void fuzz_results_use(const char *path)
{
    FILE *out = fopen("/dev/null", "w");
    if (!out)
        abort();
    struct pb_compare_options o;
    pb_compare_defaults(&o);
    struct pb_error e = {{0}};
    int rc = pb_compare(path, path, &o, out, out, &e);
    if (rc < 0)
        fuzz_check_error(rc, &e);
    o.format = PB_COMPARE_JSON;
    o.fail_above = 0;
    rc = pb_compare(path, path, &o, out, out, &e);
    if (rc < 0)
        fuzz_check_error(rc, &e);

    struct readback t;
    e.msg[0] = '\0';
    if (readback_load(path, &t, READBACK_PUZZLEBENCH_ONLY, &e) == 0) {
        char summary[1024];
        fuzz_write("summary.csv", (const uint8_t *)"", 0, summary,
                   sizeof(summary));
        /* the CPUs its context says the run was granted, as plot reads
         * them (0 when absent or not a count) */
        json_t *context = pb_context_of_file(path);
        rc = pb_summary_write(&t, NULL, pb_cpus_from_context(context), summary,
                              &e);
        json_decref(context);
        fuzz_check_error(rc, &e);
        struct pb_winners w;
        if (pb_winners_find(&t, &w, &e) == 0) {
            pb_winners_print(out, &w);
            pb_winners_free(&w);
        }
        readback_free(&t);
    }
    fclose(out);
}
