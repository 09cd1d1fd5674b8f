/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Instruction probes for --limits (see bench_limits.h). The assembler
 * accepts every mnemonic whatever the compiler's -m flags, so this file
 * needs none; bench_limits.c runs a probe only where the library reports
 * its backend supported. Latency probes chain each instruction on its own
 * result; throughput probes give it eight or more independent destinations.
 * The mix probes write results no later instruction of the mix depends on
 * (beyond what the kernel itself chains), so they time the busiest unit. */
#include "bench_limits.h"

#if defined(__x86_64__) || defined(__aarch64__)
/* 64-byte aligned constants the mixes read as memory operands. */
static const uint32_t bench_probe_k[64] __attribute__((aligned(64))) = {1, 2, 3, 4};
static uint32_t bench_probe_w[64] __attribute__((aligned(64)));
#endif

/* One timed loop around an asm body with no operands but k and w. */
#define BENCH_PROBE_LOOP(fn, body, ...) BENCH_PROBE_LOOP_AT(fn, , body, __VA_ARGS__)
/* The same with function attributes (AVX-512 code may clobber zmm16-31
 * only in a function compiled for it; it runs only where supported). */
#define BENCH_PROBE_LOOP_AT(fn, attr, body, ...)                               \
    attr static uint64_t fn(uint64_t iters) {                                  \
        const uint32_t *k = bench_probe_k;                                     \
        uint32_t *w = bench_probe_w;                                           \
        uint64_t t0 = bench_ticks();                                           \
        for (uint64_t i = 0; i < iters; i++)                                   \
            __asm__ volatile(body : : [k] "r"(k), [w] "r"(w) : "memory", __VA_ARGS__); \
        return bench_ticks() - t0;                                             \
    }

/* A bench_probes[] entry. */
#define PROBE(...) &(const bench_probe){__VA_ARGS__}

#if defined(__x86_64__)

static uint8_t bench_probe_digests[64][32] __attribute__((aligned(64)));
static char bench_probe_hex_out[64][65] __attribute__((aligned(64)));

#define XMM_ALL "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7", "xmm8", "xmm9", \
                "xmm10", "xmm11", "xmm12", "xmm13", "xmm14", "xmm15"

/* --- SHA-NI: one instruction ------------------------------------------- */
/* op (with any leading operands) into eight independent destinations from
 * the untouched xmm15, four times. */
#define EIGHT(op)                                                              \
    ".rept 4\n\t" op " %%xmm15, %%xmm1\n\t" op " %%xmm15, %%xmm2\n\t"         \
    op " %%xmm15, %%xmm3\n\t" op " %%xmm15, %%xmm4\n\t" op " %%xmm15, %%xmm5\n\t" \
    op " %%xmm15, %%xmm6\n\t" op " %%xmm15, %%xmm7\n\t" op " %%xmm15, %%xmm8\n\t" ".endr"
BENCH_PROBE_LOOP(rnds2_lat, ".rept 16\n\t"
                            "sha256rnds2 %%xmm0, %%xmm1, %%xmm2\n\t"
                            "sha256rnds2 %%xmm0, %%xmm2, %%xmm1\n\t"
                            ".endr", XMM_ALL)
BENCH_PROBE_LOOP(rnds2_tp, EIGHT("sha256rnds2 %%xmm0,"), XMM_ALL)
BENCH_PROBE_LOOP(msg1_lat, ".rept 32\n\tsha256msg1 %%xmm15, %%xmm1\n\t.endr", XMM_ALL)
BENCH_PROBE_LOOP(msg2_lat, ".rept 32\n\tsha256msg2 %%xmm15, %%xmm1\n\t.endr", XMM_ALL)
BENCH_PROBE_LOOP(msg1_tp, EIGHT("sha256msg1"), XMM_ALL)
BENCH_PROBE_LOOP(msg2_tp, EIGHT("sha256msg2"), XMM_ALL)
BENCH_PROBE_LOOP(paddd_lat, ".rept 32\n\tpaddd %%xmm15, %%xmm1\n\t.endr", XMM_ALL)

/* --- SHA-NI: a block's mix on five interleaved streams -------------------
 * Per stream and block, what shani_compress_quads issues: 16 x (W+K add
 * with K from memory, sha256rnds2, pshufd, sha256rnds2), 12 x (msg1,
 * palignr, paddd, msg2), 4 pshufb (the byte swap of the loaded words) and
 * the 2 feed-forward adds. Stream s keeps ABEF/CDGH in xmm(2s+1)/xmm(2s+2),
 * so each stream is one rnds2 chain as in the kernel; the schedule results
 * go to xmm12-15, chains short enough not to bound the loop. */
#define R4(a, b, q)                                                            \
    "movdqa %%xmm11, %%xmm0\n\t"                                               \
    "paddd " BENCH_LIMITS_STR(q) "*16(%[k]), %%xmm0\n\t"                        \
    "sha256rnds2 %%xmm0, %%xmm" #a ", %%xmm" #b "\n\t"                         \
    "pshufd $0x0e, %%xmm0, %%xmm0\n\t"                                         \
    "sha256rnds2 %%xmm0, %%xmm" #b ", %%xmm" #a "\n\t"
#define SCHED1(m2)                                                             \
    "sha256msg1 %%xmm11, %%xmm14\n\t"                                          \
    "palignr $4, %%xmm11, %%xmm15\n\t"                                         \
    "paddd %%xmm11, %%xmm15\n\t"                                               \
    "sha256msg2 %%xmm11, %%xmm" #m2 "\n\t"
#define ROUNDS5(q) R4(1, 2, q) R4(3, 4, q) R4(5, 6, q) R4(7, 8, q) R4(9, 10, q)
#define SWAP5 ".rept 5\n\tpshufb %%xmm11, %%xmm13\n\t.endr\n\t"
#define SCHED5 SCHED1(12) SCHED1(13) SCHED1(12) SCHED1(13) SCHED1(12)
#define QUAD_LOAD(q) ROUNDS5(q) SWAP5
#define QUAD_SCHED(q) ROUNDS5(q) SCHED5
BENCH_PROBE_LOOP(shani_mix,
        QUAD_LOAD(0) QUAD_LOAD(1) QUAD_LOAD(2) QUAD_LOAD(3)
        QUAD_SCHED(4) QUAD_SCHED(5) QUAD_SCHED(6) QUAD_SCHED(7)
        QUAD_SCHED(8) QUAD_SCHED(9) QUAD_SCHED(10) QUAD_SCHED(11)
        QUAD_SCHED(12) QUAD_SCHED(13) QUAD_SCHED(14) QUAD_SCHED(15)
        "paddd %%xmm11, %%xmm1\n\tpaddd %%xmm11, %%xmm2\n\t"
        "paddd %%xmm11, %%xmm3\n\tpaddd %%xmm11, %%xmm4\n\t"
        "paddd %%xmm11, %%xmm5\n\tpaddd %%xmm11, %%xmm6\n\t"
        "paddd %%xmm11, %%xmm7\n\tpaddd %%xmm11, %%xmm8\n\t"
        "paddd %%xmm11, %%xmm9\n\tpaddd %%xmm11, %%xmm10\n\t", XMM_ALL)

/* --- AVX2 lanes: a round's and a schedule word's operations --------------
 * As avx2_lanes.c issues them per round: 12 shifts (three rotates of
 * Sigma1 and of Sigma0, two shifts each), 14 XORs, 2 ANDs and 7 adds, one
 * of them with K from memory; per schedule word 10 shifts, 8 XORs and 3
 * adds, loading four ring words (two as add operands) and storing one. Destinations cycle through
 * ymm1-14 from the untouched ymm0 and ymm15: all independent. Four rounds
 * and three schedule words (64:48) per group; eight lanes per vector. */
#define V3(op, s, d) op " %%ymm0, %%ymm" #s ", %%ymm" #d "\n\t"
#define SH(op, n, d) op " $" #n ", %%ymm15, %%ymm" #d "\n\t"
#define AVX2_ROUND                                                             \
    "vpaddd (%[k]), %%ymm0, %%ymm1\n\t"                                        \
    SH("vpsrld", 6, 2) SH("vpslld", 26, 3) SH("vpsrld", 11, 4) SH("vpslld", 21, 5) \
    SH("vpsrld", 25, 6) SH("vpslld", 7, 7) SH("vpsrld", 2, 8) SH("vpslld", 30, 9)  \
    SH("vpsrld", 13, 10) SH("vpslld", 19, 11) SH("vpsrld", 22, 12) SH("vpslld", 10, 13) \
    V3("vpxor", 15, 14) V3("vpxor", 15, 1) V3("vpxor", 15, 2) V3("vpxor", 15, 3) \
    V3("vpxor", 15, 4) V3("vpxor", 15, 5) V3("vpxor", 15, 6) V3("vpxor", 15, 7) \
    V3("vpxor", 15, 8) V3("vpxor", 15, 9) V3("vpxor", 15, 10) V3("vpxor", 15, 11) \
    V3("vpxor", 15, 12) V3("vpxor", 15, 13) V3("vpand", 15, 14) V3("vpand", 15, 1) \
    V3("vpaddd", 15, 2) V3("vpaddd", 15, 3) V3("vpaddd", 15, 4) V3("vpaddd", 15, 5) \
    V3("vpaddd", 15, 6) V3("vpaddd", 15, 7)
#define AVX2_SCHED                                                             \
    "vmovdqa 32(%[w]), %%ymm8\n\t" "vmovdqa 96(%[w]), %%ymm9\n\t"             \
    SH("vpsrld", 7, 8) SH("vpsrld", 17, 9) SH("vpslld", 25, 10) SH("vpsrld", 18, 11) SH("vpslld", 14, 12) SH("vpsrld", 3, 13) \
    SH("vpslld", 15, 14) SH("vpsrld", 19, 1) SH("vpslld", 13, 2) SH("vpsrld", 10, 3) \
    V3("vpxor", 15, 4) V3("vpxor", 15, 5) V3("vpxor", 15, 6) V3("vpxor", 15, 7) \
    V3("vpxor", 15, 8) V3("vpxor", 15, 9) V3("vpxor", 15, 10) V3("vpxor", 15, 11) \
    "vpaddd 64(%[w]), %%ymm0, %%ymm12\n\t" "vpaddd 128(%[w]), %%ymm0, %%ymm13\n\t" \
    V3("vpaddd", 15, 14) "vmovdqa %%ymm14, 160(%[w])\n\t"
BENCH_PROBE_LOOP(avx2_mix,
        AVX2_ROUND AVX2_ROUND AVX2_ROUND AVX2_ROUND AVX2_SCHED AVX2_SCHED AVX2_SCHED,
        XMM_ALL)
/* The round's dependency chain: e to the next e through Sigma1 (a shift
 * and three XORs), the T1 add and d + T1. */
BENCH_PROBE_LOOP(avx2_chain, ".rept 8\n\t"
                             "vpsrld $6, %%ymm1, %%ymm2\n\t"
                             "vpxor %%ymm0, %%ymm2, %%ymm2\n\t"
                             "vpxor %%ymm0, %%ymm2, %%ymm2\n\t"
                             "vpxor %%ymm0, %%ymm2, %%ymm2\n\t"
                             "vpaddd %%ymm0, %%ymm2, %%ymm2\n\t"
                             "vpaddd %%ymm0, %%ymm2, %%ymm1\n\t"
                             ".endr", XMM_ALL)

/* --- AVX-512 lanes ----------------------------------------------------------
 * As avx512_lanes.c: per round 6 vprord, 4 vpternlogd (Ch, Maj, the two
 * Sigma XORs) and 9 adds, one with K broadcast from memory; per schedule
 * word 4 vprord, 2 shifts, 2 vpternlogd and 3 adds (the ring stays in
 * registers). Sixteen lanes per vector. vpternlogd also reads its
 * destination; each one is rewritten about every thirty operations. */
#define Z3(op, d) op " %%zmm0, %%zmm31, %%zmm" #d "\n\t"
#define ZR(n, d) "vprord $" #n ", %%zmm31, %%zmm" #d "\n\t"
#define ZT(d) "vpternlogd $0x96, %%zmm0, %%zmm31, %%zmm" #d "\n\t"
#define AVX512_ROUND                                                           \
    "vpaddd (%[k])%{1to16%}, %%zmm0, %%zmm1\n\t"                               \
    ZR(6, 2) ZR(11, 3) ZR(25, 4) ZR(2, 5) ZR(13, 6) ZR(22, 7)                   \
    ZT(8) ZT(9) ZT(10) ZT(11)                                                  \
    Z3("vpaddd", 12) Z3("vpaddd", 13) Z3("vpaddd", 14) Z3("vpaddd", 15)         \
    Z3("vpaddd", 16) Z3("vpaddd", 17) Z3("vpaddd", 18) Z3("vpaddd", 19)
#define AVX512_SCHED                                                           \
    ZR(7, 20) ZR(18, 21) ZR(17, 22) ZR(19, 23)                                 \
    "vpsrld $3, %%zmm31, %%zmm24\n\t" "vpsrld $10, %%zmm31, %%zmm25\n\t"       \
    ZT(26) ZT(27) Z3("vpaddd", 28) Z3("vpaddd", 29) Z3("vpaddd", 30)
#define ZMM_ALL XMM_ALL, "xmm16", "xmm17", "xmm18", "xmm19", "xmm20", "xmm21", "xmm22", \
                "xmm23", "xmm24", "xmm25", "xmm26", "xmm27", "xmm28", "xmm29", "xmm30", "xmm31"
#define AVX512_TARGET __attribute__((target("avx512f")))
BENCH_PROBE_LOOP_AT(avx512_mix, AVX512_TARGET,
        AVX512_ROUND AVX512_ROUND AVX512_ROUND AVX512_ROUND AVX512_SCHED AVX512_SCHED AVX512_SCHED,
        ZMM_ALL)
/* e to the next e: a rotate, a ternary logic and an add. */
BENCH_PROBE_LOOP_AT(avx512_chain, AVX512_TARGET, ".rept 8\n\t"
                                                 "vprord $6, %%zmm1, %%zmm2\n\t"
                                                 "vpternlogd $0x96, %%zmm0, %%zmm0, %%zmm2\n\t"
                                                 "vpaddd %%zmm0, %%zmm2, %%zmm1\n\t"
                                                 ".endr", ZMM_ALL)

/* --- Portable C: a block's integer operations -----------------------------
 * What scalar.c issues per block: each round 6 rotates, 8 XORs, 2 ANDs and
 * 7 adds (one with K from memory); rounds 16..63 add the schedule word's 4
 * rotates, 2 shifts, 4 XORs and 3 adds (one with a ring word from memory)
 * and its store; rounds 0..15 load, byte-swap and store their word; then 8
 * feed-forward adds. On CPUs that shift on only some of their ALUs, the
 * order matters: each shift is followed by two other operations, the best
 * order measured for this mix. Destinations cycle through nine registers
 * from the untouched r11, so only the units bound it. */
#define GS(op, r) op ", %%" r "\n\t"
#define GO(op, r) op " %%r11d, %%" r "\n\t"
#define G3(shift, o1, o2) GS(shift, "eax") GO(o1, "ecx") GO(o2, "edx")
#define G3B(shift, o1, o2) GS(shift, "esi") GO(o1, "edi") GO(o2, "r8d")
#define G3C(shift, o1, op2) GS(shift, "r9d") GO(o1, "r10d") op2 ", %%r12d\n\t"
#define INT_ROUND6                                                             \
    G3("ror $6", "xor", "add") G3B("ror $11", "xor", "and") G3C("ror $25", "xor", "add (%[k])") \
    G3("ror $2", "xor", "add") G3B("ror $13", "xor", "and") G3C("ror $22", "xor", "add %%r11d")
#define INT_ROUND                                                              \
    "mov 12(%[w]), %%r10d\n\tbswap %%r10d\n\tmov %%r10d, 8(%[w])\n\t" INT_ROUND6 \
    GO("xor", "eax") GO("xor", "esi") GO("add", "r9d") GO("add", "edx") GO("add", "r12d")
#define INT_ROUND_SCHED                                                        \
    INT_ROUND6                                                                 \
    G3("ror $7", "xor", "add") G3B("ror $18", "xor", "add") G3C("shr $3", "xor", "add 4(%[w])") \
    G3("ror $17", "xor", "add") G3B("ror $19", "xor", "add") G3C("shr $10", "xor", "add %%r11d") \
    "mov %%r12d, 8(%[w])\n\t"
#define INT_FEED_FORWARD                                                       \
    ".irp r, eax, ecx, edx, esi, edi, r8d, r9d, r10d\n\tadd 16(%[w]), %%\\r\n\t.endr\n\t"
__attribute__((noinline)) static uint64_t int_mix(uint64_t iters) {
    const uint32_t *k = bench_probe_k;
    uint32_t *w = bench_probe_w;
    uint64_t t0 = bench_ticks();
    for (uint64_t i = 0; i < iters; i++)
        __asm__ volatile(".rept 16\n\t" INT_ROUND ".endr\n\t"
                         ".rept 48\n\t" INT_ROUND_SCHED ".endr\n\t" INT_FEED_FORWARD
                         : : [k] "r"(k), [w] "r"(w)
                         : "memory", "cc", "rax", "rcx", "rdx", "rsi", "rdi", "r8", "r9", "r10",
                           "r11", "r12");
    return bench_ticks() - t0;
}

/* --- Hex: one digest to a 65-byte string --------------------------------
 * The encoders' instructions on 64 digests into 64 strings at a 65-byte
 * stride, as to_hex_many writes them: the 256-bit one (hex_avx2.c) and the
 * 128-bit one (hex_ssse3.c) in two halves. */
static uint64_t hex_loop(uint64_t iters, int wide) {
    uint64_t t0 = bench_ticks();
    for (uint64_t i = 0; i < iters; i++) {
        const uint8_t *src = bench_probe_digests[0];
        char *dst = bench_probe_hex_out[0];
        uint64_t n = 64;
        if (wide)
            __asm__ volatile("vpcmpeqb %%ymm15, %%ymm15, %%ymm15\n\t"
                             "vpsrlw $12, %%ymm15, %%ymm15\n\t"
                             "vpxor %%ymm14, %%ymm14, %%ymm14\n\t"
                             "1:\n\t"
                             "vpermq $0xd8, (%[s]), %%ymm1\n\t"
                             "vpsrlw $4, %%ymm1, %%ymm2\n\t"
                             "vpand %%ymm15, %%ymm2, %%ymm2\n\t"
                             "vpand %%ymm15, %%ymm1, %%ymm1\n\t"
                             "vpshufb %%ymm2, %%ymm14, %%ymm2\n\t"
                             "vpshufb %%ymm1, %%ymm14, %%ymm1\n\t"
                             "vpunpcklbw %%ymm1, %%ymm2, %%ymm3\n\t"
                             "vpunpckhbw %%ymm1, %%ymm2, %%ymm4\n\t"
                             "vmovdqu %%ymm3, (%[d])\n\t"
                             "vmovdqu %%ymm4, 32(%[d])\n\t"
                             "movb $0, 64(%[d])\n\t"
                             "add $32, %[s]\n\tadd $65, %[d]\n\tdec %[n]\n\tjnz 1b\n\t"
                             "vzeroupper"
                             : [s] "+r"(src), [d] "+r"(dst), [n] "+r"(n)
                             :
                             : "memory", "cc", XMM_ALL);
        else
            __asm__ volatile("pcmpeqb %%xmm15, %%xmm15\n\t"
                             "psrlw $12, %%xmm15\n\t"
                             "pxor %%xmm14, %%xmm14\n\t"
                             "1:\n\t"
                             ".irp off, 0, 16\n\t"
                             "movdqu \\off(%[s]), %%xmm1\n\t"
                             "movdqa %%xmm1, %%xmm2\n\t"
                             "psrlw $4, %%xmm2\n\t"
                             "pand %%xmm15, %%xmm2\n\t"
                             "pand %%xmm15, %%xmm1\n\t"
                             "movdqa %%xmm14, %%xmm3\n\t"
                             "pshufb %%xmm2, %%xmm3\n\t"
                             "movdqa %%xmm14, %%xmm4\n\t"
                             "pshufb %%xmm1, %%xmm4\n\t"
                             "movdqa %%xmm3, %%xmm5\n\t"
                             "punpcklbw %%xmm4, %%xmm5\n\t"
                             "punpckhbw %%xmm4, %%xmm3\n\t"
                             "movdqu %%xmm5, 2*\\off(%[d])\n\t"
                             "movdqu %%xmm3, 2*\\off+16(%[d])\n\t"
                             ".endr\n\t"
                             "movb $0, 64(%[d])\n\t"
                             "add $32, %[s]\n\tadd $65, %[d]\n\tdec %[n]\n\tjnz 1b"
                             : [s] "+r"(src), [d] "+r"(dst), [n] "+r"(n)
                             :
                             : "memory", "cc", XMM_ALL);
    }
    return bench_ticks() - t0;
}
static uint64_t hex256(uint64_t iters) { return hex_loop(iters, 1); }
static uint64_t hex128(uint64_t iters) { return hex_loop(iters, 0); }

/* Zeroes the upper halves after the 256-bit and 512-bit probes. */
#define VZ(fn, inner)                                                          \
    static uint64_t fn(uint64_t iters) {                                       \
        uint64_t t = inner(iters);                                             \
        __asm__ volatile("vzeroupper" ::: "memory");                           \
        return t;                                                              \
    }
VZ(avx2_mix_vz, avx2_mix)
VZ(avx2_chain_vz, avx2_chain)
VZ(avx512_mix_vz, avx512_mix)
VZ(avx512_chain_vz, avx512_chain)

const bench_probe *const bench_probes[] = {
    PROBE("sha256rnds2 latency", "shani", rnds2_lat, 32, "instr"),
    PROBE("sha256rnds2 recip. throughput", "shani", rnds2_tp, 32, "instr"),
    PROBE("sha256msg1 latency", "shani", msg1_lat, 32, "instr"),
    PROBE("sha256msg1 recip. throughput", "shani", msg1_tp, 32, "instr"),
    PROBE("sha256msg2 latency", "shani", msg2_lat, 32, "instr"),
    PROBE("sha256msg2 recip. throughput", "shani", msg2_tp, 32, "instr"),
    PROBE("paddd latency", "shani", paddd_lat, 32, "instr"),
    PROBE("SHA-NI block mix, 5 streams", "shani", shani_mix, 5, "block"),
    PROBE("AVX2 lane mix (4 rounds + 3 sched)", "avx2", avx2_mix_vz, 0.5, "block"),
    PROBE("AVX2 round chain (e to e)", "avx2", avx2_chain_vz, 8, "round"),
    PROBE("AVX-512 lane mix (4 rounds + 3 sched)", "avx512", avx512_mix_vz, 1, "block"),
    PROBE("AVX-512 round chain (e to e)", "avx512", avx512_chain_vz, 8, "round"),
    PROBE("integer round mix (portable C)", "", int_mix, 1, "block"),
    PROBE("hex, 256-bit encoder mix", "avx2", hex256, 64, "digest"),
    PROBE("hex, 128-bit encoder mix", "ssse3", hex128, 64, "digest"),
    NULL};

#elif defined(__aarch64__)

#define V_ALL "v0", "v1", "v2", "v3", "v4", "v5", "v6", "v7", "v8", "v9", "v10", "v11", "v12", \
              "v13", "v14", "v15", "v16", "v17", "v18", "v19", "v20", "v21", "v22", "v23",     \
              "v24", "v25", "v26", "v27", "v28", "v29", "v30", "v31"
#define ARCH ".arch armv8-a+crypto\n\t"

BENCH_PROBE_LOOP(h_lat, ARCH ".rept 32\n\tsha256h q1, q2, v0.4s\n\t.endr", V_ALL)
BENCH_PROBE_LOOP(h2_lat, ARCH ".rept 32\n\tsha256h2 q1, q2, v0.4s\n\t.endr", V_ALL)
BENCH_PROBE_LOOP(su0_lat, ARCH ".rept 32\n\tsha256su0 v1.4s, v2.4s\n\t.endr", V_ALL)
BENCH_PROBE_LOOP(su1_lat, ARCH ".rept 32\n\tsha256su1 v1.4s, v2.4s, v3.4s\n\t.endr", V_ALL)
#define A8(ins)                                                                \
    ARCH ".rept 4\n\t" ins(1) ins(2) ins(3) ins(4) ins(5) ins(6) ins(7) ins(8) ".endr"
#define H_(n) "sha256h q" #n ", q30, v31.4s\n\t"
#define H2_(n) "sha256h2 q" #n ", q30, v31.4s\n\t"
#define SU0_(n) "sha256su0 v" #n ".4s, v30.4s\n\t"
#define SU1_(n) "sha256su1 v" #n ".4s, v30.4s, v31.4s\n\t"
BENCH_PROBE_LOOP(h_tp, A8(H_), V_ALL)
BENCH_PROBE_LOOP(h2_tp, A8(H2_), V_ALL)
BENCH_PROBE_LOOP(su0_tp, A8(SU0_), V_ALL)
BENCH_PROBE_LOOP(su1_tp, A8(SU1_), V_ALL)

/* A block's mix on four streams, as armv8.c issues it: per quad the W+K
 * add, the copy of ABCD, sha256h and sha256h2; 12 x (su0, su1); the two
 * feed-forward adds. Stream s keeps ABCD/EFGH in v(2s)/v(2s+1). */
#define AQ(a, e, t, wk)                                                        \
    "add v" #wk ".4s, v30.4s, v31.4s\n\t"                                      \
    "mov v" #t ".16b, v" #a ".16b\n\t"                                         \
    "sha256h q" #a ", q" #e ", v" #wk ".4s\n\t"                                \
    "sha256h2 q" #e ", q" #t ", v" #wk ".4s\n\t"
#define AQ4 AQ(0, 1, 8, 12) AQ(2, 3, 9, 13) AQ(4, 5, 10, 14) AQ(6, 7, 11, 15)
#define AS4                                                                    \
    "sha256su0 v16.4s, v30.4s\n\tsha256su1 v16.4s, v30.4s, v31.4s\n\t"         \
    "sha256su0 v17.4s, v30.4s\n\tsha256su1 v17.4s, v30.4s, v31.4s\n\t"         \
    "sha256su0 v18.4s, v30.4s\n\tsha256su1 v18.4s, v30.4s, v31.4s\n\t"         \
    "sha256su0 v19.4s, v30.4s\n\tsha256su1 v19.4s, v30.4s, v31.4s\n\t"
BENCH_PROBE_LOOP(arm_mix, ARCH ".rept 4\n\t" AQ4 ".endr\n\t.rept 12\n\t" AQ4 AS4 ".endr\n\t"
                          ".irp r, 0, 1, 2, 3, 4, 5, 6, 7\n\t"
                          "add v\\r\\().4s, v\\r\\().4s, v31.4s\n\t.endr",
        V_ALL)

const bench_probe *const bench_probes[] = {
    PROBE("sha256h latency", "armv8", h_lat, 32, "instr"),
    PROBE("sha256h recip. throughput", "armv8", h_tp, 32, "instr"),
    PROBE("sha256h2 latency", "armv8", h2_lat, 32, "instr"),
    PROBE("sha256h2 recip. throughput", "armv8", h2_tp, 32, "instr"),
    PROBE("sha256su0 latency", "armv8", su0_lat, 32, "instr"),
    PROBE("sha256su0 recip. throughput", "armv8", su0_tp, 32, "instr"),
    PROBE("sha256su1 latency", "armv8", su1_lat, 32, "instr"),
    PROBE("sha256su1 recip. throughput", "armv8", su1_tp, 32, "instr"),
    PROBE("ARMv8 block mix, 4 streams", "armv8", arm_mix, 4, "block"),
    NULL};

#else
const bench_probe *const bench_probes[] = {NULL};
#endif

/* One repetition: chunks of about chunk_iters iterations; those during
 * which the thread was switched out are dropped (as bench_measure does), the
 * rest give their median. Returns cycles per unit; *best gets the fastest
 * chunk. A repetition with every chunk dropped gives its fastest. */
static double bench_probe_rep(const bench_probe *p, double core_per_tick,
                              uint64_t chunk_iters, int chunks, double *best) {
    double kept[64], fastest = 0;
    int nkept = 0;
    for (int i = 0; i < chunks && i < 64; i++) {
        long sw = bench_thread_switches();
        double v = (double)p->loop(chunk_iters) * core_per_tick /
                   ((double)chunk_iters * p->units_per_iter);
        if (fastest == 0 || v < fastest)
            fastest = v;
        if (bench_thread_switches() == sw)
            kept[nkept++] = v;
    }
    if (*best == 0 || fastest < *best)
        *best = fastest;
    return nkept ? bench_median(kept, nkept) : fastest;
}

void bench_probe_run(const bench_probe *p, double core_per_tick, int reps, double ms,
                     double *median, double *best) {
    /* Chunks of about 0.2 ms (most fit in a scheduler slice), sized from a
     * short run (one retry if it was too short to time). */
    uint64_t iters = 64;
    uint64_t w0 = bench_wall_ns();
    (void)p->loop(iters);
    double ns = (double)(bench_wall_ns() - w0);
    if (ns < 20000) {
        iters = 4096;
        w0 = bench_wall_ns();
        (void)p->loop(iters);
        ns = (double)(bench_wall_ns() - w0);
    }
    double scaled = 0.2e6 / (ns > 1 ? ns : 1) * (double)iters;
    uint64_t chunk_iters = scaled < 4 ? 4 : (uint64_t)scaled;
    int chunks = (int)(ms / 0.2);
    chunks = chunks < 4 ? 4 : chunks > 64 ? 64 : chunks;
    double v[64];
    reps = reps < 1 ? 1 : reps > 64 ? 64 : reps;
    *best = 0;
    for (int r = 0; r < reps; r++)
        v[r] = bench_probe_rep(p, core_per_tick, chunk_iters, chunks, best);
    *median = bench_median(v, reps);
}
