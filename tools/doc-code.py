#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""doc-code.py - code the docs show is code that compiles.

A ```c block right after a line "<!-- code: docs/examples/FILE.c -->" in a
tracked Markdown file must appear word for word in FILE.c (which
`make -f Makefile.user doc-examples` compiles against the shim), and every
docs/examples/*.c must be shown by some doc. Prints file:line: reason for
each mismatch and exits 1, else one summary line and exit 0.
tests/suites/80-style runs it.
"""

import re
import subprocess
import sys
from pathlib import Path

TOP = Path(__file__).resolve().parent.parent
BLOCK = re.compile(r"<!-- code: (\S+) -->\n```c\n(.*?)```\n", re.DOTALL)


def tracked(pattern: str) -> list[str]:
    out = subprocess.run(["git", "ls-files", pattern], cwd=TOP, capture_output=True,
                         text=True, check=True).stdout
    return out.split()


def main() -> int:
    shown: dict[str, int] = {}
    bad: list[str] = []
    for doc in tracked("*.md"):
        text = (TOP / doc).read_text()
        for m in BLOCK.finditer(text):
            src, block = m.group(1), m.group(2)
            line = text.count("\n", 0, m.start()) + 1
            try:
                body = (TOP / src).read_text()
            except OSError:
                bad.append(f"{doc}:{line}: {src} does not exist")
                continue
            shown[src] = shown.get(src, 0) + 1
            if block not in body:
                bad.append(f"{doc}:{line}: this block is not in {src} word for word")
    bad += [f"{f} is shown by no doc" for f in tracked("docs/examples/*.c") if f not in shown]
    if bad:
        print("\n".join(bad))
        return 1
    print(f"{sum(shown.values())} blocks from {len(shown)} files")
    return 0


if __name__ == "__main__":
    sys.exit(main())
