// SPDX-License-Identifier: Apache-2.0 OR MIT
// fastsha256's JavaScript binding: HMAC-SHA256 and HMAC-SHA224 (one-shot,
// createHmac, batches, timingSafeEqual), checked against node:crypto's
// createHmac, RFC 4231 and the NIST CAVP vectors. Runs under Node, Bun and
// Deno like fastsha256.test.mjs (test/run.sh).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { Buffer } from 'node:buffer';
import { fileURLToPath } from 'node:url';
import fastsha256 from '../index.mjs';
import { runtime, randInt, randBytes, ref, randString, sampleStrings, sampleViews, encodings } from './helpers.mjs';

const f = fastsha256;

const refHmac = (alg, key, data, enc) => {
  const h = crypto.createHmac(alg, key);
  h.update(ArrayBuffer.isView(data) && !(data instanceof Uint8Array)
    ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
    : data instanceof ArrayBuffer ? new Uint8Array(data) : data);
  return enc ? h.digest(enc) : h.digest();
};
const hmacOf = (alg) => (alg === 'sha256' ? f.hmac : f.hmac224);
const hmacManyOf = (alg) => (alg === 'sha256' ? f.hmacMany : f.hmac224Many);

// A key of n random bytes in one of the forms createHmac takes.
function keyForms(bytes) {
  const backing = Buffer.concat([randBytes(3), bytes, randBytes(5)]);
  const forms = [
    ['Buffer', bytes],
    ['Uint8Array at an offset', new Uint8Array(backing.buffer, backing.byteOffset + 3, bytes.length)],
    ['DataView at an offset', new DataView(backing.buffer, backing.byteOffset + 3, bytes.length)],
    ['ArrayBuffer', new Uint8Array(bytes).buffer],
    ['latin1 string', bytes.toString('latin1')],
  ];
  if (bytes.length % 4 === 0 && bytes.length > 0)
    forms.push(['Uint32Array', new Uint32Array(new Uint8Array(bytes).buffer)]);
  if (typeof crypto.createSecretKey === 'function' && bytes.length > 0)
    forms.push(['KeyObject', crypto.createSecretKey(bytes)]);
  return forms;
}
// The key to give node:crypto for a key form of bytes (strings are UTF-8 to both).
const refKey = (key, bytes) => (typeof key === 'string' ? key : bytes);

describe(`fastsha256 HMAC under ${runtime}`, () => {
  test('module shape', () => {
    for (const name of ['hmac', 'hmac224', 'createHmac', 'hmacMany', 'hmac224Many', 'hmacManyAsync',
      'hmac224ManyAsync', 'hmacPacked', 'hmacPackedAsync', 'timingSafeEqual'])
      assert.equal(typeof f[name], 'function', name);
    assert.ok(f.createHmac('sha256', 'k') instanceof f.Hmac);
  });

  const vectorsDir = fileURLToPath(new URL('../../../test/vectors/', import.meta.url));

  test('RFC 4231 test cases 1-7 (test/vectors/rfc4231.txt)', () => {
    const file = vectorsDir + 'rfc4231.txt';
    if (!fs.existsSync(file)) {
      console.log(`# skipped: no ${file}`);
      return;
    }
    const records = fs.readFileSync(file, 'latin1').split(/\n\s*\n/)
      .map((block) => Object.fromEntries(block.split('\n').filter((l) => l && !l.startsWith('#'))
        .map((l) => l.split(' = ').map((x) => x.trim()))))
      .filter((r) => r.Key !== undefined);
    assert.equal(records.length, 7);
    for (const r of records) {
      const key = Buffer.from(r.Key, 'hex');
      const data = Buffer.from(r.Data, 'hex');
      for (const [alg, want] of [['sha256', r['HMAC-SHA-256']], ['sha224', r['HMAC-SHA-224']]]) {
        const cut = (hex) => (r.Truncate ? hex.slice(0, 2 * Number(r.Truncate)) : hex);
        const what = `test case ${r['Test Case']} ${alg}`;
        assert.equal(cut(hmacOf(alg)(key, data, 'hex')), want, what);
        assert.equal(cut(f.createHmac(alg, key).update(data).digest('hex')), want, what);
        assert.equal(cut(hmacManyOf(alg)(key, [data, data], 'hex')[1]), want, what);
        assert.equal(cut(refHmac(alg, key, data, 'hex')), want, `${what} (node:crypto)`);
      }
    }
  });

  test('NIST CAVP HMAC.rsp, [L=28] and [L=32] (first Tlen bytes)', () => {
    const file = vectorsDir + 'nist-cavp/HMAC.rsp';
    if (!fs.existsSync(file)) {
      console.log(`# skipped: no ${file}`);
      return;
    }
    let checked = 0;
    let section = 0;
    for (const block of fs.readFileSync(file, 'latin1').split(/\r?\n\s*\r?\n/)) {
      const l = /\[L=(\d+)\]/.exec(block);
      if (l) section = Number(l[1]);
      if (section !== 28 && section !== 32) continue;
      const m = /Klen = (\d+)\s+Tlen = (\d+)\s+Key = ([0-9a-f]+)\s+Msg = ([0-9a-f]+)\s+Mac = ([0-9a-f]+)/.exec(block);
      if (!m) continue;
      const key = Buffer.from(m[3], 'hex');
      const msg = Buffer.from(m[4], 'hex');
      assert.equal(key.length, Number(m[1]));
      const alg = section === 32 ? 'sha256' : 'sha224';
      const tlen = 2 * Number(m[2]);
      assert.equal(hmacOf(alg)(key, msg, 'hex').slice(0, tlen), m[5]);
      assert.equal(f.createHmac(alg, key).update(msg.subarray(0, 7)).update(msg.subarray(7))
        .digest('hex').slice(0, tlen), m[5]);
      checked++;
    }
    assert.ok(checked >= 200, `${checked} HMAC vectors`);
  });

  test('random keys 0..300 bytes, messages 0..5000 bytes, every key form and encoding', () => {
    for (const alg of ['sha256', 'sha224']) {
      for (let round = 0; round < 60; round++) {
        const keyLen = round < 4 ? [0, 64, 65, 300][round] : randInt(301);
        const bytes = randBytes(keyLen);
        const msg = round % 5 === 4 ? randString(randInt(300)) : randBytes(randInt(5001));
        for (const [form, key] of keyForms(bytes)) {
          const enc = encodings[randInt(encodings.length)];
          const got = enc === undefined ? hmacOf(alg)(key, msg) : hmacOf(alg)(key, msg, enc);
          const wantEnc = refHmac(alg, refKey(key, bytes), msg, enc === 'buffer' ? undefined : enc);
          if (enc === undefined || enc === 'buffer') {
            assert.ok(Buffer.isBuffer(got), 'a Buffer without an encoding');
            assert.equal(got.toString('hex'), refHmac(alg, refKey(key, bytes), msg, 'hex'),
              `${alg} ${form} key ${keyLen}`);
          } else {
            assert.equal(got, wantEnc, `${alg} ${form} key ${keyLen} ${enc}`);
          }
        }
      }
    }
  });

  test('string keys and data are UTF-8 like node:crypto (lone surrogates included)', () => {
    for (const key of ['', 'key', 'ключ', '😀'.repeat(20), '\uD800', 'k'.repeat(300), randString(100)]) {
      for (const data of ['', 'abc', '\uDC00x', randString(500)]) {
        for (const alg of ['sha256', 'sha224']) {
          assert.equal(hmacOf(alg)(key, data, 'hex'), refHmac(alg, key, data, 'hex'));
          assert.equal(f.createHmac(alg, key).update(data).digest('base64'),
            refHmac(alg, key, data, 'base64'));
        }
      }
    }
  });

  test('createHmac streams with random splits of mixed pieces, both algorithms', () => {
    for (const alg of ['sha256', 'sha224', 'SHA256', 'SHA224']) {
      for (let round = 0; round < 30; round++) {
        const bytes = randBytes(randInt(301));
        const data = randBytes(randInt(5001));
        const forms = keyForms(bytes);
        const [form, key] = forms[randInt(forms.length)];
        const ours = f.createHmac(alg, key);
        const theirs = crypto.createHmac(alg, refKey(key, bytes));
        for (let at = 0; at < data.length;) {
          const n = Math.min(data.length - at, randInt(300));
          const piece = data.subarray(at, at + n);
          const kind = randInt(4);
          const arg = kind === 0 ? piece
            : kind === 1 ? new DataView(piece.buffer, piece.byteOffset, piece.length)
            : kind === 2 ? new Uint8Array(piece).buffer
            : piece.toString('latin1');
          assert.equal(kind === 3 ? ours.update(arg, 'latin1') : ours.update(arg), ours,
            'update returns this');
          theirs.update(piece);
          at += n;
        }
        const enc = encodings[randInt(encodings.length)];
        assert.deepEqual(ours.digest(enc), theirs.digest(enc), `${alg} ${form}`);
      }
    }
  });

  test('createHmac: input and output encodings, key encoding option', () => {
    for (const enc of ['utf8', 'utf-8', 'hex', 'base64', 'base64url', 'latin1', 'binary', 'ascii',
      'utf16le', 'ucs2']) {
      const input = enc.startsWith('hex') ? 'c0ffee00' : enc.startsWith('base64') ? 'AAEC/+8_' : 'h\u00e9llo €';
      assert.equal(f.createHmac('sha256', 'k').update(input, enc).digest('hex'),
        crypto.createHmac('sha256', 'k').update(input, enc).digest('hex'), enc);
    }
    for (const enc of ['utf8', 'ucs2', 'utf16le', 'ascii', 'hex', 'base64', 'base64url', 'latin1'])
      assert.equal(f.createHmac('sha224', 'k').update('x').digest(enc),
        crypto.createHmac('sha224', 'k').update('x').digest(enc), enc);
    assert.equal(f.createHmac('sha256', '6b6579', { encoding: 'hex' }).update('x').digest('hex'),
      crypto.createHmac('sha256', 'key').update('x').digest('hex'));
    assert.throws(() => f.createHmac('sha256', 'k').update('x', 'nope'), { name: 'TypeError' });
    assert.throws(() => f.createHmac('sha256', 'k').digest('nope'), { name: 'TypeError' });
    // OpenSSL's other names for the two digests, as node:crypto takes them.
    for (const [alias, alg] of [['SHA-256', 'sha256'], ['sha2-224', 'sha224'], ['RSA-SHA256', 'sha256'],
      ['sha224WithRSAEncryption', 'sha224']]) {
      assert.equal(f.createHmac(alias, 'k').update('x').digest('hex'), refHmac(alg, 'k', 'x', 'hex'), alias);
      assert.equal(f.createHash(alias).update('x').digest('hex'), ref(alg, 'x', 'hex'), alias);
    }
  });

  test('digest twice and update after digest behave like node:crypto\'s Hmac', () => {
    const ours = f.createHmac('sha256', 'k').update('a');
    const theirs = crypto.createHmac('sha256', 'k').update('a');
    assert.equal(ours.digest('hex'), theirs.digest('hex'));
    // node:crypto's Hmac (unlike its Hash) gives an empty result the second time.
    for (const enc of [undefined, 'hex', 'base64', 'latin1', 'buffer', 'utf8']) {
      const want = theirs.digest(enc);
      const got = ours.digest(enc);
      assert.deepEqual(got, want, String(enc));
    }
    let want;
    try { theirs.update('b'); } catch (e) { want = e; }
    assert.ok(want, 'node:crypto throws on update after digest');
    assert.throws(() => ours.update('b'), (e) => e.code === 'ERR_CRYPTO_HASH_FINALIZED' &&
      e.message === want.message);
    assert.equal(typeof ours.copy, 'undefined', 'node:crypto\'s Hmac has no copy()');
  });

  test('createHmac rejects unknown algorithms, bad keys and foreign objects like node:crypto', () => {
    const same = (fn, refFn, what) => {
      let want;
      try { refFn(); } catch (e) { want = e; }
      assert.ok(want, `node:crypto throws for ${what}`);
      assert.throws(fn, (e) => e.name === want.name && e.code === want.code, what);
    };
    for (const alg of ['md5x', 'sha2566', 'nope', 'x'.repeat(100)])
      same(() => f.createHmac(alg, 'k'), () => crypto.createHmac(alg, 'k'), `algorithm ${alg}`);
    // Digests node:crypto has and fastsha256 has not: the same error as an unknown one.
    for (const alg of ['md5', 'sha1', 'sha512', ''])
      assert.throws(() => f.createHmac(alg, 'k'), { name: 'TypeError', code: 'ERR_CRYPTO_INVALID_DIGEST',
        message: `Invalid digest: ${alg}` });
    // A NUL inside the name (node:crypto reads it up to the NUL) is unknown here.
    assert.throws(() => f.createHmac('sha256\0x', 'k'), { name: 'TypeError', code: 'ERR_CRYPTO_INVALID_DIGEST' });
    for (const alg of [1, undefined, null, {}])
      same(() => f.createHmac(alg, 'k'), () => crypto.createHmac(alg, 'k'), `algorithm ${String(alg)}`);
    for (const key of [undefined, null, 1, true, 10n, Symbol('k'), () => 1])
      same(() => f.createHmac('sha256', key), () => crypto.createHmac('sha256', key), `key ${String(key)}`);
    for (const key of [{}, []]) {
      assert.throws(() => f.createHmac('sha256', key), { name: 'TypeError', message: /"key"/ });
      assert.throws(() => f.hmac(key, 'x'), { name: 'TypeError', code: 'ERR_INVALID_ARG_TYPE' });
    }
    assert.throws(() => f.createHmac('sha256'), { name: 'TypeError', message: /"key"/ });
    if (typeof crypto.generateKeyPairSync === 'function') {
      const { publicKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
      same(() => f.createHmac('sha256', publicKey), () => crypto.createHmac('sha256', publicKey),
        'a public KeyObject');
      assert.throws(() => f.hmac(publicKey, 'x'), { name: 'TypeError' });
    }
    const h = f.createHmac('sha256', 'k');
    assert.throws(() => f.Hmac.prototype.digest.call({}), { name: 'TypeError' });
    assert.throws(() => h.update.call(Object.create(f.Hmac.prototype), 'x'), { name: 'TypeError' });
    assert.throws(() => h.update(42), { name: 'TypeError', code: 'ERR_INVALID_ARG_TYPE' });
    assert.throws(() => h.update({}), { name: 'TypeError', message: /"data"/ });
    assert.throws(() => h.update(), { name: 'TypeError', message: /"data"/ });
    assert.equal(h.digest('hex'), refHmac('sha256', 'k', '', 'hex'), 'usable after the errors');
  });

  test('hmac: bad data, key and encoding throw TypeErrors naming the argument', () => {
    for (const bad of [undefined, null, 1, true, {}, [], Symbol('s'), 10n]) {
      assert.throws(() => f.hmac('k', bad), { name: 'TypeError', code: 'ERR_INVALID_ARG_TYPE', message: /"data"/ });
      assert.throws(() => f.hmac224(bad, 'x'), { name: 'TypeError', message: /"key"/ });
    }
    assert.throws(() => f.hmac(), { name: 'TypeError', message: /"key"/ });
    assert.throws(() => f.hmac('k'), { name: 'TypeError', message: /"data"/ });
    for (const enc of ['hexx', '', 'utf9', 5])
      assert.throws(() => f.hmac('k', 'a', enc), { name: 'TypeError', message: /"encoding"/ });
    const detached = new ArrayBuffer(16);
    const view = new Uint8Array(detached, 4, 8);
    structuredClone(detached, { transfer: [detached] });
    assert.throws(() => f.hmac(view, 'x'), /detached/);
    assert.throws(() => f.hmac('k', view), /detached/);
    assert.throws(() => f.createHmac('sha256', view), /detached/);
    assert.throws(() => f.createHmac('sha256', 'k').update(view), /detached/);
    assert.throws(() => f.hmacMany(view, ['x']), /detached/);
  });

  test('CryptoKey and SharedArrayBuffer keys', async () => {
    const bytes = randBytes(40);
    if (typeof SharedArrayBuffer !== 'undefined') {
      const shared = new SharedArrayBuffer(40);
      new Uint8Array(shared).set(bytes);
      assert.equal(f.hmac(shared, 'x', 'hex'), refHmac('sha256', bytes, 'x', 'hex'));
    }
    if (!crypto.webcrypto || !crypto.KeyObject || typeof crypto.KeyObject.from !== 'function') return;
    const key = await crypto.webcrypto.subtle.importKey('raw', bytes, { name: 'HMAC', hash: 'SHA-256' },
      true, ['sign']);
    assert.equal(f.createHmac('sha256', key).update('x').digest('hex'), refHmac('sha256', bytes, 'x', 'hex'));
  });

  test('hmacMany: mixed items, in order, every encoding, several slices, mixed lengths', () => {
    const items = [];
    for (const s of sampleStrings()) items.push(s);
    for (const v of sampleViews()) items.splice(randInt(items.length), 0, v);
    for (let i = 0; i < 300; i++) items.push(randBytes(randInt(i < 200 ? 200 : 5001)));
    for (const alg of ['sha256', 'sha224']) {
      for (const keyLen of [0, 13, 64, 65, 300]) {
        const bytes = randBytes(keyLen);
        const want = items.map((x) => refHmac(alg, bytes, x, 'hex'));
        for (const [form, key] of keyForms(bytes))
          assert.deepEqual(hmacManyOf(alg)(key, items, 'hex'), typeof key === 'string'
            ? items.map((x) => refHmac(alg, key, x, 'hex')) : want, `${alg} ${form} key ${keyLen}`);
        const buffers = hmacManyOf(alg)(bytes, items);
        assert.ok(buffers.every((b) => Buffer.isBuffer(b) && b.length === (alg === 'sha256' ? 32 : 28)));
        assert.deepEqual(buffers.map((b) => b.toString('hex')), want);
        for (const enc of ['base64', 'base64url', 'latin1'])
          assert.deepEqual(hmacManyOf(alg)(bytes, items, enc), items.map((x) => refHmac(alg, bytes, x, enc)));
        // All strings: the joined path.
        const strings = items.filter((x) => typeof x === 'string');
        assert.deepEqual(hmacManyOf(alg)(bytes, strings, 'hex'), strings.map((x) => refHmac(alg, bytes, x, 'hex')));
      }
    }
    assert.deepEqual(f.hmacMany('k', new Set(['a', 'b']), 'hex'), [refHmac('sha256', 'k', 'a', 'hex'), refHmac('sha256', 'k', 'b', 'hex')]);
    assert.deepEqual(f.hmacMany('k', []), []);
    assert.throws(() => f.hmacMany('k', 42), { name: 'TypeError', message: /"items"/ });
    assert.throws(() => f.hmacMany(42, ['a']), { name: 'TypeError', message: /"key"/ });
    assert.throws(() => f.hmacMany(42, [Buffer.from('a')]), { name: 'TypeError', message: /"key"/ });
    assert.throws(() => f.hmacMany('k', ['a', 7]), { name: 'TypeError', message: /items\[1\]/ });
    assert.throws(() => f.hmacMany('k', ['a'], 'nope'), { name: 'TypeError', message: /"encoding"/ });
  });

  test('hmacPacked: records at a stride under one key', () => {
    for (const [stride, length, count, extra] of [[14, 14, 1000, 0], [64, 55, 300, 63], [100, 0, 7, 1],
      [1, 1, 300, 0], [200, 130, 9, 199], [14, 14, 0, 5]]) {
      const buf = randBytes(stride * count + extra);
      const key = randBytes(randInt(100));
      const want = [];
      for (let i = 0; i < count; i++)
        want.push(refHmac('sha256', key, buf.subarray(i * stride, i * stride + length)));
      assert.equal(f.hmacPacked(key, buf, stride, length).toString('hex'), Buffer.concat(want).toString('hex'));
      const hex = f.hmacPacked(key, buf, stride, length, 'hex');
      assert.equal(hex.toString('latin1'), want.map((d) => d.toString('hex')).join(''));
    }
    assert.throws(() => f.hmacPacked('k', Buffer.alloc(8), 2, 3), { name: 'RangeError' });
    assert.throws(() => f.hmacPacked('k', 'abc', 1, 1), { name: 'TypeError', message: /"buffer"/ });
    assert.throws(() => f.hmacPacked(1, Buffer.alloc(8), 1, 1), { name: 'TypeError', message: /"key"/ });
    assert.throws(() => f.hmacPacked('k', Buffer.alloc(8), 2, 2, 'base64'), { name: 'TypeError' });
  });

  test('async HMAC batches resolve like the synchronous calls; errors reject', async () => {
    const items = sampleStrings().concat(sampleViews());
    const packed = randBytes(14 * 3000);
    const key = randBytes(77);
    const [a, b, c, d, e] = await Promise.all([
      f.hmacManyAsync(key, items, 'hex'),
      f.hmac224ManyAsync('k', items),
      f.hmacManyAsync(key, items.filter((x) => typeof x === 'string'), 'base64'),
      f.hmacPackedAsync(key, packed, 14, 14, 'hex'),
      f.hmacPackedAsync(key, packed, 14, 14),
    ]);
    assert.deepEqual(a, items.map((x) => refHmac('sha256', key, x, 'hex')));
    assert.deepEqual(b.map((x) => x.toString('hex')), items.map((x) => refHmac('sha224', 'k', x, 'hex')));
    assert.deepEqual(c, items.filter((x) => typeof x === 'string').map((x) => refHmac('sha256', key, x, 'base64')));
    assert.equal(d.toString(), f.hmacPacked(key, packed, 14, 14, 'hex').toString());
    assert.equal(e.toString('hex'), f.hmacPacked(key, packed, 14, 14).toString('hex'));
    await assert.rejects(f.hmacManyAsync(1, ['a']), { name: 'TypeError', message: /"key"/ });
    await assert.rejects(f.hmac224ManyAsync('k', 42), { name: 'TypeError' });
    await assert.rejects(f.hmacPackedAsync('k', Buffer.alloc(10), 2, 3), { name: 'RangeError' });
    await assert.rejects(f.hmacPackedAsync(null, Buffer.alloc(10), 2, 2), { name: 'TypeError' });
  });

  test('every backend through setBackend', () => {
    const key = randBytes(70);
    const msgs = Array.from({ length: 40 }, (_, i) => randBytes(i * 37));
    try {
      for (const name of f.backends()) {
        f.setBackend(name);
        for (const alg of ['sha256', 'sha224']) {
          const want = msgs.map((m) => refHmac(alg, key, m, 'hex'));
          assert.deepEqual(msgs.map((m) => hmacOf(alg)(key, m, 'hex')), want, name);
          assert.deepEqual(hmacManyOf(alg)(key, msgs, 'hex'), want, name);
          assert.equal(f.createHmac(alg, key).update(msgs[5]).update(msgs[9]).digest('hex'),
            refHmac(alg, key, Buffer.concat([msgs[5], msgs[9]]), 'hex'), name);
        }
      }
    } finally {
      f.setBackend('auto');
    }
  });

  test('timingSafeEqual: fastsha256_equal with node:crypto\'s checks', () => {
    for (let n = 0; n < 80; n++) {
      const a = randBytes(n);
      assert.equal(f.timingSafeEqual(a, Buffer.from(a)), true);
      assert.equal(f.timingSafeEqual(new Uint8Array(a).buffer, new DataView(new Uint8Array(a).buffer)), true);
      for (let i = 0; i < n; i += 1 + randInt(7)) {
        const b = Buffer.from(a);
        b[i] ^= 1 << randInt(8);
        assert.equal(f.timingSafeEqual(a, b), false);
        assert.equal(crypto.timingSafeEqual(a, b), false);
      }
    }
    assert.equal(f.timingSafeEqual(new Uint16Array([1]), Buffer.from([1, 0])),
      crypto.timingSafeEqual(new Uint16Array([1]), Buffer.from([1, 0])));
    const tag = f.hmac('k', 'msg');
    assert.equal(f.timingSafeEqual(tag, crypto.createHmac('sha256', 'k').update('msg').digest()), true);
    assert.throws(() => f.timingSafeEqual(Buffer.from('ab'), Buffer.from('abc')),
      { name: 'RangeError', code: 'ERR_CRYPTO_TIMING_SAFE_EQUAL_LENGTH' });
    assert.throws(() => f.timingSafeEqual('ab', 'ab'), { name: 'TypeError', message: /"buf1"/ });
    assert.throws(() => f.timingSafeEqual(Buffer.from('ab'), 1), { name: 'TypeError', message: /"buf2"/ });
    assert.throws(() => f.timingSafeEqual(), { name: 'TypeError' });
  });
});
