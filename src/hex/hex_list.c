/* The hex encoders compiled in, best first: chosen on their own CPU
 * requirements, whatever the backend (dispatch.c). */
#include <stddef.h>

#include "hex.h"

const fsha256_hex_encoder *const fsha256_hex_table[] = {
#if defined(FSHA256_ARCH_X86) && defined(FASTSHA256_HAVE_X86_KERNELS)
    &fsha256_hex_avx2, &fsha256_hex_ssse3,
#endif
#if defined(FSHA256_ARCH_AARCH64) && defined(FASTSHA256_HAVE_ARMV8_KERNELS)
    &fsha256_hex_neon,
#endif
#if defined(__wasm_simd128__)
    &fsha256_hex_simd128,
#endif
    &fsha256_hex_portable,
    NULL,
};
