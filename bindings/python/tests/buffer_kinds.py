# SPDX-License-Identifier: Apache-2.0 OR MIT
"""What the differential tests feed: every kind of buffer and some non-buffers,
and the check that fastsha256 does what the standard library does with them."""
import array
import mmap

import pytest


def buffer_objects():
    """(name, object) pairs: bytes-like objects of every layout, then non-buffers."""
    raw = bytes(range(256)) * 5
    yield "bytes", raw
    yield "bytearray", bytearray(raw)
    yield "memoryview", memoryview(raw)
    yield "memoryview-slice", memoryview(raw)[3:1000]
    yield "array-I", array.array("I", range(300))
    yield "array-d", array.array("d", [0.5] * 33)
    yield "memoryview-cast", memoryview(raw).cast("I")
    yield "memoryview-2d", memoryview(raw).cast("B", (10, 128))
    yield "memoryview-strided", memoryview(raw)[::3]
    yield "memoryview-reversed", memoryview(raw)[::-1]
    yield "memoryview-empty", memoryview(b"")
    m = mmap.mmap(-1, 4096)
    m.write(raw[:4096])
    yield "mmap", m
    yield "str", "abc"
    yield "int", 5
    yield "None", None
    yield "list", [1, 2, 3]
    yield "float", 1.5


def kind_id(value):
    """pytest ids: the kind's name, nothing for the object."""
    return value if isinstance(value, str) else ""


def same_outcome(run_ours, run_ref, compare_message=True):
    """run_ours() returns what run_ref() returns, or raises the same exception
    type (and message, unless compare_message is false)."""
    try:
        want = run_ref()
    except Exception as e:  # noqa: BLE001 - whatever the reference raises, we raise too
        with pytest.raises(type(e)) as got:
            run_ours()
        if compare_message:
            assert str(got.value) == str(e)
        return
    assert run_ours() == want
