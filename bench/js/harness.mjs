// Shared timing loop of the fastsha256-bench JS snippets (builtin.mjs,
// fastsha256.mjs): the output protocol of createhash.mjs.
//   run(style, call, perCall): call() hashes perCall messages and returns the
//   last hex digest; count messages are hashed in `chunks` timed chunks after
//   an untimed warm-up (count/50, at most 20000 messages).
export const args = typeof Deno !== "undefined" ? Deno.args : process.argv.slice(2);
export const runtime = typeof Deno !== "undefined" ? ["deno", Deno.version.deno]
  : typeof Bun !== "undefined" ? ["bun", Bun.version]
  : ["node", process.versions.node];
export const message = "Hello world!!!";

export function run(style, call, perCall = 1) {
  const count = Number(args[0] ?? 5000000);
  const chunks = Math.max(1, Math.min(Number(args[1] ?? 10), count || 1));
  let h = "";
  let sink = 0;
  const warmup = Math.min(20000, Math.floor(count / 50));
  for (let i = 0; i < warmup; i += perCall) {
    h = call();
    sink ^= h.charCodeAt(i & 63);
  }
  let total = 0;
  let done = 0;
  for (let c = 0; c < chunks; c++) {
    const calls = Math.max(1, Math.round((Math.floor((count * (c + 1)) / chunks) - done) / perCall));
    const t0 = performance.now();
    for (let i = 0; i < calls; i++) {
      h = call();
      sink ^= h.charCodeAt(i & 63);
    }
    const ms = performance.now() - t0;
    total += ms;
    done += calls * perCall;
    console.log(`fastsha256-bench-js chunk ${calls * perCall} ${ms.toFixed(4)}`);
  }
  console.log(`fastsha256-bench-js done runtime=${runtime[0]} version=${runtime[1]} ` +
    `style=${style} count=${done} ms=${total.toFixed(4)} warmup=${warmup} sink=${sink} last=${h}`);
}
