/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* HMAC-SHA256/224: NIST CAVP HMAC.rsp ([L=28] and [L=32], with
 * truncated Tlen), RFC 4231 cases 1-7, a differential test against OpenSSL's
 * HMAC() where it is linked (FASTSHA256_TEST_OPENSSL) and against an RFC 2104
 * reference built here on the portable kernel everywhere (the cross builds
 * have no OpenSSL), wiping, fastsha256_equal, and a ctgrind-style check that
 * no branch depends on secret data when run under valgrind. Every API is
 * exercised: one-shot, prepared key + streaming with random splits, batches
 * of mixed lengths, on the backend ctest forces. */
#define _DEFAULT_SOURCE
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../src/internal.h"
#include "common.h"
#include "stack_burn.h"

#ifdef FASTSHA256_TEST_OPENSSL
#include <openssl/evp.h>
#include <openssl/hmac.h>
#endif

#if defined(__has_include)
#  if __has_include(<valgrind/memcheck.h>)
#    include <valgrind/memcheck.h>
#    define HAVE_MEMCHECK 1
#  endif
#endif

static int quick(void) { return getenv("FASTSHA256_TEST_QUICK") != NULL; }

/* --- Reference HMAC (RFC 2104) on the portable kernel ------------------------ */

static void ref_hash(size_t ds, const uint8_t *p, size_t len, uint8_t *out) {
    uint32_t state[8];
    uint8_t last[128];
    memcpy(state, ds == 28 ? fsha256_sha224_iv : fsha256_sha256_iv, sizeof state);
    fsha256_scalar_blocks(state, p, len / 64);
    size_t n = fsha256_pad_tail(last, p + len / 64 * 64, len % 64, len);
    fsha256_scalar_blocks(state, last, n);
    fsha256_store_digest(out, state, ds);
}

static void ref_hmac(size_t ds, const uint8_t *key, size_t keylen, const uint8_t *msg,
                     size_t len, uint8_t *out) {
    uint8_t k[64] = {0}, inner[32];
    if (keylen > 64)
        ref_hash(ds, key, keylen, k);
    else if (keylen)
        memcpy(k, key, keylen);
    uint8_t *buf = malloc(64 + len + 32);
    for (int i = 0; i < 64; i++)
        buf[i] = k[i] ^ 0x36;
    if (len)
        memcpy(buf + 64, msg, len);
    ref_hash(ds, buf, 64 + len, inner);
    for (int i = 0; i < 64; i++)
        buf[i] = k[i] ^ 0x5c;
    memcpy(buf + 64, inner, ds);
    ref_hash(ds, buf, 64 + ds, out);
    free(buf);
}

#ifdef FASTSHA256_TEST_OPENSSL
static void openssl_hmac(size_t ds, const uint8_t *key, size_t keylen, const uint8_t *msg,
                         size_t len, uint8_t *out) {
    static const uint8_t empty[1];
    unsigned int outlen = 0;
    /* OpenSSL reads a NULL key as "keep the previous key": never pass one. */
    uint8_t *r = HMAC(ds == 28 ? EVP_sha224() : EVP_sha256(), keylen ? key : empty, (int)keylen,
                      len ? msg : empty, len, out, &outlen);
    cr_assert(r != NULL && outlen == ds, "OpenSSL HMAC() failed");
}
#endif

/* --- The library under test, every way -------------------------------------- */

static void lib_oneshot(size_t ds, const void *key, size_t keylen, const void *msg, size_t len,
                        uint8_t *out) {
    if (ds == 28)
        fastsha224_hmac(key, keylen, msg, len, out);
    else
        fastsha256_hmac(key, keylen, msg, len, out);
}

static void lib_key(size_t ds, fastsha256_hmac_key *k, const void *key, size_t keylen) {
    if (ds == 28)
        fastsha224_hmac_key_init(k, key, keylen);
    else
        fastsha256_hmac_key_init(k, key, keylen);
}

/* Streams msg under k in pieces from the generator (piece 0: random). */
static void lib_stream(const fastsha256_hmac_key *k, const uint8_t *msg, size_t len,
                       size_t piece, uint64_t *rng, uint8_t *out) {
    fastsha256_hmac_ctx c;
    fastsha256_hmac_init(&c, k);
    size_t off = 0;
    while (off < len) {
        size_t take = piece;
        if (take == 0) {
            uint64_t r = test_rand(rng);
            take = (r & 3) == 0 ? 0 : (r >> 8) % ((r & 4) ? 130 : 3000);
        }
        if (take > len - off)
            take = len - off;
        fastsha256_hmac_update(&c, msg + off, take);
        off += take;
    }
    fastsha256_hmac_final(&c, out);
}

/* Checks every API against want (first tlen bytes) for one key and message. */
static void check_all_ways(size_t ds, const uint8_t *key, size_t keylen, const uint8_t *msg,
                           size_t len, const uint8_t *want, size_t tlen, const char *what) {
    uint8_t got[32];
    uint64_t rng = len * 31 + keylen;
    lib_oneshot(ds, key, keylen, msg, len, got);
    cr_assert(memcmp(got, want, tlen) == 0, "%s: one-shot, backend %s", what, fastsha256_backend());
    cr_assert(fastsha256_equal(got, want, tlen) == 1, "%s: fastsha256_equal", what);
    fastsha256_hmac_key k;
    lib_key(ds, &k, key, keylen);
    const size_t pieces[] = {1, 63, 64, 65, 0};
    for (size_t p = 0; p < sizeof pieces / sizeof pieces[0]; p++) {
        memset(got, 0, sizeof got);
        lib_stream(&k, msg, len, pieces[p], &rng, got);
        cr_assert(memcmp(got, want, tlen) == 0, "%s: streamed by %zu, backend %s", what,
                  pieces[p], fastsha256_backend());
    }
    /* A batch of the same message 11 times (more than any lane count). */
    enum { COPIES = 11 };
    const void *msgs[COPIES];
    size_t lens[COPIES];
    uint8_t tags[COPIES][32];
    for (size_t i = 0; i < COPIES; i++) {
        msgs[i] = msg;
        lens[i] = len;
    }
    fastsha256_hmac_many(&k, msgs, lens, COPIES, tags);
    for (size_t i = 0; i < COPIES; i++) {
        cr_assert(memcmp(tags[i], want, tlen) == 0, "%s: batch slot %zu, backend %s", what, i,
                  fastsha256_backend());
        if (ds == 28)
            cr_assert(tags[i][28] == 0 && tags[i][29] == 0 && tags[i][30] == 0 &&
                      tags[i][31] == 0, "%s: SHA-224 slot padding", what);
    }
    fastsha256_hmac_key_wipe(&k);
}

/* --- Vector files --------------------------------------------------------------- */

/* A "Name = hex" line: decodes the hex into a new malloc'd *buf (freeing the
 * previous one) and its byte count into *n. Returns 0 for any other line. */
static int take_hex(const char *line, const char *name, uint8_t **buf, size_t *n) {
    size_t k = strlen(name);
    if (strncmp(line, name, k) != 0 || strncmp(line + k, " = ", 3) != 0)
        return 0;
    const char *hex = line + k + 3;
    size_t chars = strlen(hex);
    cr_assert(chars % 2 == 0, "odd hex in: %s", line);
    free(*buf);
    *buf = malloc(chars / 2 + 1);
    cr_assert(hex_decode(hex, *buf, chars / 2), "bad hex in: %s", line);
    *n = chars / 2;
    return 1;
}

/* Runs the [L=ds] section of HMAC.rsp; returns how many records. */
static size_t run_cavp(size_t ds) {
    FILE *f = open_vector("nist-cavp/HMAC.rsp");
    char *line = NULL;
    size_t cap = 0, records = 0, truncated = 0, section = 0, tlen = 0, klen_decl = 0;
    size_t keylen = 0, msglen = 0, maclen = 0;
    uint8_t *key = NULL, *msg = NULL, *mac = NULL;
    while (getline(&line, &cap, f) > 0) {
        line[strcspn(line, "\r\n")] = '\0';
        unsigned l;
        if (sscanf(line, "[L=%u]", &l) == 1) {
            section = l;
            continue;
        }
        if (section != ds)
            continue;
        if (sscanf(line, "Tlen = %zu", &tlen) == 1 ||
            sscanf(line, "Klen = %zu", &klen_decl) == 1 || take_hex(line, "Key", &key, &keylen) ||
            take_hex(line, "Msg", &msg, &msglen))
            continue;
        if (take_hex(line, "Mac", &mac, &maclen)) {
            cr_assert(maclen == tlen && tlen <= ds && keylen == klen_decl,
                      "[L=%zu] record %zu is malformed", ds, records);
            char what[64];
            snprintf(what, sizeof what, "HMAC.rsp [L=%zu] record %zu (Klen %zu, Tlen %zu)", ds,
                     records, keylen, tlen);
            check_all_ways(ds, key, keylen, msg, msglen, mac, tlen, what);
            records++;
            truncated += tlen < ds;
        }
    }
    free(line);
    free(key);
    free(msg);
    free(mac);
    fclose(f);
    cr_log_info("HMAC.rsp [L=%zu]: %zu records (%zu truncated), backend %s", ds, records,
                truncated, fastsha256_backend());
    return records;
}

Test(hmac_vectors, cavp_sha224) {
    REQUIRE_FORCED_BACKEND();
    cr_assert(run_cavp(28) == 375, "[L=28] must have 375 records");
}

Test(hmac_vectors, cavp_sha256) {
    REQUIRE_FORCED_BACKEND();
    cr_assert(run_cavp(32) == 225, "[L=32] must have 225 records");
}

Test(hmac_vectors, rfc4231) {
    REQUIRE_FORCED_BACKEND();
    FILE *f = open_vector("rfc4231.txt");
    char *line = NULL;
    size_t cap = 0, cases = 0, truncate = 0, keylen = 0, msglen = 0, n;
    int number = 0;
    uint8_t *key = NULL, *msg = NULL, *mac = NULL;
    while (getline(&line, &cap, f) > 0) {
        line[strcspn(line, "\r\n")] = '\0';
        if (sscanf(line, "Test Case = %d", &number) == 1) {
            truncate = 0;
            continue;
        }
        if (sscanf(line, "Truncate = %zu", &truncate) == 1 ||
            take_hex(line, "Key", &key, &keylen) || take_hex(line, "Data", &msg, &msglen))
            continue;
        size_t ds;
        if (take_hex(line, "HMAC-SHA-224", &mac, &n))
            ds = 28;
        else if (take_hex(line, "HMAC-SHA-256", &mac, &n))
            ds = 32;
        else
            continue;
        size_t tlen = truncate ? truncate : ds;
        cr_assert(n == tlen, "RFC 4231 case %d: MAC of %zu bytes", number, n);
        char what[64];
        snprintf(what, sizeof what, "RFC 4231 case %d, HMAC-SHA-%zu", number,
                 ds == 28 ? (size_t)224 : (size_t)256);
        check_all_ways(ds, key, keylen, msg, msglen, mac, tlen, what);
        cases += ds == 32;
    }
    free(line);
    free(key);
    free(msg);
    free(mac);
    fclose(f);
    cr_assert(cases == 7, "RFC 4231: %zu test cases, want 7", cases);
}

/* --- Differential: random keys 0..300 bytes, messages 0..5000 bytes ------------- */

typedef void (*hmac_ref_fn)(size_t ds, const uint8_t *key, size_t keylen, const uint8_t *msg,
                            size_t len, uint8_t *out);

static void differential(hmac_ref_fn ref, const char *refname) {
    enum { MAX_KEY = 300, MAX_MSG = 5000, BATCH = 150 };
    uint64_t rng = 1313;
    uint8_t *pool = malloc(MAX_MSG + MAX_KEY);
    test_fill(pool, MAX_MSG + MAX_KEY, 99);
    const void *msgs[BATCH];
    size_t lens[BATCH];
    uint8_t(*tags)[32] = malloc(BATCH * 32);
    int rounds = quick() ? 12 : 120;
    for (int round = 0; round < rounds; round++) {
        size_t ds = (round & 1) ? 28 : 32;
        /* Key lengths around the block size first, then random. */
        static const size_t edge_keys[] = {0, 1, 31, 32, 55, 63, 64, 65, 127, 128, 129, 300};
        size_t nedge = sizeof edge_keys / sizeof edge_keys[0];
        size_t keylen = (size_t)round / 2 < nedge ? edge_keys[round / 2]
                                                  : test_rand(&rng) % (MAX_KEY + 1);
        const uint8_t *key = pool + MAX_MSG - test_rand(&rng) % 1000;
        fastsha256_hmac_key k;
        lib_key(ds, &k, key, keylen);
        /* A batch of mixed lengths: runs of short equal lengths (the
         * scheduler's fast path), one- and two-block tails, long messages. */
        size_t nbatch = 1 + test_rand(&rng) % BATCH;
        for (size_t i = 0; i < nbatch; i++) {
            uint64_t r = test_rand(&rng);
            size_t len = (r & 3) == 0 ? (size_t)(r >> 8) % (MAX_MSG + 1)
                         : (r & 3) == 1 ? (size_t)(r >> 8) % 130
                                        : (size_t)((i / 9) * 7 % 56);
            msgs[i] = pool + (r >> 40) % (MAX_MSG + 1 - len);
            lens[i] = len;
        }
        fastsha256_hmac_many(&k, msgs, lens, nbatch, tags);
        for (size_t i = 0; i < nbatch; i++) {
            uint8_t want[32], got[32];
            ref(ds, key, keylen, msgs[i], lens[i], want);
            cr_assert(memcmp(tags[i], want, ds) == 0,
                      "batch of %zu, message %zu (%zu bytes), key %zu bytes, SHA-%s, vs %s, backend %s",
                      nbatch, i, lens[i], keylen, ds == 28 ? "224" : "256", refname,
                      fastsha256_backend());
            if (i % 8 != 0 && quick())
                continue;
            lib_oneshot(ds, key, keylen, msgs[i], lens[i], got);
            cr_assert(memcmp(got, want, ds) == 0, "one-shot %zu bytes, key %zu, vs %s, backend %s",
                      lens[i], keylen, refname, fastsha256_backend());
            memset(got, 0, sizeof got);
            lib_stream(&k, msgs[i], lens[i], 0, &rng, got);
            cr_assert(memcmp(got, want, ds) == 0,
                      "random splits %zu bytes, key %zu, vs %s, backend %s", lens[i], keylen,
                      refname, fastsha256_backend());
        }
        fastsha256_hmac_key_wipe(&k);
    }
    free(tags);
    free(pool);
}

Test(hmac_differential, vs_reference) {
    REQUIRE_FORCED_BACKEND();
    differential(ref_hmac, "the portable RFC 2104 reference");
}

Test(hmac_differential, vs_openssl) {
    REQUIRE_FORCED_BACKEND();
#ifdef FASTSHA256_TEST_OPENSSL
    differential(openssl_hmac, "OpenSSL HMAC()");
#else
    cr_skip_test("built without OpenSSL (cross build or no libssl-dev): "
                 "the reference and vector tests still ran");
#endif
}

/* Batches longer than the library's internal chunk, n == 0, NULL rules. */
Test(hmac_api, batch_sizes_and_bad_input) {
    REQUIRE_FORCED_BACKEND();
    enum { N = 300 };
    uint8_t data[N + 64];
    test_fill(data, sizeof data, 5);
    const void *msgs[N];
    size_t lens[N];
    uint8_t(*tags)[32] = malloc(N * 32);
    for (size_t i = 0; i < N; i++) {
        msgs[i] = data + i % 64;
        lens[i] = i % 3 ? 32 : i;
    }
    msgs[7] = NULL; /* NULL with length 0 is the empty message */
    lens[7] = 0;
    fastsha256_hmac_key k;
    fastsha256_hmac_key_init(&k, "key", 3);
    for (size_t n = 0; n <= N; n += n < 20 ? 1 : 47) {
        memset(tags, 0xee, N * 32);
        fastsha256_hmac_many(&k, msgs, lens, n, tags);
        for (size_t i = 0; i < n; i++) {
            uint8_t want[32];
            ref_hmac(32, (const uint8_t *)"key", 3, msgs[i] ? msgs[i] : data, lens[i], want);
            cr_assert(memcmp(tags[i], want, 32) == 0, "batch of %zu, message %zu", n, i);
        }
        if (n < N)
            cr_assert(tags[n][0] == 0xee, "batch of %zu wrote past its end", n);
    }
    /* Bad input: nothing written, no crash. */
    memset(tags, 0xee, 32);
    fastsha256_hmac_many(NULL, msgs, lens, 5, tags);
    fastsha256_hmac_many(&k, NULL, lens, 5, tags);
    fastsha256_hmac_many(&k, msgs, NULL, 5, tags);
    fastsha256_hmac_many(&k, msgs, lens, 5, NULL);
    cr_assert(tags[0][0] == 0xee && tags[0][31] == 0xee);
    /* NULL key or message with length 0 (or, a caller bug, a length) is empty. */
    uint8_t a[32], b[32];
    fastsha256_hmac(NULL, 0, NULL, 0, a);
    ref_hmac(32, data, 0, data, 0, b);
    cr_assert(memcmp(a, b, 32) == 0, "empty key, empty message");
    fastsha256_hmac(NULL, 10, NULL, 10, a);
    cr_assert(memcmp(a, b, 32) == 0, "NULL with a length counts as empty");
    fastsha256_hmac_key_init(NULL, "x", 1);
    fastsha256_hmac_key_wipe(NULL);
    fastsha256_hmac_init(NULL, &k);
    fastsha256_hmac_ctx zeroed;
    fastsha256_hmac_init(&zeroed, NULL); /* a caller bug: zeroed, safe to use */
    fastsha256_hmac_update(&zeroed, "x", 1);
    fastsha256_hmac_final(&zeroed, a);
    fastsha256_hmac_update(NULL, "x", 1);
    fastsha256_hmac_final(NULL, a);
    free(tags);
}

/* Messages ending right at a PROT_NONE page: nothing is read past them. */
Test(hmac_api, input_ends_at_guard_page) {
    REQUIRE_FORCED_BACKEND();
    const size_t sizes[] = {0, 1, 55, 56, 63, 64, 65, 119, 120, 128, 1000, 4097};
    fastsha256_hmac_key k;
    fastsha256_hmac_key_init(&k, "guard", 5);
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        size_t len = sizes[s];
        guarded g = guarded_alloc(len);
        test_fill(g.data, len, len + 1);
        uint8_t want[32], got[32], tags[9][32];
        ref_hmac(32, (const uint8_t *)"guard", 5, g.data, len, want);
        fastsha256_hmac("guard", 5, g.data, len, got);
        cr_assert(memcmp(got, want, 32) == 0, "one-shot %zu", len);
        const void *msgs[9];
        size_t lens[9];
        for (int i = 0; i < 9; i++) {
            msgs[i] = g.data;
            lens[i] = len;
        }
        fastsha256_hmac_many(&k, msgs, lens, 9, tags);
        for (int i = 0; i < 9; i++)
            cr_assert(memcmp(tags[i], want, 32) == 0, "batch %zu", len);
        /* A key that ends at the guard page too. */
        fastsha256_hmac(g.data, len, "m", 1, got);
        ref_hmac(32, g.data, len, (const uint8_t *)"m", 1, want);
        cr_assert(memcmp(got, want, 32) == 0, "key of %zu at a guard page", len);
        guarded_free(&g);
    }
}

static int all_zero(const void *p, size_t n) {
    const uint8_t *b = p;
    for (size_t i = 0; i < n; i++)
        if (b[i])
            return 0;
    return 1;
}

Test(hmac_api, contexts_and_keys_are_wiped) {
    REQUIRE_FORCED_BACKEND();
    fastsha256_hmac_key k;
    fastsha256_hmac_ctx c;
    uint8_t out[32];
    fastsha224_hmac_key_init(&k, "a long enough key, longer than one block of sixty-four bytes!!!!",
                             65);
    cr_assert(!all_zero(&k, sizeof k));
    fastsha256_hmac_init(&c, &k);
    fastsha256_hmac_key_wipe(&k); /* the context holds its own copy */
    fastsha256_hmac_update(&c, "abc", 3);
    fastsha256_hmac_final(&c, out);
    /* Everything wiped but the finalized marker and the tag size. */
    cr_assert(all_zero(c.inner.state, sizeof c.inner.state) && c.inner.total_len == 0 &&
                  all_zero(c.inner.buffer, sizeof c.inner.buffer) &&
                  all_zero(c.outer, sizeof c.outer),
              "fastsha256_hmac_final wipes the context's states and buffer");
    cr_assert(c.inner.digest_size == 28 && c.inner.buffered == UINT32_MAX,
              "a finalized HMAC-SHA224 context keeps its tag size");
    cr_assert(all_zero(&k, sizeof k), "fastsha256_hmac_key_wipe zeroes the key");
    uint8_t want[28];
    fastsha224_hmac("a long enough key, longer than one block of sixty-four bytes!!!!", 65, "abc",
                    3, want);
    cr_assert(memcmp(out, want, 28) == 0, "streaming after the key was wiped");
    cr_assert(sizeof(fastsha256_hmac_key) == 72, "ABI: the key is 72 bytes");
    cr_assert(sizeof(fastsha256_hmac_ctx) == 144, "ABI: the context is 144 bytes");
}

/* --- The stack the kernels used is burnt ------------------------------------
 * Every HMAC call that feeds key blocks or key states to the kernels runs on
 * a thread whose stack is a buffer of ours, filled with a pattern first;
 * afterwards no word of the key's chaining states, nor of its key blocks,
 * may be left anywhere in it (stack_burn.h, which says where it skips). */
static const uint8_t burn_key[32] = "burn-test key: 32 bytes, unique";

typedef struct burn_job {
    fastsha256_hmac_key key;
    const void *ptrs[8];
    size_t lens[8];
    const void *equal_ptrs[32]; /* equal lengths: the fused lane kernels */
    size_t equal_lens[32];
    uint8_t msg[300];
    uint8_t tags[32][32];
} burn_job;

static void *burn_run(void *arg) {
    burn_job *j = (burn_job *)arg;
    fastsha256_hmac_key_init(&j->key, burn_key, sizeof burn_key);
    fastsha256_hmac(burn_key, sizeof burn_key, j->msg, 64, j->tags[0]);
    fastsha256_hmac(burn_key, sizeof burn_key, j->msg, 14, j->tags[1]);
    fastsha224_hmac(burn_key, sizeof burn_key, j->msg, 200, j->tags[2]);
    fastsha256_hmac_ctx c;
    fastsha256_hmac_init(&c, &j->key);
    fastsha256_hmac_update(&c, j->msg, 100);
    fastsha256_hmac_final(&c, j->tags[3]);
    fastsha256_hmac_many(&j->key, j->ptrs, j->lens, 8, j->tags);
    fastsha256_hmac_many(&j->key, j->equal_ptrs, j->equal_lens, 32, j->tags);
    return NULL;
}

Test(hmac_api, kernel_stack_is_burnt) {
    REQUIRE_FORCED_BACKEND();
    REQUIRE_STACK_BURN();
    burn_job *job = calloc(1, sizeof *job);
    cr_assert(job);
    for (size_t i = 0; i < sizeof job->msg; i++)
        job->msg[i] = (uint8_t)(i * 7 + 1);
    for (size_t i = 0; i < 8; i++) {
        job->ptrs[i] = job->msg + i;
        job->lens[i] = 64 + i * 20;
    }
    for (size_t i = 0; i < 32; i++) {
        job->equal_ptrs[i] = job->msg + i;
        job->equal_lens[i] = 64;
    }
    uint8_t *stack = stack_burn_run(burn_run, job);

    /* The secrets: the key's words (its chaining states and key blocks). */
    uint32_t want[64];
    stack_burn_key_words(want, burn_key);
    size_t hits = stack_burn_count(stack, want, sizeof want / sizeof want[0]);
    cr_assert(hits == 0, "%zu words of key material left on the stack (backend %s)", hits,
              fastsha256_backend());
    free(stack);
    free(job);
}

/* A second final (or update, then final) on a finalized context writes the
 * type's tag size of zeros: 28 bytes for HMAC-SHA224, never 32. */
Test(hmac_api, final_twice_writes_the_tag_size_of_zeros) {
    static const uint8_t key[] = "key";
    for (int sha224 = 0; sha224 <= 1; sha224++) {
        size_t ds = sha224 ? FASTSHA224_DIGEST_SIZE : FASTSHA256_DIGEST_SIZE;
        fastsha256_hmac_key k;
        lib_key(ds, &k, key, 3);
        fastsha256_hmac_ctx c;
        fastsha256_hmac_init(&c, &k);
        fastsha256_hmac_update(&c, "abc", 3);
        uint8_t tag[40];
        fastsha256_hmac_final(&c, tag);
        for (int round = 0; round < 2; round++) {
            memset(tag, 0xA5, sizeof tag);
            if (round == 1)
                fastsha256_hmac_update(&c, "more", 4);
            fastsha256_hmac_final(&c, tag);
            for (size_t i = 0; i < sizeof tag; i++)
                cr_assert_eq(tag[i], i < ds ? 0 : 0xA5, "ds %zu round %d byte %zu", ds, round, i);
        }
        fastsha256_hmac_key_wipe(&k);
    }
}

/* A key length that runs past the end of the address
 * space is a caller bug that counts as the empty key, like a NULL key (it
 * gave SHA-256("") as the key): one-shot and both key inits, both hashes. */
Test(hmac_api, key_length_past_address_space_is_the_empty_key) {
    REQUIRE_FORCED_BACKEND();
    static uint8_t keybuf[64];
    static const uint8_t msg[] = "message";
    const uint8_t *key = keybuf + 1;
    const size_t bad_lens[] = {SIZE_MAX, SIZE_MAX - 1, UINTPTR_MAX - (uintptr_t)key + 1};
    for (size_t ds = 28; ds <= 32; ds += 4) {
        uint8_t want[32], got[32];
        ref_hmac(ds, NULL, 0, msg, sizeof msg - 1, want);
        fastsha256_hmac_key empty, k;
        lib_key(ds, &empty, NULL, 0);
        for (size_t b = 0; b < sizeof bad_lens / sizeof bad_lens[0]; b++) {
            memset(got, 0xee, sizeof got);
            lib_oneshot(ds, key, bad_lens[b], msg, sizeof msg - 1, got);
            cr_assert(memcmp(got, want, ds) == 0, "one-shot, ds %zu, key length %zu, backend %s",
                      ds, bad_lens[b], fastsha256_backend());
            lib_key(ds, &k, key, bad_lens[b]);
            cr_assert(memcmp(&k, &empty, sizeof k) == 0, "key init, ds %zu, key length %zu", ds,
                      bad_lens[b]);
            const void *msgs[1] = {msg};
            size_t lens[1] = {sizeof msg - 1};
            uint8_t tags[1][32];
            fastsha256_hmac_many(&k, msgs, lens, 1, tags);
            cr_assert(memcmp(tags[0], want, ds) == 0, "batch under it, ds %zu", ds);
        }
        /* A message length past the end counts as the empty message too. */
        ref_hmac(ds, msg, 3, NULL, 0, want);
        lib_oneshot(ds, msg, 3, key, SIZE_MAX, got);
        cr_assert(memcmp(got, want, ds) == 0, "message of SIZE_MAX bytes, ds %zu", ds);
    }
}

Test(hmac_api, equal) {
    uint8_t a[100], b[100];
    test_fill(a, sizeof a, 3);
    memcpy(b, a, sizeof b);
    for (size_t n = 0; n <= sizeof a; n++) {
        cr_assert(fastsha256_equal(a, b, n) == 1, "equal, n = %zu", n);
        for (size_t i = 0; i < n; i++)
            for (int bit = 0; bit < 8; bit++) {
                b[i] ^= (uint8_t)(1u << bit);
                cr_assert(fastsha256_equal(a, b, n) == 0, "byte %zu bit %d of %zu", i, bit, n);
                b[i] ^= (uint8_t)(1u << bit);
            }
    }
    b[99] ^= 0xff;
    cr_assert(fastsha256_equal(a, b, 99) == 1, "only n bytes are compared");
    cr_assert(fastsha256_equal(NULL, NULL, 0) == 1);
    cr_assert(fastsha256_equal(a, NULL, 1) == 0);
    cr_assert(fastsha256_equal(NULL, b, 1) == 0);
}

/* ctgrind: under valgrind, secret bytes are marked undefined; memcheck then
 * reports any branch (or address) computed from them. No report may come
 * from fastsha256_equal, or from HMAC over a secret key and message. */
Test(hmac_api, constant_time_under_memcheck) {
#ifdef HAVE_MEMCHECK
    if (!RUNNING_ON_VALGRIND)
        cr_skip_test("not under valgrind (./test.sh valgrind runs this check)");
    uint8_t a[32], b[32], key[100], msg[200], tag[32];
    test_fill(a, sizeof a, 1);
    memcpy(b, a, sizeof b);
    b[31] ^= 1;
    test_fill(key, sizeof key, 2);
    test_fill(msg, sizeof msg, 3);
    unsigned before = VALGRIND_COUNT_ERRORS;
    VALGRIND_MAKE_MEM_UNDEFINED(a, sizeof a);
    VALGRIND_MAKE_MEM_UNDEFINED(b, sizeof b);
    int same = fastsha256_equal(a, b, sizeof a);
    VALGRIND_MAKE_MEM_DEFINED(&same, sizeof same);
    cr_assert(VALGRIND_COUNT_ERRORS == before,
              "fastsha256_equal branched on secret data (see memcheck's report)");
    cr_assert(same == 0);
    VALGRIND_MAKE_MEM_UNDEFINED(key, sizeof key);
    VALGRIND_MAKE_MEM_UNDEFINED(msg, sizeof msg);
    fastsha256_hmac(key, 20, msg, sizeof msg, tag);
    fastsha256_hmac(key, sizeof key, msg, 40, tag);
    fastsha256_hmac_key k;
    fastsha256_hmac_key_init(&k, key, sizeof key);
    const void *msgs[12];
    size_t lens[12];
    uint8_t tags[12][32];
    for (int i = 0; i < 12; i++) {
        msgs[i] = msg + i;
        lens[i] = i < 8 ? 40 : 150;
    }
    fastsha256_hmac_many(&k, msgs, lens, 12, tags);
    int verified = fastsha256_equal(tags[0], tag, 32);
    VALGRIND_MAKE_MEM_DEFINED(&verified, sizeof verified);
    cr_assert(VALGRIND_COUNT_ERRORS == before,
              "HMAC branched on a secret key or message (see memcheck's report)");
    cr_assert(verified == 1, "batch tag of the same key and message");
#else
    cr_skip_test("valgrind/memcheck.h not available here");
#endif
}
