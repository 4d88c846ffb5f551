/*
 * cpus.h - the CPUs this process may really use, and whether it can
 * start a team of threads: what a thread count is judged against
 * (oversubscribed or not) and what refuses a team the system will not
 * start, before OpenMP would end the process.
 *
 * Granted CPUs: the smallest of the online CPUs, the affinity mask
 * (taskset, numactl, Slurm's cpuset; sched_getaffinity), the CPU quota
 * of the process's cgroup and of every cgroup above it (v2 cpu.max,
 * v1 cpu.cfs_quota_us / cpu.cfs_period_us; a quota of 1.5 CPUs grants
 * 2, rounded up) and OpenMP's thread limit (OMP_THREAD_LIMIT, as
 * omp_get_thread_limit reports it). A benchmark of T threads gets
 * min(T, granted) CPUs: above that its threads take turns on the CPUs
 * (oversubscribed), and its time says nothing about parallel speed-up.
 *
 * Recorded in results.json's context (provenance.c) as cpus_granted (a
 * number, as text), cpus_granted_by (what bounds it) and cpu_affinity
 * (the affinity mask as a CPU list, "0-1"); read back by
 * the figures, the report and the noise rules with pb_cpus_from_context.
 */
#ifndef CPUS_H
#define CPUS_H

#include <stdbool.h>

#include "pb.h"

#define PB_CPUS_TEXT 256 /* cpus_granted_by, with its NUL */

struct pb_cpus {
    int online;   /* sysconf(_SC_NPROCESSORS_ONLN), at least 1 */
    int affinity; /* CPUs in the affinity mask; 0 when unknown */
    /* the mask as a CPU list ("0-1", "0,2-3"; cut with "..." past
     * PB_CPUS_TEXT), "unknown" when it cannot be read */
    char affinity_list[PB_CPUS_TEXT];
    double quota;     /* the tightest cgroup CPU quota in CPUs; 0: none */
    int thread_limit; /* OpenMP's thread limit; 0: none */
    int granted;      /* the smallest of those, at least 1 */
    /* what bounds granted, for people: "affinity mask: 1 of 2 online
     * CPUs; OMP_THREAD_LIMIT: 1", or "the 2 online CPUs" */
    char by[PB_CPUS_TEXT];
};

/* Reads what the system grants this process into c. The cgroup files
 * are read under root ("" for the running system; a folder with a copy
 * of the layout in tests: ROOT/proc/self/cgroup, ROOT/proc/self/mountinfo
 * and the cgroup mounts it names, under ROOT too); the affinity mask and
 * the thread limit are the process's own. Never fails: what cannot be
 * read bounds nothing. O(cgroup depth + mounts). */
void pb_cpus_read(const char *root, struct pb_cpus *c);
/* This process's, read once (pb_cpus_read of the running system). */
const struct pb_cpus *pb_cpus(void);
/* pb_cpus()->granted. */
int pb_cpus_granted(void);
/* A run of `threads` threads per process asks for more CPUs than the
 * `granted` (0: unknown, nothing judged) its processes had. */
bool pb_threads_oversubscribed(long threads, int granted);
/* Adds threads to list[0..*n), kept distinct and increasing, at most
 * max of them (the smallest). O(max). */
void pb_threads_list_add(long *list, size_t *n, size_t max, long threads);
/* "2", "2 and 4", "2, 4 and 8" from list[0..n); past `shown` values,
 * "2, 4 and 3 more". */
void pb_threads_list_text(const long *list, size_t n, size_t shown, char *out,
                          size_t len);

/* The cpus_granted of a results.json context (a Jansson object, as
 * results/context.h loads it); 0 when absent (an older run, another
 * binary) or not a count. */
struct json_t;
int pb_cpus_from_context(const struct json_t *context);

/* Whether a team of `threads` OpenMP threads can start: OpenMP's idle
 * workers are let go (omp_pause_resource_all; OpenMP starts them again
 * when needed), then threads - 1 threads with OpenMP's stack size
 * (pb_thread_stack_bytes), each allocating a little, are started and
 * stopped. 0 when they all started (remembered: a later call for as many
 * threads or fewer starts none); else -ENOMEM and e says "cannot start T
 * threads (RLIMIT_AS L, S of stack each): REASON; ...", a refusal like the
 * memory cap's. Call it outside any parallel region. O(threads). */
int pb_threads_start_check(int threads, struct pb_error *e);

#endif
