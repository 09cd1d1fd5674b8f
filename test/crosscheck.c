/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* crosscheck [COUNT]: one line per backend this CPU supports,
 *   <backend> messages=<n> batches=<b> batched=<m> kdf=<k> digest=<hex>
 * where digest is the SHA-256 of every result computed on that backend from
 * one seeded stream of COUNT (default 100000) random messages: one-shot
 * SHA-256 and SHA-224, streamed in random pieces, batches through
 * fastsha256_many, fastsha256_update_many, fastsha256_hmac_many and
 * fastsha256_to_hex_many, HMAC, PBKDF2 and HKDF. The stream is the same on
 * every platform (its own generator, no C library randomness), so the
 * digest is the same on every backend and on every build: the Windows
 * build's test compares its lines with the Linux build's
 * (test/windows/crosscheck_test.sh). Exit 1 when two ways of computing one
 * result disagree within the run. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fastsha256.h"

enum { POOL = 1 << 20, MAX_BATCH = 40, MAX_LEN = 16384 };

typedef struct run {
    uint64_t seed;
    fastsha256_ctx fold;
    size_t messages, batches, batched, kdf, mismatches;
} run;

static uint8_t pool[POOL + MAX_LEN];

static uint64_t next(uint64_t *s) { /* xorshift64* */
    uint64_t x = *s;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    *s = x;
    return x * 0x2545f4914f6cdd1dull;
}

/* Mostly short messages (one or two blocks), some up to MAX_LEN. */
static size_t random_len(uint64_t *s) {
    uint64_t r = next(s);
    switch (r % 20) {
    case 0: return (size_t)(r >> 8) % MAX_LEN;
    case 1: case 2: case 3: case 4: case 5: return (size_t)(r >> 8) % 1100;
    default: return (size_t)(r >> 8) % 130;
    }
}

static void expect(run *r, int same, const char *what, size_t i) {
    if (!same) {
        r->mismatches++;
        fprintf(stderr, "crosscheck: %s differs (%s, message %zu)\n", what, fastsha256_backend(), i);
    }
}

/* One message: one-shot, in three random pieces, SHA-224 and HMAC. */
static void one_message(run *r, const uint8_t *m, size_t len, const fastsha256_hmac_key *k,
                        uint8_t digest[32]) {
    uint8_t piece[32], d224[28], tag[32], tag2[32];
    fastsha256(m, len, digest);
    size_t a = len ? (size_t)(next(&r->seed) % (len + 1)) : 0;
    size_t b = a + (len - a ? (size_t)(next(&r->seed) % (len - a + 1)) : 0);
    fastsha256_ctx c;
    fastsha256_init(&c);
    fastsha256_update(&c, m, a);
    fastsha256_update(&c, m + a, b - a);
    fastsha256_update(&c, m + b, len - b);
    fastsha256_final(&c, piece);
    expect(r, memcmp(piece, digest, 32) == 0, "streamed digest", r->messages);
    fastsha224(m, len, d224);
    fastsha256_hmac_ctx h;
    fastsha256_hmac_init(&h, k);
    fastsha256_hmac_update(&h, m, len);
    fastsha256_hmac_final(&h, tag);
    fastsha256_hmac("crosscheck key", 14, m, len, tag2);
    expect(r, memcmp(tag, tag2, 32) == 0, "HMAC", r->messages);
    fastsha256_update(&r->fold, digest, 32);
    fastsha256_update(&r->fold, d224, 28);
    fastsha256_update(&r->fold, tag, 32);
    r->messages++;
}

/* n messages at once, each call against the one-shot digests. */
static void one_batch(run *r, const void *const *msgs, const size_t *lens, size_t n,
                      const fastsha256_hmac_key *k, const uint8_t (*want)[32]) {
    uint8_t out[MAX_BATCH][32], tags[MAX_BATCH][32];
    char hex[MAX_BATCH][65], want_hex[65];
    fastsha256_ctx ctx[MAX_BATCH], *ctxs[MAX_BATCH];
    const void *rest[MAX_BATCH];
    size_t head[MAX_BATCH], tail[MAX_BATCH];
    fastsha256_many(msgs, lens, n, out);
    for (size_t i = 0; i < n; i++) {
        fastsha256_init(&ctx[i]);
        ctxs[i] = &ctx[i];
        head[i] = lens[i] ? (size_t)(next(&r->seed) % (lens[i] + 1)) : 0;
        tail[i] = lens[i] - head[i];
        rest[i] = (const uint8_t *)msgs[i] + head[i];
    }
    fastsha256_update_many(ctxs, msgs, head, n);
    fastsha256_update_many(ctxs, rest, tail, n);
    fastsha256_hmac_many(k, msgs, lens, n, tags);
    fastsha256_to_hex_many(out, n, hex);
    for (size_t i = 0; i < n; i++) {
        uint8_t streamed[32];
        fastsha256_final(&ctx[i], streamed);
        fastsha256_to_hex(want[i], 32, want_hex);
        expect(r, memcmp(out[i], want[i], 32) == 0, "fastsha256_many", r->batched + i);
        expect(r, memcmp(streamed, want[i], 32) == 0, "fastsha256_update_many", r->batched + i);
        expect(r, strcmp(hex[i], want_hex) == 0, "fastsha256_to_hex_many", r->batched + i);
        fastsha256_update(&r->fold, tags[i], 32);
        fastsha256_update(&r->fold, hex[i], 64);
    }
    r->batches++;
    r->batched += n;
}

/* PBKDF2 (one and several at once) and HKDF on the message as password. */
static void one_kdf(run *r, const uint8_t *m, size_t len) {
    uint8_t key[100], keys[2][48], okm[80];
    size_t outlen = 1 + (size_t)(next(&r->seed) % sizeof key);
    uint64_t iterations = 1 + next(&r->seed) % 40;
    const void *pw[2] = {m, "second"};
    const size_t pwlen[2] = {len, 6};
    const void *salt[2] = {"salt", m};
    const size_t saltlen[2] = {4, len < 64 ? len : 64};
    if (fastsha256_pbkdf2(m, len, "salt", 4, iterations, key, outlen) != 0 ||
        fastsha256_pbkdf2_many(pw, pwlen, salt, saltlen, 2, iterations, keys, 48) != 0 ||
        fastsha256_hkdf(m, len < 32 ? len : 32, m, len, "info", 4, okm, sizeof okm) != 0)
        expect(r, 0, "a KDF's return value", r->kdf);
    uint8_t first[48];
    fastsha256_pbkdf2(m, len, "salt", 4, iterations, first, 48);
    expect(r, memcmp(first, keys[0], 48) == 0, "fastsha256_pbkdf2_many", r->kdf);
    fastsha256_update(&r->fold, key, outlen);
    fastsha256_update(&r->fold, keys, sizeof keys);
    fastsha256_update(&r->fold, okm, sizeof okm);
    r->kdf++;
}

static void run_backend(run *r, size_t count) {
    const void *msgs[MAX_BATCH];
    size_t lens[MAX_BATCH], n = 0, want_n = 1 + (size_t)(next(&r->seed) % MAX_BATCH);
    uint8_t digests[MAX_BATCH][32];
    fastsha256_hmac_key k;
    fastsha256_hmac_key_init(&k, "crosscheck key", 14);
    for (size_t i = 0; i < count; i++) {
        size_t len = random_len(&r->seed);
        const uint8_t *m = pool + next(&r->seed) % POOL;
        one_message(r, m, len, &k, digests[n]);
        if (i % 1000 == 0)
            one_kdf(r, m, len);
        msgs[n] = m;
        lens[n++] = len;
        if (n == want_n || i + 1 == count) {
            one_batch(r, msgs, lens, n, &k, (const uint8_t(*)[32])digests);
            n = 0;
            want_n = 1 + (size_t)(next(&r->seed) % MAX_BATCH);
        }
    }
    fastsha256_hmac_key_wipe(&k);
}

int main(int argc, char **argv) {
    size_t count = argc > 1 ? (size_t)strtoull(argv[1], NULL, 10) : 100000;
    uint64_t s = 0x243f6a8885a308d3ull;
    for (size_t i = 0; i < sizeof pool; i++)
        pool[i] = (uint8_t)(next(&s) >> 56);
    const char *names[16];
    size_t nb = fastsha256_backends(names, 16);
    int failed = 0;
    for (size_t b = 0; b < nb && b < 16; b++) {
        if (fastsha256_set_backend(names[b]) != 0) {
            fprintf(stderr, "crosscheck: cannot select %s\n", names[b]);
            return 1;
        }
        run r = {.seed = 0x13198a2e03707344ull};
        fastsha256_init(&r.fold);
        run_backend(&r, count);
        uint8_t d[32];
        char hex[65];
        fastsha256_final(&r.fold, d);
        fastsha256_to_hex(d, 32, hex);
        printf("%s messages=%zu batches=%zu batched=%zu kdf=%zu digest=%s\n", names[b], r.messages,
               r.batches, r.batched, r.kdf, hex);
        failed |= r.mismatches != 0;
    }
    return failed;
}
