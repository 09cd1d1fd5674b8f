# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Key derivation against Python's own hashlib.pbkdf2_hmac and an HKDF built on
the standard hmac module (SHA-256 and SHA-224 both): the RFC vectors (test/vectors/kdf), random inputs,
batches, every buffer type, the GIL released, and misuse (same errors as
hashlib)."""
import array
import hashlib
import hmac
import os
import pathlib
import random
import threading

import pytest

import fastsha256

VECTORS = pathlib.Path(os.environ.get(
    "FASTSHA256_VECTORS_DIR", pathlib.Path(__file__).resolve().parents[3] / "test" / "vectors")) / "kdf"
rng = random.Random(0x6B6466)


def rand_bytes(n):
    return bytes(rng.getrandbits(8) for _ in range(n))


HKDF_SIZE = {"sha256": 32, "sha224": 28}


def hkdf_ref(ikm, salt, info, length, hash_name="sha256"):
    """RFC 5869 with the standard hmac module."""
    size = HKDF_SIZE[hash_name]
    prk = hmac.new(salt or bytes(size), ikm, hash_name).digest()
    okm, t = b"", b""
    for i in range(1, -(-length // size) + 1):
        t = hmac.new(prk, t + info + bytes([i]), hash_name).digest()
        okm += t
    return okm[:length]


def vector_lines(name):
    for line in (VECTORS / name).read_text(encoding="ascii").splitlines():
        if line.strip() and not line.startswith("#"):
            yield line.split()


def unhex(s):
    return b"" if s == "-" else bytes.fromhex(s)


@pytest.mark.skipif(not (VECTORS / "pbkdf2.txt").exists(), reason="no test/vectors/kdf")

def test_every_backend_derives_alike(each_backend):
    """The backend switch reaches key derivation (one extension module)."""
    pw, salt = rand_bytes(70), rand_bytes(17)
    for name in ("sha256", "sha224"):
        assert fastsha256.pbkdf2_hmac(name, pw, salt, 300) == hashlib.pbkdf2_hmac(name, pw, salt, 300)
        assert fastsha256.pbkdf2_hmac_many(name, [pw, salt], salt, 3) == [
            hashlib.pbkdf2_hmac(name, p, salt, 3) for p in (pw, salt)]
        assert fastsha256.hkdf(name, pw, salt, b"info", 100) == hkdf_ref(pw, salt, b"info", 100, name)

def test_pbkdf2_vectors():
    for hash_name, pw, salt, c, dklen, dk in vector_lines("pbkdf2.txt"):
        got = fastsha256.pbkdf2_hmac(hash_name, unhex(pw), unhex(salt), int(c), int(dklen))
        assert got.hex() == dk, (hash_name, c)


@pytest.mark.parametrize("hash_name,file", [("sha256", "hkdf.txt"), ("sha224", "hkdf224.txt")])
def test_hkdf_vectors(hash_name, file):
    if not (VECTORS / file).exists():
        pytest.skip(f"no test/vectors/kdf/{file}")
    count = 0
    for ikm, salt, info, length, _prk, okm in vector_lines(file):
        assert fastsha256.hkdf(hash_name, unhex(ikm), unhex(salt), unhex(info), int(length)).hex() == okm
        count += 1
    assert count >= 3


@pytest.mark.parametrize("hash_name", ["sha256", "sha224"])
def test_pbkdf2_random_against_hashlib(hash_name):
    for i in range(60):
        pw, salt = rand_bytes(rng.randrange(301)), rand_bytes(rng.randrange(301))
        c = 1 + rng.randrange(3000 if i % 10 == 0 else 40)
        dklen = rng.choice([None, 1 + rng.randrange(200)])
        want = hashlib.pbkdf2_hmac(hash_name, pw, salt, c, dklen)
        assert fastsha256.pbkdf2_hmac(hash_name, pw, salt, c, dklen) == want, (len(pw), len(salt), c, dklen)


def test_pbkdf2_buffer_kinds_and_keywords():
    want = hashlib.pbkdf2_hmac("sha256", b"password", b"salt", 5, 40)
    for pw in (b"password", bytearray(b"password"), memoryview(b"password"), array.array("B", b"password")):
        assert fastsha256.pbkdf2_hmac("sha256", pw, memoryview(b"xsaltx")[1:5], 5, 40) == want
    assert fastsha256.pbkdf2_hmac(hash_name="SHA256", password=b"password", salt=b"salt",
                                  iterations=5, dklen=40) == want
    assert fastsha256.pbkdf2_hmac("sha256", b"pw", b"salt", True) == hashlib.pbkdf2_hmac("sha256", b"pw", b"salt", 1)


def error_of(fn, *args):
    try:
        fn(*args)
    except Exception as err:  # noqa: BLE001 - the type is what is compared
        return type(err)
    return None


BAD_PBKDF2 = [
    ("sha256", "pw", b"salt", 1), ("sha256", b"pw", "salt", 1), (b"sha256", b"pw", b"salt", 1),
    ("sha256", b"pw", b"salt", 0), ("sha256", b"pw", b"salt", -1), ("sha256", b"pw", b"salt", 2**31),
    ("sha256", b"pw", b"salt", 2**64), ("sha256", b"pw", b"salt", 1.0), ("sha256", b"pw", b"salt", 1, 0),
    ("sha256", b"pw", b"salt", 1, -1), ("sha256", b"pw", b"salt", 1, 2**31), ("sha256", b"pw", b"salt", 1, 1.5),
    ("nope", b"pw", b"salt", 1), ("sha256", None, b"salt", 1), ("sha256", b"pw", b"salt", "1"),
]


@pytest.mark.parametrize("args", BAD_PBKDF2, ids=repr)
def test_pbkdf2_errors_are_hashlibs(args):
    want = error_of(hashlib.pbkdf2_hmac, *args)
    assert want is not None
    got = error_of(fastsha256.pbkdf2_hmac, *args)
    assert got is not None and issubclass(got, want), (got, want)


def test_pbkdf2_unsupported_hash_is_a_value_error():
    with pytest.raises(ValueError, match="unsupported hash type"):
        fastsha256.pbkdf2_hmac("sha512", b"pw", b"salt", 1)
    with pytest.raises(TypeError):
        fastsha256.pbkdf2_hmac("sha256", b"pw", b"salt")


@pytest.mark.parametrize("hash_name", ["sha256", "sha224"])
def test_pbkdf2_many_against_hashlib(hash_name):
    for n in (0, 1, 2, 3, 4, 5, 8, 9, 16, 17, 33):
        pws = [rand_bytes(rng.randrange(150)) for _ in range(n)]
        salts = [rand_bytes(rng.randrange(100)) for _ in range(n)]
        dklen = rng.choice([None, 1 + rng.randrange(100)])
        want = [hashlib.pbkdf2_hmac(hash_name, p, s, 7, dklen) for p, s in zip(pws, salts)]
        assert fastsha256.pbkdf2_hmac_many(hash_name, pws, salts, 7, dklen) == want
        one = [hashlib.pbkdf2_hmac(hash_name, p, b"salt", 7, dklen) for p in pws]
        assert fastsha256.pbkdf2_hmac_many(hash_name, pws, b"salt", 7, dklen) == one
        assert fastsha256.pbkdf2_hmac_many(hash_name, tuple(pws), memoryview(b"salt"), 7, dklen) == one


def test_pbkdf2_many_errors():
    with pytest.raises(TypeError):
        fastsha256.pbkdf2_hmac_many("sha256", b"pw", b"salt", 1)
    with pytest.raises(TypeError):
        fastsha256.pbkdf2_hmac_many("sha256", [b"a", "b"], b"salt", 1)
    with pytest.raises(TypeError):
        fastsha256.pbkdf2_hmac_many("sha256", 5, b"salt", 1)
    with pytest.raises(ValueError):
        fastsha256.pbkdf2_hmac_many("sha256", [b"a", b"b"], [b"s"], 1)
    with pytest.raises(ValueError):
        fastsha256.pbkdf2_hmac_many("sha256", [b"a"], b"s", 0)
    with pytest.raises(ValueError):
        fastsha256.pbkdf2_hmac_many("md5", [b"a"], b"s", 1)


@pytest.mark.parametrize("hash_name", ["sha256", "sha224"])
def test_hkdf_random_against_hmac(hash_name):
    size = HKDF_SIZE[hash_name]
    for i in range(80):
        ikm, salt, info = rand_bytes(rng.randrange(301)), rand_bytes(rng.randrange(120)), rand_bytes(rng.randrange(200))
        length = 255 * size if i == 0 else 1 + rng.randrange(300 if i % 2 else 255 * size)
        want = hkdf_ref(ikm, salt, info, length, hash_name)
        assert fastsha256.hkdf(hash_name, ikm, salt, info, length) == want, length
    assert fastsha256.hkdf(hash_name, b"ikm") == hkdf_ref(b"ikm", b"", b"", size, hash_name)
    assert fastsha256.hkdf(hash_name, b"ikm", length=None) == hkdf_ref(b"ikm", b"", b"", size, hash_name)
    assert fastsha256.hkdf(hash_name, ikm=b"k", info=b"i", length=5) == hkdf_ref(b"k", b"", b"i", 5, hash_name)


@pytest.mark.parametrize("hash_name", ["sha256", "sha224"])
def test_hkdf_length_edges(hash_name):
    """Around one block and at the RFC's limit, 255 blocks; an empty salt is
    HashLen zeros."""
    size = HKDF_SIZE[hash_name]
    for length in (1, size - 1, size, size + 1, 2 * size, 255 * size - 1, 255 * size):
        want = hkdf_ref(b"ikm", b"salt", b"info", length, hash_name)
        assert fastsha256.hkdf(hash_name, b"ikm", b"salt", b"info", length) == want, length
    assert fastsha256.hkdf(hash_name, b"ikm", b"", b"i", 40) == fastsha256.hkdf(hash_name, b"ikm", bytes(size), b"i", 40)
    with pytest.raises(ValueError, match=f"at most 255 \\* {size} = {255 * size}"):
        fastsha256.hkdf(hash_name, b"ikm", b"", b"", 255 * size + 1)
    for bad in (0, -1):
        with pytest.raises(ValueError):
            fastsha256.hkdf(hash_name, b"ikm", b"", b"", bad)
    with pytest.raises(OverflowError):
        fastsha256.hkdf(hash_name, b"ikm", b"", b"", 2**64)
    with pytest.raises(TypeError):
        fastsha256.hkdf(hash_name, b"ikm", b"", b"", 32.0)


def test_hkdf_errors():
    with pytest.raises(ValueError):
        fastsha256.hkdf("sha256", b"ikm", b"", b"", 255 * 32 + 1)
    with pytest.raises(ValueError):
        fastsha256.hkdf("sha224", b"ikm", b"", b"", 255 * 28 + 1)
    with pytest.raises(ValueError):
        fastsha256.hkdf("sha256", b"ikm", b"", b"", 0)
    with pytest.raises(TypeError):
        fastsha256.hkdf("sha224", b"ikm", "salt")
    with pytest.raises(TypeError):
        fastsha256.hkdf("sha224", b"ikm", b"", "info")
    with pytest.raises(ValueError):
        fastsha256.hkdf("md5", b"ikm")
    with pytest.raises(TypeError):
        fastsha256.hkdf("sha256", "ikm")
    with pytest.raises(TypeError):
        fastsha256.hkdf(b"sha256", b"ikm")


def test_pbkdf2_releases_the_gil():
    """Another thread runs while a long derivation is in C."""
    ticks = []
    stop = threading.Event()

    def count():
        while not stop.is_set():
            ticks.append(1)

    t = threading.Thread(target=count)
    t.start()
    try:
        for _ in range(5):
            fastsha256.pbkdf2_hmac("sha256", b"pw", b"salt", 200000)
            fastsha256.pbkdf2_hmac_many("sha256", [b"a", b"b"], b"salt", 100000)
    finally:
        stop.set()
        t.join()
    assert len(ticks) > 1000
