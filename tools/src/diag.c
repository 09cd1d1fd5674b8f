/* SPDX-License-Identifier: Apache-2.0 OR MIT */
#define _GNU_SOURCE 1
#include "diag.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "program.h"
#include "progress.h"
#include "quote.h"
#include "strbuf.h"

void message(const char *fmt, ...) {
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
    progress_clear();
    fwrite(sb.data, 1, sb.len, stderr);
    free(sb.data);
}

void name_message(const char *name, const char *text) {
    strbuf q = {0};
    quote_name(&q, name);
    message("%s: %s", q.data, text);
    free(q.data);
}

void usage_error(const char *text) {
    if (text)
        fprintf(stderr, "%s: %s\n", program_name, text);
    fprintf(stderr, "Try '%s --help' for more information.\n", program_name);
    exit(EXIT_FAILURE);
}
