/*
 * cmd_merge.c - `puzzlebench merge [--out ROOT] DIR...`: joins results
 * folders (the shards of `bench --shard I/N`) into one new results
 * folder, made as a run makes one, then draws its summary, figures and
 * report as `plot` does (pb_plot), and indexes it in the results store
 * as bench does (bench_store.c). The joining and its refusals are
 * merge.h's; nothing is created when the inputs are refused, and
 * ROOT/latest moves only once the merged folder is written whole.
 */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "results/merge.h"
#include "present/outputs.h"
#include "results/folder.h"

static const char help[] =
    "usage: puzzlebench merge [--out ROOT] [--db FILE | --no-db] DIR DIR...\n\n"
    "Joins results folders (each a results folder, or a root whose\n"
    "latest link names one), typically the shards of\n"
    "'bench --shard I/N', into one new results folder ROOT/<UTC>/ (and\n"
    "ROOT/latest), as if the suite had run unsharded: results.csv's rows\n"
    "and results.json's benchmarks in the suite's order, the first\n"
    "input's provenance with merged_from, every verification record; then\n"
    "summary.csv, the figures and the report, as 'plot' draws them.\n"
    "Refused, creating nothing: a folder without results.csv or\n"
    "results.json, an unreadable or malformed file, another puzzlebench\n"
    "commit, dirty flag, build or suite, shards of different N, a\n"
    "benchmark in two inputs, and a ROOT/latest that is a folder or a\n"
    "file. Inputs from different machines are merged with a warning\n"
    "(machines_differ in results.json, and in the report): their times\n"
    "are not comparable. An incomplete merge (a shard missing or killed\n"
    "before its end) is written with a warning, 'incomplete: N of M\n"
    "benchmarks timed' and the missing ones, in its completion.json and\n"
    "its report. The merged folder is indexed in the results store as\n"
    "bench indexes a run (its shards stay there as their runs put them).\n\n"
    "  -o, --out ROOT   results root (default: results)\n"
    "      --db FILE    the results store (default: ROOT/puzzlebench.db)\n"
    "      --no-db      do not index the merged folder\n"
    "  -h, --help       this text\n";

enum { OPT_DB = 0x100, OPT_NO_DB };

int cmd_merge(int argc, char **argv)
{
    static const struct option options[] = {
        {"out", required_argument, NULL, 'o'},
        {"help", no_argument, NULL, 'h'},
        {"db", required_argument, NULL, OPT_DB},
        {"no-db", no_argument, NULL, OPT_NO_DB},
        {NULL, 0, NULL, 0}};
    const char *root = "results", *db = NULL;
    bool no_db = false;
    int c;
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":o:h", options, NULL)) != -1) {
        switch (c) {
        case 'o':
            root = optarg;
            break;
        case 'h':
            fputs(help, stdout);
            return PB_EXIT_OK;
        case OPT_DB:
            db = optarg;
            break;
        case OPT_NO_DB:
            no_db = true;
            break;
        default:
            return cli_bad_option("merge", argc, argv, c, options);
        }
    }
    if (no_db && db)
        return pb_usage_error("merge", "--no-db with --db: give one of them");
    if (argc - optind < 2)
        return pb_usage_error("merge",
                              "expected at least 2 results folders (one "
                              "folder is already merged)");
    struct pb_merge m;
    struct pb_error e;
    if (pb_merge_read(&m, argv + optind, (size_t)(argc - optind), &e)) {
        fprintf(stderr, "puzzlebench merge: %s\n", e.msg);
        return PB_EXIT_FAIL;
    }
    char before[4096];
    cli_bench_latest(root, before, sizeof(before));
    struct pb_results r;
    if (pb_results_open(&r, root, &e) || pb_merge_write(&m, &r, &e)) {
        fprintf(stderr, "puzzlebench merge: %s\n", e.msg);
        pb_results_close(&r);
        pb_merge_free(&m);
        return PB_EXIT_FAIL;
    }
    pb_merge_free(&m);
    int status = PB_EXIT_OK;
    /* written whole: latest may name it (a refused merge never moves it) */
    if (pb_results_point_latest(&r, &e)) {
        fprintf(stderr, "puzzlebench merge: %s\n", e.msg);
        status = PB_EXIT_FAIL;
    }
    bool drawn = pb_outputs_or_report(r.dir, "merge");
    pb_results_show(&r, "results: %s (results.json, results.csv, log.txt%s)\n",
                    r.dir, drawn ? ", report.md, report.html, figures/" : "");
    if (!pb_results_close_said(&r, "merge"))
        status = PB_EXIT_FAIL;
    /* indexed once latest names the merged folder (cli_bench_index
     * checks that it moved) */
    return no_db ? status
                 : cli_bench_index("merge", root, before, db, NULL, status);
}
