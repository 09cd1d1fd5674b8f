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
// Output protocol and timing loop: harness.mjs (warm-up: 2000 messages).
import { message as m, run } from "./harness.mjs";

const subtle = globalThis.crypto?.subtle ?? (await import("node:crypto")).webcrypto.subtle;
const encoder = new TextEncoder();

async function hashHex(s) {
  const buf = await subtle.digest("SHA-256", encoder.encode(s));
  const bytes = new Uint8Array(buf);
  let hex = "";
  for (let i = 0; i < bytes.length; i++) hex += bytes[i].toString(16).padStart(2, "0");
  return hex;
}

await run("webcrypto", () => hashHex(m), 1, { count: 500000, warmupMax: 2000, awaited: true });
