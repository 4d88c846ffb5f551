/*
 * pb_units.h - numbers for people: times, byte sizes, ratios and counts
 * as every message, console line, table and report writes them, by one
 * rule, so that one quantity reads the same wherever it appears. What
 * programs read back (CSV, JSON) keeps raw numbers and never comes here.
 *
 * The rule: PB_UNITS_DIGITS significant digits once rounded, in fixed
 * notation (never an exponent), whole digits never dropped ("12,346"),
 * commas between thousands from 10,000 up ("1234", "12,345"). A value
 * with a unit takes the largest unit in which it reads at least 1, so
 * that one that rounds up to the next unit's step is written in that
 * unit ("999 ns", "1.00 µs" for 999.6 ns). Times are in ns, µs (the
 * micro sign), ms or s; byte sizes in powers of 1024, as the size
 * parsers read them (B, KiB, MiB, GiB, TiB, PiB, EiB); ratios end in
 * "x". Text that cannot be a number of its kind ("-") says so. Every
 * function is O(1).
 * References: the SI brochure (digit grouping, 5.4.4) and IEC 80000-13
 * (binary prefixes); hyperfine's console (a unit per value, "1.08x").
 */
#ifndef PB_UNITS_H
#define PB_UNITS_H

#include <stddef.h>

#define PB_UNITS_DIGITS 3 /* significant digits of every number */
/* A buffer that holds any text here for values up to 1e18 in their
 * unit; a shorter one gets what fits, as snprintf. */
#define PB_UNITS_TEXT 48

/* A unit for a column of values: value * scale is written under name. */
struct pb_unit {
    const char *name;
    double scale;
};

/* v by the rule, without a unit: "0.000123", "0.500", "12.3", "1000",
 * "12,346", "-1.50", "0" for 0; "-" when v is not finite. */
void pb_units_number(char *buf, size_t len, double v);
/* A count, or a count per unit (a mean of counts): pb_units_number
 * without trailing zeros, so that whole numbers read whole: "36",
 * "40,320", "0.5", "0.257". */
void pb_units_count(char *buf, size_t len, double v);

/* The unit of a time in seconds, as pb_units_time picks it; s when 0
 * or not finite. For a column: the unit of its typical value. */
struct pb_unit pb_units_time_unit(double seconds);
/* The unit of a size in bytes, as pb_units_bytes picks it; B when 0
 * or not finite. */
struct pb_unit pb_units_bytes_unit(double bytes);

/* "0.123 ns", "1.00 µs", "823 µs", "45.6 ms", "1.50 s", "12,346 s",
 * "0 s"; "-" when not finite or negative. */
void pb_units_time(char *buf, size_t len, double seconds);
/* "0 B", "999 B", "1023 B", "1.50 KiB", "21.8 GiB", "1.00 MiB" for
 * 1023.96 KiB; a size that is a whole number of its unit is written
 * whole, as it was likely asked for: "1 KiB", "20 GiB", "16 EiB" for
 * (double)UINT64_MAX. "-" when not finite or negative. */
void pb_units_bytes(char *buf, size_t len, double bytes);
/* "1.00x", "1.08x", "17.6x", "0.520x", "12,346x"; "-" when not finite
 * or not positive. */
void pb_units_ratio(char *buf, size_t len, double ratio);
/* An interval of a ratio, its bounds by the rule without the "x":
 * "0.981-1.02"; "-" when a bound is not finite. */
void pb_units_interval(char *buf, size_t len, double lo, double hi);

/* The printf field width that fills `columns` terminal columns with
 * text: the micro sign takes two bytes of UTF-8 but one column, so
 * printf("%*s", pb_units_width(t, 9), t) right-aligns t in 9 columns. */
int pb_units_width(const char *text, int columns);

/* The larger of width and the terminal columns text takes (UTF-8: one
 * per character): a column sized to its widest entry is
 * w = pb_units_widen(w, entry) over the entries. */
int pb_units_widen(int width, const char *text);

#endif
