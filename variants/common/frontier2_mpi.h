/*
 * frontier2_mpi.h - the 2-bit frontier BFS (frontier2.h) over MPI: the
 * rank space is cut into one contiguous block per process, each process
 * holds 2 bits per rank of its block only and searches it with OpenMP
 * threads; neighbours owned elsewhere travel to their owner in bounded
 * rounds (frontier2_mpi.c says how, and why top-down only). Every
 * process of the communicator calls frontier2_mpi_search with the same
 * space and options; each gets the same counts.
 */
#ifndef FRONTIER2_MPI_H
#define FRONTIER2_MPI_H

#include <mpi.h>
#include <stdbool.h>
#include <stdint.h>

#include "frontier2.h"
#include "pb.h"

/* How a round's neighbours reach their owners. */
enum frontier2_mpi_exchange {
    FRONTIER2_MPI_ALLTOALLV,      /* counts by MPI_Alltoall, then one
                                     MPI_Alltoallv */
    FRONTIER2_MPI_POINT_TO_POINT, /* MPI_Isend to each process, and each
                                     message marked as it is received */
};

struct frontier2_mpi_options {
    int threads; /* OpenMP threads per process, >= 1 */
    enum frontier2_mpi_exchange exchange;
    /* The most neighbours one process computes (and so sends) in a
     * round; 0: FRONTIER2_MPI_ROUND_TARGETS. At least one block's worth
     * (8192 ranks times the moves) is used. */
    uint64_t round_targets;
    bool no_huge_pages;
    /* Only the memory check: fill r's byte counts and return (0 when
     * every host's processes fit their cap), allocating nothing. */
    bool plan_only;
    /* Called on process 0 only, after each level (frontier2.h; codes is
     * NULL: no process holds the whole array). Its return value goes to
     * every process: FRONTIER2_STOP or an error ends the search on all. */
    int (*on_level)(void *arg, const struct frontier2_level *level,
                    struct pb_error *e);
    void *on_level_arg;
};

#define FRONTIER2_MPI_ROUND_TARGETS (1u << 20)

/* One level's cost, over all processes. */
struct frontier2_mpi_level {
    uint64_t bytes_sent;    /* to other processes, summed over processes */
    unsigned rounds;        /* exchanges in the level */
    double compute_seconds; /* the slowest process's expanding and marking */
    double comm_seconds;    /* the slowest process's time in MPI calls
                               (waiting for slower processes included) */
};

struct frontier2_mpi_result {
    uint64_t *counts;  /* caller's array: counts[d] states at depth d */
    size_t max_depths; /* its length */
    size_t depths;     /* out: depths used (the diameter + 1) */
    uint64_t reached;  /* out: the sum of counts */
    bool stopped;      /* out: on_level ended it */
    /* Optional, caller's array of max_depths: per-level costs. */
    struct frontier2_mpi_level *levels;
    int processes;          /* out: the communicator's size */
    uint64_t process_bytes; /* out: the most one process allocated */
    uint64_t array_bytes;   /* out: the 2-bit arrays, all processes */
};

/* Searches space from its starts across comm. 0 on every process, or
 * the same negative errno on every process (e on each: -ENOMEM with the
 * estimate when a host's processes together exceed its memory cap,
 * before anything large is allocated; -EINVAL for a bad space or
 * option; -ERANGE past max_depths; on_level's error). Collective. */
int frontier2_mpi_search(const struct pb_space *space, MPI_Comm comm,
                         const struct frontier2_mpi_options *opt,
                         struct frontier2_mpi_result *r, struct pb_error *e);

/* Bytes one process of p holds for a space of n ranks with the given
 * round bound and moves: its share of the 2-bit array, the block maps
 * and the exchange buffers (what the memory check adds up). */
uint64_t frontier2_mpi_process_bytes(uint64_t n, int p, unsigned moves,
                                     uint64_t round_targets,
                                     enum frontier2_mpi_exchange exchange);

#endif
