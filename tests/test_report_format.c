/*
 * test_report_format.c - the report's numbers for humans
 * (bench/present/report_format.c): fixed notation with significant digits and
 * never an exponent, thousands grouped from 10,000 up, counts without
 * trailing zeros, a column's unit chosen from its typical (median
 * positive) value, and the heading anchors that
 * the Markdown's contents link to (GitHub's rule).
 */
#include <math.h>
#include <string.h>

#include "check.h"
#include "present/report_internal.h"

#define SAME(got, want) CHECK(!strcmp(got, want), "'%s', want '%s'", got, want)

static void test_fixed(void)
{
    static const struct {
        double v;
        int digits;
        const char *want;
    } cases[] = {
        {0.000123456, 3, "0.000123"},
        {0.5, 3, "0.500"},
        {1, 3, "1.00"},
        {12.345, 3, "12.3"},
        {999.6, 3, "1000"},
        {1234, 3, "1234"},
        {12345, 3, "12,345"},
        {1234567.8, 3, "1,234,568"},
        {-123456, 3, "-123,456"},
        {2.5e-12, 3, "0.000000000"},
        {0, 3, "0"},
        {NAN, 3, "-"},
        {INFINITY, 3, "-"},
        {1e15, 3, "1,000,000,000,000,000"},
    };
    char buf[64];
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        rp_fixed(buf, sizeof(buf), cases[i].v, cases[i].digits);
        SAME(buf, cases[i].want);
        CHECK(!strchr(buf, 'e') && !strchr(buf, 'E'), "%s: an exponent", buf);
    }
    /* a buffer too small for the commas keeps the plain digits */
    char small[7];
    rp_fixed(small, sizeof(small), 123456, 3);
    SAME(small, "123456");
}

static void test_count(void)
{
    char buf[64];
    rp_count(buf, sizeof(buf), 36);
    SAME(buf, "36");
    rp_count(buf, sizeof(buf), 0.5);
    SAME(buf, "0.5");
    rp_count(buf, sizeof(buf), 216.0 / 840.0);
    SAME(buf, "0.2571");
    rp_count(buf, sizeof(buf), 40320);
    SAME(buf, "40,320");
    rp_count(buf, sizeof(buf), 100);
    SAME(buf, "100");
}

static void test_units(void)
{
    /* the typical value: the median of the finite positive ones */
    const double column[] = {NAN, 0, 1e-6, 2e-3, 3e-3, INFINITY, 4e-3};
    CHECK(rp_typical(column, 7) == 2.5e-3, "typical %g", rp_typical(column, 7));
    CHECK(isnan(rp_typical(column, 2)), "typical of none");
}

static void test_slug(void)
{
    char buf[64];
    rp_slug("Fastest variant per corpus", buf, sizeof(buf));
    SAME(buf, "fastest-variant-per-corpus");
    rp_slug("magic_squares", buf, sizeof(buf));
    SAME(buf, "magic_squares");
    rp_slug("A (b), c!", buf, sizeof(buf));
    SAME(buf, "a-b-c");
}

int main(void)
{
    test_fixed();
    test_count();
    test_units();
    test_slug();
    return check_summary();
}
