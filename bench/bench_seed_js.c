/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* --seed, the JavaScript runtimes' rows: node, bun and deno found here run
 * the peer programs of bench/js (the seed's snippets createhash.mjs and
 * webcrypto.mjs, their fastest built-ins, "<runtime> + fastsha256" through
 * the Node-API addon and the WebAssembly build, the npm peers), one group of
 * the report at a time, each style on every runtime in turn. */
#include <stdlib.h>
#include <string.h>

#include "bench_common.h"
#include "bench_eta.h"
#include "bench_peer.h"
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
    char path[3][BENCH_JS_PATH_MAX]; /* of each runtime found, else "" */
} js_env;

static js_env env;

/* The runtimes: --runtimes, $FASTSHA256_JS_RUNTIMES, the source tree's and
 * the binary's .runtimes. The snippets: --js-dir, the source tree, the
 * installed share folder (relative to the binary, then the configured
 * prefix), next to the binary. */
static void js_env_init(const bench_ctx *c, js_env *e) {
    const char *rt_env = getenv("FASTSHA256_JS_RUNTIMES");
    const char *src = FASTSHA256_BENCH_SOURCE_DIR;
    bench_fmt(e->rt_env, sizeof e->rt_env, "%s", rt_env ? rt_env : "");
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

/* "v20.20.2", "1.4.5", "deno 2.9.6 (stable, ...)": the version number. */
static void runtime_version(const char *path, char *out, size_t n) {
    const char *argv[] = {path, "--version", NULL};
    char text[512];
    bench_fmt(out, n, "?");
    if (bench_js_capture(argv, "DENO_NO_UPDATE_CHECK", "1", 1, 30, text, sizeof text, NULL) != 0)
        return;
    const char *p = text + strcspn(text, "0123456789");
    bench_fmt(out, n, "%.*s", (int)strcspn(p, " \n("), p);
}

void bench_seed_js_discover(bench_ctx *c) {
    js_env_init(c, &env);
    char script[BENCH_JS_PATH_MAX];
    if (!bench_js_find_script("createhash.mjs", env.js_dirs, 5, script, sizeof script)) {
        bench_fmt(c->meta.js[0], sizeof c->meta.js[0],
                  "JS snippets not found (bench/js/createhash.mjs): use --js-dir");
        return;
    }
    for (int k = 0; k < 3; k++) {
        if (!bench_js_find_runtime(js_kinds[k], env.rt_dirs, 4, env.path[k], sizeof env.path[k])) {
            env.path[k][0] = '\0';
            bench_report_js_missing(&c->meta, k);
            continue;
        }
        char v[64];
        runtime_version(env.path[k], v, sizeof v);
        c->meta.js_found[k] = 1;
        bench_fmt(c->meta.js[k], sizeof c->meta.js[k], "%s %s (%s)", js_kinds[k], v, env.path[k]);
    }
}

/* Whether snippet s runs on runtime k here. */
static int js_applies(int k, const bench_js_snippet *sn) {
    return env.path[k][0] && (!sn->only || strcmp(sn->only, js_kinds[k]) == 0) &&
           (sn->addon != BENCH_JS_ADDON || env.have_addon) &&
           (sn->addon != BENCH_JS_INDEX || env.have_index);
}

size_t bench_seed_js_count(const bench_ctx *c, int group) {
    switch (group) {
    case BENCH_GROUP_WEBCRYPTO: return c->opt.js_async_count;
    case BENCH_GROUP_NPM: return c->opt.js_peer_count;
    default: return c->opt.js_count;
    }
}

/* Seconds a row of the group is expected to take: start-up, the warm-up
 * (0.4 of the count) and the count, at a rough rate of its kind. */
static double js_expected(const bench_ctx *c, int group) {
    double rate = group == BENCH_GROUP_CREATEHASH  ? 6e5
                  : group == BENCH_GROUP_WEBCRYPTO ? 4e4
                  : group == BENCH_GROUP_BUILTIN   ? 2e6
                  : group == BENCH_GROUP_FROM_JS   ? 5e6
                                                   : 1.5e6;
    return 0.3 + 1.4 * (double)bench_seed_js_count(c, group) / rate;
}

void bench_seed_js_plan(const bench_ctx *c, int group) {
    for (size_t s = 0; s < bench_js_nsnippets; s++)
        for (int k = 0; k < 3; k++)
            if (bench_js_snippets[s].group == group && js_applies(k, &bench_js_snippets[s]))
                bench_eta_plan(1, js_expected(c, group));
}

/* The runtime's command line for a snippet: deno needs `run` and its
 * permissions (the addon: --allow-ffi, --allow-env, reads). */
static int js_argv(int k, const char *script, const char *count, const char *reps,
                   const char *const *extra, const char **argv) {
    int a = 0;
    argv[a++] = env.path[k];
    if (k == 2) {
        argv[a++] = "run";
        argv[a++] = "--quiet";
        argv[a++] = "--no-config";
        argv[a++] = "-A";
    }
    argv[a++] = script;
    argv[a++] = count;
    argv[a++] = reps;
    for (int i = 0; extra[i]; i++)
        argv[a++] = extra[i];
    argv[a] = NULL;
    return a;
}

/* Snippet s on runtime k: its row, or a line saying why there is none. */
static void js_run_snippet(bench_ctx *c, int k, const bench_js_snippet *sn) {
    char script[BENCH_JS_PATH_MAX], count[32], reps[16];
    if (!bench_js_find_script(sn->file, env.js_dirs, 5, script, sizeof script))
        return;
    const char *extra[4] = {sn->style, NULL, NULL, NULL};
    if (sn->addon == BENCH_JS_ADDON) {
        extra[1] = env.addon_index;
        extra[2] = env.addon_file;
    } else if (sn->addon == BENCH_JS_INDEX) {
        extra[1] = env.index_only;
    }
    bench_fmt(count, sizeof count, "%zu", bench_seed_js_count(c, sn->group));
    bench_fmt(reps, sizeof reps, "%d", c->opt.reps);
    const char *argv[16];
    js_argv(k, script, count, reps, extra, argv);
    bench_eta_step(1, js_expected(c, sn->group), "%s%s %s", js_kinds[k], sn->who ? sn->who : "",
                   sn->label);
    /* The runtimes run as users run them: on every allowed CPU, with their
     * JIT and GC helper threads. */
    bench_peer_row pr;
    char err[256];
    int missing;
    if (bench_peer_run(argv, "DENO_NO_UPDATE_CHECK", "1", 1, c->opt.js_timeout, &pr, 1, err,
                       sizeof err, &missing) != 1) {
        bench_progress("      %s: %s\n", missing ? "left out" : "FAILED", err);
        return;
    }
    char who[48];
    bench_fmt(who, sizeof who, "%s%s", js_kinds[k], sn->who ? sn->who : "");
    bench_report_row *r = bench_seed_runtime_row(c, who, sn->group, sn->label, &pr);
    bench_fmt(r->note, sizeof r->note, "unpinned; %zu messages in %d repetitions", pr.count,
              pr.nreps);
}

void bench_seed_js_group(bench_ctx *c, int group) {
    for (size_t s = 0; s < bench_js_nsnippets; s++)
        for (int k = 0; k < 3; k++)
            if (bench_js_snippets[s].group == group && js_applies(k, &bench_js_snippets[s]))
                js_run_snippet(c, k, &bench_js_snippets[s]);
}
