'use strict';
// index.js's way of keeping Hash and Hmac state (the addon's ctxInit,
// ctxUpdate, ctxDigest on a context held in a Uint8Array of ctxSize bytes;
// hmacCreate(object, ...), hashUpdate(object, ...), hashDigest(object | null,
// ...) with the state tied to the object) over the WebAssembly natives,
// whose own hashCreate/hashUpdate/hashDigest hand out handles (browser.mjs
// and workerd.mjs use those through lib/api.js).
const errors = require('./wasm-errors.js');

function nodeHashNatives(n, wasm) {
  const { CTX, OUT, data, put, fits, stream, release, encodeDigest, mem } = n;
  const ctxSize = wasm.fastsha256_wasm_ctx_size();
  const badThis = () => errors.fail(TypeError, 'ERR_INVALID_THIS', 'Value of "this" must be of type Hash');
  const checked = (ctx) => {
    if (!(ctx instanceof Uint8Array) || ctx.length !== ctxSize) throw badThis();
    return ctx;
  };
  const load = (ctx) => mem().set(checked(ctx), CTX);
  const save = (ctx) => {
    const h = mem();
    ctx.set(h.subarray(CTX, CTX + ctxSize));
    h.fill(0, CTX, CTX + ctxSize);
  };

  function ctxInit(ctx, algorithm) {
    const bits = errors.parseAlgorithm(algorithm, 'algorithm');
    if (!bits) throw errors.unknownHash();
    checked(ctx);
    (bits === 224 ? wasm.fastsha224_init : wasm.fastsha256_init)(CTX);
    save(ctx);
  }

  function ctxUpdate(ctx, value) {
    load(ctx);
    if (arguments.length < 2) throw errors.badData('data', undefined, true);
    const msg = errors.dataArg(value, 'data');
    if (fits(msg)) {
      const len = put(msg, data, 0);
      wasm.fastsha256_update(CTX, data.ptr, len);
    } else {
      stream(msg, (p, len) => wasm.fastsha256_update(CTX, p, len));
      release(data);
    }
    save(ctx);
  }

  function ctxDigest(ctx, encoding) {
    load(ctx);
    const enc = arguments.length > 1 ? errors.parseEncoding(encoding, 'encoding') : errors.ENC_BUFFER;
    // fastsha256_ctx ends with its digest_size (include/fastsha256.h).
    const size = new DataView(mem().buffer).getUint32(CTX + ctxSize - 4, true) === 28 ? 28 : 32;
    wasm.fastsha256_final(CTX, OUT);
    save(ctx);
    return encodeDigest(size, enc);
  }

  // Hmacs: the handle of n.hmacCreate, tied to the object until digest().
  const hmacs = new WeakMap();
  const handleOf = (obj) => {
    const h = obj !== null && typeof obj === 'object' ? hmacs.get(obj) : undefined;
    if (!h) throw badThis();
    return h;
  };
  const handleCreate = n.hmacCreate, handleUpdate = n.hashUpdate, handleDigest = n.hashDigest;

  return {
    ctxSize, ctxInit, ctxUpdate, ctxDigest,
    hmacCreate: (obj, algorithm, key) => { hmacs.set(obj, handleCreate(algorithm, key)); },
    hashUpdate: (obj, value) => handleUpdate(handleOf(obj), value),
    hashDigest(obj, encoding) {
      if (obj === null) return encodeDigest(0, arguments.length > 1 ? errors.parseEncoding(encoding, 'encoding')
        : errors.ENC_BUFFER);
      const out = arguments.length > 1 ? handleDigest(handleOf(obj), encoding) : handleDigest(handleOf(obj));
      hmacs.delete(obj);
      return out;
    },
  };
}

module.exports = { nodeHashNatives };
