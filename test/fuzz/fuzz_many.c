/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Batches with fuzzer-chosen lengths. Input: a flags byte (bit 0: strided
 * layout, bit 1: SHA-224), a count byte (n = count % 65), then per message a
 * length code and a 16-bit offset into the pool (the remaining bytes):
 * codes below 128 are lengths 0..127 (the one-block fast path and its
 * edges), 128..254 are (code - 128) * 17 bytes, 255 is a NULL message with
 * a non-zero length (hashed as empty). Lengths are clipped to the pool.
 * Strided: one length code and a 16-bit stride instead, n clipped so every
 * record lies in the pool. Every digest is compared with the reference, and
 * nothing may be written past n digests. */
#include <string.h>

#include "fuzz_common.h"

enum { MAX_MSGS = 64 };

typedef struct {
    int strided, sha224;
    size_t n, digest_size;
    const void *msgs[MAX_MSGS];
    size_t lens[MAX_MSGS];
    const uint8_t *base;
    size_t stride, len;
    uint8_t want[MAX_MSGS][32];
} many_case;

static void check(const char *backend, void *arg) {
    const many_case *c = arg;
    uint8_t out[MAX_MSGS + 1][32];
    memset(out, 0xa5, sizeof out);
    if (c->strided)
        fastsha256_many_strided(c->base, c->stride, c->len, c->n, out);
    else if (c->sha224)
        fastsha224_many(c->msgs, c->lens, c->n, (uint8_t(*)[28])out);
    else
        fastsha256_many(c->msgs, c->lens, c->n, out);
    const uint8_t *flat = &out[0][0];
    for (size_t i = 0; i < c->n; i++)
        FUZZ_EXPECT(memcmp(flat + i * c->digest_size, c->want[i], c->digest_size) == 0,
                    c->sha224 ? "fastsha224_many" : c->strided ? "fastsha256_many_strided"
                                                               : "fastsha256_many",
                    backend, c->n);
    for (size_t i = c->n * c->digest_size; i < sizeof out; i++)
        FUZZ_EXPECT(flat[i] == 0xa5, "a batch wrote past its digests", backend, c->n);
}

static size_t length_of(uint8_t code) { return code < 128 ? code : (size_t)(code - 128) * 17; }

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fuzz_reader r = {data, size};
    many_case c;
    uint8_t flags = fuzz_byte(&r);
    c.strided = flags & 1;
    c.sha224 = !c.strided && (flags & 2);
    c.digest_size = c.sha224 ? 28 : 32;
    c.n = fuzz_byte(&r) % (MAX_MSGS + 1);
    if (c.strided) {
        c.len = length_of(fuzz_byte(&r));
        c.stride = fuzz_u16(&r) % 512;
        const uint8_t *pool = r.p;
        size_t pool_len = r.n;
        if (c.len > pool_len)
            c.len = pool_len;
        /* records i < n end inside the pool: i * stride + len <= pool_len */
        size_t fit = c.stride ? (pool_len - c.len) / c.stride + 1 : MAX_MSGS;
        if (c.n > fit)
            c.n = fit;
        c.base = pool;
        for (size_t i = 0; i < c.n; i++)
            fuzz_ref_digest(pool + i * c.stride, c.len, c.want[i], 32);
    } else {
        uint8_t codes[MAX_MSGS];
        uint16_t offsets[MAX_MSGS];
        for (size_t i = 0; i < c.n; i++) {
            codes[i] = fuzz_byte(&r);
            offsets[i] = fuzz_u16(&r);
        }
        const uint8_t *pool = r.p;
        size_t pool_len = r.n;
        for (size_t i = 0; i < c.n; i++) {
            if (codes[i] == 255) {
                c.msgs[i] = NULL;
                c.lens[i] = 7;
                fuzz_ref_digest(NULL, 0, c.want[i], c.digest_size);
                continue;
            }
            size_t off = offsets[i] % (pool_len + 1), len = length_of(codes[i]);
            if (len > pool_len - off)
                len = pool_len - off;
            c.msgs[i] = pool + off;
            c.lens[i] = len;
            fuzz_ref_digest(pool + off, len, c.want[i], c.digest_size);
        }
    }
    fuzz_each_backend(check, &c);
    return 0;
}
