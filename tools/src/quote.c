/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Shell-style quoting of names in diagnostics (what sha256sum shows):
 *   - nothing, when every character is harmless to a shell;
 *   - "double quotes", when the only trouble is an apostrophe among
 *     otherwise plain printable characters;
 *   - 'single quotes', with ' written as '\'' and control or undecodable
 *     bytes written as $'\n' / $'\ooo' segments, otherwise.
 * A colon also forces quoting (the name precedes ": message").
 * Printable or not is the locale's (LC_CTYPE) answer for non-ASCII bytes. */
#define _GNU_SOURCE 1
#include "quote.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>
#include <wctype.h>

#include "program.h"

enum unit_kind { U_PLAIN, U_APOSTROPHE, U_ESCAPE };

typedef struct unit {
    enum unit_kind kind;
    size_t start, len;  /* bytes of the name */
    char letter;        /* for U_ESCAPE: a, b, f, n, r, t, v or 0 for octal */
    bool needs_quoting; /* forces some quoting of the whole name */
    bool dq_friendly;   /* may stand inside the "double quoted" form */
} unit;

/* Classifies one byte of the ASCII range; returns false for bytes that need
 * the locale's opinion (printable or not). */
static bool classify_ascii(const char *name, size_t i, unit *u) {
    unsigned char c = (unsigned char)name[i];
    u->kind = U_PLAIN;
    u->letter = 0;
    u->needs_quoting = false;
    u->dq_friendly = false;
    switch (c) {
    case '\a': u->letter = 'a'; break;
    case '\b': u->letter = 'b'; break;
    case '\f': u->letter = 'f'; break;
    case '\n': u->letter = 'n'; break;
    case '\r': u->letter = 'r'; break;
    case '\t': u->letter = 't'; break;
    case '\v': u->letter = 'v'; break;
    case ' ':
        u->needs_quoting = u->dq_friendly = true;
        return true;
    case '#':
    case '~':
        if (i == 0)
            u->needs_quoting = u->dq_friendly = true;
        return true;
    case '{':
    case '}':
        if (name[1] == '\0')
            u->needs_quoting = u->dq_friendly = true;
        return true;
    case '\'':
        u->kind = U_APOSTROPHE;
        u->needs_quoting = u->dq_friendly = true;
        return true;
    case '!': case '"': case '$': case '&': case '(': case ')': case '*':
    case ';': case '<': case '=': case '>': case '?': case '[': case '\\':
    case '^': case '`': case '|':
        u->needs_quoting = true;
        return true;
    case ':':
        u->needs_quoting = u->dq_friendly = true;
        return true;
    default:
        if (isalnum(c) || strchr("%+,-./]_", c) != NULL) {
            u->dq_friendly = true;
            return true;
        }
        return false;
    }
    u->kind = U_ESCAPE;
    u->needs_quoting = true;
    return true;
}

/* Splits name into units: single bytes, or whole multibyte characters. */
static size_t split_units(const char *name, unit **out) {
    size_t n = strlen(name);
    unit *units = xmalloc(n * sizeof *units);
    bool multibyte = MB_CUR_MAX > 1;
    size_t count = 0, i = 0;
    while (i < n) {
        unit *u = &units[count++];
        u->start = i;
        u->len = 1;
        if (classify_ascii(name, i, u)) {
            i++;
            continue;
        }
        unsigned char c = (unsigned char)name[i];
        bool printable;
        if (!multibyte) {
            printable = isprint(c) != 0;
        } else {
            mbstate_t st;
            wchar_t wc;
            memset(&st, 0, sizeof st);
            size_t r = mbrtowc(&wc, name + i, n - i, &st);
            if (r == (size_t)-1 || r == 0) {
                printable = false;
            } else if (r == (size_t)-2) {
                printable = false;
                u->len = n - i; /* an incomplete character: all the rest */
            } else {
                u->len = r;
                printable = iswprint((wint_t)wc) != 0;
            }
        }
        u->kind = printable ? U_PLAIN : U_ESCAPE;
        u->needs_quoting = !printable;
        u->dq_friendly = printable;
        i += u->len;
    }
    *out = units;
    return count;
}

/* The single-quoted form. `in_dollar` says whether a $'...' segment is open
 * at the start; returns whether one is open at the end (before the final
 * quote). sha256sum re-runs this when the name holds an apostrophe, starting
 * from where the first run ended; that is reproduced, odd as the result is. */
static bool emit_single_quoted(strbuf *sb, const char *name, const unit *units, size_t count,
                               bool in_dollar) {
    sb_putc(sb, '\'');
    for (size_t k = 0; k < count; k++) {
        const unit *u = &units[k];
        switch (u->kind) {
        case U_ESCAPE:
            if (!in_dollar) {
                sb_puts(sb, "'$'");
                in_dollar = true;
            }
            for (size_t j = 0; j < u->len; j++) {
                unsigned char c = (unsigned char)name[u->start + j];
                char esc[5];
                if (u->letter) {
                    esc[0] = '\\';
                    esc[1] = u->letter;
                    esc[2] = '\0';
                } else {
                    esc[0] = '\\';
                    esc[1] = (char)('0' + (c >> 6));
                    esc[2] = (char)('0' + ((c >> 3) & 7));
                    esc[3] = (char)('0' + (c & 7));
                    esc[4] = '\0';
                }
                sb_puts(sb, esc);
            }
            break;
        case U_APOSTROPHE:
            sb_puts(sb, "'\\''");
            in_dollar = false;
            break;
        case U_PLAIN:
            if (in_dollar) {
                sb_puts(sb, "''");
                in_dollar = false;
            }
            sb_add(sb, name + u->start, u->len);
            break;
        }
    }
    sb_putc(sb, '\'');
    return in_dollar;
}

void quote_name(strbuf *sb, const char *name) {
    if (*name == '\0') {
        sb_puts(sb, "''");
        return;
    }
    unit *units;
    size_t count = split_units(name, &units);
    bool needs = false, apostrophe = false, dq_ok = true;
    for (size_t k = 0; k < count; k++) {
        needs |= units[k].needs_quoting;
        apostrophe |= units[k].kind == U_APOSTROPHE;
        dq_ok &= units[k].dq_friendly;
    }
    if (!needs) {
        sb_puts(sb, name);
    } else if (apostrophe && dq_ok) {
        sb_putc(sb, '"');
        sb_puts(sb, name);
        sb_putc(sb, '"');
    } else if (apostrophe) {
        strbuf scratch = {0};
        bool open_at_end = emit_single_quoted(&scratch, name, units, count, false);
        free(scratch.data);
        emit_single_quoted(sb, name, units, count, open_at_end);
    } else {
        emit_single_quoted(sb, name, units, count, false);
    }
    free(units);
}
