# SPDX-License-Identifier: Apache-2.0 OR MIT
"""HMAC-SHA256 and HMAC-SHA224 with the calls of the standard hmac module.

    >>> from fastsha256 import hmac
    >>> hmac.new(b"key", b"The quick brown fox jumps over the lazy dog", "sha256").hexdigest()[:16]
    'f7bc83f430538424'
    >>> hmac.compare_digest(hmac.digest(b"k", b"m", "sha256"), hmac.digest(b"k", b"m", "sha256"))
    True

digestmod (digest for digest()) is "sha256" (the default here) or "sha224",
in any spelling hashlib takes ("SHA-256", "sha2-224", ...), or a
constructor or module whose hash objects are so named
(hashlib.sha256, fastsha256.sha224); other algorithms raise ValueError. Keys
and messages are any bytes-like objects; str raises TypeError, as in hmac.
"""

from ._fastsha256 import HMAC, compare_digest
from ._fastsha256 import hmac_digest as digest
from ._fastsha256 import hmac_new as new

__all__ = ["new", "digest", "compare_digest", "HMAC", "digest_size"]

# As in the standard module: the size depends on digestmod.
digest_size = None
