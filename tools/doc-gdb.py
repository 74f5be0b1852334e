#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""doc-gdb.py - regenerate the gdb session shown in docs/tutorial.md.

The tutorial's gdb transcript sits between two marker comments:

    <!-- gdb-session: begin ... -->
    ```
    $ make -f Makefile.user DEBUG=1
    $ cat session.gdb
    COMMANDS...
    $ gdb ... -x session.gdb --args build/user-debug/qdk-replay ...
    OUTPUT...
    ```
    <!-- gdb-session: end -->

The commands and the gdb command line are the doc's own; this tool runs them
(against build/user-debug, which must be built) and replaces OUTPUT with what
gdb printed, normalised so that it does not depend on the machine: the tree's
absolute path is dropped, hex addresses read 0x..., the inferior's pid and
the replay's wall-clock, CPU time and rate figures read N.

    tools/doc-gdb.py            rewrite the region in place
    tools/doc-gdb.py --check    exit 1 and show a diff if the doc is stale
                                (tests/suites/50-gdb runs this)
"""

import difflib
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

TOP = Path(__file__).resolve().parent.parent
DOC = Path("docs/tutorial.md")
BEGIN = "<!-- gdb-session: begin"
END = "<!-- gdb-session: end -->"
CMDS = "$ cat session.gdb"
GDB = "$ gdb "


class DocError(Exception):
    pass


def region(lines: list[str]) -> tuple[int, int]:
    """Indexes of the first and last line inside the fence of the region."""
    begin = [i for i, line in enumerate(lines) if line.startswith(BEGIN)]
    end = [i for i, line in enumerate(lines) if line.startswith(END)]
    if len(begin) != 1 or len(end) != 1 or end[0] < begin[0] + 3:
        raise DocError(f"{DOC}: want one '{BEGIN}' ... '{END}' region around a ``` block")
    b, e = begin[0], end[0]
    if not lines[b + 1].startswith("```") or lines[e - 1] != "```":
        raise DocError(f"{DOC}:{b + 2}: the region must be exactly one ``` block")
    return b + 2, e - 2


def normalise(text: str) -> str:
    text = text.replace(str(TOP) + "/", "")
    text = re.sub(r"0x[0-9a-f]{4,}", "0x...", text)
    text = re.sub(r"\(process \d+\)", "(process N)", text)
    text = re.sub(r"\b(wall|cpu) [0-9.]+ s\b", r"\1 N s", text)
    text = re.sub(r"[0-9.]+ M events/s", "N M events/s", text)
    return text


def run_session(commands: list[str], gdb_line: str) -> list[str]:
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "session.gdb"
        script.write_text("".join(c + "\n" for c in commands))
        argv = gdb_line[len("$ "):].split()
        argv = [str(script) if a == "session.gdb" else a for a in argv]
        env = dict(os.environ, LC_ALL="C", TERM="dumb")
        res = subprocess.run(argv, cwd=TOP, env=env, capture_output=True, text=True,
                             timeout=120, check=False)
    out = normalise(res.stdout + res.stderr)
    return out.rstrip("\n").split("\n")


def regenerate(text: str) -> str:
    lines = text.split("\n")
    first, last = region(lines)
    body = lines[first:last + 1]
    try:
        c = body.index(CMDS)
        g = next(i for i in range(c + 1, len(body)) if body[i].startswith(GDB))
    except (ValueError, StopIteration):
        raise DocError(f"{DOC}:{first + 1}: the region needs '{CMDS}', the commands, "
                       f"then a '{GDB}...' line") from None
    if "session.gdb" not in body[g].split():
        raise DocError(f"{DOC}:{first + g + 1}: the gdb line must read session.gdb")
    out = run_session(body[c + 1:g], body[g])
    new = lines[:first] + body[:g + 1] + out + lines[last + 1:]
    return "\n".join(new)


def main(argv: list[str]) -> int:
    check = argv[1:] == ["--check"]
    if argv[1:] not in ([], ["--check"]):
        print("usage: tools/doc-gdb.py [--check]", file=sys.stderr)
        return 2
    if not (TOP / "build/user-debug/qdk-replay").exists():
        print("doc-gdb: build/user-debug/qdk-replay is missing: "
              "make -f Makefile.user DEBUG=1", file=sys.stderr)
        return 2
    path = TOP / DOC
    old = path.read_text()
    try:
        new = regenerate(old)
    except DocError as e:
        print(f"doc-gdb: {e}", file=sys.stderr)
        return 2
    if new == old:
        return 0
    if check:
        diff = difflib.unified_diff(old.split("\n"), new.split("\n"),
                                    f"{DOC} (committed)", f"{DOC} (gdb now)", lineterm="")
        print("\n".join(diff))
        print(f"doc-gdb: {DOC}'s gdb session is stale: run tools/doc-gdb.py and commit it",
              file=sys.stderr)
        return 1
    path.write_text(new)
    print(f"doc-gdb: {DOC}: gdb session regenerated", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
