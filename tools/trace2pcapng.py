#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""Write a qdk trace's packets as pcapng, with each packet's fate in its comment.

    tools/trace2pcapng.py TRACE -o OUT.pcapng [--at arrival|departure]

TRACE is any trace (traces/FORMAT.md, read through tools/qdktrace.py): arrivals
(gen, `qdk-replay pcap`), what `qdk-replay drive` did, what a kernel did (a
capture). The file is written with dpkt's pcapng writer; tcpdump -r, tshark
and Wireshark open it. One interface, Ethernet, nanosecond timestamps (the
trace's own clock), named after the trace's device.

--at arrival (default): one packet per packet the qdisc was handed (its `e`
line, or the `n` line of a packet the qdisc made), at that time, as it came.
--at departure: one packet per dequeue, at that time, as it left (CE set in
its IP header when the qdisc marked it): what crossed the link.

Frames are built from the trace's flows and keys: MACs 02:00:00:00:00:01 ->
02:00:00:00:00:02, the flow's addresses, ports, TOS, TTL and TCP flags, the
payload zeros up to the packet's length (`len=`, else PKTLEN); an IPv4 flow
of TCP or UDP without ports (`ip:6`, `ip:17`: what `qdk-replay pcap` makes of
a later fragment) is written as a later fragment. Every packet
carries a comment (pcapng opt_comment; Wireshark's `frame.comment`) that
says what happened to it, e.g.

    qdk id=7 flow=1 verdict=ok dequeued sojourn_ns=800000
    qdk id=3 flow=1 verdict=drop dropped at enqueue
    qdk id=9 flow=2 verdict=ok dropped at dequeue sojourn_ns=1200 CE marked at enqueue
    qdk id=12 flow=1 made from 11 dequeued sojourn_ns=0
    qdk id=4 flow=2 verdict=? arrival

so `frame.comment contains "dropped"` or `"CE marked"` finds the drops and
marks. Same trace and options -> byte-identical output.
"""

from __future__ import annotations

import argparse
import ipaddress
import struct
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO

from dpkt import pcapng

import qdktrace

LE = sys.byteorder == "little"
SHB = pcapng.SectionHeaderBlockLE if LE else pcapng.SectionHeaderBlock
IDB = pcapng.InterfaceDescriptionBlockLE if LE else pcapng.InterfaceDescriptionBlock
EPB = pcapng.EnhancedPacketBlockLE if LE else pcapng.EnhancedPacketBlock
OPT = pcapng.PcapngOptionLE if LE else pcapng.PcapngOption
MAC_SRC = bytes.fromhex("020000000001")
MAC_DST = bytes.fromhex("020000000002")
SNAPLEN = 262144
ECN_CE = 3
# the flow of a packet made from one the trace does not know
NO_FLOW = qdktrace.Flow(0, 0, "", "eth:0x0000", 0, 0, "-", "-")


@dataclass(slots=True)
class Packet:
    """One packet of the trace and what happened to it."""

    id: int
    fid: int
    ts: int  # arrival: its e line, or the n line that made it
    length: int  # bytes from the Ethernet header on
    keys: dict[str, int]
    verdict: str  # "ok", "drop", ... or "?"; "" for a packet the qdisc made
    made_from: int = -1  # n: the packet it was made from (0: not known)
    dequeued: int = -1  # ts of its dequeue
    dropped: int = -1  # ts of its drop
    dropped_in: str = ""  # the call it was dropped in: enqueue, dequeue, ...
    marked_in: str = ""  # the call that marked it CE


CALL_NAMES = {"e": "enqueue", "d": "dequeue", "p": "peek", "r": "reset", "c": "change",
              "t": "timer", "u": "device call"}


def read(path: str) -> tuple[qdktrace.Header, dict[int, qdktrace.Flow], list[Packet], list[Packet]]:
    """The trace's packets in arrival order, and the dequeued ones in departure order."""
    pkts: dict[int, Packet] = {}
    order: list[Packet] = []
    departed: list[Packet] = []
    made: list[qdktrace.Event] = []
    call = ""
    with qdktrace.open_trace(path) as t:
        for ev in t:
            if ev.op == "n":
                made.append(ev)
                continue
            if ev.op in CALL_NAMES:
                call = CALL_NAMES[ev.op]
                for n in made:
                    # made from a packet the trace does not know: no flow, a bare frame
                    src = pkts.get(n.from_id, Packet(0, 0, 0, 60, {}, ""))
                    p = Packet(n.id, src.fid, n.ts, src.length, dict(src.keys), "", n.from_id)
                    pkts[n.id] = p
                    order.append(p)
                made = []
            if ev.op == "e":
                p = Packet(ev.id, ev.fid, ev.ts, ev.keys.get("len", ev.pkt_len), ev.keys, ev.verdict)
                pkts[ev.id] = p
                order.append(p)
            elif ev.op == "d" and ev.id in pkts:
                p = pkts[ev.id]
                p.dequeued = ev.ts
                departed.append(p)
            elif ev.op == "x" and ev.id in pkts:
                p = pkts[ev.id]
                p.dropped, p.dropped_in = ev.ts, call
            elif ev.op == "m" and ev.id in pkts:
                pkts[ev.id].marked_in = call
        return t.header, dict(t.flows), order, departed


def comment(p: Packet) -> str:
    """What happened to the packet, in words (the module's docstring)."""
    w = [f"qdk id={p.id} flow={p.fid}"]
    w.append(f"made from {p.made_from or '-'}" if p.made_from >= 0 else f"verdict={p.verdict}")
    if p.dropped >= 0:
        w.append(f"dropped at {p.dropped_in}")
    if p.dequeued >= 0:
        w.append("dequeued")
    if p.dequeued >= 0 or (p.dropped >= 0 and p.dropped > p.ts):
        w.append(f"sojourn_ns={max(p.dequeued, p.dropped) - p.ts}")
    if p.marked_in:
        w.append(f"CE marked at {p.marked_in}")
    if p.verdict == "?":
        w.append("arrival")
    elif p.dequeued < 0 and p.dropped < 0:
        w.append("left in the qdisc")
    return " ".join(w)


def _host(endpoint: str) -> tuple[bytes, int]:
    """ "A.B.C.D:PORT", "[V6]:PORT" or either without a port: address bytes, port."""
    if endpoint.startswith("["):
        host, _, rest = endpoint[1:].partition("]")
        return ipaddress.IPv6Address(host).packed, int(rest[1:]) if rest else 0
    host, _, port = endpoint.partition(":")
    return ipaddress.IPv4Address(host).packed, int(port) if port else 0


def _csum(data: bytes) -> int:
    if len(data) % 2:
        data += b"\0"
    s = sum(struct.unpack(f"!{len(data) // 2}H", data))
    while s >> 16:
        s = (s & 0xFFFF) + (s >> 16)
    return ~s & 0xFFFF


def frame(flow: qdktrace.Flow, p: Packet, ce: bool) -> bytes:
    """The packet's bytes: Ethernet, IP and transport headers from its flow and keys."""
    keys = {**flow.keys, **p.keys}
    eth = MAC_DST + MAC_SRC + struct.pack("!H", flow.ethertype)
    if flow.ethertype not in (0x0800, 0x86DD):
        return (eth + bytes(max(p.length - 14, 0)))[: max(p.length, 14)]
    src, sport = _host(flow.src)
    dst, dport = _host(flow.dst)
    tos = keys.get("tos", 0)
    if ce:
        tos |= ECN_CE
    ttl = keys.get("ttl", 64)
    v6 = flow.ethertype == 0x86DD
    iphl = 40 if v6 else 20
    l4 = b""
    if flow.l4proto == 6 and flow.proto == "tcp":
        flags = keys.get("tcp", 0x10)
        thl = keys.get("thlen", 20)
        l4 = struct.pack("!HHIIBBHHH", sport, dport, 0, 0, (thl // 4) << 4, flags, 65535, 0, 0)
        l4 += bytes([1]) * (thl - 20)  # NOPs, as FORMAT.md's thlen says
    elif flow.l4proto == 17 and flow.proto == "udp":
        l4 = struct.pack("!HHHH", sport, dport, max(p.length - 14 - iphl, 8), 0)
    elif flow.l4proto in (1, 58):
        l4 = struct.pack("!BBHI", 8 if flow.l4proto == 1 else 128, 0, 0, 0)  # echo request
    payload = bytes(max(p.length - 14 - iphl - len(l4), 0))
    iplen = iphl + len(l4) + len(payload)
    # TCP or UDP without ports (ip:6, ip:17): what a later fragment is (offset 8 bytes)
    frag = 0x0001 if flow.l4proto in (6, 17) and not l4 else 0x4000
    if v6:
        ip = struct.pack("!IHBB", 6 << 28 | tos << 20, iplen - 40, flow.l4proto, ttl) + src + dst
    else:
        ip = struct.pack("!BBHHHBBH4s4s", 0x45, tos, iplen, 0, frag, ttl, flow.l4proto, 0, src, dst)
        ip = ip[:10] + struct.pack("!H", _csum(ip)) + ip[12:]
    return eth + ip + l4 + payload


def write(out: BinaryIO, header: qdktrace.Header, flows: dict[int, qdktrace.Flow],
          pkts: list[tuple[int, Packet]], at: str, source: str) -> None:
    """SHB, one IDB (Ethernet, ns timestamps) and an EPB with a comment per packet."""
    end = OPT(code=pcapng.PCAPNG_OPT_ENDOFOPT)
    shb = SHB(opts=[OPT(code=pcapng.PCAPNG_OPT_SHB_USERAPPL, data=b"qdk tools/trace2pcapng.py"), end])
    desc = f"qdk trace {source}, {at}s" + (f", qdisc {header.qdisc}" if header.qdisc else "")
    idb = IDB(snaplen=SNAPLEN, linktype=pcapng.DLT_EN10MB, opts=[
        OPT(code=pcapng.PCAPNG_OPT_IF_NAME, data=header.dev.get("name", "qdk0").encode()),
        OPT(code=pcapng.PCAPNG_OPT_IF_DESCRIPTION, data=desc.encode()),
        OPT(code=pcapng.PCAPNG_OPT_IF_TSRESOL, data=b"\x09"),
        end,
    ])
    w: Any = pcapng.Writer(out, shb=shb, idb=idb)
    for ts, p in pkts:
        flow = flows.get(p.fid, NO_FLOW)
        data = frame(flow, p, at == "departure" and bool(p.marked_in))
        epb = EPB(ts_high=ts >> 32, ts_low=ts & 0xFFFFFFFF, pkt_data=data,
                  opts=[OPT(code=pcapng.PCAPNG_OPT_COMMENT, text=comment(p)), end])
        w.writepkt(epb)


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("trace", help="a qdk trace (.qtr, .qtr.zst, .qtr.gz)")
    ap.add_argument("-o", "--output", type=Path, required=True, help="pcapng file to write")
    ap.add_argument("--at", choices=("arrival", "departure"), default="arrival",
                    help="a packet per arrival (default) or per dequeue")
    args = ap.parse_args(argv)
    if args.output.exists() and args.output.resolve() == Path(args.trace).resolve():
        print(f"trace2pcapng.py: refusing to overwrite input {args.output}", file=sys.stderr)
        return 2
    try:
        header, flows, order, departed = read(args.trace)
    except (OSError, qdktrace.TraceError) as e:
        print(f"trace2pcapng.py: {e}", file=sys.stderr)
        return 2
    if args.at == "arrival":
        pkts = [(p.ts, p) for p in order]
    else:
        pkts = [(p.dequeued, p) for p in departed]
    tmp = args.output.with_name(args.output.name + ".tmp")
    try:
        with tmp.open("wb") as f:
            write(f, header, flows, pkts, args.at, Path(args.trace).name)
        tmp.replace(args.output)
    finally:
        tmp.unlink(missing_ok=True)
    print(f"{args.output}: {len(pkts)} packets")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
