/*
 * main.c - the puzzlebench command line: dispatches `puzzlebench VERB`
 * to cmd_<verb>.c, after the environment's knobs are checked for the
 * verbs that run variants (knobs.h). Exit codes: 0 success, 1 wrong
 * answers or bad data, 2 usage error. Standard output is flushed and
 * closed here, after the verb, so a write that failed (a full disk,
 * /dev/full, a closed pipe's EPIPE aside) is an error for every verb, in
 * one place.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include "cli/cli.h"
#include "util/data_dir.h"
#include "harness/gbench.h"
#include "util/identity.h"
#include "harness/knobs.h"
#include "run/mpi_env.h"
#include "harness/provenance.h"
#include "pb_units.h"

struct verb {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
    bool reports_stdout; /* says itself when stdout fails, and fails */
    bool solves;         /* runs variants: the environment's knobs checked */
};

static const struct verb verbs[] = {
    {"list", cmd_list, "every kernel and its variants", false, false},
    {"solve", cmd_solve, "judge format in, judge format out", true, true},
    {"gen", cmd_gen, "write a deterministic corpus", true, false},
    {"verify", cmd_verify, "check variants against the reference oracle", false,
     true},
    {"census", cmd_census, "number of states at each depth", false, false},
    {"bench", cmd_bench, "verify and time a suite (Google Benchmark)", false,
     true},
    {"run", cmd_run, "the main job: bench the default suite", false, true},
    {"compare", cmd_compare, "two results side by side, with significance",
     false, false},
    {"calibrate", cmd_calibrate,
     "this machine's false-change rate and noise floor (A/A)", false, true},
    {"import", cmd_import, "index results folders in the results store", false,
     false},
    {"history", cmd_history, "a suite over a range of commits; change points",
     false, true},
    {"publish", cmd_publish, "a static site of the store's history", false,
     false},
    {"merge", cmd_merge, "join results folders (shards) into one", false,
     false},
    {"plot", cmd_plot, "draw the figures of a results folder (gnuplot)", false,
     false},
    {NULL, NULL, NULL, false, false},
};

/* Before a verb that runs variants: the environment's PB_* names and
 * knob values (knobs.h), so that a misspelt value never starts a run;
 * asking for help needs no check. Under a launcher only process 0 says
 * anything. rc to go on with (0), or the exit status. */
static int check_knobs(const struct verb *v, int argc, char **argv)
{
    for (int i = 2; i < argc; i++)
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h"))
            return 0;
    struct pb_error e;
    bool quiet = pb_mpi_launch_rank() > 0;
    if (pb_knobs_check(v->name, quiet, &e) == 0)
        return 0;
    if (!quiet)
        fprintf(stderr, "puzzlebench %s: %s\n", v->name, e.msg);
    return pb_mpi_quiet_failure(PB_EXIT_FAIL);
}

/* Why an earlier write to stdout failed, when the flush that failed
 * dropped its buffer (glibc does) and errno with it: a write of nothing
 * repeats the error of /dev/full or a closed descriptor; a regular file
 * on a disk with no free block was a full disk. */
static int lost_stdout_errno(void)
{
    int fd = fileno(stdout);
    struct stat st;
    struct statvfs vfs;
    errno = 0;
    if (fd >= 0 && write(fd, "", 0) < 0)
        return errno;
    if (fd >= 0 && fstat(fd, &st) == 0 && S_ISREG(st.st_mode) &&
        fstatvfs(fd, &vfs) == 0 && vfs.f_bavail == 0)
        return ENOSPC;
    return EIO;
}

/* Flushes and closes stdout: rc, or 1 with one line on stderr when a write
 * failed (unless the verb already failed and said so itself). */
static int close_stdout(const char *verb, bool reported, int rc)
{
    errno = 0;
    bool failed = fflush(stdout) != 0;
    int err = failed ? errno : 0;
    if (ferror(stdout) && !failed) {
        failed = true;
        err = lost_stdout_errno();
    }
    if (fclose(stdout) != 0 && !failed) {
        failed = true;
        err = errno;
    }
    if (!failed)
        return rc;
    if (!(reported && rc != PB_EXIT_OK))
        fprintf(stderr,
                "puzzlebench%s%s: cannot write to standard output: %s\n",
                verb ? " " : "", verb ? verb : "", strerror(err ? err : EIO));
    return rc != PB_EXIT_OK ? rc : PB_EXIT_FAIL;
}

/* `puzzlebench --version`: the version, the commit the binary was built
 * from (as results record it), the SHA-256 of the binary, the compiler,
 * Google Benchmark, MPI and the data folder (none for a binary that has
 * none, data_dir.h). */
static int version(void)
{
    char commit[256];
    const char *dirty;
    char mpi[128];
    pb_provenance_commit(commit, sizeof(commit), &dirty);
    pb_mpi_library(mpi, sizeof(mpi));
    printf("puzzlebench %s\ncommit %s (dirty: %s)\n"
           "binary sha256 %s\n"
           "built with %s (%s), Google Benchmark %s\n"
           "MPI: %s\n"
           "data: %s (%s)\n",
           PB_VERSION, commit, dirty, pb_identity_binary(), PB_COMPILER,
           PB_BUILD_TYPE, pb_gb_version(), mpi,
           pb_data_found() ? pb_data_dir() : "none", pb_data_origin());
    return PB_EXIT_OK;
}

static void usage(FILE *f)
{
    fprintf(f, "usage: puzzlebench VERB [options] [args]\n\n"
               "Verified benchmarks of puzzle-search kernels.\n\nverbs:\n");
    int name_w = 0; /* the verbs' column as wide as the longest */
    for (const struct verb *v = verbs; v->name; v++)
        name_w = pb_units_widen(name_w, v->name);
    for (const struct verb *v = verbs; v->name; v++)
        fprintf(f, "  %-*s %s\n", name_w, v->name, v->summary);
    fprintf(f, "\n'puzzlebench VERB --help' describes a verb; "
               "'puzzlebench --version' the build.\n"
               "exit status: 0 success, 1 wrong answers or bad data, "
               "2 usage error\n");
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return PB_EXIT_USAGE;
    }
    const char *name = argv[1];
    if (!strcmp(name, "--help") || !strcmp(name, "-h") ||
        !strcmp(name, "help")) {
        if (argc > 2 && strcmp(name, "help") == 0) {
            for (const struct verb *v = verbs; v->name; v++)
                if (!strcmp(v->name, argv[2])) {
                    char *help_argv[] = {argv[2], "--help", NULL};
                    return close_stdout(v->name, false, v->run(2, help_argv));
                }
            fprintf(stderr,
                    "puzzlebench help: unknown verb '%s'; see 'puzzlebench "
                    "--help'\n",
                    argv[2]);
            return PB_EXIT_USAGE;
        }
        usage(stdout);
        return close_stdout(NULL, false, PB_EXIT_OK);
    }
    if (!strcmp(name, "--version") || !strcmp(name, "-V"))
        return close_stdout(NULL, false, version());
    for (const struct verb *v = verbs; v->name; v++) {
        if (strcmp(v->name, name))
            continue;
        int rc = v->solves ? check_knobs(v, argc, argv) : 0;
        return rc ? rc
                  : close_stdout(v->name, v->reports_stdout,
                                 v->run(argc - 1, argv + 1));
    }
    fprintf(stderr,
            "puzzlebench: unknown verb '%s'; see 'puzzlebench "
            "--help'\n",
            name);
    return PB_EXIT_USAGE;
}
