/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* fastsha256-tree dmverity: the hash file of `veritysetup format
 * --no-superblock` and its `Root hash:` line. Everything is checked before
 * the hash file is created; a failure after that removes it. */
#define _GNU_SOURCE 1
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdio.h>
#include <string.h>
#include <sys/random.h>
#include <unistd.h>

#include "tree_opts.h"

typedef struct hash_out {
    int fd, err;
} hash_out;

static void write_hashes(void *arg, uint64_t offset, const void *bytes, size_t len) {
    hash_out *h = (hash_out *)arg;
    const char *p = (const char *)bytes;
    while (!h->err && len) {
        ssize_t n = pwrite(h->fd, p, len, (off_t)offset);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            h->err = n < 0 ? errno : EIO;
            return;
        }
        p += n;
        len -= (size_t)n;
        offset += (uint64_t)n;
    }
}

static int check_params(const tree_opts *o) {
    uint64_t size;
    if (fastsha256_dmverity_tree_size(UINT64_MAX, o->block, o->hash_block, &size) != 0) {
        tree_error(NULL, "invalid block size (powers of two from 512 to 524288)");
        return -1;
    }
    return 0;
}

/* Hashes DATA into the open hash file; 0, or -1 after a message. */
static int build(const char *data, const char *hashname, int fd, uint64_t size,
                 const tree_opts *o, uint8_t root[32]) {
    fastsha256_verity v;
    hash_out out = {-1, 0};
    out.fd = open(hashname, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (out.fd < 0) {
        tree_error(hashname, strerror(errno));
        return -1;
    }
    fastsha256_dmverity_init(&v, o->block, o->hash_block, o->salt, o->salt_len, o->format,
                             size, write_hashes, &out);
    tree_ops ops = tree_verity_ops(&v);
    /* Format 1 hashes salt || block: the block placed salt_len % 64 bytes
     * into a cache line puts its body's 64-byte blocks on whole lines, so
     * wide lane loads do not split across two. */
    ops.skew = o->format == 1 ? o->salt_len % 64 : 0;
    int err = tree_read(fd, size, &ops, o->jobs);
    if (err)
        tree_error(data, tree_strerror(err));
    else if (fastsha256_verity_final(&v, root) != 0)
        tree_error(data, "changed while read"), err = EIO;
    else if (out.err || close(out.fd) != 0)
        tree_error(hashname, strerror(out.err ? out.err : errno)), err = EIO, out.fd = -1;
    else
        return 0;
    if (out.fd >= 0)
        close(out.fd);
    unlink(hashname); /* nothing half-written */
    return -1;
}

int tree_dmverity(int argc, char **argv) {
    tree_opts o;
    uint64_t size;
    uint8_t root[32];
    char hex[2 * FASTSHA256_DMVERITY_MAX_SALT + 1];
    if (tree_parse_opts(argc, argv, TREE_DMVERITY, &o) != 0 || check_params(&o) != 0)
        return 1;
    const char *data = argv[optind], *hashname = argv[optind + 1];
    if (!o.salt_given && getrandom(o.salt, 32, 0) == 32)
        o.salt_len = 32; /* veritysetup's default: a random salt */
    int fd = tree_open(data, &size);
    if (fd < 0)
        return 1;
    if (size / o.block == 0) {
        tree_error(data, "smaller than one data block");
        close(fd);
        return 1;
    }
    progress_begin(o.progress, argv + optind, 1);
    int rc = build(data, hashname, fd, size, &o, root);
    progress_end();
    close(fd);
    if (rc != 0)
        return 1;
    if (!o.salt_given) {
        fastsha256_to_hex(o.salt, o.salt_len, hex);
        printf("Salt:            \t%s\n", hex);
    }
    fastsha256_to_hex(root, 32, hex);
    printf("Root hash:      \t%s\n", hex);
    return 0;
}
