/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The extras about backends: FASTSHA256_BACKEND's check, --backend and
 * --list-backends. */
#ifndef FSUM_BACKENDS_H
#define FSUM_BACKENDS_H

#include <stdbool.h>

/* Reports an ignored FASTSHA256_BACKEND (the library never prints), then
 * forces `backend` when not NULL; false (exit status 2) after a message
 * when either fails. */
bool select_backend(const char *backend);
/* --list-backends: the supported ones best first, the active one marked,
 * the compiled-in ones this CPU lacks, and the hex encoder. */
void list_backends(void);

#endif
