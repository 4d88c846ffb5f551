/*
 * backend_mpi.h - the MPI execution back end (runner.h's struct
 * pb_backend) for `mpirun -np P puzzlebench bench`: process 0 runs the
 * harness and Google Benchmark through pb_backend_mpi; every other
 * process serves its calls (pb_backend_mpi_serve) until process 0 says
 * stop (pb_backend_mpi_stop). Each benchmark's corpus is split into P
 * contiguous slices of instances, one per process, each process solving
 * its slice on its own OpenMP threads; a solve's time is the slowest
 * process's, and its answers come back to process 0, which verifies
 * every answer of every timed run as a local run would; a suite's census
 * runs on the distributed engine over every process. Built only with
 * MPI (PB_HAVE_MPI); bench/run/backend_mpi.c says how.
 */
#ifndef BACKEND_MPI_H
#define BACKEND_MPI_H

#include "run/runner.h"

/* Process 0's back end: open, solve and close on every process. */
extern const struct pb_backend pb_backend_mpi;

/* Process 0, once the harness is done: the other processes return from
 * pb_backend_mpi_serve. Collective; call it exactly once. */
void pb_backend_mpi_stop(void);

struct pb_mpi;

/* Every process but 0: follows process 0's calls until it stops (m: this
 * process's MPI, for the distributed census). 0, or -EPROTO when process
 * 0 sent a command this build does not know. */
int pb_backend_mpi_serve(const struct pb_mpi *m);

#endif
