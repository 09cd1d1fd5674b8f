/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Known-answer self-tests of a backend flavour and a hex encoder, run by
 * dispatch before it first uses them (FASTSHA256_NO_SELFTEST skips them). */
#include <string.h>

#include "bytes.h"
#include "dispatch.h"
#include "hex/hex.h"
#include "kdf.h"
#include "selftest.h"

/* The two-block FIPS 180-2 message through the single-stream kernel, every
 * lane of every lane kernel, the one-call entry for short messages, and the
 * hex encoder; "abc" through the one-block entries (SHA-256 and SHA-224):
 * catches a kernel that is wrong on this CPU/OS before it produces a single
 * wrong digest. */

static const char selftest_msg[] = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
static const char selftest_hex[] =
    "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1";
static const uint8_t selftest_digest[32] = {
    0x24, 0x8d, 0x6a, 0x61, 0xd2, 0x06, 0x38, 0xb8, 0xe5, 0xc0, 0x26, 0x93, 0x0c, 0x3e, 0x60, 0x39,
    0xa3, 0x3c, 0xe4, 0x59, 0x64, 0xff, 0x21, 0x67, 0xf6, 0xec, 0xed, 0xd4, 0x19, 0xdb, 0x06, 0xc1};

static int selftest_oneblock(const fsha256_lane_kernel *k) {
    static const uint8_t abc_sha256[32] = {
        0xba, 0x78, 0x16, 0xbf, 0x8f, 0x01, 0xcf, 0xea, 0x41, 0x41, 0x40, 0xde, 0x5d, 0xae,
        0x22, 0x23, 0xb0, 0x03, 0x61, 0xa3, 0x96, 0x17, 0x7a, 0x9c, 0xb4, 0x10, 0xff, 0x61,
        0xf2, 0x00, 0x15, 0xad};
    static const uint8_t abc_sha224[28] = {
        0x23, 0x09, 0x7d, 0x22, 0x34, 0x05, 0xd8, 0x22, 0x86, 0x42, 0xa4, 0x77, 0xbd, 0xa2,
        0x55, 0xb3, 0x2a, 0xad, 0xbc, 0xe4, 0xbd, 0xa0, 0xb3, 0xf7, 0xe3, 0x6c, 0x9d, 0xa7};
    uint8_t block[128], out[FSHA256_MAX_LANES * 32];
    const uint8_t *blocks[FSHA256_MAX_LANES];
    fsha256_pad_tail(block, (const uint8_t *)"abc", 3, 3);
    for (unsigned j = 0; j < k->width; j++)
        blocks[j] = block;
    k->oneblock(fsha256_sha256_iv, blocks, out, 32);
    for (unsigned j = 0; j < k->width; j++)
        if (memcmp(out + 32 * j, abc_sha256, 32) != 0)
            return 0;
    k->oneblock(fsha256_sha224_iv, blocks, out, 28);
    for (unsigned j = 0; j < k->width; j++)
        if (memcmp(out + 28 * j, abc_sha224, 28) != 0)
            return 0;
    return 1;
}

/* The rounds-only entry on the second padded block of selftest_msg (padding
 * only: the message is 56 bytes), every lane from the state after the
 * first, against the single-stream result. */
static int selftest_rounds_wk(const fsha256_lane_kernel *k, const uint8_t padded[128],
                              const uint32_t want[8]) {
    uint32_t wk[64], lane_states[FSHA256_MAX_LANES][8];
    uint32_t *states[FSHA256_MAX_LANES];
    fsha256_block_wk(wk, padded + 64);
    for (unsigned j = 0; j < k->width; j++) {
        memcpy(lane_states[j], fsha256_sha256_iv, sizeof lane_states[j]);
        fsha256_portable_impl()->blocks(lane_states[j], padded, 1);
        states[j] = lane_states[j];
    }
    k->rounds_wk(states, wk);
    for (unsigned j = 0; j < k->width; j++)
        if (memcmp(lane_states[j], want, 32) != 0)
            return 0;
    return 1;
}

/* The whole-blocks-then-W+K entry: the first padded block of selftest_msg
 * as every lane's 64-byte message, its padding block by W + K, SHA-256 and
 * SHA-224 digests against the single-stream kernel. */
static int selftest_blocks_wk(const fsha256_impl *impl, const fsha256_lane_kernel *k,
                              const uint8_t padded[128]) {
    static const uint32_t *const ivs[2] = {fsha256_sha224_iv, fsha256_sha256_iv};
    uint8_t last[128], out[FSHA256_MAX_LANES * 32], want[32];
    const uint8_t *data[FSHA256_MAX_LANES];
    uint32_t wk[64], state[8];
    fsha256_pad_tail(last, NULL, 0, FASTSHA256_BLOCK_SIZE);
    fsha256_block_wk(wk, last);
    for (unsigned j = 0; j < k->width; j++)
        data[j] = padded;
    for (size_t v = 0; v < 2; v++) {
        size_t size = v ? 32 : 28;
        memcpy(state, ivs[v], sizeof state);
        impl->blocks(state, padded, 1);
        impl->blocks(state, last, 1);
        fsha256_store_digest(want, state, size);
        k->blocks_wk(ivs[v], data, 1, wk, out, size);
        for (unsigned j = 0; j < k->width; j++)
            if (memcmp(out + j * size, want, size) != 0)
                return 0;
    }
    return 1;
}

/* The HMAC entry (SHA-256 and SHA-224 tags) against the single-stream
 * kernel: the first padded block of selftest_msg as every lane's 64-byte
 * message, the two halves of the FIPS state as stand-in key states. */
static int selftest_hmac(const fsha256_impl *impl, const fsha256_lane_kernel *k,
                         const uint8_t padded[128]) {
    uint8_t last[128], outer_block[128], tags[FSHA256_MAX_LANES * 32], digest[32], want[32];
    const uint8_t *data[FSHA256_MAX_LANES];
    uint32_t wk[64], inner[8], outer[8], state[8];
    memcpy(inner, fsha256_sha256_iv, sizeof inner);
    memcpy(outer, fsha256_sha224_iv, sizeof outer);
    fsha256_pad_tail(last, NULL, 0, 2 * FASTSHA256_BLOCK_SIZE);
    fsha256_block_wk(wk, last);
    for (unsigned j = 0; j < k->width; j++)
        data[j] = padded;
    for (size_t size = 28; size <= 32; size += 4) {
        memcpy(state, inner, sizeof state);
        impl->blocks(state, padded, 1);
        impl->blocks(state, last, 1);
        fsha256_store_digest(digest, state, size);
        fsha256_pad_tail(outer_block, digest, size, FASTSHA256_BLOCK_SIZE + size);
        memcpy(state, outer, sizeof state);
        impl->blocks(state, outer_block, 1);
        fsha256_store_digest(want, state, size);
        k->hmac(inner, outer, data, 1, wk, tags, size);
        for (unsigned j = 0; j < k->width; j++)
            if (memcmp(tags + j * size, want, size) != 0)
                return 0;
        /* The same message with its padding block as data (wk NULL). */
        uint8_t both[FSHA256_MAX_LANES][128];
        for (unsigned j = 0; j < k->width; j++) {
            memcpy(both[j], padded, 64);
            memcpy(both[j] + 64, last, 64);
            data[j] = both[j];
        }
        k->hmac(inner, outer, data, 2, NULL, tags, size);
        for (unsigned j = 0; j < k->width; j++) {
            data[j] = padded;
            if (memcmp(tags + j * size, want, size) != 0)
                return 0;
        }
    }
    return 1;
}

/* The digest of selftest_msg through both entries of a hex encoder. */
int fsha256_selftest_hex(const fsha256_hex_encoder *hex) {
    char text[2][65];
    hex->digests(&selftest_digest, 1, &text[0]);
    hex->bytes(selftest_digest, 32, text[1]);
    text[1][64] = '\0';
    return memcmp(text[0], selftest_hex, 65) == 0 && memcmp(text[1], selftest_hex, 65) == 0;
}

/* The one-call hex entry on "abc": want's hex (by the portable encoder), a
 * NUL, and nothing written past it. */
static int selftest_short_hex(const fsha256_impl *impl, int sha224, const uint8_t *want,
                              size_t size) {
    char got[2 * 32 + 2], expect[2 * 32 + 1];
    fsha256_hex_portable.bytes(want, size, expect);
    expect[2 * size] = '\0';
    memset(got, 'x', sizeof got);
    impl->short_hex(sha224 ? fsha256_sha224_iv : fsha256_sha256_iv, (const uint8_t *)"abc", 3, got,
                    size);
    return memcmp(got, expect, 2 * size + 1) == 0 && got[2 * size + 1] == 'x';
}

/* The one-call entry: "abc" (SHA-256 and SHA-224) and the 55-byte prefix of
 * the FIPS message, its longest input, against the single-stream kernel. */
static int selftest_short(const fsha256_impl *impl) {
    uint8_t padded[128], want[32], got[32];
    uint32_t state[8];
    fsha256_pad_tail(padded, (const uint8_t *)selftest_msg, FSHA256_SHORT_MAX, FSHA256_SHORT_MAX);
    memcpy(state, fsha256_sha256_iv, sizeof state);
    impl->blocks(state, padded, 1);
    fsha256_store_digest(want, state, 32);
    impl->short_message(fsha256_sha256_iv, (const uint8_t *)selftest_msg, FSHA256_SHORT_MAX, got, 32);
    if (memcmp(got, want, 32) != 0)
        return 0;
    fsha256_pad_tail(padded, (const uint8_t *)"abc", 3, 3);
    for (int sha224 = 0; sha224 < 2; sha224++) {
        size_t size = sha224 ? 28 : 32;
        memcpy(state, sha224 ? fsha256_sha224_iv : fsha256_sha256_iv, sizeof state);
        impl->blocks(state, padded, 1);
        fsha256_store_digest(want, state, size);
        memset(got, 0, sizeof got);
        impl->short_message(sha224 ? fsha256_sha224_iv : fsha256_sha256_iv, (const uint8_t *)"abc", 3,
                            got, size);
        if (memcmp(got, want, size) != 0 || (sha224 && got[28] != 0)) /* nothing past 28 bytes */
            return 0;
        if (impl->short_hex && !selftest_short_hex(impl, sha224, want, size))
            return 0;
    }
    return 1;
}

int fsha256_selftest(const fsha256_impl *impl) {
    uint8_t padded[128], digest[32];
    uint32_t state[8];
    size_t len = sizeof selftest_msg - 1;
    size_t nblocks = fsha256_pad_tail(padded, (const uint8_t *)selftest_msg, len, len);

    memcpy(state, fsha256_sha256_iv, sizeof state);
    impl->blocks(state, padded, nblocks);
    fsha256_store_digest(digest, state, 32);
    if (memcmp(digest, selftest_digest, 32) != 0)
        return 0;
    if (impl->short_message && !selftest_short(impl))
        return 0;
    if (impl->pbkdf2 && !fsha256_kdf_selftest(impl))
        return 0;

    for (const fsha256_lane_kernel *k = impl->lanes; k->width; k++) {
        uint32_t lane_states[FSHA256_MAX_LANES][8];
        uint32_t *states[FSHA256_MAX_LANES];
        const uint8_t *data[FSHA256_MAX_LANES];
        if (k->width > FSHA256_MAX_LANES)
            return 0;
        for (unsigned j = 0; j < k->width; j++) {
            memcpy(lane_states[j], fsha256_sha256_iv, sizeof lane_states[j]);
            states[j] = lane_states[j];
            data[j] = padded;
        }
        k->fn(states, data, nblocks);
        for (unsigned j = 0; j < k->width; j++)
            if (memcmp(lane_states[j], state, sizeof state) != 0)
                return 0;
        if (k->oneblock && !selftest_oneblock(k))
            return 0;
        if (k->rounds_wk && !selftest_rounds_wk(k, padded, state))
            return 0;
        if (k->hmac && !selftest_hmac(impl, k, padded))
            return 0;
        if (k->blocks_wk && !selftest_blocks_wk(impl, k, padded))
            return 0;
    }
    return 1;
}
