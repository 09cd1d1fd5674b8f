/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The x86 SHA extensions backend: its kernels and descriptor (shani_backend.c). */
#ifndef FSHA256_SHANI_H
#define FSHA256_SHANI_H

#include "../compiler.h"
#include "../seams.h"

#if defined(FSHA256_ARCH_X86) && defined(FASTSHA256_HAVE_X86_KERNELS)
void fsha256_shani_blocks(uint32_t state[8], const uint8_t *data, size_t nblocks);
void fsha256_shani_lanes_x2(uint32_t *const states[], const uint8_t *const data[],
                            size_t nblocks);
void fsha256_shani_rounds_wk_x2(uint32_t *const states[], const uint32_t wk[64]);
void fsha256_shani_oneblock_x2(const uint32_t iv[8], const uint8_t *const blocks[],
                               uint8_t *digests, size_t digest_size);
void fsha256_shani_blocks_wk_x2(const uint32_t iv[8], const uint8_t *const data[], size_t nblocks,
                                const uint32_t wk[64], uint8_t *digests, size_t digest_size);
void fsha256_shani_hmac_x2(const uint32_t inner[8], const uint32_t outer[8],
                           const uint8_t *const data[], size_t nblocks, const uint32_t wk[64],
                           uint8_t *tags, size_t digest_size);
void fsha256_shani_short(const uint32_t iv[8], const uint8_t *msg, size_t len, uint8_t *out,
                         size_t digest_size);
void fsha256_shani_short_hex(const uint32_t iv[8], const uint8_t *msg, size_t len, char *out,
                             size_t digest_size);
/* The fsha256_hmac_tag_fn of the shani backend. */
void fsha256_shani_hmac_tag(const uint32_t inner[8], const uint32_t outer[8],
                            const uint8_t *data, size_t nblocks, const uint8_t *tail,
                            size_t tail_len, uint64_t inner_len, uint8_t *tag,
                            size_t digest_size);
/* The PBKDF2 chain kernels of the shani backend. */
void fsha256_shani_pbkdf2_chain(const uint32_t inner[8], const uint32_t outer[8],
                                const uint32_t u[8], uint32_t t[8], uint64_t iterations,
                                size_t digest_size);
void fsha256_shani_pbkdf2_chains_x2(fsha256_kdf_chain *chains, uint64_t iterations,
                                    size_t digest_size);
/* Two chains at once at most (every x86 build). */
extern const fsha256_pbkdf2_kernels fsha256_shani_pbkdf2_x2;
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
void fsha256_shani_blocks_wk_x4(const uint32_t iv[8], const uint8_t *const data[], size_t nblocks,
                                const uint32_t wk[64], uint8_t *digests, size_t digest_size);
void fsha256_shani_blocks_wk_x4_avx(const uint32_t iv[8], const uint8_t *const data[],
                                    size_t nblocks, const uint32_t wk[64], uint8_t *digests,
                                    size_t digest_size);
void fsha256_shani_hmac_x4(const uint32_t inner[8], const uint32_t outer[8],
                           const uint8_t *const data[], size_t nblocks, const uint32_t wk[64],
                           uint8_t *tags, size_t digest_size);
void fsha256_shani_hmac_x4_avx(const uint32_t inner[8], const uint32_t outer[8],
                               const uint8_t *const data[], size_t nblocks,
                               const uint32_t wk[64], uint8_t *tags, size_t digest_size);
void fsha256_shani_pbkdf2_chains_x4(fsha256_kdf_chain *chains, uint64_t iterations,
                                    size_t digest_size);
void fsha256_shani_pbkdf2_chains_x4_avx(fsha256_kdf_chain *chains, uint64_t iterations,
                                        size_t digest_size);
/* With the four-chain kernel, legacy-SSE and VEX. */
extern const fsha256_pbkdf2_kernels fsha256_shani_pbkdf2;
extern const fsha256_pbkdf2_kernels fsha256_shani_pbkdf2_vex;
#endif
extern const fsha256_backend fsha256_backend_shani;

/* What every shani flavour has, for its descriptor and for flavours made
 * elsewhere with these kernels (another backend may lend one, see
 * fsha256_backend.lends): the CPU features (FSHA256_CPU_*, cpu.h), the
 * single-stream and one-call entries, and the two-stream lane kernel for
 * remainders. */
#define FSHA256_SHANI_NEEDS (FSHA256_CPU_SHA | FSHA256_CPU_SSSE3 | FSHA256_CPU_SSE41)
#define FSHA256_SHANI_ENTRIES                                                  \
    .name = "shani", .blocks = fsha256_shani_blocks, .short_message = fsha256_shani_short, \
    .short_hex = fsha256_shani_short_hex, .hmac_tag = fsha256_shani_hmac_tag
#define FSHA256_SHANI_X2                                                       \
    {.width = 2, .fn = fsha256_shani_lanes_x2, .oneblock = fsha256_shani_oneblock_x2, \
     .rounds_wk = fsha256_shani_rounds_wk_x2, .hmac = fsha256_shani_hmac_x2,   \
     .blocks_wk = fsha256_shani_blocks_wk_x2}
#endif

#endif /* FSHA256_SHANI_H */
