/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Key derivation: PBKDF2-HMAC-SHA256/224 and HKDF-SHA256/224
 * against vectors/kdf (RFC 7914 section 11, the RFC 6070-shaped set with NUL
 * bytes and 40-byte output, RFC 5869 cases 1-3, HKDF-SHA224 from OpenSSL's
 * command line), a differential test against a
 * reference built here on the library's HMAC (every build, the cross ones
 * included) and against OpenSSL's PKCS5_PBKDF2_HMAC and EVP_KDF "HKDF"
 * where it is linked (FASTSHA256_TEST_OPENSSL): random passwords and salts
 * of 0..300 bytes, iterations 1..5000, outputs of 1..200 bytes, batches of
 * mixed passwords; the bad arguments, and the stack the kernels used being
 * burnt. On the backend ctest forces. */
#define _DEFAULT_SOURCE
#include <criterion/criterion.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"

#ifdef FASTSHA256_TEST_OPENSSL
#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/kdf.h>
#endif

#if defined(__has_include)
#  if __has_include(<valgrind/memcheck.h>)
#    include <valgrind/memcheck.h>
#    define HAVE_MEMCHECK 1
#  endif
#endif

/* FASTSHA256_TEST_QUICK (valgrind, emulated cross runs): fewer, shorter chains. */
static int quick(void) {
#if defined(HAVE_MEMCHECK)
    if (RUNNING_ON_VALGRIND)
        return 1;
#endif
    return getenv("FASTSHA256_TEST_QUICK") != NULL;
}

static int lib_pbkdf2(size_t ds, const void *pw, size_t pwlen, const void *salt, size_t saltlen,
                      uint64_t c, void *out, size_t outlen) {
    return ds == 28 ? fastsha224_pbkdf2(pw, pwlen, salt, saltlen, c, out, outlen)
                    : fastsha256_pbkdf2(pw, pwlen, salt, saltlen, c, out, outlen);
}

/* --- Reference: RFC 8018 word for word, one HMAC call per U ------------------ */

static void ref_hmac(size_t ds, const uint8_t *key, size_t keylen, const uint8_t *msg,
                     size_t len, uint8_t *out) {
    if (ds == 28)
        fastsha224_hmac(key, keylen, msg, len, out);
    else
        fastsha256_hmac(key, keylen, msg, len, out);
}

static void ref_pbkdf2(size_t ds, const uint8_t *pw, size_t pwlen, const uint8_t *salt,
                       size_t saltlen, uint64_t c, uint8_t *out, size_t outlen) {
    uint8_t *msg = malloc(saltlen + 4);
    cr_assert(msg);
    if (saltlen)
        memcpy(msg, salt, saltlen);
    for (uint32_t i = 1; (size_t)(i - 1) * ds < outlen; i++) {
        uint8_t u[32], t[32];
        msg[saltlen] = (uint8_t)(i >> 24);
        msg[saltlen + 1] = (uint8_t)(i >> 16);
        msg[saltlen + 2] = (uint8_t)(i >> 8);
        msg[saltlen + 3] = (uint8_t)i;
        ref_hmac(ds, pw, pwlen, msg, saltlen + 4, u);
        memcpy(t, u, ds);
        for (uint64_t j = 1; j < c; j++) {
            ref_hmac(ds, pw, pwlen, u, ds, u);
            for (size_t b = 0; b < ds; b++)
                t[b] ^= u[b];
        }
        size_t at = (size_t)(i - 1) * ds, take = outlen - at < ds ? outlen - at : ds;
        memcpy(out + at, t, take);
    }
    free(msg);
}

static void ref_hkdf(size_t ds, const uint8_t *salt, size_t saltlen, const uint8_t *ikm,
                     size_t ikmlen, const uint8_t *info, size_t infolen, uint8_t *out,
                     size_t outlen) {
    uint8_t prk[32], t[32];
    uint8_t *msg = malloc(ds + infolen + 1);
    cr_assert(msg);
    ref_hmac(ds, salt, saltlen, ikm, ikmlen, prk);
    size_t prev = 0;
    for (size_t done = 0, i = 1; done < outlen; done += ds, i++) {
        memcpy(msg, t, prev);
        if (infolen)
            memcpy(msg + prev, info, infolen);
        msg[prev + infolen] = (uint8_t)i;
        ref_hmac(ds, prk, ds, msg, prev + infolen + 1, t);
        prev = ds;
        memcpy(out + done, t, outlen - done < ds ? outlen - done : ds);
    }
    free(msg);
}

#ifdef FASTSHA256_TEST_OPENSSL
static void openssl_pbkdf2(size_t ds, const uint8_t *pw, size_t pwlen, const uint8_t *salt,
                           size_t saltlen, uint64_t c, uint8_t *out, size_t outlen) {
    static const uint8_t empty[1];
    int ok = PKCS5_PBKDF2_HMAC(pwlen ? (const char *)pw : (const char *)empty, (int)pwlen,
                               saltlen ? salt : empty, (int)saltlen, (int)c,
                               ds == 28 ? EVP_sha224() : EVP_sha256(), (int)outlen, out);
    cr_assert(ok == 1, "PKCS5_PBKDF2_HMAC failed");
}

static void openssl_hkdf(size_t ds, const uint8_t *salt, size_t saltlen, const uint8_t *ikm,
                         size_t ikmlen, const uint8_t *info, size_t infolen, uint8_t *out,
                         size_t outlen) {
    static uint8_t empty[1];
    EVP_KDF *kdf = EVP_KDF_fetch(NULL, "HKDF", NULL);
    EVP_KDF_CTX *ctx = kdf ? EVP_KDF_CTX_new(kdf) : NULL;
    cr_assert(ctx, "EVP_KDF HKDF unavailable");
    OSSL_PARAM params[5], *p = params;
    *p++ = OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_DIGEST,
                                            ds == 28 ? (char *)"SHA224" : (char *)"SHA256", 0);
    *p++ = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_KEY, ikmlen ? (void *)ikm : empty,
                                             ikmlen);
    *p++ = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_SALT, saltlen ? (void *)salt : empty,
                                             saltlen);
    *p++ = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_INFO, infolen ? (void *)info : empty,
                                             infolen);
    *p = OSSL_PARAM_construct_end();
    cr_assert(EVP_KDF_derive(ctx, out, outlen, params) == 1, "EVP_KDF_derive failed");
    EVP_KDF_CTX_free(ctx);
    EVP_KDF_free(kdf);
}
#endif

/* --- Vectors -------------------------------------------------------------- */

/* Splits a vector line into at most max space-separated fields. */
static size_t split(char *line, char **fields, size_t max) {
    size_t n = 0;
    for (char *tok = strtok(line, " \n"); tok && n < max; tok = strtok(NULL, " \n"))
        fields[n++] = tok;
    return n;
}

/* A hex field ('-' empty) into a new buffer of *len bytes. */
static uint8_t *unhex(const char *hex, size_t *len) {
    size_t n = strcmp(hex, "-") == 0 ? 0 : strlen(hex) / 2;
    uint8_t *out = malloc(n + 1);
    cr_assert(out && (n == 0 || hex_decode(hex, out, n)), "bad hex field %s", hex);
    *len = n;
    return out;
}

Test(kdf_vectors, pbkdf2) {
    REQUIRE_FORCED_BACKEND();
    FILE *f = open_vector("kdf/pbkdf2.txt");
    char line[1024];
    size_t count = 0;
    while (fgets(line, sizeof line, f)) {
        char *fld[6];
        if (line[0] == '#' || split(line, fld, 6) != 6)
            continue;
        size_t ds = strcmp(fld[0], "sha224") == 0 ? 28 : 32, pwlen, saltlen, dklen;
        uint8_t *pw = unhex(fld[1], &pwlen), *salt = unhex(fld[2], &saltlen);
        uint64_t c = strtoull(fld[3], NULL, 10);
        uint8_t *want = unhex(fld[5], &dklen);
        cr_assert(dklen == strtoull(fld[4], NULL, 10));
        uint8_t got[5][64];
        cr_assert(lib_pbkdf2(ds, pw, pwlen, salt, saltlen, c, got[0], dklen) == 0);
        cr_assert(memcmp(got[0], want, dklen) == 0, "vector %zu (%s, c=%llu), backend %s", count,
                  fld[0], (unsigned long long)c, fastsha256_backend());
        if (ds == 32) { /* the same derivation five times in one batch */
            const void *pws[5], *salts[5];
            size_t pwlens[5], saltlens[5];
            for (size_t i = 0; i < 5; i++) {
                pws[i] = pw;
                pwlens[i] = pwlen;
                salts[i] = salt;
                saltlens[i] = saltlen;
            }
            cr_assert(fastsha256_pbkdf2_many(pws, pwlens, salts, saltlens, 5, c, got, dklen) == 0);
            for (size_t i = 0; i < 5; i++)
                cr_assert(memcmp((uint8_t *)got + i * dklen, want, dklen) == 0,
                          "vector %zu in a batch, slot %zu", count, i);
        }
        free(pw);
        free(salt);
        free(want);
        count++;
    }
    fclose(f);
    cr_assert(count == 9, "9 PBKDF2 vectors, read %zu", count);
}

static void lib_hkdf_extract(size_t ds, const void *salt, size_t saltlen, const void *ikm,
                             size_t ikmlen, uint8_t *prk) {
    if (ds == 28)
        fastsha224_hkdf_extract(salt, saltlen, ikm, ikmlen, prk);
    else
        fastsha256_hkdf_extract(salt, saltlen, ikm, ikmlen, prk);
}

static int lib_hkdf_expand(size_t ds, const uint8_t *prk, const void *info, size_t infolen,
                           void *out, size_t outlen) {
    return ds == 28 ? fastsha224_hkdf_expand(prk, info, infolen, out, outlen)
                    : fastsha256_hkdf_expand(prk, info, infolen, out, outlen);
}

static int lib_hkdf(size_t ds, const void *salt, size_t saltlen, const void *ikm, size_t ikmlen,
                    const void *info, size_t infolen, void *out, size_t outlen) {
    return ds == 28 ? fastsha224_hkdf(salt, saltlen, ikm, ikmlen, info, infolen, out, outlen)
                    : fastsha256_hkdf(salt, saltlen, ikm, ikmlen, info, infolen, out, outlen);
}

/* One HKDF vector line (IKM, salt, info, L, PRK, OKM): extract, expand and
 * the one-shot call each give the file's bytes, and write no further. */
static void check_hkdf_line(size_t ds, char **fld, size_t n) {
    size_t ikmlen, saltlen, infolen, prklen, okmlen;
    uint8_t *ikm = unhex(fld[0], &ikmlen), *salt = unhex(fld[1], &saltlen);
    uint8_t *info = unhex(fld[2], &infolen), *prk = unhex(fld[4], &prklen);
    uint8_t *okm = unhex(fld[5], &okmlen), got_prk[32];
    cr_assert(okmlen == strtoull(fld[3], NULL, 10) && prklen == ds);
    uint8_t *got = malloc(okmlen + 1);
    cr_assert(got);
    lib_hkdf_extract(ds, saltlen ? salt : NULL, saltlen, ikm, ikmlen, got_prk);
    cr_assert(memcmp(got_prk, prk, ds) == 0, "SHA-%d case %zu: PRK", ds == 28 ? 224 : 256, n);
    memset(got, 0xee, okmlen + 1);
    cr_assert(lib_hkdf_expand(ds, prk, info, infolen, got, okmlen) == 0);
    cr_assert(memcmp(got, okm, okmlen) == 0, "case %zu: OKM from expand", n);
    cr_assert(got[okmlen] == 0xee, "case %zu: nothing past L", n);
    memset(got, 0, okmlen + 1);
    cr_assert(lib_hkdf(ds, salt, saltlen, ikm, ikmlen, info, infolen, got, okmlen) == 0);
    cr_assert(memcmp(got, okm, okmlen) == 0, "case %zu: OKM one-shot", n);
    cr_assert(got[okmlen] == 0, "case %zu: nothing past L", n);
    free(got);
    free(ikm);
    free(salt);
    free(info);
    free(prk);
    free(okm);
}

/* Every vector of file; returns how many. Lines hold up to 255 * 32 bytes
 * of OKM in hex. */
static size_t check_hkdf_file(const char *file, size_t ds) {
    static char line[20000];
    FILE *f = open_vector(file);
    size_t count = 0;
    while (fgets(line, sizeof line, f)) {
        char *fld[6];
        cr_assert(strchr(line, '\n') || feof(f), "%s: a line longer than the buffer", file);
        if (line[0] == '#' || split(line, fld, 6) != 6)
            continue;
        check_hkdf_line(ds, fld, ++count);
    }
    fclose(f);
    return count;
}

Test(kdf_vectors, hkdf_rfc5869) {
    REQUIRE_FORCED_BACKEND();
    size_t count = check_hkdf_file("kdf/hkdf.txt", 32);
    cr_assert(count == 3, "3 HKDF vectors, read %zu", count);
}

/* RFC 5869's inputs and the lengths around HashLen and the limit, with
 * SHA-224, from OpenSSL's command line (vectors/kdf/make_hkdf224.sh). */
Test(kdf_vectors, hkdf_sha224_openssl) {
    REQUIRE_FORCED_BACKEND();
    size_t count = check_hkdf_file("kdf/hkdf224.txt", 28);
    cr_assert(count == 8, "8 HKDF-SHA224 vectors, read %zu", count);
}

/* --- Differential --------------------------------------------------------- */

typedef void (*pbkdf2_fn)(size_t ds, const uint8_t *pw, size_t pwlen, const uint8_t *salt,
                          size_t saltlen, uint64_t c, uint8_t *out, size_t outlen);

/* Random iterations: mostly short chains, every eighth up to max. */
static uint64_t random_iterations(uint64_t *rng, size_t i) {
    uint64_t max = quick() ? 300 : 5000;
    return 1 + test_rand(rng) % (i % 8 == 7 ? max : 40);
}

static void pbkdf2_differential(pbkdf2_fn want_fn, uint64_t seed) {
    uint64_t rng = seed;
    uint8_t pw[300], salt[300], got[200], want[200];
    size_t cases = quick() ? 12 : 48;
    for (size_t i = 0; i < cases; i++) {
        size_t ds = i % 5 == 4 ? 28 : 32;
        size_t pwlen = test_rand(&rng) % 301, saltlen = test_rand(&rng) % 301;
        size_t outlen = 1 + test_rand(&rng) % 200;
        uint64_t c = random_iterations(&rng, i);
        test_fill(pw, pwlen, test_rand(&rng));
        test_fill(salt, saltlen, test_rand(&rng));
        want_fn(ds, pw, pwlen, salt, saltlen, c, want, outlen);
        memset(got, 0, sizeof got);
        cr_assert(lib_pbkdf2(ds, pw, pwlen, salt, saltlen, c, got, outlen) == 0);
        cr_assert(memcmp(got, want, outlen) == 0,
                  "case %zu: SHA-%zu pw %zu salt %zu c %llu out %zu, backend %s", i,
                  ds == 28 ? (size_t)224 : (size_t)256, pwlen, saltlen, (unsigned long long)c,
                  outlen, fastsha256_backend());
    }
}

/* Batches of 1..20 mixed passwords and salts (lengths 0..300) against
 * single derivations from want_fn. */
static void many_differential(pbkdf2_fn want_fn, uint64_t seed) {
    uint64_t rng = seed;
    enum { MAXN = 20 };
    static uint8_t pw[MAXN][300], salt[MAXN][300], got[MAXN * 100], want[100];
    size_t rounds = quick() ? 4 : 12;
    for (size_t r = 0; r < rounds; r++) {
        const void *pws[MAXN], *salts[MAXN];
        size_t pwlens[MAXN], saltlens[MAXN];
        size_t n = 1 + test_rand(&rng) % MAXN, outlen = 1 + test_rand(&rng) % 100;
        uint64_t c = random_iterations(&rng, r);
        for (size_t i = 0; i < n; i++) {
            pwlens[i] = test_rand(&rng) % 301;
            saltlens[i] = test_rand(&rng) % 301;
            test_fill(pw[i], pwlens[i], test_rand(&rng));
            test_fill(salt[i], saltlens[i], test_rand(&rng));
            pws[i] = pw[i];
            salts[i] = salt[i];
        }
        cr_assert(fastsha256_pbkdf2_many(pws, pwlens, salts, saltlens, n, c, got, outlen) == 0);
        for (size_t i = 0; i < n; i++) {
            want_fn(32, pw[i], pwlens[i], salt[i], saltlens[i], c, want, outlen);
            cr_assert(memcmp(got + i * outlen, want, outlen) == 0,
                      "batch %zu of %zu, item %zu: pw %zu salt %zu c %llu out %zu, backend %s", r,
                      n, i, pwlens[i], saltlens[i], (unsigned long long)c, outlen,
                      fastsha256_backend());
        }
    }
}

typedef void (*hkdf_fn)(size_t ds, const uint8_t *salt, size_t saltlen, const uint8_t *ikm,
                        size_t ikmlen, const uint8_t *info, size_t infolen, uint8_t *out,
                        size_t outlen);

/* HKDF-SHA256 (ds 32) or -SHA224 (ds 28) against want_fn: random salts,
 * ikm and info of 0..300 bytes, outputs of 1..200 bytes and, every eighth,
 * within 40 bytes of the 255 * HashLen limit; the one-shot call, and every
 * third case extract then expand too. */
static void hkdf_differential(hkdf_fn want_fn, size_t ds, uint64_t seed) {
    uint64_t rng = seed;
    static uint8_t salt[300], ikm[300], info[300], got[255 * 32], want[255 * 32];
    for (size_t i = 0; i < (quick() ? 16 : 64); i++) {
        size_t saltlen = test_rand(&rng) % 301, ikmlen = test_rand(&rng) % 301;
        size_t infolen = test_rand(&rng) % 301;
        size_t outlen = i % 8 == 7 ? 255 * ds - test_rand(&rng) % 40 : 1 + test_rand(&rng) % 200;
        test_fill(salt, saltlen, test_rand(&rng));
        test_fill(ikm, ikmlen, test_rand(&rng));
        test_fill(info, infolen, test_rand(&rng));
        want_fn(ds, salt, saltlen, ikm, ikmlen, info, infolen, want, outlen);
        cr_assert(lib_hkdf(ds, salt, saltlen, ikm, ikmlen, info, infolen, got, outlen) == 0);
        cr_assert(memcmp(got, want, outlen) == 0,
                  "case %zu: SHA-%d salt %zu ikm %zu info %zu out %zu, backend %s", i,
                  ds == 28 ? 224 : 256, saltlen, ikmlen, infolen, outlen, fastsha256_backend());
        if (i % 3 == 0) {
            uint8_t prk[32];
            memset(got, 0, outlen);
            lib_hkdf_extract(ds, salt, saltlen, ikm, ikmlen, prk);
            cr_assert(lib_hkdf_expand(ds, prk, info, infolen, got, outlen) == 0);
            cr_assert(memcmp(got, want, outlen) == 0, "case %zu: extract then expand", i);
        }
    }
}

Test(kdf_differential, pbkdf2_vs_reference) {
    REQUIRE_FORCED_BACKEND();
    pbkdf2_differential(ref_pbkdf2, 26);
}

Test(kdf_differential, many_vs_reference) {
    REQUIRE_FORCED_BACKEND();
    many_differential(ref_pbkdf2, 2026);
}

Test(kdf_differential, hkdf_vs_reference) {
    REQUIRE_FORCED_BACKEND();
    hkdf_differential(ref_hkdf, 32, 5869);
    hkdf_differential(ref_hkdf, 28, 5224);
}

Test(kdf_differential, vs_openssl) {
    REQUIRE_FORCED_BACKEND();
#ifdef FASTSHA256_TEST_OPENSSL
    pbkdf2_differential(openssl_pbkdf2, 8018);
    many_differential(openssl_pbkdf2, 6070);
    hkdf_differential(openssl_hkdf, 32, 7914);
    hkdf_differential(openssl_hkdf, 28, 2240);
#else
    cr_skip_test("built without OpenSSL (cross build): the reference tests cover this");
#endif
}
