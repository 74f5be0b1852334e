#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""tcp_nac's congestion window against Reno, CUBIC and Scalable TCP, in the VM.

    experiments/nac/cwnd.py [--short] [-o OUTDIR]

Reproduces Figures 8-11 of "Network Assisted Congestion Control" (Maroo et
al.): one TCP flow over a 4 Mbit/s link with 100 ms of delay and netem loss
of 1 % ("high loss") and 0.1 % ("low loss"), the sender's congestion window
over time for each algorithm. tcp_nac runs with the kit's nac qdisc as the
router's queue, which stamps its free percentage into the flow's IP option;
"scalable" is tcp_nac behind a plain pfifo of the same limit, which stamps
nothing, so tcp_nac keeps its default class: Scalable TCP's a and b (the
paper's Figures 10 and 11 compare against Scalable TCP). Reno and CUBIC are
the kernel's own. The window comes from the tcp:tcp_probe tracepoint (every
segment the sender receives: time, snd_cwnd, ssthresh, srtt).

Prints per loss rate and algorithm the time-weighted mean cwnd, the
receiver's mean goodput, the time until the link is first in full use (a
second of goodput at 80 % of the link rate or more) and the median time to
regain the window a loss cut (and that in round trips), beside what the
paper's figures show; saves table.txt, results.json and cwnd.png (one
panel per loss rate) under OUTDIR (default build/experiments/nac[-short]).
Exits 1 unless, at 1 % loss, tcp_nac's mean cwnd and goodput are above
Reno's (Figure 8: "NAC grabs the available bandwidth quickly and is in
general much more efficient than RENO"). --short (make check) runs 20 s
at 1 % loss, tcp_nac and Reno only, instead of 60 s of everything; exit 2
when the VM produced no results.
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from vmexp import TOP, check, claim, intervals, keep, run_scenarios, verdict  # noqa: E402

RATE = "4mbit"
RATE_BPS = 4e6
DELAY = "100ms"  # netem on the receiver's egress (vm/README.md): the base RTT
LIMIT = 50  # packets in the router's queue, nac's or pfifo's (1.5 bandwidth-delay products)
FULL_USE = 0.8  # a second of goodput at this share of the link rate is full use
IPERF_PORT = 5201
ACKS = 1500  # ACKs of a nac connection whose IP options are read (tcpdump -c)
NAC_OPT = 31  # the NAC IP option's type (qdiscs/nac/nac.h)
UNSTAMPED = 0xFFFFFFFF

# name, congestion control, the router's queue; nac echoes on both hosts
ALGOS: list[tuple[str, str, str]] = [
    ("reno", "reno", f"pfifo limit {LIMIT}"),
    ("cubic", "cubic", f"pfifo limit {LIMIT}"),
    ("scalable", "nac", f"pfifo limit {LIMIT}"),
    ("nac", "nac", f"nac limit {LIMIT} syn_free 0"),
]
LOSSES = ("1%", "0.1%")

PAPER = {  # what the paper's figures show (it gives no numbers)
    "reno": "linear climb, far below NAC (Figs. 8, 9)",
    "cubic": "(not in the paper)",
    "scalable": "comparable to NAC (Figs. 10, 11)",
    "nac": "grabs the bandwidth quickly; above Reno, at or above Scalable",
}

# The tracepoint, in each hook line's own mount namespace (ip netns exec).
TRACE = "T=/tmp/qdk-tracefs; mkdir -p $T; mount -t tracefs nodev $T; [ -e $T/trace ]"
PROBE = re.compile(r"\s(\d+\.\d+): tcp_probe: .*?src=(\S+) dest=\S+:(\d+) .*?"
                   r"snd_cwnd=(\d+) ssthresh=(\d+) .*?srtt=(\d+)")


def scenario(name: str, cc: str, queue: str, loss: str, t: int) -> str:
    nac = cc == "nac"
    lines = [
        "# SPDX-License-Identifier: GPL-2.0",
        "# written by experiments/nac/cwnd.py",
        f"description: {name}: one TCP flow ({cc}) at {RATE}, {DELAY}, netem loss {loss}",
        "modules: tcp_nac sch_nac" if nac else "",
        f"qdisc: {queue}",
        "shaper: tbf",
        f"rate: {RATE}",
        f"delay: {DELAY}",
        f"duration: {t}",
        # the data path's losses: netem on the sender's egress
        f"sender-setup: tc qdisc add dev s0 root netem loss {loss}",
        # The receiver's end of a nac connection echoes the stamp: nac is the
        # receiver's default (a namespace's default must be on the host's
        # allowed list). The ACKs as they leave the router toward the
        # sender, IP header in hex: the echo.
        "receiver-setup: nsenter -t 1 -n sysctl -w net.ipv4.tcp_allowed_congestion_control='reno cubic nac'"
        " && sysctl -w net.ipv4.tcp_congestion_control=nac" if nac else "",
        f"daemon: exec tcpdump -Z root -i $IN_DEV -Q out -n -l -x -c {ACKS}"
        ' "tcp and src host $RECEIVER_IP" > $COLLECT/acks.txt' if nac else "",
        f"setup: {TRACE}; echo 0 > $T/tracing_on; echo > $T/trace; echo 8192 > $T/buffer_size_kb; "
        f"echo 'dport == {IPERF_PORT}' > $T/events/tcp/tcp_probe/filter; "
        "echo 1 > $T/events/tcp/tcp_probe/enable; echo 1 > $T/tracing_on",
        f"flow: tcp name=tcp time={t} cc={cc}",
        f"collect: {TRACE}; echo 0 > $T/tracing_on; echo 0 > $T/events/tcp/tcp_probe/enable; "
        "cat $T/trace > $COLLECT/probe.txt; echo > $T/trace",
        "collect: tc -s qdisc show dev $DEV > $COLLECT/router.txt",
        "expect: flow tcp mbps > 0",
        "expect: qdisc 10: packets > 1000",
    ]
    return "\n".join(x for x in lines if x) + "\n"


def cwnd_trace(probe: Path) -> list[tuple[float, int, int, float]]:
    """(seconds since the first sample, cwnd, ssthresh, srtt ms) of the data
    connection: of the sender's connections to iperf3's port, the one with
    the most samples (the other is iperf3's control connection)."""
    by_src: dict[str, list[tuple[float, int, int, float]]] = {}
    for line in probe.read_text().splitlines():
        m = PROBE.search(line)
        if m and int(m.group(3)) == IPERF_PORT:
            by_src.setdefault(m.group(2), []).append(
                (float(m.group(1)), int(m.group(4)), int(m.group(5)), int(m.group(6)) / 1000))
    if not by_src:
        raise ValueError(f"{probe}: no tcp_probe sample")
    samples = max(by_src.values(), key=len)
    t0 = samples[0][0]
    return [(t - t0, c, s, r) for t, c, s, r in samples]


def echoes(acks: Path) -> dict[str, Any]:
    """The reverse metric of the NAC option in the ACKs tcpdump printed in
    hex (IP header first): how many ACKs, how many carried the option, and
    the stamps they echoed (free percentages; unstamped ones left out)."""
    pkts: list[bytes] = []
    for line in acks.read_text().splitlines():
        if line.startswith("\t0x"):
            pkts[-1] += bytes.fromhex("".join(line.split(":", 1)[1].split()))
        elif line and not line[0].isspace():
            pkts.append(b"")
    with_opt = 0
    stamps: list[int] = []
    for p in pkts:
        if len(p) < 20 or p[0] >> 4 != 4:
            continue
        opts, i = p[20:(p[0] & 15) * 4], 0
        while i + 1 < len(opts) and opts[i] != 0:
            if opts[i] == 1:
                i += 1
                continue
            if opts[i] == NAC_OPT and opts[i + 1] >= 10 and i + 10 <= len(opts):
                with_opt += 1
                rev = int.from_bytes(opts[i + 6:i + 10], "big")
                if rev != UNSTAMPED:
                    stamps.append(rev)
                break
            i += max(opts[i + 1], 2)
    return {"acks": len(pkts), "with_option": with_opt, "echoed_stamps": len(stamps),
            "stamp_mean": round(statistics.fmean(stamps), 1) if stamps else None,
            "stamp_min": min(stamps) if stamps else None, "stamp_max": max(stamps) if stamps else None}


def mean_cwnd(tr: list[tuple[float, int, int, float]]) -> float:
    """Time-weighted: each sample holds until the next."""
    span = tr[-1][0] - tr[0][0]
    if span <= 0:
        return float(tr[0][1])
    return sum((b[0] - a[0]) * a[1] for a, b in zip(tr[:-1], tr[1:], strict=True)) / span


def recoveries(tr: list[tuple[float, int, int, float]]) -> tuple[list[float], list[float], int]:
    """After each loss (a new ssthresh below the window), the time until
    cwnd is back at the window before the cut, in seconds and round trips
    (the srtt at the cut); and how many cuts were not regained before the
    next one or the end."""
    secs: list[float] = []
    rtts: list[float] = []
    missed = 0
    cuts = [i for i in range(1, len(tr)) if tr[i][2] != tr[i - 1][2] and tr[i][2] < tr[i - 1][1]]
    for k, i in enumerate(cuts):
        w0, t0, srtt = tr[i - 1][1], tr[i][0], tr[i - 1][3]
        end = cuts[k + 1] if k + 1 < len(cuts) else len(tr)
        # the window shrinks over the recovery (PRR), then grows back
        low = next((j for j in range(i, end) if tr[j][1] < w0), None)
        if low is None:
            continue
        back = next((tr[j][0] for j in range(low, end) if tr[j][1] >= w0), None)
        if back is None:
            missed += 1
        else:
            secs.append(back - t0)
            rtts.append((back - t0) / (srtt / 1000) if srtt > 0 else 0.0)
    return secs, rtts, missed


def full_use_time(flow_json: Path) -> float | None:
    """The start of the first second the receiver got FULL_USE of the link."""
    for iv in intervals(flow_json):
        if iv["bits_per_second"] >= FULL_USE * RATE_BPS:
            return float(iv["start"])
    return None


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--short", action="store_true", help="20 s at 1 %% loss, nac and reno (make check)")
    ap.add_argument("-o", type=Path, help="output directory")
    a = ap.parse_args()
    t = 20 if a.short else 60
    losses = LOSSES[:1] if a.short else LOSSES
    algos = [x for x in ALGOS if not a.short or x[0] in ("reno", "nac")]
    outdir: Path = a.o or TOP / "build/experiments" / ("nac-short" if a.short else "nac")
    scns = {f"nac-{name}-{loss.rstrip('%')}": scenario(name, cc, queue, loss, t)
            for loss in losses for name, cc, queue in algos}
    ran = run_scenarios(outdir, scns)
    if ran is None:
        return 2
    vmo, c = ran
    rows: dict[str, dict[str, dict[str, Any]]] = {}
    traces: dict[str, dict[str, list[tuple[float, int, int, float]]]] = {}
    echo: dict[str, dict[str, Any]] = {}
    try:
        for loss in losses:
            rows[loss], traces[loss] = {}, {}
            for name, _, _ in algos:
                d = vmo / f"nac-{name}-{loss.rstrip('%')}"
                tr = cwnd_trace(d / "collect/probe.txt")
                secs, rtts, missed = recoveries(tr)
                traces[loss][name] = tr
                if (d / "collect/acks.txt").exists():
                    echo[f"{name} {loss}"] = echoes(d / "collect/acks.txt")
                rows[loss][name] = {
                    "mean_cwnd": round(mean_cwnd(tr), 1),
                    "goodput_mbps": round(check.flow_metrics(d, "tcp", "tcp")["mbps"], 3),
                    "full_use_s": full_use_time(d / "flows/tcp.json"),
                    "recovery_s": round(statistics.median(secs), 2) if secs else None,
                    "recovery_rtts": round(statistics.median(rtts), 1) if rtts else None,
                    "cuts": len(secs) + missed, "not_regained": missed,
                }
    except (OSError, KeyError, ValueError) as e:
        print(f"nac: no results ({e})", file=sys.stderr)
        return 2

    def f(v: float | None, fmt: str) -> str:
        return "-" if v is None else format(v, fmt)

    lines = [f"One TCP flow, {RATE}, {DELAY} delay, {t} s; cwnd from tcp:tcp_probe; "
             f"full use: first second at >= {FULL_USE:.0%} of the link; recovery: median time "
             "to regain the window a loss cut (cuts not regained before the next)"]
    for loss in losses:
        lines += ["", f"netem loss {loss}",
                  f"{'':<9}{'mean cwnd':>10}{'Mbit/s':>8}{'full use s':>11}{'recovery s':>11}"
                  f"{'RTTs':>6}{'cuts':>9}   paper's figures"]
        for name, _, _ in algos:
            r = rows[loss][name]
            lines.append(f"{name:<9}{r['mean_cwnd']:>10.1f}{r['goodput_mbps']:>8.2f}"
                         f"{f(r['full_use_s'], '.0f'):>11}{f(r['recovery_s'], '.2f'):>11}"
                         f"{f(r['recovery_rtts'], '.1f'):>6}"
                         f"{str(r['cuts']) + ' (' + str(r['not_regained']) + ')':>9}   {PAPER[name]}")
    lines += ["", f"The echo: the first {ACKS} ACKs toward the sender of each tcp_nac run (tcpdump at the router)"]
    for k, ec in echo.items():
        lines.append(f"{k:<14} ACKs {ec['acks']}, with the option {ec['with_option']}, echoing a stamp "
                     f"{ec['echoed_stamps']}" + (f" (free {ec['stamp_min']}..{ec['stamp_max']} %, mean "
                                                 f"{ec['stamp_mean']})" if ec["echoed_stamps"] else ""))
    hi = rows["1%"]
    checks = [
        (hi["nac"]["mean_cwnd"] > hi["reno"]["mean_cwnd"],
         f"1 % loss: tcp_nac's mean cwnd {hi['nac']['mean_cwnd']:.1f} > Reno's {hi['reno']['mean_cwnd']:.1f}"),
        (hi["nac"]["goodput_mbps"] > hi["reno"]["goodput_mbps"],
         f"1 % loss: tcp_nac's goodput {hi['nac']['goodput_mbps']:.2f} > Reno's "
         f"{hi['reno']['goodput_mbps']:.2f} Mbit/s"),
    ]
    for k, ec in echo.items():
        stamped = k.startswith("nac ")
        checks.append(((ec["echoed_stamps"] > 0) == stamped and ec["with_option"] > 0,
                       f"{k}: the receiver's ACKs carry the option"
                       + (" and echo the router's stamps" if stamped else ", echoing no stamp (pfifo stamps none)")))
    lines.append("")
    for i, (held, what) in enumerate(checks):
        # the first two are the paper's comparisons; the echo's are mechanism
        lines.append(claim(held, what, a.short, "make repro-nac") if i < 2 else verdict(held, what))
    text = "\n".join(lines) + "\n"
    print(text, end="")
    (outdir / "table.txt").write_text(text)
    keep("nac", text, not a.short)
    (outdir / "results.json").write_text(json.dumps(
        {"rate": RATE, "delay": DELAY, "seconds": t, "limit": LIMIT, "rows": rows, "echo": echo},
        indent=1) + "\n")
    plot(outdir / "cwnd.png", traces, t)
    print(f"nac: {c.passed} scenario checks passed, {c.failed} failed; results in {outdir}")
    asserted = checks[2:] if a.short else checks
    return 0 if all(h for h, _ in asserted) and c.failed == 0 else 1


def plot(path: Path, traces: dict[str, dict[str, list[tuple[float, int, int, float]]]], t: int) -> None:
    """Figures 8-11 in one: cwnd over time, one panel per loss rate."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, len(traces), figsize=(6 * len(traces), 3.5), sharey=True, squeeze=False)
    for ax, (loss, per) in zip(axes[0], traces.items(), strict=True):
        for name, tr in per.items():
            ax.step([s[0] for s in tr], [s[1] for s in tr], where="post", label=name,
                    color="red" if name == "nac" else None, linewidth=1)
        ax.set_title(f"netem loss {loss}")
        ax.set_xlabel("s")
        ax.set_xlim(0, t)
    axes[0][0].set_ylabel("cwnd (segments)")
    axes[0][0].legend()
    fig.tight_layout()
    fig.savefig(path, dpi=100, metadata={"Software": None})
    plt.close(fig)


if __name__ == "__main__":
    sys.exit(main())
