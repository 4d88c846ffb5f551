/*
 * suite.c - parsing benchmark suites (format in suite.h), read once whole
 * (pb_input_read: a NUL byte or a file over the input cap is refused),
 * hashed (SHA-256, the suite's identity in every result), then line by
 * line with strtok_r; each bench line expands to one entry per variant
 * and thread count.
 */
#define _DEFAULT_SOURCE /* scandir, alphasort, realpath */
#include "harness/suite.h"
#include "run/gen.h"
#include "results/readback.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util/data_dir.h"
#include "util/suggest.h"
#include "pb_file.h"
#include "pb_limits.h"
#include "pb_space.h"

_Static_assert(PB_SUITE_MAX_REPETITIONS <= READBACK_MAX_REPS,
               "every repetition a suite asks for must be readable");
_Static_assert(PB_SUITE_MAX_ROUNDS <= READBACK_MAX_ROUNDS &&
                   PB_SUITE_MAX_SAMPLES <= READBACK_MAX_SAMPLES,
               "every round and sample a suite asks for must be readable");

/* Three rounds: the fewest from which the statistics draw an interval
 * (docs/statistics.md), so that a plain run's verdicts hold. */
enum { DEFAULT_REPETITIONS = 3, DEFAULT_ROUNDS = 3 };
#define DEFAULT_MIN_TIME 0.1 /* seconds per repetition */
#define DEFAULT_BUDGET 60.0  /* seconds for the verification pass */
#define DEFAULT_MEMORY (8ull << 30)

struct settings {
    int repetitions;
    int rounds;
    double min_time;
    double budget;
    uint64_t memory_cap;
    bool memory_set;
    bool time_build;
    int threads[PB_SUITE_MAX_THREADS];
    int thread_counts;
};

int pb_suite_find(const char *name, char *path, size_t len, struct pb_error *e)
{
    if (strchr(name, '/') || access(name, R_OK) == 0) {
        if (access(name, R_OK) != 0)
            return pb_fail(e, -ENOENT, "suite file %s: %s", name,
                           strerror(errno));
        if ((size_t)snprintf(path, len, "%s", name) >= len)
            return pb_fail(e, -ENAMETOOLONG,
                           "suite file: path of %zu characters is too long "
                           "(at most %zu)",
                           strlen(name), len - 1);
        return 0;
    }
    /* this binary's own suites only (data_dir.h) */
    if ((size_t)snprintf(path, len, "%s/bench/suites/%s.suite", pb_data_dir(),
                         name) < len &&
        access(path, R_OK) == 0)
        return 0;
    struct pb_suggest s;
    pb_suggest_init(&s, name);
    struct pb_suite_about *about = NULL;
    size_t n = 0;
    struct pb_error why;
    int rc = pb_suite_list(&about, &n, &why);
    for (size_t i = 0; rc == 0 && i < n; i++)
        pb_suggest_offer(&s, about[i].name);
    free(about);
    return pb_fail(e, -ENOENT,
                   "no suite '%s': expected a file or "
                   "%s/bench/suites/%s.suite; %s",
                   name, pb_data_dir(), name,
                   rc  ? why.msg
                   : n ? pb_suggest_text(&s)
                       : "that folder holds no suite");
}

/* text without the blanks and line end around it, into out */
static void trimmed(const char *text, char *out, size_t len)
{
    text += strspn(text, " \t");
    size_t n = strcspn(text, "\r\n");
    while (n > 0 && (text[n - 1] == ' ' || text[n - 1] == '\t'))
        n--;
    snprintf(out, len, "%.*s", (int)n, text);
}

void pb_suite_about_read(const char *path, const char *name,
                         struct pb_suite_about *about)
{
    memset(about, 0, sizeof(*about));
    snprintf(about->name, sizeof(about->name), "%s", name);
    FILE *f = fopen(path, "r");
    char line[512];
    /* the opening comment lines only: the directives never say it */
    for (bool first = true; f && fgets(line, sizeof(line), f) && line[0] == '#';
         first = false) {
        const char *text = line + 1 + strspn(line + 1, " \t");
        size_t n = strlen(name);
        if (first && !strncmp(text, name, n) && text[n] == ':')
            trimmed(text + n + 1, about->purpose, sizeof(about->purpose));
        else if (!strncmp(text, "duration:", 9))
            trimmed(text + 9, about->duration, sizeof(about->duration));
    }
    if (f)
        fclose(f);
}

static int suite_file(const struct dirent *d)
{
    size_t n = strlen(d->d_name);
    return n > 6 && !strcmp(d->d_name + n - 6, ".suite");
}

int pb_suite_list(struct pb_suite_about **about, size_t *n, struct pb_error *e)
{
    char folder[PB_PATH_MAX];
    *about = NULL;
    *n = 0;
    if ((size_t)snprintf(folder, sizeof(folder), "%s/bench/suites",
                         pb_data_dir()) >= sizeof(folder))
        return pb_fail(e, -ENAMETOOLONG, "%s: the path is too long",
                       pb_data_dir());
    struct dirent **names;
    int found = scandir(folder, &names, suite_file, alphasort);
    if (found < 0)
        return pb_fail(e, -errno, "%s: cannot read: %s", folder,
                       strerror(errno));
    *about = calloc((size_t)found + 1, sizeof(**about));
    for (int i = 0; i < found; i++) {
        char path[PB_PATH_MAX + 256], name[sizeof((*about)->name)];
        snprintf(name, sizeof(name), "%.*s",
                 (int)(strlen(names[i]->d_name) - 6), names[i]->d_name);
        snprintf(path, sizeof(path), "%s/%s", folder, names[i]->d_name);
        if (*about)
            pb_suite_about_read(path, name, &(*about)[(*n)++]);
        free(names[i]);
    }
    free(names);
    return *about ? 0 : pb_fail(e, -ENOMEM, "out of memory");
}

/* A finite number of seconds in [min, max]; min_open excludes min. */
static int parse_seconds(const char *tok, double min, bool min_open, double max,
                         double *out)
{
    char *end;
    double v = tok ? strtod(tok, &end) : NAN;
    if (!tok || end == tok || *end || !isfinite(v) || v < min ||
        (min_open && v == min) || v > max)
        return -EINVAL;
    *out = v;
    return 0;
}

static int parse_long(const char *tok, long min, long max, long *out)
{
    char *end;
    errno = 0;
    long v = tok ? strtol(tok, &end, 10) : 0;
    if (!tok || end == tok || *end || errno || v < min || v > max)
        return -EINVAL;
    *out = v;
    return 0;
}

static int add_entry(struct pb_suite *s, const struct pb_suite_entry *x)
{
    /* geometric growth: one entry at a time copied all of them each time
     * (quadratic: a suite of a few hundred lines took minutes under ASan) */
    if (s->count == s->capacity) {
        size_t cap = s->capacity ? 2 * s->capacity : 16;
        struct pb_suite_entry *grown =
            realloc(s->entries, cap * sizeof(*grown));
        if (!grown)
            return -ENOMEM;
        s->entries = grown;
        s->capacity = cap;
    }
    s->entries[s->count++] = *x;
    return 0;
}

/* An unknown kernel's message: the closest kernel and the list. */
static int unknown_kernel(const char *name, const char *where,
                          struct pb_error *e)
{
    struct pb_suggest s;
    pb_suggest_init(&s, name);
    pb_suggest_kernels(&s);
    return pb_fail(e, -EINVAL, "%sunknown kernel '%s'; %s", where, name,
                   pb_suggest_text(&s));
}

/* Adds x once per variant VARIANTS names ("all" or a comma-separated
 * list, each of which must exist) and per thread count. */
static int add_variants(struct pb_suite *s, const struct settings *set,
                        struct pb_suite_entry *x, char *variants,
                        const char *where, struct pb_error *e)
{
    x->repetitions = set->repetitions;
    x->rounds = set->rounds;
    x->min_time = set->min_time;
    x->budget = set->budget;
    x->memory_cap = set->memory_cap;
    x->memory_set = set->memory_set;
    x->time_build = set->time_build;
    static const struct pb_variant *const census_only[] = {&pb_census_variant,
                                                           NULL};
    const struct pb_variant *const *all =
        x->census ? census_only : x->kernel->variants;
    for (size_t i = 0; all[i]; i++) {
        bool wanted = !strcmp(variants, "all");
        for (char *p = variants; !wanted && p;) {
            size_t n = strcspn(p, ",");
            wanted = n == strlen(all[i]->name) && !strncmp(p, all[i]->name, n);
            p = p[n] ? p + n + 1 : NULL;
        }
        if (!wanted)
            continue;
        x->variant = all[i];
        for (int t = 0; t < set->thread_counts; t++) {
            x->threads = set->threads[t];
            if (add_entry(s, x))
                return pb_fail(e, -ENOMEM, "out of memory");
        }
    }
    /* every named variant must exist */
    for (char *p = variants; !x->census && strcmp(variants, "all") && p;) {
        size_t n = strcspn(p, ",");
        char name[64];
        snprintf(name, sizeof(name), "%.*s", (int)n, p);
        if (!pb_variant_find(x->kernel, name)) {
            struct pb_suggest sug;
            pb_suggest_init(&sug, name);
            pb_suggest_variants(&sug, x->kernel);
            s->bad_variant = true;
            return pb_fail(e, -EINVAL, "%sunknown variant '%s' for %s; %s",
                           where, name, x->kernel->name, pb_suggest_text(&sug));
        }
        p = p[n] ? p + n + 1 : NULL;
    }
    return 0;
}

/* x->file: path, absolute or relative to the folder of the suite file
 * (suite; NULL: the current directory). */
static int set_file(struct pb_suite_entry *x, const char *suite,
                    const char *path, const char *where, struct pb_error *e)
{
    const char *slash = suite ? strrchr(suite, '/') : NULL;
    int dir_len = slash ? (int)(slash - suite) : 0;
    int n = path[0] == '/' || !slash
                ? snprintf(x->file, sizeof(x->file), "%s", path)
                : snprintf(x->file, sizeof(x->file), "%.*s/%s", dir_len, suite,
                           path);
    if (n < 0 || (size_t)n >= sizeof(x->file))
        return pb_fail(e, -ENAMETOOLONG,
                       "%scorpus path of %d characters is too long (at most "
                       "%zu)",
                       where, n, sizeof(x->file) - 1);
    /* named by its content hash once loaded (harness.c) */
    snprintf(x->family, sizeof(x->family), "%s", PB_SUITE_FILE);
    return 0;
}

/* bench KERNEL VARIANTS FAMILY SIZE COUNT SEED, or
 * bench KERNEL VARIANTS file PATH */
static int bench_line(struct pb_suite *s, const struct settings *set,
                      char **save, uint32_t line, struct pb_error *e)
{
    char *kernel = strtok_r(NULL, " \t", save);
    char *variants = strtok_r(NULL, " \t", save);
    char *family = strtok_r(NULL, " \t", save);
    char *size = strtok_r(NULL, " \t", save);
    char *count = strtok_r(NULL, " \t", save);
    char *seed = strtok_r(NULL, " \t", save);
    char *extra = strtok_r(NULL, " \t", save);
    bool file = family && !strcmp(family, PB_SUITE_FILE);
    long count_v, seed_v;
    if (file ? !size || count
             : !seed || extra || parse_long(count, 1, 100000000, &count_v) ||
                   parse_long(seed, 0, LONG_MAX, &seed_v))
        return pb_fail(e, -EINVAL,
                       "%s:%u: expected 'bench KERNEL VARIANTS "
                       "FAMILY SIZE COUNT SEED' or 'bench KERNEL VARIANTS "
                       "file PATH'",
                       s->path, line);
    char where[sizeof(s->path) + 16];
    snprintf(where, sizeof(where), "%s:%u: ", s->path, line);
    struct pb_suite_entry x = {0};
    x.line = line;
    x.kernel = pb_kernel_find(kernel);
    if (!x.kernel)
        return unknown_kernel(kernel, where, e);
    if (file) {
        int rc = set_file(&x, s->path, size, where, e);
        return rc ? rc : add_variants(s, set, &x, variants, where, e);
    }
    /* strtok_r fills in order: seed (checked above) implies family */
    /* NOLINTNEXTLINE(clang-analyzer-core.NonNullParamChecker) */
    if (strlen(family) >= sizeof(x.family))
        return pb_fail(e, -EINVAL,
                       "%sfamily '%.40s...' is too long; expected at "
                       "most %zu characters",
                       where, family, sizeof(x.family) - 1);
    snprintf(x.family, sizeof(x.family), "%s", family);
    struct pb_error why;
    if (pb_size_parse(x.kernel, size, &x.size, &why))
        return pb_fail(e, -EINVAL, "%sSIZE: %s", where, why.msg);
    /* a family and size the generator takes, found now rather than after
     * the results folder exists */
    if (pb_generate_check(x.kernel, family, x.size, &why))
        return pb_fail(e, -EINVAL, "%s%s", where, why.msg);
    x.count = (size_t)count_v;
    x.seed = (uint64_t)seed_v;
    return add_variants(s, set, &x, variants, where, e);
}

const struct pb_variant pb_census_variant = {
    .name = "census",
    .summary = "the whole space from the kernel's default start, by the "
               "2-bit frontier engine (frontier2; frontier2_mpi under MPI)"};

/* census KERNEL SIZE: the whole-space engine timed (suite.h). */
static int census_line(struct pb_suite *s, const struct settings *set,
                       char **save, uint32_t line, struct pb_error *e)
{
    char *kernel = strtok_r(NULL, " \t", save);
    char *size = kernel ? strtok_r(NULL, " \t", save) : NULL;
    char *extra = size ? strtok_r(NULL, " \t", save) : NULL;
    if (!size || extra)
        return pb_fail(e, -EINVAL, "%s:%u: expected 'census KERNEL SIZE'",
                       s->path, line);
    struct pb_suite_entry x = {0};
    x.line = line;
    x.kernel = pb_kernel_find(kernel);
    char where[sizeof(s->path) + 16];
    snprintf(where, sizeof(where), "%s:%u: ", s->path, line);
    if (!x.kernel)
        return unknown_kernel(kernel, where, e);
    const struct pb_space_ops *sp = x.kernel->space;
    if (!sp || !sp->build || !sp->census)
        return pb_fail(e, -EINVAL,
                       "%s:%u: kernel %s has no whole-space engine and "
                       "reference census to time",
                       s->path, line, kernel);
    struct pb_error why;
    if (pb_size_parse(x.kernel, size, &x.size, &why))
        return pb_fail(e, -EINVAL, "%s:%u: SIZE: %s", s->path, line, why.msg);
    /* a size the engine takes: its space described (nothing searched) */
    struct pb_space_args args = {x.size, false, -1};
    struct pb_space space;
    if (x.kernel->space->build(&args, &space, &why))
        return pb_fail(e, -EINVAL, "%s:%u: SIZE: %s", s->path, line, why.msg);
    if (x.kernel->space->free)
        x.kernel->space->free(&space);
    x.census = true;
    snprintf(x.family, sizeof(x.family), "%s", PB_SUITE_CENSUS_FAMILY);
    x.count = 1;
    char census[] = "census";
    return add_variants(s, set, &x, census, "", e);
}

/* The samples of a benchmark below line: at most PB_SUITE_MAX_SAMPLES,
 * what the results' readers keep of one benchmark. */
static int samples_fit(const struct pb_suite *s, const struct settings *set,
                       uint32_t line, struct pb_error *e)
{
    char why[128];
    if (pb_suite_samples_fit(set->rounds, set->repetitions, why, sizeof(why)))
        return 0;
    return pb_fail(e, -EINVAL, "%s:%u: %s", s->path, line, why);
}

bool pb_suite_samples_fit(int rounds, int repetitions, char *why, size_t len)
{
    long samples = (long)rounds * repetitions;
    if (samples <= PB_SUITE_MAX_SAMPLES)
        return true;
    snprintf(why, len,
             "rounds %d x repetitions %d is %ld samples of a benchmark; "
             "expected at most %d",
             rounds, repetitions, samples, PB_SUITE_MAX_SAMPLES);
    return false;
}

static int directive(struct pb_suite *s, struct settings *set, char *text,
                     uint32_t line, struct pb_error *e)
{
    char *save;
    char *word = strtok_r(text, " \t", &save);
    if (!word)
        return 0;
    if (!strcmp(word, "bench"))
        return bench_line(s, set, &save, line, e);
    if (!strcmp(word, "census"))
        return census_line(s, set, &save, line, e);
    char *value = strtok_r(NULL, " \t", &save);
    char *extra = value ? strtok_r(NULL, " \t", &save) : NULL;
    long v;
    if (!strcmp(word, "repetitions")) {
        if (extra || parse_long(value, 1, PB_SUITE_MAX_REPETITIONS, &v))
            return pb_fail(e, -EINVAL,
                           "%s:%u: expected 'repetitions N' with N an "
                           "integer 1..%d",
                           s->path, line, PB_SUITE_MAX_REPETITIONS);
        set->repetitions = (int)v;
        return samples_fit(s, set, line, e);
    }
    if (!strcmp(word, "rounds")) {
        if (extra || parse_long(value, 1, PB_SUITE_MAX_ROUNDS, &v))
            return pb_fail(e, -EINVAL,
                           "%s:%u: expected 'rounds N' with N an integer "
                           "1..%d",
                           s->path, line, PB_SUITE_MAX_ROUNDS);
        set->rounds = (int)v;
        return samples_fit(s, set, line, e);
    }
    if (!strcmp(word, "min_time")) {
        if (extra ||
            parse_seconds(value, 0, true, PB_SUITE_MAX_SECONDS, &set->min_time))
            return pb_fail(e, -EINVAL,
                           "%s:%u: expected 'min_time S' with S a number of "
                           "seconds above 0 and at most %g",
                           s->path, line, PB_SUITE_MAX_SECONDS);
        return 0;
    }
    if (!strcmp(word, "budget")) {
        if (extra ||
            parse_seconds(value, 0, false, PB_SUITE_MAX_BUDGET, &set->budget))
            return pb_fail(e, -EINVAL,
                           "%s:%u: expected 'budget S' with S a number of "
                           "seconds from 0 to %g",
                           s->path, line, PB_SUITE_MAX_BUDGET);
        return 0;
    }
    if (!strcmp(word, "memory")) {
        int rc =
            value && !extra ? pb_parse_bytes(value, &set->memory_cap) : -EINVAL;
        if (rc || set->memory_cap == 0)
            return pb_fail(e, -EINVAL,
                           "%s:%u: expected 'memory BYTES[K|M|G|T]' from 1 "
                           "byte to 16 EiB%s",
                           s->path, line,
                           rc == -ERANGE ? "; the size does not fit in 64 bits"
                                         : "");
        set->memory_set = true;
        return 0;
    }
    if (!strcmp(word, "time")) {
        if (extra || !value ||
            (strcmp(value, "solve") != 0 && strcmp(value, "build") != 0))
            return pb_fail(e, -EINVAL,
                           "%s:%u: expected 'time solve' or 'time build'",
                           s->path, line);
        set->time_build = !strcmp(value, "build");
        return 0;
    }
    if (!strcmp(word, "threads")) {
        set->thread_counts = 0;
        for (char *t = value; t;
             t = t == value ? extra : strtok_r(NULL, " \t", &save)) {
            if (set->thread_counts == PB_SUITE_MAX_THREADS ||
                parse_long(t, 1, PB_MAX_THREADS, &v))
                return pb_fail(e, -EINVAL,
                               "%s:%u: expected 'threads' and "
                               "up to %d counts 1..%d",
                               s->path, line, PB_SUITE_MAX_THREADS,
                               PB_MAX_THREADS);
            set->threads[set->thread_counts++] = (int)v;
        }
        if (set->thread_counts)
            return 0;
    }
    return pb_fail(e, -EINVAL,
                   "%s:%u: expected repetitions N, rounds N, min_time S, "
                   "budget S, memory BYTES[K|M|G|T], threads T..., time "
                   "solve|build, bench ... or census ...; found '%s'",
                   s->path, line, word);
}

/* prefix and path made absolute, symbolic links resolved (realpath),
 * into out; prefix and path as given when it cannot be resolved (a
 * pipe's /dev/fd/N that is gone, "-") or is too long. */
static void resolve(const char *path, const char *prefix, char *out, size_t len)
{
    char *real = realpath(path, NULL);
    int n = snprintf(out, len, "%s%s", prefix, real ? real : path);
    if (real && (n < 0 || (size_t)n >= len))
        snprintf(out, len, "%s%s", prefix, path);
    free(real);
}

int pb_suite_load(const char *path, struct pb_suite *s, struct pb_error *e)
{
    memset(s, 0, sizeof(*s));
    snprintf(s->path, sizeof(s->path), "%s", path);
    const char *base = strrchr(path, '/');
    snprintf(s->name, sizeof(s->name), "%s", base ? base + 1 : path);
    char *dot = strstr(s->name, ".suite");
    if (dot)
        *dot = '\0';
    FILE *f = fopen(path, "r");
    if (!f)
        return pb_fail(e, -errno, "%s: cannot open: %s", path, strerror(errno));
    /* read once, whole: what is hashed is what is parsed */
    char *whole = NULL;
    size_t len = 0;
    int rc = pb_input_read(f, path, "a suite", "a suite", &whole, &len, e);
    fclose(f);
    if (rc)
        return rc;
    pb_sha256_hex(whole, len, s->sha256);
    resolve(path, "", s->resolved, sizeof(s->resolved));
    /* an empty buffer cannot be opened as a stream (fmemopen) */
    f = len ? fmemopen(whole, len, "r") : NULL;
    if (len && !f) {
        free(whole);
        return pb_fail(e, -errno, "%s: cannot read: %s", path, strerror(errno));
    }
    struct settings set = {DEFAULT_REPETITIONS,
                           DEFAULT_ROUNDS,
                           DEFAULT_MIN_TIME,
                           DEFAULT_BUDGET,
                           DEFAULT_MEMORY,
                           false,
                           false,
                           {1},
                           1};
    char text[1024];
    uint32_t line = 0;
    while (f && rc == 0 && fgets(text, sizeof(text), f)) {
        line++;
        text[strcspn(text, "#\r\n")] = '\0';
        rc = directive(s, &set, text, line, e);
    }
    if (f)
        fclose(f);
    free(whole);
    if (rc == 0 && s->count == 0)
        rc = pb_fail(e, -EINVAL, "%s: no 'bench' line: the suite is empty",
                     path);
    if (rc)
        pb_suite_free(s);
    return rc;
}

void pb_suite_free(struct pb_suite *s)
{
    free(s->entries);
    free(s->text);
    s->entries = NULL;
    s->text = NULL;
    s->count = s->capacity = s->text_len = 0;
}

int pb_suite_corpus(const char *path, const char *kernel, const char *variants,
                    struct pb_suite *s, struct pb_error *e)
{
    memset(s, 0, sizeof(*s));
    const char *base = strrchr(path, '/');
    snprintf(s->name, sizeof(s->name), "%s", base ? base + 1 : path);
    snprintf(s->path, sizeof(s->path), "--corpus %s", path);
    char named[64];
    uint32_t line = 0;
    if (!kernel) {
        int rc = pb_corpus_read(NULL, path, &s->text, &s->text_len, e);
        if (rc)
            return rc;
        pb_corpus_header_kernel(s->text, s->text_len, named, sizeof(named),
                                &line);
        if (!named[0]) {
            pb_suite_free(s);
            return pb_fail(e, -EINVAL,
                           "%s: no '# kernel' header (a judge-format file); "
                           "expected --kernel NAME",
                           path);
        }
        kernel = named;
    }
    struct settings set = {PB_SUITE_CORPUS_REPETITIONS,
                           DEFAULT_ROUNDS,
                           PB_SUITE_CORPUS_MIN_TIME,
                           DEFAULT_BUDGET,
                           DEFAULT_MEMORY,
                           false,
                           false,
                           {1},
                           1};
    struct pb_suite_entry x = {0};
    x.kernel = pb_kernel_find(kernel);
    if (!x.kernel) {
        pb_suite_free(s);
        return kernel == named
                   ? pb_fail(e, -EINVAL,
                             "%s:%u: the header says kernel '%s'; expected "
                             "one of the kernels 'puzzlebench list' names",
                             path, (unsigned)line, kernel)
                   : pb_fail(e, -EINVAL, "unknown kernel '%s'", kernel);
    }
    char list[256];
    int rc = 0;
    if ((size_t)snprintf(list, sizeof(list), "%s", variants) >= sizeof(list))
        rc = pb_fail(e, -EINVAL, "--variants: a list of over %zu characters",
                     sizeof(list) - 1);
    if (rc == 0)
        rc = set_file(&x, NULL, path, "--corpus: ", e);
    if (rc == 0)
        rc = add_variants(s, &set, &x, list, "--variants: ", e);
    if (rc == 0) {
        /* the suite of one line this is, as a suite file would say it */
        char where[sizeof(s->resolved)], text[sizeof(where) + 512];
        resolve(path, "", where, sizeof(where));
        snprintf(text, sizeof(text), "bench %s %s file %s\n", x.kernel->name,
                 variants, where);
        pb_sha256_hex(text, strlen(text), s->sha256);
        resolve(path, "--corpus ", s->resolved, sizeof(s->resolved));
    }
    if (rc)
        pb_suite_free(s);
    return rc;
}
