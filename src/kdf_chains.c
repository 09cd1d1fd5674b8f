/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* PBKDF2's iteration chains (RFC 8018: U_j = HMAC(P, U_{j-1}), T = U_1 ^ ...
 * ^ U_c), fused: the key's ipad and opad states are computed once, the U
 * block (U, 0x80, zeros, the bit count of one key block plus U) is built
 * once, and each link is two compressions of it, with no HMAC framing in
 * the loop. One chain runs on the backend's register-resident kernel where
 * it has one (SHA-NI), else on its single-stream kernel; several chains
 * (several derivations, or several output blocks of one) run side by side
 * on the lane kernels, in groups of their width. */
#include <string.h>

#include "compiler.h"
#include "seams.h"
#include "bytes.h"
#include "cpu.h"
#include "ctx.h"
#include "dispatch.h"
#include "kdf.h"

/* The U block's constant part: 0x80 after the digest, zeros, bit count. */
static void u_block_padding(uint8_t block[FASTSHA256_BLOCK_SIZE], size_t digest_size) {
    memset(block, 0, FASTSHA256_BLOCK_SIZE);
    block[digest_size] = 0x80;
    fsha256_store_be64(block + 56, (uint64_t)(FASTSHA256_BLOCK_SIZE + digest_size) * 8);
}

static void xor_words(uint32_t t[8], const uint32_t u[8], size_t digest_size) {
    for (size_t i = 0; i < digest_size / 4; i++)
        t[i] ^= u[i];
}

void fsha256_kdf_chain_blocks(const fsha256_impl *impl, const uint32_t inner[8],
                              const uint32_t outer[8], const uint32_t u[8], uint32_t t[8],
                              uint64_t iterations, size_t digest_size) {
    uint8_t block[FASTSHA256_BLOCK_SIZE];
    uint32_t state[8];
    u_block_padding(block, digest_size);
    fsha256_store_digest(block, u, digest_size);
    for (; iterations; iterations--) {
        memcpy(state, inner, sizeof state);
        impl->blocks(state, block, 1);
        fsha256_store_digest(block, state, digest_size);
        memcpy(state, outer, sizeof state);
        impl->blocks(state, block, 1);
        fsha256_store_digest(block, state, digest_size);
        xor_words(t, state, digest_size);
    }
    fsha256_wipe(block, sizeof block);
    fsha256_wipe(state, sizeof state);
}

/* k->width chains side by side on one lane kernel: each link is two kernel
 * calls, every lane's block its own U block. */
static void chain_group(const fsha256_lane_kernel *k, fsha256_kdf_chain *c, uint64_t iterations,
                        size_t digest_size) {
    uint8_t blocks[FSHA256_MAX_LANES][FASTSHA256_BLOCK_SIZE];
    uint32_t lane_states[FSHA256_MAX_LANES][8];
    uint32_t *states[FSHA256_MAX_LANES];
    const uint8_t *data[FSHA256_MAX_LANES];
    size_t width = k->width;
    for (size_t j = 0; j < width; j++) {
        u_block_padding(blocks[j], digest_size);
        fsha256_store_digest(blocks[j], c[j].u, digest_size);
        states[j] = lane_states[j];
        data[j] = blocks[j];
    }
    for (; iterations; iterations--) {
        for (size_t j = 0; j < width; j++)
            memcpy(lane_states[j], c[j].inner, sizeof lane_states[j]);
        k->fn(states, data, 1);
        for (size_t j = 0; j < width; j++) {
            fsha256_store_digest(blocks[j], lane_states[j], digest_size);
            memcpy(lane_states[j], c[j].outer, sizeof lane_states[j]);
        }
        k->fn(states, data, 1);
        for (size_t j = 0; j < width; j++) {
            fsha256_store_digest(blocks[j], lane_states[j], digest_size);
            xor_words(c[j].t, lane_states[j], digest_size);
        }
    }
    fsha256_wipe(blocks, width * sizeof blocks[0]);
    fsha256_wipe(lane_states, width * sizeof lane_states[0]);
}

static void run_one(const fsha256_impl *impl, fsha256_kdf_chain *c, uint64_t iterations,
                    size_t digest_size) {
    if (impl->pbkdf2)
        impl->pbkdf2->one(c->inner, c->outer, c->u, c->t, iterations, digest_size);
    else
        fsha256_kdf_chain_blocks(impl, c->inner, c->outer, c->u, c->t, iterations, digest_size);
}

/* Three chains on the four-chain kernel, a copy of the last as the fourth:
 * one pass of four costs less than a pass of two and one of one. */
static void run_three(const fsha256_pbkdf2_kernels *k, fsha256_kdf_chain *c, uint64_t iterations,
                      size_t digest_size) {
    fsha256_kdf_chain four[4];
    memcpy(four, c, 3 * sizeof four[0]);
    four[3] = c[2];
    k->x4(four, iterations, digest_size);
    for (size_t j = 0; j < 3; j++)
        memcpy(c[j].t, four[j].t, sizeof c[j].t);
    fsha256_wipe(four, sizeof four);
}

/* On impl's own multi-chain kernels: fours (where it has them), then a
 * remainder of three, two or one. */
static void run_pbkdf2_kernels(const fsha256_pbkdf2_kernels *k, fsha256_kdf_chain *c, size_t n,
                               uint64_t iterations, size_t digest_size) {
    size_t done = 0;
    for (; k->x4 && n - done >= 4; done += 4)
        k->x4(c + done, iterations, digest_size);
    if (k->x4 && n - done == 3) {
        run_three(k, c + done, iterations, digest_size);
        return;
    }
    for (; n - done >= 2; done += 2)
        k->x2(c + done, iterations, digest_size);
    if (n - done == 1)
        k->one(c[done].inner, c[done].outer, c[done].u, c[done].t, iterations, digest_size);
}

void fsha256_kdf_run_chains(const fsha256_impl *impl, fsha256_kdf_chain *chains, size_t n,
                            uint64_t iterations, size_t digest_size) {
    const fsha256_lane_kernel *k = impl->lanes;
    size_t done = 0;
    if (iterations == 0)
        return;
    if (impl->pbkdf2 && impl->pbkdf2->x2) {
        run_pbkdf2_kernels(impl->pbkdf2, chains, n, iterations, digest_size);
        return;
    }
    /* Widest kernel the remaining chains fill; the list is widest first. */
    while (n - done >= 2) {
        while (k->width && k->width > n - done)
            k++;
        if (k->width == 0)
            break;
        chain_group(k, chains + done, iterations, digest_size);
        done += k->width;
    }
    for (; done < n; done++)
        run_one(impl, chains + done, iterations, digest_size);
}

/* A few links of made-up chains, SHA-256 and SHA-224, through each of
 * impl's pbkdf2 kernels against the portable loop on the same backend's
 * single-stream kernel (checked first by the dispatcher's self-test). */
int fsha256_kdf_selftest(const fsha256_impl *impl) {
    const fsha256_pbkdf2_kernels *k = impl->pbkdf2;
    fsha256_kdf_chain c[4];
    uint32_t want[4][8];
    for (size_t size = 28; size <= 32; size += 4) {
        for (size_t j = 0; j < 4; j++) {
            c[j].inner = j & 1 ? fsha256_sha224_iv : fsha256_sha256_iv;
            c[j].outer = j & 1 ? fsha256_sha256_iv : fsha256_sha224_iv;
            for (size_t i = 0; i < 8; i++)
                c[j].u[i] = c[j].t[i] = fsha256_sha256_k[8 * j + i];
            memcpy(want[j], c[j].t, sizeof want[j]);
            fsha256_kdf_chain_blocks(impl, c[j].inner, c[j].outer, c[j].u, want[j], 3, size);
        }
        k->one(c[0].inner, c[0].outer, c[0].u, c[0].t, 3, size);
        if (k->x2)
            k->x2(c + 1, 3, size);
        if (memcmp(c[0].t, want[0], 32) != 0 || (k->x2 && memcmp(c[1].t, want[1], 32) != 0) ||
            (k->x2 && memcmp(c[2].t, want[2], 32) != 0))
            return 0;
        for (size_t j = 0; k->x4 && j < 4; j++)
            memcpy(c[j].t, c[j].u, sizeof c[j].t);
        if (k->x4)
            k->x4(c, 3, size);
        for (size_t j = 0; k->x4 && j < 4; j++)
            if (memcmp(c[j].t, want[j], 32) != 0)
                return 0;
    }
    return 1;
}
