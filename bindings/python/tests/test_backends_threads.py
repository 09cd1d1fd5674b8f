# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Backends by name, the NIST CAVP vectors through each, and threads."""
import hashlib
import os
import pathlib
import threading

import pytest

import fastsha256

VECTORS = pathlib.Path(os.environ.get(
    "FASTSHA256_VECTORS_DIR",
    pathlib.Path(__file__).resolve().parents[3] / "test" / "vectors")) / "nist-cavp"


def test_backend_listing():
    names = fastsha256.backends()
    assert names and "scalar" in names
    assert set(names) <= set(fastsha256.all_backends())
    assert fastsha256.backend() in names
    assert isinstance(fastsha256.hex_backend(), str)
    assert fastsha256.__version__.count(".") == 2


def test_one_module_serves_every_call():
    """One extension module: one copy of the library, so the backend chosen by
    set_backend is the one key derivation and the trees run on too."""
    from fastsha256 import _fastsha256 as core
    for name in ("sha256", "hmac_sha256", "pbkdf2_hmac", "hkdf", "fsverity_digest",
                 "rfc6962_root", "glacier", "TreeHash", "set_backend"):
        assert getattr(fastsha256, name) is getattr(core, name)
    package = pathlib.Path(fastsha256.__file__).parent
    assert sorted(p.name.split(".")[0] for p in package.glob("*.so")) == ["_fastsha256"]


def test_set_backend_errors():
    before = fastsha256.backend()
    for bad in ["nope", "", "SHANI", "scalar\0x", "scalar "]:
        with pytest.raises(ValueError):
            fastsha256.set_backend(bad)
        assert fastsha256.backend() == before
    unsupported = set(fastsha256.all_backends()) - set(fastsha256.backends())
    for name in unsupported | {"armv8" if "armv8" not in fastsha256.backends() else "shani"}:
        if name not in fastsha256.backends():
            with pytest.raises(ValueError):
                fastsha256.set_backend(name)
    with pytest.raises(TypeError):
        fastsha256.set_backend(None)
    with pytest.raises(TypeError):
        fastsha256.set_backend(b"scalar")


def test_set_backend_auto():
    fastsha256.set_backend("scalar")
    assert fastsha256.backend() == "scalar"
    fastsha256.set_backend("auto")
    assert fastsha256.backend() == fastsha256.backends()[0]


def parse_rsp(path):
    entries, length, msg = [], None, None
    for line in path.read_text().splitlines():
        if line.startswith("Len = "):
            length = int(line[6:])
        elif line.startswith("Msg = "):
            msg = bytes.fromhex(line[6:])[:length // 8]
        elif line.startswith("MD = ") and msg is not None:
            entries.append((msg, line[5:].strip()))
            msg = None
    return entries


def rsp_files():
    if not VECTORS.is_dir():
        return []
    return sorted(p for p in VECTORS.rglob("*Msg.rsp"))


@pytest.mark.parametrize("path", rsp_files(), ids=lambda p: str(p.relative_to(VECTORS)))
def test_nist_vectors(path, each_backend):
    entries = parse_rsp(path)
    assert len(entries) >= 64
    algo = "sha224" if "SHA224" in path.name else "sha256"
    for msg, md in entries:
        assert getattr(fastsha256, algo)(msg).hexdigest() == md
        h = getattr(fastsha256, algo)()
        for i in range(0, len(msg), 37):
            h.update(msg[i:i + 37])
        assert h.hexdigest() == md
    if algo == "sha256":
        assert fastsha256.sha256_many([m for m, _ in entries], hex=True) == [d for _, d in entries]


@pytest.mark.parametrize("path", sorted(VECTORS.rglob("*Monte.rsp")) if VECTORS.is_dir() else [],
                         ids=lambda p: str(p.relative_to(VECTORS)))
def test_nist_monte_carlo(path, each_backend):
    """SHAVS 6.4: each checkpoint is 1000 chained hashes of three previous digests."""
    algo = "sha224" if "SHA224" in path.name else "sha256"
    fn = getattr(fastsha256, algo)
    seed, checkpoints = None, []
    for line in path.read_text().splitlines():
        if line.startswith("Seed = "):
            seed = bytes.fromhex(line[7:])
        elif line.startswith("MD = "):
            checkpoints.append(line[5:].strip())
    assert seed is not None and len(checkpoints) == 100
    for want in checkpoints[:20]:  # 20 of 100 checkpoints: 20 000 hashes per backend
        md = [seed, seed, seed]
        for _ in range(1000):
            md = [md[1], md[2], fn(md[0] + md[1] + md[2]).digest()]
        seed = md[2]
        assert seed.hex() == want


@pytest.fixture
def restore_backend():
    yield
    fastsha256.reset_backend()


def test_threads_hash_while_backend_switches(rng, restore_backend):
    msgs = [rng.randbytes(rng.randrange(0, 300)) for _ in range(2000)]
    big = rng.randbytes(1 << 20)
    want_many = [hashlib.sha256(m).digest() for m in msgs]
    want_big = hashlib.sha256(big).digest()
    packed = b"".join(m.ljust(300, b"\0") for m in msgs[:500])
    want_packed = b"".join(hashlib.sha256(packed[i:i + 300]).digest()
                           for i in range(0, len(packed), 300))
    stop = threading.Event()
    errors = []

    def switcher():
        names = fastsha256.backends()
        i = 0
        while not stop.is_set():
            fastsha256.set_backend(names[i % len(names)])
            i += 1

    def worker():
        try:
            for _ in range(15):
                assert fastsha256.sha256_many(msgs) == want_many
                assert fastsha256.sha256(big).digest() == want_big
                assert fastsha256.sha256_packed(packed, 300, 300) == want_packed
                h = fastsha256.sha256()
                for i in range(0, len(big), 100_000):
                    h.update(big[i:i + 100_000])
                assert h.digest() == want_big
        except Exception as e:  # reported in the main thread
            errors.append(e)

    threads = [threading.Thread(target=worker) for _ in range(3)]
    sw = threading.Thread(target=switcher)
    sw.start()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    stop.set()
    sw.join()
    assert not errors, errors


def test_one_object_shared_by_threads(rng):
    """Updates from several threads are serialised by the object's lock."""
    block = rng.randbytes(1 << 16)
    h = fastsha256.sha256()
    per_thread = 40

    def feed():
        for _ in range(per_thread):
            h.update(block)

    threads = [threading.Thread(target=feed) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert h.digest() == hashlib.sha256(block * (4 * per_thread)).digest()
