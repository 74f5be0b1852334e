#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""doc-transcripts.py - regenerate the command transcripts the docs show.

Every ``` block that shows commands and what they print sits in a tracked
Markdown file between two marker comments, and this tool reruns it:

    <!-- transcript: begin suite=25-drive link=build (free text) -->
    ```
    $ COMMAND
    OUTPUT...
    $ COMMAND
    OUTPUT...
    ```
    <!-- transcript: end -->

The `$ ` lines are the doc's own; they run, in order, in one bash (so a
variable set by one is seen by the next, and `echo $?` reads the previous
one's status), with stderr merged into stdout, and each command's OUTPUT is
replaced by what it printed. The output is normalised so that it does not
depend on the machine or the moment: the run directory's and the tree's
absolute paths read TOP, hex addresses 0x..., a process id (process N, child process N),
Debian's ABI number in a kernel release (6.1.0-N-amd64),
wall-clock and CPU times and event rates N ("wall N s, cpu N s, N M
events/s"); trailing blanks go. The commands run with LC_ALL=C and without
the make variables of a `make check` that called the suite.

The begin marker's words say how the region runs:

    suite=NAME     the tests/suites/NAME that checks it (required): it runs
                   `tools/doc-transcripts.py --check --suite NAME` once the
                   region's `needs` are built
    dir=tree|tmp   run in the tree, or (the default) in an empty temporary
                   directory, so files the commands write go nowhere
    link=P,...     tree paths symlinked into the temporary directory
                   (link=build: build/user/qdk-replay resolves there)
    copy=P,...     tree paths copied into it (a build of just those files)
    needs=P,...    tree paths that must exist first; the region cannot run
                   without them (exit 2, naming the one missing)
    skip=N,...     the Nth `$ ` lines (from 1) are shown and not run: the
                   build commands that make what `needs` names; they show
                   no output
    file=NAME,...  the lines after `$ cat NAME` are input the doc shows: they
                   are written to NAME in the run directory before the
                   commands run (the gdb session's script, a trace's header)
    timeout=S      seconds the whole region may take (default 300)

To add a transcript: put the markers around a ``` block whose `$ ` lines are
what a reader types, choose the words above, add `transcripts_current NAME
WHAT` (tests/lib/suite.sh: it runs `--check --suite NAME`) to the suite that
builds what it needs (if it has no call yet), run
`tools/doc-transcripts.py` and review the output it wrote like code. Only
deterministic output belongs in a transcript; prose next to it must not
quote its figures (they would go stale unchecked). Output that is not
deterministic (a VM's packet counts) is described in prose instead.

    tools/doc-transcripts.py [--suite NAME] [FILE.md...]
                          rewrite the regions in place
    tools/doc-transcripts.py --check [--suite NAME] [FILE.md...]
                          exit 1 with a diff if any region is stale
    tools/doc-transcripts.py --lint [FILE.md...]
                          runs nothing: exit 1 naming each region whose
                          suite does not check it and each `$ ` line with
                          output outside a region (tests/suites/80-style)
"""

import difflib
import os
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

TOP = Path(__file__).resolve().parent.parent
BEGIN = re.compile(r"<!-- transcript: begin ([^()]*?)\s*(\(.*\))?\s*-->$")
END = "<!-- transcript: end -->"
PROMPT = "$ "
MARK = "@@doc-transcripts: command done@@"
KEYS = {"suite", "dir", "link", "copy", "needs", "skip", "file", "timeout"}


class DocError(Exception):
    pass


@dataclass
class Region:
    doc: str
    line: int                 # 1-based line of the begin marker
    first: int                # index of the first line inside the fence
    last: int                 # index of the last line inside the fence
    opts: dict[str, str] = field(default_factory=dict)

    def where(self, offset: int = 0) -> str:
        return f"{self.doc}:{self.line + offset}"

    def paths(self, key: str) -> list[str]:
        return [p for p in self.opts.get(key, "").split(",") if p]


def parse_opts(words: str, where: str) -> dict[str, str]:
    opts: dict[str, str] = {}
    for w in words.split():
        k, eq, v = w.partition("=")
        if not eq or k not in KEYS or not v:
            raise DocError(f"{where}: '{w}' is not one of {', '.join(sorted(KEYS))} as KEY=VALUE")
        opts[k] = v
    if "suite" not in opts:
        raise DocError(f"{where}: the begin marker needs suite=NAME (the suite that checks it)")
    if opts.get("dir", "tmp") not in ("tree", "tmp"):
        raise DocError(f"{where}: dir= is tree or tmp")
    if opts.get("dir") == "tree" and {"link", "copy", "file"} & opts.keys():
        raise DocError(f"{where}: link=, copy= and file= are for dir=tmp")
    for k in ("skip", "timeout"):
        if k in opts and not re.fullmatch(r"\d+(,\d+)*", opts[k]):
            raise DocError(f"{where}: {k}= takes numbers")
    return opts


def regions(doc: str, lines: list[str]) -> list[Region]:
    found: list[Region] = []
    i = 0
    while i < len(lines):
        m = BEGIN.match(lines[i])
        if not m:
            if lines[i].startswith(END) or lines[i].startswith("<!-- transcript:"):
                raise DocError(f"{doc}:{i + 1}: a transcript marker out of place")
            i += 1
            continue
        where = f"{doc}:{i + 1}"
        opts = parse_opts(m.group(1), where)
        if i + 1 >= len(lines) or lines[i + 1] != "```":
            raise DocError(f"{where}: a ``` line must follow the begin marker")
        try:
            close = lines.index("```", i + 2)
        except ValueError:
            raise DocError(f"{where}: the ``` block is not closed") from None
        if close + 1 >= len(lines) or lines[close + 1] != END:
            raise DocError(f"{doc}:{close + 2}: '{END}' must follow the ``` block")
        if not lines[i + 2].startswith(PROMPT):
            raise DocError(f"{doc}:{i + 3}: the block must start with a '{PROMPT}' line")
        found.append(Region(doc, i + 1, i + 2, close - 1, opts))
        i = close + 2
    return found


def normalise(text: str, rundir: str) -> str:
    for d in sorted({rundir, str(TOP)}, key=len, reverse=True):
        text = text.replace(d, "TOP")
    text = re.sub(r"0x[0-9a-f]{4,}", "0x...", text)
    text = re.sub(r"\(process \d+\)", "(process N)", text)
    text = re.sub(r"child process \d+\]", "child process N]", text)
    text = re.sub(r"\b(wall|cpu) [0-9.]+ s\b", r"\1 N s", text)
    text = re.sub(r"[0-9.]+ M events/s", "N M events/s", text)
    # Debian's ABI number of a series' kernel moves with the mirror (6.1.0-56, -57 ...)
    text = re.sub(r"\b(\d+\.\d+\.\d+)-\d+-(amd64|common)\b", r"\1-N-\2", text)
    return re.sub(r"[ \t]+$", "", text, flags=re.MULTILINE)


def commands(body: list[str]) -> list[str]:
    return [line[len(PROMPT):] for line in body if line.startswith(PROMPT)]


def file_input(r: Region, body: list[str]) -> dict[str, list[str]]:
    """Each file= NAME's lines: those after its `$ cat NAME` line."""
    files: dict[str, list[str]] = {}
    for name in r.paths("file"):
        try:
            c = body.index(f"{PROMPT}cat {name}")
        except ValueError:
            raise DocError(f"{r.where()}: file={name} but no '{PROMPT}cat {name}' line") from None
        end = next((i for i in range(c + 1, len(body)) if body[i].startswith(PROMPT)), len(body))
        files[name] = body[c + 1:end]
    return files


def prepare(r: Region, tmp: Path) -> Path:
    if r.opts.get("dir") == "tree":
        return TOP
    run = tmp / "run"
    run.mkdir()
    for p in r.paths("link"):
        (run / p).parent.mkdir(parents=True, exist_ok=True)
        (run / p).symlink_to(TOP / p)
    for p in r.paths("copy"):
        (run / p).parent.mkdir(parents=True, exist_ok=True)
        if (TOP / p).is_dir():
            shutil.copytree(TOP / p, run / p, symlinks=True)
        else:
            shutil.copy2(TOP / p, run / p)
    return run


def run_region(r: Region, body: list[str]) -> list[str]:
    cmds = commands(body)
    skip = {int(n) for n in r.paths("skip")}
    if any(n > len(cmds) for n in skip):
        raise DocError(f"{r.where()}: skip= names a command past the last of {len(cmds)}")
    with tempfile.TemporaryDirectory(prefix="doc-transcripts.") as t:
        tmp = Path(t)
        run = prepare(r, tmp)
        for name, lines in file_input(r, body).items():
            (run / name).write_text("".join(x + "\n" for x in lines))
        script = ["exec 2>&1"]
        ran = [k for k in range(len(cmds)) if k + 1 not in skip]
        for k in ran:
            script += [cmds[k], "__rc=$?", f"printf '\\n%s\\n' '{MARK}'", "(exit $__rc)"]
        # A suite run from `make check` must not hand its make's state on.
        env = {k: v for k, v in os.environ.items()
               if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL", "MAKEOVERRIDES")}
        env.update(LC_ALL="C", TERM="dumb")
        try:
            res = subprocess.run(["bash", "-c", "\n".join(script)], cwd=run, env=env,
                                 stdout=subprocess.PIPE, stdin=subprocess.DEVNULL, text=True,
                                 timeout=int(r.opts.get("timeout", "300")), check=False)
        except subprocess.TimeoutExpired:
            raise DocError(f"{r.where()}: the commands took longer than "
                           f"{r.opts.get('timeout', '300')} s") from None
        outs = normalise(res.stdout, str(run)).split(f"\n{MARK}\n")
    if len(outs) != len(ran) + 1:
        raise DocError(f"{r.where()}: the commands stopped early (exit {res.returncode})")
    # gdb's word for a binary built before its sources changed: a transcript
    # of it would show the old lines
    if "Source file is more recent than executable" in res.stdout:
        raise DocError(f"{r.where()}: a binary it runs is older than its sources: rebuild "
                       f"what it needs (tests/suites/{r.opts['suite']} builds it) and run again")
    printed = {k: outs[n] for n, k in enumerate(ran)}
    new: list[str] = []
    for k, cmd in enumerate(cmds):
        new.append(PROMPT + cmd)
        out = printed.get(k, "")
        if out.strip("\n"):
            new += out.rstrip("\n").split("\n")
    return new


def regenerate(doc: str, text: str, suite: str | None) -> tuple[str, int]:
    lines = text.split("\n")
    count = 0
    for r in reversed(regions(doc, lines)):
        if suite is not None and r.opts["suite"] != suite:
            continue
        for p in r.paths("needs"):
            if not (TOP / p).exists():
                raise DocError(f"{r.where()}: {p} is missing (tests/suites/{r.opts['suite']} "
                               "builds it)")
        body = lines[r.first:r.last + 1]
        lines[r.first:r.last + 1] = run_region(r, body)
        count += 1
    return "\n".join(lines), count


def lint(doc: str, lines: list[str]) -> list[str]:
    """Regions that no suite checks, and output shown outside any region."""
    bad: list[str] = []
    inside: set[int] = set()
    for r in regions(doc, lines):
        inside.update(range(r.first, r.last + 1))
        suite = TOP / "tests/suites" / r.opts["suite"]
        if not suite.is_file():
            bad.append(f"{r.where()}: suite={r.opts['suite']}: tests/suites has no such suite")
        elif not any(call in suite.read_text() for call in
                     (f"--check --suite {r.opts['suite']}", f"transcripts_current {r.opts['suite']} ")):
            bad.append(f"{r.where()}: tests/suites/{r.opts['suite']} does not run "
                       f"tools/doc-transcripts.py --check --suite {r.opts['suite']} "
                       f"(tests/lib/suite.sh: transcripts_current {r.opts['suite']} WHAT)")
    fence = None
    for i, line in enumerate(lines):
        if line.startswith("```"):
            fence = None if fence is not None else i
        elif (fence is not None and i not in inside and line.startswith(PROMPT)
              and i + 1 < len(lines) and not lines[i + 1].startswith(("```", PROMPT))):
            bad.append(f"{doc}:{i + 1}: a command with its output outside a transcript "
                       "region: mark it (tools/doc-transcripts.py) or describe the output")
    return bad


def tracked_docs() -> list[str]:
    out = subprocess.run(["git", "ls-files", "*.md"], cwd=TOP, capture_output=True,
                         text=True, check=True).stdout
    return out.split()


def main(argv: list[str]) -> int:
    args = argv[1:]
    check = "--check" in args
    lint_only = "--lint" in args
    args = [a for a in args if a not in ("--check", "--lint")]
    suite = None
    if "--suite" in args:
        i = args.index("--suite")
        if i + 1 >= len(args):
            args = ["--help"]
        else:
            suite = args[i + 1]
            del args[i:i + 2]
    if any(a.startswith("-") for a in args):
        print("usage: tools/doc-transcripts.py [--check | --lint] [--suite NAME] [FILE.md...]",
              file=sys.stderr)
        return 2
    docs = args or tracked_docs()
    if lint_only:
        try:
            bad = [b for d in docs for b in lint(d, (TOP / d).read_text().split("\n"))]
        except DocError as e:
            bad = [str(e)]
        print("\n".join(bad) if bad else f"{len(docs)} docs, every output shown is in a checked region")
        return 1 if bad else 0
    stale = total = 0
    for doc in docs:
        path = TOP / doc
        old = path.read_text()
        try:
            new, n = regenerate(doc, old, suite)
        except DocError as e:
            print(f"doc-transcripts: {e}", file=sys.stderr)
            return 2
        total += n
        if new == old:
            continue
        stale += 1
        if check:
            print("\n".join(difflib.unified_diff(old.split("\n"), new.split("\n"),
                                                 f"{doc} (committed)", f"{doc} (run now)",
                                                 lineterm="")), flush=True)
        else:
            path.write_text(new)
            print(f"doc-transcripts: {doc}: regenerated", file=sys.stderr)
    what = f" of suite {suite}" if suite else ""
    if check and stale:
        again = f" --suite {suite}" if suite else ""
        print(f"doc-transcripts: {stale} doc(s) with stale transcripts{what}: run "
              f"tools/doc-transcripts.py{again}, review the diff and commit it", file=sys.stderr)
        return 1
    if total == 0 and suite is not None:
        print(f"doc-transcripts: no transcript has suite={suite}", file=sys.stderr)
        return 2
    done = "current" if check else "regenerated"
    print(f"doc-transcripts: {total} transcript(s){what} {done}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
