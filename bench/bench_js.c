/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* JavaScript runtime peers for fastsha256-bench (see bench_js.h). */
#define _GNU_SOURCE 1

#include "bench_common.h"
#include "bench_js.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench_report.h"
#include "bench_util.h"

static int is_executable(const char *path) {
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode) && access(path, X_OK) == 0;
}

static int is_file(const char *path) {
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* The first dirs[i]/file (NULL and empty dirs skipped) that passes ok, into out. */
static int find_in_dirs(const char *file, const char *const *dirs, size_t ndirs,
                        int (*ok)(const char *), char *out, size_t outlen) {
    for (size_t i = 0; i < ndirs; i++) {
        if (!dirs[i] || !*dirs[i])
            continue;
        bench_fmt(out, outlen, "%s/%s", dirs[i], file);
        if (ok(out))
            return 1;
    }
    return 0;
}

int bench_js_find_runtime(const char *name, const char *const *dirs, size_t ndirs, char *out,
                          size_t outlen) {
    char in_bin[64];
    bench_fmt(in_bin, sizeof in_bin, "bin/%s", name);
    for (size_t i = 0; i < ndirs; i++)
        if (find_in_dirs(in_bin, dirs + i, 1, is_executable, out, outlen) ||
            find_in_dirs(name, dirs + i, 1, is_executable, out, outlen))
            return 1;
    const char *path = getenv("PATH");
    if (!path)
        return 0;
    const char *p = path;
    while (*p) {
        size_t len = strcspn(p, ":");
        if (len > 0 && len < BENCH_JS_PATH_MAX - 64) {
            bench_fmt(out, outlen, "%.*s/%s", (int)len, p, name);
            if (is_executable(out))
                return 1;
        }
        p += len;
        if (*p == ':')
            p++;
    }
    return 0;
}

int bench_js_find_script(const char *file, const char *const *dirs, size_t ndirs, char *out,
                         size_t outlen) {
    return find_in_dirs(file, dirs, ndirs, is_file, out, outlen);
}

int bench_js_capture(const char *const *argv, const char *env_name, const char *env_value,
                     int restore_affinity, unsigned timeout_s, char *out, size_t outlen,
                     long *switches) {
    size_t used = 0;
    if (outlen)
        out[0] = '\0';
    if (switches)
        *switches = 0;
    int fd[2];
    if (pipe(fd) != 0) {
        bench_fmt(out, outlen, "pipe: %s\n", strerror(errno));
        return -1;
    }
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid < 0) {
        bench_fmt(out, outlen, "fork: %s\n", strerror(errno));
        close(fd[0]);
        close(fd[1]);
        return -1;
    }
    if (pid == 0) {
        if (restore_affinity)
            bench_affinity_restore_self();
        dup2(fd[1], 1);
        dup2(fd[1], 2);
        close(fd[0]);
        close(fd[1]);
        if (env_name)
            setenv(env_name, env_value, 1);
        execv(argv[0], (char *const *)argv);
        fprintf(stderr, "exec %s: %s\n", argv[0], strerror(errno));
        _exit(127);
    }
    close(fd[1]);

    char buf[8192];
    uint64_t deadline = bench_wall_ns() + (uint64_t)timeout_s * 1000000000u;
    int timed_out = 0;
    for (;;) {
        uint64_t now = bench_wall_ns();
        if (now >= deadline) {
            timed_out = 1;
            kill(pid, SIGKILL);
            break;
        }
        struct pollfd p = {fd[0], POLLIN, 0};
        int wait_ms = (int)((deadline - now) / 1000000u) + 1;
        int pr = poll(&p, 1, wait_ms > 1000 ? 1000 : wait_ms);
        if (pr <= 0)
            continue;
        ssize_t got = read(fd[0], buf, sizeof buf);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0)
            break;
        for (ssize_t i = 0; i < got; i++)
            if (used + 1 < outlen)
                out[used++] = buf[i];
        if (outlen)
            out[used] = '\0';
    }
    close(fd[0]);
    int status = 0;
    struct rusage ru;
    memset(&ru, 0, sizeof ru);
    while (wait4(pid, &status, 0, &ru) < 0 && errno == EINTR) {
    }
    if (switches)
        *switches = ru.ru_nivcsw;
    if (timed_out)
        return -2;
    if (WIFEXITED(status))
        return WEXITSTATUS(status);
    return 128 + WTERMSIG(status);
}

#define CH BENCH_GROUP_CREATEHASH
#define WC BENCH_GROUP_WEBCRYPTO
#define BI BENCH_GROUP_BUILTIN
#define FJ BENCH_GROUP_FROM_JS
#define NPM BENCH_GROUP_NPM
const bench_js_snippet bench_js_snippets[] = {
    {"createhash.mjs", NULL, "createHash(\"sha256\").update(m).digest(\"hex\")", NULL, CH, 0, NULL},
    {"webcrypto.mjs", NULL, "await crypto.subtle.digest + Array.from(..).map(padStart).join", NULL,
     WC, 0, NULL},
    {"builtin.mjs", "crypto.hash", "crypto.hash(\"sha256\", m)", NULL, BI, 0, NULL},
    {"builtin.mjs", "Bun.SHA256.hash", "Bun.SHA256.hash(m, \"hex\")", "bun", BI, 0, NULL},
    {"builtin.mjs", "Bun.CryptoHasher", "new Bun.CryptoHasher(\"sha256\").update(m).digest(\"hex\")",
     "bun", BI, 0, NULL},
    {"fastsha256.mjs", "sha256", "sha256(m, \"hex\") per call", NULL, FJ, BENCH_JS_ADDON,
     " + fastsha256"},
    {"fastsha256.mjs", "many", "sha256Many(array of 1024, \"hex\")", NULL, FJ, BENCH_JS_ADDON,
     " + fastsha256"},
    {"fastsha256.mjs", "packed", "sha256Packed(buf, 14, 14, \"hex\") x1024", NULL, FJ,
     BENCH_JS_ADDON, " + fastsha256"},
    {"fastsha256.mjs", "wasm-sha256", "sha256(m, \"hex\") per call", NULL, FJ, BENCH_JS_INDEX,
     " + fastsha256 (wasm)"},
    {"fastsha256.mjs", "wasm-many", "sha256Many(array of 1024, \"hex\")", NULL, FJ, BENCH_JS_INDEX,
     " + fastsha256 (wasm)"},
    {"fastsha256.mjs", "wasm-packed", "sha256Packed(buf, 14, 14, \"hex\") x1024", NULL, FJ,
     BENCH_JS_INDEX, " + fastsha256 (wasm)"},
    {"peers.mjs", "hash-wasm", "createSHA256() sync: init, update, digest", NULL, NPM, 0,
     " + hash-wasm"},
    {"peers.mjs", "noble", "bytesToHex(sha256(utf8ToBytes(m)))", NULL, NPM, 0, " + @noble/hashes"},
    {"peers.mjs", "aws-crypto", "new Sha256(), update, digestSync + hex", NULL, NPM, 0,
     " + @aws-crypto/sha256-js"},
    {"peers.mjs", "js-sha256", "sha256(m) (build/sha256.js, pure JS)", NULL, NPM, 0, " + js-sha256"},
};
const size_t bench_js_nsnippets = sizeof bench_js_snippets / sizeof bench_js_snippets[0];

int bench_js_find_index(const char *source_dir, char *index_js, size_t index_len) {
    if (!source_dir || !*source_dir)
        return 0;
    bench_fmt(index_js, index_len, "%s/../bindings/node/index.js", source_dir);
    return is_file(index_js);
}

int bench_js_find_addon(const char *exe_dir, const char *source_dir, char *index_js,
                        size_t index_len, char *addon, size_t addon_len) {
    if (!source_dir || !*source_dir)
        return 0;
    bench_fmt(index_js, index_len, "%s/../bindings/node/index.js", source_dir);
    if (!is_file(index_js))
        return 0;
    const char *env = getenv("FASTSHA256_NODE_ADDON");
    if (env && *env) {
        bench_fmt(addon, addon_len, "%s", env);
        return is_file(addon);
    }
    /* The bench binary is in <build>/bench: the addon in <build>/bindings/node. */
    bench_fmt(addon, addon_len, "%s/../bindings/node/fastsha256.node", exe_dir);
    if (is_file(addon))
        return 1;
    bench_fmt(addon, addon_len, "%s/../bindings/node/build/fastsha256.node", source_dir);
    return is_file(addon);
}
