/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The lines of a check list: "<hex>  <name>", "<hex> *<name>", the
 * single-space form "<hex> <name>", and BSD "TAG (<name>) = <hex>", each
 * optionally escaped (a leading '\'). A leaf: no I/O. */
#ifndef FSUM_CHECKLINE_H
#define FSUM_CHECKLINE_H

#include <stdbool.h>
#include <stddef.h>

typedef struct check_syntax {
    const char *tag;    /* the BSD tag accepted ("SHA256") */
    size_t digest_size; /* bytes: the digest is twice as many hex digits */
    /* -1 until a GNU-format line settles it; 1 once a line used the
     * "<hex> <name>" single-space form (then the character after the space
     * always belongs to the name); 0 once a line used the two-character
     * separator (then single-space lines are rejected). Kept across check
     * files, as sha256sum does. */
    int single_space_form;
} check_syntax;

/* Splits one check line (n bytes, NUL-terminated after them, without its
 * line end) in place into hex digest and file name (unescaped). */
bool parse_check_line(check_syntax *cs, char *s, size_t n, char **hex, char **name);
/* hex is exactly the digest's number of hex digits. */
bool valid_hex(const check_syntax *cs, const char *hex);
/* expected (any case) spells the computed lower-case hex digest. */
bool hex_equal(const check_syntax *cs, const char *expected, const char *computed);

#endif
