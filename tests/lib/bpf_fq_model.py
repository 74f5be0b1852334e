# SPDX-License-Identifier: GPL-2.0
"""bpf_qdisc_fq.c's scheduling as a model, checked against a drive's trace of
bpf_fq (tests/suites/47-bpf-fq).

The program is sch_fq before its bands: per-flow queues served by deficit
round robin, new flows (credit initial_quantum) before old ones, a flow
that spent its credit moved to the tail of the old flows with quantum more,
an emptied flow detached (or moved to the old flows if it came from the new
ones and old ones wait), a flow that comes back after flow_refill_delay
jiffies refilled to quantum. Its init sets limit 10000, flow_plimit 100,
quantum 2 * psched_mtu, initial_quantum 10 * psched_mtu (psched_mtu: the
device's mtu + its Ethernet header). The model leaves out what a generated
trace never reaches: pacing (no skb has a tstamp), the priority flow
(priority 0), the horizon and the flow table's garbage collection.

Fed the trace's arrivals and dequeue times, it says for each arrival "ok"
or "drop" and for each dequeue the packet; the first event where the trace
says otherwise is the failure:

    bpf_fq_model.py TRACE      exit 0, or 1 and the event, or 2 on a bad trace
"""

from __future__ import annotations

import os
import sys
from collections import deque
from dataclasses import dataclass, field

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "tools"))
import qdktrace  # noqa: E402

ETH_HLEN = 14
LIMIT = 10000
FLOW_PLIMIT = 100
FLOW_REFILL_DELAY = 40  # jiffies


@dataclass
class Flow:
    credit: int
    age: int = 1  # 0: in a list; else the jiffies it was detached at (a new flow: 1)
    queue: deque[tuple[int, int]] = field(default_factory=deque)  # (id, length)


class Model:
    def __init__(self, mtu: int, hz: int) -> None:
        psched_mtu = mtu + ETH_HLEN
        self.quantum = 2 * psched_mtu
        self.initial_quantum = 10 * psched_mtu
        self.hz = hz
        self.flows: dict[int, Flow] = {}
        self.new: deque[Flow] = deque()
        self.old: deque[Flow] = deque()
        self.qlen = 0

    def jiffies(self, ts: int) -> int:
        return ts * self.hz // 1_000_000_000

    def enqueue(self, ts: int, pid: int, fid: int, length: int) -> str:
        if self.qlen >= LIMIT:
            return "drop"
        f = self.flows.get(fid)
        if f is None:
            f = self.flows[fid] = Flow(credit=self.initial_quantum)
        if len(f.queue) >= FLOW_PLIMIT:
            return "drop"
        if f.age != 0:
            # (a new flow's credit is more than quantum whatever its age says)
            if self.jiffies(ts) - (f.age + FLOW_REFILL_DELAY) > 0:
                f.credit = max(f.credit, self.quantum)
            f.age = 0
            self.new.append(f)
        f.queue.append((pid, length))
        self.qlen += 1
        return "ok"

    def dequeue(self, ts: int) -> int | None:
        if not self.qlen:
            return None
        while True:
            head = self.new if self.new else self.old
            if not head:
                return None
            f = head.popleft()
            if f.credit <= 0:
                f.credit += self.quantum
                self.old.append(f)
                continue
            if not f.queue:
                if head is self.new and self.old:
                    self.old.append(f)
                else:
                    f.age = self.jiffies(ts)
                continue
            pid, length = f.queue.popleft()
            f.credit -= length
            self.qlen -= 1
            head.appendleft(f)
            return pid


def check(path: str) -> str | None:
    """The first event of the trace the model decides otherwise, or None."""
    with qdktrace.open_trace(path) as t:
        model = Model(int(t.header.dev.get("mtu", "1500")), t.header.hz)
        verdicts: dict[int, str] = {}
        for ev in t:
            if ev.op == "e":
                want = model.enqueue(ev.ts, ev.id, ev.fid, ev.pkt_len)
                verdicts[ev.id] = want
                if ev.verdict != want:
                    return f"{path}:{ev.line}: {ev.text}: the model says {want}"
            elif ev.op == "d" and ev.id:
                got = model.dequeue(ev.ts)
                if got != ev.id:
                    return f"{path}:{ev.line}: {ev.text}: the model dequeues {got}"
            elif ev.op == "x" and verdicts.get(ev.id) != "drop":
                return f"{path}:{ev.line}: {ev.text}: the model dropped no such packet"
    return None


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print("usage: bpf_fq_model.py TRACE", file=sys.stderr)
        return 2
    try:
        where = check(argv[1])
    except (OSError, qdktrace.TraceError) as e:
        print(f"bpf_fq_model.py: {e}", file=sys.stderr)
        return 2
    if where:
        print(where)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
