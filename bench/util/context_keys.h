/*
 * context_keys.h - the keys of a results.json's "context" object, named
 * once: every file that writes a key (the harness through Google
 * Benchmark's context) and every file that reads one (results/context.h's
 * loader, the report, compare, merge, the noise rules) uses these names,
 * never a string literal of its own. Each key with what its value holds;
 * every value is a string unless it says otherwise (Google Benchmark's
 * own keys have numbers and arrays). docs/results-format.md describes
 * them for users.
 *
 * Here in util/, the lowest layer of bench/, rather than beside the
 * loader in results/: util/machine.c and util/cpus.c read the machine's
 * keys from a context handed to them, and util may not include a layer
 * above it. A folder from before a key was recorded lacks it: a reader
 * treats an absent key as "not recorded". Keys that are a family
 * (corpus:NAME, verify:NAME, env:NAME, A:KEY) are named by their prefix
 * and matched by pb_ctx_prefixed. O(1) each.
 */
#ifndef PB_UTIL_CONTEXT_KEYS_H
#define PB_UTIL_CONTEXT_KEYS_H

#include <stdbool.h>
#include <string.h>

/* The objects of a results.json (Google Benchmark's JSON): the context
 * and the array of runs. */
#define PB_JSON_CONTEXT "context"
#define PB_JSON_BENCHMARKS "benchmarks"

/* Google Benchmark's own keys, taken when it starts timing. */
#define PB_CTX_DATE "date"                       /* ISO 8601 with its offset */
#define PB_CTX_HOST_NAME "host_name"             /* the machine's host name */
#define PB_CTX_EXECUTABLE "executable"           /* argv[0] */
#define PB_CTX_NUM_CPUS "num_cpus"               /* a number: CPUs online */
#define PB_CTX_MHZ_PER_CPU "mhz_per_cpu"         /* a number */
#define PB_CTX_CPU_SCALING "cpu_scaling_enabled" /* a boolean */
/* an array of {type, level, size, num_sharing}: cpu0's caches */
#define PB_CTX_CACHES "caches"
/* an array of three numbers: the 1, 5 and 15 minute load averages */
#define PB_CTX_LOAD_AVG "load_avg"
/* Google Benchmark's own build type; the version of its JSON (a number) */
#define PB_CTX_LIBRARY_BUILD_TYPE "library_build_type"
#define PB_CTX_JSON_SCHEMA_VERSION "json_schema_version"

/* The build that ran (harness/provenance.c, util/identity.h). */
#define PB_CTX_COMMIT "puzzlebench_commit" /* git's HEAD, or "unknown" */
/* "true" when the tree had changes, "false", or "unknown" */
#define PB_CTX_DIRTY "puzzlebench_dirty"
#define PB_CTX_BINARY_SHA256 "puzzlebench_binary_sha256" /* the executable */
/* the SHA-256 of the dirty tree's diff, "clean" or "unknown" */
#define PB_CTX_DIFF_SHA256 "puzzlebench_diff_sha256"
#define PB_CTX_DIFF_BYTES "puzzlebench_diff_bytes" /* its size */
/* "build.diff", "build.diff (its first N of M bytes)" or "none" */
#define PB_CTX_DIFF_FILE "puzzlebench_diff_file"
/* files git neither tracks nor ignores: "none" or "N: a.c, b.h, ..." */
#define PB_CTX_UNTRACKED "puzzlebench_untracked"
#define PB_CTX_COMPILER "compiler"             /* name and version */
#define PB_CTX_COMPILER_FLAGS "compiler_flags" /* as CMake passed them */
#define PB_CTX_BUILD_TYPE "build_type"         /* CMake's: Release, ... */
#define PB_CTX_GBENCH_VERSION "google_benchmark_version"
#define PB_CTX_JEMALLOC_VERSION "jemalloc_version"
/* "jemalloc mallctl" or "unavailable": where the heap figures come from */
#define PB_CTX_HEAP_COUNTERS "heap_counters"
#define PB_CTX_OPENMP_VERSION "openmp_version" /* "5.0 (_OPENMP 201811)" */
#define PB_CTX_IGRAPH_VERSION "igraph_version" /* or "not built" */
/* "env:NAME": the value of an environment variable that may change what
 * is measured (harness/knobs.c) */
#define PB_CTX_ENV_PREFIX "env:"

/* The CPUs and threads (provenance.c, util/cpus.h). */
#define PB_CTX_OMP_PLACES "omp_places"           /* OMP_PLACES, or "unset" */
#define PB_CTX_OMP_PROC_BIND "omp_proc_bind"     /* OMP_PROC_BIND, or "unset" */
#define PB_CTX_OMP_MAX_THREADS "omp_max_threads" /* omp_get_max_threads() */
#define PB_CTX_CORES "cores"                     /* CPUs online */
#define PB_CTX_CPUS_GRANTED "cpus_granted"       /* CPUs the process may use */
#define PB_CTX_CPUS_GRANTED_BY "cpus_granted_by" /* what bounds them */
#define PB_CTX_CPU_AFFINITY "cpu_affinity"       /* the mask as "0-1" */
/* the most threads the suite asks for */
#define PB_CTX_MAX_THREADS_ASKED "max_threads_asked"
/* "true" when a thread count is above the CPUs granted, else "false" */
#define PB_CTX_OVERSUBSCRIBED "threads_oversubscribed"

/* The machine for a paper (provenance.c). */
#define PB_CTX_CPU_MODEL "cpu_model"       /* /proc/cpuinfo's model name */
#define PB_CTX_CPU_CORES "cpu_cores"       /* physical cores */
#define PB_CTX_CPU_THREADS "cpu_threads"   /* hardware threads */
#define PB_CTX_MEMORY_BYTES "memory_bytes" /* installed memory */
#define PB_CTX_OS "os"                     /* /etc/os-release's name */
#define PB_CTX_OS_KERNEL "os_kernel"       /* uname: name, release, machine */

/* The machine's state (harness/noise_run.c, util/machine.h), written at
 * the start of a run and rewritten at its end; a run that was
 * interrupted keeps the start values and no load_average_end. */
/* the CPUs' scaling governors, distinct values joined by ','
 * ("powersave,performance"), "unknown" when none is readable, "changed:
 * A -> B" when the end differs from the start */
#define PB_CTX_CPU_GOVERNOR "cpu_governor"
/* "on" or "off" (intel_pstate/no_turbo, else cpufreq/boost), "unknown",
 * or "changed: A -> B" */
#define PB_CTX_CPU_TURBO "cpu_turbo"
/* the 1-minute load average at the start ("1.67"; "unknown") */
#define PB_CTX_LOAD_START "load_average_start"
#define PB_CTX_LOAD_END "load_average_end" /* the same at the end */

/* The suite and the run (provenance.c, harness/harness.c). */
#define PB_CTX_SUITE "suite"               /* its name, or "--corpus PATH" */
#define PB_CTX_SUITE_PATH "suite_path"     /* the file read */
#define PB_CTX_SUITE_SHA256 "suite_sha256" /* of its bytes */
/* "cpu" or "wall": bench --clock, the figures' and report's default */
#define PB_CTX_CLOCK "clock"
/* the seed of the rounds' shuffled orders (more than one round) */
#define PB_CTX_ROUND_ORDER_SEED "round_order_seed"
#define PB_CTX_SHARD "shard" /* "I/N": the part of a sharded suite */
/* a run under MPI (harness.c; docs/scaling.md) */
#define PB_CTX_PROCESSES "processes"
#define PB_CTX_THREADS_PER_PROCESS "threads_per_process"
#define PB_CTX_HOSTS "hosts"
#define PB_CTX_MPI_LIBRARY "mpi_library"
/* "corpus:NAME": one corpus's kernel, family, size, count, seed,
 * generator version and content hash (harness/harness_corpus.c) */
#define PB_CTX_CORPUS_PREFIX "corpus:"
/* "verify:NAME": one benchmark's untimed verification record
 * (results/schema.h: pb_pass_record_write) */
#define PB_CTX_VERIFY_PREFIX "verify:"

/* bench --against (harness/against.c, against_join.c): the keys of one
 * worker's part, left out of the joined folder */
#define PB_CTX_SIDE "side"               /* "A" or "B" */
#define PB_CTX_ROUND_INDEX "round_index" /* the part's round, from 0 */
#define PB_CTX_VERIFIED_IN "verified_in" /* the folder its passes came from */
/* in the joined folder: side A's keys prefixed "A:" beside side B's, and
 * the run's own under "against:" */
#define PB_CTX_SIDE_A_PREFIX "A:"
#define PB_CTX_AGAINST_PREFIX "against:"
#define PB_CTX_AGAINST_SIDES PB_CTX_AGAINST_PREFIX "sides" /* "A,B" */
/* each side's build: "PATH (ROLE)" */
#define PB_CTX_AGAINST_A PB_CTX_AGAINST_PREFIX "A"
#define PB_CTX_AGAINST_B PB_CTX_AGAINST_PREFIX "B"
/* the most rounds of a benchmark, per side */
#define PB_CTX_AGAINST_ROUNDS PB_CTX_AGAINST_PREFIX "rounds"
/* which side runs first in a round, in words ("ABBA: ...") */
#define PB_CTX_AGAINST_ORDER PB_CTX_AGAINST_PREFIX "order"

/* A merged folder (results/merge_json.c). */
/* an array of strings: the inputs, one each */
#define PB_CTX_MERGED_FROM "merged_from"
/* an array of strings, one per input (its machine and benchmarks), when
 * the inputs ran on different machines */
#define PB_CTX_MACHINES_DIFFER "machines_differ"
/* the shards of the suite that no input holds ("2/4, 3/4") */
#define PB_CTX_MISSING_SHARDS "missing_shards"

/* key is prefix (a PB_CTX_..._PREFIX) followed by the rest of its name. */
static inline bool pb_ctx_prefixed(const char *key, const char *prefix)
{
    return !strncmp(key, prefix, strlen(prefix));
}

#endif
