/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* JavaScript runtime peers for fastsha256-bench: finds node, bun and deno,
 * the snippets in bench/js/ and the addon they load, and runs programs with
 * their output captured. */
#ifndef FASTSHA256_BENCH_JS_H
#define FASTSHA256_BENCH_JS_H

#include <stddef.h>

#define BENCH_JS_PATH_MAX 4096

/* Looks for `name` in the extra folders (each tried as DIR/bin/name and
 * DIR/name), then on PATH. Returns 1 and the path when found. */
int bench_js_find_runtime(const char *name, const char *const *dirs, size_t ndirs, char *out,
                          size_t outlen);

/* Finds the snippet `file` (e.g. "createhash.mjs") in the candidate folders. */
int bench_js_find_script(const char *file, const char *const *dirs, size_t ndirs, char *out,
                         size_t outlen);

/* Runs argv (argv[0] is the program's path) with stdout and stderr captured
 * into out (NUL-terminated, truncated to outlen); env_name=env_value is set in
 * the child when env_name is not NULL, and the child gets the saved CPU set
 * back when restore_affinity is set. Returns the exit status (0..255), 128+sig
 * when killed, -1 when it could not run; kills the child after timeout_s s.
 * *switches gets the child's involuntary context switches (may be NULL). */
int bench_js_capture(const char *const *argv, const char *env_name, const char *env_value,
                     int restore_affinity, unsigned timeout_s, char *out, size_t outlen,
                     long *switches);

/* The seed rows each runtime runs: its built-ins, "<runtime> + fastsha256"
 * through the Node-API addon (bindings/node), "<runtime> + fastsha256
 * (wasm)" through the package's WebAssembly build, then the npm peers
 * ("<runtime> + hash-wasm", ...; bench/install-js-peers.sh installs them). */
typedef struct bench_js_snippet {
    const char *file;     /* in bench/js/ */
    const char *style;    /* the snippet's STYLE argument, or NULL */
    const char *label;    /* the row's style column */
    const char *only;     /* the one runtime that has it, or NULL for all */
    int group;            /* BENCH_GROUP_* (bench_report.h): its table and count */
    int addon;            /* BENCH_JS_ADDON: index.js and the addon; BENCH_JS_INDEX: index.js */
    const char *who;      /* the row's runtime column after "<runtime>", or NULL */
} bench_js_snippet;
enum { BENCH_JS_ADDON = 1, BENCH_JS_INDEX = 2 };
extern const bench_js_snippet bench_js_snippets[];
extern const size_t bench_js_nsnippets;

/* Finds bindings/node/index.js (returns 1 when found). */
int bench_js_find_index(const char *source_dir, char *index_js, size_t index_len);

/* Finds bindings/node/index.js and the fastsha256.node of this build
 * ($FASTSHA256_NODE_ADDON first, then next to the bench binary, then the
 * copy in the source tree). Returns 1 when both are found. */
int bench_js_find_addon(const char *exe_dir, const char *source_dir, char *index_js,
                        size_t index_len, char *addon, size_t addon_len);

#endif /* FASTSHA256_BENCH_JS_H */
