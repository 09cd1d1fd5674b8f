#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Every hand-written source file starts with its SPDX-License-Identifier line.

    python3 scripts/spdx.py [ROOT]          list the tracked source files without it; exit 1 if any
    python3 scripts/spdx.py --add [ROOT]    add the line to them (after a #! line), in their comment syntax

Source files: C, C++, JavaScript, TypeScript, Python, shell, CMake, Go, gnuplot
and the .in templates that become them; data (vectors, corpora, results),
Markdown and JSON are not code and carry none (test/vectors/ and the
licence files say where data comes from).
"""
import os
import subprocess
import sys

LINE = "SPDX-License-Identifier: Apache-2.0 OR MIT"
COMMENT = {".c": "/* {} */", ".h": "/* {} */", ".cc": "// {}", ".cpp": "// {}", ".js": "// {}",
           ".mjs": "// {}", ".ts": "// {}", ".go": "// {}", ".py": "# {}", ".pyi": "# {}",
           ".sh": "# {}", ".cmake": "# {}", ".gp": "# {}", ".toml": "# {}"}
NAMED = {"CMakeLists.txt": "# {}", "run": "# {}", "test.sh": "# {}", "bench.sh": "# {}"}
TEMPLATES = {"fastsha256Config.cmake.in": "# {}"}
SKIP_DIRS = ("test/vectors/", "test/fuzz/corpus/", "bench/results/")


def comment_for(path):
    name = os.path.basename(path)
    if path.startswith(SKIP_DIRS):
        return None
    if name in NAMED:
        return NAMED[name]
    if name in TEMPLATES:
        return TEMPLATES[name]
    return COMMENT.get(os.path.splitext(name)[1])


def tracked(root):
    run = subprocess.run(["git", "-C", root, "ls-files"], capture_output=True, text=True)
    if run.returncode != 0:
        print("skipped: not a git checkout (the tracked files are the ones checked)")
        sys.exit(77)
    out = run.stdout
    return [p for p in out.splitlines() if comment_for(p) and os.path.isfile(os.path.join(root, p))]


def has_line(text):
    return LINE in "\n".join(text.splitlines()[:3])


def add_line(path, fmt):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    lines = text.splitlines(keepends=True)
    at = 1 if lines and lines[0].startswith("#!") else 0
    lines.insert(at, fmt.format(LINE) + "\n")
    with open(path, "w", encoding="utf-8") as f:
        f.write("".join(lines))


def main(argv):
    add = "--add" in argv
    args = [a for a in argv if a != "--add"]
    root = os.path.abspath(args[0] if args else ".")
    missing = []
    for rel in tracked(root):
        path = os.path.join(root, rel)
        with open(path, encoding="utf-8", errors="replace") as f:
            head = f.read(512)
        if has_line(head):
            continue
        if add:
            add_line(path, comment_for(rel))
        missing.append(rel)
    for rel in missing:
        print(("added: " if add else "no SPDX line: ") + rel)
    print(f"{len(tracked(root))} source files, {len(missing)} {'given the line' if add else 'without it'}")
    return 0 if add or not missing else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
