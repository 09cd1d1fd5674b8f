#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Computes the digests test_large.c checks, independently of fastsha256:
byte i of the message is i mod 251; lengths 2^29 + 777 and 2^32 + 777."""
import hashlib

PERIOD = 251
CHUNK = bytes(i % PERIOD for i in range(PERIOD)) * 4096  # a whole number of periods

for total in ((1 << 29) + 777, (1 << 32) + 777):
    h = hashlib.sha256()
    left = total
    while left:
        n = min(left, len(CHUNK))
        h.update(CHUNK[:n])
        left -= n
    print(total, h.hexdigest())
