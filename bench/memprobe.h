/*
 * memprobe.h - memory measured per benchmark run: heap bytes through
 * jemalloc's mallctl (when puzzlebench links jemalloc) and the peak
 * resident set size through /proc.
 *
 * Heap: each thread resets its jemalloc high-water mark
 * ("thread.peak.reset") before its share of the work and reads it after
 * ("thread.peak.read"), together with its cumulative allocated bytes
 * ("thread.allocated"); the harness sums over the OpenMP threads. The sum
 * of per-thread peaks bounds the process peak from above and equals it at
 * one thread. RSS: writing 5 to /proc/self/clear_refs resets VmHWM.
 * Where jemalloc is absent (sanitizer builds) the heap counters are
 * unavailable and reported so, never as 0.
 */
#ifndef MEMPROBE_H
#define MEMPROBE_H

#include <stdbool.h>
#include <stdint.h>

struct pb_heap_sample {
    uint64_t peak;      /* high-water mark of live bytes since the reset */
    uint64_t allocated; /* bytes allocated by the thread since begin */
    int64_t net;        /* allocated minus freed by the thread since begin */
    uint64_t freed;     /* internal: cumulative freed bytes at begin */
};

/* true when heap counters are available (jemalloc linked and answering). */
bool pb_heap_available(void);
/* Version string of the linked jemalloc, or "none". */
const char *pb_heap_version(void);
/* For the calling thread: resets the peak and samples the counters. */
void pb_heap_thread_begin(struct pb_heap_sample *s);
/* For the calling thread: peak, allocated and net bytes since begin. */
void pb_heap_thread_end(struct pb_heap_sample *s);

/* Resets the process's peak RSS; false where /proc does not allow it. */
bool pb_rss_reset(void);
/* Peak RSS in bytes since the last reset (VmHWM), 0 if unknown. */
uint64_t pb_rss_peak(void);

#endif
