/* SPDX-License-Identifier: Apache-2.0 OR MIT */
#define _GNU_SOURCE 1
#include "strbuf.h"

#include <stdint.h>
#include <string.h>

#include "program.h"

void sb_reserve(strbuf *sb, size_t extra) {
    if (sb->cap - sb->len > extra)
        return;
    if (extra > SIZE_MAX / 2 - sb->len)
        xalloc_die();
    size_t cap = sb->cap ? sb->cap : 64;
    while (cap - sb->len <= extra)
        cap *= 2;
    sb->data = xrealloc(sb->data, cap);
    sb->cap = cap;
}

void sb_add(strbuf *sb, const char *s, size_t n) {
    sb_reserve(sb, n);
    memcpy(sb->data + sb->len, s, n);
    sb->len += n;
    sb->data[sb->len] = '\0';
}

void sb_puts(strbuf *sb, const char *s) { sb_add(sb, s, strlen(s)); }
void sb_putc(strbuf *sb, char c) { sb_add(sb, &c, 1); }
