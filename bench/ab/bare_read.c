/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* fastsha256-bench-bare-read: the floor of a file-hashing tool's I/O, for
 * bench/cli-bench.sh. Each named file is opened, fstat'ed, read to its end
 * in 64 KiB pieces and closed, and nothing else: no hashing, no output per
 * file. The files are shared among N threads (as fastsha256sum's jobs take
 * them), N from -j or, by default, the CPUs this process may run on. A file
 * is read up to the size fstat reports (one read for a small one). Prints
 * the byte total and a checksum of one byte per piece, so no read is
 * skipped.
 *   fastsha256-bench-bare-read [-j N] FILE... */
#define _GNU_SOURCE 1

#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define PIECE (64u * 1024u) /* as fastsha256sum's READ_PIECE */

static char **names;
static size_t nnames;
static atomic_size_t next_name;

typedef struct {
    uint64_t bytes, sum;
    int failed;
} result;

static void read_one(const char *name, unsigned char *buf, result *r) {
    int fd = open(name, O_RDONLY | O_CLOEXEC);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0) {
        r->failed = 1;
        if (fd >= 0)
            close(fd);
        return;
    }
    /* Up to the size fstat gave (one read for a small file), or to the end
     * for files that report none (pipes, /proc). */
    uint64_t want = st.st_size > 0 ? (uint64_t)st.st_size : UINT64_MAX, got = 0;
    ssize_t n = 0;
    while (got < want && (n = read(fd, buf, PIECE)) > 0) {
        got += (uint64_t)n;
        r->sum += buf[(size_t)n - 1];
    }
    r->bytes += got;
    if (n < 0)
        r->failed = 1;
    close(fd);
}

static void *worker(void *arg) {
    result *r = (result *)arg;
    unsigned char *buf = malloc(PIECE);
    if (!buf) {
        r->failed = 1;
        return NULL;
    }
    for (size_t i; (i = atomic_fetch_add(&next_name, 1)) < nnames;)
        read_one(names[i], buf, r);
    free(buf);
    return NULL;
}

static int default_jobs(void) {
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0)
        return CPU_COUNT(&set);
    return 1;
}

int main(int argc, char **argv) {
    int jobs = default_jobs(), first = 1;
    if (argc > 2 && strcmp(argv[1], "-j") == 0) {
        jobs = atoi(argv[2]);
        first = 3;
    }
    if (jobs < 1 || jobs > 256) {
        fprintf(stderr, "usage: %s [-j 1-256] FILE...\n", argv[0]);
        return 2;
    }
    names = argv + first;
    nnames = (size_t)(argc - first);
    pthread_t tid[256];
    result res[256];
    memset(res, 0, sizeof res);
    int started = 0;
    for (int t = 1; t < jobs; t++, started++)
        if (pthread_create(&tid[t], NULL, worker, &res[t]) != 0)
            break;
    worker(&res[0]);
    uint64_t bytes = 0, sum = 0;
    int failed = 0;
    for (int t = 0; t <= started; t++) {
        if (t > 0)
            pthread_join(tid[t], NULL);
        bytes += res[t].bytes;
        sum += res[t].sum;
        failed |= res[t].failed;
    }
    printf("%llu bytes, checksum %llu\n", (unsigned long long)bytes, (unsigned long long)sum);
    return failed ? 1 : 0;
}
