/*
 * plot.c - `puzzlebench plot` (plot.h): reads the tidy results.csv
 * (refusing, before anything is written, a row whose values a figure
 * cannot show: readback.h, READBACK_FIGURES), writes summary.csv beside it
 * (or into --out's folder), then runs gnuplot once per figure, kernel and
 * format (PNG for screens and Markdown, SVG for the web, PDF for papers,
 * tex when asked: cairolatex's text for LaTeX over its graphics) with the
 * script's inputs as -e definitions: the figure's size in inches (--size:
 * a preset or WxH) and title mode (--title), with which the scripts set
 * 8 pt text at that size; the first format of each figure also has
 * gnuplot write its caption (KIND-KERNEL.caption.txt). Only the figures
 * redrawn (the kinds asked for, where the variants asked for have points)
 * are removed first.
 * Those definitions are gnuplot code, so no text from the results is
 * trusted there: names were checked on reading (readback.h: kernel and
 * variant in [a-z0-9_], family in [A-Za-z0-9_:.-], puzzlebench names
 * only), and every string is written single-quoted (where gnuplot
 * expands nothing: no backquotes, no macros, no escapes) after a check
 * that it holds no single quote and no control byte; paths go as ./PATH
 * when relative, since gnuplot runs '<CMD' and '|CMD' as commands.
 * gnuplot runs as a child process (posix_spawnp, no shell; its warnings,
 * e.g. about a variant with no point in a figure, go to
 * DIR/figures/gnuplot.log) and draws each figure and its caption into
 * fresh temporaries beside them (pb_file.h), renamed over them only when
 * gnuplot exits 0 and the files are not empty, so a kill leaves complete
 * figures or none; the temporaries of dead runs are removed first
 * (cairolatex, which names its graphics after its text, writes into a
 * private folder beside them instead, removed once its two files are
 * committed; a killed run's is removed by the next plot once old).
 * DIR/figures must be a folder: a symbolic link there is refused before
 * anything is written or removed. Runs at more threads than the CPUs the run
 * was granted (results.json's cpus_granted) are in no speed-up figure. Times
 * are on each benchmark's clock (readback.h: CPU time at one process of one
 * thread, wall time at more), or on the one --clock asks for, or the run
 * recorded (results.json's context "clock", bench --clock): summary.csv's clock
 * column names it per row, and each figure is handed clock='cpu', 'wall' or
 * 'mixed' for its time axis. O(kernels * figures) gnuplot runs.
 */
#include "present/plot.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <jansson.h>
#include <spawn.h>
#include <stdarg.h>
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "util/cpus.h"
#include "util/data_dir.h"
#include "util/suggest.h"
#include "pb_file.h"
#include "present/figures.h"
#include "util/stats.h"
#include "analysis/knob_sweep.h"
#include "analysis/summary.h"
#include "results/context.h"
#include "results/readback.h"

extern char **environ;

/* Which rows of a kernel are on its sweeps, the CPUs its run was
 * granted (cpus.h; 0: unknown), the counter its knob figure counts and
 * the reference family of its knob speed-up (knob_sweep.h). */
struct sweeps {
    const struct readback *t;
    const struct pb_kernel *k;
    const char *size_family; /* NULL: none */
    bool knob;
    char knob_family[32], knob_size[PB_ID_TEXT];
    int granted;
    int counter;        /* its index (pb_work_counters); -1: none so named */
    char reference[32]; /* "": none */
};

/* Appends printf-style text to the string in buf; false when it does not
 * fit. */
static bool append(char *buf, size_t len, const char *fmt, ...) PB_PRINTF(3, 4);
static bool append(char *buf, size_t len, const char *fmt, ...)
{
    size_t used = strlen(buf);
    va_list ap;
    va_start(ap, fmt);
    int w = vsnprintf(buf + used, len - used, fmt, ap);
    va_end(ap);
    return w >= 0 && (size_t)w < len - used;
}

/* The kinds, comma-separated (what --kinds takes). */
static const char *plot_kinds(void)
{
    static char list[256];
    if (!list[0])
        for (size_t i = 0; pb_figure_kind(i); i++)
            append(list, sizeof(list), "%s%s", i ? "," : "", pb_figure_kind(i));
    return list;
}

/* name is one of the comma-separated words of list (NULL: every name). */
static bool listed(const char *list, const char *name)
{
    if (!list)
        return true;
    size_t n = strlen(name);
    for (const char *w = list; *w;) {
        size_t len = strcspn(w, ",");
        if (len == n && !strncmp(w, name, n))
            return true;
        w += len + (w[len] == ',');
    }
    return false;
}

/* Each word of list (NULL: none) is one of the comma-separated words of
 * allowed; else -EINVAL with the first word that is not. */
static int words_known(const char *option, const char *list,
                       const char *allowed, struct pb_error *e)
{
    for (const char *w = list; w && *w;) {
        size_t len = strcspn(w, ",");
        char word[64];
        snprintf(word, sizeof(word), "%.*s", (int)len, w);
        if (!len || !listed(allowed, word))
            return pb_fail(e, -EINVAL,
                           "%s: unknown '%s'; expected a list of %s", option,
                           word, allowed);
        w += len + (w[len] == ',');
    }
    return 0;
}

const char *pb_plots_dir(void)
{
    const char *env = getenv("PB_PLOTS_DIR");
    if (env && env[0])
        return env;
    /* this binary's own copy, never another's (data_dir.h) */
    static char dir[PB_PATH_MAX];
    snprintf(dir, sizeof(dir), "%s/plots", pb_data_dir());
    return dir;
}

int pb_gnuplot_run(const char *defs, const char *script, const char *log,
                   struct pb_error *e)
{
    char *argv[] = {"gnuplot", "-e", (char *)defs, (char *)script, NULL};
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    /* never through a symlink planted at the log's name */
    posix_spawn_file_actions_addopen(
        &actions, 2, log, O_WRONLY | O_CREAT | O_APPEND | O_NOFOLLOW, 0666);
    pid_t pid;
    int rc = posix_spawnp(&pid, "gnuplot", &actions, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&actions);
    if (rc == ELOOP)
        return pb_fail(e, -rc,
                       "%s: a symbolic link; gnuplot's messages are never "
                       "written through one",
                       log);
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

/* b is among the rows a figure draws. */
static bool drawn(const struct readback_bench *b, enum pb_figure_rows rows,
                  const struct sweeps *sw)
{
    switch (rows) {
    case PB_ALL_ROWS:
        return true;
    case PB_SWEPT_ROWS: /* not threads that took turns on fewer CPUs */
        return b->processes * b->threads > 1 &&
               !pb_threads_oversubscribed(b->threads, sw->granted);
    case PB_SERIAL_ROWS:
        return pb_summary_serial(b) && b->work_per_instance > 0;
    case PB_SIZE_SWEEP:
        return pb_summary_in_sweep(b, sw->size_family);
    case PB_HEAP_SWEEP:
        return pb_summary_in_sweep(b, sw->size_family) &&
               isfinite(b->peak_heap_bytes);
    case PB_UNIT_SWEEP:
        return pb_summary_in_sweep(b, sw->size_family) &&
               isfinite(b->units_per_instance) && b->units_per_instance > 0;
    case PB_KNOB_SWEEP:
        return sw->knob && sw->counter >= 0 &&
               pb_knob_in_sweep(b, sw->knob_family, sw->knob_size) &&
               readback_counter(b, sw->k, (size_t)sw->counter) > 0 &&
               b->units_per_instance > 0;
    default: /* PB_KNOB_REFERENCE */
        return sw->knob && sw->reference[0] &&
               pb_knob_in_sweep(b, sw->knob_family, sw->knob_size) &&
               pb_knob_reference_run(sw->t, b, sw->reference);
    }
}

/* The kernel's variants with a benchmark the figure draws (`rows`), in
 * registry order, with their style numbers, as space-separated words. */
static void variant_words(const struct readback *t, const char *kernel,
                          enum pb_figure_rows rows, const struct sweeps *sw,
                          const char *only, char *names, size_t names_len,
                          char *styles, size_t styles_len)
{
    names[0] = styles[0] = '\0';
    const struct pb_kernel *k = pb_kernel_find(kernel);
    for (size_t v = 0; k && k->variants[v]; v++) {
        const char *name = k->variants[v]->name;
        bool present = false;
        if (!listed(only, name))
            continue;
        for (size_t i = 0; i < t->count && !present; i++) {
            const struct readback_bench *b = &t->b[i];
            present = !strcmp(b->kernel, kernel) && !strcmp(b->variant, name) &&
                      drawn(b, rows, sw);
        }
        if (!present)
            continue;
        size_t n = strlen(names), m = strlen(styles);
        snprintf(names + n, names_len - n, "%s%s", n ? " " : "", name);
        snprintf(styles + m, styles_len - m, "%s%d", m ? " " : "",
                 pb_summary_style(name));
    }
}

/* Adds v to the increasing distinct values a[0..*n). */
static void add_distinct(long *a, size_t *n, long v)
{
    size_t at = 0;
    while (at < *n && a[at] < v)
        at++;
    if (at < *n && a[at] == v)
        return;
    memmove(a + at + 1, a + at, (*n - at) * sizeof(*a));
    a[at] = v;
    (*n)++;
}

/* The MPI process counts among the rows the figure draws (`rows`) of the
 * kernel's variants in `names` (variant_words): those above one,
 * distinct and increasing, as space-separated words into procs ("" when
 * every run is a plain one), and for each variant of names a word
 * ",1,P," of its own counts, 1 (plain runs) included, into per_variant,
 * so that a figure gives a key entry only to the series that have
 * points. 0, -ENOMEM or -ENOSPC. O(variants * benchmarks * counts). */
static int process_words(const struct readback *t, const char *kernel,
                         enum pb_figure_rows rows, const struct sweeps *sw,
                         const char *names, char *procs, size_t procs_len,
                         char *per_variant, size_t per_variant_len)
{
    long *all = malloc((t->count + 1) * sizeof(*all));
    long *own = malloc((t->count + 1) * sizeof(*own));
    size_t n_all = 0;
    bool fits = all && own;
    procs[0] = per_variant[0] = '\0';
    for (const char *w = names; fits && *w;) {
        size_t len = strcspn(w, " "), n_own = 0;
        for (size_t i = 0; i < t->count; i++) {
            const struct readback_bench *b = &t->b[i];
            if (strlen(b->variant) != len || strncmp(b->variant, w, len) ||
                strcmp(b->kernel, kernel) || !drawn(b, rows, sw))
                continue;
            add_distinct(own, &n_own, b->processes);
            if (b->processes > 1)
                add_distinct(all, &n_all, b->processes);
        }
        fits =
            append(per_variant, per_variant_len, "%s,", w == names ? "" : " ");
        for (size_t i = 0; fits && i < n_own; i++)
            fits = append(per_variant, per_variant_len, "%ld,", own[i]);
        w += len + (w[len] == ' ');
    }
    for (size_t i = 0; fits && i < n_all; i++)
        fits = append(procs, procs_len, "%s%ld", i ? " " : "", all[i]);
    int rc = !all || !own ? -ENOMEM : fits ? 0 : -ENOSPC;
    free(all);
    free(own);
    return rc;
}

/* The plotted sizes of the kernel's sweep (family `sweep` at one thread),
 * distinct and increasing, as space-separated words ("" without one). */
static void size_words(const struct readback *t, const struct pb_kernel *k,
                       const char *sweep, char *out, size_t len)
{
    double *x = malloc((t->count + 1) * sizeof(double));
    size_t n = 0;
    out[0] = '\0';
    for (size_t i = 0; x && i < t->count; i++) {
        const struct readback_bench *b = &t->b[i];
        if (!strcmp(b->kernel, k->name) && pb_summary_in_sweep(b, sweep) &&
            isfinite(pb_summary_size_x(b)))
            x[n++] = pb_summary_size_x(b);
    }
    if (n)
        pb_sort(x, n);
    for (size_t i = 0; i < n; i++) {
        size_t used = strlen(out);
        if (i == 0 || x[i] != x[i - 1])
            snprintf(out + used, len - used, "%s%.15g", used ? " " : "", x[i]);
    }
    free(x);
}

/* The most knobs the figures against the knob label one by one. */
enum { KNOB_TICS = 12 };

/* The smallest and largest knob of the kernel's knob sweep (sw) into
 * range ("LO HI"; "" without one) and, when there are at most KNOB_TICS
 * distinct ones, each of them increasing into tics ("" when more), as
 * space-separated words. */
static void knob_words(const struct readback *t, const char *kernel,
                       const struct sweeps *sw, char *range, char *tics,
                       size_t len)
{
    double *x = malloc((t->count + 1) * sizeof(double));
    size_t n = 0, distinct = 0;
    range[0] = tics[0] = '\0';
    for (size_t i = 0; x && sw->knob && i < t->count; i++) {
        const struct readback_bench *b = &t->b[i];
        if (!strcmp(b->kernel, kernel) &&
            pb_knob_in_sweep(b, sw->knob_family, sw->knob_size))
            x[n++] = pb_knob_of(b->family, NULL, 0);
    }
    if (n) {
        pb_sort(x, n);
        snprintf(range, len, "%.15g %.15g", x[0], x[n - 1]);
    }
    for (size_t i = 0; i < n; i++)
        distinct += i == 0 || x[i] != x[i - 1];
    for (size_t i = 0; distinct <= KNOB_TICS && i < n; i++)
        if (i == 0 || x[i] != x[i - 1])
            append(tics, len, "%s%.15g", tics[0] ? " " : "", x[i]);
    free(x);
}

/* s can be a single-quoted gnuplot string: no single quote (which would
 * end it) and no control byte. */
static bool gp_safe(const char *s)
{
    for (; *s; s++)
        if (*s == '\'' || (unsigned char)*s < 0x20 || *s == 0x7f)
            return false;
    return true;
}

/* gnuplot reads a file name that starts with '<' as a shell command to
 * read from, and writes to one that starts with '|' through a shell: a
 * relative path goes to gnuplot as ./PATH, so it never starts so. */
static const char *gp_path_prefix(const char *path)
{
    return path[0] == '/' ? "" : "./";
}

/* Appends `name='value'; ` to defs. A path (gp_path_prefix) may hold
 * single quotes, doubled inside the quotes as gnuplot reads them; other
 * values may not (gp_safe). 0, -EINVAL when value cannot be quoted (a
 * control byte, or a quote in a value that is no path), or -ENOSPC. */
static int gp_define(char *defs, size_t len, const char *name,
                     const char *value, bool path)
{
    char quoted[2 * PB_PATH_MAX];
    size_t at = 0;
    for (const char *p = value; *p; p++) {
        unsigned char c = (unsigned char)*p;
        if (c < 0x20 || c == 0x7f || (c == '\'' && !path))
            return -EINVAL;
        if (at + 3 > sizeof(quoted))
            return -ENOSPC;
        if (c == '\'')
            quoted[at++] = '\'';
        quoted[at++] = (char)c;
    }
    quoted[at] = '\0';
    return append(defs, len, "%s='%s%s'; ", name,
                  path ? gp_path_prefix(value) : "", quoted)
               ? 0
               : -ENOSPC;
}

/* More corpora than this are numbered on the relative figure's axis, not
 * named: their names would overlap, and the definitions handed to gnuplot
 * would outgrow one argument. */
enum { LABELED_CORPORA = 40 };

/* Appends `corpora=N` (the kernel's corpora that the baseline ran on) and,
 * for at most LABELED_CORPORA of them, the gnuplot array corpus_label[]
 * (in the summary's order: family, size knob, instances, processes and
 * threads above one) to defs. 0, or -EINVAL (a family gp_safe refuses),
 * -ENOSPC or -ENOMEM. */
static int corpus_labels(const struct readback *t, const char *kernel,
                         const char *baseline, char *defs, size_t len)
{
    const struct readback_bench **corpus = malloc(t->count * sizeof(*corpus));
    if (!corpus)
        return -ENOMEM;
    size_t n = pb_summary_corpora(t, kernel, baseline, corpus);
    bool fits = append(defs, len, "corpora=%zu; ", n);
    if (n > LABELED_CORPORA)
        n = 0;
    bool safe = true;
    for (size_t c = 0; c < n; c++)
        safe = safe && gp_safe(corpus[c]->family) && gp_safe(corpus[c]->size);
    fits =
        fits && (n == 0 || append(defs, len, "array corpus_label[%zu] = [", n));
    for (size_t c = 0; c < n && fits && safe; c++) {
        const struct readback_bench *b = corpus[c];
        fits = append(defs, len, "%s'%s %s, n=%ld", c ? ", " : "", b->family,
                      b->size, b->count) &&
               (b->processes == 1 ||
                append(defs, len, ", %ld processes", b->processes)) &&
               (b->threads == 1 ||
                append(defs, len, ", %ld threads", b->threads)) &&
               append(defs, len, "'");
    }
    if (fits && safe && n)
        fits = append(defs, len, "]; ");
    free(corpus);
    return !safe ? -EINVAL : fits ? 0 : -ENOSPC;
}

/* Runs script with defs and its outputs: the figure into out, the
 * caption into caption_out (NULL: none drawn). */
static int run_script(const char *defs, const char *script, const char *out,
                      const char *caption_out, const char *log,
                      struct pb_error *e)
{
    char all[16384];
    all[0] = '\0';
    int rc = gp_define(all, sizeof(all), "out", out, true);
    if (rc == 0 && caption_out)
        rc = gp_define(all, sizeof(all), "caption_out", caption_out, true);
    if (rc == 0 && !append(all, sizeof(all), "%s", defs))
        rc = -ENOSPC;
    if (rc)
        return pb_fail(e, rc, "%s: cannot be handed to gnuplot", out);
    return pb_gnuplot_run(all, script, log, e);
}

int pb_gnuplot_draw(const char *defs, const char *script, const char *path,
                    const char *caption, const char *log, struct pb_error *e)
{
    char tmp[PB_PATH_MAX], ctmp[PB_PATH_MAX];
    int fd = pb_temp_create(path, tmp), cfd = -1;
    if (fd < 0)
        return pb_fail(e, fd, "%s: cannot create a temporary beside it: %s",
                       path, strerror(-fd));
    if (caption && (cfd = pb_temp_create(caption, ctmp)) < 0) {
        close(fd);
        unlink(tmp);
        return pb_fail(e, cfd, "%s: cannot create a temporary beside it: %s",
                       caption, strerror(-cfd));
    }
    int rc = run_script(defs, script, tmp, caption ? ctmp : NULL, log, e);
    struct stat st;
    if (rc == 0 && (fstat(fd, &st) != 0 || st.st_size == 0))
        rc = pb_fail(e, -EIO, "%s: gnuplot wrote nothing", path);
    if (rc == 0 && cfd >= 0 && (fstat(cfd, &st) != 0 || st.st_size == 0))
        rc = pb_fail(e, -EIO, "%s: gnuplot wrote nothing", caption);
    if (rc == 0 && (rc = pb_temp_commit(fd, tmp, path)) != 0)
        rc = pb_fail(e, rc, "%s: cannot write: %s", path, pb_file_error(rc));
    else if (rc) {
        close(fd);
        unlink(tmp);
    }
    if (cfd < 0)
        return rc;
    if (rc) {
        close(cfd);
        unlink(ctmp);
        return rc;
    }
    if ((rc = pb_temp_commit(cfd, ctmp, caption)) != 0)
        return pb_fail(e, rc, "%s: cannot write: %s", caption,
                       pb_file_error(rc));
    return 0;
}

/* The largest .tex cairolatex writes for a figure (a few KiB: the text of
 * its labels and tics). */
enum { TEX_MAX = 1 << 20 };

/* The text of path (at most TEX_MAX bytes) with each "{DROP" turned into
 * "{" (DROP "": as it is), into a new string (*len bytes); NULL when
 * unreadable or too long. */
static char *text_without(const char *path, const char *drop, size_t *len)
{
    FILE *f = fopen(path, "rb");
    char *text = f ? malloc(TEX_MAX + 1) : NULL;
    size_t n = text ? fread(text, 1, TEX_MAX + 1, f) : 0;
    if (f)
        fclose(f);
    if (!text || n > TEX_MAX) {
        free(text);
        return NULL;
    }
    text[n] = '\0';
    size_t k = strlen(drop), w = 0;
    for (size_t r = 0; r < n;) {
        text[w++] = text[r];
        r += text[r] == '{' && !strncmp(text + r + 1, drop, k) ? k + 1 : 1;
    }
    *len = w;
    return text;
}

/* Removes the private folders of draw_tex (.tex-NAME.XXXXXX in figdir)
 * that a killed plot left, once old enough that no live plot can own
 * them (pb_temp_old), with the files in them. */
static void remove_stale_tex_folders(const char *figdir)
{
    DIR *d = opendir(figdir);
    struct dirent *ent;
    while (d && (ent = readdir(d)) != NULL) {
        char path[PB_PATH_MAX], file[PB_PATH_MAX + 256];
        struct stat st;
        if (strncmp(ent->d_name, ".tex-", 5) ||
            snprintf(path, sizeof(path), "%s/%s", figdir, ent->d_name) >=
                (int)sizeof(path) ||
            lstat(path, &st) != 0 || !S_ISDIR(st.st_mode) || !pb_temp_old(&st))
            continue;
        DIR *inner = opendir(path);
        struct dirent *f;
        while (inner && (f = readdir(inner)) != NULL)
            if (f->d_name[0] != '.' &&
                snprintf(file, sizeof(file), "%s/%s", path, f->d_name) <
                    (int)sizeof(file))
                (void)unlink(file); /* what cairolatex and gnuplot wrote */
        if (inner)
            closedir(inner);
        (void)rmdir(path);
    }
    if (d)
        closedir(d);
}

/* Draws figure `name` (KIND-KERNEL) as tex into figdir: cairolatex, which
 * names the graphics after the text and wants a name ending in .tex,
 * writes NAME-tex.tex and NAME-tex.pdf into a fresh folder beside them;
 * the text's \includegraphics loses that folder (a document finds the
 * graphics beside the text: \graphicspath or \import) and the two are
 * committed as NAME.tex and NAME-tex.pdf. */
static int draw_tex(const char *defs, const char *script, const char *figdir,
                    const char *name, const char *caption, const char *log,
                    struct pb_error *e)
{
    /* room for the folder, a name (128 bytes) and a suffix: the folder
     * is checked to fit PB_PATH_MAX below */
    enum { LONGER = PB_PATH_MAX + 160 };
    char tmpdir[PB_PATH_MAX], tex[LONGER], pdf[LONGER], text_of_caption[LONGER],
        drop[LONGER], path[LONGER];
    if (snprintf(tmpdir, sizeof(tmpdir), "%s/.tex-%s.XXXXXX", figdir, name) >=
        (int)sizeof(tmpdir))
        return pb_fail(e, -ENAMETOOLONG, "%s: a path too long", figdir);
    if (!mkdtemp(tmpdir))
        return pb_fail(e, -errno, "%s: cannot create: %s", tmpdir,
                       strerror(errno));
    snprintf(tex, sizeof(tex), "%s/%s-tex.tex", tmpdir, name);
    snprintf(pdf, sizeof(pdf), "%s/%s-tex.pdf", tmpdir, name);
    snprintf(text_of_caption, sizeof(text_of_caption), "%s/caption.txt",
             tmpdir);
    snprintf(drop, sizeof(drop), "%s%s/", gp_path_prefix(tmpdir), tmpdir);
    int rc =
        run_script(defs, script, tex, caption ? text_of_caption : NULL, log, e);
    size_t len = 0;
    char *text = rc ? NULL : text_without(tex, drop, &len);
    if (rc == 0 && !text)
        rc = pb_fail(e, -EIO, "%s: gnuplot wrote no text", tex);
    int fd = rc ? -1 : open(pdf, O_RDONLY | O_NOFOLLOW);
    if (rc == 0 && fd < 0)
        rc = pb_fail(e, -EIO, "%s: gnuplot wrote no graphics", pdf);
    snprintf(path, sizeof(path), "%s/%s-tex.pdf", figdir, name);
    if (rc == 0 && (rc = pb_temp_commit(fd, pdf, path)) != 0) /* closes fd */
        rc = pb_fail(e, rc, "%s: cannot write: %s", path, pb_file_error(rc));
    else if (rc && fd >= 0)
        close(fd);
    snprintf(path, sizeof(path), "%s/%s.tex", figdir, name);
    if (rc == 0 && (rc = pb_write_atomically(path, text, len)) != 0)
        rc = pb_fail(e, rc, "%s: cannot write: %s", path, pb_file_error(rc));
    free(text);
    text = rc || !caption ? NULL : text_without(text_of_caption, "", &len);
    if (rc == 0 && caption && !text)
        rc = pb_fail(e, -EIO, "%s: gnuplot wrote no caption", caption);
    if (rc == 0 && caption && (rc = pb_write_atomically(caption, text, len)))
        rc = pb_fail(e, rc, "%s: cannot write: %s", caption, pb_file_error(rc));
    free(text);
    unlink(text_of_caption);
    unlink(tex);
    unlink(pdf);
    rmdir(tmpdir);
    return rc;
}

/* 0 when path (DIR/figures, or --out's folder: `what` names it) is a
 * folder, or absent: a symbolic link there (in a results folder from
 * elsewhere) would have the sweep, the figures and their temporaries
 * land in its target. */
static int figures_folder(const char *path, const char *what,
                          struct pb_error *e)
{
    struct stat st;
    if (lstat(path, &st) != 0)
        return errno == ENOENT
                   ? 0
                   : pb_fail(e, -errno, "%s: %s", path, strerror(errno));
    if (S_ISLNK(st.st_mode))
        return pb_fail(e, -ELOOP, "%s: a symbolic link; expected %s", path,
                       what);
    if (!S_ISDIR(st.st_mode))
        return pb_fail(e, -ENOTDIR, "%s: not a folder; expected %s", path,
                       what);
    return 0;
}

/* What a figure is made of beside its formats: its caption, and the
 * graphics under its tex format's text. */
static const char *const figure_extras[] = {"caption.txt", "tex.pdf"};

/* Removes the figure `name` (KIND-KERNEL) that an earlier plot left in
 * figdir (every format, the caption, the tex graphics) before it is
 * redrawn, so that the report, which shows the figures it finds, never
 * shows an older rendering of other variants beside the new one; a
 * figure this plot does not redraw (another kind, or one that the
 * variants asked for have no point in) stays. */
static void remove_old_figure(const char *figdir, const char *name)
{
    for (size_t i = 0; i < PB_FIGURE_FORMATS + 2; i++) {
        char path[PB_PATH_MAX];
        const char *ext = i < PB_FIGURE_FORMATS
                              ? pb_figure_formats[i]
                              : figure_extras[i - PB_FIGURE_FORMATS];
        if (snprintf(path, sizeof(path), "%s/%s%s%s", figdir, name,
                     i == PB_FIGURE_FORMATS + 1 ? "-" : ".",
                     ext) < (int)sizeof(path))
            (void)unlink(path); /* absent is the usual case */
    }
}

/* The clock of the times figure f of kernel draws: "cpu", "wall", or
 * "mixed" (serial rows on CPU time, the others on wall time), from the
 * rows it draws; the speed-up divides wall times only (summary.h). */
static const char *figure_clock(const struct readback *t, const char *kernel,
                                const struct pb_figure *f,
                                const struct sweeps *sw, const char *only)
{
    bool cpu = false, wall = false;
    if (f->rows == PB_SWEPT_ROWS)
        return "wall";
    for (size_t i = 0; i < t->count; i++) {
        const struct readback_bench *b = &t->b[i];
        if (strcmp(b->kernel, kernel) || !listed(only, b->variant) ||
            !drawn(b, f->rows, sw))
            continue;
        cpu = cpu || b->clock == READBACK_CLOCK_CPU;
        wall = wall || b->clock == READBACK_CLOCK_WALL;
    }
    return cpu && wall ? "mixed" : cpu ? "cpu" : "wall";
}

/* Where a plot writes and how its figures look: pb_plot's options made
 * concrete. */
struct target {
    char figdir[PB_PATH_MAX], summary[PB_PATH_MAX];
    char width[32], height[32]; /* inches, of a one-panel figure */
    const char *title;          /* none, short or full */
    const char *formats;
};

/* The one line that says why kernel's knob speed-up is not drawn
 * although it has a knob sweep: no reference corpus (wanted: the family
 * plot --reference asked for; NULL: the default rule's), with the other
 * families at the sweep's size (candidates, "": none). */
static void no_reference(FILE *out, const char *kernel, const struct sweeps *sw,
                         const char *wanted, const char *candidates)
{
    fprintf(out, "note: %s: knob_speedup not drawn: ", kernel);
    if (wanted)
        fprintf(out, "no %s corpus", wanted);
    else
        fprintf(out, "not one family without a knob");
    fprintf(out,
            " at %s with the instances and seed of the %s:K ones to divide "
            "by (%s%s%s)\n",
            sw->knob_size, sw->knob_family,
            candidates[0] ? "families there: " : "no other family there",
            candidates, candidates[0] ? "; plot --reference FAMILY" : "");
}

static int plot_kernel(const struct readback *t, const struct target *tg,
                       const char *kernel, const struct pb_plot_options *o,
                       int granted, FILE *out, struct pb_error *e)
{
    const char *baseline = o->baseline;
    const struct pb_kernel *k = pb_kernel_find(kernel);
    if (!k)
        return 0; /* a kernel this build lacks: nothing to draw it with */
    const char *base = pb_summary_baseline(t, kernel, baseline);
    const char *sweep = pb_summary_sweep_family(t, kernel);
    struct sweeps sw = {
        .t = t, .k = k, .size_family = sweep, .granted = granted};
    sw.knob = pb_knob_sweep(t, kernel, sw.knob_family, sizeof(sw.knob_family),
                            sw.knob_size, sizeof(sw.knob_size));
    const struct pb_counter_def *counters;
    pb_work_counters(k, &counters);
    sw.counter = pb_counter_index(k, o->counter);
    char candidates[256] = "";
    if (sw.knob &&
        !pb_knob_reference(t, kernel, sw.knob_family, sw.knob_size,
                           o->reference, sw.reference, sizeof(sw.reference),
                           candidates, sizeof(candidates)) &&
        out && listed(o->kinds, "knob_speedup"))
        no_reference(out, kernel, &sw, o->reference, candidates);
    char sizes[1024], knob_range[64], knob_tics[KNOB_TICS * 24], common[8192];
    size_words(t, k, sweep, sizes, sizeof(sizes));
    knob_words(t, kernel, &sw, knob_range, knob_tics, sizeof(knob_range));
    /* what every figure of the kernel is given (common.gp lists it) */
    common[0] = '\0';
    const struct {
        const char *name, *value;
        bool path;
    } defs[] = {
        {"dir", pb_plots_dir(), true},
        {"summary", tg->summary, true},
        {"kernel", kernel, false},
        {"baseline", base ? base : "", false},
        {"family", sweep ? sweep : "", false},
        {"size_label", k->size.label ? k->size.label : "size", false},
        {"sizes", sizes, false},
        {"knob_family", sw.knob_family, false},
        {"knob_size", sw.knob_size, false},
        {"knob_range", knob_range, false},
        {"knob_tics", knob_tics, false},
        {"unit_name", k->work.unit_name ? k->work.unit_name : "unit", false},
        {"work_unit", counters[sw.counter > 0 ? sw.counter : 0].unit, false},
        {"counter", counters[sw.counter > 0 ? sw.counter : 0].name, false},
        {"reference", sw.reference, false},
        {"fig_w", tg->width, false},
        {"fig_h", tg->height, false},
        {"title_mode", tg->title, false},
    };
    int rc = 0;
    for (size_t d = 0; rc == 0 && d < sizeof(defs) / sizeof(defs[0]); d++)
        if ((rc = gp_define(common, sizeof(common), defs[d].name, defs[d].value,
                            defs[d].path)) != 0)
            return pb_fail(e, rc, "%s: %s '%s' cannot be handed to gnuplot",
                           kernel, defs[d].name, defs[d].value);
    rc = corpus_labels(t, kernel, base, common, sizeof(common));
    if (rc)
        return pb_fail(e, rc, "%s: %s", kernel,
                       rc == -EINVAL ? "a family name gnuplot cannot quote"
                                     : "too many corpora to label");
    char log[PB_PATH_MAX + 16];
    snprintf(log, sizeof(log), "%s/gnuplot.log", tg->figdir);
    for (size_t f = 0; f < PB_FIGURES; f++) {
        char names[1024], styles[256], procs[256], own_procs[1024];
        if (!listed(o->kinds, pb_figures[f].kind))
            continue;
        variant_words(t, kernel, pb_figures[f].rows, &sw, o->variants, names,
                      sizeof(names), styles, sizeof(styles));
        if (!names[0])
            continue; /* nothing for this figure to draw */
        /* KIND-KERNEL, or COUNTER_...-KERNEL for another counter than
         * the main one (figures.h) */
        char name[128];
        bool other = pb_figures[f].counted && sw.counter > 0;
        snprintf(name, sizeof(name), "%s%s-%s",
                 other ? counters[sw.counter].name : pb_figures[f].kind,
                 other ? strchr(pb_figures[f].kind, '_') : "", kernel);
        remove_old_figure(tg->figdir, name);
        const char *axis =
            figure_clock(t, kernel, &pb_figures[f], &sw, o->variants);
        rc = process_words(t, kernel, pb_figures[f].rows, &sw, names, procs,
                           sizeof(procs), own_procs, sizeof(own_procs));
        if (rc)
            return pb_fail(e, rc, "%s: %s", kernel,
                           rc == -ENOMEM ? "out of memory"
                                         : "too many process counts to draw");
        bool captioned = false; /* once per figure, with its first format */
        for (size_t fmt = 0; fmt < PB_FIGURE_FORMATS; fmt++) {
            if (!listed(tg->formats, pb_figure_formats[fmt]))
                continue;
            char all[sizeof(common) + 2048], script[PB_PATH_MAX],
                file[PB_PATH_MAX], caption[PB_PATH_MAX];
            if (snprintf(script, sizeof(script), "%s%s/%s.gp",
                         gp_path_prefix(pb_plots_dir()), pb_plots_dir(),
                         pb_figures[f].kind) >= (int)sizeof(script))
                return pb_fail(e, -ENAMETOOLONG, "%s: a path too long",
                               pb_plots_dir());
            snprintf(all, sizeof(all), "%s", common);
            if (snprintf(file, sizeof(file), "%s/%s.%s", tg->figdir, name,
                         pb_figure_formats[fmt]) >= (int)sizeof(file) ||
                snprintf(caption, sizeof(caption), "%s/%s.caption.txt",
                         tg->figdir, name) >= (int)sizeof(caption))
                return pb_fail(e, -ENAMETOOLONG, "%s: a path too long",
                               tg->figdir);
            if ((rc = gp_define(all, sizeof(all), "variants", names, false)) ||
                (rc = gp_define(all, sizeof(all), "styles", styles, false)) ||
                (rc = gp_define(all, sizeof(all), "processes", procs, false)) ||
                (rc = gp_define(all, sizeof(all), "variant_processes",
                                own_procs, false)) ||
                (rc = gp_define(all, sizeof(all), "fmt", pb_figure_formats[fmt],
                                false)) ||
                (rc = gp_define(all, sizeof(all), "clock", axis, false)))
                return pb_fail(e, rc, "%s: cannot be handed to gnuplot", file);
            if (!strcmp(pb_figure_formats[fmt], "tex"))
                rc = draw_tex(all, script, tg->figdir, name,
                              captioned ? NULL : caption, log, e);
            else
                rc = pb_gnuplot_draw(all, script, file,
                                     captioned ? NULL : caption, log, e);
            if (rc)
                return rc;
            captioned = true;
            if (out)
                fprintf(out, "%s\n", file);
        }
    }
    return 0;
}

/* Each comma-separated variant of list (NULL: none) has a benchmark in
 * t; else -EINVAL naming the first that has none. */
static int variants_ran(const struct readback *t, const char *option,
                        const char *list, const char *dir, struct pb_error *e)
{
    for (const char *w = list; w && *w;) {
        size_t len = strcspn(w, ",");
        bool ran = false;
        for (size_t i = 0; i < t->count && !ran; i++)
            ran = strlen(t->b[i].variant) == len &&
                  !strncmp(t->b[i].variant, w, len);
        if (!ran)
            return pb_fail(e, -EINVAL,
                           "%s %.*s: no benchmark of %s has that variant",
                           option, (int)len, w, dir);
        w += len + (w[len] == ',');
    }
    return 0;
}

/* Families in strcmp order, for offering each once. */
static int by_name(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* --counter names a counter of a kernel in t and --reference a family
 * of t (NULL: the defaults), else -EINVAL with the nearest names
 * (suggest.h). O(n log n) for n benchmarks, on an error only. */
static int choices_known(const struct readback *t,
                         const struct pb_plot_options *o, const char *dir,
                         struct pb_error *e)
{
    struct pb_suggest s;
    bool found = false;
    if (o->counter) {
        pb_suggest_init(&s, o->counter);
        const char *offered[64];
        size_t n = 0;
        for (size_t k = 0; pb_kernels[k]; k++) {
            bool present = false;
            for (size_t i = 0; i < t->count && !present; i++)
                present = !strcmp(t->b[i].kernel, pb_kernels[k]->name);
            const struct pb_counter_def *defs;
            size_t counters =
                present ? pb_work_counters(pb_kernels[k], &defs) : 0;
            for (size_t c = 0; c < counters; c++) {
                bool dup = false;
                found = found || !strcmp(defs[c].name, o->counter);
                for (size_t j = 0; j < n && !dup; j++)
                    dup = !strcmp(offered[j], defs[c].name);
                if (!dup && n < sizeof(offered) / sizeof(offered[0])) {
                    offered[n++] = defs[c].name;
                    pb_suggest_offer(&s, defs[c].name);
                }
            }
        }
        if (!found)
            return pb_fail(e, -EINVAL,
                           "--counter: unknown counter '%s' in %s; %s",
                           o->counter, dir, pb_suggest_text(&s));
    }
    for (size_t i = 0; o->reference && i < t->count && !found; i++)
        found = !strcmp(t->b[i].family, o->reference);
    if (!o->reference || found)
        return 0;
    const char **family = malloc((t->count + 1) * sizeof(*family));
    if (!family)
        return pb_fail(e, -ENOMEM, "out of memory");
    for (size_t i = 0; i < t->count; i++)
        family[i] = t->b[i].family;
    qsort(family, t->count, sizeof(*family), by_name);
    pb_suggest_init(&s, o->reference);
    for (size_t i = 0; i < t->count; i++)
        if (i == 0 || strcmp(family[i], family[i - 1]))
            pb_suggest_offer(&s, family[i]);
    free(family);
    return pb_fail(e, -EINVAL,
                   "--reference: no benchmark of %s has the family "
                   "'%s'; %s",
                   dir, o->reference, pb_suggest_text(&s));
}

/* What the run recorded in DIR/results.json's context: the CPUs it was
 * granted (cpus.h; 0: unknown) and the clock bench --clock chose
 * (readback.h; 0: none). A results.json that is absent or does not parse
 * records nothing (readback_load judged the results already); -EINVAL for a
 * recorded clock that is neither cpu nor wall. O(size of the file). */
static int run_record(const char *dir, int *granted, unsigned *flag,
                      struct pb_error *e)
{
    char path[PB_PATH_MAX];
    snprintf(path, sizeof(path), "%s/results.json", dir);
    *granted = 0;
    *flag = 0;
    /* read as readback_load read it: never a FIFO */
    json_t *context = pb_context_of_file(path);
    *granted = pb_cpus_from_context(context);
    int rc = readback_clock_recorded(context, path, flag, e);
    json_decref(context);
    return rc;
}

/* The size presets of --size: a one-panel figure's width and height in
 * inches. A column of a two-column paper is 3.3-3.5 in wide, a page's
 * text about 7 in. */
static const struct {
    const char *name, *width, *height;
} size_presets[] = {{"column", "3.4", "2.4"}, {"page", "7", "3.5"}};

/* The smallest and largest side --size takes, in inches: text of 8 pt
 * fits no smaller figure, and no page is larger. */
#define SIDE_MIN 1.5
#define SIDE_MAX 40.0

/* Fills tg's size and title from o: 0, or -EINVAL naming what is not a
 * preset, WxH or title mode. */
static int look_of(const struct pb_plot_options *o, struct target *tg,
                   struct pb_error *e)
{
    const char *size = o->size ? o->size : size_presets[0].name;
    bool preset = false;
    for (size_t i = 0; i < sizeof(size_presets) / sizeof(size_presets[0]); i++)
        if (!strcmp(size, size_presets[i].name)) {
            snprintf(tg->width, sizeof(tg->width), "%s", size_presets[i].width);
            snprintf(tg->height, sizeof(tg->height), "%s",
                     size_presets[i].height);
            preset = true;
        }
    if (!preset) {
        char *end;
        double w = strtod(size, &end), h = NAN;
        if (end != size && *end == 'x')
            h = strtod(end + 1, &end);
        if (*end || !(w >= SIDE_MIN && w <= SIDE_MAX) ||
            !(h >= SIDE_MIN && h <= SIDE_MAX))
            return pb_fail(e, -EINVAL,
                           "--size '%s': expected column, page or WxH in "
                           "inches, each from %g to %g (e.g. 3.4x2.4)",
                           size, SIDE_MIN, SIDE_MAX);
        snprintf(tg->width, sizeof(tg->width), "%.4g", w);
        snprintf(tg->height, sizeof(tg->height), "%.4g", h);
    }
    tg->title = o->title ? o->title : "none";
    if (strcmp(tg->title, "none") && strcmp(tg->title, "short") &&
        strcmp(tg->title, "full"))
        return pb_fail(e, -EINVAL, "--title '%s': expected none, short or full",
                       tg->title);
    return 0;
}

int pb_plot(const char *dir, const struct pb_plot_options *options, FILE *out,
            struct pb_error *e)
{
    static const struct pb_plot_options all = {0};
    const struct pb_plot_options *o = options ? options : &all;
    const char *baseline = o->baseline;
    struct target tg;
    tg.formats = o->formats ? o->formats : "png,svg,pdf";
    int known = words_known("--kinds", o->kinds, plot_kinds(), e);
    if (known == 0)
        known = words_known("--format", o->formats, "png,svg,pdf,tex", e);
    if (known == 0)
        known = look_of(o, &tg, e);
    if (known)
        return known;
    if (!gp_safe(dir) || !gp_safe(pb_plots_dir()) ||
        (o->out && !gp_safe(o->out)))
        return pb_fail(e, -EINVAL,
                       "%s: a path with a single quote or a control byte "
                       "cannot be handed to gnuplot",
                       !gp_safe(dir)             ? dir
                       : gp_safe(pb_plots_dir()) ? o->out
                                                 : pb_plots_dir());
    struct stat st;
    if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode))
        return pb_fail(e, -ENOENT,
                       "%s: not a folder; expected a results "
                       "folder (results/<UTC> or results/latest)",
                       dir);
    /* --out: everything plot writes goes there; else into the results */
    if (snprintf(tg.figdir, sizeof(tg.figdir), "%s%s", o->out ? o->out : dir,
                 o->out ? "" : "/figures") >= (int)sizeof(tg.figdir) ||
        snprintf(tg.summary, sizeof(tg.summary), "%s/summary.csv",
                 o->out ? o->out : dir) >= (int)sizeof(tg.summary))
        return pb_fail(e, -ENAMETOOLONG, "%s: path too long",
                       o->out ? o->out : dir);
    char what[PB_PATH_MAX + 32];
    snprintf(what, sizeof(what), "the figures folder of %s", dir);
    int rc = figures_folder(tg.figdir, o->out ? "a folder (--out)" : what, e);
    if (rc)
        return rc;
    unsigned asked = 0;
    if (readback_clock_parse(o->clock, &asked))
        return pb_fail(e, -EINVAL, "--clock '%s'; expected cpu or wall",
                       o->clock);
    struct readback t;
    /* every bad row refused here, before summary.csv or a figure */
    rc = readback_load(dir, &t,
                       READBACK_PUZZLEBENCH_ONLY | READBACK_FIGURES | asked, e);
    if (rc)
        return rc;
    if (out && readback_two_sided(&t)) /* bench --against's: one side drawn */
        fprintf(out,
                "note: %s holds both sides of bench --against: drawn is "
                "side B, the build under test (compare.txt compares it with "
                "side A)\n",
                dir);
    /* oversubscribed runs left out; the run's own --clock unless one is
     * asked for here */
    int granted;
    unsigned recorded;
    rc = run_record(dir, &granted, &recorded, e);
    if (rc == 0 && !asked && recorded)
        rc = readback_clock_all(&t, recorded, e);
    /* a baseline or variant no kernel ran is a typo, not a request for
     * the default */
    if (rc == 0)
        rc = variants_ran(&t, "--baseline", baseline, dir, e);
    if (rc == 0)
        rc = variants_ran(&t, "--variants", o->variants, dir, e);
    if (rc == 0)
        rc = choices_known(&t, o, dir, e);
    if (rc) {
        readback_free(&t);
        return rc;
    }
    /* what an interrupted run left (its figures and summary are whole) */
    if (!o->out)
        pb_remove_stale_temporaries(dir);
    if (mkdir(tg.figdir, 0777) != 0 && errno != EEXIST)
        rc = pb_fail(e, -errno, "%s: cannot create: %s", tg.figdir,
                     strerror(errno));
    if (rc == 0) {
        pb_remove_stale_temporaries(tg.figdir);
        remove_stale_tex_folders(tg.figdir);
        struct pb_summary_choice choice = {baseline, o->counter, o->reference};
        rc = pb_summary_write(&t, &choice, granted, tg.summary, e);
    }
    for (size_t k = 0; rc == 0 && pb_kernels[k]; k++) {
        bool present = false;
        for (size_t i = 0; i < t.count && !present; i++)
            present = !strcmp(t.b[i].kernel, pb_kernels[k]->name);
        if (present)
            rc = plot_kernel(&t, &tg, pb_kernels[k]->name, o, granted, out, e);
    }
    readback_free(&t);
    return rc;
}
