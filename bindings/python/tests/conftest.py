# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Shared fixtures: the module under test and a seeded random source."""
import os
import random

import pytest

fastsha256 = pytest.importorskip(
    "fastsha256", reason="the fastsha256 module is not built (cmake --build, or pip install)")


@pytest.fixture
def rng():
    seed = int(os.environ.get("FASTSHA256_TEST_SEED", "20261201"))
    return random.Random(seed)


@pytest.fixture(params=fastsha256.backends())
def each_backend(request):
    """Runs a test once per backend this CPU supports, then restores auto."""
    fastsha256.set_backend(request.param)
    assert fastsha256.backend() == request.param
    yield request.param
    fastsha256.reset_backend()
