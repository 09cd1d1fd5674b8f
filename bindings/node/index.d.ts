// Types for fastsha256's JavaScript binding (Node.js, Bun, Deno).
import type { Buffer } from "node:buffer";

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

/** Streaming hash with node:crypto's Hash calls. */
export class Hash {
  private constructor();
  /** Strings with an inputEncoding other than utf8 are decoded like Buffer.from(data, enc). */
  update(data: Input, inputEncoding?: string): this;
  digest(): Buffer;
  digest(encoding: 'buffer'): Buffer;
  digest(encoding: DigestEncoding | string): string;
  /** An independent copy of the state (throws after digest()). */
  copy(): Hash;
}
export function createHash(algorithm: 'sha256' | 'sha224' | 'SHA256' | 'SHA224'): Hash;

/** Many messages at once (multi-buffer), digests in input order. */
export function sha256Many(items: Iterable<Input>): Buffer[];
export function sha256Many(items: Iterable<Input>, encoding: DigestEncoding): string[];
export function sha224Many(items: Iterable<Input>): Buffer[];
export function sha224Many(items: Iterable<Input>, encoding: DigestEncoding): string[];
export function sha256ManyAsync(items: Iterable<Input>): Promise<Buffer[]>;
export function sha256ManyAsync(items: Iterable<Input>, encoding: DigestEncoding): Promise<string[]>;
export function sha224ManyAsync(items: Iterable<Input>): Promise<Buffer[]>;
export function sha224ManyAsync(items: Iterable<Input>, encoding: DigestEncoding): Promise<string[]>;

/**
 * floor(buffer.byteLength / stride) records of `length` bytes, record i at
 * i * stride: one Buffer of n * 32 digest bytes, or n * 64 hex characters.
 * RangeError when stride < length or stride is 0.
 */
export function sha256Packed(buffer: BinaryInput, stride: number, length: number, encoding?: 'hex'): Buffer;
export function sha256PackedAsync(buffer: BinaryInput, stride: number, length: number, encoding?: 'hex'): Promise<Buffer>;

/** The active backend: "shani", "avx2", "armv8" or "scalar". */
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

declare const fastsha256: {
  sha256: typeof sha256; sha224: typeof sha224; createHash: typeof createHash; Hash: typeof Hash;
  sha256Many: typeof sha256Many; sha224Many: typeof sha224Many; sha256Packed: typeof sha256Packed;
  sha256ManyAsync: typeof sha256ManyAsync; sha224ManyAsync: typeof sha224ManyAsync;
  sha256PackedAsync: typeof sha256PackedAsync; backend: typeof backend; hexBackend: typeof hexBackend;
  backends: typeof backends; allBackends: typeof allBackends; setBackend: typeof setBackend;
  version: typeof version;
};
export default fastsha256;
