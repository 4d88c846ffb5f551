/*
 * pb_clock.c - pb_now (pb_clock.h): clock_gettime(CLOCK_MONOTONIC), a
 * vDSO call on Linux (no system call). O(1).
 */
#include "pb_clock.h"

#include <time.h>

double pb_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}
