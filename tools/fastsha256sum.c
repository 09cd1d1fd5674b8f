/* fastsha256sum: a drop-in for GNU coreutils sha256sum (and, as fastsha224sum
 * or with -a sha224, for sha224sum) built on the fastsha256 library.
 *
 * Output, messages and exit codes follow GNU coreutils 9.x behaviour: the
 * "<hex>  <name>" and BSD "--tag" formats, the escaping of names that hold a
 * backslash, newline or carriage return, --check with its reporting options,
 * and the shell-style quoting of file names in diagnostics. The extras are
 * --algorithm, --backend, --list-backends and the FASTSHA256_BACKEND check.
 *
 * Written from the documented and observed behaviour of sha256sum; no
 * coreutils code is used. */
#define _GNU_SOURCE 1

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <locale.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <wchar.h>
#include <wctype.h>

#include "fastsha256.h"

#define READ_SIZE (256u * 1024u)

/* ---------------------------------------------------------------------------
 * Program state
 * ------------------------------------------------------------------------- */

typedef struct algorithm {
    const char *option_name; /* for --algorithm */
    const char *tag;         /* BSD tag and name in messages */
    size_t digest_size;      /* bytes */
    void (*init)(fastsha256_ctx *);
} algorithm;

static const algorithm algo_sha256 = {"sha256", "SHA256", FASTSHA256_DIGEST_SIZE, fastsha256_init};
static const algorithm algo_sha224 = {"sha224", "SHA224", FASTSHA224_DIGEST_SIZE, fastsha224_init};

static const char *program_name = "fastsha256sum";
static const algorithm *algo = &algo_sha256;

static bool opt_check;
static bool opt_tag;
static int opt_binary = -1; /* -1 unset, 0 text, 1 binary */
static bool opt_zero;
static bool opt_ignore_missing;
static bool opt_quiet;
static bool opt_status;
static bool opt_warn;
static bool opt_strict;

static bool have_read_stdin;

/* While checking: -1 until a GNU-format line settles it; 1 once a line used
 * the "<hex> <name>" single-space form (then the character after the space
 * always belongs to the name); 0 once a line used the two-character
 * separator (then single-space lines are rejected). Kept across check files,
 * as sha256sum does. */
static int single_space_form = -1;

static unsigned char *read_buffer;

/* ---------------------------------------------------------------------------
 * A small growable string
 * ------------------------------------------------------------------------- */

typedef struct strbuf {
    char *data;
    size_t len, cap;
} strbuf;

_Noreturn static void xalloc_die(void) {
    fprintf(stderr, "%s: memory exhausted\n", program_name);
    exit(EXIT_FAILURE);
}

static void sb_reserve(strbuf *sb, size_t extra) {
    if (sb->cap - sb->len > extra)
        return;
    if (extra > SIZE_MAX / 2 - sb->len)
        xalloc_die();
    size_t cap = sb->cap ? sb->cap : 64;
    while (cap - sb->len <= extra)
        cap *= 2;
    char *p = realloc(sb->data, cap);
    if (p == NULL)
        xalloc_die();
    sb->data = p;
    sb->cap = cap;
}

static void sb_add(strbuf *sb, const char *s, size_t n) {
    sb_reserve(sb, n);
    memcpy(sb->data + sb->len, s, n);
    sb->len += n;
    sb->data[sb->len] = '\0';
}

static void sb_puts(strbuf *sb, const char *s) { sb_add(sb, s, strlen(s)); }
static void sb_putc(strbuf *sb, char c) { sb_add(sb, &c, 1); }

/* ---------------------------------------------------------------------------
 * Shell-style quoting of names in diagnostics (what sha256sum shows):
 *   - nothing, when every character is harmless to a shell;
 *   - "double quotes", when the only trouble is an apostrophe among
 *     otherwise plain printable characters;
 *   - 'single quotes', with ' written as '\'' and control or undecodable
 *     bytes written as $'\n' / $'\ooo' segments, otherwise.
 * A colon also forces quoting (the name precedes ": message").
 * ------------------------------------------------------------------------- */

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
    unit *units = malloc((n ? n : 1) * sizeof *units);
    if (units == NULL)
        xalloc_die();
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

static void quote_name(strbuf *sb, const char *name) {
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

/* ---------------------------------------------------------------------------
 * Diagnostics
 * ------------------------------------------------------------------------- */

/* "program: " + formatted text + newline, written at once. */
__attribute__((format(printf, 1, 2))) static void message(const char *fmt, ...) {
    strbuf sb = {0};
    va_list ap;
    sb_puts(&sb, program_name);
    sb_puts(&sb, ": ");
    va_start(ap, fmt);
    va_list ap2;
    va_copy(ap2, ap);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n > 0) {
        sb_reserve(&sb, (size_t)n + 1);
        vsnprintf(sb.data + sb.len, (size_t)n + 1, fmt, ap2);
        sb.len += (size_t)n;
    }
    va_end(ap2);
    sb_putc(&sb, '\n');
    fflush(stdout);
    fwrite(sb.data, 1, sb.len, stderr);
    free(sb.data);
}

/* "program: <quoted name>: <text>" */
static void name_message(const char *name, const char *text) {
    strbuf q = {0};
    quote_name(&q, name);
    message("%s: %s", q.data, text);
    free(q.data);
}

/* A usage problem: the message (if any), the --help hint, exit status 1. */
_Noreturn static void usage_error(const char *text) {
    if (text)
        fprintf(stderr, "%s: %s\n", program_name, text);
    fprintf(stderr, "Try '%s --help' for more information.\n", program_name);
    exit(EXIT_FAILURE);
}

/* ---------------------------------------------------------------------------
 * Hashing a file
 * ------------------------------------------------------------------------- */

enum digest_result { DIGEST_OK, DIGEST_FAILED, DIGEST_MISSING };

/* Hashes `name` ("-" is standard input) into hex (2 * digest_size + 1).
 * Reports failures itself, except a missing file when `quiet_missing`. */
static enum digest_result digest_file(const char *name, char *hex, bool quiet_missing) {
    bool is_stdin = strcmp(name, "-") == 0;
    int fd;
    if (is_stdin) {
        have_read_stdin = true;
        fd = STDIN_FILENO;
    } else {
        fd = open(name, O_RDONLY | O_CLOEXEC);
        if (fd < 0) {
            int err = errno;
            if (quiet_missing && err == ENOENT)
                return DIGEST_MISSING;
            name_message(name, strerror(err));
            return DIGEST_FAILED;
        }
#if defined(POSIX_FADV_SEQUENTIAL)
        (void)posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL);
#endif
    }

    fastsha256_ctx ctx;
    algo->init(&ctx);
    for (;;) {
        ssize_t got = read(fd, read_buffer, READ_SIZE);
        if (got > 0) {
            fastsha256_update(&ctx, read_buffer, (size_t)got);
            continue;
        }
        if (got == 0)
            break;
        if (errno == EINTR)
            continue;
        int err = errno;
        name_message(name, strerror(err));
        if (!is_stdin)
            close(fd);
        uint8_t discard[FASTSHA256_DIGEST_SIZE];
        fastsha256_final(&ctx, discard);
        return DIGEST_FAILED;
    }
    if (!is_stdin)
        close(fd);
    uint8_t digest[FASTSHA256_DIGEST_SIZE];
    fastsha256_final(&ctx, digest);
    fastsha256_to_hex(digest, algo->digest_size, hex);
    return DIGEST_OK;
}

/* ---------------------------------------------------------------------------
 * Printing names in output lines
 * ------------------------------------------------------------------------- */

/* Writes name with \\, \n and \r escaped. */
static void put_escaped(const char *name) {
    for (const char *p = name; *p; p++) {
        switch (*p) {
        case '\\': fputs("\\\\", stdout); break;
        case '\n': fputs("\\n", stdout); break;
        case '\r': fputs("\\r", stdout); break;
        default: putchar(*p); break;
        }
    }
}

static void print_sum_line(const char *name, const char *hex) {
    bool escape = !opt_zero && strpbrk(name, "\\\n\r") != NULL;
    if (escape)
        putchar('\\');
    if (opt_tag) {
        fputs(algo->tag, stdout);
        fputs(" (", stdout);
        if (escape)
            put_escaped(name);
        else
            fputs(name, stdout);
        fputs(") = ", stdout);
        fputs(hex, stdout);
    } else {
        fputs(hex, stdout);
        putchar(' ');
        putchar(opt_binary > 0 ? '*' : ' ');
        if (escape)
            put_escaped(name);
        else
            fputs(name, stdout);
    }
    putchar(opt_zero ? '\0' : '\n');
}

/* A result line of --check: "<name>: <status>". Only names holding a newline
 * are escaped there (as sha256sum does). */
static void print_check_line(const char *name, const char *status) {
    if (strchr(name, '\n') != NULL) {
        putchar('\\');
        put_escaped(name);
    } else {
        fputs(name, stdout);
    }
    fputs(": ", stdout);
    fputs(status, stdout);
    putchar('\n');
}

/* ---------------------------------------------------------------------------
 * Parsing check lines
 * ------------------------------------------------------------------------- */

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

/* Splits one check line (n bytes, NUL-terminated after them, without its
 * line end) into hex digest and file name. */
static bool parse_check_line(char *s, size_t n, char **hex, char **name) {
    size_t hex_len = 2 * algo->digest_size;
    size_t tag_len = strlen(algo->tag);
    size_t i = 0;
    bool escaped = false;

    while (is_blank(s[i]))
        i++;
    if (s[i] == '\\') {
        i++;
        escaped = true;
    }

    if (strncmp(s + i, algo->tag, tag_len) == 0) {
        i += tag_len;
        if (s[i] == ' ')
            i++;
        if (s[i] != '(')
            return false;
        i++;
        return parse_bsd(s + i, n - i, escaped, hex, name);
    }

    /* "<hex> <type><name>": the digest, one blank, then a type character
     * (' ' text or '*' binary) unless the single-space form is in use. */
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
        if (single_space_form == 0)
            return false;
        single_space_form = 1;
    } else if (single_space_form != 1) {
        single_space_form = 0;
        i++;
    }
    *name = s + i;
    if (escaped && !unescape_name(s + i, n - i))
        return false;
    return true;
}

static bool valid_hex(const char *hex) {
    size_t want = 2 * algo->digest_size, k = 0;
    for (; hex[k]; k++)
        if (!isxdigit((unsigned char)hex[k]))
            return false;
    return k == want;
}

static bool hex_equal(const char *expected, const char *computed) {
    for (size_t k = 0; k < 2 * algo->digest_size; k++)
        if (tolower((unsigned char)expected[k]) != computed[k])
            return false;
    return true;
}

/* ---------------------------------------------------------------------------
 * --check
 * ------------------------------------------------------------------------- */

static void plural_warning(uintmax_t n, const char *one, const char *many) {
    message("WARNING: %ju %s", n, n == 1 ? one : many);
}

static bool check_file(const char *checkfile) {
    bool from_stdin = strcmp(checkfile, "-") == 0;
    const char *display = from_stdin ? "standard input" : checkfile;
    FILE *fp;
    if (from_stdin) {
        have_read_stdin = true;
        fp = stdin;
    } else {
        fp = fopen(checkfile, "r");
        if (fp == NULL) {
            name_message(checkfile, strerror(errno));
            return false;
        }
    }

    uintmax_t line_no = 0, improper = 0, mismatched = 0, unreadable = 0, correct = 0;
    bool any_proper = false;
    char *line = NULL;
    size_t cap = 0;
    ssize_t got;
    char hex[FASTSHA256_HEX_SIZE];

    while ((got = getline(&line, &cap, fp)) > 0) {
        size_t n = (size_t)got;
        line_no++;
        if (line[0] == '#')
            continue;
        if (line[n - 1] == '\n')
            n--;
        if (n > 0 && line[n - 1] == '\r')
            n--;
        line[n] = '\0';
        if (n == 0)
            continue;

        char *expected = NULL, *name = NULL;
        /* A check list read from standard input cannot name standard input. */
        if (!parse_check_line(line, n, &expected, &name) || !valid_hex(expected) ||
            (from_stdin && strcmp(name, "-") == 0)) {
            improper++;
            if (opt_warn) {
                strbuf q = {0};
                quote_name(&q, display);
                message("%s: %ju: improperly formatted %s checksum line", q.data, line_no,
                        algo->tag);
                free(q.data);
            }
            continue;
        }
        any_proper = true;

        enum digest_result r = digest_file(name, hex, opt_ignore_missing);
        if (r == DIGEST_MISSING)
            continue;
        if (r == DIGEST_FAILED) {
            unreadable++;
            if (!opt_status)
                print_check_line(name, "FAILED open or read");
        } else if (hex_equal(expected, hex)) {
            correct++;
            if (!opt_status && !opt_quiet)
                print_check_line(name, "OK");
        } else {
            mismatched++;
            if (!opt_status)
                print_check_line(name, "FAILED");
        }
    }
    free(line);

    bool read_error = ferror(fp) != 0;
    if (!from_stdin)
        fclose(fp);
    if (read_error) {
        name_message(display, "read error");
        return false;
    }

    if (!any_proper) {
        name_message(display, "no properly formatted checksum lines found");
    } else {
        if (!opt_status) {
            if (improper)
                plural_warning(improper, "line is improperly formatted",
                               "lines are improperly formatted");
            if (unreadable)
                plural_warning(unreadable, "listed file could not be read",
                               "listed files could not be read");
            if (mismatched)
                plural_warning(mismatched, "computed checksum did NOT match",
                               "computed checksums did NOT match");
            if (opt_ignore_missing && correct == 0)
                name_message(display, "no file was verified");
        }
    }
    return any_proper && mismatched == 0 && unreadable == 0 && (!opt_strict || improper == 0) &&
           (!opt_ignore_missing || correct > 0);
}

/* ---------------------------------------------------------------------------
 * Backends
 * ------------------------------------------------------------------------- */

static void supported_list(strbuf *sb) {
    const char *names[16];
    size_t n = fastsha256_backends(names, 16);
    if (n > 16)
        n = 16;
    for (size_t k = 0; k < n; k++) {
        if (k)
            sb_puts(sb, ", ");
        sb_puts(sb, names[k]);
    }
}

static void list_backends(void) {
    const char *names[16], *all[16];
    size_t n = fastsha256_backends(names, 16);
    size_t n_all = fastsha256_all_backends(all, 16);
    if (n > 16)
        n = 16;
    if (n_all > 16)
        n_all = 16;
    const char *active = fastsha256_backend();
    printf("Backends supported on this CPU, best first (* = active):\n");
    for (size_t k = 0; k < n; k++)
        printf("%c %s\n", strcmp(names[k], active) == 0 ? '*' : ' ', names[k]);
    bool header = false;
    for (size_t k = 0; k < n_all; k++) {
        bool supported = false;
        for (size_t j = 0; j < n; j++)
            supported |= strcmp(all[k], names[j]) == 0;
        if (supported)
            continue;
        if (!header) {
            printf("Compiled in but not supported on this CPU:\n");
            header = true;
        }
        printf("  %s\n", all[k]);
    }
    printf("Hex encoder: %s\n", fastsha256_hex_backend());
}

/* ---------------------------------------------------------------------------
 * Options
 * ------------------------------------------------------------------------- */

enum {
    OPT_TAG = CHAR_MAX + 1,
    OPT_IGNORE_MISSING,
    OPT_QUIET,
    OPT_STATUS,
    OPT_STRICT,
    OPT_HELP,
    OPT_VERSION,
    OPT_BACKEND,
    OPT_LIST_BACKENDS,
};

static const struct option long_options[] = {
    {"binary", no_argument, NULL, 'b'},
    {"check", no_argument, NULL, 'c'},
    {"ignore-missing", no_argument, NULL, OPT_IGNORE_MISSING},
    {"quiet", no_argument, NULL, OPT_QUIET},
    {"status", no_argument, NULL, OPT_STATUS},
    {"strict", no_argument, NULL, OPT_STRICT},
    {"tag", no_argument, NULL, OPT_TAG},
    {"text", no_argument, NULL, 't'},
    {"warn", no_argument, NULL, 'w'},
    {"zero", no_argument, NULL, 'z'},
    {"algorithm", required_argument, NULL, 'a'},
    {"backend", required_argument, NULL, OPT_BACKEND},
    {"list-backends", no_argument, NULL, OPT_LIST_BACKENDS},
    {"help", no_argument, NULL, OPT_HELP},
    {"version", no_argument, NULL, OPT_VERSION},
    {NULL, 0, NULL, 0},
};

static void help(void) {
    printf("Usage: %s [OPTION]... [FILE]...\n", program_name);
    printf("Compute or verify %s checksums with fastsha256.\n\n", algo->tag);
    fputs("Reads standard input when no FILE is given or FILE is -.\n"
          "\n"
          "Output:\n"
          "  -b, --binary          mark lines with '*' (binary mode; same digest)\n"
          "  -t, --text            mark lines with ' ' (text mode, the default)\n"
          "      --tag             BSD-style lines: ALGO (FILE) = DIGEST\n"
          "  -z, --zero            end lines with NUL instead of newline and do not\n"
          "                          escape file names\n"
          "\n"
          "Verification:\n"
          "  -c, --check           verify the checksums listed in the FILEs (GNU or\n"
          "                          BSD-style lines, as printed by this program)\n"
          "      --ignore-missing  skip listed files that do not exist\n"
          "      --quiet           print only failures, not each OK\n"
          "      --status          print nothing; the exit status tells the result\n"
          "      --strict          fail on improperly formatted lines\n"
          "  -w, --warn            report each improperly formatted line\n"
          "\n"
          "fastsha256:\n"
          "  -a, --algorithm=NAME  sha256 (default) or sha224; run as fastsha224sum,\n"
          "                          the default is sha224\n"
          "      --backend=NAME    use this hashing backend (see --list-backends)\n"
          "      --list-backends   show the backends this CPU supports, best first,\n"
          "                          which one is active, and the hex encoder\n"
          "\n"
          "      --help            show this help and exit\n"
          "      --version         show the version and exit\n"
          "\n"
          "Output, messages and exit statuses match GNU sha256sum/sha224sum.\n"
          "FASTSHA256_BACKEND=NAME in the environment forces a backend; a name that\n"
          "is unknown or unsupported on this CPU is reported and the program exits 2.\n"
          "Exit status: 0 success, 1 failure, 2 backend error.\n",
          stdout);
}

static void version(void) {
    printf("%s (fastsha256) %s\n", program_name, fastsha256_version());
    printf("Backend: %s, hex encoder: %s\n", fastsha256_backend(), fastsha256_hex_backend());
}

/* Flushes and closes standard output, reporting a failure as sha256sum
 * does: "write error", with the reason only when closing failed too; a
 * closed standard output that was never written to is not an error. */
static bool close_stdout(void) {
    bool flush_failed = fflush(stdout) != 0 || ferror(stdout);
    bool close_failed = fclose(stdout) != 0;
    int close_errno = errno;
    if (flush_failed && close_failed) {
        fprintf(stderr, "%s: write error: %s\n", program_name, strerror(close_errno));
        return false;
    }
    if (flush_failed || (close_failed && close_errno != EBADF)) {
        if (close_failed)
            fprintf(stderr, "%s: write error: %s\n", program_name, strerror(close_errno));
        else
            fprintf(stderr, "%s: write error\n", program_name);
        return false;
    }
    return true;
}

static const char *base_name(const char *path) {
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

/* Does `arg` abbreviate (or spell) the long option `full`, with no "=..."? */
static bool abbreviates(const char *arg, const char *full) {
    size_t n = strlen(arg);
    return n > 2 && strncmp(arg, full, n) == 0;
}

/* sha256sum accepts "--b" for --binary; here --backend shares that prefix.
 * Rewrite it so the drop-in keeps accepting what sha256sum accepts. */
static void resolve_abbreviations(int argc, char **argv) {
    static char binary[] = "--binary";
    for (int k = 1; k < argc; k++) {
        const char *a = argv[k];
        if (strcmp(a, "--") == 0)
            return;
        if (strcmp(a, "--b") == 0) {
            argv[k] = binary;
            continue;
        }
        /* Skip the separate argument of an option that takes one. */
        if (a[0] == '-' && a[1] == '-') {
            if (strchr(a, '=') == NULL &&
                (abbreviates(a, "--algorithm") || abbreviates(a, "--backend")))
                k++;
        } else if (a[0] == '-' && a[1] != '\0') {
            const char *p = a + 1;
            while (*p && strchr("bctwz", *p))
                p++;
            if (*p == 'a' && p[1] == '\0')
                k++;
        }
    }
}

static int parse_algorithm(const char *arg) {
    static const algorithm *const known[] = {&algo_sha256, &algo_sha224};
    for (size_t k = 0; k < sizeof known / sizeof known[0]; k++) {
        if (strcasecmp(arg, known[k]->option_name) == 0) {
            algo = known[k];
            return 0;
        }
    }
    return -1;
}

int main(int argc, char **argv) {
    if (argc > 0 && argv[0] && argv[0][0])
        program_name = argv[0];
    setlocale(LC_ALL, "");
    if (strncmp(base_name(program_name), "fastsha224sum", 13) == 0)
        algo = &algo_sha224;

    const char *backend = NULL;
    bool want_list = false;
    resolve_abbreviations(argc, argv);

    int c;
    while ((c = getopt_long(argc, argv, "a:bctwz", long_options, NULL)) != -1) {
        switch (c) {
        case 'a':
            if (parse_algorithm(optarg) != 0) {
                fprintf(stderr,
                        "%s: invalid argument '%s' for '--algorithm'\n"
                        "Valid arguments are:\n  - 'sha256'\n  - 'sha224'\n",
                        program_name, optarg);
                usage_error(NULL);
            }
            break;
        case 'b': opt_binary = 1; break;
        case 'c': opt_check = true; break;
        case 't': opt_binary = 0; break;
        case 'z': opt_zero = true; break;
        case 'w':
            opt_warn = true;
            opt_quiet = opt_status = false;
            break;
        case OPT_QUIET:
            opt_quiet = true;
            opt_warn = opt_status = false;
            break;
        case OPT_STATUS:
            opt_status = true;
            opt_warn = opt_quiet = false;
            break;
        case OPT_STRICT: opt_strict = true; break;
        case OPT_IGNORE_MISSING: opt_ignore_missing = true; break;
        case OPT_TAG:
            opt_tag = true;
            opt_binary = 1;
            break;
        case OPT_BACKEND: backend = optarg; break;
        case OPT_LIST_BACKENDS: want_list = true; break;
        case OPT_HELP:
            help();
            return close_stdout() ? EXIT_SUCCESS : EXIT_FAILURE;
        case OPT_VERSION:
            version();
            return close_stdout() ? EXIT_SUCCESS : EXIT_FAILURE;
        default: usage_error(NULL);
        }
    }

    /* The same checks, in the same order, as sha256sum. */
    if (opt_tag && opt_binary == 0)
        usage_error("--tag does not support --text mode");
    if (opt_zero && opt_check)
        usage_error("the --zero option is not supported when verifying checksums");
    if (opt_tag && opt_check)
        usage_error("the --tag option is meaningless when verifying checksums");
    if (opt_binary >= 0 && opt_check)
        usage_error("the --binary and --text options are meaningless when verifying checksums");
    if (opt_ignore_missing && !opt_check)
        usage_error("the --ignore-missing option is meaningful only when verifying checksums");
    if (opt_status && !opt_check)
        usage_error("the --status option is meaningful only when verifying checksums");
    if (opt_warn && !opt_check)
        usage_error("the --warn option is meaningful only when verifying checksums");
    if (opt_quiet && !opt_check)
        usage_error("the --quiet option is meaningful only when verifying checksums");
    if (opt_strict && !opt_check)
        usage_error("the --strict option is meaningful only when verifying checksums");

    /* The library never prints: report an ignored FASTSHA256_BACKEND here,
     * before any forced backend replaces the automatic choice. */
    if (fastsha256_env_backend_ignored()) {
        strbuf sb = {0};
        supported_list(&sb);
        const char *env = getenv("FASTSHA256_BACKEND");
        fprintf(stderr,
                "%s: warning: FASTSHA256_BACKEND='%s' is unknown or not supported on this "
                "CPU and was ignored (supported: %s)\n",
                program_name, env ? env : "", sb.data ? sb.data : "");
        free(sb.data);
        return 2;
    }
    if (backend && fastsha256_set_backend(backend) != 0) {
        strbuf sb = {0};
        supported_list(&sb);
        fprintf(stderr, "%s: backend '%s' is unknown or not supported on this CPU (supported: %s)\n",
                program_name, backend, sb.data ? sb.data : "");
        free(sb.data);
        return 2;
    }
    if (want_list) {
        list_backends();
        return close_stdout() ? EXIT_SUCCESS : EXIT_FAILURE;
    }

    read_buffer = malloc(READ_SIZE);
    if (read_buffer == NULL)
        xalloc_die();

    static char dash[] = "-";
    char *stdin_only[] = {dash};
    char **files = optind < argc ? argv + optind : stdin_only;
    int nfiles = optind < argc ? argc - optind : 1;

    bool ok = true;
    char hex[FASTSHA256_HEX_SIZE];
    for (int k = 0; k < nfiles; k++) {
        const char *name = files[k];
        if (opt_check) {
            ok &= check_file(name);
        } else if (digest_file(name, hex, false) == DIGEST_OK) {
            print_sum_line(name, hex);
        } else {
            ok = false;
        }
    }
    free(read_buffer);

    if (have_read_stdin && fclose(stdin) == EOF) {
        fflush(stdout);
        fprintf(stderr, "%s: standard input: %s\n", program_name, strerror(errno));
        ok = false;
    }
    if (!close_stdout())
        ok = false;
    return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}
