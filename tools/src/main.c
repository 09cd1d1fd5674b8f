/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* fastsha256sum: a drop-in for GNU coreutils sha256sum (and, as fastsha224sum
 * or with -a sha224, for sha224sum) built on the fastsha256 library.
 *
 * Output, messages and exit codes follow GNU coreutils 9.x behaviour: the
 * "<hex>  <name>" and BSD "--tag" formats, the escaping of names that hold a
 * backslash, newline or carriage return, --check with its reporting options,
 * and the shell-style quoting of file names in diagnostics. The extras are
 * --algorithm, --backend, --list-backends, --jobs, --progress and the
 * FASTSHA256_BACKEND check. See README.md for the modules.
 *
 * Written from the documented and observed behaviour of sha256sum; no
 * coreutils code is used. */
#define _GNU_SOURCE 1

#include <errno.h>
#include <fcntl.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "backends.h"
#include "check.h"
#include "options.h"
#include "output.h"
#include "program.h"
#include "progress.h"
#include "sum.h"

/* Which of descriptors 0-2 were closed at start. */
typedef struct closed_fds {
    bool in, out;
} closed_fds;

/* Descriptors 0-2 that are closed get /dev/null, opened so that using it
 * fails as the closed descriptor would (write-only for input, read-only for
 * output): files opened later never land there, so a check list can never
 * be read as standard input. */
static closed_fds guard_standard_fds(void) {
    closed_fds closed = {false, false};
    for (int fd = 0; fd <= 2; fd++) {
        if (fcntl(fd, F_GETFD) != -1 || errno != EBADF)
            continue;
        int got = open("/dev/null", fd == 0 ? O_WRONLY : O_RDONLY);
        if (got != fd) { /* cannot happen: the lowest free descriptor is fd */
            if (got >= 0)
                close(got);
            continue;
        }
        if (fd == 0)
            closed.in = true;
        else if (fd == 1)
            closed.out = true;
    }
    return closed;
}

/* Closing standard input after reading it, as sha256sum reports it. */
static bool close_stdin(bool was_closed) {
    if (!was_closed && fclose(stdin) != EOF)
        return true;
    int err = was_closed ? EBADF : errno;
    fflush(stdout);
    fprintf(stderr, "%s: standard input: %s\n", program_name, strerror(err));
    return false;
}

int main(int argc, char **argv) {
    if (argc > 0 && argv[0] && argv[0][0])
        program_name = argv[0];
    closed_fds closed = guard_standard_fds();
    output_init();
    setlocale(LC_ALL, "");

    cli_options o;
    parse_options(argc, argv, &o);
    if (o.action != ACTION_RUN) {
        if (o.action == ACTION_HELP)
            print_help(&o);
        else
            print_version();
        return close_stdout(closed.out) ? EXIT_SUCCESS : EXIT_FAILURE;
    }
    if (!select_backend(o.backend))
        return 2;
    if (o.list_backends) {
        list_backends();
        return close_stdout(closed.out) ? EXIT_SUCCESS : EXIT_FAILURE;
    }

    progress_begin(o.progress, o.files, o.check ? 0 : o.nfiles);
    bool read_stdin = false;
    bool ok = o.check ? check_files(&o, &read_stdin) : sum_files(&o, &read_stdin);
    progress_end();
    if (read_stdin && !close_stdin(closed.in))
        ok = false;
    if (!close_stdout(closed.out))
        ok = false;
    return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}
