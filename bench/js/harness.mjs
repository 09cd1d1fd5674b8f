// SPDX-License-Identifier: Apache-2.0 OR MIT
// Shared timing loop of the fastsha256-bench JS peers (createhash.mjs,
// webcrypto.mjs, builtin.mjs, fastsha256.mjs, peers.mjs) and the one output
// format every peer program prints and fastsha256-bench reads (bench_peer.c),
// one JSON line per row:
//   {"runtime":"node","version":"20.20.2","style":"createHash","warmup":N,
//    "n":[messages of each repetition],"ms":[its time in ms],"last":"<hex>"}
// and {"missing":"<why>"} with exit status 3 for a row that cannot run here.
//
// usage of every snippet: <runtime> <snippet> [count] [reps] [style ...]
//   run(style, call, perCall): call() hashes perCall messages and returns the
//   last hex digest; count messages are hashed in `reps` timed repetitions
//   after an untimed warm-up of 0.4 count messages (at most warmupMax), the
//   same number of messages for every style. The warm-up is long because
//   rates settle late: a JIT tiers up per call site over the first million
//   calls or so, and a batch style needs hundreds of calls to grow its heap.
export const args = typeof Deno !== "undefined" ? Deno.args : process.argv.slice(2);
export const runtime = typeof Deno !== "undefined" ? ["deno", Deno.version.deno]
  : typeof Bun !== "undefined" ? ["bun", Bun.version]
  : ["node", process.versions.node];
export const message = "Hello world!!!";

// n calls of call(), folding each digest into the sink (so no call can be
// skipped); returns the last digest and the sink.
function calls(call, n, sink) {
  let h = "";
  for (let i = 0; i < n; i++) {
    h = call();
    sink ^= h.charCodeAt(i & 63);
  }
  return { h, sink };
}

async function awaitedCalls(call, n, sink) {
  let h = "";
  for (let i = 0; i < n; i++) {
    h = await call();
    sink ^= h.charCodeAt(i & 63);
  }
  return { h, sink };
}

// options: count (default message count), warmupMax, awaited (call returns a
// promise: each one is awaited before the next call). Without `awaited` the
// whole run is synchronous: no await between or inside the timed repetitions.
export async function run(style, call, perCall = 1,
                          { count: defaultCount = 5000000, warmupMax = 2000000, awaited = false } = {}) {
  const loop = awaited ? awaitedCalls : calls;
  const count = Number(args[0] ?? defaultCount);
  const reps = Math.max(1, Math.min(Number(args[1] ?? 5), count || 1));
  const warmup = Math.min(warmupMax, Math.floor(count * 0.4));
  let last = loop(call, Math.ceil(warmup / perCall), 0);
  if (awaited) last = await last;
  const ns = [], mss = [];
  let done = 0;
  for (let r = 0; r < reps; r++) {
    const n = Math.max(1, Math.round((Math.floor((count * (r + 1)) / reps) - done) / perCall));
    const t0 = performance.now();
    let rep = loop(call, n, last.sink);
    if (awaited) rep = await rep;
    const ms = performance.now() - t0;
    last = rep;
    done += n * perCall;
    ns.push(n * perCall);
    mss.push(Number(ms.toFixed(4)));
  }
  console.log(JSON.stringify({ runtime: runtime[0], version: runtime[1], style, warmup,
    n: ns, ms: mss, sink: last.sink, last: last.h }));
}

// A row that cannot run here: its reason, exit status 3 (the row is left out).
export function missing(why) {
  console.log(JSON.stringify({ missing: why }));
  process.exit(3);
}
