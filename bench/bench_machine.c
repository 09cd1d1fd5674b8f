/* SPDX-License-Identifier: Apache-2.0 OR MIT */
#define _POSIX_C_SOURCE 200809L
#include "bench_context.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#if defined(__x86_64__) || defined(__i386__)
#  include <cpuid.h>
#endif

/* The first "key : value" of /proc/cpuinfo with one of keys into out;
 * returns 0 (out untouched) when there is none. */
static int cpuinfo_field(const char *const *keys, size_t nkeys, char *out, size_t n) {
    FILE *f = fopen("/proc/cpuinfo", "r");
    char line[512];
    int found = 0;
    while (f && !found && fgets(line, sizeof line, f)) {
        char *v = strchr(line, ':');
        for (size_t k = 0; v && k < nkeys && !found; k++) {
            size_t kl = strlen(keys[k]);
            found = strncmp(line, keys[k], kl) == 0 && strchr(" \t:", line[kl]);
        }
        if (found) {
            v += 1 + strspn(v + 1, " \t");
            v[strcspn(v, "\n")] = '\0';
            bench_fmt(out, n, "%s", v);
        }
    }
    if (f)
        fclose(f);
    return found;
}

#define FIELD(key, out) cpuinfo_field((const char *const[]){key}, 1, out, sizeof out)

void bench_machine_cpu_model(char *out, size_t n) {
    static const char *const keys[] = {"model name", "Model", "Hardware", "cpu model"};
    if (!cpuinfo_field(keys, 4, out, n))
        bench_fmt(out, n, "unknown");
}

void bench_machine_cpu_id(char *out, size_t n) {
    char vendor[64] = "", family[16] = "", model[16] = "";
    bench_fmt(out, n, "%s", "");
    if (FIELD("vendor_id", vendor) && FIELD("cpu family", family) && FIELD("model", model))
        bench_fmt(out, n, "%s family %s model %s", vendor, family, model);
}

#if defined(__x86_64__) || defined(__i386__)
void bench_machine_cpu_stem(char *id, size_t id_size, char *stem, size_t stem_size) {
    unsigned a = 0, b = 0, c = 0, d = 0;
    char vendor[13] = "unknown";
    if (__get_cpuid(0, &a, &b, &c, &d)) {
        memcpy(vendor, &b, 4);
        memcpy(vendor + 4, &d, 4);
        memcpy(vendor + 8, &c, 4);
        vendor[12] = '\0';
    }
    unsigned eax1 = __get_cpuid(1, &a, &b, &c, &d) ? a : 0;
    unsigned family = (eax1 >> 8) & 0xf, model = (eax1 >> 4) & 0xf, stepping = eax1 & 0xf;
    if (family == 0xf)
        family += (eax1 >> 20) & 0xff;
    if (family == 0x6 || family >= 0xf)
        model += ((eax1 >> 16) & 0xf) << 4;
    const char *shortname = strcmp(vendor, "AuthenticAMD") == 0   ? "amd"
                            : strcmp(vendor, "GenuineIntel") == 0 ? "intel"
                            : strcmp(vendor, "HygonGenuine") == 0 ? "hygon"
                                                                  : "x86";
    bench_fmt(id, id_size, "%s family %u model %u stepping %u", vendor, family, model, stepping);
    bench_fmt(stem, stem_size, "%s-f%u-m%u", shortname, family, model);
}
#else
void bench_machine_cpu_stem(char *id, size_t id_size, char *stem, size_t stem_size) {
    char impl[32] = "?", arch[32] = "?", part[32] = "?", variant[32] = "?", rev[32] = "?";
    FIELD("CPU implementer", impl);
    FIELD("CPU architecture", arch);
    FIELD("CPU part", part);
    FIELD("CPU variant", variant);
    FIELD("CPU revision", rev);
    const char *shortname = strcmp(impl, "0x41") == 0   ? "arm"
                            : strcmp(impl, "0x61") == 0 ? "apple"
                            : strcmp(impl, "0x51") == 0 ? "qualcomm"
                            : strcmp(impl, "0xc0") == 0 ? "ampere"
                                                        : "cpu";
    bench_fmt(id, id_size, "implementer %s architecture %s part %s variant %s revision %s", impl,
              arch, part, variant, rev);
    bench_fmt(stem, stem_size, "%s-f%s-m%s", shortname, arch, part);
}
#endif

void bench_machine_python(char *out, size_t n) {
    const char *python = getenv("FASTSHA256_PYTHON");
    python = python && python[0] ? python : "/usr/bin/python3";
    char text[256], cmd[BENCH_PATH_MAX];
    bench_proc_quote(cmd, sizeof cmd - 16, python);
    strcat(cmd, " --version 2>&1");
    if (access(python, X_OK) != 0 || bench_proc_capture(cmd, text, sizeof text) != 0) {
        bench_fmt(out, n, "%s not found (apt-get install python3)", python);
        return;
    }
    text[strcspn(text, "\n")] = '\0';
    bench_fmt(out, n, "%s (%s)", text, python);
}
