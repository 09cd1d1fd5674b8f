/* Four-lane SHA-256 compression with the x86 SHA extensions (x86-64).
 *
 * sha256rnds2 has a latency of 4 cycles and can start every cycle, so four
 * independent chains, issued in turn, keep the SHA unit busy. Their state
 * alone takes 8 XMM registers, plus xmm0 (rnds2's implicit W+K operand),
 * so four schedule rings no longer fit: compiled intrinsics spill state
 * vectors onto the rnds2 chains. Hence one block is written out here as
 * inline asm, with a fixed register plan:
 *  - state: eight registers picked by the compiler (abefN, cdghN), which
 *    can only be xmm1..xmm8, as the others are clobbered;
 *  - schedule: quads W[4q..4q+3] go to a 1 KiB stack buffer (lane l, quad q
 *    at 256*l + 16*q), and each lane's newest quad also stays in a register,
 *    so the msg1/palignr/msg2 chain never waits on a store-to-load forward;
 *    older quads are memory operands. xmm9..xmm13 rotate between the four
 *    newest quads and the one being computed; xmm14 is a temporary;
 *  - round step q (four rounds of every lane) loads K[4q..] into xmm15 once
 *    and, lane by lane, issues W+K into xmm0, rnds2, pshufd, rnds2, with
 *    that lane's schedule of quad q+2 woven between them: the schedule runs
 *    two steps ahead, spread among the rounds (in one clump before or after
 *    them it measured 5-6% slower).
 * Offsets are left to the assembler as expressions ("1*256+7*16").
 *
 * shani_lanes_x4_avx.c compiles this file again with FSHA256_SHANI_X4_AVX for
 * CPUs with AVX: three-operand VEX forms of the non-SHA instructions drop a
 * register copy from every schedule step and fold the W+K load into its add
 * (about 15% fewer instructions a block; 38.2 against 39.8 TSC cycles per
 * lane-block here, since every instruction costs issue slots the SHA unit's
 * neighbours need). The SHA instructions have no VEX form; mixing is fine.
 *
 * fsha256_shani_oneblock_x4 is the same block for one-block messages: state from
 * the IV and straight out as big-endian digests, no trip through memory. */
#include "../internal.h"

#if defined(FSHA256_ARCH_X86) && defined(FASTSHA256_HAVE_X86_KERNELS) && defined(FSHA256_HAVE_SHANI_X4)

#include "shani_common.h"

#ifdef FSHA256_SHANI_X4_AVX
#  define FSHA256_SHANI_X4_NAME(name) name##_avx
#else
#  define FSHA256_SHANI_X4_NAME(name) name
#endif

/* Schedule quad q (+ d) of lane l in the stack buffer. */
#define W(l, q, d) #l "*256+" #q "*16+" #d "*16(%[w])"
#define I(text) text "\n\t"

/* Quads 0..3 of lane l: byte-swapped (mask in xmm15), stored; the last one
 * stays in the lane's newest-quad register. */
#define LOAD(l)                                                                \
    I("movdqu 0(%[p" #l "]), %%xmm9") I("pshufb %%xmm15, %%xmm9")            \
    I("movdqa %%xmm9, " W(l, 0, 0))                                           \
    I("movdqu 16(%[p" #l "]), %%xmm9") I("pshufb %%xmm15, %%xmm9")           \
    I("movdqa %%xmm9, " W(l, 1, 0))                                           \
    I("movdqu 32(%[p" #l "]), %%xmm9") I("pshufb %%xmm15, %%xmm9")           \
    I("movdqa %%xmm9, " W(l, 2, 0))                                           \
    I("movdqu 48(%[p" #l "]), %%xmm1" #l) I("pshufb %%xmm15, %%xmm1" #l)       \
    I("movdqa %%xmm1" #l ", " W(l, 3, 0))

/* Four rounds of lane l from quad q (K of the step in xmm15), interleaved
 * with the lane's schedule of quad q + 2 into register t from its newest
 * quad in register n: W[t] = s1(W[t-2]) + W[t-7] + s0(W[t-15]) + W[t-16].
 * t then becomes the lane's newest quad and n is free: the registers rotate
 * instead of being copied back. */
#ifdef FSHA256_SHANI_X4_AVX
/* xmm0 = W + K; xmm14 = W[t-7..t-4]; t += xmm14. */
#  define WK_TO_XMM0(l, q) I("vpaddd " W(l, q, 0) ", %%xmm15, %%xmm0")
#  define W7_TO_XMM14(l, q, n) I("vpalignr $4, " W(l, q, 0) ", %%xmm" #n ", %%xmm14")
#  define HIGH_WK_TO_XMM0 I("vpshufd $0x0e, %%xmm0, %%xmm0")
#else
#  define WK_TO_XMM0(l, q) I("movdqa " W(l, q, 0) ", %%xmm0") I("paddd %%xmm15, %%xmm0")
#  define W7_TO_XMM14(l, q, n)                                                 \
    I("movdqa %%xmm" #n ", %%xmm14") I("palignr $4, " W(l, q, 0) ", %%xmm14")
#  define HIGH_WK_TO_XMM0 I("pshufd $0x0e, %%xmm0, %%xmm0")
#endif

#define ROUNDS_SCHEDULE(l, q, t, n)                                            \
    I("movdqa " W(l, q, -2) ", %%xmm" #t)                                      \
    I("sha256msg1 " W(l, q, -1) ", %%xmm" #t)                                  \
    WK_TO_XMM0(l, q)                                                           \
    W7_TO_XMM14(l, q, n)                                                       \
    I("sha256rnds2 %%xmm0, %[abef" #l "], %[cdgh" #l "]")                      \
    I("paddd %%xmm14, %%xmm" #t)                                               \
    I("sha256msg2 %%xmm" #n ", %%xmm" #t)                                      \
    HIGH_WK_TO_XMM0                                                            \
    I("movdqa %%xmm" #t ", " W(l, q, 2))                                       \
    I("sha256rnds2 %%xmm0, %[cdgh" #l "], %[abef" #l "]")

/* Four rounds of lane l from quad q alone. */
#define ROUNDS(l, q)                                                           \
    WK_TO_XMM0(l, q)                                                           \
    I("sha256rnds2 %%xmm0, %[abef" #l "], %[cdgh" #l "]")                      \
    HIGH_WK_TO_XMM0                                                            \
    I("sha256rnds2 %%xmm0, %[cdgh" #l "], %[abef" #l "]")

#define K(q) I("movdqa " #q "*16(%[k]), %%xmm15")
/* Round steps without and with schedule work (quads 4..15 are computed).
 * f is the free register, n0..n3 hold the lanes' newest quads; lane l's
 * new quad goes to the register freed by lane l - 1 (the first: f). */
#define STEP(q) K(q) ROUNDS(0, q) ROUNDS(1, q) ROUNDS(2, q) ROUNDS(3, q)
#define STEP_SCHEDULE(q, f, n0, n1, n2, n3)                                    \
    K(q) ROUNDS_SCHEDULE(0, q, f, n0) ROUNDS_SCHEDULE(1, q, n0, n1)            \
    ROUNDS_SCHEDULE(2, q, n1, n2) ROUNDS_SCHEDULE(3, q, n2, n3)

/* The feed-forward adds the state at block start, kept at %[start]: each
 * lane's own (saved at the top of the block), or one shared by all lanes
 * (one-block messages, which all start from the IV: nothing to save). */
#define SAVE(l)                                                                \
    I("movdqa %[abef" #l "], " #l "*32(%[start])")                             \
    I("movdqa %[cdgh" #l "], " #l "*32+16(%[start])")
#define FEED_FORWARD(l)                                                        \
    I("paddd " #l "*32(%[start]), %[abef" #l "]")                              \
    I("paddd " #l "*32+16(%[start]), %[cdgh" #l "]")
#define FEED_FORWARD_SHARED(l)                                                 \
    I("paddd 0(%[start]), %[abef" #l "]") I("paddd 16(%[start]), %[cdgh" #l "]")

#define BLOCK_ASM(saves, feeds)                                                \
    __asm__ volatile(                                                          \
        saves                                                                  \
        I("movdqa %[bswap], %%xmm15")                                          \
        LOAD(0) LOAD(1) LOAD(2) LOAD(3)                                        \
        STEP(0) STEP(1)                                                        \
        /* after each step the lanes' newest quads sit in the first four       \
         * registers named, the next step's free one is the last */           \
        STEP_SCHEDULE(2, 9, 10, 11, 12, 13) STEP_SCHEDULE(3, 13, 9, 10, 11, 12) \
        STEP_SCHEDULE(4, 12, 13, 9, 10, 11) STEP_SCHEDULE(5, 11, 12, 13, 9, 10) \
        STEP_SCHEDULE(6, 10, 11, 12, 13, 9) STEP_SCHEDULE(7, 9, 10, 11, 12, 13) \
        STEP_SCHEDULE(8, 13, 9, 10, 11, 12) STEP_SCHEDULE(9, 12, 13, 9, 10, 11) \
        STEP_SCHEDULE(10, 11, 12, 13, 9, 10) STEP_SCHEDULE(11, 10, 11, 12, 13, 9) \
        STEP_SCHEDULE(12, 9, 10, 11, 12, 13) STEP_SCHEDULE(13, 13, 9, 10, 11, 12) \
        STEP(14) STEP(15)                                                      \
        feeds                                                                  \
        : [abef0] "+x"(*abef0), [cdgh0] "+x"(*cdgh0), [abef1] "+x"(*abef1),     \
          [cdgh1] "+x"(*cdgh1), [abef2] "+x"(*abef2), [cdgh2] "+x"(*cdgh2),     \
          [abef3] "+x"(*abef3), [cdgh3] "+x"(*cdgh3)                            \
        : [p0] "r"(p0), [p1] "r"(p1), [p2] "r"(p2), [p3] "r"(p3), [k] "r"(fsha256_sha256_k), \
          [w] "r"(w), [start] "r"(start), [bswap] "m"(bswap_mask)               \
        : "xmm0", "xmm9", "xmm10", "xmm11", "xmm12", "xmm13", "xmm14", "xmm15", "memory")

/* One block for each of the four lanes; shared_start: all lanes started the
 * block from the state at shared_start[0..1] (ABEF, CDGH), else NULL. The
 * state is eight separate variables, not arrays: gcc keeps arrays in memory
 * across the loop. */
FSHA256_SHANI_INLINE void compress_block_x4(__m128i *abef0, __m128i *cdgh0, __m128i *abef1,
                                       __m128i *cdgh1, __m128i *abef2, __m128i *cdgh2,
                                       __m128i *abef3, __m128i *cdgh3, const uint8_t *p0,
                                       const uint8_t *p1, const uint8_t *p2, const uint8_t *p3,
                                       const __m128i *shared_start) {
    static const __m128i bswap_mask = {0x0405060700010203LL, 0x0c0d0e0f08090a0bLL};
    __m128i w[4 * 16]; /* the schedule, see W() */
    __m128i saved[8];  /* each lane's state at block start */
    if (shared_start) {
        const __m128i *start = shared_start;
        BLOCK_ASM(, FEED_FORWARD_SHARED(0) FEED_FORWARD_SHARED(1) FEED_FORWARD_SHARED(2)
                        FEED_FORWARD_SHARED(3));
    } else {
        __m128i *start = saved;
        BLOCK_ASM(SAVE(0) SAVE(1) SAVE(2) SAVE(3),
                  FEED_FORWARD(0) FEED_FORWARD(1) FEED_FORWARD(2) FEED_FORWARD(3));
    }
}

void FSHA256_SHANI_X4_NAME(fsha256_shani_lanes_x4)(uint32_t *const states[], const uint8_t *const data[],
                                         size_t nblocks) {
    __m128i abef0, cdgh0, abef1, cdgh1, abef2, cdgh2, abef3, cdgh3;
    const uint8_t *p0 = data[0], *p1 = data[1], *p2 = data[2], *p3 = data[3];
    if (nblocks == 0)
        return;
    shani_load_state(states[0], &abef0, &cdgh0);
    shani_load_state(states[1], &abef1, &cdgh1);
    shani_load_state(states[2], &abef2, &cdgh2);
    shani_load_state(states[3], &abef3, &cdgh3);
    do {
        compress_block_x4(&abef0, &cdgh0, &abef1, &cdgh1, &abef2, &cdgh2, &abef3, &cdgh3, p0, p1,
                          p2, p3, NULL);
        p0 += 64;
        p1 += 64;
        p2 += 64;
        p3 += 64;
    } while (--nblocks);
    shani_store_state(states[0], abef0, cdgh0);
    shani_store_state(states[1], abef1, cdgh1);
    shani_store_state(states[2], abef2, cdgh2);
    shani_store_state(states[3], abef3, cdgh3);
}

void FSHA256_SHANI_X4_NAME(fsha256_shani_oneblock_x4)(const uint32_t iv[8], const uint8_t *const blocks[],
                                            uint8_t *digests, size_t digest_size) {
    __m128i start[2], abef0, cdgh0;
    shani_load_state(iv, &abef0, &cdgh0);
    start[0] = abef0;
    start[1] = cdgh0;
    __m128i abef1 = abef0, cdgh1 = cdgh0, abef2 = abef0, cdgh2 = cdgh0, abef3 = abef0,
            cdgh3 = cdgh0;
    compress_block_x4(&abef0, &cdgh0, &abef1, &cdgh1, &abef2, &cdgh2, &abef3, &cdgh3, blocks[0],
                      blocks[1], blocks[2], blocks[3], start);
    shani_store_digest(digests, abef0, cdgh0, digest_size);
    shani_store_digest(digests + digest_size, abef1, cdgh1, digest_size);
    shani_store_digest(digests + 2 * digest_size, abef2, cdgh2, digest_size);
    shani_store_digest(digests + 3 * digest_size, abef3, cdgh3, digest_size);
}

#endif
