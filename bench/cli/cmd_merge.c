/*
 * cmd_merge.c - `puzzlebench merge [--out ROOT] DIR...`: joins results
 * folders (the shards of `bench --shard I/N`) into one new results
 * folder, made as a run makes one, then draws its summary, figures and
 * report as `plot` does (pb_plot). The joining and its refusals are
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
    "usage: puzzlebench merge [--out ROOT] DIR DIR...\n\n"
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
    "its report.\n\n"
    "  -o, --out ROOT   results root (default: results)\n"
    "  -h, --help       this text\n";

int cmd_merge(int argc, char **argv)
{
    static const struct option options[] = {
        {"out", required_argument, NULL, 'o'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0}};
    const char *root = "results";
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
        default:
            return cli_bad_option("merge", argc, argv, c, options);
        }
    }
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
    return status;
}
