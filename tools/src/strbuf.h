/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* A small growable string, always NUL-terminated once written to. */
#ifndef FSUM_STRBUF_H
#define FSUM_STRBUF_H

#include <stddef.h>

typedef struct strbuf {
    char *data; /* NULL until the first write; the caller frees it */
    size_t len, cap;
} strbuf;

/* Makes room for `extra` more bytes and the NUL after them. */
void sb_reserve(strbuf *sb, size_t extra);
void sb_add(strbuf *sb, const char *s, size_t n);
void sb_puts(strbuf *sb, const char *s);
void sb_putc(strbuf *sb, char c);

#endif
