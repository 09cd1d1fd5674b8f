#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""fastsha256-bench --tree, the programs: a file's tree hashed by the
format's own tool, or by fastsha256-tree, each run timed from start to
result by the wall clock (a program's start included: it reads the file).

    fsverity  fsverity digest --hash-alg=sha256 --block-size=4096
    dmverity  veritysetup format --no-superblock, 4096-byte blocks, format 1,
              --salt (to a hash file in a temporary folder, removed first)
    bt2       libtorrent: create_torrent over the file, v2 only; its `pieces root`
    glacier   botocore.utils.calculate_tree_hash over the open file
    --tree PATH --jobs N: fastsha256-tree FORMAT -j N with the same options

usage: python3 tree.py FORMAT FILE [--reps N] [--salt HEX] [--tree PATH --jobs N]
Prints one JSON line, the format of every peer program (bench/js/harness.mjs):
    {"runtime": tool, "version": ..., "style": ..., "n": [bytes each run],
     "ms": [...], "last": hex}
and {"missing": why} with exit status 3 when the tool is not there; exit
status 1 when a run fails. Use Debian's /usr/bin/python3: libtorrent and
botocore are its python3-libtorrent and python3-botocore.
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

TOOLS = {"fsverity": ("fsverity", "fsverity"), "dmverity": ("veritysetup", "cryptsetup-bin")}
MODULES = {"bt2": ("libtorrent", "python3-libtorrent"), "glacier": ("botocore", "python3-botocore")}
RESULT = {"fsverity": r"sha256:([0-9a-f]{64})", "dmverity": r"Root hash:\s*([0-9a-f]{64})",
          "bt2": r"^([0-9a-f]{64}) ", "glacier": r"^([0-9a-f]{64}) "}


def missing(why):
    print(json.dumps({"missing": why}))
    sys.exit(3)


def bt2_root(path):
    import libtorrent as lt
    fs = lt.file_storage()
    lt.add_files(fs, path)
    t = lt.create_torrent(fs, 0, flags=lt.create_torrent.v2_only)
    lt.set_piece_hashes(t, os.path.dirname(os.path.abspath(path)))
    tree = t.generate()[b"info"][b"file tree"]
    return tree[os.path.basename(path).encode()][b""][b"pieces root"].hex()


def glacier_hash(path):
    from botocore.utils import calculate_tree_hash
    with open(path, "rb") as f:
        return calculate_tree_hash(f)


def module_runner(fmt):
    """(run(path) -> hex, name, version); the module loaded before any run."""
    name, pkg = MODULES[fmt]
    try:
        mod = __import__(name)
        if fmt == "glacier":
            __import__("botocore.utils")
    except ImportError:
        missing(f"{sys.executable} has no {name} (apt-get install {pkg})")
    return (bt2_root if fmt == "bt2" else glacier_hash), name, mod.__version__


def program_runner(fmt, args, hashfile):
    """(run(path) -> hex, name, version) for a command-line program."""
    if args.tree:
        prog, name, version = args.tree, "fastsha256-tree", f"-j {args.jobs}"
        cmd = [prog, fmt, f"-j{args.jobs}"]
        cmd += [f"--salt={args.salt}"] if fmt == "dmverity" else []
    else:
        name, pkg = TOOLS[fmt]
        prog = shutil.which(name, path=os.environ.get("PATH", "") + ":/usr/sbin:/sbin")
        if not prog:
            missing(f"{name} not found (apt-get install {pkg})")
        out = subprocess.run([prog, "--version"], capture_output=True, text=True).stdout.split()
        version = out[1] if len(out) > 1 else "?"
        cmd = [prog, "digest", "--hash-alg=sha256", "--block-size=4096"] if fmt == "fsverity" else [
            prog, "format", "--no-superblock", "--hash=sha256", "--format=1",
            "--data-block-size=4096", "--hash-block-size=4096", f"--salt={args.salt}"]

    def run(path):
        if os.path.exists(hashfile):
            os.unlink(hashfile)  # veritysetup never truncates a longer one
        extra = [hashfile] if fmt == "dmverity" else []
        p = subprocess.run(cmd + [path] + extra, capture_output=True, text=True)
        m = re.search(RESULT[fmt], p.stdout, re.M)
        if p.returncode != 0 or not m:
            print(json.dumps({"error": f"{name} exit status {p.returncode}: {p.stderr[:200]}"}))
            sys.exit(1)
        return m.group(1)
    return run, name, version


def main():
    ap = argparse.ArgumentParser(usage=__doc__)
    ap.add_argument("format", choices=["fsverity", "dmverity", "bt2", "glacier"])
    ap.add_argument("file")
    ap.add_argument("--reps", type=int, default=1)
    ap.add_argument("--salt", default="-")
    ap.add_argument("--tree")
    ap.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="fastsha256-tree-") as tmp:
        hashfile = os.path.join(tmp, "hash")
        if args.tree or args.format in TOOLS:
            run, name, version = program_runner(args.format, args, hashfile)
        else:
            run, name, version = module_runner(args.format)
        size = os.path.getsize(args.file)
        ns, ms, last = [], [], ""
        for _ in range(args.reps):
            t0 = time.perf_counter()
            last = run(args.file)
            ms.append((time.perf_counter() - t0) * 1000)
            ns.append(size)
    print(json.dumps({"runtime": name, "version": version, "style": args.format, "n": ns,
                      "ms": ms, "last": last}))


if __name__ == "__main__":
    main()
