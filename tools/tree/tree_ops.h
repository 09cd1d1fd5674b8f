/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* tree_ops for the library's streaming trees (tree_verity_ops.c). */
#ifndef TREE_OPS_H
#define TREE_OPS_H

#include "fastsha256.h"
#include "tree_cli.h"

tree_ops tree_verity_ops(fastsha256_verity *v);
tree_ops tree_merkle_ops(fastsha256_merkle *m, size_t leaf);

#endif /* TREE_OPS_H */
