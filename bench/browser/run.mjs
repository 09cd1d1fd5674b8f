// SPDX-License-Identifier: Apache-2.0 OR MIT
// fastsha256-bench's browser section: the seed workload in headless Chromium
// (Debian's /usr/bin/chromium through npm playwright-core, both as
// bench/install-js-peers.sh and apt-get install chromium give them), on the
// demo page (bindings/node/demo: fastsha256 wasm per call, sha256Many and
// sha256Packed, await crypto.subtle.digest per message, the npm peers),
// served on 127.0.0.1; interleaved rounds, median messages/s, with a sketch
// of the proposed glue among them. Then where the string batch's time goes:
// the module's exports called directly in the page.
//   taskset -c 1 node bench/browser/run.mjs [rounds=5] [ms per round=300]
import { serve, launchChromium } from '../../bindings/node/demo/serve.mjs';

const rounds = Number(process.argv[2] ?? 5);
const ms = Number(process.argv[3] ?? 300);

// Runs in the page: the demo's contenders (workload.mjs) and, interleaved
// with them, a sketch of sha256Many through the proposed glue (one
// encodeInto of the joined batch, one fastsha256_many, one TextDecoder
// string) on a private instance of the SIMD module; then the parts of
// sha256Many one at a time on that instance.
async function inPage({ rounds, ms: budget }) {
  const { contenders, measure } = await import('/demo/workload.mjs');
  const b64 = (await import('/lib/wasm-simd.mjs')).default;
  const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
  const w = (await WebAssembly.instantiate(bytes, {})).instance.exports;
  const m = 'Hello world!!!', n = m.length, k = 1024, enc = new TextEncoder();
  const data = w.fastsha256_wasm_alloc(3 * n * k + 8 * k + 32 * k + 64 * k);
  const ptrs = data + 3 * n * k, lens = ptrs + 4 * k, dig = lens + 4 * k, text = dig + 32 * k;
  const h = new Uint8Array(w.memory.buffer), h32 = new Uint32Array(w.memory.buffer, ptrs, 2 * k);
  const list = new Array(k).fill(m);
  for (let i = 0; i < k; i++) { h32[i] = data + i * n; h32[k + i] = n; }
  const latin1 = new TextDecoder('latin1'); // hex is ASCII: windows-1252 is exact for it
  const str = (v) => { let s = ''; for (let i = 0; i < v.length; i += 8192) s += String.fromCharCode.apply(null, v.subarray(i, i + 8192)); return s; };
  const sketch = () => {
    const all = list.join('');
    enc.encodeInto(all, h.subarray(data, data + 3 * n * k));
    for (let i = 0, p = data; i < k; p += list[i].length, i++) { h32[i] = p; h32[k + i] = list[i].length; }
    w.fastsha256_many(ptrs, lens, k, dig);
    w.fastsha256_to_hex(dig, 32 * k, text);
    const s = latin1.decode(h.subarray(text, text + 64 * k));
    const out = new Array(k);
    for (let i = 0; i < k; i++) out[i] = s.slice(64 * i, 64 * i + 64);
    return out;
  };
  const { list: all, flavour } = await contenders({ withPeers: true, log: (s) => console.log(s) });
  all.push({ name: 'sketch: sha256Many, proposed glue', kind: 'sketch', per: k, call: () => sketch()[k - 1] });
  const results = await measure(all, { rounds, ms: budget });
  const parts = {
    'kernel: fastsha256_many x1024': () => { w.fastsha256_many(ptrs, lens, k, dig); },
    'hex: fastsha256_to_hex x1024': () => { w.fastsha256_to_hex(dig, 32 * k, text); },
    'copy in: 1024 encodeInto (per message)': () => { let p = data; for (let i = 0; i < k; i++) p += enc.encodeInto(list[i], h.subarray(p, p + 3 * n)).written; },
    'copy in: one encodeInto of the join': () => { enc.encodeInto(list.join(''), h.subarray(data, data + 3 * n * k)); },
    'string: 64 KiB by fromCharCode + 1024 slices': () => { const s = str(h.subarray(text, text + 64 * k)); let x = 0; for (let i = 0; i < k; i++) x ^= s.slice(64 * i, 64 * i + 64).length; return x; },
    'string: TextDecoder latin1 + 1024 slices': () => { const s = latin1.decode(h.subarray(text, text + 64 * k)); let x = 0; for (let i = 0; i < k; i++) x ^= s.slice(64 * i, 64 * i + 64).length; return x; },
  };
  const partRates = {};
  for (const [name, fn] of Object.entries(parts)) {
    let calls = 0;
    const t0 = performance.now();
    while (performance.now() - t0 < budget) { fn(); calls++; }
    partRates[name] = (calls * k) / ((performance.now() - t0) / 1000);
  }
  return { results, parts: partRates, flavour };
}

const { server, url } = await serve();
const { context, close } = await launchChromium();
try {
  const page = await context.newPage();
  page.on('console', (msg) => console.log(`page: ${msg.text()}`));
  await page.goto(`${url}/demo/chart.mjs`); // any page of the server's origin
  const r = await page.evaluate(inPage, { rounds, ms });
  const version = context.browser()?.version() ?? '';
  console.log(`chromium ${version} (headless), fastsha256 wasm ${r.flavour}, ${rounds} interleaved rounds of ${ms} ms, median messages/s:`);
  for (const x of r.results) console.log(`  ${x.name.padEnd(44)} ${(x.rate / 1e6).toFixed(3).padStart(8)} M/s`);
  const rate = (name) => r.results.find((x) => x.name.startsWith(name))?.rate;
  const x = rate('fastsha256 sha256Many') / rate('await crypto.subtle.digest');
  console.log(` target: sha256Many / await crypto.subtle.digest = ${x.toFixed(1)}x (30x: ${x >= 30 ? 'met' : 'MISSED'})`);
  const s = rate('sketch: sha256Many') / rate('await crypto.subtle.digest');
  console.log(`   with the proposed glue (the sketch row): ${s.toFixed(1)}x`);
  console.log(' where sha256Many\'s time goes (the module\'s exports called in the page), messages/s:');
  for (const [name, v] of Object.entries(r.parts)) console.log(`  ${name.padEnd(44)} ${(v / 1e6).toFixed(3).padStart(8)} M/s`);
} finally {
  await close();
  server.close();
}
