/*
 * test_schema.c - the name and row schema (bench/results/schema.h) round-trips:
 * identity -> benchmark name -> identity for every registered kernel and
 * variant (the name byte-identical to the format the harness wrote before
 * the schema module, Google Benchmark's suffixes ignored), odd values
 * (seed 2^64-1, families with ':'), names that are not ours; identity ->
 * CSV row -> identity with NA, quotes and commas in the error text; the
 * header byte-identical to the pinned one; every row of the committed
 * fixtures (older: without the counters' columns) read and written back
 * byte for byte; an older CSV with fewer columns; the work counters'
 * column (several counters, NA, bad text); the verification record; the
 * noise columns through results.csv and results.json into tidy (older
 * files: NaN). Run from the source tree.
 */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "pb.h"
#include "results/schema.h"
#include "results/readback.h"

static const char pinned_header[] =
    "kernel,variant,family,size,count,seed,corpus_hash,threads,processes,side,"
    "round,repetition,"
    "iterations,seconds,cpu_seconds,involuntary_switches,build_seconds,"
    "build_timed,instances_per_second,"
    "work_per_second,"
    "expanded_per_instance,counters_per_instance,units_per_instance,"
    "peak_heap_bytes,allocated_bytes,peak_rss_bytes,load_before,load_after,"
    "cpu_per_wall,verified,error";
/* The header before the work counters' and the noise columns (the
 * committed fixtures). */
static const char fixture_header[] =
    "kernel,variant,family,size,count,seed,corpus_hash,threads,repetition,"
    "iterations,seconds,build_seconds,instances_per_second,work_per_second,"
    "expanded_per_instance,peak_heap_bytes,allocated_bytes,peak_rss_bytes,"
    "verified,error";

static bool id_equal(const struct pb_bench_id *a, const struct pb_bench_id *b)
{
    return !strcmp(a->kernel, b->kernel) && !strcmp(a->variant, b->variant) &&
           !strcmp(a->family, b->family) && !strcmp(a->size, b->size) &&
           a->count == b->count && a->seed == b->seed &&
           a->threads == b->threads &&
           (a->processes > 1 ? a->processes : 1) ==
               (b->processes > 1 ? b->processes : 1);
}

/* The name as the harness formatted it before schema.c, with the
 * processes of a run over MPI after it. */
static void old_name(char *buf, size_t len, const struct pb_bench_id *id)
{
    int n = snprintf(buf, len,
                     "%s/%s/%s/size:%s/n:%" PRIu64 "/seed:%" PRIu64
                     "/threads:%" PRIu64,
                     id->kernel, id->variant, id->family, id->size, id->count,
                     id->seed, id->threads);
    if (id->processes > 1)
        snprintf(buf + n, len - (size_t)n, "/processes:%" PRIu64,
                 id->processes);
}

static void name_round_trip(const struct pb_bench_id *id)
{
    char name[256], want[256], suffixed[300];
    struct pb_bench_id back;
    int n = pb_bench_id_write(id, name, sizeof(name));
    old_name(want, sizeof(want), id);
    CHECK(n == (int)strlen(want) && !strcmp(name, want), "%s != %s", name,
          want);
    CHECK(pb_bench_id_parse(name, &back, NULL) == 0 && id_equal(id, &back),
          "%s", name);
    static const char *const suffix[] = {
        "/min_time:0.010/repeats:2/manual_time",
        "/min_time:0.010/repeats:2/manual_time_median", "/real_time"};
    for (size_t s = 0; s < sizeof(suffix) / sizeof(suffix[0]); s++) {
        snprintf(suffixed, sizeof(suffixed), "%s%s", name, suffix[s]);
        memset(&back, 0, sizeof(back));
        CHECK(pb_bench_id_parse(suffixed, &back, NULL) == 0 &&
                  id_equal(id, &back),
              "%s", suffixed);
    }
}

static void test_names(void)
{
    size_t names = 0;
    for (size_t k = 0; pb_kernels[k]; k++) {
        const struct pb_kernel *kernel = pb_kernels[k];
        for (size_t v = 0; kernel->variants[v]; v++) {
            struct pb_bench_id id = {.count = 50, .seed = 1, .threads = 2};
            snprintf(id.kernel, sizeof(id.kernel), "%s", kernel->name);
            snprintf(id.variant, sizeof(id.variant), "%s",
                     kernel->variants[v]->name);
            snprintf(id.family, sizeof(id.family), "uniform");
            CHECK(pb_size_format(kernel, &kernel->size.judge, id.size,
                                 sizeof(id.size)) == 0,
                  "%s: the judge's size", kernel->name);
            name_round_trip(&id);
            /* odd values: the largest seed and count, a family with ':' */
            id.seed = UINT64_MAX;
            id.count = UINT64_MAX;
            id.threads = 1;
            snprintf(id.family, sizeof(id.family), "depth:22");
            name_round_trip(&id);
            snprintf(id.family, sizeof(id.family), "random:100");
            snprintf(id.size, sizeof(id.size), "3x4"); /* a size syntax */
            name_round_trip(&id);
            id.processes = 1; /* one process: no field in the name */
            name_round_trip(&id);
            id.processes = 3; /* a run over MPI */
            name_round_trip(&id);
            names += 5;
        }
    }
    CHECK(names >= 5 * 3, "only %zu names", names);

    /* names that are not ours */
    static const char *const foreign[] = {
        "BM_Foo/8",
        "BM_Sort/1024/threads:1",
        "a/b/c/size:/n:1/seed:1/threads:1",
        "a/b/c/size:4/n:x/seed:1/threads:1",
        "a/b/c/size:4/n:1/seed:-1/threads:1",
        "a/b/c/size:4/n:1/seed:1/threads:",
        "a/b/c/size:4/n:1/seed:1",
        "a/b//size:4/n:1/seed:1/threads:1",
        "a/b/c/n:1/size:4/seed:1/threads:1",
        "a/b/c/size:4/n:1/seed:18446744073709551616/threads:1",
        "a/b/c/size:4/n:1/seed:1/processes:2/threads:1",
        "a/b/c/size:4/n:1/seed:1/threads:1/processes:",
        "a/b/c/size:4/n:1/seed:1/threads:1/processes:x",
    };
    for (size_t i = 0; i < sizeof(foreign) / sizeof(foreign[0]); i++) {
        struct pb_bench_id id;
        CHECK(pb_bench_id_parse(foreign[i], &id, NULL) == -EINVAL, "%s",
              foreign[i]);
    }
    /* a family too long for the identity: named, with its text */
    const char *longer =
        "k/v/abcdefghijklmnopqrstuvwxyz0123456789/size:4/n:1/seed:1/threads:1";
    struct pb_bench_id id;
    struct pb_name_error why;
    CHECK(pb_bench_id_parse(longer, &id, &why) == -ENAMETOOLONG &&
              why.col == PB_COL_FAMILY && why.len == 36 &&
              !strncmp(why.text, "abcdef", 6),
          "%s", longer);
    char small[16];
    CHECK(pb_bench_id_write(&id, small, sizeof(small)) == -ENAMETOOLONG,
          "a name longer than its buffer");
}

static char *row_text(const struct pb_row *row)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f)
        abort();
    pb_csv_row_write(f, row);
    fclose(f);
    return text;
}

static struct pb_csv_layout pinned_layout(void)
{
    char header[sizeof(pinned_header)];
    memcpy(header, pinned_header, sizeof(header));
    struct pb_csv_layout l;
    enum pb_col missing;
    CHECK(pb_csv_layout_read(&l, header, &missing) == 0, "pinned header");
    return l;
}

static bool same_real(double a, double b)
{
    return (isnan(a) && isnan(b)) || a == b;
}

/* counters_per_instance: one counter, none (NA, ""), and text that is
 * not NAME=VALUE;... refused and named. */
static void test_work_column(const struct pb_csv_layout *l)
{
    static const struct {
        const char *text;
        size_t n; /* counters read; SIZE_MAX: refused */
    } cases[] = {
        {"expanded=154", 1},
        {"turns=4.25", 1},
        {"NA", 0},
        {"", 0},
        {"a=1;b=2;c=3;d=4", 4},
        {"a=1;b=2;c=3;d=4;e=5;f=6;g=7", SIZE_MAX}, /* over PB_MAX_COUNTERS */
        {"a=1;a=2", SIZE_MAX},                     /* a name twice */
        {"Pops=1", SIZE_MAX},                      /* not [a-z0-9_] */
        {"pops", SIZE_MAX},
        {"pops=", SIZE_MAX},
        {"=1", SIZE_MAX},
        {"pops=1;", SIZE_MAX},
        {"pops=1x", SIZE_MAX},
        {"abcdefghijklmnopqrstuvwxyz0123456=1", SIZE_MAX}, /* 33 chars */
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        char line[256], *field[PB_CSV_MAX_FIELDS];
        snprintf(line, sizeof(line),
                 "k,v,f,4,1,1,00,1,1,,0,0,1,0.5,NA,NA,0,0,1,1,1,%s,NA,1,1,1,NA,"
                 "NA,NA,1,\"\"",
                 cases[i].text);
        struct pb_row back;
        enum pb_col bad = PB_COL_KERNEL;
        int nf = pb_csv_split(l, line, field);
        int rc = nf == PB_COLS ? pb_csv_row_read(l, field, &back, &bad) : -1;
        if (cases[i].n == SIZE_MAX)
            CHECK(rc == -EINVAL && bad == PB_COL_COUNTERS_PER_INSTANCE,
                  "'%s' read (rc %d)", cases[i].text, rc);
        else
            CHECK(rc == 0 && back.work.n == cases[i].n &&
                      isnan(back.units_per_instance),
                  "'%s': rc %d, %zu counters", cases[i].text, rc, back.work.n);
    }
}

static void test_rows(void)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    pb_csv_header_write(f);
    fclose(f);
    CHECK(!strcmp(text, pinned_header), "header: %s", text);
    free(text);

    struct pb_row row = {
        .id = {"cubic_eight", "bibfs_array", "depth:22", "33", 2, UINT64_MAX,
               16, 3},
        .corpus_hash = 0x0123456789abcdefu,
        .round = 2,
        .repetition = 4,
        .iterations = 123456789012,
        .seconds = 0.128549292,
        .cpu_seconds = 0.1234,
        .involuntary_switches = NAN,
        .build_seconds = 1.39998519e-07,
        .build_timed = 1,
        .instances_per_second = NAN,
        .work_per_second = 5271254.24,
        .expanded_per_instance = 13552.32,
        .work = {3,
                 {{"pops", 13552.32},
                  {"relaxations", 54208.5},
                  {"probes_2", NAN}}},
        .units_per_instance = 4096,
        .peak_heap_bytes = 5439664,
        .allocated_bytes = NAN,
        .peak_rss_bytes = 33325056,
        .load_before = 1.67,
        .load_after = NAN,
        .cpu_per_wall = 0.987654321,
        .verified = false,
        .error = "failed: \"x\", then y",
    };
    text = row_text(&row);
    const char *want =
        "cubic_eight,bibfs_array,depth:22,33,2,18446744073709551615,"
        "0123456789abcdef,16,3,,2,4,123456789012,0.128549292,0.1234,NA,"
        "1.39998519e-07,1,NA,"
        "5271254.24,13552.32,pops=13552.32;relaxations=54208.5;probes_2=NA,"
        "4096,5439664,NA,33325056,1.67,NA,0.987654321,0,"
        "\"failed: \"\"x\"\", then y\"";
    CHECK(!strcmp(text, want), "row: %s", text);
    struct pb_csv_layout l = pinned_layout();
    char *field[PB_CSV_MAX_FIELDS];
    int nf = pb_csv_split(&l, text, field);
    struct pb_row back;
    enum pb_col bad;
    CHECK(nf == PB_COLS, "%d fields", nf);
    CHECK(pb_csv_row_read(&l, field, &back, &bad) == 0, "row read");
    CHECK(id_equal(&row.id, &back.id), "identity");
    CHECK(
        back.corpus_hash == row.corpus_hash && back.round == row.round &&
            back.repetition == row.repetition &&
            same_real(back.cpu_seconds, row.cpu_seconds) &&
            same_real(back.involuntary_switches, row.involuntary_switches) &&
            back.iterations == row.iterations &&
            same_real(back.seconds, row.seconds) &&
            same_real(back.build_seconds, row.build_seconds) &&
            same_real(back.build_timed, row.build_timed) &&
            same_real(back.instances_per_second, row.instances_per_second) &&
            same_real(back.work_per_second, row.work_per_second) &&
            same_real(back.expanded_per_instance, row.expanded_per_instance) &&
            same_real(back.peak_heap_bytes, row.peak_heap_bytes) &&
            same_real(back.allocated_bytes, row.allocated_bytes) &&
            same_real(back.peak_rss_bytes, row.peak_rss_bytes) &&
            same_real(back.load_before, row.load_before) &&
            same_real(back.load_after, row.load_after) &&
            same_real(back.cpu_per_wall, row.cpu_per_wall) &&
            back.verified == row.verified && !strcmp(back.error, row.error),
        "row fields");
    CHECK(back.work.n == 3 && back.units_per_instance == 4096 &&
              pb_row_counter(&back.work, "pops") == 13552.32 &&
              pb_row_counter(&back.work, "relaxations") == 54208.5 &&
              isnan(pb_row_counter(&back.work, "probes_2")) &&
              !strcmp(back.work.counter[2].name, "probes_2") &&
              isnan(pb_row_counter(&back.work, "expanded")),
          "work counters: %zu", back.work.n);
    free(text);

    /* a bad number is named */
    char bad_row[] =
        "k,v,f,4,x,1,00,1,0,1,0.5,0,1,1,1,NA,NA,1,1,1,NA,NA,NA,1,\"\"";
    nf = pb_csv_split(&l, bad_row, field);
    CHECK(pb_csv_row_read(&l, field, &back, &bad) == -EINVAL &&
              bad == PB_COL_COUNT,
          "a count of x");

    test_work_column(&l);

    /* an older CSV: fewer columns, in another order */
    char old_header[] = "variant,kernel,family,size,count,seed,threads,"
                        "seconds,build_seconds,expanded_per_instance,"
                        "peak_heap_bytes,verified";
    enum pb_col missing;
    CHECK(pb_csv_layout_read(&l, old_header, &missing) == 0 && l.width == 12,
          "older header");
    char old_row[] = "table,magic_squares,uniform,4,50,1,1,0.5,0,15.1,NA,1";
    nf = pb_csv_split(&l, old_row, field);
    CHECK(nf == 12 && pb_csv_row_read(&l, field, &back, &bad) == 0 &&
              !strcmp(back.id.kernel, "magic_squares") && back.work.n == 0 &&
              isnan(back.units_per_instance) &&
              !strcmp(back.id.variant, "table") && back.seconds == 0.5 &&
              isnan(back.peak_heap_bytes) && isnan(back.allocated_bytes) &&
              isnan(back.load_before) && isnan(back.load_after) &&
              isnan(back.cpu_per_wall) && back.verified && !back.error[0],
          "older row");
    char no_family[] = "kernel,variant,seconds";
    CHECK(pb_csv_layout_read(&l, no_family, &missing) == -EINVAL &&
              missing == PB_COL_FAMILY,
          "a header without family");
}

/* The fixture row `line` (the fixture header's columns) as today's
 * writer lays it out: the columns the fixtures predate, as row's:
 * processes (1) and round (0) after threads, the clocks' (NA) after
 * seconds, build_timed (NA) after build_seconds, the work counters' (NA)
 * after expanded_per_instance, the noise readings' (NA) after
 * peak_rss_bytes. */
static const char *projected(const char *line, const struct pb_row *row)
{
    static char out[4096];
    CHECK(row->work.n == 0 && isnan(row->units_per_instance),
          "a fixture row with counters");
    CHECK(isnan(row->load_before) && isnan(row->load_after) &&
              isnan(row->cpu_per_wall),
          "a fixture row with noise readings");
    CHECK(row->id.processes == 1, "a fixture row read as %llu processes",
          (unsigned long long)row->id.processes);
    /* in the fixture's header: threads is field 8, after it processes,
     * side and round are new; seconds is field 11, after it the two clock
     * columns; build_seconds is field 12, after it build_timed is new;
     * expanded_per_instance is field 15, after it the two counter
     * columns; verified (after peak_rss_bytes) field 19, before it the
     * three noise columns */
    enum { CUTS = 5 };
    static const int fields_before[CUTS] = {8, 11, 12, 15, 18};
    static const char *const inserted[CUTS] = {"1,,0,", "NA,NA,", "NA,",
                                               "NA,NA,", "NA,NA,NA,"};
    const char *p = line, *from = line;
    size_t used = 0;
    for (int i = 0, commas = 0; i < CUTS; i++) {
        for (; *p && commas < fields_before[i]; p++)
            commas += *p == ',';
        used += (size_t)snprintf(out + used, sizeof(out) - used, "%.*s%s",
                                 (int)(p - from), from, inserted[i]);
        from = p;
    }
    snprintf(out + used, sizeof(out) - used, "%s", from);
    return out;
}

/* Every row of a committed results.csv reads; written by bench (exact),
 * it writes back as the same bytes (the old writer's format is the
 * schema's); else (hand-made fixtures: "1.0") as a row that reads the
 * same. */
static void test_fixture(const char *path, bool exact)
{
    FILE *f = fopen(path, "r");
    CHECK(f != NULL, "%s: cannot open (run from the source tree)", path);
    if (!f)
        return;
    char line[4096], copy[4096], *field[PB_CSV_MAX_FIELDS];
    struct pb_csv_layout l;
    enum pb_col missing;
    CHECK(fgets(line, sizeof(line), f) != NULL, "%s: empty", path);
    line[strcspn(line, "\r\n")] = '\0';
    CHECK(!strcmp(line, fixture_header), "%s: header %s", path, line);
    CHECK(pb_csv_layout_read(&l, line, &missing) == 0, "%s: header", path);
    size_t rows = 0, same = 0;
    while (fgets(line, sizeof(line), f)) {
        line[strcspn(line, "\r\n")] = '\0';
        memcpy(copy, line, sizeof(copy));
        struct pb_row row;
        enum pb_col bad;
        int nf = pb_csv_split(&l, line, field);
        if (nf < l.width || pb_csv_row_read(&l, field, &row, &bad)) {
            CHECK(false, "%s: row %zu does not read: %s", path, rows + 2, copy);
            continue;
        }
        char *text = row_text(&row), *again = row_text(&row);
        struct pb_row reread;
        struct pb_csv_layout now = pinned_layout();
        nf = pb_csv_split(&now, again, field);
        bool ok = exact ? !strcmp(text, projected(copy, &row))
                        : nf == now.width &&
                              !pb_csv_row_read(&now, field, &reread, &bad) &&
                              id_equal(&row.id, &reread.id) &&
                              row.seconds == reread.seconds &&
                              row.verified == reread.verified &&
                              !strcmp(row.error, reread.error);
        same += ok;
        if (!ok)
            fprintf(stderr, "%s:%zu:\n  %s\n  %s\n", path, rows + 2, copy,
                    text);
        free(text);
        free(again);
        rows++;
    }
    fclose(f);
    CHECK(rows > 0 && same == rows, "%s: %zu of %zu rows written back as read",
          path, same, rows);
}

static void test_verify(void)
{
    static const char *const reasons[] = {
        "", "skipped: needs up to 9 KiB, over the memory cap of 1 KiB",
        "failed: a=b c=d reason=x", "not applicable: size 5"};
    for (int s = PB_PASS_CORRECT; s <= PB_PASS_NOT_APPLICABLE; s++) {
        struct pb_pass_record v = {.order = (uint64_t)s * 7,
                                   .status = (enum pb_pass_status)s,
                                   .correct = 48,
                                   .instances = UINT64_MAX,
                                   .seconds = s % 2 ? NAN : 0.131234567},
                              back;
        snprintf(v.reason, sizeof(v.reason), "%s", reasons[s % 4]);
        char value[1024];
        CHECK(pb_pass_record_write(&v, value, sizeof(value)) > 0, "write %d",
              s);
        CHECK(pb_pass_record_parse(value, &back) == 0 &&
                  back.order == v.order && back.status == v.status &&
                  back.correct == v.correct && back.instances == v.instances &&
                  same_real(back.seconds, v.seconds) &&
                  !strcmp(back.reason, v.reason),
              "%s", value);
    }
    struct pb_pass_record v;
    CHECK(
        !strcmp(pb_pass_status_name(PB_PASS_NOT_APPLICABLE), "not_applicable"),
        "status name");
    CHECK(pb_pass_record_parse("order=1 status=fine correct=1 instances=1 "
                               "seconds=1 reason=",
                               &v) == -EINVAL,
          "an unknown status");
    CHECK(pb_pass_record_parse("50/50 correct", &v) == -EINVAL, "free text");
}

/* The noise readings (load_before, load_after, cpu_per_wall) through a
 * results.csv written by the schema and a Google Benchmark JSON with the
 * counters, read back by tidy as the worst repetition; the older
 * fixtures, without them, read as NaN. */
static void test_noise_columns(void)
{
    char dir[] = "/tmp/test_schema.XXXXXX";
    CHECK(mkdtemp(dir) != NULL, "mkdtemp");
    char csv[64], json[64];
    snprintf(csv, sizeof(csv), "%s/results.csv", dir);
    snprintf(json, sizeof(json), "%s/results.json", dir);
    static const double reading[2][3] = {{0.5, 2.75, 0.96},
                                         {3.25, 0.25, 0.625}};
    FILE *f = fopen(csv, "w");
    CHECK(f != NULL, "%s", csv);
    if (!f)
        return;
    pb_csv_header_write(f);
    for (int i = 0; i < 2; i++) {
        struct pb_row row = {
            .id = {"magic_squares", "table", "uniform", "4", 50, 1, 1, 1},
            .repetition = i,
            .iterations = 1,
            .seconds = 0.5,
            .expanded_per_instance = 1,
            .peak_heap_bytes = NAN,
            .load_before = reading[i][0],
            .load_after = reading[i][1],
            .cpu_per_wall = reading[i][2],
            .verified = true,
        };
        fputc('\n', f);
        pb_csv_row_write(f, &row);
    }
    fputc('\n', f);
    fclose(f);
    f = fopen(json, "w");
    CHECK(f != NULL, "%s", json);
    if (!f)
        return;
    fputs("{\"context\": {}, \"benchmarks\": [", f);
    for (int i = 0; i < 2; i++)
        fprintf(f,
                "%s{\"name\": \"magic_squares/table/uniform/size:4/n:50/"
                "seed:1/threads:1/repeats:2/manual_time\", \"run_type\": "
                "\"iteration\", \"real_time\": 500, \"time_unit\": \"ms\", "
                "\"verified\": 1, \"load_before\": %g, \"load_after\": %g, "
                "\"cpu_per_wall\": %g}",
                i ? ", " : "", reading[i][0], reading[i][1], reading[i][2]);
    fputs("]}\n", f);
    fclose(f);
    const char *paths[] = {csv, json};
    for (int k = 0; k < 2; k++) {
        struct readback t;
        struct pb_error e;
        int rc = readback_load(paths[k], &t, 0, &e);
        CHECK(rc == 0, "%s: %s", paths[k], e.msg);
        if (rc)
            continue;
        const struct readback_bench *b = &t.b[0];
        CHECK(t.count == 1 && b->n == 2 && b->load_before == 3.25 &&
                  b->load_after == 2.75 && b->cpu_per_wall == 0.625,
              "%s: load %g %g, CPU %g", paths[k], b->load_before, b->load_after,
              b->cpu_per_wall);
        readback_free(&t);
    }
    unlink(csv);
    unlink(json);
    rmdir(dir);
    static const char *const older[] = {"tests/fixtures/compare/a",
                                        "tests/fixtures/compare/a/results.json",
                                        "tests/fixtures/results"};
    for (size_t k = 0; k < sizeof(older) / sizeof(older[0]); k++) {
        struct readback t;
        struct pb_error e;
        int rc = readback_load(older[k], &t, 0, &e);
        CHECK(rc == 0 && t.count > 0, "%s: %s", older[k], rc ? e.msg : "");
        for (size_t i = 0; rc == 0 && i < t.count; i++)
            CHECK(isnan(t.b[i].load_before) && isnan(t.b[i].load_after) &&
                      isnan(t.b[i].cpu_per_wall),
                  "%s: %s has noise readings", older[k], t.b[i].key);
        if (rc == 0)
            readback_free(&t);
    }
}

int main(void)
{
    test_names();
    test_rows();
    test_fixture("tests/fixtures/results/results.csv", true);
    test_fixture("tests/fixtures/compare/a/results.csv", false);
    test_fixture("tests/fixtures/compare/b/results.csv", false);
    test_verify();
    test_noise_columns();
    return check_summary();
}
