// fastsha256-bench JS peer: the seed's asynchronous WebCrypto snippet,
//   await crypto.subtle.digest("SHA-256", new TextEncoder().encode(m))
// followed by a byte-by-byte hex string, one message at a time (each digest
// awaited before the next), for the 14-byte message "Hello world!!!".
// Runs unchanged on node, bun and deno (node 18, Debian 12's, has no global
// crypto: its node:crypto webcrypto object is the same API).
//
// usage: <runtime> webcrypto.mjs [count=500000] [chunks=10]
// The default count is 500,000 (a tenth of the seed's 5,000,000): at
// ~20k-150k digests/s the full count would take minutes per runtime.
// Output protocol as in createhash.mjs.
const args = typeof Deno !== "undefined" ? Deno.args : process.argv.slice(2);
const count = Number(args[0] ?? 500000);
const chunks = Math.max(1, Math.min(Number(args[1] ?? 10), count || 1));
const runtime = typeof Deno !== "undefined" ? ["deno", Deno.version.deno]
  : typeof Bun !== "undefined" ? ["bun", Bun.version]
  : ["node", process.versions.node];
const m = "Hello world!!!";
const subtle = globalThis.crypto?.subtle ?? (await import("node:crypto")).webcrypto.subtle;
const encoder = new TextEncoder();

async function hashHex(s) {
  const buf = await subtle.digest("SHA-256", encoder.encode(s));
  const bytes = new Uint8Array(buf);
  let hex = "";
  for (let i = 0; i < bytes.length; i++) hex += bytes[i].toString(16).padStart(2, "0");
  return hex;
}

let h = "";
let sink = 0;
const warmup = Math.min(2000, Math.floor(count / 50));
for (let i = 0; i < warmup; i++) {
  h = await hashHex(m);
  sink ^= h.charCodeAt(i & 63);
}

let total = 0;
let done = 0;
for (let c = 0; c < chunks; c++) {
  const n = Math.floor((count * (c + 1)) / chunks) - done;
  const t0 = performance.now();
  for (let i = 0; i < n; i++) {
    h = await hashHex(m);
    sink ^= h.charCodeAt(i & 63);
  }
  const ms = performance.now() - t0;
  total += ms;
  done += n;
  console.log(`fastsha256-bench-js chunk ${n} ${ms.toFixed(4)}`);
}
console.log(`fastsha256-bench-js done runtime=${runtime[0]} version=${runtime[1]} ` +
  `style=webcrypto count=${done} ms=${total.toFixed(4)} warmup=${warmup} sink=${sink} last=${h}`);
