/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* --check: verifies the checksums listed in files, reporting as sha256sum. */
#ifndef FSUM_CHECK_H
#define FSUM_CHECK_H

#include <stdbool.h>

#include "options.h"

/* Checks every list in o->files; returns whether all verified. Sets
 * *read_stdin when standard input was read (a list or a listed "-"). */
bool check_files(const cli_options *o, bool *read_stdin);

#endif
