/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The CSV and JSON writers, driven by field tables: row_fields[] gives the
 * CSV header and columns and a JSON result's keys, meta_fields[] the JSON
 * description of the run, in this order. A new field is one line there. */
#include "bench_report.h"

#include <math.h>
#include <stddef.h>

#include "bench_common.h"

typedef enum {
    F_STR,      /* char array */
    F_TEXT,     /* const char *, NULL as "" */
    F_SIZE,     /* size_t, always written */
    F_INT,      /* int, always written */
    F_BOOL,     /* int as JSON true / false */
    F_NUM,      /* double: empty / null unless a positive finite value */
    F_CHECKSUM, /* uint64_t: 16 hex digits, empty / null when 0 */
    F_CHECK,    /* int: "ok" (> 0), "MISMATCH" (< 0), empty / null (0) */
    F_JS        /* bench_report_meta.js: a JSON array of the ones found */
} field_kind;

typedef struct field {
    const char *name;
    field_kind kind;
    size_t offset; /* in bench_report_row or bench_report_meta */
} field;

#define ROW(name, kind, member) {name, kind, offsetof(bench_report_row, member)}
static const field row_fields[] = {
    ROW("section", F_STR, section),
    ROW("who", F_STR, who),
    ROW("backend", F_STR, backend),
    ROW("style", F_STR, style),
    ROW("messages", F_STR, messages),
    ROW("size_bytes", F_SIZE, size),
    ROW("count", F_SIZE, count),
    ROW("threads", F_INT, threads),
    ROW("reps", F_INT, reps),
    ROW("hashes_per_s", F_NUM, hps_med),
    ROW("hashes_per_s_best", F_NUM, hps_best),
    ROW("ns_per_hash", F_NUM, ns_med),
    ROW("ns_per_hash_best", F_NUM, ns_best),
    ROW("cycles_per_hash", F_NUM, cyc_med),
    ROW("gb_per_s", F_NUM, gbps),
    ROW("cycles_per_byte", F_NUM, cpb),
    ROW("chunks", F_SIZE, chunks),
    ROW("dropped_chunks", F_SIZE, discarded),
    ROW("checksum", F_CHECKSUM, checksum),
    ROW("check", F_CHECK, check),
    ROW("unit", F_STR, unit),
    ROW("value", F_NUM, value),
    ROW("peer", F_STR, peer),
    ROW("peer_value", F_NUM, peer_value),
    ROW("note", F_STR, note),
};
#undef ROW

#define META(name, kind, member) {name, kind, offsetof(bench_report_meta, member)}
static const field meta_fields[] = {
    META("version", F_TEXT, version),
    META("date", F_STR, date),
    META("modes", F_STR, modes),
    META("cpu_model", F_STR, cpu_model),
    META("cpus_allowed", F_INT, ncpus),
    META("pinned_cpu", F_INT, pinned_cpu),
    META("tick_source", F_TEXT, tick_source),
    META("tick_hz", F_NUM, tick_hz),
    META("core_hz", F_NUM, core_hz),
    META("core_hz_end", F_NUM, core_hz_end),
    META("core_per_tick", F_NUM, core_per_tick),
    META("compiler", F_TEXT, compiler),
    META("build", F_STR, build),
    META("kernel", F_STR, host_kernel),
    META("backends", F_STR, backends),
    META("auto_backend", F_STR, auto_backend),
    META("hex_backend", F_STR, hex_backend),
    META("openssl", F_STR, openssl),
    META("js", F_JS, js),
    META("count", F_SIZE, count),
    META("batch", F_SIZE, batch),
    META("js_count", F_SIZE, js_count),
    META("js_async_count", F_SIZE, js_async_count),
    META("reps", F_INT, reps),
    META("threads", F_INT, threads),
    META("quick", F_BOOL, quick),
};
#undef META

#define COUNT(table) (sizeof table / sizeof table[0])

/* A field as text, in buf or in the struct itself; NULL when it has no value
 * (CSV: empty, JSON: null). Strings always have one, possibly empty. */
static const char *field_text(const void *obj, const field *f, char *buf, size_t n) {
    const char *p = (const char *)obj + f->offset;
    switch (f->kind) {
    case F_STR:
        return p;
    case F_TEXT:
        return *(const char *const *)p ? *(const char *const *)p : "";
    case F_SIZE:
        bench_fmt(buf, n, "%zu", *(const size_t *)p);
        return buf;
    case F_INT:
        bench_fmt(buf, n, "%d", *(const int *)p);
        return buf;
    case F_BOOL:
        return *(const int *)p ? "true" : "false";
    case F_NUM:
        if (!(*(const double *)p > 0 && isfinite(*(const double *)p)))
            return NULL;
        bench_fmt(buf, n, "%.6g", *(const double *)p);
        return buf;
    case F_CHECKSUM:
        if (!*(const uint64_t *)p)
            return NULL;
        bench_fmt(buf, n, "%016llx", (unsigned long long)*(const uint64_t *)p);
        return buf;
    case F_CHECK:
        return *(const int *)p ? bench_report_check_text(*(const int *)p) : NULL;
    case F_JS:
        break;
    }
    return NULL;
}

/* CSV fields are written without quotes: commas become semicolons. */
static void csv_str(FILE *out, const char *s) {
    for (; *s; s++)
        fputc(*s == ',' ? ';' : *s == '\n' ? ' ' : *s, out);
}

/* The rows' table alone: the meta is for the tables_fn signature. */
void bench_report_write_csv(FILE *out, const bench_report_meta *m) {
    (void)m;
    for (size_t k = 0; k < COUNT(row_fields); k++)
        fprintf(out, "%s%s", k ? "," : "", row_fields[k].name);
    fputc('\n', out);
    for (size_t i = 0; i < bench_report_count(); i++) {
        for (size_t k = 0; k < COUNT(row_fields); k++) {
            char buf[32];
            const char *text = field_text(bench_report_get(i), &row_fields[k], buf, sizeof buf);
            if (k)
                fputc(',', out);
            if (text)
                csv_str(out, text);
        }
        fputc('\n', out);
    }
}

static void json_str(FILE *out, const char *s) {
    fputc('"', out);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            fprintf(out, "\\%c", c);
        else if (c < 0x20)
            fprintf(out, "\\u%04x", c);
        else
            fputc(c, out);
    }
    fputc('"', out);
}

/* The runtimes found (and why not), without the empty slots. */
static void json_js(FILE *out, const bench_report_meta *m) {
    int first = 1;
    fputc('[', out);
    for (int i = 0; i < 3; i++)
        if (m->js[i][0]) {
            fputs(first ? "" : ", ", out);
            json_str(out, m->js[i]);
            first = 0;
        }
    fputc(']', out);
}

/* The members of a JSON object, "key": value, without the braces. */
static void json_fields(FILE *out, const void *obj, const field *fields, size_t n) {
    for (size_t k = 0; k < n; k++) {
        char buf[32];
        const field_kind kind = fields[k].kind;
        const char *text = field_text(obj, &fields[k], buf, sizeof buf);
        fprintf(out, "%s\"%s\": ", k ? ", " : "", fields[k].name);
        if (kind == F_JS)
            json_js(out, obj);
        else if (!text)
            fputs("null", out);
        else if (kind == F_STR || kind == F_TEXT || kind == F_CHECKSUM || kind == F_CHECK)
            json_str(out, text);
        else
            fputs(text, out);
    }
}

void bench_report_write_json(FILE *out, const bench_report_meta *m) {
    fprintf(out, "{\n  \"meta\": {\"tool\": \"fastsha256-bench\", ");
    json_fields(out, m, meta_fields, COUNT(meta_fields));
    fprintf(out, "},\n  \"results\": [");
    for (size_t i = 0; i < bench_report_count(); i++) {
        fprintf(out, "%s\n    {", i ? "," : "");
        json_fields(out, bench_report_get(i), row_fields, COUNT(row_fields));
        fputc('}', out);
    }
    fprintf(out, "\n  ]\n}\n");
}
