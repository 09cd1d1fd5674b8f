// Generated from lib/errors.js by scripts/gen-wasm.js: do not edit.
// SPDX-License-Identifier: Apache-2.0 OR MIT
'use strict';
// Errors in node:crypto's words, for every implementation: the addon asks
// describe() for the "Received ..." part of its messages (index.js hands it
// over), the WebAssembly natives and the JavaScript layers call it directly.
// The source of lib/errors.mjs (scripts/gen-wasm.js writes it).

// What Node 20 says a value is (its determineSpecificType): 'undefined',
// 'null', 'function f', 'an instance of C', 'type number (1)'.
function describe(value) {
  if (value === undefined || value === null) return String(value);
  switch (typeof value) {
    case 'function': return `function ${value.name}`;
    case 'object': return instanceOf(value);
    case 'string': return `type string (${quoted(value.length > 28 ? `${value.slice(0, 25)}...` : value)})`;
    case 'number': return `type number (${Object.is(value, -0) ? '-0' : value})`;
    case 'bigint': return `type bigint (${value}n)`;
    default: return `type ${typeof value} (${String(value)})`;
  }
}

function instanceOf(value) {
  const ctor = value.constructor;
  if (ctor !== null && (typeof ctor === 'function' || typeof ctor === 'object') && 'name' in ctor)
    return `an instance of ${ctor.name}`;
  return Object.getPrototypeOf(value) === null ? '[Object: null prototype] {}' : '{}';
}

const quoted = (text) => (text.includes("'") ? JSON.stringify(text) : `'${text}'`);

function fail(Kind, code, message) {
  const err = new Kind(message);
  err.code = code;
  return err;
}

// A dotted name is an options object's property, as node:crypto says.
function invalidArgType(name, what, value) {
  const kind = name.includes('.') ? 'property' : 'argument';
  return fail(TypeError, 'ERR_INVALID_ARG_TYPE', `The "${name}" ${kind} must be ${what}. Received ${describe(value)}`);
}

function outOfRange(name, range, value) {
  let shown = String(value);
  if (Number.isInteger(value) && Math.abs(value) > 2 ** 32)
    shown = shown.replace(/\B(?=(\d{3})+(?!\d))/g, '_');
  return fail(RangeError, 'ERR_OUT_OF_RANGE', `The value of "${name}" is out of range. It must be ${range}. Received ${shown}`);
}

export default { describe, fail, invalidArgType, outOfRange };
