/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The running CPU's identity for --limits (see limits_probe.h): the table's
 * heading and the name of its results file under bench/results/cpus. Apart
 * from the probes, which are timed assembly, because this is neither. */
#include "limits_probe.h"

#include <stdio.h>
#include <string.h>

#include "bench_common.h"

#if defined(__x86_64__) || defined(__i386__)
#  include <cpuid.h>
#endif

#if defined(__x86_64__) || defined(__i386__)
void bench_probe_cpu_identify(char *id, size_t id_size, char *stem, size_t stem_size) {
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
/* The value of "key : value" in /proc/cpuinfo (first occurrence), or "?". */
static void cpuinfo_field(const char *key, char *out, size_t n) {
    bench_fmt(out, n, "?");
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (!f)
        return;
    char line[256];
    size_t kl = strlen(key);
    while (fgets(line, sizeof line, f)) {
        char *colon = strchr(line, ':');
        if (strncmp(line, key, kl) != 0 || !colon)
            continue;
        colon++;
        colon += strspn(colon, " \t");
        colon[strcspn(colon, "\n")] = '\0';
        bench_fmt(out, n, "%s", colon);
        break;
    }
    fclose(f);
}

void bench_probe_cpu_identify(char *id, size_t id_size, char *stem, size_t stem_size) {
    char impl[32], arch[32], part[32], variant[32], rev[32];
    cpuinfo_field("CPU implementer", impl, sizeof impl);
    cpuinfo_field("CPU architecture", arch, sizeof arch);
    cpuinfo_field("CPU part", part, sizeof part);
    cpuinfo_field("CPU variant", variant, sizeof variant);
    cpuinfo_field("CPU revision", rev, sizeof rev);
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
