/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* OpenSSL libcrypto peer rows for fastsha256-bench. Without OpenSSL at build
 * time (FASTSHA256_BENCH_HAVE_OPENSSL undefined) every call is a stub and
 * bench_openssl_available() returns 0. */
#ifndef FASTSHA256_BENCH_OPENSSL_H
#define FASTSHA256_BENCH_OPENSSL_H

#include <stddef.h>
#include <stdint.h>

typedef enum bench_openssl_style {
    BENCH_OPENSSL_EVP_DIGEST,         /* EVP_Digest(..., EVP_sha256(), NULL) per message */
    BENCH_OPENSSL_EVP_DIGEST_FETCHED, /* EVP_Digest with an EVP_MD fetched once (OpenSSL 3) */
    BENCH_OPENSSL_LOW_LEVEL,          /* SHA256_Init / SHA256_Update / SHA256_Final */
    BENCH_OPENSSL_SHA256_ONESHOT,     /* SHA256() */
} bench_openssl_style;

int bench_openssl_available(void);
const char *bench_openssl_version(void);                      /* OpenSSL_version(OPENSSL_VERSION) */
const char *bench_openssl_style_name(bench_openssl_style s);  /* "EVP_Digest", ... */
int bench_openssl_style_available(bench_openssl_style s);

/* Hashes one message in the given style. */
void bench_openssl_digest(bench_openssl_style s, const void *data, size_t len, uint8_t out[32]);

/* The seed workload: n messages (the seed message, or when distinct is set
 * the counter messages start .. start + n - 1), each digested in style s and
 * hex-encoded with the plain table encoder; returns acc with every hex string
 * folded in (bench_fold_hex). */
uint64_t bench_openssl_seed_work(bench_openssl_style s, int distinct, size_t start, size_t n,
                                 uint64_t acc);

/* OpenSSL's own hex encoder, OPENSSL_buf2hexstr_ex with no separator
 * (uppercase); returns 0 when not available. out holds 2n + 1 bytes. */
int bench_openssl_buf2hex(const uint8_t *in, size_t n, char *out, size_t outlen);

#endif /* FASTSHA256_BENCH_OPENSSL_H */
