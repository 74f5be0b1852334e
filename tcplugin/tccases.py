#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""tccases.py - the tc test cases of the kit's qdiscs, as data.

Each kind may keep a file `tc.cases` in its directory (template/tc.cases,
qdiscs/<kind>/tc.cases). tests/suites/74-tc compiles every one of them into a
flat list of shell steps (`compile`), the VM runs the steps with Debian's tc
and the kind's plugin (tcplugin/tc-run.sh, in the `tc-kit` scenario) and saves
what each printed, and the host checks the saved output against the cases
(`check`). The format is documented in qdiscs/README.md; in short:

    # a comment
    add OPTIONS                 tc qdisc add dev $DEV root handle 10: KIND OPTIONS
    change OPTIONS              tc qdisc change ...   (each must succeed, print nothing)
    replace OPTIONS             tc qdisc replace ...
    del                         tc qdisc del dev $DEV root (then 10: must be gone)
    run SHELL LINE              any command in the router netns (traffic: ping ...)
    expect-show TEXT            `tc qdisc show` of 10: contains TEXT (whole words)
    expect-stats TEXT           `tc -s qdisc show` of 10: contains TEXT (whole words)
    expect-json KEY OP VALUE    in `tc -j qdisc show` (KEY: options first, then top level)
    expect-stats-json KEY OP VALUE ...   in `tc -s -j qdisc show`
    reject OPTIONS => TEXT      change (add when no qdisc is there) must fail and
    reject-add OPTIONS => TEXT  print TEXT (the kernel's extack comes back from tc
    reject-change OPTIONS => TEXT  as "Error: MESSAGE.")

OP is one of = == != < <= > >= (numbers compare as numbers). Every command
step is also checked generically: both JSON outputs parse, 10: has the right
kind, its options print through the plugin (no "[Unknown qdisc").

    tccases.py compile STEPS CASEFILE...     write the guest's step list
    tccases.py check RESULTS CASEFILE...     RESULTS: the scenario's collect/tc
    tccases.py lint CASEFILE...              parse only

With --no-traffic after compile or check, `run` steps are left out of the
list and reported as skipped (tests/suites/35-usertc-ns: a user-space
namespace carries no traffic).
"""
from __future__ import annotations

import json
import os
import re
import sys
from dataclasses import dataclass, field

HANDLE = "10:"
VERBS = {"add", "change", "replace", "del", "run", "expect-show", "expect-stats",
         "expect-json", "expect-stats-json", "reject", "reject-add", "reject-change"}
OPS = ("==", "!=", "<=", ">=", "<", ">", "=")


class CaseError(Exception):
    pass


@dataclass
class Expect:
    where: str            # show, stats, json, stats-json
    text: str = ""        # show/stats: substring
    checks: list[tuple[str, str, str]] = field(default_factory=list)  # json
    line: int = 0


@dataclass
class Step:
    sid: str              # KIND-NNN
    kind: str
    verb: str             # add change replace del run reject-add reject-change modprobe cleanup
    cmd: str              # the shell line the guest runs
    line: int
    want_err: str = ""    # reject: text stderr must contain
    expects: list[Expect] = field(default_factory=list)
    present: bool = False  # is 10: supposed to exist after this step


def kind_of(path: str) -> str:
    return os.path.basename(os.path.dirname(os.path.abspath(path)))


def parse_checks(words: list[str], where: str, lno: int) -> list[tuple[str, str, str]]:
    """'limit=50', 'limit = 50', 'packets>=5' ... -> [(key, op, value)]"""
    text = " ".join(words)
    out = []
    for m in re.finditer(r"\s*([A-Za-z0-9_.]+)\s*(==|!=|<=|>=|=|<|>)\s*(\"[^\"]*\"|\S+)", text):
        v = m.group(3)
        out.append((m.group(1), m.group(2), v[1:-1] if v.startswith('"') else v))
    if not out or re.sub(r"\s*[A-Za-z0-9_.]+\s*(==|!=|<=|>=|=|<|>)\s*(\"[^\"]*\"|\S+)", "", text).strip():
        raise CaseError(f"line {lno}: {where}: expected KEY OP VALUE..., got '{text}'")
    return out


# A kind without a tc.cases still gets configured: with no options.
DEFAULT_CASES = "add\nchange\nreplace\ndel\n"


def parse(path: str, first: int = 0) -> list[Step]:
    """One kind's tc.cases -> steps (expectations attached to the step before).
    A path that does not exist gets DEFAULT_CASES (the kind is its directory)."""
    kind = kind_of(path)
    steps: list[Step] = []
    n = first
    present = False

    def new(verb: str, cmd: str, lno: int, err: str = "") -> Step:
        nonlocal n
        s = Step(f"{kind}-{n:03d}", kind, verb, cmd, lno, err, present=present)
        n += 1
        steps.append(s)
        return s

    qd = "tc qdisc {verb} dev $DEV root handle " + HANDLE + " " + kind
    new("modprobe", f"modprobe sch_{kind}", 0)
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            lines = f.read().splitlines()
    else:
        lines = DEFAULT_CASES.splitlines()
    for lno, raw in enumerate(lines, 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        verb, _, rest = line.partition(" ")
        rest = rest.strip()
        where = f"{path}:{lno}"
        if verb not in VERBS:
            raise CaseError(f"{where}: unknown step '{verb}' (one of {', '.join(sorted(VERBS))})")
        try:
            if verb in ("add", "change", "replace"):
                if verb == "add" and present:
                    raise CaseError(f"{where}: add while 10: exists (del first)")
                if verb == "change" and not present:
                    raise CaseError(f"{where}: change with no qdisc (add first)")
                present = True
                new(verb, qd.format(verb=verb) + (" " + rest if rest else ""), lno)
            elif verb == "del":
                if rest:
                    raise CaseError(f"{where}: del takes no options")
                present = False
                new(verb, "tc qdisc del dev $DEV root", lno)
            elif verb == "run":
                if not rest:
                    raise CaseError(f"{where}: run needs a command")
                new(verb, rest, lno)
            elif verb.startswith("reject"):
                opts, sep, text = rest.partition("=>")
                if not sep or not text.strip():
                    raise CaseError(f"{where}: expected '{verb} OPTIONS => MESSAGE'")
                v = {"reject-add": "add", "reject-change": "change"}.get(
                    verb, "change" if present else "add")
                if v == "add" and present:
                    raise CaseError(f"{where}: reject-add while 10: exists (del first)")
                if v == "change" and not present:
                    raise CaseError(f"{where}: reject-change with no qdisc (add first)")
                new("reject-" + v, qd.format(verb=v) + " " + opts.strip(), lno,
                    text.strip())
            else:
                if not steps or steps[-1].verb == "modprobe":
                    raise CaseError(f"{where}: {verb} before any tc step")
                if not steps[-1].present:
                    raise CaseError(f"{where}: {verb} while no qdisc is configured")
                w = verb.removeprefix("expect-")
                if w in ("show", "stats"):
                    if not rest:
                        raise CaseError(f"{where}: {verb} needs a text")
                    e = Expect(w, text=rest, line=lno)
                else:
                    e = Expect(w, checks=parse_checks(rest.split(), verb, lno), line=lno)
                steps[-1].expects.append(e)
        except CaseError as ex:
            msg = str(ex)
            raise CaseError(msg if msg.startswith(path) else f"{path}:{msg.removeprefix('line ')}") from None
    # Whatever happened, leave the device clean for the next kind.
    new("cleanup", "tc qdisc del dev $DEV root 2>/dev/null; true", 0)
    return steps


def parse_all(paths: list[str]) -> list[Step]:
    out: list[Step] = []
    for p in paths:
        out += parse(p)
    return out


# ---- checking -------------------------------------------------------------

def num(s: object) -> float | None:
    if isinstance(s, bool):
        return None
    if isinstance(s, (int, float)):
        return float(s)
    try:
        return float(str(s))
    except ValueError:
        return None


def compare(have: object, op: str, want: str) -> bool:
    a, b = num(have), num(want)
    if a is None or b is None:
        sa = json.dumps(have) if isinstance(have, bool) else str(have)
        return {"=": sa == want, "==": sa == want, "!=": sa != want}.get(op, False)
    return {"=": a == b, "==": a == b, "!=": a != b, "<": a < b, "<=": a <= b,
            ">": a > b, ">=": a >= b}[op]


def lookup(obj: dict, key: str) -> tuple[bool, object]:
    """KEY in options first, then at the top level; a.b.c walks objects."""
    parts = key.split(".")
    for root in ([obj.get("options", {}), obj] if len(parts) == 1 else [obj]):
        cur: object = root
        ok = True
        for p in parts:
            if isinstance(cur, dict) and p in cur:
                cur = cur[p]
            else:
                ok = False
                break
        if ok:
            return True, cur
    return False, None


def read(d: str, sid: str, ext: str) -> str | None:
    try:
        with open(os.path.join(d, f"{sid}.{ext}"), encoding="utf-8", errors="replace") as f:
            return f.read()
    except FileNotFoundError:
        return None


def text_block(txt: str) -> str:
    """The lines tc printed for qdisc 10: (its line and the indented ones after)."""
    out, on = [], False
    for ln in txt.splitlines():
        if ln.startswith("qdisc "):
            on = ln.split()[2:3] == [HANDLE]
        if on:
            out.append(ln)
    return "\n".join(out)


class Checker:
    def __init__(self) -> None:
        self.passed = 0
        self.failed = 0
        self.skipped = 0

    def ok(self, msg: str) -> None:
        print(f"ok   {msg}")
        self.passed += 1

    def ko(self, msg: str, detail: str = "") -> None:
        print(f"FAIL {msg}")
        for ln in detail.rstrip().splitlines()[:20]:
            print(f"     {ln}")
        self.failed += 1

    def qdisc_json(self, s: Step, d: str, ext: str) -> dict | None:
        raw = read(d, s.sid, ext)
        if raw is None:
            self.ko(f"{s.sid}: no {ext} output")
            return None
        dups: list[str] = []

        def no_dups(pairs: list[tuple[str, object]]) -> dict:
            seen: dict = {}
            for k, v in pairs:
                if k in seen:
                    dups.append(k)
                seen[k] = v
            return seen

        try:
            arr = json.loads(raw, object_pairs_hook=no_dups)
        except json.JSONDecodeError as ex:
            self.ko(f"{s.sid}: tc {'-s ' if ext == 'sjson' else ''}-j output is not valid JSON: {ex}", raw)
            return None
        if dups:
            # e.g. an xstats key named like a generic counter ("drops")
            self.ko(f"{s.sid}: tc {'-s ' if ext == 'sjson' else ''}-j prints keys twice: "
                    + ", ".join(sorted(set(dups))), raw)
        for q in arr if isinstance(arr, list) else []:
            if isinstance(q, dict) and q.get("handle") == HANDLE:
                return q
        return {}

    def step(self, s: Step, d: str) -> None:
        where = f"{s.kind} line {s.line}: {s.verb} " + s.cmd.split(f"{HANDLE} {s.kind}", 1)[-1].strip()
        rc_s = read(d, s.sid, "rc")
        if rc_s is None:
            self.ko(f"{where}: the guest did not run it")
            return
        rc = int(rc_s.strip() or "-1")
        err = read(d, s.sid, "err") or ""
        if s.verb == "cleanup":
            return
        if s.verb.startswith("reject"):
            if rc != 0 and s.want_err in err:
                self.ok(f"{where}: refused (rc {rc}): {s.want_err}")
            else:
                self.ko(f"{where}: want failure with '{s.want_err}', got rc {rc}", err)
        elif rc != 0 or (s.verb != "run" and err.strip()):
            self.ko(f"{where}: rc {rc}", err)
            return
        elif s.verb != "modprobe":
            self.ok(f"{where}: rc 0")
        if s.verb in ("modprobe", "run") and not s.expects:
            return
        # Generic checks of the four views after the step.
        js, sjs = self.qdisc_json(s, d, "json"), self.qdisc_json(s, d, "sjson")
        show, sshow = read(d, s.sid, "show") or "", read(d, s.sid, "sshow") or ""
        if js is None or sjs is None:
            return
        if not s.present:
            if js or text_block(show):
                self.ko(f"{where}: {HANDLE} still there", show)
            elif s.verb == "del":
                self.ok(f"{where}: {HANDLE} gone")
            return
        if s.verb not in ("reject-add",) and s.verb in ("add", "change", "replace"):
            problems = []
            if js.get("kind") != s.kind:
                problems.append(f"kind {js.get('kind')!r} in tc -j")
            if not isinstance(js.get("options"), dict):
                problems.append("no options object in tc -j")
            for name, txt in (("show", show), ("-s show", sshow)):
                b = text_block(txt)
                if not b.startswith(f"qdisc {s.kind} {HANDLE}"):
                    problems.append(f"tc {name} has no 'qdisc {s.kind} {HANDLE}' line")
                if "Unknown qdisc" in b:
                    problems.append(f"tc {name} did not use the plugin")
            if not problems:
                self.ok(f"{where}: show, -s show, -j, -s -j: valid, kind {s.kind}, printed by the plugin")
            else:
                self.ko(f"{where}: " + "; ".join(problems), text_block(sshow))
        for e in s.expects:
            tag = f"{s.kind} line {e.line}: expect-{e.where}"
            if e.where in ("show", "stats"):
                b = text_block(show if e.where == "show" else sshow)
                # whole words: "limit 5" must not match "limit 50"
                if re.search(r"(?<!\S)" + re.escape(e.text) + r"(?!\S)", b):
                    self.ok(f"{tag} '{e.text}'")
                else:
                    self.ko(f"{tag} '{e.text}' not in:", b)
                continue
            obj = js if e.where == "json" else sjs
            for key, op, val in e.checks:
                found, have = lookup(obj, key)
                if found and compare(have, op, val):
                    self.ok(f"{tag} {key} {op} {val} (is {json.dumps(have)})")
                else:
                    self.ko(f"{tag} {key} {op} {val}: " +
                            (f"is {json.dumps(have)}" if found else "no such key"),
                            json.dumps(obj, indent=1))


def main(argv: list[str]) -> int:
    no_traffic = "--no-traffic" in argv
    argv = [a for a in argv if a != "--no-traffic"]
    if len(argv) < 2 or argv[0] not in ("compile", "check", "lint"):
        print(__doc__.split("\n\n")[-2], file=sys.stderr)
        return 2
    cmd, rest = argv[0], argv[1:]
    try:
        steps = parse_all(rest if cmd == "lint" else rest[1:])
    except (CaseError, OSError) as ex:
        print(f"tccases: {ex}", file=sys.stderr)
        return 1
    if cmd == "lint":
        print(f"{len(steps)} steps")
        return 0
    if cmd == "compile":
        tmp = rest[0] + ".tmp"
        with open(tmp, "w", encoding="utf-8") as f:
            for s in steps:
                if no_traffic and s.verb == "run":
                    continue
                snap = 0 if s.verb in ("modprobe", "cleanup") or (s.verb == "run" and not s.expects) else 1
                f.write(f"{s.sid}\t{snap}\t{s.cmd}\n")
        os.replace(tmp, rest[0])
        print(f"tccases: {len(steps)} steps for {len(rest) - 1} kind(s) -> {rest[0]}")
        return 0
    c = Checker()
    if not os.path.isdir(rest[0]):
        c.ko(f"no results directory {rest[0]}")
    else:
        for s in steps:
            if no_traffic and s.verb == "run":
                print(f"skip {s.kind} line {s.line}: run {s.cmd} (no traffic)")
                c.skipped += 1
                continue
            c.step(s, rest[0])
    if c.skipped:
        print(f"({c.skipped} traffic steps skipped)")
    print(f"{c.passed} passed, {c.failed} failed")
    return 1 if c.failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
