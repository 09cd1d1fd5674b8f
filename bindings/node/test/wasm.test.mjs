// SPDX-License-Identifier: Apache-2.0 OR MIT
// The loader and the WebAssembly build's own paths (ctest js.wasm.loader):
// implementation and FASTSHA256_IMPL, the fallback when the addon cannot
// load, messages longer than the 1 MiB crossing (streamed), batch items and
// packed records around it, and memory that grows between calls.
//   node --test bindings/node/test/wasm.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { execFileSync, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const pkg = fileURLToPath(new URL('..', import.meta.url));
process.env.FASTSHA256_IMPL = 'wasm';
const f = require('../index.js');
const ref = (alg, data, enc = 'hex') => crypto.createHash(alg).update(data).digest(enc);
const refHmac = (alg, key, data) => crypto.createHmac(alg, key).update(data).digest('hex');

function child(env, code) {
  return spawnSync(process.execPath, ['-e', code], { cwd: pkg, encoding: 'utf8',
    env: { ...process.env, FASTSHA256_IMPL: '', ...env } });
}

test('implementation, FASTSHA256_IMPL and the fallback', () => {
  assert.equal(f.implementation, 'wasm');
  const code = "const f = require('./index.js'); console.log(f.implementation, f.sha256('abc', 'hex'))";
  const abc = 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad';
  const missing = { FASTSHA256_NODE_ADDON: '/nonexistent/fastsha256.node' };
  assert.equal(child(missing, code).stdout.trim(), `wasm ${abc}`, 'no addon: wasm');
  const forced = child({ ...missing, FASTSHA256_IMPL: 'native' }, code);
  assert.notEqual(forced.status, 0);
  assert.match(forced.stderr, /FASTSHA256_IMPL=native, but the native addon cannot load/);
  const bogus = child({ FASTSHA256_IMPL: 'fast' }, code);
  assert.match(bogus.stderr, /FASTSHA256_IMPL must be 'native' or 'wasm'/);
  assert.equal(child({ FASTSHA256_IMPL: 'wasm', FASTSHA256_WASM: 'mvp' },
    "console.log(require('./index.js').backend())").stdout.trim(), 'scalar');
  assert.equal(execFileSync(process.execPath, ['--input-type=module', '-e',
    "import f from './index.mjs'; console.log(f.implementation)"], { cwd: pkg, encoding: 'utf8',
    env: { ...process.env, FASTSHA256_IMPL: 'wasm' } }).trim(), 'wasm');
});

test('messages longer than one crossing: one-shot, HMAC, streaming, strings and bytes', () => {
  for (const n of [(1 << 20) - 1, 1 << 20, (1 << 20) + 1, 3 * (1 << 20) + 17]) {
    const bytes = crypto.randomBytes(n);
    const text = 'é😀a'.repeat(Math.ceil(n / 7)).slice(0, Math.floor(n / 2)); // pairs across chunk ends
    for (const [what, data] of [['bytes', bytes], ['string', text]]) {
      assert.equal(f.sha256(data, 'hex'), ref('sha256', data), `${what} ${n}`);
      assert.equal(f.sha224(data, 'base64'), ref('sha224', data, 'base64'), `${what} ${n}`);
      assert.equal(f.hmac('k', data, 'hex'), refHmac('sha256', 'k', data), `hmac ${what} ${n}`);
      assert.equal(f.createHash('sha256').update(data).update('x').digest('hex'),
        ref('sha256', Buffer.concat([Buffer.from(data), Buffer.from('x')])), `update ${what} ${n}`);
      assert.equal(f.createHmac('sha224', bytes.subarray(0, 100)).update(data).digest('hex'),
        refHmac('sha224', bytes.subarray(0, 100), data), `createHmac ${what} ${n}`);
    }
  }
});

test('batches with items around and past one crossing, mixed with small ones', () => {
  const big = crypto.randomBytes(3 << 20);
  const items = ['a', big.subarray(0, (1 << 20) + 5), 'b'.repeat(400000), big, '', big.subarray(7, 1 << 20),
    'é'.repeat(600000), Buffer.from('z')];
  const want = items.map((x) => ref('sha256', x));
  assert.deepEqual(f.sha256Many(items, 'hex'), want);
  assert.deepEqual(f.sha224Many(items, 'hex'), items.map((x) => ref('sha224', x)));
  assert.deepEqual(f.hmacMany('key', items, 'hex'), items.map((x) => refHmac('sha256', 'key', x)));
  assert.deepEqual(f.hmac224Many('key', items).map((b) => b.toString('hex')), items.map((x) => refHmac('sha224', 'key', x)));
  const strings = Array.from({ length: 5000 }, (_, i) => 'x'.repeat(i % 700));
  assert.deepEqual(f.sha256Many(strings, 'hex'), strings.map((x) => ref('sha256', x)), 'all-ASCII joined, > 1 MiB');
});

test('packed records with big strides and many records', () => {
  const buf = crypto.randomBytes(5 << 20);
  for (const [stride, length] of [[3 << 20, 1 << 20], [(1 << 20) + 3, 100], [64, 64], [1000, 999]]) {
    const n = Math.floor(buf.length / stride);
    const want = [];
    for (let i = 0; i < n; i++) want.push(ref('sha256', buf.subarray(i * stride, i * stride + length)));
    assert.equal(f.sha256Packed(buf, stride, length, 'hex').toString(), want.join(''), `stride ${stride}`);
    assert.equal(f.hmacPacked('k', buf, stride, length).toString('hex'),
      want.map((_, i) => refHmac('sha256', 'k', buf.subarray(i * stride, i * stride + length))).join(''));
  }
});

test('results stay right after the memory grows and the scratch areas shrink back', () => {
  const small = f.sha256('abc', 'hex');
  f.sha256Many([crypto.randomBytes(50 << 20)]); // grows the memory past 50 MiB
  assert.equal(f.sha256('abc', 'hex'), small);
  const h = f.createHash('sha256').update('ab');
  f.hmacMany(crypto.randomBytes(9 << 20), ['x']); // a big key, then wiped and freed
  assert.equal(h.update('c').digest('hex'), small);
  assert.equal(f.timingSafeEqual(crypto.randomBytes(0), Buffer.alloc(0)), true);
});

// The browser entry (browser.mjs, also what workerd.mjs re-exports) runs in
// Node too: the same API layer as the Node entry, with every name of it.
test('the browser entry: every call of the Node entry, by name, after init()', async () => {
  const b = await import('../browser.mjs');
  const { apiNames, fileNames } = require('../lib/api.js');
  await b.init();
  for (const name of apiNames) assert.equal(typeof b[name], typeof f[name], name);
  for (const name of Object.keys(f).filter((n) => n !== 'implementation' && !fileNames.includes(n)))
    assert.ok(name in b, `browser.mjs exports ${name}`);
  for (const name of fileNames) {
    assert.equal(typeof f[name], 'function', `the Node entry has ${name}`);
    assert.ok(!(name in b), `browser.mjs has no ${name} (it reads no files)`);
  }
  const leaves = crypto.randomBytes(5 << 20);
  const tree = b.createTreeHash('glacier').update(leaves.subarray(0, 3 << 20));
  assert.equal(tree.copy().update(leaves.subarray(3 << 20)).digest('hex'), f.glacierTreeHash(leaves).toString('hex'));
  assert.ok(tree.digest() instanceof Uint8Array);
  const hex = (u8) => Buffer.from(u8).toString('hex');
  assert.equal(hex(b.pbkdf2Sync('password', 'salt', 1, 32, 'RSA-SHA256')),
    crypto.pbkdf2Sync('password', 'salt', 1, 32, 'sha256').toString('hex'));
  assert.deepEqual(b.pbkdf2Many(['p', 'q'], 's', 2, 16, 'sha224').map(hex),
    ['p', 'q'].map((p) => crypto.pbkdf2Sync(p, 's', 2, 16, 'sha224').toString('hex')));
  assert.equal(Buffer.from(b.hkdfSync('sha2-224', 'k', 's', 'i', 50)).toString('hex'),
    Buffer.from(crypto.hkdfSync('sha224', 'k', 's', 'i', 50)).toString('hex'));
  const viaCallback = await new Promise((resolve, reject) =>
    b.hkdf('sha256', 'k', 's', 'i', 20, (err, key) => (err ? reject(err) : resolve(key))));
  assert.equal(Buffer.from(viaCallback).toString('hex'), Buffer.from(crypto.hkdfSync('sha256', 'k', 's', 'i', 20)).toString('hex'));
  // An odd number of hex digits is an error, never the digest of fewer bytes.
  for (const text of ['abc', 'a', '0'.repeat(101)]) {
    assert.throws(() => b.createHash('sha256').update(text, 'hex'), { name: 'TypeError', code: 'ERR_INVALID_ARG_VALUE' });
    assert.throws(() => b.createHmac('sha256', 'k').update(text, 'hex'), { name: 'TypeError', code: 'ERR_INVALID_ARG_VALUE' });
  }
  assert.equal(b.createHash('sha256').update('abcd', 'hex').digest('hex'), ref('sha256', Buffer.from('abcd', 'hex')));
  assert.equal(b.createHash('sha256').update('abcd', new String('hex')).digest('hex'), ref('sha256', 'abcd'));
  assert.equal(b.createHash('sha256').update('abc').digest(new String('hex')), ref('sha256', 'abc'));
  assert.throws(() => b.createHash('sha256', { outputLength: 28 }), { code: 'ERR_OSSL_EVP_NOT_XOF_OR_INVALID_LENGTH' });
});

// One list of natives (lib/natives.js): the addon and the WebAssembly natives
// provide each of them, and the addon nothing else; lib/api.js gets only these.
test('the addon and the WebAssembly natives provide exactly the list of natives', () => {
  const { nativeNames } = require('../lib/natives.js');
  const { wasmNatives } = require('../lib/wasm.js');
  const wasm = wasmNatives();
  for (const name of nativeNames) assert.ok(name in wasm, `the WebAssembly natives lack ${name}`);
  const addonFile = process.env.FASTSHA256_NODE_ADDON;
  if (!addonFile || addonFile === 'none') return;
  const addon = require(addonFile);
  assert.deepEqual(Object.keys(addon).sort(), [...nativeNames].sort());
  for (const name of nativeNames)
    assert.equal(typeof wasm[name], typeof addon[name], name);
});

test('the ES-module entries export every call by name', async () => {
  const { apiNames, fileNames } = require('../lib/api.js');
  for (const entry of ['../index.mjs', '../browser.mjs']) {
    const m = await import(entry);
    for (const name of [...apiNames, 'implementation']) assert.ok(name in m, `${entry} exports ${name}`);
  }
  const m = await import('../index.mjs');
  for (const name of fileNames) assert.ok(name in m, `index.mjs exports ${name}`);
});
