// SPDX-License-Identifier: Apache-2.0 OR MIT
// Types for fastsha256's browser and workerd entries (browser.mjs,
// workerd.mjs): the calls of index.d.ts with Uint8Array results, after init().
export type Bytes = Uint8Array;
export type BinaryInput = ArrayBufferView | ArrayBuffer;
export type Input = string | BinaryInput;
export type DigestEncoding = 'hex' | 'base64' | 'base64url' | 'latin1' | 'binary';
export type HmacKey = string | BinaryInput | SharedArrayBuffer;
export type WasmSource = BufferSource | WebAssembly.Module | Response | Promise<Response>;

/** Compiles and instantiates the module once (the embedded one of the best flavour without a source). */
export function init(source?: WasmSource): Promise<typeof fastsha256>;
/** The same synchronously, from bytes or a compiled module (workers; workerd.mjs does it itself). */
export function initSync(source: BufferSource | WebAssembly.Module): typeof fastsha256;

export function sha256(data: Input, encoding?: 'buffer'): Bytes;
export function sha256(data: Input, encoding: DigestEncoding): string;
export function sha224(data: Input, encoding?: 'buffer'): Bytes;
export function sha224(data: Input, encoding: DigestEncoding): string;
export function sha256Many(items: Iterable<Input>, encoding?: 'buffer'): Bytes[];
export function sha256Many(items: Iterable<Input>, encoding: DigestEncoding): string[];
export function sha224Many(items: Iterable<Input>, encoding?: 'buffer'): Bytes[];
export function sha224Many(items: Iterable<Input>, encoding: DigestEncoding): string[];
export function sha256ManyAsync(items: Iterable<Input>, encoding?: string): Promise<Bytes[] | string[]>;
export function sha224ManyAsync(items: Iterable<Input>, encoding?: string): Promise<Bytes[] | string[]>;
export function sha256Packed(buffer: BinaryInput, stride: number, length: number, encoding?: 'hex'): Bytes;
export function sha256PackedAsync(buffer: BinaryInput, stride: number, length: number, encoding?: 'hex'): Promise<Bytes>;

interface Streaming {
  update(data: Input, inputEncoding?: string): this;
  digest(): Bytes;
  digest(encoding: 'buffer'): Bytes;
  digest(encoding: DigestEncoding): string;
}
export interface Hash extends Streaming {}
export class Hash {
  private constructor();
  copy(): Hash;
  /** The state so far, 108 bytes in Go's format (crypto/sha256's MarshalBinary). */
  exportState(): Bytes;
  static fromState(state: BinaryInput | SharedArrayBuffer): Hash;
}
export interface Hmac extends Streaming {}
export class Hmac { private constructor(); }
export function createHash(algorithm: string, options?: { outputLength?: number }): Hash;
/** A Hash that continues a saved state (exportState()'s bytes or Go's). */
export function fromState(state: BinaryInput | SharedArrayBuffer): Hash;
export function createHmac(algorithm: string, key: HmacKey, options?: { encoding?: string }): Hmac;

export function hmac(key: HmacKey, data: Input, encoding?: 'buffer'): Bytes;
export function hmac(key: HmacKey, data: Input, encoding: DigestEncoding): string;
export function hmac224(key: HmacKey, data: Input, encoding?: 'buffer'): Bytes;
export function hmac224(key: HmacKey, data: Input, encoding: DigestEncoding): string;
export function hmacMany(key: HmacKey, items: Iterable<Input>, encoding?: string): Bytes[] | string[];
export function hmac224Many(key: HmacKey, items: Iterable<Input>, encoding?: string): Bytes[] | string[];
export function hmacManyAsync(key: HmacKey, items: Iterable<Input>, encoding?: string): Promise<Bytes[] | string[]>;
export function hmac224ManyAsync(key: HmacKey, items: Iterable<Input>, encoding?: string): Promise<Bytes[] | string[]>;
export function hmacPacked(key: HmacKey, buffer: BinaryInput, stride: number, length: number, encoding?: 'hex'): Bytes;
export function hmacPackedAsync(key: HmacKey, buffer: BinaryInput, stride: number, length: number, encoding?: 'hex'): Promise<Bytes>;
export function timingSafeEqual(a: BinaryInput, b: BinaryInput): boolean;

/** A password, salt, key or info: a string (UTF-8) or bytes. */
export type KdfInput = string | BinaryInput | SharedArrayBuffer;
/** 'sha256' or 'sha224' and the other names createHash takes. */
export type KdfDigest = 'sha256' | 'sha224' | 'SHA256' | 'SHA224' | (string & {});
/** PBKDF2-HMAC-SHA256/224 (RFC 8018), as node:crypto's pbkdf2Sync. */
export function pbkdf2Sync(password: KdfInput, salt: KdfInput, iterations: number, keylen: number,
                           digest: KdfDigest): Bytes;
/** As node:crypto's pbkdf2 (derived at once here, called back later). */
export function pbkdf2(password: KdfInput, salt: KdfInput, iterations: number, keylen: number,
                       digest: KdfDigest, callback: (err: Error | null, derivedKey: Bytes) => void): void;
/** Many derivations with one iteration count and key length; salts: one for all, or one each. */
export function pbkdf2Many(passwords: Iterable<KdfInput>, salts: KdfInput | KdfInput[], iterations: number,
                           keylen: number, digest: KdfDigest): Bytes[];
export function pbkdf2ManyAsync(passwords: Iterable<KdfInput>, salts: KdfInput | KdfInput[], iterations: number,
                                keylen: number, digest: KdfDigest): Promise<Bytes[]>;
/** HKDF-SHA256/224 (RFC 5869), as node:crypto's hkdfSync: an ArrayBuffer of keylen bytes. */
export function hkdfSync(digest: KdfDigest, ikm: KdfInput, salt: KdfInput, info: KdfInput,
                         keylen: number): ArrayBuffer;
export function hkdf(digest: KdfDigest, ikm: KdfInput, salt: KdfInput, info: KdfInput, keylen: number,
                     callback: (err: Error | null, derivedKey: ArrayBuffer) => void): void;
/** Hash trees (docs/trees.md): a binary input and its 32-byte root. */
export type TreeData = BinaryInput | SharedArrayBuffer;
/** fs-verity's file digest, as `fsverity digest --hash-alg=sha256` prints it. */
export function fsverityDigest(data: TreeData, options?: { blockSize?: number; salt?: TreeData | null }): Bytes;
/** dm-verity's root hash, as `veritysetup format` prints it (whole data blocks only). */
export function dmverityRoot(data: TreeData, options?: { dataBlockSize?: number; hashBlockSize?: number;
  salt?: TreeData | null; format?: 0 | 1 }): Bytes;
/** The BitTorrent v2 (BEP 52) pieces root of one file's data (not empty). */
export function bt2PiecesRoot(data: TreeData): Bytes;
/** The AWS Glacier / S3 SHA-256 tree hash. */
export function glacierTreeHash(data: TreeData): Bytes;
/** The RFC 6962 Merkle Tree Hash of the leaves. */
export function rfc6962Root(leaves: Iterable<TreeData>): Bytes;
/** The options of the streaming trees: the one-shot calls', and dm-verity's data length up front. */
export type TreeFormat = 'fsverity' | 'dmverity' | 'bt2' | 'glacier';
export interface TreeHashOptions {
  blockSize?: number; dataBlockSize?: number; hashBlockSize?: number; salt?: TreeData | null; format?: 0 | 1;
  /** dm-verity (required): the data's length in bytes (its tree's layout needs it first). */
  length?: number;
}
/** A tree over data fed in pieces, as node:crypto's Hash: update, then digest once. */
export interface TreeHash {
  readonly format: TreeFormat;
  update(data: TreeData): this;
  digest(encoding?: 'buffer'): Bytes;
  /** Browsers: hex only (Node's entry takes Buffer's encodings). */
  digest(encoding: 'hex'): string;
  copy(): TreeHash;
}
/** A streaming tree: the same root as the one-shot call over the bytes fed. */
export function createTreeHash(format: 'dmverity', options: TreeHashOptions & { length: number }): TreeHash;
export function createTreeHash(format: Exclude<TreeFormat, 'dmverity'>, options?: TreeHashOptions): TreeHash;

export function backend(): string;
export function hexBackend(): string;
export function backends(): string[];
export function allBackends(): string[];
export function setBackend(name: string): string;
/** Set once loaded. */
export let version: string | undefined;
/** 'simd' or 'mvp' once loaded, null before. */
export let flavour: 'simd' | 'mvp' | null;
export const implementation: 'wasm';

declare const fastsha256: {
  init: typeof init; initSync: typeof initSync; sha256: typeof sha256; sha224: typeof sha224;
  sha256Many: typeof sha256Many; sha224Many: typeof sha224Many; sha256Packed: typeof sha256Packed;
  createHash: typeof createHash; createHmac: typeof createHmac; hmac: typeof hmac; hmac224: typeof hmac224;
  fromState: typeof fromState;
  hmacMany: typeof hmacMany; hmac224Many: typeof hmac224Many; hmacPacked: typeof hmacPacked;
  timingSafeEqual: typeof timingSafeEqual; backend: typeof backend; setBackend: typeof setBackend;
  Hash: typeof Hash; Hmac: typeof Hmac; sha224ManyAsync: typeof sha224ManyAsync;
  sha256ManyAsync: typeof sha256ManyAsync; sha256PackedAsync: typeof sha256PackedAsync;
  hmacManyAsync: typeof hmacManyAsync; hmac224ManyAsync: typeof hmac224ManyAsync;
  hmacPackedAsync: typeof hmacPackedAsync; hexBackend: typeof hexBackend; backends: typeof backends;
  allBackends: typeof allBackends; pbkdf2Sync: typeof pbkdf2Sync; pbkdf2: typeof pbkdf2;
  pbkdf2Many: typeof pbkdf2Many; pbkdf2ManyAsync: typeof pbkdf2ManyAsync; hkdfSync: typeof hkdfSync;
  hkdf: typeof hkdf;
  fsverityDigest: typeof fsverityDigest; dmverityRoot: typeof dmverityRoot; bt2PiecesRoot: typeof bt2PiecesRoot;
  glacierTreeHash: typeof glacierTreeHash; rfc6962Root: typeof rfc6962Root; createTreeHash: typeof createTreeHash;
  version: string | undefined; flavour: 'simd' | 'mvp' | null; implementation: 'wasm';
};
export default fastsha256;
