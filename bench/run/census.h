/*
 * census.h - whole-space censuses for the `census` verb: states per depth
 * from one start, or from the representative of every class of starts,
 * by the 2-bit frontier engine (variants/common/frontier2.h) on the
 * kernel's space (pb_space.h), or by the kernel's plain reference search
 * (its census hook) when asked or when the kernel has no space.
 */
#ifndef CENSUS_H
#define CENSUS_H

#include <stdbool.h>
#include <stdint.h>

#include "pb.h"

#define CENSUS_MAX_DEPTHS 1024

struct pb_mpi;

/* One level's cost over MPI (frontier2_mpi.h): all processes' bytes, the
 * slowest process's seconds. */
struct census_level_cost {
    uint64_t bytes_sent;
    unsigned rounds;
    double compute_seconds, comm_seconds;
};

/* What to count. */
struct census_request {
    struct pb_size size; /* {0, 0}: the judge's */
    bool with_inverses;
    int start;              /* -1: the kernel's default */
    const char *start_text; /* as given, for output; NULL: "default" */
    bool all_classes;       /* one census per class of starts */
    bool reference;         /* the plain search, not the engine */
    int threads;            /* engine threads, >= 1 */
    int direction;          /* enum frontier2_direction */
    bool progress;          /* a line per level on stderr */
    bool plan;              /* the memory check only: bytes, no search */
    /* MPI started (mpi_env.h): the distributed engine on every process
     * (NULL or not on: one process) */
    const struct pb_mpi *mpi;
    int exchange;           /* enum frontier2_mpi_exchange */
    uint64_t round_targets; /* 0: the engine's default */
};

/* One census: from one start (or class representative). */
struct census_one {
    char start[48];   /* the class name, or "default" */
    unsigned members; /* starts it stands for */
    uint64_t counts[CENSUS_MAX_DEPTHS];
    size_t depths;      /* the diameter + 1 */
    uint64_t total;     /* states reached */
    uint64_t ranks;     /* the space's ranks (0 for the reference) */
    unsigned bottom_up; /* levels found bottom-up */
    double seconds;     /* wall time of the search */
    /* over the same region, the CPU seconds and involuntary switches of
     * the threads that searched (noise.h pb_noise_region: the calling
     * thread's at one thread, the process's at more), summed over the
     * processes under MPI; NaN where a reading failed */
    double cpu_seconds, involuntary_switches;
    uint64_t peak_rss;    /* peak resident bytes during it (0: unknown) */
    uint64_t array_bytes; /* the engine's 2-bit array */
    char space[80];       /* the space's own words ("" for the reference) */
    /* over MPI: levels[d] is the cost of finding depth d (d >= 1) */
    struct census_level_cost levels[CENSUS_MAX_DEPTHS];
    uint64_t process_bytes; /* the most one process allocates (over MPI:
                               its share and buffers; else the array) */
};

struct census_result {
    const char *engine; /* "frontier2", "frontier2_mpi" or "reference" */
    int processes;      /* MPI processes (1 without MPI) */
    size_t count;
    struct census_one *one; /* count censuses */
};

/* Runs req on kernel k into *out (free with census_result_free). 0, or a
 * negative errno with e (-EINVAL: a request the kernel does not take). */
int census_run(const struct pb_kernel *k, const struct census_request *req,
               struct census_result *out, struct pb_error *e);
void census_result_free(struct census_result *run);
/* True when a and b found the same states at every depth of every
 * census; otherwise false with why[] naming the first difference ("depth
 * D: X states against Y", "diameter ...", "N censuses against M"). */
bool census_result_same(const struct census_result *a,
                        const struct census_result *b, char *why, size_t len);

#endif
