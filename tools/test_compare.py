#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""Test of tools/compare.py, tools/qdkstats.py and plot.py --flows (run by tests/suites/30-replay).

    tools/test_compare.py QDK_REPLAY

On small inputs (gen arrivals with one flow per class, some ECN-capable, the
template's demo arrivals, the VM's tcpdump capture traces/pcap/pcap-r1.pcap):
- every qdisc x trace x rate runs, as one drive process each, never more
  than -j at a time (a wrapper around qdk-replay counts them);
- each row of report.json and report.csv is what drive's own --summary says
  when the test runs the same drive itself (its drops by reason, xstats and
  classes too); a class's sojourn p50/p99
  (measured from the trace by qdkstats) are its flow's in drive's summary
  when it has one, its packets its flows' sent packets; qdkstats' per-flow
  bytes sent, drops and marks are the summary's;
- the figures are PNG files, the report the same bytes at -j 1 and -j 2;
- a bad qdisc or a missing trace is refused with exit 2;
- plot.py --flows draws a tree's per-class (band) lines from drive's `s cl=`.

Prints "N passed, M failed" last.
"""

from __future__ import annotations

import csv
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import qdkstats
import qdktrace

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "lib"))
from drivetest import check, finish  # noqa: E402

TOP = Path(__file__).resolve().parent.parent
COMPARE = [sys.executable, str(TOP / "tools" / "compare.py")]
PNG = b"\x89PNG\r\n\x1a\n"
QDISCS = ["pfifo limit 30", "codel target 2ms interval 20ms ecn"]
RATES = ["4mbit", "8mbit"]
# counts the drives running at once, then runs the real qdk-replay
WRAPPER = """#!/bin/bash
exec 9>>"$CDIR/lock"
flock 9; n=$(( $(cat "$CDIR/now" 2>/dev/null || echo 0) + 1 )); echo $n > "$CDIR/now"
m=$(cat "$CDIR/max" 2>/dev/null || echo 0); [ $n -gt $m ] && echo $n > "$CDIR/max"
echo x >> "$CDIR/runs"; flock -u 9
sleep 0.3
"$REAL" "$@"; rc=$?
flock 9; echo $(( $(cat "$CDIR/now") - 1 )) > "$CDIR/now"; flock -u 9
exit $rc
"""


def run(cmd: list[str], env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(cmd, capture_output=True, text=True, check=False, env=env)


def compare(replay: str, out: Path, traces: list[Path], jobs: int, env: dict[str, str] | None = None
            ) -> subprocess.CompletedProcess[str]:
    cmd = COMPARE + ["-j", str(jobs), "-o", str(out)]
    for q in QDISCS:
        cmd += ["--qdisc", q]
    for r in RATES:
        cmd += ["--rate", r]
    return run(cmd + [str(t) for t in traces], {**os.environ, "QDK_REPLAY": replay, **(env or {})})


def check_rows(replay: str, tmp: Path, out: Path, traces: list[Path]) -> None:
    rep = json.loads((out / "report.json").read_text())
    rows = rep["runs"]
    check(len(rows) == len(QDISCS) * len(traces) * len(RATES) and
          [(r["qdisc"], r["trace"], r["rate"]) for r in rows] ==
          [(q, str(t), r) for q in QDISCS for t in traces for r in RATES],
          f"report.json: {len(rows)} runs, qdisc x trace x rate in the order given")
    with (out / "report.csv").open() as fh:
        table = list(csv.DictReader(fh))
    def cell(k: str, v: object) -> str:
        return ";".join(f"{n}={c}" for n, c in v.items()) if k == "drop_reasons" and isinstance(v, dict) else str(v)

    check([{k: cell(k, v) for k, v in r.items() if k in table[0]} for r in rows] == table,
          "report.csv holds report.json's table, row for row")
    bad = []
    marks = 0
    for r in rows:
        summ = tmp / "own.json"
        p = run([replay, "drive", "--qdisc", r["qdisc"], "--rate", r["rate"], "--seed", "1",
                 str(out / r["files"]["arrivals"]) if r["trace"].endswith(".pcap") else r["trace"],
                 "-o", str(tmp / "own.qtr"), "--summary", str(summ)])
        if p.returncode != 0:
            bad.append(f"{r['name']}: drive exited {p.returncode}: {p.stderr}")
            continue
        s = json.loads(summ.read_text())
        tot, soj = s["total"], s["total"]["sojourn_ns"]
        want = {"arrived_packets": tot["arrived_packets"], "sent_packets": tot["sent_packets"],
                "drops": tot["drops"], "marks": tot["marks"], "sent_bytes": tot["sent_bytes"],
                "duration_ns": s["duration_ns"], "rate_bit_per_s": s["rate_bit_per_s"],
                "throughput_bit_per_s": tot["sent_bytes"] * 8 * 10**9 // s["duration_ns"],
                "sojourn_mean_ns": soj["mean"], "sojourn_p50_ns": soj["p50"], "sojourn_p99_ns": soj["p99"],
                "sojourn_max_ns": soj["max"]}
        # what tc -s would show at the end: drive's drop reasons, xstats and classes
        want |= {"drop_reasons": tot["drop_reasons"], "xstats": s["qdisc_stats"].get("xstats"),
                 "class_stats": s["classes"]}
        got = {k: r[k] for k in want}
        if got != want:
            bad.append(f"{r['name']}: {got} != drive's {want}")
        marks += tot["marks"]
        # a class of one flow (gen's trace) has that flow's sojourns; a class
        # of several (template-demo's udp) as many packets as its flows sent
        flows = {f["flow"]: f for f in s["flows"]}
        rs = qdkstats.run_stats(str(out / r["files"]["trace"]))
        sent: dict[str, int] = {}
        for f in rs.flows.values():
            sf = flows[f.fid]
            sent[f.cls] = sent.get(f.cls, 0) + sf["sent_packets"]
            c = r["classes"][f.cls]
            mine = [f.sent_bytes, f.drops, f.marks]
            theirs = [sf["sent_bytes"], sf["drops"], sf["marks"]]
            if sum(g.cls == f.cls for g in rs.flows.values()) == 1:
                mine += [c["sojourn_p50_ns"], c["sojourn_p99_ns"]]
                theirs += [sf["sojourn_ns"]["p50"], sf["sojourn_ns"]["p99"]]
            if mine != theirs:
                bad.append(f"{r['name']} flow {f.fid} ({f.cls}): {mine} != drive's {theirs}")
        if sent != {c: v["packets"] for c, v in r["classes"].items()}:
            bad.append(f"{r['name']}: packets per class {r['classes']} != drive's flows' {sent}")
    check(not bad, f"every row is drive's own summary of the same run ({len(rows)} drives re-run here); "
          "per class and per flow too", "\n".join(bad))
    check(marks > 0 and any(r["drops"] for r in rows), f"the inputs make drops and CE marks ({marks} marks)")


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    replay = argv[0]
    with tempfile.TemporaryDirectory() as d:
        tmp = Path(d)
        gen = tmp / "mix.qtr"
        p = run([replay, "gen", "--seed", "5", "--duration", "300ms", "--flow", "bulk:rate=5mbit",
                 "--flow", "cbr:rate=2mbit,tos=184", "--flow", "poisson:rate=3mbit,ecn,v6", "-o", str(gen)])
        check(p.returncode == 0, "gen: three flows of three classes", p.stderr)
        traces = [gen, TOP / "traces" / "arrivals" / "template-demo.qtr", TOP / "traces" / "pcap" / "pcap-r1.pcap"]
        wrapper = tmp / "replay"
        wrapper.write_text(WRAPPER)
        wrapper.chmod(0o755)
        cdir = tmp / "count"
        cdir.mkdir()
        out2 = tmp / "j2"
        p = compare(str(wrapper), out2, traces, 2, {"CDIR": str(cdir), "REAL": replay})
        if not check(p.returncode == 0, "compare.py -j 2: 2 qdiscs x 3 traces (one a pcap) x 2 rates",
                     p.stderr + p.stdout):
            return 1
        n = len((cdir / "runs").read_text().split())
        most = int((cdir / "max").read_text())
        check(n == 12 + 1 and most == 2, f"one drive process per run ({n - 1}, and the capture's import), "
              f"at most -j 2 at a time ({most})")
        rep = json.loads((out2 / "report.json").read_text())
        cap = [r["files"]["arrivals"] for r in rep["runs"] if r["trace"].endswith(".pcap")]
        check(len(cap) == 4 and cap[0] == "inputs/02-pcap-r1.pcap.qtr" and len(set(cap)) == 1,
              "a pcap among the traces is imported once (qdk-replay pcap) into inputs/", f"{cap}")
        files = ["report.json", "report.csv", "throughput.png", "sojourn-cdf.png", "sojourn-box.png",
                 "drops-marks.png"]
        check(all((out2 / f).is_file() for f in files) and
              all((out2 / f).read_bytes()[:8] == PNG for f in files if f.endswith(".png")),
              "the report: JSON, CSV and four PNG figures")
        check_rows(replay, tmp, out2, traces)
        out1 = tmp / "j1"
        p = compare(replay, out1, traces, 1)
        same = [f for f in files if (out1 / f).read_bytes() == (out2 / f).read_bytes()]
        check(p.returncode == 0 and same == files, "the same inputs at -j 1: the same report, byte for byte",
              f"differ: {sorted(set(files) - set(same))}")

        p = run(COMPARE + ["--qdisc", "pfifo limit x", "--rate", "1mbit", "-o", str(tmp / "bad"), str(gen)],
                {**os.environ, "QDK_REPLAY": replay})
        check(p.returncode == 2 and "exited 2" in p.stderr and "limit" in p.stderr,
              "a qdisc tc refuses: exit 2 with drive's message", p.stderr)
        p = run(COMPARE + ["--qdisc", "pfifo", "--rate", "1mbit", "-o", str(tmp / "bad"), str(tmp / "none.qtr")])
        check(p.returncode == 2 and "none.qtr: no such trace" in p.stderr, "a missing trace: exit 2", p.stderr)

        tree = tmp / "tree.qtr"
        p = run([replay, "drive", "--rate", "10mbit", str(TOP / "traces" / "upstream" / "htb-tree.qtr"),
                 "-o", str(tree)])
        png = tmp / "flows.png"
        q = run([sys.executable, str(TOP / "tools" / "plot.py"), "--flows", str(tree), "-o", str(png)])
        with qdktrace.open_trace(str(tree)) as t:
            snaps = sum(1 for ev in t if ev.op == "s" and ev.stats_of == "cl")
            classes = sorted(qdkstats.handle_text(n.handle) for n in t.header.tree if n.what == "class")
        rs = qdkstats.run_stats(str(tree))
        check(p.returncode == 0 and q.returncode == 0 and png.read_bytes()[:8] == PNG and
              sorted(rs.bands) == classes and sum(len(v) for v in rs.bands.values()) == snaps,
              f"plot.py --flows: a line per flow, and per class ({', '.join(classes)}: {snaps} snapshots)",
              p.stderr + q.stderr)
    return finish()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
