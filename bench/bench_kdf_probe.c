/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The floors of fastsha256-bench --kdf (bench_kdf.c), in ns: the time of
 * one sha256rnds2 in a dependent chain (a PBKDF2 chain's floor is 64 of
 * them per iteration: two blocks of 32) and its reciprocal throughput (the
 * floor for many chains at once), from limits_probe.c's probes run in the
 * same run as the rows, so no clock frequency is assumed; and the library's
 * lane kernels on independent streams, the practical floor for many chains
 * (their schedule work shares the SHA unit with the rounds). */
#include "bench_kdf.h"

#include <stdlib.h>
#include <string.h>

#include "limits_probe.h"

/* ns per block of the library's own lane kernels on independent streams:
 * 16 messages of 64 KiB through fastsha256_many (framing negligible), the
 * best repetition. */
double bench_kdf_lanes_block_ns(const bench_ctx *c) {
    enum { MSGS = 16, LEN = 64 * 1024 };
    static bench_msgs m;
    uint8_t *buf = bench_xmalloc(MSGS * LEN);
    bench_fill_pattern(buf, MSGS * LEN, 0x1a9e5);
    m.buf = buf;
    bench_msgs_set(&m, LEN, MSGS);
    void *args[1] = {&m};
    bench_result res;
    bench_measure_for(c, bench_work_many, args, 1, 1, c->opt.quick ? 20 : 200, 2000, &res);
    free(buf);
    return res.ns_best / (MSGS * LEN / 64);
}

/* A probe's best chunk in ns; 0 when this build has no such probe. */
static double probe_ns(const char *name, double ns_per_tick, int quick) {
    for (size_t i = 0; bench_probes[i]; i++) {
        if (strcmp(bench_probes[i]->name, name) != 0)
            continue;
        double median, best;
        bench_probe_run(bench_probes[i], ns_per_tick, quick ? 3 : 7, quick ? 0.5 : 3.0,
                        &median, &best);
        return best;
    }
    return 0;
}

int bench_kdf_rnds2_probe(const bench_ctx *c, double *latency_ns, double *throughput_ns) {
    if (!bench_backend_supported("shani"))
        return 0;
    const double ns_per_tick = 1e9 / c->clk.tick_hz;
    *latency_ns = probe_ns("sha256rnds2 latency", ns_per_tick, c->opt.quick);
    *throughput_ns = probe_ns("sha256rnds2 recip. throughput", ns_per_tick, c->opt.quick);
    return *latency_ns > 0 && *throughput_ns > 0;
}
