/*
 * report_machine.c - the machine a paper describes (the Summary's table)
 * and the full provenance (the trailing table), both from results.json's
 * context only, never from the machine that draws the report, so the
 * same folder gives the same bytes anywhere (the golden test).
 *
 * Sources: puzzlebench's keys (provenance.c: the CPU model, cores and
 * threads, memory, OS and kernel, compiler and flags, library versions,
 * OpenMP settings, commit, suite) and Google Benchmark's own (date,
 * MHz, CPUs, caches, load averages, which Google Benchmark takes when it
 * starts timing), by the names of util/context_keys.h. A folder from
 * before a key was recorded says "not recorded" in its place. O(keys).
 */
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/noise.h"
#include "present/report_internal.h"
#include "results/context.h"

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))
#define NOT_RECORDED "not recorded"

/* Appends printf-style text to the cell. */
static void cat(char *cell, const char *fmt, ...) PB_PRINTF(2, 3);
static void cat(char *cell, const char *fmt, ...)
{
    size_t n = strlen(cell);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(cell + n, RP_CELL - n, fmt, ap);
    va_end(ap);
}

static void cpu_cell(const json_t *c, char *cell)
{
    const char *model = pb_context_text(c, PB_CTX_CPU_MODEL),
               *cores = pb_context_text(c, PB_CTX_CPU_CORES),
               *threads = pb_context_text(c, PB_CTX_CPU_THREADS);
    json_int_t cpus = json_integer_value(json_object_get(c, PB_CTX_NUM_CPUS));
    json_int_t mhz = json_integer_value(json_object_get(c, PB_CTX_MHZ_PER_CPU));
    cat(cell, "%s", model ? model : "model " NOT_RECORDED);
    if (cores && threads)
        cat(cell, ", %s cores, %s hardware threads", cores, threads);
    else if (cpus > 0)
        cat(cell, ", %lld CPUs", (long long)cpus);
    if (mhz > 0)
        cat(cell, ", %lld MHz", (long long)mhz);
    /* noise_run.c's frequency records, where the run has them */
    const char *governor = pb_context_text(c, PB_CTX_CPU_GOVERNOR),
               *turbo = pb_context_text(c, PB_CTX_CPU_TURBO);
    if (governor)
        cat(cell, ", governor %s", governor);
    if (turbo)
        cat(cell, ", turbo %s", turbo);
}

/* Google Benchmark's caches of cpu0: "L1d 32 KiB, L2 1 MiB, L3 32 MiB
 * (shared by 2 threads)". */
static void caches_cell(const json_t *c, char *cell)
{
    const json_t *caches = json_object_get(c, PB_CTX_CACHES), *x;
    size_t i;
    json_array_foreach(caches, i, x)
    {
        const char *type = json_string_value(json_object_get(x, "type"));
        json_int_t level = json_integer_value(json_object_get(x, "level"));
        json_int_t size = json_integer_value(json_object_get(x, "size"));
        json_int_t sharing =
            json_integer_value(json_object_get(x, "num_sharing"));
        if (!type || level <= 0 || size <= 0)
            continue;
        char bytes[64];
        pb_units_bytes(bytes, sizeof(bytes), (double)size);
        cat(cell, "%sL%lld%s %s", cell[0] ? ", " : "", (long long)level,
            !strcmp(type, "Data")          ? "d"
            : !strcmp(type, "Instruction") ? "i"
                                           : "",
            bytes);
        if (sharing > 1)
            cat(cell, " (shared by %lld threads)", (long long)sharing);
    }
    if (!cell[0])
        cat(cell, NOT_RECORDED);
}

static void memory_cell(const json_t *c, char *cell)
{
    const char *bytes = pb_context_text(c, PB_CTX_MEMORY_BYTES);
    char *end = NULL;
    double v = bytes ? strtod(bytes, &end) : NAN;
    if (bytes && end != bytes && *end == '\0' && v > 0)
        pb_units_bytes(cell, RP_CELL, v);
    else
        cat(cell, "%s", bytes ? bytes : NOT_RECORDED);
}

static void os_cell(const json_t *c, char *cell)
{
    const char *os = pb_context_text(c, PB_CTX_OS),
               *kernel = pb_context_text(c, PB_CTX_OS_KERNEL);
    cat(cell, "%s", os ? os : NOT_RECORDED);
    if (kernel)
        cat(cell, ", %s", kernel);
}

/* The compiler, the build type and the flags without the warning flags
 * (-W...: they change no code; the provenance table has them all). */
static void compiler_cell(const json_t *c, char *cell)
{
    const char *compiler = pb_context_text(c, PB_CTX_COMPILER),
               *type = pb_context_text(c, PB_CTX_BUILD_TYPE),
               *flags = pb_context_text(c, PB_CTX_COMPILER_FLAGS);
    cat(cell, "%s", compiler ? compiler : NOT_RECORDED);
    if (type)
        cat(cell, ", %s build", type);
    if (!flags)
        return;
    cat(cell, ", flags");
    for (const char *w = flags; *w;) {
        w += strspn(w, " ");
        size_t len = strcspn(w, " ");
        if (len && strncmp(w, "-W", 2))
            cat(cell, " %.*s", (int)len, w);
        w += len;
    }
}

static void libraries_cell(const json_t *c, char *cell)
{
    const char *gb = pb_context_text(c, PB_CTX_GBENCH_VERSION),
               *je = pb_context_text(c, PB_CTX_JEMALLOC_VERSION),
               *heap = pb_context_text(c, PB_CTX_HEAP_COUNTERS),
               *omp = pb_context_text(c, PB_CTX_OPENMP_VERSION),
               *ig = pb_context_text(c, PB_CTX_IGRAPH_VERSION);
    cat(cell, "Google Benchmark %s", gb ? gb : NOT_RECORDED);
    /* jemalloc's version carries its git describe: 5.3.0-0-g54eaed1d... */
    if (je)
        cat(cell, ", jemalloc %.*s", (int)strcspn(je, "-"), je);
    if (heap)
        cat(cell, " (heap counters: %s)", heap);
    cat(cell, ", OpenMP %s", omp ? omp : NOT_RECORDED);
    if (ig)
        cat(cell, ", igraph %s", ig);
}

static void openmp_cell(const json_t *c, char *cell)
{
    const char *max = pb_context_text(c, PB_CTX_OMP_MAX_THREADS),
               *places = pb_context_text(c, PB_CTX_OMP_PLACES),
               *bind = pb_context_text(c, PB_CTX_OMP_PROC_BIND),
               *asked = pb_context_text(c, PB_CTX_MAX_THREADS_ASKED),
               *over = pb_context_text(c, PB_CTX_OVERSUBSCRIBED),
               *granted = pb_context_text(c, PB_CTX_CPUS_GRANTED),
               *by = pb_context_text(c, PB_CTX_CPUS_GRANTED_BY);
    if (!max) {
        cat(cell, NOT_RECORDED);
        return;
    }
    cat(cell,
        "up to %s threads (suite asks up to %s), OMP_PLACES %s, "
        "OMP_PROC_BIND %s",
        max, asked ? asked : "?", places ? places : "?", bind ? bind : "?");
    if (over && !strcmp(over, "true") && granted && by)
        cat(cell,
            ", oversubscribed (more threads than the %s CPU%s the process "
            "was granted; %s)",
            granted, strcmp(granted, "1") ? "s" : "", by);
    else if (over && !strcmp(over, "true")) /* an older run */
        cat(cell, ", oversubscribed (more threads than cores)");
}

/* The date, the load average when timing began, the commit (and the
 * hash of a dirty tree's diff) and suite. */
static void run_cell(const json_t *c, char *cell)
{
    const char *date = pb_context_text(c, PB_CTX_DATE),
               *commit = pb_context_text(c, PB_CTX_COMMIT),
               *dirty = pb_context_text(c, PB_CTX_DIRTY),
               *suite = pb_context_text(c, PB_CTX_SUITE),
               *diff = pb_context_text(c, PB_CTX_DIFF_SHA256);
    if (date) {
        size_t t = strcspn(date, "T");
        cat(cell, "%.*s%s%s", (int)t, date, date[t] ? " " : "",
            date[t] ? date + t + 1 : "");
    } else {
        cat(cell, "date " NOT_RECORDED);
    }
    const json_t *load = json_object_get(c, PB_CTX_LOAD_AVG);
    if (json_array_size(load) == 3)
        cat(cell,
            "; load average %.2f, %.2f, %.2f (1, 5, 15 min) as timing began",
            json_number_value(json_array_get(load, 0)),
            json_number_value(json_array_get(load, 1)),
            json_number_value(json_array_get(load, 2)));
    bool changes = dirty && !strcmp(dirty, "true");
    if (commit)
        cat(cell, "; commit %.12s%s", commit,
            changes ? " with uncommitted changes" : "");
    /* which changes: the diff's hash, as compare shows it */
    if (commit && changes && diff && strlen(diff) == 64 &&
        strspn(diff, "0123456789abcdef") == 64)
        cat(cell, " (diff %.12s, build.diff)", diff);
    if (suite)
        cat(cell, "; suite %s", suite);
}

/* The run's machine warnings (noise.h: governor, turbo, load at the
 * start and end), or "none" when the run recorded its state and none
 * applies, or "not recorded". */
static void warnings_cell(const json_t *c, char *cell)
{
    struct pb_noise_machine m;
    char w[PB_NOISE_MACHINE][PB_NOISE_TEXT];
    if (!json_object_get(c, PB_CTX_CPU_GOVERNOR) ||
        !pb_noise_machine_from_context(c, &m)) {
        snprintf(cell, RP_CELL, "not recorded");
        return;
    }
    size_t n = pb_noise_machine_warnings(&m, w, PB_NOISE_MACHINE);
    size_t at = 0;
    cell[0] = '\0';
    for (size_t i = 0; i < n && at < RP_CELL; i++)
        at += (size_t)snprintf(cell + at, RP_CELL - at, "%s%s", i ? "; " : "",
                               w[i]);
    if (n == 0)
        snprintf(cell, RP_CELL, "none");
}

/* A merged folder (`puzzlebench merge`): its inputs, and a warning when
 * they ran on different machines (machines_differ: one line per input,
 * its machine and its benchmarks), whose times are not comparable. */
static void merged_part(struct rp_out *o, const json_t *context)
{
    const json_t *from = json_object_get(context, PB_CTX_MERGED_FROM);
    const json_t *differ = json_object_get(context, PB_CTX_MACHINES_DIFFER);
    if (json_array_size(from) == 0)
        return;
    char lead[32];
    rp_para(o, json_array_size(differ)
                   ? "Warning: merged from results folders that ran on "
                     "different machines; times from different machines "
                     "are not comparable (which benchmarks ran where "
                     "below). The table above is the first folder's "
                     "machine."
                   : "Merged from these results folders (the same "
                     "machine):");
    const json_t *lines = json_array_size(differ) ? differ : from;
    for (size_t i = 0; i < json_array_size(lines); i++) {
        const char *line = json_string_value(json_array_get(lines, i));
        snprintf(lead, sizeof(lead), "input %zu", i + 1);
        rp_item(o, i == 0, lead, line ? line : "?");
    }
    rp_list_end(o);
}

void rp_machine_part(struct rp_out *o, const json_t *context)
{
    static const char *const cols[] = {"machine", "as recorded"};
    static const struct {
        const char *label;
        void (*cell)(const json_t *, char *);
    } rows[] = {
        {"CPU", cpu_cell},           {"caches", caches_cell},
        {"memory", memory_cell},     {"OS", os_cell},
        {"compiler", compiler_cell}, {"libraries", libraries_cell},
        {"OpenMP", openmp_cell},     {"run", run_cell},
        {"warnings", warnings_cell},
    };
    rp_heading(o, 3, "Machine");
    if (json_object_size(context) == 0) {
        rp_para(o, "Machine not recorded in this results folder (it has no "
                   "results.json).");
        return;
    }
    rp_table_begin(o, cols, 2, 2);
    for (size_t r = 0; r < COUNT(rows); r++) {
        char cells[2][RP_CELL] = {"", ""};
        snprintf(cells[0], RP_CELL, "%s", rows[r].label);
        rows[r].cell(context, cells[1]);
        rp_table_row(o, cells, 2);
    }
    rp_table_end(o);
    merged_part(o, context);
}

/* The provenance keys in the order provenance.c records them (Google
 * Benchmark's context keeps its keys sorted); keys outside this list
 * follow in the file's order. */
static const char *const provenance_keys[] = {
    PB_CTX_COMMIT,          PB_CTX_DIRTY,          PB_CTX_BINARY_SHA256,
    PB_CTX_DIFF_SHA256,     PB_CTX_DIFF_BYTES,     PB_CTX_DIFF_FILE,
    PB_CTX_UNTRACKED,       PB_CTX_COMPILER,       PB_CTX_COMPILER_FLAGS,
    PB_CTX_BUILD_TYPE,      PB_CTX_GBENCH_VERSION, PB_CTX_JEMALLOC_VERSION,
    PB_CTX_HEAP_COUNTERS,   PB_CTX_OMP_PLACES,     PB_CTX_OMP_PROC_BIND,
    PB_CTX_OMP_MAX_THREADS, PB_CTX_CORES,          PB_CTX_CPUS_GRANTED,
    PB_CTX_CPUS_GRANTED_BY, PB_CTX_CPU_AFFINITY,   PB_CTX_MAX_THREADS_ASKED,
    PB_CTX_OVERSUBSCRIBED,  PB_CTX_SUITE,          PB_CTX_SUITE_PATH,
    PB_CTX_SUITE_SHA256,    PB_CTX_CPU_MODEL,      PB_CTX_CPU_CORES,
    PB_CTX_CPU_THREADS,     PB_CTX_MEMORY_BYTES,   PB_CTX_OS,
    PB_CTX_OS_KERNEL,       PB_CTX_OPENMP_VERSION, PB_CTX_IGRAPH_VERSION};
/* Google Benchmark's own context keys and the harness's other records:
 * not provenance rows. */
static const char *const not_provenance[] = {PB_CTX_DATE,
                                             PB_CTX_HOST_NAME,
                                             PB_CTX_EXECUTABLE,
                                             PB_CTX_NUM_CPUS,
                                             PB_CTX_MHZ_PER_CPU,
                                             PB_CTX_CACHES,
                                             PB_CTX_CPU_SCALING,
                                             PB_CTX_LOAD_AVG,
                                             PB_CTX_LIBRARY_BUILD_TYPE,
                                             PB_CTX_JSON_SCHEMA_VERSION};

static bool listed(const char *key, const char *const *list, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (!strcmp(key, list[i]))
            return true;
    return false;
}

/* A provenance row: the value trimmed (a table cell shows no edge
 * spaces; compiler_flags starts with one). */
static void provenance_row(struct rp_out *o, const char *key, const char *value)
{
    char cells[2][RP_CELL];
    while (*value == ' ')
        value++;
    snprintf(cells[0], RP_CELL, "%s", key);
    snprintf(cells[1], RP_CELL, "%s", value);
    for (size_t n = strlen(cells[1]); n > 0 && cells[1][n - 1] == ' '; n--)
        cells[1][n - 1] = '\0';
    rp_table_row(o, cells, 2);
}

void rp_provenance_part(struct rp_out *o, const json_t *context)
{
    static const char *const cols[] = {"key", "value"};
    rp_heading(o, 2, "Provenance");
    size_t rows = 0;
    for (size_t k = 0; k < COUNT(provenance_keys); k++) {
        const char *v = pb_context_text(context, provenance_keys[k]);
        if (!v)
            continue;
        if (rows++ == 0)
            rp_table_begin(o, cols, 2, 2);
        provenance_row(o, provenance_keys[k], v);
    }
    const char *key;
    json_t *value;
    json_object_foreach((json_t *)context, key, value)
    {
        if (!json_is_string(value) ||
            listed(key, provenance_keys, COUNT(provenance_keys)) ||
            listed(key, not_provenance, COUNT(not_provenance)) ||
            pb_ctx_prefixed(key, PB_CTX_CORPUS_PREFIX) ||
            pb_ctx_prefixed(key, PB_CTX_VERIFY_PREFIX))
            continue;
        if (rows++ == 0)
            rp_table_begin(o, cols, 2, 2);
        provenance_row(o, key, json_string_value(value));
    }
    if (rows)
        rp_table_end(o);
    else
        rp_para(o, "Provenance not recorded in this results folder.");
}
