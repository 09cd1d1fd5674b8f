// SPDX-License-Identifier: Apache-2.0 OR MIT
'use strict';
// The hash trees' public calls (fsverityDigest, dmverityRoot, bt2PiecesRoot,
// glacierTreeHash, rfc6962Root), written once over either set of natives
// (the addon's src/tree.c, or lib/wasm-tree.js): the data first, an options
// object after it with the formats' tools' defaults. The arguments are
// checked here, with node:crypto's errors, so both natives get only
// Uint8Arrays and integers in range. lib/api.js adds them to the API;
// lib/tree-stream.js adds the streaming objects and the files over them.
// The source of lib/tree.mjs (scripts/gen-wasm.js writes it).
const { describe, fail, invalidArgType, outOfRange } = require('./errors.js');

const binary = 'an instance of Buffer, TypedArray, DataView, or ArrayBuffer';
const noSalt = new Uint8Array(0);

// A binary argument's bytes as a Uint8Array over the same memory (no copy).
function bytesOf(name, value) {
  if (ArrayBuffer.isView(value)) return new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
  if (value instanceof ArrayBuffer ||
      (typeof SharedArrayBuffer !== 'undefined' && value instanceof SharedArrayBuffer))
    return new Uint8Array(value);
  throw invalidArgType(name, binary, value);
}

const invalidValue = (name, reason, value) => {
  const kind = name.includes('.') ? 'property' : 'argument';
  return fail(TypeError, 'ERR_INVALID_ARG_VALUE', `The ${kind} '${name}' ${reason}. Received ${describe(value)}`);
};

function optionsOf(options) {
  if (options === undefined) return {};
  if (options === null || typeof options !== 'object') throw invalidArgType('options', 'of type object', options);
  return options;
}

// A block size: a power of two in [lo, hi]; absent means the default.
function blockSize(options, key, lo, hi) {
  const value = options[key];
  if (value === undefined) return 4096;
  const name = `options.${key}`;
  if (typeof value !== 'number') throw invalidArgType(name, 'of type number', value);
  if (!Number.isInteger(value) || value < lo || value > hi) throw outOfRange(name, `an integer >= ${lo} && <= ${hi}`, value);
  if ((value & (value - 1)) !== 0) throw invalidValue(name, 'must be a power of two', value);
  return value;
}

function saltOf(options, max) {
  const value = options.salt;
  if (value === undefined || value === null) return noSalt;
  const salt = bytesOf('options.salt', value);
  if (salt.length > max) throw outOfRange('options.salt.byteLength', `<= ${max}`, salt.length);
  return salt;
}

function formatOf(options) {
  const value = options.format;
  if (value === undefined) return 1;
  if (typeof value !== 'number') throw invalidArgType('options.format', 'of type number', value);
  if (value !== 0 && value !== 1) throw invalidValue('options.format', 'must be 1 or 0 (Chrome OS)', value);
  return value;
}

function leavesOf(leaves) {
  if (leaves === null || leaves === undefined || typeof leaves === 'string' || ArrayBuffer.isView(leaves) ||
      typeof leaves[Symbol.iterator] !== 'function')
    throw invalidArgType('leaves', 'an Array or an iterable of binary leaves', leaves);
  return Array.from(leaves, (leaf, i) => bytesOf(`leaves[${i}]`, leaf));
}

/** The five tree calls over natives (lib/natives.js' tree* names). */
function makeTree(natives) {
  return {
    fsverityDigest(data, options) {
      const bytes = bytesOf('data', data), o = optionsOf(options);
      return natives.treeFsverity(bytes, blockSize(o, 'blockSize', 1024, 65536), saltOf(o, 32));
    },
    dmverityRoot(data, options) {
      const bytes = bytesOf('data', data), o = optionsOf(options);
      const dbs = blockSize(o, 'dataBlockSize', 512, 524288), hbs = blockSize(o, 'hashBlockSize', 512, 524288);
      const root = natives.treeDmverity(bytes, dbs, hbs, saltOf(o, 256), formatOf(o));
      if (root === null) throw invalidValue('data', `must hold at least one whole data block (${dbs} bytes)`, data);
      return root;
    },
    bt2PiecesRoot(data) {
      const root = natives.treeBt2(bytesOf('data', data));
      if (root === null) throw invalidValue('data', 'must not be empty (an empty file has no pieces root)', data);
      return root;
    },
    glacierTreeHash: (data) => natives.treeGlacier(bytesOf('data', data)),
    rfc6962Root: (leaves) => natives.treeRfc6962(leavesOf(leaves)),
  };
}

// The argument checks, for the streaming forms (lib/tree-stream.js).
const parse = { bytesOf, invalidValue, optionsOf, blockSize, saltOf, formatOf };

module.exports = { makeTree, parse };
