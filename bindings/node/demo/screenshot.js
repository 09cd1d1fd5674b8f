'use strict';
// Serves the package on 127.0.0.1, opens demo/index.html in headless Chromium
// (Debian's chromium through npm's playwright-core in build/test-deps:
// sh test/npm-deps.sh playwright-core@1.65.1) and saves demo/screenshot.png.
//   node demo/screenshot.js        (or: node demo/screenshot.js --serve, then open the printed URL)
const http = require('http');
const fs = require('fs');
const path = require('path');

const pkg = path.resolve(__dirname, '..');
const types = { '.mjs': 'text/javascript', '.html': 'text/html', '.wasm': 'application/wasm' };
const server = http.createServer((req, res) => {
  const file = path.join(pkg, decodeURIComponent(new URL(req.url, 'http://x').pathname));
  if (!file.startsWith(pkg) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
    res.writeHead(404);
    return res.end();
  }
  res.writeHead(200, { 'content-type': types[path.extname(file)] || 'application/octet-stream' });
  res.end(fs.readFileSync(file));
});

server.listen(Number(process.env.PORT || 0), '127.0.0.1', async () => {
  const url = `http://127.0.0.1:${server.address().port}/demo/index.html`;
  if (process.argv.includes('--serve')) return console.log(url);
  const { chromium } = require(path.join(pkg, 'build', 'test-deps', 'node_modules', 'playwright-core'));
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox',
    '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
    '--disable-component-update', '--disable-sync'] });
  const page = await browser.newPage({ viewport: { width: 900, height: 420 } });
  await page.goto(url);
  await page.waitForSelector('body[data-done="1"]', { timeout: 120000 });
  await page.screenshot({ path: path.join(__dirname, 'screenshot.png') });
  console.log(await page.textContent('#chart'), await page.textContent('#note'));
  await browser.close();
  server.close();
});
