/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* fastsha256-tree fsverity: `fsverity digest --hash-alg=sha256` lines. */
#define _GNU_SOURCE 1
#include <getopt.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "tree_opts.h"

static int digest_file(const char *name, const tree_opts *o, char hex[65]) {
    fastsha256_verity v;
    uint64_t size;
    uint8_t digest[32];
    int fd = tree_open(name, &size);
    if (fd < 0)
        return -1;
    fastsha256_fsverity_init(&v, o->block, o->salt, o->salt_len);
    tree_ops ops = tree_verity_ops(&v);
    int err = tree_read(fd, size, &ops, o->jobs);
    close(fd);
    if (err) {
        tree_error(name, tree_strerror(err));
        return -1;
    }
    fastsha256_verity_final(&v, digest);
    fastsha256_to_hex(digest, 32, hex);
    return 0;
}

int tree_fsverity(int argc, char **argv) {
    tree_opts o;
    if (tree_parse_opts(argc, argv, TREE_FSVERITY, &o) != 0)
        return 1;
    uint8_t probe[32];
    if (fastsha256_fsverity_digest(NULL, 0, o.block, o.salt, o.salt_len, probe) != 0) {
        tree_error(NULL, "invalid block size or salt (block sizes: powers of two from 1024 "
                         "to 65536; salts: at most 32 bytes)");
        return 1;
    }
    int status = 0;
    progress_begin(o.progress, argv + optind, argc - optind);
    for (int k = optind; k < argc; k++) {
        char hex[65];
        if (digest_file(argv[k], &o, hex) != 0) {
            status = 1;
            continue;
        }
        printf("sha256:%s %s\n", hex, argv[k]);
        fflush(stdout);
    }
    progress_end();
    return status;
}
