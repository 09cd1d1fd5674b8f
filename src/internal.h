/* Private interfaces shared by generic code, backends and the tests. */
#ifndef FASTSHA256_INTERNAL_H
#define FASTSHA256_INTERNAL_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "fastsha256.h"

#if defined(__x86_64__) || defined(_M_X64) || defined(__i386__) || defined(_M_IX86)
#  define FSHA256_ARCH_X86 1
#endif
#if defined(__aarch64__) || defined(_M_ARM64)
#  define FSHA256_ARCH_AARCH64 1
#endif

/* --- Kernel seams ---------------------------------------------------------
 * Single stream: compress nblocks consecutive 64-byte blocks into state. */
typedef void (*fsha256_blocks_fn)(uint32_t state[8], const uint8_t *data, size_t nblocks);

/* Lanes: `width` independent streams, each compressing nblocks consecutive
 * blocks from its own pointer into its own state. Any alignment. */
typedef void (*fsha256_lanes_fn)(uint32_t *const states[], const uint8_t *const data[],
                                 size_t nblocks);
/* Optional, for batches of short messages: one padded block per lane,
 * compressed from iv and written out as big-endian digests of digest_size
 * bytes (32, or 28 for SHA-224), lane i's at digests + i * digest_size. It
 * spares the scheduler a state copy in and a byte-swapping store out per
 * message, which cost more than a third of the kernel's time on one-block
 * messages. */
typedef void (*fsha256_lanes_oneblock_fn)(const uint32_t iv[8], const uint8_t *const blocks[],
                                          uint8_t *digests, size_t digest_size);
/* The widest lane kernel any backend may have (the scheduler's arrays). */
#define FSHA256_MAX_LANES 32
/* Optional: one message of at most FSHA256_SHORT_MAX bytes (so one padded
 * block) from iv straight to its big-endian digest of digest_size bytes (32
 * or 28), for the one-call API. msg may be NULL only when len is 0. */
#define FSHA256_SHORT_MAX 55
typedef void (*fsha256_short_fn)(const uint32_t iv[8], const uint8_t *msg, size_t len, uint8_t *out,
                                 size_t digest_size);
/* Optional: the same, out as the digest's 2 * digest_size lowercase hex
 * characters and a NUL, for fastsha256_hex(): the digest goes from the
 * kernel's registers to characters, without the store, reload and second
 * dispatch of a separate hex call (a sixth of the one-call latency). */
typedef void (*fsha256_short_hex_fn)(const uint32_t iv[8], const uint8_t *msg, size_t len,
                                     char *out, size_t digest_size);

/* Optional: a whole HMAC tag in one call, states kept in registers: the
 * inner hash from `inner` over nblocks blocks at data, then its last
 * tail_len (< 64) bytes from the 64 readable bytes at tail, inner_len bytes
 * in all (the key block included); the outer hash from `outer` over the
 * padded inner digest; the tag (digest_size bytes: 32, or 28 for
 * HMAC-SHA224) to tag. The states are read, not changed. */
typedef void (*fsha256_hmac_tag_fn)(const uint32_t inner[8], const uint32_t outer[8],
                                    const uint8_t *data, size_t nblocks, const uint8_t *tail,
                                    size_t tail_len, uint64_t inner_len, uint8_t *tag,
                                    size_t digest_size);

/* Optional: one block of every lane whose message words are known in
 * advance and the same for all lanes (a padding-only last block: 0x80 or
 * nothing, zeros, the bit count), given as its 64 words W[t] + K[t]
 * (fsha256_block_wk). The kernel runs only the rounds: no loads, transposes
 * or message schedule. */
typedef void (*fsha256_lanes_wk_fn)(uint32_t *const states[], const uint32_t wk[64]);

/* Optional, for HMAC batches: `width` tags at once, lane i's message being
 * nblocks blocks at data[i] followed, when wk is not NULL, by one
 * padding-only block given by its W + K words (with wk NULL the blocks at
 * data[i] are already padded): the inner hash from `inner` over them, then the outer
 * hash from `outer` over the inner digest (digest_size bytes, padded for 64 +
 * digest_size), the tag (digest_size bytes) to tags + i * digest_size. The
 * inner digests need never leave the kernel's registers. */
typedef void (*fsha256_lanes_hmac_fn)(const uint32_t inner[8], const uint32_t outer[8],
                                      const uint8_t *const data[], size_t nblocks,
                                      const uint32_t wk[64], uint8_t *tags, size_t digest_size);

/* Word j of the HMAC outer block for j past the inner digest's digest_size / 4
 * words: the 0x80 bit, zeros, and last the bit count of one key block plus
 * the digest. The lane kernels build that block in registers. */
static inline uint32_t fsha256_hmac_outer_pad_word(size_t j, size_t digest_size) {
    if (j == digest_size / 4)
        return 0x80000000u;
    return j == 15 ? (uint32_t)((FASTSHA256_BLOCK_SIZE + digest_size) * 8) : 0;
}

typedef struct fsha256_lane_kernel {
    unsigned width;
    fsha256_lanes_fn fn;
    fsha256_lanes_oneblock_fn oneblock; /* NULL: fn plus a generic digest store */
    fsha256_lanes_wk_fn rounds_wk;      /* NULL: fn on the block itself */
    fsha256_lanes_hmac_fn hmac;         /* NULL: two batches through the scheduler */
} fsha256_lane_kernel;

/* Eight SHA-256 rounds t..t+7 as R(a, b, c, d, e, f, g, h, t, X) for every
 * backend's unrolled rounds: the working variables a..h rotate by renaming
 * instead of moving, so after eight rounds they are back in place. X passes
 * through to R (the macro that gives the round's message word, say). */
#define FSHA256_ROUNDS8(R, t, X)                                               \
    R(a, b, c, d, e, f, g, h, (t) + 0, X);                                     \
    R(h, a, b, c, d, e, f, g, (t) + 1, X);                                     \
    R(g, h, a, b, c, d, e, f, (t) + 2, X);                                     \
    R(f, g, h, a, b, c, d, e, (t) + 3, X);                                     \
    R(e, f, g, h, a, b, c, d, (t) + 4, X);                                     \
    R(d, e, f, g, h, a, b, c, (t) + 5, X);                                     \
    R(c, d, e, f, g, h, a, b, (t) + 6, X);                                     \
    R(b, c, d, e, f, g, h, a, (t) + 7, X)

/* Hex: n bytes to 2n characters (no NUL); n digests to n 65-byte strings. */
typedef void (*fsha256_hex_bytes_fn)(const uint8_t *in, size_t n, char *out);
typedef void (*fsha256_hex_digests_fn)(const uint8_t (*digests)[32], size_t n, char (*out)[65]);

typedef struct fsha256_hex_encoder {
    const char *name;
    uint32_t required;            /* FSHA256_CPU_* bits */
    fsha256_hex_bytes_fn bytes;
    fsha256_hex_digests_fn digests;
} fsha256_hex_encoder;

/* One flavour of a backend: its kernels and the CPU features they need. */
typedef struct fsha256_impl {
    const char *name;                 /* the backend's name */
    uint32_t required;                /* FSHA256_CPU_* bits */
    fsha256_blocks_fn blocks;
    const fsha256_lane_kernel *lanes; /* widest first, ended by {0, NULL}; narrower
                                         remainders use `blocks` lane by lane */
    fsha256_short_fn short_message;   /* optional; NULL: blocks() on a padded copy */
    fsha256_short_hex_fn short_hex;   /* optional; NULL: short_message, then the hex encoder */
    fsha256_hmac_tag_fn hmac_tag;     /* optional; NULL: blocks() for each of the tag's parts */
} fsha256_impl;

/* A dispatch table entry: a backend and its flavours, best first (SHA-NI's
 * lane kernels come in a VEX flavour for CPUs with AVX2 and a legacy-SSE
 * one). Choosing a backend picks its best flavour this CPU supports. The hex
 * encoder is chosen on its own (fsha256_active_hex). */
typedef struct fsha256_backend {
    const char *name;
    const fsha256_impl *const *flavours; /* NULL-terminated */
} fsha256_backend;

/* --- CPU features (cpu.c) ------------------------------------------------- */
enum {
    FSHA256_CPU_SSSE3 = 1u << 0,
    FSHA256_CPU_SSE41 = 1u << 1,
    FSHA256_CPU_SHA   = 1u << 2,  /* x86 SHA extensions */
    FSHA256_CPU_AVX2  = 1u << 3,  /* CPUID bit and OS-enabled YMM state */
    FSHA256_CPU_BMI2  = 1u << 4,
    FSHA256_CPU_NEON  = 1u << 5,
    FSHA256_CPU_SHA2  = 1u << 6,  /* ARMv8 SHA-256 instructions */
    FSHA256_CPU_AVX512 = 1u << 7, /* AVX-512 F, VL, BW and OS-enabled opmask/ZMM state */
    /* AVX-512 measured faster than the SHA extensions for batches: set with
     * AVX512 on Intel and on AMD from Zen 5 (family 0x1a) on, not on Zen 4,
     * which splits 512-bit operations in two (the tuning table, tuning.c).
     * Only the automatic choice asks for it. */
    FSHA256_CPU_AVX512_BATCH = 1u << 8,
};
/* Whether a CPU with AVX-512 gets FSHA256_CPU_AVX512_BATCH: amd for AMD
 * (and Hygon) vendor strings, family as CPUID leaf 1 gives it (base plus
 * extended). The tuning table's answer for any model of that family. */
int fsha256_cpu_avx512_batches_pay(int amd, uint32_t family);

/* --- Per-CPU tuning (tuning.c) ---------------------------------------------
 * One row of CPUs (a vendor, a family range, a model range) and the
 * dispatch choices measured best on them. */
enum { FSHA256_VENDOR_ANY, FSHA256_VENDOR_OTHER, FSHA256_VENDOR_INTEL, FSHA256_VENDOR_AMD };
typedef struct fsha256_tuning {
    const char *cpus;             /* who the row is for, as docs/cpu-tuning.md names them */
    unsigned vendor;              /* FSHA256_VENDOR_* */
    uint32_t family_min, family_max, model_min, model_max;
    int avx512_batches;           /* 1: batches through AVX-512 lanes where present */
    const char *hex;              /* preferred hex encoder's name; NULL: the widest supported */
} fsha256_tuning;
/* The row for a CPU (the rule's row when none matches); never NULL. */
const fsha256_tuning *fsha256_tuning_lookup(unsigned vendor, uint32_t family, uint32_t model);
/* The table itself (for the tests): its rows, their number returned. */
size_t fsha256_tuning_rows(const fsha256_tuning **rows);
/* The row for the running CPU. */
const fsha256_tuning *fsha256_tuning_here(void);
/* The running CPU's vendor (FSHA256_VENDOR_*), family and model as CPUID
 * gives them (extended bits included); OTHER, 0, 0 off x86. */
void fsha256_cpu_identity(unsigned *vendor, uint32_t *family, uint32_t *model);
/* Detected features minus those named in FASTSHA256_HIDE. */
uint32_t fsha256_cpu_features(void);
/* Parses a FASTSHA256_HIDE list; unknown words are ignored. */
uint32_t fsha256_cpu_parse_feature_list(const char *list);

/* Reads FASTSHA256_* settings: secure_getenv where the C library has it (a
 * setuid program is not steered through its environment), getenv elsewhere. */
const char *fsha256_getenv(const char *name);

/* --- Generic helpers ------------------------------------------------------ */
/* The bytes of (p, len) that may be read: 0 for NULL (only valid with len 0)
 * and for a length that runs past the end of the address space (no object
 * is that long; reading it would fault or wrap). Both are caller bugs,
 * hashed as an empty message. */
static inline size_t fsha256_readable_len(const void *p, size_t len) {
    return p == NULL || len > UINTPTR_MAX - (uintptr_t)p ? 0 : len;
}

extern const uint32_t fsha256_sha256_iv[8];
extern const uint32_t fsha256_sha224_iv[8];
/* 64-byte aligned: SIMD kernels use it as aligned memory operands. */
extern _Alignas(64) const uint32_t fsha256_sha256_k[64];

/* Big-endian loads and stores. Where the compiler says the byte order, one
 * word-sized access plus a byte swap: byte-at-a-time stores that later feed
 * a kernel's wide loads would stall store-to-load forwarding. */
#if defined(__GNUC__) && defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#  define FSHA256_BE32(v) __builtin_bswap32(v)
#  define FSHA256_BE64(v) __builtin_bswap64(v)
#elif defined(__GNUC__) && defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#  define FSHA256_BE32(v) (v)
#  define FSHA256_BE64(v) (v)
#endif

static inline uint32_t fsha256_load_be32(const uint8_t *p) {
#ifdef FSHA256_BE32
    uint32_t v;
    memcpy(&v, p, 4);
    return FSHA256_BE32(v);
#else
    return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | p[3];
#endif
}
static inline void fsha256_store_be32(uint8_t *p, uint32_t v) {
#ifdef FSHA256_BE32
    v = FSHA256_BE32(v);
    memcpy(p, &v, 4);
#else
    p[0] = (uint8_t)(v >> 24); p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);  p[3] = (uint8_t)v;
#endif
}
static inline void fsha256_store_be64(uint8_t *p, uint64_t v) {
#ifdef FSHA256_BE64
    v = FSHA256_BE64(v);
    memcpy(p, &v, 8);
#else
    fsha256_store_be32(p, (uint32_t)(v >> 32));
    fsha256_store_be32(p + 4, (uint32_t)v);
#endif
}

/* Copies n < 64 bytes with a few overlapping moves: for the short tails of
 * padding, a libc call costs more than the copy. 16-byte moves first, so
 * the kernels' 16-byte loads of a padded block mostly find one store. */
static inline void fsha256_copy_short(uint8_t *dst, const uint8_t *src, size_t n) {
    if (n >= 16) {
        size_t i = 0;
        for (; i + 16 <= n; i += 16)
            memcpy(dst + i, src + i, 16);
        if (i < n)
            memcpy(dst + n - 16, src + n - 16, 16);
    } else if (n >= 8) {
        memcpy(dst, src, 8);
        memcpy(dst + n - 8, src + n - 8, 8);
    } else if (n >= 4) {
        memcpy(dst, src, 4);
        memcpy(dst + n - 4, src + n - 4, 4);
    } else if (n) {
        dst[0] = src[0];
        dst[n / 2] = src[n / 2];
        dst[n - 1] = src[n - 1];
    }
}

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
/* For one-block entries that build the padded block in registers: bytes
 * q[0..r) (r < 16) of a message's partial 16-byte chunk, then the padding
 * byte 0x80, then zeros, as the two little-endian halves of a 16-byte
 * vector. Overlapping word loads (identical bytes ORed twice) read nothing
 * outside q[0..r). */
static inline void fsha256_partial_chunk_le(const uint8_t *q, size_t r, uint64_t *lo_out,
                                            uint64_t *hi_out) {
    uint64_t lo = 0, hi = 0;
    if (r >= 8) {
        uint64_t tail;
        memcpy(&lo, q, 8);
        memcpy(&tail, q + r - 8, 8);
        hi = (tail >> (8 * (15 - r))) >> 8; /* q[8..r); r == 8 shifts out all */
        hi |= (uint64_t)0x80 << (8 * (r - 8));
    } else {
        if (r >= 4) {
            uint32_t head, tail;
            memcpy(&head, q, 4);
            memcpy(&tail, q + r - 4, 4);
            lo = head | ((uint64_t)tail << (8 * (r - 4)));
        } else if (r) {
            lo = q[0] | ((uint64_t)q[r / 2] << (8 * (r / 2))) | ((uint64_t)q[r - 1] << (8 * (r - 1)));
        }
        lo |= (uint64_t)0x80 << (8 * r);
    }
    *lo_out = lo;
    *hi_out = hi;
}
#endif

/* Writes the padded last block(s) of a message into out (128 bytes): the
 * tail_len (< 64) final bytes, 0x80, zeros, the 64-bit big-endian bit count
 * of a total_len-byte message. Returns the number of blocks, 1 or 2.
 * Inline: the batch scheduler calls it once per message. */
static inline size_t fsha256_pad_tail(uint8_t out[128], const uint8_t *tail, size_t tail_len,
                                      uint64_t total_len) {
    size_t nblocks = tail_len < 56 ? 1 : 2;
    uint64_t bits = total_len << 3; /* the bit count is defined mod 2^64 */
    uint8_t *end = out + 64 * nblocks;
    /* Fixed-size clears compile to a few wide stores. */
    memset(out, 0, 64);
    if (nblocks == 2)
        memset(out + 64, 0, 64);
    fsha256_copy_short(out, tail, tail_len);
    out[tail_len] = 0x80;
    fsha256_store_be64(end - 8, bits);
    return nblocks;
}

/* A message's padded last block holds none of its bytes (0x80 or nothing,
 * zeros, the bit count: its words depend on the length alone) when its
 * tail (length mod 64) is 0 or 56..63. */
static inline int fsha256_tail_leaves_padding_block(size_t tail_len) {
    return tail_len == 0 || tail_len >= 56;
}

/* The 64 words W[t] + K[t] of block's message schedule (scalar.c): for a
 * block whose words are known before the message is (a padding-only
 * block), computed once and fed to the lane kernels' rounds_wk entries. */
void fsha256_block_wk(uint32_t wk[64], const uint8_t block[64]);

static inline void fsha256_store_digest(uint8_t *out, const uint32_t state[8],
                                        size_t digest_size) {
    /* Constant trip counts, so each word becomes one byte-swapped store. */
    for (size_t i = 0; i < 7; i++)
        fsha256_store_be32(out + 4 * i, state[i]);
    if (digest_size == 32)
        fsha256_store_be32(out + 28, state[7]);
}

/* Clears secrets so the compiler cannot drop the stores as dead: memset,
 * then a barrier that claims to read the memory (volatile byte stores where
 * there is no GNU asm, much slower). Inline: a constant size folds into a
 * few stores. Up to 256 bytes in 16-byte pieces: GCC expands a fixed-size
 * memset of 128 bytes and more into `rep stos`, whose start-up costs more
 * than the stores themselves on the short wipes of an HMAC tag (the
 * per-piece barrier keeps the loop from being turned back into memset). */
static inline void fsha256_wipe(void *p, size_t n) {
#if defined(__GNUC__) || defined(__clang__)
    uint8_t *b = (uint8_t *)p;
    if (n <= 256) {
        for (; n >= 16; n -= 16, b += 16) {
            memset(b, 0, 16);
            __asm__ __volatile__("" : : "r"(b) : "memory");
        }
    }
    memset(b, 0, n);
    __asm__ __volatile__("" : : "r"(b) : "memory");
#else
    volatile uint8_t *v = (volatile uint8_t *)p;
    while (n--)
        *v++ = 0;
#endif
}

/* --- Streaming context states (sha256.c; hmac.c's inner hash) -------------
 * buffered stays below 64 in a live context; final leaves
 * FSHA256_CTX_FINALIZED instead, so a finalized context is told apart from an
 * initialized one, and keeps its digest size, so a second final never
 * writes more than its type's digest. */
#define FSHA256_CTX_FINALIZED UINT32_MAX

/* Initialized and not yet finalized (a zeroed context has digest_size 0). */
static inline int fsha256_ctx_live(const fastsha256_ctx *ctx) {
    return ctx->buffered < FASTSHA256_BLOCK_SIZE &&
           (ctx->digest_size == FASTSHA256_DIGEST_SIZE ||
            ctx->digest_size == FASTSHA224_DIGEST_SIZE);
}

/* Its digest size: a zeroed context counts as SHA-256; a finalized one
 * keeps its type. */
static inline uint32_t fsha256_ctx_digest_size(const fastsha256_ctx *ctx) {
    return ctx->digest_size == FASTSHA224_DIGEST_SIZE ? FASTSHA224_DIGEST_SIZE
                                                      : FASTSHA256_DIGEST_SIZE;
}

/* Wipes ctx (the enclosing object: n bytes at whole) and leaves ctx
 * finalized with its digest size. */
static inline void fsha256_ctx_finish(void *whole, size_t n, fastsha256_ctx *ctx) {
    uint32_t digest_size = fsha256_ctx_digest_size(ctx);
    fsha256_wipe(whole, n);
    ctx->digest_size = digest_size;
    ctx->buffered = FSHA256_CTX_FINALIZED;
}

/* Batch scheduler (many.c): hashes n messages with impl's lane kernels. */
typedef struct fsha256_message_source {
    const void *const *msgs;      /* NULL: strided layout */
    const size_t *lens;
    const uint8_t *base;
    size_t stride, len;
    uint64_t prefix_len;          /* bytes already absorbed into iv (HMAC: 64), for the bit count */
} fsha256_message_source;
void fsha256_hash_many(const fsha256_impl *impl, const fsha256_message_source *src, size_t n,
                       const uint32_t iv[8], uint8_t *out, size_t digest_size);

/* --- Dispatch (dispatch.c) ------------------------------------------------ */
/* The active backend flavour, NULL until resolved; fsha256_resolve() chooses
 * it at first use. fsha256_active() is inline: on the one-call path of a
 * short message a function call here cost more than the load. Never NULL. */
extern _Atomic(const fsha256_impl *) fsha256_active_impl;
const fsha256_impl *fsha256_resolve(void);
static inline const fsha256_impl *fsha256_active(void) {
    const fsha256_impl *impl = atomic_load_explicit(&fsha256_active_impl, memory_order_acquire);
    return impl ? impl : fsha256_resolve();
}
/* The active hex encoder: the best one the CPU supports, whatever the
 * backend, except that a forced scalar backend (portable code only) brings
 * the portable encoder. Never NULL. */
const fsha256_hex_encoder *fsha256_active_hex(void);
/* Every backend compiled in, best first, NULL-terminated. */
extern const fsha256_backend *const fsha256_backend_table[];
/* Every hex encoder compiled in, best first, NULL-terminated. */
extern const fsha256_hex_encoder *const fsha256_hex_table[];

/* --- Backend kernels ------------------------------------------------------ */
void fsha256_scalar_blocks(uint32_t state[8], const uint8_t *data, size_t nblocks);

extern const fsha256_hex_encoder fsha256_hex_portable;
void fsha256_hex_bytes_portable(const uint8_t *in, size_t n, char *out);
void fsha256_hex_digests_portable(const uint8_t (*digests)[32], size_t n, char (*out)[65]);

#if defined(FSHA256_ARCH_X86) && defined(FASTSHA256_HAVE_X86_KERNELS)
void fsha256_shani_blocks(uint32_t state[8], const uint8_t *data, size_t nblocks);
void fsha256_shani_lanes_x2(uint32_t *const states[], const uint8_t *const data[],
                            size_t nblocks);
void fsha256_shani_rounds_wk_x2(uint32_t *const states[], const uint32_t wk[64]);
void fsha256_shani_short(const uint32_t iv[8], const uint8_t *msg, size_t len, uint8_t *out,
                         size_t digest_size);
void fsha256_shani_short_hex(const uint32_t iv[8], const uint8_t *msg, size_t len, char *out,
                             size_t digest_size);
/* The fsha256_hmac_tag_fn of the shani backend. */
void fsha256_shani_hmac_tag(const uint32_t inner[8], const uint32_t outer[8],
                            const uint8_t *data, size_t nblocks, const uint8_t *tail,
                            size_t tail_len, uint64_t inner_len, uint8_t *tag,
                            size_t digest_size);
/* The four-lane kernels are x86-64 inline asm (they need xmm8..xmm15);
 * elsewhere the shani lanes stop at two. */
#if defined(__x86_64__) && defined(__GNUC__)
#  define FSHA256_HAVE_SHANI_X4 1
void fsha256_shani_lanes_x4(uint32_t *const states[], const uint8_t *const data[],
                            size_t nblocks);
void fsha256_shani_oneblock_x4(const uint32_t iv[8], const uint8_t *const blocks[],
                               uint8_t *digests, size_t digest_size);
void fsha256_shani_lanes_x4_avx(uint32_t *const states[], const uint8_t *const data[],
                                size_t nblocks);
void fsha256_shani_oneblock_x4_avx(const uint32_t iv[8], const uint8_t *const blocks[],
                                   uint8_t *digests, size_t digest_size);
void fsha256_shani_rounds_wk_x4(uint32_t *const states[], const uint32_t wk[64]);
#endif
void fsha256_avx2_blocks(uint32_t state[8], const uint8_t *data, size_t nblocks);
void fsha256_avx2_lanes_x8(uint32_t *const states[], const uint8_t *const data[],
                           size_t nblocks);
void fsha256_avx2_oneblock_x8(const uint32_t iv[8], const uint8_t *const blocks[],
                              uint8_t *digests, size_t digest_size);
void fsha256_avx2_rounds_wk_x8(uint32_t *const states[], const uint32_t wk[64]);
void fsha256_avx2_hmac_x8(const uint32_t inner[8], const uint32_t outer[8],
                          const uint8_t *const data[], size_t nblocks, const uint32_t wk[64],
                          uint8_t *tags, size_t digest_size);
void fsha256_avx512_lanes_x16(uint32_t *const states[], const uint8_t *const data[],
                              size_t nblocks);
void fsha256_avx512_oneblock_x16(const uint32_t iv[8], const uint8_t *const blocks[],
                                 uint8_t *digests, size_t digest_size);
void fsha256_avx512_rounds_wk_x16(uint32_t *const states[], const uint32_t wk[64]);
void fsha256_avx512_hmac_x16(const uint32_t inner[8], const uint32_t outer[8],
                             const uint8_t *const data[], size_t nblocks, const uint32_t wk[64],
                             uint8_t *tags, size_t digest_size);
void fsha256_avx512_lanes_x32(uint32_t *const states[], const uint8_t *const data[],
                              size_t nblocks);
void fsha256_avx512_oneblock_x32(const uint32_t iv[8], const uint8_t *const blocks[],
                                 uint8_t *digests, size_t digest_size);
void fsha256_avx512_rounds_wk_x32(uint32_t *const states[], const uint32_t wk[64]);
void fsha256_avx512_hmac_x32(const uint32_t inner[8], const uint32_t outer[8],
                             const uint8_t *const data[], size_t nblocks, const uint32_t wk[64],
                             uint8_t *tags, size_t digest_size);
extern const fsha256_hex_encoder fsha256_hex_ssse3;
extern const fsha256_hex_encoder fsha256_hex_avx2;
#endif

#if defined(FSHA256_ARCH_AARCH64) && defined(FASTSHA256_HAVE_ARMV8_KERNELS)
void fsha256_armv8_blocks(uint32_t state[8], const uint8_t *data, size_t nblocks);
void fsha256_armv8_short(const uint32_t iv[8], const uint8_t *msg, size_t len, uint8_t *out,
                         size_t digest_size);
void fsha256_armv8_lanes_x2(uint32_t *const states[], const uint8_t *const data[],
                            size_t nblocks);
void fsha256_armv8_oneblock_x2(const uint32_t iv[8], const uint8_t *const blocks[],
                               uint8_t *digests, size_t digest_size);
void fsha256_armv8_rounds_wk_x2(uint32_t *const states[], const uint32_t wk[64]);
extern const fsha256_hex_encoder fsha256_hex_neon;
#endif

#endif /* FASTSHA256_INTERNAL_H */
