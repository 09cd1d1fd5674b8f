/* SPDX-License-Identifier: Apache-2.0 OR MIT */
#include "bench_machine.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench_common.h"
#include "bench_proc.h"

/* The value of "key : value" when line has that key. */
static const char *value_of(char *line, const char *key) {
    size_t kl = strlen(key);
    if (strncmp(line, key, kl) != 0 || (line[kl] != ' ' && line[kl] != '\t' && line[kl] != ':'))
        return NULL;
    char *v = strchr(line, ':');
    if (!v)
        return NULL;
    v += 1 + strspn(v + 1, " \t");
    v[strcspn(v, "\n")] = '\0';
    return v;
}

void bench_machine_cpu_id(char *out, size_t n) {
    char vendor[64] = "", family[16] = "", model[16] = "", line[512];
    FILE *f = fopen("/proc/cpuinfo", "r");
    bench_fmt(out, n, "%s", "");
    if (!f)
        return;
    while (fgets(line, sizeof line, f) && !model[0]) {
        const char *v;
        if ((v = value_of(line, "vendor_id")))
            bench_fmt(vendor, sizeof vendor, "%s", v);
        else if ((v = value_of(line, "cpu family")))
            bench_fmt(family, sizeof family, "%s", v);
        else if ((v = value_of(line, "model")))
            bench_fmt(model, sizeof model, "%s", v);
    }
    fclose(f);
    if (vendor[0])
        bench_fmt(out, n, "%s family %s model %s", vendor, family, model);
}

void bench_machine_python(char *out, size_t n) {
    const char *python = getenv("FASTSHA256_PYTHON");
    python = python && python[0] ? python : "/usr/bin/python3";
    const char *argv[] = {python, "--version", NULL};
    char text[256];
    if (access(python, X_OK) != 0 || bench_proc_capture(argv, NULL, 0, 30, text, sizeof text) != 0) {
        bench_fmt(out, n, "%s not found (apt-get install python3)", python);
        return;
    }
    text[strcspn(text, "\n")] = '\0';
    bench_fmt(out, n, "%s (%s)", text, python);
}
