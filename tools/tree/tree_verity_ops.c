/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The reader's view of the library's streaming trees (tree_ops). */
#include "fastsha256.h"
#include "tree_ops.h"

static void v_leaves(const void *c, const void *d, size_t n, uint8_t (*out)[32]) {
    fastsha256_verity_leaves((const fastsha256_verity *)c, d, n, out);
}
static void v_add(void *c, const uint8_t (*d)[32], size_t n) {
    fastsha256_verity_add_leaves((fastsha256_verity *)c, d, n);
}
static void v_update(void *c, const void *d, size_t n) {
    fastsha256_verity_update((fastsha256_verity *)c, d, n);
}

static void m_leaves(const void *c, const void *d, size_t n, uint8_t (*out)[32]) {
    fastsha256_merkle_leaves((const fastsha256_merkle *)c, d, n, out);
}
static void m_add(void *c, const uint8_t (*d)[32], size_t n) {
    fastsha256_merkle_add_leaves((fastsha256_merkle *)c, d, n);
}
static void m_update(void *c, const void *d, size_t n) {
    fastsha256_merkle_update((fastsha256_merkle *)c, d, n);
}

tree_ops tree_verity_ops(fastsha256_verity *v) {
    tree_ops o = {v->data_block_size, 0, false, v, v_leaves, v_add, v_update};
    return o;
}

tree_ops tree_merkle_ops(fastsha256_merkle *m, size_t leaf) {
    tree_ops o = {leaf, 0, true, m, m_leaves, m_add, m_update};
    return o;
}
