/* SPDX-License-Identifier: Apache-2.0 OR MIT */
#define _GNU_SOURCE 1
#include "output.h"

#include <errno.h>
#include <stdio.h>
#include <stdio_ext.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "program.h"

/* sha256sum line-buffers standard output so that each line leaves whole
 * and at once (runs in parallel into one file do not intersperse their
 * lines; a reader sees each as its file is done; a closed pipe stops the
 * program early). Into a regular file, where no pipe can close, the lines
 * that are ready together leave in one write instead: still whole lines
 * (a line that would not fit in the buffer's room flushes it first), and
 * still at once, as output_idle flushes them whenever the next result is
 * not in yet. The bytes written are the same; the writes are fewer. */
#define BATCH_BUFFER (64 * 1024)
static bool batch_lines;

void output_init(void) {
    struct stat st;
    batch_lines = fstat(STDOUT_FILENO, &st) == 0 && S_ISREG(st.st_mode);
    /* -z records wait for a newline or a full buffer, as in sha256sum. */
    setvbuf(stdout, NULL, batch_lines ? _IOFBF : _IOLBF, batch_lines ? BATCH_BUFFER : 0);
}

void output_idle(void) {
    if (batch_lines)
        fflush(stdout);
}

/* Before a line of at most `most` bytes: room for it whole in the buffer. */
static void make_room(size_t most) {
    if (batch_lines && __fpending(stdout) + most > BATCH_BUFFER)
        fflush(stdout);
}

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
    make_room(2 * strlen(name) + strlen(hex) + (bsd_tag ? strlen(bsd_tag) : 0) + 8);
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
    make_room(2 * strlen(name) + strlen(status) + 4);
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
    /* As sha256sum (gnulib's close_stream): no flush before fclose, so a
     * failure while the last bytes leave is fclose's, with its errno. */
    bool some_pending = __fpending(stdout) != 0;
    bool prev_fail = ferror(stdout) != 0;
    bool close_failed = fclose(stdout) != 0;
    int close_errno = errno;
    if (was_closed) { /* it holds /dev/null read-only: report the closed descriptor */
        close_failed = true;
        close_errno = EBADF;
    }
    if (!prev_fail && !(close_failed && (some_pending || close_errno != EBADF)))
        return true;
    /* The reason only when fclose failed; an earlier failed write's errno
     * is long gone, and sha256sum prints none then. */
    if (close_failed)
        fprintf(stderr, "%s: write error: %s\n", program_name, strerror(close_errno));
    else
        fprintf(stderr, "%s: write error\n", program_name);
    return false;
}
