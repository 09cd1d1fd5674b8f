#define _GNU_SOURCE 1
#include "output.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "program.h"

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

static void put_name(const char *name, bool escape) {
    if (escape)
        put_escaped(name);
    else
        fputs(name, stdout);
}

void print_sum_line(const char *bsd_tag, bool binary, bool zero, const char *name,
                    const char *hex) {
    bool escape = !zero && strpbrk(name, "\\\n\r") != NULL;
    if (escape)
        putchar('\\');
    if (bsd_tag) {
        fputs(bsd_tag, stdout);
        fputs(" (", stdout);
        put_name(name, escape);
        fputs(") = ", stdout);
        fputs(hex, stdout);
    } else {
        fputs(hex, stdout);
        putchar(' ');
        putchar(binary ? '*' : ' ');
        put_name(name, escape);
    }
    putchar(zero ? '\0' : '\n');
}

void print_check_line(const char *name, const char *status) {
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

bool close_stdout(bool was_closed) {
    bool flush_failed = fflush(stdout) != 0 || ferror(stdout);
    bool close_failed = fclose(stdout) != 0;
    int close_errno = errno;
    if (was_closed) { /* it holds /dev/null read-only: report the closed descriptor */
        close_failed = true;
        close_errno = EBADF;
    }
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
