// SPDX-License-Identifier: Apache-2.0 OR MIT
// examples/resumable-upload/server.mjs: a file sent in pieces, the server
// killed (SIGKILL) and restarted between them and once in the middle of a
// piece, still gives the SHA-256 of the whole file; wrong offsets and ids
// refused. Loopback only; every wait is bounded.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Buffer } from 'node:buffer';
import { runtime, randBytes } from './helpers.mjs';

const serverFile = fileURLToPath(new URL('../examples/resumable-upload/server.mjs', import.meta.url));
const kWait = 20000;

// Starts the server on a free port over dir: { port, child }.
function start(dir) {
  const args = runtime === 'deno' ? ['run', '-A', serverFile] : [serverFile];
  const child = spawn(process.execPath, [...args, '--port', '0', '--dir', dir],
    { stdio: ['ignore', 'pipe', 'inherit'], env: process.env });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => { child.kill('SIGKILL'); reject(new Error('server did not start')); }, kWait);
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const m = /listening (\d+)/.exec(out);
      if (m) { clearTimeout(timer); resolve({ port: Number(m[1]), child }); }
    });
    child.on('exit', (code) => { clearTimeout(timer); reject(new Error(`server exited (${code})`)); });
  });
}

function kill(server) {
  return new Promise((resolve) => {
    server.child.removeAllListeners('exit');
    server.child.on('exit', resolve);
    server.child.kill('SIGKILL');
  });
}

// One request: { status, headers, body }.
function request(port, method, url, headers = {}, body = undefined) {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path: url, headers, timeout: kWait }, (res) => {
      const parts = [];
      res.on('data', (d) => parts.push(d));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(parts) }));
    });
    req.on('timeout', () => req.destroy(new Error(`${method} ${url} timed out`)));
    req.on('error', reject);
    req.end(body);
  });
}

const patch = (port, url, offset, piece, last) => request(port, 'PATCH', url,
  { 'Upload-Offset': String(offset), 'Content-Length': String(piece.length), ...(last ? { 'Upload-Complete': '?1' } : {}) },
  piece);

// Sends part of a piece and kills the server before the rest arrives.
function cutShort(server, url, offset, piece) {
  return new Promise((resolve) => {
    const req = http.request({ host: '127.0.0.1', port: server.port, method: 'PATCH', path: url,
      headers: { 'Upload-Offset': String(offset), 'Content-Length': String(piece.length) } });
    req.on('error', () => resolve());
    req.write(piece.subarray(0, piece.length >> 1), () => setTimeout(() => kill(server).then(resolve), 200));
  });
}

test('a file in pieces across restarts gives its SHA-256', { timeout: 120000 }, async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fastsha256-upload-'));
  let server = await start(dir);
  try {
    const file = randBytes((1 << 20) + 37);
    const sizes = [55, 1, 8, 64, 65, 63, 100000, 4096, 1, 300000];
    const created = await request(server.port, 'POST', '/uploads');
    assert.equal(created.status, 201);
    const url = created.headers.location;
    assert.match(url, /^\/uploads\/[0-9a-f]{32}$/);
    assert.equal(fs.readFileSync(path.join(dir, `${url.slice(9)}.state`)).length, 108);

    let offset = 0;
    for (let i = 0; offset < file.length; i++) {
      const size = Math.min(sizes[i % sizes.length], file.length - offset);
      const piece = file.subarray(offset, offset + size);
      const last = offset + size === file.length;
      if (i % 3 === 1) { // killed and restarted between pieces
        await kill(server);
        server = await start(dir);
      }
      if (i === 4) { // killed in the middle of a piece: that piece does not count
        await cutShort(server, url, offset, piece);
        server = await start(dir);
        const head = await request(server.port, 'HEAD', url);
        assert.equal(head.headers['upload-offset'], String(offset));
      }
      const res = await patch(server.port, url, offset, piece, last);
      offset += size;
      if (last) {
        assert.equal(res.status, 200);
        const answer = JSON.parse(res.body.toString());
        assert.equal(answer.offset, file.length);
        assert.equal(answer.sha256, crypto.createHash('sha256').update(file).digest('hex'));
      } else {
        assert.equal(res.status, 204);
        assert.equal(res.headers['upload-offset'], String(offset));
      }
    }
    assert.equal((await request(server.port, 'HEAD', url)).status, 404, 'the state is gone');
  } finally {
    await kill(server);
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('wrong offsets, unknown ids and other paths are refused', { timeout: 60000 }, async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fastsha256-upload-'));
  const server = await start(dir);
  try {
    const url = (await request(server.port, 'POST', '/uploads')).headers.location;
    assert.equal((await patch(server.port, url, 0, Buffer.from('abc'))).status, 204);
    const stale = await patch(server.port, url, 0, Buffer.from('abc'));
    assert.equal(stale.status, 409);
    assert.equal(stale.headers['upload-offset'], '3');
    assert.equal((await patch(server.port, `/uploads/${'0'.repeat(32)}`, 0, Buffer.from('x'))).status, 404);
    assert.equal((await patch(server.port, '/uploads/../../etc', 0, Buffer.from('x'))).status, 404);
    assert.equal((await request(server.port, 'GET', url)).status, 405);
    const done = await patch(server.port, url, 3, Buffer.from('def'), true);
    assert.equal(JSON.parse(done.body.toString()).sha256, crypto.createHash('sha256').update('abcdef').digest('hex'));
  } finally {
    await kill(server);
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
