#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""bench/bench.py - what `make bench` runs after the user build.

Times whole processes as a user runs them: fork/exec, wall clock from
before the fork to after wait4(), CPU time from wait4()'s rusage (CPU
time is what a shared machine disturbs least), peak RSS from
/usr/bin/time -f %M around the process (wait4()'s ru_maxrss of a child
forked from Python counts the forked Python's pages too: Linux keeps the
peak of the image exec() replaced, about 15 MB here), the
minimum of ROUNDS runs (default 3, interleaved), and prints in one run, for
each qdisc, size and encoding of a trace:

  verify   `qdk-replay verify FILE`
  cat      `cat FILE > /dev/null` of the same file (what reading it costs)
  bare     `qdk-replay bench --like FILE`: the same qdisc and tree, the same
           enqueues, dequeues, timer fires and clock steps, with no trace
           parsing and no checks in the timed loop (its own loop timer:
           the parsing it does between chunks is not the qdisc's cost)

and their ratios, with the issue's targets beside them (met / NOT met).
Then the deep-queue case: pfifo replayed with 1000 and with 100 000 packets
queued. Timing is reported, never judged: the run does not fail on it.

Traces are generated under build/bench/, cached by qdisc and size (a cached
trace that no longer verifies is made again). Sizes: 1M and 10M events;
BENCH_BIG=1 adds 50M (about 1.2 GB of text per qdisc, several minutes to
generate and time); BENCH_SIZES="1000000 ..." picks others. BENCH_QDISCS
picks qdiscs (pfifo fq_codel cake htb). Encodings: text, its .zst, the
binary twin (bin, `qdk-replay convert`, traces/FORMAT.md "Binary traces")
and the twin's .zst (bzst). Last, the recorder's cost
in the VM on the guest's instruction clock (recorder/bench-vm.sh, a few
minutes; BENCH_VM=0 skips it).

Every figure printed is also appended to bench/results.tsv (BENCH_RESULTS
names another file) as a line with the commit and the machine it was
measured on, and the recorder's table to bench/recorder-results.txt
(BENCH_RECORDER_RESULTS): the files keep the history, the docs link them.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
from provenance import append_entry, commit, machine  # noqa: E402  (tools/: one owner)

TOP = Path(__file__).resolve().parent.parent
R = os.environ.get("QDK_REPLAY", str(TOP / "build/user/qdk-replay"))
DIR = TOP / "build/bench"
ROUNDS = int(os.environ.get("ROUNDS", "3"))

RESULTS = Path(os.environ.get("BENCH_RESULTS", str(TOP / "bench/results.tsv")))
# bench-vm.sh's table, each run after a line with the commit and the machine
RECORDER_RESULTS = Path(
    os.environ.get("BENCH_RECORDER_RESULTS", str(TOP / "bench/recorder-results.txt"))
)
RESULT_COLUMNS = (
    "commit", "machine", "qdisc", "events", "encoding",
    "m_ev_s", "ns_ev", "cpu_ns_ev", "x_bare", "cpu_x_bare", "rss_mb",
)

# Targets from issue 15, checked where the numbers are printed.
TEXT_PFIFO_MEVS = 40.0  # text verify, pfifo, M events/s whole process
ZST_VS_TEXT = 1.3  # .zst verify within 1.3x of plain text
BIN_PFIFO_MEVS = 100.0  # binary verify, pfifo (bin: the twin, bzst: the twin's .zst)
FQ_CODEL_VS_BARE = 2.0  # harness cost <= 2x the bare loop's, fq_codel
RSS_MB = 64.0  # peak RSS for any trace length
DEEP_RATIO = 2.0  # 100 000-deep pfifo within 2x of 1000-deep

# Arrivals for the single-qdisc traces: ~330k arrivals/s on a 1gbit link.
FLOWS = [
    "poisson:rate=600mbit,size=300",
    "cbr:rate=100mbit,size=200",
    "bulk:rate=200mbit",
]
QDISCS = {
    "pfifo": "pfifo limit 1000",
    "fq_codel": "fq_codel",
    "cake": "cake",
}


@dataclass
class Run:
    wall: float  # seconds
    cpu: float  # user + system seconds (wait4's rusage)
    rss_mb: float  # peak resident set, MB
    out: str


# GNU time's own fork (a few hundred KB) is what the measured process's
# peak starts from, not this Python's (package time, tools/deps.sh build).
TIME = "/usr/bin/time"


def timed(argv: list[str], stdout_file: str | None = None) -> Run:
    """One whole process: wall clock around fork .. wait4, CPU time, peak RSS."""
    out = open(stdout_file, "wb") if stdout_file else None
    rss_file = DIR / "rss.txt"
    t0 = time.perf_counter()
    p = subprocess.Popen(
        [TIME, "-f", "%M", "-o", str(rss_file), *argv], stdout=out or subprocess.PIPE, stderr=subprocess.PIPE
    )
    text = b"" if out else p.stdout.read()  # type: ignore[union-attr]
    err = p.stderr.read()  # type: ignore[union-attr]
    _, status, ru = os.wait4(p.pid, 0)
    wall = time.perf_counter() - t0
    p.returncode = os.waitstatus_to_exitcode(status)
    if out:
        out.close()
    if p.returncode:
        raise RuntimeError(f"{' '.join(argv)}: exit {p.returncode}: {err.decode()[-400:]}")
    # GNU time writes "Command exited with non-zero status" first on a failure: the last line
    rss_kb = int(rss_file.read_text().split()[-1])
    return Run(wall, ru.ru_utime + ru.ru_stime, rss_kb / 1024, text.decode())


def best(argvs: dict[str, tuple[list[str], str | None]]) -> dict[str, Run]:
    """ROUNDS runs of each, interleaved; the fastest of each (least disturbed)."""
    runs: dict[str, list[Run]] = {k: [] for k in argvs}
    for _ in range(ROUNDS):
        for k, (argv, to) in argvs.items():
            runs[k].append(timed(argv, to))
    return {k: min(v, key=lambda r: r.wall) for k, v in runs.items()}


def sh(argv: list[str]) -> None:
    subprocess.run(argv, check=True, stdout=subprocess.DEVNULL)


def cut(src: Path, dst: Path, events: int) -> None:
    """The header and the first `events` events of src, ending at a call boundary."""
    n = 0
    with open(src, "rb") as f, open(dst, "wb") as o:
        for line in f:
            if line[:1].isdigit():
                n += 1
                if n > events:
                    op = line.split(b" ", 2)[1]
                    if op not in (b"x", b"m"):
                        break
            o.write(line)


def verifies(trace: Path) -> bool:
    return subprocess.run([R, "verify", str(trace)], capture_output=True).returncode == 0


def htb_header() -> list[str]:
    """The htb tree of traces/upstream/htb-tree.qtr (traces/trees/make.sh): its header lines."""
    lines = []
    for line in (TOP / "traces/upstream/htb-tree.qtr").read_text().splitlines():
        if line.startswith("flow ") or line[:1].isdigit():
            break
        if not line.startswith(("qdk-trace", "#", "source", "seed")):
            lines.append(line)
    return lines


def make_trace(name: str, events: int) -> Path:
    trace = DIR / f"{name}-{events}.qtr"
    if trace.exists() and verifies(trace):
        return trace
    print(f"bench: generating {trace.name}", flush=True)
    arr, full = DIR / "arrivals.qtr", DIR / "full.qtr"
    if name == "htb":
        # htb-tree's classes (10mbit under the root, 2 and 6mbit leaves) on
        # a 20mbit link: ~9000 events a virtual second, so long runs
        secs = events // 7000 + 1
        flows = ["cbr:rate=8mbit,prio=65552", "poisson:rate=8mbit,prio=65568,size=1200", "cbr:rate=1mbit,size=200"]
        gen = DIR / "gen.qtr"
        sh(
            [
                R,
                "gen",
                "--seed",
                "7",
                "--duration",
                f"{secs}s",
                *[a for f in flows for a in ("--flow", f)],
                "-o",
                str(gen),
            ]
        )
        with open(gen) as g, open(arr, "w") as o:
            o.write("\n".join(["qdk-trace 3", *htb_header()]) + "\n")
            for ln in g:
                if not ln.startswith(("qdk-trace", "seed")):
                    o.write(ln)
        gen.unlink()
        sh([R, "drive", "--rate", "20mbit", "--interval", "100ms", str(arr), "-o", str(full)])
    else:
        secs = events // 700000 + 1
        flows = [a for f in FLOWS for a in ("--flow", f)]
        sh([R, "gen", "--seed", "1", "--duration", f"{secs}s", *flows, "-o", str(arr)])
        sh([R, "drive", "--qdisc", QDISCS[name], "--rate", "1gbit", "--interval", "10ms", str(arr), "-o", str(full)])
    cut(full, trace, events)
    full.unlink()
    arr.unlink()
    return trace


def zst_of(trace: Path) -> Path | None:
    if not shutil.which("zstd"):
        return None
    z = trace.with_name(trace.name + ".zst")
    if not z.exists() or z.stat().st_mtime < trace.stat().st_mtime:
        sh(["zstd", "-q", "-f", "-T2", str(trace), "-o", str(z)])
    return z


def has_convert() -> bool:
    return subprocess.run([R, "convert", "--help"], capture_output=True).returncode == 0


def binary_twin(trace: Path) -> Path | None:
    """The binary twin of trace (FORMAT.md, "Binary traces"): FILE.qtb, by `qdk-replay convert`."""
    if not has_convert():
        return None
    b = trace.with_suffix(".qtb")
    if not b.exists() or b.stat().st_mtime < trace.stat().st_mtime:
        sh([R, "convert", str(trace), str(b)])
    return b


def loop_time(out: str, which: str) -> float:
    """The bare loop's own timer: which is "wall" or "cpu"."""
    m = re.search(which + r" ([0-9.]+) s", out)
    if not m:
        raise RuntimeError(f"no loop time in: {out}")
    return float(m.group(1))


def verdict(ok: bool) -> str:
    return "met" if ok else "NOT met"


def bench_trace(name: str, events: int) -> None:
    text = make_trace(name, events)
    files = {"text": text}
    z = zst_of(text)
    if z:
        files["zst"] = z
    b = binary_twin(text)
    if b:
        files["bin"] = b
        bz = zst_of(b)
        if bz:
            files["bzst"] = bz
    argvs: dict[str, tuple[list[str], str | None]] = {}
    for enc, f in files.items():
        argvs[f"verify {enc}"] = ([R, "verify", str(f)], None)
        argvs[f"cat {enc}"] = (["cat", str(f)], os.devnull)
    argvs["bare"] = ([R, "bench", "--like", str(text)], None)
    res = best(argvs)
    n = int(re.search(r"OK, (\d+) events", res["verify text"].out).group(1))  # type: ignore[union-attr]
    bare = loop_time(res["bare"].out, "wall")
    bare_cpu = loop_time(res["bare"].out, "cpu")
    print(f"\n{name}, {n} events ({text.stat().st_size / 1e6:.0f} MB text), best of {ROUNDS}:")
    print(
        f"  {'':5} {'M ev/s':>7} {'ns/ev':>6} {'RSS MB':>7} {'MB':>6} {'x cat':>6} {'x bare':>7}"
        f"   {'cpu ns/ev':>9} {'x bare':>6}"
    )
    print(
        f"  {'bare':5} {n / bare / 1e6:7.2f} {bare * 1e9 / n:6.1f} {'':>7} {'':>6} {'':>6} {1.0:7.2f}"
        f"   {bare_cpu * 1e9 / n:9.1f} {1.0:6.2f}   (qdk-replay bench --like: the qdisc's loop alone)"
    )
    record(qdisc=name, events=n, encoding="bare", m_ev_s=f"{n / bare / 1e6:.2f}",
           ns_ev=f"{bare * 1e9 / n:.1f}", cpu_ns_ev=f"{bare_cpu * 1e9 / n:.1f}", x_bare="1.00",
           cpu_x_bare="1.00")
    for enc, f in files.items():
        v, c = res[f"verify {enc}"], res[f"cat {enc}"]
        rate = n / v.wall / 1e6
        record(qdisc=name, events=n, encoding=enc, m_ev_s=f"{rate:.2f}",
               ns_ev=f"{v.wall * 1e9 / n:.1f}", cpu_ns_ev=f"{v.cpu * 1e9 / n:.1f}",
               x_bare=f"{v.wall / bare:.2f}", cpu_x_bare=f"{v.cpu / bare_cpu:.2f}",
               rss_mb=f"{v.rss_mb:.1f}")
        notes = []
        if enc == "text" and name == "pfifo":
            notes.append(f"target >= {TEXT_PFIFO_MEVS:.0f} M ev/s: {verdict(rate >= TEXT_PFIFO_MEVS)}")
        if enc == "bin" and name == "pfifo":
            notes.append(f"target >= {BIN_PFIFO_MEVS:.0f} M ev/s: {verdict(rate >= BIN_PFIFO_MEVS)}")
        if enc in ("zst", "bzst"):
            plain = "text" if enc == "zst" else "bin"
            x = v.wall / res[f"verify {plain}"].wall
            notes.append(f"{x:.2f}x {plain}, target <= {ZST_VS_TEXT}x: {verdict(x <= ZST_VS_TEXT)}")
        if name == "fq_codel" and enc in ("text", "bin"):
            x = v.wall / bare
            notes.append(f"target <= {FQ_CODEL_VS_BARE:.0f}x bare: {verdict(x <= FQ_CODEL_VS_BARE)}")
        notes.append(f"RSS target <= {RSS_MB:.0f} MB: {verdict(v.rss_mb <= RSS_MB)}")
        print(
            f"  {enc:5} {rate:7.2f} {v.wall * 1e9 / n:6.1f} {v.rss_mb:7.1f} "
            f"{f.stat().st_size / 1e6:6.0f} {v.wall / c.wall:6.1f} {v.wall / bare:7.2f}   "
            f"{v.cpu * 1e9 / n:9.1f} {v.cpu / bare_cpu:6.2f}   " + "; ".join(notes)
        )
    print(
        f"  cat of the text: {res['cat text'].wall * 1e9 / n:.1f} ns/event"
        + (f", of the .zst: {res['cat zst'].wall * 1e9 / n:.1f}" if "cat zst" in res else "")
    )


def record(**row: object) -> None:
    """One measurement onto the results file, with the commit and the machine."""
    row = {"commit": commit(), "machine": machine(), **row}
    new = not RESULTS.exists() or RESULTS.stat().st_size == 0
    with open(RESULTS, "a") as f:
        if new:
            f.write("\t".join(RESULT_COLUMNS) + "\n")
        f.write("\t".join(str(row.get(c, "")) for c in RESULT_COLUMNS) + "\n")


def deep_trace(depth: int, events: int) -> Path:
    """pfifo with depth packets queued, then a dequeue and an enqueue per step."""
    trace = DIR / f"deep-{depth}-{events}.qtr"
    if trace.exists():
        return trace
    print(f"bench: generating {trace.name}", flush=True)
    tmp = trace.with_suffix(".tmp")
    with open(tmp, "w") as f:
        f.write(
            f"qdk-trace 1\nqdisc pfifo limit {depth}\n"
            "dev name=qdk0 mtu=1500 txqlen=1000 txqs=1\nhandle 8001:\nparent root\n"
            "seed 1\nhz 250\nflow 1 udp 10.0.0.1:40001 10.1.0.1:6000\n"
        )
        ts, pid = 1_000_000_000, 0
        buf = []
        for _ in range(depth):
            ts += 100
            pid += 1
            buf.append(f"{ts} e {pid} 1 1000 ok\n")
        for _ in range((events - depth) // 2):
            buf.append(f"{ts + 100} d {pid - depth + 1}\n{ts + 200} e {pid + 1} 1 1000 ok\n")
            ts += 200
            pid += 1
            if len(buf) > 100000:
                f.write("".join(buf))
                buf = []
        f.write("".join(buf))
    tmp.rename(trace)
    return trace


def bench_deep(events: int) -> None:
    traces = {d: deep_trace(d, events) for d in (1000, 100000)}
    argvs: dict[str, tuple[list[str], str | None]] = {}
    for d, t in traces.items():
        argvs[f"verify {d}"] = ([R, "verify", str(t)], None)
        argvs[f"bare {d}"] = ([R, "bench", "--like", str(t)], None)
    res = best(argvs)
    print(f"\ndeep queue: pfifo, {events} events, 1000 vs 100000 packets queued, best of {ROUNDS}:")
    per, cpu = {}, {}
    for d in traces:
        v = res[f"verify {d}"]
        bare = loop_time(res[f"bare {d}"].out, "wall")
        per[d], cpu[d] = v.wall / events, v.cpu / events
        record(qdisc=f"pfifo {d} deep", events=events, encoding="text",
               m_ev_s=f"{events / v.wall / 1e6:.2f}", ns_ev=f"{v.wall * 1e9 / events:.1f}",
               cpu_ns_ev=f"{v.cpu * 1e9 / events:.1f}", x_bare=f"{v.wall / bare:.2f}",
               rss_mb=f"{v.rss_mb:.1f}")
        print(
            f"  {d:6} deep: verify {v.wall * 1e9 / events:6.1f} ns/event (cpu {v.cpu * 1e9 / events:6.1f}), "
            f"RSS {v.rss_mb:6.1f} MB; bare loop {bare * 1e9 / events:6.1f} ns/event"
        )
    x = per[100000] / per[1000]
    print(
        f"  100000-deep / 1000-deep: {x:.2f}x (cpu {cpu[100000] / cpu[1000]:.2f}x)   "
        f"target <= {DEEP_RATIO:.0f}x: {verdict(x <= DEEP_RATIO)}"
    )


def main() -> int:
    DIR.mkdir(parents=True, exist_ok=True)
    sizes = [int(s) for s in os.environ.get("BENCH_SIZES", "1000000 10000000").split()]
    if os.environ.get("BENCH_BIG") == "1" and 50000000 not in sizes:
        sizes.append(50000000)
    names = os.environ.get("BENCH_QDISCS", "pfifo fq_codel cake htb").split()
    with open("/proc/loadavg") as f:
        load = " ".join(f.read().split()[:3])
    print(
        f"bench: whole processes, wall clock, min of {ROUNDS}; load average {load} on "
        f"{os.cpu_count()} cores (others' work slows every run); appended to {RESULTS}"
    )
    if not has_convert():
        print("bench: no `qdk-replay convert` yet: binary rows skipped (bench.py binary_twin())")
    for events in sizes:
        for name in names:
            bench_trace(name, events)
    bench_deep(int(os.environ.get("BENCH_DEEP_EVENTS", "10000000")))
    # The recorder's cost in the VM, in guest instructions a recorded call
    # among its other figures: one boot, a few minutes under TCG.
    if os.environ.get("BENCH_VM", "1") != "0":
        print("\nbench: the recorder's cost, measured in the VM (recorder/bench-vm.sh; BENCH_VM=0 skips)", flush=True)
        if subprocess.run([str(TOP / "recorder/bench-vm.sh"), str(DIR / "recorder")]).returncode:
            print("bench: the VM gave no result (see build/bench/recorder)")
        else:
            append_entry(RECORDER_RESULTS, (DIR / "recorder/result.txt").read_text())
    return 0


if __name__ == "__main__":
    sys.exit(main())
