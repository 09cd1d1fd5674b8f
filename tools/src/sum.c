/* SPDX-License-Identifier: Apache-2.0 OR MIT */
#define _GNU_SOURCE 1
#include "sum.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "diag.h"
#include "output.h"
#include "program.h"

/* The type character: '*' for -b, ' ' for -t; unset, see O_BINARY. */
static bool marked_binary(const cli_options *o, const entry *e) {
    if (o->binary >= 0)
        return o->binary > 0;
    return O_BINARY != 0 && !(e->is_stdin && isatty(STDIN_FILENO));
}

typedef struct sum_state {
    const cli_options *o;
    bool ok;
} sum_state;

/* Prints one file's line, or reports its failure, in order. */
static void emit_sum_entry(entry *e, void *arg) {
    sum_state *st = arg;
    const cli_options *o = st->o;
    if (e->err != 0) {
        name_message(e->name, strerror(e->err));
        st->ok = false;
        return;
    }
    print_sum_line(o->tag ? o->algo->tag : NULL, marked_binary(o, e), o->zero, e->name, e->hex);
}

bool sum_files(const cli_options *o, bool *read_stdin) {
    size_t n = (size_t)o->nfiles;
    entry *entries = xmalloc(n * sizeof *entries);
    for (size_t k = 0; k < n; k++) {
        entries[k].name = o->files[k];
        entries[k].is_stdin = strcmp(o->files[k], "-") == 0;
        *read_stdin |= entries[k].is_stdin;
    }
    engine_config cfg = engine_config_for(o);
    sum_state st = {o, true};
    run_entries(&cfg, entries, n, emit_sum_entry, &st);
    free(entries);
    return st.ok;
}
