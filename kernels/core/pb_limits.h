/*
 * pb_limits.h - limits checked before anything big is allocated or read:
 * the memory cap (default: the machine's available memory; --max-memory
 * or a suite's `memory` line sets it), the input size cap (default
 * PB_DEFAULT_MAX_INPUT; --max-input raises it), byte sizes parsed with
 * overflow checks, and saturating arithmetic for the estimates, so that
 * a request too big to represent is refused rather than wrapped.
 * A refusal names what was asked, its estimate, the cap and the
 * machine's available memory. The stacks of a team's threads count in
 * an estimate at their reserved size (what an address-space limit,
 * `ulimit -v`, sees): OMP_STACKSIZE (else GOMP_STACKSIZE) as libgomp
 * reads it, else the C library's default thread stack (glibc: the
 * `ulimit -s` soft limit when the process started, 2 MiB when it is
 * unlimited), and a guard page each.
 */
#ifndef PB_LIMITS_H
#define PB_LIMITS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "pb_error.h"

#define PB_DEFAULT_MAX_INPUT (1ull << 30) /* 1 GiB of input text */
/* OpenMP threads per process, at most: what solve, verify, census and
 * bench take (--threads, a suite's threads line) and what results
 * readers accept; MPI processes are an int, so processes x threads fits
 * in a long. */
#define PB_MAX_THREADS 1024

/* MemAvailable of /proc/meminfo (else physical memory), or the
 * address-space limit (RLIMIT_AS) when lower, in bytes; 0 when unknown. */
uint64_t pb_memory_available(void);
/* The cap on what one request may need: set by pb_memory_cap_set, else
 * the available memory (else unlimited). */
uint64_t pb_memory_cap(void);
/* 0 restores the default. A cap set here is the user's (--max-memory,
 * a suite's memory line): it holds even above the available memory. */
void pb_memory_cap_set(uint64_t bytes);
/* Sets a cap derived from this machine (the harness's default: the
 * smaller of a suite's default and the available memory), not the
 * user's: another process (MPI) that receives it bounds it by its own
 * available memory (pb_memory_cap_bounded). */
void pb_memory_cap_set_derived(uint64_t bytes);
/* Whether the cap in force was set by the user (pb_memory_cap_set). */
bool pb_memory_cap_from_user(void);
/* The cap another process decided (bytes, the user's or derived), made
 * this process's: a user's as it is, a derived one no higher than this
 * process's own available memory. Returns the cap now in force. */
uint64_t pb_memory_cap_bounded(uint64_t bytes, bool from_user);
/* 0 when `need` bytes fit under the cap (UINT64_MAX, a saturated
 * estimate, never does); otherwise -ENOMEM and e says
 * "WHAT needs about N GiB (estimate), over the memory cap of M GiB
 * (available memory A GiB); --max-memory raises the cap" (sizes as
 * pb_units_bytes writes them). */
int pb_memory_check(uint64_t need, const char *what, struct pb_error *e);
/* True when an estimate of need bytes is over cap: above it, or
 * UINT64_MAX ("too big to count", a saturated estimate), which is over
 * even the unlimited cap of a machine whose memory is unknown. */
bool pb_memory_over(uint64_t need, uint64_t cap);

/* The stack size of an OpenMP worker thread, in whole pages:
 * OMP_STACKSIZE or GOMP_STACKSIZE (a number with an optional B, K, M or
 * G; K when none, as libgomp reads it; a value libgomp refuses is
 * ignored, as libgomp ignores it), else the C library's default thread
 * stack size. Read once. */
uint64_t pb_thread_stack_bytes(void);
/* The stacks a team of `threads` OpenMP threads adds, a guard page each:
 * the calling thread has its own, so threads - 1 workers' (0 at one
 * thread). Saturates. */
uint64_t pb_thread_stacks(int threads);

uint64_t pb_input_cap(void);
void pb_input_cap_set(uint64_t bytes); /* 0 restores the default */

/* Parses N, NK, NM, NG or NT (powers of 1024) into *out; -EINVAL for
 * anything else, -ERANGE when it does not fit in 64 bits. */
int pb_parse_bytes(const char *text, uint64_t *out);

/* Saturating arithmetic: UINT64_MAX stands for "too big to count". */
static inline uint64_t pb_mul_sat(uint64_t a, uint64_t b)
{
    uint64_t r;
    return __builtin_mul_overflow(a, b, &r) ? UINT64_MAX : r;
}
static inline uint64_t pb_add_sat(uint64_t a, uint64_t b)
{
    uint64_t r;
    return __builtin_add_overflow(a, b, &r) ? UINT64_MAX : r;
}

#endif
