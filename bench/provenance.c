/*
 * provenance.c - collects the provenance keys (see provenance.h). The
 * commit comes from `git` in the source tree at run time (the build may
 * be older than the working tree), read without taking git's index lock,
 * and is "unknown" where git or the checkout is missing; or it comes from
 * PB_COMMIT and PB_DIRTY, which a bundle's wrapper sets
 * (scripts/bundle.sh). Compiler and flags are fixed at configure time by
 * CMake.
 */
#include "provenance.h"

#include <omp.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "gbench.h"
#include "memprobe.h"

#ifndef PB_SOURCE_DIR
#define PB_SOURCE_DIR "."
#endif
#ifndef PB_COMPILER
#define PB_COMPILER "unknown"
#endif
#ifndef PB_CFLAGS
#define PB_CFLAGS "unknown"
#endif
#ifndef PB_BUILD_TYPE
#define PB_BUILD_TYPE "unknown"
#endif

/* Runs a shell command; its first output line goes to out (no newline,
 * "" when none). Returns the command's exit status, or -1 when it could
 * not run. */
static int command_line(const char *cmd, char *out, size_t len)
{
    out[0] = '\0';
    FILE *p = popen(cmd, "r");
    if (!p)
        return -1;
    char line[256];
    for (bool first = true; fgets(line, sizeof(line), p); first = false)
        if (first)
            snprintf(out, len, "%.*s", (int)strcspn(line, "\n"), line);
    int status = pclose(p);
    return status >= 0 && WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* The commit and dirty flag of the source tree, "unknown" when git is
 * missing or the tree is not a checkout. Read-only: status runs with
 * --no-optional-locks (and GIT_OPTIONAL_LOCKS=0 for older gits), so a
 * run never takes .git/index.lock from a developer's git. */
static void git_state(char *commit, size_t commit_len, const char **dirty)
{
    char line[256];
    *dirty = "unknown";
    if (command_line("git -C '" PB_SOURCE_DIR "' rev-parse HEAD 2>/dev/null",
                     commit, commit_len) != 0 ||
        !commit[0]) {
        snprintf(commit, commit_len, "unknown");
        return;
    }
    if (command_line(
            "GIT_OPTIONAL_LOCKS=0 git --no-optional-locks -C '" PB_SOURCE_DIR
            "' status --porcelain --untracked-files=no 2>/dev/null",
            line, sizeof(line)) == 0)
        *dirty = line[0] ? "true" : "false";
}

void pb_provenance_commit(char *commit, size_t commit_len, const char **dirty)
{
    const char *c = getenv("PB_COMMIT"), *d = getenv("PB_DIRTY");
    if (c && c[0] && d && d[0]) {
        /* a bundle (scripts/bundle.sh) on a machine without the tree */
        snprintf(commit, commit_len, "%s", c);
        *dirty = d;
        return;
    }
    git_state(commit, commit_len, dirty);
}

static void add(struct pb_results *r, const char *key, const char *value)
{
    pb_gb_add_context(key, value);
    pb_results_say(r, "# %-18s %s\n", key, value);
}

void pb_provenance_record(struct pb_results *r, const char *suite,
                          int max_threads)
{
    char buf[256];
    const char *dirty;
    pb_provenance_commit(buf, sizeof(buf), &dirty);
    add(r, "puzzlebench_commit", buf);
    add(r, "puzzlebench_dirty", dirty);
    add(r, "compiler", PB_COMPILER);
    add(r, "compiler_flags", PB_CFLAGS);
    add(r, "build_type", PB_BUILD_TYPE);
    add(r, "google_benchmark_version", pb_gb_version());
    add(r, "jemalloc_version", pb_heap_version());
    add(r, "heap_counters",
        pb_heap_available() ? "jemalloc mallctl" : "unavailable");
    const char *places = getenv("OMP_PLACES");
    const char *bind = getenv("OMP_PROC_BIND");
    add(r, "omp_places", places ? places : "unset");
    add(r, "omp_proc_bind", bind ? bind : "unset");
    snprintf(buf, sizeof(buf), "%d", omp_get_max_threads());
    add(r, "omp_max_threads", buf);
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    snprintf(buf, sizeof(buf), "%ld", cores);
    add(r, "cores", buf);
    snprintf(buf, sizeof(buf), "%d", max_threads);
    add(r, "max_threads_asked", buf);
    add(r, "threads_oversubscribed", max_threads > cores ? "true" : "false");
    add(r, "suite", suite);
}
