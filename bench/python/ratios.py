# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Seed ratios from Python in one process: hashlib per call against fastsha256 per call,
sha256_many and sha256_packed (1024 messages of 14 bytes per call, hex out), each timed as the
best single call of many, the styles interleaved round by round (steadier than separate runs on
a noisy host). Run pinned:  taskset -c 1 python3 bench/python/ratios.py
(with the module on PYTHONPATH, e.g. PYTHONPATH=build/bindings/python)."""
import hashlib
import time

import fastsha256

MESSAGE = b"Hello world!!!"
PER_CALL = 1024
packed = MESSAGE * PER_CALL
messages = [MESSAGE] * PER_CALL


def best_ns_per_message(fn, reps):
    best = float("inf")
    for _ in range(reps):
        t = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t)
    return best / PER_CALL * 1e9


def hashlib_per_call():
    new = hashlib.sha256
    for _ in range(PER_CALL):
        new(MESSAGE).hexdigest()


def fastsha256_per_call():
    new = fastsha256.sha256
    for _ in range(PER_CALL):
        new(MESSAGE).hexdigest()


styles = {
    "hashlib.sha256(m).hexdigest()": (hashlib_per_call, 20),
    "fastsha256.sha256(m).hexdigest()": (fastsha256_per_call, 20),
    "sha256_many(msgs, hex=True)": (lambda: fastsha256.sha256_many(messages, hex=True), 100),
    "sha256_packed(buf, 14, 14, hex=True)":
        (lambda: fastsha256.sha256_packed(packed, 14, 14, hex=True), 100),
}
best = {name: float("inf") for name in styles}
for _ in range(10):
    for name, (fn, reps) in styles.items():
        best[name] = min(best[name], best_ns_per_message(fn, reps))
base = best["hashlib.sha256(m).hexdigest()"]
print(f"fastsha256 backend {fastsha256.backend()}")
for name, ns in best.items():
    print(f"  {name:40s} {ns:8.1f} ns/msg  {base / ns:5.1f}x hashlib")
