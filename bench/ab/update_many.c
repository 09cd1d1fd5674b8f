/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* fastsha256_update_many vs one stream after another: N streams of SIZE
 * bytes each, fed in PIECE-byte pieces (as a tool reading files would).
 *   fastsha256-bench-update-many [streams=4] [MiB per stream=256] [KiB per piece=64] [repeats=5]
 * Each repeat runs both ways back to back. Prints the best and median time
 * of each way and the median of the per-repeat ratios: on a shared machine
 * the ratio of two best times can pair a quiet moment with a busy one (the
 * SHA unit's throughput, which the lanes live on, moves more with the load
 * than one stream's latency does). The digests must agree. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_util.h"
#include "fastsha256.h"

#define MAX_REPEATS 1000

static double seconds_since(uint64_t t0) { return (double)(bench_wall_ns() - t0) / 1e9; }

/* Sorts v[0..n) (so v[0] is the best) and returns its median. */
static double median(double *v, int n) {
    bench_sort_doubles(v, (size_t)n);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

int main(int argc, char **argv) {
    size_t streams = argc > 1 ? strtoul(argv[1], NULL, 10) : 4;
    size_t size = (argc > 2 ? strtoul(argv[2], NULL, 10) : 256) << 20;
    size_t piece = (argc > 3 ? strtoul(argv[3], NULL, 10) : 64) << 10;
    int repeats = argc > 4 ? atoi(argv[4]) : 5;
    if (streams == 0 || streams > 64 || size == 0 || piece == 0 || repeats < 1 ||
        repeats > MAX_REPEATS) {
        fprintf(stderr, "usage: %s [streams 1-64] [MiB] [KiB per piece] [repeats 1-%d]\n", argv[0],
                MAX_REPEATS);
        return 2;
    }
    /* Distinct data per stream, as from distinct files. */
    uint8_t *data = malloc(streams * size);
    if (!data) {
        perror("malloc");
        return 1;
    }
    for (size_t i = 0; i < streams * size; i++)
        data[i] = (uint8_t)(i * 2654435761u >> 13);

    fastsha256_ctx ctx[64];
    fastsha256_ctx *ctxs[64];
    const void *ptrs[64];
    size_t lens[64];
    uint8_t one[64][32], many[64][32];
    static double t_one[MAX_REPEATS], t_many[MAX_REPEATS], ratio[MAX_REPEATS];
    for (int r = 0; r < repeats; r++) {
        uint64_t t = bench_wall_ns();
        for (size_t s = 0; s < streams; s++) {
            fastsha256_init(&ctx[s]);
            for (size_t off = 0; off < size; off += piece)
                fastsha256_update(&ctx[s], data + s * size + off, size - off < piece ? size - off : piece);
            fastsha256_final(&ctx[s], one[s]);
        }
        t_one[r] = seconds_since(t);

        t = bench_wall_ns();
        for (size_t s = 0; s < streams; s++) {
            fastsha256_init(&ctx[s]);
            ctxs[s] = &ctx[s];
        }
        for (size_t off = 0; off < size; off += piece) {
            for (size_t s = 0; s < streams; s++) {
                ptrs[s] = data + s * size + off;
                lens[s] = size - off < piece ? size - off : piece;
            }
            fastsha256_update_many(ctxs, ptrs, lens, streams);
        }
        for (size_t s = 0; s < streams; s++)
            fastsha256_final(&ctx[s], many[s]);
        t_many[r] = seconds_since(t);
        ratio[r] = t_one[r] / t_many[r];
    }
    if (memcmp(one, many, streams * 32) != 0) {
        fprintf(stderr, "digests differ\n");
        return 1;
    }
    double mib = (double)(streams * size) / (1 << 20);
    double med_one = median(t_one, repeats), med_many = median(t_many, repeats);
    printf("backend %s, %zu x %zu MiB in %zu KiB pieces, %d repeats (best, median)\n",
           fastsha256_backend(), streams, size >> 20, piece >> 10, repeats);
    printf("one after another  %8.3f s %8.3f s  %8.0f MiB/s (median)\n", t_one[0], med_one,
           mib / med_one);
    printf("update_many        %8.3f s %8.3f s  %8.0f MiB/s (median)\n", t_many[0], med_many,
           mib / med_many);
    printf("speedup            %8.2fx (median of the per-repeat ratios; best-time ratio %.2fx)\n",
           median(ratio, repeats), t_one[0] / t_many[0]);
    free(data);
    return 0;
}
