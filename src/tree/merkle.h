/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Binary Merkle trees (merkle.c): BitTorrent v2, Glacier, RFC 6962. */
#ifndef FSHA256_TREE_MERKLE_H
#define FSHA256_TREE_MERKLE_H

#include "fastsha256.h"

enum { FSHA256_MERKLE_BT2 = 1, FSHA256_MERKLE_GLACIER = 2, FSHA256_MERKLE_RFC6962 = 3 };
#define FSHA256_BT2_LEAF (16 * 1024)
#define FSHA256_GLACIER_LEAF (1024 * 1024)
#define FSHA256_NO_PIECES 0xffffffffu /* piece_level without a piece layer */

void fsha256_merkle_start(fastsha256_merkle *m, unsigned kind);

#endif /* FSHA256_TREE_MERKLE_H */
