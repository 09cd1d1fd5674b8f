/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* HKDF-SHA256 and HKDF-SHA224 (RFC 5869): extract is one HMAC under the
 * salt; expand is T(i) = HMAC(PRK, T(i-1) || info || i) for i = 1..ceil(L /
 * HashLen), with the PRK prepared once (its two key states) and each T(i) a
 * stream from the inner state, tagged by the backend's fused tag path. Both
 * hashes share one expand loop: the prepared key carries the digest size. */
#include <string.h>

#include "compiler.h"
#include "seams.h"
#include "bytes.h"
#include "cpu.h"
#include "ctx.h"
#include "dispatch.h"
#include "kdf.h"

/* At most 255 blocks of output (RFC 5869 section 2.3). */
#define HKDF_MAX_BLOCKS 255
/* Below the caller: a streaming update's kernel frame and the tag's. */
#define BURN_HKDF 2048

void fastsha256_hkdf_extract(const void *salt, size_t saltlen, const void *ikm, size_t ikmlen,
                             uint8_t prk[32]) {
    /* A NULL salt or ikm counts as empty, as for HMAC's key and message;
     * an absent salt is HMAC's all-zero key, the same as an empty one. */
    if (prk)
        fastsha256_hmac(salt, saltlen, ikm, ikmlen, prk);
}

void fastsha224_hkdf_extract(const void *salt, size_t saltlen, const void *ikm, size_t ikmlen,
                             uint8_t prk[28]) {
    if (prk)
        fastsha224_hmac(salt, saltlen, ikm, ikmlen, prk);
}

/* T(i) from T(i-1) (prev_len 0 or ds bytes) into t, under k's hash. */
static void expand_block(const fsha256_impl *impl, const fastsha256_hmac_key *k, size_t ds,
                         const uint8_t *prev, size_t prev_len, const void *info, size_t infolen,
                         uint8_t index, uint8_t *t) {
    fastsha256_ctx c;
    if (ds == FASTSHA224_DIGEST_SIZE)
        fastsha224_init(&c);
    else
        fastsha256_init(&c);
    memcpy(c.state, k->inner, sizeof c.state);
    c.total_len = FASTSHA256_BLOCK_SIZE;
    fastsha256_update(&c, prev, prev_len);
    fastsha256_update(&c, info, infolen);
    fastsha256_update(&c, &index, 1);
    fsha256_hmac_tag_states(impl, c.state, k->outer, NULL, 0, c.buffer, c.buffered, c.total_len,
                            t, ds);
    fsha256_wipe(&c, sizeof c);
}

/* Expand with a PRK of ds bytes (32: HMAC-SHA256, 28: HMAC-SHA224). */
static int hkdf_expand(const uint8_t *prk, const void *info, size_t infolen, void *out,
                       size_t outlen, size_t ds) {
    if (outlen > HKDF_MAX_BLOCKS * ds || (outlen && (prk == NULL || out == NULL)))
        return -1;
    if (outlen == 0)
        return 0;
    const fsha256_impl *impl = fsha256_active();
    infolen = fsha256_readable_len(info, infolen);
    fastsha256_hmac_key k;
    uint8_t t[FASTSHA256_DIGEST_SIZE];
    if (ds == FASTSHA224_DIGEST_SIZE)
        fsha256_hmac224_prepare(impl, &k, prk, ds);
    else
        fsha256_hmac_prepare(impl, &k, prk, ds);
    uint8_t *o = (uint8_t *)out;
    for (size_t done = 0, i = 1; done < outlen; done += ds, i++) {
        expand_block(impl, &k, ds, t, i == 1 ? 0 : ds, info, infolen, (uint8_t)i, t);
        size_t take = outlen - done < ds ? outlen - done : ds;
        memcpy(o + done, t, take);
    }
    fsha256_wipe(&k, sizeof k);
    fsha256_wipe(t, sizeof t);
    fsha256_burn_stack(BURN_HKDF);
    return 0;
}

int fastsha256_hkdf_expand(const uint8_t prk[32], const void *info, size_t infolen, void *out,
                           size_t outlen) {
    return hkdf_expand(prk, info, infolen, out, outlen, FASTSHA256_DIGEST_SIZE);
}

int fastsha224_hkdf_expand(const uint8_t prk[28], const void *info, size_t infolen, void *out,
                           size_t outlen) {
    return hkdf_expand(prk, info, infolen, out, outlen, FASTSHA224_DIGEST_SIZE);
}

/* Extract then expand; the PRK lives only in this frame and is wiped. */
static int hkdf(const void *salt, size_t saltlen, const void *ikm, size_t ikmlen,
                const void *info, size_t infolen, void *out, size_t outlen, size_t ds) {
    uint8_t prk[FASTSHA256_DIGEST_SIZE];
    if (outlen > HKDF_MAX_BLOCKS * ds || (outlen && out == NULL))
        return -1;
    if (ds == FASTSHA224_DIGEST_SIZE)
        fastsha224_hkdf_extract(salt, saltlen, ikm, ikmlen, prk);
    else
        fastsha256_hkdf_extract(salt, saltlen, ikm, ikmlen, prk);
    int rc = hkdf_expand(prk, info, infolen, out, outlen, ds);
    fsha256_wipe(prk, sizeof prk);
    return rc;
}

int fastsha256_hkdf(const void *salt, size_t saltlen, const void *ikm, size_t ikmlen,
                    const void *info, size_t infolen, void *out, size_t outlen) {
    return hkdf(salt, saltlen, ikm, ikmlen, info, infolen, out, outlen, FASTSHA256_DIGEST_SIZE);
}

int fastsha224_hkdf(const void *salt, size_t saltlen, const void *ikm, size_t ikmlen,
                    const void *info, size_t infolen, void *out, size_t outlen) {
    return hkdf(salt, saltlen, ikm, ikmlen, info, infolen, out, outlen, FASTSHA224_DIGEST_SIZE);
}
