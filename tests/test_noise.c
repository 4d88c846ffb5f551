/*
 * test_noise.c - the noise rules (bench/analysis/noise.h) on synthetic
 * benchmarks: load above the cores (before or after, NaN and unknown
 * cores ignored, equal to the cores quiet), CPU below 0.9 of wall only
 * at one thread, a 2-thread run (or one over 2 MPI processes) more than
 * 2x slower than the same corpus at one process of one thread,
 * repetitions spread above 10 %, more threads than cores, a timed sample
 * under 1 ms, a slow first repetition, the cap on warnings; the machine:
 * governors and turbo read from a fake sysfs tree (one, mixed, none, junk
 * bytes), a state that changes during a run, its warnings, the context
 * record of results.json (with Google Benchmark's load_avg as the
 * fallback); the readings themselves (load, CPU clocks); the console's
 * block from a results folder (the load folded into one line on a busy
 * machine); the report's warnings on the committed fixture
 * tests/fixtures/compare/noisy; the CPUs a process is granted (cpus.h:
 * cgroup quotas from fake trees, the more-threads-than-granted rule)
 * and the thread stacks of the memory estimate. Run from the source
 * tree.
 */
#include <errno.h>
#include <jansson.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"
#include "util/cpus.h"
#include "analysis/noise.h"
#include "pb_limits.h"
#include "present/report.h"
#include "results/readback.h"
#include "util/stats.h"

/* A benchmark of magic_squares/bfs_array on one corpus over `processes`
 * MPI processes of `threads` threads, added to t with samples per
 * instance. */
static struct readback_bench *bench_over(struct readback *t, long processes,
                                         long threads, const double *samples,
                                         size_t n)
{
    struct pb_bench_id id = {.kernel = "magic_squares",
                             .variant = "bfs_array",
                             .family = "uniform",
                             .size = "4",
                             .count = 50,
                             .seed = 1,
                             .threads = (uint64_t)threads,
                             .processes = (uint64_t)processes};
    char key[192];
    CHECK(pb_bench_id_write(&id, key, sizeof(key)) > 0, "a name");
    struct readback_bench *b = readback_bench_for(t, key);
    struct pb_error e;
    readback_bench_set_id(b, &id);
    CHECK(readback_add_times(t, b, samples, n, &e) == 0, "%s", e.msg);
    return b;
}

/* The same at one process (a plain run). */
static struct readback_bench *bench(struct readback *t, long threads,
                                    const double *samples, size_t n)
{
    return bench_over(t, 1, threads, samples, n);
}

/* The warnings of b joined by "; " ("" when none), on a machine of
 * `cores` of which the process was granted `granted` (0: unknown). */
static const char *warnings_of(const struct readback *t,
                               const struct readback_bench *b, int cores,
                               int granted)
{
    static char text[1024];
    char w[8][PB_NOISE_TEXT];
    size_t n = pb_noise_bench(t, b, cores, granted, w, 8);
    text[0] = '\0';
    for (size_t i = 0; i < n; i++) {
        size_t at = strlen(text);
        snprintf(text + at, sizeof(text) - at, "%s%s", i ? "; " : "", w[i]);
    }
    return text;
}

#define EXPECT_GRANTED(t, b, cores, granted, want)                             \
    do {                                                                       \
        const char *got_ = warnings_of(t, b, cores, granted);                  \
        CHECK(!strcmp(got_, want), "got '%s', want '%s'", got_, want);         \
    } while (0)
#define EXPECT_WARNINGS(t, b, cores, want) EXPECT_GRANTED(t, b, cores, 0, want)

static void test_bench_rules(void)
{
    static const double steady[] = {1.0e-3, 1.01e-3, 0.99e-3, 1.0e-3};
    struct readback t = {0};
    struct readback_bench *one = bench(&t, 1, steady, 4);
    /* no readings (an older file): quiet */
    CHECK(isnan(one->load_before) && isnan(one->cpu_per_wall), "NaN first");
    EXPECT_WARNINGS(&t, one, 2, "");
    /* the load, before or after, above the cores; the worst of the
     * repetitions (readback_add_noise) */
    readback_add_noise(one, 0.5, 0.4, 0.99);
    readback_add_noise(one, 3.14, 0.4, 0.98);
    EXPECT_WARNINGS(&t, one, 2, "load 3.1 > 2 cores");
    EXPECT_WARNINGS(&t, one, 1, "load 3.1 > 1 core");
    EXPECT_WARNINGS(&t, one, 4, "");
    EXPECT_WARNINGS(&t, one, 0, ""); /* cores unknown: no rule */
    one->load_before = 2.0;          /* equal to the cores: quiet */
    EXPECT_WARNINGS(&t, one, 2, "");
    one->load_before = NAN;
    one->load_after = 2.5;
    EXPECT_WARNINGS(&t, one, 2, "load 2.5 > 2 cores");
    one->load_after = 0.4;
    /* CPU below 0.9 of wall at one thread */
    readback_add_noise(one, NAN, NAN, 0.62);
    CHECK(one->cpu_per_wall == 0.62 && one->load_after == 0.4,
          "the smallest CPU / wall (%g), NaN ignored", one->cpu_per_wall);
    EXPECT_WARNINGS(&t, one, 2, "CPU 0.62 of wall");
    one->cpu_per_wall = 0.9;
    EXPECT_WARNINGS(&t, one, 2, "");
    one->cpu_per_wall = 0.62;

    /* at two threads: CPU / wall is not judged (workers may wait); the
     * run against one thread is */
    static const double slow[] = {2.6e-3, 2.5e-3, 2.55e-3, 2.5e-3};
    static const double fine[] = {1.9e-3, 1.95e-3, 1.9e-3, 2.0e-3};
    struct readback_bench *two = bench(&t, 2, slow, 4);
    one = readback_get(&t, "magic_squares/bfs_array/uniform/size:4/n:50/seed:1/"
                           "threads:1"); /* bench() may have moved it */
    two->cpu_per_wall = 0.3;
    EXPECT_WARNINGS(&t, two, 2, "2 threads 2.53x slower than 1");
    EXPECT_WARNINGS(NULL, two, 2, ""); /* no results to look in */
    memcpy(two->per_instance, fine, sizeof(fine));
    EXPECT_WARNINGS(&t, two, 2, ""); /* 1.9x slower: allowed */
    EXPECT_WARNINGS(&t, two, 1, "2 threads on 1 core");
    EXPECT_WARNINGS(&t, two, 0, ""); /* cores unknown */
    /* fewer CPUs granted than the machine has (taskset, a cgroup quota,
     * OMP_THREAD_LIMIT): judged against those; the load still against
     * the machine's cores */
    EXPECT_GRANTED(&t, two, 2, 1, "2 threads on 1 granted CPU");
    EXPECT_GRANTED(&t, two, 0, 1, "2 threads on 1 granted CPU");
    EXPECT_GRANTED(&t, two, 2, 2, "");
    EXPECT_GRANTED(&t, two, 1, 4, "2 threads on 1 core");
    two->load_after = 1.5;
    EXPECT_GRANTED(&t, two, 2, 1, "2 threads on 1 granted CPU");
    two->load_after = NAN;

    /* over MPI processes: against one process of one thread,
     * never against the same processes at one thread (added first, so
     * that a match ignoring processes finds it); the cores rule counts
     * threads per process */
    struct readback m = {0};
    bench_over(&m, 2, 1, slow, 4);
    bench(&m, 1, steady, 4);
    struct readback_bench *mpi = bench_over(&m, 2, 2, slow, 4);
    const struct readback_bench *mpi_one =
        readback_get(&m, "magic_squares/bfs_array/uniform/size:4/n:50/seed:1/"
                         "threads:1/processes:2");
    EXPECT_WARNINGS(&m, mpi_one, 2,
                    "2 processes x 1 thread 2.53x slower than 1");
    EXPECT_WARNINGS(&m, mpi, 2, "2 processes x 2 threads 2.53x slower than 1");
    EXPECT_WARNINGS(&m, mpi, 1,
                    "2 processes x 2 threads 2.53x slower than 1; 2 threads "
                    "on 1 core");
    memcpy(mpi->per_instance, fine, sizeof(fine));
    EXPECT_WARNINGS(&m, mpi, 2, ""); /* 1.9x slower: allowed */
    readback_free(&m);

    /* repetitions that spread: CV above 10 % */
    static const double spread[] = {1.0e-3, 1.3e-3, 0.8e-3, 1.1e-3};
    memcpy(one->per_instance, spread, sizeof(spread));
    one->cpu_per_wall = NAN;
    CHECK(fabs(pb_noise_cv(one) - 0.2) < 0.01, "CV %g", pb_noise_cv(one));
    EXPECT_WARNINGS(&t, one, 2, "CV 20 % (above 10 %)");
    one->n = 1; /* one repetition has no spread: NaN, no warning */
    CHECK(isnan(pb_noise_cv(one)), "CV of one sample %g", pb_noise_cv(one));
    EXPECT_WARNINGS(&t, one, 2, "");
    one->n = 4;
    CHECK(pb_cv(spread, 4) == pb_noise_cv(one) && isnan(pb_cv(spread, 1)) &&
              isnan(pb_cv(NULL, 0)),
          "pb_cv");
    /* every rule at once, in order, and the cap */
    one->load_before = 5;
    one->cpu_per_wall = 0.5;
    EXPECT_WARNINGS(&t, one, 2,
                    "CV 20 % (above 10 %); load 5.0 > 2 cores; CPU 0.50 of "
                    "wall");
    char w[2][PB_NOISE_TEXT];
    CHECK(pb_noise_bench(&t, one, 2, 0, w, 2) == 2, "capped at 2");

    /* the rules the report had alone: a timed sample (50 instances)
     * under 1 ms, a first repetition above 1.5x the others' median */
    static const double tiny[] = {19e-6, 19.5e-6, 19e-6, 20e-6};
    static const double cold[] = {1.6e-3, 1.0e-3, 1.0e-3, 1.0e-3};
    static const double warm[] = {1.5e-3, 1.0e-3, 1.0e-3, 1.0e-3};
    one->load_before = one->load_after = one->cpu_per_wall = NAN;
    memcpy(one->per_instance, tiny, sizeof(tiny));
    EXPECT_WARNINGS(&t, one, 2, "a timed sample under 1 ms");
    one->per_instance[0] = 20.5e-6; /* 50 x 19.75 us: 0.99 ms */
    EXPECT_WARNINGS(&t, one, 2, "a timed sample under 1 ms");
    for (size_t i = 0; i < 4; i++)
        one->per_instance[i] = 20.5e-6; /* 1.025 ms */
    EXPECT_WARNINGS(&t, one, 2, "");
    memcpy(one->per_instance, cold, sizeof(cold));
    EXPECT_WARNINGS(&t, one, 2,
                    "CV 26 % (above 10 %); first repetition 1.60x the others");
    memcpy(one->per_instance, warm, sizeof(warm));
    EXPECT_WARNINGS(&t, one, 2, "CV 22 % (above 10 %)"); /* 1.5x: allowed */
    readback_free(&t);
}

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    CHECK(f != NULL, "%s: %s", path, strerror(errno));
    if (f) {
        fputs(text, f);
        fclose(f);
    }
}

/* A fake sysfs cpu folder under dir: cpu0..cpuN-1 with governors[i]
 * (NULL: no cpufreq), and the turbo files when not NULL. */
static void fake_sys(const char *dir, const char *const *governors, int n,
                     const char *no_turbo, const char *boost)
{
    char path[512];
    char cmd[600];
    snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
    CHECK(system(cmd) == 0, "%s", cmd);
    mkdir(dir, 0755);
    for (int i = 0; i < n; i++) {
        snprintf(path, sizeof(path), "%s/cpu%d", dir, i);
        mkdir(path, 0755);
        if (!governors[i])
            continue;
        snprintf(path, sizeof(path), "%s/cpu%d/cpufreq", dir, i);
        mkdir(path, 0755);
        snprintf(path, sizeof(path), "%s/cpu%d/cpufreq/scaling_governor", dir,
                 i);
        write_file(path, governors[i]);
    }
    snprintf(path, sizeof(path), "%s/cpuidle", dir); /* not a cpuN */
    mkdir(path, 0755);
    snprintf(path, sizeof(path), "%s/cpufreq", dir);
    mkdir(path, 0755);
    if (boost) {
        snprintf(path, sizeof(path), "%s/cpufreq/boost", dir);
        write_file(path, boost);
    }
    if (no_turbo) {
        snprintf(path, sizeof(path), "%s/intel_pstate", dir);
        mkdir(path, 0755);
        snprintf(path, sizeof(path), "%s/intel_pstate/no_turbo", dir);
        write_file(path, no_turbo);
    }
}

static void test_machine(const char *dir)
{
    struct pb_noise_machine m, end;
    static const char *const same[] = {"performance\n", "performance\n"};
    fake_sys(dir, same, 2, "1\n", NULL);
    pb_noise_machine_read(dir, &m);
    CHECK(!strcmp(m.governor, "performance") && !strcmp(m.turbo, "off"),
          "governor '%s', turbo '%s'", m.governor, m.turbo);
    CHECK(m.cores >= 1 && isnan(m.load_end), "cores %d", m.cores);
    char w[PB_NOISE_MACHINE][PB_NOISE_TEXT];
    m.load_start = 0.5;
    end = m;
    end.load_start = 0.7;
    pb_noise_machine_end(&m, &end); /* the same state at the end */
    CHECK(!strcmp(m.governor, "performance") && !strcmp(m.turbo, "off") &&
              m.load_end == 0.7,
          "unchanged: '%s', '%s'", m.governor, m.turbo);
    CHECK(pb_noise_machine_warnings(&m, w, PB_NOISE_MACHINE) == 0,
          "a known, unchanged state warns: %s", w[0]);

    /* the end of the run: another governor, turbo on */
    static const char *const mixed[] = {"powersave\n", NULL, "performance\n",
                                        "perf<or>mance\n"};
    fake_sys(dir, mixed, 4, NULL, "1\n");
    pb_noise_machine_read(dir, &end);
    CHECK(!strcmp(end.governor, "performance,powersave") &&
              !strcmp(end.turbo, "on"),
          "mixed governors '%s' (junk bytes dropped), boost '%s'", end.governor,
          end.turbo);
    end.load_start = 3.5;
    pb_noise_machine_end(&m, &end);
    CHECK(
        !strcmp(m.governor, "changed: performance -> performance,powersave") &&
            !strcmp(m.turbo, "changed: off -> on") && m.load_end == 3.5,
        "changed: '%s', '%s', end load %g", m.governor, m.turbo, m.load_end);
    m.cores = 2;
    size_t n = pb_noise_machine_warnings(&m, w, PB_NOISE_MACHINE);
    CHECK(n == 3 &&
              !strcmp(w[0], "CPU governor changed: performance -> "
                            "performance,powersave") &&
              !strcmp(w[1], "turbo changed: off -> on") &&
              !strcmp(w[2], "load 3.5 > 2 cores at the end"),
          "%zu warnings: %s | %s | %s", n, w[0], n > 1 ? w[1] : "",
          n > 2 ? w[2] : "");
    /* a state that changed keeps its first value */
    pb_noise_machine_end(&m, &end);
    CHECK(!strcmp(m.turbo, "changed: off -> on"), "'%s'", m.turbo);

    /* nothing readable (these virtual machines) */
    fake_sys(dir, mixed, 0, NULL, "maybe\n");
    pb_noise_machine_read(dir, &m);
    CHECK(!strcmp(m.governor, "unknown") && !strcmp(m.turbo, "unknown"),
          "'%s', '%s'", m.governor, m.turbo);
    m.load_start = NAN;
    n = pb_noise_machine_warnings(&m, w, PB_NOISE_MACHINE);
    CHECK(n == 2 && !strcmp(w[0], "CPU governor unknown") &&
              !strcmp(w[1], "turbo unknown"),
          "%zu: %s", n, w[0]);
    pb_noise_machine_read("/nonexistent/sys", &m);
    CHECK(!strcmp(m.governor, "unknown"), "no folder: '%s'", m.governor);
    char cmd[600];
    snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
    CHECK(system(cmd) == 0, "%s", cmd);
}

/* Writes text to ROOT/rel, making its folders. */
static void put(const char *root, const char *rel, const char *text)
{
    char path[1024];
    snprintf(path, sizeof(path), "%s/%s", root, rel);
    for (char *slash = strchr(path + strlen(root) + 1, '/'); slash;
         slash = strchr(slash + 1, '/')) {
        *slash = '\0';
        mkdir(path, 0755);
        *slash = '/';
    }
    write_file(path, text);
}

/* The CPUs granted (cpus.h): cgroup quotas from fake trees (v2 with a
 * parent's quota tighter than the child's, v1 mounted as a container
 * sees it, a mount point with an escaped blank, none at all), the
 * context record, the thread lists of the warnings, the thread stacks
 * of the memory estimate and the start check. */
static void test_cpus(const char *root)
{
    struct pb_cpus c;
    mkdir(root, 0755);
    /* cgroup v2: the job's parent allows 1.5 CPUs, the job none */
    put(root, "proc/self/cgroup", "0::/user.slice/job\n");
    put(root, "proc/self/mountinfo",
        "20 1 0:18 / /proc rw - proc proc rw\n"
        "30 20 0:26 / /sys/fs/cgroup rw,nosuid - cgroup2 cgroup2 rw\n");
    put(root, "sys/fs/cgroup/cpu.max", "max 100000\n");
    put(root, "sys/fs/cgroup/user.slice/cpu.max", "150000 100000\n");
    put(root, "sys/fs/cgroup/user.slice/job/cpu.max", "max 100000\n");
    pb_cpus_read(root, &c);
    CHECK(c.quota == 1.5 && c.granted >= 1 && c.granted <= 2 &&
              c.granted <= c.online,
          "v2: quota %g, granted %d of %d", c.quota, c.granted, c.online);
    /* the job's own, tighter: half a CPU still grants one */
    put(root, "sys/fs/cgroup/user.slice/job/cpu.max", "50000 100000\n");
    pb_cpus_read(root, &c);
    CHECK(c.quota == 0.5 && c.granted == 1, "v2 half: quota %g, granted %d",
          c.quota, c.granted);
    CHECK(c.online == 1 || strstr(c.by, "cgroup CPU quota: 0.5 CPUs"),
          "by '%s'", c.by);
    /* cgroup v1 in a container: /proc/self/cgroup names the host's path,
     * the mount shows that folder as its root */
    put(root, "proc/self/cgroup",
        "5:memory:/docker/abc\n4:cpu,cpuacct:/docker/abc\n1:name=systemd:/\n");
    put(root, "proc/self/mountinfo",
        "40 30 0:30 /docker/abc /sys/fs/cgroup/cpu\\040acct rw - cgroup "
        "cgroup rw,cpu,cpuacct\n");
    put(root, "sys/fs/cgroup/cpu acct/cpu.cfs_quota_us", "100000\n");
    put(root, "sys/fs/cgroup/cpu acct/cpu.cfs_period_us", "100000\n");
    pb_cpus_read(root, &c);
    CHECK(c.quota == 1 && c.granted == 1, "v1: quota %g, granted %d", c.quota,
          c.granted);
    put(root, "sys/fs/cgroup/cpu acct/cpu.cfs_quota_us", "-1\n");
    pb_cpus_read(root, &c);
    CHECK(c.quota == 0, "v1 without a quota: %g", c.quota);
    /* nothing readable: the affinity mask and the online CPUs alone */
    pb_cpus_read("/nonexistent/root", &c);
    CHECK(c.quota == 0 && c.granted >= 1 && c.granted <= c.online &&
              (c.affinity == 0 || c.granted <= c.affinity) && c.by[0],
          "no cgroup: granted %d (affinity %d, online %d), '%s'", c.granted,
          c.affinity, c.online, c.by);
    CHECK(pb_cpus_granted() >= 1 && pb_cpus_granted() == pb_cpus()->granted,
          "this process: %d", pb_cpus_granted());

    CHECK(pb_threads_oversubscribed(2, 1) && !pb_threads_oversubscribed(2, 2) &&
              !pb_threads_oversubscribed(64, 0),
          "oversubscribed: more threads than granted, never when unknown");
    json_t *ctx = json_pack("{s:s}", "cpus_granted", "3");
    CHECK(pb_cpus_from_context(ctx) == 3, "cpus_granted \"3\"");
    json_object_set_new(ctx, "cpus_granted", json_string("3x"));
    CHECK(pb_cpus_from_context(ctx) == 0, "cpus_granted \"3x\"");
    json_object_set_new(ctx, "cpus_granted", json_integer(2));
    CHECK(pb_cpus_from_context(ctx) == 2, "cpus_granted 2");
    json_decref(ctx);
    CHECK(pb_cpus_from_context(NULL) == 0, "no context");

    long list[3];
    size_t n = 0;
    char text[128];
    static const long offered[] = {8, 2, 8, 4, 16, 1};
    for (size_t i = 0; i < 6; i++)
        pb_threads_list_add(list, &n, 3, offered[i]);
    CHECK(n == 3 && list[0] == 1 && list[1] == 2 && list[2] == 4,
          "the 3 smallest, distinct: %zu", n);
    pb_threads_list_text(list, n, 8, text, sizeof(text));
    CHECK(!strcmp(text, "1, 2 and 4"), "'%s'", text);
    pb_threads_list_text(list, n, 2, text, sizeof(text));
    CHECK(!strcmp(text, "1, 2 and 1 more"), "'%s'", text);
    pb_threads_list_text(list, 1, 8, text, sizeof(text));
    CHECK(!strcmp(text, "1"), "'%s'", text);

    long page = sysconf(_SC_PAGESIZE);
    uint64_t stack = pb_thread_stack_bytes();
    CHECK(stack >= 16384 && stack % (uint64_t)page == 0, "stack %llu",
          (unsigned long long)stack);
    CHECK(pb_thread_stacks(1) == 0 &&
              pb_thread_stacks(3) == 2 * (stack + (uint64_t)page),
          "stacks of 3 threads: %llu", (unsigned long long)pb_thread_stacks(3));
    struct pb_error e;
    CHECK(pb_threads_start_check(4, &e) == 0, "4 threads start: %s", e.msg);
    char cmd[600];
    snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
    CHECK(system(cmd) == 0, "%s", cmd);
}

static void test_context(void)
{
    struct pb_noise_machine m;
    json_t *c = json_pack("{s:s, s:s, s:s, s:s, s:s}", "cpu_governor",
                          "unknown", "cpu_turbo", "on", "load_average_start",
                          "0.50", "load_average_end", "4.25", "cores", "4");
    CHECK(pb_noise_machine_from_context(c, &m) &&
              !strcmp(m.governor, "unknown") && !strcmp(m.turbo, "on") &&
              m.load_start == 0.5 && m.load_end == 4.25 && m.cores == 4,
          "context: '%s' '%s' %g %g %d", m.governor, m.turbo, m.load_start,
          m.load_end, m.cores);
    char w[PB_NOISE_MACHINE][PB_NOISE_TEXT];
    size_t n = pb_noise_machine_warnings(&m, w, PB_NOISE_MACHINE);
    CHECK(n == 2 && !strcmp(w[0], "CPU governor unknown") &&
              !strcmp(w[1], "load 4.2 > 4 cores at the end"),
          "%zu: %s", n, n > 1 ? w[1] : w[0]);
    json_decref(c);
    /* an older run: no keys of ours, Google Benchmark's load_avg */
    c = json_pack("{s:[f,f,f], s:i}", "load_avg", 2.5, 1.0, 1.0, "num_cpus", 2);
    CHECK(pb_noise_machine_from_context(c, &m) && !m.governor[0] &&
              !m.turbo[0] && m.load_start == 2.5 && isnan(m.load_end) &&
              m.cores == 0,
          "older context");
    CHECK(pb_noise_machine_warnings(&m, w, PB_NOISE_MACHINE) == 0,
          "an older run without our keys warns: %s", w[0]);
    json_decref(c);
    CHECK(!pb_noise_machine_from_context(NULL, &m) && isnan(m.load_start),
          "no context");
}

static void test_readings(void)
{
    double load = pb_noise_load();
    CHECK(isnan(load) || load >= 0, "load %g", load);
    double c0 = pb_noise_cpu_seconds(1), p0 = pb_noise_cpu_seconds(2);
    volatile double x = 0;
    for (long i = 0; i < 20000000; i++)
        x += (double)i * 1e-9;
    double c1 = pb_noise_cpu_seconds(1), p1 = pb_noise_cpu_seconds(2);
    CHECK(c1 > c0 && p1 > p0 && x > 0, "CPU clocks advance: %g %g", c1 - c0,
          p1 - p0);
    CHECK(pb_noise_cpu_per_wall(1.0, 2.0, 1) == 0.5 &&
              pb_noise_cpu_per_wall(3.0, 2.0, 2) == 0.75 &&
              isnan(pb_noise_cpu_per_wall(1.0, 0, 1)) &&
              isnan(pb_noise_cpu_per_wall(NAN, 1.0, 1)) &&
              isnan(pb_noise_cpu_per_wall(1.0, 1.0, 0)),
          "cpu_per_wall");
}

/* The console block's lines from a results.csv with the new columns. */
static void test_print(const char *dir)
{
    mkdir(dir, 0755);
    char path[512];
    snprintf(path, sizeof(path), "%s/results.csv", dir);
    write_file(path,
               "kernel,variant,family,size,count,seed,threads,seconds,"
               "build_seconds,expanded_per_instance,peak_heap_bytes,"
               "load_before,load_after,cpu_per_wall,verified\n"
               "magic_squares,table,uniform,4,50,1,1,0.5,0,1,NA,0.2,0.3,"
               "0.99,1\n"
               "magic_squares,table,uniform,4,50,1,1,0.5,0,1,NA,2.7,0.3,"
               "0.41,1\n"
               "magic_squares,bfs_array,uniform,4,50,1,1,0.5,0,1,NA,0.2,0.3,"
               "0.99,1\n");
    struct readback t;
    struct pb_error e;
    CHECK(readback_load(dir, &t, 0, &e) == 0, "%s", e.msg);
    struct pb_noise_machine m = {"unknown", "off", NAN, NAN, 2, 0};
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    size_t lines = pb_noise_print(f, "  ", &t, &m, 2);
    fclose(f);
    CHECK(lines == 2 &&
              !strcmp(text, "  magic_squares/table/uniform/size:4/n:50/"
                            "seed:1/threads:1: load 2.7 > 2 cores; CPU "
                            "0.41 of wall\n"
                            "  CPU governor unknown\n"),
          "%zu lines:\n%s", lines, text);
    free(text);
    readback_free(&t);

    /* a busy machine: more than PB_NOISE_FOLD benchmarks loaded make one
     * load line, the other rules stay per benchmark */
    char csv[2048] = "kernel,variant,family,size,count,seed,threads,seconds,"
                     "build_seconds,expanded_per_instance,peak_heap_bytes,"
                     "load_before,load_after,cpu_per_wall,verified\n";
    for (int seed = 1; seed <= 5; seed++) {
        size_t at = strlen(csv);
        snprintf(csv + at, sizeof(csv) - at,
                 "magic_squares,table,uniform,4,50,%d,1,0.5,0,1,NA,%s,0.3,"
                 "%s,1\n",
                 seed, seed == 5 ? "0.2" : "2.7", seed == 2 ? "0.41" : "0.99");
    }
    write_file(path, csv);
    CHECK(readback_load(dir, &t, 0, &e) == 0, "%s", e.msg);
    f = open_memstream(&text, &len);
    lines = pb_noise_print(f, "  ", &t, NULL, 2);
    fclose(f);
    CHECK(lines == 2 &&
              !strcmp(text, "  load above 2 cores during 4 of 5 benchmarks "
                            "(the 1-minute load average)\n"
                            "  magic_squares/table/uniform/size:4/n:50/"
                            "seed:2/threads:1: CPU 0.41 of wall\n"),
          "%zu lines, folded:\n%s", lines, text);
    free(text);
    readback_free(&t);

    /* a suite of tiny corpora: the short samples make one line too */
    csv[strcspn(csv, "\n") + 1] = '\0';
    for (int seed = 1; seed <= 5; seed++) {
        size_t at = strlen(csv);
        snprintf(csv + at, sizeof(csv) - at,
                 "magic_squares,table,uniform,4,50,%d,1,%s,0,1,NA,0.1,0.1,"
                 "0.99,1\n",
                 seed, seed == 5 ? "0.5" : "0.0005");
    }
    write_file(path, csv);
    CHECK(readback_load(dir, &t, 0, &e) == 0, "%s", e.msg);
    f = open_memstream(&text, &len);
    lines = pb_noise_print(f, "  ", &t, NULL, 2);
    fclose(f);
    CHECK(lines == 1 && !strcmp(text, "  a timed sample (one solve of the "
                                      "corpus) under 1 ms in 4 of 5 "
                                      "benchmarks: larger corpora time more "
                                      "steadily\n"),
          "%zu lines, short folded:\n%s", lines, text);
    free(text);
    readback_free(&t);
    unlink(path);
    rmdir(dir);
}

/* The report's stability warnings (report.c warn_about) carry the noise
 * rules: the committed fixture "noisy" (load 3.1 on 2 cores, CPU 0.62 of
 * wall, governor unknown) copied to dir and reported (Markdown escapes
 * '>' as "\\>"): beside the rows, and the machine's in its table. */
static void test_report(const char *dir)
{
    char cmd[600];
    snprintf(cmd, sizeof(cmd),
             "mkdir -p '%s' && cp tests/fixtures/compare/noisy/results.csv "
             "tests/fixtures/compare/noisy/results.json '%s'/",
             dir, dir);
    CHECK(system(cmd) == 0, "%s (run from the source tree)", cmd);
    struct pb_error e;
    int rc = pb_report_write(dir, NULL, &e);
    CHECK(rc == 0, "report: %s", rc ? e.msg : "");
    char path[512];
    snprintf(path, sizeof(path), "%s/report.md", dir);
    const char *md = check_slurp(path);
    CHECK(md && strstr(md, "magic_squares/bfs_array/uniform/size:4/n:100/"
                           "seed:1/threads:1: load 3.1 \\> 2 cores; CPU "
                           "0.62 of wall\n"),
          "report.md without the noise warnings of bfs_array");
    CHECK(md && !strstr(md, "magic_squares/table/uniform/size:4/n:100/"
                            "seed:1/threads:1: load"),
          "report.md warns about the quiet table");
    CHECK(md && strstr(md, "| warnings | CPU governor unknown;"),
          "report.md's machine table without the run's warnings");
    /* one repetition each: no range and no CV ("-"), not "0.0 %", so
     * neither column, and the note under the table says so */
    snprintf(cmd, sizeof(cmd),
             "awk -F, 'NR == 1 || $9 == 0' "
             "tests/fixtures/compare/noisy/results.csv >'%s'/results.csv",
             dir);
    CHECK(system(cmd) == 0, "%s", cmd);
    rc = pb_report_write(dir, NULL, &e);
    CHECK(rc == 0, "report of one repetition: %s", rc ? e.msg : "");
    md = check_slurp(path);
    CHECK(md &&
              strstr(md, "| bfs_array | uniform | 4 | 100 | 1 | wall | 10.0 | "
                         "1.00 |") &&
              strstr(md, "Left out, as empty or zero in every row: IQR, CV") &&
              !strstr(md, "| IQR") && !strstr(md, "0.0 %"),
          "report.md of one repetition: a spread, or no row: %s",
          md ? md : "(none)");
    snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
    CHECK(system(cmd) == 0, "%s", cmd);
}

int main(void)
{
    char dir[] = "/tmp/test_noise.XXXXXX";
    CHECK(mkdtemp(dir) != NULL, "mkdtemp");
    char sys[sizeof(dir) + 8], results[sizeof(dir) + 8];
    char report[sizeof(dir) + 8], cgroups[sizeof(dir) + 8];
    snprintf(sys, sizeof(sys), "%s/sys", dir);
    snprintf(cgroups, sizeof(cgroups), "%s/cg", dir);
    snprintf(results, sizeof(results), "%s/res", dir);
    snprintf(report, sizeof(report), "%s/rep", dir);
    test_bench_rules();
    test_machine(sys);
    test_cpus(cgroups);
    test_context();
    test_readings();
    test_print(results);
    test_report(report);
    rmdir(dir);
    return check_summary();
}
