/*
 * mpi_env.c - starting MPI for the verbs that run over it (mpi_env.h).
 * The launcher is recognised from its environment, so that a plain run
 * never initialises MPI (Open MPI's singleton start costs time and
 * wants a usable network stack). MPI_Finalize is registered with atexit,
 * so every exit path of a verb (errors included) ends MPI properly and
 * mpirun reports the exit code rather than an improper exit.
 */
#include "run/mpi_env.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifdef PB_HAVE_MPI
#include <mpi.h>
#endif

static const char *const rank_vars[] = {"OMPI_COMM_WORLD_RANK", "PMIX_RANK",
                                        "PMI_RANK"};
static const char *const size_vars[] = {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE",
                                        "SLURM_STEP_NUM_TASKS"};
static const char *const slurm_rank[] = {"SLURM_PROCID"};
static const char *const slurm_tasks[] = {"SLURM_STEP_NUM_TASKS"};

static int env_int(const char *const *names, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        const char *v = getenv(names[i]);
        char *end;
        if (v && *v) {
            long x = strtol(v, &end, 10);
            if (*end == '\0' && x >= 0 && x < (1L << 30))
                return (int)x;
        }
    }
    return -1;
}

/* srun's tasks without an MPI process manager (srun --mpi=none, a
 * site's default): SLURM_PROCID of a step of several tasks, which MPI
 * would start as separate one-process worlds. */
static bool srun_without_pmi(void)
{
    return env_int(rank_vars, sizeof(rank_vars) / sizeof(rank_vars[0])) < 0 &&
           env_int(slurm_rank, 1) >= 0 && env_int(slurm_tasks, 1) > 1;
}

int pb_mpi_launch_rank(void)
{
    int rank = env_int(rank_vars, sizeof(rank_vars) / sizeof(rank_vars[0]));
    return rank >= 0 || !srun_without_pmi() ? rank : env_int(slurm_rank, 1);
}

int pb_mpi_launch_size(void)
{
    if (pb_mpi_launch_rank() < 0)
        return 1;
    int size = env_int(size_vars, sizeof(size_vars) / sizeof(size_vars[0]));
    return size > 1 ? size : 1;
}

int pb_mpi_quiet_failure(int rc)
{
    if (rc != 0 && pb_mpi_launch_rank() > 0) {
        int started = 0;
#ifdef PB_HAVE_MPI
        MPI_Initialized(&started);
#endif
        if (!started)  /* MPI_Finalize's fence would order the exits */
            sleep(10); /* killed at once when process 0 exits first */
    }
    return rc;
}

int pb_mpi_quiet_others(void)
{
    if (pb_mpi_launch_rank() <= 0)
        return -1;
    fflush(stdout);
    fflush(stderr);
    int saved = dup(STDERR_FILENO), null = open("/dev/null", O_WRONLY);
    if (null >= 0) {
        dup2(null, STDOUT_FILENO);
        dup2(null, STDERR_FILENO);
        close(null);
    }
    return saved;
}

void pb_mpi_restore_stderr(int saved)
{
    if (saved < 0)
        return;
    fflush(stderr);
    dup2(saved, STDERR_FILENO);
    close(saved);
}

#ifdef PB_HAVE_MPI
static void finalize(void)
{
    int done = 0;
    MPI_Finalized(&done);
    if (!done)
        MPI_Finalize();
}

/* The number of distinct hosts: processes whose shared-memory
 * communicator they lead, counted. */
static int count_hosts(void)
{
    MPI_Comm host;
    int rank = 0, lead, hosts = 1;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, rank,
                        MPI_INFO_NULL, &host);
    MPI_Comm_rank(host, &lead);
    lead = lead == 0;
    MPI_Allreduce(&lead, &hosts, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    MPI_Comm_free(&host);
    return hosts;
}
#endif

int pb_mpi_start(struct pb_mpi *m, int *argc, char ***argv, struct pb_error *e)
{
    memset(m, 0, sizeof(*m));
    m->size = 1;
    m->hosts = 1;
    if (pb_mpi_launch_rank() < 0)
        return 0;
    if (srun_without_pmi())
        return pb_fail(e, -ENOTSUP,
                       "srun started %d tasks without an MPI process manager, "
                       "so each would run alone; launch with srun --mpi=pmix "
                       "(or mpirun)",
                       pb_mpi_launch_size());
#ifdef PB_HAVE_MPI
    int provided = 0;
    MPI_Init_thread(argc, argv, MPI_THREAD_FUNNELED, &provided);
    atexit(finalize);
    if (provided < MPI_THREAD_FUNNELED)
        return pb_fail(e, -ENOTSUP,
                       "MPI gives thread level %d; puzzlebench needs "
                       "MPI_THREAD_FUNNELED",
                       provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &m->rank);
    MPI_Comm_size(MPI_COMM_WORLD, &m->size);
    m->hosts = count_hosts();
    pb_mpi_library(m->library, sizeof(m->library));
    m->on = true;
    return 0;
#else
    (void)argc;
    (void)argv;
    int size = pb_mpi_launch_size();
    if (size > 1)
        return pb_fail(e, -ENOTSUP,
                       "launched as %d MPI processes, but this puzzlebench "
                       "was built without MPI (install libopenmpi-dev, "
                       "scripts/setup.sh, and rebuild)",
                       size);
    return 0;
#endif
}

void pb_mpi_library(char *out, size_t len)
{
#ifdef PB_HAVE_MPI
    char version[MPI_MAX_LIBRARY_VERSION_STRING];
    int n = 0;
    MPI_Get_library_version(version, &n);    /* allowed before MPI_Init */
    int keep = (int)strcspn(version, ",\n"); /* "Open MPI v4.1.4" */
    snprintf(out, len, "%.*s", keep, version);
#else
    snprintf(out, len, "none (built without MPI)");
#endif
}

unsigned long long pb_mpi_max(const struct pb_mpi *m, unsigned long long x)
{
#ifdef PB_HAVE_MPI
    if (m->on) {
        unsigned long long all = x;
        MPI_Allreduce(&x, &all, 1, MPI_UNSIGNED_LONG_LONG, MPI_MAX,
                      MPI_COMM_WORLD);
        return all;
    }
#else
    (void)m;
#endif
    return x;
}

double pb_mpi_sum(const struct pb_mpi *m, double x)
{
#ifdef PB_HAVE_MPI
    if (m->on) {
        double all = x;
        MPI_Allreduce(&x, &all, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
        return all;
    }
#else
    (void)m;
#endif
    return x;
}
