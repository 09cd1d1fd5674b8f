/* Private interfaces shared by generic code, backends and the tests. */
#ifndef FASTSHA256_INTERNAL_H
#define FASTSHA256_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "fastsha256.h"

#if defined(__x86_64__) || defined(_M_X64) || defined(__i386__) || defined(_M_IX86)
#  define FS_ARCH_X86 1
#endif
#if defined(__aarch64__) || defined(_M_ARM64)
#  define FS_ARCH_AARCH64 1
#endif

/* --- Kernel seams ---------------------------------------------------------
 * Single stream: compress nblocks consecutive 64-byte blocks into state. */
typedef void (*fs_blocks_fn)(uint32_t state[8], const uint8_t *data, size_t nblocks);

/* Lanes: `width` independent streams, each compressing nblocks consecutive
 * blocks from its own pointer into its own state. Any alignment. */
typedef void (*fs_lanes_fn)(uint32_t *const states[], const uint8_t *const data[],
                            size_t nblocks);
typedef struct fs_lane_kernel {
    unsigned width;
    fs_lanes_fn fn;
} fs_lane_kernel;

/* Hex: n bytes to 2n characters (no NUL); n digests to n 65-byte strings. */
typedef void (*fs_hex_bytes_fn)(const uint8_t *in, size_t n, char *out);
typedef void (*fs_hex_digests_fn)(const uint8_t (*digests)[32], size_t n, char (*out)[65]);

typedef struct fs_hex_encoder {
    const char *name;
    uint32_t required;            /* FS_CPU_* bits */
    fs_hex_bytes_fn bytes;
    fs_hex_digests_fn digests;
} fs_hex_encoder;

/* One dispatch entry: a backend's kernels plus the hex encoder it uses. A
 * backend may appear in several entries (one per hex encoder), best first. */
typedef struct fs_impl {
    const char *name;
    uint32_t required;            /* FS_CPU_* bits */
    fs_blocks_fn blocks;
    const fs_lane_kernel *lanes;  /* widest first, ended by {0, NULL}; narrower
                                     remainders use `blocks` lane by lane */
    const fs_hex_encoder *hex;
} fs_impl;

/* --- CPU features (cpu.c) ------------------------------------------------- */
enum {
    FS_CPU_SSSE3 = 1u << 0,
    FS_CPU_SSE41 = 1u << 1,
    FS_CPU_SHA   = 1u << 2,  /* x86 SHA extensions */
    FS_CPU_AVX2  = 1u << 3,  /* CPUID bit and OS-enabled YMM state */
    FS_CPU_BMI2  = 1u << 4,
    FS_CPU_NEON  = 1u << 5,
    FS_CPU_SHA2  = 1u << 6,  /* ARMv8 SHA-256 instructions */
};
/* Detected features minus those named in FASTSHA256_HIDE. */
uint32_t fs_cpu_features(void);
/* Parses a FASTSHA256_HIDE list; unknown words are ignored. */
uint32_t fs_cpu_parse_feature_list(const char *list);

/* --- Generic helpers ------------------------------------------------------ */
extern const uint32_t fs_sha256_iv[8];
extern const uint32_t fs_sha224_iv[8];
extern const uint32_t fs_sha256_k[64];

static inline uint32_t fs_load_be32(const uint8_t *p) {
    return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | p[3];
}
static inline void fs_store_be32(uint8_t *p, uint32_t v) {
    p[0] = (uint8_t)(v >> 24); p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);  p[3] = (uint8_t)v;
}

/* Writes the padded last block(s) of a message into out (128 bytes): the
 * tail_len (< 64) final bytes, 0x80, zeros, the 64-bit big-endian bit count
 * of a total_len-byte message. Returns the number of blocks, 1 or 2. */
size_t fs_pad_tail(uint8_t out[128], const uint8_t *tail, size_t tail_len, uint64_t total_len);

void fs_store_digest(uint8_t *out, const uint32_t state[8], size_t digest_size);

/* Batch scheduler (many.c): hashes n messages with impl's lane kernels. */
typedef struct fs_message_source {
    const void *const *msgs;      /* NULL: strided layout */
    const size_t *lens;
    const uint8_t *base;
    size_t stride, len;
} fs_message_source;
void fs_hash_many(const fs_impl *impl, const fs_message_source *src, size_t n,
                  const uint32_t iv[8], uint8_t *out, size_t digest_size);

/* --- Dispatch (dispatch.c) ------------------------------------------------ */
/* The active implementation, resolved at first use. Never NULL. */
const fs_impl *fs_active(void);
/* Every entry compiled in, best first, NULL-terminated (for tests). */
extern const fs_impl *const fs_impl_table[];
/* Every hex encoder compiled in, best first, NULL-terminated (for tests). */
extern const fs_hex_encoder *const fs_hex_table[];

/* --- Backend kernels ------------------------------------------------------ */
void fs_scalar_blocks(uint32_t state[8], const uint8_t *data, size_t nblocks);

extern const fs_hex_encoder fs_hex_portable;
void fs_hex_bytes_portable(const uint8_t *in, size_t n, char *out);
void fs_hex_digests_portable(const uint8_t (*digests)[32], size_t n, char (*out)[65]);

#if defined(FS_ARCH_X86) && defined(FASTSHA256_HAVE_X86_KERNELS)
void fs_shani_blocks(uint32_t state[8], const uint8_t *data, size_t nblocks);
void fs_shani_lanes_x2(uint32_t *const states[], const uint8_t *const data[], size_t nblocks);
void fs_shani_lanes_x4(uint32_t *const states[], const uint8_t *const data[], size_t nblocks);
void fs_avx2_blocks(uint32_t state[8], const uint8_t *data, size_t nblocks);
void fs_avx2_lanes_x8(uint32_t *const states[], const uint8_t *const data[], size_t nblocks);
void fs_hex_bytes_ssse3(const uint8_t *in, size_t n, char *out);
void fs_hex_digests_ssse3(const uint8_t (*digests)[32], size_t n, char (*out)[65]);
void fs_hex_bytes_avx2(const uint8_t *in, size_t n, char *out);
void fs_hex_digests_avx2(const uint8_t (*digests)[32], size_t n, char (*out)[65]);
#endif

#if defined(FS_ARCH_AARCH64) && defined(FASTSHA256_HAVE_ARMV8_KERNELS)
void fs_armv8_blocks(uint32_t state[8], const uint8_t *data, size_t nblocks);
void fs_armv8_lanes_x2(uint32_t *const states[], const uint8_t *const data[], size_t nblocks);
void fs_hex_bytes_neon(const uint8_t *in, size_t n, char *out);
void fs_hex_digests_neon(const uint8_t (*digests)[32], size_t n, char (*out)[65]);
#endif

#endif /* FASTSHA256_INTERNAL_H */
