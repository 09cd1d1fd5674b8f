/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The peer programs' JSON lines (see bench_peer.h). The reader knows the
 * flat objects the peers print: string, number and number-array members;
 * anything else on a line makes it not a row. */
#include "bench_peer.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "bench_common.h"
#include "bench_js.h"

static const char *skip_ws(const char *p) {
    while (*p == ' ' || *p == '\t' || *p == '\r')
        p++;
    return p;
}

/* A JSON string at p (after its opening quote) into out; returns the end. */
static const char *read_string(const char *p, char *out, size_t n) {
    size_t k = 0;
    for (; *p && *p != '"'; p++) {
        if (*p == '\\' && p[1])
            p++;
        if (k + 1 < n)
            out[k++] = *p;
    }
    if (n)
        out[k] = '\0';
    return *p == '"' ? p + 1 : NULL;
}

/* A number array at p (after '['); returns the end, NULL when malformed. */
static const char *read_numbers(const char *p, double *v, int *nv, int max) {
    *nv = 0;
    for (p = skip_ws(p); *p != ']'; p = skip_ws(p)) {
        char *end;
        double x = strtod(p, &end);
        if (end == p)
            return NULL;
        if (*nv < max)
            v[(*nv)++] = x;
        p = skip_ws(end);
        if (*p == ',')
            p++;
    }
    return p + 1;
}

#define MEMBER(f) {#f, offsetof(bench_peer_row, f), sizeof((bench_peer_row *)0)->f}

/* The string member called key, or NULL (the member is read and dropped). */
static char *string_member(bench_peer_row *r, const char *key, size_t *cap) {
    static const struct {
        const char *key;
        size_t off, size;
    } m[] = {MEMBER(runtime), MEMBER(version), MEMBER(style), MEMBER(last), MEMBER(missing)};
    for (size_t i = 0; i < sizeof m / sizeof m[0]; i++)
        if (strcmp(m[i].key, key) == 0) {
            *cap = m[i].size;
            return (char *)r + m[i].off;
        }
    return NULL;
}

/* The member key's value at p into r; returns the end, NULL when malformed. */
static const char *read_member(const char *key, const char *p, bench_peer_row *r, double *n,
                               int *nn, double *ms, int *nms) {
    char tmp[256];
    size_t cap = sizeof tmp;
    char *dst = string_member(r, key, &cap);
    if (*p == '"')
        return read_string(p + 1, dst ? dst : tmp, cap);
    if (*p == '[') {
        int is_ms = strcmp(key, "ms") == 0;
        return read_numbers(p + 1, is_ms ? ms : n, is_ms ? nms : nn, BENCH_PEER_MAX_REPS);
    }
    char *end;
    (void)strtod(p, &end);
    return end == p ? NULL : end;
}

int bench_peer_parse(const char *line, bench_peer_row *r) {
    double n[BENCH_PEER_MAX_REPS], ms[BENCH_PEER_MAX_REPS];
    int nn = 0, nms = 0;
    memset(r, 0, sizeof *r);
    const char *p = skip_ws(line);
    if (*p++ != '{')
        return 0;
    for (p = skip_ws(p); *p != '}'; p = skip_ws(p)) {
        char key[32];
        if (*p != '"' || !(p = read_string(p + 1, key, sizeof key)))
            return 0;
        p = skip_ws(p);
        if (*p++ != ':' || !(p = read_member(key, skip_ws(p), r, n, &nn, ms, &nms)))
            return 0;
        p = skip_ws(p);
        if (*p == ',')
            p++;
        else if (*p != '}')
            return 0;
    }
    if (r->missing[0])
        return 2;
    if (!r->runtime[0] || nn == 0 || nn != nms)
        return 0;
    for (int i = 0; i < nn; i++) {
        r->rate[i] = ms[i] > 0 ? n[i] / (ms[i] / 1000.0) : 0;
        r->count += (size_t)n[i];
    }
    r->nreps = nn;
    return 1;
}

int bench_peer_run(const char *const *argv, const char *env_name, const char *env_value,
                   int restore_affinity, unsigned timeout_s, bench_peer_row *rows, int max,
                   char *err, size_t errlen, int *missing) {
    static char out[1 << 16];
    int status = bench_js_capture(argv, env_name, env_value, restore_affinity, timeout_s, out,
                                  sizeof out, NULL);
    int nrows = 0;
    *missing = 0;
    bench_fmt(err, errlen, "%s", status == -2 ? "timed out" : "no row printed");
    for (char *line = out; line && *line;) {
        char *nl = strchr(line, '\n');
        if (nl)
            *nl = '\0';
        int kind = nrows < max ? bench_peer_parse(line, &rows[nrows]) : 0;
        if (kind == 1)
            nrows++;
        else if (kind == 2)
            *missing = 1, bench_fmt(err, errlen, "%s", rows[nrows].missing);
        else if (*line && !*missing)
            bench_fmt(err, errlen, "%.200s", line); /* a runtime's error message */
        line = nl ? nl + 1 : NULL;
    }
    if (status != 0 && !*missing && nrows == 0 && status != -2 && !err[0])
        bench_fmt(err, errlen, "exit status %d", status);
    return status == 0 || status == 3 ? nrows : 0;
}
