# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Hash trees of files: the *_file calls over the streaming TreeHash objects.

A file is read in chunks into one reused buffer and fed to update(), which
hashes with the GIL released, so a thread per file scales; memory stays at
one chunk whatever the file's size.
"""
import os

from ._fastsha256 import bt2, dmverity, fsverity, glacier

# 16 Glacier leaves (a multiple of every other format's leaf): whole leaves in
# one update() fill the widest lanes together; a leaf split across calls is
# hashed as one stream.
_CHUNK = 16 << 20


def _feed(tree, fileobj):
    buf = bytearray(_CHUNK)
    view = memoryview(buf)
    while True:
        size = fileobj.readinto(buf)
        if not size:
            return tree
        tree.update(view[:size])


def _hash_path(tree, path):
    with open(path, "rb") as f:
        return _feed(tree, f).digest()


def fsverity_digest_file(path, *, block_size=4096, salt=None):
    """fs-verity's file digest of the file at path (as `fsverity digest`)."""
    return _hash_path(fsverity(block_size=block_size, salt=salt), path)


def dmverity_root_file(path, *, data_block_size=4096, hash_block_size=4096, salt=None,
                       format=1):
    """dm-verity's root hash of the file at path (as `veritysetup format`)."""
    with open(path, "rb") as f:
        tree = dmverity(os.fstat(f.fileno()).st_size, data_block_size=data_block_size,
                        hash_block_size=hash_block_size, salt=salt, format=format)
        return _feed(tree, f).digest()


def bt2_pieces_root_file(path):
    """The BitTorrent v2 pieces root of the file at path (ValueError when empty)."""
    return _hash_path(bt2(), path)


def glacier_tree_hash_file(path):
    """The AWS Glacier tree hash of the file at path."""
    return _hash_path(glacier(), path)
