/*
 * backend_mpi.c - the MPI execution back end (backend_mpi.h): process 0
 * runs the harness and Google Benchmark, the other processes follow.
 *
 * How: each call of the back end is one struct command broadcast by
 * process 0 (open, solve, close, stop), then the same collective calls
 * on every process in the same order:
 *   open   the corpus is cut into P contiguous slices of instances, slice
 *          r (instances [count r / P, count (r+1) / P)) to process r.
 *          Slices travel as text in the kernel's own format
 *          (format.write_instance, read back by format.read): instances may own
 * memory (cubing's turns, cube_walk's blocked squares), so their bytes cannot
 * travel; their input lines travel beside them, so that a message names the
 * line of the corpus process 0 read. Process 0's slice is a view onto the whole
 * corpus. Each process then opens a local session (pb_backend_local: accepts,
 * the memory check under process 0's cap, build, workers) on its slice. solve
 * every process solves its slice with its local session, timed by the local
 * back end's own window; the call's time is the slowest process's (MPI_Reduce
 * MAX), the work counters and the CPU time and involuntary switches each
 * process measured of its own threads over that window are summed, and the heap
 * figures are the largest process's. Then the answers come to process 0
 * (answer.pack and unpack for answers that own memory, the slots' bytes
 * otherwise; slot sizes may differ between a slice and the whole, cubing's
 *          grows with the largest cube), outside the timed window, so
 *          the harness checks every answer of every timed run exactly as
 *          it checks a local run's.
 *   close  every process closes its session and frees its slice.
 *   census every process runs the census (census.h) of a suite's
 *          `census` line on the distributed engine (frontier2_mpi), whose
 *          own collectives keep them in step; process 0 gets the counts.
 * Any failure is agreed on by all processes (agree: the lowest failing
 * process's code and message reach every process), so they stay in
 * step and process 0 reports it; a refusal (over the memory cap, not
 * applicable) stays a refusal.
 *
 * Why contiguous static slices: a generated corpus's instances are drawn
 * independently, so slices are alike on average, and the slowest slice
 * sets the time, which is what is reported; balancing dynamically would
 * cost a message per chunk of instances, against solves of microseconds.
 * Why process 0 verifies: the oracle and the verified answers live
 * there once, as in a local run, and the answers' bytes are small beside
 * a solve's work. MPI calls are made by the main thread only (Google
 * Benchmark runs a benchmark of one thread on the calling thread):
 * MPI_THREAD_FUNNELED. Cost per solve: one broadcast, four reductions
 * and O(answer bytes) to process 0; per open, O(corpus text).
 */
#include "run/backend_mpi.h"

#include <errno.h>
#include <mpi.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "run/census.h"
#include "run/mpi_env.h"
#include "pb_limits.h"

enum op { OP_OPEN = 1, OP_SOLVE, OP_CLOSE, OP_CENSUS, OP_STOP };

/* What process 0 broadcasts for each call. */
struct command {
    int32_t op;
    int32_t threads;
    uint64_t session; /* which open session (process 0 numbers them) */
    uint64_t count;   /* instances of the whole corpus */
    /* process 0's cap: every process's when the user set it
     * (cap_from_user), else each process's no higher than its own
     * available memory (pb_memory_cap_bounded) */
    uint64_t memory_cap;
    int32_t cap_from_user;
    /* a solve's seconds left before process 0's deadline (clocks differ
     * between hosts, so the time left travels); negative: none */
    double time_left;
    struct pb_size size; /* a census's */
    char kernel[64], variant[64];
    char source[256];
    struct pb_corpus_meta meta;
};

/* One process's part of an open session. */
struct slice {
    uint64_t session;
    size_t first;            /* its first instance in the whole corpus */
    struct pb_corpus corpus; /* its instances; process 0's: a view */
    bool view;               /* corpus borrows the whole corpus's arrays */
    bool open;               /* local holds an open session */
    struct pb_session local;
    void *answers; /* the slice's answers, in the slice's slot size */
    struct slice *next;
};

static uint64_t next_session = 1;

static int world_rank(void)
{
    int r = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &r);
    return r;
}

static int world_size(void)
{
    int n = 1;
    MPI_Comm_size(MPI_COMM_WORLD, &n);
    return n;
}

/* Instances [slice_start(r), slice_start(r + 1)) are process r's. */
static size_t slice_start(uint64_t count, int r, int processes)
{
    return (size_t)(count * (uint64_t)r / (uint64_t)processes);
}

/* 0 when every process's rc is 0; else, on every process, the code and
 * message of the lowest process that failed (named when not 0).
 * Collective. */
static int agree(int rc, struct pb_error *e)
{
    int rank = world_rank(), size = world_size();
    int mine = rc ? rank : size, first = size;
    MPI_Allreduce(&mine, &first, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    if (first == size)
        return 0;
    struct {
        int32_t rc;
        char msg[sizeof(e->msg)];
    } what = {rc, ""};
    if (rank == first && first > 0)
        snprintf(what.msg, sizeof(what.msg), "process %d: %.480s", first,
                 e->msg);
    else if (rank == first)
        memcpy(what.msg, e->msg, sizeof(what.msg));
    MPI_Bcast(&what, sizeof(what), MPI_BYTE, first, MPI_COMM_WORLD);
    memcpy(e->msg, what.msg, sizeof(e->msg));
    e->msg[sizeof(e->msg) - 1] = '\0';
    return what.rc;
}

/* Bytes to process `to` in pieces MPI's int counts hold; len
 * UINT64_MAX says "none" (the sender failed), and nothing follows. */
enum { PIECE = 1 << 30 };

static void send_bytes(const void *buf, uint64_t len, int to)
{
    MPI_Send(&len, 1, MPI_UINT64_T, to, 0, MPI_COMM_WORLD);
    for (uint64_t at = 0; len != UINT64_MAX && at < len; at += PIECE) {
        uint64_t n = len - at < PIECE ? len - at : PIECE;
        MPI_Send((const char *)buf + at, (int)n, MPI_BYTE, to, 0,
                 MPI_COMM_WORLD);
    }
}

/* The bytes send_bytes sent from `from`, in a malloc'ed buffer (one
 * spare NUL byte after them); NULL with *len UINT64_MAX when the sender
 * sent none, NULL with -ENOMEM in *rc when they do not fit (the message
 * is drained all the same, so that the processes stay in step). */
static char *recv_bytes(int from, uint64_t *len, int *rc)
{
    MPI_Recv(len, 1, MPI_UINT64_T, from, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (*len == UINT64_MAX)
        return NULL;
    char *buf = *len < SIZE_MAX ? malloc((size_t)*len + 1) : NULL;
    char *scratch = buf ? NULL : malloc(PIECE);
    for (uint64_t at = 0; at < *len; at += PIECE) {
        uint64_t n = *len - at < PIECE ? *len - at : PIECE;
        MPI_Recv(buf ? buf + at : scratch, (int)n, MPI_BYTE, from, 0,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    free(scratch);
    if (!buf) {
        *rc = -ENOMEM;
        return NULL;
    }
    buf[*len] = '\0';
    return buf;
}

/* Instances [first, first + n) of c in the kernel's format, as the
 * kernel's read takes them back: malloc'ed, or NULL. */
static char *slice_text(const struct pb_corpus *c, size_t first, size_t n,
                        size_t *len)
{
    const struct pb_kernel *k = c->kernel;
    char *text = NULL;
    FILE *f = open_memstream(&text, len);
    if (!f)
        return NULL;
    bool ok = !k->format.write_begin || k->format.write_begin(f, n) >= 0;
    for (size_t i = first; ok && i < first + n; i++)
        ok = k->format.write_instance(f, pb_corpus_item(c, i),
                                      i > first ? pb_corpus_item(c, i - 1)
                                                : NULL) >= 0;
    if (ok && k->format.write_end)
        ok = k->format.write_end(f) >= 0;
    ok = !ferror(f) && ok;
    if (fclose(f) != 0 || !ok) {
        free(text);
        return NULL;
    }
    return text;
}

/* Process 0: every other process's slice of whole, as text and lines. */
static void send_slices(const struct pb_corpus *whole)
{
    int size = world_size();
    for (int r = 1; r < size; r++) {
        /* only process 0 calls this, and there whole is the corpus (the
         * rank invariant the analyzer cannot see) */
        /* NOLINTNEXTLINE(clang-analyzer-core.NullDereference) */
        size_t first = slice_start(whole->count, r, size);
        size_t n = slice_start(whole->count, r + 1, size) - first, len = 0;
        char *text = slice_text(whole, first, n, &len);
        send_bytes(text, text ? len : UINT64_MAX, r);
        send_bytes(whole->lines + first,
                   text ? n * sizeof(*whole->lines) : UINT64_MAX, r);
        free(text);
    }
}

/* Another process: its slice, read back with the kernel's reader, the
 * lines of the whole corpus restored. */
static int recv_slice(const struct pb_kernel *k, const struct command *cmd,
                      struct slice *sl, struct pb_error *e)
{
    uint64_t len = 0, lines_len = 0;
    int rc = 0;
    char *text = recv_bytes(0, &len, &rc);
    uint32_t *lines = (uint32_t *)recv_bytes(0, &lines_len, &rc);
    size_t n =
        slice_start(cmd->count, world_rank() + 1, world_size()) - sl->first;
    pb_corpus_init(&sl->corpus, k, cmd->source);
    if (rc == 0 && (!text || !lines))
        rc = pb_fail(e, -ENOMEM, "process 0 could not write the slice");
    else if (rc)
        pb_fail(e, rc, "out of memory for the corpus's slice");
    if (rc == 0 && n > 0) {
        rc = k->format.read(text, (size_t)len, &sl->corpus, e);
        if (rc == 0 &&
            (sl->corpus.count != n || lines_len != n * sizeof(*lines)))
            rc = pb_fail(e, -EPROTO,
                         "the slice read back as %zu instances, sent %zu",
                         sl->corpus.count, n);
    }
    if (rc == 0 && n > 0)
        /* pb_fail returns its negative code: rc != 0 when lines is NULL */
        /* NOLINTNEXTLINE(clang-analyzer-core.NonNullParamChecker) */
        memcpy(sl->corpus.lines, lines, n * sizeof(*lines));
    sl->corpus.meta = cmd->meta;
    free(text);
    free(lines);
    return rc;
}

/* Every process's run figures into process 0's run: the slowest build
 * and solve, the work, the CPU times and the switches summed (each
 * process measured its own threads; an empty slice's are 0), the
 * largest heap. Collective. */
static void reduce_run(const struct pb_run *mine, struct pb_run *run)
{
    double seconds[2] = {mine->build_seconds, mine->solve_seconds},
           slowest[2] = {0};
    double cpu[4] = {mine->build_cpu_seconds, mine->build_switches,
                     mine->cpu_seconds, mine->involuntary_switches},
           summed[4] = {0};
    uint64_t heap[2] = {mine->heap_peak, mine->heap_allocated}, most[2] = {0};
    MPI_Reduce(seconds, slowest, 2, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
    MPI_Reduce(cpu, summed, 4, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    MPI_Reduce(mine->work.count, run->work.count, PB_MAX_COUNTERS, MPI_UINT64_T,
               MPI_SUM, 0, MPI_COMM_WORLD);
    MPI_Reduce(heap, most, 2, MPI_UINT64_T, MPI_MAX, 0, MPI_COMM_WORLD);
    run->build_seconds = slowest[0];
    run->solve_seconds = slowest[1];
    run->build_cpu_seconds = summed[0];
    run->build_switches = summed[1];
    run->cpu_seconds = summed[2];
    run->involuntary_switches = summed[3];
    run->heap_peak = most[0];
    run->heap_allocated = most[1];
}

static void slice_free(struct slice *sl)
{
    if (sl->open)
        pb_backend_local.close(&sl->local);
    sl->open = false;
    pb_answers_free(&sl->corpus, sl->answers);
    sl->answers = NULL;
    if (!sl->view)
        pb_corpus_free(&sl->corpus);
    free(sl);
}

/* Every process: its slice's local session and answers (none for an
 * empty slice), then the agreement; run gets the slowest build and the
 * largest heap. The slice is freed on failure (*out NULL). */
static int slice_open(const struct command *cmd, const struct pb_corpus *whole,
                      struct slice **out, struct pb_run *run,
                      struct pb_error *e)
{
    int rank = world_rank(), size = world_size(), rc = 0;
    struct slice *sl = calloc(1, sizeof(*sl));
    const struct pb_kernel *k = pb_kernel_find(cmd->kernel);
    const struct pb_variant *v = k ? pb_variant_find(k, cmd->variant) : NULL;
    struct pb_run mine = {0};
    if (rank == 0)
        send_slices(whole);
    if (sl) {
        sl->session = cmd->session;
        sl->first = slice_start(cmd->count, rank, size);
    }
    if (!sl || !v) { /* still take the slice's messages */
        uint64_t len;
        int ignored = 0;
        for (int i = 0; rank > 0 && i < 2; i++)
            free(recv_bytes(0, &len, &ignored));
        rc = sl ? pb_fail(e, -EPROTO, "no variant %s/%s in this build",
                          cmd->kernel, cmd->variant)
                : pb_fail(e, -ENOMEM, "out of memory");
    } else if (rank == 0) { /* the first instances of the whole */
        /* process 0 is the one given the whole corpus (rank invariant) */
        /* NOLINTNEXTLINE(clang-analyzer-core.NullDereference) */
        sl->corpus = *whole;
        sl->corpus.count = slice_start(cmd->count, 1, size);
        sl->view = true;
    } else {
        pb_memory_cap_bounded(cmd->memory_cap, cmd->cap_from_user);
        rc = recv_slice(k, cmd, sl, e);
    }
    /* pb_fail returns its negative code: rc != 0 when sl is NULL */
    /* NOLINTNEXTLINE(clang-analyzer-core.NullDereference) */
    if (rc == 0 && sl->corpus.count > 0) {
        rc = pb_backend_local.open(&sl->local, v, &sl->corpus, cmd->threads,
                                   &mine, e);
        sl->open = rc == 0;
        sl->local.instance_offset = sl->first;
        sl->answers = rc ? NULL : pb_answers_new(&sl->corpus, e);
        if (rc == 0 && !sl->answers)
            rc = -ENOMEM;
    }
    rc = agree(rc, e);
    reduce_run(&mine, run);
    if (rc && sl) {
        slice_free(sl);
        sl = NULL;
    }
    *out = sl;
    return rc;
}

/* One answer's bytes, as unpack (or a plain copy) takes them. */
static size_t answer_pack(const struct pb_corpus *c, const void *slot,
                          void *buf)
{
    const struct pb_answer_ops *ops = &c->kernel->answer;
    if (ops->pack)
        return ops->pack(slot, buf);
    size_t n = pb_answer_size(c);
    if (buf)
        memcpy(buf, slot, n);
    return n;
}

/* The slice's answers, each as its length (8 bytes) and its bytes. */
static char *pack_slice(const struct slice *sl, uint64_t *len)
{
    const struct pb_corpus *c = &sl->corpus;
    const size_t slot = pb_answer_size(c);
    const unsigned char *a = sl->answers;
    uint64_t total = 0;
    for (size_t i = 0; i < c->count; i++)
        total += sizeof(uint64_t) + answer_pack(c, a + i * slot, NULL);
    char *buf = malloc(total ? (size_t)total : 1), *p = buf;
    for (size_t i = 0; buf && i < c->count; i++) {
        uint64_t n = answer_pack(c, a + i * slot, p + sizeof(n));
        memcpy(p, &n, sizeof(n));
        p += sizeof(n) + n;
    }
    *len = total;
    return buf;
}

/* Process 0: the packed answers of instances [first, first + n) into
 * the whole corpus's (cleared) slots. */
static int unpack_into(const struct pb_corpus *whole, void *answers,
                       size_t first, size_t n, const char *buf, uint64_t len,
                       struct pb_error *e)
{
    const struct pb_answer_ops *ops = &whole->kernel->answer;
    const size_t slot = pb_answer_size(whole);
    unsigned char *a = answers;
    const char *p = buf, *end = buf + len;
    for (size_t i = first; i < first + n; i++) {
        uint64_t m;
        if ((size_t)(end - p) < sizeof(m))
            return pb_fail(e, -EPROTO, "answers cut short after %zu", i);
        memcpy(&m, p, sizeof(m));
        p += sizeof(m);
        if ((uint64_t)(end - p) < m || (!ops->unpack && m > slot))
            return pb_fail(e, -EPROTO, "answer %zu: %llu bytes, not one", i + 1,
                           (unsigned long long)m);
        int rc = 0;
        if (ops->unpack)
            rc = ops->unpack(a + i * slot, p, (size_t)m);
        else
            memcpy(a + i * slot, p, (size_t)m);
        if (rc)
            return pb_fail(e, rc, "answer %zu could not be carried: %s", i + 1,
                           strerror(-rc));
        p += m;
    }
    return 0;
}

/* Every process's answers to process 0, into answers (process 0). */
static int gather_answers(const struct pb_corpus *whole, void *answers,
                          const struct slice *sl, struct pb_error *e)
{
    int rank = world_rank(), size = world_size(), rc = 0;
    if (rank > 0) {
        uint64_t len = 0;
        char *buf = sl && sl->answers ? pack_slice(sl, &len) : NULL;
        send_bytes(buf, buf ? len : UINT64_MAX, 0);
        free(buf);
        return 0;
    }
    uint64_t len = 0;
    char *own = sl->answers ? pack_slice(sl, &len) : NULL;
    if (sl->corpus.count && !own)
        rc = pb_fail(e, -ENOMEM, "out of memory for the answers");
    else if (own)
        rc = unpack_into(whole, answers, 0, sl->corpus.count, own, len, e);
    free(own);
    for (int r = 1; r < size; r++) {
        size_t first = slice_start(whole->count, r, size);
        size_t n = slice_start(whole->count, r + 1, size) - first;
        int got = 0;
        char *buf = recv_bytes(r, &len, &got);
        if (rc == 0 && n > 0 && !buf)
            rc = pb_fail(e, got ? got : -EPROTO, "process %d sent no answers",
                         r);
        else if (rc == 0 && buf)
            rc = unpack_into(whole, answers, first, n, buf, len, e);
        free(buf);
    }
    return rc;
}

/* Every process: its slice solved (under the command's time left, as a
 * deadline on its own clock), the agreement, the slowest time, the
 * work summed, the largest heap, then the answers to process 0. */
static int slice_solve(struct slice *sl, const struct command *cmd,
                       const struct pb_corpus *whole, void *answers,
                       struct pb_run *run, struct pb_error *e)
{
    struct pb_run mine = {0};
    int rc = 0;
    if (!sl)
        rc = pb_fail(e, -EPROTO, "no such session here");
    else if (sl->open) {
        sl->local.deadline = cmd->time_left < 0 ? 0 : pb_now() + cmd->time_left;
        rc = pb_backend_local.solve(&sl->local, sl->answers, &mine, e);
    }
    rc = agree(rc, e);
    reduce_run(&mine, run);
    if (rc)
        return rc;
    return agree(gather_answers(whole, answers, sl, e), e);
}

static void broadcast(struct command *cmd)
{
    MPI_Bcast(cmd, sizeof(*cmd), MPI_BYTE, 0, MPI_COMM_WORLD);
}

static int mpi_open(struct pb_session *s, const struct pb_variant *v,
                    const struct pb_corpus *corpus, int threads,
                    struct pb_run *run, struct pb_error *e)
{
    pb_session_init(s, v, corpus, threads, run);
    struct command cmd = {.op = OP_OPEN,
                          .threads = threads,
                          .session = next_session++,
                          .count = corpus->count,
                          .memory_cap = pb_memory_cap(),
                          .cap_from_user = pb_memory_cap_from_user(),
                          .meta = corpus->meta};
    snprintf(cmd.kernel, sizeof(cmd.kernel), "%s", corpus->kernel->name);
    snprintf(cmd.variant, sizeof(cmd.variant), "%s", v->name);
    snprintf(cmd.source, sizeof(cmd.source), "%s", corpus->source);
    broadcast(&cmd);
    struct slice *sl = NULL;
    int rc = slice_open(&cmd, corpus, &sl, run, e);
    s->backend_data = sl;
    return rc;
}

static int mpi_solve(struct pb_session *s, void *answers, struct pb_run *run,
                     struct pb_error *e)
{
    struct slice *sl = s->backend_data;
    struct command cmd = {.op = OP_SOLVE,
                          .session = sl->session,
                          .time_left =
                              s->deadline > 0 ? s->deadline - pb_now() : -1};
    if (s->deadline > 0 && cmd.time_left < 0)
        cmd.time_left = 0; /* already past: stop at once, not never */
    memset(run, 0, sizeof(*run));
    /* outside the timed windows, as the local back end clears */
    pb_answers_clear(s->corpus, answers);
    broadcast(&cmd);
    return slice_solve(sl, &cmd, s->corpus, answers, run, e);
}

static void mpi_close(struct pb_session *s)
{
    struct slice *sl = s->backend_data;
    if (!sl)
        return;
    struct command cmd = {.op = OP_CLOSE, .session = sl->session};
    broadcast(&cmd);
    slice_free(sl);
    s->backend_data = NULL;
}

/* Every process: the census of cmd's kernel and size (default start)
 * on the distributed engine over m, then the agreement. */
static int census_everywhere(const struct command *cmd, const struct pb_mpi *m,
                             struct census_result *out, struct pb_error *e)
{
    const struct pb_kernel *k = pb_kernel_find(cmd->kernel);
    struct census_request req = {
        .size = cmd->size, .start = -1, .threads = cmd->threads, .mpi = m};
    memset(out, 0, sizeof(*out));
    if (world_rank() > 0)
        pb_memory_cap_bounded(cmd->memory_cap, cmd->cap_from_user);
    int rc = k ? census_run(k, &req, out, e)
               : pb_fail(e, -EPROTO, "no kernel %s in this build", cmd->kernel);
    rc = agree(rc, e);
    if (rc)
        census_result_free(out);
    return rc;
}

static int mpi_census(const struct pb_kernel *k,
                      const struct census_request *req,
                      struct census_result *out, struct pb_error *e)
{
    if (req->start >= 0 || req->all_classes || req->reference || req->plan ||
        req->with_inverses || !req->mpi || !req->mpi->on)
        return pb_fail(e, -EINVAL,
                       "the MPI back end times the default start's census "
                       "only");
    struct command cmd = {.op = OP_CENSUS,
                          .threads = req->threads,
                          .memory_cap = pb_memory_cap(),
                          .cap_from_user = pb_memory_cap_from_user(),
                          .size = req->size};
    snprintf(cmd.kernel, sizeof(cmd.kernel), "%s", k->name);
    broadcast(&cmd);
    return census_everywhere(&cmd, req->mpi, out, e);
}

const struct pb_backend pb_backend_mpi = {
    .name = "mpi",
    .open = mpi_open,
    .solve = mpi_solve,
    .close = mpi_close,
    .census = mpi_census,
};

void pb_backend_mpi_stop(void)
{
    struct command cmd = {.op = OP_STOP};
    broadcast(&cmd);
}

/* The served session of that number, unlinked when `take`. */
static struct slice *find(struct slice **list, uint64_t session, bool take)
{
    for (struct slice **p = list; *p; p = &(*p)->next)
        if ((*p)->session == session) {
            struct slice *sl = *p;
            if (take)
                *p = sl->next;
            return sl;
        }
    return NULL;
}

int pb_backend_mpi_serve(const struct pb_mpi *m)
{
    struct slice *open = NULL; /* this process's open sessions */
    int rc = 0;
    for (bool serving = true; serving;) {
        struct command cmd;
        struct pb_run run;
        struct pb_error e = {""};
        struct slice *sl = NULL;
        broadcast(&cmd);
        switch (cmd.op) {
        case OP_OPEN:
            if (slice_open(&cmd, NULL, &sl, &run, &e) == 0) {
                sl->next = open;
                open = sl;
            }
            break;
        case OP_SOLVE:
            slice_solve(find(&open, cmd.session, false), &cmd, NULL, NULL, &run,
                        &e);
            break;
        case OP_CLOSE:
            sl = find(&open, cmd.session, true);
            if (sl)
                slice_free(sl);
            break;
        case OP_CENSUS: {
            struct census_result census;
            if (census_everywhere(&cmd, m, &census, &e) == 0)
                census_result_free(&census);
            break;
        }
        case OP_STOP:
            serving = false;
            break;
        default:
            rc = -EPROTO;
            serving = false;
        }
    }
    while (open) {
        struct slice *next = open->next;
        slice_free(open);
        open = next;
    }
    return rc;
}
