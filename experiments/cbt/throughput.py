#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""TCP against an unresponsive UDP flow under FIFO, RED, CBT and DCBT, in the VM.

    experiments/cbt/throughput.py [--short] [-o OUTDIR]

Reproduces Tables 5.1 and 5.2 of "Evaluation of DCBT" (and its Figure 5.6,
ChIPS's jitter) with the kit's own cbt and dcbt modules on Debian's kernel:
a TCP flow runs T seconds; S seconds after it starts a 10 Mbit/s UDP flow of
1000-byte datagrams runs T seconds too, so TCP is alone, then both share the
10 Mbit/s link, then UDP is alone. Table 5.2 adds a 1 Mbit/s multimedia flow
(DSCP 46, which cbt and dcbt tag) for the whole run. Queue thresholds are the
paper's: min 5000, max 15000, limit 20000 bytes (5, 15 and 20 packets of
1000 bytes for cbt and dcbt, which count packets), RED's max_p 0.01.

Prints each table beside the paper's, saves tables.txt, results.json and
throughput.png under OUTDIR (default build/experiments/cbt[-short]) and exits
1 unless TCP's share while UDP is present orders as the paper's does in
Table 5.1: FIFO ~ RED << DCBT <= CBT, the last within SHARE_TOL of the link
(with one TCP and one UDP flow dcbt's thresholds are cbt's: README.md).
--short (make check) runs the 2-flow test only, with T = 12 and S = 4 s
instead of 30 and 10, and UDP ends with TCP (no "UDP alone"): 12 s per
qdisc instead of 40; exit 2 when the VM produced no results.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from vmexp import (  # noqa: E402
    check,
    intervals,
    keep,
    options,
    phase_rate,
    pyplot,
    run_scenarios,
    save_figure,
    verdict,
)

KB = 1024  # the paper's KB/s: iperf's KBytes
QDISCS: list[tuple[str, str, str]] = [
    # name, qdisc line, modules
    ("FIFO", "bfifo limit 20000", ""),
    ("RED", "red limit 20000 min 5000 max 15000 avpkt 1000 probability 0.01 bandwidth 10mbit", "sch_red"),
    ("CBT", "cbt limit 20 min 5 max 15 probability 0.01 tag dscp 46 seed 1", "sch_cbt"),
    ("DCBT", "dcbt limit 20 min 5 max 15 probability 0.01 tag dscp 46 nochips seed 1", "sch_dcbt"),
]
CHIPS = "dcbt limit 20 min 5 max 15 probability 0.01 tag dscp 46 chips seed 1"
# DCBT <= CBT is checked on TCP's share of what the link delivered while UDP is
# present, TCP / (TCP + UDP): a guest the host descheduled for a few seconds
# starves both flows alike, which moves the share far less than TCP's rate.
# With one TCP and one UDP flow dcbt's thresholds are cbt's (README.md), so
# the two shares differ by noise alone, and this bounds the noise: in the eleven
# runs README.md records dcbt's share minus cbt's is -0.031 to +0.092. That
# dcbt decides exactly as cbt is checked without noise in qdiscs/dcbt/drive-test.
SHARE_TOL = 0.10

# Tables 5.1 and 5.2 of the paper, KB/s
PAPER_2 = {  # TCP alone, TCP while UDP, UDP while TCP, UDP alone
    "FIFO": (1110, 14, 1138, 1152), "RED": (1089, 16, 1136, 1152),
    "CBT": (1090, 760, 378, 1153), "DCBT": (1089, 632, 536, 1153),
}
PAPER_3 = {  # TCP while MM, TCP while UDP + MM, UDP while TCP + MM, UDP while MM, MM overall
    "FIFO": (978, 16, 1093, 1069, 83), "RED": (967, 16, 1044, 1040, 108),
    "CBT": (972, 704, 309, 1025, 126), "DCBT": (976, 630.3, 388, 1025, 127),
}
COLS_2 = ("TCP alone", "TCP w/ UDP", "UDP w/ TCP", "UDP alone")
COLS_3 = ("TCP w/ MM", "TCP w/ UDP+MM", "UDP w/ TCP+MM", "UDP w/ MM", "MM overall")


def scenario(desc: str, spec: str, mods: str, t: int, s: int, u: int, mm: bool, tcp_streams: int = 1) -> str:
    """TCP for t s; UDP from s for u s (none when s < 0); MM throughout."""
    d = max(t, s + u)
    lines = [
        "# SPDX-License-Identifier: GPL-2.0",
        "# written by experiments/cbt/throughput.py",
        f"description: {desc}",
        f"modules: {mods}" if mods else "",
        f"qdisc: {spec}",
        "shaper: tbf",
        "rate: 10mbit",
        "delay: 2ms",
        f"duration: {d}",
        f"flow: tcp name=tcp time={t}" + (f" streams={tcp_streams}" if tcp_streams > 1 else ""),
        f"flow: udp name=udp start={s} time={u} rate=10M len=1000" if s >= 0 else "",
        f"flow: udp name=mm time={d} rate=1M len=1000 tos=0xb8" if mm else "",
        "expect: qdisc 10: packets > 1000",
    ]
    return "\n".join(x for x in lines if x) + "\n"


def share_of(row: Sequence[float]) -> float:
    """TCP's share while UDP is present, TCP / (TCP + UDP), from a row of
    either table (both have TCP's and UDP's rates then in columns 1 and 2)."""
    return row[1] / (row[1] + row[2])


def kbs(bits: float) -> float:
    return bits / 8 / KB


def table(title: str, cols: tuple[str, ...], ours: dict[str, list[float]],
          paper: Mapping[str, Sequence[float]]) -> list[str]:
    """Our rows (a short row: "-" in its last columns) over the paper's."""
    out = [title, f"{'':<6}" + "".join(f"{c:>15}" for c in cols)]
    for name, vals in ours.items():
        out.append(f"{name:<6}" + "".join(f"{v:>15.0f}" for v in vals)
                   + f"{'-':>15}" * (len(cols) - len(vals)) + "   here")
        out.append(f"{'':<6}" + "".join(f"{v:>15g}" for v in paper[name]) + "   paper")
    return out


def main() -> int:
    a = options(__doc__, "cbt", "the 2-flow test, 12 s per qdisc (make check)")
    t, s = (12, 4) if a.short else (30, 10)
    u = t - s if a.short else t  # UDP's time: --short has no "UDP alone"
    outdir: Path = a.o
    scns: dict[str, str] = {}
    for name, spec, mods in QDISCS:
        scns[f"cbt2-{name}"] = scenario(f"{name}: TCP, then 10 Mbit/s UDP", spec, mods, t, s, u, False)
        if not a.short:
            scns[f"cbt3-{name}"] = scenario(f"{name}: TCP, then UDP, with 1 Mbit/s MM", spec, mods, t, s, u, True)
    if not a.short:
        # Figure 5.6: two TCP flows and the multimedia flow, DCBT without and with ChIPS
        for name, spec in (("nochips", QDISCS[3][1]), ("chips", CHIPS)):
            scns[f"jitter-{name}"] = scenario(f"DCBT {name}: 2 TCP + MM", spec, "sch_dcbt", t, -1, 0, True, 2)
    ran = run_scenarios(outdir, scns)
    if ran is None:
        return 2
    vmo, c = ran
    def phases(d: Path) -> list[float]:
        """TCP alone, TCP with UDP, UDP with TCP, UDP alone (KB/s; not the
        last when UDP ends with TCP). Each flow's intervals count from its
        own start and TCP's data starts after its handshake, up to a second
        after UDP's clock: a second's guard at each phase boundary keeps
        the phases apart."""
        r = [kbs(phase_rate(d / "tcp.json", 1, s - 1)), kbs(phase_rate(d / "tcp.json", s + 1, t)),
             kbs(phase_rate(d / "udp.json", 1, t - s - 1))]
        return r + [kbs(phase_rate(d / "udp.json", t - s + 2, u))] if u > t - s + 2 else r

    lines: list[str] = []
    results: dict[str, Any] = {"T": t, "S": s, "unit": "KB/s (1024 bytes)"}
    try:
        two: dict[str, list[float]] = {}
        three: dict[str, list[float]] = {}
        for name, _, _ in QDISCS:
            d = vmo / f"cbt2-{name}" / "flows"
            two[name] = phases(d)
            if not a.short:
                d = vmo / f"cbt3-{name}" / "flows"
                mm = check.flow_metrics(d.parent, "mm", "udp")["mbps"] * 1e6
                three[name] = phases(d) + [kbs(mm)]
        jitter = {n: check.flow_metrics(vmo / f"jitter-{n}", "mm", "udp")["jitter_ms"]
                  for n in ("nochips", "chips")} if not a.short else {}
    except (OSError, KeyError, ValueError) as e:
        print(f"cbt: no results ({e})", file=sys.stderr)
        return 2
    lines += table(f"Table 5.1, 2-flow tests (KB/s; TCP {t} s, UDP from {s} s for {u} s)",
                   COLS_2, two, PAPER_2)
    results["two_flow"] = two
    if three:
        lines += [""] + table("Table 5.2, 3-flow tests (KB/s; 1 Mbit/s MM throughout)", COLS_3, three, PAPER_3)
        results["three_flow"] = three
    if jitter:
        lines += ["", f"Figure 5.6, multimedia jitter with 2 TCP flows (RFC 3550, ms): DCBT "
                  f"{jitter['nochips']:.2f}, DCBT/ChIPS {jitter['chips']:.2f} (paper: ChIPS lower)"]
        results["jitter_ms"] = jitter
    # The paper's ordering of TCP's share while UDP is present
    tcp = {n: v[1] for n, v in two.items()}
    share = {n: share_of(v) for n, v in two.items()}
    low = min(tcp["CBT"], tcp["DCBT"])
    ok = True
    checks = [
        (max(tcp["FIFO"], tcp["RED"]) < 0.25 * low,
         f"FIFO {tcp['FIFO']:.0f} and RED {tcp['RED']:.0f} KB/s << CBT and DCBT (under a quarter of {low:.0f})"),
        # the paper's 14 and 16 KB/s: both leave TCP almost nothing
        (max(tcp["FIFO"], tcp["RED"]) < 0.2 * two["FIFO"][0],
         f"FIFO ~ RED: {tcp['FIFO']:.0f} and {tcp['RED']:.0f} KB/s, both under a fifth of TCP alone "
         f"({two['FIFO'][0]:.0f})"),
        (share["DCBT"] <= share["CBT"] + SHARE_TOL,
         f"DCBT <= CBT: TCP's share while UDP is present {share['DCBT']:.3f} and {share['CBT']:.3f} "
         f"(tolerance {SHARE_TOL}; the paper's {share_of(PAPER_2['DCBT']):.3f} and "
         f"{share_of(PAPER_2['CBT']):.3f})"),
    ]
    if jitter:
        checks.append((jitter["chips"] < jitter["nochips"],
                       f"ChIPS lowers the multimedia jitter ({jitter['chips']:.2f} < {jitter['nochips']:.2f} ms)"))
    lines.append("")
    for held, what in checks:
        ok = ok and held
        lines.append(verdict(held, what))
    results["tcp_share"] = share
    if three:
        # Not asserted: with a multimedia flow dcbt's thresholds are below
        # cbt's, so the algorithm gives TCP at least cbt's share (README.md)
        share3 = {n: share_of(v) for n, v in three.items()}
        lines.append(f"note with MM, TCP's share while UDP is present: DCBT {share3['DCBT']:.3f}, "
                     f"CBT {share3['CBT']:.3f} (the paper's {share_of(PAPER_3['DCBT']):.3f} and "
                     f"{share_of(PAPER_3['CBT']):.3f}; dcbt's thresholds are the lower here)")
        results["tcp_share_mm"] = share3
    text = "\n".join(lines) + "\n"
    print(text, end="")
    (outdir / "tables.txt").write_text(text)
    keep("cbt", text, not a.short)
    (outdir / "results.json").write_text(json.dumps(results, indent=1) + "\n")
    plot(outdir / "throughput.png", vmo, s, max(t, s + u))
    print(f"cbt: {c.passed} scenario checks passed, {c.failed} failed; results in {outdir}")
    return 0 if ok and c.failed == 0 else 1


def plot(path: Path, vmo: Path, s: int, end: int) -> None:
    """Figures 5.1 and 5.2: each flow's rate per second, one panel per qdisc."""
    plt = pyplot()
    fig, axes = plt.subplots(1, len(QDISCS), figsize=(4 * len(QDISCS), 3), sharey=True)
    for ax, (name, _, _) in zip(axes, QDISCS, strict=True):
        d = vmo / f"cbt2-{name}" / "flows"
        for flow, off, style in (("tcp", 0, "-"), ("udp", s, "--")):
            ivs = intervals(d / f"{flow}.json")
            ax.plot([iv["start"] + off for iv in ivs],
                    [kbs(iv["bits_per_second"]) for iv in ivs], style, label=flow.upper())
        ax.set_title(name)
        ax.set_xlabel("s")
        ax.set_xlim(0, end)
    axes[0].set_ylabel("KB/s")
    axes[0].legend()
    save_figure(fig, path)


if __name__ == "__main__":
    sys.exit(main())
