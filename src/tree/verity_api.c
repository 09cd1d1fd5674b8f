/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* One-shot fs-verity and dm-verity calls over the streaming engine. */
#include <string.h>

#include "../bytes.h"
#include "verity.h"

int fastsha256_fsverity_digest(const void *data, size_t len, size_t block_size,
                               const void *salt, size_t salt_len, uint8_t digest[32]) {
    fastsha256_verity v;
    if (digest == NULL || fastsha256_fsverity_init(&v, block_size, salt, salt_len) != 0)
        return -1;
    fastsha256_verity_update(&v, data, len);
    return fastsha256_verity_final(&v, digest);
}

int fastsha256_dmverity_root(const void *data, size_t len, size_t data_block_size,
                             size_t hash_block_size, const void *salt, size_t salt_len,
                             int format, uint8_t root[32]) {
    return fastsha256_dmverity_tree(data, len, data_block_size, hash_block_size, salt, salt_len,
                                    format, NULL, 0, root);
}

int fastsha256_dmverity_tree_size(uint64_t len, size_t data_block_size, size_t hash_block_size,
                                  uint64_t *size) {
    if (size == NULL || !fsha256_pow2_in(data_block_size, 512, 512 * 1024) ||
        !fsha256_pow2_in(hash_block_size, 512, 512 * 1024) || len / data_block_size == 0)
        return -1;
    fsha256_dm_layout(len / data_block_size, hash_block_size, NULL, size);
    return 0;
}

static void copy_into(void *arg, uint64_t offset, const void *bytes, size_t len) {
    memcpy((uint8_t *)arg + offset, bytes, len);
}

/* tree NULL (with tree_size 0): the root alone. */
int fastsha256_dmverity_tree(const void *data, size_t len, size_t data_block_size,
                             size_t hash_block_size, const void *salt, size_t salt_len,
                             int format, void *tree, size_t tree_size, uint8_t root[32]) {
    fastsha256_verity v;
    uint64_t want;
    if (root == NULL || (tree == NULL && tree_size) ||
        fastsha256_dmverity_tree_size(len, data_block_size, hash_block_size, &want) != 0 ||
        (tree && want != tree_size))
        return -1;
    if (fastsha256_dmverity_init(&v, data_block_size, hash_block_size, salt, salt_len, format,
                                 fsha256_readable_len(data, len), tree ? copy_into : NULL,
                                 tree) != 0)
        return -1;
    fastsha256_verity_update(&v, data, len);
    return fastsha256_verity_final(&v, root);
}
