// SPDX-License-Identifier: Apache-2.0 OR MIT
// Serves the demo on 127.0.0.1, runs it in headless Chromium (Debian's
// /usr/bin/chromium through npm playwright-core: bench/install-js-peers.sh)
// and writes its screenshot:
//   node bindings/node/demo/screenshot.mjs [out=bench/results/browser-demo.png] [query=rounds=3&ms=150]
// Pin it on a shared machine (taskset -c 1). Prints the measured rates.
import path from 'node:path';
import { serve, launchChromium, repoDir } from './serve.mjs';

const out = path.resolve(process.argv[2] ?? path.join(repoDir, 'bench', 'results', 'browser-demo.png'));
const { server, url } = await serve();
const { context, close } = await launchChromium();
try {
  const page = await context.newPage();
  page.on('console', (msg) => console.log(`page: ${msg.text()}`));
  await page.goto(`${url}/demo/?${process.argv[3] ?? 'rounds=3&ms=150'}`);
  await page.waitForFunction(() => window.demoResults, null, { timeout: 180000 });
  const r = await page.evaluate(() => window.demoResults);
  if (r.error) throw new Error(r.error);
  for (const x of r.results) console.log(`${x.name.padEnd(36)} ${(x.rate / 1e6).toFixed(3).padStart(8)} M/s`);
  await page.locator('#chart svg').screenshot({ path: out });
  console.log(`wrote ${out}`);
} finally {
  await close();
  server.close();
}
