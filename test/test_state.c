/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Saved states (fastsha256_ctx_export / fastsha256_ctx_import, Go's
 * format): the bytes, round trips at the split points framing can get
 * wrong, Go-made states (vectors/go-states.txt), refusals that leave the
 * context untouched, and states carried between backends. Registered once
 * per backend; the Go program itself is the state_go.* tests. */
#define _DEFAULT_SOURCE
#include <criterion/criterion.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"

enum { STATE = FASTSHA256_STATE_SIZE, WORDS = 4, BUF = 36, LEN = 100 };

static const size_t splits[] = {0,   1,   55,  56,  57,  63,  64,  65,  119, 120, 127,
                                128, 129, 191, 192, 193, 255, 256, 257, 640, 4096};

static void init_alg(fastsha256_ctx *ctx, int is224) {
    if (is224)
        fastsha224_init(ctx);
    else
        fastsha256_init(ctx);
}

static void oneshot(int is224, const uint8_t *msg, size_t len, uint8_t out[32]) {
    memset(out, 0, 32);
    if (is224)
        fastsha224(msg, len, out);
    else
        fastsha256(msg, len, out);
}

static uint64_t be64(const uint8_t *p) {
    uint64_t v = 0;
    for (int i = 0; i < 8; i++)
        v = v << 8 | p[i];
    return v;
}

/* A state of msg[0..split) exported, imported into a context full of
 * garbage, continued in random pieces: the whole message's digest. */
static void roundtrip(int is224, const uint8_t *msg, size_t len, size_t split, uint64_t *rng) {
    fastsha256_ctx ctx, again;
    init_alg(&ctx, is224);
    fastsha256_update(&ctx, msg, split);
    fastsha256_ctx before = ctx;
    uint8_t state[STATE];
    cr_assert_eq(fastsha256_ctx_export(&ctx, state), 0);
    cr_assert(memcmp(&before, &ctx, sizeof ctx) == 0, "export changed the context");
    memset(&again, 0xa5, sizeof again);
    cr_assert_eq(fastsha256_ctx_import(&again, state, sizeof state), 0);
    for (size_t at = split; at < len;) {
        size_t piece = 1 + test_rand(rng) % 150;
        if (piece > len - at)
            piece = len - at;
        fastsha256_update(&again, msg + at, piece);
        at += piece;
    }
    uint8_t got[32] = {0}, want[32];
    fastsha256_final(&again, got);
    oneshot(is224, msg, len, want);
    cr_assert(memcmp(got, want, 32) == 0, "sha%d len %zu split %zu differs (backend %s)",
              is224 ? 224 : 256, len, split, fastsha256_backend());
}

Test(state, fresh_context_is_the_iv) {
    static const uint8_t iv256[32] = {
        0x6a, 0x09, 0xe6, 0x67, 0xbb, 0x67, 0xae, 0x85, 0x3c, 0x6e, 0xf3, 0x72, 0xa5, 0x4f, 0xf5, 0x3a,
        0x51, 0x0e, 0x52, 0x7f, 0x9b, 0x05, 0x68, 0x8c, 0x1f, 0x83, 0xd9, 0xab, 0x5b, 0xe0, 0xcd, 0x19};
    static const uint8_t iv224[32] = {
        0xc1, 0x05, 0x9e, 0xd8, 0x36, 0x7c, 0xd5, 0x07, 0x30, 0x70, 0xdd, 0x17, 0xf7, 0x0e, 0x59, 0x39,
        0xff, 0xc0, 0x0b, 0x31, 0x68, 0x58, 0x15, 0x11, 0x64, 0xf9, 0x8f, 0xa7, 0xbe, 0xfa, 0x4f, 0xa4};
    for (int is224 = 0; is224 < 2; is224++) {
        fastsha256_ctx ctx;
        init_alg(&ctx, is224);
        uint8_t state[STATE], zeros[72] = {0};
        cr_assert_eq(fastsha256_ctx_export(&ctx, state), 0);
        cr_assert(memcmp(state, is224 ? "sha\x02" : "sha\x03", 4) == 0);
        cr_assert(memcmp(state + WORDS, is224 ? iv224 : iv256, 32) == 0);
        cr_assert(memcmp(state + BUF, zeros, 72) == 0, "buffer and length are zero");
    }
}

/* Stale bytes in the context's buffer (60 then 10 bytes: 6 buffered, 54
 * left over from the first update) do not reach the saved state. */
Test(state, layout_zeroes_the_unused_tail) {
    uint8_t msg[70], state[STATE];
    test_fill(msg, sizeof msg, 38);
    fastsha256_ctx ctx;
    fastsha256_init(&ctx);
    fastsha256_update(&ctx, msg, 60);
    fastsha256_update(&ctx, msg + 60, 10);
    cr_assert_eq(fastsha256_ctx_export(&ctx, state), 0);
    cr_assert(memcmp(state + BUF, msg + 64, 6) == 0, "the buffered bytes");
    for (size_t i = 6; i < 64; i++)
        cr_assert_eq(state[BUF + i], 0, "tail byte %zu", i);
    cr_assert_eq(be64(state + LEN), 70);
    /* The words: the state after the first block, big-endian. */
    fastsha256_ctx one;
    fastsha256_init(&one);
    fastsha256_update(&one, msg, 64);
    uint8_t words[STATE];
    cr_assert_eq(fastsha256_ctx_export(&one, words), 0);
    cr_assert(memcmp(state + WORDS, words + WORDS, 32) == 0);
}

Test(state, roundtrip_at_edge_splits) {
    enum { MAX = 4096 + 300 };
    static uint8_t msg[MAX];
    uint64_t rng = 3838;
    test_fill(msg, sizeof msg, 7);
    static const size_t extras[] = {0, 1, 8, 55, 56, 63, 64, 65, 128, 200};
    for (int is224 = 0; is224 < 2; is224++)
        for (size_t i = 0; i < sizeof splits / sizeof splits[0]; i++)
            for (size_t j = 0; j < sizeof extras / sizeof extras[0]; j++)
                roundtrip(is224, msg, splits[i] + extras[j], splits[i], &rng);
}

Test(state, roundtrip_at_random_splits) {
    enum { MAX = 5000 };
    static uint8_t msg[MAX];
    uint64_t rng = 0x38;
    for (int r = 0; r < 400; r++) {
        size_t len = test_rand(&rng) % MAX;
        test_fill(msg, len, rng);
        roundtrip(r & 1, msg, len, len ? test_rand(&rng) % (len + 1) : 0, &rng);
    }
}

/* export(import(s)) == s, lengths whose bit count wraps included. */
Test(state, import_then_export_is_identity) {
    static const uint64_t totals[] = {0, 63, 64, 1ull << 32, (1ull << 61) + 5, 1ull << 63,
                                      UINT64_MAX - 63, UINT64_MAX};
    uint64_t rng = 5;
    for (int is224 = 0; is224 < 2; is224++)
        for (size_t i = 0; i < sizeof totals / sizeof totals[0]; i++) {
            uint8_t state[STATE] = {'s', 'h', 'a', is224 ? 0x02 : 0x03}, again[STATE];
            test_fill(state + WORDS, 32, test_rand(&rng));
            test_fill(state + BUF, totals[i] % 64, test_rand(&rng));
            for (int b = 0; b < 8; b++)
                state[LEN + b] = (uint8_t)(totals[i] >> (56 - 8 * b));
            fastsha256_ctx ctx;
            cr_assert_eq(fastsha256_ctx_import(&ctx, state, sizeof state), 0);
            cr_assert_eq(fastsha256_ctx_export(&ctx, again), 0);
            cr_assert(memcmp(state, again, STATE) == 0, "length %llu",
                      (unsigned long long)totals[i]);
        }
}

/* One line of vectors/go-states.txt: algorithm, prefix, state, suffix, digest. */
static void go_vector(char *line) {
    static uint8_t prefix[512], suffix[512];
    uint8_t state[STATE], mine[STATE], digest[32], got[32] = {0};
    char *alg = strtok(line, " \n"), *p = strtok(NULL, " \n"), *s = strtok(NULL, " \n");
    char *x = strtok(NULL, " \n"), *d = strtok(NULL, " \n");
    cr_assert(alg && p && s && x && d, "malformed line");
    int is224 = strcmp(alg, "sha224") == 0;
    size_t np = strcmp(p, "-") ? strlen(p) / 2 : 0, nx = strcmp(x, "-") ? strlen(x) / 2 : 0;
    size_t nd = is224 ? 28 : 32;
    cr_assert(np <= sizeof prefix && nx <= sizeof suffix && strlen(s) == 2 * STATE);
    cr_assert(hex_decode(p, prefix, np) && hex_decode(x, suffix, nx) && hex_decode(s, state, STATE) &&
              hex_decode(d, digest, nd));
    fastsha256_ctx ctx;
    init_alg(&ctx, is224);
    fastsha256_update(&ctx, prefix, np);
    cr_assert_eq(fastsha256_ctx_export(&ctx, mine), 0);
    cr_assert(memcmp(mine, state, STATE) == 0, "%s prefix %zu: not Go's bytes", alg, np);
    fastsha256_init(&ctx);
    cr_assert_eq(fastsha256_ctx_import(&ctx, state, STATE), 0);
    fastsha256_update(&ctx, suffix, nx);
    fastsha256_final(&ctx, got);
    cr_assert(memcmp(got, digest, nd) == 0, "%s prefix %zu: Go's state continued", alg, np);
}

Test(state, go_made_states) {
    FILE *f = open_vector("go-states.txt");
    char line[4096];
    int n = 0;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#' || line[0] == '\n')
            continue;
        go_vector(line);
        n++;
    }
    fclose(f);
    cr_assert_eq(n, 18, "18 vectors, read %d", n);
}

/* import(bad) returns -1 and leaves ctx as it was. */
static void refused(const void *in, size_t len, const char *what) {
    fastsha256_ctx ctx, before;
    uint8_t msg[70];
    test_fill(msg, sizeof msg, 1);
    fastsha256_init(&ctx);
    fastsha256_update(&ctx, msg, sizeof msg);
    before = ctx;
    cr_assert_eq(fastsha256_ctx_import(&ctx, in, len), -1, "%s: accepted", what);
    cr_assert(memcmp(&ctx, &before, sizeof ctx) == 0, "%s: the context changed", what);
}

Test(state, import_refuses_foreign_states) {
    uint8_t msg[200], good[STATE + 1], bad[STATE];
    test_fill(msg, sizeof msg, 2);
    fastsha256_ctx ctx;
    fastsha256_init(&ctx);
    fastsha256_update(&ctx, msg, 70); /* 6 buffered */
    cr_assert_eq(fastsha256_ctx_export(&ctx, good), 0);
    good[STATE] = 0;
    refused(NULL, STATE, "NULL");
    refused(good, 0, "empty");
    refused(good, STATE - 1, "cut");
    refused(good, STATE + 1, "lengthened");
    cr_assert_eq(fastsha256_ctx_import(NULL, good, STATE), -1);
    for (int i = 0; i < 4; i++) {
        memcpy(bad, good, STATE);
        bad[i] ^= 0x40;
        refused(bad, STATE, "magic");
    }
    memcpy(bad, good, STATE);
    bad[3] = 0x01;
    refused(bad, STATE, "magic sha\\x01");
    for (size_t i = 6; i < 64; i++) {
        memcpy(bad, good, STATE);
        bad[BUF + i] = 0x80;
        refused(bad, STATE, "dirty tail");
    }
    /* A whole-block length: every buffer byte is unused. */
    fastsha256_init(&ctx);
    fastsha256_update(&ctx, msg, 128);
    cr_assert_eq(fastsha256_ctx_export(&ctx, good), 0);
    memcpy(bad, good, STATE);
    bad[BUF] = 1;
    refused(bad, STATE, "dirty tail after whole blocks");
}

Test(state, export_refuses_dead_contexts) {
    uint8_t out[STATE], untouched[STATE], digest[32];
    memset(untouched, 0xee, sizeof untouched);
    fastsha256_ctx ctx;
    for (int is224 = 0; is224 < 2; is224++) {
        init_alg(&ctx, is224);
        fastsha256_update(&ctx, "abc", 3);
        fastsha256_final(&ctx, digest);
        memcpy(out, untouched, STATE);
        cr_assert_eq(fastsha256_ctx_export(&ctx, out), -1, "finalized");
        cr_assert(memcmp(out, untouched, STATE) == 0, "written for a finalized context");
    }
    memset(&ctx, 0, sizeof ctx);
    cr_assert_eq(fastsha256_ctx_export(&ctx, out), -1, "never initialized");
    cr_assert(memcmp(out, untouched, STATE) == 0);
    cr_assert_eq(fastsha256_ctx_export(NULL, out), -1);
    fastsha256_init(&ctx);
    cr_assert_eq(fastsha256_ctx_export(&ctx, NULL), -1);
}

/* A finalized context takes a state and continues it. */
Test(state, import_revives_a_finalized_context) {
    uint8_t msg[100], state[STATE], got[32], want[32];
    test_fill(msg, sizeof msg, 3);
    fastsha256_ctx ctx;
    fastsha224_init(&ctx);
    fastsha256_update(&ctx, msg, 40);
    cr_assert_eq(fastsha256_ctx_export(&ctx, state), 0);
    fastsha256_final(&ctx, got);
    cr_assert_eq(fastsha256_ctx_import(&ctx, state, STATE), 0);
    fastsha256_update(&ctx, msg + 40, 60);
    fastsha256_final(&ctx, got);
    fastsha224(msg, 100, want);
    cr_assert(memcmp(got, want, 28) == 0);
}

/* The state read from the context's own memory (it overlaps what import
 * writes) gives the same context as from a copy. */
Test(state, import_from_overlapping_memory) {
    uint8_t msg[90], state[STATE];
    test_fill(msg, sizeof msg, 4);
    fastsha256_ctx ctx, want;
    fastsha256_init(&ctx);
    fastsha256_update(&ctx, msg, sizeof msg);
    cr_assert_eq(fastsha256_ctx_export(&ctx, state), 0);
    cr_assert_eq(fastsha256_ctx_import(&want, state, STATE), 0);
    _Static_assert(sizeof(fastsha256_ctx) >= STATE, "a state fits in a context");
    memcpy(&ctx, state, STATE);
    cr_assert_eq(fastsha256_ctx_import(&ctx, &ctx, STATE), 0);
    uint8_t a[32], b[32];
    fastsha256_final(&ctx, a);
    fastsha256_final(&want, b);
    cr_assert(memcmp(a, b, 32) == 0);
}

/* Exported under one backend, continued under another: every ordered pair
 * of the backends this CPU supports. */
Test(state, between_backends) {
    REQUIRE_UNFORCED_RUN();
    const char *names[16];
    size_t n = fastsha256_backends(names, 16);
    uint8_t msg[1000], state[STATE], got[32], want[32];
    test_fill(msg, sizeof msg, 5);
    fastsha256(msg, sizeof msg, want);
    for (size_t a = 0; a < n && a < 16; a++)
        for (size_t b = 0; b < n && b < 16; b++) {
            fastsha256_ctx ctx;
            cr_assert_eq(fastsha256_set_backend(names[a]), 0);
            fastsha256_init(&ctx);
            fastsha256_update(&ctx, msg, 333);
            cr_assert_eq(fastsha256_ctx_export(&ctx, state), 0);
            cr_assert_eq(fastsha256_set_backend(names[b]), 0);
            cr_assert_eq(fastsha256_ctx_import(&ctx, state, STATE), 0);
            fastsha256_update(&ctx, msg + 333, sizeof msg - 333);
            fastsha256_final(&ctx, got);
            cr_assert(memcmp(got, want, 32) == 0, "%s to %s", names[a], names[b]);
        }
    fastsha256_reset_backend();
}
