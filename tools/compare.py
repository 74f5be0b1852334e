#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""Compare qdiscs on the same arrivals: every qdisc x trace x link rate through drive, one report.

    tools/compare.py --qdisc "KIND OPTS" [--qdisc ...] --rate RATE [--rate ...]
                     [-j N] [--interval TIME] [--bin TIME] [--seed N] -o DIR TRACE...

Each combination is one `qdk-replay drive --qdisc Q --rate R TRACE` process
(-j of them at a time, default 2), writing DIR/runs/NAME.qtr and NAME.json
(drive's --summary). A TRACE that is a pcap or pcapng capture is first
turned into arrivals by `qdk-replay pcap` (DIR/inputs/). Then, in DIR:

  report.json      per run: its inputs, drive's own totals (packets arrived
                   and sent, drops, CE marks, bytes sent, sojourn mean, p50,
                   p99, max), the throughput (bits sent over the run's
                   duration), per flow class the sojourn count, p50, p99, and
                   what tc -s would show at the end: the drops by the kernel's
                   reason, the qdisc's xstats, each class's counters and xstats
                   (drive's drop_reasons, qdisc_stats, classes)
  report.csv       the same table, a row per run (drop_reasons as NAME=N;...)
  throughput.png   per-flow throughput over time, a panel per run
  sojourn-cdf.png  sojourn-time CDF per flow class, a panel per trace and rate,
                   a line per qdisc and class
  sojourn-box.png  box plots of every packet's sojourn per qdisc, a panel per
                   trace and rate (whiskers 5th-95th percentile)
  drops-marks.png  drops (stacked by reason) and CE marks per qdisc, a panel
                   per trace and rate

Flow classes and per-flow series are tools/qdkstats.py's. Same inputs ->
the same report, byte for byte. qdk-replay is $QDK_REPLAY, else the
tree's build/user/qdk-replay, else the one on PATH. A drive that fails
stops the report: exit 2 for bad input (drive's own exit 2), 1 otherwise.
"""

from __future__ import annotations

import argparse
import csv
import io
import json
import os
import re
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import plot
import qdkstats
import qdktrace

TOP = Path(__file__).resolve().parent.parent
PCAP_MAGIC = (b"\xd4\xc3\xb2\xa1", b"\xa1\xb2\xc3\xd4", b"\x4d\x3c\xb2\xa1", b"\xa1\xb2\x3c\x4d",
              b"\x0a\x0d\x0d\x0a")
COLUMNS = ("qdisc", "trace", "rate", "rate_bit_per_s", "arrived_packets", "sent_packets", "drops", "marks",
           "sent_bytes", "duration_ns", "throughput_bit_per_s", "sojourn_mean_ns", "sojourn_p50_ns",
           "sojourn_p99_ns", "sojourn_max_ns", "drop_reasons")


@dataclass(slots=True)
class Run:
    """One qdisc x trace x rate: its drive command and what it wrote."""

    name: str
    qdisc: str
    trace: str  # as given
    arrivals: str  # the trace drive reads: the given one, or a capture's import
    rate: str
    cmd: list[str]
    out: Path
    summary: Path
    rc: int = -1
    stderr: str = ""


def replay_path() -> str:
    env = os.environ.get("QDK_REPLAY")
    if env:
        return env
    built = TOP / "build" / "user" / "qdk-replay"
    return str(built) if built.exists() else (shutil.which("qdk-replay") or str(built))


def slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9.]+", "-", text).strip("-")[:40] or "x"


def is_capture(path: str) -> bool:
    """A pcap (either byte order, us or ns) or pcapng file, by its magic number."""
    with open(path, "rb") as f:
        return f.read(4) in PCAP_MAGIC


def arrivals(traces: list[str], replay: str, inputs: Path) -> list[str] | str:
    """Each input as arrivals: a capture through `qdk-replay pcap` into inputs/, a trace as it is;
    or drive's error."""
    out = []
    for i, t in enumerate(traces):
        if not is_capture(t):
            out.append(t)
            continue
        inputs.mkdir(parents=True, exist_ok=True)
        qtr = inputs / f"{i:02d}-{slug(Path(t).name)}.qtr"
        p = subprocess.run([replay, "pcap", t, "-o", str(qtr)], capture_output=True, text=True, check=False)
        if p.returncode != 0:
            return p.stderr.rstrip()
        out.append(str(qtr))
    return out


def plan(args: argparse.Namespace, replay: str, runs_dir: Path, inputs: list[str]) -> list[Run]:
    runs = []
    for qi, q in enumerate(args.qdisc):
        for ti, (t, arr) in enumerate(zip(args.traces, inputs, strict=True)):
            for ri, r in enumerate(args.rate):
                name = f"{qi:02d}{ti:02d}{ri:02d}-{slug(q.split()[0])}-{slug(Path(t).name)}-{slug(r)}"
                out, summ = runs_dir / f"{name}.qtr", runs_dir / f"{name}.json"
                cmd = [replay, "drive", "--qdisc", q, "--rate", r, "--seed", str(args.seed), "--interval",
                       args.interval, arr, "-o", str(out), "--summary", str(summ)]
                runs.append(Run(name, q, t, arr, r, cmd, out, summ))
    return runs


def execute(run: Run) -> Run:
    p = subprocess.run(run.cmd, capture_output=True, text=True, check=False)
    run.rc, run.stderr = p.returncode, p.stderr
    return run


def row(run: Run, s: dict[str, Any]) -> dict[str, Any]:
    """The table's row: drive's own summary, and the throughput from it."""
    tot = s["total"]
    dur = s["duration_ns"]
    return {
        "qdisc": run.qdisc, "trace": run.trace, "rate": run.rate, "rate_bit_per_s": s["rate_bit_per_s"],
        "arrived_packets": tot["arrived_packets"], "sent_packets": tot["sent_packets"], "drops": tot["drops"],
        "marks": tot["marks"], "sent_bytes": tot["sent_bytes"], "duration_ns": dur,
        "throughput_bit_per_s": tot["sent_bytes"] * 8 * 10**9 // dur if dur else 0,
        "sojourn_mean_ns": tot["sojourn_ns"]["mean"], "sojourn_p50_ns": tot["sojourn_ns"]["p50"],
        "sojourn_p99_ns": tot["sojourn_ns"]["p99"], "sojourn_max_ns": tot["sojourn_ns"]["max"],
        "drop_reasons": tot.get("drop_reasons", {}),
    }


def by_class(rs: qdkstats.RunStats) -> dict[str, list[int]]:
    """Every dequeued packet's sojourn, sorted, per flow class."""
    out: dict[str, list[int]] = {}
    for f in rs.flows.values():
        out.setdefault(f.cls, []).extend(f.sojourn_ns)
    return {c: sorted(v) for c, v in sorted(out.items())}


def report(runs: list[Run], stats: list[qdkstats.RunStats], outdir: Path) -> dict[str, Any]:
    rows = []
    for run, rs in zip(runs, stats, strict=True):
        s = json.loads(run.summary.read_text())
        r = row(run, s)
        r["name"] = run.name
        arr = Path(run.arrivals)
        r["files"] = {"arrivals": f"inputs/{arr.name}" if arr.parent == outdir / "inputs" else run.arrivals,
                      "trace": f"runs/{run.out.name}", "summary": f"runs/{run.summary.name}"}
        r["classes"] = {c: {"packets": len(v), "sojourn_p50_ns": qdkstats.percentile(v, 50),
                            "sojourn_p99_ns": qdkstats.percentile(v, 99)} for c, v in by_class(rs).items()}
        q = s.get("qdisc_stats", {})
        r["xstats"] = q.get("xstats")
        r["class_stats"] = s.get("classes", [])
        r["flows"] = [{"flow": f["flow"], "decl": f["decl"], "sent_bytes": f["sent_bytes"], "drops": f["drops"],
                       "marks": f["marks"], "sojourn_p99_ns": f["sojourn_ns"]["p99"]} for f in s["flows"]]
        rows.append(r)
    rep = {"about": "tools/compare.py: every qdisc x trace x rate through qdk-replay drive; the numbers are "
                    "drive's own summary (runs/*.json), classes from tools/qdkstats.py",
           "runs": rows}
    write_atomic(outdir / "report.json", json.dumps(rep, indent=1, sort_keys=False) + "\n")
    buf = io.StringIO()
    w = csv.DictWriter(buf, fieldnames=COLUMNS, extrasaction="ignore", lineterminator="\n")
    w.writeheader()
    w.writerows({**r, "drop_reasons": ";".join(f"{k}={v}" for k, v in r["drop_reasons"].items())} for r in rows)
    write_atomic(outdir / "report.csv", buf.getvalue())
    return rep


def write_atomic(path: Path, text: str) -> None:
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(text)
    tmp.replace(path)


def groups(runs: list[Run]) -> list[tuple[str, str]]:
    """(trace, rate) pairs in the order given: the figures' panels."""
    seen: list[tuple[str, str]] = []
    for r in runs:
        if (r.trace, r.rate) not in seen:
            seen.append((r.trace, r.rate))
    return seen


def panels(n: int, width: float = 6.0, height: float = 3.6) -> tuple[Any, list[Any]]:
    cols = min(n, 3)
    rows = (n + cols - 1) // cols
    fig, axes = plot.plt.subplots(rows, cols, figsize=(width * cols, height * rows), squeeze=False)
    flat = [a for line in axes for a in line]
    for a in flat[n:]:
        a.set_visible(False)
    return fig, flat[:n]


def figures(runs: list[Run], stats: list[qdkstats.RunStats], rep: dict[str, Any], outdir: Path) -> None:
    fig, axes = panels(len(runs))
    for ax, run, rs in zip(axes, runs, stats, strict=True):
        plot.flow_lines(ax, rs)
        ax.set_title(f"{run.qdisc} | {Path(run.trace).name} @ {run.rate}", fontsize="small")
        ax.set_xlabel(f"time (s), {rs.bin_ns / 1e6:g} ms bins")
        ax.legend(fontsize="x-small", loc="upper right")
    fig.tight_layout()
    plot.save(fig, outdir / "throughput.png")

    gs = groups(runs)
    fig, axes = panels(len(gs))
    for ax, (t, r) in zip(axes, gs, strict=True):
        for run, rs in zip(runs, stats, strict=True):
            if (run.trace, run.rate) != (t, r):
                continue
            for c, v in by_class(rs).items():
                if v:
                    ax.step([x / 1e6 for x in v], [(i + 1) / len(v) for i in range(len(v))], where="post",
                            linewidth=1, label=f"{run.qdisc} | {c}")
        ax.set_xscale("symlog", linthresh=0.1)
        ax.set_xlabel("sojourn (ms)")
        ax.set_ylabel("fraction of packets")
        ax.set_title(f"{Path(t).name} @ {r}", fontsize="small")
        ax.grid(True, alpha=0.3)
        ax.legend(fontsize="x-small", loc="lower right")
    fig.tight_layout()
    plot.save(fig, outdir / "sojourn-cdf.png")

    fig, axes = panels(len(gs))
    for ax, (t, r) in zip(axes, gs, strict=True):
        data, labels = [], []
        for run, rs in zip(runs, stats, strict=True):
            if (run.trace, run.rate) == (t, r):
                data.append([x / 1e6 for f in rs.flows.values() for x in f.sojourn_ns] or [0.0])
                labels.append(run.qdisc)
        ax.boxplot(data, whis=(5, 95), showfliers=False)
        ax.set_xticks(range(1, len(labels) + 1), labels, fontsize="x-small", rotation=15)
        ax.set_ylabel("sojourn (ms)")
        ax.set_title(f"{Path(t).name} @ {r}", fontsize="small")
        ax.grid(True, alpha=0.3, axis="y")
    fig.tight_layout()
    plot.save(fig, outdir / "sojourn-box.png")

    fig, axes = panels(len(gs))
    for ax, (t, r) in zip(axes, gs, strict=True):
        rows = [x for x in rep["runs"] if (x["trace"], x["rate"]) == (t, r)]
        xs = range(len(rows))
        # the drops stacked by reason, in the order the reasons are named
        reasons = sorted({k for x in rows for k in x["drop_reasons"]})
        bottom = [0] * len(rows)
        for k in reasons:
            n = [x["drop_reasons"].get(k, 0) for x in rows]
            ax.bar([x - 0.2 for x in xs], n, width=0.4, bottom=bottom,
                   label=f"drops: {k.removeprefix('SKB_DROP_REASON_')}")
            bottom = [b + v for b, v in zip(bottom, n, strict=True)]
        if not reasons:
            ax.bar([x - 0.2 for x in xs], [x["drops"] for x in rows], width=0.4, label="drops")
        ax.bar([x + 0.2 for x in xs], [x["marks"] for x in rows], width=0.4, label="CE marks")
        ax.set_xticks(list(xs), [x["qdisc"] for x in rows], fontsize="x-small", rotation=15)
        ax.set_ylabel("packets")
        ax.set_ylim(0, max([1] + [max(x["drops"], x["marks"]) for x in rows]) * 1.05)
        ax.set_title(f"{Path(t).name} @ {r}", fontsize="small")
        ax.legend(fontsize="x-small")
        ax.grid(True, alpha=0.3, axis="y")
    fig.tight_layout()
    plot.save(fig, outdir / "drops-marks.png")


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("traces", nargs="+", help="arrival traces (gen, or any trace's e lines), or pcap/pcapng captures")
    ap.add_argument("--qdisc", action="append", required=True, help='"KIND OPTS", as drive takes it; repeatable')
    ap.add_argument("--rate", action="append", required=True, help="link rate, tc syntax; repeatable")
    ap.add_argument("-j", "--jobs", type=int, default=2, help="drives at a time (default 2)")
    ap.add_argument("--interval", default="1ms", help="drive's --interval (default 1ms)")
    ap.add_argument("--bin", type=float, default=0, help="throughput bin in ms (default: a 50th of each run)")
    ap.add_argument("--seed", type=int, default=1, help="drive's --seed (default 1)")
    ap.add_argument("-o", "--output", type=Path, required=True, help="directory of the report")
    args = ap.parse_args(argv)
    if args.jobs < 1:
        ap.error("-j needs 1 or more")
    for t in args.traces:
        if not Path(t).is_file():
            print(f"compare.py: {t}: no such trace", file=sys.stderr)
            return 2
    runs_dir = args.output / "runs"
    runs_dir.mkdir(parents=True, exist_ok=True)
    inputs = arrivals(args.traces, replay_path(), args.output / "inputs")
    if isinstance(inputs, str):
        print(f"compare.py: {inputs}", file=sys.stderr)
        return 2
    runs = plan(args, replay_path(), runs_dir, inputs)
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        done = list(pool.map(execute, runs))
    bad = [r for r in done if r.rc != 0]
    for r in bad:
        print(f"compare.py: {r.name} ({' '.join(r.cmd[1:6])} {r.trace}) exited {r.rc}:\n"
              f"{r.stderr.rstrip()}", file=sys.stderr)
    if bad:
        return 2 if all(r.rc == 2 for r in bad) else 1
    try:
        stats = [qdkstats.run_stats(str(r.out), int(args.bin * 1e6)) for r in runs]
    except (OSError, qdktrace.TraceError) as e:
        print(f"compare.py: {e}", file=sys.stderr)
        return 1
    rep = report(runs, stats, args.output)
    figures(runs, stats, rep, args.output)
    width = max(len(r["qdisc"]) for r in rep["runs"])
    print(f"{'qdisc':{width}}  trace @ rate: sent/arrived, drops, marks, Mbit/s, sojourn p50/p99 ms")
    for r in rep["runs"]:
        print(f"{r['qdisc']:{width}}  {Path(r['trace']).name} @ {r['rate']}: {r['sent_packets']}/"
              f"{r['arrived_packets']}, {r['drops']}, {r['marks']}, {r['throughput_bit_per_s'] / 1e6:.3f}, "
              f"{r['sojourn_p50_ns'] / 1e6:.3f}/{r['sojourn_p99_ns'] / 1e6:.3f}")
        print(f"{'':{width}}    drops by reason: {plot.reasons_text(r['drop_reasons'])}; "
              f"xstats: {plot.xstats_text(r['xstats'])}")
        for c in r["class_stats"][:plot.CLASS_LINES]:
            print(f"{'':{width}}    class {c['class']}: sent {c['packets']}, dropped {c['drops']}; "
                  f"{plot.xstats_text(c.get('xstats'))}")
    print(f"compare.py: {len(runs)} runs -> {args.output}/report.json, report.csv, throughput.png, "
          "sojourn-cdf.png, sojourn-box.png, drops-marks.png")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
