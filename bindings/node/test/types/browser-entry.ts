// SPDX-License-Identifier: Apache-2.0 OR MIT
// Calls every export of the package's browser and workerd entries
// (browser.d.ts), by name and through the default object: test/types/run.sh
// type-checks it with tsc --strict. Compiled, never run.
import fastsha256, {
  init, initSync, sha256, sha224, createHash, fromState, Hash, sha256Many, sha224Many, sha256Packed, sha256ManyAsync,
  sha224ManyAsync, sha256PackedAsync, hmac, hmac224, createHmac, Hmac, hmacMany, hmac224Many, hmacManyAsync,
  hmac224ManyAsync, hmacPacked, hmacPackedAsync, timingSafeEqual, pbkdf2Sync, pbkdf2, pbkdf2Many,
  pbkdf2ManyAsync, hkdfSync, hkdf, backend, hexBackend, backends, allBackends, setBackend, version, flavour,
  implementation, createTreeHash,
} from 'fastsha256/browser';

export async function everyExport(module: WebAssembly.Module): Promise<string[]> {
  await init();
  initSync(module);
  const bytes = new Uint8Array(64);
  const h: Hash = createHash('sha256', { outputLength: 32 }).update('abc');
  const hm: Hmac = createHmac('sha224', 'key').update(bytes);
  const out: string[] = [
    sha256('abc', 'hex'), String(sha224(bytes).length), h.copy().digest('hex'), hm.digest('base64'),
    sha256Many(['a', bytes], 'hex').join(), String(sha224Many(['a']).length), String(sha256Packed(bytes, 32, 32).length),
    (await sha256ManyAsync(['a'], 'hex')).join(), (await sha224ManyAsync(['a'])).join(),
    String((await sha256PackedAsync(bytes, 32, 32)).length), hmac('k', 'm', 'hex'), String(hmac224('k', 'm').length),
    hmacMany('k', ['m']).join(), hmac224Many('k', ['m'], 'hex').join(), (await hmacManyAsync('k', ['m'])).join(),
    (await hmac224ManyAsync('k', ['m'])).join(), String(hmacPacked('k', bytes, 32, 32).length),
    String((await hmacPackedAsync('k', bytes, 32, 32)).length), String(timingSafeEqual(bytes, bytes)),
    String(pbkdf2Sync('p', 's', 1, 32, 'sha256').length), String(pbkdf2Many(['p'], 's', 1, 32, 'sha224').length),
    String((await pbkdf2ManyAsync(['p'], ['s'], 1, 32, 'SHA-256')).length),
    String(hkdfSync('sha224', 'k', 's', 'i', 16).byteLength), backend(), hexBackend(), backends().join(),
    allBackends().join(), setBackend('auto'), String(version), String(flavour), implementation,
    fromState(h.copy().exportState()).digest('hex'), Hash.fromState(new DataView(h.exportState().buffer)).digest('hex'),
    String(fastsha256.fromState(h.exportState()).copy().exportState().length),
  ];
  pbkdf2('p', 's', 1, 32, 'sha256', (err: Error | null, key: Uint8Array) => out.push(String(err), String(key.length)));
  hkdf('sha256', 'k', 's', 'i', 16, (err: Error | null, key: ArrayBuffer) => out.push(String(err), String(key.byteLength)));
  const tree = createTreeHash('bt2').update(bytes);
  out.push(tree.copy().digest('hex'), String(tree.digest().length), String(fastsha256.createTreeHash('dmverity',
    { length: 512, dataBlockSize: 512 }).update(new Uint8Array(512)).digest().length));
  out.push(fastsha256.sha256('abc', 'hex'), fastsha256.createHash('sha224').digest('hex'),
    String(fastsha256.pbkdf2Sync('p', 's', 1, 8, 'sha256').length), String(fastsha256.hkdfSync('sha256', 'k', 's', 'i', 8).byteLength),
    fastsha256.implementation);
  return out;
}
