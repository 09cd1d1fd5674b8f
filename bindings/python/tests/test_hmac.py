# SPDX-License-Identifier: Apache-2.0 OR MIT
"""HMAC-SHA256/-SHA224 against Python's own hmac module: the one-shot and batch
functions, fastsha256.hmac (new, digest, compare_digest, HMAC), the vectors of
RFC 4231 and NIST CAVP, every buffer type, and misuse."""
import array
import hashlib
import hmac
import os
import pathlib
import threading
import types

import pytest
from buffer_kinds import buffer_objects, kind_id, same_outcome

import fastsha256
from fastsha256 import hmac as fhmac

VECTORS = pathlib.Path(os.environ.get(
    "FASTSHA256_VECTORS_DIR", pathlib.Path(__file__).resolve().parents[3] / "test" / "vectors"))
ALGOS = ["sha256", "sha224"]
ONESHOT = {"sha256": fastsha256.hmac_sha256, "sha224": fastsha256.hmac_sha224}
MANY = {"sha256": fastsha256.hmac_sha256_many, "sha224": fastsha256.hmac_sha224_many}
SIZE = {"sha256": 32, "sha224": 28}


def records(path):
    """The blank-line-separated 'Name = value' records of a vector file, each
    with the [L=n] section it is in (0 outside any)."""
    section, rec = 0, {}
    for line in path.read_text(encoding="ascii").splitlines() + [""]:
        line = line.strip()
        if line.startswith("#"):
            continue
        if not line:
            if rec:
                yield section, rec
            rec = {}
        elif line.startswith("[L="):
            section = int(line[3:-1])
        else:
            name, _, value = line.partition("=")
            rec[name.strip()] = value.strip()


def all_ways(algo, key, msg):
    """The tag of msg under key through every entry point."""
    tags = {
        "oneshot": ONESHOT[algo](key, msg),
        "oneshot-hex": bytes.fromhex(ONESHOT[algo](key, msg, hex=True)),
        "digest": fhmac.digest(key, msg, algo),
        "new": fhmac.new(key, msg, digestmod=algo).digest(),
        "HMAC": fastsha256.HMAC(key, msg, algo).digest(),
        "many": MANY[algo](key, [b"", msg, b"x"])[1],
        "many-hex": bytes.fromhex(MANY[algo](key, [msg], hex=True)[0]),
    }
    h = fhmac.new(key, digestmod=algo)
    h.update(msg)
    tags["update"] = h.digest()
    tags["hexdigest"] = bytes.fromhex(h.hexdigest())
    return tags


@pytest.mark.parametrize("algo", ALGOS)
def test_rfc4231(algo, each_backend):
    field = {"sha256": "HMAC-SHA-256", "sha224": "HMAC-SHA-224"}[algo]
    cases = list(records(VECTORS / "rfc4231.txt"))
    assert len(cases) == 7
    for _, rec in cases:
        key, msg, want = (bytes.fromhex(rec[f]) for f in ("Key", "Data", field))
        for way, tag in all_ways(algo, key, msg).items():
            assert tag[:len(want)] == want, (rec["Test Case"], way)
            assert len(tag) == SIZE[algo]


def test_nist_cavp_hmac(each_backend):
    counts = {28: 0, 32: 0}
    keys, msgs, wants = {28: [], 32: []}, {28: [], 32: []}, {28: [], 32: []}
    for size, rec in records(VECTORS / "nist-cavp" / "HMAC.rsp"):
        if size not in counts:
            continue
        algo = "sha256" if size == 32 else "sha224"
        key, msg, want = (bytes.fromhex(rec[f]) for f in ("Key", "Msg", "Mac"))
        assert len(want) == int(rec["Tlen"])
        assert ONESHOT[algo](key, msg)[:len(want)] == want, (size, rec["Count"])
        h = fastsha256.HMAC(key, digestmod=algo)
        h.update(msg[:7])
        h.update(msg[7:])
        assert h.digest()[:len(want)] == want, (size, rec["Count"])
        keys[size].append(key)
        msgs[size].append(msg)
        wants[size].append(want)
        counts[size] += 1
    assert counts == {28: 375, 32: 225}
    # The same records as batches: one call per key.
    for size in counts:
        algo = "sha256" if size == 32 else "sha224"
        for key, msg, want in zip(keys[size], msgs[size], wants[size]):
            assert MANY[algo](key, [msg, msg])[1][:len(want)] == want


def test_random_keys_and_messages_against_hmac(rng, each_backend):
    for i in range(120):
        algo = ALGOS[i % 2]
        key = rng.randbytes(rng.randrange(301))
        msg = rng.randbytes(rng.choice([rng.randrange(130), rng.randrange(5001)]))
        want = hmac.new(key, msg, algo).digest()
        for way, tag in all_ways(algo, key, msg).items():
            assert tag == want, (way, algo, len(key), len(msg))


def test_key_and_message_lengths_at_the_edges(each_backend):
    for algo in ALGOS:
        for klen in (0, 1, 31, 32, 55, 56, 63, 64, 65, 127, 128, 129, 300, 2047, 2048, 5000):
            key = bytes((i * 7 + klen) & 0xFF for i in range(klen))
            for mlen in (0, 1, 55, 56, 63, 64, 65, 119, 120, 2048, 5000):
                msg = bytes((i * 13) & 0xFF for i in range(mlen))
                want = hmac.digest(key, msg, algo)
                assert ONESHOT[algo](key, msg) == want, (algo, klen, mlen)
                assert fhmac.new(key, msg, algo).digest() == want, (algo, klen, mlen)


def test_random_update_splits(rng, each_backend):
    for i in range(60):
        algo = ALGOS[i % 2]
        key = rng.randbytes(rng.randrange(301))
        msg = rng.randbytes(rng.randrange(5001))
        ours, ref = fhmac.new(key, digestmod=algo), hmac.new(key, digestmod=algo)
        pos = 0
        while pos < len(msg):
            step = rng.choice([1, 3, 63, 64, 65, rng.randrange(1, 3000)])
            part = msg[pos:pos + step]
            ours.update(rng.choice([bytes, bytearray, memoryview])(part))
            ref.update(part)
            pos += step
            if rng.random() < 0.2:  # digest mid-stream leaves the object going on
                assert ours.hexdigest() == ref.hexdigest()
        assert ours.digest() == ref.digest()
        assert ours.digest() == ref.digest()  # twice: digest() does not finish the object


def test_copy_is_independent():
    for algo in ALGOS:
        a = fhmac.new(b"secret", b"common prefix ", algo)
        b = a.copy()
        assert type(b) is fastsha256.HMAC and b.name == a.name
        a.update(b"left")
        b.update(b"right" * 1000)  # big enough for the GIL-free path and its lock
        c = b.copy()
        c.update(b"more")
        assert a.digest() == hmac.digest(b"secret", b"common prefix left", algo)
        assert b.digest() == hmac.digest(b"secret", b"common prefix " + b"right" * 1000, algo)
        assert c.digest() == hmac.digest(b"secret", b"common prefix " + b"right" * 1000 + b"more",
                                         algo)


def test_object_attributes_like_hmac():
    for algo in ALGOS:
        ours, ref = fhmac.new(b"k", digestmod=algo), hmac.new(b"k", digestmod=algo)
        assert ours.name == ref.name == "hmac-" + algo
        assert ours.digest_size == ref.digest_size == SIZE[algo]
        assert ours.block_size == ref.block_size == 64
        assert "hmac-" + algo in repr(ours)
    assert fhmac.new(b"k").name == "hmac-sha256"  # sha256 unless told
    assert fhmac.digest(b"k", b"m") == hmac.digest(b"k", b"m", "sha256")
    assert isinstance(fhmac.new(b"k"), fastsha256.HMAC)
    assert fhmac.HMAC is fastsha256.HMAC
    assert fhmac.compare_digest is fastsha256.compare_digest
    assert fhmac.digest_size is None  # as hmac.digest_size
    namespace = {"hmac": hmac}
    exec("from fastsha256 import *", namespace)  # must not shadow the standard module
    assert namespace["hmac"] is hmac and namespace["HMAC"] is fastsha256.HMAC
    assert namespace["hmac_sha256"] is fastsha256.hmac_sha256


@pytest.mark.parametrize("digestmod", [
    "sha256", "SHA256", "Sha224", "sha224", "SHA-256", "sha2-224", hashlib.sha256, hashlib.sha224,
    fastsha256.sha256, fastsha256.sha224, lambda: hashlib.new("sha256")])
def test_digestmod_forms(digestmod):
    algo = "sha224" if "224" in (digestmod if isinstance(digestmod, str) else
                                 digestmod().name) else "sha256"
    want = hmac.digest(b"key", b"msg", algo)
    assert fhmac.new(b"key", b"msg", digestmod).digest() == want
    assert fhmac.new(b"key", b"msg", digestmod=digestmod).digest() == want
    assert fastsha256.HMAC(b"key", b"msg", digestmod=digestmod).digest() == want
    assert fhmac.digest(b"key", b"msg", digestmod) == want
    assert fhmac.digest(b"key", b"msg", digest=digestmod) == want


def test_digestmod_module_with_new():
    """A PEP 247 module (not callable, with new()), as hmac takes."""
    module = types.ModuleType("pep247_sha224")
    module.new = lambda data=b"": hashlib.sha224(data)
    assert fhmac.new(b"k", b"m", module).digest() == hmac.digest(b"k", b"m", module)
    assert fhmac.digest(b"k", b"m", module) == hmac.digest(b"k", b"m", "sha224")


@pytest.mark.parametrize("digestmod,error", [
    ("md5", ValueError), ("sha512", ValueError), ("sha_256", ValueError), ("sha2567", ValueError),
    ("sha256\0junk", ValueError), ("RSA-SHA256", ValueError),
    ("sha256\u00e9", ValueError), (hashlib.md5, ValueError), (hashlib.sha1, ValueError),
    (lambda: object(), ValueError), (None, TypeError), ("", TypeError), (3, TypeError),
    (b"sha256", TypeError)])
def test_bad_digestmod(digestmod, error):
    with pytest.raises(error):
        fhmac.new(b"k", b"m", digestmod)
    with pytest.raises(error):
        fastsha256.HMAC(b"k", digestmod=digestmod)
    with pytest.raises(error):
        fhmac.digest(b"k", b"m", digestmod)


def test_digestmod_constructor_errors_propagate():
    def broken():
        raise RuntimeError("no hash today")
    with pytest.raises(RuntimeError, match="no hash today"):
        fhmac.new(b"k", digestmod=broken)


@pytest.mark.parametrize("kind,obj", list(buffer_objects()), ids=kind_id)
@pytest.mark.parametrize("algo", ALGOS)
def test_message_buffer_types_like_hmac(kind, obj, algo):
    key = b"k" * 20

    def update(mod):
        h = mod.new(key, digestmod=algo)
        h.update(obj)
        return h.digest()

    same_outcome(lambda: update(fhmac), lambda: update(hmac))
    same_outcome(lambda: fhmac.new(key, obj, algo).digest(), lambda: hmac.new(key, obj, algo).digest())
    # hmac.digest's own error texts differ (argument parsing); the types match.
    same_outcome(lambda: fhmac.digest(key, obj, algo), lambda: hmac.digest(key, obj, algo), False)
    same_outcome(lambda: ONESHOT[algo](key, obj), lambda: hmac.digest(key, obj, algo), False)
    same_outcome(lambda: MANY[algo](key, [obj])[0], lambda: hmac.digest(key, obj, algo), False)


@pytest.mark.parametrize("kind,obj", list(buffer_objects()), ids=kind_id)
def test_key_buffer_types(kind, obj):
    """Keys: what hmac.digest takes, we take; what it refuses we refuse, with
    the same exception type. (hmac.new itself takes only bytes and bytearray
    keys; any bytes-like key works here.)"""
    same_outcome(lambda: fhmac.digest(obj, b"msg", "sha256"),
                 lambda: hmac.digest(obj, b"msg", "sha256"), False)
    same_outcome(lambda: fhmac.new(obj, b"msg").digest(),
                 lambda: hmac.digest(obj, b"msg", "sha256"), False)
    same_outcome(lambda: fastsha256.hmac_sha256_many(obj, [b"msg"])[0],
                 lambda: hmac.digest(obj, b"msg", "sha256"), False)


def test_wrong_types_raise_typeerror():
    for bad_key in ("key", 5, None, 1.5, [1]):
        with pytest.raises(TypeError):
            hmac.new(bad_key, b"m", "sha256")  # what the standard module does
        with pytest.raises(TypeError, match="^key: expected bytes or bytearray"):
            fhmac.new(bad_key, b"m", "sha256")
        with pytest.raises(TypeError):
            fastsha256.HMAC(bad_key)
        with pytest.raises(TypeError):
            fastsha256.hmac_sha256(bad_key, b"m")
        with pytest.raises(TypeError):
            fastsha256.hmac_sha224_many(bad_key, [b"m"])
    # The key is checked before digestmod, as in hmac.
    with pytest.raises(TypeError):
        fhmac.new("key", b"m", "md5")
    with pytest.raises(TypeError, match="^Strings must be encoded before hashing$"):
        fastsha256.hmac_sha256(b"k", "message")
    with pytest.raises(TypeError, match="^Strings must be encoded before hashing$"):
        fhmac.new(b"k", digestmod="sha256").update("message")
    with pytest.raises(TypeError):
        fhmac.new(b"k", b"m", "sha256").update(None)


def test_argument_misuse():
    with pytest.raises(TypeError):
        fastsha256.hmac_sha256(b"k")
    with pytest.raises(TypeError):
        fastsha256.hmac_sha256(b"k", b"m", True)  # hex is keyword-only
    with pytest.raises(TypeError):
        fastsha256.hmac_sha256(b"k", b"m", colour="red")
    with pytest.raises(TypeError):
        fastsha256.hmac_sha256(b"k", b"m", key=b"k")
    with pytest.raises(TypeError):
        fhmac.new()
    with pytest.raises(TypeError):
        fhmac.new(b"k", b"m", "sha256", "extra")
    with pytest.raises(TypeError):
        fastsha256.HMAC()
    with pytest.raises(TypeError):
        fhmac.digest(b"k")
    assert fastsha256.hmac_sha256(key=b"k", data=b"m") == hmac.digest(b"k", b"m", "sha256")
    assert fhmac.new(key=b"k", msg=b"m", digestmod="sha224").digest() == hmac.digest(b"k", b"m",
                                                                                     "sha224")
    assert fhmac.new(b"k", None, "sha256").digest() == hmac.new(b"k", None, "sha256").digest()


def test_hex_outputs():
    for algo in ALGOS:
        tag = ONESHOT[algo](b"key", b"msg", hex=True)
        assert tag == hmac.new(b"key", b"msg", algo).hexdigest()
        assert isinstance(tag, str) and len(tag) == 2 * SIZE[algo]
        assert ONESHOT[algo](b"key", b"msg", hex=False) == hmac.digest(b"key", b"msg", algo)
        hexes = MANY[algo](b"key", [b"a", b"", b"msg"], hex=True)
        assert hexes == [hmac.new(b"key", m, algo).hexdigest() for m in (b"a", b"", b"msg")]
        assert all(isinstance(h, str) and len(h) == 2 * SIZE[algo] for h in hexes)


def test_many_mixed_lengths_and_types(rng, each_backend):
    for algo in ALGOS:
        for n in (0, 1, 2, 7, 8, 9, 33, 511, 512, 513, 1500):
            key = rng.randbytes(rng.randrange(301))
            msgs = [rng.randbytes(rng.choice([0, 14, 55, 64, rng.randrange(5001)]))
                    for _ in range(n)]
            items = [rng.choice([bytes, bytearray, memoryview])(m) for m in msgs]
            want = [hmac.digest(key, m, algo) for m in msgs]
            assert MANY[algo](key, items) == want, (algo, n)
            assert MANY[algo](key, iter(items)) == want, (algo, n)  # any iterable
            assert MANY[algo](key, tuple(items), hex=True) == [w.hex() for w in want]


def test_many_bad_items():
    for bad in ("abc", b"abc", bytearray(b"abc"), 5, None):
        with pytest.raises(TypeError):
            fastsha256.hmac_sha256_many(b"k", bad)
    with pytest.raises(TypeError):
        fastsha256.hmac_sha256_many(b"k", [b"a", "b"])
    with pytest.raises(TypeError):
        fastsha256.hmac_sha256_many(b"k", [b"a", None])
    with pytest.raises(BufferError):
        fastsha256.hmac_sha256_many(b"k", [b"a", memoryview(b"abcd")[::2]])
    with pytest.raises(TypeError):
        fastsha256.hmac_sha256_many(b"k")


@pytest.mark.parametrize("a,b", [
    (b"", b""), (b"a", b"a"), (b"a", b"b"), (b"abc", b"ab"), (b"ab", b"abc"),
    (bytes(32), bytes(32)), (bytes(32), bytes(31) + b"\x01"), ("", ""), ("tag", "tag"),
    ("tag", "tap"), ("tag", "tags"), (b"tag", bytearray(b"tag")), (memoryview(b"tag"), b"tag"),
    (array.array("B", b"tag"), b"tag")])
def test_compare_digest_like_hmac(a, b):
    assert fastsha256.compare_digest(a, b) is hmac.compare_digest(a, b)
    assert fhmac.compare_digest(b, a) is hmac.compare_digest(b, a)


@pytest.mark.parametrize("a,b", [
    ("abc", b"abc"), (b"abc", "abc"), (1, 1), (None, b""), ("\u00e9", "\u00e9"),
    (memoryview(b"abcd")[::2], b"ac"), ("a", bytearray(b"a"))])
def test_compare_digest_errors_like_hmac(a, b):
    with pytest.raises(Exception) as want:
        hmac.compare_digest(a, b)
    with pytest.raises(want.type):
        fastsha256.compare_digest(a, b)


def test_compare_digest_arity():
    with pytest.raises(TypeError):
        fastsha256.compare_digest(b"a")
    with pytest.raises(TypeError):
        fastsha256.compare_digest(b"a", b"a", b"a")


def test_threads_share_an_hmac_object_and_batches():
    """Big updates drop the GIL; the object's lock keeps them whole."""
    chunk = bytes(range(256)) * 64  # 16 KiB, above GIL_MINSIZE
    shared = fhmac.new(b"shared key", digestmod="sha256")
    errors = []

    def work():
        try:
            for _ in range(20):
                shared.update(chunk)
            key = os.urandom(40)
            msgs = [os.urandom(100) for _ in range(300)]
            if fastsha256.hmac_sha256_many(key, msgs) != [hmac.digest(key, m, "sha256")
                                                          for m in msgs]:
                errors.append("batch mismatch")
            if fastsha256.hmac_sha224(key, chunk) != hmac.digest(key, chunk, "sha224"):
                errors.append("one-shot mismatch")
        except Exception as e:  # noqa: BLE001 - reported below
            errors.append(repr(e))

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    assert shared.digest() == hmac.digest(b"shared key", chunk * 80, "sha256")


def test_speed_example_runs():
    """examples/hmac_speed.py checks every tag against hmac before timing it."""
    import subprocess
    import sys
    script = pathlib.Path(__file__).resolve().parents[1] / "examples" / "hmac_speed.py"
    out = subprocess.run([sys.executable, str(script), "--count", "3000", "--reps", "1",
                          "--batch", "700"], capture_output=True, text=True, timeout=120,
                         env=dict(os.environ), check=True).stdout
    assert out.count(" best ") == 15 and "hmac_sha256_many(k, 700 msgs)" in out
