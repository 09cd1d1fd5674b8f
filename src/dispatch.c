/* Backend dispatch: the table of backends and of hex encoders, the one-time
 * choice of each at first use (published through atomic pointers, so
 * concurrent first calls are race-free without constructors), a
 * known-answer self-test of the choice, and the public calls that list and
 * force backends.
 *
 * The hash backend and the hex encoder are chosen separately, each by its
 * own CPU requirements. Forcing a backend (FASTSHA256_BACKEND,
 * fastsha256_set_backend) leaves the hex encoder to its own choice, except
 * scalar: it means portable code only, so it brings the portable encoder. */
#include <stdatomic.h>
#include <string.h>

#include "internal.h"

/* --- The tables -----------------------------------------------------------
 * Best first. */

static const fsha256_lane_kernel no_lanes[] = {{0, NULL, NULL, NULL, NULL}};

static const fsha256_impl impl_scalar = {"scalar", 0, fsha256_scalar_blocks, no_lanes,
                                         NULL, NULL, NULL};
static const fsha256_impl *const scalar_flavours[] = {&impl_scalar, NULL};
static const fsha256_backend backend_scalar = {"scalar", scalar_flavours};

#if defined(FSHA256_ARCH_X86) && defined(FASTSHA256_HAVE_X86_KERNELS)
/* Four interleaved SHA-NI streams hide sha256rnds2's latency; two for the
 * remainder when fewer messages are left. With AVX, the four-stream kernel's
 * VEX flavour (fewer instructions). 32-bit x86: two streams only. */
#define SHANI_NEEDS (FSHA256_CPU_SHA | FSHA256_CPU_SSSE3 | FSHA256_CPU_SSE41)
#ifdef FSHA256_HAVE_SHANI_X4
static const fsha256_lane_kernel shani_lanes[] = {
    {4, fsha256_shani_lanes_x4, fsha256_shani_oneblock_x4, fsha256_shani_rounds_wk_x4, NULL},
    {2, fsha256_shani_lanes_x2, NULL, fsha256_shani_rounds_wk_x2, NULL},
    {0, NULL, NULL, NULL, NULL}};
static const fsha256_lane_kernel shani_vex_lanes[] = {
    {4, fsha256_shani_lanes_x4_avx, fsha256_shani_oneblock_x4_avx, fsha256_shani_rounds_wk_x4,
     NULL},
    {2, fsha256_shani_lanes_x2, NULL, fsha256_shani_rounds_wk_x2, NULL},
    {0, NULL, NULL, NULL, NULL}};
static const fsha256_impl impl_shani_vex = {"shani", SHANI_NEEDS | FSHA256_CPU_AVX2,
                                            fsha256_shani_blocks, shani_vex_lanes,
                                            fsha256_shani_short, fsha256_shani_short_hex,
                                            fsha256_shani_hmac_tag};
#else
static const fsha256_lane_kernel shani_lanes[] = {
    {2, fsha256_shani_lanes_x2, NULL, fsha256_shani_rounds_wk_x2, NULL},
    {0, NULL, NULL, NULL, NULL}};
#endif
static const fsha256_impl impl_shani = {"shani", SHANI_NEEDS, fsha256_shani_blocks, shani_lanes,
                                        fsha256_shani_short, fsha256_shani_short_hex,
                                        fsha256_shani_hmac_tag};
#ifdef FSHA256_HAVE_SHANI_X4
/* Batches through AVX-512's sixteen lanes where they measured faster than
 * four SHA-NI streams (Intel, AMD Zen 5; see FSHA256_CPU_AVX512_BATCH); SHA-NI for a
 * remainder of fewer than sixteen messages. */
static const fsha256_lane_kernel shani_avx512_lanes[] = {
    {32, fsha256_avx512_lanes_x32, fsha256_avx512_oneblock_x32, fsha256_avx512_rounds_wk_x32,
     fsha256_avx512_hmac_x32},
    {16, fsha256_avx512_lanes_x16, fsha256_avx512_oneblock_x16, fsha256_avx512_rounds_wk_x16,
     fsha256_avx512_hmac_x16},
    {4, fsha256_shani_lanes_x4_avx, fsha256_shani_oneblock_x4_avx, fsha256_shani_rounds_wk_x4,
     NULL},
    {2, fsha256_shani_lanes_x2, NULL, fsha256_shani_rounds_wk_x2, NULL},
    {0, NULL, NULL, NULL, NULL}};
static const fsha256_impl impl_shani_avx512 = {
    "shani", SHANI_NEEDS | FSHA256_CPU_AVX2 | FSHA256_CPU_AVX512 | FSHA256_CPU_AVX512_BATCH,
    fsha256_shani_blocks, shani_avx512_lanes, fsha256_shani_short, fsha256_shani_short_hex,
    fsha256_shani_hmac_tag};
#endif
static const fsha256_impl *const shani_flavours[] = {
#ifdef FSHA256_HAVE_SHANI_X4
    &impl_shani_avx512,
    &impl_shani_vex,
#endif
    &impl_shani, NULL};
static const fsha256_backend backend_shani = {"shani", shani_flavours};

static const fsha256_lane_kernel avx2_lanes[] = {
    {8, fsha256_avx2_lanes_x8, fsha256_avx2_oneblock_x8, fsha256_avx2_rounds_wk_x8,
     fsha256_avx2_hmac_x8},
    {0, NULL, NULL, NULL, NULL}};
static const fsha256_impl impl_avx2 = {"avx2", FSHA256_CPU_AVX2 | FSHA256_CPU_BMI2,
                                       fsha256_avx2_blocks, avx2_lanes, NULL, NULL, NULL};
static const fsha256_impl *const avx2_flavours[] = {&impl_avx2, NULL};
static const fsha256_backend backend_avx2 = {"avx2", avx2_flavours};

/* A batch backend: sixteen lanes; single streams go through the AVX2 kernel
 * (one stream has no lanes to spread over ZMM registers). */
static const fsha256_lane_kernel avx512_lanes[] = {
    {32, fsha256_avx512_lanes_x32, fsha256_avx512_oneblock_x32, fsha256_avx512_rounds_wk_x32,
     fsha256_avx512_hmac_x32},
    {16, fsha256_avx512_lanes_x16, fsha256_avx512_oneblock_x16, fsha256_avx512_rounds_wk_x16,
     fsha256_avx512_hmac_x16},
    {8, fsha256_avx2_lanes_x8, fsha256_avx2_oneblock_x8, fsha256_avx2_rounds_wk_x8,
     fsha256_avx2_hmac_x8},
    {0, NULL, NULL, NULL, NULL}};
static const fsha256_impl impl_avx512 = {
    "avx512", FSHA256_CPU_AVX2 | FSHA256_CPU_BMI2 | FSHA256_CPU_AVX512, fsha256_avx2_blocks,
    avx512_lanes, NULL, NULL, NULL};
static const fsha256_impl *const avx512_flavours[] = {&impl_avx512, NULL};
static const fsha256_backend backend_avx512 = {"avx512", avx512_flavours};
#endif

#if defined(FSHA256_ARCH_AARCH64) && defined(FASTSHA256_HAVE_ARMV8_KERNELS)
static const fsha256_lane_kernel armv8_lanes[] = {
    {2, fsha256_armv8_lanes_x2, fsha256_armv8_oneblock_x2, fsha256_armv8_rounds_wk_x2, NULL},
    {0, NULL, NULL, NULL, NULL}};
static const fsha256_impl impl_armv8 = {"armv8", FSHA256_CPU_SHA2 | FSHA256_CPU_NEON,
                                        fsha256_armv8_blocks, armv8_lanes,
                                        fsha256_armv8_short, NULL, NULL};
static const fsha256_impl *const armv8_flavours[] = {&impl_armv8, NULL};
static const fsha256_backend backend_armv8 = {"armv8", armv8_flavours};
#endif

const fsha256_backend *const fsha256_backend_table[] = {
#if defined(FSHA256_ARCH_X86) && defined(FASTSHA256_HAVE_X86_KERNELS)
    &backend_shani, &backend_avx512, &backend_avx2,
#endif
#if defined(FSHA256_ARCH_AARCH64) && defined(FASTSHA256_HAVE_ARMV8_KERNELS)
    &backend_armv8,
#endif
    &backend_scalar,
    NULL,
};

const fsha256_hex_encoder *const fsha256_hex_table[] = {
#if defined(FSHA256_ARCH_X86) && defined(FASTSHA256_HAVE_X86_KERNELS)
    &fsha256_hex_avx2, &fsha256_hex_ssse3,
#endif
#if defined(FSHA256_ARCH_AARCH64) && defined(FASTSHA256_HAVE_ARMV8_KERNELS)
    &fsha256_hex_neon,
#endif
    &fsha256_hex_portable,
    NULL,
};

/* --- Self-test ------------------------------------------------------------
 * The two-block FIPS 180-2 message through the single-stream kernel, every
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
        fsha256_scalar_blocks(lane_states[j], padded, 1);
        states[j] = lane_states[j];
    }
    k->rounds_wk(states, wk);
    for (unsigned j = 0; j < k->width; j++)
        if (memcmp(lane_states[j], want, 32) != 0)
            return 0;
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
static int selftest_hex_encoder(const fsha256_hex_encoder *hex) {
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

static int selftest(const fsha256_impl *impl) {
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
    }
    return 1;
}

/* --- Resolution ---------------------------------------------------------- */

_Atomic(const fsha256_impl *) fsha256_active_impl;
static _Atomic(const fsha256_hex_encoder *) active_hex;
static atomic_int env_backend_ignored;

static int supported(uint32_t required, uint32_t features) {
    return (required & features) == required;
}

/* The best supported flavour of a backend; NULL if none. */
static const fsha256_impl *best_flavour(const fsha256_backend *b, uint32_t features) {
    for (const fsha256_impl *const *f = b->flavours; *f; f++)
        if (supported((*f)->required, features))
            return *f;
    return NULL;
}

/* The named backend's best flavour here, or (name NULL) the best of all. */
static const fsha256_impl *find_supported(const char *name, uint32_t features) {
    for (const fsha256_backend *const *b = fsha256_backend_table; *b; b++) {
        if (name && strcmp((*b)->name, name) != 0)
            continue;
        const fsha256_impl *impl = best_flavour(*b, features);
        if (impl || name)
            return impl;
    }
    return NULL;
}

static int selftest_enabled(void) {
    const char *off = fsha256_getenv("FASTSHA256_NO_SELFTEST");
    return !(off && *off && strcmp(off, "0") != 0);
}

static const fsha256_impl *choose(int read_env) {
    uint32_t features = fsha256_cpu_features();
    const fsha256_impl *chosen = NULL;
    const char *forced = read_env ? fsha256_getenv("FASTSHA256_BACKEND") : NULL;
    if (forced && *forced) {
        chosen = find_supported(forced, features);
        atomic_store(&env_backend_ignored, chosen == NULL);
    }
    if (chosen == NULL)
        chosen = find_supported(NULL, features);
    if (chosen != &impl_scalar && selftest_enabled() && !selftest(chosen))
        chosen = &impl_scalar;
    return chosen;
}

/* The hex encoder to pair with a backend: see the rule at the top. */
static const fsha256_hex_encoder *choose_hex(const fsha256_impl *impl) {
    if (impl == &impl_scalar)
        return &fsha256_hex_portable;
    uint32_t features = fsha256_cpu_features();
    int check = selftest_enabled();
    const char *preferred = fsha256_tuning_here()->hex; /* this CPU's row (tuning.c) */
    for (int pass = preferred ? 0 : 1; pass < 2; pass++)
        for (const fsha256_hex_encoder *const *e = fsha256_hex_table; *e; e++)
            if ((pass || strcmp((*e)->name, preferred) == 0) &&
                supported((*e)->required, features) && (!check || selftest_hex_encoder(*e)))
                return *e;
    return &fsha256_hex_portable;
}

const fsha256_impl *fsha256_resolve(void) {
    const fsha256_impl *impl = atomic_load_explicit(&fsha256_active_impl, memory_order_acquire);
    if (impl)
        return impl;
    const fsha256_impl *expected = NULL;
    impl = choose(1);
    /* The first resolver wins; a concurrent set_backend also wins. */
    if (!atomic_compare_exchange_strong_explicit(&fsha256_active_impl, &expected, impl,
                                                 memory_order_acq_rel, memory_order_acquire))
        impl = expected;
    return impl;
}

const fsha256_hex_encoder *fsha256_active_hex(void) {
    const fsha256_hex_encoder *hex = atomic_load_explicit(&active_hex, memory_order_acquire);
    if (hex)
        return hex;
    const fsha256_hex_encoder *expected = NULL;
    hex = choose_hex(fsha256_active());
    /* As above; set_backend and reset_backend store theirs unconditionally. */
    if (!atomic_compare_exchange_strong_explicit(&active_hex, &expected, hex,
                                                 memory_order_acq_rel, memory_order_acquire))
        hex = expected;
    return hex;
}

/* --- Public calls ---------------------------------------------------------- */

const char *fastsha256_backend(void) { return fsha256_active()->name; }
const char *fastsha256_hex_backend(void) { return fsha256_active_hex()->name; }

int fastsha256_set_backend(const char *name) {
    if (name == NULL)
        return -1;
    const fsha256_impl *impl = find_supported(name, fsha256_cpu_features());
    if (impl == NULL || (selftest_enabled() && !selftest(impl)))
        return -1;
    atomic_store_explicit(&fsha256_active_impl, impl, memory_order_release);
    atomic_store_explicit(&active_hex, choose_hex(impl), memory_order_release);
    return 0;
}

void fastsha256_reset_backend(void) {
    const fsha256_impl *impl = choose(0);
    atomic_store_explicit(&fsha256_active_impl, impl, memory_order_release);
    atomic_store_explicit(&active_hex, choose_hex(impl), memory_order_release);
}

int fastsha256_env_backend_ignored(void) {
    fsha256_active();
    return atomic_load(&env_backend_ignored);
}

/* Backend names in table order, optionally only those this CPU supports. */
static size_t list_backends(const char **names, size_t max, int only_supported) {
    uint32_t features = only_supported ? fsha256_cpu_features() : ~0u;
    size_t count = 0;
    for (const fsha256_backend *const *b = fsha256_backend_table; *b; b++) {
        if (best_flavour(*b, features) == NULL)
            continue;
        if (names && count < max)
            names[count] = (*b)->name;
        count++;
    }
    return count;
}

size_t fastsha256_backends(const char **names, size_t max) { return list_backends(names, max, 1); }
size_t fastsha256_all_backends(const char **names, size_t max) {
    return list_backends(names, max, 0);
}
