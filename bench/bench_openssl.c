/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* OpenSSL libcrypto peer rows (see bench_common.h). SHA256_Init/Update/Final
 * are deprecated in OpenSSL 3: this file alone is built with
 * -Wno-deprecated-declarations (bench/CMakeLists.txt), and the deprecation
 * attributes are suppressed here too, for builds that set their own flags. */
#include "bench_common.h"

#include <string.h>

#ifdef FASTSHA256_BENCH_HAVE_OPENSSL
#define OPENSSL_SUPPRESS_DEPRECATED 1
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/opensslv.h>
#include <openssl/sha.h>

#if OPENSSL_VERSION_NUMBER >= 0x30000000L
#define BENCH_OPENSSL_HAVE_FETCH 1
#endif
#if !defined(OPENSSL_NO_DEPRECATED_3_0)
#define BENCH_OPENSSL_HAVE_LOW_LEVEL 1
#endif
#endif

#ifdef BENCH_OPENSSL_HAVE_FETCH
static EVP_MD *fetched_md;
static EVP_MD *get_fetched(void) {
    if (fetched_md == NULL)
        fetched_md = EVP_MD_fetch(NULL, "SHA256", NULL);
    return fetched_md;
}
#else
#define get_fetched() NULL
#endif

#ifdef FASTSHA256_BENCH_HAVE_OPENSSL
int bench_openssl_available(void) { return 1; }
#if OPENSSL_VERSION_NUMBER >= 0x10100000L
const char *bench_openssl_version(void) { return OpenSSL_version(OPENSSL_VERSION); }
#else
const char *bench_openssl_version(void) { return OPENSSL_VERSION_TEXT; }
#endif
#else /* no OpenSSL: no style is available and every digest is zeros */
int bench_openssl_available(void) { return 0; }
const char *bench_openssl_version(void) {
    return "not built (OpenSSL not found at configure time)";
}
#endif

int bench_openssl_style_available(bench_openssl_style s) {
    switch (s) {
    case BENCH_OPENSSL_EVP_DIGEST:
        return bench_openssl_available();
    case BENCH_OPENSSL_EVP_DIGEST_FETCHED:
        return get_fetched() != NULL;
    case BENCH_OPENSSL_LOW_LEVEL:
    case BENCH_OPENSSL_SHA256_ONESHOT:
#ifdef BENCH_OPENSSL_HAVE_LOW_LEVEL
        return 1;
#endif
    default:
        return 0;
    }
}

static inline void digest(bench_openssl_style s, const void *data, size_t len, uint8_t out[32]) {
    unsigned int mdlen = 0;
    (void)mdlen;
    switch (s) {
#ifdef FASTSHA256_BENCH_HAVE_OPENSSL
    case BENCH_OPENSSL_EVP_DIGEST:
        if (!EVP_Digest(data, len, out, &mdlen, EVP_sha256(), NULL))
            memset(out, 0, 32);
        break;
#endif
#ifdef BENCH_OPENSSL_HAVE_FETCH
    case BENCH_OPENSSL_EVP_DIGEST_FETCHED:
        if (!EVP_Digest(data, len, out, &mdlen, fetched_md, NULL))
            memset(out, 0, 32);
        break;
#endif
#ifdef BENCH_OPENSSL_HAVE_LOW_LEVEL
    case BENCH_OPENSSL_LOW_LEVEL: {
        SHA256_CTX c;
        SHA256_Init(&c);
        SHA256_Update(&c, data, len);
        SHA256_Final(out, &c);
        break;
    }
    case BENCH_OPENSSL_SHA256_ONESHOT:
        SHA256((const unsigned char *)data, len, out);
        break;
#endif
    default:
        (void)data;
        (void)len;
        memset(out, 0, 32);
        break;
    }
}

void bench_openssl_digest(bench_openssl_style s, const void *data, size_t len, uint8_t out[32]) {
    if (s == BENCH_OPENSSL_EVP_DIGEST_FETCHED)
        (void)get_fetched();
    digest(s, data, len, out);
}

/* One loop per style so the switch is not inside the timed loop. */
#define SEED_LOOP(STYLE)                                                                           \
    for (size_t i = 0; i < n; i++) {                                                               \
        digest(STYLE, m, BENCH_SEED_LEN, d);                                                       \
        bench_table_hex(d, 32, bench_ring_slot(&ring));                                            \
        acc = bench_ring_commit(&ring, acc, bench_fold_hex);                                       \
        if (distinct)                                                                              \
            bench_next_counter(m + sizeof BENCH_DISTINCT_PREFIX - 1);                              \
    }

uint64_t bench_openssl_seed_work(bench_openssl_style s, int distinct, size_t start, size_t n,
                                 uint64_t acc) {
    char m[BENCH_SEED_LEN + 2];
    uint8_t d[32];
    bench_ring ring;
    ring.n = 0;
    if (!bench_openssl_style_available(s))
        return acc;
    if (distinct) {
        memcpy(m, BENCH_DISTINCT_PREFIX, sizeof BENCH_DISTINCT_PREFIX - 1);
        bench_set_counter(m + sizeof BENCH_DISTINCT_PREFIX - 1, start);
    } else {
        memcpy(m, BENCH_SEED_MSG, BENCH_SEED_LEN);
    }
    switch (s) {
    case BENCH_OPENSSL_EVP_DIGEST: SEED_LOOP(BENCH_OPENSSL_EVP_DIGEST) break;
    case BENCH_OPENSSL_EVP_DIGEST_FETCHED: SEED_LOOP(BENCH_OPENSSL_EVP_DIGEST_FETCHED) break;
    case BENCH_OPENSSL_LOW_LEVEL: SEED_LOOP(BENCH_OPENSSL_LOW_LEVEL) break;
    case BENCH_OPENSSL_SHA256_ONESHOT: SEED_LOOP(BENCH_OPENSSL_SHA256_ONESHOT) break;
    default: break;
    }
    return bench_ring_flush(&ring, acc, bench_fold_hex);
}

/* OPENSSL_buf2hexstr_ex appeared in OpenSSL 3.0; returns 0 without it. */
int bench_openssl_buf2hex(const uint8_t *in, size_t n, char *out, size_t outlen) {
#if defined(FASTSHA256_BENCH_HAVE_OPENSSL) && OPENSSL_VERSION_NUMBER >= 0x30000000L
    size_t written = 0;
    return OPENSSL_buf2hexstr_ex(out, outlen, &written, in, (long)n, '\0') == 1;
#else
    (void)in;
    (void)n;
    (void)out;
    (void)outlen;
    return 0;
#endif
}

const char *bench_openssl_style_name(bench_openssl_style s) {
    switch (s) {
    case BENCH_OPENSSL_EVP_DIGEST: return "EVP_Digest";
    case BENCH_OPENSSL_EVP_DIGEST_FETCHED: return "EVP_Digest, fetched MD";
    case BENCH_OPENSSL_LOW_LEVEL: return "SHA256_Init/Update/Final";
    case BENCH_OPENSSL_SHA256_ONESHOT: return "SHA256()";
    default: return "?";
    }
}
