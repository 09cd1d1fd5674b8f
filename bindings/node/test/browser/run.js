// SPDX-License-Identifier: Apache-2.0 OR MIT
'use strict';
// ctest js.browser.chromium / js.browser.firefox (run.sh finds the browser):
// serves the package and the test pages on 127.0.0.1, opens /all.html (one
// iframe per mode of page.mjs: simd, mvp, worker, csp, csp-ok) in headless
// Chromium (playwright-core) or Firefox ESR, and waits for every page to
// POST its result.   node run.js chromium|firefox BROWSER [DEPS]
const http = require('http');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawn } = require('child_process');
const { readVectors } = require('../vectors-json.js');

const [kind, browserPath, deps] = process.argv.slice(2);
const pkg = path.resolve(__dirname, '..', '..');
const repo = path.resolve(pkg, '..', '..');
const modes = ['simd', 'mvp', 'worker', 'csp', 'csp-ok'];
const types = { '.mjs': 'text/javascript', '.js': 'text/javascript', '.wasm': 'application/wasm',
  '.html': 'text/html', '.json': 'application/json' };
const csp = { csp: "script-src 'self'", 'csp-ok': "script-src 'self' 'wasm-unsafe-eval'" };

const vectors = JSON.stringify(readVectors(path.join(repo, 'test', 'vectors')));
const goStates = fs.readFileSync(path.join(repo, 'test', 'vectors', 'go-states.txt'));
const allPage = `<!doctype html><meta charset="utf-8"><title>fastsha256 browser tests</title>
${modes.map((m) => `<iframe src="/page.html?mode=${m}"></iframe>`).join('\n')}`;
const testPage = '<!doctype html><meta charset="utf-8"><body>running<script type="module" src="/test/page.mjs"></script>';

const results = new Map();
let finish;
const done = new Promise((resolve) => { finish = resolve; });

function serve(req, res) {
  const url = new URL(req.url, 'http://127.0.0.1');
  if (req.method === 'POST' && url.pathname === '/result') {
    let body = '';
    req.on('data', (c) => { body += c; });
    req.on('end', () => {
      const r = JSON.parse(body);
      results.set(r.mode, r);
      res.end('ok');
      if (modes.every((m) => results.has(m))) finish();
    });
    return;
  }
  const send = (type, text, headers = {}) => { res.writeHead(200, { 'content-type': type, ...headers }); res.end(text); };
  if (url.pathname === '/favicon.ico') { res.writeHead(204); return res.end(); }
  if (url.pathname === '/all.html') return send('text/html', allPage);
  if (url.pathname === '/vectors.json') return send('application/json', vectors);
  if (url.pathname === '/go-states.txt') return send('text/plain', goStates);
  if (url.pathname === '/page.html') {
    const policy = csp[url.searchParams.get('mode')];
    return send('text/html', testPage, policy ? { 'content-security-policy': policy } : {});
  }
  let file = null;
  if (url.pathname.startsWith('/pkg/')) file = path.join(pkg, url.pathname.slice(5));
  else if (url.pathname.startsWith('/test/')) file = path.join(__dirname, url.pathname.slice(6));
  if (!file || !file.startsWith(pkg) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
    res.writeHead(404);
    return res.end('not found');
  }
  send(types[path.extname(file)] || 'application/octet-stream', fs.readFileSync(file));
}

async function chromium(url) {
  const { chromium: launcher } = require(path.join(deps, 'node_modules', 'playwright-core'));
  const browser = await launcher.launch({ executablePath: browserPath, args: ['--no-sandbox',
    '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
    '--disable-component-update', '--disable-sync'] });
  const page = await browser.newPage();
  page.on('console', (m) => console.log(`[page] ${m.text()}`));
  await page.goto(url);
  return () => browser.close();
}

function firefox(url) {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'fastsha256-ff-'));
  fs.writeFileSync(path.join(profile, 'user.js'), [
    ['browser.shell.checkDefaultBrowser', false], ['datareporting.policy.dataSubmissionEnabled', false],
    ['toolkit.telemetry.reportingpolicy.firstRun', false], ['browser.aboutwelcome.enabled', false],
    ['app.update.enabled', false], ['browser.startup.homepage_override.mstone', 'ignore'],
    ['network.captive-portal-service.enabled', false], ['extensions.update.enabled', false],
  ].map(([k, v]) => `user_pref(${JSON.stringify(k)}, ${JSON.stringify(v)});`).join('\n'));
  const child = spawn(browserPath, ['--headless', '--no-remote', '--profile', profile, url],
    { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, MOZ_DISABLE_AUTO_SAFE_MODE: '1' } });
  return () => {
    child.kill('SIGTERM');
    setTimeout(() => fs.rmSync(profile, { recursive: true, force: true }), 500);
  };
}

async function main() {
  const server = http.createServer(serve);
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${server.address().port}/all.html`;
  const close = kind === 'chromium' ? await chromium(url) : firefox(url);
  const timer = setTimeout(finish, 240000);
  await done;
  clearTimeout(timer);
  await close();
  server.close();
  let ok = true;
  for (const mode of modes) {
    const r = results.get(mode);
    if (!r) {
      console.log(`FAIL ${kind} ${mode}: no result (timed out)`);
      ok = false;
      continue;
    }
    console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${kind} ${mode}: ${r.checked || 0} checks` +
      (r.flavour ? `, flavour ${r.flavour}, backend ${r.backend}` : '') + (r.message ? ` (${r.message})` : ''));
    for (const f of r.failures || []) console.log(`     ${f}`);
    ok = ok && r.ok;
  }
  process.exit(ok ? 0 : 1);
}

main().catch((err) => { console.error(err); process.exit(1); });
