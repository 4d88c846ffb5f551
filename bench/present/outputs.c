/*
 * outputs.c - summary, figures, report, in that order (outputs.h): the
 * one place that chains them (the report left as it is when the figures
 * go elsewhere, plot --out), and the one fallback to a report without
 * figures. O(what plot and the report cost).
 */
#include "present/outputs.h"

#include "present/report.h"

int pb_outputs_write(const char *dir, const struct pb_plot_options *o,
                     FILE *out, struct pb_error *e)
{
    int rc = pb_plot(dir, o, out, e);
    if (o && o->out)
        return rc; /* plot --out: the results folder is only read */
    struct pb_report_options r = {o ? o->baseline : NULL, o ? o->clock : NULL,
                                  NULL};
    return rc ? rc : pb_report_write(dir, &r, e);
}

bool pb_outputs_or_report(const char *dir, const char *verb)
{
    struct pb_error e;
    if (pb_outputs_write(dir, NULL, NULL, &e) == 0)
        return true;
    fprintf(stderr, "puzzlebench %s: warning: %s\n", verb, e.msg);
    if (pb_report_write(dir, NULL, &e) == 0)
        return true;
    fprintf(stderr, "puzzlebench %s: warning: no report: %s\n", verb, e.msg);
    return false;
}
