/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Batches whose messages end in a padding-only block (length mod 64 is 0 or
 * 56..63): the scheduler's group path for equal lengths, the rounds-only
 * lane kernels (rounds_wk) in the general lane loop, and mixed batches where
 * some lanes are on such a block and some are not, all against the
 * single-message fastsha256() (and fastsha224(), and the one-shot HMAC) on
 * the forced backend. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "../src/internal.h"
#include "common.h"

enum { MAX_N = 100, MAX_LEN = 4 * 64 + 63 };

/* Lengths with each tail the path cares about: mod 64 = 0, 55 (the last
 * length with no padding-only block), 56 and 63. */
static const size_t lengths[] = {0, 55, 56, 63, 64, 119, 120, 127, 128, 183, 184, 191, 256, 319};
/* Below one group of the widest kernel (16), exact groups, and remainders. */
static const size_t counts[] = {1, 2, 3, 4, 5, 8, 15, 16, 17, 31, 32, 33, 47, 100};

/* FASTSHA256_TEST_QUICK (the valgrind run): every third case of the long loops. */
static size_t step(void) { return getenv("FASTSHA256_TEST_QUICK") ? 3 : 1; }

static uint8_t pool[MAX_N][MAX_LEN];
static const void *msgs[MAX_N];
static size_t lens[MAX_N];

static void fill_pool(uint64_t seed) {
    test_fill((uint8_t *)pool, sizeof pool, seed);
    for (size_t i = 0; i < MAX_N; i++)
        msgs[i] = pool[i];
}

/* fastsha256_many and fastsha224_many on msgs/lens[0..n) against one call
 * per message. */
static void check_batch(size_t n, const char *what) {
    uint8_t out[MAX_N][32], out224[MAX_N][28], want[32];
    memset(out, 0xee, sizeof out);
    fastsha256_many(msgs, lens, n, out);
    fastsha224_many(msgs, lens, n, out224);
    for (size_t i = 0; i < n; i++) {
        fastsha256(msgs[i], lens[i], want);
        cr_assert(memcmp(out[i], want, 32) == 0, "%s: n %zu, message %zu (%zu bytes)", what, n, i,
                  lens[i]);
        fastsha224(msgs[i], lens[i], want);
        cr_assert(memcmp(out224[i], want, 28) == 0, "%s, SHA-224: n %zu, message %zu (%zu bytes)",
                  what, n, i, lens[i]);
    }
}

Test(known_block, equal_lengths) {
    REQUIRE_FORCED_BACKEND();
    fill_pool(1);
    for (size_t l = 0; l < sizeof lengths / sizeof lengths[0]; l++)
        for (size_t c = 0; c < sizeof counts / sizeof counts[0]; c++) {
            for (size_t i = 0; i < counts[c]; i++)
                lens[i] = lengths[l];
            check_batch(counts[c], "equal lengths");
        }
}

Test(known_block, strided_equal_lengths) {
    REQUIRE_FORCED_BACKEND();
    fill_pool(2);
    for (size_t l = 0; l < sizeof lengths / sizeof lengths[0]; l++) {
        size_t len = lengths[l], n = 37;
        const uint8_t *base = (const uint8_t *)pool; /* the whole pool, not its first row */
        uint8_t out[37][32], want[32];
        fastsha256_many_strided(base, MAX_LEN, len, n, out);
        for (size_t i = 0; i < n; i++) {
            fastsha256(base + i * MAX_LEN, len, want);
            cr_assert(memcmp(out[i], want, 32) == 0, "strided, len %zu, message %zu", len, i);
        }
    }
}

/* Some lanes on a padding-only block and some not: a lone odd length in a
 * batch of equal ones (at the start, in a group, at the end), alternating
 * lengths, two padding-only lengths (only one gets a table), and random
 * lengths. */
Test(known_block, mixed_batches) {
    REQUIRE_FORCED_BACKEND();
    fill_pool(3);
    static const size_t odd[] = {0, 1, 14, 55, 56, 63, 65, 100, 128, 200};
    static const size_t at[] = {0, 5, 15, 16, 17, 40, 99};
    for (size_t l = 0; l < sizeof lengths / sizeof lengths[0]; l += step())
        for (size_t o = 0; o < sizeof odd / sizeof odd[0]; o++)
            for (size_t a = 0; a < sizeof at / sizeof at[0]; a++) {
                for (size_t i = 0; i < MAX_N; i++)
                    lens[i] = lengths[l];
                lens[at[a]] = odd[o];
                check_batch(MAX_N, "one odd length");
            }
    for (size_t l = 0; l < sizeof lengths / sizeof lengths[0]; l += step())
        for (size_t m = 0; m < sizeof lengths / sizeof lengths[0]; m++) {
            for (size_t i = 0; i < MAX_N; i++)
                lens[i] = i % 2 ? lengths[l] : lengths[m];
            check_batch(MAX_N, "alternating lengths");
            for (size_t i = 0; i < MAX_N; i++)
                lens[i] = i < MAX_N / 2 ? lengths[l] : lengths[m];
            check_batch(MAX_N, "two halves");
        }
    uint64_t s = 4;
    for (size_t round = 0; round < 200 / step(); round++) {
        size_t n = 1 + test_rand(&s) % MAX_N;
        for (size_t i = 0; i < n; i++)
            lens[i] = test_rand(&s) % 2 ? lengths[test_rand(&s) % 5 + 2] : test_rand(&s) % MAX_LEN;
        check_batch(n, "random lengths");
    }
}

/* NULL with length 0 among messages of length 64 (the group path reads no
 * pointer for an empty message). */
Test(known_block, null_empty_messages) {
    REQUIRE_FORCED_BACKEND();
    fill_pool(5);
    for (size_t i = 0; i < 40; i++) {
        lens[i] = 0;
        msgs[i] = i % 3 ? NULL : pool[i];
    }
    check_batch(40, "empty messages, some NULL");
    fill_pool(5);
}

/* The last message ends at a guard page: neither the group path's copy of a
 * partial block nor the whole blocks read past it. */
Test(known_block, input_ends_at_guard_page) {
    REQUIRE_FORCED_BACKEND();
    static const size_t guard_lengths[] = {56, 63, 64, 120, 128};
    for (size_t l = 0; l < sizeof guard_lengths / sizeof guard_lengths[0]; l++) {
        size_t len = guard_lengths[l], n = 16;
        guarded g = guarded_alloc(n * len);
        test_fill(g.data, n * len, 6);
        uint8_t out[16][32], want[32];
        fastsha256_many_strided(g.data, len, len, n, out);
        for (size_t i = 0; i < n; i++) {
            msgs[i] = g.data + i * len;
            lens[i] = len;
            fastsha256(msgs[i], len, want);
            cr_assert(memcmp(out[i], want, 32) == 0, "len %zu, message %zu", len, i);
        }
        check_batch(n, "at a guard page");
        guarded_free(&g);
    }
    fill_pool(6);
}

/* HMAC batches (inner hash: the key block plus the message, so 64-byte
 * messages end in a padding-only block) against the one-shot HMAC. */
Test(known_block, hmac_many) {
    REQUIRE_FORCED_BACKEND();
    fill_pool(7);
    static const uint8_t key[32] = "known-block test key, 32 bytes!";
    for (int sha224 = 0; sha224 < 2; sha224++) {
        fastsha256_hmac_key k;
        if (sha224)
            fastsha224_hmac_key_init(&k, key, sizeof key);
        else
            fastsha256_hmac_key_init(&k, key, sizeof key);
        for (size_t l = 0; l < sizeof lengths / sizeof lengths[0]; l++)
            for (size_t c = 0; c < sizeof counts / sizeof counts[0]; c++) {
                size_t n = counts[c];
                uint8_t out[MAX_N][32], want[32];
                for (size_t i = 0; i < n; i++)
                    lens[i] = i == n / 2 && c % 2 ? 14 : lengths[l]; /* every other: one odd */
                fastsha256_hmac_many(&k, msgs, lens, n, out);
                for (size_t i = 0; i < n; i++) {
                    if (sha224)
                        fastsha224_hmac(key, sizeof key, msgs[i], lens[i], want);
                    else
                        fastsha256_hmac(key, sizeof key, msgs[i], lens[i], want);
                    cr_assert(memcmp(out[i], want, sha224 ? 28 : 32) == 0,
                              "HMAC-SHA%s: n %zu, message %zu (%zu bytes)", sha224 ? "224" : "256",
                              n, i, lens[i]);
                }
            }
        fastsha256_hmac_key_wipe(&k);
    }
}

/* Every rounds_wk entry of every supported flavour against the portable
 * kernel, on random states and random blocks (any block, not only padding:
 * the entry must not assume its words). */
Test(known_block, rounds_wk_kernels) {
    REQUIRE_UNFORCED_RUN();
    uint32_t features = fsha256_cpu_features();
    uint64_t s = 8;
    size_t checked = 0;
    for (const fsha256_backend *const *b = fsha256_backend_table; *b; b++)
        for (const fsha256_impl *const *impl = (*b)->flavours; *impl; impl++) {
            if (((*impl)->required & features) != (*impl)->required)
                continue;
            for (const fsha256_lane_kernel *k = (*impl)->lanes; k->width; k++) {
                if (k->rounds_wk == NULL)
                    continue;
                for (int round = 0; round < 20; round++) {
                    uint8_t block[128]; /* fsha256_pad_tail writes up to two blocks */
                    uint32_t wk[64], lane_states[FSHA256_MAX_LANES][8], want[FSHA256_MAX_LANES][8];
                    uint32_t *states[FSHA256_MAX_LANES];
                    test_fill(block, 64, test_rand(&s));
                    if (round == 0)
                        fsha256_pad_tail(block, NULL, 0, 64); /* a real padding block */
                    fsha256_block_wk(wk, block);
                    for (unsigned j = 0; j < k->width; j++) {
                        test_fill((uint8_t *)lane_states[j], sizeof lane_states[j], test_rand(&s));
                        memcpy(want[j], lane_states[j], sizeof want[j]);
                        fsha256_scalar_blocks(want[j], block, 1);
                        states[j] = lane_states[j];
                    }
                    k->rounds_wk(states, wk);
                    for (unsigned j = 0; j < k->width; j++)
                        cr_assert(memcmp(lane_states[j], want[j], 32) == 0,
                                  "%s, %u lanes, lane %u", (*impl)->name, k->width, j);
                }
                checked++;
            }
        }
#if defined(FSHA256_ARCH_X86) && defined(FASTSHA256_HAVE_X86_KERNELS)
    if (features & FSHA256_CPU_SHA)
        cr_assert(checked > 0, "no rounds_wk entry checked");
#endif
}
