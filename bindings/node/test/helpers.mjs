// SPDX-License-Identifier: Apache-2.0 OR MIT
// Shared by the binding's test files: the runtime's name, a seeded random
// generator (FASTSHA256_TEST_SEED replays a failure), node:crypto as the
// reference, and sample inputs of every kind the calls take.
import crypto from 'node:crypto';
import { Buffer } from 'node:buffer';

export const runtime = typeof Deno !== 'undefined' ? 'deno' : typeof Bun !== 'undefined' ? 'bun' : 'node';

// A seeded generator, so a failure can be replayed (FASTSHA256_TEST_SEED).
let seed = BigInt(process.env.FASTSHA256_TEST_SEED || 0x5eed1234);
export function rand() {
  seed ^= seed << 13n; seed &= 0xffffffffffffffffn;
  seed ^= seed >> 7n;
  seed ^= seed << 17n; seed &= 0xffffffffffffffffn;
  return Number(seed & 0xffffffffn) / 0x100000000;
}
export const randInt = (n) => Math.floor(rand() * n);
export function randBytes(n) {
  const b = Buffer.alloc(n);
  for (let i = 0; i < n; i++) b[i] = randInt(256);
  return b;
}

export const ref = (alg, data, enc) => {
  const h = crypto.createHash(alg);
  h.update(ArrayBuffer.isView(data) && !(data instanceof Uint8Array)
    ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
    : data instanceof ArrayBuffer ? new Uint8Array(data) : data);
  return enc ? h.digest(enc) : h.digest();
};

// Code points from every UTF-8 length, emoji, and lone surrogates (which
// node:crypto hashes as EF BF BD).
const pieces = ['a', 'Z', '0', ' ', '\n', '\0', 'é', 'ß', 'ü', '€', '中', '文', '😀', '🚀',
  '\u{10FFFF}', '\uD800', '\uDBFF', '\uDC00', '\uDFFF', '\uFFFD', '\u007F', '\u0080', '\u07FF',
  '\u0800', '\uFFFF'];
export function randString(n, ascii) {
  let s = '';
  for (let i = 0; i < n; i++)
    s += ascii ? String.fromCharCode(32 + randInt(95)) : pieces[randInt(pieces.length)];
  return s;
}

export function sampleStrings() {
  const out = ['', 'abc', 'Hello world!!!', '\uD800', 'a\uDC00b', '\uDBFF\uDBFF', '😀', '\uD83D',
    'x'.repeat(55), 'x'.repeat(56), 'x'.repeat(64)];
  // Lengths around the addon's 256-byte stack buffer, with multi-byte
  // characters straddling its end.
  for (let n = 240; n <= 262; n++) {
    out.push('a'.repeat(n));
    out.push('a'.repeat(n - 2) + '€');
    out.push('a'.repeat(n - 3) + '😀');
    out.push('a'.repeat(n - 1) + '\uD800');
  }
  for (let i = 0; i < 200; i++) out.push(randString(randInt(100), i % 2 === 0));
  for (let i = 0; i < 20; i++) out.push(randString(200 + randInt(3000), i % 3 === 0));
  return out;
}

export const typedArrays = [Int8Array, Uint8Array, Uint8ClampedArray, Int16Array, Uint16Array, Int32Array,
  Uint32Array, Float32Array, Float64Array, BigInt64Array, BigUint64Array];

// Views of every kind at odd offsets into a larger ArrayBuffer.
export function sampleViews() {
  const out = [];
  for (const len of [0, 1, 3, 55, 56, 63, 64, 65, 200, 1000]) {
    const backing = randBytes(len * 8 + 64);
    for (const T of typedArrays) {
      const size = T.BYTES_PER_ELEMENT;
      const offset = size * (1 + randInt(7));
      out.push(new T(backing.buffer, backing.byteOffset + offset, Math.floor(len / size)));
    }
    out.push(new DataView(backing.buffer, backing.byteOffset + 3, len));
    out.push(backing.subarray(5, 5 + len));
    out.push(new Uint8Array(randBytes(len)).buffer);
  }
  return out;
}

export const encodings = [undefined, 'hex', 'base64', 'base64url', 'latin1', 'binary', 'buffer'];
