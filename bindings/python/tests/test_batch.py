# SPDX-License-Identifier: Apache-2.0 OR MIT
"""sha256_many and sha256_packed against one hashlib call per message."""
import array
import hashlib

import pytest

import fastsha256


def ref_hex(msgs):
    return [hashlib.sha256(m).hexdigest() for m in msgs]


def test_many_mixed_lengths(rng, each_backend):
    lengths = [rng.choice([0, 1, 13, 14, 55, 56, 63, 64, 65, 119, 120, 200, 1000, 5000])
               for _ in range(3000)]
    msgs = [rng.randbytes(n) for n in lengths]
    want = ref_hex(msgs)
    assert fastsha256.sha256_many(msgs, hex=True) == want
    assert [d.hex() for d in fastsha256.sha256_many(msgs)] == want


def test_many_runs_of_equal_length(rng):
    msgs = [rng.randbytes(14) for _ in range(5000)] + [b""] * 700 + [rng.randbytes(55)] * 9
    assert fastsha256.sha256_many(msgs, hex=True) == ref_hex(msgs)


def test_many_buffer_kinds_and_iterables():
    items = [b"abc", bytearray(b"abc"), memoryview(b"xabcx")[1:4], array.array("B", b"abc"), b""]
    want = ref_hex(items)
    assert fastsha256.sha256_many(items, hex=True) == want
    assert fastsha256.sha256_many(tuple(items), hex=True) == want
    assert fastsha256.sha256_many(iter(items), hex=True) == want
    assert fastsha256.sha256_many((x for x in items), hex=True) == want
    assert fastsha256.sha256_many([]) == []
    assert fastsha256.sha256_many([], hex=True) == []
    out = fastsha256.sha256_many([b"a"], hex=True)
    assert type(out) is list and type(out[0]) is str
    assert type(fastsha256.sha256_many([b"a"])[0]) is bytes


def test_many_bad_inputs():
    with pytest.raises(TypeError, match="Strings must be encoded before hashing"):
        fastsha256.sha256_many([b"a", "b"])
    with pytest.raises(TypeError, match="object supporting the buffer API required"):
        fastsha256.sha256_many([b"a"] * 1000 + [None])
    with pytest.raises(BufferError):
        fastsha256.sha256_many([memoryview(b"abcd")[::2]])
    with pytest.raises(TypeError):
        fastsha256.sha256_many(5)
    with pytest.raises(TypeError):
        fastsha256.sha256_many(b"abc")  # would hash small ints
    with pytest.raises(TypeError):
        fastsha256.sha256_many("abc")
    with pytest.raises(TypeError):
        fastsha256.sha256_many([b"a"], True)  # hex is keyword-only


@pytest.mark.parametrize("stride,length", [(14, 14), (16, 14), (64, 55), (64, 64), (100, 0),
                                          (1, 1), (200, 130), (3, 0)])
def test_packed(rng, stride, length, each_backend):
    n = 777
    buf = rng.randbytes(n * stride)
    want = ref_hex(buf[i * stride:i * stride + length] for i in range(n))
    assert fastsha256.sha256_packed(buf, stride, length, hex=True) == "".join(want)
    raw = fastsha256.sha256_packed(buf, stride, length)
    assert type(raw) is bytes and len(raw) == 32 * n
    assert [raw[i:i + 32].hex() for i in range(0, len(raw), 32)] == want


def test_packed_buffer_kinds_and_tail(rng):
    buf = rng.randbytes(14 * 10)
    want = fastsha256.sha256_packed(buf, 14, 14)
    assert fastsha256.sha256_packed(bytearray(buf), 14, 14) == want
    assert fastsha256.sha256_packed(memoryview(buf), 14, 14) == want
    assert fastsha256.sha256_packed(array.array("B", buf), 14, 14) == want
    # the last record need not carry its padding
    padded = rng.randbytes(20 * 5)
    assert (fastsha256.sha256_packed(padded[:-6], 20, 14)
            == fastsha256.sha256_packed(padded, 20, 14))
    assert fastsha256.sha256_packed(b"", 14, 14) == b""
    assert fastsha256.sha256_packed(b"", 14, 14, hex=True) == ""


def test_packed_numpy_column(rng):
    np = pytest.importorskip("numpy")
    col = np.array([rng.randbytes(rng.randrange(1, 15)) for _ in range(1000)], dtype="S14")
    got = fastsha256.sha256_packed(col, 14, 14, hex=True)
    want = "".join(hashlib.sha256(bytes(x).ljust(14, b"\0")).hexdigest() for x in col)
    assert got == want


def test_packed_bad_inputs():
    buf = bytes(140)
    for stride, length in [(0, 0), (-14, 14), (0, 14), (10, 14), (14, -1)]:
        with pytest.raises(ValueError):
            fastsha256.sha256_packed(buf, stride, length)
    with pytest.raises(ValueError, match="whole number of records"):
        fastsha256.sha256_packed(bytes(141), 14, 14)
    with pytest.raises(TypeError, match="Strings must be encoded before hashing"):
        fastsha256.sha256_packed("x" * 14, 14, 14)
    with pytest.raises(TypeError, match="object supporting the buffer API required"):
        fastsha256.sha256_packed(None, 14, 14)
    with pytest.raises(BufferError):
        fastsha256.sha256_packed(memoryview(buf)[::2], 14, 14)
    with pytest.raises(TypeError):
        fastsha256.sha256_packed(buf, 14.0, 14)
    with pytest.raises(TypeError):
        fastsha256.sha256_packed(buf, "14", 14)
    with pytest.raises(TypeError):
        fastsha256.sha256_packed(buf, 14)
