// SPDX-License-Identifier: Apache-2.0 OR MIT
// fastsha256's JavaScript binding: hashing (one-shot, streaming, batches,
// packed, async), checked against node:crypto. HMAC is in hmac.test.mjs.
// One file for the three runtimes (test/run.sh runs them all):
//   node --test bindings/node/test/*.test.mjs   (npm test)
//   bun test ./bindings/node/test/fastsha256.test.mjs
//   deno test -A bindings/node/test/fastsha256.test.mjs
// FASTSHA256_NODE_ADDON=<file> tests a given fastsha256.node (ctest does).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { Buffer } from 'node:buffer';
import { fileURLToPath } from 'node:url';
import fastsha256 from '../index.mjs';
import { runtime, randInt, randBytes, ref, randString, sampleStrings, sampleViews, encodings } from './helpers.mjs';

const f = fastsha256;

function checkOne(alg, data) {
  const fn = alg === 'sha256' ? f.sha256 : f.sha224;
  for (const enc of encodings) {
    const got = enc === undefined ? fn(data) : fn(data, enc);
    const want = ref(alg, data, enc === 'buffer' ? undefined : enc);
    if (enc === undefined || enc === 'buffer') {
      assert.ok(Buffer.isBuffer(got), 'a Buffer without an encoding');
      assert.equal(got.toString('hex'), want.toString('hex'));
    } else {
      assert.equal(got, want, `${alg} ${enc}`);
    }
  }
}

describe(`fastsha256 under ${runtime}`, () => {
  test('module shape', () => {
    assert.equal(typeof f.version, 'string');
    assert.match(f.version, /^\d+\.\d+\.\d+/);
    assert.ok(f.backends().includes(f.backend()));
    assert.ok(f.allBackends().includes('scalar'));
    for (const name of ['sha256', 'sha224', 'createHash', 'sha256Many', 'sha256Packed',
      'sha256ManyAsync', 'sha256PackedAsync', 'backend', 'backends', 'setBackend'])
      assert.equal(typeof f[name], 'function', name);
  });

  test('known answers', () => {
    assert.equal(f.sha256('abc', 'hex'),
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    assert.equal(f.sha224('abc', 'hex'),
      '23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7');
    assert.equal(f.sha256('', 'hex'),
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    // A lone surrogate is hashed as U+FFFD (EF BF BD), as node:crypto does.
    assert.equal(f.sha256('\uD800', 'hex'), f.sha256(Buffer.from([0xef, 0xbf, 0xbd]), 'hex'));
  });

  test('strings around 1365 UTF-16 units (where Bun\'s FFI path hands over to the addon)', () => {
    for (let n = 1360; n <= 1370; n++) {
      for (const s of ['a'.repeat(n), '€'.repeat(n), '😀'.repeat(n >> 1) + (n & 1 ? '\uD800' : ''),
        'a'.repeat(n - 1) + '\uDBFF']) {
        const text = (x) => (typeof x === 'string' ? x : x.toString('hex'));
        for (const enc of [undefined, 'hex', 'base64']) {
          assert.equal(text(f.sha256(s, enc)), text(ref('sha256', s, enc)));
          assert.equal(text(f.sha224(s, enc)), text(ref('sha224', s, enc)));
        }
      }
    }
  });

  test('short strings with one non-ASCII unit at every position (Bun copies short ASCII itself)', () => {
    const text = (x) => (typeof x === 'string' ? x : x.toString('hex'));
    for (let n = 0; n <= 20; n++) {
      const strings = ['b'.repeat(n), '\x7f'.repeat(n)];
      for (let at = 0; at < n; at++)
        for (const odd of ['\x80', 'é', '\u07FF', '€', '\uD800', '\uDFFF', '\u{1F600}'])
          strings.push('b'.repeat(at) + odd + '\x7f'.repeat(n - at - 1));
      for (const s of strings) {
        for (const enc of [undefined, 'hex']) {
          assert.equal(text(f.sha256(s, enc)), text(ref('sha256', s, enc)), JSON.stringify(s));
          assert.equal(text(f.sha224(s, enc)), text(ref('sha224', s, enc)), JSON.stringify(s));
        }
        // The same string as an HMAC key and as its data.
        assert.equal(f.hmac(s, s, 'hex'), crypto.createHmac('sha256', s).update(s).digest('hex'));
        assert.equal(f.hmac224(s, 'x', 'hex'), crypto.createHmac('sha224', s).update('x').digest('hex'));
      }
    }
  });

  test('strings against node:crypto (ASCII, non-ASCII, emoji, lone surrogates, empty)', () => {
    for (const s of sampleStrings()) {
      checkOne('sha256', s);
      checkOne('sha224', s);
    }
  });

  test('Buffers, every TypedArray, DataView and ArrayBuffer at odd offsets', () => {
    for (const v of sampleViews()) {
      checkOne('sha256', v);
      checkOne('sha224', v);
    }
  });

  test('every backend through setBackend', () => {
    const names = f.backends();
    const strings = sampleStrings().slice(0, 120);
    const views = sampleViews();
    const packed = randBytes(14 * 300 + 5);
    const wantPacked = [];
    for (let i = 0; i < 300; i++) wantPacked.push(ref('sha256', packed.subarray(i * 14, i * 14 + 14), 'hex'));
    try {
      for (const name of names) {
        assert.equal(f.setBackend(name), name);
        assert.equal(f.backend(), name);
        for (const s of strings) assert.equal(f.sha256(s, 'hex'), ref('sha256', s, 'hex'), name);
        for (const v of views) assert.equal(f.sha224(v, 'hex'), ref('sha224', v, 'hex'), name);
        assert.deepEqual(f.sha256Many(strings, 'hex'), strings.map((s) => ref('sha256', s, 'hex')));
        assert.equal(f.sha256Packed(packed, 14, 14, 'hex').toString('latin1'), wantPacked.join(''));
        const h = f.createHash('sha256');
        for (const s of strings) h.update(s);
        assert.equal(h.digest('hex'), ref('sha256', strings.join(''), 'hex'));
      }
    } finally {
      f.setBackend('auto');
    }
    assert.ok(names.includes(f.backend()));
  });

  test('setBackend rejects unknown names and wrong types', () => {
    const before = f.backend();
    assert.throws(() => f.setBackend('no-such-backend'), /Unknown or unsupported/);
    assert.throws(() => f.setBackend(''), /Unknown or unsupported/);
    assert.throws(() => f.setBackend('x'.repeat(100)), /Unknown or unsupported/);
    assert.throws(() => f.setBackend(3), { name: 'TypeError', message: /"name"/ });
    assert.throws(() => f.setBackend(), { name: 'TypeError' });
    for (const name of f.allBackends())
      if (!f.backends().includes(name)) assert.throws(() => f.setBackend(name), /unsupported/);
    assert.equal(f.backend(), before);
  });

  test('createHash streams with random splits; copy() forks the state', () => {
    for (const alg of ['sha256', 'sha224', 'SHA256']) {
      for (let round = 0; round < 40; round++) {
        const data = randBytes(randInt(3000));
        const text = randString(randInt(300));
        const ours = f.createHash(alg);
        const theirs = crypto.createHash(alg);
        let forks = [];
        for (let at = 0; at < data.length;) {
          const n = Math.min(data.length - at, randInt(200));
          const piece = data.subarray(at, at + n);
          assert.equal(ours.update(piece), ours, 'update returns this');
          theirs.update(piece);
          at += n;
          if (randInt(4) === 0) forks.push([ours.copy(), theirs.copy()]);
        }
        ours.update(text);
        theirs.update(text);
        forks.push([ours.copy(), theirs.copy()]);
        const enc = encodings[randInt(encodings.length)];
        const want = theirs.digest(enc);
        assert.deepEqual(ours.digest(enc), want);
        for (const [a, b] of forks) {
          a.update('tail');
          b.update('tail');
          assert.equal(a.digest('hex'), b.digest('hex'));
        }
      }
    }
  });

  test('createHash: input encodings and the other output encodings', () => {
    for (const enc of ['utf8', 'utf-8', 'hex', 'base64', 'base64url', 'latin1', 'binary',
      'ascii', 'utf16le', 'ucs2']) {
      const input = enc.startsWith('hex') ? 'c0ffee00' : enc.startsWith('base64') ? 'AAEC/+8_' : 'h\u00e9llo €';
      assert.equal(f.createHash('sha256').update(input, enc).digest('hex'),
        crypto.createHash('sha256').update(input, enc).digest('hex'), enc);
    }
    for (const enc of ['utf8', 'ucs2', 'utf16le', 'ascii']) {
      assert.equal(f.createHash('sha256').update('x').digest(enc),
        crypto.createHash('sha256').update('x').digest(enc), enc);
    }
    assert.throws(() => f.createHash('sha256').update('x', 'nope'), { name: 'TypeError' });
  });

  test('encoding names ignore case; a falsy digest encoding gives a Buffer, as in node:crypto', () => {
    const want = crypto.createHash('sha256').update('x');
    const hex = want.copy().digest('hex');
    for (const enc of ['HEX', 'Hex', 'BASE64', 'Base64Url', 'LATIN1', 'Binary']) {
      const ref = crypto.createHash('sha256').update('x').digest(enc);
      assert.equal(f.createHash('sha256').update('x').digest(enc), ref, `digest ${enc}`);
      assert.equal(f.sha256('x', enc), ref, `sha256 ${enc}`);
      assert.equal(f.sha256Many(['x', Buffer.from('x')], enc)[1], ref, `sha256Many ${enc}`);
    }
    assert.equal(f.sha256(Buffer.from('x'), 'HEX'), hex);
    for (const enc of [null, '', 0, false]) {
      const d = f.createHash('sha256').update('x').digest(enc);
      assert.ok(Buffer.isBuffer(d), `digest(${JSON.stringify(enc)}) is a Buffer`);
      assert.equal(d.toString('hex'), hex);
    }
    assert.throws(() => f.sha256('x', 'HEXX'), { name: 'TypeError' });
  });

  test('digest twice and update after digest throw like node:crypto', () => {
    const h = f.createHash('sha256');
    h.update('a').digest();
    const theirs = crypto.createHash('sha256');
    theirs.digest();
    let want;
    try { theirs.digest(); } catch (e) { want = e; }
    assert.throws(() => h.digest(), (e) => e.code === 'ERR_CRYPTO_HASH_FINALIZED' &&
      e.message === (want ? want.message : 'Digest already called'));
    assert.throws(() => h.digest('hex'), { code: 'ERR_CRYPTO_HASH_FINALIZED' });
    assert.throws(() => h.update('b'), { code: 'ERR_CRYPTO_HASH_FINALIZED' });
    assert.throws(() => h.copy(), { code: 'ERR_CRYPTO_HASH_FINALIZED' });
  });

  test('createHash rejects unknown algorithms and foreign objects', () => {
    assert.throws(() => f.createHash('md5'), /not supported/);
    assert.throws(() => f.createHash('sha2566'), /not supported/);
    assert.throws(() => f.createHash(1), { name: 'TypeError', message: /"algorithm"/ });
    assert.throws(() => f.createHash(), { name: 'TypeError' });
    const h = f.createHash('sha256');
    assert.throws(() => f.Hash.prototype.digest.call({}), { name: 'TypeError' });
    assert.throws(() => h.update.call(Object.create(f.Hash.prototype), 'x'), { name: 'TypeError' });
    assert.throws(() => h.update(42), { name: 'TypeError', code: 'ERR_INVALID_ARG_TYPE' });
    assert.throws(() => h.update({}), { name: 'TypeError', message: /"data"/ });
  });

  test('sha256Many: mixed items, in order, every encoding, iterables', () => {
    const items = [];
    for (const s of sampleStrings()) items.push(s);
    for (const v of sampleViews()) items.splice(randInt(items.length), 0, v);
    const want = items.map((x) => ref('sha256', x, 'hex'));
    assert.deepEqual(f.sha256Many(items, 'hex'), want);
    const buffers = f.sha256Many(items);
    assert.equal(buffers.length, items.length);
    assert.ok(buffers.every((b) => Buffer.isBuffer(b) && b.length === 32));
    assert.deepEqual(buffers.map((b) => b.toString('hex')), want);
    for (const enc of ['base64', 'base64url', 'latin1'])
      assert.deepEqual(f.sha256Many(items, enc), items.map((x) => ref('sha256', x, enc)));
    assert.deepEqual(f.sha224Many(items, 'hex'), items.map((x) => ref('sha224', x, 'hex')));
    assert.deepEqual(f.sha256Many(new Set(['a', 'b']), 'hex'), [ref('sha256', 'a', 'hex'), ref('sha256', 'b', 'hex')]);
    assert.deepEqual(f.sha256Many((function* () { yield 'x'; yield Buffer.from('y'); })(), 'hex'),
      [ref('sha256', 'x', 'hex'), ref('sha256', 'y', 'hex')]);
    assert.deepEqual(f.sha256Many([], 'hex'), []);
    // A surrogate pair split between two items: two lone surrogates.
    const halves = ['\uD83D', '\uDE00', 'a\uD83D', '\uDE00b', '\uD83D\uDE00'];
    assert.deepEqual(f.sha256Many(halves, 'hex'), halves.map((s) => ref('sha256', s, 'hex')));
    assert.deepEqual(f.sha224Many(halves, 'base64'), halves.map((s) => ref('sha224', s, 'base64')));
    // Many equal short messages: the multi-buffer path, over several slices.
    const same = Array.from({ length: 1000 }, (_, i) => `Hello world ${i % 10}!`);
    assert.deepEqual(f.sha256Many(same, 'hex'), same.map((s) => ref('sha256', s, 'hex')));
  });

  test('sha256Many / sha224Many of all-string batches (Bun hashes all-ASCII ones through FFI)', () => {
    const text = (x) => (typeof x === 'string' ? x : x.toString('hex'));
    for (const n of [1, 2, 15, 16, 17, 255, 256, 257, 1024, 3000]) {
      const ascii = Array.from({ length: n }, (_, i) => randString(i % 7 === 0 ? 0 : randInt(140), true));
      // The same batch with one non-ASCII string in it, first or last.
      const mixed = ascii.slice();
      mixed[n % 2 ? 0 : n - 1] = randString(1 + randInt(20), false);
      for (const items of [ascii, mixed]) {
        for (const [many, alg] of [[f.sha256Many, 'sha256'], [f.sha224Many, 'sha224']]) {
          assert.deepEqual(many(items, 'hex'), items.map((x) => ref(alg, x, 'hex')), `${alg} ${n}`);
          const buffers = many(items);
          assert.ok(buffers.every((b) => Buffer.isBuffer(b) && b.length === (alg === 'sha256' ? 32 : 28)));
          assert.deepEqual(buffers.map(text), items.map((x) => ref(alg, x, 'hex')), `${alg} ${n} buffers`);
        }
      }
    }
    // Results of one call stay intact after the next (no shared scratch leaks out).
    const first = f.sha256Many(['a', 'b'], 'hex');
    const firstBuffers = f.sha256Many(['a', 'b']);
    f.sha256Many(['c', 'd'], 'hex');
    f.sha256Many(['c', 'd']);
    assert.deepEqual(first, [ref('sha256', 'a', 'hex'), ref('sha256', 'b', 'hex')]);
    assert.deepEqual(firstBuffers.map(text), first);
  });

  test('sha256Packed: records at a stride, digests or hex', () => {
    for (const [stride, length, count, extra] of [[14, 14, 1000, 0], [14, 14, 3, 13], [64, 55, 100, 63],
      [100, 0, 7, 1], [1, 1, 300, 0], [200, 130, 9, 199], [14, 14, 0, 5]]) {
      const buf = randBytes(stride * count + extra);
      const want = [];
      for (let i = 0; i < count; i++)
        want.push(ref('sha256', buf.subarray(i * stride, i * stride + length)));
      const digests = f.sha256Packed(buf, stride, length);
      assert.ok(Buffer.isBuffer(digests));
      assert.equal(digests.toString('hex'), Buffer.concat(want).toString('hex'));
      const hex = f.sha256Packed(buf, stride, length, 'hex');
      assert.equal(hex.length, 64 * count);
      assert.equal(hex.toString('latin1'), want.map((d) => d.toString('hex')).join(''));
      // The same records through a view at an offset and a DataView.
      const backing = Buffer.concat([Buffer.alloc(3), buf]);
      assert.equal(f.sha256Packed(new DataView(backing.buffer, backing.byteOffset + 3, buf.length), stride, length, 'hex').toString(),
        hex.toString());
    }
  });

  test('async batches resolve like the synchronous calls, several at once', async () => {
    const items = sampleStrings().concat(sampleViews());
    const want = items.map((x) => ref('sha256', x, 'hex'));
    const packed = randBytes(14 * 5000);
    const wantPacked = f.sha256Packed(packed, 14, 14, 'hex');
    const results = await Promise.all([
      f.sha256ManyAsync(items, 'hex'),
      f.sha256ManyAsync(new Set(items.filter((x) => typeof x === 'string')), 'base64'),
      f.sha256ManyAsync(items),
      f.sha224ManyAsync(items, 'hex'),
      f.sha256PackedAsync(packed, 14, 14, 'hex'),
      f.sha256PackedAsync(packed, 14, 14),
      f.sha256ManyAsync([], 'hex'),
      f.sha256ManyAsync(['\uD83D', '\uDE00'], 'hex'),
    ]);
    assert.deepEqual(results[0], want);
    assert.deepEqual(results[1], [...new Set(items.filter((x) => typeof x === 'string'))].map((x) => ref('sha256', x, 'base64')));
    assert.deepEqual(results[2].map((b) => b.toString('hex')), want);
    assert.deepEqual(results[3], items.map((x) => ref('sha224', x, 'hex')));
    assert.equal(results[4].toString(), wantPacked.toString());
    assert.equal(results[5].toString('hex'), f.sha256Packed(packed, 14, 14).toString('hex'));
    assert.deepEqual(results[6], []);
    assert.deepEqual(results[7], [ref('sha256', '\uD83D', 'hex'), ref('sha256', '\uDE00', 'hex')]);
  });

  test('async inputs stay alive while the work runs', async () => {
    const pending = [];
    const want = [];
    for (let i = 0; i < 50; i++) {
      const items = Array.from({ length: 200 }, (_, j) => Buffer.from(`item ${i} ${j}`));
      want.push(items.map((b) => ref('sha256', b, 'hex')));
      pending.push(f.sha256ManyAsync(items, 'hex'));
      items.length = 0; // the batch keeps its own references
    }
    const got = await Promise.all(pending);
    assert.deepEqual(got, want);
  });

  test('async argument errors reject', async () => {
    await assert.rejects(f.sha256ManyAsync(42), { name: 'TypeError' });
    await assert.rejects(f.sha256ManyAsync([1]), { name: 'TypeError', message: /items\[0\]/ });
    await assert.rejects(f.sha256ManyAsync(['a'], 'nope'), { name: 'TypeError' });
    await assert.rejects(f.sha256PackedAsync(Buffer.alloc(10), 2, 3), { name: 'RangeError' });
    await assert.rejects(f.sha256PackedAsync('abc', 1, 1), { name: 'TypeError' });
  });

  test('bad inputs: TypeErrors naming the argument, RangeErrors, detached buffers', () => {
    for (const bad of [undefined, null, 1, 1.5, true, {}, [], () => 1, Symbol('s'), 10n]) {
      assert.throws(() => f.sha256(bad), { name: 'TypeError', code: 'ERR_INVALID_ARG_TYPE', message: /"data"/ });
      assert.throws(() => f.sha224(bad, 'hex'), { name: 'TypeError', message: /"data"/ });
    }
    assert.throws(() => f.sha256(), { name: 'TypeError', message: /"data"/ });
    for (const enc of ['hexx', 'HEX ', '', 'utf9', 'x'.repeat(40)])
      assert.throws(() => f.sha256('a', enc), { name: 'TypeError', message: /"encoding"/ });
    assert.throws(() => f.sha256('a', 5), { name: 'TypeError', message: /"encoding"/ });
    assert.throws(() => f.sha256Many(42), { name: 'TypeError', message: /"items"/ });
    assert.throws(() => f.sha256Many('abc'), { name: 'TypeError', message: /"items"/ });
    assert.throws(() => f.sha256Many(null), { name: 'TypeError', message: /"items"/ });
    const many = Array.from({ length: 600 }, () => 'ok');
    many[517] = 7;
    assert.throws(() => f.sha256Many(many, 'hex'), { name: 'TypeError', message: /items\[517\]/ });
    assert.throws(() => f.sha256Packed('abc', 1, 1), { name: 'TypeError', message: /"buffer"/ });
    assert.throws(() => f.sha256Packed(Buffer.alloc(8), '1', 1), { name: 'TypeError', message: /"stride"/ });
    assert.throws(() => f.sha256Packed(Buffer.alloc(8), 1), { name: 'TypeError', message: /"length"/ });
    assert.throws(() => f.sha256Packed(Buffer.alloc(8), 2, 3), { name: 'RangeError', message: /stride/ });
    assert.throws(() => f.sha256Packed(Buffer.alloc(8), 0, 0), { name: 'RangeError' });
    assert.throws(() => f.sha256Packed(Buffer.alloc(8), -1, 0), { name: 'RangeError' });
    assert.throws(() => f.sha256Packed(Buffer.alloc(8), 1.5, 1), { name: 'RangeError' });
    assert.throws(() => f.sha256Packed(Buffer.alloc(8), NaN, 1), { name: 'RangeError' });
    assert.throws(() => f.sha256Packed(Buffer.alloc(8), 2, 2, 'base64'), { name: 'TypeError' });

    const detached = new ArrayBuffer(16);
    const view = new Uint8Array(detached, 4, 8);
    const dataView = new DataView(detached, 2, 6);
    structuredClone(detached, { transfer: [detached] });
    assert.throws(() => f.sha256(dataView), /detached/);
    assert.throws(() => f.sha256Packed(dataView, 1, 1), /detached/);
    assert.equal(f.sha256(new Uint8Array(0), 'hex'), ref('sha256', '', 'hex'));
    assert.equal(f.sha256(new DataView(new ArrayBuffer(4), 4), 'hex'), ref('sha256', '', 'hex'));
    assert.equal(detached.byteLength, 0);
    assert.throws(() => f.sha256(detached), /detached/);
    assert.throws(() => f.sha256(view), /detached/);
    assert.throws(() => f.sha256Many(['a', view]), /detached/);
    assert.throws(() => f.sha256Packed(view, 1, 1), /detached/);
    assert.throws(() => f.createHash('sha256').update(view), /detached/);
  });

  const vectorsDir = fileURLToPath(new URL('../../../test/vectors/', import.meta.url));
  const haveVectors = fs.existsSync(vectorsDir + 'nist-cavp/SHA256ShortMsg.rsp');

  test('NIST CAVP vectors (test/vectors) and the extra vectors', () => {
    if (!haveVectors) {
      console.log(`# skipped: no test/vectors next to this copy (${vectorsDir})`);
      return;
    }
    let checked = 0;
    for (const [file, alg] of [['SHA256ShortMsg', 'sha256'], ['SHA256LongMsg', 'sha256'],
      ['SHA224ShortMsg', 'sha224'], ['SHA224LongMsg', 'sha224']]) {
      const text = fs.readFileSync(`${vectorsDir}nist-cavp/${file}.rsp`, 'latin1');
      const re = /Len = (\d+)\s+Msg = ([0-9a-f]*)\s+MD = ([0-9a-f]+)/g;
      const msgs = [];
      const mds = [];
      for (const m of text.matchAll(re)) {
        const msg = Buffer.from(m[2], 'hex').subarray(0, Number(m[1]) / 8);
        msgs.push(msg);
        mds.push(m[3]);
        const fn = alg === 'sha256' ? f.sha256 : f.sha224;
        assert.equal(fn(msg, 'hex'), m[3], `${file} Len=${m[1]}`);
        assert.equal(f.createHash(alg).update(msg).digest('hex'), m[3]);
        checked++;
      }
      assert.ok(msgs.length >= 60, `${file}: vectors parsed`);
      assert.deepEqual(alg === 'sha256' ? f.sha256Many(msgs, 'hex') : f.sha224Many(msgs, 'hex'), mds);
    }
    for (const [file, alg] of [['SHA256Monte', 'sha256'], ['SHA224Monte', 'sha224']]) {
      const text = fs.readFileSync(`${vectorsDir}nist-cavp/${file}.rsp`, 'latin1');
      let md = Buffer.from(/Seed = ([0-9a-f]+)/.exec(text)[1], 'hex');
      const fn = alg === 'sha256' ? f.sha256 : f.sha224;
      const expected = [...text.matchAll(/COUNT = \d+\s+MD = ([0-9a-f]+)/g)].map((m) => m[1]);
      for (const want of expected.slice(0, 20)) {
        let a = md, b = md, c = md;
        for (let i = 0; i < 1000; i++) {
          const next = fn(Buffer.concat([a, b, c]));
          a = b; b = c; c = next;
        }
        md = c;
        assert.equal(md.toString('hex'), want, `${file}`);
        checked++;
      }
    }
    for (const line of fs.readFileSync(vectorsDir + 'extra.txt', 'latin1').split('\n')) {
      if (!line || line.startsWith('#')) continue;
      const [msgSpec, want] = line.split(/\s+/);
      let msg;
      if (msgSpec === '-') msg = Buffer.alloc(0);
      else if (msgSpec.startsWith('repeat:')) {
        const [, byte, count] = msgSpec.split(':');
        msg = Buffer.alloc(Number(count), parseInt(byte, 16));
      } else msg = Buffer.from(msgSpec, 'hex');
      assert.equal(f.sha256(msg, 'hex'), want, line.slice(0, 40));
      checked++;
    }
    assert.ok(checked > 300);
  });
});
