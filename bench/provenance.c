/*
 * provenance.c - collects the provenance keys (see provenance.h). The
 * commit comes from `git` in the source tree at run time (the build may
 * be older than the working tree), or from PB_COMMIT and PB_DIRTY, which
 * a bundle's wrapper sets (scripts/bundle.sh); compiler and flags are
 * fixed at configure time by CMake.
 */
#include "provenance.h"

#include <omp.h>
#include <stdlib.h>
#include <string.h>
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

/* First line of a shell command's output, or "" (no trailing newline). */
static void command_line(const char *cmd, char *out, size_t len)
{
    out[0] = '\0';
    FILE *p = popen(cmd, "r");
    if (!p)
        return;
    if (fgets(out, (int)len, p))
        out[strcspn(out, "\n")] = '\0';
    pclose(p);
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
    const char *commit = getenv("PB_COMMIT"), *dirty = getenv("PB_DIRTY");
    if (commit && commit[0] && dirty && dirty[0]) {
        /* a bundle (scripts/bundle.sh) on a machine without the tree */
        add(r, "puzzlebench_commit", commit);
        add(r, "puzzlebench_dirty", dirty);
    } else {
        command_line("git -C '" PB_SOURCE_DIR "' rev-parse HEAD 2>/dev/null",
                     buf, sizeof(buf));
        add(r, "puzzlebench_commit", buf[0] ? buf : "unknown");
        command_line("git -C '" PB_SOURCE_DIR "' status --porcelain "
                     "--untracked-files=no 2>/dev/null | head -n 1",
                     buf, sizeof(buf));
        add(r, "puzzlebench_dirty", buf[0] ? "true" : "false");
    }
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
