// SPDX-License-Identifier: Apache-2.0 OR MIT
// Hash trees: fsverityDigest, dmverityRoot, bt2PiecesRoot,
// glacierTreeHash and rfc6962Root, the streaming createTreeHash and the
// *File calls, against known answers made by the
// formats' real tools (fsverity, veritysetup, libtorrent, botocore), the
// published RFC 6962 vectors, the C CLI fastsha256-tree where it is built,
// and node:crypto models written from the specifications; errors in
// node:crypto's words. Run by test/run.sh under Node, Bun and Deno, with
// the addon and with FASTSHA256_IMPL=wasm.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { Buffer } from 'node:buffer';
import { fileURLToPath } from 'node:url';
import fastsha256 from '../index.mjs';
import { fsverityDigest, dmverityRoot, bt2PiecesRoot, glacierTreeHash, rfc6962Root, createTreeHash } from '../index.mjs';
import { fsverityDigestFile, dmverityRootFile, bt2PiecesRootFile, glacierTreeHashFile } from '../index.mjs';
import { randBytes, randInt } from './helpers.mjs';

const f = fastsha256;
const hex = (b) => Buffer.from(b).toString('hex');
const sha = (...parts) => crypto.createHash('sha256').update(Buffer.concat(parts)).digest();
const pattern = (n) => Buffer.from(Array.from({ length: n }, (_, i) => (i * 31 + 7) & 255));

// [size, fsverity digest, fsverity --block-size=1024 --salt=0102, veritysetup
// --salt=abcd root (null: under one block), libtorrent pieces root, botocore
// tree hash] of pattern(size), made with the real tools.
const known = [
  [1, 'f30ad420d7e839002c5bfec7fe47367c7cd3759445359f0c9ac78bac40d9108f', 'dbb6d01bd9b352117840fbad253f48e55859b508535c3189be7d0e92100e85c3', null, 'ca358758f6d27e6cf45272937977a748fd88391db679ceda7dc7bf1f005ee879', 'ca358758f6d27e6cf45272937977a748fd88391db679ceda7dc7bf1f005ee879'],
  [4096, '3cad13bf00ee15b60a1237696a9e00fe103a0cefc219f7f9902ddec33e72ca4c', 'f47da7a8ec0f32dfa4b46166039a6dcfdd498d3be0e7a4bd03c7358cbe2ec137', 'eb4adca4aacb3731b1dd6e332e03ea900ba67612b5b6c133e935c8c416b2dc8f', 'd41d438c379110c7f7b2c561b1f04f26c1b4549110791f8e022f48974280c13e', 'd41d438c379110c7f7b2c561b1f04f26c1b4549110791f8e022f48974280c13e'],
  [20000, 'b89b1ba4e80a6120b95b5f635944e5b5dee953c50aa51114ed1e0fcff7cef927', '9dbbdb073a3b21017372695b3f7d0a9a5aa5d3d130166e1862513cf46b26c8db', 'cf8eb3c25e6670fd51353d1ed163c206d49d4c3acf9f3d480b0a95a668744294', 'ea4969f8457df9d2c48d1e32dad51f6949eef2811176164739075dd6198d7063', 'f8aed270a592b255d90b04785c0b130a968ae204948fc2755db1861c810c6c83'],
  [1048577, '688a80f703e199b4c7ff00e8b99d9e4a72ba83442f83aafe0291bd4ab0e269cd', '9f64aaafa22cfd21e550d9cc374dc1d8a8053cafa2fba59397f51193b0a85eb2', 'f496cce74de82eaab302ec5d3b8cd599b365f504a79614e5f8e36a1064af984b', '8d674377229bcbb35c39222efc4734bf04fa5d9fc9db915b97b8637cddebee9b', 'ddf0da75d3892f17aecaaab45948e59343681d478713366e641e3c1d54b70f34'],
  [3145733, '5d767c39064de745a695d99636cc6992c56c7b110004df9024a0f24dc809e4fb', 'f24e6aba9d3a93cef67b7f9f610938ea954f180d29e1fb8117fad94cb2b00606', 'e6055d411f6ad7f83a1167ad1d888c9790ea56b1cbc20762cbeb4891f48b68db', '59c03cafddfdb6bc2ac42ddd1b7acb70311536d4f301f5e70cffd422def89b49', 'afbfb405bfa2152956bff1c1af07c5618a4e763e07828e3c63ca6899b5436dc0'],
];

// --- Models from the specifications (node:crypto only) ----------------------

function glacierModel(data) {
  let level = [];
  for (let at = 0; at < data.length; at += 1 << 20) level.push(sha(data.subarray(at, at + (1 << 20))));
  if (level.length === 0) return sha();
  while (level.length > 1) {
    const next = [];
    for (let i = 0; i < level.length; i += 2) next.push(i + 1 < level.length ? sha(level[i], level[i + 1]) : level[i]);
    level = next;
  }
  return level[0];
}

function bt2Model(data) {
  let level = [];
  for (let at = 0; at < data.length; at += 16384) level.push(sha(data.subarray(at, at + 16384)));
  let width = 1;
  while (width < level.length) width *= 2;
  while (level.length < width) level.push(Buffer.alloc(32));
  while (level.length > 1) {
    const next = [];
    for (let i = 0; i < level.length; i += 2) next.push(sha(level[i], level[i + 1]));
    level = next;
  }
  return level[0];
}

function mth(leaves) {
  if (leaves.length === 0) return sha();
  if (leaves.length === 1) return sha(Buffer.from([0]), leaves[0]);
  let k = 1;
  while (2 * k < leaves.length) k *= 2;
  return sha(Buffer.from([1]), mth(leaves.slice(0, k)), mth(leaves.slice(k)));
}

// The CLI beside the addon (<build>/tools), or FASTSHA256_TREE; null when absent.
function treeCli() {
  let file = null;
  try {
    file = process.env.FASTSHA256_TREE ||
      path.join(path.dirname(process.env.FASTSHA256_NODE_ADDON || '.'), '..', '..', 'tools', 'fastsha256-tree');
    fs.accessSync(file, fs.constants.X_OK);
    return file;
  } catch (_) {
    return null;
  }
}

describe('known answers of the real tools', () => {
  for (const [n, fsv, fsv1k, dm, bt2, glacier] of known) {
    test(`${n} bytes`, () => {
      const data = pattern(n);
      assert.equal(hex(fsverityDigest(data)), fsv);
      assert.equal(hex(f.fsverityDigest(data, { blockSize: 1024, salt: Buffer.from([1, 2]) })), fsv1k);
      if (dm) assert.equal(hex(dmverityRoot(data, { salt: Buffer.from('abcd', 'hex') })), dm);
      assert.equal(hex(bt2PiecesRoot(data)), bt2);
      assert.equal(hex(glacierTreeHash(data)), glacier);
      assert.ok(Buffer.isBuffer(glacierTreeHash(data)), 'a Buffer in Node, Bun and Deno');
    });
  }
});

test('RFC 6962 published vectors', () => {
  const file = fileURLToPath(new URL('../../../test/vectors/trees/rfc6962_vectors.json', import.meta.url));
  const v = JSON.parse(fs.readFileSync(file, 'utf8'));
  const leaves = v.leaves_hex.map((h) => Buffer.from(h, 'hex'));
  for (const [n, root] of Object.entries(v.roots_hex)) {
    assert.equal(hex(rfc6962Root(leaves.slice(0, Number(n)))), root);
    assert.equal(hex(f.rfc6962Root(new Set(leaves.slice(0, Number(n)).map((l) => new Uint8Array(l))))), root);
  }
  v.leaf_hashes_hex.forEach((h, i) => assert.equal(hex(rfc6962Root([leaves[i]])), h));
});

test('random inputs equal the models', () => {
  for (const n of [0, 1, 16383, 16384, 16385, 3 * 16384 + 1, (1 << 20) + 1, 3 * (1 << 20) + 9]) {
    const data = randBytes(n);
    assert.equal(hex(glacierTreeHash(data)), hex(glacierModel(data)), `glacier ${n}`);
    if (n) assert.equal(hex(bt2PiecesRoot(data)), hex(bt2Model(data)), `bt2 ${n}`);
  }
  const leaves = Array.from({ length: 300 }, (_, i) => randBytes(i % 70));
  for (const n of [2, 3, 255, 256, 257, 300]) assert.equal(hex(rfc6962Root(leaves.slice(0, n))), hex(mth(leaves.slice(0, n))));
});

test('every binary input kind, the same bytes', () => {
  const data = pattern(20000);
  const want = hex(glacierTreeHash(data));
  const ab = data.buffer.slice(data.byteOffset, data.byteOffset + data.length);
  for (const view of [new Uint8Array(ab), new DataView(ab), ab, new Uint16Array(ab), data.subarray(0)])
    assert.equal(hex(glacierTreeHash(view)), want);
  if (typeof SharedArrayBuffer !== 'undefined') {
    const shared = new SharedArrayBuffer(data.length);
    new Uint8Array(shared).set(data);
    assert.equal(hex(glacierTreeHash(shared)), want);
  }
  const salted = f.fsverityDigest(data, { blockSize: 1024, salt: new Uint8Array([1, 2]).buffer });
  assert.equal(hex(salted), known[2][2]);
  assert.equal(hex(f.fsverityDigest(data, { salt: null })), hex(f.fsverityDigest(data, {})));
});

test('dm-verity options', () => {
  const data = pattern(3 * 4096 + 100);
  const a = dmverityRoot(data, { dataBlockSize: 512, hashBlockSize: 1024, salt: Buffer.from('5a', 'hex'), format: 0 });
  const b = dmverityRoot(data, { dataBlockSize: 512, hashBlockSize: 1024, salt: Buffer.from('5a', 'hex'), format: 1 });
  assert.notEqual(hex(a), hex(b));
  // One data block: the root is that block's salted hash (format 1: salt first, 0: last).
  const block = pattern(4096);
  assert.equal(hex(dmverityRoot(block, { salt: Buffer.from('ab', 'hex') })), hex(sha(Buffer.from('ab', 'hex'), block)));
  assert.equal(hex(dmverityRoot(block, { salt: Buffer.from('ab', 'hex'), format: 0 })),
    hex(sha(block, Buffer.from('ab', 'hex'))));
  assert.equal(hex(dmverityRoot(Buffer.concat([block, Buffer.alloc(100)]))), hex(dmverityRoot(block)), 'a partial block is ignored');
});

test('the C CLI agrees', { skip: treeCli() === null && 'fastsha256-tree not beside the addon (FASTSHA256_TREE)' }, () => {
  const cli = treeCli();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fastsha256-tree-'));
  try {
    const file = path.join(dir, 'data');
    const data = randBytes(2 * (1 << 20) + 12345);
    fs.writeFileSync(file, data);
    const run = (...args) => execFileSync(cli, [...args], { encoding: 'latin1' }).trim();
    assert.equal(run('fsverity', '--block-size=2048', '--salt=0a0b0c', file),
      `sha256:${hex(fsverityDigest(data, { blockSize: 2048, salt: Buffer.from('0a0b0c', 'hex') }))} ${file}`);
    assert.equal(run('bt2', file), `${hex(bt2PiecesRoot(data))}  ${file}`);
    assert.equal(run('glacier', file), `${hex(glacierTreeHash(data))}  ${file}`);
    const dm = run('dmverity', '--data-block-size=1024', '--hash-block-size=512', '--salt=ff', '--format=0', file,
      path.join(dir, 'hash'));
    assert.equal(dm.split(/\s+/).pop(),
      hex(dmverityRoot(data, { dataBlockSize: 1024, hashBlockSize: 512, salt: Buffer.from('ff', 'hex'), format: 0 })));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

describe('errors in node:crypto words', () => {
  const data = pattern(4096);
  const code = (c, Kind) => (err) => err instanceof Kind && err.code === c;
  test('wrong types: TypeError ERR_INVALID_ARG_TYPE', () => {
    const calls = [() => fsverityDigest('text'), () => fsverityDigest(), () => fsverityDigest(data, 'opts'),
      () => fsverityDigest(data, null), () => fsverityDigest(data, { blockSize: '4096' }),
      () => fsverityDigest(data, { salt: 'ab' }), () => dmverityRoot(data, { format: '1' }),
      () => dmverityRoot(data, { hashBlockSize: 4096n }), () => bt2PiecesRoot(12), () => glacierTreeHash([1]),
      () => rfc6962Root('ab'), () => rfc6962Root(data), () => rfc6962Root(7), () => rfc6962Root([data, 'b'])];
    for (const call of calls) assert.throws(call, code('ERR_INVALID_ARG_TYPE', TypeError), String(call));
    assert.throws(() => rfc6962Root([data, 'b']), /The "leaves\[1\]" argument must be an instance of Buffer/);
  });
  test('bad options: ERR_OUT_OF_RANGE, ERR_INVALID_ARG_VALUE', () => {
    assert.throws(() => fsverityDigest(data, { blockSize: 3000 }),
      { code: 'ERR_INVALID_ARG_VALUE', message: /The property 'options.blockSize' must be a power of two/ });
    assert.throws(() => fsverityDigest(data, { blockSize: 512 }),
      { code: 'ERR_OUT_OF_RANGE', name: 'RangeError', message: /It must be an integer >= 1024 && <= 65536. Received 512/ });
    assert.throws(() => fsverityDigest(data, { blockSize: 4096.5 }), code('ERR_OUT_OF_RANGE', RangeError));
    assert.throws(() => fsverityDigest(data, { salt: Buffer.alloc(33) }),
      { code: 'ERR_OUT_OF_RANGE', message: /"options.salt.byteLength" is out of range. It must be <= 32. Received 33/ });
    assert.throws(() => dmverityRoot(data, { salt: Buffer.alloc(257) }), code('ERR_OUT_OF_RANGE', RangeError));
    assert.throws(() => dmverityRoot(data, { format: 2 }), { code: 'ERR_INVALID_ARG_VALUE', message: /'options.format'/ });
    assert.throws(() => dmverityRoot(data, { dataBlockSize: 1 << 20 }), code('ERR_OUT_OF_RANGE', RangeError));
    assert.throws(() => dmverityRoot(data.subarray(1)), { code: 'ERR_INVALID_ARG_VALUE', message: /whole data block \(4096 bytes\)/ });
    assert.throws(() => bt2PiecesRoot(Buffer.alloc(0)), { code: 'ERR_INVALID_ARG_VALUE', message: /must not be empty/ });
  });
});

// --- Streaming (createTreeHash) and files (*File) ---------------------------

// data fed to tree in random pieces (some empty), a copy taken on the way
// and fed the rest: both digests.
function streamed(tree, data) {
  let at = 0, copy = null, copyAt = 0;
  while (at < data.length) {
    const n = Math.min(data.length - at, randInt(3) === 0 ? 0 : randInt(70000));
    tree.update(data.subarray(at, at + n));
    at += n;
    if (!copy && at > data.length / 2) [copy, copyAt] = [tree.copy(), at];
  }
  const first = tree.digest();
  if (copy) assert.equal(hex(copy.update(data.subarray(copyAt)).digest()), hex(first), 'a copy goes on alone');
  return first;
}

describe('streaming in random pieces equals the one-shot calls and the real tools', () => {
  for (const [n, fsv, fsv1k, dm, bt2, glacier] of known) {
    test(`${n} bytes`, () => {
      const data = pattern(n), salt = Buffer.from('abcd', 'hex');
      assert.equal(hex(streamed(createTreeHash('fsverity'), data)), fsv);
      assert.equal(hex(streamed(f.createTreeHash('fsverity', { blockSize: 1024, salt: Buffer.from([1, 2]) }), data)), fsv1k);
      if (dm) assert.equal(hex(streamed(createTreeHash('dmverity', { length: n, salt }), data)), dm);
      assert.equal(hex(streamed(createTreeHash('bt2'), data)), bt2);
      assert.equal(hex(streamed(createTreeHash('glacier'), data)), glacier);
    });
  }
  test('random data and options', () => {
    for (const n of [0, 1, 1023, 4096, 65537, 3 * (1 << 20) + 5]) {
      const data = randBytes(n), salt = randBytes(randInt(33)), opts = { blockSize: 1 << (10 + randInt(7)), salt };
      assert.equal(hex(streamed(createTreeHash('fsverity', opts), data)), hex(fsverityDigest(data, opts)), `fsverity ${n}`);
      assert.equal(hex(streamed(createTreeHash('glacier'), data)), hex(glacierTreeHash(data)), `glacier ${n}`);
      if (n) assert.equal(hex(streamed(createTreeHash('bt2'), data)), hex(bt2PiecesRoot(data)), `bt2 ${n}`);
      const dm = { dataBlockSize: 512 << randInt(4), hashBlockSize: 512 << randInt(4), salt: randBytes(randInt(257)),
        format: randInt(2) };
      if (n >= dm.dataBlockSize)
        assert.equal(hex(streamed(createTreeHash('dmverity', { ...dm, length: n }), data)), hex(dmverityRoot(data, dm)),
          `dmverity ${n}`);
    }
  });
  test('small pieces gathered, large ones passed on: many leaves, copies on the way', () => {
    const data = randBytes(9 * (1 << 20) + 4097);
    const cuts = [1, 65536, 70000, 5 << 20, 16384, 4 << 20, 300];
    const fed = (tree) => {
      let at = 0;
      for (let k = 0; at < data.length; k++) {
        const n = Math.min(cuts[k % cuts.length], data.length - at);
        tree.update(data.subarray(at, at + n));
        at += n;
      }
      return tree.digest();
    };
    assert.equal(hex(fed(createTreeHash('glacier'))), hex(glacierTreeHash(data)));
    assert.equal(hex(fed(createTreeHash('bt2'))), hex(bt2PiecesRoot(data)));
    assert.equal(hex(fed(createTreeHash('fsverity', { blockSize: 65536 }))), hex(fsverityDigest(data, { blockSize: 65536 })));
    const dm = { dataBlockSize: 524288, hashBlockSize: 4096, salt: randBytes(32) };
    assert.equal(hex(fed(createTreeHash('dmverity', { ...dm, length: data.length }))), hex(dmverityRoot(data, dm)));
    for (const n of [0, 100, 4096, 70000]) assert.equal(hex(streamed(createTreeHash('glacier'), data.subarray(0, n))),
      hex(glacierTreeHash(data.subarray(0, n))), `glacier ${n}`);
  });
  test('a piece is taken when update() returns: the caller may reuse its buffer', () => {
    const data = randBytes(100000), buf = new Uint8Array(1000), t = createTreeHash('bt2');
    for (let at = 0; at < data.length; at += buf.length) {
      buf.set(data.subarray(at, at + buf.length));
      t.update(buf);
      buf.fill(0xee);
    }
    assert.equal(hex(t.digest()), hex(bt2PiecesRoot(data)));
  });
  test('digest encodings, the format, every binary input kind', () => {
    const data = pattern(20000), want = known[2][5];
    const t = createTreeHash('glacier').update(data.buffer.slice(data.byteOffset, data.byteOffset + 100));
    t.update(new DataView(data.buffer, data.byteOffset + 100, 900)).update(new Uint16Array(data.subarray(1000).buffer.slice(
      data.byteOffset + 1000, data.byteOffset + 20000)));
    assert.equal(t.format, 'glacier');
    assert.equal(t.copy().digest('hex'), want);
    assert.equal(t.copy().digest('base64'), Buffer.from(want, 'hex').toString('base64'));
    assert.ok(Buffer.isBuffer(t.digest()), 'a Buffer in Node, Bun and Deno');
  });
});

describe('files through the streaming objects', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fastsha256-treefile-'));
  const write = (name, data) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, data);
    return file;
  };
  test('the real tools\' answers, and the one-shot calls', async () => {
    for (const [n, fsv, fsv1k, dm, bt2, glacier] of known) {
      const file = write(`k${n}`, pattern(n));
      assert.equal(hex(await fsverityDigestFile(file)), fsv);
      assert.equal(hex(await f.fsverityDigestFile(file, { blockSize: 1024, salt: Buffer.from([1, 2]) })), fsv1k);
      if (dm) assert.equal(hex(await dmverityRootFile(file, { salt: Buffer.from('abcd', 'hex') })), dm);
      assert.equal(hex(await bt2PiecesRootFile(file)), bt2);
      assert.equal(hex(await glacierTreeHashFile(new URL(`file://${file}`))), glacier);
    }
    const data = randBytes(5 * (1 << 20) + 4097), file = write('big', data);
    const dm = { dataBlockSize: 1024, hashBlockSize: 512, salt: Buffer.from('ff', 'hex'), format: 0 };
    assert.equal(hex(await dmverityRootFile(file, dm)), hex(dmverityRoot(data, dm)));
    assert.equal(hex(await glacierTreeHashFile(Buffer.from(file))), hex(glacierTreeHash(data)));
  });
  test('errors: the file system\'s, and the formats\'', async () => {
    await assert.rejects(glacierTreeHashFile(path.join(dir, 'nothere')), { code: 'ENOENT' });
    await assert.rejects(bt2PiecesRootFile(dir), { code: 'EISDIR' });
    await assert.rejects(bt2PiecesRootFile(write('empty', Buffer.alloc(0))), { code: 'ERR_INVALID_STATE' });
    await assert.rejects(dmverityRootFile(write('short', Buffer.alloc(4095))), { code: 'ERR_INVALID_ARG_VALUE' });
    await assert.rejects(fsverityDigestFile(write('x', 'x'), { blockSize: 3000 }), { code: 'ERR_INVALID_ARG_VALUE' });
    await assert.rejects(fsverityDigestFile(17), { name: 'TypeError', code: 'ERR_INVALID_ARG_TYPE' });
    fs.rmSync(dir, { recursive: true, force: true }); // the suite's last test
  });
});

describe('streaming errors in node:crypto words', () => {
  const code = (c, Kind) => (err) => err instanceof Kind && err.code === c;
  test('wrong types: TypeError ERR_INVALID_ARG_TYPE', () => {
    const calls = [() => createTreeHash(), () => createTreeHash(7), () => createTreeHash('glacier').update('text'),
      () => createTreeHash('glacier').update(), () => createTreeHash('bt2').update([1, 2]),
      () => createTreeHash('fsverity', 'opts'), () => createTreeHash('fsverity', { salt: 'ab' }),
      () => createTreeHash('dmverity'), () => createTreeHash('dmverity', { length: '4096' }),
      () => createTreeHash('glacier').digest(7)];
    for (const call of calls) assert.throws(call, code('ERR_INVALID_ARG_TYPE', TypeError), String(call));
    assert.throws(() => createTreeHash('glacier').update('text'),
      /The "data" argument must be an instance of Buffer, TypedArray, DataView, or ArrayBuffer. Received type string/);
    assert.throws(() => createTreeHash('dmverity', {}),
      /The "options.length" property must be of type number. Received undefined/);
  });
  test('bad values, and digest once', () => {
    assert.throws(() => createTreeHash('sha256'), { code: 'ERR_INVALID_ARG_VALUE', message: /must be one of: 'fsverity'/ });
    assert.throws(() => createTreeHash('fsverity', { blockSize: 3000 }), { code: 'ERR_INVALID_ARG_VALUE' });
    assert.throws(() => createTreeHash('dmverity', { length: -1 }), code('ERR_OUT_OF_RANGE', RangeError));
    assert.throws(() => createTreeHash('dmverity', { length: 4095 }), { code: 'ERR_INVALID_ARG_VALUE', message: /whole data block/ });
    const dm = createTreeHash('dmverity', { length: 8192 }).update(Buffer.alloc(4096));
    assert.throws(() => dm.copy().update(Buffer.alloc(4097)), { code: 'ERR_OUT_OF_RANGE', message: /must be <= 4096/ });
    assert.throws(() => dm.digest(), { code: 'ERR_INVALID_STATE', message: /got 4096 bytes of the 8192/ });
    assert.throws(() => createTreeHash('bt2').digest(), { code: 'ERR_INVALID_STATE', message: /no pieces root/ });
    const t = createTreeHash('glacier');
    t.digest();
    for (const call of [() => t.digest(), () => t.update(Buffer.alloc(1)), () => t.copy()])
      assert.throws(call, { code: 'ERR_CRYPTO_HASH_FINALIZED', message: 'Digest already called' });
    assert.throws(() => createTreeHash('glacier').update.call({}, Buffer.alloc(1)), code('ERR_INVALID_THIS', TypeError));
  });
});
