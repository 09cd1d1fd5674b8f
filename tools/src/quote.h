/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Shell-style quoting of file names for diagnostics, as sha256sum does it. */
#ifndef FSUM_QUOTE_H
#define FSUM_QUOTE_H

#include "strbuf.h"

/* Appends name to sb, quoted for a shell when it needs to be. */
void quote_name(strbuf *sb, const char *name);

#endif
