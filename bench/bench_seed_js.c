/* --seed, the JavaScript runtimes' rows: node, bun and deno found here run
 * the seed snippets (bench_js.c's bench_js_snippets: bench/js/createhash.mjs,
 * webcrypto.mjs, their fastest built-ins, "<runtime> + fastsha256" through
 * the Node-API addon, "<runtime> + fastsha256 (wasm)" and the npm peers of
 * peers.mjs); their rows sit next to fastsha256's and OpenSSL's. */
#include <stdlib.h>
#include <string.h>

#include "bench_common.h"
#include "bench_seed.h"

#ifndef FASTSHA256_BENCH_SOURCE_DIR
#define FASTSHA256_BENCH_SOURCE_DIR ""
#endif
#ifndef FASTSHA256_BENCH_DATA_DIR
#define FASTSHA256_BENCH_DATA_DIR ""
#endif
#ifndef FASTSHA256_BENCH_REL_DATA_DIR
#define FASTSHA256_BENCH_REL_DATA_DIR "share/fastsha256/bench/js"
#endif

static const char *const js_kinds[3] = {"node", "bun", "deno"};

/* Where the runtimes, the snippets and this build's addon were looked for
 * and found. */
typedef struct js_env {
    char rt_env[BENCH_JS_PATH_MAX], rt_src[BENCH_JS_PATH_MAX], rt_exe[BENCH_JS_PATH_MAX];
    const char *rt_dirs[4];
    char js_src[BENCH_JS_PATH_MAX], js_rel[BENCH_JS_PATH_MAX];
    char js_data[BENCH_JS_PATH_MAX], js_exe[BENCH_JS_PATH_MAX];
    const char *js_dirs[5];
    char addon_index[BENCH_JS_PATH_MAX], addon_file[BENCH_JS_PATH_MAX];
    char index_only[BENCH_JS_PATH_MAX];
    int have_addon, have_index;
} js_env;

/* The runtimes: --runtimes, $FASTSHA256_JS_RUNTIMES, the source tree's and
 * the binary's .runtimes. The snippets: --js-dir, the source tree, the
 * installed share folder (relative to the binary, then the configured
 * prefix), next to the binary. */
static void js_env_init(const bench_ctx *c, js_env *e) {
    const char *env = getenv("FASTSHA256_JS_RUNTIMES");
    const char *src = FASTSHA256_BENCH_SOURCE_DIR;
    bench_fmt(e->rt_env, sizeof e->rt_env, "%s", env ? env : "");
    bench_fmt(e->rt_src, sizeof e->rt_src, "%s%s", src, src[0] ? "/.runtimes" : "");
    bench_fmt(e->rt_exe, sizeof e->rt_exe, "%s/.runtimes", c->exe_dir);
    const char *rt[4] = {c->opt.runtimes, e->rt_env, e->rt_src, e->rt_exe};
    memcpy(e->rt_dirs, rt, sizeof rt);
    bench_fmt(e->js_src, sizeof e->js_src, "%s%s", src, src[0] ? "/js" : "");
    bench_fmt(e->js_rel, sizeof e->js_rel, "%s/../%s", c->exe_dir, FASTSHA256_BENCH_REL_DATA_DIR);
    bench_fmt(e->js_data, sizeof e->js_data, "%s", FASTSHA256_BENCH_DATA_DIR);
    bench_fmt(e->js_exe, sizeof e->js_exe, "%s/js", c->exe_dir);
    const char *js[5] = {c->opt.js_dir, e->js_src, e->js_rel, e->js_data, e->js_exe};
    memcpy(e->js_dirs, js, sizeof js);
    /* "<runtime> + fastsha256" rows: the Node-API addon of this build. */
    e->have_addon = bench_js_find_addon(c->exe_dir, src, e->addon_index, sizeof e->addon_index,
                                        e->addon_file, sizeof e->addon_file);
    e->have_index = bench_js_find_index(src, e->index_only, sizeof e->index_only);
}

/* The run of a snippet that failed: a progress line and a word in the
 * runtime's description. A peer that is not installed (peers.mjs exits 3)
 * is left out. */
static void js_failed(bench_ctx *c, int k, const bench_js_snippet *sn, const bench_js_result *jr) {
    int peer = strcmp(sn->file, "peers.mjs") == 0;
    bench_progress("  %-10s %s%s%s%s: %s\n", js_kinds[k], sn->who ? sn->who + 3 : "",
                   sn->who ? ": " : "", sn->label, peer ? " left out" : " failed", jr->error);
    size_t len = strlen(c->meta.js[k]);
    bench_fmt(c->meta.js[k] + len, sizeof c->meta.js[k] - len, "; %s: %.60s", sn->label,
              jr->error);
}

/* Snippet s on runtime k (at path): its row, or nothing when the snippet,
 * the addon or the package index it needs is missing. */
static void js_run_snippet(bench_ctx *c, const js_env *e, int k, const char *path, size_t s) {
    const bench_js_snippet *sn = &bench_js_snippets[s];
    char script[BENCH_JS_PATH_MAX];
    if ((sn->only && strcmp(sn->only, js_kinds[k]) != 0) ||
        !bench_js_find_script(sn->file, e->js_dirs, 5, script, sizeof script) ||
        (sn->addon == BENCH_JS_ADDON && !e->have_addon) ||
        (sn->addon == BENCH_JS_INDEX && !e->have_index))
        return;
    const char *extra[4] = {sn->style, NULL, NULL, NULL};
    if (sn->addon == BENCH_JS_ADDON) {
        extra[1] = e->addon_index;
        extra[2] = e->addon_file;
    } else if (sn->addon == BENCH_JS_INDEX) {
        extra[1] = e->index_only;
    }
    size_t count = sn->async_count ? c->opt.js_async_count : c->opt.js_count;
    bench_progress("  %-10s running %s on %zu messages...\n", js_kinds[k], sn->label, count);
    bench_js_result jr;
    bench_js_run(js_kinds[k], path, script, count, 10, c->opt.js_timeout, sn->style ? extra : NULL,
                 &jr);
    if (!jr.ok) {
        js_failed(c, k, sn, &jr);
        return;
    }
    if (s == 0) {
        char desc[BENCH_JS_PATH_MAX + 64];
        bench_fmt(desc, sizeof desc, "%s %s (%s)", js_kinds[k], jr.version, path);
        bench_fmt(c->meta.js[k], sizeof c->meta.js[k], "%s", desc);
    }
    char who[48];
    bench_fmt(who, sizeof who, "%s%s", js_kinds[k], sn->who ? sn->who : "");
    bench_report_row *r = bench_seed_runtime_row(c, who, jr.version, sn->label, jr.count,
                                                 jr.med_rate, jr.best_rate, jr.last);
    bench_fmt(r->note, sizeof r->note,
              "unpinned; %zu messages in %.0f ms (overall %.0f/s), %d chunks; %ld "
              "involuntary switches", jr.count, jr.total_ms,
              jr.count / (jr.total_ms / 1000.0), jr.nchunks, jr.child_switches);
    bench_seed_row_progress(r);
}

void bench_seed_js(bench_ctx *c) {
    js_env e;
    js_env_init(c, &e);
    char sync_js[BENCH_JS_PATH_MAX], async_js[BENCH_JS_PATH_MAX];
    int have_sync = bench_js_find_script("createhash.mjs", e.js_dirs, 5, sync_js, sizeof sync_js);
    int have_async = bench_js_find_script("webcrypto.mjs", e.js_dirs, 5, async_js, sizeof async_js);
    if (!e.have_addon)
        bench_progress("  js: the fastsha256 addon was not found (build bindings/node): no "
                       "\"<runtime> + fastsha256\" rows\n");
    if (!have_sync || !have_async) {
        bench_fmt(c->meta.js[0], sizeof c->meta.js[0],
                  "JS snippets not found (createhash.mjs, webcrypto.mjs): use --js-dir");
        bench_progress("  js: snippets not found (use --js-dir DIR)\n");
        return;
    }
    for (int k = 0; k < 3; k++) {
        char path[BENCH_JS_PATH_MAX];
        if (!bench_js_find_runtime(js_kinds[k], e.rt_dirs, 4, path, sizeof path)) {
            bench_fmt(c->meta.js[k], sizeof c->meta.js[k],
                      "%s: not found (bench/install-js-runtimes.sh installs bun and deno)",
                      js_kinds[k]);
            bench_progress("  js: %s not found\n", js_kinds[k]);
            continue;
        }
        bench_fmt(c->meta.js[k], sizeof c->meta.js[k], "%s: %s", js_kinds[k], path);
        for (size_t s = 0; s < bench_js_nsnippets; s++)
            js_run_snippet(c, &e, k, path, s);
    }
}
