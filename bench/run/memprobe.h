/*
 * memprobe.h - memory measured per benchmark run: heap bytes through
 * jemalloc's mallctl (when puzzlebench links jemalloc) and the peak
 * resident set size through /proc.
 *
 * Heap, and why so: jemalloc keeps a high-water mark per thread only
 * ("thread.peak"); its process-wide "stats.allocated" less
 * "stats.arenas.<all>.tcache_bytes" (the exact live bytes of every
 * thread, after an "epoch" write) has no high-water mark, and sampling it
 * during a solve, or hooking every allocation, would run inside the timed
 * window. So a probe brackets each build and each solve from outside the timed
 * window:
 *   - pb_heap_begin writes "epoch" and reads the live bytes, then runs
 *     an "omp parallel num_threads(T)" region in which every thread of
 *     libgomp's pool (the calling thread included) resets its peak and
 *     marks its allocated-bytes counter;
 *   - pb_heap_end runs the same region again: each thread reads its peak
 *     and the bytes it allocated since its mark, and the sums are taken;
 *     then the live bytes again.
 * libgomp serves consecutive top-level regions of T threads with the same
 * pool threads, so a variant's own "omp parallel" regions (T threads by
 * default) and a runner team of T are among the threads the probe reads.
 * Nested regions get fresh threads that exit at the region's end, so the
 * runner must not call a parallel variant inside a team of one.
 *
 * The figures, over the bracket:
 *   peak      sum over threads of each thread's high-water mark of its
 *             own allocated minus freed bytes: an upper bound on the
 *             process's rise in live heap, exact at one thread. A thread
 *             born inside the bracket (a larger team) counts with its
 *             whole life. A thread that exited inside it (a nested team,
 *             a pool shrunk by a smaller team) is lost from peak; what it
 *             left allocated still shows in net, and pb_heap_rise takes
 *             the larger of the two.
 *   allocated sum over the same threads of bytes allocated (cumulative,
 *             frees not subtracted); lost for a thread that exited.
 *   net       process live bytes at end minus at begin, every thread
 *             included (stats.allocated less the threads' caches).
 * At one thread the calling thread is marked and read directly (no region,
 * whose team bookkeeping would count). Cost of a bracket (begin + end),
 * measured on the shared 2-core box, jemalloc 5.3: ~15-20 us at one
 * thread (two epoch refreshes, ~7 us each with 9 arenas, ~15 us with 64),
 * ~50-300 us at 2-4 threads under load (waking the pool); one bracket per
 * build and per solve, none in the timed window. The smoke suite's wall
 * time and its heap figures at one thread were unchanged (within 2 KB).
 * RSS: writing 5 to /proc/self/clear_refs resets VmHWM. Where jemalloc is
 * absent (sanitizer builds) the heap counters are unavailable and
 * reported so, never as 0.
 */
#ifndef MEMPROBE_H
#define MEMPROBE_H

#include <stdbool.h>
#include <stdint.h>

struct pb_heap_probe {
    int threads;         /* the probe region's team size */
    uint64_t generation; /* tells the threads marked at begin */
    uint64_t live;       /* process live bytes (stats.allocated) at begin */
    uint64_t peak;       /* see above; 0 without jemalloc */
    uint64_t allocated;  /* see above; 0 without jemalloc */
    int64_t net;         /* see above; 0 without jemalloc */
};

/* true when heap counters are available (jemalloc linked and answering). */
bool pb_heap_available(void);
/* Version string of the linked jemalloc, or "none". */
const char *pb_heap_version(void);
/* Opens a bracket over the calling thread and a pool of `threads` OpenMP
 * threads (at least 1). Call outside any parallel region and outside any
 * timed window; brackets do not nest. */
void pb_heap_begin(struct pb_heap_probe *p, int threads);
/* Closes the bracket: fills peak, allocated and net. */
void pb_heap_end(struct pb_heap_probe *p);
/* Highest live bytes over the bracket given `held` live bytes at its
 * begin: max(held, 0) + max(peak, net, 0). */
uint64_t pb_heap_rise(const struct pb_heap_probe *p, int64_t held);

/* Resets the process's peak RSS; false where /proc does not allow it. */
bool pb_rss_reset(void);
/* Peak RSS in bytes since the last reset (VmHWM), 0 if unknown. */
uint64_t pb_rss_peak(void);

#endif
