/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Options of fastsha256-tree's subcommands: getopt_long, values checked
 * before any file is opened or written. */
#define _GNU_SOURCE 1
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "tree_opts.h"

enum { OPT_BLOCK = 256, OPT_DBLOCK, OPT_HBLOCK, OPT_SALT, OPT_FORMAT, OPT_PROGRESS, OPT_ALG };

static const struct option long_opts[] = {
    {"jobs", required_argument, NULL, 'j'},
    {"progress", no_argument, NULL, OPT_PROGRESS},
    {"block-size", required_argument, NULL, OPT_BLOCK},
    {"data-block-size", required_argument, NULL, OPT_DBLOCK},
    {"hash-block-size", required_argument, NULL, OPT_HBLOCK},
    {"salt", required_argument, NULL, OPT_SALT},
    {"format", required_argument, NULL, OPT_FORMAT},
    {"hash-alg", required_argument, NULL, OPT_ALG},
    {NULL, 0, NULL, 0}};

const char *tree_strerror(int err) {
    return err == EIO ? "unexpected end of file (did it shrink?)" : strerror(err);
}

static int bad(const char *what, const char *arg) {
    char text[256];
    snprintf(text, sizeof text, "invalid %s: '%s'", what, arg);
    tree_error(NULL, text);
    return -1;
}

/* An option that this subcommand does not take is refused. */
static int takes(int kind, int c) {
    switch (c) {
    case OPT_BLOCK: case OPT_ALG: return kind == TREE_FSVERITY;
    case OPT_DBLOCK: case OPT_HBLOCK: case OPT_FORMAT: return kind == TREE_DMVERITY;
    case OPT_SALT: return kind != TREE_BINARY;
    default: return 1;
    }
}

static int one_opt(int c, const char *arg, int kind, tree_opts *o) {
    size_t max = kind == TREE_FSVERITY ? FASTSHA256_FSVERITY_MAX_SALT
                                       : FASTSHA256_DMVERITY_MAX_SALT;
    switch (c) {
    case 'j': return tree_parse_jobs(arg, &o->jobs) ? bad("number of jobs", arg) : 0;
    case OPT_PROGRESS: o->progress = true; return 0;
    case OPT_BLOCK: case OPT_DBLOCK:
        return tree_parse_size(arg, &o->block) ? bad("block size", arg) : 0;
    case OPT_HBLOCK: return tree_parse_size(arg, &o->hash_block) ? bad("block size", arg) : 0;
    case OPT_FORMAT:
        if (strcmp(arg, "0") && strcmp(arg, "1"))
            return bad("format (0 or 1)", arg);
        o->format = arg[0] - '0';
        return 0;
    case OPT_ALG: return strcmp(arg, "sha256") ? bad("hash algorithm (sha256 only)", arg) : 0;
    case OPT_SALT:
        o->salt_given = 1;
        if (kind == TREE_DMVERITY && strcmp(arg, "-") == 0) {
            o->salt_len = 0;
            return 0;
        }
        return tree_parse_hex(arg, o->salt, max, &o->salt_len)
                   ? bad(max == 32 ? "salt (hex, at most 32 bytes)"
                                   : "salt (hex, at most 256 bytes)", arg)
                   : 0;
    default: return -1;
    }
}

int tree_parse_opts(int argc, char **argv, int kind, tree_opts *o) {
    memset(o, 0, sizeof *o);
    o->jobs = tree_jobs_default();
    o->block = o->hash_block = 4096;
    o->format = 1;
    optind = 1;
    for (int c; (c = getopt_long(argc, argv, "j:", long_opts, NULL)) != -1;) {
        if (c == '?' || !takes(kind, c)) {
            if (c != '?')
                fprintf(stderr, "%s: %s: unrecognized option '%s'\n", program_name, argv[0],
                        argv[optind - 1]);
            fprintf(stderr, "Try '%s --help' for more information.\n", program_name);
            return -1;
        }
        if (one_opt(c, optarg, kind, o) != 0)
            return -1;
    }
    if (optind == argc || (kind == TREE_DMVERITY && argc - optind != 2)) {
        tree_error(NULL, kind == TREE_DMVERITY ? "dmverity needs DATA and HASHFILE"
                                               : "missing file operand");
        fprintf(stderr, "Try '%s --help' for more information.\n", program_name);
        return -1;
    }
    return 0;
}
