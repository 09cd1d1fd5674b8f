# SPDX-License-Identifier: Apache-2.0 OR MIT
"""The hash objects against hashlib: same digests, same behaviour, same errors."""
import hashlib
import io

import pytest
from buffer_kinds import buffer_objects, kind_id, same_outcome

import fastsha256

ALGOS = ["sha256", "sha224"]


def test_every_length_0_to_4096(rng, each_backend):
    data = rng.randbytes(4096)
    for algo in ALGOS:
        ours, ref = getattr(fastsha256, algo), getattr(hashlib, algo)
        for n in range(4097):
            assert ours(data[:n]).digest() == ref(data[:n]).digest(), (algo, n)


def test_random_large_sizes(rng):
    for _ in range(6):
        n = rng.randrange(4097, 3 << 20)
        data = rng.randbytes(n)
        assert fastsha256.sha256(data).hexdigest() == hashlib.sha256(data).hexdigest(), n
        assert fastsha256.sha224(data).hexdigest() == hashlib.sha224(data).hexdigest(), n


@pytest.mark.parametrize("kind,obj", list(buffer_objects()), ids=kind_id)
@pytest.mark.parametrize("algo", ALGOS)
@pytest.mark.parametrize("how", ["constructor", "update", "new"])
def test_buffer_types_like_hashlib(kind, obj, algo, how):
    def run(mod):
        if how == "constructor":
            return getattr(mod, algo)(obj).hexdigest()
        if how == "new":
            return mod.new(algo, obj).hexdigest()
        h = getattr(mod, algo)()
        h.update(obj)
        return h.hexdigest()

    same_outcome(lambda: run(fastsha256), lambda: run(hashlib))


def test_str_message_is_hashlibs():
    with pytest.raises(TypeError, match="^Strings must be encoded before hashing$"):
        fastsha256.sha256("abc")
    with pytest.raises(TypeError, match="^object supporting the buffer API required$"):
        fastsha256.sha256().update(3)


def test_streaming_random_splits_and_copy(rng, each_backend):
    for trial in range(60):
        data = rng.randbytes(rng.randrange(0, 20000))
        ours, ref = fastsha256.sha256(), hashlib.sha256()
        pos = 0
        while pos < len(data):
            step = rng.choice([1, 3, 55, 63, 64, 65, 127, 1000, 2048, 5000])
            chunk = data[pos:pos + step]
            ours.update(chunk)
            ref.update(chunk)
            pos += step
            if rng.random() < 0.2:  # a copy diverges from its original
                twin, ref_twin = ours.copy(), ref.copy()
                twin.update(b"tail")
                ref_twin.update(b"tail")
                assert twin.digest() == ref_twin.digest()
                assert ours.digest() == ref.digest()
        assert ours.hexdigest() == ref.hexdigest(), trial
        assert ours.digest() == ours.digest()  # digest() does not finalise the object
        ours.update(b"more")
        ref.update(b"more")
        assert ours.digest() == ref.digest()


@pytest.mark.parametrize("algo,size", [("sha256", 32), ("sha224", 28)])
def test_attributes(algo, size):
    h = getattr(fastsha256, algo)(b"x")
    assert h.name == algo
    assert h.digest_size == size == len(h.digest())
    assert h.block_size == 64
    assert len(h.hexdigest()) == 2 * size
    assert isinstance(h, fastsha256.Hash)
    assert isinstance(h.copy(), fastsha256.Hash)
    assert algo in repr(h)
    with pytest.raises(TypeError):
        fastsha256.Hash()
    with pytest.raises(AttributeError):
        h.name = "md5"


def test_constructor_arguments():
    ref = hashlib.sha256(b"abc").digest()
    assert fastsha256.sha256(data=b"abc").digest() == ref
    assert fastsha256.sha256(string=b"abc").digest() == ref  # hashlib's 3.11 keyword
    assert fastsha256.sha256(b"abc", usedforsecurity=False).digest() == ref
    assert fastsha256.sha256().digest() == hashlib.sha256().digest()
    assert fastsha256.new("sha256", b"abc").digest() == ref
    assert fastsha256.new("SHA256", data=b"abc").digest() == ref
    assert fastsha256.new(name="sha224").digest() == hashlib.sha224().digest()
    with pytest.raises(TypeError):
        fastsha256.sha256(b"a", b"b")
    with pytest.raises(TypeError):
        fastsha256.sha256(b"a", data=b"b")
    with pytest.raises(TypeError):
        fastsha256.sha256(colour=b"b")
    with pytest.raises(TypeError):
        fastsha256.new()
    with pytest.raises(TypeError):
        fastsha256.new(5)
    with pytest.raises(ValueError, match="unsupported hash type md5"):
        fastsha256.new("md5")
    with pytest.raises(TypeError):
        fastsha256.sha256().update()


def test_update_large_releases_and_keeps_state():
    data = bytes(range(256)) * 4096  # 1 MiB: takes the GIL-free path with the lock
    h = fastsha256.sha256()
    h.update(data)
    h.update(b"x")
    h.update(data)
    assert h.digest() == hashlib.sha256(data + b"x" + data).digest()


@pytest.mark.parametrize("algo", ALGOS)
def test_file_digest(tmp_path, rng, algo):
    data = rng.randbytes(1_000_003)
    path = tmp_path / "f.bin"
    path.write_bytes(data)
    want = getattr(hashlib, algo)(data).hexdigest()
    with open(path, "rb") as f:
        assert fastsha256.file_digest(f, algo).hexdigest() == want
    with open(path, "rb") as f:
        assert fastsha256.file_digest(f, getattr(fastsha256, algo)).hexdigest() == want
    assert fastsha256.file_digest(io.BytesIO(data), algo).hexdigest() == want
    if algo == "sha256":
        with open(path, "rb") as f:
            assert fastsha256.file_digest(f).hexdigest() == want


def test_file_digest_errors_like_hashlib(tmp_path):
    path = tmp_path / "t.txt"
    path.write_text("text")
    for make in (lambda: open(path, "r"), lambda: open(path, "wb"), lambda: io.StringIO("x")):
        with make() as f:  # both reject the object before reading it
            with pytest.raises(ValueError) as ref:
                hashlib.file_digest(f, "sha256")
            with pytest.raises(ValueError) as got:
                fastsha256.file_digest(f, "sha256")
        assert str(got.value) == str(ref.value)
    with pytest.raises(ValueError):
        fastsha256.file_digest(io.BytesIO(b""), "md5")
