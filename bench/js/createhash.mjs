// fastsha256-bench JS peer: the seed's synchronous snippet,
//   crypto.createHash("sha256").update(m).digest("hex")
// for the 14-byte message "Hello world!!!", timed with performance.now().
// Runs unchanged on node, bun and deno (node:crypto).
//
// usage: <runtime> createhash.mjs [count=5000000] [chunks=10]
// Prints one "fastsha256-bench-js chunk <n> <ms>" line per chunk and a final
// "fastsha256-bench-js done ..." line that fastsha256-bench parses. A short
// untimed warm-up (count/50, at most 20000) lets the JIT settle first.
import crypto from "node:crypto";

const args = typeof Deno !== "undefined" ? Deno.args : process.argv.slice(2);
const count = Number(args[0] ?? 5000000);
const chunks = Math.max(1, Math.min(Number(args[1] ?? 10), count || 1));
const runtime = typeof Deno !== "undefined" ? ["deno", Deno.version.deno]
  : typeof Bun !== "undefined" ? ["bun", Bun.version]
  : ["node", process.versions.node];
const m = "Hello world!!!";

let h = "";
let sink = 0;
const warmup = Math.min(20000, Math.floor(count / 50));
for (let i = 0; i < warmup; i++) {
  h = crypto.createHash("sha256").update(m).digest("hex");
  sink ^= h.charCodeAt(i & 63);
}

let total = 0;
let done = 0;
for (let c = 0; c < chunks; c++) {
  const n = Math.floor((count * (c + 1)) / chunks) - done;
  const t0 = performance.now();
  for (let i = 0; i < n; i++) {
    h = crypto.createHash("sha256").update(m).digest("hex");
    sink ^= h.charCodeAt(i & 63);
  }
  const ms = performance.now() - t0;
  total += ms;
  done += n;
  console.log(`fastsha256-bench-js chunk ${n} ${ms.toFixed(4)}`);
}
console.log(`fastsha256-bench-js done runtime=${runtime[0]} version=${runtime[1]} ` +
  `style=createHash count=${done} ms=${total.toFixed(4)} warmup=${warmup} sink=${sink} last=${h}`);
