// SPDX-License-Identifier: Apache-2.0 OR MIT
'use strict';
// Streaming hash trees: createTreeHash(format, options) gives an object with
// node:crypto's Hash calls (update, digest, copy) for data fed in pieces,
// and where env reads files (Node.js, Bun, Deno; not browsers) the *File
// calls feed a file through one a chunk at a time, so memory stays at one
// chunk whatever the file's size. Written once over either set of natives
// (treeStreamInit/Update/Final: the addon's src/tree_stream.c, or
// lib/wasm-tree.js); the options are the one-shot calls' (lib/tree.js).
// The source of lib/tree-stream.mjs (scripts/gen-wasm.js writes it).
const { fail, invalidArgType, outOfRange } = require('./errors.js');
const { parse } = require('./tree.js');

// The natives' kinds, in their order.
const formats = ['fsverity', 'dmverity', 'bt2', 'glacier'];
const DMVERITY = 1;
// A file's read: 16 Glacier leaves (a multiple of every other format's leaf),
// so whole leaves fill the widest lanes in one update, with no copy.
const CHUNK = 16 << 20;
// The natives hash a leaf split across their updates as one stream, so smaller
// pieces are gathered to 16 leaves (the widest lanes; Glacier's 16 MiB) first:
// the leaves then go through the lanes together however the data is cut.
const leafOf = (kind, args) => args[0] || (kind === 2 ? 16384 : 1 << 20);
const gatherSize = (leaf) => 16 * leaf;
const kCopyOf = Symbol('copyOf');

const invalidThis = () => fail(TypeError, 'ERR_INVALID_THIS', 'Value of "this" must be of type TreeHash');
const finalizedError = () => fail(Error, 'ERR_CRYPTO_HASH_FINALIZED', 'Digest already called');
const invalidState = (text) => fail(Error, 'ERR_INVALID_STATE', `Invalid state: ${text}`);

function kindOf(format) {
  if (typeof format !== 'string') throw invalidArgType('format', 'of type string', format);
  const kind = formats.indexOf(format);
  if (kind < 0) throw parse.invalidValue('format', `must be one of: ${formats.map((f) => `'${f}'`).join(', ')}`, format);
  return kind;
}

// dm-verity's data length, which its tree's layout needs before any data.
function lengthOf(o) {
  const value = o.length;
  if (typeof value !== 'number') throw invalidArgType('options.length', 'of type number', value);
  if (!Number.isSafeInteger(value) || value < 0) throw outOfRange('options.length', '>= 0 && <= 9007199254740991', value);
  return value;
}

// The natives' init arguments after kind, the one-shot calls' checks.
function initArgs(kind, o) {
  if (kind === 0) return [parse.blockSize(o, 'blockSize', 1024, 65536), 0, parse.saltOf(o, 32), 1, 0];
  if (kind !== DMVERITY) return [0, 0, parse.saltOf({}, 0), 1, 0];
  const length = lengthOf(o);
  const dbs = parse.blockSize(o, 'dataBlockSize', 512, 524288), hbs = parse.blockSize(o, 'hashBlockSize', 512, 524288);
  if (length < dbs) throw parse.invalidValue('options.length', `must hold at least one whole data block (${dbs} bytes)`, length);
  return [dbs, hbs, parse.saltOf(o, 256), parse.formatOf(o), length];
}

function makeTreeStream(natives, env) {
  const { treeStreamInit, treeStreamUpdate, treeStreamFinal } = natives;

  function encoded(root, encoding) {
    if (encoding === undefined || encoding === 'buffer') return root;
    if (typeof encoding !== 'string') throw invalidArgType('encoding', 'of type string', encoding);
    if (encoding.toLowerCase() === 'hex') return Array.from(root, (b) => (b < 16 ? '0' : '') + b.toString(16)).join('');
    const recode = env.recoder && env.recoder(encoding.toLowerCase());
    if (!recode) throw fail(TypeError, 'ERR_UNKNOWN_ENCODING', `Unknown encoding: ${encoding}`);
    return recode(root);
  }

  /** A tree over data fed in pieces: update(data), digest([encoding]), copy(). */
  class TreeHash {
    // The natives' state, in JS memory no other code can reach, or null once
    // digest() has been called. Also the brand: only objects this class made have it.
    #state = null;
    #kind = 0;
    #length = 0; // dm-verity: the bytes promised
    #fed = 0;
    #gatherBytes = 0; // gatherSize(leaf); #pending holds #held of them, starting a leaf
    #pending = null;
    #held = 0;

    static #live(tree) {
      if (!(typeof tree === 'object' && tree !== null && #state in tree)) throw invalidThis();
      if (tree.#state === null) throw finalizedError();
      return tree;
    }

    constructor(format, options) {
      if (format === kCopyOf) {
        [this.#kind, this.#length, this.#fed] = [options.#kind, options.#length, options.#fed];
        [this.#gatherBytes, this.#held] = [options.#gatherBytes, options.#held];
        this.#state = new Uint8Array(options.#state); // a copy (a Buffer's slice() would share it)
        if (this.#held) {
          this.#pending = new Uint8Array(this.#gatherBytes);
          this.#pending.set(options.#pending.subarray(0, this.#held));
        }
        return;
      }
      const kind = kindOf(format), args = initArgs(kind, parse.optionsOf(options));
      const state = treeStreamInit(kind, ...args);
      if (state === null) throw parse.invalidValue('options', 'is refused by the library', options);
      [this.#state, this.#kind, this.#length, this.#gatherBytes] = [state, kind, args[4], gatherSize(leafOf(kind, args))];
    }

    // Whole gathers straight to the natives, smaller pieces copied until one fills.
    #feed(bytes) {
      const size = this.#gatherBytes;
      let at = 0;
      if (this.#held === 0 && bytes.length >= size) {
        at = bytes.length - (bytes.length % size);
        treeStreamUpdate(this.#state, at === bytes.length ? bytes : bytes.subarray(0, at));
      }
      while (at < bytes.length) {
        this.#pending ??= new Uint8Array(size);
        const take = Math.min(size - this.#held, bytes.length - at);
        this.#pending.set(bytes.subarray(at, at + take), this.#held);
        this.#held += take;
        at += take;
        if (this.#held === size) {
          treeStreamUpdate(this.#state, this.#pending);
          this.#held = 0;
        }
      }
    }

    /** The format's name, as createTreeHash took it. */
    get format() {
      return formats[this.#kind];
    }

    update(data) {
      TreeHash.#live(this);
      const bytes = parse.bytesOf('data', data);
      if (this.#kind === DMVERITY && bytes.length > this.#length - this.#fed)
        throw outOfRange('data.byteLength', `<= ${this.#length - this.#fed} (the rest of options.length)`, bytes.length);
      this.#feed(bytes);
      this.#fed += bytes.length;
      return this;
    }

    digest(encoding) {
      TreeHash.#live(this);
      if (this.#held) treeStreamUpdate(this.#state, this.#pending.subarray(0, this.#held));
      const root = treeStreamFinal(this.#state);
      [this.#state, this.#pending, this.#held] = [null, null, 0];
      if (root !== null) return encoded(root, encoding);
      if (this.#kind === DMVERITY) throw invalidState(`dmverity got ${this.#fed} bytes of the ${this.#length} in options.length`);
      throw invalidState('bt2 was given no data (an empty file has no pieces root)');
    }

    copy() {
      return new TreeHash(kCopyOf, TreeHash.#live(this));
    }
  }

  const createTreeHash = (format, options) => new TreeHash(format, options);
  const api = { createTreeHash };
  if (!env.files) return api;

  // A file through the tree make(size) gives, a chunk at a time.
  async function fileDigest(path, make) {
    const handle = await env.files().open(path, 'r');
    try {
      const tree = make((await handle.stat()).size);
      const buf = new Uint8Array(CHUNK);
      for (;;) {
        const { bytesRead } = await handle.read(buf, 0, CHUNK, null);
        if (bytesRead === 0) return tree.digest();
        tree.update(buf.subarray(0, bytesRead));
      }
    } finally {
      await handle.close();
    }
  }

  return Object.assign(api, {
    fsverityDigestFile: async (path, options) => fileDigest(path, () => createTreeHash('fsverity', options)),
    dmverityRootFile: async (path, options) =>
      fileDigest(path, (size) => createTreeHash('dmverity', { ...parse.optionsOf(options), length: size })),
    bt2PiecesRootFile: async (path) => fileDigest(path, () => createTreeHash('bt2')),
    glacierTreeHashFile: async (path) => fileDigest(path, () => createTreeHash('glacier')),
  });
}

module.exports = makeTreeStream;
