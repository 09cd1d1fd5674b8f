# SPDX-License-Identifier: Apache-2.0 OR MIT
"""fastsha256: SHA-256 and SHA-224 for Python, hashlib-compatible, with batch calls.

    >>> import fastsha256
    >>> fastsha256.sha256(b"abc").hexdigest()[:16]
    'ba7816bf8f01cfea'
    >>> fastsha256.sha256_many([b"a", b"b"], hex=True)[0][:16]
    'ca978112ca1bbdca'

The objects made by sha256(), sha224() and new() behave like hashlib's.
sha256_many() and sha256_packed() hash many messages at once (multi-buffer,
with the GIL released), an order of magnitude faster than one hashlib call per
message. backend(), backends() and set_backend() show and choose the kernel.
A hash's export_state() saves it as 108 bytes in Go's format (sha256's
MarshalBinary); from_state() continues it, here or in Go.

HMAC: hmac_sha256(key, data) and hmac_sha224() for one tag, hmac_sha256_many()
for many messages under one key, and fastsha256.hmac, a stand-in for the
standard hmac module (new, digest, compare_digest, HMAC).

Key derivation: pbkdf2_hmac() as hashlib.pbkdf2_hmac, pbkdf2_hmac_many() for
many passwords at once, and hkdf() (HKDF-SHA256 or HKDF-SHA224, RFC 5869).

Hash trees: fsverity_digest(), dmverity_root(), bt2_pieces_root(),
glacier_tree_hash() and rfc6962_root() of data in memory, *_file() of a file,
and fsverity(), dmverity(), bt2(), glacier(): TreeHash objects fed in pieces,
whose leaves() and add_leaves() let leaf ranges be hashed elsewhere.
"""

from ._fastsha256 import (
    __version__,
    all_backends,
    backend,
    backends,
    bt2,
    bt2_pieces_root,
    compare_digest,
    dmverity,
    dmverity_root,
    from_state,
    fsverity,
    fsverity_digest,
    GIL_MINSIZE,
    glacier,
    glacier_tree_hash,
    Hash,
    hex_backend,
    hkdf,
    HMAC,
    hmac_sha224,
    hmac_sha224_many,
    hmac_sha256,
    hmac_sha256_many,
    new,
    pbkdf2_hmac,
    pbkdf2_hmac_many,
    reset_backend,
    rfc6962_root,
    set_backend,
    sha224,
    sha256,
    sha256_many,
    sha256_packed,
    TreeHash,
)
from ._tree_files import (
    bt2_pieces_root_file, dmverity_root_file, fsverity_digest_file, glacier_tree_hash_file,
)
from . import hmac

__all__ = [
    "Hash", "sha256", "sha224", "new", "from_state", "file_digest", "sha256_many",
    "sha256_packed",
    "backend", "backends", "all_backends", "hex_backend", "set_backend", "reset_backend",
    "algorithms_available", "algorithms_guaranteed", "__version__",
    "HMAC", "hmac_sha256", "hmac_sha224", "hmac_sha256_many", "hmac_sha224_many",
    "compare_digest", "pbkdf2_hmac", "pbkdf2_hmac_many", "hkdf",
    "TreeHash", "fsverity_digest", "dmverity_root", "bt2_pieces_root", "glacier_tree_hash",
    "rfc6962_root", "fsverity", "dmverity", "bt2", "glacier", "fsverity_digest_file",
    "dmverity_root_file", "bt2_pieces_root_file", "glacier_tree_hash_file",
]  # not the submodule hmac: "import *" would shadow the standard module

algorithms_guaranteed = frozenset({"sha256", "sha224"})
algorithms_available = algorithms_guaranteed

_FILE_CHUNK = 1 << 18


def file_digest(fileobj, name="sha256", /):
    """Hash a binary file object, like hashlib.file_digest (Python 3.11).

    name is "sha256", "sha224", or a callable returning a new hash object.
    A file object with getbuffer() (io.BytesIO) is hashed in place; any other
    must be readable and have readinto() (a file opened in binary mode, a
    socket file), else ValueError. Returns the hash object.
    """
    if isinstance(name, str):
        digestobj = new(name)
    else:
        digestobj = name()
    if hasattr(fileobj, "getbuffer"):
        digestobj.update(fileobj.getbuffer())
        return digestobj
    if not (hasattr(fileobj, "readinto") and hasattr(fileobj, "readable")
            and fileobj.readable()):
        raise ValueError(
            f"'{fileobj!r}' is not a file-like object in binary reading mode.")
    buf = bytearray(_FILE_CHUNK)
    view = memoryview(buf)
    while True:
        size = fileobj.readinto(buf)
        if size is None:
            raise BlockingIOError(
                f"'{fileobj!r}' is in non-blocking mode and has no data ready")
        if size == 0:
            break
        digestobj.update(view[:size])
    return digestobj
