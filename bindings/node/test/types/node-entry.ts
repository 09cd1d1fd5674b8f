// SPDX-License-Identifier: Apache-2.0 OR MIT
// Calls every export of the package's Node entry (index.d.ts), by name and
// through the default object: test/types/run.sh type-checks it with
// tsc --strict. Compiled, never run.
import fastsha256, {
  sha256, sha224, createHash, fromState, Hash, sha256Many, sha224Many, sha256Packed, sha256ManyAsync, sha224ManyAsync,
  sha256PackedAsync, hmac, hmac224, createHmac, Hmac, hmacMany, hmac224Many, hmacManyAsync, hmac224ManyAsync,
  hmacPacked, hmacPackedAsync, timingSafeEqual, pbkdf2Sync, pbkdf2, pbkdf2Many, pbkdf2ManyAsync, hkdfSync, hkdf,
  backend, hexBackend, backends, allBackends, setBackend, version, implementation,
  fsverityDigest, dmverityRoot, bt2PiecesRoot, glacierTreeHash, rfc6962Root, createTreeHash,
  fsverityDigestFile, dmverityRootFile, bt2PiecesRootFile, glacierTreeHashFile,
} from 'fastsha256';
import type { Buffer, TreeHash } from 'fastsha256';

export async function everyExport(): Promise<string[]> {
  const bytes = new Uint8Array(64);
  const h: Hash = createHash('sha256', { outputLength: 32 }).update('abc').update(bytes, undefined);
  const hm: Hmac = createHmac('sha224', 'key').update('abc', 'utf8');
  const out: string[] = [
    sha256('abc', 'hex'), sha224(bytes).toString('hex'), h.copy().digest('hex'), hm.digest('base64'),
    sha256Many(['a', bytes], 'hex').join(), sha224Many(['a']).length.toString(),
    sha256Packed(bytes, 32, 32, 'hex').toString('hex'),
    (await sha256ManyAsync(['a'], 'hex')).join(), (await sha224ManyAsync(['a'])).length.toString(),
    (await sha256PackedAsync(bytes, 32, 32)).toString('hex'),
    hmac('k', 'm', 'hex'), hmac224('k', 'm').toString('hex'), hmacMany('k', ['m']).join(),
    hmac224Many('k', ['m'], 'hex').join(), (await hmacManyAsync('k', ['m'])).join(),
    (await hmac224ManyAsync('k', ['m'], 'hex')).join(), hmacPacked('k', bytes, 32, 32).toString('hex'),
    (await hmacPackedAsync('k', bytes, 32, 32, 'hex')).toString('hex'),
    String(timingSafeEqual(bytes, bytes)), pbkdf2Sync('p', 's', 1, 32, 'sha256').toString('hex'),
    pbkdf2Many(['p'], 's', 1, 32, 'sha224').join(), (await pbkdf2ManyAsync(['p'], ['s'], 1, 32, 'SHA-256')).join(),
    String(hkdfSync('sha224', 'k', 's', 'i', 16).byteLength), backend(), hexBackend(), backends().join(),
    allBackends().join(), setBackend('auto'), version, implementation,
    fromState(h.copy().exportState()).digest('hex'), Hash.fromState(new Uint8Array(h.exportState())).digest('hex'),
    fastsha256.fromState(h.exportState().buffer).copy().exportState().toString('hex'),
  ];
  pbkdf2('p', 's', 1, 32, 'sha256', (err: Error | null, key: Buffer) => out.push(String(err), key.toString('hex')));
  hkdf('sha256', 'k', 's', 'i', 16, (err: Error | null, key: ArrayBuffer) => out.push(String(err), String(key.byteLength)));
  const tree: TreeHash = createTreeHash('fsverity', { blockSize: 4096, salt: bytes }).update(bytes);
  out.push(tree.copy().digest('hex'), tree.digest().toString('hex'), tree.format,
    createTreeHash('dmverity', { length: 4096, format: 0 }).update(new Uint8Array(4096)).digest('hex'),
    fastsha256.createTreeHash('glacier').update(bytes.buffer).digest('base64'),
    fsverityDigest(bytes).toString('hex'), dmverityRoot(bytes, { dataBlockSize: 512 }).toString('hex'),
    bt2PiecesRoot(bytes).toString('hex'), glacierTreeHash(bytes).toString('hex'), rfc6962Root([bytes]).toString('hex'),
    (await fsverityDigestFile('f', { blockSize: 1024 })).toString('hex'),
    (await dmverityRootFile({ href: 'file:///f', protocol: 'file:' }, { salt: null })).toString('hex'),
    (await bt2PiecesRootFile(bytes)).toString('hex'), (await fastsha256.glacierTreeHashFile('f')).toString('hex'));
  out.push(fastsha256.sha256('abc', 'hex'), fastsha256.createHash('sha224').digest('hex'),
    fastsha256.pbkdf2Sync('p', 's', 1, 8, 'sha256').toString('hex'), String(fastsha256.hkdfSync('sha256', 'k', 's', 'i', 8).byteLength),
    fastsha256.implementation);
  return out;
}
