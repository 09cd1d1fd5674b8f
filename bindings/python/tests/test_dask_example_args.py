# SPDX-License-Identifier: Apache-2.0 OR MIT
"""examples/dask_fingerprint.py rejects bad counts before it starts a cluster."""
import pathlib
import subprocess
import sys

import pytest

EXAMPLE = pathlib.Path(__file__).resolve().parents[1] / "examples" / "dask_fingerprint.py"


def run_example(*args):
    # A cluster without workers would wait forever: the timeout turns a hang
    # into a failure.
    return subprocess.run([sys.executable, str(EXAMPLE), *args], capture_output=True, text=True,
                          timeout=120)


@pytest.mark.parametrize("workers", ["0", "-1", "-5"])
def test_workers_below_one_is_an_argparse_error(workers):
    out = run_example("--workers", workers)
    assert out.returncode == 2, (out.stdout, out.stderr)
    assert "usage:" in out.stderr
    assert f"--workers must be >= 1 (got {workers})" in out.stderr
    assert out.stdout == ""


def test_record_partitions_zero_is_an_argparse_error():
    out = run_example("--record-partitions", "0")
    assert out.returncode == 2, (out.stdout, out.stderr)
    assert "the partition counts >= 1" in out.stderr
