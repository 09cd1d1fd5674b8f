/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* fastsha256_update_many against per-context fastsha256_update: random
 * splits, lengths and alignments, SHA-256/SHA-224 mixes, buffered tails,
 * guard pages, odd arguments. Registered once per backend. */
#define _DEFAULT_SOURCE
#include <criterion/criterion.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"

static int quick(void) { return getenv("FASTSHA256_TEST_QUICK") != NULL; }

/* The observable state of a context: equal to the reference after each step. */
static void assert_same_ctx(const fastsha256_ctx *got, const fastsha256_ctx *want, size_t i,
                            const char *what) {
    cr_assert(memcmp(got->state, want->state, sizeof got->state) == 0,
              "%s: context %zu state differs, backend %s", what, i, fastsha256_backend());
    cr_assert(got->total_len == want->total_len, "%s: context %zu total %llu vs %llu", what, i,
              (unsigned long long)got->total_len, (unsigned long long)want->total_len);
    cr_assert(got->buffered == want->buffered, "%s: context %zu buffered %u vs %u", what, i,
              got->buffered, want->buffered);
    cr_assert(memcmp(got->buffer, want->buffer, got->buffered) == 0,
              "%s: context %zu buffer differs", what, i);
    cr_assert(got->digest_size == want->digest_size, "%s: context %zu digest size", what, i);
}

enum { MAX_STREAMS = 40 };

/* Streams of random lengths fed in random pieces, every piece at a random
 * alignment in its own copy; some rounds leave streams out (length 0, NULL). */
static void random_rounds(uint64_t seed, size_t max_streams, size_t max_piece, int rounds) {
    uint64_t rng = seed;
    fastsha256_ctx ours[MAX_STREAMS], ref[MAX_STREAMS];
    fastsha256_ctx *ctxs[MAX_STREAMS];
    const void *data[MAX_STREAMS];
    size_t lens[MAX_STREAMS];
    uint8_t *copies[MAX_STREAMS];
    for (size_t i = 0; i < MAX_STREAMS; i++)
        copies[i] = malloc(max_piece + 64);
    for (int r = 0; r < rounds; r++) {
        size_t n = 1 + test_rand(&rng) % max_streams;
        for (size_t i = 0; i < n; i++) {
            if (test_rand(&rng) & 1)
                fastsha224_init(&ours[i]);
            else
                fastsha256_init(&ours[i]);
            ref[i] = ours[i];
            ctxs[i] = &ours[i];
        }
        int steps = 1 + (int)(test_rand(&rng) % 12);
        for (int s = 0; s < steps; s++) {
            for (size_t i = 0; i < n; i++) {
                uint64_t x = test_rand(&rng);
                size_t len;
                switch (x & 7) {
                case 0: len = 0; break;
                case 1: len = (x >> 8) % 64; break;
                case 2: len = (x >> 8) % 200; break;
                default: len = (x >> 8) % (max_piece + 1); break;
                }
                size_t align = (x >> 40) % 64;
                test_fill(copies[i] + align, len, x);
                data[i] = (len == 0 && (x >> 50) % 2) ? NULL : copies[i] + align;
                lens[i] = len;
                fastsha256_update(&ref[i], data[i], len);
            }
            fastsha256_update_many(ctxs, data, lens, n);
            for (size_t i = 0; i < n; i++)
                assert_same_ctx(&ours[i], &ref[i], i, "random rounds");
        }
        for (size_t i = 0; i < n; i++) {
            uint8_t got[32], want[32];
            size_t size = ours[i].digest_size;
            fastsha256_final(&ours[i], got);
            fastsha256_final(&ref[i], want);
            cr_assert(memcmp(got, want, size) == 0, "digest of stream %zu of %zu", i, n);
        }
    }
    for (size_t i = 0; i < MAX_STREAMS; i++)
        free(copies[i]);
}

Test(update_many, random_small_pieces) {
    REQUIRE_FORCED_BACKEND();
    random_rounds(1, MAX_STREAMS, 300, quick() ? 20 : 300);
}

Test(update_many, random_large_pieces) {
    REQUIRE_FORCED_BACKEND();
    random_rounds(2, 12, 70000, quick() ? 4 : 60);
}

/* Whole messages split at random points, checked against the one-shot
 * functions and the portable reference (not only against update). */
Test(update_many, matches_one_shot_sha256_and_sha224) {
    REQUIRE_FORCED_BACKEND();
    enum { N = 9, MAX_LEN = 100000 };
    uint64_t rng = 77;
    uint8_t *msg[N];
    size_t len[N], off[N];
    fastsha256_ctx ctx[N];
    fastsha256_ctx *ctxs[N];
    for (size_t i = 0; i < N; i++) {
        len[i] = test_rand(&rng) % MAX_LEN;
        msg[i] = malloc(len[i] + 1);
        test_fill(msg[i], len[i], i + 100);
        off[i] = 0;
        if (i % 3 == 2)
            fastsha224_init(&ctx[i]);
        else
            fastsha256_init(&ctx[i]);
        ctxs[i] = &ctx[i];
    }
    for (;;) {
        const void *data[N];
        size_t lens[N];
        int left = 0;
        for (size_t i = 0; i < N; i++) {
            size_t piece = test_rand(&rng) % 9000;
            if (piece > len[i] - off[i])
                piece = len[i] - off[i];
            data[i] = msg[i] + off[i];
            lens[i] = piece;
            off[i] += piece;
            left |= off[i] < len[i];
        }
        fastsha256_update_many(ctxs, data, lens, N);
        if (!left)
            break;
    }
    for (size_t i = 0; i < N; i++) {
        uint8_t got[32], want[32];
        fastsha256_final(&ctx[i], got);
        if (i % 3 == 2) {
            fastsha224(msg[i], len[i], want);
            cr_assert(memcmp(got, want, 28) == 0, "SHA-224 stream %zu (%zu bytes)", i, len[i]);
        } else {
            ref_sha256(msg[i], len[i], want);
            cr_assert(memcmp(got, want, 32) == 0, "SHA-256 stream %zu (%zu bytes)", i, len[i]);
        }
        free(msg[i]);
    }
}

/* Every piece ends where a PROT_NONE page begins: nothing is read past it,
 * whatever the buffered tail and the lane the piece lands in. */
Test(update_many, pieces_end_at_guard_pages) {
    REQUIRE_FORCED_BACKEND();
    enum { N = 11 };
    const size_t piece_lens[] = {0, 1, 3, 55, 63, 64, 65, 127, 128, 129, 1000, 4096, 4097, 65536 + 7};
    enum { NP = sizeof piece_lens / sizeof piece_lens[0] };
    fastsha256_ctx ours[N], ref[N];
    fastsha256_ctx *ctxs[N];
    for (size_t i = 0; i < N; i++) {
        fastsha256_init(&ours[i]);
        ref[i] = ours[i];
        ctxs[i] = &ours[i];
    }
    for (size_t step = 0; step < NP * 2; step++) {
        guarded g[N];
        const void *data[N];
        size_t lens[N];
        for (size_t i = 0; i < N; i++) {
            lens[i] = piece_lens[(step + i * 5) % NP];
            g[i] = guarded_alloc(lens[i]);
            test_fill(g[i].data, lens[i], step * N + i);
            data[i] = g[i].data;
            fastsha256_update(&ref[i], data[i], lens[i]);
        }
        fastsha256_update_many(ctxs, data, lens, N);
        for (size_t i = 0; i < N; i++) {
            assert_same_ctx(&ours[i], &ref[i], i, "guard pages");
            guarded_free(&g[i]);
        }
    }
}

/* More streams than lanes, lengths far apart: lanes are refilled as the
 * short ones end, and narrower kernels finish the last few. */
Test(update_many, many_streams_uneven_lengths) {
    REQUIRE_FORCED_BACKEND();
    enum { N = 37 };
    size_t total = 0, lens[N];
    for (size_t i = 0; i < N; i++) {
        lens[i] = (i * i * 2311) % (quick() ? 20000 : 300000) + (i % 4);
        total += lens[i];
    }
    uint8_t *pool = malloc(total);
    test_fill(pool, total, 5);
    fastsha256_ctx ctx[N];
    fastsha256_ctx *ctxs[N];
    const void *data[N];
    size_t off = 0;
    for (size_t i = 0; i < N; i++) {
        fastsha256_init(&ctx[i]);
        fastsha256_update(&ctx[i], pool, i % 64); /* start with i % 64 bytes buffered */
        ctxs[i] = &ctx[i];
        data[i] = pool + off;
        off += lens[i];
    }
    fastsha256_update_many(ctxs, data, lens, N);
    for (size_t i = 0; i < N; i++) {
        fastsha256_ctx want;
        fastsha256_init(&want);
        fastsha256_update(&want, pool, i % 64);
        fastsha256_update(&want, data[i], lens[i]);
        assert_same_ctx(&ctx[i], &want, i, "uneven");
        uint8_t a[32], b[32];
        fastsha256_final(&ctx[i], a);
        fastsha256_final(&want, b);
        cr_assert(memcmp(a, b, 32) == 0, "uneven stream %zu", i);
    }
    free(pool);
}

/* Bad or degenerate arguments: nothing happens, nothing crashes. */
Test(update_many, degenerate_arguments) {
    REQUIRE_FORCED_BACKEND();
    fastsha256_ctx a, b, fresh;
    fastsha256_init(&a);
    fastsha256_init(&fresh);
    fastsha256_ctx *ctxs[2] = {&a, &b};
    const void *data[2] = {"abc", "def"};
    size_t lens[2] = {3, 3};
    fastsha256_update_many(ctxs, data, lens, 0);
    fastsha256_update_many(NULL, data, lens, 2);
    fastsha256_update_many(ctxs, NULL, lens, 2);
    fastsha256_update_many(ctxs, data, NULL, 2);
    assert_same_ctx(&a, &fresh, 0, "untouched");

    /* NULL data with a length is a caller bug: hashed as empty, like update. */
    fastsha256_init(&b);
    const void *bad[2] = {NULL, "def"};
    fastsha256_update_many(ctxs, bad, lens, 2);
    assert_same_ctx(&a, &fresh, 0, "NULL data");
    fastsha256_ctx want;
    fastsha256_init(&want);
    fastsha256_update(&want, "def", 3);
    assert_same_ctx(&b, &want, 1, "beside NULL data");
}

/* The same context twice: same result as the updates in input order. */
Test(update_many, repeated_context_falls_back_to_input_order) {
    REQUIRE_FORCED_BACKEND();
    uint8_t buf[5000];
    test_fill(buf, sizeof buf, 9);
    fastsha256_ctx a, b, ra, rb;
    fastsha256_init(&a);
    fastsha224_init(&b);
    ra = a;
    rb = b;
    fastsha256_ctx *ctxs[4] = {&a, &b, &a, &a};
    const void *data[4] = {buf, buf + 1, buf + 100, buf + 7};
    size_t lens[4] = {100, 4000, 3000, 77};
    fastsha256_update_many(ctxs, data, lens, 4);
    fastsha256_update(&ra, buf, 100);
    fastsha256_update(&rb, buf + 1, 4000);
    fastsha256_update(&ra, buf + 100, 3000);
    fastsha256_update(&ra, buf + 7, 77);
    assert_same_ctx(&a, &ra, 0, "repeated");
    assert_same_ctx(&b, &rb, 1, "repeated");
}

/* A length that runs past the end of the address space is
 * a caller bug that update ignores (the header's rule); update_many read
 * far out of bounds. Beside ordinary pieces, so the lane path runs. */
Test(update_many, length_past_address_space_adds_nothing) {
    REQUIRE_FORCED_BACKEND();
    enum { N = 9 };
    static uint8_t buf[4096];
    test_fill(buf, sizeof buf, 22);
    fastsha256_ctx ours[N], ref[N];
    fastsha256_ctx *ctxs[N];
    const void *data[N];
    size_t lens[N];
    for (size_t i = 0; i < N; i++) {
        if (i % 2)
            fastsha224_init(&ours[i]);
        else
            fastsha256_init(&ours[i]);
        fastsha256_update(&ours[i], buf, i * 7); /* some with buffered bytes */
        ref[i] = ours[i];
        ctxs[i] = &ours[i];
        const uint8_t *p = buf + 1 + i;
        data[i] = p;
        /* i % 3 == 0: ordinary; 1: SIZE_MAX; 2: one byte past the end. */
        lens[i] = i % 3 == 0 ? 1000 + i : i % 3 == 1 ? SIZE_MAX : UINTPTR_MAX - (uintptr_t)p + 1;
        fastsha256_update(&ref[i], data[i], lens[i]);
    }
    fastsha256_update_many(ctxs, data, lens, N);
    for (size_t i = 0; i < N; i++) {
        assert_same_ctx(&ours[i], &ref[i], i, "length past the address space");
        cr_assert(ours[i].total_len == i * 7 + (i % 3 == 0 ? 1000 + i : 0),
                  "context %zu counted %llu bytes", i, (unsigned long long)ours[i].total_len);
    }
}

/* A finalized context is not revived: it stays exactly as
 * final left it and final keeps writing zeros (its type's digest size),
 * SHA-256 and SHA-224; the live contexts beside them advance as update does. */
static void expect_zeros_from_final(fastsha256_ctx *ctx, size_t ds, const char *what) {
    uint8_t out[32];
    memset(out, 0xcc, sizeof out);
    fastsha256_final(ctx, out);
    for (size_t i = 0; i < sizeof out; i++)
        cr_assert(out[i] == (i < ds ? 0 : 0xcc), "%s: byte %zu of final is %02x, backend %s",
                  what, i, out[i], fastsha256_backend());
}

/* Contexts 0, 1, 4, 5 (shift 0) or 1, 2, 5, 6 (shift 1): SHA-256 and SHA-224. */
static int finalized_one(size_t i, size_t shift) { return (i + 4 - shift) % 4 < 2; }

Test(update_many, finalized_context_stays_finalized) {
    REQUIRE_FORCED_BACKEND();
    enum { N = 8 };
    static uint8_t buf[5000];
    test_fill(buf, sizeof buf, 5);
    const size_t piece_lens[] = {1, 3, 63, 64, 65, 200, 4096};
    for (size_t p = 0; p < sizeof piece_lens / sizeof piece_lens[0]; p++) {
        for (size_t dead = 0; dead < 2; dead++) {
            fastsha256_ctx ctx[N], before[N];
            fastsha256_ctx *ctxs[N];
            const void *data[N];
            size_t lens[N];
            uint8_t out[32];
            for (size_t i = 0; i < N; i++) {
                if (i % 2)
                    fastsha224_init(&ctx[i]);
                else
                    fastsha256_init(&ctx[i]);
                fastsha256_update(&ctx[i], buf, 10 + i);
                if (finalized_one(i, dead))
                    fastsha256_final(&ctx[i], out);
                before[i] = ctx[i];
                ctxs[i] = &ctx[i];
                data[i] = buf + i;
                lens[i] = piece_lens[p];
            }
            fastsha256_update_many(ctxs, data, lens, N);
            for (size_t i = 0; i < N; i++) {
                size_t ds = i % 2 ? 28 : 32;
                if (finalized_one(i, dead)) {
                    cr_assert(memcmp(&ctx[i], &before[i], sizeof ctx[i]) == 0,
                              "finalized context %zu changed (piece %zu)", i, lens[i]);
                    expect_zeros_from_final(&ctx[i], ds, "finalized, then update_many");
                    continue;
                }
                fastsha256_ctx want = before[i];
                fastsha256_update(&want, data[i], lens[i]);
                assert_same_ctx(&ctx[i], &want, i, "live beside finalized");
            }
        }
    }
}

Test(update_many, zeroed_context_stays_empty) {
    REQUIRE_FORCED_BACKEND();
    static uint8_t buf[300];
    fastsha256_ctx a, b, zero;
    memset(&a, 0, sizeof a);
    memset(&zero, 0, sizeof zero);
    fastsha256_init(&b);
    fastsha256_ctx *ctxs[2] = {&a, &b};
    const void *data[2] = {buf, buf};
    size_t lens[2] = {sizeof buf, sizeof buf};
    fastsha256_update_many(ctxs, data, lens, 2);
    cr_assert(memcmp(&a, &zero, sizeof a) == 0, "a zeroed context was written to");
    expect_zeros_from_final(&a, 32, "zeroed, then update_many");
}
