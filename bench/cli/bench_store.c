/*
 * bench_store.c - what bench and run do with the results store after a
 * run (results/store.h): index the folder the run wrote (ROOT/latest) in
 * the store, and save it as a named baseline when asked. The folder is
 * the record whatever happens here; a store that cannot be written is an
 * error of the run all the same (exit 1), since a comparison over time
 * would silently miss it.
 */
#define _XOPEN_SOURCE 700 /* readlink */

#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "results/store.h"

void cli_bench_latest(const char *root, char *target, size_t len)
{
    char latest[4096];
    snprintf(latest, sizeof(latest), "%s/latest", root);
    ssize_t n = readlink(latest, target, len - 1);
    target[n > 0 ? n : 0] = '\0';
}

int cli_bench_index(const char *verb, const char *root, const char *before,
                    const char *db, const char *baseline, int rc)
{
    char latest[4096], file[4096], after[4096];
    snprintf(latest, sizeof(latest), "%s/latest", root);
    cli_bench_latest(root, after, sizeof(after));
    if (!*after || !strcmp(after, before)) {
        /* the run made no folder (it stopped before timing) */
        if (baseline)
            fprintf(stderr,
                    "puzzlebench %s: baseline '%s' not saved: the "
                    "run wrote no results\n",
                    verb, baseline);
        return rc;
    }
    if (!db) {
        snprintf(file, sizeof(file), "%s/%s", root, PB_STORE_FILE);
        db = file;
    }
    struct pb_store *s;
    struct pb_error e;
    int64_t runs[2];
    size_t count = 0, added = 0;
    int failed = pb_store_open(db, &s, &e);
    if (failed == 0) {
        failed = pb_store_import(s, latest, NULL, runs, &count, &added, &e);
        /* a run that ended with every answer verified; of a bench
         * --against folder the build that ran it (side B, runs[0]) */
        if (failed == 0 && baseline && rc == PB_EXIT_OK && count)
            failed = pb_store_baseline_save(s, baseline, runs[0], &e);
        pb_store_close(s);
    }
    if (failed) {
        fprintf(stderr, "puzzlebench %s: results store: %s\n", verb, e.msg);
        return rc ? rc : PB_EXIT_FAIL;
    }
    if (baseline && rc != PB_EXIT_OK)
        fprintf(stderr,
                "puzzlebench %s: baseline '%s' not saved: the run did not "
                "end with every answer verified\n",
                verb, baseline);
    else if (baseline && count)
        printf("baseline '%s': run %lld in %s\n", baseline, (long long)runs[0],
               db);
    return rc;
}
