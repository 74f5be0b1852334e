#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""doc-cells.py - every table cell of the docs fits on a screen.

A cell of a Markdown table (a line that starts with "|", split at the "|"
that are not escaped as "\\|" and not inside a `code` span) holds at most
MAX characters (600: some eight lines of a terminal): a longer text belongs
in a section of its own, which the cell links. Reads every tracked Markdown
file but upstream/'s; prints file:line: N characters for each offence and
exits 1 if any, else prints the largest cell and exits 0.
tests/suites/80-style runs it.
"""

import subprocess
import sys
from pathlib import Path

TOP = Path(__file__).resolve().parent.parent
MAX = 600


def cells(line: str) -> list[str]:
    """The cells of a table row: split at unescaped | outside code spans."""
    out, cur, code, i = [], "", False, 0
    body = line.strip()
    while i < len(body):
        c = body[i]
        if c == "\\" and i + 1 < len(body):
            cur += body[i : i + 2]
            i += 2
            continue
        if c == "`":
            code = not code
        if c == "|" and not code:
            out.append(cur.strip())
            cur = ""
        else:
            cur += c
        i += 1
    out.append(cur.strip())
    return out[1:-1] if body.endswith("|") else out[1:]


def main() -> int:
    files = subprocess.run(
        ["git", "ls-files", "*.md"], cwd=TOP, check=True, capture_output=True, text=True
    ).stdout.split()
    bad = 0
    largest = (0, "", 0)
    for name in files:
        if name.startswith("upstream/"):
            continue
        for n, line in enumerate((TOP / name).read_text(errors="replace").splitlines(), 1):
            if not line.lstrip().startswith("|"):
                continue
            for cell in cells(line):
                if len(cell) > largest[0]:
                    largest = (len(cell), name, n)
                if len(cell) > MAX:
                    print(f"{name}:{n}: a table cell of {len(cell)} characters (at most {MAX})")
                    bad += 1
    if bad:
        return 1
    print(f"{len(files)} Markdown files, the largest table cell {largest[0]} characters "
          f"({largest[1]}:{largest[2]}), at most {MAX}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
