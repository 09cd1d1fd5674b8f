/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* HMAC's whole tag in one SHA-NI call, for one message from a key's two
 * states (hmac.c's per-call paths: one-shot and streaming final).
 *
 * A tag of a short message is three dependent blocks (two inner, one
 * outer), so its time is three sha256rnds2 chains plus whatever sits
 * between them. Through the generic `blocks` seam that is three calls,
 * each converting the state to and from ABEF/CDGH, and the inner digest
 * going out as bytes into the outer block, to be loaded back and
 * byte-swapped (four-byte stores read by sixteen-byte loads: no store
 * forwarding). Here the states stay in registers and the outer block is
 * built from the inner state with a few shuffles: its message words are
 * the digest words themselves. */
#include "../internal.h"

#if defined(FSHA256_ARCH_X86) && defined(FASTSHA256_HAVE_X86_KERNELS)

#include "shani_common.h"

FSHA256_ALWAYS_INLINE void compress_blocks(__m128i *abef, __m128i *cdgh, const uint8_t *data,
                                          size_t nblocks, __m128i bswap) {
    for (; nblocks; nblocks--, data += 64)
        shani_compress_quads(abef, cdgh, shani_load_msg(data, 0, bswap),
                             shani_load_msg(data, 1, bswap), shani_load_msg(data, 2, bswap),
                             shani_load_msg(data, 3, bswap));
}

/* Bytes 16q..16q+15 of the padded tail as message words: the tail's bytes
 * where the index is below len, 0x80 where it equals len, zeros above.
 * Built in registers from the 64 readable bytes at buf, not stored and
 * loaded back: mixed-size stores read by a 16-byte load cannot be
 * forwarded, and the first rounds would wait for them. */
FSHA256_ALWAYS_INLINE __m128i padded_quad(const uint8_t *buf, int q, __m128i lenv,
                                         __m128i bswap) {
    const __m128i idx =
        _mm_add_epi8(_mm_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15),
                     _mm_set1_epi8((char)(16 * q)));
    __m128i bytes = _mm_loadu_si128((const __m128i *)(buf + 16 * q));
    /* Indexes and len are below 64: the signed byte compare is right. */
    bytes = _mm_and_si128(bytes, _mm_cmpgt_epi8(lenv, idx));
    bytes = _mm_or_si128(bytes,
                         _mm_and_si128(_mm_cmpeq_epi8(lenv, idx), _mm_set1_epi8((char)0x80)));
    return _mm_shuffle_epi8(bytes, bswap);
}

void fsha256_shani_hmac_tag(const uint32_t inner[8], const uint32_t outer[8],
                            const uint8_t *data, size_t nblocks, const uint8_t *tail,
                            size_t tail_len, uint64_t inner_len, uint8_t *tag,
                            size_t digest_size) {
    const __m128i bswap = shani_bswap_mask();
    __m128i abef, cdgh;
    shani_load_state(inner, &abef, &cdgh);
    compress_blocks(&abef, &cdgh, data, nblocks, bswap);

    /* The inner hash's last block or two: the tail, padded, and the bit
     * count in words 14 and 15 of the last block. */
    const __m128i lenv = _mm_set1_epi8((char)tail_len);
    uint64_t bits = inner_len << 3;
    const __m128i count = _mm_set_epi32((int)(uint32_t)bits, (int)(uint32_t)(bits >> 32), 0, 0);
    __m128i t0 = padded_quad(tail, 0, lenv, bswap), t1 = padded_quad(tail, 1, lenv, bswap);
    __m128i t2 = padded_quad(tail, 2, lenv, bswap), t3 = padded_quad(tail, 3, lenv, bswap);
    if (tail_len < 56) {
        shani_compress_quads(&abef, &cdgh, t0, t1, t2, _mm_or_si128(t3, count));
    } else {
        const __m128i zero = _mm_setzero_si128();
        shani_compress_quads(&abef, &cdgh, t0, t1, t2, t3);
        shani_compress_quads(&abef, &cdgh, zero, zero, zero, count);
    }

    __m128i w[4];
    shani_hmac_outer_quads(abef, cdgh, digest_size, w);
    shani_load_state(outer, &abef, &cdgh);
    shani_compress_quads(&abef, &cdgh, w[0], w[1], w[2], w[3]);
    shani_store_digest(tag, abef, cdgh, digest_size);
}

#endif /* FSHA256_ARCH_X86 && FASTSHA256_HAVE_X86_KERNELS */
