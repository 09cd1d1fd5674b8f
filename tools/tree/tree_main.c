/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* fastsha256-tree: SHA-256 hash trees of files (fs-verity, dm-verity,
 * BitTorrent v2, Glacier), byte for byte as the formats' own tools print
 * or write them. */
#include <stdio.h>
#include <string.h>

#include "fastsha256.h"
#include "tree_cli.h"

static void usage(FILE *out) {
    fprintf(out,
            "Usage: %s fsverity [--block-size=N] [--salt=HEX] FILE...\n"
            "  or:  %s dmverity [--data-block-size=N] [--hash-block-size=N]\n"
            "                   [--salt=HEX|-] [--format=0|1] DATA HASHFILE\n"
            "  or:  %s bt2 FILE...\n"
            "  or:  %s glacier FILE...\n"
            "fsverity prints 'sha256:HEX FILE' as fsverity digest --hash-alg=sha256 does\n"
            "(block sizes 1024 to 65536, salts of up to 32 bytes). dmverity writes\n"
            "HASHFILE as veritysetup format --no-superblock writes its hash device and\n"
            "prints its 'Root hash:' line (sizes 512 to 524288, salts of up to 256 bytes;\n"
            "without --salt a random 32-byte one, printed on a 'Salt:' line). bt2 prints\n"
            "each file's BitTorrent v2 pieces root, glacier its AWS Glacier tree hash.\n"
            "Every subcommand takes:\n"
            "  -j, --jobs=N    hash with N threads (default: the CPUs this process may use)\n"
            "      --progress  show bytes, rate and ETA on standard error\n",
            program_name, program_name, program_name, program_name);
}

int main(int argc, char **argv) {
    if (argc < 2) {
        usage(stderr);
        return 1;
    }
    const char *cmd = argv[1];
    if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0) {
        usage(stdout);
        return 0;
    }
    if (strcmp(cmd, "--version") == 0) {
        printf("fastsha256-tree (fastsha256) %s\n"
               "License: Apache-2.0 OR MIT, at your choice.\n"
               "Provided as is, without warranty (see the licence texts).\n",
               fastsha256_version());
        return 0;
    }
    if (strcmp(cmd, "fsverity") == 0)
        return tree_fsverity(argc - 1, argv + 1);
    if (strcmp(cmd, "dmverity") == 0)
        return tree_dmverity(argc - 1, argv + 1);
    if (strcmp(cmd, "bt2") == 0)
        return tree_binary(argc - 1, argv + 1, 0);
    if (strcmp(cmd, "glacier") == 0)
        return tree_binary(argc - 1, argv + 1, 1);
    fprintf(stderr, "%s: unknown subcommand '%s'\n", program_name, cmd);
    usage(stderr);
    return 1;
}
