/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Parsing the lines of a check list (see README.md, "Check lines"). */
#define _GNU_SOURCE 1
#include "checkline.h"

#include <ctype.h>
#include <string.h>

static bool is_blank(char c) { return c == ' ' || c == '\t'; }

/* Undoes the escaping of a name in place, over its first n bytes: \\ \n \r
 * are the only escapes; anything else (or a NUL) makes the line invalid. */
static bool unescape_name(char *s, size_t n) {
    size_t out = 0;
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        if (c == '\0')
            return false;
        if (c == '\\') {
            if (i + 1 >= n)
                return false;
            char next = s[++i];
            if (next == '\\')
                c = '\\';
            else if (next == 'n')
                c = '\n';
            else if (next == 'r')
                c = '\r';
            else
                return false;
        }
        s[out++] = c;
    }
    s[out] = '\0';
    return true;
}

/* "TAG (name) = hex", from just after the '(' (s holds n bytes, then a NUL). */
static bool parse_bsd(char *s, size_t n, bool escaped, char **hex, char **name) {
    if (n == 0)
        return false;
    size_t close = n - 1;
    while (close > 0 && s[close] != ')')
        close--;
    if (s[close] != ')')
        return false;
    if (escaped && !unescape_name(s, close))
        return false;
    s[close] = '\0';
    size_t i = close + 1;
    while (is_blank(s[i]))
        i++;
    if (s[i] != '=')
        return false;
    i++;
    while (is_blank(s[i]))
        i++;
    *name = s;
    *hex = s + i;
    return true;
}

/* "<hex> <type><name>" from s + i: the digest, one blank, then a type
 * character (' ' text or '*' binary) unless the single-space form is in
 * use. */
static bool parse_gnu(check_syntax *cs, char *s, size_t n, size_t i, bool escaped, char **hex,
                      char **name) {
    size_t hex_len = 2 * cs->digest_size;
    if (n - i < hex_len + 2)
        return false;
    *hex = s + i;
    for (size_t k = 0; k < hex_len; k++)
        if (!isxdigit((unsigned char)s[i + k]))
            return false;
    i += hex_len;
    if (!is_blank(s[i]))
        return false;
    s[i++] = '\0';
    if (n - i == 1 || (s[i] != ' ' && s[i] != '*')) {
        if (cs->single_space_form == 0)
            return false;
        cs->single_space_form = 1;
    } else if (cs->single_space_form != 1) {
        cs->single_space_form = 0;
        i++;
    }
    *name = s + i;
    if (escaped && !unescape_name(s + i, n - i))
        return false;
    return true;
}

bool parse_check_line(check_syntax *cs, char *s, size_t n, char **hex, char **name) {
    size_t tag_len = strlen(cs->tag);
    size_t i = 0;
    bool escaped = false;
    while (is_blank(s[i]))
        i++;
    if (s[i] == '\\') {
        i++;
        escaped = true;
    }
    if (strncmp(s + i, cs->tag, tag_len) != 0)
        return parse_gnu(cs, s, n, i, escaped, hex, name);
    i += tag_len;
    if (s[i] == ' ')
        i++;
    if (s[i] != '(')
        return false;
    i++;
    return parse_bsd(s + i, n - i, escaped, hex, name);
}

bool valid_hex(const check_syntax *cs, const char *hex) {
    size_t want = 2 * cs->digest_size, k = 0;
    for (; hex[k]; k++)
        if (!isxdigit((unsigned char)hex[k]))
            return false;
    return k == want;
}

bool hex_equal(const check_syntax *cs, const char *expected, const char *computed) {
    for (size_t k = 0; k < 2 * cs->digest_size; k++)
        if (tolower((unsigned char)expected[k]) != computed[k])
            return false;
    return true;
}
