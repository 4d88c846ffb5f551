/*
 * cmd_publish.c - `puzzlebench publish [--db FILE] [--history ID] --out
 * DIR`: a history run of the results store drawn as a static site
 * (present/dashboard.h), its change points found as `history` finds
 * them (analysis/changepoint.h).
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>

#include "cli/cli.h"
#include "analysis/changepoint.h"
#include "present/dashboard.h"
#include "results/store.h"

static const char help[] =
    "usage: puzzlebench publish --out DIR [--db FILE] [--history ID]\n"
    "                           [--band PCT]\n\n"
    "Writes a static site of a history run of the results store (the\n"
    "latest, or --history ID): DIR/index.html with the range's commits,\n"
    "the kernels and every change point; one page per kernel with one\n"
    "figure per benchmark (time per instance against commit, each\n"
    "point's 95% interval over its rounds, verified points filled, change\n"
    "points marked with the later commit's subject) and links to each\n"
    "run's report. HTML and SVG only: no server, no framework; open\n"
    "DIR/index.html in a browser or copy DIR to any web server.\n\n"
    "  -o, --out DIR     the site's folder (made when missing)\n"
    "  -d, --db FILE     the store (default: results/puzzlebench.db)\n"
    "      --history ID  the history run (default: the latest)\n"
    "  -b, --band PCT    the change's band, +-PCT percent (default 2)\n"
    "  -h, --help        this text\n";

int cmd_publish(int argc, char **argv)
{
    static const struct option options[] = {
        {"out", required_argument, NULL, 'o'},
        {"db", required_argument, NULL, 'd'},
        {"history", required_argument, NULL, 'H'},
        {"band", required_argument, NULL, 'b'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0}};
    const char *out = NULL, *db = "results/" PB_STORE_FILE;
    uint64_t history = 0;
    double band = 2;
    int c;
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":o:d:H:b:h", options, NULL)) != -1) {
        switch (c) {
        case 'o':
            out = optarg;
            break;
        case 'd':
            db = optarg;
            break;
        case 'H':
            if (!cli_u64("publish", "--history", optarg, &history))
                return PB_EXIT_USAGE;
            break;
        case 'b':
            if (!cli_percent("publish", "--band", optarg, 100, &band))
                return PB_EXIT_USAGE;
            break;
        case 'h':
            fputs(help, stdout);
            return PB_EXIT_OK;
        default:
            return cli_bad_option("publish", argc, argv, c, options);
        }
    }
    if (optind < argc)
        return pb_usage_error("publish", "unexpected argument '%s'",
                              argv[optind]);
    if (!out)
        return pb_usage_error("publish", "--out DIR is needed: the site's "
                                         "folder");
    struct pb_store *s;
    struct pb_error e;
    struct pb_history h = {0};
    struct pb_hist_change *changes = NULL;
    size_t n = 0;
    int rc = pb_store_open_existing(db, &s, &e);
    int64_t id = (int64_t)history;
    if (rc == 0)
        rc = pb_store_history_pick(s, &id, &e);
    if (rc == 0)
        rc = pb_store_history_load(s, id, &h, &e);
    if (rc == 0)
        rc = pb_history_changes(&h, band / 100, 0.05, &changes, &n, &e);
    if (rc == 0)
        rc = pb_dashboard_write(&h, changes, n, out, &e);
    if (rc == 0)
        printf("%s/index.html: history %lld, %zu benchmarks over %zu "
               "commits\n",
               out, (long long)id, h.count, h.commits);
    free(changes);
    pb_history_free(&h);
    pb_store_close(s);
    if (rc) {
        fprintf(stderr, "puzzlebench publish: %s\n", e.msg);
        return PB_EXIT_FAIL;
    }
    return PB_EXIT_OK;
}
