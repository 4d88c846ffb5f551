/*
 * memprobe.c - jemalloc mallctl and /proc/self probes (see memprobe.h for
 * the method and the meaning of each figure). A bracket costs two epoch
 * refreshes (O(arenas)) and two parallel regions of a few mallctl calls
 * per thread, all outside the timed window.
 */
#include "run/memprobe.h"

#include <omp.h>
#include <stdio.h>
#include <string.h>

#ifdef PB_HAVE_JEMALLOC
#include <jemalloc/jemalloc.h>
#endif

bool pb_heap_available(void)
{
#ifdef PB_HAVE_JEMALLOC
    uint64_t v;
    size_t len = sizeof(v);
    return mallctl("thread.allocated", &v, &len, NULL, 0) == 0;
#else
    return false;
#endif
}

const char *pb_heap_version(void)
{
#ifdef PB_HAVE_JEMALLOC
    const char *v = NULL;
    size_t len = sizeof(v);
    if (mallctl("version", (void *)&v, &len, NULL, 0) == 0 && v)
        return v;
#endif
    return "none";
}

#ifdef PB_HAVE_JEMALLOC
/* What a thread marked at a bracket's begin: a thread whose generation
 * differs was born after it (or missed it) and counts with its whole
 * life, its counters starting at 0. */
static _Thread_local struct {
    uint64_t generation;
    uint64_t allocated;
} mark;

static uint64_t generations; /* brackets opened; atomic increments */

static uint64_t read_u64(const char *name)
{
    uint64_t v = 0;
    size_t len = sizeof(v);
    mallctl(name, &v, &len, NULL, 0);
    return v;
}

/* Live bytes of the whole process: stats.* are snapshots that only an
 * epoch write refreshes, and stats.allocated counts what sits in the
 * threads' caches (tcache) as allocated, so that is taken off: the rest
 * is what the program holds, to the size class. */
static uint64_t process_live(void)
{
    uint64_t epoch = 1;
    size_t len = sizeof(epoch);
    mallctl("epoch", &epoch, &len, &epoch, len);
    size_t allocated = 0, cached = 0;
    len = sizeof(allocated);
    mallctl("stats.allocated", &allocated, &len, NULL, 0);
    char name[64];
    snprintf(name, sizeof(name), "stats.arenas.%u.tcache_bytes",
             (unsigned)MALLCTL_ARENAS_ALL);
    len = sizeof(cached);
    mallctl(name, &cached, &len, NULL, 0);
    return cached < allocated ? allocated - cached : 0;
}

static void thread_mark(uint64_t generation)
{
    mallctl("thread.peak.reset", NULL, NULL, NULL, 0);
    mark.allocated = read_u64("thread.allocated");
    mark.generation = generation;
}

static void thread_read(uint64_t generation, uint64_t *peak,
                        uint64_t *allocated)
{
    uint64_t now = read_u64("thread.allocated");
    *allocated = mark.generation == generation ? now - mark.allocated : now;
    *peak = read_u64("thread.peak.read");
}
#endif

void pb_heap_begin(struct pb_heap_probe *p, int threads)
{
    memset(p, 0, sizeof(*p));
    p->threads = threads > 1 ? threads : 1;
#ifdef PB_HAVE_JEMALLOC
    uint64_t generation = __atomic_add_fetch(&generations, 1, __ATOMIC_RELAXED);
    p->generation = generation;
    p->live = process_live();
    /* One thread: no region, whose team bookkeeping would count. */
    if (p->threads == 1)
        thread_mark(generation);
    else
#pragma omp parallel num_threads(p->threads) default(none)                     \
    firstprivate(generation)
        thread_mark(generation);
#endif
}

void pb_heap_end(struct pb_heap_probe *p)
{
#ifdef PB_HAVE_JEMALLOC
    uint64_t generation = p->generation, peak = 0, allocated = 0;
    if (p->threads == 1)
        thread_read(generation, &peak, &allocated);
    else
#pragma omp parallel num_threads(p->threads) default(none)                \
    firstprivate(generation) reduction(+ : peak, allocated)
    {
        uint64_t thread_peak, thread_allocated;
        thread_read(generation, &thread_peak, &thread_allocated);
        peak += thread_peak;
        allocated += thread_allocated;
    }
    p->peak = peak;
    p->allocated = allocated;
    p->net = (int64_t)(process_live() - p->live);
#else
    (void)p;
#endif
}

uint64_t pb_heap_rise(const struct pb_heap_probe *p, int64_t held)
{
    uint64_t base = held > 0 ? (uint64_t)held : 0;
    uint64_t net = p->net > 0 ? (uint64_t)p->net : 0;
    return base + (net > p->peak ? net : p->peak);
}

bool pb_rss_reset(void)
{
    FILE *f = fopen("/proc/self/clear_refs", "w");
    if (!f)
        return false;
    bool ok = fputs("5", f) >= 0;
    return fclose(f) == 0 && ok;
}

uint64_t pb_rss_peak(void)
{
    FILE *f = fopen("/proc/self/status", "r");
    if (!f)
        return 0;
    char line[256];
    unsigned long long kb = 0;
    while (fgets(line, sizeof(line), f))
        /* /proc/self/status, written by the kernel in this exact form */
        /* NOLINTNEXTLINE(cert-err34-c) */
        if (sscanf(line, "VmHWM: %llu kB", &kb) == 1)
            break;
    fclose(f);
    return (uint64_t)kb * 1024;
}
