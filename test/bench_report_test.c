/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* fastsha256-bench-report-test: the seed report's tables from fixed rows.
 * Reads JSON lines (one row each, or {"missing": "deno"} for a runtime not
 * found) and prints the answer, fastsha256 from each runtime, C, and Python
 * and the npm libraries with the benchmark's own code, so that
 * bench/test_report.sh can assert on the text without measuring anything.
 * Usage: fastsha256-bench-report-test FIXTURE.jsonl */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_common.h"
#include "bench_report.h"

/* Where the member key's value starts, or NULL when it is absent. */
static const char *value_of(const char *line, const char *key) {
    char pat[48];
    bench_fmt(pat, sizeof pat, "\"%s\":", key);
    const char *p = strstr(line, pat);
    return p ? p + strlen(pat) : NULL;
}

/* The member key's string value (JSON escapes undone); 0 when absent. */
static int get_str(const char *line, const char *key, char *out, size_t n) {
    const char *p = value_of(line, key);
    if (!p || n == 0)
        return 0;
    p += strspn(p, " ");
    if (*p != '"')
        return 0;
    bench_json_string(p + 1, out, n);
    return 1;
}

static double get_num(const char *line, const char *key) {
    const char *p = value_of(line, key);
    return p ? strtod(p, NULL) : 0;
}

static int group_of(const char *name) {
    static const char *const groups[] = {"", "createhash", "webcrypto", "builtin",
                                         "from_js", "c", "python", "npm"};
    for (int g = 1; g < (int)(sizeof groups / sizeof groups[0]); g++)
        if (strcmp(name, groups[g]) == 0)
            return g;
    return BENCH_GROUP_NONE;
}

static void add_row(const char *line) {
    char group[16] = "";
    bench_report_row *r = bench_report_add();
    bench_fmt(r->section, sizeof r->section, "seed");
    get_str(line, "group", group, sizeof group);
    r->group = group_of(group);
    get_str(line, "who", r->who, sizeof r->who);
    get_str(line, "backend", r->backend, sizeof r->backend);
    get_str(line, "style", r->style, sizeof r->style);
    get_str(line, "messages", r->messages, sizeof r->messages);
    r->hps_med = get_num(line, "hps_med");
    /* Fixtures give the median; the spread defaults to a tenth either side. */
    r->hps_min = strstr(line, "\"hps_min\"") ? get_num(line, "hps_min") : 0.9 * r->hps_med;
    r->hps_best = strstr(line, "\"hps_best\"") ? get_num(line, "hps_best") : 1.1 * r->hps_med;
    r->cyc_med = get_num(line, "cyc_med");
    r->check = strstr(line, "\"check\"") ? (int)get_num(line, "check") : 1;
}

static void read_fixture(FILE *in, bench_report_meta *m) {
    static const char *const runtimes[3] = {"node", "bun", "deno"};
    char line[1024];
    while (fgets(line, sizeof line, in)) {
        char missing[16];
        if (get_str(line, "missing", missing, sizeof missing)) {
            for (int k = 0; k < 3; k++)
                if (strcmp(missing, runtimes[k]) == 0)
                    bench_report_js_missing(m, k);
        } else if (strchr(line, '{')) {
            add_row(line);
        }
    }
}

int main(int argc, char **argv) {
    FILE *in = argc == 2 ? fopen(argv[1], "r") : NULL;
    if (!in) {
        fprintf(stderr, "usage: fastsha256-bench-report-test FIXTURE.jsonl\n");
        return 2;
    }
    static bench_report_meta m;
    bench_fmt(m.cpu_model, sizeof m.cpu_model, "Test CPU");
    m.reps = 5;
    m.count = 5000000, m.js_count = 5000000, m.js_async_count = 100000;
    m.js_peer_count = 1000000, m.batch = 1024;
    for (int k = 0; k < 3; k++)
        m.js_found[k] = 1;
    read_fixture(in, &m);
    fclose(in);
    bench_report_print_answer(stdout, &m);
    bench_report_print_from_js(stdout, &m);
    bench_report_print_c(stdout, &m);
    bench_report_print_others(stdout, &m);
    return 0;
}
