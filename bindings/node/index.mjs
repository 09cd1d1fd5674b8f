// ESM entry: the same module as index.js (one addon instance per process).
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const fastsha256 = require('./index.js');

export const {
  sha256, sha224, createHash, Hash, sha256Many, sha224Many, sha256Packed,
  sha256ManyAsync, sha224ManyAsync, sha256PackedAsync,
  hmac, hmac224, createHmac, Hmac, hmacMany, hmac224Many, hmacManyAsync, hmac224ManyAsync,
  hmacPacked, hmacPackedAsync, timingSafeEqual,
  pbkdf2Sync, pbkdf2, pbkdf2Many, pbkdf2ManyAsync, hkdfSync, hkdf,
  backend, hexBackend, backends, allBackends, setBackend, version,
} = fastsha256;
export default fastsha256;
