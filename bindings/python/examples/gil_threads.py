#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Shows that fastsha256 releases the GIL: the same work on 1 thread, then split
over 2 threads (run it on 2 free cores). Prints the times and the speed-up for
large buffers (sha256(data)), for batches (sha256_many) and, for comparison,
for hashlib.

    python3 gil_threads.py [--mib 256] [--messages 200000]
"""
import argparse
import hashlib
import threading
import time

import fastsha256


def timed(work, parts):
    """Seconds to run work(part) for every part, one thread per part."""
    threads = [threading.Thread(target=work, args=(p,)) for p in parts]
    start = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return time.perf_counter() - start


def compare(name, work, items, repeat=3):
    half = len(items) // 2
    one = min(timed(lambda p: [work(x) for x in p], [items]) for _ in range(repeat))
    two = min(timed(lambda p: [work(x) for x in p], [items[:half], items[half:]])
              for _ in range(repeat))
    print(f"{name:42s} 1 thread {one:7.3f} s   2 threads {two:7.3f} s   speed-up {one / two:.2f}x")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--mib", type=int, default=256, help="MiB hashed in large buffers")
    parser.add_argument("--messages", type=int, default=200_000, help="1 KiB messages")
    args = parser.parse_args()
    block = bytes(range(256)) * 4096 * 4  # 4 MiB
    blocks = [block] * (args.mib // 4)
    kib = bytes(1024)
    batches = [[kib] * 1000] * (args.messages // 1000)
    records = [kib * 1000] * (args.messages // 1000)
    print(f"fastsha256 {fastsha256.__version__}, backend {fastsha256.backend()}")
    compare("fastsha256.sha256(4 MiB buffer)", lambda b: fastsha256.sha256(b).digest(), blocks)
    compare("hashlib.sha256(4 MiB buffer)", lambda b: hashlib.sha256(b).digest(), blocks)
    compare("fastsha256.sha256_many(1000 x 1 KiB)", fastsha256.sha256_many, batches)
    compare("fastsha256.sha256_packed(1000 x 1 KiB)",
            lambda b: fastsha256.sha256_packed(b, 1024, 1024), records)


if __name__ == "__main__":
    main()
