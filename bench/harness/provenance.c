/*
 * provenance.c - collects the provenance keys (see provenance.h). The
 * commit comes from `git` in the source tree at run time (the build may
 * be older than the working tree), read without taking git's index lock,
 * and is "unknown" where git or the checkout is missing; or it comes from
 * PB_COMMIT and PB_DIRTY, which a bundle's wrapper sets
 * (scripts/bundle.sh). The build's identity beside it (identity.h): the
 * executable's hash, the diff of a dirty tree (written as build.diff
 * into the results folder) and the untracked files. Compiler and flags are
 * fixed at configure time by CMake. The machine for a paper (the report's
 * Summary): the CPU model
 * (/proc/cpuinfo), physical cores and hardware threads (sysfs topology),
 * memory, the OS (/etc/os-release) and kernel (uname), the OpenMP and
 * igraph versions; Google Benchmark's own context already has the date,
 * the load average, the clock and the caches (it reads
 * /sys/devices/system/cpu/cpu0/cache/index*), so they are not repeated.
 * What cannot be read is "unknown"; nothing here fails a run.
 * The CPUs this process may use (cpus.h: affinity mask, cgroup quota,
 * OpenMP's thread limit) are recorded beside the online ones, and a
 * suite's thread counts above them are named in one warning. Values come
 * from the environment and from paths, so control bytes in them are
 * written escaped (\x1b), in the log and in results.json alike.
 */
#include "harness/provenance.h"

#include <inttypes.h>
#include <omp.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>
#ifdef PB_HAVE_IGRAPH
#include <igraph_version.h>
#endif

#include "util/context_keys.h"
#include "util/cpus.h"
#include "harness/gbench.h"
#include "util/identity.h"
#include "harness/knobs.h"
#include "run/memprobe.h"
#include "harness/suite.h"

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

/* The first line of git's output (no newline) being read. */
struct first_line {
    char *out;
    size_t len, at;
    bool ended;
};

static void take_first_line(const char *chunk, size_t n, void *arg)
{
    struct first_line *l = arg;
    for (size_t i = 0; i < n && !l->ended; i++) {
        if (chunk[i] == '\n')
            l->ended = true;
        else if (l->at + 1 < l->len)
            l->out[l->at++] = chunk[i];
    }
    l->out[l->at] = '\0';
}

/* `git ARGS` in the source tree (identity.h: pb_git); its first output
 * line into out ("" when none). git's exit status, or -1. */
static int git_line(const char *const *args, char *out, size_t len)
{
    struct first_line l = {out, len, 0, false};
    out[0] = '\0';
    return pb_git(args, take_first_line, &l);
}

/* The commit and dirty flag of the source tree, "unknown" when git is
 * missing or the tree is not a checkout. Read-only: git runs with
 * --no-optional-locks (and GIT_OPTIONAL_LOCKS=0 for older gits), so a
 * run never takes .git/index.lock from a developer's git. */
static void git_state(char *commit, size_t commit_len, const char **dirty)
{
    static const char *const head[] = {"rev-parse", "HEAD", NULL};
    static const char *const status[] = {"status", "--porcelain",
                                         "--untracked-files=no", NULL};
    char line[256];
    *dirty = "unknown";
    if (git_line(head, commit, commit_len) != 0 || !commit[0]) {
        snprintf(commit, commit_len, "unknown");
        return;
    }
    if (git_line(status, line, sizeof(line)) == 0)
        *dirty = line[0] ? "true" : "false";
}

/* The commit and dirty flag come from the environment: PB_COMMIT and
 * PB_DIRTY both set (a bundle on a machine without the tree). */
static bool bundled(void)
{
    const char *c = getenv("PB_COMMIT"), *d = getenv("PB_DIRTY");
    return c && c[0] && d && d[0];
}

void pb_provenance_commit(char *commit, size_t commit_len, const char **dirty)
{
    if (bundled()) {
        /* a bundle (scripts/bundle.sh) on a machine without the tree */
        snprintf(commit, commit_len, "%s", getenv("PB_COMMIT"));
        *dirty = getenv("PB_DIRTY");
        return;
    }
    git_state(commit, commit_len, dirty);
}

void pb_provenance_add(struct pb_results *r, const char *key, const char *value)
{
    pb_gb_add_context(key, value);      /* escapes for the JSON */
    size_t len = 4 * strlen(value) + 1; /* each byte at most \xHH */
    char *shown = malloc(len), name[4 * 256 + 1];
    if (shown)
        pb_escape_controls(value, shown, len);
    pb_escape_controls(key, name, sizeof(name)); /* env:NAME is anyone's */
    pb_results_log(r, "# %-18s %s\n", name, shown ? shown : "(out of memory)");
    free(shown);
}

/* The value of the first line of path that starts with `key` followed by
 * separator characters (":\t =" and a double quote), without its quotes
 * and trailing blanks, into out; "unknown" when there is none. */
static void file_value(const char *path, const char *key, char *out, size_t len)
{
    snprintf(out, len, "unknown");
    FILE *f = fopen(path, "r");
    if (!f)
        return;
    char line[512];
    size_t n = strlen(key);
    while (fgets(line, sizeof(line), f)) {
        if (strncmp(line, key, n) || !strchr(":\t =", line[n]))
            continue;
        char *v = line + n + strspn(line + n, ":\t =\"");
        size_t end = strcspn(v, "\n");
        while (end > 0 && strchr(" \t\"", v[end - 1]))
            end--;
        if (end > 0)
            snprintf(out, len, "%.*s", (int)end, v);
        break;
    }
    fclose(f);
}

/* The first number of a sysfs CPU list ("0-1", "0,64"), or -1. */
static long first_cpu(const char *path)
{
    FILE *f = fopen(path, "r");
    long cpu = -1;
    if (f) {
        /* a sysfs CPU list, written by the kernel */
        /* NOLINTNEXTLINE(cert-err34-c) */
        if (fscanf(f, "%ld", &cpu) != 1)
            cpu = -1;
        fclose(f);
    }
    return cpu;
}

/* Physical cores among the online CPUs: the CPUs that are the first of
 * their thread siblings (hyper-threads share a core); 0 when the
 * topology cannot be read. O(CPUs). */
static long physical_cores(long cpus)
{
    long cores = 0;
    for (long c = 0; c < cpus; c++) {
        char path[128];
        snprintf(path, sizeof(path),
                 "/sys/devices/system/cpu/cpu%ld/topology/thread_siblings_list",
                 c);
        long first = first_cpu(path);
        if (first < 0)
            return 0;
        cores += first == c;
    }
    return cores;
}

/* _OPENMP is the date of the specification the compiler implements. */
static const char *openmp_spec(long date)
{
    static const struct {
        long date;
        const char *version;
    } specs[] = {{202111, "5.2"}, {202011, "5.1"}, {201811, "5.0"},
                 {201511, "4.5"}, {201307, "4.0"}, {201107, "3.1"},
                 {200805, "3.0"}, {200505, "2.5"}};
    for (size_t i = 0; i < sizeof(specs) / sizeof(specs[0]); i++)
        if (date >= specs[i].date)
            return specs[i].version;
    return "before 2.5";
}

/* The machine keys (see the opening comment); the CPU model and the OS
 * also into model and os (PB_MACHINE_TEXT bytes each), for the console's
 * one line. */
#define PB_MACHINE_TEXT 256
static void machine_record(struct pb_results *r, char *model, char *os)
{
    char buf[512];
    file_value("/proc/cpuinfo", "model name", model, PB_MACHINE_TEXT);
    pb_provenance_add(r, PB_CTX_CPU_MODEL, model);
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    long cores = physical_cores(cpus);
    if (cores > 0)
        snprintf(buf, sizeof(buf), "%ld", cores);
    else
        snprintf(buf, sizeof(buf), "unknown");
    pb_provenance_add(r, PB_CTX_CPU_CORES, buf);
    snprintf(buf, sizeof(buf), "%ld", cpus);
    pb_provenance_add(r, PB_CTX_CPU_THREADS, buf);
    long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    if (pages > 0 && page > 0)
        snprintf(buf, sizeof(buf), "%llu",
                 (unsigned long long)pages * (unsigned long long)page);
    else
        snprintf(buf, sizeof(buf), "unknown");
    pb_provenance_add(r, PB_CTX_MEMORY_BYTES, buf);
    file_value("/etc/os-release", "PRETTY_NAME", os, PB_MACHINE_TEXT);
    pb_provenance_add(r, PB_CTX_OS, os);
    struct utsname u;
    if (uname(&u) == 0)
        snprintf(buf, sizeof(buf), "%s %s %s", u.sysname, u.release, u.machine);
    else
        snprintf(buf, sizeof(buf), "unknown");
    pb_provenance_add(r, PB_CTX_OS_KERNEL, buf);
    snprintf(buf, sizeof(buf), "%s (_OPENMP %ld)", openmp_spec(_OPENMP),
             (long)_OPENMP);
    pb_provenance_add(r, PB_CTX_OPENMP_VERSION, buf);
#ifdef PB_HAVE_IGRAPH
    pb_provenance_add(r, PB_CTX_IGRAPH_VERSION, IGRAPH_VERSION);
#else
    pb_provenance_add(r, PB_CTX_IGRAPH_VERSION, "not built");
#endif
}

/* The build's identity (identity.h): the executable's SHA-256, the
 * source tree's changes (their SHA-256 and size, the untracked files)
 * and the diff itself, build.diff in the results folder (its first
 * PB_DIFF_KEPT bytes; none for a clean tree). */
static void identity_record(struct pb_results *r, const char *dirty)
{
    char bytes[32], file[128];
    pb_provenance_add(r, PB_CTX_BINARY_SHA256, pb_identity_binary());
    struct pb_diff d;
    pb_identity_diff(dirty, bundled(), &d);
    bool known = strcmp(d.sha256, "clean") && strcmp(d.sha256, "unknown");
    snprintf(bytes, sizeof(bytes), "%" PRIu64, d.bytes);
    snprintf(file, sizeof(file), "none");
    if (known) {
        char path[sizeof(r->dir) + sizeof(PB_DIFF_FILE) + 1];
        snprintf(path, sizeof(path), "%s/%s", r->dir, PB_DIFF_FILE);
        int rc = pb_write_atomically(path, d.kept ? d.kept : "", d.kept_len);
        if (rc) {
            fprintf(stderr,
                    "puzzlebench bench: warning: %s: cannot write: %s\n", path,
                    pb_file_error(rc));
            snprintf(file, sizeof(file), "none (cannot write: %s)",
                     pb_file_error(rc));
        } else if (d.kept_len < d.bytes) {
            snprintf(file, sizeof(file),
                     PB_DIFF_FILE " (its first %zu of %" PRIu64 " bytes)",
                     d.kept_len, d.bytes);
        } else {
            snprintf(file, sizeof(file), PB_DIFF_FILE);
        }
    }
    pb_provenance_add(r, PB_CTX_DIFF_SHA256, d.sha256);
    pb_provenance_add(r, PB_CTX_DIFF_BYTES,
                      !strcmp(d.sha256, "unknown") ? "unknown" : bytes);
    pb_provenance_add(r, PB_CTX_DIFF_FILE, file);
    pb_provenance_add(r, PB_CTX_UNTRACKED, d.untracked);
    pb_diff_free(&d);
}

void pb_provenance_record(struct pb_results *r, const struct pb_suite *suite,
                          int max_threads)
{
    char buf[256], commit[128];
    const char *dirty;
    pb_provenance_commit(commit, sizeof(commit), &dirty);
    pb_provenance_add(r, PB_CTX_COMMIT, commit);
    pb_provenance_add(r, PB_CTX_DIRTY, dirty);
    identity_record(r, dirty);
    pb_provenance_add(r, PB_CTX_COMPILER, PB_COMPILER);
    pb_provenance_add(r, PB_CTX_COMPILER_FLAGS, PB_CFLAGS);
    pb_provenance_add(r, PB_CTX_BUILD_TYPE, PB_BUILD_TYPE);
    pb_provenance_add(r, PB_CTX_GBENCH_VERSION, pb_gb_version());
    pb_provenance_add(r, PB_CTX_JEMALLOC_VERSION, pb_heap_version());
    pb_provenance_add(r, PB_CTX_HEAP_COUNTERS,
                      pb_heap_available() ? "jemalloc mallctl" : "unavailable");
    const char *places = getenv("OMP_PLACES");
    const char *bind = getenv("OMP_PROC_BIND");
    pb_provenance_add(r, PB_CTX_OMP_PLACES, places ? places : "unset");
    pb_provenance_add(r, PB_CTX_OMP_PROC_BIND, bind ? bind : "unset");
    snprintf(buf, sizeof(buf), "%d", omp_get_max_threads());
    pb_provenance_add(r, PB_CTX_OMP_MAX_THREADS, buf);
    pb_knobs_record(r, pb_provenance_add); /* env:NAME, every setting that may
                                              change timings */
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    snprintf(buf, sizeof(buf), "%ld", cores);
    pb_provenance_add(r, PB_CTX_CORES, buf);
    const struct pb_cpus *cpus = pb_cpus();
    snprintf(buf, sizeof(buf), "%d", cpus->granted);
    pb_provenance_add(r, PB_CTX_CPUS_GRANTED, buf);
    pb_provenance_add(r, PB_CTX_CPUS_GRANTED_BY, cpus->by);
    pb_provenance_add(r, PB_CTX_CPU_AFFINITY, cpus->affinity_list);
    snprintf(buf, sizeof(buf), "%d", max_threads);
    pb_provenance_add(r, PB_CTX_MAX_THREADS_ASKED, buf);
    /* more threads than the CPUs granted, not merely than the machine's */
    pb_provenance_add(r, PB_CTX_OVERSUBSCRIBED,
                      pb_threads_oversubscribed(max_threads, cpus->granted)
                          ? "true"
                          : "false");
    pb_provenance_add(r, PB_CTX_SUITE, suite->name);
    pb_provenance_add(r, PB_CTX_SUITE_PATH, suite->resolved);
    pb_provenance_add(r, PB_CTX_SUITE_SHA256, suite->sha256);
    /* the console gets one line; the block is in the log */
    char model[PB_MACHINE_TEXT], os[PB_MACHINE_TEXT], shown[4 * 12 + 1];
    machine_record(r, model, os);
    char cut[13]; /* the commit's first 12 bytes, escaped when shown */
    snprintf(cut, sizeof(cut), "%s", commit);
    pb_escape_controls(cut, shown, sizeof(shown));
    pb_results_say(r,
                   "machine: %s, %ld CPUs, %s; %s %s build; commit %s%s "
                   "(provenance: log.txt, results.json)\n",
                   model, cores, os, PB_COMPILER, PB_BUILD_TYPE, shown,
                   !strcmp(dirty, "true")      ? " with changes"
                   : !strcmp(dirty, "unknown") ? " (changes unknown)"
                                               : "");
}

void pb_provenance_warn_threads(struct pb_results *r, const struct pb_suite *s)
{
    enum { KEPT = 64, SHOWN = 8 };
    long above[KEPT];
    size_t n = 0;
    const struct pb_cpus *cpus = pb_cpus();
    for (size_t i = 0; i < s->count; i++)
        if (pb_threads_oversubscribed(s->entries[i].threads, cpus->granted))
            pb_threads_list_add(above, &n, KEPT, s->entries[i].threads);
    if (!n)
        return;
    char list[160], text[1024];
    pb_threads_list_text(above, n, SHOWN, list, sizeof(list));
    snprintf(text, sizeof(text),
             "warning: %s threads ask for more than the %d CPU%s this process "
             "may use (%s): recorded as oversubscribed, their times are not a "
             "parallel speed-up and the figures leave them out\n",
             list, cpus->granted, cpus->granted == 1 ? "" : "s", cpus->by);
    fprintf(stderr, "puzzlebench bench: %s", text);
    pb_results_log(r, "%s", text);
}
