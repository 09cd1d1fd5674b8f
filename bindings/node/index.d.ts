// SPDX-License-Identifier: Apache-2.0 OR MIT
// Types for fastsha256's JavaScript binding (Node.js, Bun, Deno). They need
// no @types/node: Node's types are used where the project has them.

/**
 * The results' type: Node's Buffer where the project has Node's types
 * (@types/node, bun-types, Deno's), else a Uint8Array with Buffer's toString.
 */
export type Buffer = typeof globalThis extends { Buffer: { prototype: infer B } } ? B : BufferShape;
/** A Buffer as seen without Node's types. */
export interface BufferShape extends Uint8Array {
  toString(encoding?: 'hex' | 'base64' | 'base64url' | 'latin1' | 'binary' | 'utf8' | 'utf-8' | 'ascii' |
    'utf16le' | 'ucs2'): string;
}
/** A secret node:crypto KeyObject or WebCrypto CryptoKey (matched by shape: no @types/node needed). */
export interface SecretKeyLike {
  readonly type: 'secret' | 'public' | 'private';
}

export type TypedArray = Int8Array | Uint8Array | Uint8ClampedArray | Int16Array | Uint16Array |
  Int32Array | Uint32Array | Float32Array | Float64Array | BigInt64Array | BigUint64Array;
/** Bytes the functions accept; strings are hashed as UTF-8 (like node:crypto). */
export type BinaryInput = Buffer | TypedArray | DataView | ArrayBuffer;
export type Input = string | BinaryInput;
/** Digest encodings written by the addon ("binary" = "latin1"; "buffer" = no encoding). */
export type DigestEncoding = 'hex' | 'base64' | 'base64url' | 'latin1' | 'binary';

export function sha256(data: Input): Buffer;
export function sha256(data: Input, encoding: 'buffer' | undefined): Buffer;
export function sha256(data: Input, encoding: DigestEncoding): string;
export function sha224(data: Input): Buffer;
export function sha224(data: Input, encoding: 'buffer' | undefined): Buffer;
export function sha224(data: Input, encoding: DigestEncoding): string;

/** The streaming calls of node:crypto's Hash and Hmac. */
interface Streaming {
  /**
   * Strings with an inputEncoding other than utf8 are decoded like Buffer.from(data, enc);
   * an odd number of hex digits throws ERR_INVALID_ARG_VALUE, as in node:crypto.
   */
  update(data: Input, inputEncoding?: string): this;
  digest(): Buffer;
  digest(encoding: 'buffer'): Buffer;
  digest(encoding: DigestEncoding | string): string;
}

/**
 * Streaming hash with node:crypto's Hash calls. digest() frees the native
 * state; later calls throw ERR_CRYPTO_HASH_FINALIZED (an Hmac's second
 * digest() gives an empty result, as node:crypto's does).
 */
export interface Hash extends Streaming {}
export class Hash {
  private constructor();
  /** An independent copy of the state (throws after digest()). */
  copy(): Hash;
  /**
   * The state so far as 108 bytes in Go's format (crypto/sha256's MarshalBinary); fromState()
   * or Go's UnmarshalBinary continues it. Throws ERR_CRYPTO_HASH_FINALIZED after digest().
   */
  exportState(): Buffer;
  /** The same as fromState(state). */
  static fromState(state: BinaryInput | SharedArrayBuffer): Hash;
}
/**
 * "sha256" or "sha224" (any case; OpenSSL's aliases such as "sha-256" too). options.outputLength:
 * only the digest's size (32, or 28 for SHA-224), as node:crypto allows for non-XOF hashes.
 */
export function createHash(algorithm: 'sha256' | 'sha224' | 'SHA256' | 'SHA224' | (string & {}),
                           options?: { outputLength?: number }): Hash;

/**
 * A Hash that continues a saved state: exportState()'s bytes or Go's (SHA-256 or SHA-224 by the
 * state's magic). ERR_INVALID_ARG_TYPE for a non-binary argument, ERR_INVALID_ARG_VALUE for bytes
 * that are not such a state (a wrong length, a foreign magic, non-zero bytes past the buffered ones).
 */
export function fromState(state: BinaryInput | SharedArrayBuffer): Hash;

/** Many messages at once (multi-buffer), digests in input order. */
export function sha256Many(items: Iterable<Input>): Buffer[];
export function sha256Many(items: Iterable<Input>, encoding: DigestEncoding): string[];
export function sha224Many(items: Iterable<Input>): Buffer[];
export function sha224Many(items: Iterable<Input>, encoding: DigestEncoding): string[];
/**
 * The async batches copy their input at the call: the digests are of the
 * bytes as they were then, even if a buffer is changed or detached meanwhile.
 */
export function sha256ManyAsync(items: Iterable<Input>): Promise<Buffer[]>;
export function sha256ManyAsync(items: Iterable<Input>, encoding: DigestEncoding): Promise<string[]>;
export function sha224ManyAsync(items: Iterable<Input>): Promise<Buffer[]>;
export function sha224ManyAsync(items: Iterable<Input>, encoding: DigestEncoding): Promise<string[]>;

/**
 * floor(buffer.byteLength / stride) records of `length` bytes, record i at
 * i * stride: one Buffer of n * 32 digest bytes, or n * 64 hex characters.
 * RangeError when stride < length, stride is 0, or either is not an
 * integer from 0 to 2**53 - 1.
 */
export function sha256Packed(buffer: BinaryInput, stride: number, length: number, encoding?: 'hex'): Buffer;
export function sha256PackedAsync(buffer: BinaryInput, stride: number, length: number, encoding?: 'hex'): Promise<Buffer>;

/**
 * HMAC keys: strings (UTF-8), bytes, or a secret KeyObject / CryptoKey (as
 * node:crypto's createHmac takes them). Keys of any length; empty keys work.
 */
export type HmacKey = string | BinaryInput | SharedArrayBuffer | SecretKeyLike;

/** HMAC-SHA256 (hmac) and HMAC-SHA224 (hmac224) of data under key, in one call. */
export function hmac(key: HmacKey, data: Input): Buffer;
export function hmac(key: HmacKey, data: Input, encoding: 'buffer' | undefined): Buffer;
export function hmac(key: HmacKey, data: Input, encoding: DigestEncoding): string;
export function hmac224(key: HmacKey, data: Input): Buffer;
export function hmac224(key: HmacKey, data: Input, encoding: 'buffer' | undefined): Buffer;
export function hmac224(key: HmacKey, data: Input, encoding: DigestEncoding): string;

/**
 * Streaming HMAC with node:crypto's Hmac calls. As there, a second digest()
 * returns an empty Buffer (or "") and update() after digest() throws
 * ERR_CRYPTO_HASH_FINALIZED.
 */
export interface Hmac extends Streaming {}
export class Hmac {
  private constructor();
}
/**
 * "sha256" or "sha224" (any case; OpenSSL's aliases such as "sha-256" too);
 * any other name throws a TypeError (ERR_CRYPTO_INVALID_DIGEST).
 * options.encoding decodes a string key (default utf8).
 */
export function createHmac(algorithm: string, key: HmacKey, options?: { encoding?: string }): Hmac;

/** Many messages under one key, through the multi-buffer lanes; tags in input order. */
export function hmacMany(key: HmacKey, items: Iterable<Input>): Buffer[];
export function hmacMany(key: HmacKey, items: Iterable<Input>, encoding: DigestEncoding): string[];
export function hmac224Many(key: HmacKey, items: Iterable<Input>): Buffer[];
export function hmac224Many(key: HmacKey, items: Iterable<Input>, encoding: DigestEncoding): string[];
export function hmacManyAsync(key: HmacKey, items: Iterable<Input>): Promise<Buffer[]>;
export function hmacManyAsync(key: HmacKey, items: Iterable<Input>, encoding: DigestEncoding): Promise<string[]>;
export function hmac224ManyAsync(key: HmacKey, items: Iterable<Input>): Promise<Buffer[]>;
export function hmac224ManyAsync(key: HmacKey, items: Iterable<Input>, encoding: DigestEncoding): Promise<string[]>;
/** HMAC-SHA256 of fixed-stride records under one key, as sha256Packed lays them out. */
export function hmacPacked(key: HmacKey, buffer: BinaryInput, stride: number, length: number, encoding?: 'hex'): Buffer;
export function hmacPackedAsync(key: HmacKey, buffer: BinaryInput, stride: number, length: number, encoding?: 'hex'): Promise<Buffer>;

/**
 * Constant-time comparison (fastsha256_equal), with node:crypto's checks:
 * a TypeError for a non-binary argument, a RangeError for different lengths.
 */
export function timingSafeEqual(a: BinaryInput | SharedArrayBuffer, b: BinaryInput | SharedArrayBuffer): boolean;

/** A password, salt, key or info: a string (UTF-8) or bytes. */
export type KdfInput = string | ArrayBuffer | SharedArrayBuffer | ArrayBufferView;
export type KdfDigest = 'sha256' | 'sha224' | 'SHA256' | 'SHA224' | (string & {});
/** PBKDF2-HMAC-SHA256/224 (RFC 8018), as node:crypto's pbkdf2Sync. */
export function pbkdf2Sync(password: KdfInput, salt: KdfInput, iterations: number, keylen: number,
                           digest: KdfDigest): Buffer;
/** As node:crypto's pbkdf2: derived on the thread pool. */
export function pbkdf2(password: KdfInput, salt: KdfInput, iterations: number, keylen: number,
                       digest: KdfDigest, callback: (err: Error | null, derivedKey: Buffer) => void): void;
/** Many derivations with one iteration count and key length, through the lanes; salts: one for all, or one each. */
export function pbkdf2Many(passwords: Iterable<KdfInput>, salts: KdfInput | KdfInput[], iterations: number,
                           keylen: number, digest: KdfDigest): Buffer[];
export function pbkdf2ManyAsync(passwords: Iterable<KdfInput>, salts: KdfInput | KdfInput[], iterations: number,
                                keylen: number, digest: KdfDigest): Promise<Buffer[]>;
/** HKDF-SHA256/224 (RFC 5869), as node:crypto's hkdfSync: an ArrayBuffer of keylen bytes. */
export function hkdfSync(digest: KdfDigest, ikm: KdfInput | SecretKeyLike, salt: KdfInput, info: KdfInput,
                         keylen: number): ArrayBuffer;
export function hkdf(digest: KdfDigest, ikm: KdfInput | SecretKeyLike, salt: KdfInput, info: KdfInput, keylen: number,
                     callback: (err: Error | null, derivedKey: ArrayBuffer) => void): void;
/** Hash trees (docs/trees.md): a binary input and its 32-byte root. */
export type TreeData = BinaryInput | SharedArrayBuffer;
/** fs-verity's file digest, as `fsverity digest --hash-alg=sha256` prints it. */
export function fsverityDigest(data: TreeData, options?: { blockSize?: number; salt?: TreeData | null }): Buffer;
/** dm-verity's root hash, as `veritysetup format` prints it (whole data blocks only). */
export function dmverityRoot(data: TreeData, options?: { dataBlockSize?: number; hashBlockSize?: number;
  salt?: TreeData | null; format?: 0 | 1 }): Buffer;
/** The BitTorrent v2 (BEP 52) pieces root of one file's data (not empty). */
export function bt2PiecesRoot(data: TreeData): Buffer;
/** The AWS Glacier / S3 SHA-256 tree hash. */
export function glacierTreeHash(data: TreeData): Buffer;
/** The RFC 6962 Merkle Tree Hash of the leaves. */
export function rfc6962Root(leaves: Iterable<TreeData>): Buffer;
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
  digest(encoding?: 'buffer'): Buffer;
  digest(encoding: 'hex' | 'base64' | 'base64url' | 'latin1' | 'binary' | (string & {})): string;
  copy(): TreeHash;
}
/** A streaming tree: the same root as the one-shot call over the bytes fed. */
export function createTreeHash(format: 'dmverity', options: TreeHashOptions & { length: number }): TreeHash;
export function createTreeHash(format: Exclude<TreeFormat, 'dmverity'>, options?: TreeHashOptions): TreeHash;
/** A file as node:fs names it: a path, its bytes, or a file: URL (matched by shape). */
export type TreeFilePath = string | Uint8Array | { readonly href: string; readonly protocol: string };
/** The files' trees, read a chunk at a time (Node.js, Bun and Deno; not browsers). */
export function fsverityDigestFile(path: TreeFilePath, options?: { blockSize?: number; salt?: TreeData | null }): Promise<Buffer>;
export function dmverityRootFile(path: TreeFilePath, options?: { dataBlockSize?: number; hashBlockSize?: number;
  salt?: TreeData | null; format?: 0 | 1 }): Promise<Buffer>;
export function bt2PiecesRootFile(path: TreeFilePath): Promise<Buffer>;
export function glacierTreeHashFile(path: TreeFilePath): Promise<Buffer>;

/** The active backend: "shani", "avx512", "avx2", "armv8", "simd128" or "scalar". */
export function backend(): string;
/** The active hex encoder. */
export function hexBackend(): string;
/** Backends this CPU supports, best first. */
export function backends(): string[];
/** Every backend compiled in, supported here or not. */
export function allBackends(): string[];
/** Forces a backend ("auto" returns to the automatic choice); throws on an unknown or unsupported name. Returns the active one. */
export function setBackend(name: string): string;
export const version: string;
/** Which implementation serves the calls: the native addon or the WebAssembly build (FASTSHA256_IMPL forces one). */
export const implementation: 'native' | 'wasm';

declare const fastsha256: {
  sha256: typeof sha256; sha224: typeof sha224; createHash: typeof createHash; Hash: typeof Hash;
  fromState: typeof fromState;
  sha256Many: typeof sha256Many; sha224Many: typeof sha224Many; sha256Packed: typeof sha256Packed;
  sha256ManyAsync: typeof sha256ManyAsync; sha224ManyAsync: typeof sha224ManyAsync;
  sha256PackedAsync: typeof sha256PackedAsync; hmac: typeof hmac; hmac224: typeof hmac224;
  createHmac: typeof createHmac; Hmac: typeof Hmac; hmacMany: typeof hmacMany;
  hmac224Many: typeof hmac224Many; hmacManyAsync: typeof hmacManyAsync;
  hmac224ManyAsync: typeof hmac224ManyAsync; hmacPacked: typeof hmacPacked;
  hmacPackedAsync: typeof hmacPackedAsync; timingSafeEqual: typeof timingSafeEqual;
  pbkdf2Sync: typeof pbkdf2Sync; pbkdf2: typeof pbkdf2; pbkdf2Many: typeof pbkdf2Many;
  pbkdf2ManyAsync: typeof pbkdf2ManyAsync; hkdfSync: typeof hkdfSync; hkdf: typeof hkdf;
  fsverityDigest: typeof fsverityDigest; dmverityRoot: typeof dmverityRoot; bt2PiecesRoot: typeof bt2PiecesRoot;
  glacierTreeHash: typeof glacierTreeHash; rfc6962Root: typeof rfc6962Root; createTreeHash: typeof createTreeHash;
  fsverityDigestFile: typeof fsverityDigestFile; dmverityRootFile: typeof dmverityRootFile;
  bt2PiecesRootFile: typeof bt2PiecesRootFile; glacierTreeHashFile: typeof glacierTreeHashFile;
  backend: typeof backend; hexBackend: typeof hexBackend;
  backends: typeof backends; allBackends: typeof allBackends; setBackend: typeof setBackend;
  version: typeof version; implementation: typeof implementation;
};
export default fastsha256;
