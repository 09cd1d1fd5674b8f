# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Each file's AWS Glacier tree hash as botocore computes it, as `HEX  FILE`
lines."""
import sys

from botocore.utils import calculate_tree_hash

for name in sys.argv[1:]:
    with open(name, "rb") as f:
        print(calculate_tree_hash(f) + "  " + name)
