/*
 * cmd_import.c - `puzzlebench import [--db FILE] DIR...`: indexes results
 * folders in the results store (results/store.h), each in its own
 * transaction; a folder imported before adds nothing. A root whose
 * `latest` link names a folder may be given for that folder, and a root
 * with `--all` for every results folder in it. Exit 1 when a folder is
 * refused (the others are still imported), 2 for a usage error.
 */
#include <dirent.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli/cli.h"
#include "results/store.h"

static const char help[] =
    "usage: puzzlebench import [--db FILE] [--all] DIR...\n\n"
    "Indexes results folders in the results store, an SQLite database\n"
    "(docs/history.md): every benchmark's verified repetitions, each\n"
    "benchmark's verification record and the run's whole provenance.\n"
    "The folders stay the record; the store is the index over them that\n"
    "`history`, `publish` and `compare --baseline` read. Any results\n"
    "folder bench, run, merge or calibrate has written, of any version,\n"
    "is read; a folder of bench --against becomes two runs, one per side.\n"
    "Importing a folder twice adds nothing (a run is known by the SHA-256\n"
    "of its results file); two imports at once are safe.\n\n"
    "  -d, --db FILE   the store (default: results/puzzlebench.db; made\n"
    "                  when missing, migrated when older)\n"
    "  -a, --all       each DIR is a results root: import every folder\n"
    "                  in it that holds results\n"
    "  -h, --help      this text\n";

static bool holds_results(const char *dir);

/* Imports one folder (a root's latest); prints what it did. */
static int import_one(struct pb_store *s, const char *dir)
{
    char latest[4096 + 16];
    snprintf(latest, sizeof(latest), "%s/latest", dir);
    if (!holds_results(dir) && holds_results(latest))
        dir = latest;
    int64_t runs[2];
    size_t count, added;
    struct pb_error e;
    if (pb_store_import(s, dir, NULL, runs, &count, &added, &e)) {
        fprintf(stderr, "puzzlebench import: %s\n", e.msg);
        return 1;
    }
    for (size_t i = 0; i < count; i++)
        printf("%s: run %lld%s\n", dir, (long long)runs[i],
               added ? "" : " (imported before)");
    return 0;
}

static bool holds_results(const char *dir)
{
    char path[4096 + 64];
    struct stat st;
    snprintf(path, sizeof(path), "%s/results.json", dir);
    if (stat(path, &st) == 0 && S_ISREG(st.st_mode))
        return true;
    snprintf(path, sizeof(path), "%s/results.csv", dir);
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

static int by_name(const struct dirent **a, const struct dirent **b)
{
    return strcmp((*a)->d_name, (*b)->d_name);
}

/* Every folder of root holding results, in name (time) order. */
static int import_root(struct pb_store *s, const char *root)
{
    struct dirent **list = NULL;
    int n = scandir(root, &list, NULL, by_name);
    if (n < 0) {
        fprintf(stderr, "puzzlebench import: %s: cannot read the folder\n",
                root);
        return 1;
    }
    int failed = 0, found = 0;
    for (int i = 0; i < n; i++) {
        char dir[4096];
        snprintf(dir, sizeof(dir), "%s/%s", root, list[i]->d_name);
        struct stat st;
        bool take = list[i]->d_name[0] != '.' &&
                    strcmp(list[i]->d_name, "latest") && !lstat(dir, &st) &&
                    S_ISDIR(st.st_mode) && holds_results(dir);
        free(list[i]);
        if (take) {
            found++;
            failed |= import_one(s, dir);
        }
    }
    free(list);
    if (!found)
        fprintf(stderr, "puzzlebench import: %s: no results folder in it\n",
                root);
    return failed || !found;
}

int cmd_import(int argc, char **argv)
{
    static const struct option options[] = {
        {"db", required_argument, NULL, 'd'},
        {"all", no_argument, NULL, 'a'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0}};
    const char *db = "results/" PB_STORE_FILE;
    bool all = false;
    int c;
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":d:ah", options, NULL)) != -1) {
        switch (c) {
        case 'd':
            db = optarg;
            break;
        case 'a':
            all = true;
            break;
        case 'h':
            fputs(help, stdout);
            return PB_EXIT_OK;
        default:
            return cli_bad_option("import", argc, argv, c, options);
        }
    }
    if (optind == argc)
        return pb_usage_error("import", "expected one results folder or "
                                        "more");
    struct pb_store *s;
    struct pb_error e;
    if (pb_store_open(db, &s, &e)) {
        fprintf(stderr, "puzzlebench import: %s\n", e.msg);
        return PB_EXIT_FAIL;
    }
    int failed = 0;
    for (int i = optind; i < argc; i++)
        failed |= all ? import_root(s, argv[i]) : import_one(s, argv[i]);
    pb_store_close(s);
    return failed ? PB_EXIT_FAIL : PB_EXIT_OK;
}
