/*
 * mpi_env.h - puzzlebench under an MPI launcher (mpirun, srun): whether
 * it was launched by one (from the launcher's environment, before MPI
 * starts), starting MPI for a verb that runs over it (census, bench) with
 * MPI_Finalize at exit, and what the results record of the run (the
 * processes, the hosts and the MPI library). Built without MPI, a run
 * that a launcher started as several processes is refused.
 */
#ifndef MPI_ENV_H
#define MPI_ENV_H

#include <stdbool.h>
#include <stddef.h>

#include "pb.h"

struct pb_mpi {
    bool on; /* MPI started: the distributed engine runs */
    int rank, size;
    int hosts;        /* distinct hosts among the processes */
    char library[96]; /* "Open MPI v4.1.4", the first line of MPI's own */
};

/* The process's rank as the launcher's environment gives it (Open MPI's
 * OMPI_COMM_WORLD_RANK, PMIx's PMIX_RANK, PMI's PMI_RANK, or, for srun's
 * tasks without a process manager, SLURM_PROCID in a step of several
 * tasks), or -1 when no launcher started it. */
int pb_mpi_launch_rank(void);
/* The number of processes the launcher started (OMPI_COMM_WORLD_SIZE,
 * PMI_SIZE, SLURM_STEP_NUM_TASKS), 1 when none started this one. */
int pb_mpi_launch_size(void);

/* rc, after a pause when this is a launched process other than 0 that
 * fails before MPI has started: such a process keeps quiet (process 0,
 * reading the same command line, says what is wrong), and mpirun ends
 * the whole job as soon as any process exits with an error, so it must
 * not exit before process 0 has printed. */
int pb_mpi_quiet_failure(int rc);

/* Under a launcher, processes other than 0 print nothing on stdout and
 * keep quiet about the command line (every process reads the same one;
 * process 0 says what is wrong, once). Their stderr comes back once MPI
 * has started (pb_mpi_restore_stderr), so that a process's own failure
 * still shows. The saved stderr, or -1 for process 0 and plain runs. */
int pb_mpi_quiet_others(void);
/* Gives back the stderr pb_mpi_quiet_others saved (-1: nothing to do). */
void pb_mpi_restore_stderr(int saved);

/* Starts MPI (MPI_THREAD_FUNNELED) when a launcher started the process
 * and MPI is built in, and fills m (m->on false, rank 0, size 1 when
 * not). 0; -ENOTSUP (with e) when a launcher started several processes
 * but this build has no MPI, when srun started several tasks without a
 * process manager, or when MPI gives less than FUNNELED. */
int pb_mpi_start(struct pb_mpi *m, int *argc, char ***argv, struct pb_error *e);

/* The MPI library, "Open MPI v4.1.4", or "none (built without MPI)";
 * callable before MPI starts. */
void pb_mpi_library(char *out, size_t len);

/* The largest value of x over the processes (x itself without MPI). */
unsigned long long pb_mpi_max(const struct pb_mpi *m, unsigned long long x);
/* The sum of x over the processes (x itself without MPI). Collective. */
double pb_mpi_sum(const struct pb_mpi *m, double x);

#endif
