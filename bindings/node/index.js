// SPDX-License-Identifier: Apache-2.0 OR MIT
'use strict';
// fastsha256 for JavaScript (Node.js, Bun, Deno): SHA-256/SHA-224 and their
// HMACs through the fastsha256 C library, one-shot, streaming (createHash,
// createHmac), batched and async.
const path = require('path');
const fs = require('fs');
const { Buffer } = require('buffer');

// Where the addon may be: $FASTSHA256_NODE_ADDON, build/ here (npm install,
// or copied by the CMake build), or a CMake build folder of the repository.
function candidates() {
  const list = [];
  if (typeof process !== 'undefined' && process.env && process.env.FASTSHA256_NODE_ADDON)
    return [path.resolve(process.env.FASTSHA256_NODE_ADDON)];
  // The tarball's prebuilt addon for this platform (scripts/pack.js) first.
  list.push(path.join(__dirname, 'prebuilds', `${process.platform}-${process.arch}`, 'fastsha256.node'));
  list.push(path.join(__dirname, 'build', 'fastsha256.node'));
  const buildRoot = path.join(__dirname, '..', '..', 'build');
  list.push(path.join(buildRoot, 'bindings', 'node', 'fastsha256.node'));
  try {
    for (const d of fs.readdirSync(buildRoot).sort())
      list.push(path.join(buildRoot, d, 'bindings', 'node', 'fastsha256.node'));
  } catch (_) { /* no build folder */ }
  return list;
}

let loadedFile = null;

function load() {
  const tried = [];
  for (const file of candidates()) {
    if (!fs.existsSync(file)) { tried.push(file); continue; }
    loadedFile = file;
    return require(file);
  }
  const err = new Error('fastsha256: the native addon fastsha256.node was not found (tried ' +
    tried.join(', ') + '). Build it with CMake (cmake -S <repo> -B build && cmake --build build) ' +
    'or npm install this folder; FASTSHA256_NODE_ADDON=<file> names it directly.');
  err.code = 'ERR_FASTSHA256_ADDON_NOT_FOUND';
  throw err;
}

// The addon, or the WebAssembly build where it cannot load (lib/choose.js).
const chosen = require('./lib/choose.js').choose(load);
// Bun's faster paths over the same natives (lib/bun.js); elsewhere the natives.
const native = require('./lib/bun.js').adapt(chosen, loadedFile);
// The addon words its argument errors as lib/errors.js does.
chosen.natives.setDescribe(require('./lib/errors.js').describe);

// The public calls (lib/api.js, shared with the browser and workerd entries)
// with Buffers and node:crypto's key objects.
const { makeApi } = require('./lib/api.js');
const { nodeEnv } = require('./lib/node-env.js');

module.exports = makeApi(native, nodeEnv(Buffer, () => require('crypto'), () => require('fs').promises));
module.exports.implementation = chosen.implementation;
