/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* fastsha256-tree's small helpers: opening inputs, messages, option
 * values. */
#define _GNU_SOURCE 1
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tree_cli.h"

const char *program_name = "fastsha256-tree";

void tree_error(const char *name, const char *text) {
    fflush(stdout);
    progress_clear();
    if (name)
        fprintf(stderr, "%s: %s: %s\n", program_name, name, text);
    else
        fprintf(stderr, "%s: %s\n", program_name, text);
}

int tree_open(const char *name, uint64_t *size) {
    struct stat st;
    int fd = open(name, O_RDONLY | O_CLOEXEC);
    if (fd < 0 || fstat(fd, &st) != 0) {
        tree_error(name, strerror(errno));
        if (fd >= 0)
            close(fd);
        return -1;
    }
    if (S_ISDIR(st.st_mode) || !(S_ISREG(st.st_mode) || S_ISBLK(st.st_mode))) {
        tree_error(name, S_ISDIR(st.st_mode) ? strerror(EISDIR) : "not a regular file");
        close(fd);
        return -1;
    }
    *size = (uint64_t)st.st_size;
    if (S_ISBLK(st.st_mode)) {
        off_t end = lseek(fd, 0, SEEK_END);
        *size = end > 0 ? (uint64_t)end : 0;
    }
    return fd;
}

unsigned tree_jobs_default(void) {
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0)
        return (unsigned)CPU_COUNT(&set);
    return 1;
}

int tree_parse_jobs(const char *arg, unsigned *jobs) {
    char *end;
    errno = 0;
    long v = strtol(arg, &end, 10);
    if (errno || end == arg || *end || v < 1 || v > 64)
        return -1;
    *jobs = (unsigned)v;
    return 0;
}

int tree_parse_size(const char *arg, size_t *out) {
    char *end;
    if (*arg < '0' || *arg > '9')
        return -1;
    errno = 0;
    unsigned long long v = strtoull(arg, &end, 10);
    if (errno || *end || v > SIZE_MAX)
        return -1;
    *out = (size_t)v;
    return 0;
}

static int hex_value(char c) {
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

int tree_parse_hex(const char *arg, uint8_t *out, size_t max, size_t *len) {
    size_t n = strlen(arg);
    if (n % 2 || n / 2 > max)
        return -1;
    for (size_t i = 0; i < n / 2; i++) {
        int hi = hex_value(arg[2 * i]), lo = hex_value(arg[2 * i + 1]);
        if (hi < 0 || lo < 0)
            return -1;
        out[i] = (uint8_t)(hi << 4 | lo);
    }
    *len = n / 2;
    return 0;
}
