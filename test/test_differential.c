/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Differential tests against the portable reference: every length and
 * alignment, random update splits, guard pages, context wiping, batches. */
#define _DEFAULT_SOURCE
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "../src/internal.h"
#include "common.h"

/* Valgrind runs set this to keep the exhaustive loops affordable. */
static int quick(void) { return getenv("FASTSHA256_TEST_QUICK") != NULL; }

Test(differential, every_length_and_alignment) {
    REQUIRE_FORCED_BACKEND();
    enum { MAX_LEN = 4096 };
    uint8_t *src = malloc(MAX_LEN), *scratch = malloc(MAX_LEN + 64);
    test_fill(src, MAX_LEN, 1);
    for (size_t len = 0; len <= MAX_LEN; len++) {
        uint8_t want[32], got[32];
        ref_sha256(src, len, want);
        for (size_t align = 0; align < 64; align++) {
            if (quick() && align % 21 != (len & 1))
                continue;
            memcpy(scratch + align, src, len);
            fastsha256(scratch + align, len, got);
            cr_assert(memcmp(got, want, 32) == 0, "len %zu align %zu backend %s", len, align,
                      fastsha256_backend());
        }
    }
    free(src);
    free(scratch);
}

Test(differential, random_update_splits) {
    REQUIRE_FORCED_BACKEND();
    uint64_t rng = 42;
    enum { MAX_LEN = 20000 };
    uint8_t *msg = malloc(MAX_LEN);
    test_fill(msg, MAX_LEN, 7);
    for (int round = 0; round < (quick() ? 20 : 300); round++) {
        size_t len = test_rand(&rng) % MAX_LEN;
        uint8_t want[32], got[32];
        fastsha256(msg, len, want);
        fastsha256_ctx ctx;
        fastsha256_init(&ctx);
        size_t off = 0;
        while (off < len) {
            size_t r = test_rand(&rng);
            size_t piece = (r & 3) == 0 ? 0 : (r >> 8) % ((r & 4) ? 130 : 5000);
            if (piece > len - off)
                piece = len - off;
            fastsha256_update(&ctx, msg + off, piece);
            off += piece;
        }
        fastsha256_final(&ctx, got);
        cr_assert(memcmp(got, want, 32) == 0, "split of %zu bytes", len);
        ref_sha256(msg, len, got);
        cr_assert(memcmp(got, want, 32) == 0, "one-shot vs reference, %zu bytes", len);
    }
    free(msg);
}

/* fastsha256_hex and fastsha224_hex: the hex of the reference digest and a
 * NUL, nothing written past it, at every length and alignment, input
 * ending at a guard page. */
Test(differential, hex_oneshot_every_length_and_alignment) {
    REQUIRE_FORCED_BACKEND();
    enum { MAX_LEN = 600 };
    uint8_t *src = malloc(MAX_LEN), *scratch = malloc(MAX_LEN + 64);
    test_fill(src, MAX_LEN, 5);
    for (size_t len = 0; len <= MAX_LEN; len++) {
        uint8_t digest[32];
        char want[65], want224[57], got[72];
        ref_sha256(src, len, digest);
        ref_hex(digest, 32, want);
        want[64] = '\0';
        fastsha224(src, len, digest);
        ref_hex(digest, 28, want224);
        want224[56] = '\0';
        for (size_t align = 0; align < 64; align++) {
            if ((quick() || len > 130) && align % 21 != (len & 1))
                continue;
            memcpy(scratch + align, src, len);
            memset(got, 'x', sizeof got);
            fastsha256_hex(scratch + align, len, got);
            cr_assert(memcmp(got, want, 65) == 0 && got[65] == 'x', "len %zu align %zu backend %s",
                      len, align, fastsha256_backend());
            memset(got, 'x', sizeof got);
            fastsha224_hex(scratch + align, len, got);
            cr_assert(memcmp(got, want224, 57) == 0 && got[57] == 'x',
                      "sha224 len %zu align %zu backend %s", len, align, fastsha256_backend());
        }
        guarded g = guarded_alloc(len);
        memcpy(g.data, src, len);
        fastsha256_hex(g.data, len, got);
        cr_assert(strcmp(got, want) == 0, "guard page, len %zu", len);
        fastsha224_hex(g.data, len, got);
        cr_assert(strcmp(got, want224) == 0, "guard page, sha224 len %zu", len);
        guarded_free(&g);
    }
    free(src);
    free(scratch);
}

/* Every API reads nothing past the end of the caller's buffer. */
Test(differential, input_ends_at_guard_page) {
    REQUIRE_FORCED_BACKEND();
    size_t lens[400], nlens = 0;
    for (size_t l = 0; l <= 300; l++)
        lens[nlens++] = l;
    const size_t big[] = {511, 512, 513, 1000, 4095, 4096, 4097, 65536 + 13};
    for (size_t i = 0; i < sizeof big / sizeof big[0]; i++)
        lens[nlens++] = big[i];
    for (size_t i = 0; i < nlens; i++) {
        size_t len = lens[i];
        guarded g = guarded_alloc(len);
        test_fill(g.data, len, len);
        uint8_t want[32], got[32];
        ref_sha256(g.data, len, want);
        fastsha256(g.data, len, got);
        cr_assert(memcmp(got, want, 32) == 0, "one-shot %zu", len);
        fastsha256_ctx ctx;
        fastsha256_init(&ctx);
        fastsha256_update(&ctx, g.data, len / 3);
        fastsha256_update(&ctx, g.data + len / 3, len - len / 3);
        fastsha256_final(&ctx, got);
        cr_assert(memcmp(got, want, 32) == 0, "streamed %zu", len);
        const void *msgs[5] = {g.data, g.data, g.data, g.data, g.data};
        size_t ls[5] = {len, len, len, len, len};
        uint8_t batch[5][32];
        fastsha256_many(msgs, ls, 5, batch);
        for (int k = 0; k < 5; k++)
            cr_assert(memcmp(batch[k], want, 32) == 0, "batch %zu", len);
        fastsha256_many_strided(g.data, 0, len, 5, batch);
        for (int k = 0; k < 5; k++)
            cr_assert(memcmp(batch[k], want, 32) == 0, "strided %zu", len);
        guarded_free(&g);
    }
}

/* Secrets (state, length, buffered bytes) are wiped; the digest size stays,
 * so a second final knows how much it may write. */
static void expect_wiped(const fastsha256_ctx *ctx, uint32_t digest_size) {
    static const fastsha256_ctx zero;
    cr_assert(memcmp(ctx->state, zero.state, sizeof ctx->state) == 0, "state not wiped");
    cr_assert(ctx->total_len == 0, "length not wiped");
    cr_assert(memcmp(ctx->buffer, zero.buffer, sizeof ctx->buffer) == 0, "buffer not wiped");
    cr_assert(ctx->digest_size == digest_size);
}

Test(differential, context_wiped_after_final) {
    REQUIRE_FORCED_BACKEND();
    fastsha256_ctx ctx;
    uint8_t out[32];
    fastsha256_init(&ctx);
    fastsha256_update(&ctx, "secret key material", 19);
    fastsha256_final(&ctx, out);
    expect_wiped(&ctx, 32);
    fastsha224_init(&ctx);
    fastsha256_update(&ctx, "x", 1);
    fastsha256_final(&ctx, out);
    expect_wiped(&ctx, 28);
}

/* --- Batches ------------------------------------------------------------- */

static void check_batch(const void *const *msgs, const size_t *lens, size_t n, const char *what) {
    uint8_t(*out)[32] = malloc((n + 1) * 32);
    memset(out, 0xa5, (n + 1) * 32);
    fastsha256_many(msgs, lens, n, out);
    for (size_t i = 0; i < n; i++) {
        uint8_t want[32];
        ref_sha256(msgs[i], lens[i], want);
        cr_assert(memcmp(out[i], want, 32) == 0, "%s: message %zu of %zu (len %zu), backend %s",
                  what, i, n, lens[i], fastsha256_backend());
    }
    for (int k = 0; k < 32; k++)
        cr_assert(out[n][k] == 0xa5, "%s: wrote past the last digest", what);
    free(out);
}

Test(batch, random_mixed_lengths) {
    REQUIRE_FORCED_BACKEND();
    uint64_t rng = 3;
    uint8_t *pool = malloc(64 * 1024);
    test_fill(pool, 64 * 1024, 11);
    const void *msgs[101];
    size_t lens[101];
    for (size_t n = 0; n <= 100; n++) {
        for (size_t i = 0; i < n; i++) {
            lens[i] = test_rand(&rng) % 301;
            msgs[i] = pool + test_rand(&rng) % (64 * 1024 - 301); /* every alignment */
        }
        check_batch(msgs, lens, n, "random mixed");
    }
    free(pool);
}

Test(batch, boundary_lengths) {
    REQUIRE_FORCED_BACKEND();
    const size_t edges[] = {0, 1, 54, 55, 56, 57, 63, 64, 65, 118, 119, 120, 121, 127, 128, 129};
    enum { N = sizeof edges / sizeof edges[0] };
    uint8_t pool[256];
    test_fill(pool, sizeof pool, 5);
    const void *msgs[N * N];
    size_t lens[N * N];
    /* Every ordered pair of edges, so each length meets every other in the
     * lanes next to it. */
    for (size_t i = 0; i < N; i++)
        for (size_t j = 0; j < N; j++) {
            msgs[i * N + j] = pool + (i + j) % 64;
            lens[i * N + j] = (i * N + j) & 1 ? edges[i] : edges[j];
        }
    check_batch(msgs, lens, N * N, "boundary lengths");
}

/* A run of short messages broken by one that needs two blocks, at every
 * position: the one-block path pads the next group while hashing this one,
 * so where the run ends, the group it had started to pad must still be
 * hashed in full by the general path. Lengths alternate per lane. */
Test(batch, short_run_broken_at_every_position) {
    REQUIRE_FORCED_BACKEND();
    enum { N = 75 };
    uint8_t pool[N + 128];
    test_fill(pool, sizeof pool, 21);
    const void *msgs[N];
    size_t lens[N];
    const size_t breakers[] = {56, 100};
    for (size_t b = 0; b < 2; b++)
        for (size_t at = 0; at < N; at++) {
            for (size_t i = 0; i < N; i++) {
                msgs[i] = pool + i;
                lens[i] = i == at ? breakers[b] : 14 + (i & 1);
            }
            check_batch(msgs, lens, N, "short run broken");
        }
}

Test(batch, megabyte_messages_among_empty_ones) {
    REQUIRE_FORCED_BACKEND();
    size_t mib = (size_t)1 << 20;
    uint8_t *big = malloc(mib + 3);
    test_fill(big, mib + 3, 99);
    const void *msgs[20];
    size_t lens[20];
    for (size_t i = 0; i < 20; i++) {
        int is_big = i % 3 == 1;
        msgs[i] = is_big ? (const void *)(big + i % 4) : (i % 2 ? (const void *)"" : NULL);
        lens[i] = is_big ? mib - i : 0;
    }
    check_batch(msgs, lens, 20, "1 MiB among empty");
    free(big);
}

Test(batch, messages_end_at_guard_pages) {
    REQUIRE_FORCED_BACKEND();
    guarded g[24];
    const void *msgs[24];
    size_t lens[24];
    for (size_t i = 0; i < 24; i++) {
        lens[i] = (i * 37) % 200 + (i == 5 ? 5000 : 0);
        g[i] = guarded_alloc(lens[i]);
        test_fill(g[i].data, lens[i], i);
        msgs[i] = g[i].data;
    }
    check_batch(msgs, lens, 24, "guard pages");
    for (size_t i = 0; i < 24; i++)
        guarded_free(&g[i]);
}

Test(batch, strided_and_sha224) {
    REQUIRE_FORCED_BACKEND();
    enum { N = 37, LEN = 61, STRIDE = 67 };
    uint8_t records[N * STRIDE];
    test_fill(records, sizeof records, 8);
    uint8_t out[N][32], out224[N][28];
    const void *msgs[N];
    size_t lens[N];
    fastsha256_many_strided(records, STRIDE, LEN, N, out);
    for (size_t i = 0; i < N; i++) {
        uint8_t want[32];
        ref_sha256(records + i * STRIDE, LEN, want);
        cr_assert(memcmp(out[i], want, 32) == 0, "strided record %zu", i);
        msgs[i] = records + i * STRIDE;
        lens[i] = i;
    }
    fastsha224_many(msgs, lens, N, out224);
    for (size_t i = 0; i < N; i++) {
        uint8_t want[28];
        fastsha224(msgs[i], lens[i], want);
        cr_assert(memcmp(out224[i], want, 28) == 0, "SHA-224 batch message %zu", i);
    }
}

/* Equal-length short messages: the batch path re-pads only the message bytes
 * of a block that held a message of the same length, so every message must
 * still come out with its own bytes, and a NULL among them (hashed as empty)
 * must not inherit the previous message's. */
Test(batch, equal_length_short_messages) {
    REQUIRE_FORCED_BACKEND();
    enum { N = 203, STRIDE = 61 };
    uint8_t records[N * STRIDE];
    test_fill(records, sizeof records, 5);
    const void *msgs[N];
    size_t lens[N];
    uint8_t out[N][32], want[32];
    for (size_t len = 0; len <= 56; len += (len < 20 ? 1 : 9)) {
        for (size_t i = 0; i < N; i++) {
            msgs[i] = i % 17 == 5 ? NULL : records + i * STRIDE;
            lens[i] = len;
        }
        fastsha256_many(msgs, lens, N, out);
        for (size_t i = 0; i < N; i++) {
            ref_sha256(msgs[i], msgs[i] ? len : 0, want);
            cr_assert(memcmp(out[i], want, 32) == 0, "len %zu message %zu", len, i);
        }
        fastsha256_many_strided(records, STRIDE, len, N, out);
        for (size_t i = 0; i < N; i++) {
            ref_sha256(records + i * STRIDE, len, want);
            cr_assert(memcmp(out[i], want, 32) == 0, "strided len %zu record %zu", len, i);
        }
    }
}

/* Groups of equal-length short messages (the one-block fast path), each
 * message ending at a guard page, for every length a block holds, SHA-256
 * and SHA-224: nothing past a message is read. */
Test(batch, equal_length_messages_end_at_guard_pages) {
    REQUIRE_FORCED_BACKEND();
    enum { N = 67, MAX = 55 };
    guarded g[N];
    for (size_t i = 0; i < N; i++) {
        g[i] = guarded_alloc(MAX);
        test_fill(g[i].data, MAX, 40 + i);
    }
    const void *msgs[N];
    size_t lens[N];
    uint8_t out[N][32], out224[N][28], want[32];
    for (size_t len = 0; len <= MAX; len++) {
        for (size_t i = 0; i < N; i++) {
            msgs[i] = g[i].data + (MAX - len);
            lens[i] = len;
        }
        fastsha256_many(msgs, lens, N, out);
        fastsha224_many(msgs, lens, N, out224);
        for (size_t i = 0; i < N; i++) {
            ref_sha256(msgs[i], len, want);
            cr_assert(memcmp(out[i], want, 32) == 0, "len %zu message %zu", len, i);
            fastsha224(msgs[i], len, want);
            cr_assert(memcmp(out224[i], want, 28) == 0, "SHA-224 len %zu message %zu", len, i);
        }
    }
    for (size_t i = 0; i < N; i++)
        guarded_free(&g[i]);
}

/* The scheduler's generic paths for lane kernels without the one-block and
 * whole-blocks entries (a new backend may leave them out): every supported
 * flavour of every backend, its lane kernels copied with both removed;
 * short messages and 64- and 128-byte ones. */
Test(batch, short_messages_without_oneblock_entry) {
    REQUIRE_UNFORCED_RUN();
    enum { N = 77, STRIDE = 61 };
    static const size_t lengths[] = {0, 7, 14, 21, 28, 35, 42, 49, 56, 64, 128};
    uint8_t records[N * STRIDE + 128];
    test_fill(records, sizeof records, 9);
    uint32_t features = fsha256_cpu_features();
    for (const fsha256_backend *const *b = fsha256_backend_table; *b; b++)
    for (const fsha256_impl *const *impl = (*b)->flavours; *impl; impl++) {
        if (((*impl)->required & features) != (*impl)->required)
            continue;
        fsha256_lane_kernel lanes[8];
        size_t i = 0;
        for (; (*impl)->lanes[i].width && i < 7; i++) {
            lanes[i] = (*impl)->lanes[i];
            lanes[i].oneblock = NULL;
            lanes[i].blocks_wk = NULL;
        }
        lanes[i] = (fsha256_lane_kernel){.width = 0};
        fsha256_impl plain = **impl;
        plain.lanes = lanes;
        for (size_t l = 0; l < sizeof lengths / sizeof lengths[0]; l++) {
            size_t len = lengths[l];
            uint8_t out[N][32], want[32];
            fsha256_message_source src = {NULL, NULL, records, STRIDE, len, 0};
            fsha256_hash_many(&plain, &src, N, fsha256_sha256_iv, out[0], 32);
            for (size_t m = 0; m < N; m++) {
                ref_sha256(records + m * STRIDE, len, want);
                cr_assert(memcmp(out[m], want, 32) == 0, "%s len %zu message %zu",
                          (*impl)->name, len, m);
            }
        }
    }
}

/* Digest arrays that end at a guard page: kernels that write digests
 * themselves (16-byte stores) must not write past the last one, SHA-224's
 * 28 bytes included. */
Test(batch, output_ends_at_guard_page) {
    REQUIRE_FORCED_BACKEND();
    enum { MAX_N = 19 };
    uint8_t msgs_data[MAX_N][100];
    const void *msgs[MAX_N];
    size_t lens[MAX_N];
    test_fill((uint8_t *)msgs_data, sizeof msgs_data, 31);
    for (size_t n = 1; n <= MAX_N; n++) {
        for (size_t i = 0; i < n; i++) {
            msgs[i] = msgs_data[i];
            lens[i] = (i * 7 + n) % 60; /* mostly one-block messages */
        }
        guarded g256 = guarded_alloc(n * 32), g224 = guarded_alloc(n * 28);
        fastsha256_many(msgs, lens, n, (uint8_t(*)[32])g256.data);
        fastsha224_many(msgs, lens, n, (uint8_t(*)[28])g224.data);
        for (size_t i = 0; i < n; i++) {
            uint8_t want256[32], want224[28];
            ref_sha256(msgs[i], lens[i], want256);
            fastsha224(msgs[i], lens[i], want224);
            cr_assert(memcmp(g256.data + 32 * i, want256, 32) == 0, "n=%zu message %zu", n, i);
            cr_assert(memcmp(g224.data + 28 * i, want224, 28) == 0, "SHA-224 n=%zu message %zu",
                      n, i);
        }
        guarded_free(&g256);
        guarded_free(&g224);
    }
}

/* --- Hex ------------------------------------------------------------------- */

/* Every encoder this CPU can run, not only the dispatched one. */
Test(hex, every_encoder_matches_reference) {
    REQUIRE_UNFORCED_RUN();
    uint32_t features = fsha256_cpu_features();
    uint64_t rng = 77;
    enum { MAX_N = 1000 };
    uint8_t(*digests)[32] = malloc(MAX_N * 32);
    char(*out)[65] = malloc((MAX_N + 1) * 65);
    char want[65];
    for (const fsha256_hex_encoder *const *e = fsha256_hex_table; *e; e++) {
        if (((*e)->required & features) != (*e)->required)
            continue;
        for (size_t n = 0; n <= MAX_N; n += (n < 40 ? 1 : 37)) {
            for (size_t i = 0; i < n; i++)
                for (int k = 0; k < 32; k++)
                    digests[i][k] = (uint8_t)(test_rand(&rng) >> 56);
            memset(out, '#', (MAX_N + 1) * 65);
            (*e)->digests((const uint8_t(*)[32])digests, n, out);
            for (size_t i = 0; i < n; i++) {
                ref_hex(digests[i], 32, want);
                cr_assert(memcmp(out[i], want, 65) == 0, "%s: digest %zu of %zu", (*e)->name, i,
                          n);
            }
            cr_assert(out[n][0] == '#', "%s wrote past the last string", (*e)->name);
        }
        uint8_t bytes[300];
        char text[700], ref[600];
        test_fill(bytes, sizeof bytes, 1);
        for (size_t align = 0; align < 32; align++)
            for (size_t n = 0; n + align <= 260; n++) {
                memset(text, '#', sizeof text);
                (*e)->bytes(bytes + align, n, text + align);
                ref_hex(bytes + align, n, ref);
                cr_assert(memcmp(text + align, ref, 2 * n) == 0, "%s: %zu bytes at %zu",
                          (*e)->name, n, align);
                cr_assert(text[align + 2 * n] == '#', "%s wrote a byte too many", (*e)->name);
            }
    }
    free(digests);
    free(out);
}

Test(hex, public_calls) {
    REQUIRE_FORCED_BACKEND();
    uint8_t d[2][32];
    char out[2][65], text[3];
    test_fill(&d[0][0], 64, 9);
    fastsha256_to_hex_many((const uint8_t(*)[32])d, 2, out);
    for (int i = 0; i < 2; i++) {
        char want[65];
        ref_hex(d[i], 32, want);
        cr_assert(strcmp(out[i], want) == 0);
    }
    fastsha256_to_hex(NULL, 0, text);
    cr_assert(text[0] == '\0');
    uint8_t one = 0xf0;
    fastsha256_to_hex(&one, 1, text);
    cr_assert(strcmp(text, "f0") == 0);
}

/* The one-call entries for short messages (fastsha256()/fastsha224() up to
 * 55 bytes, and the hex entry of fastsha256_hex()/fastsha224_hex()) of every
 * supported flavour of every backend that has them, called directly:
 * every length, input ending at a guard page, SHA-224 writing 28 bytes and
 * not one more; against the scalar kernel on a padded copy. */
Test(oneshot, short_entry_of_every_flavour) {
    REQUIRE_UNFORCED_RUN();
    uint32_t features = fsha256_cpu_features();
    for (const fsha256_backend *const *b = fsha256_backend_table; *b; b++)
    for (const fsha256_impl *const *impl = (*b)->flavours; *impl; impl++) {
        if (((*impl)->required & features) != (*impl)->required || !(*impl)->short_message)
            continue;
        for (size_t len = 0; len <= FSHA256_SHORT_MAX; len++) {
            guarded g = guarded_alloc(len);
            test_fill(g.data, len, len + 3);
            for (int sha224 = 0; sha224 < 2; sha224++) {
                const uint32_t *iv = sha224 ? fsha256_sha224_iv : fsha256_sha256_iv;
                size_t size = sha224 ? 28 : 32;
                uint8_t padded[128], want[33] = {0}, got[33];
                uint32_t state[8];
                memcpy(state, iv, sizeof state);
                fsha256_scalar_blocks(state, padded, fsha256_pad_tail(padded, g.data, len, len));
                fsha256_store_digest(want, state, size);
                memset(got, 0, sizeof got);
                (*impl)->short_message(iv, g.data, len, got, size);
                cr_assert(memcmp(got, want, sizeof got) == 0, "%s len %zu sha224 %d", (*impl)->name, len,
                          sha224);
                if ((*impl)->short_hex) {
                    /* The hex entry: the same digest's characters and a NUL, no more. */
                    char want_hex[65], got_hex[66];
                    ref_hex(want, size, want_hex);
                    want_hex[2 * size] = '\0';
                    memset(got_hex, 'x', sizeof got_hex);
                    (*impl)->short_hex(iv, g.data, len, got_hex, size);
                    cr_assert(memcmp(got_hex, want_hex, 2 * size + 1) == 0 &&
                                  got_hex[2 * size + 1] == 'x',
                              "%s hex len %zu sha224 %d", (*impl)->name, len, sha224);
                }
            }
            guarded_free(&g);
        }
    }
}
