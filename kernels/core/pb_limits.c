/*
 * pb_limits.c - the memory and input caps, byte sizes parsed (pb_limits.h).
 * Available memory is MemAvailable, or less under an address-space limit
 * (ulimit -v), which a request must also fit.
 * The caps are process-wide settings made once by a verb's options,
 * before any work starts. A thread's stack size is read as libgomp reads
 * it (its parse_stacksize in env.c: OMP_STACKSIZE first, then
 * GOMP_STACKSIZE; a size pthread_attr_setstacksize refuses leaves the
 * default), the default from pthread_getattr_default_np.
 */
#define _GNU_SOURCE /* pthread_getattr_default_np */
#include "pb_limits.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "pb_units.h"

static uint64_t memory_cap_set, input_cap_set;
static bool memory_cap_user; /* memory_cap_set came from the user */

uint64_t pb_memory_available(void)
{
    FILE *f = fopen("/proc/meminfo", "r");
    unsigned long long kb = 0;
    if (f) {
        char line[256];
        while (fgets(line, sizeof(line), f))
            /* /proc/meminfo, written by the kernel in this exact form */
            /* NOLINTNEXTLINE(cert-err34-c) */
            if (sscanf(line, "MemAvailable: %llu kB", &kb) == 1)
                break;
        fclose(f);
    }
    uint64_t available = kb ? pb_mul_sat(kb, 1024) : 0;
    long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    if (!available && pages > 0 && page > 0)
        available = pb_mul_sat((uint64_t)pages, (uint64_t)page);
    /* a `ulimit -v` makes less available than the machine has */
    struct rlimit limit;
    if (getrlimit(RLIMIT_AS, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY &&
        (!available || (uint64_t)limit.rlim_cur < available))
        available = (uint64_t)limit.rlim_cur;
    return available;
}

uint64_t pb_memory_cap(void)
{
    if (memory_cap_set)
        return memory_cap_set;
    uint64_t available = pb_memory_available();
    return available ? available : UINT64_MAX;
}

void pb_memory_cap_set(uint64_t bytes)
{
    memory_cap_set = bytes;
    memory_cap_user = bytes != 0;
}

void pb_memory_cap_set_derived(uint64_t bytes)
{
    memory_cap_set = bytes;
    memory_cap_user = false;
}

bool pb_memory_cap_from_user(void)
{
    return memory_cap_user;
}

uint64_t pb_memory_cap_bounded(uint64_t bytes, bool from_user)
{
    if (from_user) {
        pb_memory_cap_set(bytes);
        return bytes;
    }
    pb_memory_cap_set(0); /* this process's own: its available memory */
    uint64_t own = pb_memory_cap();
    pb_memory_cap_set_derived(bytes && bytes < own ? bytes : own);
    return pb_memory_cap();
}

bool pb_memory_over(uint64_t need, uint64_t cap)
{
    return need > cap || need == UINT64_MAX;
}

int pb_memory_check(uint64_t need, const char *what, struct pb_error *e)
{
    uint64_t cap = pb_memory_cap();
    if (!pb_memory_over(need, cap))
        return 0;
    char need_text[48], cap_text[32], available_text[32];
    if (need == UINT64_MAX) {
        char most[32];
        pb_units_bytes(most, sizeof(most), (double)UINT64_MAX);
        snprintf(need_text, sizeof(need_text), "more than %s", most);
    } else {
        pb_units_bytes(need_text, sizeof(need_text), (double)need);
    }
    pb_units_bytes(cap_text, sizeof(cap_text), (double)cap);
    pb_units_bytes(available_text, sizeof(available_text),
                   (double)pb_memory_available());
    return pb_fail(e, -ENOMEM,
                   "%s needs about %s (estimate), over the memory cap of %s "
                   "(available memory %s); --max-memory raises the cap",
                   what, need_text, cap_text, available_text);
}

/* The smallest thread stack the C library takes (a sysconf call in
 * glibc 2.34 and later). */
static uint64_t stack_min(void)
{
    long least = PTHREAD_STACK_MIN;
    return least > 0 ? (uint64_t)least : 16384;
}

/* An OpenMP stack size, as libgomp parses it (see the opening); false
 * for text libgomp refuses. */
static bool stack_size_parse(const char *text, uint64_t *out)
{
    while (isspace((unsigned char)*text))
        text++;
    if (*text < '0' || *text > '9')
        return false;
    char *end;
    errno = 0;
    unsigned long long v = strtoull(text, &end, 10);
    unsigned shift = 10; /* kilobytes unless a suffix says otherwise */
    while (isspace((unsigned char)*end))
        end++;
    if (*end) {
        switch (tolower((unsigned char)*end)) {
        case 'b':
            shift = 0;
            break;
        case 'k':
            break;
        case 'm':
            shift = 20;
            break;
        case 'g':
            shift = 30;
            break;
        default:
            return false;
        }
        for (end++; isspace((unsigned char)*end);)
            end++;
    }
    if (errno || *end || v > (UINT64_MAX >> shift))
        return false;
    *out = (uint64_t)v << shift;
    return *out >= stack_min(); /* below: libgomp keeps the default */
}

static uint64_t page_bytes(void)
{
    long page = sysconf(_SC_PAGESIZE);
    return page > 0 ? (uint64_t)page : 4096;
}

uint64_t pb_thread_stack_bytes(void)
{
    static uint64_t bytes;
    if (bytes)
        return bytes;
    uint64_t stack = 0;
    size_t size = 0;
    const char *omp = getenv("OMP_STACKSIZE"), *gomp = getenv("GOMP_STACKSIZE");
    if (!(omp && stack_size_parse(omp, &stack)) &&
        !(gomp && stack_size_parse(gomp, &stack)))
        stack = 0;
    pthread_attr_t attr;
    if (pthread_getattr_default_np(&attr) == 0) {
        pthread_attr_getstacksize(&attr, &size);
        pthread_attr_destroy(&attr);
    }
    if (!stack)
        stack = size ? size : stack_min();
    /* the C library maps whole pages */
    uint64_t p = page_bytes();
    bytes = pb_mul_sat(stack / p + (stack % p != 0), p);
    return bytes;
}

uint64_t pb_thread_stacks(int threads)
{
    /* each stack has a guard page beside it */
    uint64_t one = pb_add_sat(pb_thread_stack_bytes(), page_bytes());
    return threads > 1 ? pb_mul_sat((uint64_t)(threads - 1), one) : 0;
}

uint64_t pb_input_cap(void)
{
    return input_cap_set ? input_cap_set : PB_DEFAULT_MAX_INPUT;
}

void pb_input_cap_set(uint64_t bytes)
{
    input_cap_set = bytes;
}

int pb_parse_bytes(const char *text, uint64_t *out)
{
    static const char units[] = "KMGT";
    if (!text || text[0] < '0' || text[0] > '9')
        return -EINVAL;
    char *end;
    errno = 0;
    unsigned long long v = strtoull(text, &end, 10);
    if (errno == ERANGE)
        return -ERANGE;
    unsigned shift = 0;
    if (*end) {
        const char *unit = strchr(units, *end);
        if (!unit || end[1])
            return -EINVAL;
        shift = 10 * (unsigned)(unit - units + 1);
    }
    if (shift && v > (UINT64_MAX >> shift))
        return -ERANGE;
    *out = (uint64_t)v << shift;
    return 0;
}
