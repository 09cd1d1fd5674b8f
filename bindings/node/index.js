'use strict';
// fastsha256 for JavaScript (Node.js, Bun, Deno): SHA-256/SHA-224 through the
// fastsha256 C library, one-shot, streaming (createHash), batched and async.
const path = require('path');
const fs = require('fs');
const { Buffer } = require('buffer');

// Where the addon may be: $FASTSHA256_NODE_ADDON, build/ here (npm install,
// or copied by the CMake build), or a CMake build folder of the repository.
function candidates() {
  const list = [];
  if (typeof process !== 'undefined' && process.env && process.env.FASTSHA256_NODE_ADDON)
    return [path.resolve(process.env.FASTSHA256_NODE_ADDON)];
  list.push(path.join(__dirname, 'build', 'fastsha256.node'));
  const buildRoot = path.join(__dirname, '..', '..', 'build');
  list.push(path.join(buildRoot, 'bindings', 'node', 'fastsha256.node'));
  try {
    for (const d of fs.readdirSync(buildRoot).sort())
      list.push(path.join(buildRoot, d, 'bindings', 'node', 'fastsha256.node'));
  } catch (_) { /* no build folder */ }
  return list;
}

function load() {
  const tried = [];
  for (const file of candidates()) {
    if (!fs.existsSync(file)) { tried.push(file); continue; }
    return require(file);
  }
  const err = new Error('fastsha256: the native addon fastsha256.node was not found (tried ' +
    tried.join(', ') + '). Build it with CMake (cmake -S <repo> -B build && cmake --build build) ' +
    'or npm install this folder; FASTSHA256_NODE_ADDON=<file> names it directly.');
  err.code = 'ERR_FASTSHA256_ADDON_NOT_FOUND';
  throw err;
}

const native = load();
const kHandle = Symbol('fastsha256.handle');

function invalidType(name, what, value) {
  const err = new TypeError(`The "${name}" argument must be ${what}. Received ` +
    (value === null ? 'null' : `type ${typeof value}`));
  err.code = 'ERR_INVALID_ARG_TYPE';
  return err;
}

// Encodings the addon writes itself; Node's other Buffer encodings go through
// Buffer#toString, as node:crypto's Hash#digest accepts them.
const nativeEncodings = new Set(['hex', 'base64', 'base64url', 'latin1', 'binary', 'buffer']);

/** Streaming hash with node:crypto's Hash calls: update/digest/copy. */
class Hash {
  constructor(algorithm, handle) {
    this[kHandle] = handle !== undefined ? handle : native.hashCreate(algorithm);
  }

  update(data, inputEncoding) {
    if (typeof data === 'string' && inputEncoding !== undefined && inputEncoding !== null) {
      const enc = String(inputEncoding).toLowerCase();
      if (enc !== 'utf8' && enc !== 'utf-8') {
        if (!Buffer.isEncoding(enc)) {
          const err = new TypeError(`Unknown encoding: ${inputEncoding}`);
          err.code = 'ERR_UNKNOWN_ENCODING';
          throw err;
        }
        data = Buffer.from(data, enc);
      }
    }
    native.hashUpdate(this[kHandle], data);
    return this;
  }

  digest(outputEncoding) {
    if (outputEncoding === undefined || nativeEncodings.has(outputEncoding))
      return native.hashDigest(this[kHandle], outputEncoding);
    if (typeof outputEncoding === 'string' && Buffer.isEncoding(outputEncoding))
      return native.hashDigest(this[kHandle]).toString(outputEncoding);
    return native.hashDigest(this[kHandle], outputEncoding); // throws, naming it
  }

  copy() {
    return new Hash(undefined, native.hashCopy(this[kHandle]));
  }
}

function createHash(algorithm) {
  return new Hash(algorithm);
}

function toArray(items) {
  if (Array.isArray(items)) return items;
  if (items !== null && items !== undefined && typeof items !== 'string' &&
      typeof items[Symbol.iterator] === 'function')
    return Array.from(items);
  throw invalidType('items', 'an Array or an iterable', items);
}

function sha256Many(items, encoding) {
  return native.sha256Many(toArray(items), encoding);
}

function sha224Many(items, encoding) {
  return native.sha224Many(toArray(items), encoding);
}

// Argument errors reject the Promise instead of throwing.
function sha256ManyAsync(items, encoding) {
  try { return native.sha256ManyAsync(toArray(items), encoding); }
  catch (err) { return Promise.reject(err); }
}

function sha224ManyAsync(items, encoding) {
  try { return native.sha224ManyAsync(toArray(items), encoding); }
  catch (err) { return Promise.reject(err); }
}

function sha256PackedAsync(buffer, stride, length, encoding) {
  try { return native.sha256PackedAsync(buffer, stride, length, encoding); }
  catch (err) { return Promise.reject(err); }
}

module.exports = {
  sha256: native.sha256,
  sha224: native.sha224,
  createHash,
  Hash,
  sha256Many,
  sha224Many,
  sha256Packed: native.sha256Packed,
  sha256ManyAsync,
  sha224ManyAsync,
  sha256PackedAsync,
  backend: native.backend,
  hexBackend: native.hexBackend,
  backends: native.backends,
  allBackends: native.allBackends,
  setBackend: native.setBackend,
  version: native.version,
};
