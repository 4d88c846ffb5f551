/*
 * test_sizes.c - every kernel's size syntax (struct pb_size_ops, pb_size.h):
 * parse(format(s)) == s for the judge's size and others, format(parse(t))
 * == t for canonical texts, the plotted value; cubic_eight's old
 * rows * 10 + columns form ("33") read as 3x3; bad sizes refused with a
 * message that names the kernel and what was expected. Then the places
 * that read sizes from text: a corpus's "# size" header (new, old and
 * bad), a suite's bench line, and results (an old results.csv that says
 * size 33 and a new one that says 3x3 are the same benchmark, with the
 * same plotted value). Run from the source tree; temporary files under
 * /tmp.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "run/gen.h"
#include "pb.h"
#include "results/schema.h"
#include "harness/suite.h"
#include "results/readback.h"

/* s formats, the text parses back to s, and formats again the same. */
static void round_trip(const struct pb_kernel *k, struct pb_size s)
{
    char text[PB_SIZE_TEXT], again[PB_SIZE_TEXT];
    struct pb_size back = {-1, -1};
    struct pb_error e = {""};
    CHECK(pb_size_format(k, &s, text, sizeof(text)) == 0, "%s: format %d,%d",
          k->name, (int)s.a, (int)s.b);
    CHECK(pb_size_parse(k, text, &back, &e) == 0 && pb_size_equal(&s, &back),
          "%s: '%s' -> %d,%d: %s", k->name, text, (int)back.a, (int)back.b,
          e.msg);
    CHECK(pb_size_format(k, &back, again, sizeof(again)) == 0 &&
              !strcmp(text, again),
          "%s: '%s' then '%s'", k->name, text, again);
}

/* text parses to s (of plotted value x) and formats as canon. */
static void reads_as(const char *kernel_name, const char *text,
                     struct pb_size s, double x, const char *canon)
{
    const struct pb_kernel *k = check_kernel(kernel_name);
    struct pb_size got = {-1, -1};
    struct pb_error e = {""};
    char out[PB_SIZE_TEXT] = "";
    CHECK(pb_size_parse(k, text, &got, &e) == 0 && pb_size_equal(&got, &s),
          "%s: '%s' -> %d,%d: %s", k->name, text, (int)got.a, (int)got.b,
          e.msg);
    CHECK(pb_size_value(k, &got) == x, "%s: '%s' plotted at %g, expected %g",
          k->name, text, pb_size_value(k, &got), x);
    CHECK(pb_size_format(k, &got, out, sizeof(out)) == 0 && !strcmp(out, canon),
          "%s: '%s' written as '%s', expected '%s'", k->name, text, out, canon);
    round_trip(k, s);
}

/* text is refused, with a message naming the kernel and `expected`. */
static void refused(const char *kernel_name, const char *text,
                    const char *expected)
{
    const struct pb_kernel *k = check_kernel(kernel_name);
    struct pb_size got = {7, 7};
    struct pb_error e = {""};
    CHECK(pb_size_parse(k, text, &got, &e) == -EINVAL &&
              strstr(e.msg, kernel_name) && strstr(e.msg, expected) &&
              got.a == 7 && got.b == 7,
          "%s: '%s' not refused as expected ('%s'): %s", kernel_name, text,
          expected, e.msg);
}

static void test_syntax(void)
{
    size_t kernels = 0;
    for (size_t i = 0; pb_kernels[i]; i++, kernels++) {
        const struct pb_kernel *k = pb_kernels[i];
        CHECK(pb_size_set(&k->size.judge), "%s: a judge's size", k->name);
        round_trip(k, k->size.judge);
        struct pb_size none = {0, 0};
        struct pb_size judge = pb_size_or_judge(k, &none);
        CHECK(pb_size_equal(&judge, &k->size.judge), "%s: {0, 0} is the judge",
              k->name);
        CHECK(pb_size_value(k, &k->size.judge) > 0, "%s: plotted judge's size",
              k->name);
        CHECK(k->size.label != NULL, "%s: an axis label", k->name);
    }
    CHECK(kernels >= 3, "%zu kernels", kernels);

    const double big = 4096.0 * 4096.0;
    reads_as("cubic_eight", "3x3", (struct pb_size){3, 3}, 9, "3x3");
    reads_as("cubic_eight", "2x4", (struct pb_size){2, 4}, 8, "2x4");
    reads_as("cubic_eight", "4x2", (struct pb_size){4, 2}, 8, "4x2");
    reads_as("cubic_eight", "2x7", (struct pb_size){2, 7}, 14, "2x7");
    reads_as("cubic_eight", "4096x4096", (struct pb_size){4096, 4096}, big,
             "4096x4096");
    /* the old rows * 10 + columns knob of results, suites and headers */
    reads_as("cubic_eight", "33", (struct pb_size){3, 3}, 9, "3x3");
    reads_as("cubic_eight", "23", (struct pb_size){2, 3}, 6, "2x3");
    reads_as("cubic_eight", "42", (struct pb_size){4, 2}, 8, "4x2");
    reads_as("magic_squares", "4", (struct pb_size){4, 0}, 4, "4");
    reads_as("magic_squares", "6", (struct pb_size){6, 0}, 6, "6");
    reads_as("magic_squares", "33", (struct pb_size){33, 0}, 33, "33");
    reads_as("cubing", "3", (struct pb_size){3, 0}, 3, "3");
    reads_as("cubing", "64", (struct pb_size){64, 0}, 64, "64");
    reads_as("cubing", "007", (struct pb_size){7, 0}, 7, "7");

    static const char *const not_boards[] = {
        "",      "3",    "123",   "3x",        "x3",
        "3x4x5", "3X4",  "-3x3",  "0x3",       "3x0",
        " 3x3",  "3x3 ", "3 x 3", "1048577x2", "3x99999999999999999999",
        "03",    "abc"};
    for (size_t i = 0; i < sizeof(not_boards) / sizeof(not_boards[0]); i++)
        refused("cubic_eight", not_boards[i], "expected ROWSxCOLUMNS");
    static const char *const not_numbers[] = {
        "", "0", "-1", "+4", "3x4", "4.0", " 4", "4 ", "abc", "1048577"};
    for (size_t i = 0; i < sizeof(not_numbers) / sizeof(not_numbers[0]); i++) {
        refused("magic_squares", not_numbers[i], "expected a whole number");
        refused("cubing", not_numbers[i], "expected a whole number");
    }
    struct pb_error e;
    CHECK(pb_size_parse(check_kernel("cubic_eight"), "3\x1b[2Jx3",
                        &(struct pb_size){0, 0}, &e) == -EINVAL &&
              !strchr(e.msg, '\x1b'),
          "a control byte echoed escaped: %s", e.msg);
}

/* Replaces the first line that starts with "# size " in path. */
static void set_size_header(const char *path, const char *value)
{
    FILE *f = fopen(path, "r");
    char text[8192];
    size_t n = f ? fread(text, 1, sizeof(text) - 1, f) : 0;
    if (f)
        fclose(f);
    text[n] = '\0';
    char *at = strstr(text, "# size ");
    char *end = at ? strchr(at, '\n') : NULL;
    f = fopen(path, "w");
    if (!f || !at || !end) {
        CHECK(0, "%s: no size header to rewrite", path);
        if (f)
            fclose(f);
        return;
    }
    fprintf(f, "%.*s# size %s%s", (int)(at - text), text, value, end);
    fclose(f);
}

static bool file_has(const char *path, const char *line)
{
    FILE *f = fopen(path, "r");
    char buf[256];
    bool found = false;
    while (f && !found && fgets(buf, sizeof(buf), f))
        found = !strcmp(buf, line);
    if (f)
        fclose(f);
    return found;
}

static void test_corpus_header(void)
{
    const struct pb_kernel *k = check_kernel("cubic_eight");
    char path[] = "/tmp/pb_sizes_corpus_XXXXXX";
    int fd = mkstemp(path);
    CHECK(fd >= 0, "mkstemp");
    if (fd < 0)
        return;
    close(fd);
    struct pb_corpus c, back;
    struct pb_error e;
    int rc = pb_generate(k, "uniform", (struct pb_size){2, 3}, 5, 1, &c, &e);
    CHECK(rc == 0 && pb_size_equal(&c.meta.size, &(struct pb_size){2, 3}),
          "gen 2x3: %s", e.msg);
    if (rc == 0) {
        CHECK(pb_corpus_save(&c, path, &e) == 0, "save: %s", e.msg);
        pb_corpus_free(&c);
    }
    CHECK(file_has(path, "# size 2x3\n"), "%s: no '# size 2x3' line", path);
    rc = pb_corpus_load(k, path, &back, &e);
    CHECK(rc == 0 && pb_size_equal(&back.meta.size, &(struct pb_size){2, 3}),
          "load 2x3: %s", e.msg);
    if (rc == 0)
        pb_corpus_free(&back);

    /* a corpus written before the board syntax */
    set_size_header(path, "23");
    rc = pb_corpus_load(k, path, &back, &e);
    CHECK(rc == 0 && pb_size_equal(&back.meta.size, &(struct pb_size){2, 3}),
          "load the old '# size 23': %s", e.msg);
    if (rc == 0)
        pb_corpus_free(&back);

    /* a size the kernel's syntax does not have: file, line, expectation */
    set_size_header(path, "2y3");
    rc = pb_corpus_load(k, path, &back, &e);
    char where[64];
    snprintf(where, sizeof(where), "%s:4: # size", path);
    CHECK(rc == -EINVAL && strstr(e.msg, where) &&
              strstr(e.msg, "expected ROWSxCOLUMNS"),
          "'# size 2y3' refused: %s", e.msg);
    if (rc == 0)
        pb_corpus_free(&back);

    /* a single-number kernel writes its number */
    rc = pb_generate(check_kernel("magic_squares"), "uniform",
                     (struct pb_size){0, 0}, 3, 1, &c, &e);
    CHECK(rc == 0 && pb_size_equal(&c.meta.size, &(struct pb_size){4, 0}),
          "gen magic_squares at the judge's size: %s", e.msg);
    if (rc == 0) {
        CHECK(pb_corpus_save(&c, path, &e) == 0, "save: %s", e.msg);
        pb_corpus_free(&c);
    }
    CHECK(file_has(path, "# size 4\n"), "%s: no '# size 4' line", path);
    unlink(path);
}

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    if (f) {
        fputs(text, f);
        fclose(f);
    }
    CHECK(f != NULL, "cannot write %s", path);
}

static void test_suite_line(void)
{
    char path[] = "/tmp/pb_sizes_suite_XXXXXX";
    int fd = mkstemp(path);
    CHECK(fd >= 0, "mkstemp");
    if (fd < 0)
        return;
    close(fd);
    write_file(path, "threads 1\n"
                     "bench cubic_eight bfs_hash uniform 23 5 1\n"
                     "bench cubic_eight bfs_hash uniform 2x3 5 1\n"
                     "bench magic_squares bfs_array uniform 5 5 1\n");
    struct pb_suite s;
    struct pb_error e;
    int rc = pb_suite_load(path, &s, &e);
    CHECK(rc == 0 && s.count == 3, "suite: %s", e.msg);
    if (rc == 0) {
        CHECK(pb_size_equal(&s.entries[0].size, &(struct pb_size){2, 3}) &&
                  pb_size_equal(&s.entries[1].size, &(struct pb_size){2, 3}),
              "23 and 2x3 are one board");
        CHECK(pb_size_equal(&s.entries[2].size, &(struct pb_size){5, 0}),
              "magic_squares 5");
        pb_suite_free(&s);
    }
    write_file(path, "threads 1\nbench cubic_eight all uniform 2y3 5 1\n");
    rc = pb_suite_load(path, &s, &e);
    CHECK(rc == -EINVAL && strstr(e.msg, ":2: SIZE: cubic_eight") &&
              strstr(e.msg, "expected ROWSxCOLUMNS"),
          "bad SIZE refused: %s", e.msg);
    if (rc == 0)
        pb_suite_free(&s);
    unlink(path);
}

/* A results.csv of one verified row of cubic_eight/bfs_hash at `size`. */
static void write_results(const char *path, const char *kernel_name,
                          const char *size, double seconds)
{
    FILE *f = fopen(path, "w");
    if (!f) {
        CHECK(0, "cannot write %s", path);
        return;
    }
    struct pb_row row = {
        .id = {"", "bfs_hash", "uniform", "", 10, 1, 1, 1},
        .seconds = seconds,
        .build_seconds = 0,
        .instances_per_second = NAN,
        .work_per_second = NAN,
        .expanded_per_instance = 5,
        .peak_heap_bytes = 1000,
        .allocated_bytes = NAN,
        .peak_rss_bytes = NAN,
        .verified = true,
    };
    snprintf(row.id.kernel, sizeof(row.id.kernel), "%s", kernel_name);
    snprintf(row.id.size, sizeof(row.id.size), "%s", size);
    pb_csv_header_write(f);
    fputc('\n', f);
    pb_csv_row_write(f, &row);
    fputc('\n', f);
    fclose(f);
}

static void test_results(void)
{
    char old_csv[] = "/tmp/pb_sizes_old_XXXXXX";
    char new_csv[] = "/tmp/pb_sizes_new_XXXXXX";
    int fd1 = mkstemp(old_csv), fd2 = mkstemp(new_csv);
    CHECK(fd1 >= 0 && fd2 >= 0, "mkstemp");
    if (fd1 < 0 || fd2 < 0)
        return;
    close(fd1);
    close(fd2);
    write_results(old_csv, "cubic_eight", "33", 1.0);
    write_results(new_csv, "cubic_eight", "3x3", 2.0);
    struct readback a, b;
    struct pb_error e;
    int ra = readback_load(old_csv, &a, 0, &e);
    CHECK(ra == 0, "old results: %s", e.msg);
    int rb = readback_load(new_csv, &b, 0, &e);
    CHECK(rb == 0, "new results: %s", e.msg);
    const char *key = "cubic_eight/bfs_hash/uniform/size:3x3/n:10/seed:1/"
                      "threads:1";
    if (ra == 0 && rb == 0) {
        const struct readback_bench *x = readback_get(&a, key);
        const struct readback_bench *y = readback_get(&b, key);
        CHECK(x && y, "both read as %s (old: %s)", key,
              a.count ? a.b[0].key : "-");
        CHECK(x && !strcmp(x->size, "3x3") && x->size_x == 9,
              "old size 33: '%s' plotted at %g", x ? x->size : "-",
              x ? x->size_x : NAN);
        CHECK(x && y && readback_find(&b, x, 1, 1) == y,
              "the old benchmark found among the new ones");
    }
    if (ra == 0)
        readback_free(&a);
    if (rb == 0)
        readback_free(&b);

    /* a size a known kernel cannot have: the file, the line, the column */
    write_results(old_csv, "cubic_eight", "3y3", 1.0);
    ra = readback_load(old_csv, &a, 0, &e);
    char where[64];
    snprintf(where, sizeof(where), "%s:2: column 'size'", old_csv);
    CHECK(ra == -EINVAL && strstr(e.msg, where) &&
              strstr(e.msg, "expected ROWSxCOLUMNS"),
          "a bad size refused: %s", e.msg);
    if (ra == 0)
        readback_free(&a);

    /* a kernel this build does not know keeps its size text */
    write_results(old_csv, "gone_kernel", "7x9", 1.0);
    ra = readback_load(old_csv, &a, 0, &e);
    CHECK(ra == 0 && a.count == 1 && !strcmp(a.b[0].size, "7x9") &&
              isnan(a.b[0].size_x),
          "an unknown kernel's size: %s", ra ? e.msg : a.b[0].size);
    if (ra == 0)
        readback_free(&a);
    unlink(old_csv);
    unlink(new_csv);
}

int main(void)
{
    test_syntax();
    test_corpus_header();
    test_suite_line();
    test_results();
    return check_summary();
}
