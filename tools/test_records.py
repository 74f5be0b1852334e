#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""The two trace readers read the same records (run by tests/suites/31-trace).

    tools/test_records.py QDK_REPLAY [N]

The kit reads traces in C (trace/, through `qdk-replay records`, which prints
each event the C reader hands out as a JSON line, then the header) and in
Python (tools/qdktrace.py, which the Python tools use). This test feeds both
the same corpus: every committed trace (as test_qdktrace.py lists them) and
every input of the trace fuzzer's corpus (fuzz/corpus/trace/), and N
(default 400) mutants of them made with a fixed seed, as 30-replay-refused makes its
own (bytes cut, inserted, changed, lines swapped), so that most of the
refusals are tried, each in both forms: text and its binary twin
(`qdk-replay convert`). For each
file it requires the same events, field by field, in the same order, the
same header, and the same refusal: both accept it, or both stop at the same
event with the same "file:line: reason".

Prints a line per disagreement and "N passed, M failed" last.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import tempfile
from typing import Any

import qdktrace

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(TOP, "tests", "lib"))
import mutate_traces  # noqa: E402  (tests/lib: the suites' mutator)

XMIT = {"ok": 0, "drop": 1, "cn": 2}
STOLEN, BYPASS = 0x10000, 0x20000


def verdict(word: str) -> int:
    """An e line's VERDICT word as the raw value the C reader keeps (-1: '?')."""
    if word == "?":
        return -1
    base, *bits = word.split("+")
    return XMIT[base] | (STOLEN if "stolen" in bits else 0) | (BYPASS if "bypass" in bits else 0)


def text(s: str) -> str:
    """A string as records.c writes it: each byte of its UTF-8 a code point."""
    return s.encode("utf-8", "surrogateescape").decode("latin-1")


def event_record(ev: qdktrace.Event) -> dict[str, Any]:
    """ev as records.c prints it."""
    r: dict[str, Any] = {"line": ev.line, "ts": ev.ts, "op": ev.op}
    op = ev.op
    if op == "e":
        r.update(id=ev.id, fid=ev.fid, pkt_len=ev.pkt_len, verdict=verdict(ev.verdict), keys=dict(ev.keys))
    elif op in ("i", "o"):
        r.update(id=ev.id, fid=ev.fid, pkt_len=ev.pkt_len, keys=dict(ev.keys))
    elif op in ("d", "p", "x", "m"):
        r["id"] = ev.id
    elif op == "n":
        keys = {k: v for k, v in ev.keys.items() if k == "truesize" and v}
        r.update(id=ev.id, keys=keys)
        r["from"] = ev.from_id
    elif op in ("lost", "j"):
        r["count"] = ev.count
    elif op == "t":
        r.update(timer_of=ev.timer_of, timer_off=ev.timer_off)
    elif op == "s":
        r.update(stats=dict(ev.stats), stats_of=ev.stats_of, stats_id=ev.stats_id if ev.stats_of else 0)
    elif op == "c":
        r.update(ret=ev.ret, tca=None if ev.tca is None else ev.tca.hex(), options=text(ev.options))
    elif op == "R":
        r["draws"] = [[d.width, d.value.hex() if isinstance(d.value, bytes) else d.value] for d in ev.draws]
        r["count"] = ev.count
    elif op == "C":
        r.update(action=ev.action, classid=ev.classid)
    elif op == "u":
        r.update(dev=text(ev.dev), write=ev.write, pos=ev.pos, data=ev.data.hex(), lost=ev.lost)
    return r


def python_records(path: str) -> tuple[list[dict[str, Any]], str]:
    """The Python reader's records of path and its refusal ("" if none)."""
    out: list[dict[str, Any]] = []
    try:
        with qdktrace.open_trace(path) as t:
            for ev in t:
                out.append(event_record(ev))
            h = t.header
            out.append({"header": {
                "version": h.version, "qdisc": None if h.qdisc is None else text(h.qdisc),
                "handle": h.handle, "parent": h.parent, "seed": h.seed, "hz": h.hz,
                "random": len(h.random), "tree": len(h.tree), "flows": len(t.flows)}})
    except qdktrace.TraceError as e:
        return out, str(e)
    return out, ""


def c_records(replay: str, path: str) -> tuple[list[dict[str, Any]], str]:
    """`qdk-replay records`' records of path and its refusal ("" if none)."""
    p = subprocess.run([replay, "records", path], capture_output=True, check=False)
    try:
        recs = [json.loads(line) for line in p.stdout.decode("latin-1").splitlines()]
    except json.JSONDecodeError as e:
        return [], f"records printed bad JSON: {e}"
    err = p.stderr.decode("utf-8", "surrogateescape").strip()
    if p.returncode not in (0, 2) or (p.returncode == 2) != bool(err):
        err = f"exit {p.returncode}: {err}"
    return recs, err.split("\n")[-1] if err else ""


def corpus() -> list[str]:
    out = subprocess.run(["git", "ls-files", "*.qtr", "*.qtr.zst", "*.qtr.gz", "*.qtr.zst.*"],
                         cwd=TOP, check=True, capture_output=True, text=True).stdout.split()
    fuzz = os.path.join("fuzz", "corpus", "trace")
    if os.path.isdir(os.path.join(TOP, fuzz)):
        out += [os.path.join(fuzz, n) for n in os.listdir(os.path.join(TOP, fuzz))]
    return sorted(out)


# the suites' junk, and words of the format that make a mutant reach further
JUNK = mutate_traces.JUNK + [b"e", b"lost", b"sk=", b"R"]


def mutants(replay: str, paths: list[str], n: int, into: str) -> list[str]:
    """n mutants of the plain-text traces among paths (seeded), and their binary twins."""
    rng = random.Random(int(os.environ.get("TEST_RECORDS_SEED", "31")))
    srcs = []
    for p in paths:
        with open(p, "rb") as f:
            data = f.read()
        if data.startswith(b"qdk-trace ") and len(data) < 200_000:
            srcs.append(data)
    out = []
    for i in range(n):
        t = mutate_traces.mutate(rng, rng.choice(srcs), most=3, junk=JUNK)
        name = os.path.join(into, f"m{i:03d}.qtr")
        with open(name, "wb") as f:
            f.write(t)
        out.append(name)
        twin = name + ".bin"
        if subprocess.run([replay, "convert", "--to", "binary", name, twin], capture_output=True,
                          check=False).returncode == 0:
            out.append(twin)
    return out


def first_difference(a: list[dict[str, Any]], b: list[dict[str, Any]]) -> str:
    for x, y in zip(a, b, strict=False):
        if x != y:
            return f"C {json.dumps(x)}\n     Python {json.dumps(y)}"
    return f"C has {len(a)} records, Python {len(b)}"


def main() -> int:
    if len(sys.argv) not in (2, 3):
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    replay = os.path.abspath(sys.argv[1])
    nmut = int(sys.argv[2]) if len(sys.argv) == 3 else 400
    os.chdir(TOP)
    tmp = tempfile.TemporaryDirectory(prefix="test_records.")
    files = corpus()
    files += mutants(replay, files, nmut, tmp.name)
    passed = failed = refused = 0
    for path in files:
        c, cerr = c_records(replay, path)
        py, perr = python_records(path)
        if c == py and cerr == perr:
            passed += 1
            refused += bool(cerr)
            continue
        failed += 1
        print(f"FAIL {path}: the readers disagree")
        if cerr != perr:
            print(f"     C refuses: {cerr or '(nothing)'}\n     Python refuses: {perr or '(nothing)'}")
        if c != py:
            print("     " + first_difference(c, py))
    print(f"readers agree on {passed} files ({refused} of them refused with the same words)")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
