// Shared timing loop of the fastsha256-bench JS snippets (createhash.mjs,
// webcrypto.mjs, builtin.mjs, fastsha256.mjs) and their output protocol:
// one "fastsha256-bench-js chunk <n> <ms>" line per chunk and a final
// "fastsha256-bench-js done ..." line that fastsha256-bench parses.
//   run(style, call, perCall): call() hashes perCall messages and returns the
//   last hex digest; count messages are hashed in `chunks` timed chunks after
//   an untimed warm-up of 0.4 count messages (at most warmupMax, 2,000,000
//   unless given), the same number of messages for every style. Rates settle
//   late: under Bun 1.4.5 a per-call style climbs for its first 1-1.5 million
//   calls (6.6, 8.3, then 11.2 M/s in chunks of 500,000 after a 500,000-call
//   warm-up), and a batch style of 1024 messages a call needs hundreds of
//   calls to grow its heap (the earlier warm-up, 20,000 messages, was 20
//   batch calls: the first timed chunk then ran at a fifth of the rest).
export const args = typeof Deno !== "undefined" ? Deno.args : process.argv.slice(2);
export const runtime = typeof Deno !== "undefined" ? ["deno", Deno.version.deno]
  : typeof Bun !== "undefined" ? ["bun", Bun.version]
  : ["node", process.versions.node];
export const message = "Hello world!!!";

// n calls of call() (awaited when it is async), folding each digest into the
// sink; returns the last digest and the sink.
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
// whole run is synchronous: no await between or inside the timed chunks.
export async function run(style, call, perCall = 1,
                          { count: defaultCount = 5000000, warmupMax = 2000000, awaited = false } = {}) {
  const loop = awaited ? awaitedCalls : calls;
  const count = Number(args[0] ?? defaultCount);
  const chunks = Math.max(1, Math.min(Number(args[1] ?? 10), count || 1));
  const warmup = Math.min(warmupMax, Math.floor(count * 0.4));
  let last = loop(call, Math.ceil(warmup / perCall), 0);
  if (awaited) last = await last;
  let total = 0;
  let done = 0;
  for (let c = 0; c < chunks; c++) {
    const n = Math.max(1, Math.round((Math.floor((count * (c + 1)) / chunks) - done) / perCall));
    const t0 = performance.now();
    let chunk = loop(call, n, last.sink);
    if (awaited) chunk = await chunk;
    const ms = performance.now() - t0;
    last = chunk;
    total += ms;
    done += n * perCall;
    console.log(`fastsha256-bench-js chunk ${n * perCall} ${ms.toFixed(4)}`);
  }
  console.log(`fastsha256-bench-js done runtime=${runtime[0]} version=${runtime[1]} ` +
    `style=${style} count=${done} ms=${total.toFixed(4)} warmup=${warmup} sink=${last.sink} last=${last.h}`);
}
