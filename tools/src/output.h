/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Lines on standard output, as sha256sum writes them, and its closing. */
#ifndef FSUM_OUTPUT_H
#define FSUM_OUTPUT_H

#include <stdbool.h>

/* Sets standard output's buffering: lines leave whole, as each file is done
 * (see output.c). Call before anything is written. */
void output_init(void);
/* The engine has no further result ready: pending lines leave now. */
void output_idle(void);

/* "<hex>  <name>" ('*' for binary), or "<bsd_tag> (<name>) = <hex>" when
 * bsd_tag is not NULL; a name holding \, newline or CR is escaped and the
 * line starts with '\' (not with zero, whose lines end in NUL). */
void print_sum_line(const char *bsd_tag, bool binary, bool zero, const char *name,
                    const char *hex);
/* A result line of --check: "<name>: <status>". Only names holding a newline
 * are escaped there (as sha256sum does). */
void print_check_line(const char *name, const char *status);
/* Closes standard output, reporting a failure as sha256sum does: "write
 * error", with the reason (errno) when fclose itself failed, as it does
 * when bytes still pending (a -z record) cannot leave; a closed standard
 * output that was never written to is not an error.
 * `was_closed`: descriptor 1 was closed at start (it holds /dev/null). */
bool close_stdout(bool was_closed);

#endif
