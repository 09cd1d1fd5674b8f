// SPDX-License-Identifier: Apache-2.0 OR MIT
// A resumable upload endpoint (Node's http, no framework): a file arrives in
// several PATCH requests and only its SHA-256 state, 108 bytes, is kept on
// disk between them, so the server can be stopped or killed between pieces
// and still answer the digest of the whole file at the end.
//
//   node server.mjs [--port N] [--dir DIR]     listens on 127.0.0.1 only
//
//   POST  /uploads               201, Location: /uploads/<id>, Upload-Offset: 0
//   HEAD  /uploads/<id>          204, Upload-Offset: bytes received so far
//   PATCH /uploads/<id>          body: the next bytes; Upload-Offset must be the
//                                current one (409 otherwise); 204 with the new
//                                offset, or with "Upload-Complete: ?1" 200 and
//                                {"offset", "sha256"} (the state is removed)
//
// A piece counts only once all of it has arrived and its new state has been
// written (to a temporary file, then renamed over the old one): a request
// cut short leaves the offset where it was, and the client resends from there.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Buffer } from 'node:buffer';
import { fileURLToPath } from 'node:url';
import { createHash, fromState } from '../../index.mjs'; // in a project: from 'fastsha256'

const kMaxPiece = 64 << 20; // bytes per PATCH
const idPattern = /^\/uploads\/([0-9a-f]{32})$/;

// The byte count of a saved state: its last 8 bytes, big-endian (Go's format).
const offsetOf = (state) => Number(Buffer.from(state).readBigUInt64BE(100));

function reply(res, status, headers = {}, body = undefined) {
  res.writeHead(status, { 'Cache-Control': 'no-store', ...headers });
  res.end(body);
}

function makeStore(dir) {
  const file = (id) => path.join(dir, `${id}.state`);
  return {
    read: (id) => { try { return fs.readFileSync(file(id)); } catch { return null; } },
    write(id, state) { // atomic: a crash leaves the old state or the new one
      const tmp = `${file(id)}.${process.pid}.tmp`;
      fs.writeFileSync(tmp, state);
      fs.renameSync(tmp, file(id));
    },
    remove: (id) => fs.rmSync(file(id), { force: true }),
  };
}

// Hashes the request body onto the saved state; resolves to the new hash, or
// null when the body ended early or ran past the limit (nothing is saved).
function hashBody(req, state) {
  return new Promise((resolve) => {
    const hash = fromState(state);
    let size = 0, done = false;
    const finish = (value) => { if (!done) { done = true; resolve(value); } };
    req.on('data', (chunk) => {
      size += chunk.length;
      if (size > kMaxPiece) { finish(null); req.destroy(); return; }
      hash.update(chunk);
    });
    req.on('end', () => finish(hash));
    req.on('aborted', () => finish(null));
    req.on('close', () => finish(req.complete ? hash : null));
    req.on('error', () => finish(null));
  });
}

async function patch(store, busy, id, req, res) {
  const state = store.read(id);
  if (!state) return reply(res, 404);
  const offset = offsetOf(state);
  if (req.headers['upload-offset'] !== String(offset))
    return reply(res, 409, { 'Upload-Offset': offset });
  if (busy.has(id)) return reply(res, 409, { 'Upload-Offset': offset });
  busy.add(id);
  try {
    const hash = await hashBody(req, state);
    if (!hash) return reply(res, 400, { 'Upload-Offset': offset });
    const next = hash.exportState();
    if (req.headers['upload-complete'] !== '?1') {
      store.write(id, next);
      return reply(res, 204, { 'Upload-Offset': offsetOf(next) });
    }
    store.remove(id);
    reply(res, 200, { 'Content-Type': 'application/json' },
      JSON.stringify({ offset: offsetOf(next), sha256: hash.digest('hex') }));
  } finally {
    busy.delete(id);
  }
}

export function createServer(dir) {
  const store = makeStore(dir);
  const busy = new Set(); // ids with a PATCH in progress
  return http.createServer((req, res) => {
    if (req.method === 'POST' && req.url === '/uploads') {
      const id = randomBytes(16).toString('hex');
      store.write(id, createHash('sha256').exportState());
      return reply(res, 201, { Location: `/uploads/${id}`, 'Upload-Offset': 0 });
    }
    const m = idPattern.exec(req.url);
    if (!m) return reply(res, 404);
    if (req.method === 'HEAD') {
      const state = store.read(m[1]);
      return state ? reply(res, 204, { 'Upload-Offset': offsetOf(state) }) : reply(res, 404);
    }
    if (req.method === 'PATCH') return patch(store, busy, m[1], req, res);
    reply(res, 405, { Allow: 'HEAD, PATCH' });
  });
}

function option(name, fallback) {
  const i = process.argv.indexOf(name);
  return i > 0 && i + 1 < process.argv.length ? process.argv[i + 1] : fallback;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = option('--dir', 'upload-states');
  fs.mkdirSync(dir, { recursive: true });
  const server = createServer(dir);
  server.listen(Number(option('--port', 8038)), '127.0.0.1', () => {
    console.log(`listening ${server.address().port}`);
  });
}
