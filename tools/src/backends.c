/* SPDX-License-Identifier: Apache-2.0 OR MIT */
#define _GNU_SOURCE 1
#include "backends.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fastsha256.h"
#include "program.h"
#include "strbuf.h"

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

void list_backends(void) {
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

bool select_backend(const char *backend) {
    /* Before any forced backend replaces the automatic choice. */
    if (fastsha256_env_backend_ignored()) {
        strbuf sb = {0};
        supported_list(&sb);
        const char *env = getenv("FASTSHA256_BACKEND");
        fprintf(stderr,
                "%s: warning: FASTSHA256_BACKEND='%s' is unknown or not supported on this "
                "CPU and was ignored (supported: %s)\n",
                program_name, env ? env : "", sb.data ? sb.data : "");
        free(sb.data);
        return false;
    }
    if (backend && fastsha256_set_backend(backend) != 0) {
        strbuf sb = {0};
        supported_list(&sb);
        fprintf(stderr, "%s: backend '%s' is unknown or not supported on this CPU (supported: %s)\n",
                program_name, backend, sb.data ? sb.data : "");
        free(sb.data);
        return false;
    }
    return true;
}
