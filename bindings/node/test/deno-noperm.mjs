// SPDX-License-Identifier: Apache-2.0 OR MIT
// ctest js.wasm.deno-noperm: Deno with no permission flags imports the
// package (no env, read or ffi access, so no addon) and gets the
// WebAssembly build, from bytes embedded in the modules.
//   deno run --no-config bindings/node/test/deno-noperm.mjs
import { Buffer } from 'node:buffer';
import f from '../index.mjs';

function check(what, got, want) {
  if (got !== want) throw new Error(`${what}: got ${got}, want ${want}`);
}

check('implementation', f.implementation, 'wasm');
check('sha256 abc', f.sha256('abc', 'hex'), 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
check('sha224 abc', f.sha224('abc', 'hex'), '23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7');
check('sha256 empty', f.sha256('', 'hex'), 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
check('a million a', f.createHash('sha256').update('a'.repeat(999999)).update('a').digest('hex'),
  'cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0');
check('two blocks', f.sha256Many(['abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq'], 'hex')[0],
  '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1');
check('hmac RFC 4231 case 2', f.hmac('Jefe', 'what do ya want for nothing?', 'hex'),
  '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843');
check('pbkdf2 RFC 7914-shaped c=2', f.pbkdf2Sync('password', 'salt', 2, 32, 'sha256').toString('hex'),
  'ae4d0c95af6b46d32d0adff928f06dd02a303f8ef3c251dfd6e2d85a95474c43');
check('hkdf RFC 5869 case 3', Buffer.from(f.hkdfSync('sha256', Buffer.alloc(22, 0x0b), '', '', 42)).toString('hex'),
  '8da4e775a563c18f715f802a063c5a31b8a11f5c5ee1879ec3454e5f3c738d2d9d201395faa4b61a96c8');
check('a Buffer back', f.sha256('abc').constructor.name, 'Buffer');
console.log(`deno without permissions: implementation ${f.implementation}, backend ${f.backend()}: ok`);
