# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Saved states: export_state() and from_state() in Go's format,
against hashlib, Go-made states (test/vectors/go-states.txt) and every
backend; foreign states refused with hashlib's kinds of error."""
import hashlib
import pathlib

import pytest

import fastsha256

VECTORS = pathlib.Path(__file__).resolve().parents[3] / "test" / "vectors" / "go-states.txt"
EDGES = [0, 1, 55, 56, 57, 63, 64, 65, 127, 128, 129, 192, 256, 1000]


def go_vectors():
    rows = []
    for line in VECTORS.read_text().splitlines():
        if line and not line.startswith("#"):
            alg, prefix, state, suffix, digest = line.split()
            unhex = lambda h: b"" if h == "-" else bytes.fromhex(h)  # noqa: E731
            rows.append((alg, unhex(prefix), unhex(state), unhex(suffix), digest))
    return rows


def fed_in_pieces(name, data, rng):
    """A hash of data fed in uneven pieces (stale bytes in its buffer)."""
    h = fastsha256.new(name)
    at = 0
    while at < len(data):
        n = rng.randrange(1, 100)
        h.update(data[at:at + n])
        at += n
    return h


@pytest.mark.parametrize("name", ["sha256", "sha224"])
def test_round_trip_at_edge_splits(name, rng):
    for split in EDGES:
        for extra in (0, 1, 63, 64, 65, 200):
            msg = rng.randbytes(split + extra)
            state = fed_in_pieces(name, msg[:split], rng).export_state()
            assert isinstance(state, bytes) and len(state) == 108
            h = fastsha256.from_state(state)
            assert (h.name, h.digest_size) == (name, hashlib.new(name).digest_size)
            h.update(msg[split:])
            assert h.hexdigest() == hashlib.new(name, msg).hexdigest(), (split, extra)


def test_go_made_states():
    rows = go_vectors()
    assert len(rows) == 18
    for alg, prefix, state, suffix, digest in rows:
        assert fastsha256.new(alg, prefix).export_state() == state, (alg, len(prefix))
        h = fastsha256.from_state(bytearray(state))  # any bytes-like object
        assert h.name == alg
        h.update(suffix)
        assert h.hexdigest() == digest


def test_between_backends(rng):
    msg = rng.randbytes(777)
    want = hashlib.sha256(msg).hexdigest()
    try:
        for a in fastsha256.backends():
            for b in fastsha256.backends():
                fastsha256.set_backend(a)
                state = fastsha256.sha256(msg[:300]).export_state()
                fastsha256.set_backend(b)
                h = fastsha256.from_state(memoryview(state))
                h.update(msg[300:])
                assert h.hexdigest() == want, (a, b)
    finally:
        fastsha256.reset_backend()


def test_export_leaves_the_hash_as_it_was():
    h = fastsha256.sha224(b"x" * 70)
    state = h.export_state()
    assert h.export_state() == state
    h.update(b"more")
    assert h.hexdigest() == hashlib.sha224(b"x" * 70 + b"more").hexdigest()
    h.digest()  # digest() does not finalize a hashlib-like object: it still exports
    assert fastsha256.from_state(h.export_state()).digest() == h.digest()
    resumed = fastsha256.from_state(state)
    twin = resumed.copy()
    twin.update(b"!")
    assert resumed.digest() == hashlib.sha224(b"x" * 70).digest()


def test_refuses_foreign_states():
    good = fastsha256.sha256(b"y" * 70).export_state()  # 6 bytes buffered
    dirty = bytearray(good)
    dirty[4 + 32 + 6] = 1
    for bad in (good[:-1], good + b"\0", b"", b"sha\x01" + good[4:], b"md5\x03" + good[4:],
                bytes(dirty), bytes(108)):
        with pytest.raises(ValueError, match="not a saved SHA-256 or SHA-224 state"):
            fastsha256.from_state(bad)
    for wrong in ("sha\x03" + "0" * 104, None, 108, [0] * 108):
        with pytest.raises(TypeError):
            fastsha256.from_state(wrong)
    with pytest.raises(TypeError):
        fastsha256.from_state()
    with pytest.raises(BufferError):
        fastsha256.from_state(memoryview(good + good)[::2])


def test_hmac_objects_have_no_saved_state():
    h = fastsha256.hmac.new(b"key", b"msg", "sha256")
    assert not hasattr(h, "export_state")
    with pytest.raises(AttributeError):
        h.export_state()
