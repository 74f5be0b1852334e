#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""Plot queue length and sojourn time over time from `qdk-replay drive --summary` files.

    tools/plot.py SUMMARY.json... -o OUT.png

Each summary becomes one line per panel, labelled with its qdisc and link rate.
The time series are those drive samples every `interval_ns` (see harness/summary.c).
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


def plot(summaries: list[tuple[Path, dict[str, Any]]], out: Path) -> None:
    fig, (ax_q, ax_s) = plt.subplots(2, 1, figsize=(10, 7), sharex=True)
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
    fig.tight_layout()
    tmp = out.with_name(out.name + ".tmp.png")
    fig.savefig(tmp, dpi=100)
    plt.close(fig)
    tmp.replace(out)


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument(
        "summaries", nargs="+", type=Path, help="drive --summary JSON files"
    )
    ap.add_argument("-o", "--output", type=Path, required=True, help="PNG to write")
    args = ap.parse_args(argv)
    if args.output in args.summaries:
        print(f"plot.py: refusing to overwrite input {args.output}", file=sys.stderr)
        return 2
    try:
        summaries = [(p, load(p)) for p in args.summaries]
    except (OSError, ValueError, KeyError) as e:
        print(f"plot.py: {e}", file=sys.stderr)
        return 2
    plot(summaries, args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
