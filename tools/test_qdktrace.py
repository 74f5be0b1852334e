#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""Unit test of tools/qdktrace.py, the Python trace reader (run by tests/suites/30-replay-refused).

    tools/test_qdktrace.py QDK_REPLAY [FUZZ_DIR]

- every committed trace (traces/, template/, qdiscs/, examples/, the
  captures kept under other names) reads without error, and where
  `qdk-replay verify` accepts it, the reader counts the same events,
  enqueues, dequeues, random draws, classifications and packets made;
- malformed traces are refused at the line and with the words the C reader
  uses; compressed traces stream (.zst through zstd, .gz), a corrupt one is
  refused; memory stays flat however long the trace;
- on FUZZ_DIR's mutated traces (30-replay-refused's), the reader refuses no trace
  that verify accepts, and verify stops (refused or diverged) at the line the
  reader refuses or before;
- the binary twins (`qdk-replay convert`) of the committed and the mutated
  traces read as their text does: the same counts, or the same refusal at
  record N for line N.

Prints "N passed, M failed" last.
"""

from __future__ import annotations

import gzip
import os
import re
import subprocess
import sys
import tempfile
import tracemalloc

import qdktrace

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OK_LINE = re.compile(r"verify: (.*): OK, (\d+) events \((\d+) enqueues, (\d+) dequeues"
                     r"(?:, (\d+) random draws)?(?:, (\d+) classifications)?(?:, (\d+) packets made)?\)")
TRACE_NAME = re.compile(r"\.qtr(\.zst|\.gz)?$")

results: list[bool] = []


def check(ok: bool, what: str, detail: str = "") -> None:
    results.append(ok)
    print(("ok   " if ok else "FAIL ") + what + (f"\n     {detail}" if detail and not ok else ""))


def committed() -> list[str]:
    out = subprocess.run(["git", "ls-files", "*.qtr", "*.qtr.zst", "*.qtr.gz", "*.qtr.zst.*"],
                         cwd=TOP, check=True, capture_output=True, text=True).stdout
    return sorted(out.split())


def error_of(path: str) -> qdktrace.TraceError | None:
    try:
        qdktrace.count(path)
    except qdktrace.TraceError as e:
        return e
    return None


def test_committed(replay: str) -> None:
    paths = committed()
    counts: dict[str, qdktrace.Counts] = {}
    errors = []
    for p in paths:
        try:
            counts[p] = qdktrace.count(os.path.join(TOP, p))
        except qdktrace.TraceError as e:
            errors.append(str(e))
    check(len(paths) > 50 and not errors, f"the reader reads all {len(paths)} committed traces",
          "\n     ".join(errors))
    # verify's counts, for the traces it replays (its file name rules: .qtr[.zst|.gz])
    names = [p for p in paths if TRACE_NAME.search(p)]
    v = subprocess.run([replay, "verify", *names], cwd=TOP, check=False, capture_output=True,
                       text=True)
    compared, differ = 0, []
    for m in OK_LINE.finditer(v.stdout):
        c = counts.get(m.group(1))
        if c is None:
            continue
        want = [c.events, c.enqueues, c.dequeues, c.draws, c.classifications, c.made]
        # verify prints the draws for version 2 and 3, the rest when there are any
        got = [int(x) if x is not None else w for x, w in zip(m.groups()[1:], want, strict=True)]
        if m.group(7) is None:
            got[5] = 0
        compared += 1
        if got != want:
            differ.append(f"{m.group(1)}: verify {got}, reader {want}")
    check(compared > 50 and not differ,
          f"event, enqueue, dequeue, draw, classification and made counts equal verify's on "
          f"{compared} traces", "\n     ".join(differ))


BASE = """qdk-trace 3
qdisc pfifo limit 10
handle 1:
class 1: 1:1 htb - rate 1mbit
filter 1:
flow 1 udp 10.0.0.1:1 10.0.0.2:2
1000 R u32 7 0x10
1000 R bytes 0011
1000 C ok 1:1
1000 n 9 -
1000 e 1 1 100 ok
1000 x 1
2000 d -
flow 2 tcp [2001:db8::1]:1 [2001:db8::2]:2 tcp=SA
2000 e 2 2 1514 cn+stolen gso=2:700 tos=3
2000 m 2
2000 s cl=1:1 qlen=1 backlog=0x10
3000 c 0 - limit 5
3000 lost 3
"""


def test_reader(tmp: str) -> None:
    base = os.path.join(tmp, "base.qtr")
    with open(base, "w", encoding="ascii") as f:
        f.write(BASE)
    with qdktrace.open_trace(base) as t:
        h = t.header
        evs = list(t)
        ok = (h.version == 3 and h.qdisc == "pfifo limit 10" and h.handle == 0x10000
              and [n.what for n in h.tree] == ["class", "filter"] and h.has_filter
              and h.lines[-1] == "flow 1 udp 10.0.0.1:1 10.0.0.2:2")
        check(ok, "header directives, the tree and the header's lines")
        ops = "".join(e.op[0] for e in evs)
        e2 = evs[7]
        ok = (ops == "RRCnexdemscl" and [d.value for d in evs[0].draws] == [7, 16]
              and evs[1].draws[0].value == b"\x00\x11" and evs[2].classid == 0x10001
              and evs[3].id == 9 and evs[3].from_id == 0 and evs[6].id == 0
              and e2.verdict == "cn+stolen" and e2.keys == {"gso_segs": 2, "gso_size": 700, "tos": 3}
              and evs[9].stats_of == "cl" and evs[9].stats == {"qlen": 1, "backlog": 16}
              and evs[10].tca is None and evs[10].options == "limit 5" and evs[11].count == 3
              and t.flows[2].keys == {"tcp": 0x12} and t.flows[2].line == 14)
        check(ok, "every event line's fields; flows declared among the events")

    cases = [  # (line number, replacement or None to delete, line of the error, its words)
        (1, "qdk-trace 4", 1, "unknown trace version 4 (this reader knows versions 1 to 3)"),
        (1, "qdk-trace 2", 4, '"class" (a classful tree) needs "qdk-trace 3"'),
        (5, None, 8, 'C lines need a "filter PARENT" directive'),
        (8, "500 R u8 1", 8, "timestamp 500 is before the previous event's 1000"),
        (8, "1000 R u8 256", 8, 'bad random value "256"'),
        (11, "1000 x 1", 11, 'R lines must come right before the call line they belong to, not before "x"'),
        (11, "1000 e 1 3 100 ok", 11, "flow 3 is not declared"),
        (11, "1000 e 1 1 100 yes", 11, 'bad verdict "yes" (ok, drop, cn, +stolen, +bypass or ?)'),
        (11, "1000 e 0 1 100 ok", 11, "packet id 0 is not allowed"),
        (11, "1000 e 1 1 100 ok foo=1", 11, 'unknown packet key "foo"'),
        (13, "2000 d 1 2", 13, 'unexpected " 2" at the end of the line'),
        (13, "2000 k", 13, 'unknown operation "k"'),
        (13, "seed 4", 13, '"seed" is not an event (header directives come before the first event)'),
        (14, "flow 1 udp 10.0.0.1:1 10.0.0.2:2", 14, "flow 1 declared twice"),
        (14, "flow 2 udp 10.0.0.1 10.0.0.2:2", 14, "address needs a :PORT for tcp and udp"),
        (17, "2000 s cl=1:1 foo=1", 17, 'unknown statistics key "foo"'),
        (18, "3000 c 0 0g", 18, 'bad options hex "0g"'),
        (18, "3000 j 5", 18, 'j lines need the header directive "jiffies N"'),
        (18, "3000 t", 18, 't lines need the header directive "timers recorded"'),
        (19, "3000 R u32 1", 19, "the trace ends with R lines and no call after them"),
        (2, "speed 10", 2, 'unknown directive "speed"'),
        (2, "tca 0102", 2, "tca is shorter than an attribute header"),
        (2, "dev txqs=0", 2, "txqs must be at least 1"),
    ]
    lines = BASE.splitlines()
    for i, (at, new, line, words) in enumerate(cases):
        path = os.path.join(tmp, f"bad{i}.qtr")
        text = lines[:at - 1] + ([new] if new is not None else []) + lines[at:]
        with open(path, "w", encoding="ascii") as f:
            f.write("\n".join(text) + "\n")
        e = error_of(path)
        want = f"{path}:{line}: {words}"
        check(e is not None and str(e).startswith(want), f"refused: {words}",
              f"want {want}, got {e}")
    first = os.path.join(tmp, "first.qtr")
    with open(first, "w", encoding="ascii") as f:
        f.write(BASE.replace("1000 R u32 7 0x10", "1000 R u32 7 0x1g"))
    with qdktrace.open_trace(first) as t:
        try:
            list(t)
            e = None
        except qdktrace.TraceError as x:
            e = x
        check(t.header.qdisc == "pfifo limit 10" and e is not None and e.line == 7,
              "a bad first event: the header reads, the events refuse at its line", str(e))
    long = os.path.join(tmp, "long.qtr")
    with open(long, "w", encoding="ascii") as f:
        f.write(BASE.replace("handle 1:", "source " + "x" * 4089))
    e = error_of(long)
    check(e is not None and str(e) == f"{long}:3: line longer than 4095 bytes", "an over-long line refused",
          str(e))

    with open(base, "rb") as f:
        data = f.read()
    gz, zst = base + ".gz", base + ".zst"
    with gzip.open(gz, "wb") as g:
        g.write(data)
    subprocess.run(["zstd", "-q", "-f", base, "-o", zst], check=True)
    renamed = base + ".zst.diverging"
    os.link(zst, renamed)
    plain = qdktrace.count(base)
    same = all(qdktrace.count(p) == plain for p in (gz, zst, renamed))
    check(same, "a .gz, a .zst and a renamed .zst read as the plain trace")
    for name, blob in (("broken.qtr.zst", b"not zstd"), ("broken.qtr.gz", b"not gzip"),
                       ("cut.qtr.gz", gzip.compress(data)[:40])):
        path = os.path.join(tmp, name)
        with open(path, "wb") as f:
            f.write(blob)
        e = error_of(path)
        check(e is not None and e.line == 0 and str(e).startswith(f"{path}: ")
              and "not a valid compressed trace" in str(e), f"a corrupt {name} refused", str(e))
    e = error_of(os.path.join(tmp, "absent.qtr"))
    check(e is not None and str(e).endswith("absent.qtr: No such file or directory"),
          "a missing file refused with its name", str(e))


def test_streaming(tmp: str) -> None:
    """Peak memory reading 20 000 and 200 000 events: the same."""
    peaks = []
    for n in (20_000, 200_000):
        path = os.path.join(tmp, f"big{n}.qtr.zst")
        body = "".join(f"{i} e {i} 1 1000 ok\n{i} d {i}\n" for i in range(1, n // 2 + 1))
        subprocess.run(["zstd", "-q", "-o", path], check=True, text=True,
                       input="qdk-trace 1\nqdisc pfifo\nflow 1 udp 10.0.0.1:1 10.0.0.2:2\n" + body)
        tracemalloc.start()
        c = qdktrace.count(path)
        peaks.append(tracemalloc.get_traced_memory()[1])
        tracemalloc.stop()
        if c.events != n:
            peaks.append(-1)
    check(len(peaks) == 2 and peaks[1] < 1.5 * peaks[0] + 65536,
          f"streaming: peak memory {peaks[0] // 1024} KiB for 20k events, "
          f"{peaks[-1] // 1024} KiB for 200k", str(peaks))


def test_fuzz(replay: str, fuzz: str) -> None:
    files = sorted(os.path.join(fuzz, f) for f in os.listdir(fuzz) if f.endswith(".qtr"))
    wrong = []
    same = refused = 0
    for f in files:
        v = subprocess.run([replay, "verify", "-q", f], check=False, capture_output=True, text=True,
                           errors="replace")
        e = error_of(f)
        m = re.search(rf"^{re.escape(f)}:(\d+): (.*)$", v.stderr, re.M)
        if e is None:
            continue
        refused += 1
        # verify stops at the first divergence or refusal: at this line or before
        if v.returncode not in (1, 2) or not m or int(m.group(1)) > e.line:
            wrong.append(f"{e} -- verify exit {v.returncode}: {v.stderr.strip()[:160]}")
        elif int(m.group(1)) == e.line and m.group(2) == e.reason:
            same += 1
    check(len(files) > 0 and not wrong,
          f"{len(files)} mutated traces: the reader refuses {refused}, verify stops at that "
          f"line or before on each ({same} refused in the same words)", "\n     ".join(wrong[:10]))


def outcome(path: str) -> tuple[list[int], int, str]:
    """What the reader makes of a trace: its counts, or where and why it refused it."""
    try:
        c = qdktrace.count(path)
    except qdktrace.TraceError as e:
        return [], e.line, e.reason
    return [c.events, c.enqueues, c.dequeues, c.draws, c.classifications, c.made], 0, ""


def test_binary(replay: str, tmp: str, fuzz: str | None) -> None:
    """Each trace's binary twin reads as its text: counts, or refusal at the same number."""
    paths = [os.path.join(TOP, p) for p in committed()]
    if fuzz:
        paths += sorted(os.path.join(fuzz, f) for f in os.listdir(fuzz) if f.endswith(".qtr"))
    twin = os.path.join(tmp, "twin.qtb")
    differ, refused = [], 0
    for p in paths:
        subprocess.run([replay, "convert", p, twin], check=True, capture_output=True)
        text, binary = outcome(p), outcome(twin)
        refused += text[1] > 0
        if text != binary:
            differ.append(f"{p}: text {text}, binary {binary}")
    # a compressed twin: of the first committed trace, which reads
    subprocess.run([replay, "convert", paths[0], twin], check=True, capture_output=True)
    subprocess.run(["zstd", "-q", "-f", twin, "-o", twin + ".zst"], check=True)
    zst_ok = outcome(twin + ".zst") == outcome(twin) and outcome(twin)[0] != []
    check(len(paths) > 50 and not differ and zst_ok,
          f"binary twins of {len(paths)} traces read as their text ({refused} refused at the "
          f"same record, in the same words), a .zst twin too", "\n     ".join(differ[:10]))


def main(argv: list[str]) -> int:
    if len(argv) not in (1, 2):
        print(__doc__, file=sys.stderr)
        return 2
    test_committed(argv[0])
    with tempfile.TemporaryDirectory(prefix="qdktrace-test.") as tmp:
        test_reader(tmp)
        test_streaming(tmp)
        test_binary(argv[0], tmp, argv[1] if len(argv) == 2 else None)
    if len(argv) == 2:
        test_fuzz(argv[0], argv[1])
    passed = sum(results)
    print(f"{passed} passed, {len(results) - passed} failed")
    return 0 if passed == len(results) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
