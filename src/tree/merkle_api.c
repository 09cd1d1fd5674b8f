/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Starting binary trees, and the one-shot BitTorrent v2, Glacier and
 * RFC 6962 calls over the streaming engine. */
#include <string.h>

#include "../bytes.h"
#include "merkle.h"

void fsha256_merkle_start(fastsha256_merkle *m, unsigned kind) {
    memset(m, 0, sizeof *m);
    m->kind = kind;
    m->piece_level = FSHA256_NO_PIECES;
}

int fastsha256_bt2_init(fastsha256_merkle *m, size_t piece_length, fastsha256_tree_sink sink,
                        void *sink_arg) {
    unsigned level = 0;
    if (m == NULL || (piece_length && (piece_length < FSHA256_BT2_LEAF ||
                                       (piece_length & (piece_length - 1)))))
        return -1;
    fsha256_merkle_start(m, FSHA256_MERKLE_BT2);
    if (piece_length && sink) {
        while (((size_t)FSHA256_BT2_LEAF << level) < piece_length)
            level++;
        m->piece_level = level;
        m->sink = sink;
        m->sink_arg = sink_arg;
    }
    return 0;
}

void fastsha256_glacier_init(fastsha256_merkle *m) {
    if (m)
        fsha256_merkle_start(m, FSHA256_MERKLE_GLACIER);
}

void fastsha256_rfc6962_init(fastsha256_merkle *m) {
    if (m)
        fsha256_merkle_start(m, FSHA256_MERKLE_RFC6962);
}

int fastsha256_bt2_pieces_root(const void *data, size_t len, uint8_t root[32]) {
    fastsha256_merkle m;
    uint8_t out[32];
    if (root == NULL)
        return -1;
    fastsha256_bt2_init(&m, 0, NULL, NULL);
    fastsha256_merkle_update(&m, data, len);
    if (fastsha256_merkle_final(&m, out) != 0)
        return -1;
    memcpy(root, out, 32);
    return 0;
}

static void copy_piece(void *arg, uint64_t offset, const void *bytes, size_t len) {
    memcpy((uint8_t *)arg + offset, bytes, len);
}

int fastsha256_bt2_piece_layer(const void *data, size_t len, size_t piece_length,
                               uint8_t (*layer)[32], size_t max, size_t *count) {
    fastsha256_merkle m;
    uint8_t root[32];
    len = fsha256_readable_len(data, len);
    if (count == NULL || piece_length == 0 || (layer == NULL && max) ||
        fastsha256_bt2_init(&m, piece_length, copy_piece, layer) != 0)
        return -1;
    size_t pieces = len > piece_length ? len / piece_length + (len % piece_length != 0) : 0;
    if (pieces > max)
        return -1;
    fastsha256_merkle_update(&m, data, len);
    fastsha256_merkle_final(&m, root);
    *count = pieces;
    return 0;
}

int fastsha256_glacier_tree_hash(const void *data, size_t len, uint8_t digest[32]) {
    fastsha256_merkle m;
    if (digest == NULL)
        return -1;
    fastsha256_glacier_init(&m);
    fastsha256_merkle_update(&m, data, len);
    return fastsha256_merkle_final(&m, digest);
}

int fastsha256_rfc6962_root(const void *const *leaves, const size_t *lens, size_t n,
                            uint8_t root[32]) {
    fastsha256_merkle m;
    if (root == NULL || (n && (leaves == NULL || lens == NULL)))
        return -1;
    fastsha256_rfc6962_init(&m);
    fastsha256_rfc6962_add(&m, leaves, lens, n);
    return fastsha256_merkle_final(&m, root);
}

/* RFC 6962 2.1.1, walked from the root: at each split the sibling
 * subtree's hash, deepest last, so the path is written back to front. */
int fastsha256_rfc6962_audit_path(const void *const *leaves, const size_t *lens, size_t n,
                                  size_t m, uint8_t (*path)[32], size_t *path_len) {
    uint8_t sib[64][32];
    size_t depth = 0, lo = 0, hi = n;
    if (path == NULL || path_len == NULL || m >= n || leaves == NULL || lens == NULL)
        return -1;
    while (hi - lo > 1) {
        size_t k = 1;
        while (k < (hi - lo) - k) /* the largest power of two below hi - lo */
            k <<= 1;
        if (m < lo + k) {
            fastsha256_rfc6962_root(leaves + lo + k, lens + lo + k, hi - lo - k, sib[depth++]);
            hi = lo + k;
        } else {
            fastsha256_rfc6962_root(leaves + lo, lens + lo, k, sib[depth++]);
            lo += k;
        }
    }
    for (size_t i = 0; i < depth; i++)
        memcpy(path[i], sib[depth - 1 - i], 32);
    *path_len = depth;
    return 0;
}
