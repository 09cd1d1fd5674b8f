#!/usr/bin/env python3
"""Shows that fastsha256 releases the GIL: the same work on 1 thread, then split
over 2 threads (run it on 2 free cores). Prints the times and the speed-up for
large buffers (sha256(data)), for batches (sha256_many) and, for comparison,
for hashlib.

    python3 gil_threads.py [--mib 64] [--messages 2000000]
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
    parser.add_argument("--mib", type=int, default=64, help="MiB hashed in large buffers")
    parser.add_argument("--messages", type=int, default=2_000_000)
    args = parser.parse_args()
    block = bytes(range(256)) * 4096 * 4  # 4 MiB
    blocks = [block] * (args.mib // 4)
    batches = [[b"Hello world!!!"] * 10_000] * (args.messages // 10_000)
    print(f"fastsha256 {fastsha256.__version__}, backend {fastsha256.backend()}")
    compare("fastsha256.sha256(4 MiB buffer)", lambda b: fastsha256.sha256(b).digest(), blocks)
    compare("hashlib.sha256(4 MiB buffer)", lambda b: hashlib.sha256(b).digest(), blocks)
    compare("fastsha256.sha256_many(10000 messages)", fastsha256.sha256_many, batches)
    compare("fastsha256.sha256_packed(10000 records)",
            lambda b: fastsha256.sha256_packed(b"".join(b), 14, 14), batches[:len(batches)])


if __name__ == "__main__":
    main()
