/*
 * test_report_format.c - the report's formats (bench/present/report_format.c):
 * the typical (median positive) value a column's unit is chosen from,
 * and the heading anchors that the Markdown's contents link to
 * (GitHub's rule). The numbers themselves: test_units.c.
 */
#include <math.h>
#include <string.h>

#include "check.h"
#include "present/report_internal.h"

#define SAME(got, want) CHECK(!strcmp(got, want), "'%s', want '%s'", got, want)

static void test_typical(void)
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
    test_typical();
    test_slug();
    return check_summary();
}
