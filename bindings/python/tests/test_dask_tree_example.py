# SPDX-License-Identifier: Apache-2.0 OR MIT
"""examples/dask_tree.py: Glacier and BitTorrent v2 roots of one file, leaf
ranges hashed on a 2-process LocalCluster and the trees closed on the client,
equal to one process's roots and to the formats' definitions."""
import hashlib
import importlib.util
import pathlib
import subprocess
import sys

import pytest

import fastsha256

EXAMPLE = pathlib.Path(__file__).resolve().parents[1] / "examples" / "dask_tree.py"
MIB = 1 << 20


def load_example():
    spec = importlib.util.spec_from_file_location("dask_tree", EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    sys.modules["dask_tree"] = module  # workers unpickle its functions by name
    spec.loader.exec_module(module)
    return module


def glacier_by_definition(data):
    level = [hashlib.sha256(data[i:i + MIB]).digest() for i in range(0, len(data), MIB)]
    while len(level) > 1:
        level = [hashlib.sha256(b"".join(level[i:i + 2])).digest() if i + 1 < len(level)
                 else level[i] for i in range(0, len(level), 2)]
    return level[0] if level else hashlib.sha256().digest()


def test_cluster_roots_equal_one_process(tmp_path):
    pytest.importorskip("distributed", reason="python3-distributed is not installed")
    from distributed import Client, LocalCluster
    example = load_example()
    # 5 ranges of 2 MiB, the last one short and ending in partial leaves of both trees.
    big = example.make_file(tmp_path / "big.bin", 9 * MIB + 16384 * 3 + 5)
    exact = example.make_file(tmp_path / "exact.bin", 4 * MIB, seed=1)  # no tails at all
    small = example.make_file(tmp_path / "small.bin", 100, seed=2)      # one short range
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                      dashboard_address=None) as cluster, Client(cluster) as client:
        client.upload_file(str(EXAMPLE))  # workers import the example by path too
        results = {p: example.run(client, str(p), 2 * MIB) for p in (big, exact, small)}
        with pytest.raises(ValueError, match="multiple of 1 MiB"):
            example.distributed_roots(client, str(big), 3 * 16384)
    assert results[big]["ranges"] == 5 and results[small]["ranges"] == 1
    for p, r in results.items():
        data = pathlib.Path(p).read_bytes()
        assert r["same"]
        assert r["glacier"] == fastsha256.glacier_tree_hash(data)
        assert r["glacier"] == glacier_by_definition(data)
        assert r["bt2"] == fastsha256.bt2_pieces_root(data)


def test_botocore_agrees_with_the_cluster_root(tmp_path):
    utils = pytest.importorskip("botocore.utils", reason="python3-botocore")
    example = load_example()
    path = example.make_file(tmp_path / "f.bin", 3 * MIB + 7)
    parts = [example.hash_range(str(path), a, b) for a, b in example.ranges(3 * MIB + 7, MIB)]
    glacier, _ = example.close_trees(parts)  # the same closing, without a cluster
    with open(path, "rb") as f:
        assert glacier.hex() == utils.calculate_tree_hash(f)


def test_script_runs_and_verifies():
    pytest.importorskip("distributed", reason="python3-distributed is not installed")
    out = subprocess.run([sys.executable, str(EXAMPLE), "--size-mib", "5.5", "--range-mib", "2"],
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    assert "in 3 ranges of 2 MiB" in out.stdout
    assert "verified: equal to the single-process roots" in out.stdout


@pytest.mark.parametrize("args,words", [(["--workers", "0"], "--workers must be >= 1 (got 0)"),
                                         (["--range-mib", "0"], "--range-mib must be >= 1")])
def test_bad_counts_are_argparse_errors(args, words):
    out = subprocess.run([sys.executable, str(EXAMPLE), *args], capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 2 and words in out.stderr and out.stdout == ""
