#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""doc-scripts.py - every script a doc tells the user to run can be run.

A command in a tracked Markdown file is a line of a shell code block (a fence
with no language, sh, bash, console or shell; after its "$ " prompt when it has
one) or an inline `code` span of more than one word (a bare `tools/x.py` in
prose names the file). It runs a script when a word in command position (the
first, after leading VAR=value words, and after each &&, ||, ; and |) is a
tracked file of the repository named like a program: no suffix, .sh or .py
(a .scn, .qtr or .c file is an argument's kind, never run). Such a file must
be executable in git (mode 100755) and start with a "#!" line. Prints
file:line: script: reason for each offence; exit 1 if any, 0 otherwise (and a
count). tests/suites/80-style runs it.
"""

import re
import subprocess
import sys
from pathlib import Path

TOP = Path(__file__).resolve().parent.parent
FENCE = re.compile(r"^\s*```\s*(\S*)")
SHELL = {"", "sh", "bash", "console", "shell"}
PROGRAM = {"", ".sh", ".py"}
SEP = re.compile(r"&&|\|\||;|\|")
ASSIGN = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*=\S*$")


def tracked_modes() -> dict[str, str]:
    """Every tracked file's git mode, by its path."""
    out = subprocess.run(["git", "ls-files", "-s"], cwd=TOP, check=True, capture_output=True, text=True).stdout
    modes: dict[str, str] = {}
    for line in out.splitlines():
        meta, path = line.split("\t", 1)
        modes[path] = meta.split()[0]
    return modes


def commands_of(md: Path) -> list[tuple[int, str]]:
    """(line number, command text) of each command the doc shows."""
    cmds: list[tuple[int, str]] = []
    fenced = False
    shell = False
    for no, line in enumerate(md.read_text(encoding="utf-8").splitlines(), 1):
        m = FENCE.match(line)
        if m:
            fenced = not fenced
            shell = fenced and m.group(1) in SHELL
            continue
        if fenced:
            if not shell:
                continue
            text = line.strip()
            if text.startswith("$ "):
                text = text[2:]
            cmds.append((no, text.split(" #", 1)[0]))
            continue
        cmds.extend((no, span) for span in re.findall(r"`([^`]+)`", line) if len(span.split()) > 1)
    return cmds


def scripts_run(cmd: str, base: str, modes: dict[str, str]) -> list[str]:
    """The tracked files in command position in cmd (paths from the top or from base)."""
    found: list[str] = []
    for part in SEP.split(cmd):
        words = part.split()
        while words and ASSIGN.match(words[0]):
            words.pop(0)
        if not words or "/" not in words[0]:
            continue
        word = words[0].removeprefix("./")
        for path in (word, str(Path(base, word)) if base else word):
            path = str(Path(path))  # a/./b, a/b/ -> a/b
            if ".." not in Path(path).parts and path in modes and Path(path).suffix in PROGRAM:
                found.append(path)
                break
    return found


def check(md: str, modes: dict[str, str]) -> tuple[list[str], int]:
    errors: list[str] = []
    seen = 0
    base = str(Path(md).parent) if "/" in md else ""
    for no, cmd in commands_of(TOP / md):
        for script in scripts_run(cmd, base, modes):
            seen += 1
            why = []
            if modes[script] != "100755":
                why.append(f"git mode {modes[script]}, not 100755 (git update-index --chmod=+x)")
            with open(TOP / script, "rb") as f:
                if f.read(2) != b"#!":
                    why.append("no #! line")
            errors.extend(f"{md}:{no}: {script}: {w}" for w in why)
    return errors, seen


def main() -> int:
    modes = tracked_modes()
    errors: list[str] = []
    seen = 0
    for md in sorted(p for p in modes if p.endswith(".md")):
        found, n = check(md, modes)
        errors.extend(found)
        seen += n
    for err in errors:
        print(err)
    if errors:
        return 1
    print(f"{seen} commands run a script of the repository, every one executable with a #! line")
    return 0


if __name__ == "__main__":
    sys.exit(main())
