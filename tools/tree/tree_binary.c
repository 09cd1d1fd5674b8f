/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* fastsha256-tree bt2 and glacier: `HEX  FILE` lines. */
#define _GNU_SOURCE 1
#include <getopt.h>
#include <stdio.h>
#include <unistd.h>

#include "tree_opts.h"

static int root_of(const char *name, const tree_opts *o, int glacier, char hex[65]) {
    fastsha256_merkle m;
    uint64_t size;
    uint8_t root[32];
    int fd = tree_open(name, &size);
    if (fd < 0)
        return -1;
    if (glacier)
        fastsha256_glacier_init(&m);
    else
        fastsha256_bt2_init(&m, 0, NULL, NULL);
    tree_ops ops = tree_merkle_ops(&m, glacier ? 1024 * 1024 : 16 * 1024);
    int err = tree_read(fd, size, &ops, o->jobs);
    close(fd);
    if (err) {
        tree_error(name, tree_strerror(err));
        return -1;
    }
    if (fastsha256_merkle_final(&m, root) != 0) {
        tree_error(name, "empty file: BitTorrent v2 gives it no pieces root");
        return -1;
    }
    fastsha256_to_hex(root, 32, hex);
    return 0;
}

int tree_binary(int argc, char **argv, int glacier) {
    tree_opts o;
    if (tree_parse_opts(argc, argv, TREE_BINARY, &o) != 0)
        return 1;
    int status = 0;
    progress_begin(o.progress, argv + optind, argc - optind);
    for (int k = optind; k < argc; k++) {
        char hex[65];
        if (root_of(argv[k], &o, glacier, hex) != 0) {
            status = 1;
            continue;
        }
        printf("%s  %s\n", hex, argv[k]);
        fflush(stdout);
    }
    progress_end();
    return status;
}
