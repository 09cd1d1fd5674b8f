// SPDX-License-Identifier: Apache-2.0 OR MIT
// Serves the demo on 127.0.0.1: the package folder (bindings/node) at /, the
// npm peers (bench/install-js-peers.sh: $FASTSHA256_JS_PEERS or
// bench/.js-peers) at /peers/ when installed. Also finds playwright-core and
// launches Debian's Chromium with it (screenshot.mjs, bench/browser/run.mjs).
//   node bindings/node/demo/serve.mjs [port=8024]   then open http://127.0.0.1:8024/demo/
import http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
export const pkgDir = path.resolve(here, '..');
export const repoDir = path.resolve(pkgDir, '..', '..');
export const peersDir = process.env.FASTSHA256_JS_PEERS || path.join(repoDir, 'bench', '.js-peers');
const types = { '.mjs': 'text/javascript', '.js': 'text/javascript', '.wasm': 'application/wasm',
  '.html': 'text/html; charset=utf-8', '.json': 'application/json', '.svg': 'image/svg+xml' };

function fileFor(pathname) {
  const peers = path.join(peersDir, 'node_modules');
  const [root, rel] = pathname.startsWith('/peers/') ? [peers, pathname.slice(7)] : [pkgDir, pathname.slice(1)];
  let file = path.resolve(root, decodeURIComponent(rel));
  if (!file.startsWith(root + path.sep) && file !== root) return null;
  if (fs.existsSync(file) && fs.statSync(file).isDirectory()) file = path.join(file, 'index.html');
  return fs.existsSync(file) ? file : null;
}

/** Starts the server; resolves to { server, url }. */
export function serve(port = 0) {
  const server = http.createServer((req, res) => {
    const { pathname } = new URL(req.url, 'http://127.0.0.1');
    if (pathname === '/favicon.ico') { res.writeHead(204); return res.end(); }
    if (pathname === '/demo') { res.writeHead(302, { location: '/demo/' }); return res.end(); }
    const file = fileFor(pathname === '/' ? '/demo/' : pathname);
    if (!file) { res.writeHead(404); return res.end('not found'); }
    res.writeHead(200, { 'content-type': types[path.extname(file)] || 'application/octet-stream' });
    res.end(fs.readFileSync(file));
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () =>
    resolve({ server, url: `http://127.0.0.1:${server.address().port}` })));
}

/** playwright-core's chromium from the peers folder or the tests' folder. */
export function playwrightChromium() {
  for (const dir of [peersDir, path.join(pkgDir, 'build', 'test-deps')]) {
    try {
      return createRequire(path.join(dir, 'package.json'))('playwright-core').chromium;
    } catch { /* next */ }
  }
  throw new Error(`playwright-core not found in ${peersDir} (run bench/install-js-peers.sh)`);
}

/** Debian's Chromium, headless, with a new empty profile; resolves to { browser, close }. */
export async function launchChromium() {
  const executablePath = process.env.CHROMIUM || '/usr/bin/chromium';
  if (!fs.existsSync(executablePath)) throw new Error(`${executablePath} not found (apt-get install chromium)`);
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'fastsha256-chromium-'));
  const context = await playwrightChromium().launchPersistentContext(profile, {
    executablePath, headless: true, viewport: { width: 940, height: 420 },
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const close = async () => { await context.close(); fs.rmSync(profile, { recursive: true, force: true }); };
  return { context, close };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const { url } = await serve(Number(process.argv[2] ?? 8024));
  console.log(`${url}/demo/  (peers: ${fs.existsSync(path.join(peersDir, 'node_modules')) ? peersDir : 'not installed'})`);
}
