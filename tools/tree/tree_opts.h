/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Option parsing shared by fastsha256-tree's subcommands (tree_opts.c). */
#ifndef TREE_OPTS_H
#define TREE_OPTS_H

#include <stdbool.h>

#include "fastsha256.h"
#include "tree_cli.h"
#include "tree_ops.h"

enum { TREE_FSVERITY, TREE_DMVERITY, TREE_BINARY };

typedef struct tree_opts {
    unsigned jobs;
    bool progress;
    size_t block, hash_block;  /* fs-verity's block; dm-verity's data and hash blocks */
    int format;
    int salt_given;            /* dm-verity: 0 means a random salt */
    uint8_t salt[FASTSHA256_DMVERITY_MAX_SALT];
    size_t salt_len;
} tree_opts;

/* Parses the options of subcommand kind (argv[0] is its name); operands
 * start at optind. Returns 0, or -1 after a message. */
int tree_parse_opts(int argc, char **argv, int kind, tree_opts *o);
const char *tree_strerror(int err);

#endif /* TREE_OPTS_H */
