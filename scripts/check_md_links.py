#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Check that every relative link and image in the tracked Markdown files resolves.

Usage: scripts/check_md_links.py [REPO_DIR]   (default: the checkout this script is in)

Scans each file of `git ls-files '*.md'` (every *.md under REPO_DIR when git is not
there) for [text](target), ![alt](target) and reference definitions ([name]: target),
outside fenced code blocks and inline code. Targets with a scheme (http:, https:,
mailto:, ...) and pure #anchors are skipped; a #fragment or ?query is dropped. Each
target must exist relative to the file (a leading / means the top of the repository).
Prints every broken link as FILE:LINE: target and exits 1 if there is any, else 0.
"""
import os
import re
import subprocess
import sys
from urllib.parse import unquote

SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")
FENCE = re.compile(r"^\s{0,3}(`{3,}|~{3,})")
REFDEF = re.compile(r"^\s{0,3}\[[^\]]+\]:\s*(\S+)")
CODESPAN = re.compile(r"(`+)(?:(?!\1).)+?\1")


def markdown_files(root):
    try:
        out = subprocess.run(["git", "-C", root, "ls-files", "-z", "--", "*.md"],
                             check=True, capture_output=True).stdout
        return sorted(p for p in out.decode().split("\0") if p)
    except (OSError, subprocess.CalledProcessError):
        found = []
        for d, dirs, files in os.walk(root):
            dirs[:] = [x for x in dirs if x not in (".git", "node_modules", "build")]
            found += [os.path.relpath(os.path.join(d, f), root) for f in files if f.endswith(".md")]
        return sorted(found)


def link_targets(line):
    """Targets of the inline links and images on one line (inline code removed)."""
    line = CODESPAN.sub(lambda m: " " * len(m.group(0)), line)
    i = 0
    while True:
        i = line.find("](", i)
        if i < 0:
            return
        j, depth = i + 2, 1
        while j < len(line) and depth:
            depth += {"(": 1, ")": -1}.get(line[j], 0)
            j += 1
        inner = line[i + 2:j - 1].strip() if depth == 0 else ""
        i = j
        if inner.startswith("<"):
            inner = inner[1:inner.find(">")] if ">" in inner else ""
        elif inner:
            inner = inner.split()[0]
        if inner:
            yield inner


def check(root):
    bad = 0
    for rel in markdown_files(root):
        path = os.path.join(root, rel)
        if not os.path.isfile(path):  # deleted in the work tree, not yet committed
            continue
        fence = None
        with open(path, encoding="utf-8", errors="replace") as f:
            for n, line in enumerate(f, 1):
                m = FENCE.match(line)
                if m:
                    if fence is None:
                        fence = m.group(1)[0] * 3
                    elif m.group(1).startswith(fence):
                        fence = None
                    continue
                if fence:
                    continue
                targets = list(link_targets(line))
                m = REFDEF.match(line)
                if m:
                    targets.append(m.group(1).strip("<>"))
                for t in targets:
                    if SCHEME.match(t) or t.startswith("#"):
                        continue
                    p = unquote(re.split(r"[#?]", t, maxsplit=1)[0])
                    if not p:
                        continue
                    base = root if p.startswith("/") else os.path.dirname(path)
                    if not os.path.exists(os.path.join(base, p.lstrip("/"))):
                        print(f"{rel}:{n}: {t}")
                        bad += 1
    if bad:
        print(f"{bad} broken relative link(s)", file=sys.stderr)
    return 1 if bad else 0


if __name__ == "__main__":
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    sys.exit(check(os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else here))
