# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Millions of calls, including failing ones, leave the resident set flat."""
import gc

import pytest

import fastsha256


def rss_kib():
    with open("/proc/self/statm") as f:
        pages = int(f.read().split()[1])
    import resource
    return pages * resource.getpagesize() // 1024


def exercise(n):
    msgs = [b"x" * 14] * 100
    arr = bytearray(b"y" * 3000)
    for i in range(n):
        fastsha256.sha256(b"abc").hexdigest()
        h = fastsha256.sha224(memoryview(arr))
        h.update(arr)
        h.copy().digest()
        if i % 5 == 0:
            t = fastsha256.hmac.new(b"key", b"abc", "sha256")
            t.update(arr)
            fastsha256.compare_digest(t.copy().digest(), fastsha256.hmac_sha256(b"key", b"abc"))
        if i % 50 == 0:
            fastsha256.sha256_many(msgs, hex=True)
            fastsha256.sha256_many(msgs)
            fastsha256.sha256_packed(arr, 30, 14, hex=True)
            fastsha256.sha256_packed(arr, 30, 14)
            fastsha256.hmac_sha256_many(b"k" * 100, msgs, hex=True)
            fastsha256.hmac_sha224_many(arr, msgs)
            fastsha256.hmac.new(b"k", digestmod=fastsha256.sha224).hexdigest()
            for bad in (lambda: fastsha256.sha256("s"),
                        lambda: fastsha256.sha256_many([b"a", None]),
                        lambda: fastsha256.sha256_packed(arr, 0, 0),
                        lambda: fastsha256.new("md5"),
                        lambda: fastsha256.hmac.new("k"),
                        lambda: fastsha256.hmac.new(b"k", digestmod="md5"),
                        lambda: fastsha256.hmac_sha256_many(b"k", [b"a", None]),
                        lambda: fastsha256.compare_digest("a", b"a"),
                        lambda: fastsha256.set_backend("nope")):
                with pytest.raises((TypeError, ValueError)):
                    bad()


@pytest.mark.skipif(not __import__("os").path.exists("/proc/self/statm"), reason="needs /proc")
def test_rss_flat():
    exercise(50_000)  # warm up allocators and caches
    gc.collect()
    before = rss_kib()
    exercise(500_000)  # 2 million object calls, 100 000 HMAC objects, 60 000 batches, 90 000 errors
    gc.collect()
    grown = rss_kib() - before
    assert grown < 2048, f"RSS grew by {grown} KiB"
