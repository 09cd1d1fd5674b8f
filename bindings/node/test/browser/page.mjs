// SPDX-License-Identifier: Apache-2.0 OR MIT
// One browser test page (served by test/browser/server.js): ?mode=
//   simd     await init() (the embedded module of the best flavour: SIMD128)
//   mvp      await init(bytes of wasm/fastsha256-mvp.wasm)
//   worker   initSync(bytes) inside a module worker
//   csp      a page whose CSP forbids wasm: init() must name 'wasm-unsafe-eval'
//   csp-ok   the same with 'wasm-unsafe-eval' allowed: init() works
// Each posts { mode, ok, checked, failures, flavour } to /result.
import * as f from '/pkg/browser.mjs';
import { runChecks } from '/test/checks.mjs';

const mode = new URLSearchParams(location.search).get('mode');

async function report(result) {
  await fetch('/result', { method: 'POST', body: JSON.stringify({ mode, ...result }) });
  document.body.textContent = JSON.stringify(result);
}

async function main() {
  if (mode === 'csp') {
    try {
      await f.init();
      return { ok: false, failures: ['init() succeeded under a CSP without wasm-unsafe-eval'] };
    } catch (err) {
      const ok = err.code === 'ERR_FASTSHA256_WASM_CSP' && err.message.includes("'wasm-unsafe-eval'");
      return { ok, checked: 1, failures: ok ? [] : [`wrong error: ${err.code} ${err.message}`], message: err.message };
    }
  }
  if (mode === 'worker') {
    const worker = new Worker('/test/worker.mjs', { type: 'module' });
    return new Promise((resolve) => { worker.onmessage = (e) => resolve(e.data); });
  }
  if (mode === 'mvp') {
    const bytes = await (await fetch('/pkg/wasm/fastsha256-mvp.wasm')).arrayBuffer();
    await f.init(new Uint8Array(bytes));
  } else {
    await f.init();
  }
  return runChecks(f, mode === 'csp-ok' ? 'quick' : 'full');
}

main().then(report, (err) => report({ ok: false, failures: [`${err && err.stack || err}`] }));
