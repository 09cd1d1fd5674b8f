/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* <sys/resource.h> for MinGW: the two context-switch counters the benchmark
 * reads; Windows does not count them per process (reported as 0). */
#ifndef FSUM_WIN32_SYS_RESOURCE_H
#define FSUM_WIN32_SYS_RESOURCE_H
#define RUSAGE_SELF 0
struct rusage {
    long ru_nvcsw, ru_nivcsw;
};
static inline int getrusage(int who, struct rusage *ru) {
    (void)who;
    ru->ru_nvcsw = ru->ru_nivcsw = 0;
    return 0;
}
#endif
