/*
 * pb_kernel.h - the descriptors of kernels and variants, the plug-in
 * points of the harness. A kernel (struct pb_kernel) knows one problem:
 * how to read and write its judge and extended formats, how to generate
 * corpora, and how to check an answer with a plain reference oracle. A
 * variant (struct pb_variant) knows one algorithm for one kernel. The
 * harness (bench/) reaches both only through these descriptors, so adding
 * a variant touches nothing under bench/: its file, its lines in its
 * kernel's NULL-terminated variant table, the build and its row in the
 * docs (docs/development.md, "Adding a variant"). Also here: the
 * registry of kernels and its look-ups (pb_registry.c), and the sizes of
 * a kernel, through its hooks (pb_kernel.c).
 *
 * Instances and answers are plain fixed-size structs owned by the kernel;
 * the harness handles them as opaque blocks of instance_size /
 * pb_answer_size bytes (an answer may own more, see struct
 * pb_answer_ops). Function pointers are called once per corpus (build,
 * worker_new) or once per instance (solve, check), never once per search
 * state.
 */
#ifndef PB_KERNEL_H
#define PB_KERNEL_H

#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "pb_error.h"
#include "pb_size.h"
#include "pb_space.h"
#include "pb_work.h"

struct pb_corpus;

enum pb_variant_flags {
    /* Uses OpenMP inside its build or solve: the harness then gives the
     * T threads to the variant (omp_set_num_threads) and solves the
     * instances one after another, instead of spreading instances over
     * T threads. */
    PB_VARIANT_PARALLEL = 1u << 0,
};

/* One algorithm. Lifecycle per corpus:
 *   build (optional, timed apart) -> worker_new per thread ->
 *   solve per instance -> worker_free -> free_shared.
 * The shared state is read-only after build, so workers on several OpenMP
 * threads may use it at once; each worker owns its scratch memory. */
struct pb_variant {
    const char *name;    /* stable: benchmark names, CSV rows, legends */
    const char *summary; /* one line for `puzzlebench list` */
    unsigned flags;
    /* Optional (NULL: every corpus): whether the variant takes corpus.
     * false with why[] saying so, phrased to follow the variant's name
     * ("handles N = 3 only (...)"; a family, a board feature), for a
     * valid corpus it does not handle. Cheap, allocates
     * nothing, depends on the corpus only. The runner asks it before
     * anything is built (pb_session_open returns PB_NOT_APPLICABLE with
     * the reason); the harness then skips the benchmark with one "not
     * applicable" message, `verify` prints a "not applicable" row and
     * `solve` without --variant gives way to another variant. */
    bool (*accepts)(const struct pb_corpus *corpus, char *why, size_t why_len);
    /* Builds the shared state for a corpus the variant accepts. Never
     * returns PB_NOT_APPLICABLE (that is accepts' answer). */
    int (*build)(const struct pb_corpus *corpus, void **shared,
                 struct pb_error *e);
    void (*free_shared)(void *shared);
    void *(*worker_new)(const struct pb_corpus *corpus, const void *shared);
    /* Writes the answer of one instance into a cleared (zeroed) slot of
     * pb_answer_size bytes; the slot may keep memory the variant
     * allocates here, for the kernel's answer.release to free. Adds
     * what it did to work's counts (the kernel's work.counters; see
     * struct pb_work). */
    int (*solve)(void *worker, const void *instance, void *answer,
                 struct pb_work *work, struct pb_error *e);
    void (*worker_free)(void *worker);
    /* Optional: an upper bound on the heap bytes one run over corpus takes
     * at `threads` threads (build, workers and solves), computed without
     * allocating and with saturating arithmetic (pb_mul_sat, UINT64_MAX
     * for "too big to count"). The runner refuses a run over the memory
     * cap before building (pb_memory_check), instead of letting the OS
     * kill it. */
    uint64_t (*memory_bound)(const struct pb_corpus *corpus, int threads);
};

/* A variant that does not take the corpus (see pb_variant.accepts). */
#define PB_NOT_APPLICABLE (-EOPNOTSUPP)

/* Arguments of `puzzlebench gen`. */
struct pb_gen_args {
    const char *family;  /* family name without its parameter */
    long param;          /* the family's knob after ':' (-1 when absent) */
    struct pb_size size; /* {0, 0} selects the kernel's judge size */
    size_t count;
    uint64_t seed;
    /* Where the generator says up front what a long step will cost (a
     * full search that takes minutes), before starting it; NULL: say
     * nothing. */
    FILE *notes;
    /* Only check the family, its parameter and the size, and return 0
     * before allocating or searching anything (a suite checked when it is
     * read). A depth beyond the deepest layer is found by the search, so
     * it is refused only when the corpus is generated. */
    bool check_only;
};

/* What the harness does with answers: their slots, their text, when two
 * are equally good, and what a slot owns. Answers of a corpus lie in
 * slots of pb_answer_size(corpus) bytes; the runner clears every slot
 * (release, then zero) before a solve, outside any timed region, so a
 * variant writes into a zeroed slot and may let it own memory sized per
 * instance (a route), which release frees again. */
struct pb_tokens;
struct pb_text;

struct pb_answer_ops {
    size_t size; /* the largest slot; see size_for */
    /* Optional: the bytes of one slot for this corpus (at most size), for
     * kernels whose fixed part grows with the instance (cubing: 6N^2
     * stickers for the largest N of the corpus). Use it through
     * pb_answer_size. */
    size_t (*size_for)(const struct pb_corpus *corpus);
    /* Writes one answer in the judge format. */
    int (*write)(FILE *out, const void *instance, const void *answer);
    /* Optional: reads one answer in the judge format from t (a corpus
     * file's expected outputs, or the oracle's answer as write wrote it)
     * and appends the part the problem fixes to fixed, normalised
     * (pb_answer_text.h); false with why[] saying what was expected.
     * hint: the tokens of the oracle's answer to the same instance.
     * NULL: hint tokens, all compared (pb_answer_read_tokens). */
    bool (*read)(struct pb_tokens *t, size_t hint, struct pb_text *fixed,
                 char *why, size_t why_len);
    /* Optional: true when answer is as good as expected, an answer the
     * oracle accepted for the same instance (cube_walk: the route is
     * valid and has the same sum); otherwise false with why[] saying
     * what differs. Decided exactly and cheaply (about the cost of
     * writing the answer), without the oracle: the harness calls it on
     * every answer of every timed iteration. NULL: answers are unique,
     * and the slots' bytes are compared. */
    bool (*same)(const void *instance, const void *expected, const void *answer,
                 char *why, size_t why_len);
    /* Optional: frees what a slot owns and leaves it zeroed and reusable
     * (a no-op on a zeroed slot). Called by the runner and harness
     * outside any timed region: before a slot is reused and when answers
     * are freed. NULL: slots own nothing. A kernel with release has same
     * too: slots that own memory hold pointers, which differ from solve
     * to solve, so their bytes cannot be compared (test_interface checks
     * the registry). */
    void (*release)(void *answer);
    /* Optional, and required with release: one answer carried to another
     * process of the same build (the MPI back end, bench/backend_mpi.c).
     * pack writes the answer's bytes into buf (NULL: only counts them)
     * and returns how many; unpack rebuilds a zeroed slot from len such
     * bytes: 0, -ENOMEM, or -EINVAL (and the slot zeroed) when they are
     * not an answer's. NULL: slots own nothing and their bytes travel. */
    size_t (*pack)(const void *answer, void *buf);
    int (*unpack)(void *answer, const void *buf, size_t len);
};

/* An environment variable a kernel's variants read (cubing's PB_SIMD):
 * its name and the check of its value (0, or -EINVAL with e saying what
 * was expected; NULL: any value), run before a verb that solves starts,
 * so a misspelt knob is refused rather than measured as the default. */
struct pb_env_knob {
    const char *name;
    int (*check)(struct pb_error *e);
};

/* How a kernel's corpora are read and written. */
struct pb_format_ops {
    /* Reads judge or extended format from text (whole input in memory)
     * and appends instances to corpus. */
    int (*read)(const char *text, size_t len, struct pb_corpus *corpus,
                struct pb_error *e);
    /* Writes one instance in the extended format (used by gen); previous
     * is the instance written before it (NULL for the first), so that
     * size directives are written only when the size changes. */
    int (*write_instance)(FILE *out, const void *instance,
                          const void *previous);
    /* Optional: writes what opens a corpus of `count` instances (the
     * case count T of cubing), before the first instance. */
    int (*write_begin)(FILE *out, size_t count);
    /* Optional: writes what closes a corpus in the kernel's format (the
     * "0 0" of cubic_eight), after the last instance. */
    int (*write_end)(FILE *out);
    /* Optional: frees what an instance owns (cubing's turn list); called
     * for every instance by pb_corpus_free. */
    void (*instance_free)(void *instance);
};

/* The reference oracle: built once per corpus (outside any timing). */
struct pb_oracle_ops {
    void *(*build)(const struct pb_corpus *corpus, struct pb_error *e);
    /* true when answer is right; otherwise why[] says what is wrong. */
    bool (*check)(const void *oracle, const void *instance, const void *answer,
                  char *why, size_t why_len);
    /* The oracle's own answer, for showing beside a wrong one, into a
     * zeroed slot of answer.size bytes (the caller releases it). */
    int (*solve)(const void *oracle, const void *instance, void *answer);
    void (*free)(void *oracle);
};

/* A kernel's whole spaces, for the `census` verb and census benchmarks
 * (struct pb_kernel's space; NULL for a kernel without them). */
struct pb_space_ops {
    /* The sizes (and starts) the `census` verb takes, in one line for
     * its --help ("size K, 3..7"). */
    const char *census_help;
    /* Optional: states per depth from the size's start by the kernel's
     * plain reference search (size {0, 0}: the judge's); with_inverses
     * adds each move's inverse. counts[d] for d < *depths. -EINVAL for a
     * size it does not take. */
    int (*census)(const struct pb_size *size, bool with_inverses,
                  uint64_t *counts, size_t max_depths, size_t *depths,
                  struct pb_error *e);
    /* The whole space of a size as dense ranks for the whole-space
     * engine (pb_space.h): fills *out (its owned part freed by free).
     * -EINVAL with a message for a size, start or with_inverses it does
     * not take; -ENOMEM over the memory cap. */
    int (*build)(const struct pb_space_args *args, struct pb_space *out,
                 struct pb_error *e);
    void (*free)(struct pb_space *space);
    /* Optional: the classes of starts of a size (none: one start, the
     * default), into out[] (room for PB_SPACE_MAX_CLASSES); returns how
     * many, or a negative errno with e. */
    int (*classes)(const struct pb_size *size, struct pb_space_class *out,
                   struct pb_error *e);
    /* Optional: reads a start as written on the command line ("2,1":
     * the judge's x,y of cubic_eight's empty cell) into *start, for
     * pb_space_args.start: 0, or -EINVAL with what was expected. */
    int (*start_parse)(const struct pb_size *size, const char *text, int *start,
                       struct pb_error *e);
};

/* One problem: its formats, generator, answers, reference oracle, whole
 * spaces (optional), sizes, work counters and variants, each group of
 * hooks one struct.
 *
 * Memory: generate, oracle.build, space->build and space->census refuse
 * a request whose estimate is over the memory cap (pb_memory_check of
 * pb_limits.h, -ENOMEM with the estimate in e) before allocating
 * anything big. */
struct pb_kernel {
    const char *name;
    const char *summary;
    size_t instance_size;
    struct pb_format_ops format;
    int (*generate)(const struct pb_gen_args *args, struct pb_corpus *corpus,
                    struct pb_error *e);
    const char *families_help; /* one line listing families and params */
    struct pb_answer_ops answer;
    struct pb_oracle_ops oracle;
    const struct pb_space_ops *space; /* optional */
    struct pb_size_ops size;
    struct pb_work_def work; /* the counters its variants fill */
    const struct pb_variant *const *variants; /* NULL-terminated */
    const char *default_variant; /* fastest verified, see docs/results/ */
    /* Optional: the environment knobs of its variants, ended by a NULL
     * name. */
    const struct pb_env_knob *env_knobs;
};

/* The counters of k's work (its work.counters, or the default single
 * "expanded" counter) in *defs, and how many: 1 to PB_MAX_COUNTERS. */
static inline size_t pb_work_counters(const struct pb_kernel *k,
                                      const struct pb_counter_def **defs)
{
    static const struct pb_counter_def expanded[] = {
        {"expanded", "states expanded"}, {NULL, NULL}};
    bool named = k->work.counters && k->work.counters[0].name;
    *defs = named ? k->work.counters : expanded;
    size_t n = 1;
    while (n < PB_MAX_COUNTERS && (*defs)[n].name)
        n++;
    return n;
}

/* The registry: every kernel, NULL-terminated. */
extern const struct pb_kernel *const pb_kernels[];

const struct pb_kernel *pb_kernel_find(const char *name);
const struct pb_variant *pb_variant_find(const struct pb_kernel *k,
                                         const char *name);

/* A kernel's sizes (pb_kernel.c): its size hooks, or the single-number
 * defaults (pb_size.h) when a hook is NULL; parse errors name the kernel
 * and what it expects. */
int pb_size_parse(const struct pb_kernel *k, const char *text,
                  struct pb_size *out, struct pb_error *e);
int pb_size_format(const struct pb_kernel *k, const struct pb_size *s,
                   char *out, size_t len);
double pb_size_value(const struct pb_kernel *k, const struct pb_size *s);
/* s when it is set, else the kernel's judge size. */
struct pb_size pb_size_or_judge(const struct pb_kernel *k,
                                const struct pb_size *s);

#endif
