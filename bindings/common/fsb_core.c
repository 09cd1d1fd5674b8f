/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The bindings' shared core (fsb_core.h): compiled into the Node addon and
 * into both Python extension modules. */
#include "fsb_core.h"

#include <string.h>

/* The barrier keeps the compiler from dropping a store to memory that is
 * freed next. */
void fsb_wipe(void *p, size_t n) {
    memset(p, 0, n);
#if defined(__GNUC__) || defined(__clang__)
    __asm__ __volatile__("" : : "r"(p) : "memory");
#else
    volatile unsigned char *v = (volatile unsigned char *)p;
    for (size_t i = 0; i < n; i++)
        v[i] = 0;
#endif
}

/* --- Flavours ------------------------------------------------------------------- */

const fsb_flavor fsb_sha256 = {0, 0};
const fsb_flavor fsb_sha224 = {1, 0};
const fsb_flavor fsb_hmac256 = {0, 1};
const fsb_flavor fsb_hmac224 = {1, 1};

/* Whether the len bytes at s are word in ASCII case-insensitively. */
static int same_name(const char *s, size_t len, const char *word) {
    if (strlen(word) != len)
        return 0;
    for (size_t i = 0; i < len; i++) {
        char c = s[i] >= 'A' && s[i] <= 'Z' ? (char)(s[i] - 'A' + 'a') : s[i];
        if (c != word[i])
            return 0;
    }
    return 1;
}

int fsb_flavor_by_name(const char *name, size_t len, fsb_names names, fsb_flavor *f) {
    /* The hashlib names first; OpenSSL's aliases after them. */
    static const char *const names256[] = {"sha256", "sha-256", "sha2-256", "rsa-sha256",
                                           "sha256withrsaencryption"};
    static const char *const names224[] = {"sha224", "sha-224", "sha2-224", "rsa-sha224",
                                           "sha224withrsaencryption"};
    size_t count = names == FSB_NAMES_OPENSSL ? sizeof names256 / sizeof names256[0] : 1;
    for (size_t i = 0; i < count; i++) {
        if (same_name(name, len, names256[i])) {
            *f = fsb_sha256;
            return 0;
        }
        if (same_name(name, len, names224[i])) {
            *f = fsb_sha224;
            return 0;
        }
    }
    return -1;
}

void fsb_algo_init(fsb_algo *a, fsb_flavor f, const void *key, size_t keylen) {
    memset(a, 0, sizeof *a);
    a->f = f;
    if (!f.hmac)
        return;
    if (f.is224)
        fastsha224_hmac_key_init(&a->key, key, keylen);
    else
        fastsha256_hmac_key_init(&a->key, key, keylen);
}

void fsb_algo_wipe(fsb_algo *a) {
    fastsha256_hmac_key_wipe(&a->key);
}

const fsb_algo *fsb_plain(fsb_flavor f) {
    static const fsb_algo plain[2] = {{.f = {0, 0}}, {.f = {1, 0}}};
    return &plain[f.is224 != 0];
}

void fsb_digest(fsb_flavor f, const void *key, size_t keylen, const void *data, size_t len,
                uint8_t out[FASTSHA256_DIGEST_SIZE]) {
    if (f.hmac && f.is224)
        fastsha224_hmac(key, keylen, data, len, out);
    else if (f.hmac)
        fastsha256_hmac(key, keylen, data, len, out);
    else if (f.is224)
        fastsha224(data, len, out);
    else
        fastsha256(data, len, out);
}

void fsb_hex(fsb_flavor f, const void *data, size_t len, char out[FASTSHA256_HEX_SIZE]) {
    if (f.is224)
        fastsha224_hex(data, len, out);
    else
        fastsha256_hex(data, len, out);
}

void fsb_ctx_init(fastsha256_ctx *ctx, fsb_flavor f) {
    if (f.is224)
        fastsha224_init(ctx);
    else
        fastsha256_init(ctx);
}

void fsb_stream_init(fsb_stream *s, const fsb_algo *a) {
    s->is_hmac = a->f.hmac;
    s->digest_size = (int)fsb_digest_size(a->f);
    if (a->f.hmac)
        fastsha256_hmac_init(&s->u.hmac, &a->key);
    else
        fsb_ctx_init(&s->u.hash, a->f);
}

void fsb_stream_update(fsb_stream *s, const void *data, size_t len) {
    if (s->is_hmac)
        fastsha256_hmac_update(&s->u.hmac, data, len);
    else
        fastsha256_update(&s->u.hash, data, len);
}

void fsb_stream_final(fsb_stream *s, uint8_t out[FASTSHA256_DIGEST_SIZE]) {
    if (s->is_hmac)
        fastsha256_hmac_final(&s->u.hmac, out);
    else
        fastsha256_final(&s->u.hash, out);
}

/* --- Batches in chunks -------------------------------------------------------- */

/* SHA-224 digests are spread from the library's 28-byte records to 32-byte
 * slots through a buffer of this many. */
#define SPREAD 256

void fsb_hash_many(const fsb_algo *a, const void *const *msgs, const size_t *lens, size_t k,
                   uint8_t (*digests)[32]) {
    if (a->f.hmac) {
        fastsha256_hmac_many(&a->key, msgs, lens, k, digests);
    } else if (a->f.is224) {
        uint8_t d224[SPREAD][FASTSHA224_DIGEST_SIZE];
        for (size_t from = 0; from < k; from += SPREAD) {
            size_t m = k - from < SPREAD ? k - from : SPREAD;
            fastsha224_many(msgs + from, lens + from, m, d224);
            for (size_t i = 0; i < m; i++)
                memcpy(digests[from + i], d224[i], FASTSHA224_DIGEST_SIZE);
        }
    } else {
        fastsha256_many(msgs, lens, k, digests);
    }
}

/* The digests of messages [from, from + k) of b; *joined_at walks an
 * FSB_JOINED batch's bytes chunk by chunk. */
static void hash_chunk(const fsb_batch *b, const fsb_algo *a, size_t from, size_t k,
                       const uint8_t **joined_at, uint8_t (*digests)[32]) {
    const void *msgs[FSB_MAX_CHUNK];
    size_t lens[FSB_MAX_CHUNK];
    int plain256 = !a->f.hmac && !a->f.is224;
    if (b->layout == FSB_ARRAY) {
        fsb_hash_many(a, b->msgs + from, b->lens + from, k, digests);
        return;
    }
    if (b->layout == FSB_RECORDS && plain256) {
        fastsha256_many_strided(b->base + from * b->stride, b->stride, b->len, k, digests);
        return;
    }
    for (size_t i = 0; i < k; i++) {
        if (b->layout == FSB_RECORDS) {
            msgs[i] = b->base + (from + i) * b->stride;
            lens[i] = b->len;
        } else {
            msgs[i] = *joined_at;
            lens[i] = b->lens32[from + i];
            *joined_at += lens[i];
        }
    }
    fsb_hash_many(a, msgs, lens, k, digests);
}

void fsb_batch_run(const fsb_batch *b, const fsb_algo *a, size_t chunk, fsb_emit emit,
                   void *ctx) {
    uint8_t digests[FSB_MAX_CHUNK][32];
    const uint8_t *joined_at = b->bytes;
    if (chunk == 0 || chunk > FSB_MAX_CHUNK)
        chunk = FSB_MAX_CHUNK;
    for (size_t from = 0; from < b->n; from += chunk) {
        size_t k = b->n - from < chunk ? b->n - from : chunk;
        hash_chunk(b, a, from, k, &joined_at, digests);
        emit(ctx, from, k, (const uint8_t(*)[32])digests);
    }
}

/* --- Packed records ----------------------------------------------------------- */

int fsb_records_check(size_t stride, size_t len) {
    return stride == 0 || stride < len ? -1 : 0;
}

int fsb_records_count(size_t size, size_t stride, size_t len, fsb_records_policy policy,
                      size_t *n) {
    size_t whole = size / stride, rest = size % stride;
    if (policy == FSB_RECORDS_WHOLE && rest != 0) {
        if (rest < len)
            return -1;
        whole++;
    }
    *n = whole;
    return 0;
}

/* --- Backends ------------------------------------------------------------------- */

size_t fsb_backend_names(size_t (*list)(const char **, size_t),
                         const char *names[FSB_MAX_BACKENDS]) {
    size_t n = list(names, FSB_MAX_BACKENDS);
    return n > FSB_MAX_BACKENDS ? FSB_MAX_BACKENDS : n;
}

int fsb_select_backend(const char *name, size_t len) {
    if (memchr(name, '\0', len)) /* "scalar\0junk" is no backend's name */
        return -1;
    if (strcmp(name, "auto") == 0) {
        fastsha256_reset_backend();
        return 0;
    }
    return fastsha256_set_backend(name) == 0 ? 0 : -1;
}
