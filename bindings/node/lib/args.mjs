// Generated from lib/args.js by scripts/gen-wasm.js: do not edit.
// SPDX-License-Identifier: Apache-2.0 OR MIT
'use strict';
// node:crypto's rules for the encodings that Hash and Hmac take (update,
// digest) and for createHash's options, written once for every entry
// (index.js, and lib/api.js for browsers, workerd and Deno without
// permissions). The source of lib/args.mjs (scripts/gen-wasm.js writes it).

import imported0 from './errors.mjs';
const { fail, invalidArgType, outOfRange } = imported0;

const kUint32Max = 4294967295;

// How node:crypto shows an encoding argument in ERR_INVALID_ARG_VALUE.
const shownEncoding = (enc) => (typeof enc === 'string' ? `'${enc}'` : `[String: '${enc}']`);

/**
 * update(data, enc): the encoding of a string `data` as a lower-case name,
 * or null for UTF-8. As in node:crypto, an encoding that is not a string
 * (a String object, a number) reads the text as UTF-8, and an odd number of
 * hex digits throws (also for a String object 'hex', which node:crypto's
 * check sees though its natives then read UTF-8).
 */
function inputEncoding(data, enc) {
  if (enc === undefined || enc === null) return null;
  const isString = typeof enc === 'string';
  const name = isString ? enc.toLowerCase() : enc instanceof String ? `${enc}`.toLowerCase() : '';
  if (name === 'hex' && data.length % 2 !== 0)
    throw fail(TypeError, 'ERR_INVALID_ARG_VALUE',
      `The argument 'encoding' is invalid for data of length ${data.length}. Received ${shownEncoding(enc)}`);
  return !isString || name === 'utf8' || name === 'utf-8' ? null : name;
}

/** digest(enc): undefined for a Buffer (a falsy enc), else the name as a lower-case string. */
function outputEncoding(enc) {
  if (!enc) return undefined; // null, '', 0, false: a Buffer, as in Node
  return (typeof enc === 'string' ? enc : `${enc}`).toLowerCase(); // node:crypto converts, calling toString
}

/** createHash's options.outputLength: undefined, or a checked whole number. */
function outputLength(options) {
  if (options === null || typeof options !== 'object') return undefined;
  const length = options.outputLength;
  if (length === undefined) return undefined;
  if (typeof length !== 'number') throw invalidArgType('options.outputLength', 'of type number', length);
  if (!Number.isInteger(length)) throw outOfRange('options.outputLength', 'an integer', length);
  if (length < 0 || length > kUint32Max)
    throw outOfRange('options.outputLength', `>= 0 && <= ${kUint32Max}`, length);
  return length;
}

/** SHA-256 and SHA-224 are no XOFs: an outputLength other than the digest's size is OpenSSL's error. */
function checkOutputLength(length, digestSize) {
  if (length !== undefined && length !== digestSize) {
    const err = fail(Error, 'ERR_OSSL_EVP_NOT_XOF_OR_INVALID_LENGTH',
      'error:030000B2:digital envelope routines::not XOF or invalid length');
    err.library = 'digital envelope routines';
    err.reason = 'not XOF or invalid length';
    throw err;
  }
}

export default { inputEncoding, outputEncoding, outputLength, checkOutputLength };
