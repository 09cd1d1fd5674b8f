/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Diagnostics on standard error, in sha256sum's words and order: standard
 * output is flushed and the --progress line taken away first. */
#ifndef FSUM_DIAG_H
#define FSUM_DIAG_H

/* MinGW's "printf" format is msvcrt's; its builds use MinGW's C99 one. */
#ifdef __MINGW_PRINTF_FORMAT
#  define FSUM_PRINTF __MINGW_PRINTF_FORMAT
#else
#  define FSUM_PRINTF printf
#endif

/* "program: " + formatted text + newline, written at once. */
__attribute__((format(FSUM_PRINTF, 1, 2))) void message(const char *fmt, ...);
/* "program: <quoted name>: <text>" */
void name_message(const char *name, const char *text);
/* A usage problem: the message (if any), the --help hint, exit status 1. */
_Noreturn void usage_error(const char *text);

#endif
