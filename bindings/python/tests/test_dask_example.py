# SPDX-License-Identifier: Apache-2.0 OR MIT
"""examples/dask_fingerprint.py on a small dataset with a 2-process LocalCluster."""
import hashlib
import importlib.util
import pathlib
import subprocess
import sys

import pytest

pytest.importorskip("distributed", reason="python3-distributed is not installed")

EXAMPLE = pathlib.Path(__file__).resolve().parents[1] / "examples" / "dask_fingerprint.py"


def load_example():
    spec = importlib.util.spec_from_file_location("dask_fingerprint", EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    sys.modules["dask_fingerprint"] = module  # workers unpickle its functions by name
    spec.loader.exec_module(module)
    return module


def test_every_digest_matches_hashlib():
    from distributed import Client, LocalCluster
    example = load_example()
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                      dashboard_address=None) as cluster, Client(cluster) as client:
        # Workers import the example by path too.
        client.upload_file(str(EXAMPLE))
        result = example.run(client, records=5003, record_partitions=3, files=23,
                             file_partitions=4)
        got_records = client.gather(result["records"]["digests"])
        got_files = client.gather(result["files"]["digests"])
        per = result["records_per_partition"]
        assert result["records"]["mismatches"] == 0 and result["files"]["mismatches"] == 0
        records = [r for p in range(3) for r in example.make_records(p, min(per, 5003 - p * per))]
        assert len(records) == 5003
        want = b"".join(hashlib.sha256(r).digest() for r in records)
        assert b"".join(got_records) == want
    # the files are gone with their temporary directory; make_files is deterministic
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        paths = example.make_files(tmp, 23)
        want = b"".join(hashlib.sha256(pathlib.Path(p).read_bytes()).digest() for p in paths)
    assert b"".join(got_files) == want


def test_script_runs_and_reports_speedup():
    out = subprocess.run([sys.executable, str(EXAMPLE), "--records", "3000",
                          "--record-partitions", "2", "--files", "10", "--file-partitions", "2"],
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    assert out.stdout.count("speed-up") == 2
    assert "verified: all 3,000 digests equal hashlib's" in out.stdout
    assert "verified: all 10 digests equal hashlib's" in out.stdout
