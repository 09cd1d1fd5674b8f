/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Child programs, their output line by line (see bench_common.h); the peer
 * programs' JSON lines, and bench/peers.sh that runs them (see
 * bench_context.h). The reader knows the flat objects the peers print:
 * string, number and number-array members; anything else on a line makes it
 * not a row. */
#define _POSIX_C_SOURCE 200809L
#include "bench_context.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* FASTSHA256_BENCH_SOURCE_DIR, _DATA_DIR, _REL_DATA_DIR and _PYTHON_DIR come
 * from bench/CMakeLists.txt. */

/* --- Child programs --------------------------------------------------------- */

int bench_proc_lines(const char *cmd, bench_proc_line_fn on_line, void *arg) {
    fflush(stdout);
    fflush(stderr);
    FILE *p = popen(cmd, "r");
    if (!p)
        return -1;
    char line[4096];
    while (fgets(line, sizeof line, p)) {
        line[strcspn(line, "\n")] = '\0';
        on_line(arg, line);
    }
    int status = pclose(p);
    return status != -1 && WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

typedef struct capture {
    char *out;
    size_t len, used;
} capture;

static void keep(void *p, const char *line) {
    capture *c = (capture *)p;
    int n = snprintf(c->out + c->used, c->len - c->used, "%s\n", line);
    if (n > 0)
        c->used += (size_t)n < c->len - c->used ? (size_t)n : c->len - c->used - 1;
}

int bench_proc_capture(const char *cmd, char *out, size_t outlen) {
    capture c = {out, outlen, 0};
    out[0] = '\0';
    return bench_proc_lines(cmd, keep, &c);
}

void bench_proc_quote(char *out, size_t n, const char *s) {
    size_t k = 0;
    for (out[k++] = '\''; *s && k + 6 < n; s++) {
        if (*s == '\'') /* close, an escaped quote, reopen */
            memcpy(out + k, "'\\''", 4), k += 4;
        else
            out[k++] = *s;
    }
    out[k++] = '\'';
    out[k] = '\0';
}

/* --- The peers' JSON lines ---------------------------------------------------- */

static const char *skip_ws(const char *p) {
    while (*p == ' ' || *p == '\t' || *p == '\r')
        p++;
    return p;
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
    } m[] = {MEMBER(runtime), MEMBER(version), MEMBER(style), MEMBER(last), MEMBER(missing),
             MEMBER(who),     MEMBER(label),   MEMBER(path)};
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
        return bench_json_string(p + 1, dst ? dst : tmp, cap);
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
        if (*p != '"' || !(p = bench_json_string(p + 1, key, sizeof key)))
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
        return 3;
    for (int i = 0; i < nn; i++) {
        r->rate[i] = ms[i] > 0 ? n[i] / (ms[i] / 1000.0) : 0;
        r->count += (size_t)n[i];
    }
    r->nreps = nn;
    return 1;
}

/* The script: in the source tree, else in the share folder installed beside
 * this binary, else in the configured one. */
static int find_script(const bench_ctx *c, char *out, size_t n) {
    const char *src = FASTSHA256_BENCH_SOURCE_DIR, *data = FASTSHA256_BENCH_DATA_DIR;
    bench_fmt(out, n, "%s/peers.sh", src);
    if (src[0] && access(out, R_OK) == 0)
        return 1;
    bench_fmt(out, n, "%s/../" FASTSHA256_BENCH_REL_DATA_DIR "/peers.sh", c->exe_dir);
    if (access(out, R_OK) == 0)
        return 1;
    bench_fmt(out, n, "%s/peers.sh", data);
    return data[0] && access(out, R_OK) == 0;
}

/* What the script reads from its environment, set once (the caller's own
 * settings first). */
static void set_environment(const bench_ctx *c) {
    char path[BENCH_PATH_MAX], timeout[16], cpus[256] = "";
    if (c->opt.runtimes)
        setenv("FASTSHA256_JS_RUNTIMES", c->opt.runtimes, 1);
    if (c->opt.js_dir)
        setenv("FASTSHA256_BENCH_JS_DIR", c->opt.js_dir, 1);
    bench_fmt(timeout, sizeof timeout, "%u", c->opt.js_timeout);
    setenv("FASTSHA256_BENCH_TIMEOUT", timeout, 1);
    /* The JS runtimes run as users run them: on every allowed CPU. */
    for (int i = 0; i < bench_affinity_count() && strlen(cpus) + 8 < sizeof cpus; i++)
        bench_fmt(cpus + strlen(cpus), 8, "%s%d", i ? "," : "", bench_affinity_nth(i));
    setenv("FASTSHA256_BENCH_CPUS", cpus, 1);
    /* The bench binary is in <build>/bench: the addon in <build>/bindings/node. */
    bench_fmt(path, sizeof path, "%s/../bindings/node/fastsha256.node", c->exe_dir);
    if (access(path, R_OK) != 0)
        bench_fmt(path, sizeof path, "%s/../bindings/node/build/fastsha256.node",
                  FASTSHA256_BENCH_SOURCE_DIR);
    setenv("FASTSHA256_NODE_ADDON", path, 0);
    bench_fmt(path, sizeof path, "%s/fastsha256", FASTSHA256_BENCH_PYTHON_DIR);
    if (FASTSHA256_BENCH_PYTHON_DIR[0] && access(path, F_OK) == 0)
        setenv("FASTSHA256_PYTHONPATH", FASTSHA256_BENCH_PYTHON_DIR, 0);
}

int bench_peers_run(const bench_ctx *c, bench_proc_line_fn on_line, void *arg, const char *fmt,
                    ...) {
    static int env_set;
    char script[BENCH_PATH_MAX], cmd[4 * BENCH_PATH_MAX];
    if (!find_script(c, script, sizeof script))
        return -1;
    if (!env_set++)
        set_environment(c);
    bench_fmt(cmd, sizeof cmd, "sh ");
    bench_proc_quote(cmd + 3, BENCH_PATH_MAX + 64, script);
    size_t k = strlen(cmd);
    cmd[k++] = ' ';
    va_list ap;
    va_start(ap, fmt);
    if (vsnprintf(cmd + k, sizeof cmd - k, fmt, ap) < 0)
        cmd[k] = '\0';
    va_end(ap);
    return bench_proc_lines(cmd, on_line, arg);
}
