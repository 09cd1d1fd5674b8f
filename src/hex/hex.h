/* The hex encoders, each chosen by its own CPU requirements, and their table
 * (hex_list.c). */
#ifndef FSHA256_HEX_H
#define FSHA256_HEX_H

#include "../compiler.h"
#include "../seams.h"

extern const fsha256_hex_encoder fsha256_hex_portable;
void fsha256_hex_bytes_portable(const uint8_t *in, size_t n, char *out);
void fsha256_hex_digests_portable(const uint8_t (*digests)[32], size_t n, char (*out)[65]);

#if defined(FSHA256_ARCH_X86) && defined(FASTSHA256_HAVE_X86_KERNELS)
extern const fsha256_hex_encoder fsha256_hex_ssse3;
extern const fsha256_hex_encoder fsha256_hex_avx2;
#endif
#if defined(FSHA256_ARCH_AARCH64) && defined(FASTSHA256_HAVE_ARMV8_KERNELS)
extern const fsha256_hex_encoder fsha256_hex_neon;
#endif
#if defined(__wasm_simd128__)
extern const fsha256_hex_encoder fsha256_hex_simd128;
#endif

/* Every hex encoder compiled in, best first, NULL-terminated. */
extern const fsha256_hex_encoder *const fsha256_hex_table[];

#endif /* FSHA256_HEX_H */
