/* The sha256rnds2 probes of fastsha256-bench --kdf (bench_kdf.c): the time
 * of one sha256rnds2 in a dependent chain (a PBKDF2 chain's floor is 64 of
 * them per iteration: two blocks of 32) and in six independent chains (the
 * SHA unit's throughput: the floor for many chains at once), measured in
 * the same run as the rows, so no clock frequency is assumed; and the
 * library's lane kernels on independent streams, the practical floor for
 * many chains (their schedule work shares the SHA unit with the rounds). */
#include "bench_kdf.h"

#include <stdlib.h>

#include "bench_util.h"
#include "fastsha256.h"

/* ns per block of the library's own lane kernels on independent streams:
 * 16 messages of 64 KiB through fastsha256_many (framing negligible), the
 * best of reps calls by thread CPU time. */
double bk_lanes_block_ns(int quick) {
    enum { MSGS = 16, LEN = 64 * 1024 };
    uint8_t *buf = calloc(MSGS, LEN);
    const void *msgs[MSGS];
    size_t lens[MSGS];
    uint8_t out[MSGS][32];
    double best = 0;
    if (buf == NULL)
        return 0;
    for (size_t i = 0; i < MSGS; i++) {
        msgs[i] = buf + i * LEN;
        lens[i] = LEN;
        buf[i * LEN] = (uint8_t)i;
    }
    for (int r = 0; r < (quick ? 5 : 21); r++) {
        uint64_t t0 = bu_thread_cpu_ns();
        fastsha256_many(msgs, lens, MSGS, out);
        double ns = (double)(bu_thread_cpu_ns() - t0) / (MSGS * LEN / 64);
        if (r == 0 || ns < best)
            best = ns;
    }
    free(buf);
    return best;
}

#if (defined(__x86_64__) || defined(__i386__)) && defined(__GNUC__)
#include <cpuid.h>
#include <immintrin.h>

#define BK_TARGET __attribute__((target("sha,sse4.1"), noinline))

static int have_sha(void) {
    unsigned a, b, c, d;
    return __get_cpuid_count(7, 0, &a, &b, &c, &d) && (b >> 29 & 1);
}

/* n rounds of 64 rnds2, each one waiting on the one before (the two state
 * halves swap roles as in a real compression). */
BK_TARGET static __m128i chain(size_t n, __m128i abef, __m128i cdgh, __m128i wk) {
    for (size_t i = 0; i < n; i++) {
        for (int r = 0; r < 32; r++) {
            cdgh = _mm_sha256rnds2_epu32(cdgh, abef, wk);
            abef = _mm_sha256rnds2_epu32(abef, cdgh, wk);
        }
        __asm__("" : "+x"(abef), "+x"(cdgh));
    }
    return _mm_xor_si128(abef, cdgh);
}

/* The same work in six independent chains. */
BK_TARGET static __m128i chains6(size_t n, __m128i s, __m128i wk) {
    __m128i a0 = s, a1 = _mm_add_epi32(s, wk), a2 = _mm_sub_epi32(s, wk);
    __m128i a3 = _mm_xor_si128(s, wk), a4 = _mm_slli_epi32(s, 1), a5 = _mm_srli_epi32(s, 1);
    for (size_t i = 0; i < n; i++) {
        for (int r = 0; r < 64 / 6 + 1; r++) {
            a0 = _mm_sha256rnds2_epu32(a0, s, wk);
            a1 = _mm_sha256rnds2_epu32(a1, s, wk);
            a2 = _mm_sha256rnds2_epu32(a2, s, wk);
            a3 = _mm_sha256rnds2_epu32(a3, s, wk);
            a4 = _mm_sha256rnds2_epu32(a4, s, wk);
            a5 = _mm_sha256rnds2_epu32(a5, s, wk);
        }
        __asm__("" : "+x"(a0), "+x"(a1), "+x"(a2), "+x"(a3), "+x"(a4), "+x"(a5));
    }
    return _mm_xor_si128(_mm_xor_si128(_mm_xor_si128(a0, a1), _mm_xor_si128(a2, a3)),
                         _mm_xor_si128(a4, a5));
}

/* ns per rnds2: the best of reps runs, by thread CPU time. */
static double probe(int independent, size_t n, int reps) {
    double best = 0;
    volatile int sink = 0;
    __m128i s = _mm_set_epi32(1, 2, 3, 4), wk = _mm_set_epi32(5, 6, 7, 8);
    size_t per = independent ? 6 * (64 / 6 + 1) : 64;
    for (int r = 0; r < reps; r++) {
        uint64_t t0 = bu_thread_cpu_ns();
        __m128i v = independent ? chains6(n, s, wk) : chain(n, s, wk, wk);
        uint64_t t1 = bu_thread_cpu_ns();
        sink += _mm_cvtsi128_si32(v);
        double ns = (double)(t1 - t0) / ((double)n * (double)per);
        if (r == 0 || ns < best)
            best = ns;
    }
    (void)sink;
    return best;
}

int bk_rnds2_probe(double *latency_ns, double *throughput_ns, int quick) {
    if (!have_sha())
        return 0;
    size_t n = quick ? 20000 : 200000;
    *latency_ns = probe(0, n, quick ? 3 : 7);
    *throughput_ns = probe(1, n, quick ? 3 : 7);
    return 1;
}

#else
int bk_rnds2_probe(double *latency_ns, double *throughput_ns, int quick) {
    (void)latency_ns;
    (void)throughput_ns;
    (void)quick;
    return 0;
}
#endif
