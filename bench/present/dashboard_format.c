/*
 * dashboard_format.c - what the parts of the history site share
 * (dashboard_internal.h): a point's median and 95 % t interval over its
 * round values (change.h's pb_rounds_level, the interval summary.csv's
 * time_ci columns and the figures' error bars use), the file names of series
 * and kernels (kept characters and a hash: safe in a path, a link and an id), a
 * series' unit, the ratio text of a change point, and the HTML emitters: text
 * escaped (report_format.c's rp_put), the head with its small style sheet, the
 * filter box's script. O(rounds) a point, O(1) or O(length) the rest.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/change.h"
#include "pb_hash.h"
#include "pb_units.h"
#include "present/dashboard_internal.h"
#include "present/report_internal.h"
#include "util/stats.h"

void db_point_of(const struct pb_hist_point *p, struct db_point *out)
{
    struct pb_rounds r;
    pb_hist_point_rounds(p, &r, &out->median);
    pb_rounds_level(&r, PB_STATS_ALPHA, &out->lo, &out->hi);
    out->bar = isfinite(out->lo) && isfinite(out->hi);
}

/* name cut to its [A-Za-z0-9_-] characters (others as '_'), then the
 * hash of the whole name */
static void hashed_name(const char *name, char *out, size_t len)
{
    char kept[DB_NAME_KEPT + 1];
    size_t k = 0;
    for (const char *p = name; *p && k < DB_NAME_KEPT; p++) {
        bool safe = (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
                    (*p >= '0' && *p <= '9') || *p == '-' || *p == '_';
        kept[k++] = '_';
        if (safe)
            kept[k - 1] = *p;
    }
    kept[k] = '\0';
    snprintf(out, len, "%s-%08x", kept,
             (unsigned)(pb_fnv1a_text(name) & 0xffffffffu));
}

void db_series_name(const char *key, char *out, size_t len)
{
    hashed_name(key, out, len);
}

void db_page_name(const char *kernel, char *out, size_t len)
{
    bool plain = kernel[0] && strlen(kernel) <= DB_NAME_KEPT &&
                 strcmp(kernel, "index") != 0;
    for (const char *p = kernel; plain && *p; p++)
        plain = (*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') ||
                *p == '_' || *p == '-';
    if (plain)
        snprintf(out, len, "%s", kernel);
    else
        hashed_name(kernel, out, len);
}

double db_series_typical(const struct pb_hist_series *s)
{
    double *m = malloc((s->n ? s->n : 1) * sizeof(double));
    if (!m)
        return NAN;
    for (size_t i = 0; i < s->n; i++) {
        struct db_point d;
        db_point_of(&s->point[i], &d);
        m[i] = d.median;
    }
    double typical = rp_typical(m, s->n);
    free(m);
    return typical;
}

const char *db_clock_name(const char *clock)
{
    return !strcmp(clock, "cpu")    ? "CPU time"
           : !strcmp(clock, "wall") ? "wall time"
                                    : clock;
}

size_t db_after_commit(const struct pb_history *h,
                       const struct pb_hist_change *c)
{
    return h->series[c->series].point[c->after].commit;
}

void db_ratio_text(const struct pb_hist_change *c, char *buf, size_t len)
{
    char ratio[PB_UNITS_TEXT], interval[PB_UNITS_TEXT];
    pb_units_ratio(ratio, sizeof(ratio), c->change.ratio);
    if (!isfinite(c->change.lo) || !isfinite(c->change.hi)) {
        snprintf(buf, len, "%s", ratio);
        return;
    }
    pb_units_interval(interval, sizeof(interval), c->change.lo, c->change.hi);
    snprintf(buf, len, "%s (%s)", ratio, interval);
}

void db_put(FILE *f, const char *s)
{
    rp_put(f, s, false, false);
}

void db_put_key(FILE *f, const char *key)
{
    char part[sizeof(((struct pb_hist_series *)0)->key)];
    for (const char *p = key; *p;) {
        size_t len = strcspn(p, "/");
        snprintf(part, sizeof(part), "%.*s", (int)len, p);
        db_put(f, part);
        p += len;
        if (*p == '/') {
            fputs("/<wbr>", f);
            p++;
        }
    }
}

void db_html_head(FILE *f, const char *title)
{
    fputs("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
          "<meta name=\"viewport\" content=\"width=device-width\"><title>",
          f);
    db_put(f, title);
    /* numbers on one line, a wide table scrolling in its own box, long
     * words wrapping: the page fits a laptop's width */
    fputs("</title><style>"
          "body{font-family:sans-serif;max-width:84em;margin:1em auto;"
          "padding:0 1em;line-height:1.4;color:#222}"
          "code{white-space:nowrap}td{overflow-wrap:anywhere}"
          "h2{border-bottom:1px solid #ccc;margin-top:2em;font-size:1.15em}"
          "div.wide{overflow-x:auto}"
          "table{border-collapse:collapse;margin:.5em 0}"
          "td,th{border:1px solid #ccc;padding:2px 6px;text-align:left;"
          "vertical-align:top}th{background:#f0f0f0}"
          "td.n{text-align:right;white-space:nowrap}"
          "tr.failed td{background:#fbeaea}"
          ".faster{color:#1a7f37}.slower{color:#b3261e}"
          "img{max-width:100%;height:auto}"
          "input[type=search]{font-size:1em;width:20em;max-width:100%}"
          "</style></head><body>\n",
          f);
}

void db_html_filter_script(FILE *f)
{
    /* plain script, no framework: hides what the text does not match */
    fputs("<script>\n"
          "document.getElementById('filter').addEventListener('input',"
          " function () {\n"
          "  var q = this.value.toLowerCase();\n"
          "  document.querySelectorAll('[data-key]').forEach(function (e) {\n"
          "    e.hidden = q !== '' &&\n"
          "      e.getAttribute('data-key').toLowerCase().indexOf(q) < 0;\n"
          "  });\n"
          "});\n"
          "</script>\n",
          f);
}
