/*
 * history_build.c - the commits of a range and their builds, for
 * `history` (history.h): `git log --reverse` lists the range, every N-th
 * counted back from its end is kept (so the newest commit is always
 * there); each kept commit gets a detached git worktree and a Release
 * build of the puzzlebench target in CACHE/SHA-release, through ccache
 * when it is installed. The outcome is a marker file beside them
 * (build.ok with the build's seconds, or build.failed with the exit
 * status), so a commit is built once whatever the later runs, and a
 * commit that fails to build is not tried again. O(commits) git and
 * cmake processes.
 */
#define _GNU_SOURCE /* strndup */

#include "harness/history.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "harness/harness.h"
#include "pb.h"
#include "pb_clock.h"
#include "pb_hash.h"
#include "results/folder.h"
#include "util/spawn.h"

/* git log's output for a range of many commits: 64 KB per 400 */
#define LOG_CAP (16u << 20)

void pb_history_defaults(struct pb_history_options *o)
{
    *o = (struct pb_history_options){
        .repo = ".",
        .every = 1,
        .rounds = 5,
        .budget = 3600,
        .cache = "results/history-cache",
        .out = "results/history",
        .seed = pb_bench_draw_seed(),
        .jobs = 2,
        .band = 0.02,
        .alpha = 0.05,
        .log = stderr,
    };
}

int pb_history_commits(const struct pb_history_options *o,
                       struct pb_hist_commit **commits, size_t *n,
                       struct pb_error *e)
{
    *commits = NULL;
    *n = 0;
    const char *dots = strstr(o->range, "..");
    if (!dots || dots == o->range || !dots[2] || strstr(dots + 2, ".."))
        return pb_fail(e, -EINVAL,
                       "--commits '%s': expected a range A..B (the commits "
                       "after A up to B, as git log takes it)",
                       o->range);
    const char *argv[] = {"git",
                          "-C",
                          o->repo,
                          "log",
                          "--reverse",
                          "--no-color",
                          "--format=%H%x09%ct%x09%s",
                          o->range,
                          "--",
                          NULL};
    char *out = NULL;
    int rc = pb_spawn_capture(argv, NULL, &out, LOG_CAP);
    if (rc != 0 || !out) {
        free(out);
        return pb_fail(e, -EINVAL,
                       "git log %s in %s failed (exit %d): expected two "
                       "commits of that repository",
                       o->range, o->repo, rc);
    }
    size_t lines = 0;
    for (const char *p = out; *p; p++)
        lines += *p == '\n';
    struct pb_hist_commit *all = calloc(lines ? lines : 1, sizeof(*all));
    size_t count = 0;
    for (char *line = out, *next; all && line && *line; line = next) {
        next = strchr(line, '\n');
        if (next)
            *next++ = '\0';
        char *tab1 = strchr(line, '\t');
        char *tab2 = tab1 ? strchr(tab1 + 1, '\t') : NULL;
        if (!tab2 || tab1 - line != PB_SHA_TEXT - 1)
            continue;
        struct pb_hist_commit *c = &all[count++];
        memcpy(c->sha, line, PB_SHA_TEXT - 1);
        c->time = strtoll(tab1 + 1, NULL, 10);
        snprintf(c->subject, sizeof(c->subject), "%s", tab2 + 1);
    }
    free(out);
    if (!all)
        return pb_fail(e, -ENOMEM, "out of memory");
    if (count == 0) {
        free(all);
        return pb_fail(e, -EINVAL, "--commits %s: no commits in that range",
                       o->range);
    }
    /* every N-th, counted back from the newest */
    size_t kept = 0;
    for (size_t i = 0; i < count; i++)
        if ((count - 1 - i) % o->every == 0)
            all[kept++] = all[i];
    *commits = all;
    *n = kept;
    return 0;
}

static bool exists(const char *path)
{
    return access(path, F_OK) == 0;
}

/* A marker's first line into text (empty when it cannot be read). */
static void read_marker(const char *path, char *text, size_t len)
{
    FILE *f = fopen(path, "r");
    text[0] = '\0';
    if (f) {
        if (!fgets(text, (int)len, f))
            text[0] = '\0';
        fclose(f);
    }
    text[strcspn(text, "\n")] = '\0';
}

/* The seconds in a build.ok marker, or 0. */
static double read_seconds(const char *path)
{
    char text[64];
    read_marker(path, text, sizeof(text));
    char *end;
    double s = strtod(text, &end);
    return end != text && s > 0 ? s : 0;
}

static int write_marker(const char *path, const char *text, struct pb_error *e)
{
    FILE *f = fopen(path, "w");
    if (!f || fputs(text, f) < 0 || fclose(f) != 0)
        return pb_fail(e, -EIO, "%s: cannot write the build's marker", path);
    return 0;
}

/* CACHE/SHA-KEY into dir: the one spelling of a commit's cache folder
 * (its worktree, build folder, markers and log: in_dir). KEY is
 * "release" for the default build, else "release-" and the FNV-1a hash
 * (pb_hash.h) of the --define options in their order, each with its NUL
 * ("a", "b" is not "ab"), so that other options never meet another
 * build's folder or markers. */
static void cache_dir(const struct pb_history_options *o, const char *sha,
                      char *dir, size_t len)
{
    char key[32] = "release";
    if (o->defines) {
        uint64_t h = PB_FNV1A_BASIS;
        for (size_t i = 0; i < o->defines; i++)
            h = pb_fnv1a_more(h, o->define[i], strlen(o->define[i]) + 1);
        snprintf(key, sizeof(key), "release-%016llx", (unsigned long long)h);
    }
    snprintf(dir, len, "%s/%.40s-%s", o->cache, sha, key);
}

/* dir/name into buf. */
static void in_dir(char *buf, size_t len, const char *dir, const char *name)
{
    snprintf(buf, len, "%s/%s", dir, name);
}

/* Whether ccache runs here, asked once per process (a history builds
 * many commits). */
static bool have_ccache(void)
{
    static int known = -1;
    if (known < 0)
        known = pb_spawn_log((const char *[]){"ccache", "--version", NULL},
                             NULL, NULL) == 0;
    return known;
}

int pb_history_build(const struct pb_history_options *o, const char *sha,
                     char *binary, size_t len, char *note, size_t note_len,
                     double *seconds, struct pb_error *e)
{
    char dir[2048], src[2100], build[2100], ok[2100], failed[2100], log[2100];
    cache_dir(o, sha, dir, sizeof(dir));
    in_dir(src, sizeof(src), dir, "src");
    in_dir(build, sizeof(build), dir, "build");
    in_dir(ok, sizeof(ok), dir, "build.ok");
    in_dir(failed, sizeof(failed), dir, "build.failed");
    in_dir(log, sizeof(log), dir, "build.log");
    in_dir(binary, len, dir, "build/puzzlebench");
    *seconds = 0;
    note[0] = '\0';
    if (exists(ok) && exists(binary))
        return 0;
    if (exists(failed)) {
        /* the marker holds the first attempt's note: its reason */
        char reason[1024];
        read_marker(failed, reason, sizeof(reason));
        snprintf(note, note_len, "cached: %s",
                 reason[0] ? reason : "build failed before");
        return 1;
    }
    int made = pb_make_dirs(dir);
    if (made)
        return pb_fail(e, made, "%s: cannot make the build folder: %s", dir,
                       strerror(-made));
    double t0 = pb_now();
    int rc = 0;
    if (!exists(src)) {
        const char *add[] = {"git",      "-C",      o->repo, "worktree", "add",
                             "--detach", "--force", src,     sha,        NULL};
        rc = pb_spawn_log(add, NULL, log);
        if (rc)
            snprintf(note, note_len,
                     "git worktree add failed (exit %d; log: %s)", rc, log);
    }
    if (rc == 0) {
        /* Release, ccache's launchers when it is there, then the
         * --define options (later -D settings win in cmake) */
        const char *configure[8 + 2 * PB_HISTORY_DEFINES + 1] = {
            "cmake", "-S", src, "-B", build, "-DCMAKE_BUILD_TYPE=Release"};
        size_t argc = 6;
        if (have_ccache()) {
            configure[argc++] = "-DCMAKE_C_COMPILER_LAUNCHER=ccache";
            configure[argc++] = "-DCMAKE_CXX_COMPILER_LAUNCHER=ccache";
        }
        for (size_t i = 0; i < o->defines && i < PB_HISTORY_DEFINES; i++) {
            configure[argc++] = "-D";
            configure[argc++] = o->define[i];
        }
        configure[argc] = NULL;
        rc = pb_spawn_log(configure, NULL, log);
        if (rc)
            snprintf(note, note_len,
                     "cmake configure failed (exit %d; log: %s)", rc, log);
    }
    if (rc == 0) {
        char jobs[16];
        snprintf(jobs, sizeof(jobs), "%d", o->jobs > 0 ? o->jobs : 1);
        const char *compile[] = {"cmake", "--build",  build,         "-j",
                                 jobs,    "--target", "puzzlebench", NULL};
        rc = pb_spawn_log(compile, NULL, log);
        if (rc)
            snprintf(note, note_len, "build failed (exit %d; log: %s)", rc,
                     log);
    }
    if (rc == 0 && !exists(binary)) {
        rc = 1;
        snprintf(note, note_len, "the build made no %s (log: %s)", binary, log);
    }
    *seconds = pb_now() - t0;
    if (rc) {
        int w = write_marker(failed, note, e);
        return w ? w : 1;
    }
    char text[32];
    snprintf(text, sizeof(text), "%.1f\n", *seconds);
    return write_marker(ok, text, e);
}

double pb_history_cached_build_seconds(const struct pb_history_options *o,
                                       const struct pb_hist_commit *c, size_t n,
                                       size_t *uncached)
{
    double sum = 0;
    size_t timed = 0;
    *uncached = 0;
    for (size_t i = 0; i < n; i++) {
        char dir[2048], ok[2100], failed[2100];
        cache_dir(o, c[i].sha, dir, sizeof(dir));
        in_dir(ok, sizeof(ok), dir, "build.ok");
        in_dir(failed, sizeof(failed), dir, "build.failed");
        double s = read_seconds(ok);
        if (s > 0) {
            sum += s;
            timed++;
        } else if (!exists(failed))
            ++*uncached;
    }
    return timed ? sum / (double)timed : 0;
}
