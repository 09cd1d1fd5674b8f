#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Fingerprint a partitioned dataset on a Dask cluster: fastsha256 vs hashlib.

Two datasets, each hashed twice on the same cluster, once per record/file with
hashlib.sha256 and once per partition with fastsha256.sha256_many (one call,
multi-buffer, GIL released); both times and the speed-up are printed, then
every digest of the fastsha256 job is compared with hashlib's on the workers.

  * records: generated on the workers (nothing to ship), e.g. 2 million
    short rows of a table, in partitions;
  * files: a directory of files (generated in a temporary directory unless
    --dir is given; on a multi-machine cluster it must be on storage that
    every worker sees at the same path).

    python3 dask_fingerprint.py                       # LocalCluster, 2 worker processes
    python3 dask_fingerprint.py --scheduler tcp://host:8786   # an existing cluster

Every worker needs the fastsha256 module (pip install ./bindings/python).
Exits 1 if any digest differs from hashlib's.
"""
import argparse
import hashlib
import os
import random
import sys
import tempfile
import time

import fastsha256


# --- Work done on the workers (plain functions, pickled by reference) -------

def make_records(partition, per_partition):
    """Deterministic rows of 10..60 bytes, like keys or CSV lines of a table."""
    rng = random.Random(partition)
    first = partition * per_partition
    return [b"%d|user%07d|%s" % (first + i, rng.randrange(10_000_000),
                                 b"x" * rng.randrange(0, 40))
            for i in range(per_partition)]


def records_fastsha256(records):
    return b"".join(fastsha256.sha256_many(records))


def records_hashlib(records):
    return b"".join([hashlib.sha256(r).digest() for r in records])


def _read(path):
    with open(path, "rb") as f:
        return f.read()


def files_fastsha256(paths):
    return b"".join(fastsha256.sha256_many([_read(p) for p in paths]))


def files_hashlib(paths):
    return b"".join([hashlib.sha256(_read(p)).digest() for p in paths])


def count_mismatches(ours, theirs):
    """Digests (32 bytes each) that differ between two jobs' outputs."""
    if len(ours) != len(theirs):
        return max(len(ours), len(theirs)) // 32
    return sum(ours[i:i + 32] != theirs[i:i + 32] for i in range(0, len(ours), 32))


def backend_of_worker():
    return fastsha256.backend()


# --- Driver ------------------------------------------------------------------

def make_files(directory, count, seed=1):
    """count files of 1..16 KiB of random bytes."""
    rng = random.Random(seed)
    paths = []
    for i in range(count):
        path = os.path.join(directory, f"file{i:06d}.bin")
        with open(path, "wb") as f:
            f.write(rng.randbytes(rng.randrange(1024, 16385)))
        paths.append(path)
    return paths


def timed_job(client, fn, partitions):
    """Runs fn over every partition; returns (seconds, futures of the results)."""
    from distributed import wait
    start = time.perf_counter()
    futures = client.map(fn, partitions, pure=False)
    wait(futures)
    for f in futures:  # surface a worker's exception here
        if f.status == "error":
            f.result()
    return time.perf_counter() - start, futures


def compare(client, name, count, partitions):
    """Times hashlib then fastsha256 over partitions and verifies every digest."""
    fn_fast, fn_ref = {"records": (records_fastsha256, records_hashlib),
                       "files": (files_fastsha256, files_hashlib)}[name]
    t_ref, ref = timed_job(client, fn_ref, partitions)
    t_fast, fast = timed_job(client, fn_fast, partitions)
    bad = sum(client.gather(client.map(count_mismatches, fast, ref, pure=False)))
    print(f"{name}: {count:,} in {len(partitions)} partitions")
    print(f"  hashlib.sha256 per item  {t_ref:8.3f} s")
    print(f"  fastsha256.sha256_many   {t_fast:8.3f} s   speed-up {t_ref / t_fast:.1f}x")
    if bad:
        print(f"  MISMATCH: {bad:,} digests differ from hashlib's")
    else:
        print(f"  verified: all {count:,} digests equal hashlib's")
    return {"seconds_hashlib": t_ref, "seconds_fastsha256": t_fast, "mismatches": bad,
            "digests": fast}


def run(client, records=2_000_000, record_partitions=16, files=2000, file_partitions=8,
        directory=None):
    """Both jobs on both datasets; returns their timings and digest futures."""
    workers = client.run(backend_of_worker)
    print(f"cluster: {len(workers)} workers, fastsha256 {fastsha256.__version__}, backends "
          f"{sorted(set(workers.values()))}")
    per = -(-records // record_partitions)
    data = [client.submit(make_records, p, min(per, records - p * per), pure=False)
            for p in range(record_partitions) if records - p * per > 0]
    from distributed import wait
    wait(data)  # generated and held on the workers, outside the timings
    results = {"records": compare(client, "records", records, data)}
    with tempfile.TemporaryDirectory(prefix="fastsha256-files-") as tmp:
        if directory is None:
            paths = make_files(tmp, files)
        else:
            paths = sorted(os.path.join(directory, n) for n in os.listdir(directory)
                           if os.path.isfile(os.path.join(directory, n)))
        step = -(-len(paths) // file_partitions) if paths else 1
        chunks = [paths[i:i + step] for i in range(0, len(paths), step)]
        results["files"] = compare(client, "files", len(paths), chunks)
        results["file_paths"] = paths
        results["records_per_partition"] = per
    return results


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--scheduler", metavar="ADDRESS",
                        help="address of a running scheduler (default: start a LocalCluster)")
    parser.add_argument("--workers", type=int, default=2,
                        help="worker processes of the LocalCluster (default 2, at least 1)")
    parser.add_argument("--records", type=int, default=2_000_000)
    parser.add_argument("--record-partitions", type=int, default=16)
    parser.add_argument("--files", type=int, default=2000,
                        help="files to generate when --dir is not given")
    parser.add_argument("--file-partitions", type=int, default=8)
    parser.add_argument("--dir", help="hash the files of this directory instead")
    args = parser.parse_args(argv)
    if args.records < 0 or args.record_partitions < 1 or args.file_partitions < 1:
        parser.error("--records must be >= 0 and the partition counts >= 1")
    if args.workers < 1:
        # A LocalCluster without workers accepts the tasks and never runs them.
        parser.error(f"--workers must be >= 1 (got {args.workers})")

    from distributed import Client, LocalCluster
    cluster = None
    if args.scheduler:
        client = Client(args.scheduler)
    else:
        cluster = LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True,
                               dashboard_address=None)
        client = Client(cluster)
    try:
        results = run(client, args.records, args.record_partitions, args.files,
                      args.file_partitions, args.dir)
        bad = results["records"]["mismatches"] + results["files"]["mismatches"]
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
