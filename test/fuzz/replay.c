/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Replays fuzz inputs without libFuzzer (any compiler): every file named on
 * the command line, or in a directory named there, goes once through the
 * target's LLVMFuzzerTestOneInput. A mismatch aborts, as under the fuzzer. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz_common.h"

static size_t replayed;

static int replay_file(const char *path) {
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        perror(path);
        return 1;
    }
    uint8_t *data = NULL;
    size_t size = 0, cap = 0;
    for (;;) {
        if (size == cap) {
            cap = cap ? 2 * cap : 4096;
            uint8_t *grown = realloc(data, cap);
            if (grown == NULL) {
                fprintf(stderr, "%s: out of memory\n", path);
                free(data);
                fclose(f);
                return 1;
            }
            data = grown;
        }
        size_t got = fread(data + size, 1, cap - size, f);
        size += got;
        if (got == 0)
            break;
    }
    int failed = ferror(f);
    fclose(f);
    if (failed) {
        perror(path);
        free(data);
        return 1;
    }
    LLVMFuzzerTestOneInput(data, size);
    free(data);
    replayed++;
    return 0;
}

static int replay_path(const char *path) {
    struct stat st;
    if (stat(path, &st) != 0) {
        perror(path);
        return 1;
    }
    if (!S_ISDIR(st.st_mode))
        return replay_file(path);
    DIR *dir = opendir(path);
    if (dir == NULL) {
        perror(path);
        return 1;
    }
    int rc = 0;
    for (struct dirent *e; (e = readdir(dir)) != NULL;) {
        if (e->d_name[0] == '.')
            continue;
        size_t len = strlen(path) + strlen(e->d_name) + 2;
        char *child = malloc(len);
        if (child == NULL)
            return 1;
        snprintf(child, len, "%s/%s", path, e->d_name);
        rc |= replay_path(child);
        free(child);
    }
    closedir(dir);
    return rc;
}

int main(int argc, char **argv) {
    int rc = 0;
    LLVMFuzzerInitialize(&argc, &argv);
    if (argc < 2) {
        fprintf(stderr, "usage: %s FILE_OR_DIR...\n", argv[0]);
        return 2;
    }
    for (int i = 1; i < argc; i++)
        rc |= replay_path(argv[i]);
    printf("%zu inputs replayed%s\n", replayed, rc ? " (some unreadable)" : "");
    return rc || replayed == 0;
}
