/*
 * cmd_census.c - `puzzlebench census KERNEL [...]`: the number of states
 * at each depth from the kernel's start (or from each class of starts),
 * by the whole-space engine (census.h), or by the kernel's plain
 * reference search with --reference; printed as text, CSV or JSON with
 * the total, the diameter, the threads, the time and the peak memory.
 * Under mpirun or srun every process runs it and process 0 prints,
 * adding each depth's exchange costs; --plan prints the memory plan.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "run/census.h"
#include "cli/cli.h"
#include "frontier2.h"
#include "run/mpi_env.h"
#include "pb_limits.h"
#include "pb_units.h"

static const char help[] =
    "usage: puzzlebench census KERNEL [--size S] [--with-inverses]\n"
    "                          [--start X | --start all] [--threads T]\n"
    "                          [--format text|csv|json] [--progress]\n"
    "                          [--direction auto|top-down|bottom-up]\n"
    "                          [--reference] [--max-memory SIZE]\n"
    "                          [--exchange alltoallv|point-to-point]\n"
    "                          [--round-targets N] [--plan]\n"
    "       mpirun -np P puzzlebench census KERNEL [...]\n\n"
    "Prints the number of states at each depth (fewest moves) from the\n"
    "start, one 'depth count' line each, then the total, the diameter,\n"
    "the threads, the time and the peak memory. The search is the\n"
    "whole-space engine: 2 bits per state, OpenMP, top-down or bottom-up\n"
    "per level. A size whose search is over the memory cap is refused\n"
    "(with the estimate) before anything is allocated.\n\n"
    "  -s, --size S         the kernel's size in its syntax (below);\n"
    "                       default: the judge's\n"
    "  -i, --with-inverses  allow every move's inverse too (the undirected\n"
    "                       Cayley graph, as GAP's GrowthFunctionOfGroup)\n"
    "      --start X        the start, where the kernel takes one (below);\n"
    "                       'all': one census per\n"
    "                       class of starts the board's symmetries map onto\n"
    "                       each other (default: the kernel's start)\n"
    "  -t, --threads T      engine threads (default: 1)\n"
    "  -f, --format F       text (default), csv or json\n"
    "      --progress       a line per depth on stderr as the search goes\n"
    "      --direction D    auto (default: per depth, by the frontier's\n"
    "                       size), top-down or bottom-up\n"
    "      --reference      the kernel's plain reference search instead\n"
    "                       (a byte per state; the default start only)\n"
    "      --max-memory SIZE  memory cap, N[K|M|G|T] (default: the\n"
    "                       available memory); under MPI, of each host's\n"
    "                       processes together\n"
    "      --exchange E     under MPI: alltoallv (default) or\n"
    "                       point-to-point\n"
    "      --round-targets N  under MPI: neighbours a process sends per\n"
    "                       round at most (default 1048576; the buffers\n"
    "                       grow with it)\n"
    "      --plan           only the memory check: what each process would\n"
    "                       hold, and whether it fits (exit 0) or not\n"
    "  -h, --help           this text\n\n"
    "Under mpirun (or srun) the census runs on every process, each holding\n"
    "its own block of ranks and searching it with T threads, top-down;\n"
    "process 0 prints, adding each depth's bytes sent, exchange rounds and\n"
    "the slowest process's compute and MPI seconds.\n\n"
    "The kernels with a census, their sizes and starts:\n";

enum census_format { FORMAT_TEXT, FORMAT_CSV, FORMAT_JSON };

static uint64_t diameter(const struct census_one *one)
{
    return one->depths ? one->depths - 1 : 0;
}

/* "2 processes x 1 thread on 1 host (Open MPI v4.1.4)", or "2 threads". */
static void engine_text(const struct census_result *run,
                        const struct census_request *req, char *out, size_t len)
{
    int threads = req->reference ? 1 : req->threads;
    const char *ts = threads == 1 ? "" : "s";
    if (run->processes > 1 || (req->mpi && req->mpi->on))
        snprintf(out, len, "%d process%s x %d thread%s on %d host%s (%s)",
                 run->processes, run->processes == 1 ? "" : "es", threads, ts,
                 req->mpi->hosts, req->mpi->hosts == 1 ? "" : "s",
                 req->mpi->library);
    else
        snprintf(out, len, "%d thread%s", threads, ts);
}

static bool over_mpi(const struct census_result *run)
{
    return strcmp(run->engine, "frontier2_mpi") == 0;
}

static void print_text(const struct census_result *run,
                       const struct census_request *req)
{
    bool mpi = over_mpi(run);
    char engine[160];
    engine_text(run, req, engine, sizeof(engine));
    for (size_t i = 0; i < run->count; i++) {
        const struct census_one *one = &run->one[i];
        if (run->count > 1 || req->start_text)
            printf("# start %s (%u start%s)\n", one->start, one->members,
                   one->members == 1 ? "" : "s");
        printf(mpi ? "# depth states bytes_sent rounds compute_s mpi_s\n"
                   : "# depth states\n");
        for (size_t d = 0; d < one->depths; d++) {
            printf("%zu %llu", d, (unsigned long long)one->counts[d]);
            const struct census_level_cost *c = &one->levels[d];
            if (mpi)
                printf(" %llu %u %.3f %.3f", (unsigned long long)c->bytes_sent,
                       c->rounds, c->compute_seconds, c->comm_seconds);
            printf("\n");
        }
        printf("# total %llu\n", (unsigned long long)one->total);
        if (one->ranks)
            printf("# ranks %llu (%.2f%% reached)\n",
                   (unsigned long long)one->ranks,
                   100.0 * (double)one->total / (double)one->ranks);
        printf("# diameter %llu\n", (unsigned long long)diameter(one));
        printf("# engine %s, %s, %u depth%s bottom-up\n", run->engine, engine,
               one->bottom_up, one->bottom_up == 1 ? "" : "s");
        char time[PB_UNITS_TEXT];
        pb_units_time(time, sizeof(time), one->seconds);
        printf("# time %s\n", time);
        char peak[32], array[32], each[32];
        pb_units_bytes(peak, sizeof(peak), (double)one->peak_rss);
        pb_units_bytes(array, sizeof(array), (double)one->array_bytes);
        pb_units_bytes(each, sizeof(each), (double)one->process_bytes);
        printf("# peak memory %s%s", peak,
               mpi ? " in the largest process" : "");
        if (mpi)
            printf(" (arrays %s in all; %s a process with its buffers)", array,
                   each);
        else if (one->array_bytes) /* the engine's; the reference has none */
            printf(" (array %s)", array);
        printf("\n");
    }
}

/* --plan: what the search would hold, once the check has passed. */
static void print_plan(const struct census_result *run,
                       const struct census_request *req)
{
    char engine[160], array[32], each[32];
    engine_text(run, req, engine, sizeof(engine));
    for (size_t i = 0; i < run->count; i++) {
        const struct census_one *one = &run->one[i];
        pb_units_bytes(array, sizeof(array), (double)one->array_bytes);
        pb_units_bytes(each, sizeof(each), (double)one->process_bytes);
        if (run->count > 1 || req->start_text)
            printf("# start %s (%u start%s)\n", one->start, one->members,
                   one->members == 1 ? "" : "s");
        printf("# plan %s: %llu ranks\n", one->space,
               (unsigned long long)one->ranks);
        printf("# engine %s, %s\n", run->engine, engine);
        printf("# memory %s a process, %s of 2-bit arrays in all: within "
               "the memory cap\n",
               each, array);
    }
}

static void print_csv(const struct census_result *run, const char *kernel,
                      const char *size, const struct census_request *req)
{
    bool mpi = over_mpi(run);
    printf("kernel,size,with_inverses,start,members,engine,threads,depth,"
           "states,total,diameter,seconds,peak_rss_bytes,processes,"
           "bytes_sent,rounds,compute_seconds,comm_seconds\n");
    for (size_t i = 0; i < run->count; i++) {
        const struct census_one *one = &run->one[i];
        for (size_t d = 0; d < one->depths; d++) {
            printf("%s,%s,%d,\"%s\",%u,%s,%d,%zu,%llu,%llu,%llu,%.6f,%llu,%d",
                   kernel, size, req->with_inverses, one->start, one->members,
                   run->engine, req->reference ? 1 : req->threads, d,
                   (unsigned long long)one->counts[d],
                   (unsigned long long)one->total,
                   (unsigned long long)diameter(one), one->seconds,
                   (unsigned long long)one->peak_rss, run->processes);
            const struct census_level_cost *c = &one->levels[d];
            if (mpi)
                printf(",%llu,%u,%.6f,%.6f\n",
                       (unsigned long long)c->bytes_sent, c->rounds,
                       c->compute_seconds, c->comm_seconds);
            else
                printf(",NA,NA,NA,NA\n");
        }
    }
}

static void print_json(const struct census_result *run, const char *kernel,
                       const char *size, const struct census_request *req)
{
    bool mpi = over_mpi(run);
    printf("{\"kernel\": \"%s\", \"size\": \"%s\", \"with_inverses\": %s,\n"
           " \"engine\": \"%s\", \"threads\": %d, \"processes\": %d,\n",
           kernel, size, req->with_inverses ? "true" : "false", run->engine,
           req->reference ? 1 : req->threads, run->processes);
    if (mpi)
        printf(" \"hosts\": %d, \"mpi_library\": \"%s\",\n", req->mpi->hosts,
               req->mpi->library);
    printf(" \"censuses\": [");
    for (size_t i = 0; i < run->count; i++) {
        const struct census_one *one = &run->one[i];
        printf("%s\n  {\"start\": \"%s\", \"members\": %u, \"space\": \"%s\",\n"
               "   \"counts\": [",
               i ? "," : "", one->start, one->members, one->space);
        for (size_t d = 0; d < one->depths; d++)
            printf("%s%llu", d ? ", " : "", (unsigned long long)one->counts[d]);
        printf("],\n   \"total\": %llu, \"ranks\": %llu, \"diameter\": %llu, "
               "\"bottom_up_depths\": %u,\n   \"seconds\": %.6f, "
               "\"peak_rss_bytes\": %llu, \"array_bytes\": %llu",
               (unsigned long long)one->total, (unsigned long long)one->ranks,
               (unsigned long long)diameter(one), one->bottom_up, one->seconds,
               (unsigned long long)one->peak_rss,
               (unsigned long long)one->array_bytes);
        if (mpi) {
            printf(",\n   \"process_bytes\": %llu, \"levels\": [",
                   (unsigned long long)one->process_bytes);
            for (size_t d = 0; d < one->depths; d++) {
                const struct census_level_cost *c = &one->levels[d];
                printf("%s\n    {\"bytes_sent\": %llu, \"rounds\": %u, "
                       "\"compute_seconds\": %.6f, \"comm_seconds\": %.6f}",
                       d ? "," : "", (unsigned long long)c->bytes_sent,
                       c->rounds, c->compute_seconds, c->comm_seconds);
            }
            printf("]");
        }
        printf("}");
    }
    printf("\n ]}\n");
}

/* The index of text among the n words, or -1. */
static int word_index(const char *text, const char *const *words, int n)
{
    for (int i = 0; i < n; i++)
        if (strcmp(text, words[i]) == 0)
            return i;
    return -1;
}

static bool parse_format(const char *text, enum census_format *out)
{
    static const char *const names[] = {"text", "csv", "json"};
    int i = word_index(text, names, 3);
    if (i < 0) {
        pb_usage_error("census", "--format '%s'; expected text, csv or json",
                       text);
        return false;
    }
    *out = (enum census_format)i;
    return true;
}

static bool parse_direction(const char *text, int *out)
{
    static const char *const names[] = {"auto", "top-down", "bottom-up"};
    static const int values[] = {FRONTIER2_AUTO, FRONTIER2_TOP_DOWN,
                                 FRONTIER2_BOTTOM_UP};
    int i = word_index(text, names, 3);
    if (i < 0) {
        pb_usage_error("census",
                       "--direction '%s'; expected auto, top-down or bottom-up",
                       text);
        return false;
    }
    *out = values[i];
    return true;
}

static bool parse_exchange(const char *text, int *out)
{
    static const char *const names[] = {"alltoallv", "point-to-point"};
    int i = word_index(text, names, 2);
    if (i < 0) {
        pb_usage_error("census",
                       "--exchange '%s'; expected alltoallv or point-to-point",
                       text);
        return false;
    }
    *out = i; /* enum frontier2_mpi_exchange's order */
    return true;
}

/* Reads --start once the kernel and size are known. */
static int read_start(const struct pb_kernel *k, struct census_request *req,
                      const char *text)
{
    if (!text)
        return PB_EXIT_OK;
    if (strcmp(text, "all") == 0) {
        req->all_classes = true;
        return PB_EXIT_OK;
    }
    if (!k->space || !k->space->start_parse)
        return pb_usage_error("census",
                              "--start: kernel %s has one start; expected "
                              "'all' or no --start",
                              k->name);
    struct pb_error e;
    if (k->space->start_parse(&req->size, text, &req->start, &e))
        return pb_usage_error("census", "--start: %s", e.msg);
    req->start_text = text;
    return PB_EXIT_OK;
}

static int census_verb(int argc, char **argv, int saved_stderr)
{
    static const struct option options[] = {
        {"size", required_argument, NULL, 's'},
        {"with-inverses", no_argument, NULL, 'i'},
        {"start", required_argument, NULL, 'S'},
        {"threads", required_argument, NULL, 't'},
        {"format", required_argument, NULL, 'f'},
        {"progress", no_argument, NULL, 'P'},
        {"direction", required_argument, NULL, 'D'},
        {"reference", no_argument, NULL, 'R'},
        {"max-memory", required_argument, NULL, 'M'},
        {"exchange", required_argument, NULL, 'X'},
        {"round-targets", required_argument, NULL, 'T'},
        {"plan", no_argument, NULL, 'L'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0}};
    const char *size_text = NULL, *start_text = NULL;
    struct census_request req = {
        .start = -1, .threads = 1, .direction = FRONTIER2_AUTO};
    enum census_format format = FORMAT_TEXT;
    long threads, round_targets;
    int c;
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":s:it:f:h", options, NULL)) != -1) {
        switch (c) {
        case 's':
            size_text = optarg; /* read once the kernel is known */
            break;
        case 'i':
            req.with_inverses = true;
            break;
        case 'S':
            start_text = optarg;
            break;
        case 't':
            if (!cli_long("census", "--threads", optarg, 1, PB_MAX_THREADS,
                          &threads))
                return PB_EXIT_USAGE;
            req.threads = (int)threads;
            break;
        case 'f':
            if (!parse_format(optarg, &format))
                return PB_EXIT_USAGE;
            break;
        case 'P':
            req.progress = true;
            break;
        case 'D':
            if (!parse_direction(optarg, &req.direction))
                return PB_EXIT_USAGE;
            break;
        case 'R':
            req.reference = true;
            break;
        case 'M':
            if (!cli_set_memory_cap("census", optarg))
                return PB_EXIT_USAGE;
            break;
        case 'X':
            if (!parse_exchange(optarg, &req.exchange))
                return PB_EXIT_USAGE;
            break;
        case 'T':
            if (!cli_long("census", "--round-targets", optarg, 1, INT32_MAX,
                          &round_targets))
                return PB_EXIT_USAGE;
            req.round_targets = (uint64_t)round_targets;
            break;
        case 'L':
            req.plan = true;
            break;
        case 'h':
            fputs(help, stdout);
            for (size_t i = 0; pb_kernels[i]; i++)
                if (pb_kernels[i]->space)
                    printf("  %-14s %s\n", pb_kernels[i]->name,
                           pb_kernels[i]->space->census_help);
            return PB_EXIT_OK;
        default:
            return cli_bad_option("census", argc, argv, c, options);
        }
    }
    const struct pb_kernel *k =
        cli_kernel("census", optind < argc ? argv[optind] : NULL);
    if (!k)
        return PB_EXIT_USAGE;
    if (argc - optind > 1)
        return pb_usage_error("census", "unexpected argument '%s'",
                              argv[optind + 1]);
    if (!k->space || (!k->space->census && !k->space->build))
        return pb_usage_error("census", "kernel %s has no census", k->name);
    struct pb_error e;
    if (size_text && pb_size_parse(k, size_text, &req.size, &e))
        return pb_usage_error("census", "--size: %s", e.msg);
    int rc = read_start(k, &req, start_text);
    if (rc)
        return rc;
    struct pb_mpi mpi;
    rc = pb_mpi_start(&mpi, NULL, NULL, &e);
    if (rc == 0)
        pb_mpi_restore_stderr(saved_stderr);
    if (rc) { /* still quiet on processes other than 0 */
        fprintf(stderr, "puzzlebench census: %s\n", e.msg);
        return PB_EXIT_USAGE;
    }
    req.mpi = &mpi;
    struct census_result run;
    rc = census_run(k, &req, &run, &e);
    if (rc && mpi.rank != 0) /* process 0 says it */
        return rc == -EINVAL ? PB_EXIT_USAGE : PB_EXIT_FAIL;
    if (rc == -EINVAL)
        return pb_usage_error("census", "%s", e.msg);
    if (rc) {
        fprintf(stderr, "puzzlebench census: %s\n", e.msg);
        return PB_EXIT_FAIL;
    }
    char size[PB_SIZE_TEXT];
    struct pb_size s = pb_size_or_judge(k, &req.size);
    if (pb_size_format(k, &s, size, sizeof(size)))
        snprintf(size, sizeof(size), "?");
    if (req.plan)
        print_plan(&run, &req);
    else if (format == FORMAT_CSV)
        print_csv(&run, k->name, size, &req);
    else if (format == FORMAT_JSON)
        print_json(&run, k->name, size, &req);
    else
        print_text(&run, &req);
    census_result_free(&run);
    return PB_EXIT_OK;
}

int cmd_census(int argc, char **argv)
{
    return pb_mpi_quiet_failure(census_verb(argc, argv, pb_mpi_quiet_others()));
}
