/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* --check: each list is read in chunks of CHECK_CHUNK lines; the files a
 * chunk names are hashed together by the engine, and their results are
 * reported in line order, each after the improper lines before it. */
#define _GNU_SOURCE 1
#include "check.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

#include "checkline.h"
#include "diag.h"
#include "output.h"
#include "program.h"
#include "quote.h"

#define CHECK_CHUNK 4096 /* lines hashed together */

/* One line of a check list, kept until its file's result is printed. */
typedef struct check_line {
    uintmax_t line_no;
    char *storage;  /* proper lines: the line, owned; expected and name point into it */
    char *expected;
} check_line;

typedef struct check_state {
    const cli_options *o;
    check_syntax *syntax;
    engine_config cfg;
    const char *display; /* the list's name in messages */
    bool from_stdin;     /* the list is standard input */
    check_line lines[CHECK_CHUNK];
    entry entries[CHECK_CHUNK];
    size_t nlines, nentries, next_line; /* of this chunk; the first line not yet reported */
    bool any_proper, read_stdin;
    uintmax_t improper, mismatched, unreadable, correct;
} check_state;

static void plural_warning(uintmax_t n, const char *one, const char *many) {
    message("WARNING: %ju %s", n, n == 1 ? one : many);
}

/* Reports the improper lines before the next proper one. */
static void report_improper_lines(check_state *st) {
    while (st->next_line < st->nlines && st->lines[st->next_line].storage == NULL) {
        st->improper++;
        if (st->o->warn) {
            strbuf q = {0};
            quote_name(&q, st->display);
            message("%s: %ju: improperly formatted %s checksum line", q.data,
                    st->lines[st->next_line].line_no, st->o->algo->tag);
            free(q.data);
        }
        st->next_line++;
    }
}

/* Prints one listed file's result, after the improper lines before it. */
static void emit_check_entry(entry *e, void *arg) {
    check_state *st = arg;
    const cli_options *o = st->o;
    report_improper_lines(st);
    check_line *cl = &st->lines[st->next_line++];
    if (e->err != 0) {
        if (o->ignore_missing && entry_missing(e))
            return;
        name_message(e->name, strerror(e->err));
        st->unreadable++;
        if (!o->status)
            print_check_line(e->name, "FAILED open or read");
    } else if (hex_equal(st->syntax, cl->expected, e->hex)) {
        st->correct++;
        if (!o->status && !o->quiet)
            print_check_line(e->name, "OK");
    } else {
        st->mismatched++;
        if (!o->status)
            print_check_line(e->name, "FAILED");
    }
}

static void flush_check_chunk(check_state *st) {
    st->next_line = 0;
    run_entries(&st->cfg, st->entries, st->nentries, emit_check_entry, st);
    report_improper_lines(st);
    for (size_t k = 0; k < st->nlines; k++)
        free(st->lines[k].storage);
    st->nlines = st->nentries = 0;
}

/* Takes one line (n bytes, its line end removed) into the chunk; returns
 * whether the line was kept (proper), so the caller needs a new buffer. */
static bool add_line(check_state *st, char *line, size_t n, uintmax_t line_no) {
    check_line *cl = &st->lines[st->nlines++];
    cl->line_no = line_no;
    cl->storage = NULL;
    char *expected = NULL, *name = NULL;
    /* A check list read from standard input cannot name standard input. */
    if (!parse_check_line(st->syntax, line, n, &expected, &name) ||
        !valid_hex(st->syntax, expected) || (st->from_stdin && strcmp(name, "-") == 0))
        return false;
    st->any_proper = true;
    cl->storage = line;
    cl->expected = expected;
    entry *e = &st->entries[st->nentries++];
    e->name = name;
    e->is_stdin = strcmp(name, "-") == 0;
    st->read_stdin |= e->is_stdin;
    return true;
}

/* Reads the list fp to its end, hashing and reporting chunk by chunk. */
static void read_list(check_state *st, FILE *fp) {
    uintmax_t line_no = 0;
    char *line = NULL;
    size_t cap = 0;
    ssize_t got;
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
        if (add_line(st, line, n, line_no)) { /* kept: getline gets a new buffer */
            line = NULL;
            cap = 0;
        }
        if (st->nlines == CHECK_CHUNK)
            flush_check_chunk(st);
    }
    flush_check_chunk(st);
    free(line);
}

/* The warnings after a list, and whether it verified. */
static bool report_summary(const check_state *st) {
    const cli_options *o = st->o;
    if (!st->any_proper) {
        name_message(st->display, "no properly formatted checksum lines found");
        return false;
    }
    if (!o->status) {
        if (st->improper)
            plural_warning(st->improper, "line is improperly formatted",
                           "lines are improperly formatted");
        if (st->unreadable)
            plural_warning(st->unreadable, "listed file could not be read",
                           "listed files could not be read");
        if (st->mismatched)
            plural_warning(st->mismatched, "computed checksum did NOT match",
                           "computed checksums did NOT match");
        if (o->ignore_missing && st->correct == 0)
            name_message(st->display, "no file was verified");
    }
    return st->mismatched == 0 && st->unreadable == 0 && (!o->strict || st->improper == 0) &&
           (!o->ignore_missing || st->correct > 0);
}

static bool check_file(const cli_options *o, check_syntax *syntax, const char *checkfile,
                       bool *read_stdin) {
    bool from_stdin = strcmp(checkfile, "-") == 0;
    const char *display = from_stdin ? "standard input" : checkfile;
    FILE *fp = stdin;
    if (from_stdin) {
        *read_stdin = true;
    } else if ((fp = fopen(checkfile, "r")) == NULL) {
        name_message(checkfile, strerror(errno));
        return false;
    }
    check_state *st = xmalloc(sizeof *st);
    memset(st, 0, sizeof *st);
    st->o = o;
    st->syntax = syntax;
    st->cfg = engine_config_for(o);
    st->display = display;
    st->from_stdin = from_stdin;
    read_list(st, fp);
    *read_stdin |= st->read_stdin;
    bool read_error = ferror(fp) != 0;
    if (!from_stdin)
        fclose(fp);
    bool ok;
    if (read_error) {
        name_message(display, "read error");
        ok = false;
    } else {
        ok = report_summary(st);
    }
    free(st);
    return ok;
}

bool check_files(const cli_options *o, bool *read_stdin) {
    check_syntax syntax = {o->algo->tag, o->algo->digest_size, -1};
    bool ok = true;
    for (int k = 0; k < o->nfiles; k++)
        ok &= check_file(o, &syntax, o->files[k], read_stdin);
    return ok;
}
