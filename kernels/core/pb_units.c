/*
 * pb_units.c - numbers for people by one rule (pb_units.h).
 *
 * The decimals come from printf itself: "%.2e" rounds to three
 * significant digits and its exponent E, taken after that rounding,
 * gives the decimals 2 - E that "%.*f" needs, so 9.996 is "10.0" and
 * 999.6 is "1000", never one digit too many or too few at a boundary.
 * A unit is picked the same way, from the number as it would be
 * written. Everything here is O(1) (a unit table of at most 7 rows).
 */
#include "pb_units.h"

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The most decimals written: smaller values read as 0.000000000. */
#define MAX_DECIMALS 9
/* Digit groups start from this many whole digits ("1234", "12,345"). */
#define GROUP_FROM 5

/* The decimals that show v to PB_UNITS_DIGITS significant digits once
 * rounded, at most MAX_DECIMALS; 0 for 0. */
static int decimals(double v)
{
    if (v == 0)
        return 0;
    char e[32];
    snprintf(e, sizeof(e), "%.*e", PB_UNITS_DIGITS - 1, v);
    const char *x = strchr(e, 'e');
    int d = PB_UNITS_DIGITS - 1 - (x ? (int)strtol(x + 1, NULL, 10) : 0);
    return d < 0 ? 0 : d > MAX_DECIMALS ? MAX_DECIMALS : d;
}

/* Inserts a comma every three digits into the whole part of the number
 * in buf, from GROUP_FROM digits up; a buffer too small keeps the plain
 * digits. */
static void group_thousands(char *buf, size_t len)
{
    char *digits = buf + (buf[0] == '-');
    size_t whole = strspn(digits, "0123456789");
    if (whole < GROUP_FROM)
        return;
    size_t commas = (whole - 1) / 3, n = strlen(buf);
    if (n + commas + 1 > len)
        return;
    size_t from = (size_t)(digits - buf) + whole; /* end of the whole part */
    memmove(buf + from + commas, buf + from, n - from + 1);
    for (size_t i = whole, at = from + commas; i > 0;) {
        size_t take = i > 3 ? 3 : i; /* from the right: the first group
                                      * is what is left over */
        at -= take;
        i -= take;
        memmove(buf + at, digits + i, take);
        if (i > 0)
            buf[--at] = ',';
    }
}

/* v rounded by the rule, as a number (what it will read as). */
static double rounded(double v)
{
    char buf[PB_UNITS_TEXT * 8];
    snprintf(buf, sizeof(buf), "%.*f", decimals(v), v);
    return strtod(buf, NULL);
}

void pb_units_number(char *buf, size_t len, double v)
{
    if (!isfinite(v)) {
        snprintf(buf, len, "-");
        return;
    }
    snprintf(buf, len, "%.*f", decimals(v), v);
    group_thousands(buf, len);
}

/* Drops the trailing zeros of a decimal fraction in buf, and its point
 * when nothing is left after it. */
static void trim_zeros(char *buf)
{
    if (!strchr(buf, '.'))
        return;
    size_t n = strlen(buf);
    while (buf[n - 1] == '0')
        buf[--n] = '\0';
    if (buf[n - 1] == '.')
        buf[n - 1] = '\0';
}

void pb_units_count(char *buf, size_t len, double v)
{
    pb_units_number(buf, len, v);
    trim_zeros(buf);
}

/* A family of units, smallest first, each `step` times the one before;
 * `plain` is the one of scale 1, for values that are not finite. */
struct family {
    const struct pb_unit *unit;
    size_t count, plain;
    double step;
};

static const struct pb_unit time_units[] = {
    {"ns", 1e9}, {"µs", 1e6}, {"ms", 1e3}, {"s", 1}};
#define COUNT(a) (sizeof(a) / sizeof((a)[0]))
static const struct family time_family = {time_units, COUNT(time_units), 3,
                                          1000};

#define KI (1.0 / 1024)
static const struct pb_unit byte_units[] = {{"B", 1},
                                            {"KiB", KI},
                                            {"MiB", KI *KI},
                                            {"GiB", KI *KI *KI},
                                            {"TiB", KI *KI *KI *KI},
                                            {"PiB", KI *KI *KI *KI *KI},
                                            {"EiB", KI *KI *KI *KI *KI *KI}};
static const struct family byte_family = {byte_units, COUNT(byte_units), 0,
                                          1024};

/* The largest unit of f in which v, once rounded, reads below the next
 * unit's step (the largest unit for a value above them all); 0 and what
 * is not finite have no scale: the plain unit ("0 s", "0 B"). */
static struct pb_unit pick(const struct family *f, double v)
{
    if (!isfinite(v) || v == 0)
        return f->unit[f->plain];
    size_t u = 0;
    while (u + 1 < f->count && rounded(fabs(v) * f->unit[u].scale) >= f->step)
        u++;
    return f->unit[u];
}

struct pb_unit pb_units_time_unit(double seconds)
{
    return pick(&time_family, seconds);
}

struct pb_unit pb_units_bytes_unit(double bytes)
{
    return pick(&byte_family, bytes);
}

/* v in its unit of f: "NUMBER UNIT"; whole: a whole number of the unit
 * written without decimals. */
static void with_unit(char *buf, size_t len, const struct family *f, double v,
                      bool whole)
{
    if (!isfinite(v) || v < 0) {
        snprintf(buf, len, "-");
        return;
    }
    struct pb_unit u = pick(f, v);
    double x = v * u.scale;
    char n[PB_UNITS_TEXT];
    if (whole && x == floor(x)) {
        snprintf(n, sizeof(n), "%.0f", x);
        group_thousands(n, sizeof(n));
    } else {
        pb_units_number(n, sizeof(n), x);
    }
    snprintf(buf, len, "%s %s", n, u.name);
}

void pb_units_time(char *buf, size_t len, double seconds)
{
    with_unit(buf, len, &time_family, seconds, false);
}

void pb_units_bytes(char *buf, size_t len, double bytes)
{
    with_unit(buf, len, &byte_family, bytes, true);
}

void pb_units_ratio(char *buf, size_t len, double ratio)
{
    if (!isfinite(ratio) || ratio <= 0) {
        snprintf(buf, len, "-");
        return;
    }
    char n[PB_UNITS_TEXT];
    pb_units_number(n, sizeof(n), ratio);
    snprintf(buf, len, "%sx", n);
}

void pb_units_interval(char *buf, size_t len, double lo, double hi)
{
    if (!isfinite(lo) || !isfinite(hi)) {
        snprintf(buf, len, "-");
        return;
    }
    char a[PB_UNITS_TEXT], b[PB_UNITS_TEXT];
    pb_units_number(a, sizeof(a), lo);
    pb_units_number(b, sizeof(b), hi);
    snprintf(buf, len, "%s-%s", a, b);
}

int pb_units_width(const char *text, int columns)
{
    int extra = 0; /* UTF-8 continuation bytes: no column of their own */
    for (const unsigned char *p = (const unsigned char *)text; *p; p++)
        extra += (*p & 0xc0) == 0x80;
    return columns + extra;
}

int pb_units_widen(int width, const char *text)
{
    int columns = (int)strlen(text) - pb_units_width(text, 0);
    return columns > width ? columns : width;
}
