/*
 * machine.c - the readings of machine.h. The 1-minute load average from
 * /proc/loadavg (the kernel updates it every 5 s, so it is a coarse
 * sign, taken before and after each benchmark), the process CPU clock
 * (CLOCK_PROCESS_CPUTIME_ID: every thread's CPU time, so CPU / (wall *
 * threads) is about 1 for a process that kept its cores, and below 1
 * when it was descheduled or its threads waited; at one thread the
 * calling thread's clock, see machine.h), the involuntary context
 * switches (getrusage's ru_nivcsw, of the thread or the process by the
 * same rule; with the CPU clock they are also what each timed region
 * records beside its wall time: pb_noise_region_start and _stop, around
 * the runner's and the census's timed regions), and the CPU frequency
 * state from sysfs: each cpuN/cpufreq/scaling_governor,
 * intel_pstate/no_turbo or cpufreq/boost. Virtual machines often expose
 * none of them: "unknown". Reading the governors is O(CPUs).
 */
#define _GNU_SOURCE /* RUSAGE_THREAD */
#include "util/machine.h"

#include <dirent.h>
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "util/cpus.h"
#include "util/context_keys.h"

#define GOVERNORS 4 /* distinct governors named; more are "..." */

double pb_noise_load(void)
{
    FILE *f = fopen("/proc/loadavg", "r");
    double load = NAN;
    /* /proc/loadavg, written by the kernel in this exact form */
    /* NOLINTNEXTLINE(cert-err34-c) */
    if (f && fscanf(f, "%lf", &load) != 1)
        load = NAN;
    if (f)
        fclose(f);
    return load >= 0 ? load : NAN;
}

double pb_noise_cpu_seconds(long threads)
{
    struct timespec ts;
    if (clock_gettime(threads == 1 ? CLOCK_THREAD_CPUTIME_ID
                                   : CLOCK_PROCESS_CPUTIME_ID,
                      &ts) != 0)
        return NAN;
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

double pb_noise_cpu_per_wall(double cpu, double wall, long threads)
{
    if (!(cpu >= 0) || !(wall > 0) || threads < 1)
        return NAN;
    return cpu / (wall * (double)threads);
}

double pb_noise_switches(long threads)
{
    struct rusage u;
    if (getrusage(threads == 1 ? RUSAGE_THREAD : RUSAGE_SELF, &u) != 0)
        return NAN;
    return (double)u.ru_nivcsw;
}

void pb_noise_region_start(struct pb_noise_region *r, long threads)
{
    /* the switches first: their system call is further from the region */
    r->switches = pb_noise_switches(threads);
    r->cpu = pb_noise_cpu_seconds(threads);
}

void pb_noise_region_stop(struct pb_noise_region *r, long threads)
{
    double cpu = pb_noise_cpu_seconds(threads);
    double switches = pb_noise_switches(threads);
    r->cpu = cpu - r->cpu;
    r->switches = switches - r->switches;
}

/* The first line of a small sysfs file, kept to [A-Za-z0-9_-] (a file
 * from elsewhere is data); false when unreadable or empty. */
static bool read_word(const char *path, char *out, size_t len)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return false;
    char line[64];
    bool ok = fgets(line, sizeof(line), f) != NULL;
    fclose(f);
    size_t n = 0;
    for (const char *p = line; ok && *p && n + 1 < len; p++)
        if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
            (*p >= '0' && *p <= '9') || *p == '_' || *p == '-')
            out[n++] = *p;
    if (len)
        out[n] = '\0';
    return ok && n > 0;
}

static int by_text(const void *a, const void *b)
{
    return strcmp(a, b);
}

/* The distinct governors of sys/cpuN (sorted, joined by ','), or
 * "unknown". */
static void read_governors(const char *sys, char *out, size_t len)
{
    char seen[GOVERNORS][32];
    size_t n = 0;
    bool more = false;
    DIR *d = opendir(sys);
    struct dirent *entry;
    while (d && (entry = readdir(d)) != NULL) {
        const char *name = entry->d_name;
        if (strncmp(name, "cpu", 3) || !name[3] ||
            strspn(name + 3, "0123456789") != strlen(name + 3))
            continue;
        char path[1024], word[32];
        snprintf(path, sizeof(path), "%s/%s/cpufreq/scaling_governor", sys,
                 name);
        if (!read_word(path, word, sizeof(word)))
            continue;
        bool known = false;
        for (size_t i = 0; i < n && !known; i++)
            known = !strcmp(seen[i], word);
        if (!known && n < GOVERNORS)
            memcpy(seen[n++], word, sizeof(word));
        else if (!known)
            more = true;
    }
    if (d)
        closedir(d);
    qsort(seen, n, sizeof(seen[0]), by_text);
    snprintf(out, len, "%s", n ? "" : "unknown");
    for (size_t i = 0; i < n; i++) {
        size_t at = strlen(out);
        snprintf(out + at, len - at, "%s%s", i ? "," : "", seen[i]);
    }
    if (more) {
        size_t at = strlen(out);
        snprintf(out + at, len - at, ",...");
    }
}

/* "on" or "off" from intel_pstate/no_turbo (1: off), else cpufreq/boost
 * (1: on), else "unknown". */
static void read_turbo(const char *sys, char *out, size_t len)
{
    char path[1024], word[32];
    snprintf(path, sizeof(path), "%s/intel_pstate/no_turbo", sys);
    if (read_word(path, word, sizeof(word)) &&
        (!strcmp(word, "0") || !strcmp(word, "1"))) {
        snprintf(out, len, "%s", word[0] == '1' ? "off" : "on");
        return;
    }
    snprintf(path, sizeof(path), "%s/cpufreq/boost", sys);
    if (read_word(path, word, sizeof(word)) &&
        (!strcmp(word, "0") || !strcmp(word, "1"))) {
        snprintf(out, len, "%s", word[0] == '1' ? "on" : "off");
        return;
    }
    snprintf(out, len, "unknown");
}

void pb_noise_machine_read(const char *sys, struct pb_noise_machine *m)
{
    memset(m, 0, sizeof(*m));
    read_governors(sys, m->governor, sizeof(m->governor));
    read_turbo(sys, m->turbo, sizeof(m->turbo));
    m->load_start = pb_noise_load();
    m->load_end = NAN;
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    m->cores = cores > 0 ? (int)cores : 0;
    m->granted = pb_cpus_granted();
}

/* state becomes "changed: STATE -> END" when end differs (a state that
 * already changed compares its first value). */
static void fold(char *state, const char *end)
{
    if (!strncmp(state, PB_NOISE_CHANGED, strlen(PB_NOISE_CHANGED)))
        return;
    if (!strcmp(state, end))
        return;
    char was[PB_NOISE_STATE];
    snprintf(was, sizeof(was), "%s", state);
    /* each side is kept short enough that both fit */
    snprintf(state, PB_NOISE_STATE, PB_NOISE_CHANGED "%.40s -> %.40s", was,
             end);
}

void pb_noise_machine_end(struct pb_noise_machine *m,
                          const struct pb_noise_machine *end)
{
    fold(m->governor, end->governor);
    fold(m->turbo, end->turbo);
    m->load_end = end->load_start;
}

/* A context string as a number (NaN when absent or not one). */
static double context_number(const json_t *context, const char *key)
{
    const json_t *v = json_object_get(context, key);
    if (json_is_number(v))
        return json_number_value(v);
    const char *s = json_string_value(v);
    char *end;
    double d = s ? strtod(s, &end) : NAN;
    return s && end != s && !*end ? d : NAN;
}

bool pb_noise_machine_from_context(const struct json_t *context,
                                   struct pb_noise_machine *m)
{
    memset(m, 0, sizeof(*m));
    m->load_start = m->load_end = NAN;
    if (!json_is_object(context))
        return false;
    const char *s;
    /* absent (an older run, another binary): "", never warned about */
    s = json_string_value(json_object_get(context, PB_CTX_CPU_GOVERNOR));
    snprintf(m->governor, sizeof(m->governor), "%s", s ? s : "");
    s = json_string_value(json_object_get(context, PB_CTX_CPU_TURBO));
    snprintf(m->turbo, sizeof(m->turbo), "%s", s ? s : "");
    m->load_start = context_number(context, PB_CTX_LOAD_START);
    const json_t *gb = json_object_get(context, PB_CTX_LOAD_AVG);
    if (isnan(m->load_start) && json_is_array(gb) &&
        json_is_number(json_array_get(gb, 0)))
        m->load_start = json_number_value(json_array_get(gb, 0));
    m->load_end = context_number(context, PB_CTX_LOAD_END);
    double cores = context_number(context, PB_CTX_CORES);
    m->cores = cores >= 1 && cores < 1e6 ? (int)cores : 0;
    m->granted = pb_cpus_from_context(context);
    return true;
}
