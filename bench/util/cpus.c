/*
 * cpus.c - the CPUs this process may use and the threads it can start
 * (cpus.h).
 *
 * The cgroup quota: /proc/self/cgroup names the process's cgroup (v2:
 * the "0::PATH" line; v1: the line whose controllers include cpu),
 * /proc/self/mountinfo where that hierarchy is mounted and which of its
 * folders the mount shows (a container sees its own cgroup as the
 * mount's root); the quota is read in the process's folder and in each
 * folder above it up to the mount, the tightest kept, since a parent's
 * quota bounds its children. Without mountinfo the usual places
 * (/sys/fs/cgroup, /sys/fs/cgroup/cpu) are tried.
 *
 * The start check: libgomp ends the process ("libgomp: Thread creation
 * failed") when it cannot start a team's thread, so the threads are
 * tried first with plain pthread_create, at libgomp's stack size, all
 * alive at once as a team's would be, after libgomp's idle workers
 * (whose stacks would otherwise count twice) are let go. Each trial
 * thread also allocates a little, as a worker does at once: the
 * allocator's per-thread state and arenas take address space too
 * (jemalloc, under a tight `ulimit -v`, crashed inside a worker that
 * had started; glibc's malloc reserves 64 MiB per thread arena).
 * O(threads) per check; every check after the largest proven team is
 * free.
 */
#define _GNU_SOURCE /* sched_getaffinity, CPU_COUNT_S */
#include "util/cpus.h"

#include <errno.h>
#include <jansson.h>
#include <limits.h>
#include <math.h>
#include <omp.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "pb_limits.h"
#include "pb_units.h"
#include "util/context_keys.h"

#define PATH_TEXT 4096
#define LINE_TEXT 4096
#define MAX_CPU_SET (1 << 20) /* CPUs an affinity mask is read for, at most */

/* The first line of ROOT/DIR/NAME (no newline) into out; false when
 * none, or when the path is too long to name. */
static bool first_line(const char *root, const char *dir, const char *name,
                       char *out, size_t len)
{
    char full[3 * PATH_TEXT];
    int n = snprintf(full, sizeof(full), "%s%s/%s", root, dir, name);
    if (n < 0 || (size_t)n >= sizeof(full))
        return false;
    FILE *f = fopen(full, "r");
    if (!f)
        return false;
    bool ok = fgets(out, (int)len, f) != NULL;
    fclose(f);
    if (ok)
        out[strcspn(out, "\n")] = '\0';
    return ok;
}

/* ROOT/path opened for reading; NULL when it cannot be. */
static FILE *open_in(const char *root, const char *path)
{
    char full[PATH_TEXT];
    int n = snprintf(full, sizeof(full), "%s%s", root, path);
    return n < 0 || (size_t)n >= sizeof(full) ? NULL : fopen(full, "r");
}

/* word is one of the comma-separated words of list. */
static bool has_word(const char *list, const char *word)
{
    size_t n = strlen(word);
    for (const char *w = list; *w;) {
        size_t len = strcspn(w, ",");
        if (len == n && !strncmp(w, word, n))
            return true;
        w += len + (w[len] == ',');
    }
    return false;
}

/* Undoes mountinfo's octal escapes (\040 for a blank) in place. */
static void unescape(char *s)
{
    char *out = s;
    for (const char *p = s; *p; p++) {
        if (p[0] == '\\' && p[1] >= '0' && p[1] <= '3' && p[2] >= '0' &&
            p[2] <= '7' && p[3] >= '0' && p[3] <= '7') {
            *out++ =
                (char)((p[1] - '0') * 64 + (p[2] - '0') * 8 + (p[3] - '0'));
            p += 3;
        } else {
            *out++ = *p;
        }
    }
    *out = '\0';
}

/* One cgroup hierarchy: the process's path in it, and where (mount)
 * which of its folders (mount_root) is mounted. */
struct hierarchy {
    bool found;
    char path[PATH_TEXT], mount[PATH_TEXT], mount_root[PATH_TEXT];
};

/* The v2 hierarchy and v1's cpu one from ROOT/proc/self/cgroup. */
static void cgroup_paths(const char *root, struct hierarchy *v2,
                         struct hierarchy *v1)
{
    char line[LINE_TEXT];
    FILE *f = open_in(root, "/proc/self/cgroup");
    while (f && fgets(line, sizeof(line), f)) {
        line[strcspn(line, "\n")] = '\0';
        char *controllers = strchr(line, ':');
        char *path = controllers ? strchr(controllers + 1, ':') : NULL;
        if (!path)
            continue;
        *path++ = '\0';
        *controllers++ = '\0';
        struct hierarchy *h = !strcmp(line, "0") && !controllers[0] ? v2
                              : has_word(controllers, "cpu")        ? v1
                                                                    : NULL;
        if (h && !h->found) {
            h->found = true;
            snprintf(h->path, sizeof(h->path), "%s", path);
        }
    }
    if (f)
        fclose(f);
}

/* Where each hierarchy is mounted, from ROOT/proc/self/mountinfo ("ID
 * PARENT MAJ:MIN ROOT MOUNTPOINT OPTIONS [OPTIONAL...] - TYPE SOURCE
 * SUPER_OPTIONS"); the usual places when it cannot be read. */
static void cgroup_mounts(const char *root, struct hierarchy *v2,
                          struct hierarchy *v1)
{
    char line[LINE_TEXT];
    FILE *f = open_in(root, "/proc/self/mountinfo");
    while (f && fgets(line, sizeof(line), f)) {
        line[strcspn(line, "\n")] = '\0';
        char *dash = strstr(line, " - ");
        if (!dash)
            continue;
        *dash = '\0';
        char type[64], super[LINE_TEXT], mroot[PATH_TEXT], mount[PATH_TEXT];
        /* the kernel writes mountinfo in exactly this form */
        /* NOLINTNEXTLINE(cert-err34-c) */
        if (sscanf(dash + 3, "%63s %*s %4095s", type, super) != 2 ||
            sscanf(line, "%*s %*s %*s %4095s %4095s", mroot, mount) != 2)
            continue;
        struct hierarchy *h =
            !strcmp(type, "cgroup2")                            ? v2
            : !strcmp(type, "cgroup") && has_word(super, "cpu") ? v1
                                                                : NULL;
        if (!h || h->mount[0])
            continue;
        unescape(mroot);
        unescape(mount);
        snprintf(h->mount, sizeof(h->mount), "%s", mount);
        snprintf(h->mount_root, sizeof(h->mount_root), "%s", mroot);
    }
    if (f)
        fclose(f);
    if (!v2->mount[0])
        snprintf(v2->mount, sizeof(v2->mount), "/sys/fs/cgroup");
    if (!v1->mount[0])
        snprintf(v1->mount, sizeof(v1->mount), "/sys/fs/cgroup/cpu");
    if (!v2->mount_root[0])
        snprintf(v2->mount_root, sizeof(v2->mount_root), "/");
    if (!v1->mount_root[0])
        snprintf(v1->mount_root, sizeof(v1->mount_root), "/");
}

/* The numbers at the start of text ("150000 100000"), blank-separated,
 * into v[0..n); false when text holds fewer (cpu.max's "max" is none). */
static bool numbers(const char *text, double *v, int n)
{
    for (int i = 0; i < n; i++) {
        char *end;
        v[i] = strtod(text, &end);
        if (end == text)
            return false;
        text = end;
    }
    return true;
}

/* The quota in CPUs set in one cgroup folder (0: none): v2's cpu.max
 * "QUOTA PERIOD" ("max PERIOD": none), v1's cpu.cfs_quota_us (-1: none)
 * over cpu.cfs_period_us, in microseconds. */
static double folder_quota(const char *root, const char *dir, bool v2)
{
    char line[128], period_line[128];
    double v[2] = {0, 0};
    if (v2) {
        if (!first_line(root, dir, "cpu.max", line, sizeof(line)) ||
            !numbers(line, v, 2))
            return 0;
    } else if (!first_line(root, dir, "cpu.cfs_quota_us", line, sizeof(line)) ||
               !first_line(root, dir, "cpu.cfs_period_us", period_line,
                           sizeof(period_line)) ||
               !numbers(line, v, 1) || !numbers(period_line, v + 1, 1)) {
        return 0;
    }
    return v[0] > 0 && v[1] > 0 ? v[0] / v[1] : 0;
}

/* The tightest quota of h's folder and the folders above it, up to its
 * mount (0: none). */
static double hierarchy_quota(const char *root, const struct hierarchy *h,
                              bool v2)
{
    if (!h->found)
        return 0;
    /* the process's folder as the mount shows it: below the mount's
     * root; a mount of another part of the hierarchy shows only its
     * own folder */
    const char *rel = "";
    size_t n = strlen(h->mount_root);
    if (!strcmp(h->mount_root, "/"))
        rel = h->path;
    else if (!strncmp(h->path, h->mount_root, n) &&
             (h->path[n] == '/' || !h->path[n]))
        rel = h->path + n;
    char dir[2 * PATH_TEXT];
    int len = snprintf(dir, sizeof(dir), "%s%s", h->mount, rel);
    if (len < 0 || (size_t)len >= sizeof(dir))
        return 0;
    const size_t floor = strlen(h->mount);
    double tightest = 0;
    for (;;) {
        double q = folder_quota(root, dir, v2);
        if (q > 0 && (tightest == 0 || q < tightest))
            tightest = q;
        char *slash = strrchr(dir, '/');
        if (strlen(dir) <= floor || !slash)
            break;
        *slash = '\0';
    }
    return tightest;
}

/* The CPUs of set (size bytes, n CPUs) as a CPU list, "0-3,8,10-11",
 * into out; cut with "..." where it does not fit. O(n). */
static void cpu_list(const cpu_set_t *set, size_t size, size_t n, char *out,
                     size_t len)
{
    size_t at = 0;
    out[0] = '\0';
    for (size_t c = 0; c < n; c++) {
        if (!CPU_ISSET_S(c, size, set))
            continue;
        size_t last = c;
        while (last + 1 < n && CPU_ISSET_S(last + 1, size, set))
            last++;
        char run[48];
        if (last == c)
            snprintf(run, sizeof(run), "%s%zu", at ? "," : "", c);
        else
            snprintf(run, sizeof(run), "%s%zu-%zu", at ? "," : "", c, last);
        if (at + strlen(run) + 4 > len) { /* room for "..." */
            snprintf(out + at, len - at, "...");
            return;
        }
        snprintf(out + at, len - at, "%s", run);
        at += strlen(run);
        c = last;
    }
}

/* CPUs in this process's affinity mask (0 when unknown), and the mask
 * as a CPU list into list ("unknown" when it cannot be read). */
static int affinity_count(char *list, size_t len)
{
    snprintf(list, len, "unknown");
    for (size_t n = 1024; n <= MAX_CPU_SET; n *= 2) {
        cpu_set_t *set = CPU_ALLOC(n);
        if (!set)
            return 0;
        size_t size = CPU_ALLOC_SIZE(n);
        if (sched_getaffinity(0, size, set) == 0) {
            int count = CPU_COUNT_S(size, set);
            cpu_list(set, size, n, list, len);
            CPU_FREE(set);
            return count;
        }
        int err = errno;
        CPU_FREE(set);
        if (err != EINVAL) /* EINVAL: a mask larger than n CPUs */
            return 0;
    }
    return 0;
}

/* Appends "; TEXT" (or TEXT first) to c->by. */
static void bound_by(struct pb_cpus *c, const char *text)
{
    size_t at = strlen(c->by);
    snprintf(c->by + at, sizeof(c->by) - at, "%s%s", at ? "; " : "", text);
}

void pb_cpus_read(const char *root, struct pb_cpus *c)
{
    memset(c, 0, sizeof(*c));
    long online = sysconf(_SC_NPROCESSORS_ONLN);
    c->online = online > 0 && online < INT_MAX ? (int)online : 1;
    c->affinity = affinity_count(c->affinity_list, sizeof(c->affinity_list));
    struct hierarchy v2 = {0}, v1 = {0};
    cgroup_paths(root, &v2, &v1);
    cgroup_mounts(root, &v2, &v1);
    double q2 = hierarchy_quota(root, &v2, true);
    double q1 = hierarchy_quota(root, &v1, false);
    c->quota = q2 > 0 && (q1 == 0 || q2 < q1) ? q2 : q1;
    int limit = omp_get_thread_limit();
    c->thread_limit = limit > 0 && limit < INT_MAX ? limit : 0;
    c->granted = c->online;
    char text[128];
    if (c->affinity > 0 && c->affinity < c->online) {
        c->granted = c->affinity;
        snprintf(text, sizeof(text), "affinity mask: %d of %d online CPUs",
                 c->affinity, c->online);
        bound_by(c, text);
    }
    /* a quota of 1.5 CPUs lets 2 threads run, each part of the time */
    double quota_cpus = ceil(c->quota);
    if (c->quota > 0 && quota_cpus < c->online) {
        if (quota_cpus < c->granted)
            c->granted = quota_cpus < 1 ? 1 : (int)quota_cpus;
        snprintf(text, sizeof(text), "cgroup CPU quota: %.3g CPUs", c->quota);
        bound_by(c, text);
    }
    if (c->thread_limit > 0 && c->thread_limit < c->online) {
        if (c->thread_limit < c->granted)
            c->granted = c->thread_limit;
        snprintf(text, sizeof(text), "OMP_THREAD_LIMIT: %d", c->thread_limit);
        bound_by(c, text);
    }
    if (!c->by[0])
        snprintf(c->by, sizeof(c->by), "the %d online CPU%s", c->online,
                 c->online == 1 ? "" : "s");
}

const struct pb_cpus *pb_cpus(void)
{
    static struct pb_cpus cpus;
    if (!cpus.granted)
        pb_cpus_read("", &cpus);
    return &cpus;
}

int pb_cpus_granted(void)
{
    return pb_cpus()->granted;
}

bool pb_threads_oversubscribed(long threads, int granted)
{
    return granted > 0 && threads > granted;
}

void pb_threads_list_add(long *list, size_t *n, size_t max, long threads)
{
    size_t at = 0;
    while (at < *n && list[at] < threads)
        at++;
    if (at == max || (at < *n && list[at] == threads))
        return;      /* kept already, or larger than every value and no room */
    *n -= *n == max; /* the largest makes room */
    memmove(list + at + 1, list + at, (*n - at) * sizeof(*list));
    list[at] = threads;
    ++*n;
}

void pb_threads_list_text(const long *list, size_t n, size_t shown, char *out,
                          size_t len)
{
    size_t show = n < shown ? n : shown, at = 0;
    if (len)
        out[0] = '\0';
    for (size_t i = 0; i < show && at < len; i++, at = strlen(out))
        snprintf(out + at, len - at, "%s%ld",
                 i == 0                     ? ""
                 : i + 1 < show || n > show ? ", "
                                            : " and ",
                 list[i]);
    if (n > show && at < len)
        snprintf(out + at, len - at, " and %zu more", n - show);
}

int pb_cpus_from_context(const struct json_t *context)
{
    const json_t *v = json_object_get(context, PB_CTX_CPUS_GRANTED);
    const char *s = json_string_value(v);
    if (json_is_integer(v))
        return json_integer_value(v) > 0 && json_integer_value(v) < INT_MAX
                   ? (int)json_integer_value(v)
                   : 0;
    if (!s || strspn(s, "0123456789") != strlen(s) || !s[0] || strlen(s) > 9)
        return 0;
    return atoi(s); /* NOLINT(cert-err34-c): 1 to 9 digits, checked */
}

/* The trial threads wait here until every one was started (or one could
 * not be), so that their stacks are all mapped at once; failed: one
 * could not allocate. */
struct trial {
    pthread_mutex_t lock;
    pthread_cond_t go;
    bool released, failed;
};

static void *wait_for_release(void *arg)
{
    struct trial *t = arg;
    void *block = malloc(64);
    pthread_mutex_lock(&t->lock);
    if (!block)
        t->failed = true;
    while (!t->released)
        pthread_cond_wait(&t->go, &t->lock);
    pthread_mutex_unlock(&t->lock);
    free(block);
    return NULL;
}

/* Starts n threads of `stack` bytes of stack, all alive at once, each
 * holding a small allocation, then stops them; 0, the first
 * pthread_create error, or ENOMEM when a thread could not allocate. */
static int try_threads(int n, size_t stack)
{
    pthread_t *ids = calloc((size_t)n, sizeof(*ids));
    if (!ids)
        return ENOMEM;
    struct trial t = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER,
                      false, false};
    pthread_attr_t attr;
    int rc = pthread_attr_init(&attr);
    if (rc == 0 && pthread_attr_setstacksize(&attr, stack) != 0)
        rc = 0; /* a size it refuses: its default, as libgomp does */
    int made = 0;
    while (rc == 0 && made < n &&
           (rc = pthread_create(&ids[made], &attr, wait_for_release, &t)) == 0)
        made++;
    pthread_attr_destroy(&attr);
    pthread_mutex_lock(&t.lock);
    t.released = true;
    pthread_cond_broadcast(&t.go);
    pthread_mutex_unlock(&t.lock);
    for (int i = 0; i < made; i++)
        pthread_join(ids[i], NULL);
    free(ids);
    return rc ? rc : t.failed ? ENOMEM : 0;
}

int pb_threads_start_check(int threads, struct pb_error *e)
{
    static int proven = 1; /* the largest team started so far */
    if (threads <= proven)
        return 0;
    /* idle workers of an earlier team hold stacks a new team would
     * reuse: let them go, so the trial needs what the team needs */
    omp_pause_resource_all(omp_pause_soft);
    uint64_t stack = pb_thread_stack_bytes();
    int rc = try_threads(threads - 1, (size_t)stack);
    if (rc == 0) {
        proven = threads;
        return 0;
    }
    char limit[32], each[32];
    struct rlimit as;
    if (getrlimit(RLIMIT_AS, &as) == 0 && as.rlim_cur != RLIM_INFINITY)
        pb_units_bytes(limit, sizeof(limit), (double)as.rlim_cur);
    else
        snprintf(limit, sizeof(limit), "unlimited");
    pb_units_bytes(each, sizeof(each), (double)stack);
    return pb_fail(e, -ENOMEM,
                   "cannot start %d threads (RLIMIT_AS %s, %s of stack each): "
                   "%s; run fewer threads, or lower OMP_STACKSIZE or raise "
                   "ulimit -v",
                   threads, limit, each, strerror(rc));
}
