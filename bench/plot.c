/*
 * plot.c - `puzzlebench plot` (plot.h): reads the tidy results.csv,
 * writes summary.csv beside it, then runs gnuplot once per figure, kernel
 * and format (PNG, SVG) with the script's inputs as -e definitions.
 * gnuplot runs as a child process (posix_spawnp, no shell; its warnings,
 * e.g. about a variant with no point in a figure, go to
 * DIR/figures/gnuplot.log), and a figure counts only when gnuplot exits 0
 * and the file is not empty.
 * O(kernels * figures) gnuplot runs.
 */
#include "plot.h"

#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include "report.h"
#include "summary.h"
#include "tidy.h"

extern char **environ;

static const struct figure {
    const char *kind;   /* script plots/KIND.gp, file KIND-KERNEL.* */
    bool needs_threads; /* drawn only for kernels run at several counts */
} figures[] = {
    {"time_vs_size", false}, {"speedup", true},       {"memory_vs_size", false},
    {"relative", false},     {"work_vs_time", false},
};

const char *pb_plots_dir(void)
{
    const char *env = getenv("PB_PLOTS_DIR");
    return env && env[0] ? env : PB_SOURCE_DIR "/plots";
}

/* Runs gnuplot with `defs` on script, its messages appended to log; 0
 * when it exits 0. */
static int run_gnuplot(const char *defs, const char *script, const char *log,
                       struct pb_error *e)
{
    char *argv[] = {"gnuplot", "-e", (char *)defs, (char *)script, NULL};
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 2, log,
                                     O_WRONLY | O_CREAT | O_APPEND, 0666);
    pid_t pid;
    int rc = posix_spawnp(&pid, "gnuplot", &actions, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&actions);
    if (rc)
        return pb_fail(e, -rc,
                       "cannot run gnuplot: %s (install the Debian package "
                       "gnuplot-nox)",
                       strerror(rc));
    int status;
    if (waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) ||
        WEXITSTATUS(status) != 0)
        return pb_fail(e, -EIO, "gnuplot failed on %s (messages in %s)", script,
                       log);
    return 0;
}

/* The kernel's variants present in t (only those run at several thread
 * counts when `swept`), in registry order, with their style numbers, as
 * space-separated words. */
static void variant_words(const struct tidy *t, const char *kernel, bool swept,
                          char *names, size_t names_len, char *styles,
                          size_t styles_len)
{
    names[0] = styles[0] = '\0';
    const struct pb_kernel *k = pb_kernel_find(kernel);
    for (size_t v = 0; k && k->variants[v]; v++) {
        const char *name = k->variants[v]->name;
        bool present = false;
        for (size_t i = 0; i < t->count; i++)
            present = present || (!strcmp(t->b[i].kernel, kernel) &&
                                  !strcmp(t->b[i].variant, name) &&
                                  (!swept || t->b[i].threads > 1));
        if (!present)
            continue;
        size_t n = strlen(names), m = strlen(styles);
        snprintf(names + n, names_len - n, "%s%s", n ? " " : "", name);
        snprintf(styles + m, styles_len - m, "%s%d", m ? " " : "",
                 pb_summary_style(name));
    }
}

static bool non_empty(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && st.st_size > 0;
}

static int plot_kernel(const struct tidy *t, const char *dir,
                       const char *kernel, const char *baseline, FILE *out,
                       struct pb_error *e)
{
    const char *base = pb_summary_baseline(t, kernel, baseline);
    char log[1024];
    snprintf(log, sizeof(log), "%s/figures/gnuplot.log", dir);
    for (size_t f = 0; f < sizeof(figures) / sizeof(figures[0]); f++) {
        char names[1024], styles[256];
        variant_words(t, kernel, figures[f].needs_threads, names, sizeof(names),
                      styles, sizeof(styles));
        if (!names[0])
            continue; /* no thread sweep, or a kernel this build lacks */
        for (int png = 1; png >= 0; png--) {
            char defs[4096], script[1024], file[1024];
            snprintf(script, sizeof(script), "%s/%s.gp", pb_plots_dir(),
                     figures[f].kind);
            snprintf(defs, sizeof(defs),
                     "dir='%s'; summary='%s/summary.csv'; kernel='%s'; "
                     "variants='%s'; styles='%s'; baseline='%s'; "
                     "out='%s/figures/%s-%s'; fmt='%s'",
                     pb_plots_dir(), dir, kernel, names, styles,
                     base ? base : "", dir, figures[f].kind, kernel,
                     png ? "png" : "svg");
            int rc = run_gnuplot(defs, script, log, e);
            if (rc)
                return rc;
            snprintf(file, sizeof(file), "%s/figures/%s-%s.%s", dir,
                     figures[f].kind, kernel, png ? "png" : "svg");
            if (!non_empty(file))
                return pb_fail(e, -EIO, "%s: gnuplot wrote nothing", file);
            if (out)
                fprintf(out, "%s\n", file);
        }
    }
    return 0;
}

int pb_plot(const char *dir, const char *baseline, FILE *out,
            struct pb_error *e)
{
    if (strchr(dir, '\'') || strchr(pb_plots_dir(), '\''))
        return pb_fail(e, -EINVAL,
                       "%s: a path with a single quote cannot be "
                       "handed to gnuplot",
                       dir);
    struct stat st;
    if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode))
        return pb_fail(e, -ENOENT,
                       "%s: not a folder; expected a results "
                       "folder (results/<UTC> or results/latest)",
                       dir);
    struct tidy t;
    int rc = tidy_load(dir, &t, e);
    if (rc)
        return rc;
    char path[1024];
    snprintf(path, sizeof(path), "%s/summary.csv", dir);
    rc = pb_summary_write(&t, baseline, path, e);
    snprintf(path, sizeof(path), "%s/figures", dir);
    if (rc == 0 && mkdir(path, 0777) != 0 && errno != EEXIST)
        rc = pb_fail(e, -errno, "%s: cannot create: %s", path, strerror(errno));
    for (size_t k = 0; rc == 0 && pb_kernels[k]; k++) {
        bool present = false;
        for (size_t i = 0; i < t.count && !present; i++)
            present = !strcmp(t.b[i].kernel, pb_kernels[k]->name);
        if (present)
            rc = plot_kernel(&t, dir, pb_kernels[k]->name, baseline, out, e);
    }
    tidy_free(&t);
    return rc ? rc : pb_report_write(dir, e);
}
