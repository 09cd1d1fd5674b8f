#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""The benchmark's C stays smaller and simpler than the library it measures.

    python3 scripts/bench_structure.py [ROOT]

Fails (exit 1, one line per finding) when
  - the C of bench/ has as many lines as the library (src/ and include/: the
    globs in LIBRARY) or more. The bench's C is every C and C++ source under
    bench/, at any depth (SOURCE_EXTENSIONS: the stand-alone programs of
    bench/ab/ and the Google Benchmark shim in bench/gbench/ count too);
    hidden directories (.runtimes), node_modules and build directories are
    not walked;
  - a bench file has more than 500 lines, or a function more than 80;
  - the files call each other in a circle: an edge A -> B when A names a
    function that B defines (not static), a cycle in that graph is reported.
Functions are found as clang-format lays them out: a definition starts at
column 0 with a name and "(", its body closes with "}" alone at column 0.
The C++ file is laid out the same way (its namespace is not indented), so
its functions are found and held to the same limits; they are not entered
as definitions other files could call (they live in an anonymous namespace,
and C cannot name a C++ function anyway), so it is a graph leaf.
"""
import glob
import os
import re
import sys

BENCH_DIR = "bench"
SOURCE_EXTENSIONS = (".c", ".h", ".cc", ".cpp", ".cxx", ".hpp")
CPP_EXTENSIONS = (".cc", ".cpp", ".cxx", ".hpp")
LIBRARY = ["src/*.c", "src/*/*.c", "src/*/*/*.c", "src/*.h", "src/*/*.h", "include/*.h"]
MAX_FILE, MAX_FUNCTION = 500, 80

DEFINITION = re.compile(r"^(?!static\b|typedef\b|struct\b|enum\b|#)[A-Za-z_][^;=]*?\b([A-Za-z_]\w*)\s*\(")
STATIC_DEFINITION = re.compile(r"^static\b[^;=]*?\b([A-Za-z_]\w*)\s*\(")
WORD = re.compile(r"[A-Za-z_]\w*")
ATTRIBUTE = re.compile(r"__attribute__\s*\(\(.*?\)\)")
NAME = re.compile(r"\b([A-Za-z_]\w*)\s*\(")


def files(root, globs):
    return sorted({p for g in globs for p in glob.glob(os.path.join(root, g))})


def bench_files(root):
    """Every C/C++ source under bench/, recursively, skipping hidden,
    node_modules and build directories."""
    out = []
    for d, dirs, names in os.walk(os.path.join(root, BENCH_DIR)):
        dirs[:] = [n for n in dirs if not n.startswith(".") and n != "node_modules"
                   and not n.startswith("build")]
        out += [os.path.join(d, n) for n in names if n.endswith(SOURCE_EXTENSIONS)]
    return sorted(out)


def lines_of(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        return f.read().split("\n")[:-1]


def strip_comments_strings(text):
    """The code without comments, string and character literals (kept as "")."""
    pattern = r'/\*.*?\*/|//[^\n]*|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\''
    return re.sub(pattern, lambda m: "\n" * m.group(0).count("\n") if m.group(0)[0] == "/"
                  else '""', text, flags=re.S)


def functions(code_lines):
    """(name, first line, length, static, body) of each function definition."""
    out, i = [], 0
    while i < len(code_lines):
        line = code_lines[i]
        m = DEFINITION.match(line) or STATIC_DEFINITION.match(line)
        if not m:
            i += 1
            continue
        j = i
        while j < len(code_lines) and not code_lines[j].rstrip().endswith(("{", ";")):
            j += 1
        # A line ending in ")" then one at column 0: a macro's use, not a signature.
        broken = any(code_lines[t].rstrip().endswith(")") and code_lines[t + 1][:1].strip()
                     for t in range(i, min(j, len(code_lines) - 1)))
        if j >= len(code_lines) or code_lines[j].rstrip().endswith(";") or broken:
            i = j + 1
            continue
        k = j + 1
        while k < len(code_lines) and code_lines[k] != "}":
            k += 1
        signature = ATTRIBUTE.sub("", " ".join(code_lines[i:j + 1]))
        name = NAME.search(signature)
        out.append((name.group(1) if name else m.group(1), i + 1, k - i + 1,
                    line.startswith("static"), "\n".join(code_lines[j + 1:k])))
        i = k + 1
    return out


def cycles(graph):
    """The strongly connected components of more than one file (Tarjan)."""
    index, low, stack, on, found = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                found.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def check(root):
    problems = []
    bench = bench_files(root)
    bench_lines = sum(len(lines_of(p)) for p in bench)
    library_lines = sum(len(lines_of(p)) for p in files(root, LIBRARY))
    print(f"bench C: {bench_lines} lines in {len(bench)} files; library: {library_lines} lines")
    if bench_lines >= library_lines:
        problems.append(f"bench C has {bench_lines} lines, the library {library_lines}: "
                        "the benchmark must stay smaller")
    uses, defined = {}, {}
    for p in bench:
        name = os.path.relpath(p, root)
        text = "\n".join(lines_of(p)) + "\n"
        if len(lines_of(p)) > MAX_FILE:
            problems.append(f"{name}: {len(lines_of(p))} lines (more than {MAX_FILE})")
        code = strip_comments_strings(text)
        found = functions(code.split("\n"))
        # A header's prototypes call nothing: only its inline functions' bodies do.
        uses[name] = "\n".join(f[4] for f in found) if name.endswith(".h") else code
        for fn, first, length, static, _ in found:
            if length > MAX_FUNCTION:
                problems.append(f"{name}:{first}: {fn}() has {length} lines (more than {MAX_FUNCTION})")
            if (not static or name.endswith(".h")) and fn != "main" and not name.endswith(CPP_EXTENSIONS):
                defined.setdefault(fn, set()).add(name)
    graph = {name: set() for name in uses}
    for name, text in uses.items():
        for word in set(WORD.findall(text)):
            graph[name] |= {d for d in defined.get(word, ()) if d != name}
    for comp in cycles(graph):
        problems.append("call circle between " + ", ".join(comp))
    for p in problems:
        print(p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(check(sys.argv[1] if len(sys.argv) > 1 else
                   os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
