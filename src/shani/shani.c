/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Single-stream SHA-256 compression with the x86 SHA extensions.
 *
 * One message is one chain of dependent sha256rnds2 (32 per block, each
 * waiting for the previous), so speed is set by that latency; the schedule
 * (sha256msg1/msg2) and loads run ahead of it out of order. The per-call
 * work outside the chain is the ABEF/CDGH shuffle on entry and exit. */
#include "../internal.h"

#if defined(FSHA256_ARCH_X86) && defined(FASTSHA256_HAVE_X86_KERNELS)

#include "shani_common.h"
#include "../hex/hex_ssse3.h"

void fsha256_shani_blocks(uint32_t state[8], const uint8_t *data, size_t nblocks) {
    if (nblocks == 0)
        return;
    const __m128i bswap = shani_bswap_mask();
    __m128i abef, cdgh;
    shani_load_state(state, &abef, &cdgh);
    do {
        shani_compress_quads(&abef, &cdgh, shani_load_msg(data, 0, bswap), shani_load_msg(data, 1, bswap),
                       shani_load_msg(data, 2, bswap), shani_load_msg(data, 3, bswap));
        data += 64;
    } while (--nblocks);
    shani_store_state(state, abef, cdgh);
}

/* --- One short message in one call ----------------------------------------
 * For fastsha256()/fastsha224() on messages of at most 55 bytes: the padded
 * block is built in registers (no stack block, so no store-to-load
 * forwarding stall on the first rounds), compressed from iv and written out
 * as a big-endian digest, in one call. */

/* The message's partial chunk with its padding byte (x86 is little-endian). */
FSHA256_ALWAYS_INLINE __m128i shani_partial_chunk(const uint8_t *q, size_t r) {
    uint64_t lo, hi;
    fsha256_partial_chunk_le(q, r, &lo, &hi);
    return _mm_set_epi64x((long long)hi, (long long)lo);
}

/* The padded block of a message of at most 55 bytes, built in registers,
 * compressed from iv into *abef, *cdgh. */
FSHA256_ALWAYS_INLINE void shani_short_state(const uint32_t iv[8], const uint8_t *msg, size_t len,
                                            __m128i *abef, __m128i *cdgh) {
    const __m128i bswap = shani_bswap_mask();
    __m128i w0 = _mm_setzero_si128(), w1 = w0, w2 = w0, w3 = w0;
    size_t r = len % 16;

    switch (len / 16) {
    case 0:
        w0 = shani_partial_chunk(msg, r);
        break;
    case 1:
        w0 = _mm_loadu_si128((const __m128i *)msg);
        w1 = shani_partial_chunk(msg + 16, r);
        break;
    case 2:
        w0 = _mm_loadu_si128((const __m128i *)msg);
        w1 = _mm_loadu_si128((const __m128i *)(msg + 16));
        w2 = shani_partial_chunk(msg + 32, r);
        break;
    default: /* 48..55 */
        w0 = _mm_loadu_si128((const __m128i *)msg);
        w1 = _mm_loadu_si128((const __m128i *)(msg + 16));
        w2 = _mm_loadu_si128((const __m128i *)(msg + 32));
        w3 = shani_partial_chunk(msg + 48, r);
        break;
    }
    w0 = _mm_shuffle_epi8(w0, bswap);
    w1 = _mm_shuffle_epi8(w1, bswap);
    w2 = _mm_shuffle_epi8(w2, bswap);
    /* W[15] is the bit count (len < 2^29, so W[14] is zero). */
    w3 = _mm_or_si128(_mm_shuffle_epi8(w3, bswap), _mm_set_epi32((int)(len * 8), 0, 0, 0));

    shani_load_state(iv, abef, cdgh);
    shani_compress_quads(abef, cdgh, w0, w1, w2, w3);
}

void fsha256_shani_short(const uint32_t iv[8], const uint8_t *msg, size_t len, uint8_t *out,
                         size_t digest_size) {
    __m128i abef, cdgh;
    shani_short_state(iv, msg, len, &abef, &cdgh);
    shani_store_digest(out, abef, cdgh, digest_size);
}

/* The same, out as hex (fsha256_short_hex_fn): the big-endian digest's two
 * halves go from the state registers straight to characters. */
void fsha256_shani_short_hex(const uint32_t iv[8], const uint8_t *msg, size_t len, char *out,
                             size_t digest_size) {
    __m128i abef, cdgh, abcd, efgh, lo, hi;
    shani_short_state(iv, msg, len, &abef, &cdgh);
    shani_digest_halves(abef, cdgh, &abcd, &efgh);
    fsha256_hex_ssse3_16(abcd, out);
    fsha256_hex_ssse3_chars(efgh, &lo, &hi);
    fsha256_hex_ssse3_store16(out + 32, lo);
    if (digest_size == 32)
        fsha256_hex_ssse3_store16(out + 48, hi);
    else /* SHA-224: bytes 16-27, so the first 8 characters of hi */
        fsha256_hex_ssse3_store8(out + 48, hi);
    out[2 * digest_size] = '\0';
}

#endif /* FSHA256_ARCH_X86 && FASTSHA256_HAVE_X86_KERNELS */
