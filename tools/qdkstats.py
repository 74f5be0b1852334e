#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""qdkstats - per-flow and per-class measurements of a trace `qdk-replay drive` wrote.

drive's --summary (harness/summary.c) gives totals per flow and the queue of
the whole qdisc over time; the figures of tools/plot.py (--flows) and
tools/compare.py also need, per flow, the bytes dequeued over time and every
packet's sojourn, and per class of a tree its queue over time. They come from
the trace itself, read through tools/qdktrace.py:

- a packet's sojourn is its dequeue's time less its enqueue's (as drive's
  summary counts it: packets dropped or never dequeued have none);
- a flow's throughput in bin k is the bytes (PKTLEN) of its packets dequeued
  in [start + k*bin, start + (k+1)*bin), start being the first event's time
  (bin: about a fiftieth of the trace's span unless given);
- a class's queue (a "band") is what drive's `s cl=MAJ:MIN` snapshots say,
  at their times;
- a flow's class (`flow_class`) is its protocol, and its DSCP when not 0
  (`udp dscp 46`): the classes sojourn-time CDFs are drawn per.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import qdktrace


@dataclass(slots=True)
class FlowStats:
    """One flow's packets in a driven trace."""

    fid: int
    decl: str  # the flow line, for people
    cls: str  # flow_class()
    arrived: int = 0
    drops: int = 0
    marks: int = 0
    sent_bytes: int = 0
    sojourn_ns: list[int] = field(default_factory=list)  # dequeue order
    bins: list[int] = field(default_factory=list)  # bytes dequeued per bin


@dataclass(slots=True)
class RunStats:
    """What a driven trace says per flow and per class, binned from its first event."""

    path: str
    qdisc: str
    start_ns: int
    end_ns: int
    bin_ns: int
    flows: dict[int, FlowStats]
    # class "MAJ:MIN" -> (ts, qlen, backlog) of each of its snapshots
    bands: dict[str, list[tuple[int, int, int]]]


def flow_class(flow: qdktrace.Flow) -> str:
    """The flow's protocol, with its DSCP when not 0."""
    dscp = flow.keys.get("tos", 0) >> 2
    return f"{flow.proto} dscp {dscp}" if dscp else flow.proto


def percentile(sorted_ns: list[int], p: int) -> int:
    """Nearest rank, as harness/summary.c: 0 for no samples."""
    if not sorted_ns:
        return 0
    r = (len(sorted_ns) * p + 99) // 100
    return sorted_ns[r - 1 if r else 0]


def handle_text(h: int) -> str:
    """MAJ:MIN in hex, as tc prints a class id."""
    return f"{h >> 16:x}:{h & 0xFFFF:x}"


def nice_bin(span_ns: int) -> int:
    """About a fiftieth of the span, rounded down to 1, 2 or 5 times a power of ten ns (1 us at least)."""
    target, best = max(span_ns // 50, 1000), 1000
    for exp in range(3, 19):
        for m in (1, 2, 5):
            if m * 10**exp <= target:
                best = m * 10**exp
    return best


def run_stats(path: str, bin_ns: int = 0) -> RunStats:
    """Read a driven trace. bin_ns 0: nice_bin() of its span."""
    enq: dict[int, tuple[int, int, int]] = {}  # packet id -> (ts, fid, bytes), while queued
    fid_of: dict[int, int] = {}  # every packet id: a dequeue's m line follows its d line
    deq: list[tuple[int, int, int]] = []  # (ts, fid, bytes), in order
    flows: dict[int, FlowStats] = {}
    bands: dict[str, list[tuple[int, int, int]]] = {}
    start = end = -1
    with qdktrace.open_trace(path) as t:
        for ev in t:
            if start < 0:
                start = ev.ts
            end = ev.ts
            if ev.op == "e":
                f = flows.get(ev.fid)
                if f is None:
                    fl = t.flows[ev.fid]
                    f = flows[ev.fid] = FlowStats(ev.fid, fl.text, flow_class(fl))
                f.arrived += 1
                enq[ev.id] = (ev.ts, ev.fid, ev.pkt_len)
                fid_of[ev.id] = ev.fid
            elif ev.op == "d" and ev.id in enq:
                ts, fid, n = enq.pop(ev.id)
                flows[fid].sojourn_ns.append(ev.ts - ts)
                flows[fid].sent_bytes += n
                deq.append((ev.ts, fid, n))
            elif ev.op == "x" and ev.id in enq:
                flows[enq.pop(ev.id)[1]].drops += 1
            elif ev.op == "m" and ev.id in fid_of:
                flows[fid_of[ev.id]].marks += 1
            elif ev.op == "s" and ev.stats_of == "cl":
                bands.setdefault(handle_text(ev.stats_id), []).append(
                    (ev.ts, ev.stats.get("qlen", 0), ev.stats.get("backlog", 0)))
        qdisc = t.header.qdisc or ""
    if start < 0:
        raise qdktrace.TraceError(path, 0, "no events")
    if bin_ns <= 0:
        bin_ns = nice_bin(end - start)
    nbins = (end - start) // bin_ns + 1
    for f in flows.values():
        f.bins = [0] * nbins
    for ts, fid, n in deq:
        flows[fid].bins[(ts - start) // bin_ns] += n
    return RunStats(path, qdisc, start, end, bin_ns, dict(sorted(flows.items())), dict(sorted(bands.items())))
