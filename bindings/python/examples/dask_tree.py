#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Tree hashes of one large file on a Dask cluster: Glacier and BitTorrent v2.

A file too large for one worker's share is cut into ranges (whole 1 MiB
Glacier chunks, hence whole 16 KiB BitTorrent v2 leaves too); each worker
reads its range once and hashes it to leaf digests of both trees
(TreeHash.leaves, through the lane kernels, GIL released). Only the digests
travel: 32 bytes per MiB for Glacier, 2 KiB per MiB for BitTorrent v2. The
client closes both trees from them in order (TreeHash.add_leaves), feeds the
last partial leaf, and checks the roots against a single-process pass.

    python3 dask_tree.py                          # a generated 96 MiB file, 2 workers
    python3 dask_tree.py --file big.iso --range-mib 64
    python3 dask_tree.py --scheduler tcp://host:8786 --file /shared/big.iso

On a multi-machine cluster the file must be at the same path on every
worker. Exits 1 if a distributed root differs from the single-process one.
"""
import argparse
import os
import random
import sys
import tempfile
import time

import fastsha256

MIB = 1 << 20


# --- Work done on the workers ------------------------------------------------

def _whole(n, leaf):
    return n - n % leaf


def hash_range(path, start, stop):
    """Leaf digests of [start, stop) for both trees, and the bytes past the
    last whole leaf of each (non-empty only for the file's last range)."""
    with open(path, "rb") as f:
        f.seek(start)
        data = f.read(stop - start)
    if len(data) != stop - start:
        raise OSError(f"{path}: short read at {start} (did the file change?)")
    glacier, bt2 = fastsha256.glacier(), fastsha256.bt2()
    g_end, b_end = _whole(len(data), glacier.leaf_size), _whole(len(data), bt2.leaf_size)
    return {"glacier": glacier.leaves(memoryview(data)[:g_end]),
            "bt2": bt2.leaves(memoryview(data)[:b_end]),
            "glacier_tail": data[g_end:], "bt2_tail": data[b_end:]}


# --- The client ----------------------------------------------------------------

def ranges(size, range_bytes):
    """[start, stop) ranges of range_bytes (a multiple of 1 MiB), the last short."""
    return [(s, min(s + range_bytes, size)) for s in range(0, size, range_bytes)]


def close_trees(parts):
    """Both roots from the ranges' results, in file order."""
    glacier, bt2 = fastsha256.glacier(), fastsha256.bt2()
    for part in parts:
        glacier.add_leaves(part["glacier"])
        bt2.add_leaves(part["bt2"])
    if parts:  # only the last range has tails: feeding them ends the trees
        glacier.update(parts[-1]["glacier_tail"])
        bt2.update(parts[-1]["bt2_tail"])
    return glacier.digest(), bt2.digest() if parts else None


def distributed_roots(client, path, range_bytes):
    """(glacier root, bt2 root or None for an empty file, number of ranges)."""
    if range_bytes <= 0 or range_bytes % MIB:
        raise ValueError("range_bytes must be a positive multiple of 1 MiB (whole leaves)")
    spans = ranges(os.path.getsize(path), range_bytes)
    futures = [client.submit(hash_range, path, a, b, pure=False) for a, b in spans]
    glacier, bt2 = close_trees(client.gather(futures))
    return glacier, bt2, len(spans)


def single_process_roots(path):
    glacier = fastsha256.glacier_tree_hash_file(path)
    bt2 = fastsha256.bt2_pieces_root_file(path) if os.path.getsize(path) else None
    return glacier, bt2


def make_file(path, size, seed=52):
    """size bytes of deterministic random data, written 1 MiB at a time."""
    rng = random.Random(seed)
    with open(path, "wb") as f:
        for at in range(0, size, MIB):
            f.write(rng.randbytes(min(MIB, size - at)))
    return path


def run(client, path, range_bytes):
    """Both trees on the cluster and in this process; returns the roots."""
    start = time.perf_counter()
    glacier, bt2, n = distributed_roots(client, path, range_bytes)
    t_dist = time.perf_counter() - start
    start = time.perf_counter()
    want = single_process_roots(path)
    t_one = time.perf_counter() - start
    size = os.path.getsize(path)
    print(f"{path}: {size:,} bytes in {n} ranges of {range_bytes // MIB} MiB")
    print(f"  glacier tree hash  {glacier.hex()}")
    print(f"  bt2 pieces root    {bt2.hex() if bt2 else '(none: empty file)'}")
    print(f"  cluster {t_dist:.3f} s, one process {t_one:.3f} s")
    same = (glacier, bt2) == want
    print("  verified: equal to the single-process roots" if same else
          f"  MISMATCH: single-process roots {want[0].hex()} {want[1] and want[1].hex()}")
    return {"glacier": glacier, "bt2": bt2, "ranges": n, "same": same}


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--scheduler", metavar="ADDRESS",
                        help="address of a running scheduler (default: start a LocalCluster)")
    parser.add_argument("--workers", type=int, default=2,
                        help="worker processes of the LocalCluster (default 2, at least 1)")
    parser.add_argument("--file", help="the file to hash (default: generate one)")
    parser.add_argument("--size-mib", type=float, default=96,
                        help="size of the generated file in MiB (default 96)")
    parser.add_argument("--range-mib", type=int, default=16,
                        help="MiB of the file per task (default 16)")
    args = parser.parse_args(argv)
    if args.workers < 1:
        parser.error(f"--workers must be >= 1 (got {args.workers})")
    if args.range_mib < 1 or args.size_mib < 0:
        parser.error("--range-mib must be >= 1 and --size-mib >= 0")

    from distributed import Client, LocalCluster
    cluster = None
    with tempfile.TemporaryDirectory(prefix="fastsha256-tree-") as tmp:
        path = args.file or make_file(os.path.join(tmp, "data.bin"), int(args.size_mib * MIB))
        if args.scheduler:
            client = Client(args.scheduler)
        else:
            cluster = LocalCluster(n_workers=args.workers, threads_per_worker=1,
                                   processes=True, dashboard_address=None)
            client = Client(cluster)
        try:
            result = run(client, path, args.range_mib * MIB)
        finally:
            client.close()
            if cluster is not None:
                cluster.close()
    return 0 if result["same"] else 1


if __name__ == "__main__":
    sys.exit(main())
