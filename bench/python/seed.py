#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""fastsha256-bench Python peer: the seed workload (the 14-byte message
"Hello world!!!" to a hex digest, count times) four ways:

    hashlib.sha256(m).hexdigest()            one OpenSSL call per message
    fastsha256.sha256(m).hexdigest()         one fastsha256 call per message
    fastsha256.sha256_many(msgs, hex=True)   one call per 1024 messages
    fastsha256.sha256_packed(buf, 14, 14, hex=True)   one call per 1024 packed records

usage: python3 seed.py [count=5000000] [reps=5]
Each row is timed in repetitions after an untimed warm-up; prints one JSON line
per row, the format of every peer program (bench/js/harness.mjs):
    {"runtime": "python", "version": ..., "style": ..., "n": [...], "ms": [...], "last": hex}
and {"missing": why} with exit status 3 when the fastsha256 module cannot be
imported. fastsha256-bench runs it pinned to its CPU.
"""
import hashlib
import json
import platform
import sys
import time

try:
    import fastsha256
except ImportError as e:
    print(json.dumps({"missing": f"the fastsha256 module: {e}"}))
    sys.exit(3)

MESSAGE = b"Hello world!!!"
# Messages per batch call, as in the C rows: digests and strings stay in the cache
# (one call on millions of messages runs at the speed of fresh memory instead).
BATCH = 1024


def per_call_hashlib(n):
    sha256, m, h = hashlib.sha256, MESSAGE, ""
    for _ in range(n):
        h = sha256(m).hexdigest()
    return h


def per_call_fastsha256(n):
    sha256, m, h = fastsha256.sha256, MESSAGE, ""
    for _ in range(n):
        h = sha256(m).hexdigest()
    return h


def batches(n):
    """n messages as calls of BATCH (and a last shorter one), as the C rows do."""
    return [BATCH] * (n // BATCH) + ([n % BATCH] if n % BATCH else [])


def make_many(n):
    lists = {size: [MESSAGE] * size for size in set(batches(n))}
    calls = [lists[size] for size in batches(n)]

    def job():
        many, h = fastsha256.sha256_many, ""
        for msgs in calls:
            h = many(msgs, hex=True)[-1]
        return h
    return job


def make_packed(n):
    bufs = {size: MESSAGE * size for size in set(batches(n))}
    calls = [bufs[size] for size in batches(n)]

    def job():
        packed, h = fastsha256.sha256_packed, ""
        for buf in calls:
            h = packed(buf, 14, 14, hex=True)
        return h[-64:]
    return job


ROWS = [
    ("hashlib.sha256(m).hexdigest()", lambda n: lambda: per_call_hashlib(n)),
    ("fastsha256.sha256(m).hexdigest()", lambda n: lambda: per_call_fastsha256(n)),
    ("sha256_many(msgs, hex=True)", make_many),
    ("sha256_packed(buf,14,14,hex=True)", make_packed),
]


def run_row(make, count, reps):
    """The n and ms of each of reps timed repetitions, and the last digest."""
    sizes = [count * (r + 1) // reps - count * r // reps for r in range(reps)]
    make(max(1, min(20000, count // 50)))()  # warm-up
    jobs = [make(n) for n in sizes]  # inputs built outside the timings
    ms, last = [], ""
    for job in jobs:
        t0 = time.perf_counter()
        last = job()
        ms.append(round((time.perf_counter() - t0) * 1000, 4))
    return sizes, ms, last


def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 5_000_000
    reps = max(1, min(int(sys.argv[2]) if len(sys.argv) > 2 else 5, count))
    version = platform.python_version()
    for style, make in ROWS:
        n, ms, last = run_row(make, count, reps)
        print(json.dumps({"runtime": "python", "version": version, "style": style,
                          "n": n, "ms": ms, "last": last}), flush=True)


if __name__ == "__main__":
    main()
