/* --seed, the JavaScript runtimes' rows: node, bun and deno found here run
 * the seed snippets (bench_js.c's bj_snippets: bench/js/createhash.mjs,
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

void bench_seed_js(bench_ctx *c) {
    static const char *const kinds[3] = {"node", "bun", "deno"};
    char rt_env[BJ_PATH_MAX] = "", rt_src[BJ_PATH_MAX], rt_exe[BJ_PATH_MAX];
    const char *env = getenv("FASTSHA256_JS_RUNTIMES");
    if (env)
        bench_fmt(rt_env, sizeof rt_env, "%s", env);
    bench_fmt(rt_src, sizeof rt_src, "%s%s", FASTSHA256_BENCH_SOURCE_DIR,
              FASTSHA256_BENCH_SOURCE_DIR[0] ? "/.runtimes" : "");
    bench_fmt(rt_exe, sizeof rt_exe, "%s/.runtimes", c->exe_dir);
    const char *rt_dirs[] = {c->opt.runtimes, rt_env, rt_src, rt_exe};

    /* The snippets: --js-dir, the source tree, the installed share folder
     * (relative to the binary, then the configured prefix), next to the binary. */
    char js_src[BJ_PATH_MAX], js_rel[BJ_PATH_MAX], js_data[BJ_PATH_MAX], js_exe[BJ_PATH_MAX];
    bench_fmt(js_src, sizeof js_src, "%s%s", FASTSHA256_BENCH_SOURCE_DIR,
              FASTSHA256_BENCH_SOURCE_DIR[0] ? "/js" : "");
    bench_fmt(js_rel, sizeof js_rel, "%s/../%s", c->exe_dir, FASTSHA256_BENCH_REL_DATA_DIR);
    bench_fmt(js_data, sizeof js_data, "%s", FASTSHA256_BENCH_DATA_DIR);
    bench_fmt(js_exe, sizeof js_exe, "%s/js", c->exe_dir);
    const char *js_dirs[] = {c->opt.js_dir, js_src, js_rel, js_data, js_exe};
    char sync_js[BJ_PATH_MAX], async_js[BJ_PATH_MAX];
    int have_sync = bj_find_script("createhash.mjs", js_dirs, 5, sync_js, sizeof sync_js);
    int have_async = bj_find_script("webcrypto.mjs", js_dirs, 5, async_js, sizeof async_js);
    /* "<runtime> + fastsha256" rows: the Node-API addon of this build. */
    char addon_index[BJ_PATH_MAX], addon_file[BJ_PATH_MAX];
    int have_addon = bj_find_addon(c->exe_dir, FASTSHA256_BENCH_SOURCE_DIR, addon_index,
                                   sizeof addon_index, addon_file, sizeof addon_file);
    char index_only[BJ_PATH_MAX];
    int have_index = bj_find_index(FASTSHA256_BENCH_SOURCE_DIR, index_only, sizeof index_only);
    if (!have_addon)
        bench_progress("  js: the fastsha256 addon was not found (build bindings/node): no "
                       "\"<runtime> + fastsha256\" rows\n");
    if (!have_sync || !have_async) {
        bench_fmt(c->meta.js[0], sizeof c->meta.js[0],
                  "JS snippets not found (createhash.mjs, webcrypto.mjs): use --js-dir");
        bench_progress("  js: snippets not found (use --js-dir DIR)\n");
        return;
    }

    for (int k = 0; k < 3; k++) {
        char path[BJ_PATH_MAX];
        if (!bj_find_runtime(kinds[k], rt_dirs, 4, path, sizeof path)) {
            bench_fmt(c->meta.js[k], sizeof c->meta.js[k],
                      "%s: not found (bench/install-js-runtimes.sh installs bun and deno)",
                      kinds[k]);
            bench_progress("  js: %s not found\n", kinds[k]);
            continue;
        }
        bench_fmt(c->meta.js[k], sizeof c->meta.js[k], "%s: %s", kinds[k], path);
        for (size_t s = 0; s < bj_nsnippets; s++) {
            const bj_snippet *sn = &bj_snippets[s];
            if (sn->only && strcmp(sn->only, kinds[k]) != 0)
                continue;
            char script[BJ_PATH_MAX];
            if (!bj_find_script(sn->file, js_dirs, 5, script, sizeof script))
                continue;
            const char *extra[4] = {sn->style, NULL, NULL, NULL};
            if (sn->addon == BJ_ADDON) {
                if (!have_addon)
                    continue;
                extra[1] = addon_index;
                extra[2] = addon_file;
            } else if (sn->addon == BJ_INDEX) {
                if (!have_index)
                    continue;
                extra[1] = index_only;
            }
            size_t count = sn->async_count ? c->opt.js_async_count : c->opt.js_count;
            bench_progress("  %-10s running %s on %zu messages...\n", kinds[k], sn->label, count);
            bj_result jr;
            bj_run(kinds[k], path, script, count, 10, c->opt.js_timeout, sn->style ? extra : NULL,
                   &jr);
            if (!jr.ok) {
                /* A peer that is not installed (peers.mjs exits 3): its row is left out. */
                int peer = strcmp(sn->file, "peers.mjs") == 0;
                bench_progress("  %-10s %s%s%s%s: %s\n", kinds[k], sn->who ? sn->who + 3 : "",
                               sn->who ? ": " : "", sn->label, peer ? " left out" : " failed",
                               jr.error);
                size_t len = strlen(c->meta.js[k]);
                bench_fmt(c->meta.js[k] + len, sizeof c->meta.js[k] - len, "; %s: %.60s",
                          sn->label, jr.error);
                continue;
            }
            if (s == 0) {
                char desc[BJ_PATH_MAX + 64];
                bench_fmt(desc, sizeof desc, "%s %s (%s)", kinds[k], jr.version, path);
                bench_fmt(c->meta.js[k], sizeof c->meta.js[k], "%s", desc);
            }
            char who[48];
            bench_fmt(who, sizeof who, "%s%s", kinds[k], sn->who ? sn->who : "");
            br_row *r = bench_seed_runtime_row(c, who, jr.version, sn->label, jr.count,
                                               jr.med_rate, jr.best_rate, jr.last);
            bench_fmt(r->note, sizeof r->note,
                      "unpinned; %zu messages in %.0f ms (overall %.0f/s), %d chunks; %ld "
                      "involuntary switches", jr.count, jr.total_ms,
                      jr.count / (jr.total_ms / 1000.0), jr.nchunks, jr.child_switches);
            bench_seed_row_progress(r);
        }
    }
}
