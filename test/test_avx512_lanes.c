/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The AVX-512 sixteen-lane kernels called directly, against the portable
 * kernel: any live lane count (the scheduler's rule is that a kernel only
 * runs full, but lanes may share a pointer), unaligned data ending at a
 * guard page, random states, one-block SHA-256 and SHA-224 digests, and
 * batches of random lengths through the forced "avx512" backend. Skipped on
 * CPUs (or under valgrind, whose CPUID hides AVX-512) without it. */
#define _DEFAULT_SOURCE /* setenv */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "../src/internal.h"
#include "common.h"

#if defined(FSHA256_ARCH_X86) && defined(FASTSHA256_HAVE_X86_KERNELS)

#define LANES 16

static void require_avx512(void) {
    if (!(fsha256_cpu_features() & FSHA256_CPU_AVX512))
        cr_skip_test("this CPU has no AVX-512 (F, VL, BW with OS-enabled ZMM state)");
}

/* Lane i's data, nblocks blocks, each lane at its own odd offset; the last
 * lane's data ends at a guard page, so a read past it faults. */
typedef struct lane_data {
    guarded g;
    const uint8_t *data[LANES];
} lane_data;

static lane_data make_data(size_t nblocks, uint64_t seed) {
    lane_data d;
    size_t per_lane = 64 * nblocks + 7;
    d.g = guarded_alloc(LANES * per_lane);
    test_fill(d.g.data, LANES * per_lane, seed);
    for (size_t i = 0; i < LANES; i++)
        d.data[i] = d.g.data + i * per_lane + 7; /* odd: never aligned */
    return d;
}

Test(avx512_lanes, x16_against_scalar_for_every_live_lane_count) {
    require_avx512();
    uint64_t rng = 0x5eed;
    const size_t block_counts[] = {1, 2, 3, 5, 16};
    for (size_t bc = 0; bc < sizeof block_counts / sizeof block_counts[0]; bc++) {
        size_t nblocks = block_counts[bc];
        lane_data d = make_data(nblocks, 100 + nblocks);
        for (unsigned live = 1; live <= LANES; live++) {
            /* Lanes past `live` repeat earlier lanes' data; every lane has
             * its own random state. */
            uint32_t got[LANES][8], want[LANES][8];
            uint32_t *states[LANES];
            const uint8_t *data[LANES];
            for (unsigned i = 0; i < LANES; i++) {
                for (int j = 0; j < 8; j++)
                    got[i][j] = want[i][j] = (uint32_t)test_rand(&rng);
                states[i] = got[i];
                data[i] = d.data[i % live];
                fsha256_scalar_blocks(want[i], data[i], nblocks);
            }
            fsha256_avx512_lanes_x16(states, data, nblocks);
            for (unsigned i = 0; i < LANES; i++)
                cr_assert_arr_eq(got[i], want[i], sizeof want[i],
                                 "nblocks %zu, %u live lanes: lane %u differs", nblocks, live, i);
        }
        guarded_free(&d.g);
    }
}

Test(avx512_lanes, x16_leaves_states_alone_for_zero_blocks_and_neighbours_untouched) {
    require_avx512();
    /* States packed back to back with a canary word after each: the kernel
     * reads and writes exactly 8 words per lane. */
    uint32_t packed[LANES][9];
    uint32_t *states[LANES];
    lane_data d = make_data(1, 7);
    for (unsigned i = 0; i < LANES; i++) {
        for (int j = 0; j < 8; j++)
            packed[i][j] = fsha256_sha256_iv[j] + i;
        packed[i][8] = 0xdeadbeef;
        states[i] = packed[i];
    }
    fsha256_avx512_lanes_x16(states, d.data, 0);
    for (unsigned i = 0; i < LANES; i++)
        for (int j = 0; j < 8; j++)
            cr_assert_eq(packed[i][j], fsha256_sha256_iv[j] + i);
    fsha256_avx512_lanes_x16(states, d.data, 1);
    for (unsigned i = 0; i < LANES; i++) {
        uint32_t want[8];
        for (int j = 0; j < 8; j++)
            want[j] = fsha256_sha256_iv[j] + i;
        fsha256_scalar_blocks(want, d.data[i], 1);
        cr_assert_arr_eq(packed[i], want, sizeof want, "lane %u", i);
        cr_assert_eq(packed[i][8], 0xdeadbeef, "lane %u wrote past its state", i);
    }
    guarded_free(&d.g);
}

/* One padded block per lane from messages of random lengths 0..55, placed
 * at odd offsets; SHA-256 and SHA-224 digests against the portable kernel,
 * with a canary after the last digest. */
Test(avx512_lanes, oneblock_x16_sha256_and_sha224) {
    require_avx512();
    uint64_t rng = 0x0b10c;
    for (int round = 0; round < 200; round++) {
        uint8_t msgs[LANES][56], padded[LANES * 128 + 64];
        const uint8_t *blocks[LANES];
        size_t lens[LANES];
        for (unsigned i = 0; i < LANES; i++) {
            lens[i] = (size_t)(test_rand(&rng) % 56);
            test_fill(msgs[i], sizeof msgs[i], test_rand(&rng));
            uint8_t *b = padded + 1 + i * 65 + (round % 3);
            uint8_t tmp[128];
            cr_assert_eq(fsha256_pad_tail(tmp, msgs[i], lens[i], lens[i]), 1u);
            memcpy(b, tmp, 64);
            blocks[i] = b;
        }
        for (int variant = 0; variant < 2; variant++) {
            size_t size = variant ? 28 : 32;
            const uint32_t *iv = variant ? fsha256_sha224_iv : fsha256_sha256_iv;
            uint8_t out[LANES * 32 + 4];
            memset(out, 0xa5, sizeof out);
            fsha256_avx512_oneblock_x16(iv, blocks, out, size);
            for (unsigned i = 0; i < LANES; i++) {
                uint32_t state[8];
                uint8_t want[32];
                memcpy(state, iv, sizeof state);
                fsha256_scalar_blocks(state, blocks[i], 1);
                fsha256_store_digest(want, state, size);
                cr_assert_arr_eq(out + i * size, want, size, "round %d, SHA-%d, lane %u (len %zu)",
                                 round, variant ? 224 : 256, i, lens[i]);
            }
            for (size_t k = LANES * size; k < sizeof out; k++)
                cr_assert_eq(out[k], 0xa5, "byte %zu written past the digests", k);
        }
    }
}

/* The 32-lane entries against the 16-lane ones run on each half: the
 * interleaved known-W+K rounds from random states, and HMAC tags of one or
 * two whole blocks (with the padding-only block's W + K) or of one padded
 * block, SHA-256 and SHA-224. */
Test(avx512_lanes, x32_entries_match_two_x16_calls) {
    require_avx512();
    uint64_t rng = 0x32a5;
    uint8_t *buf = malloc(32 * 129);
    cr_assert_not_null(buf);
    for (int round = 0; round < 50; round++) {
        uint32_t wk[64], got[32][8], want[32][8], inner[8], outer[8];
        uint32_t *got_p[32], *want_p[32];
        uint8_t pad[128];
        size_t nblocks = 1 + (size_t)(round & 1);
        fsha256_pad_tail(pad, NULL, 0, 64 * nblocks + 64);
        fsha256_block_wk(wk, pad);
        for (int i = 0; i < 32; i++) {
            for (int j = 0; j < 8; j++)
                got[i][j] = want[i][j] = (uint32_t)test_rand(&rng);
            got_p[i] = got[i];
            want_p[i] = want[i];
        }
        fsha256_avx512_rounds_wk_x32(got_p, wk);
        fsha256_avx512_rounds_wk_x16(want_p, wk);
        fsha256_avx512_rounds_wk_x16(want_p + 16, wk);
        cr_assert_arr_eq(got, want, sizeof got, "rounds_wk, round %d", round);

        test_fill(buf, 32 * 129, test_rand(&rng));
        const uint8_t *data[32];
        for (int i = 0; i < 32; i++)
            data[i] = buf + 1 + 129 * i; /* odd: never aligned */
        for (int j = 0; j < 8; j++) {
            inner[j] = (uint32_t)test_rand(&rng);
            outer[j] = (uint32_t)test_rand(&rng);
        }
        for (int variant = 0; variant < 4; variant++) {
            size_t size = variant & 1 ? 28 : 32;
            const uint32_t *known = variant & 2 ? NULL : wk; /* NULL: one padded block */
            size_t nb = known ? nblocks : 1;
            uint8_t tags[32 * 32 + 4], tags16[32 * 32 + 4];
            memset(tags, 0xa5, sizeof tags);
            memset(tags16, 0xa5, sizeof tags16);
            fsha256_avx512_hmac_x32(inner, outer, data, nb, known, tags, size);
            fsha256_avx512_hmac_x16(inner, outer, data, nb, known, tags16, size);
            fsha256_avx512_hmac_x16(inner, outer, data + 16, nb, known, tags16 + 16 * size, size);
            cr_assert_arr_eq(tags, tags16, sizeof tags, "hmac, round %d, variant %d", round,
                             variant);
        }
    }
    free(buf);
}

/* The backend end to end: random lengths and counts (remainders below 16
 * go to the 8-lane AVX2 kernel and the single-stream kernel). */
Test(avx512_lanes, forced_backend_batches_of_random_lengths) {
    require_avx512();
    cr_assert_eq(fastsha256_set_backend("avx512"), 0);
    cr_assert_str_eq(fastsha256_backend(), "avx512");
    uint64_t rng = 0xba7c4;
    enum { MAX_N = 53 };
    uint8_t *buf = malloc(MAX_N * 301);
    cr_assert_not_null(buf);
    test_fill(buf, MAX_N * 301, 99);
    for (size_t n = 1; n <= MAX_N; n++) {
        const void *msgs[MAX_N];
        size_t lens[MAX_N];
        uint8_t got[MAX_N][32], got224[MAX_N][28];
        for (size_t i = 0; i < n; i++) {
            lens[i] = (size_t)(test_rand(&rng) % 300);
            msgs[i] = buf + i * 301 + (i & 1);
        }
        fastsha256_many(msgs, lens, n, got);
        fastsha224_many(msgs, lens, n, got224);
        for (size_t i = 0; i < n; i++) {
            uint8_t want[32];
            ref_sha256(msgs[i], lens[i], want);
            cr_assert_arr_eq(got[i], want, 32, "n %zu, message %zu (len %zu)", n, i, lens[i]);
            uint32_t state[8];
            uint8_t padded[128], want224[28];
            size_t whole = lens[i] / 64 * 64;
            memcpy(state, fsha256_sha224_iv, sizeof state);
            fsha256_scalar_blocks(state, msgs[i], whole / 64);
            size_t nb = fsha256_pad_tail(padded, (const uint8_t *)msgs[i] + whole,
                                         lens[i] - whole, lens[i]);
            fsha256_scalar_blocks(state, padded, nb);
            fsha256_store_digest(want224, state, 28);
            cr_assert_arr_eq(got224[i], want224, 28, "SHA-224: n %zu, message %zu", n, i);
        }
    }
    free(buf);
    fastsha256_reset_backend();
}

/* The automatic choice on a CPU with SHA-NI and AVX-512: batches of 16
 * through AVX-512 where the tuning table grants FSHA256_CHOICE_AVX512_BATCH
 * (Intel, AMD from Zen 5 on), SHA-NI's
 * four lanes under FASTSHA256_HIDE=avx512batch or avx512; all agree with the
 * reference, remainders included. (Criterion forks per test: setenv stays
 * here.) */
Test(avx512_lanes, auto_batches_with_and_without_avx512_lanes) {
    require_avx512();
    if (!(fsha256_cpu_features() & FSHA256_CPU_SHA))
        cr_skip_test("no SHA-NI: auto is not the shani backend here");
    const char *hides[] = {"", "avx512batch", "avx512"};
    uint8_t *buf = malloc(40 * 200);
    cr_assert_not_null(buf);
    test_fill(buf, 40 * 200, 5);
    for (int v = 0; v < 3; v++) {
        setenv("FASTSHA256_HIDE", hides[v], 1);
        /* The batch flavour needs the choice and the feature. */
        int batches = (fsha256_tuning_choices() & FSHA256_CHOICE_AVX512_BATCH) &&
                      (fsha256_cpu_features() & FSHA256_CPU_AVX512);
        fastsha256_reset_backend();
        const fsha256_impl *impl = fsha256_active();
        cr_assert_str_eq(impl->name, "shani");
#ifdef FSHA256_HAVE_SHANI_X4
        unsigned want_width = batches ? 32 : 4;
#else
        unsigned want_width = 2; /* 32-bit x86: two SHA-NI streams, no AVX-512 flavour */
        (void)batches;
#endif
        cr_assert_eq(impl->lanes[0].width, want_width, "HIDE=%s", hides[v]);
        for (size_t n = 1; n <= 40; n += 3) {
            const void *msgs[40];
            size_t lens[40];
            uint8_t got[40][32];
            for (size_t i = 0; i < n; i++) {
                msgs[i] = buf + i * 200 + 1;
                lens[i] = (i * 37 + n) % 150;
            }
            fastsha256_many(msgs, lens, n, got);
            for (size_t i = 0; i < n; i++) {
                uint8_t want[32];
                ref_sha256(msgs[i], lens[i], want);
                cr_assert_arr_eq(got[i], want, 32, "HIDE=%s, n %zu, message %zu", hides[v], n, i);
            }
        }
    }
    unsetenv("FASTSHA256_HIDE");
    fastsha256_reset_backend();
    free(buf);
}

Test(avx512_lanes, hiding_avx512_removes_the_backend) {
    /* FASTSHA256_HIDE=avx512 is read at each resolution. */
    uint32_t parsed = fsha256_cpu_parse_feature_list("avx512");
    cr_assert(parsed & FSHA256_CPU_AVX512);
    /* avx512batch is a per-CPU choice (tuning.c), not a CPU feature; hiding
     * avx512 hides the batch use too, as its flavour needs the feature. */
    cr_assert_eq(fsha256_cpu_parse_feature_list("avx512batch"), 0u);
    cr_assert_eq(fsha256_tuning_parse_hide_list("avx512batch"), FSHA256_CHOICE_AVX512_BATCH);
    cr_assert_eq(fsha256_tuning_parse_hide_list("avx512"), 0u);
}

Test(avx512_lanes, batches_on_avx512_by_vendor_and_family) {
    cr_assert(fsha256_cpu_avx512_batches_pay(0, 6), "Intel");
    cr_assert(!fsha256_cpu_avx512_batches_pay(1, 0x19), "AMD Zen 4: 512-bit ops in two halves");
    cr_assert(fsha256_cpu_avx512_batches_pay(1, 0x1a), "AMD Zen 5: full width");
    cr_assert(fsha256_cpu_avx512_batches_pay(1, 0x1b), "later AMD families");
}

#else
Test(avx512_lanes, not_x86) { cr_skip_test("no x86 kernels in this build"); }
#endif
