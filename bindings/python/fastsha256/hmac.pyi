# SPDX-License-Identifier: Apache-2.0 OR MIT
from types import ModuleType
from typing import Any, Callable

from _typeshed import ReadableBuffer

from . import HMAC as HMAC
from . import compare_digest as compare_digest

_DigestMod = str | Callable[[], Any] | ModuleType

digest_size: None

def new(key: ReadableBuffer, msg: ReadableBuffer | None = None,
        digestmod: _DigestMod = "sha256") -> HMAC: ...
def digest(key: ReadableBuffer, msg: ReadableBuffer, digest: _DigestMod = "sha256") -> bytes: ...
