/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The command line: sha256sum's options (getopt_long, so abbreviations and
 * errors are sha256sum's), the extras taken by their full names only, and
 * sha256sum's checks of their combinations. */
#ifndef FSUM_OPTIONS_H
#define FSUM_OPTIONS_H

#include <fcntl.h>
#include <stdbool.h>
#include <stddef.h>

#include "algorithm.h"
#include "engine.h"

/* O_BINARY where a system has text files (Windows). There, as sha256sum
 * does, a file named without -t or -b is marked binary ('*'), and so is
 * standard input unless it is a terminal (sum.c). The bytes hashed are the
 * same in every mode: every file is read binary (docs/windows.md). */
#ifndef O_BINARY
#  define O_BINARY 0
#endif

enum cli_action { ACTION_RUN, ACTION_HELP, ACTION_VERSION };

typedef struct cli_options {
    enum cli_action action;
    const algorithm *algo;
    bool check, tag, zero, ignore_missing, quiet, status, warn, strict;
    int binary;          /* -1 unset (binary where O_BINARY), 0 text, 1 binary */
    size_t jobs;         /* -j; 0: the CPUs this process may use */
    bool progress, list_backends;
    const char *backend; /* --backend, or NULL */
    char **files;        /* the operands, or just "-" */
    int nfiles;
} cli_options;

/* Fills o from argv (reordered); a usage error exits with status 1.
 * The algorithm defaults to the one the program's name says. */
void parse_options(int argc, char **argv, cli_options *o);
/* --help and --version, on standard output. */
void print_help(const cli_options *o);
void print_version(void);
/* The engine's settings for these options (--progress counts its bytes). */
engine_config engine_config_for(const cli_options *o);

#endif
