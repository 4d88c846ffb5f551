/*
 * memprobe.c - jemalloc mallctl and /proc/self probes (see memprobe.h).
 * Each call is a few hundred nanoseconds; they are made outside the timed
 * region or once per thread per solve.
 */
#include "memprobe.h"

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

void pb_heap_thread_begin(struct pb_heap_sample *s)
{
    memset(s, 0, sizeof(*s));
#ifdef PB_HAVE_JEMALLOC
    size_t len = sizeof(s->allocated);
    mallctl("thread.peak.reset", NULL, NULL, NULL, 0);
    mallctl("thread.allocated", &s->allocated, &len, NULL, 0);
    len = sizeof(s->freed);
    mallctl("thread.deallocated", &s->freed, &len, NULL, 0);
#endif
}

void pb_heap_thread_end(struct pb_heap_sample *s)
{
#ifdef PB_HAVE_JEMALLOC
    uint64_t allocated = 0, freed = 0, peak = 0;
    size_t len = sizeof(allocated);
    mallctl("thread.allocated", &allocated, &len, NULL, 0);
    len = sizeof(freed);
    mallctl("thread.deallocated", &freed, &len, NULL, 0);
    len = sizeof(peak);
    mallctl("thread.peak.read", &peak, &len, NULL, 0);
    s->allocated = allocated - s->allocated;
    s->net = (int64_t)s->allocated - (int64_t)(freed - s->freed);
    s->peak = peak;
#else
    (void)s;
#endif
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
        if (sscanf(line, "VmHWM: %llu kB", &kb) == 1)
            break;
    fclose(f);
    return (uint64_t)kb * 1024;
}
