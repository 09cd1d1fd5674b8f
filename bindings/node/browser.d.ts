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
export class Hash { private constructor(); copy(): Hash; }
export interface Hmac extends Streaming {}
export class Hmac { private constructor(); }
export function createHash(algorithm: string): Hash;
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
  hmacMany: typeof hmacMany; hmac224Many: typeof hmac224Many; hmacPacked: typeof hmacPacked;
  timingSafeEqual: typeof timingSafeEqual; backend: typeof backend; setBackend: typeof setBackend;
  version: string | undefined; flavour: 'simd' | 'mvp' | null; implementation: 'wasm';
};
export default fastsha256;
