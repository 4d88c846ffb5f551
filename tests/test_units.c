/*
 * test_units.c - numbers for people (kernels/core/pb_units.h): three
 * significant digits at every rounding boundary and never an exponent,
 * thousands grouped from 10,000 up, counts without trailing zeros, times
 * and byte sizes in the unit they round into (999.6 ns is 1.00 µs,
 * 1023.96 KiB is 1.00 MiB) with powers of 1024 for bytes, whole byte
 * sizes written whole, ratios and their intervals, the columns of text
 * with the micro sign, and "-" for what is no number of its kind (NaN,
 * infinities, negative times and sizes). Ends with "N passed, N failed".
 */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "pb_units.h"

static char buf[PB_UNITS_TEXT];

#define SAME(fn, v, want)                                                      \
    do {                                                                       \
        fn(buf, sizeof(buf), v);                                               \
        CHECK(!strcmp(buf, want), #fn "(%.17g): '%s', want '%s'", (double)(v), \
              buf, want);                                                      \
    } while (0)

static void test_number(void)
{
    SAME(pb_units_number, 0.000123456, "0.000123");
    SAME(pb_units_number, 0.5, "0.500");
    SAME(pb_units_number, 1, "1.00");
    SAME(pb_units_number, 9.94, "9.94");
    SAME(pb_units_number, 9.996, "10.0"); /* rounding adds a digit */
    SAME(pb_units_number, 12.345, "12.3");
    SAME(pb_units_number, 99.96, "100");
    SAME(pb_units_number, 999.6, "1000");
    SAME(pb_units_number, 1234, "1234");
    SAME(pb_units_number, 9999.6, "10,000");
    SAME(pb_units_number, 12345, "12,345");
    SAME(pb_units_number, 1234567.8, "1,234,568");
    SAME(pb_units_number, -1.5, "-1.50");
    SAME(pb_units_number, -123456, "-123,456");
    SAME(pb_units_number, 2.5e-12, "0.000000000");
    SAME(pb_units_number, 0, "0");
    SAME(pb_units_number, NAN, "-");
    SAME(pb_units_number, INFINITY, "-");
    SAME(pb_units_number, -INFINITY, "-");
    SAME(pb_units_number, 1e15, "1,000,000,000,000,000");
    /* a buffer too small for the commas keeps the plain digits */
    char small[7];
    pb_units_number(small, sizeof(small), 123456);
    CHECK(!strcmp(small, "123456"), "small buffer: '%s'", small);
    /* no exponent anywhere from 1e-12 to 1e15 */
    /* a geometric sweep, its bound far from any rounding */
    /* NOLINTNEXTLINE(cert-flp30-c) */
    for (double v = 1e-12; v < 1e15; v *= 1.7) {
        pb_units_number(buf, sizeof(buf), v);
        CHECK(!strchr(buf, 'e'), "%g: '%s' has an exponent", v, buf);
    }
}

static void test_count(void)
{
    SAME(pb_units_count, 36, "36");
    SAME(pb_units_count, 1, "1");
    SAME(pb_units_count, 0, "0");
    SAME(pb_units_count, 0.5, "0.5");
    SAME(pb_units_count, 216.0 / 840.0, "0.257");
    SAME(pb_units_count, 100, "100");
    SAME(pb_units_count, 40320, "40,320");
    SAME(pb_units_count, 479001600, "479,001,600");
    SAME(pb_units_count, NAN, "-");
}

static void test_time(void)
{
    SAME(pb_units_time, 1.234e-10, "0.123 ns");
    SAME(pb_units_time, 1.234e-9, "1.23 ns");
    SAME(pb_units_time, 0, "0 s"); /* no scale: the plain unit */
    SAME(pb_units_time, 999e-9, "999 ns");
    SAME(pb_units_time, 999.4e-9, "999 ns");
    SAME(pb_units_time, 999.6e-9, "1.00 µs"); /* rounds into the next unit */
    SAME(pb_units_time, 1e-6, "1.00 µs");
    SAME(pb_units_time, 12.34e-6, "12.3 µs");
    SAME(pb_units_time, 822.705e-6, "823 µs");
    SAME(pb_units_time, 999.4e-6, "999 µs");
    SAME(pb_units_time, 999.6e-6, "1.00 ms");
    SAME(pb_units_time, 0.0456, "45.6 ms");
    SAME(pb_units_time, 0.9994, "999 ms");
    SAME(pb_units_time, 0.9999, "1.00 s");
    SAME(pb_units_time, 1.5, "1.50 s");
    SAME(pb_units_time, 999.6, "1000 s"); /* seconds are the largest unit */
    SAME(pb_units_time, 12345.6, "12,346 s");
    SAME(pb_units_time, NAN, "-");
    SAME(pb_units_time, INFINITY, "-");
    SAME(pb_units_time, -1e-6, "-");
    /* the unit of a column */
    CHECK(!strcmp(pb_units_time_unit(2.5).name, "s"), "2.5 s");
    CHECK(!strcmp(pb_units_time_unit(0.0025).name, "ms"), "2.5 ms");
    CHECK(!strcmp(pb_units_time_unit(2.5e-6).name, "µs") &&
              pb_units_time_unit(2.5e-6).scale == 1e6,
          "2.5 µs");
    CHECK(!strcmp(pb_units_time_unit(2.5e-9).name, "ns"), "2.5 ns");
    CHECK(!strcmp(pb_units_time_unit(NAN).name, "s"), "NaN: s");
    CHECK(!strcmp(pb_units_time_unit(0).name, "s"), "0: s");
    /* a geometric sweep, its bound far from any rounding */
    /* NOLINTNEXTLINE(cert-flp30-c) */
    for (double s = 1e-12; s < 1e6; s *= 1.7) {
        pb_units_time(buf, sizeof(buf), s);
        int columns = (int)strlen(buf) - pb_units_width(buf, 0);
        CHECK(!strchr(buf, 'e') && columns <= 10, "%g s: '%s'", s, buf);
    }
}

static void test_bytes(void)
{
    SAME(pb_units_bytes, 0, "0 B");
    SAME(pb_units_bytes, 1, "1 B");
    SAME(pb_units_bytes, 999, "999 B");
    SAME(pb_units_bytes, 1000, "1000 B");
    SAME(pb_units_bytes, 1023, "1023 B");
    SAME(pb_units_bytes, 1024, "1 KiB");
    SAME(pb_units_bytes, 1025, "1.00 KiB");
    SAME(pb_units_bytes, 1536, "1.50 KiB"); /* whole KiB only: whole */
    SAME(pb_units_bytes, 32768, "32 KiB");
    SAME(pb_units_bytes, 1023.4 * 1024, "1023 KiB");
    SAME(pb_units_bytes, 1023.96 * 1024, "1.00 MiB"); /* rounds up a unit */
    SAME(pb_units_bytes, 20.0 * (1 << 30), "20 GiB"); /* --max-memory 20G */
    SAME(pb_units_bytes, 25276514304.0, "23.5 GiB");
    SAME(pb_units_bytes, 0x1p50 * 1.25, "1.25 PiB");
    SAME(pb_units_bytes, (double)UINT64_MAX, "16 EiB");
    SAME(pb_units_bytes, 0x1p70, "1024 EiB"); /* EiB is the largest */
    SAME(pb_units_bytes, NAN, "-");
    SAME(pb_units_bytes, -1, "-");
    CHECK(!strcmp(pb_units_bytes_unit(1000).name, "B"), "1000 B");
    CHECK(!strcmp(pb_units_bytes_unit(2048).name, "KiB"), "2 KiB");
    CHECK(!strcmp(pb_units_bytes_unit(3.0 * (1 << 30)).name, "GiB"), "3 GiB");
    CHECK(pb_units_bytes_unit(3.0 * (1 << 30)).scale * (1 << 30) == 1,
          "GiB scale");
    CHECK(!strcmp(pb_units_bytes_unit(NAN).name, "B"), "NaN: B");
}

static void test_ratio(void)
{
    SAME(pb_units_ratio, 1.0, "1.00x");
    SAME(pb_units_ratio, 1.084, "1.08x");
    SAME(pb_units_ratio, 9.996, "10.0x");
    SAME(pb_units_ratio, 17.62, "17.6x");
    SAME(pb_units_ratio, 123.4, "123x");
    SAME(pb_units_ratio, 123456.0, "123,456x");
    SAME(pb_units_ratio, 0.52, "0.520x");
    SAME(pb_units_ratio, 0.0052, "0.00520x");
    SAME(pb_units_ratio, 0, "-");
    SAME(pb_units_ratio, -2, "-");
    SAME(pb_units_ratio, NAN, "-");
    SAME(pb_units_ratio, INFINITY, "-");
    pb_units_interval(buf, sizeof(buf), 0.98123, 1.0234);
    CHECK(!strcmp(buf, "0.981-1.02"), "interval '%s'", buf);
    pb_units_interval(buf, sizeof(buf), 1.02, NAN);
    CHECK(!strcmp(buf, "-"), "interval without a bound '%s'", buf);
}

static void test_width(void)
{
    CHECK(pb_units_width("823 µs", 9) == 10, "µ: two bytes, one column");
    CHECK(pb_units_width("823 ms", 9) == 9, "ASCII");
    CHECK(pb_units_widen(5, "823 µs") == 6, "widen: µ counts one column");
    CHECK(pb_units_widen(8, "823 µs") == 8, "widen: keeps a wider width");
    CHECK(pb_units_widen(0, "") == 0, "widen: empty text");
    char line[32];
    pb_units_time(buf, sizeof(buf), 823e-6);
    snprintf(line, sizeof(line), "[%*s]", pb_units_width(buf, 9), buf);
    CHECK(!strcmp(line, "[   823 µs]"), "aligned '%s'", line);
}

int main(void)
{
    test_number();
    test_count();
    test_time();
    test_bytes();
    test_ratio();
    test_width();
    return check_summary();
}
