/*
 * frontier2_mpi.c - the 2-bit frontier BFS across MPI processes
 * (frontier2_mpi.h has the contracts; frontier2.c the one-process engine
 * whose coding, marks and block maps this shares, frontier2_internal.h).
 *
 * Partition: process i owns the contiguous ranks [i * S, (i + 1) * S),
 * S = ceil(n / P) rounded up to a word (32 ranks), the last one fewer.
 * Contiguous blocks keep the one-process scan (a word of 32 slots, the
 * 8192-rank blocks that are skipped when they hold no frontier) and make
 * the owner one division; the cost is no locality, since a move of a
 * permutation puzzle lands anywhere in Lehmer order: about (P - 1) / P
 * of all neighbours go to another process whatever the partition is, so
 * a cleverer one (hashing, a Gray-code order) would buy balance only,
 * and contiguous blocks are already balanced to a word.
 *
 * A level (seen coding: unseen / frontier / next / seen) is top-down in
 * rounds. A round takes the next blocks of this process's frontier whose
 * states times the moves stay under round_targets (per-block frontier
 * counts are taken first), expands them with OpenMP threads, marks the
 * local neighbours at once (batched and prefetched as frontier2.c does)
 * and gathers the others a few hundred at a time, which go to one send
 * region per owner (a slice reserved by one atomic add per owner and
 * flush) as offsets within the owner's block (4 bytes while a block
 * holds under 2^32 ranks, else 8); they are exchanged (MPI_Alltoallv after an
 * MPI_Alltoall of the counts, or point to point: MPI_Isend to every process and
 * MPI_Probe / MPI_Recv of each message as it comes, marked at once), and an
 * MPI_Allreduce says whether every process is done. The round bound caps
 * every buffer whatever the level's size: a send region holds
 * round_targets entries (no owner can get more in a round), and the
 * receive buffer P times that for all-to-all (once point to point); so
 * the buffers grow with P (2P round_targets entries a process).
 * After the level, MPI_Allreduce sums the states found (the counts, so
 * every process agrees when to stop) and the bytes sent, and takes the
 * slowest process's compute and MPI seconds.
 *
 * Why no bottom-up levels: a bottom-up check needs the frontier codes of
 * predecessors that other processes own. A replicated frontier bitmap
 * costs N / 8 bytes on every process (more than a process's own N / 4P
 * share of the array from P = 3 on, and 10.9 GB per process for the
 * 2 x 7 ring), and a request/reply round sends about as many ranks as
 * the top-down round it replaces, twice. It would buy little anyway: on
 * the 2 x 6 ring the one-process engine is as fast top-down only as
 * direction-optimizing (docs/results/mpi.md), because the seen coding
 * expands nothing twice; on cubic_eight bottom-up never pays.
 *
 * MPI calls are made by the calling thread between parallel regions
 * (MPI_THREAD_FUNNELED is enough). Every failure that could strike one
 * process only (memory) is agreed on by an MPI_Allreduce before anyone
 * goes on, so all return the same error and none waits forever.
 *
 * Cost per level: O(N / P) words scanned, O(moves) callback work per
 * frontier state, one 4- or 8-byte message entry per remote neighbour;
 * memory N / 4P bytes plus the bounded buffers per process.
 */
#include "frontier2_mpi.h"

#include <errno.h>
#include <omp.h>
#include <stdlib.h>
#include <string.h>

#include "frontier2_internal.h"
#include "pb_limits.h"
#include "pb_units.h"

#define BATCH 256 /* neighbours computed ahead of their marks */
#define STAGE 512 /* remote neighbours a thread gathers per copy out */
/* received entries ahead whose words are prefetched while one is marked:
 * 16 left mark_received 13 % of a process's samples on 2 x 6 over 2
 * processes, 64 11 % (perf record, a run each) */
#define PREFETCH_AHEAD 64

/* Ranks per process: ceil(n / p) rounded up to a whole word. */
static uint64_t share_ranks(uint64_t n, int p)
{
    uint64_t s = n / (uint64_t)p + (n % (uint64_t)p != 0);
    /* whole words, counted before they are multiplied back: a share
     * near 2^64 saturates instead of wrapping to a small one */
    uint64_t words = s / RANKS_PER_WORD + (s % RANKS_PER_WORD != 0);
    return pb_mul_sat(words, RANKS_PER_WORD);
}

/* The round bound used: at least a block's neighbours. */
static uint64_t round_bound(uint64_t round_targets, unsigned moves)
{
    uint64_t cap = round_targets ? round_targets : FRONTIER2_MPI_ROUND_TARGETS;
    uint64_t block = BLOCK_RANKS * moves;
    return cap < block ? block : cap;
}

static size_t entry_bytes(uint64_t share)
{
    return share > UINT32_MAX ? sizeof(uint64_t) : sizeof(uint32_t);
}

uint64_t frontier2_mpi_process_bytes(uint64_t n, int p, unsigned moves,
                                     uint64_t round_targets,
                                     enum frontier2_mpi_exchange exchange)
{
    uint64_t share = share_ranks(n, p);
    uint64_t array = frontier2_bytes(share);
    uint64_t blocks = share / BLOCK_RANKS + 1;
    uint64_t cap = round_bound(round_targets, moves);
    uint64_t esz = entry_bytes(share);
    uint64_t recv = exchange == FRONTIER2_MPI_ALLTOALLV ? (uint64_t)p : 1;
    /* a send region per process, and the receive buffer (per-thread
     * scratch of a few KB aside) */
    uint64_t buffers = pb_mul_sat(pb_mul_sat(cap, esz), (uint64_t)p + recv);
    return pb_add_sat(pb_add_sat(array, blocks * 6), buffers);
}

/* A process's part of the search. */
struct dist {
    const struct pb_space *s;
    MPI_Comm comm;
    int me, p, threads;
    enum frontier2_mpi_exchange exchange;
    uint64_t share, lo, nloc, words, blocks;
    uint64_t *a;
    uint8_t *active, *marked;
    uint32_t *fcount;    /* frontier states per block, this level */
    uint64_t *fill;      /* entries in each process's send region (atomic
                            while threads gather) */
    uint32_t *owners;    /* per thread, STAGE owners of a flush */
    uint64_t *counts;    /* per thread, P counts of a flush */
    uint64_t cap;        /* round bound */
    unsigned char *send; /* a region of cap entries per process */
    unsigned char *recv;
    uint64_t recv_cap; /* entries */
    double inv_share;  /* 1 / share, for owner_of */
    size_t esz;        /* 4 or 8 */
    MPI_Datatype type;
    int *scount, *sdispl, *rcount, *rdispl;
    MPI_Request *reqs;
    unsigned cur, nc;
    /* this level, this process */
    uint64_t found, bytes_sent;
    unsigned rounds;
    double compute, comm_time;
};

/* t / share without a 64-bit division: the product by 1 / share is
 * within one of the quotient (t < 2^53), then corrected. With the
 * division, remote_flush took 11 % of a process's samples on the 2 x 6
 * ring over 2 processes; with this, 6 % (perf record, a run each). */
static inline uint32_t owner_of(const struct dist *d, uint64_t t)
{
    uint64_t q = (uint64_t)((double)t * d->inv_share);
    q -= q * d->share > t;
    q += (q + 1) * d->share <= t;
    return (uint32_t)q;
}

/* Sends a thread's gathered remote neighbours to their owners' send
 * regions as offsets in the owner's block: one pass finds the owners and
 * counts them, one atomic add per owner reserves its slots, one pass
 * writes them. */
static void remote_flush(struct dist *d, const uint64_t *stage, unsigned len)
{
    int t = omp_get_thread_num(), p = d->p;
    uint32_t *owner = d->owners + (size_t)t * STAGE;
    uint64_t *at = d->counts + (size_t)t * (size_t)p;
    memset(at, 0, (size_t)p * sizeof(uint64_t));
    for (unsigned i = 0; i < len; i++) {
        owner[i] = owner_of(d, stage[i]);
        at[owner[i]]++;
    }
    for (int q = 0; q < p; q++)
        if (at[q])
            at[q] = (uint64_t)q * d->cap +
                    __atomic_fetch_add(&d->fill[q], at[q], __ATOMIC_RELAXED);
    if (d->esz == sizeof(uint32_t)) {
        uint32_t *out = (uint32_t *)d->send;
        for (unsigned i = 0; i < len; i++)
            out[at[owner[i]]++] =
                (uint32_t)(stage[i] - (uint64_t)owner[i] * d->share);
    } else {
        uint64_t *out = (uint64_t *)d->send;
        for (unsigned i = 0; i < len; i++)
            out[at[owner[i]]++] = stage[i] - (uint64_t)owner[i] * d->share;
    }
}

/* Marks the batch's local neighbours, gathers the others. */
static uint64_t batch_flush(struct dist *d, uint64_t *batch, unsigned len,
                            uint64_t *stage, unsigned *slen)
{
    uint64_t found = 0;
    for (unsigned i = 0; i < len; i++) {
        uint64_t t = batch[i] - d->lo;
        if (t < d->nloc) {
            found += mark(d->a, d->marked, t, d->nc);
            continue;
        }
        stage[(*slen)++] = batch[i];
        if (*slen == STAGE) {
            remote_flush(d, stage, *slen);
            *slen = 0;
        }
    }
    return found;
}

/* Expands the frontier of blocks [b0, b1). */
static uint64_t expand(struct dist *d, uint64_t b0, uint64_t b1)
{
    uint64_t found = 0;
    pb_space_moves_fn next = d->s->next;
    const void *ctx = d->s->ctx;
#pragma omp parallel default(none) shared(d, b0, b1, next, ctx)               \
    reduction(+ : found) num_threads(d->threads)
    {
        uint64_t batch[BATCH + PB_SPACE_MAX_MOVES], stage[STAGE];
        unsigned len = 0, slen = 0;
        uint64_t *a = d->a, lo = d->lo, nloc = d->nloc;
        unsigned cur = d->cur;
#pragma omp for schedule(dynamic, 1) nowait
        for (uint64_t blk = b0; blk < b1; blk++) {
            if (!d->fcount[blk])
                continue;
            uint64_t end = (blk + 1) * BLOCK_WORDS;
            for (uint64_t w = blk * BLOCK_WORDS; w < end && w < d->words; w++) {
                uint64_t x = __atomic_load_n(&a[w], __ATOMIC_RELAXED);
                uint64_t frontier =
                    frontier2_slots(x, cur) & valid_slots(w, nloc);
                uint64_t m = frontier;
                while (m) {
                    uint64_t r =
                        w * RANKS_PER_WORD + (unsigned)__builtin_ctzll(m) / 2;
                    m &= m - 1;
                    unsigned k = next(ctx, lo + r, &batch[len]);
                    for (unsigned i = 0; i < k; i++) {
                        uint64_t t = batch[len + i] - lo;
                        if (t < nloc)
                            __builtin_prefetch(&a[t / RANKS_PER_WORD], 1);
                    }
                    len += k;
                    if (len >= BATCH) {
                        found += batch_flush(d, batch, len, stage, &slen);
                        len = 0;
                    }
                }
                if (frontier) /* expanded: seen from now on */
                    __atomic_fetch_or(&a[w], seen_bits(frontier, cur),
                                      __ATOMIC_RELAXED);
            }
        }
        found += batch_flush(d, batch, len, stage, &slen);
        if (slen)
            remote_flush(d, stage, slen);
    }
    return found;
}

/* The round's send counts and displacements: process q's region starts
 * at q * cap (a round computes at most cap neighbours, so no region
 * overflows). */
static void round_counts(struct dist *d)
{
    for (int q = 0; q < d->p; q++) {
        d->scount[q] = (int)d->fill[q];
        d->sdispl[q] = (int)((uint64_t)q * d->cap);
        d->bytes_sent += d->fill[q] * d->esz;
        d->fill[q] = 0;
    }
}

/* Marks the n received offsets (this process's own ranks). */
static uint64_t mark_received(struct dist *d, const unsigned char *buf,
                              int64_t n)
{
    uint64_t found = 0;
    uint64_t *a = d->a;
    uint8_t *marked = d->marked;
    unsigned nc = d->nc;
    bool narrow = d->esz == sizeof(uint32_t);
    const uint32_t *n32 = (const uint32_t *)buf;
    const uint64_t *n64 = (const uint64_t *)buf;
#pragma omp parallel for schedule(static) default(none)                        \
    shared(a, marked, nc, narrow, n32, n64, n) reduction(+ : found)            \
    num_threads(d->threads)
    for (int64_t i = 0; i < n; i++) {
        if (i + PREFETCH_AHEAD < n) {
            uint64_t f =
                narrow ? n32[i + PREFETCH_AHEAD] : n64[i + PREFETCH_AHEAD];
            __builtin_prefetch(&a[f / RANKS_PER_WORD], 1);
        }
        found += mark(a, marked, narrow ? n32[i] : n64[i], nc);
    }
    return found;
}

static void exchange_alltoallv(struct dist *d, uint64_t *found)
{
    double t0 = MPI_Wtime();
    MPI_Alltoall(d->scount, 1, MPI_INT, d->rcount, 1, MPI_INT, d->comm);
    int at = 0;
    for (int q = 0; q < d->p; q++) {
        d->rdispl[q] = at;
        at += d->rcount[q];
    }
    MPI_Alltoallv(d->send, d->scount, d->sdispl, d->type, d->recv, d->rcount,
                  d->rdispl, d->type, d->comm);
    double t1 = MPI_Wtime();
    *found += mark_received(d, d->recv, at);
    d->comm_time += t1 - t0;
    d->compute += MPI_Wtime() - t1;
}

static void exchange_point_to_point(struct dist *d, uint64_t *found)
{
    int tag = (int)(d->rounds % 30000), n = 0;
    double t0 = MPI_Wtime(), marking = 0;
    for (int q = 0; q < d->p; q++)
        if (q != d->me)
            MPI_Isend(d->send + (size_t)d->sdispl[q] * d->esz, d->scount[q],
                      d->type, q, tag, d->comm, &d->reqs[n++]);
    for (int i = 0; i < d->p - 1; i++) {
        MPI_Status st;
        int count;
        MPI_Probe(MPI_ANY_SOURCE, tag, d->comm, &st);
        MPI_Get_count(&st, d->type, &count);
        MPI_Recv(d->recv, count, d->type, st.MPI_SOURCE, tag, d->comm,
                 MPI_STATUS_IGNORE);
        double m0 = MPI_Wtime();
        *found += mark_received(d, d->recv, count);
        marking += MPI_Wtime() - m0;
    }
    MPI_Waitall(n, d->reqs, MPI_STATUSES_IGNORE);
    d->comm_time += MPI_Wtime() - t0 - marking;
    d->compute += marking;
}

/* Counts each block's frontier states; 0 where the block has none. */
static void count_frontier(struct dist *d)
{
    uint64_t *a = d->a;
#pragma omp parallel for schedule(dynamic, 16) default(none) shared(d, a)      \
    num_threads(d->threads)
    for (uint64_t blk = 0; blk < d->blocks; blk++) {
        uint32_t c = 0;
        if (d->active[blk]) {
            uint64_t end = (blk + 1) * BLOCK_WORDS;
            for (uint64_t w = blk * BLOCK_WORDS; w < end && w < d->words; w++)
                c += (uint32_t)__builtin_popcountll(
                    frontier2_slots(a[w], d->cur) & valid_slots(w, d->nloc));
        }
        d->fcount[blk] = c;
    }
}

/* One top-down level in rounds; d->found is this process's new states. */
static void level(struct dist *d)
{
    double t0 = MPI_Wtime();
    count_frontier(d);
    d->compute += MPI_Wtime() - t0;
    uint64_t blk = 0;
    unsigned moves = d->s->moves;
    for (;;) {
        double c0 = MPI_Wtime();
        uint64_t b0 = blk, sum = 0;
        while (blk < d->blocks &&
               (sum == 0 || sum + (uint64_t)d->fcount[blk] * moves <= d->cap))
            sum += (uint64_t)d->fcount[blk++] * moves;
        d->found += expand(d, b0, blk);
        round_counts(d);
        d->compute += MPI_Wtime() - c0;
        if (d->exchange == FRONTIER2_MPI_ALLTOALLV)
            exchange_alltoallv(d, &d->found);
        else
            exchange_point_to_point(d, &d->found);
        d->rounds++;
        double w0 = MPI_Wtime();
        int done = blk == d->blocks, all = 0;
        MPI_Allreduce(&done, &all, 1, MPI_INT, MPI_LAND, d->comm);
        d->comm_time += MPI_Wtime() - w0;
        if (all)
            break;
    }
}

static void dist_free(struct dist *d)
{
    free(d->a);
    free(d->active);
    free(d->marked);
    free(d->fcount);
    free(d->fill);
    free(d->owners);
    free(d->counts);
    free(d->send);
    free(d->recv);
    free(d->scount);
    free(d->sdispl);
    free(d->rcount);
    free(d->rdispl);
    free(d->reqs);
}

/* The error of the lowest process that has one, on every process. */
static int share_error(MPI_Comm comm, int me, int p, int rc, struct pb_error *e)
{
    int who = rc ? me : p, first = p;
    MPI_Allreduce(&who, &first, 1, MPI_INT, MPI_MIN, comm);
    if (first == p)
        return 0;
    int code = rc;
    MPI_Bcast(&code, 1, MPI_INT, first, comm);
    MPI_Bcast(e->msg, (int)sizeof(e->msg), MPI_CHAR, first, comm);
    return code;
}

/* The memory check: the processes on each host together against the
 * cap of the host's first process, which decides for them all. */
static int check_memory(const struct pb_space *s, MPI_Comm comm, int me, int p,
                        uint64_t per_process, struct pb_error *e)
{
    MPI_Comm host;
    MPI_Comm_split_type(comm, MPI_COMM_TYPE_SHARED, me, MPI_INFO_NULL, &host);
    int on_host = 1, host_rank = 0;
    MPI_Comm_size(host, &on_host);
    MPI_Comm_rank(host, &host_rank);
    /* the largest share times the host's processes: a sum could wrap
     * past 2^64 to a small need that passes the cap; this saturates */
    uint64_t most = 0;
    MPI_Allreduce(&per_process, &most, 1, MPI_UINT64_T, MPI_MAX, host);
    MPI_Comm_free(&host);
    uint64_t need = pb_mul_sat(most, (uint64_t)on_host);
    int rc = 0;
    if (host_rank == 0) {
        char name[MPI_MAX_PROCESSOR_NAME], each[32];
        char what[sizeof(s->what) + MPI_MAX_PROCESSOR_NAME + 160];
        int len = 0;
        MPI_Get_processor_name(name, &len);
        pb_units_bytes(each, sizeof(each), (double)per_process);
        snprintf(what, sizeof(what),
                 "the 2-bit search of %s over %d processes (%s each, %d of "
                 "them on host %s)",
                 s->what[0] ? s->what : "the space", p, each, on_host, name);
        rc = pb_memory_check(need, what, e);
    }
    return share_error(comm, me, p, rc, e);
}

static int dist_new(struct dist *d, const struct pb_space *s, MPI_Comm comm,
                    const struct frontier2_mpi_options *opt, struct pb_error *e)
{
    memset(d, 0, sizeof(*d));
    d->s = s;
    d->comm = comm;
    MPI_Comm_rank(comm, &d->me);
    MPI_Comm_size(comm, &d->p);
    d->threads = opt->threads;
    d->exchange = opt->exchange;
    d->share = share_ranks(s->n, d->p);
    d->inv_share = 1.0 / (double)d->share;
    d->lo = d->share * (uint64_t)d->me;
    d->nloc = d->lo >= s->n ? 0 : s->n - d->lo;
    if (d->nloc > d->share)
        d->nloc = d->share;
    d->words = frontier2_bytes(d->nloc) / sizeof(uint64_t);
    d->blocks = (d->words + BLOCK_WORDS - 1) / BLOCK_WORDS;
    d->cap = round_bound(opt->round_targets, s->moves);
    d->esz = entry_bytes(d->share);
    d->type = d->esz == sizeof(uint32_t) ? MPI_UINT32_T : MPI_UINT64_T;
    d->recv_cap = d->exchange == FRONTIER2_MPI_ALLTOALLV
                      ? d->cap * (uint64_t)d->p
                      : d->cap;
    /* the same on every process: no agreement needed */
    if (d->cap * (uint64_t)d->p > INT32_MAX || d->recv_cap > INT32_MAX)
        return pb_fail(e, -EINVAL,
                       "frontier2_mpi: rounds of %llu neighbours over %d "
                       "processes exceed MPI's int counts; lower the round "
                       "bound",
                       (unsigned long long)d->cap, d->p);
    uint64_t need = frontier2_mpi_process_bytes(
        s->n, d->p, s->moves, opt->round_targets, opt->exchange);
    int rc = check_memory(s, comm, d->me, d->p, need, e);
    if (rc || opt->plan_only)
        return rc;
    size_t p = (size_t)d->p, blocks = d->blocks ? d->blocks : 1;
    d->a = d->words ? frontier2_array_new(d->words * sizeof(uint64_t),
                                          !opt->no_huge_pages)
                    : malloc(sizeof(uint64_t));
    d->active = calloc(blocks, 1);
    d->marked = calloc(blocks, 1);
    d->fcount = calloc(blocks, sizeof(uint32_t));
    d->fill = calloc(p, sizeof(uint64_t));
    d->owners = calloc((size_t)d->threads * STAGE, sizeof(uint32_t));
    d->counts = calloc((size_t)d->threads * p, sizeof(uint64_t));
    d->send = malloc(d->cap * p * d->esz);
    d->recv = malloc(d->recv_cap * d->esz);
    d->scount = calloc(p, sizeof(int));
    d->sdispl = calloc(p, sizeof(int));
    d->rcount = calloc(p, sizeof(int));
    d->rdispl = calloc(p, sizeof(int));
    d->reqs = calloc(p, sizeof(MPI_Request));
    if (!d->a || !d->active || !d->marked || !d->fcount || !d->fill ||
        !d->owners || !d->counts || !d->send || !d->recv || !d->scount ||
        !d->sdispl || !d->rcount || !d->rdispl || !d->reqs)
        rc = pb_fail(e, -ENOMEM,
                     "frontier2_mpi: process %d: out of memory for its "
                     "%llu bytes",
                     d->me, (unsigned long long)need);
    rc = share_error(comm, d->me, d->p, rc, e);
    if (rc) {
        dist_free(d);
        return rc;
    }
    uint64_t *a = d->a, words = d->words;
#pragma omp parallel for schedule(static) default(none) shared(a, words)       \
    num_threads(d->threads)
    for (uint64_t w = 0; w < words; w++)
        a[w] = 0;
    return 0;
}

static int check_args(const struct pb_space *s,
                      const struct frontier2_mpi_options *opt,
                      const struct frontier2_mpi_result *r, struct pb_error *e)
{
    if (!opt || !r)
        return pb_fail(e, -EINVAL, "frontier2_mpi: no options or result");
    return frontier2_check_space(s, opt->threads, r->counts, r->max_depths,
                                 "frontier2_mpi", e);
}

/* Sums the level's counts and bytes and takes the slowest times, on
 * every process; the level's found states are the return value. */
static uint64_t level_totals(struct dist *d, struct frontier2_mpi_level *out)
{
    uint64_t mine[2] = {d->found, d->bytes_sent}, sum[2];
    double tmine[2] = {d->compute, d->comm_time}, tmax[2];
    MPI_Allreduce(mine, sum, 2, MPI_UINT64_T, MPI_SUM, d->comm);
    MPI_Allreduce(tmine, tmax, 2, MPI_DOUBLE, MPI_MAX, d->comm);
    if (out)
        *out =
            (struct frontier2_mpi_level){sum[1], d->rounds, tmax[0], tmax[1]};
    d->found = d->bytes_sent = 0;
    d->rounds = 0;
    d->compute = d->comm_time = 0;
    return sum[0];
}

/* on_level on process 0; its verdict on every process. */
static int report_level(const struct frontier2_mpi_options *opt, struct dist *d,
                        const struct frontier2_mpi_result *r, size_t depth,
                        double start, struct pb_error *e)
{
    if (!opt->on_level)
        return 0;
    int rc = 0;
    if (d->me == 0) {
        struct frontier2_level lv = {
            .depth = (unsigned)depth,
            .found = r->counts[depth],
            .reached = r->reached,
            .elapsed = MPI_Wtime() - start,
            .n = d->s->n,
        };
        rc = opt->on_level(opt->on_level_arg, &lv, e);
        if (rc > 0 && rc != FRONTIER2_STOP)
            rc = pb_fail(e, -EINVAL, "frontier2_mpi: on_level returned %d", rc);
    }
    MPI_Bcast(&rc, 1, MPI_INT, 0, d->comm);
    if (rc < 0) {
        MPI_Bcast(e->msg, (int)sizeof(e->msg), MPI_CHAR, 0, d->comm);
    }
    return rc;
}

/* Marks the starts this process owns; the distinct starts, summed. */
static uint64_t place_starts(struct dist *d)
{
    uint64_t mine = 0, all = 0;
    for (size_t i = 0; i < d->s->nstarts; i++) {
        uint64_t t = d->s->starts[i] - d->lo;
        if (t < d->nloc && code_at(d->a, t) == FRONTIER2_UNSEEN) {
            d->a[t / RANKS_PER_WORD] |= 1ull << (2 * (t % RANKS_PER_WORD));
            note_block(d->active, t);
            mine++;
        }
    }
    MPI_Allreduce(&mine, &all, 1, MPI_UINT64_T, MPI_SUM, d->comm);
    return all;
}

int frontier2_mpi_search(const struct pb_space *space, MPI_Comm comm,
                         const struct frontier2_mpi_options *opt,
                         struct frontier2_mpi_result *r, struct pb_error *e)
{
    int rc = check_args(space, opt, r, e);
    if (rc)
        return rc; /* the same on every process: same arguments */
    double start = MPI_Wtime();
    int p = 1;
    MPI_Comm_size(comm, &p);
    r->processes = p;
    r->process_bytes = frontier2_mpi_process_bytes(
        space->n, p, space->moves, opt->round_targets, opt->exchange);
    r->array_bytes =
        pb_mul_sat(frontier2_bytes(share_ranks(space->n, p)), (uint64_t)p);
    r->depths = 0;
    r->reached = 0;
    r->stopped = false;
    struct dist d;
    rc = dist_new(&d, space, comm, opt, e);
    if (rc || opt->plan_only)
        return rc;
    memset(r->counts, 0, r->max_depths * sizeof(r->counts[0]));
    if (r->levels)
        memset(r->levels, 0, r->max_depths * sizeof(r->levels[0]));
    r->counts[0] = place_starts(&d);
    r->reached = r->counts[0];
    r->depths = 1;
    rc = report_level(opt, &d, r, 0, start, e);
    for (size_t depth = 0; rc == 0; depth++) {
        d.cur = level_code(FRONTIER2_SEEN, depth);
        d.nc = level_code(FRONTIER2_SEEN, depth + 1);
        level(&d);
        uint8_t *t = d.active; /* the next level's blocks are in hand */
        d.active = d.marked;
        d.marked = t;
        memset(d.marked, 0, d.blocks ? d.blocks : 1);
        struct frontier2_mpi_level cost;
        uint64_t found = level_totals(&d, &cost);
        if (found == 0)
            break;
        if (depth + 1 >= r->max_depths) {
            rc = pb_fail(e, -ERANGE,
                         "frontier2_mpi: more than %zu depths (counts array)",
                         r->max_depths);
            break;
        }
        if (r->levels)
            r->levels[depth + 1] = cost;
        r->counts[depth + 1] = found;
        r->reached += found;
        r->depths = depth + 2;
        rc = report_level(opt, &d, r, depth + 1, start, e);
    }
    if (rc == FRONTIER2_STOP) {
        r->stopped = true;
        rc = 0;
    }
    dist_free(&d);
    return rc;
}
