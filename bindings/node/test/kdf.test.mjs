// SPDX-License-Identifier: Apache-2.0 OR MIT
// Key derivation (pbkdf2Sync, pbkdf2, pbkdf2Many, pbkdf2ManyAsync, hkdfSync,
// hkdf) against the runtime's own node:crypto, the RFC vectors and misuse.
// Runs under Node, Bun and Deno like fastsha256.test.mjs (test/run.sh).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { Buffer } from 'node:buffer';
import { fileURLToPath } from 'node:url';
import fastsha256 from '../index.mjs';

const f = fastsha256;
const quick = typeof process !== 'undefined' && process.env.FASTSHA256_TEST_QUICK === '1';

let seed = 0x6b646631;
function rand() {
  seed = (seed * 1103515245 + 12345) >>> 0;
  return seed / 0x100000000;
}
const randInt = (n) => Math.floor(rand() * n);
const randBytes = (n) => Buffer.from(Array.from({ length: n }, () => randInt(256)));

const vectorsDir = fileURLToPath(new URL('../../../test/vectors/kdf/', import.meta.url));
const haveVectors = fs.existsSync(vectorsDir + 'pbkdf2.txt');
const lines = (file) => fs.readFileSync(vectorsDir + file, 'latin1').split('\n')
  .filter((l) => l.trim() && !l.startsWith('#')).map((l) => l.trim().split(/\s+/));
const hex = (s) => Buffer.from(s === '-' ? '' : s, 'hex');

// The error a call throws, as { name, code } (or null).
function errorOf(fn) {
  try {
    fn();
    return null;
  } catch (err) {
    return { name: err.name, code: err.code };
  }
}

// Ours must be the same class and, where the runtime's node:crypto gives one
// (Deno's does not always), the same code.
function sameError(ours, want, what) {
  assert.ok(ours, `no error: ${what}`);
  assert.equal(ours.name, want.name, what);
  if (want.code !== undefined) assert.equal(ours.code, want.code, what);
}

describe('pbkdf2', () => {
  test('RFC 7914 and RFC 6070-shaped vectors (test/vectors/kdf/pbkdf2.txt)', { skip: !haveVectors }, () => {
    for (const [hash, pw, salt, c, dklen, dk] of lines('pbkdf2.txt')) {
      if (quick && Number(c) > 5000) continue;
      const got = f.pbkdf2Sync(hex(pw), hex(salt), Number(c), Number(dklen), hash);
      assert.equal(got.toString('hex'), dk, `${hash} c=${c}`);
    }
  });

  test('random passwords, salts, iterations and lengths against node:crypto', () => {
    const rounds = quick ? 20 : 120;
    for (let i = 0; i < rounds; i++) {
      const pw = randBytes(randInt(301)), salt = randBytes(randInt(301));
      const c = 1 + randInt(i % 10 === 0 ? 5000 : 50), keylen = 1 + randInt(200);
      for (const digest of ['sha256', 'sha224']) {
        const want = crypto.pbkdf2Sync(pw, salt, c, keylen, digest);
        assert.deepEqual(f.pbkdf2Sync(pw, salt, c, keylen, digest), want, `${digest} ${pw.length} ${salt.length} ${c}`);
      }
    }
  });

  test('every input type node:crypto takes, and strings as UTF-8', () => {
    const want = crypto.pbkdf2Sync('pässwörd', 'salt', 3, 32, 'sha256');
    const pw = Buffer.from('pässwörd');
    const ab = pw.buffer.slice(pw.byteOffset, pw.byteOffset + pw.length);
    for (const p of ['pässwörd', pw, new Uint8Array(pw), new DataView(ab), ab, new Uint16Array(ab.slice(0, 10))]) {
      const exp = p instanceof Uint16Array ? crypto.pbkdf2Sync(p, 'salt', 3, 32, 'sha256') : want;
      assert.deepEqual(f.pbkdf2Sync(p, 'salt', 3, 32, 'sha256'), exp);
    }
    const sab = new SharedArrayBuffer(pw.length);
    new Uint8Array(sab).set(pw);
    assert.deepEqual(f.pbkdf2Sync(sab, 'salt', 3, 32, 'sha256'), want);
    assert.deepEqual(f.pbkdf2Sync('pw', 'salt', 1, 32, 'SHA256'), crypto.pbkdf2Sync('pw', 'salt', 1, 32, 'sha256'));
    assert.equal(f.pbkdf2Sync('pw', 'salt', 1, 0, 'sha256').length, 0);
  });

  test('bad arguments throw what node:crypto throws', () => {
    const cases = [
      ['pw', 'salt', 0, 32, 'sha256'], ['pw', 'salt', -1, 32, 'sha256'], ['pw', 'salt', 1.5, 32, 'sha256'],
      ['pw', 'salt', 2 ** 31, 32, 'sha256'], ['pw', 'salt', '1', 32, 'sha256'], ['pw', 'salt', NaN, 32, 'sha256'],
      ['pw', 'salt', Infinity, 32, 'sha256'], ['pw', 'salt', 1n, 32, 'sha256'], ['pw', 'salt', 1, -1, 'sha256'],
      ['pw', 'salt', 1, 2 ** 31, 'sha256'], ['pw', 'salt', 1, 1.5, 'sha256'], ['pw', 'salt', 1, 32, 'nope'],
      ['pw', 'salt', 1, 32, undefined], ['pw', 'salt', 1, 32, {}], [1, 'salt', 1, 32, 'sha256'],
      ['pw', null, 1, 32, 'sha256'], [undefined, 'salt', 1, 32, 'sha256'], [{}, 'salt', 1, 32, 'sha256'],
      ['pw', 'salt', 0, 32, 'nope'],
      // A KeyObject is no password or salt for node:crypto's PBKDF2.
      [crypto.createSecretKey(Buffer.from('k')), 'salt', 1, 8, 'sha256'],
      ['pw', crypto.createSecretKey(Buffer.from('k')), 1, 8, 'sha256'],
    ];
    for (const args of cases) {
      const want = errorOf(() => crypto.pbkdf2Sync(...args));
      assert.ok(want, `node:crypto accepts ${String(args)}`);
      sameError(errorOf(() => f.pbkdf2Sync(...args)), want, String(args));
    }
    // Digests node:crypto has and fastsha256 does not: node:crypto's error for an unknown one.
    assert.throws(() => f.pbkdf2Sync('pw', 'salt', 1, 32, 'sha512'),
      { name: 'TypeError', code: 'ERR_CRYPTO_INVALID_DIGEST', message: 'Invalid digest: sha512' });
  });

  test('pbkdf2 (callback) runs on the pool and checks like node:crypto', async () => {
    const key = await new Promise((resolve, reject) =>
      f.pbkdf2('pw', 'salt', 1000, 64, 'sha256', (err, k) => (err ? reject(err) : resolve(k))));
    assert.deepEqual(key, crypto.pbkdf2Sync('pw', 'salt', 1000, 64, 'sha256'));
    sameError(errorOf(() => f.pbkdf2('pw', 'salt', 1, 32, 'sha256')),
      errorOf(() => crypto.pbkdf2('pw', 'salt', 1, 32, 'sha256')), 'no callback');
    sameError(errorOf(() => f.pbkdf2('pw', 'salt', 0, 32, 'sha256', () => {})),
      errorOf(() => crypto.pbkdf2('pw', 'salt', 0, 32, 'sha256', () => {})), 'iterations 0');
  });

  test('the async calls copy their inputs at the call', async () => {
    const pw = Buffer.from('password'), salt = Buffer.from('salt');
    const want = crypto.pbkdf2Sync('password', 'salt', 2000, 32, 'sha256');
    const p = new Promise((resolve, reject) =>
      f.pbkdf2(pw, salt, 2000, 32, 'sha256', (err, k) => (err ? reject(err) : resolve(k))));
    const m = f.pbkdf2ManyAsync([pw, pw], salt, 2000, 32, 'sha256');
    pw.fill(0);
    salt.fill(0);
    assert.deepEqual(await p, want);
    assert.deepEqual(await m, [want, want]);
  });
});

describe('pbkdf2Many', () => {
  test('batches of mixed passwords, one salt or one each, against node:crypto', async () => {
    for (const n of [0, 1, 2, 3, 4, 5, 8, 9, 16, 17, 33]) {
      const pws = Array.from({ length: n }, (_, i) => (i % 3 === 0 ? `pw${i}ü` : randBytes(randInt(150))));
      const salts = Array.from({ length: n }, () => randBytes(randInt(100)));
      for (const digest of ['sha256', 'sha224']) {
        const keylen = 1 + randInt(100);
        const want = pws.map((p, i) => crypto.pbkdf2Sync(p, salts[i], 7, keylen, digest));
        assert.deepEqual(f.pbkdf2Many(pws, salts, 7, keylen, digest), want, `n=${n} ${digest}`);
        assert.deepEqual(await f.pbkdf2ManyAsync(pws, salts, 7, keylen, digest), want);
        const one = pws.map((p) => crypto.pbkdf2Sync(p, 'salt', 7, keylen, digest));
        assert.deepEqual(f.pbkdf2Many(pws, 'salt', 7, keylen, digest), one);
      }
    }
  });

  test('bad batches are errors', async () => {
    assert.throws(() => f.pbkdf2Many('pw', 'salt', 1, 32, 'sha256'), { code: 'ERR_INVALID_ARG_TYPE' });
    assert.throws(() => f.pbkdf2Many(null, 'salt', 1, 32, 'sha256'), { code: 'ERR_INVALID_ARG_TYPE' });
    assert.throws(() => f.pbkdf2Many(['a', 1], 'salt', 1, 32, 'sha256'), { code: 'ERR_INVALID_ARG_TYPE' });
    assert.throws(() => f.pbkdf2Many(['a', 'b'], ['s'], 1, 32, 'sha256'), { name: 'RangeError' });
    assert.throws(() => f.pbkdf2Many(['a'], 's', 0, 32, 'sha256'), { code: 'ERR_OUT_OF_RANGE' });
    await assert.rejects(f.pbkdf2ManyAsync(['a'], 's', 1, 32, 'md5x'), { code: 'ERR_CRYPTO_INVALID_DIGEST' });
  });
});

describe('hkdf', () => {
  test('RFC 5869 cases 1-3 (test/vectors/kdf/hkdf.txt)', { skip: !haveVectors }, () => {
    for (const [ikm, salt, info, len, , okm] of lines('hkdf.txt')) {
      const got = f.hkdfSync('sha256', hex(ikm), hex(salt), hex(info), Number(len));
      assert.ok(got instanceof ArrayBuffer);
      assert.equal(Buffer.from(got).toString('hex'), okm);
    }
  });

  test('random inputs and every length up to 255 * 32 against node:crypto', () => {
    for (let i = 0; i < (quick ? 20 : 100); i++) {
      const ikm = randBytes(randInt(301)), salt = randBytes(randInt(120)), info = randBytes(randInt(200));
      const len = i === 0 ? 255 * 32 : randInt(i % 2 ? 300 : 255 * 32 + 1);
      const want = Buffer.from(crypto.hkdfSync('sha256', ikm, salt, info, len));
      assert.deepEqual(Buffer.from(f.hkdfSync('sha256', ikm, salt, info, len)), want, `len ${len}`);
    }
    const key = crypto.createSecretKey(Buffer.from('ikm'));
    assert.deepEqual(Buffer.from(f.hkdfSync('sha256', key, 'salt', 'info', 42)),
      Buffer.from(crypto.hkdfSync('sha256', key, 'salt', 'info', 42)));
  });

  test('bad arguments throw what node:crypto throws', () => {
    const cases = [
      ['sha256', 'ikm', 'salt', 'info', 255 * 32 + 1], ['sha256', 'ikm', 'salt', 'x'.repeat(1025), 32],
      ['sha256', 1, 'salt', 'info', 32], ['sha256', 'ikm', null, 'info', 32], ['sha256', 'ikm', 'salt', 'info', 1.5],
      ['sha256', 'ikm', 'salt', 'info', -1], [5, 'ikm', 'salt', 'info', 32], ['nope', 'ikm', 'salt', 'info', 32],
    ];
    for (const args of cases) {
      const want = errorOf(() => crypto.hkdfSync(...args));
      assert.ok(want, `node:crypto accepts ${String(args)}`);
      sameError(errorOf(() => f.hkdfSync(...args)), want, String(args));
    }
    assert.equal(f.hkdfSync('sha256', 'ikm', 'salt', 'info', 0).byteLength, 0);
  });

  test('hkdf (callback)', async () => {
    const key = await new Promise((resolve, reject) =>
      f.hkdf('sha256', 'ikm', 'salt', 'info', 64, (err, k) => (err ? reject(err) : resolve(k))));
    assert.deepEqual(Buffer.from(key), Buffer.from(crypto.hkdfSync('sha256', 'ikm', 'salt', 'info', 64)));
    assert.throws(() => f.hkdf('sha256', 'ikm', 'salt', 'info', 64), { code: 'ERR_INVALID_ARG_TYPE' });
  });
});

// The names createHash takes (OpenSSL's aliases, any case), and what
// node:crypto (Node 20) says for misuse, in its own words where this runs
// under Node (Bun's and Deno's node:crypto word some errors differently).
const underNode = typeof process !== 'undefined' && !process.versions.bun && typeof Deno === 'undefined';
const aliases256 = ['sha256', 'SHA256', 'sha-256', 'SHA-256', 'sha2-256', 'SHA2-256', 'RSA-SHA256',
  'rsa-sha256', 'sha256WithRSAEncryption', 'SHA256WITHRSAENCRYPTION'];
const aliases224 = ['sha224', 'SHA224', 'sha-224', 'sha2-224', 'SHA2-224', 'RSA-SHA224', 'sha224WithRSAEncryption'];

function messageOf(fn) {
  try {
    fn();
    return null;
  } catch (err) {
    return { name: err.name, code: err.code, message: err.message };
  }
}

describe('digest names, HKDF-SHA224, lengths and argument order', () => {
  test('every name createHash takes derives, in every KDF call; other names do not', async () => {
    for (const [names, canonical] of [[aliases256, 'sha256'], [aliases224, 'sha224']]) {
      const pb = crypto.pbkdf2Sync('p', 's', 3, 40, canonical);
      const hk = Buffer.from(crypto.hkdfSync(canonical, 'k', 's', 'i', 40));
      for (const name of names) {
        assert.equal(f.createHash(name).update('a').digest('hex'), crypto.createHash(canonical).update('a').digest('hex'), name);
        assert.deepEqual(f.pbkdf2Sync('p', 's', 3, 40, name), pb, name);
        assert.deepEqual(f.pbkdf2Many(['p', 'p'], 's', 3, 40, name), [pb, pb], name);
        assert.deepEqual(await f.pbkdf2ManyAsync(['p'], 's', 3, 40, name), [pb], name);
        assert.deepEqual(Buffer.from(f.hkdfSync(name, 'k', 's', 'i', 40)), hk, name);
        const viaCallback = await new Promise((resolve, reject) =>
          f.pbkdf2('p', 's', 3, 40, name, (err, key) => (err ? reject(err) : resolve(key))));
        assert.deepEqual(viaCallback, pb, name);
      }
    }
    for (const name of ['sha256\0', 'sha256\0junk', 'SHA2-256 ', 'sha2-256/192', 'id-sha256', 'sha512', 'sha-2-256', '']) {
      assert.throws(() => f.createHash(name), { name: 'Error' }, JSON.stringify(name));
      for (const call of [() => f.pbkdf2Sync('p', 's', 1, 8, name), () => f.hkdfSync(name, 'k', 's', 'i', 8),
        () => f.pbkdf2Many(['p'], 's', 1, 8, name)])
        assert.throws(call, { name: 'TypeError', code: 'ERR_CRYPTO_INVALID_DIGEST' }, JSON.stringify(name));
    }
  });

  test('HKDF-SHA224 against node:crypto, its length limit and the RFC 5869 case 1 inputs', () => {
    for (let i = 0; i < (quick ? 20 : 200); i++) {
      const ikm = randBytes(randInt(100)), salt = randBytes(randInt(100)), info = randBytes(randInt(100));
      const len = 1 + randInt(i % 10 === 0 ? 7140 : 120);
      assert.deepEqual(Buffer.from(f.hkdfSync('sha224', ikm, salt, info, len)),
        Buffer.from(crypto.hkdfSync('sha224', ikm, salt, info, len)), `len ${len}`);
    }
    const rfc1 = f.hkdfSync('sha224', hex('0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b'), hex('000102030405060708090a0b0c'),
      hex('f0f1f2f3f4f5f6f7f8f9'), 42);
    assert.equal(Buffer.from(rfc1).toString('hex'),
      '2f21cd7cbc818ca5c561b933728e2e08e154a87e1432399a820dee13aa222d0cee6152fa539ab70f8e80');
    assert.equal(f.hkdfSync('sha224', 'k', 's', 'i', 255 * 28).byteLength, 255 * 28);
    assert.throws(() => f.hkdfSync('sha224', 'k', 's', 'i', 255 * 28 + 1), { name: 'RangeError', code: 'ERR_CRYPTO_INVALID_KEYLEN' });
    assert.throws(() => f.hkdfSync('sha256', 'k', 's', 'i', 255 * 32 + 1), { name: 'RangeError', code: 'ERR_CRYPTO_INVALID_KEYLEN' });
  });

  test('HKDF lengths up to 2^32 are ERR_CRYPTO_INVALID_KEYLEN, past it ERR_OUT_OF_RANGE', () => {
    for (const len of [2 ** 31 - 1, 2 ** 31, 2 ** 32 - 1, 2 ** 32])
      for (const digest of ['sha256', 'sha224'])
        assert.throws(() => f.hkdfSync(digest, 'k', 's', 'i', len), { name: 'RangeError', code: 'ERR_CRYPTO_INVALID_KEYLEN' }, `${len}`);
    // (Node 20's node:crypto is the reference: Bun's and Deno's check lengths their own way.)
    for (const len of underNode ? [2 ** 31, 2 ** 32 - 1] : []) // node:crypto itself aborts at 2^32
      sameError(errorOf(() => f.hkdfSync('sha256', 'k', 's', 'i', len)), errorOf(() => crypto.hkdfSync('sha256', 'k', 's', 'i', len)), `${len}`);
    for (const len of [2 ** 32 + 1, 2 ** 53, -1, 1.5]) {
      assert.throws(() => f.hkdfSync('sha256', 'k', 's', 'i', len), { name: 'RangeError', code: 'ERR_OUT_OF_RANGE' }, `${len}`);
      if (underNode) sameError(errorOf(() => f.hkdfSync('sha256', 'k', 's', 'i', len)), errorOf(() => crypto.hkdfSync('sha256', 'k', 's', 'i', len)), `${len}`);
    }
    // An unknown digest is named before the length is judged, as node:crypto does.
    assert.throws(() => f.hkdfSync('nope', 'k', 's', 'i', 2 ** 31), { code: 'ERR_CRYPTO_INVALID_DIGEST' });
  });

  test('the callback forms check the callback before the digest name', () => {
    const cases = [
      [() => f.pbkdf2('p', 's', 1, 8, 'nope'), () => crypto.pbkdf2('p', 's', 1, 8, 'nope')],
      [() => f.pbkdf2('p', 's', 1, 8, 'nope', 'not a function'), () => crypto.pbkdf2('p', 's', 1, 8, 'nope', 'x')],
      [() => f.hkdf('nope', 'k', 's', 'i', 8), () => crypto.hkdf('nope', 'k', 's', 'i', 8)],
      [() => f.hkdf('sha256', 'k', 's', 'i', 9000), () => crypto.hkdf('sha256', 'k', 's', 'i', 9000)],
      // Argument types still come first.
      [() => f.pbkdf2('p', 's', 0, 8, 'nope'), () => crypto.pbkdf2('p', 's', 0, 8, 'nope')],
      [() => f.hkdf('nope', 'k', 's', 'i', -1), () => crypto.hkdf('nope', 'k', 's', 'i', -1)],
    ];
    for (const [ours, theirs] of underNode ? cases : []) // Bun's and Deno's node:crypto order them their own way
      sameError(errorOf(ours), errorOf(theirs), String(ours));
    assert.throws(() => f.pbkdf2('p', 's', 1, 8, 'nope'), { name: 'TypeError', code: 'ERR_INVALID_ARG_TYPE' });
    assert.throws(() => f.hkdf('nope', 'k', 's', 'i', 8), { name: 'TypeError', code: 'ERR_INVALID_ARG_TYPE' });
  });

  test('a KeyObject is refused by PBKDF2 (as node:crypto 20) and taken by HKDF', () => {
    const key = crypto.createSecretKey(Buffer.from('k'));
    for (const call of [() => f.pbkdf2Sync(key, 's', 1, 8, 'sha256'), () => f.pbkdf2Sync('p', key, 1, 8, 'sha256'),
      () => f.pbkdf2Many([key], 's', 1, 8, 'sha256'), () => f.pbkdf2Many(['p'], key, 1, 8, 'sha256')])
      assert.throws(call, { name: 'TypeError', code: 'ERR_INVALID_ARG_TYPE', message: /Received an instance of/ });
    assert.deepEqual(Buffer.from(f.hkdfSync('sha256', key, 's', 'i', 8)), Buffer.from(crypto.hkdfSync('sha256', 'k', 's', 'i', 8)));
  });

  test('error messages in node:crypto\'s words', { skip: !underNode && 'node:crypto of this runtime words them its own way' }, () => {
    const cases = [
      ['pbkdf2Sync', [undefined, 's', 1, 8, 'sha256']], ['pbkdf2Sync', [1, 's', 1, 8, 'sha256']],
      ['pbkdf2Sync', ['p', null, 1, 8, 'sha256']], ['pbkdf2Sync', ['p', 's', '1', 8, 'sha256']],
      ['pbkdf2Sync', ['p', 's', 1, 8, 'nope']], ['pbkdf2Sync', ['p', 's', 1, 8, 5]],
      ['pbkdf2Sync', ['p', 's', 1, 2 ** 31, 'sha256']], ['pbkdf2Sync', [{}, 's', 1, 8, 'sha256']],
      ['pbkdf2Sync', [crypto.createSecretKey(Buffer.from('k')), 's', 1, 8, 'sha256']],
      ['hkdfSync', ['nope', 'k', 's', 'i', 8]], ['hkdfSync', ['sha256', 'k', 's', 'i', 2 ** 31]],
      ['hkdfSync', ['sha256', 'k', 's', 'i', 2 ** 32 + 1]], ['hkdfSync', ['sha256', 1, 's', 'i', 8]],
      ['hkdfSync', ['sha256', 'k', 's', 'x'.repeat(1025), 8]], ['hkdfSync', [undefined, 'k', 's', 'i', 8]],
      ['pbkdf2', ['p', 's', 1, 8, 'nope']], ['hkdf', ['nope', 'k', 's', 'i', 8]],
    ];
    for (const [name, args] of cases)
      assert.deepEqual(messageOf(() => f[name](...args)), messageOf(() => crypto[name](...args)), `${name} ${args}`);
  });
});
