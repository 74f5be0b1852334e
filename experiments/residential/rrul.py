#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""Latency under load for six residential qdiscs, in the VM, on Debian's kernel.

    experiments/residential/rrul.py [--short] [-o OUTDIR]

Reproduces the wired 10 Mbit/s result of "The Good, the Bad and the WiFi:
Modern AQMs in a residential setting": under a Realtime Response Under Load
style test (four TCP bulk streams with ICMP and UDP probes) FIFO's latency is
far above that of every AQM and fair queue. The paper's parameters are kept
(README.md beside this file lists them); each qdisc runs in one VM boot as
the qdisc under test of the rig (vm/README.md) below a 10 Mbit/s tbf.

Prints one row per qdisc (TCP goodput, ping RTT, UDP one-way delay) beside
the paper's finding, saves results.json, table.txt and latency.png under
OUTDIR (default build/experiments/residential[-short]) and exits 1 when the
finding does not hold: pfifo_fast's queueing delay (mean ping RTT in the
steady state, after the first quarter of the run, minus the base RTT) must
be at least RATIO times every other qdisc's. --short runs 8 s per qdisc instead of 30 (make
check); exit 2 when the VM produced no results.
"""

from __future__ import annotations

import json
import re
import statistics
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from vmexp import check, keep, options, pyplot, run_scenarios, save_figure, verdict  # noqa: E402

RATE = "10mbit"
DELAY = "20ms"  # on the receiver's egress (vm/README.md): the base RTT
BASE_RTT_MS = 20.0
PING_INTERVAL = 0.1
RATIO = 1.5  # "far above": FIFO's queueing delay at least 1.5 x each other qdisc's

# The paper's 10 Mbit/s column (pfifo_fast's txqueuelen 127, ARED's min
# 12500 bytes and bandwidth, the rest at their defaults); red needs a limit:
# the paper's strict 127-packet buffer in bytes.
QDISCS: list[tuple[str, str]] = [
    ("pfifo_fast", "pfifo_fast"),
    ("ared", "red limit 192278 min 12500 avpkt 1000 adaptive bandwidth 10mbit"),
    ("pie", "pie"),
    ("codel", "codel"),
    ("sfq", "sfq limit 127"),
    ("fq_codel", "fq_codel"),
]

PAPER = {
    "pfifo_fast": "highest latency (bufferbloat)",
    "ared": "low latency",
    "pie": "low latency (20 ms target)",
    "codel": "low latency",
    "sfq": "low latency (fair queue)",
    "fq_codel": "lowest latency",
}


def scenario(name: str, spec: str, seconds: int) -> str:
    kind = spec.split()[0]
    # pfifo_fast and fq_codel are built into Debian's kernels, the rest are modules
    mods = "" if kind in ("pfifo_fast", "fq_codel") else f"modules: sch_{kind}\n"
    return f"""# SPDX-License-Identifier: GPL-2.0
# written by experiments/residential/rrul.py
description: {name} under load: 4 TCP streams, ping and UDP probes at {RATE}
{mods}qdisc: {spec}
shaper: tbf
rate: {RATE}
delay: {DELAY}
txqueuelen: 127
duration: {seconds}
flow: tcp name=bulk streams=4
flow: udp name=probe rate=80K len=100
flow: ping name=ping interval={PING_INTERVAL}
expect: qdisc 10: packets > 1000
"""


def ping_samples(path: Path, warmup: float) -> list[float]:
    """RTTs (ms) of the pings sent after WARMUP seconds: the steady state."""
    return [float(m.group(2)) for m in re.finditer(r"seq=(\d+) ttl=\d+ time=([\d.]+) ms", path.read_text())
            if int(m.group(1)) * PING_INTERVAL >= warmup]


def run(outdir: Path, seconds: int, full: bool) -> int:
    ran = run_scenarios(outdir, {f"rrul-{name}": scenario(name, spec, seconds) for name, spec in QDISCS})
    if ran is None:
        return 2
    vmo, c = ran
    rows: list[dict[str, Any]] = []
    samples: dict[str, list[float]] = {}
    warmup = seconds / 4
    for name, spec in QDISCS:
        sdir = vmo / f"rrul-{name}"
        try:
            tcp = check.flow_metrics(sdir, "bulk", "tcp")
            ping = check.flow_metrics(sdir, "ping", "ping")
            udp = check.flow_metrics(sdir, "probe", "udp")
            samples[name] = ping_samples(sdir / "flows/ping.txt", warmup)
            if len(samples[name]) < 10:
                raise ValueError(f"{len(samples[name])} ping replies after {warmup:g} s")
        except (OSError, KeyError, ValueError) as e:
            print(f"rrul: {name}: no results ({e})", file=sys.stderr)
            return 2
        rtt = statistics.fmean(samples[name])
        rows.append({
            "qdisc": name, "spec": spec, "tcp_mbps": round(tcp["mbps"], 2),
            "ping_avg_ms": round(rtt, 1),
            "queueing_ms": round(rtt - BASE_RTT_MS, 1),
            "ping_p90_ms": round(statistics.quantiles(samples[name], n=10)[-1], 1),
            "ping_loss_percent": round(ping["loss_percent"], 1),
            "udp_delay_avg_ms": round(udp.get("delay_avg_ms", float("nan")), 1),
            "udp_delay_p99_ms": udp.get("delay_p99_ms"),
            "udp_lost_percent": round(udp["lost_percent"], 1),
            "paper": PAPER[name],
        })
    head = (f"{'qdisc':<11} {'TCP Mbit/s':>10} {'RTT avg':>8} {'queueing':>8} {'RTT p90':>8} "
            f"{'UDP avg':>8} {'UDP p99':>8} {'UDP lost':>8}  paper (10 Mbit/s wired, RRUL)")
    lines = [f"latency under load: {RATE}, base RTT {BASE_RTT_MS:g} ms, {seconds} s per qdisc, "
             f"ping RTT after {warmup:g} s (queueing = RTT - base), one-way UDP delay; ms", head]
    for r in rows:
        lines.append(f"{r['qdisc']:<11} {r['tcp_mbps']:>10.2f} {r['ping_avg_ms']:>8.1f} "
                     f"{r['queueing_ms']:>8.1f} {r['ping_p90_ms']:>8.1f} "
                     f"{r['udp_delay_avg_ms']:>8.1f} {r['udp_delay_p99_ms']:>8} "
                     f"{r['udp_lost_percent']:>7.1f}%  {r['paper']}")
    fifo = rows[0]["queueing_ms"]
    ok = True
    for r in rows[1:]:
        held = fifo >= RATIO * r["queueing_ms"]
        ok = ok and held
        lines.append(verdict(held, f"pfifo_fast's queueing delay {fifo:.1f} ms >= "
                             f"{RATIO:g} x {r['qdisc']}'s {r['queueing_ms']:.1f} ms"))
    text = "\n".join(lines) + "\n"
    print(text, end="")
    (outdir / "table.txt").write_text(text)
    keep("residential", text, full)
    (outdir / "results.json").write_text(json.dumps(
        {"rate": RATE, "delay": DELAY, "seconds": seconds, "ratio": RATIO, "rows": rows},
        indent=1) + "\n")
    plot(outdir / "latency.png", samples, seconds, warmup)
    print(f"rrul: {c.passed} scenario checks passed, {c.failed} failed; "
          f"results in {outdir}")
    return 0 if ok and c.failed == 0 else 1


def plot(path: Path, samples: dict[str, list[float]], seconds: int, warmup: float) -> None:
    plt = pyplot()
    fig, ax = plt.subplots(figsize=(7, 4))
    names = list(samples)
    ax.boxplot([samples[n] for n in names], showfliers=False)
    ax.set_xticks(range(1, len(names) + 1), names)
    ax.set_ylabel("ping RTT (ms)")
    ax.set_title(f"latency under load, {RATE}, 4 TCP streams, {seconds} s each (after {warmup:g} s)")
    save_figure(fig, path)


def main() -> int:
    a = options(__doc__, "residential", "8 s per qdisc (make check)")
    return run(a.o, 8 if a.short else 30, not a.short)


if __name__ == "__main__":
    sys.exit(main())
