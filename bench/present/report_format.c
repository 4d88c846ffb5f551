/*
 * report_format.c - the report's two emitters (Markdown and HTML written
 * side by side, report_internal.h) and the typical value of a column, from
 * which its unit is chosen (the numbers themselves are pb_units.h's).
 *
 * Text from the results folder (its path, names, log lines) is data:
 * escaped for HTML (& < > " ' as entities) and for Markdown (\ | < > ` [
 * ] with a backslash, so it neither breaks a table cell nor becomes
 * markup or a link); control bytes are written as \xHH in both.
 * Everything here is O(length of the text).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "present/report_internal.h"
#include "util/stats.h"

void rp_put(FILE *f, const char *s, bool md, bool lines)
{
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        const char *entity = NULL;
        if (!md)
            entity = *p == '&'    ? "&amp;"
                     : *p == '<'  ? "&lt;"
                     : *p == '>'  ? "&gt;"
                     : *p == '"'  ? "&quot;"
                     : *p == '\'' ? "&#39;"
                                  : NULL;
        if (entity)
            fputs(entity, f);
        else if (*p == '\n' && lines)
            fputc('\n', f);
        else if (*p < 0x20 || *p == 0x7f)
            fprintf(f, "\\x%02x", *p);
        else if (md && strchr("\\|<>`[]", *p))
            fprintf(f, "\\%c", *p);
        else
            fputc(*p, f);
    }
}

void rp_slug(const char *text, char *out, size_t len)
{
    size_t n = 0;
    for (const unsigned char *p = (const unsigned char *)text;
         *p && n + 1 < len; p++) {
        if (*p >= 'A' && *p <= 'Z')
            out[n++] = (char)(*p - 'A' + 'a');
        else if ((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') ||
                 *p == '_' || *p == '-')
            out[n++] = (char)*p;
        else if (*p == ' ')
            out[n++] = '-';
    }
    out[n] = '\0';
}

void rp_heading(struct rp_out *o, int level, const char *text)
{
    char id[128];
    rp_slug(text, id, sizeof(id));
    fprintf(o->md, "%s ", level == 2 ? "##" : "###");
    rp_put(o->md, text, true, false);
    fputs("\n\n", o->md);
    /* id is [a-z0-9_-] (rp_slug): safe in an attribute */
    fprintf(o->html, "<h%d id=\"%s\">", level, id);
    rp_put(o->html, text, false, false);
    fprintf(o->html, "</h%d>\n", level);
}

void rp_table_begin_class(struct rp_out *o, const char *const *cols, int n,
                          int left, const char *cls)
{
    fputc('|', o->md);
    for (int i = 0; i < n; i++) {
        fputc(' ', o->md);
        rp_put(o->md, cols[i], true, false);
        fputs(" |", o->md);
    }
    fputs("\n|", o->md);
    for (int i = 0; i < n; i++)
        fputs(i < left ? "---|" : "---:|", o->md);
    fputc('\n', o->md);
    /* the left-aligned columns by class, so a row stays plain <td>s; cls
     * is fixed text; a wide table scrolls in its own box, not the page */
    fprintf(o->html, "<div class=\"wide\"><table class=\"l%d%s%s\">\n<tr>",
            left, cls ? " " : "", cls ? cls : "");
    for (int i = 0; i < n; i++) {
        fputs("<th>", o->html);
        rp_put(o->html, cols[i], false, false);
        fputs("</th>", o->html);
    }
    fputs("</tr>\n", o->html);
}

void rp_table_begin(struct rp_out *o, const char *const *cols, int n, int left)
{
    rp_table_begin_class(o, cols, n, left, NULL);
}

void rp_table_row(struct rp_out *o, char cells[][RP_CELL], int n)
{
    fputc('|', o->md);
    fputs("<tr>", o->html);
    for (int i = 0; i < n; i++) {
        /* a cell's lines: one line in Markdown, <br> between in HTML */
        char line[RP_CELL];
        fputc(' ', o->md);
        fputs("<td>", o->html);
        for (const char *p = cells[i]; *p;) {
            size_t len = strcspn(p, "\n");
            snprintf(line, sizeof(line), "%.*s", (int)len, p);
            rp_put(o->md, line, true, false);
            rp_put(o->html, line, false, false);
            p += len;
            if (*p == '\n') {
                fputc(' ', o->md);
                fputs("<br>", o->html);
                p++;
            }
        }
        fputs(" |", o->md);
        fputs("</td>", o->html);
    }
    fputc('\n', o->md);
    fputs("</tr>\n", o->html);
}

void rp_table_end(struct rp_out *o)
{
    fputc('\n', o->md);
    fputs("</table></div>\n", o->html);
}

void rp_para(struct rp_out *o, const char *text)
{
    rp_put(o->md, text, true, false);
    fputs("\n\n", o->md);
    fputs("<p>", o->html);
    rp_put(o->html, text, false, false);
    fputs("</p>\n", o->html);
}

void rp_label(struct rp_out *o, const char *text)
{
    /* text is a kernel name or fixed text, never '*': bold is safe */
    fputs("**", o->md);
    rp_put(o->md, text, true, false);
    fputs("**\n\n", o->md);
    fputs("<p class=\"label\">", o->html);
    rp_put(o->html, text, false, false);
    fputs("</p>\n", o->html);
}

void rp_item(struct rp_out *o, bool first, const char *lead, const char *text)
{
    /* lead is a kernel name or fixed text, never '*': bold is safe */
    fputs("- **", o->md);
    rp_put(o->md, lead, true, false);
    fputs("**: ", o->md);
    rp_put(o->md, text, true, false);
    fputc('\n', o->md);
    fputs(first ? "<ul>\n<li><b>" : "<li><b>", o->html);
    rp_put(o->html, lead, false, false);
    fputs("</b>: ", o->html);
    rp_put(o->html, text, false, false);
    fputs("</li>\n", o->html);
}

void rp_list_end(struct rp_out *o)
{
    fputc('\n', o->md);
    fputs("</ul>\n", o->html);
}

double rp_typical(const double *v, size_t n)
{
    double *x = malloc((n ? n : 1) * sizeof(double));
    size_t m = 0;
    for (size_t i = 0; x && i < n; i++)
        if (isfinite(v[i]) && v[i] > 0)
            x[m++] = v[i];
    double typical = m ? pb_median(x, m) : NAN;
    free(x);
    return typical;
}

bool rp_no_build(const struct pb_kernel *k, const struct readback_bench *b)
{
    for (size_t v = 0; k && k->variants[v]; v++)
        if (!strcmp(k->variants[v]->name, b->variant))
            return !k->variants[v]->build;
    return !(b->build_seconds > 0);
}
