# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Hash trees: against the formats' real tools where installed (fsverity,
veritysetup, libtorrent, botocore), the library's CLI fastsha256-tree, the
published RFC 6962 vectors, and small hashlib models written from the
specifications; then streaming, leaf ranges, threads and the errors."""
import hashlib
import json
import os
import pathlib
import shutil
import subprocess
import threading

import pytest

import fastsha256

ROOT = pathlib.Path(__file__).resolve().parents[3]
VECTORS = pathlib.Path(os.environ.get("FASTSHA256_VECTORS_DIR", ROOT / "test" / "vectors"))
# Sizes at the formats' edges: blocks of 4 KiB, 16 KiB leaves, 1 MiB chunks,
# a third fs-verity level (128 digests a block).
SIZES = [0, 1, 4095, 4096, 4097, 16384, 16385, (1 << 20) + 1, 4096 * 128 * 3 + 5,
         3 * (1 << 20) + 7]


def tree_cli():
    """The build's fastsha256-tree: FASTSHA256_TREE, or beside the module."""
    path = os.environ.get("FASTSHA256_TREE")
    if not path:
        build = pathlib.Path(fastsha256.__file__).resolve().parents[3]
        path = build / "tools" / "fastsha256-tree"
    return str(path) if os.access(path, os.X_OK) else None


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    rng = __import__("random").Random(37)
    d = tmp_path_factory.mktemp("trees")
    out = {}
    for n in SIZES:
        p = d / f"f{n}"
        p.write_bytes(rng.randbytes(n))
        out[n] = p
    return out


# --- Models from the specifications (hashlib only) ------------------------

def model_glacier(data):
    level = [hashlib.sha256(data[i:i + (1 << 20)]).digest()
             for i in range(0, len(data), 1 << 20)] or [hashlib.sha256().digest()]
    while len(level) > 1:
        nxt = [hashlib.sha256(level[i] + level[i + 1]).digest()
               for i in range(0, len(level) - 1, 2)]
        level = nxt + ([level[-1]] if len(level) % 2 else [])
    return level[0]


def model_bt2(data):
    level = [hashlib.sha256(data[i:i + 16384]).digest() for i in range(0, len(data), 16384)]
    width = 1
    while width < len(level):
        width *= 2
    level += [bytes(32)] * (width - len(level))
    while len(level) > 1:
        level = [hashlib.sha256(level[i] + level[i + 1]).digest()
                 for i in range(0, len(level), 2)]
    return level[0]


def model_fsverity(data, block_size=4096, salt=b""):
    padded_salt = salt + bytes(-len(salt) % 64) if salt else b""

    def blocks_hashed(buf):
        return b"".join(hashlib.sha256(padded_salt + buf[i:i + block_size].ljust(block_size,
                                                                                   b"\0")).digest()
                        for i in range(0, len(buf), block_size))
    root = bytes(32)
    level = data
    if data:
        while True:
            level = blocks_hashed(level)
            if len(level) == 32:
                root = level
                break
    desc = (bytes([1, 1, block_size.bit_length() - 1, len(salt)]) + bytes(4)
            + len(data).to_bytes(8, "little") + root.ljust(64, b"\0")
            + salt.ljust(32, b"\0") + bytes(144))
    return hashlib.sha256(desc).digest()


# --- One-shot calls against the tools and models ---------------------------

@pytest.mark.parametrize("n", SIZES)
def test_glacier_and_bt2_match_the_models(files, n):
    data = files[n].read_bytes()
    assert fastsha256.glacier_tree_hash(data) == model_glacier(data)
    assert fastsha256.glacier_tree_hash_file(files[n]) == model_glacier(data)
    if n:
        assert fastsha256.bt2_pieces_root(data) == model_bt2(data)
        assert fastsha256.bt2_pieces_root_file(str(files[n])) == model_bt2(data)


@pytest.mark.parametrize("block_size,salt", [(4096, b""), (1024, b"\xab"), (65536, bytes(32)),
                                             (2048, bytes(range(1, 33)))])
def test_fsverity_matches_the_model(files, block_size, salt):
    for n in (0, 1, 4097, 4096 * 128 * 3 + 5):
        data = files[n].read_bytes()
        want = model_fsverity(data, block_size, salt)
        assert fastsha256.fsverity_digest(data, block_size=block_size, salt=salt) == want
        assert fastsha256.fsverity_digest_file(files[n], block_size=block_size,
                                               salt=salt) == want


@pytest.mark.skipif(shutil.which("fsverity") is None, reason="fsverity is not installed")
@pytest.mark.parametrize("block_size,salt", [(4096, b""), (1024, b"\x01\x02"), (8192, bytes(32))])
def test_fsverity_matches_the_fsverity_tool(files, block_size, salt):
    names = [files[n] for n in SIZES]
    out = subprocess.run(["fsverity", "digest", "--hash-alg=sha256", f"--block-size={block_size}",
                          f"--salt={salt.hex()}", *map(str, names)],
                         capture_output=True, text=True, check=True).stdout.splitlines()
    for line, path in zip(out, names, strict=True):
        got = fastsha256.fsverity_digest(path.read_bytes(), block_size=block_size, salt=salt)
        assert line == f"sha256:{got.hex()} {path}"


def veritysetup_root(path, hashfile, *args):
    if hashfile.exists():
        hashfile.unlink()  # veritysetup never truncates a longer hash file
    out = subprocess.run(["veritysetup", "format", "--no-superblock", *args, str(path),
                          str(hashfile)], capture_output=True, text=True, check=True).stdout
    line = next(s for s in out.splitlines() if s.startswith("Root hash:"))
    return bytes.fromhex(line.split()[-1])


@pytest.mark.skipif(shutil.which("veritysetup") is None and not os.path.exists(
    "/usr/sbin/veritysetup"), reason="veritysetup is not installed")
@pytest.mark.parametrize("dbs,hbs,salt,fmt", [(4096, 4096, b"", 1), (512, 1024, b"\x5a" * 256, 1),
                                              (4096, 512, b"salt", 0), (1024, 4096, b"\x01", 0)])
def test_dmverity_matches_veritysetup(files, tmp_path, dbs, hbs, salt, fmt, monkeypatch):
    monkeypatch.setenv("PATH", os.environ["PATH"] + ":/usr/sbin:/sbin")
    for n in (4096, 4097, 16385, 4096 * 128 * 3 + 5):
        args = [f"--data-block-size={dbs}", f"--hash-block-size={hbs}", f"--format={fmt}",
                f"--salt={salt.hex() or '-'}"]
        want = veritysetup_root(files[n], tmp_path / "hash", *args)
        opts = dict(data_block_size=dbs, hash_block_size=hbs, salt=salt, format=fmt)
        assert fastsha256.dmverity_root(files[n].read_bytes(), **opts) == want
        assert fastsha256.dmverity_root_file(files[n], **opts) == want


def test_bt2_matches_libtorrent(files):
    lt = pytest.importorskip("libtorrent", reason="python3-libtorrent (run with /usr/bin/python3)")
    for n in SIZES[1:]:
        fs = lt.file_storage()
        lt.add_files(fs, str(files[n]))
        t = lt.create_torrent(fs, 0, lt.create_torrent.v2_only)
        lt.set_piece_hashes(t, str(files[n].parent))
        node = t.generate()[b"info"][b"file tree"][files[n].name.encode()][b""]
        assert fastsha256.bt2_pieces_root(files[n].read_bytes()) == node[b"pieces root"]


def test_glacier_matches_botocore(files):
    utils = pytest.importorskip("botocore.utils", reason="python3-botocore")
    for n in SIZES:
        with open(files[n], "rb") as f:
            want = utils.calculate_tree_hash(f)
        assert fastsha256.glacier_tree_hash(files[n].read_bytes()).hex() == want


@pytest.mark.parametrize("mode", ["fsverity", "bt2", "glacier"])
def test_matches_the_cli(files, mode):
    cli = tree_cli()
    if cli is None:
        pytest.skip("fastsha256-tree not built beside the module (set FASTSHA256_TREE)")
    names = [str(files[n]) for n in SIZES if n or mode != "bt2"]
    args = ["--salt=0a0b"] if mode == "fsverity" else []
    out = subprocess.run([cli, mode, *args, *names], capture_output=True, text=True,
                         check=True).stdout.splitlines()
    call = {"fsverity": lambda d: fastsha256.fsverity_digest(d, salt=b"\x0a\x0b"),
            "bt2": fastsha256.bt2_pieces_root, "glacier": fastsha256.glacier_tree_hash}[mode]
    for line, name in zip(out, names, strict=True):
        got = call(pathlib.Path(name).read_bytes()).hex()
        assert line == (f"sha256:{got} {name}" if mode == "fsverity" else f"{got}  {name}")


def test_dmverity_matches_the_cli(files, tmp_path):
    cli = tree_cli()
    if cli is None:
        pytest.skip("fastsha256-tree not built beside the module (set FASTSHA256_TREE)")
    out = subprocess.run([cli, "dmverity", "--salt=abcd", "--format=0", str(files[16385]),
                          str(tmp_path / "h")], capture_output=True, text=True, check=True).stdout
    got = fastsha256.dmverity_root(files[16385].read_bytes(), salt=b"\xab\xcd", format=0)
    assert out.splitlines()[-1].split()[-1] == got.hex()


def test_rfc6962_published_vectors():
    v = json.loads((VECTORS / "trees" / "rfc6962_vectors.json").read_text())
    leaves = [bytes.fromhex(h) for h in v["leaves_hex"]]
    for n, root in v["roots_hex"].items():
        assert fastsha256.rfc6962_root(leaves[:int(n)]).hex() == root
        assert fastsha256.rfc6962_root(tuple(bytearray(x) for x in leaves[:int(n)])).hex() == root
    for i, h in enumerate(v["leaf_hashes_hex"]):
        assert fastsha256.rfc6962_root([leaves[i]]).hex() == h


def test_rfc6962_many_leaves_match_the_definition(rng):
    leaves = [rng.randbytes(rng.randrange(0, 100)) for _ in range(1000)]

    def mth(d):
        if not d:
            return hashlib.sha256().digest()
        if len(d) == 1:
            return hashlib.sha256(b"\0" + d[0]).digest()
        k = 1 << ((len(d) - 1).bit_length() - 1)
        return hashlib.sha256(b"\1" + mth(d[:k]) + mth(d[k:])).digest()
    for n in (2, 3, 255, 256, 257, 1000):
        assert fastsha256.rfc6962_root(leaves[:n]) == mth(leaves[:n])


def test_every_backend_agrees(files, each_backend):
    data = files[3 * (1 << 20) + 7].read_bytes()
    assert fastsha256.glacier_tree_hash(data) == model_glacier(data)
    assert fastsha256.bt2_pieces_root(data) == model_bt2(data)
    assert fastsha256.fsverity_digest(data, salt=b"x") == model_fsverity(data, 4096, b"x")


# --- Streaming, leaf ranges, threads ---------------------------------------

def one_shot(kind, data):
    return {"fsverity": lambda: fastsha256.fsverity_digest(data, block_size=1024, salt=b"s"),
            "dmverity": lambda: fastsha256.dmverity_root(data, data_block_size=1024, salt=b"s"),
            "bt2": lambda: fastsha256.bt2_pieces_root(data),
            "glacier": lambda: fastsha256.glacier_tree_hash(data)}[kind]()


def stream(kind, n):
    return {"fsverity": lambda: fastsha256.fsverity(block_size=1024, salt=b"s"),
            "dmverity": lambda: fastsha256.dmverity(n, data_block_size=1024, salt=b"s"),
            "bt2": fastsha256.bt2, "glacier": fastsha256.glacier}[kind]()


@pytest.mark.parametrize("kind", ["fsverity", "dmverity", "bt2", "glacier"])
def test_updates_in_random_pieces_equal_one_shot(files, rng, kind):
    data = files[3 * (1 << 20) + 7].read_bytes()
    t = stream(kind, len(data))
    at = 0
    while at < len(data):
        step = rng.choice([1, 63, 1000, 4096, 70000, 1 << 20])
        t.update(memoryview(data)[at:at + step])
        at += step
    want = one_shot(kind, data)
    assert t.digest() == want and t.digest() == want  # digest() leaves the object usable
    assert t.hexdigest() == want.hex()
    assert t.name == kind and t.digest_size == 32


@pytest.mark.parametrize("kind", ["fsverity", "dmverity", "bt2", "glacier"])
def test_leaf_ranges_then_the_tail_equal_one_shot(files, kind):
    data = files[3 * (1 << 20) + 7].read_bytes()
    t = stream(kind, len(data))
    leaf = t.leaf_size
    whole = len(data) // leaf * leaf
    cut = whole // 3 // leaf * leaf
    worker = stream(kind, len(data))  # another object of the same options
    first, second = worker.leaves(data[:cut]), worker.leaves(data[cut:whole])
    assert len(first) == 32 * (cut // leaf)
    t.add_leaves(first)
    t.add_leaves(second)
    t.update(data[whole:])
    assert t.digest() == one_shot(kind, data)


@pytest.mark.parametrize("kind", ["fsverity", "dmverity", "bt2", "glacier"])
def test_small_pieces_are_gathered_and_large_ones_passed_on(rng, kind):
    data = rng.randbytes(9 * (1 << 20) + 4097)
    t = stream(kind, len(data))
    cuts = [1, 65536, 70000, 5 << 20, 16384, 4 << 20, 300]
    at = k = 0
    while at < len(data):
        t.update(data[at:at + cuts[k % len(cuts)]])
        at += cuts[k % len(cuts)]
        k += 1
        if k == 3:  # a digest on the way (dm-verity has none), then a copy going on alone
            if kind != "dmverity":
                assert t.digest() == one_shot(kind, data[:at])
            u = t.copy()
            u.update(data[at:])
            assert u.digest() == one_shot(kind, data)
    assert t.digest() == one_shot(kind, data)


def test_leaves_added_after_small_pieces(files):
    data = files[3 * (1 << 20) + 7].read_bytes()
    t = fastsha256.bt2()
    for at in range(0, 16384 * 5, 4096):  # five leaves, gathered
        t.update(data[at:at + 4096])
    t.add_leaves(t.leaves(data[16384 * 5:16384 * 9]))
    t.update(data[16384 * 9:])
    assert t.digest() == fastsha256.bt2_pieces_root(data)


def test_a_piece_is_taken_when_update_returns(rng):
    data = rng.randbytes(100000)
    t, buf = fastsha256.glacier(), bytearray(1000)
    for at in range(0, len(data), len(buf)):
        buf[:] = data[at:at + len(buf)]
        t.update(buf)
        buf[:] = b"\xee" * len(buf)
    assert t.digest() == fastsha256.glacier_tree_hash(data)


def test_copy_is_independent(files):
    data = files[(1 << 20) + 1].read_bytes()
    t = fastsha256.glacier()
    t.update(data[:1000])
    u = t.copy()
    t.update(data[1000:])
    u.update(data[1000:2000])
    assert t.digest() == fastsha256.glacier_tree_hash(data)
    assert u.digest() == fastsha256.glacier_tree_hash(data[:2000])


def test_threads_share_one_object_and_hash_leaves_at_once(files):
    data = files[3 * (1 << 20) + 7].read_bytes()
    t = fastsha256.bt2()
    ranges = [(i, min(i + (1 << 20), len(data) // 16384 * 16384))
              for i in range(0, len(data) // 16384 * 16384, 1 << 20)]
    out = [None] * len(ranges)

    def work(i, lo, hi):
        out[i] = t.leaves(data[lo:hi])
    threads = [threading.Thread(target=work, args=(i, lo, hi)) for i, (lo, hi) in
               enumerate(ranges)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    for digests in out:
        t.add_leaves(digests)
    t.update(data[len(data) // 16384 * 16384:])
    assert t.digest() == model_bt2(data)


# --- Errors ----------------------------------------------------------------

@pytest.mark.parametrize("call", [
    lambda: fastsha256.fsverity_digest("text"),
    lambda: fastsha256.fsverity_digest(None),
    lambda: fastsha256.fsverity_digest(b"x", block_size="4096"),
    lambda: fastsha256.fsverity_digest(b"x", salt="ab"),
    lambda: fastsha256.fsverity_digest(b"x", 4096),  # options are keywords
    lambda: fastsha256.fsverity_digest(b"x", blocksize=4096),
    lambda: fastsha256.dmverity_root(b"x" * 4096, format="1"),
    lambda: fastsha256.dmverity_root(b"x" * 4096, data_block_size=4096.0),
    lambda: fastsha256.bt2_pieces_root(12),
    lambda: fastsha256.glacier_tree_hash([b"x"]),
    lambda: fastsha256.rfc6962_root(b"leaf"),
    lambda: fastsha256.rfc6962_root("leaf"),
    lambda: fastsha256.rfc6962_root(7),
    lambda: fastsha256.rfc6962_root([b"a", "b"]),
    lambda: fastsha256.glacier().update("text"),
    lambda: fastsha256.glacier().add_leaves(None),
    lambda: fastsha256.dmverity("4096"),
    lambda: fastsha256.TreeHash(),
])
def test_wrong_types_are_type_errors(call):
    with pytest.raises(TypeError):
        call()


@pytest.mark.parametrize("call,words", [
    (lambda: fastsha256.fsverity_digest(b"x", block_size=3000), "power of two"),
    (lambda: fastsha256.fsverity_digest(b"x", block_size=512), "1024 to 65536"),
    (lambda: fastsha256.fsverity_digest(b"x", block_size=-4096), "block_size"),
    (lambda: fastsha256.fsverity_digest(b"x", salt=bytes(33)), "at most 32"),
    (lambda: fastsha256.dmverity_root(b"x" * 4096, format=2), "format"),
    (lambda: fastsha256.dmverity_root(b"x" * 4096, salt=bytes(257)), "at most 256"),
    (lambda: fastsha256.dmverity_root(b"x" * 4096, hash_block_size=3000), "hash_block_size"),
    (lambda: fastsha256.dmverity_root(b"x" * 4095), "whole data block"),
    (lambda: fastsha256.bt2_pieces_root(b""), "empty"),
    (lambda: fastsha256.bt2().digest(), "empty"),
    (lambda: fastsha256.fsverity(block_size=3000), "power of two"),
    (lambda: fastsha256.dmverity(100), "whole data block"),
    (lambda: fastsha256.dmverity(-1), "whole data block"),
    (lambda: fastsha256.glacier().leaves(b"x"), "whole leaves"),
    (lambda: fastsha256.glacier().add_leaves(b"x" * 31), "32-byte"),
])
def test_bad_options_are_value_errors(call, words):
    with pytest.raises(ValueError, match=words):
        call()


def test_stream_refuses_what_does_not_fit():
    t = fastsha256.bt2()
    t.update(b"x")
    with pytest.raises(ValueError, match="part of a leaf"):
        t.add_leaves(bytes(32))
    d = fastsha256.dmverity(4096)
    d.update(bytes(4096))
    with pytest.raises(ValueError, match="more data"):
        d.update(b"y")
    assert d.digest() == fastsha256.dmverity_root(bytes(4096))
    short = fastsha256.dmverity(8192)
    short.update(bytes(4096))
    with pytest.raises(ValueError, match="4096 bytes of the 8192"):
        short.digest()
