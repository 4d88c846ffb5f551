/*
 * schema.h - the one place that says how a benchmark is named and how a
 * results.csv row and a verification record are laid out; the harness
 * writes them and the readers (readback_csv.c, readback_json.c, report.c) parse
 * them through this module only.
 *
 * Benchmark name (the Google Benchmark name, also the key of compare,
 * plot and the report):
 *   kernel/variant/family/size:S/n:N/seed:X/threads:T[/processes:P]
 * threads are OpenMP threads per process; /processes:P is written only
 * for a run over P > 1 MPI processes (bench under mpirun), so that a
 * plain run's names are those of one process, and is read as 1 when
 * absent. Google Benchmark appends "/min_time:M/repeats:R/manual_time" (and
 * aggregate suffixes); parsing ignores whatever follows the last field.
 *
 * results.csv: one header line, then one row per repetition, columns in
 * the order of the column table (schema.c), read back by name so that a
 * CSV with fewer (older) or more (newer) columns still loads. The side
 * column says which build of an A/B run (bench --against) a row is of:
 * A (the baseline) or B (the build under test); it is empty in a run of
 * one build.
 *
 * Work counters (pb.h: struct pb_work_def) take two columns whatever
 * their number, so that the header stays fixed: counters_per_instance
 * holds each of the kernel's counters, in its order, as NAME=VALUE
 * pairs joined by ';' ("expanded=13552.32", "pops=812;relaxations=3190";
 * NA when there are none: a failed run), each the mean count per
 * instance; units_per_instance holds the mean units of work per instance
 * (NA for a kernel without work.units). Per-unit figures are derived
 * (COUNT per instance / units_per_instance; seconds / count /
 * units_per_instance). expanded_per_instance and work_per_second keep
 * their meaning: counter 0 (the kernel's main unit of work).
 *
 * Adding a field (MPI ranks, a counter column): a member in struct
 * pb_bench_id or struct pb_row and one line in schema.c's column table;
 * the line says whether the field is part of the name (its prefix), how it
 * is written and read, and whether readers require it.
 *
 * Verification record: the harness's untimed verification pass of one
 * benchmark, stored in the Google Benchmark JSON context under the key
 * "verify:<benchmark name>" as space-separated key=value pairs, reason
 * last (it runs to the end):
 *   order=3 status=correct correct=50 instances=50 seconds=0.131 reason=
 */
#ifndef SCHEMA_H
#define SCHEMA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "pb.h"

#define PB_ID_TEXT 32 /* a text field of the identity, with its NUL */
/* A sharded run's N (results.json's context "shard": "I/N"), at most:
 * bench --shard refuses more, and merge reads no more. */
#define PB_MAX_SHARDS 10000

/* What names one benchmark. Texts are at most PB_ID_TEXT - 1 bytes;
 * their character sets are the readers' policy (readback_name_ok). */
struct pb_bench_id {
    char kernel[PB_ID_TEXT];
    char variant[PB_ID_TEXT];
    char family[PB_ID_TEXT]; /* may hold ':' (depth:22), never '/' */
    char size[PB_ID_TEXT];   /* the kernel's size, as its syntax writes it */
    uint64_t count;          /* instances in the corpus */
    uint64_t seed;
    uint64_t threads;   /* OpenMP threads per process */
    uint64_t processes; /* MPI processes; 0 or 1: one (schema.h) */
};

/* The counters_per_instance column: the kernel's counters by name, each
 * the mean count per instance (NaN when unknown). */
struct pb_row_work {
    size_t n;
    struct pb_row_counter {
        char name[PB_ID_TEXT]; /* [a-z0-9_], 1 to PB_ID_TEXT - 1 */
        double per_instance;
    } counter[PB_MAX_COUNTERS];
};

/* One results.csv row: a repetition of a benchmark. Absent or "NA"
 * numbers are NaN; they are written as "NA". */
struct pb_row {
    struct pb_bench_id id;
    uint64_t corpus_hash;
    /* the round (0 when the run had none) and the repetition within it:
     * a run times every benchmark once a round, in a shuffled order, so
     * that its samples see the machine's drift (docs/statistics.md) */
    int64_t round;
    /* the side of an A/B run of two builds (bench --against): "A" (the
     * baseline) or "B" (the build under test); "" for a run of one
     * build. Not part of the benchmark name: both sides time the same
     * benchmarks. */
    char side[2];
    int64_t repetition;
    int64_t iterations;
    double seconds; /* per iteration (one solve of the whole corpus) */
    /* per iteration: CPU seconds of the threads that did the work (the
     * solving thread at one thread, the team's summed at more), and
     * the process's involuntary context switches; NaN: not recorded */
    double cpu_seconds;
    double involuntary_switches;
    double build_seconds;
    double build_timed; /* 1: seconds include a fresh build (time build) */
    double instances_per_second;
    double work_per_second;
    double expanded_per_instance;
    struct pb_row_work work;   /* every counter, per instance */
    double units_per_instance; /* NaN: the kernel has no work.units */
    double peak_heap_bytes;    /* the byte columns are written as integers */
    double allocated_bytes;
    double peak_rss_bytes;
    double load_before;  /* 1-minute load average before the timed runs */
    double load_after;   /* and after them (noise.h); NaN: unknown */
    double cpu_per_wall; /* CPU s / (wall s * threads), the timed loop */
    bool verified;
    char error[640]; /* "" when the repetition ran */
};

/* The columns of results.csv, in the order they are written. */
enum pb_col {
    PB_COL_KERNEL,
    PB_COL_VARIANT,
    PB_COL_FAMILY,
    PB_COL_SIZE,
    PB_COL_COUNT,
    PB_COL_SEED,
    PB_COL_CORPUS_HASH,
    PB_COL_THREADS,
    PB_COL_PROCESSES,
    PB_COL_SIDE,
    PB_COL_ROUND,
    PB_COL_REPETITION,
    PB_COL_ITERATIONS,
    PB_COL_SECONDS,
    PB_COL_CPU_SECONDS,
    PB_COL_INVOLUNTARY_SWITCHES,
    PB_COL_BUILD_SECONDS,
    PB_COL_BUILD_TIMED,
    PB_COL_INSTANCES_PER_SECOND,
    PB_COL_WORK_PER_SECOND,
    PB_COL_EXPANDED_PER_INSTANCE,
    PB_COL_COUNTERS_PER_INSTANCE,
    PB_COL_UNITS_PER_INSTANCE,
    PB_COL_PEAK_HEAP_BYTES,
    PB_COL_ALLOCATED_BYTES,
    PB_COL_PEAK_RSS_BYTES,
    PB_COL_LOAD_BEFORE,
    PB_COL_LOAD_AFTER,
    PB_COL_CPU_PER_WALL,
    PB_COL_VERIFIED,
    PB_COL_ERROR,
    PB_COLS
};

/* A column's name in the header ("kernel", "peak_heap_bytes", ...). */
const char *pb_col_name(enum pb_col c);

/* Writes the benchmark name of id into buf: its length, or -ENAMETOOLONG
 * when it does not fit in len (buf then holds a truncated name). */
int pb_bench_id_write(const struct pb_bench_id *id, char *buf, size_t len);

/* Where pb_bench_id_parse stopped, for messages. */
struct pb_name_error {
    enum pb_col col;  /* the field at fault */
    const char *text; /* its text in the name (not NUL-terminated) */
    size_t len;
};

/* Parses a benchmark name (suffixes after the threads field ignored). 0;
 * -EINVAL when name is not of this form (another Google Benchmark
 * binary's name); -ENAMETOOLONG when a text field is longer than
 * PB_ID_TEXT - 1 (why, when not NULL, names it). O(length of name). */
int pb_bench_id_parse(const char *name, struct pb_bench_id *id,
                      struct pb_name_error *why);

/* The per-instance count of counter `name` in w, or NaN when w has
 * none of that name. O(counters). */
double pb_row_counter(const struct pb_row_work *w, const char *name);

/* The header line of results.csv, without its newline. */
void pb_csv_header_write(FILE *f);
/* One row, without its newline. */
void pb_csv_row_write(FILE *f, const struct pb_row *row);

enum { PB_CSV_MAX_FIELDS = 64 };

/* Where each column sits in a CSV file, from its header. */
struct pb_csv_layout {
    int at[PB_COLS]; /* the field index, -1 when the file lacks it */
    int width;       /* fields a row needs: 1 + the largest index */
    int fields;      /* fields of the header */
    bool quoted[PB_CSV_MAX_FIELDS]; /* the field is a quoted column */
};

/* Reads a header line (split in place). 0, or -EINVAL when a column that
 * readers require is missing (*missing names it). */
int pb_csv_layout_read(struct pb_csv_layout *l, char *header,
                       enum pb_col *missing);
/* Splits a row in place into at most PB_CSV_MAX_FIELDS fields; the
 * quoted columns (error) are unquoted, the others end at the next comma.
 * Returns the number of fields. */
int pb_csv_split(const struct pb_csv_layout *l, char *line, char **field);
/* The text of column c in a split row, "" when the file lacks it. */
const char *pb_csv_text(const struct pb_csv_layout *l, char *const *field,
                        enum pb_col c);
/* Parses a split row of at least l->width fields into row (absent
 * columns: "", 0 or NaN). 0, or -EINVAL with *bad the first column whose
 * text is not of its kind. */
int pb_csv_row_read(const struct pb_csv_layout *l, char *const *field,
                    struct pb_row *row, enum pb_col *bad);

/* The verification record: the value of a results.json context's key
 * PB_CTX_VERIFY_PREFIX + the benchmark name (util/context_keys.h). */
enum pb_pass_status {
    PB_PASS_CORRECT,        /* every answer right */
    PB_PASS_WRONG,          /* some answer wrong */
    PB_PASS_FAILED,         /* the variant failed to run */
    PB_PASS_SKIPPED,        /* memory cap, budget: not timed */
    PB_PASS_NOT_APPLICABLE, /* the variant does not accept the corpus */
};

struct pb_pass_record {
    uint64_t order; /* the benchmark's place in the suite */
    enum pb_pass_status status;
    uint64_t correct, instances; /* answers checked right, of instances */
    double seconds;              /* the pass's time; NaN when it did not run */
    char reason[640];            /* why not correct; "" when correct */
};

/* "correct", "wrong", "failed", "skipped", "not_applicable". */
const char *pb_pass_status_name(enum pb_pass_status s);
/* Writes v's value into buf: its length, or -ENAMETOOLONG (truncated). */
int pb_pass_record_write(const struct pb_pass_record *v, char *buf, size_t len);
/* Parses a value written by pb_pass_record_write: 0 or -EINVAL. */
int pb_pass_record_parse(const char *value, struct pb_pass_record *v);

#endif
