/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Computing checksums: one line per file, as sha256sum prints them. */
#ifndef FSUM_SUM_H
#define FSUM_SUM_H

#include <stdbool.h>

#include "options.h"

/* Hashes o->files and prints their lines; returns whether all were read.
 * Sets *read_stdin when standard input was among them. */
bool sum_files(const cli_options *o, bool *read_stdin);

#endif
