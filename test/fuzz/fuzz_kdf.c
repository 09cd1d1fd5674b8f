/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* PBKDF2-HMAC-SHA256/224 and HKDF-SHA256/224 on every backend against the same
 * calls with the scalar backend forced (the portable fused loop). The
 * first three bytes choose the iteration count (1..64), the output length
 * (1..200) and where the rest splits into password and salt; HKDF takes
 * them as salt and ikm, info being the password again. A batch of the
 * password's three shortest prefixes goes through _many. Nothing may be
 * written past any output. */
#include <string.h>

#include "fuzz_common.h"

enum { MAX_OUT = 200, BATCH = 3 };

typedef struct {
    const uint8_t *pw, *salt;
    size_t pwlen, saltlen, outlen;
    uint64_t iterations;
    uint8_t want256[MAX_OUT], want224[MAX_OUT], want_hkdf[MAX_OUT], want_hkdf224[MAX_OUT];
    uint8_t want_many[BATCH][MAX_OUT];
} kdf_case;

static void derive(const kdf_case *c, uint8_t *d256, uint8_t *d224, uint8_t *hkdf,
                   uint8_t *hkdf224, uint8_t (*many)[MAX_OUT]) {
    fastsha256_pbkdf2(c->pw, c->pwlen, c->salt, c->saltlen, c->iterations, d256, c->outlen);
    fastsha224_pbkdf2(c->pw, c->pwlen, c->salt, c->saltlen, c->iterations, d224, c->outlen);
    fastsha256_hkdf(c->pw, c->pwlen, c->salt, c->saltlen, c->pw, c->pwlen, hkdf, c->outlen);
    fastsha224_hkdf(c->pw, c->pwlen, c->salt, c->saltlen, c->pw, c->pwlen, hkdf224, c->outlen);
    const void *pws[BATCH], *salts[BATCH];
    size_t pwlens[BATCH], saltlens[BATCH];
    for (size_t i = 0; i < BATCH; i++) {
        pws[i] = c->pw;
        pwlens[i] = c->pwlen < i ? c->pwlen : c->pwlen - i;
        salts[i] = c->salt;
        saltlens[i] = c->saltlen;
    }
    /* One buffer, outlen apart, as the call lays them out. */
    uint8_t packed[BATCH * MAX_OUT + 1];
    packed[BATCH * c->outlen] = 0xa5;
    fastsha256_pbkdf2_many(pws, pwlens, salts, saltlens, BATCH, c->iterations, packed, c->outlen);
    FUZZ_EXPECT(packed[BATCH * c->outlen] == 0xa5, "pbkdf2_many wrote past its output",
                fastsha256_backend(), c->outlen);
    for (size_t i = 0; i < BATCH; i++)
        memcpy(many[i], packed + i * c->outlen, c->outlen);
}

static void check(const char *backend, void *arg) {
    const kdf_case *c = arg;
    uint8_t d256[MAX_OUT + 1], d224[MAX_OUT + 1], hkdf[MAX_OUT + 1], hkdf224[MAX_OUT + 1];
    uint8_t many[BATCH][MAX_OUT];
    d256[c->outlen] = d224[c->outlen] = hkdf[c->outlen] = hkdf224[c->outlen] = 0xa5;
    derive(c, d256, d224, hkdf, hkdf224, many);
    FUZZ_EXPECT(memcmp(d256, c->want256, c->outlen) == 0 && d256[c->outlen] == 0xa5,
                "fastsha256_pbkdf2", backend, c->outlen);
    FUZZ_EXPECT(memcmp(d224, c->want224, c->outlen) == 0 && d224[c->outlen] == 0xa5,
                "fastsha224_pbkdf2", backend, c->outlen);
    FUZZ_EXPECT(memcmp(hkdf, c->want_hkdf, c->outlen) == 0 && hkdf[c->outlen] == 0xa5,
                "fastsha256_hkdf", backend, c->outlen);
    FUZZ_EXPECT(memcmp(hkdf224, c->want_hkdf224, c->outlen) == 0 && hkdf224[c->outlen] == 0xa5,
                "fastsha224_hkdf", backend, c->outlen);
    for (size_t i = 0; i < BATCH; i++)
        FUZZ_EXPECT(memcmp(many[i], c->want_many[i], c->outlen) == 0, "fastsha256_pbkdf2_many",
                    backend, i);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fuzz_reader r = {data, size};
    kdf_case c;
    c.iterations = 1 + fuzz_byte(&r) % 64;
    c.outlen = 1 + fuzz_byte(&r) % MAX_OUT;
    size_t split = fuzz_byte(&r);
    c.pw = r.p;
    c.pwlen = split * r.n / 256;
    c.salt = r.p + c.pwlen;
    c.saltlen = r.n - c.pwlen;
    if (fastsha256_set_backend("scalar") != 0)
        return 0;
    derive(&c, c.want256, c.want224, c.want_hkdf, c.want_hkdf224, c.want_many);
    fuzz_each_backend(check, &c);
    return 0;
}
