#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""fastsha256-bench --kdf, the Python row: hashlib.pbkdf2_hmac against
fastsha256.pbkdf2_hmac (the module of this build), PBKDF2-HMAC-SHA256 with a
32-byte key, the two alternating call by call, each call timed in this
thread's CPU time.

usage: python3 kdf.py [iterations=600000] [reps=5]
Prints "fastsha256-bench-kdf<TAB>row<TAB>python VERSION<TAB>peer ms median<TAB>
peer ms best<TAB>fastsha256 ms median<TAB>fastsha256 ms best"; exit status 1
when the keys differ, 3 when the fastsha256 module cannot be imported.
"""
import hashlib
import platform
import statistics
import sys
import time

try:
    import fastsha256
except ImportError as e:
    print(f"fastsha256-bench-kdf\tmissing\t{e}")
    sys.exit(3)

PW, SALT = b"correct horse battery staple", b"NaCl-and-pepper!"


def cpu_ms(fn, iterations):
    t0 = time.thread_time()
    key = fn("sha256", PW, SALT, iterations, 32)
    return (time.thread_time() - t0) * 1000, key


def main():
    iterations = int(sys.argv[1]) if len(sys.argv) > 1 else 600000
    reps = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    peer, ours = [], []
    for _ in range(reps):
        tp, kp = cpu_ms(hashlib.pbkdf2_hmac, iterations)
        tf, kf = cpu_ms(fastsha256.pbkdf2_hmac, iterations)
        if kp != kf:
            print("fastsha256-bench-kdf\tmismatch")
            sys.exit(1)
        peer.append(tp)
        ours.append(tf)
    print("\t".join(["fastsha256-bench-kdf", "row", "python " + platform.python_version(),
                     str(statistics.median_low(peer)), str(min(peer)),
                     str(statistics.median_low(ours)), str(min(ours))]))


if __name__ == "__main__":
    main()
