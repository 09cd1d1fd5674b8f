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

static void parse_line(const char *line, bench_js_result *r, double *rates) {
    static const char tag[] = "fastsha256-bench-js ";
    if (strncmp(line, tag, sizeof tag - 1) != 0) {
        /* Anything else (a runtime's error message): keep the last one. */
        if (*line)
            bench_fmt(r->error, sizeof r->error, "%s", line);
        return;
    }
    line += sizeof tag - 1;
    if (strncmp(line, "chunk ", 6) == 0) {
        unsigned long long n = 0;
        double ms = 0;
        if (sscanf(line + 6, "%llu %lf", &n, &ms) == 2 && ms > 0 &&
            r->nchunks < BENCH_JS_MAX_CHUNKS)
            rates[r->nchunks++] = (double)n / (ms / 1000.0);
        return;
    }
    if (strncmp(line, "done ", 5) == 0) {
        const char *v;
        if ((v = strstr(line, "runtime=")))
            sscanf(v + 8, "%15s", r->runtime);
        if ((v = strstr(line, "version=")))
            sscanf(v + 8, "%63s", r->version);
        if ((v = strstr(line, "style=")))
            sscanf(v + 6, "%31s", r->style);
        if ((v = strstr(line, "count="))) {
            unsigned long long c = 0;
            sscanf(v + 6, "%llu", &c);
            r->count = (size_t)c;
        }
        if ((v = strstr(line, "ms=")))
            sscanf(v + 3, "%lf", &r->total_ms);
        if ((v = strstr(line, "last=")))
            sscanf(v + 5, "%64s", r->last);
        r->ok = r->count > 0 && r->total_ms > 0;
    }
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

const bench_js_snippet bench_js_snippets[] = {
    {"createhash.mjs", NULL, "createHash().update().digest(\"hex\")", NULL, 0, 0, NULL},
    {"webcrypto.mjs", NULL, "await subtle.digest + hex loop", NULL, 1, 0, NULL},
    {"builtin.mjs", "crypto.hash", "crypto.hash(\"sha256\", m)", NULL, 0, 0, NULL},
    {"builtin.mjs", "Bun.SHA256.hash", "Bun.SHA256.hash(m, \"hex\")", "bun", 0, 0, NULL},
    {"builtin.mjs", "Bun.CryptoHasher", "new Bun.CryptoHasher(..).update(m).digest(\"hex\")", "bun",
     0, 0, NULL},
    {"fastsha256.mjs", "sha256", "sha256(m, \"hex\") per call", NULL, 0, BENCH_JS_ADDON,
     " + fastsha256"},
    {"fastsha256.mjs", "many", "sha256Many(array of 1024, \"hex\")", NULL, 0, BENCH_JS_ADDON,
     " + fastsha256"},
    {"fastsha256.mjs", "packed", "sha256Packed(buf, 14, 14, \"hex\") x1024", NULL, 0,
     BENCH_JS_ADDON, " + fastsha256"},
    {"fastsha256.mjs", "wasm-sha256", "sha256(m, \"hex\") per call", NULL, 0, BENCH_JS_INDEX,
     " + fastsha256 (wasm)"},
    {"fastsha256.mjs", "wasm-many", "sha256Many(array of 1024, \"hex\")", NULL, 0, BENCH_JS_INDEX,
     " + fastsha256 (wasm)"},
    {"fastsha256.mjs", "wasm-packed", "sha256Packed(buf, 14, 14, \"hex\") x1024", NULL, 0,
     BENCH_JS_INDEX, " + fastsha256 (wasm)"},
    {"peers.mjs", "hash-wasm", "createSHA256() sync: init, update, digest", NULL, 0, 0,
     " + hash-wasm"},
    {"peers.mjs", "noble", "bytesToHex(sha256(utf8ToBytes(m)))", NULL, 0, 0, " + @noble/hashes"},
    {"peers.mjs", "aws-crypto", "new Sha256(), update, digestSync + hex", NULL, 0, 0,
     " + @aws-crypto/sha256-js"},
    {"peers.mjs", "js-sha256", "sha256(m) (build/sha256.js, pure JS)", NULL, 0, 0, " + js-sha256"},
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

void bench_js_run(const char *kind, const char *runtime_path, const char *script, size_t count,
                  int chunks, unsigned timeout_s, const char *const *extra, bench_js_result *r) {
    memset(r, 0, sizeof *r);
    bench_fmt(r->runtime, sizeof r->runtime, "%s", kind);
    char count_s[32], chunks_s[16];
    bench_fmt(count_s, sizeof count_s, "%zu", count);
    bench_fmt(chunks_s, sizeof chunks_s, "%d", chunks);
    const char *argv[16];
    int a = 0;
    argv[a++] = runtime_path;
    if (strcmp(kind, "deno") == 0) {
        argv[a++] = "run";
        argv[a++] = "--quiet";
        argv[a++] = "--no-config";
        if (extra)
            argv[a++] = "-A"; /* the addon: --allow-ffi, --allow-env, reads */
    }
    argv[a++] = script;
    argv[a++] = count_s;
    argv[a++] = chunks_s;
    for (int i = 0; extra && extra[i] && a < 15; i++)
        argv[a++] = extra[i];
    argv[a] = NULL;

    /* The runtimes run as users run them: on every allowed CPU, with their
     * JIT and GC helper threads. */
    static char out[1 << 16];
    int status = bench_js_capture(argv, "DENO_NO_UPDATE_CHECK", "1", 1, timeout_s, out, sizeof out,
                                  &r->child_switches);
    double rates[BENCH_JS_MAX_CHUNKS];
    for (char *line = out; line && *line;) {
        char *nl = strchr(line, '\n');
        if (nl)
            *nl = '\0';
        parse_line(line, r, rates);
        line = nl ? nl + 1 : NULL;
    }
    if (status == -2) {
        r->ok = 0;
        bench_fmt(r->error, sizeof r->error, "timed out after %u s", timeout_s);
        return;
    }
    if (status != 0) {
        r->ok = 0;
        if (!r->error[0])
            bench_fmt(r->error, sizeof r->error, "exit status %d", status);
        return;
    }
    if (!r->ok) {
        if (!r->error[0])
            bench_fmt(r->error, sizeof r->error, "no result line");
        return;
    }
    r->error[0] = '\0';
    if (r->nchunks > 0) {
        r->med_rate = bench_median(rates, r->nchunks);
        r->best_rate = rates[0];
        for (int i = 1; i < r->nchunks; i++)
            if (rates[i] > r->best_rate)
                r->best_rate = rates[i];
    } else {
        r->med_rate = r->best_rate = (double)r->count / (r->total_ms / 1000.0);
    }
}
