/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The binary tree engine. Leaf digests gather in a chunk of 256; a full
 * chunk is reduced level by level, each level's nodes one batch through
 * the lanes (64-byte pairs, or RFC 6962's 0x01-prefixed ones), and its
 * root goes on a stack of one subtree root per level, like a binary
 * counter. The end folds the partial chunk and the stack: BitTorrent v2
 * pads with the roots of all-zero subtrees up to a power of two; Glacier
 * and RFC 6962 promote an odd last node (their trees are left-balanced). */
#include <string.h>

#include "../bytes.h"
#include "../seams.h"
#include "framed.h"
#include "merkle.h"

#define CHUNK FASTSHA256_MERKLE_CHUNK
#define CHUNK_LOG 8
_Static_assert(CHUNK == 1u << CHUNK_LOG, "the chunk is a power of two");

static const uint8_t node_prefix = 0x01;

/* pairs nodes (64 bytes each pair, at in) to their parents. */
static void parents(const fastsha256_merkle *m, const uint8_t *in, size_t pairs,
                    uint8_t (*out)[32]) {
    if (m->kind != FSHA256_MERKLE_RFC6962) {
        fastsha256_many_strided(in, 64, 64, pairs, out);
        return;
    }
    fsha256_framed f = {fsha256_sha256_iv, 0, &node_prefix, 1, NULL, 0,
                        NULL, NULL, in, 64, 64};
    fsha256_hash_framed(&f, pairs, out);
}

static void parent(const fastsha256_merkle *m, const uint8_t l[32], const uint8_t r[32],
                   uint8_t out[32]) {
    uint8_t pair[64];
    memcpy(pair, l, 32);
    memcpy(pair + 32, r, 32);
    parents(m, pair, 1, (uint8_t(*)[32])out);
}

/* A piece-layer hash out; the first is held until a second comes, as a
 * file of one piece has no layer. */
static void piece_out(fastsha256_merkle *m, uint64_t index, const uint8_t h[32]) {
    if (m->sink == NULL)
        return;
    if (index == 0) {
        memcpy(m->piece0, h, 32);
        m->piece0_held = 1;
        return;
    }
    if (m->piece0_held) {
        m->sink(m->sink_arg, 0, m->piece0, 32);
        m->piece0_held = 0;
    }
    m->sink(m->sink_arg, index * 32, h, 32);
}

/* Nodes at `level`, the first with index first: the piece layer's when
 * that is their level. */
static void pieces_at(fastsha256_merkle *m, unsigned level, uint64_t first,
                      const uint8_t (*nodes)[32], size_t count) {
    if (level == m->piece_level)
        for (size_t i = 0; i < count; i++)
            piece_out(m, first + i, nodes[i]);
}

/* Reduces count (<= CHUNK) nodes at level 0, leaf index first, to one,
 * into buf[0]: odd last nodes paired with z (the all-zero subtree's root,
 * kept level by level) in BitTorrent v2, promoted otherwise. Returns the
 * level reached. */
static unsigned reduce(fastsha256_merkle *m, uint8_t (*buf)[32], size_t count, uint64_t first,
                       uint8_t z[32]) {
    uint8_t tmp[CHUNK / 2][32];
    unsigned level = 0;
    for (;; level++) {
        pieces_at(m, level, first >> level, (const uint8_t(*)[32])buf, count);
        if (count == 1)
            return level;
        size_t pairs = count / 2;
        parents(m, buf[0], pairs, tmp);
        if (count % 2 && m->kind == FSHA256_MERKLE_BT2)
            parent(m, buf[count - 1], z, tmp[pairs]);
        else if (count % 2)
            memcpy(tmp[pairs], buf[count - 1], 32);
        count = pairs + count % 2;
        memcpy(buf, tmp, count * 32);
        if (m->kind == FSHA256_MERKLE_BT2)
            parent(m, z, z, z);
    }
}

/* A full chunk: reduced, then pushed on the stack, merging up. */
static void chunk_done(fastsha256_merkle *m) {
    uint8_t z[32] = {0};
    uint64_t first = m->leaves - CHUNK;
    unsigned level = reduce(m, m->pending, CHUNK, first, z);
    uint8_t node[32];
    memcpy(node, m->pending[0], 32);
    for (uint64_t idx = first >> level; idx & 1; idx >>= 1) {
        parent(m, m->stack[level], node, node);
        level++;
        pieces_at(m, level, idx >> 1, (const uint8_t(*)[32])node, 1);
    }
    memcpy(m->stack[level], node, 32);
    m->npending = 0;
}

/* k more leaf digests are in the chunk: counted, and the chunk reduced
 * when full. */
static void pending_grew(fastsha256_merkle *m, size_t k) {
    m->npending += (uint32_t)k;
    m->leaves += k;
    if (m->kind == FSHA256_MERKLE_BT2)
        m->data_len += (uint64_t)k * FSHA256_BT2_LEAF;
    else if (m->kind == FSHA256_MERKLE_GLACIER)
        m->data_len += (uint64_t)k * FSHA256_GLACIER_LEAF;
    if (m->npending == CHUNK)
        chunk_done(m);
}

static size_t chunk_room(const fastsha256_merkle *m, size_t n) {
    return CHUNK - m->npending < n ? CHUNK - m->npending : n;
}

void fastsha256_merkle_add_leaves(fastsha256_merkle *m, const uint8_t (*digests)[32],
                                  size_t n) {
    if (m == NULL || digests == NULL || m->kind == 0)
        return;
    while (n) {
        size_t k = chunk_room(m, n);
        memcpy(m->pending[m->npending], digests, k * 32);
        digests += k;
        n -= k;
        pending_grew(m, k);
    }
}

static unsigned ceil_log2(uint64_t n) {
    unsigned d = 0;
    while (d < 64 && (n - 1) >> d)
        d++;
    return d;
}

/* The root: the partial chunk reduced, then folded with the stack from
 * the lowest level up (full: the leaves the stack holds). */
static void fold(fastsha256_merkle *m, uint8_t root[32]) {
    uint64_t n = m->leaves, full = n - m->npending;
    unsigned d = ceil_log2(n), level;
    uint8_t acc[32], z[32] = {0};
    int pad = m->kind == FSHA256_MERKLE_BT2;
    if (m->npending) {
        level = reduce(m, m->pending, m->npending, full, z);
        memcpy(acc, m->pending[0], 32);
    } else {
        level = 0;
        while (!((full >> level) & 1))
            level++;
        memcpy(acc, m->stack[level], 32);
        full -= (uint64_t)1 << level;
        for (unsigned i = 0; pad && i < level; i++)
            parent(m, z, z, z);
    }
    for (; level < 64 && (full >> level || (pad && level < d)); level++) {
        if ((full >> level) & 1)
            parent(m, m->stack[level], acc, acc);
        else if (pad && level < d)
            parent(m, acc, z, acc);
        if (pad)
            parent(m, z, z, z);
        pieces_at(m, level + 1, (n - 1) >> (level + 1), (const uint8_t(*)[32])acc, 1);
    }
    memcpy(root, acc, 32);
}

void fastsha256_merkle_leaves(const fastsha256_merkle *m, const void *data, size_t nleaves,
                              uint8_t (*out)[32]) {
    if (m == NULL || out == NULL || nleaves == 0)
        return;
    size_t s = m->kind == FSHA256_MERKLE_BT2 ? FSHA256_BT2_LEAF : FSHA256_GLACIER_LEAF;
    fastsha256_many_strided(data, s, s, nleaves, out);
}

void fastsha256_merkle_update(fastsha256_merkle *m, const void *data, size_t len) {
    if (m == NULL || (m->kind != FSHA256_MERKLE_BT2 && m->kind != FSHA256_MERKLE_GLACIER))
        return;
    const uint8_t *p = (const uint8_t *)data;
    size_t s = m->kind == FSHA256_MERKLE_BT2 ? FSHA256_BT2_LEAF : FSHA256_GLACIER_LEAF;
    len = fsha256_readable_len(p, len);
    if (fsha256_leaf_fill(&m->leaf, &m->data_len, s, &p, &len)) {
        uint8_t h[32]; /* the leaf in progress, now whole */
        fastsha256_final(&m->leaf, h);
        m->data_len -= s; /* add_leaves counts the leaf */
        fastsha256_merkle_add_leaves(m, (const uint8_t(*)[32])h, 1);
    }
    while (len >= s) { /* whole leaves straight into the chunk */
        size_t k = chunk_room(m, len / s);
        fastsha256_merkle_leaves(m, p, k, m->pending + m->npending);
        p += k * s;
        len -= k * s;
        pending_grew(m, k);
    }
    if (len) {
        fastsha256_init(&m->leaf);
        fastsha256_update(&m->leaf, p, len);
        m->data_len += len;
    }
}

void fastsha256_rfc6962_add(fastsha256_merkle *m, const void *const *leaves, const size_t *lens,
                            size_t n) {
    static const uint8_t leaf_prefix = 0x00;
    if (m == NULL || m->kind != FSHA256_MERKLE_RFC6962 || leaves == NULL || lens == NULL)
        return;
    while (n) {
        size_t k = chunk_room(m, n);
        fsha256_framed f = {fsha256_sha256_iv, 0, &leaf_prefix, 1, NULL, 0,
                            leaves, lens, NULL, 0, 0};
        fsha256_hash_framed(&f, k, m->pending + m->npending);
        leaves += k;
        lens += k;
        n -= k;
        pending_grew(m, k);
    }
}

int fastsha256_merkle_final(fastsha256_merkle *m, uint8_t out[32]) {
    int rc = 0;
    if (m == NULL || out == NULL || m->kind == 0)
        return -1;
    size_t s = m->kind == FSHA256_MERKLE_BT2 ? FSHA256_BT2_LEAF : FSHA256_GLACIER_LEAF;
    if (m->kind != FSHA256_MERKLE_RFC6962 && m->data_len % s) { /* the short last leaf */
        uint8_t h[32];
        fastsha256_final(&m->leaf, h);
        m->data_len -= m->data_len % s;
        fastsha256_merkle_add_leaves(m, (const uint8_t(*)[32])h, 1);
    }
    if (m->leaves)
        fold(m, out);
    else if (m->kind == FSHA256_MERKLE_BT2)
        rc = -1; /* an empty file has no pieces root */
    else
        fastsha256(NULL, 0, out);
    fsha256_wipe(m, sizeof *m);
    return rc;
}
