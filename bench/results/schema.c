/*
 * schema.c - benchmark names, results.csv rows and verification records
 * (schema.h), all driven by one column table: each column says where its
 * value lives in struct pb_row, how it is written and read, whether it is
 * part of the benchmark name (its prefix there) and whether readers
 * require it. The name is the table's named columns in table order; the
 * CSV row is every column in table order. Writing and parsing a name or
 * a row is O(its length).
 */
#include "results/schema.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

enum kind {
    K_TEXT,   /* char[size], written as is */
    K_U64,    /* uint64_t, decimal */
    K_HEX,    /* uint64_t, 16 hexadecimal digits */
    K_I64,    /* int64_t, decimal */
    K_REAL,   /* double, %.9g, NaN as NA */
    K_BYTES,  /* double, a whole number of bytes, NaN as NA */
    K_FLAG,   /* bool, 0 or 1 */
    K_QUOTED, /* char[size], a CSV quoted string ("" for a quote) */
    K_WORK,   /* struct pb_row_work, NAME=VALUE;... (schema.h), NA: none */
};

struct column {
    const char *name;   /* in the CSV header */
    const char *prefix; /* in the benchmark name ("" positional); NULL: not */
    enum kind kind;
    size_t offset, size; /* of the value in struct pb_row */
    bool required;       /* readers refuse a CSV without it */
    /* in the name only when above 1, read as absent (0) otherwise */
    bool name_above_one;
};

#define AT(m) offsetof(struct pb_row, m), sizeof(((struct pb_row *)0)->m)

/* In enum pb_col's order, which is the CSV's order. */
static const struct column columns[PB_COLS] = {
    {"kernel", "", K_TEXT, AT(id.kernel), true, false},
    {"variant", "", K_TEXT, AT(id.variant), true, false},
    {"family", "", K_TEXT, AT(id.family), true, false},
    {"size", "size:", K_TEXT, AT(id.size), true, false},
    {"count", "n:", K_U64, AT(id.count), true, false},
    {"seed", "seed:", K_U64, AT(id.seed), true, false},
    {"corpus_hash", NULL, K_HEX, AT(corpus_hash), false, false},
    {"threads", "threads:", K_U64, AT(id.threads), true, false},
    {"processes", "processes:", K_U64, AT(id.processes), false, true},
    {"side", NULL, K_TEXT, AT(side), false, false},
    {"round", NULL, K_I64, AT(round), false, false},
    {"repetition", NULL, K_I64, AT(repetition), false, false},
    {"iterations", NULL, K_I64, AT(iterations), false, false},
    {"seconds", NULL, K_REAL, AT(seconds), true, false},
    {"cpu_seconds", NULL, K_REAL, AT(cpu_seconds), false, false},
    {"involuntary_switches", NULL, K_REAL, AT(involuntary_switches), false,
     false},
    {"build_seconds", NULL, K_REAL, AT(build_seconds), true, false},
    {"build_timed", NULL, K_REAL, AT(build_timed), false, false},
    {"instances_per_second", NULL, K_REAL, AT(instances_per_second), false,
     false},
    {"work_per_second", NULL, K_REAL, AT(work_per_second), false, false},
    {"expanded_per_instance", NULL, K_REAL, AT(expanded_per_instance), true,
     false},
    {"counters_per_instance", NULL, K_WORK, AT(work), false, false},
    {"units_per_instance", NULL, K_REAL, AT(units_per_instance), false, false},
    {"peak_heap_bytes", NULL, K_BYTES, AT(peak_heap_bytes), true, false},
    {"allocated_bytes", NULL, K_BYTES, AT(allocated_bytes), false, false},
    {"peak_rss_bytes", NULL, K_BYTES, AT(peak_rss_bytes), false, false},
    {"load_before", NULL, K_REAL, AT(load_before), false, false},
    {"load_after", NULL, K_REAL, AT(load_after), false, false},
    {"cpu_per_wall", NULL, K_REAL, AT(cpu_per_wall), false, false},
    {"verified", NULL, K_FLAG, AT(verified), true, false},
    {"error", NULL, K_QUOTED, AT(error), false, false},
};

const char *pb_col_name(enum pb_col c)
{
    return columns[c].name;
}

static void *field_of(const struct pb_row *row, enum pb_col c)
{
    return (char *)row + columns[c].offset;
}

/* %.9g, or a whole number (bytes); NaN as NA. */
static void real_write(FILE *f, double d, bool whole)
{
    if (isnan(d))
        fputs("NA", f);
    else if (whole)
        fprintf(f, "%.0f", d);
    else
        fprintf(f, "%.9g", d);
}

/* NAME=VALUE;... or NA (schema.h). O(counters). */
static void work_write(FILE *f, const struct pb_row_work *w)
{
    if (w->n == 0)
        fputs("NA", f);
    for (size_t i = 0; i < w->n && i < PB_MAX_COUNTERS; i++) {
        fprintf(f, "%s%s=", i ? ";" : "", w->counter[i].name);
        real_write(f, w->counter[i].per_instance, false);
    }
}

static bool counter_name_ok(const char *s, size_t n)
{
    if (n < 1 || n >= PB_ID_TEXT)
        return false;
    for (size_t i = 0; i < n; i++)
        if (!(s[i] >= 'a' && s[i] <= 'z') && !(s[i] >= '0' && s[i] <= '9') &&
            s[i] != '_')
            return false;
    return true;
}

/* A number or NA (NaN): 0 or -EINVAL. */
static int real_read(const char *text, double *v)
{
    char *end;
    if (!strcmp(text, "NA")) {
        *v = NAN;
        return 0;
    }
    *v = strtod(text, &end);
    return !text[0] || *end ? -EINVAL : 0;
}

/* Parses NAME=VALUE;... (names in [a-z0-9_], values numbers or NA, at
 * most PB_MAX_COUNTERS) or NA / "" (none): 0 or -EINVAL. */
static int work_read(const char *text, struct pb_row_work *w)
{
    memset(w, 0, sizeof(*w));
    if (!text[0] || !strcmp(text, "NA"))
        return 0;
    for (const char *p = text;; p++) {
        size_t len = strcspn(p, ";"), name = strcspn(p, "=");
        char value[64];
        if (w->n == PB_MAX_COUNTERS || name >= len ||
            !counter_name_ok(p, name) || len - name - 1 >= sizeof(value))
            return -EINVAL;
        struct pb_row_counter *c = &w->counter[w->n++];
        memcpy(c->name, p, name);
        c->name[name] = '\0';
        memcpy(value, p + name + 1, len - name - 1);
        value[len - name - 1] = '\0';
        if (real_read(value, &c->per_instance))
            return -EINVAL;
        for (size_t i = 0; i + 1 < w->n; i++)
            if (!strcmp(w->counter[i].name, c->name))
                return -EINVAL; /* a name twice */
        p += len;
        if (!*p)
            return 0;
    }
}

double pb_row_counter(const struct pb_row_work *w, const char *name)
{
    for (size_t i = 0; i < w->n && i < PB_MAX_COUNTERS; i++)
        if (!strcmp(w->counter[i].name, name))
            return w->counter[i].per_instance;
    return NAN;
}

/* Writes one value of column c in its kind's text. */
static void value_write(FILE *f, const struct pb_row *row, enum pb_col c)
{
    const void *v = field_of(row, c);
    double d;
    switch (columns[c].kind) {
    case K_TEXT:
        fputs(v, f);
        break;
    case K_U64:
        fprintf(f, "%" PRIu64, *(const uint64_t *)v);
        break;
    case K_HEX:
        fprintf(f, "%016" PRIx64, *(const uint64_t *)v);
        break;
    case K_I64:
        fprintf(f, "%" PRId64, *(const int64_t *)v);
        break;
    case K_REAL:
    case K_BYTES:
        d = *(const double *)v;
        real_write(f, d, columns[c].kind == K_BYTES);
        break;
    case K_WORK:
        work_write(f, v);
        break;
    case K_FLAG:
        fputc(*(const bool *)v ? '1' : '0', f);
        break;
    case K_QUOTED:
        fputc('"', f);
        for (const char *p = v; *p; p++) {
            if (*p == '"')
                fputc('"', f);
            fputc(*p, f);
        }
        fputc('"', f);
        break;
    }
}

/* Parses text as column c's kind into row: 0 or -EINVAL. */
static int value_read(const char *text, struct pb_row *row, enum pb_col c)
{
    void *v = field_of(row, c);
    char *end;
    enum kind kind = columns[c].kind;
    switch (kind) {
    case K_TEXT:
    case K_QUOTED:
        if (strlen(text) >= columns[c].size && kind == K_TEXT)
            return -EINVAL;
        snprintf(v, columns[c].size, "%s", text);
        return 0;
    case K_U64:
    case K_HEX:
        /* digits only: strtoull would take a sign or spaces */
        if (!text[0] ||
            strspn(text,
                   kind == K_U64 ? "0123456789" : "0123456789abcdefABCDEF") !=
                strlen(text))
            return -EINVAL;
        errno = 0;
        *(uint64_t *)v = strtoull(text, &end, kind == K_U64 ? 10 : 16);
        return errno ? -EINVAL : 0;
    case K_I64:
        errno = 0;
        *(int64_t *)v = strtoll(text, &end, 10);
        return !text[0] || *end || errno ? -EINVAL : 0;
    case K_REAL:
    case K_BYTES:
        return real_read(text, v);
    case K_WORK:
        return work_read(text, v);
    case K_FLAG:
        if (strcmp(text, "0") && strcmp(text, "1"))
            return -EINVAL;
        *(bool *)v = text[0] == '1';
        return 0;
    }
    return -EINVAL;
}

int pb_bench_id_write(const struct pb_bench_id *id, char *buf, size_t len)
{
    struct pb_row row;
    row.id = *id;
    char *text = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&text, &n);
    if (!f)
        return -ENOMEM;
    bool first = true;
    for (int c = 0; c < PB_COLS; c++) {
        if (!columns[c].prefix ||
            (columns[c].name_above_one &&
             *(const uint64_t *)field_of(&row, (enum pb_col)c) <= 1))
            continue;
        fprintf(f, "%s%s", first ? "" : "/", columns[c].prefix);
        value_write(f, &row, (enum pb_col)c);
        first = false;
    }
    if (fclose(f) != 0) {
        free(text);
        return -ENOMEM;
    }
    int rc =
        snprintf(buf, len, "%s", text) >= (int)len ? -ENAMETOOLONG : (int)n;
    free(text);
    return rc;
}

int pb_bench_id_parse(const char *name, struct pb_bench_id *id,
                      struct pb_name_error *why)
{
    struct pb_row row;
    memset(&row, 0, sizeof(row));
    const char *p = name;
    for (int c = 0; c < PB_COLS; c++) {
        const struct column *col = &columns[c];
        if (!col->prefix)
            continue;
        size_t plen = strlen(col->prefix);
        if (col->name_above_one && (!p || strncmp(p, col->prefix, plen)))
            continue; /* absent: one */
        if (!p)
            return -EINVAL;
        size_t len = strcspn(p, "/");
        if (len <= plen || strncmp(p, col->prefix, plen))
            return -EINVAL;
        const char *text = p + plen;
        len -= plen;
        char value[PB_ID_TEXT];
        if (len >= sizeof(value)) {
            if (col->kind != K_TEXT)
                return -EINVAL; /* no number of ours is that long */
            if (why)
                *why = (struct pb_name_error){(enum pb_col)c, text, len};
            return -ENAMETOOLONG;
        }
        memcpy(value, text, len);
        value[len] = '\0';
        if (value_read(value, &row, (enum pb_col)c))
            return -EINVAL;
        p = text[len] ? text + len + 1 : NULL;
    }
    if (row.id.processes == 0) /* absent: one */
        row.id.processes = 1;
    *id = row.id;
    return 0;
}

void pb_csv_header_write(FILE *f)
{
    for (int c = 0; c < PB_COLS; c++)
        fprintf(f, "%s%s", c ? "," : "", columns[c].name);
}

void pb_csv_row_write(FILE *f, const struct pb_row *row)
{
    for (int c = 0; c < PB_COLS; c++) {
        if (c)
            fputc(',', f);
        value_write(f, row, (enum pb_col)c);
    }
}

/* Splits at every comma (a header holds no quotes). */
static int split_plain(char *line, char **field)
{
    int n = 0;
    for (char *p = line; n < PB_CSV_MAX_FIELDS;) {
        field[n++] = p;
        char *comma = strchr(p, ',');
        if (!comma)
            break;
        *comma = '\0';
        p = comma + 1;
    }
    return n;
}

int pb_csv_layout_read(struct pb_csv_layout *l, char *header,
                       enum pb_col *missing)
{
    char *field[PB_CSV_MAX_FIELDS];
    int nf = split_plain(header, field);
    memset(l, 0, sizeof(*l));
    l->fields = nf;
    for (int c = 0; c < PB_COLS; c++) {
        l->at[c] = -1;
        for (int j = 0; j < nf; j++)
            if (!strcmp(field[j], columns[c].name))
                l->at[c] = j;
        if (l->at[c] < 0 && columns[c].required) {
            *missing = (enum pb_col)c;
            return -EINVAL;
        }
        if (l->at[c] >= l->width)
            l->width = l->at[c] + 1;
        if (l->at[c] >= 0 && columns[c].kind == K_QUOTED)
            l->quoted[l->at[c]] = true;
    }
    return 0;
}

int pb_csv_split(const struct pb_csv_layout *l, char *line, char **field)
{
    int n = 0;
    for (char *p = line; n < PB_CSV_MAX_FIELDS;) {
        field[n] = p;
        if (l->quoted[n] && *p == '"') {
            /* unquote in place: "" is a quote, the next lone one ends it */
            char *out = p;
            for (p++; *p && !(p[0] == '"' && p[1] != '"'); p++) {
                if (*p == '"')
                    p++;
                *out++ = *p;
            }
            if (*p == '"')
                p++;
            char *rest = p;
            *out = '\0';
            n++;
            if (*rest != ',')
                break;
            p = rest + 1;
            continue;
        }
        n++;
        char *comma = strchr(p, ',');
        if (!comma)
            break;
        *comma = '\0';
        p = comma + 1;
    }
    return n;
}

const char *pb_csv_text(const struct pb_csv_layout *l, char *const *field,
                        enum pb_col c)
{
    return l->at[c] >= 0 ? field[l->at[c]] : "";
}

int pb_csv_row_read(const struct pb_csv_layout *l, char *const *field,
                    struct pb_row *row, enum pb_col *bad)
{
    memset(row, 0, sizeof(*row));
    for (int c = 0; c < PB_COLS; c++) {
        if (l->at[c] < 0) {
            if (columns[c].kind == K_REAL || columns[c].kind == K_BYTES)
                *(double *)field_of(row, (enum pb_col)c) = NAN;
            continue;
        }
        if (value_read(field[l->at[c]], row, (enum pb_col)c)) {
            *bad = (enum pb_col)c;
            return -EINVAL;
        }
    }
    if (row->id.processes == 0) /* absent (older files): one */
        row->id.processes = 1;
    return 0;
}

static const char *const status_name[] = {
    [PB_PASS_CORRECT] = "correct",
    [PB_PASS_WRONG] = "wrong",
    [PB_PASS_FAILED] = "failed",
    [PB_PASS_SKIPPED] = "skipped",
    [PB_PASS_NOT_APPLICABLE] = "not_applicable",
};
enum { STATUSES = sizeof(status_name) / sizeof(status_name[0]) };

const char *pb_pass_status_name(enum pb_pass_status s)
{
    return (unsigned)s < STATUSES ? status_name[s] : "unknown";
}

int pb_pass_record_write(const struct pb_pass_record *v, char *buf, size_t len)
{
    char seconds[32] = "NA";
    if (!isnan(v->seconds))
        snprintf(seconds, sizeof(seconds), "%.9g", v->seconds);
    int n = snprintf(buf, len,
                     "order=%" PRIu64 " status=%s correct=%" PRIu64
                     " instances=%" PRIu64 " seconds=%s reason=%s",
                     v->order, pb_pass_status_name(v->status), v->correct,
                     v->instances, seconds, v->reason);
    return n < 0 || (size_t)n >= len ? -ENAMETOOLONG : n;
}

/* Reads "KEY=" at *p and the value up to the next space (to the end when
 * rest) into out: 0 or -EINVAL. */
static int take(const char **p, const char *key, char *out, size_t len,
                bool rest)
{
    size_t klen = strlen(key);
    if (strncmp(*p, key, klen) || (*p)[klen] != '=')
        return -EINVAL;
    const char *v = *p + klen + 1;
    size_t n = rest ? strlen(v) : strcspn(v, " ");
    if (n >= len)
        return -EINVAL;
    memcpy(out, v, n);
    out[n] = '\0';
    *p = v + n + (v[n] == ' ');
    return 0;
}

static int take_u64(const char **p, const char *key, uint64_t *out)
{
    char text[24];
    struct pb_row row;
    if (take(p, key, text, sizeof(text), false) ||
        value_read(text, &row, PB_COL_COUNT))
        return -EINVAL;
    /* PB_COL_COUNT is a K_U64 column: value_read wrote row.id.count */
    /* NOLINTNEXTLINE(clang-analyzer-core.uninitialized.Assign) */
    *out = row.id.count;
    return 0;
}

int pb_pass_record_parse(const char *value, struct pb_pass_record *v)
{
    char status[24], seconds[32];
    const char *p = value;
    struct pb_row row;
    memset(v, 0, sizeof(*v));
    if (take_u64(&p, "order", &v->order) ||
        take(&p, "status", status, sizeof(status), false) ||
        take_u64(&p, "correct", &v->correct) ||
        take_u64(&p, "instances", &v->instances) ||
        take(&p, "seconds", seconds, sizeof(seconds), false) ||
        value_read(seconds, &row, PB_COL_SECONDS) ||
        take(&p, "reason", v->reason, sizeof(v->reason), true))
        return -EINVAL;
    /* PB_COL_SECONDS is a real column: value_read wrote row.seconds */
    /* NOLINTNEXTLINE(clang-analyzer-core.uninitialized.Assign) */
    v->seconds = row.seconds;
    for (unsigned s = 0; s < STATUSES; s++)
        if (!strcmp(status, status_name[s])) {
            v->status = (enum pb_pass_status)s;
            return 0;
        }
    return -EINVAL;
}
