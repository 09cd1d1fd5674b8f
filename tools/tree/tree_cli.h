/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* fastsha256-tree: shared declarations of its modules. */
#ifndef TREE_CLI_H
#define TREE_CLI_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "program.h"  /* program_name, fastsha256sum's: one for messages and --progress */
#include "progress.h" /* fastsha256sum's --progress */

/* A tree format as the reader drives it: whole leaves hashed on any
 * thread (leaves reads ctx only), their digests fed in order (add), the
 * last partial leaf through update. */
typedef struct tree_ops {
    size_t leaf;
    size_t skew; /* bytes before the data in a read buffer (below 64) */
    bool plain;  /* a leaf's digest is the SHA-256 of its bytes alone */
    void *ctx;
    void (*leaves)(const void *ctx, const void *data, size_t n, uint8_t (*out)[32]);
    void (*add)(void *ctx, const uint8_t (*digests)[32], size_t n);
    void (*update)(void *ctx, const void *data, size_t len);
} tree_ops;

/* Feeds size bytes of fd through ops with jobs threads. Returns 0, or an
 * errno value (EIO when the file ended early). */
int tree_read(int fd, uint64_t size, const tree_ops *ops, unsigned jobs);

/* Opens name for reading: its descriptor and size, or -1 after a message
 * (directories and other non-files refused). */
int tree_open(const char *name, uint64_t *size);

/* "PROGRAM: NAME: TEXT" on stderr (the progress line cleared first). */
void tree_error(const char *name, const char *text);

/* The subcommands: argc/argv after the subcommand's name is argv[0]. */
int tree_fsverity(int argc, char **argv);
int tree_dmverity(int argc, char **argv);
int tree_binary(int argc, char **argv, int glacier);

/* Shared option values. */
unsigned tree_jobs_default(void);
int tree_parse_jobs(const char *arg, unsigned *jobs);
int tree_parse_size(const char *arg, size_t *out);
/* Hex to bytes (at most max); -1 when not hex or too long. */
int tree_parse_hex(const char *arg, uint8_t *out, size_t max, size_t *len);

#endif /* TREE_CLI_H */
