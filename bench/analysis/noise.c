/*
 * noise.c - the rules that turn the readings of a busy machine
 * (util/machine.h) into warnings (noise.h), in one place for the
 * console, the report and `compare`, and the printer of the warnings.
 * Rules after pyperf (pyperf/_system.py, pyperf/_cli.py "benchmark may
 * be unstable"): load above the cores, CPU well below wall at one
 * thread, a parallel run (threads, or MPI processes) much slower than
 * the serial one (one process, one thread), repetitions
 * that spread more than 10 %; and a timed sample (one whole-corpus
 * solve) under 1 ms (the clock's overhead shows), a first repetition
 * well above the others (a cold cache or a warming clock), more threads
 * than the process's CPUs (threads per process: an MPI run's processes
 * may be spread over several hosts; the CPUs granted, cpus.h, where the
 * affinity mask, a cgroup quota or OMP_THREAD_LIMIT leave fewer than the
 * machine's cores).
 * A benchmark's rules are O(benchmarks) (readback_find) plus O(repetitions)
 * for the medians and the CV; the printed block O(benchmarks^2).
 */
#include "analysis/noise.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "pb_units.h"
#include "util/cpus.h"
#include "util/stats.h"

double pb_noise_cv(const struct readback_bench *b)
{
    return pb_cv(b->per_instance, b->n);
}

bool pb_noise_loaded(const struct readback_bench *b, int cores)
{
    double load = fmax(b->load_before, b->load_after); /* NaN: the other */
    return cores > 0 && load > cores;
}

bool pb_noise_short(const struct readback_bench *b)
{
    return readback_median(b) * (double)b->count < PB_NOISE_SHORT_SAMPLE;
}

size_t pb_noise_bench(const struct readback *t, const struct readback_bench *b,
                      int cores, int granted, char w[][PB_NOISE_TEXT],
                      size_t max)
{
    return pb_noise_bench_rules(t, b, cores, granted, 0, w, max);
}

size_t pb_noise_bench_rules(const struct readback *t,
                            const struct readback_bench *b, int cores,
                            int granted, unsigned without,
                            char w[][PB_NOISE_TEXT], size_t max)
{
    bool with_load = !(without & PB_NOISE_NO_LOAD);
    size_t n = 0;
    double cv = pb_noise_cv(b);
    if (cv > PB_NOISE_CV_MAX && n < max)
        snprintf(w[n++], PB_NOISE_TEXT, "CV %.0f %% (above %.0f %%)", 100 * cv,
                 100 * PB_NOISE_CV_MAX);
    if (with_load && pb_noise_loaded(b, cores) && n < max)
        snprintf(w[n++], PB_NOISE_TEXT, "load %.1f > %d core%s",
                 fmax(b->load_before, b->load_after), cores,
                 cores == 1 ? "" : "s");
    if (b->threads == 1 && b->cpu_per_wall < PB_NOISE_CPU_MIN && n < max)
        snprintf(w[n++], PB_NOISE_TEXT, "CPU %.2f of wall", b->cpu_per_wall);
    /* against the serial run: one process of one thread */
    const struct readback_bench *one =
        t && b->processes * b->threads > 1 ? readback_find(t, b, 1, 1) : NULL;
    double slower =
        one ? readback_spread_on(b, READBACK_CLOCK_WALL).median /
                  readback_spread_on(one, READBACK_CLOCK_WALL).median
            : NAN;
    char ratio[PB_UNITS_TEXT];
    pb_units_ratio(ratio, sizeof(ratio), slower);
    if (slower > PB_NOISE_SLOWER && n < max && b->processes > 1)
        snprintf(w[n++], PB_NOISE_TEXT,
                 "%ld processes x %ld thread%s %s slower than 1", b->processes,
                 b->threads, b->threads == 1 ? "" : "s", ratio);
    else if (slower > PB_NOISE_SLOWER && n < max)
        snprintf(w[n++], PB_NOISE_TEXT, "%ld threads %s slower than 1",
                 b->threads, ratio);
    if (!(without & PB_NOISE_NO_SHORT) && pb_noise_short(b) && n < max)
        snprintf(w[n++], PB_NOISE_TEXT, "a timed sample under 1 ms");
    double rest = NAN; /* the median of the repetitions after the first */
    if (b->n > 1) {
        double sorted[READBACK_MAX_SAMPLES];
        memcpy(sorted, b->per_instance + 1, (b->n - 1) * sizeof(double));
        rest = pb_median(sorted, b->n - 1);
    }
    pb_units_ratio(ratio, sizeof(ratio), b->per_instance[0] / rest);
    if (b->per_instance[0] > PB_NOISE_SLOW_FIRST * rest && n < max)
        snprintf(w[n++], PB_NOISE_TEXT, "first repetition %s the others",
                 ratio);
    /* the CPUs the process had, where fewer than the machine's cores */
    bool fewer = granted > 0 && (cores <= 0 || granted < cores);
    int cpus = fewer ? granted : cores;
    if (pb_threads_oversubscribed(b->threads, cpus) && n < max)
        snprintf(w[n++], PB_NOISE_TEXT, "%ld threads on %d %s%s", b->threads,
                 cpus, fewer ? "granted CPU" : "core", cpus == 1 ? "" : "s");
    return n;
}

/* A governor or turbo state worth a warning: unknown or changed ("" is
 * not recorded: an older run). */
static bool state_suspect(const char *s)
{
    return !strcmp(s, "unknown") ||
           !strncmp(s, PB_NOISE_CHANGED, strlen(PB_NOISE_CHANGED));
}

size_t pb_noise_machine_warnings(const struct pb_noise_machine *m,
                                 char w[][PB_NOISE_TEXT], size_t max)
{
    size_t n = 0;
    if (state_suspect(m->governor) && n < max)
        snprintf(w[n++], PB_NOISE_TEXT, "CPU governor %s", m->governor);
    if (state_suspect(m->turbo) && n < max)
        snprintf(w[n++], PB_NOISE_TEXT, "turbo %s", m->turbo);
    const double load[2] = {m->load_start, m->load_end};
    for (int i = 0; i < 2; i++)
        if (m->cores > 0 && load[i] > m->cores && n < max)
            snprintf(w[n++], PB_NOISE_TEXT, "load %.1f > %d core%s at the %s",
                     load[i], m->cores, m->cores == 1 ? "" : "s",
                     i ? "end" : "start");
    return n;
}

size_t pb_noise_print_benches(FILE *out, const char *prefix,
                              const struct readback *t,
                              const struct readback_bench *const *list,
                              size_t count, int cores, int granted)
{
    char w[PB_NOISE_RULES][PB_NOISE_TEXT];
    size_t lines = 0, loaded = 0, short_ones = 0, judged = 0;
    for (size_t i = 0; i < count; i++) {
        judged += list[i] != NULL;
        loaded += list[i] && pb_noise_loaded(list[i], cores);
        short_ones += list[i] && pb_noise_short(list[i]);
    }
    /* a busy machine loads every benchmark, and a suite of tiny corpora
     * makes every sample short: say each once */
    unsigned without = 0;
    if (loaded > PB_NOISE_FOLD) {
        fprintf(out,
                "%sload above %d core%s during %zu of %zu benchmarks (the "
                "1-minute load average)\n",
                prefix, cores, cores == 1 ? "" : "s", loaded, judged);
        lines++;
        without |= PB_NOISE_NO_LOAD;
    }
    if (short_ones > PB_NOISE_FOLD) {
        fprintf(out,
                "%sa timed sample (one solve of the corpus) under 1 ms in %zu "
                "of %zu benchmarks: larger corpora time more steadily\n",
                prefix, short_ones, judged);
        lines++;
        without |= PB_NOISE_NO_SHORT;
    }
    for (size_t i = 0; i < count; i++) {
        const struct readback_bench *b = list[i];
        size_t n = b ? pb_noise_bench_rules(t, b, cores, granted, without, w,
                                            PB_NOISE_RULES)
                     : 0;
        if (n == 0)
            continue;
        char name[4 * sizeof(b->key)];
        pb_escape_controls(b->key, name, sizeof(name));
        fprintf(out, "%s%s:", prefix, name);
        for (size_t k = 0; k < n; k++)
            fprintf(out, "%s %s", k ? ";" : "", w[k]);
        fputc('\n', out);
        lines++;
    }
    return lines;
}

size_t pb_noise_print(FILE *out, const char *prefix, const struct readback *t,
                      const struct pb_noise_machine *m, int cores)
{
    char w[PB_NOISE_MACHINE][PB_NOISE_TEXT];
    size_t lines = 0;
    if (t && t->count) {
        const struct readback_bench **list = malloc(t->count * sizeof(*list));
        for (size_t i = 0; list && i < t->count; i++)
            list[i] = &t->b[i];
        if (list)
            lines = pb_noise_print_benches(out, prefix, t, list, t->count,
                                           cores, m ? m->granted : 0);
        free(list);
    }
    size_t n = m ? pb_noise_machine_warnings(m, w, PB_NOISE_MACHINE) : 0;
    for (size_t k = 0; k < n; k++)
        fprintf(out, "%s%s\n", prefix, w[k]);
    return lines + n;
}
