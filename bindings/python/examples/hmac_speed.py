#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""HMAC-SHA256 tags per second from Python: the standard hmac module next to
fastsha256's calls, for 14-, 64- and 1024-byte messages under one 32-byte key.
Each row is timed in chunks of --batch messages (pin it: taskset -c 1) and
shows the median and the best chunk rate, so a busy machine's preemptions
show in the median only; every fastsha256 tag is checked against hmac's first.

    python3 hmac_speed.py [--count 102400] [--batch 1024] [--reps 5]
"""
import argparse
import hmac
import time

import fastsha256
from fastsha256 import hmac as fast_hmac

KEY = bytes(range(32))


def rows(batch):
    """(name, make(messages) -> job) pairs; a job returns the last tag."""
    def per_call(fn):
        def make(msgs):
            def job():
                tag = None
                for m in msgs:
                    tag = fn(m)
                return tag
            return job
        return make

    def batched(many):
        def make(msgs):
            calls = [msgs[i:i + batch] for i in range(0, len(msgs), batch)]

            def job():
                tag = None
                for part in calls:
                    tag = many(KEY, part)[-1]
                return tag
            return job
        return make

    return [
        ("hmac.new(k, m, 'sha256').digest()", per_call(lambda m: hmac.new(KEY, m, "sha256").digest())),
        ("hmac.digest(k, m, 'sha256')", per_call(lambda m: hmac.digest(KEY, m, "sha256"))),
        ("fastsha256.hmac.new(k, m).digest()", per_call(lambda m: fast_hmac.new(KEY, m).digest())),
        ("fastsha256.hmac_sha256(k, m)", per_call(lambda m: fastsha256.hmac_sha256(KEY, m))),
        (f"fastsha256.hmac_sha256_many(k, {batch} msgs)", batched(fastsha256.hmac_sha256_many)),
    ]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--count", type=int, default=102_400, help="messages per row and size")
    parser.add_argument("--batch", type=int, default=1024, help="messages per hmac_sha256_many call")
    parser.add_argument("--reps", type=int, default=5, help="timed passes over the messages per row")
    args = parser.parse_args()
    print(f"fastsha256 {fastsha256.__version__}, backend {fastsha256.backend()}; "
          f"{args.reps} x {args.count} messages in chunks of {args.batch}; M tags/s")
    for size in (14, 64, 1024):
        msgs = [bytes([i & 0xFF]) * size for i in range(args.count)]
        chunks = [msgs[i:i + args.batch] for i in range(0, len(msgs), args.batch)]
        base = None
        for name, make in rows(args.batch):
            jobs = [(len(c), make(c)) for c in chunks]
            for chunk, (_, job) in zip(chunks, jobs):
                assert job() == hmac.digest(KEY, chunk[-1], "sha256"), name
            rates = sorted(n / _timed(job) for _ in range(args.reps) for n, job in jobs)
            median, best = rates[len(rates) // 2], rates[-1]
            base = base or best
            print(f"{size:5d} B  {name:44s} median {median / 1e6:7.3f}  best {best / 1e6:7.3f}"
                  f"  {best / base:6.2f}x hmac.new (best)")


def _timed(job):
    start = time.perf_counter()
    job()
    return time.perf_counter() - start


if __name__ == "__main__":
    main()
