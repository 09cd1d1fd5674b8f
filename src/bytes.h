/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Byte helpers: readable lengths, big-endian loads and stores, short copies,
 * padding, digest stores and wiping. */
#ifndef FSHA256_BYTES_H
#define FSHA256_BYTES_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "fastsha256.h"

/* The bytes of (p, len) that may be read: 0 for NULL (only valid with len 0)
 * and for a length that runs past the end of the address space (no object
 * is that long; reading it would fault or wrap). Both are caller bugs,
 * hashed as an empty message. */
static inline size_t fsha256_readable_len(const void *p, size_t len) {
    return p == NULL || len > UINTPTR_MAX - (uintptr_t)p ? 0 : len;
}


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

#endif /* FSHA256_BYTES_H */
