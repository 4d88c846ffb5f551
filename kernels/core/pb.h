/*
 * pb.h - the contracts between kernels, variants and the harness.
 *
 * A kernel (struct pb_kernel) knows one problem: how to read and write its
 * judge and extended formats, how to generate corpora, and how to check an
 * answer with a plain reference oracle. A variant (struct pb_variant) knows
 * one algorithm for one kernel. The harness (bench/) reaches both only
 * through these descriptors, so adding a variant is one file plus one line
 * in its kernel's NULL-terminated variant table (see docs/development.md,
 * "Adding a variant").
 *
 * Instances and answers are plain fixed-size structs owned by the kernel;
 * the harness handles them as opaque blocks of instance_size /
 * pb_answer_size bytes (an answer may own more, see struct
 * pb_answer_ops). Function pointers are called once per corpus (build,
 * worker_new) or once per instance (solve, check), never once per search state.
 *
 * Errors: actions return 0 or a negative errno-style code and describe the
 * problem in a struct pb_error; predicates return bool.
 */
#ifndef PB_H
#define PB_H

#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* One human-readable message: where (file:line) and what was expected. */
struct pb_error {
    char msg[512];
};

#if defined(__GNUC__)
#define PB_PRINTF(fmt, args) __attribute__((format(printf, fmt, args)))
#else
#define PB_PRINTF(fmt, args)
#endif

/* Sets e->msg (when e is not NULL) and returns code, so callers can write
 * `return pb_fail(e, -EINVAL, "...")`. Control bytes in the message (from
 * echoed input) are written escaped, as pb_escape_controls does. */
int pb_fail(struct pb_error *e, int code, const char *fmt, ...) PB_PRINTF(3, 4);
/* Copies text into out (len > 0 bytes, always terminated), writing each
 * control byte (below 0x20, and 0x7f) as \xHH, so input echoed in a
 * message can neither drive a terminal nor split the line. */
void pb_escape_controls(const char *text, char *out, size_t len);

#include "pb_size.h"  /* struct pb_size */
#include "pb_space.h" /* the whole space, for the engine */

/* What a generated corpus records about itself (the "# key value" header).
 * A judge-format input leaves family empty, size {0, 0} and seed 0. */
struct pb_corpus_meta {
    char kernel[32];
    char family[32];     /* e.g. "uniform" or "depth:14" */
    struct pb_size size; /* the kernel's size (ring width, board, N) */
    uint64_t seed;
    size_t count;  /* declared count; 0 when not declared */
    int generator; /* generator version that wrote it; 0 if not generated */
    uint32_t kernel_line; /* line of the "# kernel" header, for messages */
    /* The "# size" header as written, and its line: the scanner knows no
     * kernel, so pb_corpus_load parses it into size with the kernel's
     * syntax after reading ("" when absent). */
    char size_text[PB_SIZE_TEXT];
    uint32_t size_line;
    /* The largest instance's size, noted by the kernel's reader for every
     * instance it reads (pb_corpus_note_size); {0, 0} when none was.
     * pb_corpus_load names a corpus without a "# size" by it, and refuses
     * a "# size" that differs from it. */
    struct pb_size largest;
    /* The first "# seed", "# count" or "# generator" line whose value is
     * not a whole number, and its key (0 and "" when none): refused by
     * pb_corpus_load in a corpus with a "# kernel" header. */
    uint32_t bad_line;
    char bad_key[16];
};

/* A list of instances of one kernel, as read from a file or generated. */
struct pb_corpus {
    const struct pb_kernel *kernel;
    char source[256]; /* file name, "<stdin>" or "<generated>" */
    struct pb_corpus_meta meta;
    size_t count;
    size_t capacity;
    unsigned char *items; /* count * kernel->instance_size bytes */
    uint32_t *lines;      /* input line where each instance starts */
};

/* Work counters: the most a kernel names (struct pb_work_def). */
#define PB_MAX_COUNTERS 4
/* Counter 0 is the kernel's main unit of work (states expanded for the
 * searches, turns for cubing): what work_per_second and
 * expanded_per_instance report. A kernel with more counters names its
 * other indices in its own header. */
#define PB_WORK_MAIN 0

/* Work done by solves, one count per counter of the kernel's
 * work.counters (unused counts stay 0). A variant adds to the counts of
 * the instance it solves (work->count[PB_WORK_MAIN] += expanded) and
 * never clears them: the runner hands each worker a zeroed pb_work and
 * sums the workers' counts after the timed window. */
struct pb_work {
    uint64_t count[PB_MAX_COUNTERS];
};

/* One counter: name, in [a-z0-9_] (1 to 31 characters; not "units" or
 * "seconds", and "expanded" only as counter 0), is how results files
 * name it ("pops": the pops_per_instance counter; bench/results/work.h); unit
 * says for people what one count is ("states expanded", "queue pops"). */
struct pb_counter_def {
    const char *name;
    const char *unit;
};

/* What a kernel's solves count, and what to divide the counts by. */
struct pb_work_def {
    /* Counter i counts into pb_work.count[i]; terminated by a NULL
     * name; 1 to PB_MAX_COUNTERS of them. NULL: one counter,
     * {"expanded", "states expanded"} (pb_work_counters), as for an
     * empty table. */
    const struct pb_counter_def *counters;
    /* Optional: the instance's size in units of work (cube_walk: its
     * reachable states), the denominator of the per-unit figures (time,
     * and each counter, per unit); pure, cheap next to a solve, called
     * outside any timed region, once per instance per benchmark. NULL:
     * no per-unit figures. */
    uint64_t (*units)(const void *instance);
    /* The unit, singular, for people ("reachable state"); with units. */
    const char *unit_name;
};

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

/* A variant that does not take the corpus (see pb_variant.accepts). */
#define PB_NOT_APPLICABLE (-EOPNOTSUPP)

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
     * process of the same build (the MPI back end, bench/run/backend_mpi.c).
     * pack writes the answer's bytes into buf (NULL: only counts them)
     * and returns how many; unpack rebuilds a zeroed slot from len such
     * bytes: 0, -ENOMEM, or -EINVAL (and the slot zeroed) when they are
     * not an answer's. NULL: slots own nothing and their bytes travel. */
    size_t (*pack)(const void *answer, void *buf);
    int (*unpack)(void *answer, const void *buf, size_t len);
};

/* A kernel's sizes: their syntax, the judge's size and what figures plot.
 * Every text of a size (benchmark names, results.csv, summary.csv, the
 * "# size" header of corpora, `gen --size`, suite lines, corpus file
 * names) is written by format and read by parse, through pb_size_parse,
 * pb_size_format and pb_size_value, which fall back to a single decimal
 * number (pb_size_parse_number and its siblings) when a hook is NULL.
 * parse(format(s)) == s for every size parse accepts. */
struct pb_size_ops {
    /* The axis label of figures against size ("board cells (rows x
     * columns)"); NULL: "size". */
    const char *label;
    /* The judge's size, used when none is given. */
    struct pb_size judge;
    /* Optional: reads text (NUL-terminated, whole) as a size: 0, or
     * -EINVAL with e saying what was expected ("3x4", "2..64"). Syntax
     * only: it refuses what no size of the kernel can be written as, the
     * generator and census refuse sizes they cannot build. Allocates
     * nothing. NULL: pb_size_parse_number. */
    int (*parse)(const char *text, struct pb_size *out, struct pb_error *e);
    /* Optional: writes s in the canonical syntax, which parse reads back
     * to s: 0, or -ENAMETOOLONG when it does not fit in len bytes.
     * NULL: pb_size_format_number. */
    int (*format)(const struct pb_size *s, char *out, size_t len);
    /* Optional: the value figures plot for s (board cells, K, N).
     * NULL: pb_size_value_number. */
    double (*value)(const struct pb_size *s);
};

/* An environment variable a kernel's variants read (cubing's PB_SIMD):
 * its name and the check of its value (0, or -EINVAL with e saying what
 * was expected; NULL: any value), run before a verb that solves starts,
 * so a misspelt knob is refused rather than measured as the default. */
struct pb_env_knob {
    const char *name;
    int (*check)(struct pb_error *e);
};

/* One problem.
 *
 * Memory: generate, oracle_new and census refuse a request whose estimate
 * is over the memory cap (pb_memory_check of pb_limits.h, -ENOMEM with
 * the estimate in e) before allocating anything big. */
struct pb_kernel {
    const char *name;
    const char *summary;
    size_t instance_size;
    struct pb_answer_ops answer;
    struct pb_work_def work; /* the counters its variants fill */
    struct pb_size_ops size;
    const char *families_help;   /* one line listing families and params */
    const char *default_variant; /* fastest verified, see docs/results/ */
    /* Optional: the environment knobs of its variants, ended by a NULL
     * name. */
    const struct pb_env_knob *env_knobs;

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
    int (*generate)(const struct pb_gen_args *args, struct pb_corpus *corpus,
                    struct pb_error *e);

    /* The reference oracle: built once per corpus (outside any timing). */
    void *(*oracle_new)(const struct pb_corpus *corpus, struct pb_error *e);
    /* true when answer is right; otherwise why[] says what is wrong. */
    bool (*oracle_check)(const void *oracle, const void *instance,
                         const void *answer, char *why, size_t why_len);
    /* The oracle's own answer, for showing beside a wrong one, into a
     * zeroed slot of answer.size bytes (the caller releases it). */
    int (*oracle_solve)(const void *oracle, const void *instance, void *answer);
    void (*oracle_free)(void *oracle);

    /* With census or space_new: the sizes (and starts) the `census` verb
     * takes, in one line for its --help ("size K, 3..7"). */
    const char *census_help;
    /* Optional: states per depth from the size's start (`census` verb;
     * size {0, 0}: the judge's); with_inverses adds each move's inverse.
     * counts[d] for d < *depths. -EINVAL for a size it does not take. */
    int (*census)(const struct pb_size *size, bool with_inverses,
                  uint64_t *counts, size_t max_depths, size_t *depths,
                  struct pb_error *e);

    /* Optional: the whole space of a size as dense ranks for the
     * whole-space engine (pb_space.h): fills *out (its owned part freed
     * by space_free). -EINVAL with a message for a size, start or
     * with_inverses it does not take; -ENOMEM over the memory cap. */
    int (*space_new)(const struct pb_space_args *args, struct pb_space *out,
                     struct pb_error *e);
    void (*space_free)(struct pb_space *space);
    /* Optional: the classes of starts of a size (none: one start, the
     * default), into out[] (room for PB_SPACE_MAX_CLASSES); returns how
     * many, or a negative errno with e. */
    int (*space_classes)(const struct pb_size *size, struct pb_space_class *out,
                         struct pb_error *e);
    /* Optional: reads a start as written on the command line ("2,1":
     * the judge's x,y of cubic_eight's empty cell) into *start, for
     * pb_space_args.start: 0, or -EINVAL with what was expected. */
    int (*space_start_parse)(const struct pb_size *size, const char *text,
                             int *start, struct pb_error *e);

    const struct pb_variant *const *variants; /* NULL-terminated */
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

/* Sizes (pb_size.c). The kernel's hooks, or the single-number defaults
 * when a hook is NULL; parse errors name the kernel and what it expects. */
int pb_size_parse(const struct pb_kernel *k, const char *text,
                  struct pb_size *out, struct pb_error *e);
int pb_size_format(const struct pb_kernel *k, const struct pb_size *s,
                   char *out, size_t len);
double pb_size_value(const struct pb_kernel *k, const struct pb_size *s);
/* s when it is set, else the kernel's judge size. */
struct pb_size pb_size_or_judge(const struct pb_kernel *k,
                                const struct pb_size *s);
bool pb_size_set(const struct pb_size *s);
bool pb_size_equal(const struct pb_size *x, const struct pb_size *y);
/* The single-number syntax: decimal digits, 1..PB_SIZE_MAX, as {n, 0}. */
int pb_size_parse_number(const char *text, struct pb_size *out,
                         struct pb_error *e);
int pb_size_format_number(const struct pb_size *s, char *out, size_t len);
double pb_size_value_number(const struct pb_size *s);
/* The board syntax: ROWSxCOLUMNS ("3x4"), each 1..PB_SIZE_MAX, as
 * {rows, columns}; plotted as its cells. */
int pb_size_parse_board(const char *text, struct pb_size *out,
                        struct pb_error *e);
int pb_size_format_board(const struct pb_size *s, char *out, size_t len);
double pb_size_value_cells(const struct pb_size *s);

/* Corpus storage. */
void pb_corpus_init(struct pb_corpus *c, const struct pb_kernel *k,
                    const char *source);
/* Notes one instance's size in c->meta.largest (a reader calls it for
 * every instance it reads, the judge's size included). */
void pb_corpus_note_size(struct pb_corpus *c, struct pb_size size);
/* Appends a zeroed instance slot starting at input line `line`; NULL when
 * out of memory. */
void *pb_corpus_push(struct pb_corpus *c, uint32_t line);
const void *pb_corpus_item(const struct pb_corpus *c, size_t i);
void pb_corpus_free(struct pb_corpus *c);

/* Reads all of f into a malloc'ed buffer, NUL-terminated (*len bytes
 * before the terminator). Every input is read once, whole, by this: a
 * pipe or FIFO cannot be read twice, so whatever is learnt from an input
 * (its header, its hash, its instances) is learnt from this buffer.
 * Refuses while it reads, so that /dev/zero or an endless pipe stops at
 * once: a NUL byte (-EINVAL, "SOURCE:LINE: binary data (a NUL byte);
 * expected AS_TEXT as text") or more than pb_input_cap() bytes (-EFBIG,
 * "SOURCE: input larger than the input cap of N; expected WHOLE of at
 * most that size (--max-input raises the cap)"). */
int pb_input_read(FILE *f, const char *source, const char *as_text,
                  const char *whole, char **text, size_t *len,
                  struct pb_error *e);
/* A corpus file's whole text, read once (pb_input_read); path NULL is
 * standard input ("<stdin>" in messages); a folder is refused. k names
 * the kernel in messages; NULL when it is not known yet (the header will
 * say). */
int pb_corpus_read(const struct pb_kernel *k, const char *path, char **text,
                   size_t *len, struct pb_error *e);
/* The kernel a corpus text's leading comment lines name ("# kernel
 * NAME", as gen writes it) into name, and its line; "" and 0 when they
 * name none (a judge-format file). */
void pb_corpus_header_kernel(const char *text, size_t len, char *name,
                             size_t name_len, uint32_t *line);
/* Parses a corpus text with the kernel's reader into c, including the
 * "# key value" header of generated corpora (a header naming another
 * kernel is refused before the reader starts); source names the text in
 * messages. */
int pb_corpus_parse(const struct pb_kernel *k, const char *source,
                    const char *text, size_t len, struct pb_corpus *c,
                    struct pb_error *e);
/* pb_corpus_read then pb_corpus_parse: path "-" or NULL is stdin. */
int pb_corpus_load(const struct pb_kernel *k, const char *path,
                   struct pb_corpus *c, struct pb_error *e);
/* Writes header and instances to the file the user named ("-" or NULL
 * for stdout; see pb_write_named in pb_file.h: a regular file through a
 * temporary renamed into place, so a failed write never leaves a
 * half-written corpus; a device or FIFO in place; a symlink followed). */
int pb_corpus_save(const struct pb_corpus *c, const char *path,
                   struct pb_error *e);
/* The same for a corpus in a folder of puzzlebench's own (run --data):
 * always through a temporary, never through a symbolic link. */
int pb_corpus_save_own(const struct pb_corpus *c, const char *path,
                       struct pb_error *e);
/* The bytes of one answer of corpus c (its kernel's answer.size_for, or
 * answer.size); answers of a corpus are laid out at this stride, and the
 * runner clears each slot before the variant writes its answer. */
size_t pb_answer_size(const struct pb_corpus *c);
/* The most heap bytes a corpus of `count` instances of k takes while it
 * grows (instances and line numbers, geometric growth and the copy of a
 * realloc included), without what instances own (cubing's turns);
 * saturating. For generators' estimates. */
uint64_t pb_corpus_bytes(const struct pb_kernel *k, uint64_t count);
/* FNV-1a 64 over the instances as the extended format writes them. */
uint64_t pb_corpus_hash(const struct pb_corpus *c);

#endif
