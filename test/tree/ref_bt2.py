# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Each file's BitTorrent v2 pieces root as libtorrent makes it (a v2-only
torrent of the one file), as `HEX  FILE` lines."""
import os
import sys

import libtorrent as lt

for name in sys.argv[1:]:
    fs = lt.file_storage()
    lt.add_files(fs, name)
    t = lt.create_torrent(fs, 0, lt.create_torrent.v2_only)
    lt.set_piece_hashes(t, os.path.dirname(os.path.abspath(name)))
    node = t.generate()[b"info"][b"file tree"][os.path.basename(name).encode()][b""]
    print(node[b"pieces root"].hex() + "  " + name)
