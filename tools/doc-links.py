#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""doc-links.py - every relative link in the kit's Markdown resolves.

For each tracked *.md file, each [text](target) outside code blocks whose
target is not a URL must name a file or directory inside the repository,
and a #fragment must name a heading (GitHub's anchor rules) or an
<a id="..."> of the target file. Prints file:line: reason for each broken
link; exit 1 if any, 0 otherwise. tests/suites/80-style runs it.
"""

import re
import subprocess
import sys
from pathlib import Path

TOP = Path(__file__).resolve().parent.parent
LINK = re.compile(r"\]\(([^)\s]+)\)")
FENCE = re.compile(r"^\s*```")


def anchor(heading: str) -> str:
    """GitHub's anchor of a heading: lower case, punctuation dropped, spaces to -."""
    h = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return h.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    out: set[str] = set()
    seen: dict[str, int] = {}
    fenced = False
    for line in path.read_text(encoding="utf-8").splitlines():
        if FENCE.match(line):
            fenced = not fenced
            continue
        if fenced:
            continue
        m = re.match(r"#+ (.*)", line)
        if m:
            a = anchor(m.group(1))
            n = seen.get(a, 0)
            seen[a] = n + 1
            out.add(a if n == 0 else f"{a}-{n}")
        out.update(re.findall(r'<a id="([^"]+)"', line))
    return out


def check(md: Path) -> list[str]:
    errors: list[str] = []
    fenced = False
    rel = md.relative_to(TOP)
    for no, line in enumerate(md.read_text(encoding="utf-8").splitlines(), 1):
        if FENCE.match(line):
            fenced = not fenced
            continue
        if fenced:
            continue
        for target in LINK.findall(re.sub(r"`[^`]*`", "", line)):
            if re.match(r"[a-z][a-z0-9+.-]*:", target):
                continue
            path, _, frag = target.partition("#")
            dest = (md.parent / path).resolve() if path else md
            if TOP not in dest.parents and dest != TOP:
                errors.append(f"{rel}:{no}: {target} points outside the repository")
            elif not dest.exists():
                errors.append(f"{rel}:{no}: {target}: no such file")
            elif frag and dest.suffix == ".md" and frag not in anchors(dest):
                errors.append(f"{rel}:{no}: {target}: no heading #{frag} there")
    return errors


def main() -> int:
    files = subprocess.run(["git", "ls-files", "*.md"], cwd=TOP, capture_output=True,
                           text=True, check=True).stdout.split()
    errors = [e for f in files for e in check(TOP / f)]
    for e in errors:
        print(e)
    print(f"doc-links: {len(files)} Markdown files, {len(errors)} broken links",
          file=sys.stderr)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
