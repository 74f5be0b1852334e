#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""Plot queue length and sojourn time over time from `qdk-replay drive --summary` files.

    tools/plot.py SUMMARY.json... -o OUT.png
    tools/plot.py --flows DRIVEN.qtr... -o OUT.png

Each summary becomes one line per panel, labelled with its qdisc and link rate.
The time series are those drive samples every `interval_ns` (see harness/summary.c).
A third panel lists, per summary, what `tc -s` would show at the end of the run:
the drops by the kernel's reason, the qdisc's xstats and each class's counters
and xstats (drive's `drop_reasons`, `qdisc_stats`, `classes`).

--flows takes the traces drive wrote (-o) instead: per trace, one panel of
each flow's throughput over time (a line per flow, the FLOW_LINES busiest
by bytes sent, the rest summed), and, for a classful tree, one of each
class's backlog (a line per band, from drive's `s cl=` snapshots);
tools/qdkstats.py measures them.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt

import qdkstats
import qdktrace

FLOW_LINES = 8  # flows drawn one by one; the others are summed into one line


def rate_text(bits: int) -> str:
    """Format a rate in bit/s the way tc prints it."""
    for unit, scale in (("Gbit", 10**9), ("Mbit", 10**6), ("Kbit", 10**3)):
        if bits >= scale:
            return f"{bits / scale:g}{unit}"
    return f"{bits}bit"


def load(path: Path) -> dict[str, Any]:
    with path.open() as f:
        data: dict[str, Any] = json.load(f)
    if "timeseries" not in data:
        raise ValueError(f"{path}: not a qdk-replay drive summary (no timeseries)")
    return data


CLASS_LINES = 12  # classes listed one by one in the stats panel; the others counted


def reasons_text(reasons: dict[str, int]) -> str:
    """Drops by reason, the kernel's prefix dropped: "QDISC_DROP 279, NOT_SPECIFIED 2"."""
    return ", ".join(f"{r.removeprefix('SKB_DROP_REASON_')} {n}" for r, n in reasons.items()) or "none"


def xstats_text(x: dict[str, Any] | None) -> str:
    """A decoded xstats object as "field=value ..." (its hex when the struct is unknown)."""
    if not x:
        return "none"
    if "struct" not in x:
        return f"{len(x.get('hex', '')) // 2} bytes, not decoded"
    return " ".join(f"{k}={v}" for k, v in x.items() if k not in ("struct", "hex"))


def stats_lines(s: dict[str, Any]) -> list[str]:
    """What tc -s would show at the end of the run, as lines of text."""
    q = s.get("qdisc_stats")
    lines = [f"{s['qdisc']} @ {rate_text(s['rate_bit_per_s'])}: drops by reason: "
             f"{reasons_text(s['total'].get('drop_reasons', {}))}"]
    if q:
        lines.append(f"  {q['kind']} {q['handle']} xstats: {xstats_text(q.get('xstats'))}")
    classes = s.get("classes", [])
    for c in classes[:CLASS_LINES]:
        leaf = f" -> {c['leaf_kind']} {c['leaf']}" if "leaf" in c else ""
        lines.append(f"  class {c['class']}{leaf}: sent {c['packets']} pkt, dropped {c['drops']}, "
                     f"overlimits {c['overlimits']}; {xstats_text(c.get('xstats'))}")
    if len(classes) > CLASS_LINES:
        lines.append(f"  ... {len(classes) - CLASS_LINES} more classes")
    return lines


def plot(summaries: list[tuple[Path, dict[str, Any]]], out: Path) -> None:
    text = [line for _p, s in summaries for line in stats_lines(s)]
    fig = plt.figure(figsize=(10, 7 + 0.17 * len(text)))
    grid = fig.add_gridspec(3, 1, height_ratios=[3.5, 3.5, 0.17 * len(text) + 0.3])
    ax_q = fig.add_subplot(grid[0])
    ax_s = fig.add_subplot(grid[1], sharex=ax_q)
    ax_t = fig.add_subplot(grid[2])
    for _path, s in summaries:
        ts = s["timeseries"]
        step = ts["interval_ns"] / 1e9
        t = [i * step for i in range(len(ts["qlen"]))]
        total = s["total"]
        label = (
            f"{s['qdisc']} @ {rate_text(s['rate_bit_per_s'])} "
            f"(p99 sojourn {total['sojourn_ns']['p99'] / 1e6:.1f} ms, "
            f"{total['drops']} drops)"
        )
        ax_q.step(t, ts["qlen"], where="post", label=label, linewidth=1)
        # Only intervals in which packets left carry a sojourn time.
        have = [i for i, n in enumerate(ts["dequeued"]) if n > 0]
        ts_s = [t[i] for i in have]
        mean_ms = [ts["sojourn_mean_ns"][i] / 1e6 for i in have]
        max_ms = [ts["sojourn_max_ns"][i] / 1e6 for i in have]
        (line,) = ax_s.plot(ts_s, mean_ms, linewidth=1, label=f"mean, {label}")
        ax_s.plot(
            ts_s,
            max_ms,
            linewidth=0.6,
            alpha=0.5,
            color=line.get_color(),
            linestyle="--",
        )
    ax_q.set_ylabel("queue length (packets)")
    ax_q.set_title("qdisc queue over time (qdk-replay drive)")
    ax_q.grid(True, alpha=0.3)
    ax_q.legend(fontsize="small", loc="upper right")
    ax_s.set_ylabel("sojourn time (ms)\nmean solid, max dashed")
    ax_s.set_xlabel(
        f"time since the first arrival (s), sampled every {step * 1e3:g} ms"
    )
    ax_s.grid(True, alpha=0.3)
    ax_t.axis("off")
    ax_t.set_title("at the end of the run (tc -s)", fontsize="small", loc="left")
    ax_t.text(0, 1, "\n".join(text), va="top", ha="left", family="monospace", fontsize="x-small",
              transform=ax_t.transAxes)
    fig.tight_layout()
    save(fig, out)


def flow_lines(ax: Any, rs: qdkstats.RunStats) -> None:
    """Each flow's throughput (Mbit/s) per bin: the busiest one by one, the rest summed."""
    t = [i * rs.bin_ns / 1e9 for i in range(len(next(iter(rs.flows.values())).bins))] if rs.flows else []
    busiest = sorted(rs.flows.values(), key=lambda f: (-f.sent_bytes, f.fid))
    scale = 8 / rs.bin_ns * 1e3  # bytes per bin -> Mbit/s
    for f in busiest[:FLOW_LINES]:
        ax.step(t, [b * scale for b in f.bins], where="post", linewidth=1,
                label=f"flow {f.fid} ({f.cls})")
    rest = busiest[FLOW_LINES:]
    if rest:
        summed = [sum(col) * scale for col in zip(*(f.bins for f in rest), strict=True)]
        ax.step(t, summed, where="post", linewidth=1, color="grey", label=f"{len(rest)} other flows")
    ax.set_ylabel("throughput (Mbit/s)")
    ax.grid(True, alpha=0.3)


def band_lines(ax: Any, rs: qdkstats.RunStats) -> None:
    """Each class's backlog (bytes) at drive's snapshots."""
    for name, snaps in rs.bands.items():
        ax.step([(ts - rs.start_ns) / 1e9 for ts, _, _ in snaps], [b for _, _, b in snaps],
                where="post", linewidth=1, label=f"class {name}")
    ax.set_ylabel("backlog (bytes)")
    ax.grid(True, alpha=0.3)


def plot_flows(runs: list[qdkstats.RunStats], out: Path) -> None:
    rows = sum(2 if rs.bands else 1 for rs in runs)
    fig, axes = plt.subplots(rows, 1, figsize=(10, 3.2 * rows), squeeze=False)
    i = 0
    for rs in runs:
        ax = axes[i][0]
        flow_lines(ax, rs)
        ax.set_title(f"{Path(rs.path).name}: {rs.qdisc}, per flow ({rs.bin_ns / 1e6:g} ms bins)",
                     fontsize="medium")
        ax.legend(fontsize="small", loc="upper right")
        i += 1
        if rs.bands:
            band_lines(axes[i][0], rs)
            axes[i][0].set_title(f"{Path(rs.path).name}: per class", fontsize="medium")
            axes[i][0].legend(fontsize="small", loc="upper right")
            i += 1
    axes[-1][0].set_xlabel("time since the first event (s)")
    fig.tight_layout()
    save(fig, out)


def save(fig: Any, out: Path) -> None:
    """Write the figure as PNG, complete or not at all."""
    tmp = out.with_name(out.name + ".tmp.png")
    fig.savefig(tmp, dpi=100)
    plt.close(fig)
    tmp.replace(out)


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument(
        "summaries", nargs="+", type=Path, help="drive --summary JSON files (--flows: drive's traces)"
    )
    ap.add_argument("-o", "--output", type=Path, required=True, help="PNG to write")
    ap.add_argument("--flows", action="store_true", help="per-flow and per-class lines from drive's traces")
    ap.add_argument("--bin", type=float, default=0, help="--flows: bin width in ms (default: a 50th of the span)")
    args = ap.parse_args(argv)
    if args.output in args.summaries:
        print(f"plot.py: refusing to overwrite input {args.output}", file=sys.stderr)
        return 2
    if args.flows:
        try:
            runs = [qdkstats.run_stats(str(p), int(args.bin * 1e6)) for p in args.summaries]
        except (OSError, qdktrace.TraceError) as e:
            print(f"plot.py: {e}", file=sys.stderr)
            return 2
        plot_flows(runs, args.output)
        return 0
    try:
        summaries = [(p, load(p)) for p in args.summaries]
    except (OSError, ValueError, KeyError) as e:
        print(f"plot.py: {e}", file=sys.stderr)
        return 2
    plot(summaries, args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
