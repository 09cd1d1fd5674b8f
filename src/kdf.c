/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* PBKDF2-HMAC-SHA256/224 (RFC 8018 section 5.2): the framing around the
 * fused chains of kdf_chains.c.
 *
 * Each output block i of a derivation is one chain: U_1 = HMAC(P, S ||
 * INT(i)), then c - 1 fused links. The password is prepared once per
 * derivation (HMAC's two key states), and so is the salt: the inner state
 * after the salt's whole blocks, and its tail, so each block's U_1 costs
 * only its last one or two blocks and the outer block. Chains of all
 * blocks of all derivations are collected in groups of up to
 * FSHA256_MAX_LANES and run together, so the lane kernels stay full. */
#include <string.h>

#include "compiler.h"
#include "seams.h"
#include "bytes.h"
#include "cpu.h"
#include "ctx.h"
#include "dispatch.h"
#include "kdf.h"

/* Below the public call: the group's prepared passwords and chains (about
 * 9 KiB), the chain group's lane arrays (3 KiB) and the kernels' frames;
 * 8 KiB measured short. The most burn_stack does: its cost is nothing
 * beside a derivation's. */
#define BURN_KDF 20480
#define GROUP FSHA256_MAX_LANES

/* One derivation's password and salt, prepared. */
typedef struct prepared {
    fastsha256_hmac_key key;
    uint32_t salted[8];         /* inner state after the key block and the salt's whole blocks */
    uint64_t salted_len;        /* bytes in it, the key block included */
    uint8_t salt_tail[FASTSHA256_BLOCK_SIZE];
    size_t salt_tail_len;
    size_t digest_size;
} prepared;

static void prepare(const fsha256_impl *impl, prepared *p, const void *pw, size_t pwlen,
                    const void *salt, size_t saltlen, size_t digest_size) {
    const uint8_t *s = (const uint8_t *)salt;
    saltlen = fsha256_readable_len(s, saltlen);
    pwlen = fsha256_readable_len(pw, pwlen);
    if (digest_size == FASTSHA224_DIGEST_SIZE)
        fsha256_hmac224_prepare(impl, &p->key, pw, pwlen);
    else
        fsha256_hmac_prepare(impl, &p->key, pw, pwlen);
    size_t whole = saltlen / FASTSHA256_BLOCK_SIZE;
    memcpy(p->salted, p->key.inner, sizeof p->salted);
    if (whole)
        impl->blocks(p->salted, s, whole);
    p->salted_len = FASTSHA256_BLOCK_SIZE + (uint64_t)whole * FASTSHA256_BLOCK_SIZE;
    p->salt_tail_len = saltlen % FASTSHA256_BLOCK_SIZE;
    memset(p->salt_tail, 0, sizeof p->salt_tail);
    if (p->salt_tail_len) /* s may be NULL (an empty salt): no pointer arithmetic on it */
        fsha256_copy_short(p->salt_tail, s + whole * FASTSHA256_BLOCK_SIZE, p->salt_tail_len);
    p->digest_size = digest_size;
}

/* Chain c starts as block `index` (from 1) of p's derivation: U_1 = T. */
static void start_chain(const fsha256_impl *impl, const prepared *p, uint32_t index,
                        fsha256_kdf_chain *c) {
    /* The salt's tail and INT(index): 4..67 bytes, so one block and a few
     * bytes at most; 64 readable bytes after each part the tag reads. */
    uint8_t msg[2 * FASTSHA256_BLOCK_SIZE], u1[FASTSHA256_DIGEST_SIZE];
    size_t len = p->salt_tail_len + 4;
    memset(msg, 0, sizeof msg);
    memcpy(msg, p->salt_tail, p->salt_tail_len);
    fsha256_store_be32(msg + p->salt_tail_len, index);
    size_t whole = len / FASTSHA256_BLOCK_SIZE;
    fsha256_hmac_tag_states(impl, p->salted, p->key.outer, msg, whole,
                            msg + whole * FASTSHA256_BLOCK_SIZE, len % FASTSHA256_BLOCK_SIZE,
                            p->salted_len + len, u1, p->digest_size);
    c->inner = p->key.inner;
    c->outer = p->key.outer;
    for (size_t i = 0; i < 8; i++)
        c->u[i] = i < p->digest_size / 4 ? fsha256_load_be32(u1 + 4 * i) : 0;
    memcpy(c->t, c->u, sizeof c->t);
    fsha256_wipe(msg, sizeof msg);
    fsha256_wipe(u1, sizeof u1);
}

/* The derivations' output blocks, in order, as a queue of chains. */
typedef struct job_queue {
    const fsha256_impl *impl;
    const void *const *pw;
    const size_t *pwlen;
    const void *const *salt;
    const size_t *saltlen;
    size_t n, digest_size, outlen;
    uint64_t iterations;
    uint8_t *out;
    size_t blocks_per;          /* output blocks of one derivation */
    size_t next_deriv, next_block; /* the next chain to start */
} job_queue;

/* Where each chain of a group writes: derivation and block. */
typedef struct chain_dest {
    size_t deriv, block;
    int slot;                   /* its prepared password in the group's slots */
} chain_dest;

/* Up to GROUP chains from the queue, each derivation prepared once per
 * group (slots hold up to GROUP derivations). Returns how many. */
static size_t fill_group(job_queue *q, prepared *slots, fsha256_kdf_chain *chains,
                         chain_dest *dest) {
    size_t count = 0;
    int slot = -1;
    size_t slot_deriv = SIZE_MAX;
    while (count < GROUP && q->next_deriv < q->n) {
        size_t d = q->next_deriv;
        if (d != slot_deriv) {
            slot++;
            slot_deriv = d;
            prepare(q->impl, &slots[slot], q->pw[d], q->pwlen[d], q->salt[d], q->saltlen[d],
                    q->digest_size);
        }
        start_chain(q->impl, &slots[slot], (uint32_t)(q->next_block + 1), &chains[count]);
        dest[count].deriv = d;
        dest[count].block = q->next_block;
        dest[count].slot = slot;
        count++;
        if (++q->next_block == q->blocks_per) {
            q->next_block = 0;
            q->next_deriv++;
        }
    }
    return count;
}

static void write_group(const job_queue *q, const fsha256_kdf_chain *chains,
                        const chain_dest *dest, size_t count) {
    uint8_t t[FASTSHA256_DIGEST_SIZE];
    size_t ds = q->digest_size;
    for (size_t i = 0; i < count; i++) {
        size_t at = dest[i].block * ds;
        size_t take = q->outlen - at < ds ? q->outlen - at : ds;
        fsha256_store_digest(t, chains[i].t, ds);
        memcpy(q->out + dest[i].deriv * q->outlen + at, t, take);
    }
    fsha256_wipe(t, sizeof t);
}

static void run_queue(job_queue *q) {
    prepared slots[GROUP];
    fsha256_kdf_chain chains[GROUP];
    chain_dest dest[GROUP];
    size_t count, used = 0;
    while ((count = fill_group(q, slots, chains, dest)) != 0) {
        fsha256_kdf_run_chains(q->impl, chains, count, q->iterations - 1, q->digest_size);
        write_group(q, chains, dest, count);
        if ((size_t)dest[count - 1].slot + 1 > used)
            used = (size_t)dest[count - 1].slot + 1;
    }
    fsha256_wipe(slots, used * sizeof slots[0]);
    fsha256_wipe(chains, sizeof chains);
}

/* RFC 8018's limit: at most 2^32 - 1 blocks of output. */
static int bad_request(uint64_t iterations, const void *out, size_t outlen, size_t digest_size) {
    return iterations == 0 || out == NULL || outlen == 0 ||
           (uint64_t)outlen > UINT64_C(0xffffffff) * digest_size;
}

static int pbkdf2_many(const void *const *pw, const size_t *pwlen, const void *const *salt,
                       const size_t *saltlen, size_t n, uint64_t iterations, void *out,
                       size_t outlen, size_t digest_size) {
    if (bad_request(iterations, out, outlen, digest_size))
        return -1;
    if (n == 0)
        return 0;
    if (pw == NULL || pwlen == NULL || salt == NULL || saltlen == NULL ||
        n > SIZE_MAX / outlen)
        return -1;
    job_queue q = {fsha256_active(), pw, pwlen, salt, saltlen, n, digest_size, outlen,
                   iterations, (uint8_t *)out, (outlen + digest_size - 1) / digest_size, 0, 0};
    run_queue(&q);
    fsha256_burn_stack(BURN_KDF);
    return 0;
}

int fastsha256_pbkdf2_many(const void *const *pw, const size_t *pwlen, const void *const *salt,
                           const size_t *saltlen, size_t n, uint64_t iterations, void *out,
                           size_t outlen) {
    return pbkdf2_many(pw, pwlen, salt, saltlen, n, iterations, out, outlen,
                       FASTSHA256_DIGEST_SIZE);
}

int fastsha256_pbkdf2(const void *pw, size_t pwlen, const void *salt, size_t saltlen,
                      uint64_t iterations, void *out, size_t outlen) {
    return pbkdf2_many(&pw, &pwlen, &salt, &saltlen, 1, iterations, out, outlen,
                       FASTSHA256_DIGEST_SIZE);
}

int fastsha224_pbkdf2(const void *pw, size_t pwlen, const void *salt, size_t saltlen,
                      uint64_t iterations, void *out, size_t outlen) {
    return pbkdf2_many(&pw, &pwlen, &salt, &saltlen, 1, iterations, out, outlen,
                       FASTSHA224_DIGEST_SIZE);
}
