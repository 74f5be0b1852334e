#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""include-cycles - which folders include which, and the cycles among them.

    tools/include-cycles.py [-v]

Reads every committed C file's `#include "..."` lines and resolves each name
as the compiler does for the kit's builds: next to the including file first,
else the one committed header of that name (a name several folders hold is
resolved in the including file's folder's order: its own folder, then
trace/, shim/api/, harness/, tcopt/, usertc/, tests/lib/). A folder is the
top-level one (harness, trace, shim, ...). Prints each folder's includes of
other folders (-v: with the files), then every cycle between two or more
folders, or "include cycles between folders: none". Exit 1 when there is
a cycle.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections import defaultdict

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
ORDER = ("trace", "shim/api", "harness", "tcopt", "usertc", "tests/lib")


def folder(path: str) -> str:
    return path.split("/", 1)[0]


def resolve(src: str, name: str, by_base: dict[str, list[str]]) -> str | None:
    """The committed file src's #include "name" refers to, or None (generated, system)."""
    near = os.path.normpath(os.path.join(os.path.dirname(src), name))
    if near in by_base.get(os.path.basename(name), []):
        return near
    cands = [c for c in by_base.get(os.path.basename(name), []) if c.endswith("/" + name) or c == name]
    if len(cands) <= 1:
        return cands[0] if cands else None
    for d in (os.path.dirname(src),) + ORDER:
        for c in cands:
            if os.path.dirname(c) == d:
                return c
    return None


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected groups of more than one folder (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return out


def main() -> int:
    verbose = "-v" in sys.argv[1:]
    files = subprocess.run(["git", "ls-files", "*.c", "*.h"], cwd=TOP, check=True,
                           capture_output=True, text=True).stdout.split()
    by_base: dict[str, list[str]] = defaultdict(list)
    for f in files:
        by_base[os.path.basename(f)].append(f)
    edges: dict[str, set[str]] = defaultdict(set)
    via: dict[tuple[str, str], list[str]] = defaultdict(list)
    for f in files:
        with open(os.path.join(TOP, f), encoding="utf-8", errors="replace") as fh:
            text = fh.read()
        for name in INCLUDE.findall(text):
            to = resolve(f, name, by_base)
            if to and folder(to) != folder(f):
                edges[folder(f)].add(folder(to))
                via[(folder(f), folder(to))].append(f"{f} -> {to}")
    for a in sorted(edges):
        print(f"{a} includes {', '.join(sorted(edges[a]))}")
        if verbose:
            for b in sorted(edges[a]):
                for line in via[(a, b)]:
                    print(f"    {line}")
    found = cycles(edges)
    for c in found:
        print("include cycle between folders: " + " <-> ".join(c))
        for a in c:
            for b in c:
                for line in via.get((a, b), [])[:3]:
                    print(f"    {line}")
    if not found:
        print("include cycles between folders: none")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
