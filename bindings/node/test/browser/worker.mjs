// SPDX-License-Identifier: Apache-2.0 OR MIT
// Module worker of page.mjs (mode=worker): initSync(bytes), then the checks.
import * as f from '/pkg/browser.mjs';
import { runChecks } from '/test/checks.mjs';

(async () => {
  const bytes = await (await fetch('/pkg/wasm/fastsha256-simd.wasm')).arrayBuffer();
  f.initSync(new Uint8Array(bytes));
  return runChecks(f, 'quick');
})().then((r) => postMessage(r), (err) => postMessage({ ok: false, failures: [`${err && err.stack || err}`] }));
