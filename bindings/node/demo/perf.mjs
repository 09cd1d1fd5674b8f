// The demo's workload outside a browser: SHA-256 hex of the seed message per
// call, sha256Many and sha256Packed (batches of 1024), for the wasm and the
// native implementation and the runtime's node:crypto, interleaved rounds
// (best of ROUNDS). Not a test: numbers for docs/wasm-js.md.
//   node demo/perf.mjs [ROUNDS]     bun demo/perf.mjs     deno run -A demo/perf.mjs
import { createRequire } from 'node:module';
import crypto from 'node:crypto';
import process from 'node:process';

const require = createRequire(import.meta.url);
const rounds = Number(process.argv[2] || 5);
const message = 'Hello world!!!';
const batch = Array(1024).fill(message);
const packed = new Uint8Array(14 * 1024);
for (let i = 0; i < 1024; i++) packed.set(new TextEncoder().encode(message), 14 * i);

// Both implementations in one process: index.js twice, under each FASTSHA256_IMPL.
function load(impl) {
  process.env.FASTSHA256_IMPL = impl;
  for (const k of Object.keys(require.cache)) if (k.includes('bindings/node/') && !k.includes('/lib/wasm-')) delete require.cache[k];
  try { return require('../index.js'); } catch (_) { return null; }
}
const impls = { wasm: load('wasm'), native: load('native') };

function rate(fn, perCall) {
  let n = 1, spent = 0, done = 0;
  while (spent < 300) {
    const t = performance.now();
    fn(n);
    spent += performance.now() - t;
    done += n * perCall;
    n *= 2;
  }
  return done / spent / 1000; // M/s
}

const rows = {};
const add = (name, value) => { rows[name] = Math.max(rows[name] || 0, value); };
for (let r = 0; r < rounds; r++) {
  for (const [name, f] of Object.entries(impls)) {
    if (!f) continue;
    add(`${name} sha256(m, 'hex')`, rate((n) => { for (let i = 0; i < n; i++) f.sha256(message, 'hex'); }, 1));
    add(`${name} sha256Many`, rate((n) => { for (let i = 0; i < n; i++) f.sha256Many(batch, 'hex'); }, 1024));
    add(`${name} sha256Packed`, rate((n) => { for (let i = 0; i < n; i++) f.sha256Packed(packed, 14, 14, 'hex'); }, 1024));
  }
  add('node:crypto createHash', rate((n) => { for (let i = 0; i < n; i++) crypto.createHash('sha256').update(message).digest('hex'); }, 1));
}
const runtime = typeof Deno !== 'undefined' ? `deno ${Deno.version.deno}` : typeof Bun !== 'undefined' ? `bun ${Bun.version}` : `node ${process.version}`;
console.log(`${runtime}, best of ${rounds} interleaved rounds, M messages/s:`);
for (const [name, value] of Object.entries(rows)) console.log(`  ${name.padEnd(28)} ${value.toFixed(2)}`);
