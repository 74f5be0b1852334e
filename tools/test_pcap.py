#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""Test of pcap import (`qdk-replay pcap`) and export (tools/trace2pcapng.py); 30-replay runs it.

    tools/test_pcap.py [--captures-only] QDK_REPLAY [CAPTURE.pcap...]

- captures written here with dpkt (pcap and pcapng; Ethernet with VLAN tags,
  Linux cooked SLL, raw IP) import as the arrivals they hold: one flow per
  5-tuple with the first packet's TOS and TTL, each packet's time, length
  (from the Ethernet header on), TOS, TTL and TCP flags; a bad capture is
  refused with the file, the packet and why, exit 2; 300 mutated ones are
  imported or refused, none crashes;
- drive's output exported as pcapng reads back in tcpdump -r and tshark with
  as many packets as drive was given, and the comments' drops, dequeues and
  CE marks are drive's own summary's counts; --at departure holds the sent
  packets, the marked ones with CE in their IP header; a re-import of the
  export gives back the flows and lengths; both directions are deterministic;
- kernel captures (fq_codel's drops and marks, netem's duplicates) export
  with a packet per enqueue and per packet made, and their drops and marks;
- each CAPTURE given (a tcpdump capture, e.g. the VM's) replays the same way
  (only those with --captures-only: tests/suites/70-vm).

Prints "N passed, M failed" last.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import struct
import subprocess
import sys
import tempfile
from pathlib import Path

import dpkt

import qdktrace

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "lib"))
from drivetest import check, finish  # noqa: E402

TOP = Path(__file__).resolve().parent.parent
EXPORT = [sys.executable, str(TOP / "tools" / "trace2pcapng.py")]


def run(cmd: list[str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(cmd, capture_output=True, text=True, check=False)


def ip4(src: str, dst: str, proto: int, l4: bytes, tos: int = 0, ttl: int = 64, frag: int = 0) -> bytes:
    ip = dpkt.ip.IP(src=bytes(map(int, src.split("."))), dst=bytes(map(int, dst.split("."))),
                    p=proto, tos=tos, ttl=ttl, offset=frag, data=l4)
    ip.len = 20 + len(l4)
    return bytes(ip)


def tcp(sport: int, dport: int, flags: int, payload: int = 0) -> bytes:
    return bytes(dpkt.tcp.TCP(sport=sport, dport=dport, flags=flags, data=bytes(payload)))


def udp(sport: int, dport: int, payload: int) -> bytes:
    return bytes(dpkt.udp.UDP(sport=sport, dport=dport, ulen=8 + payload, data=bytes(payload)))


def eth(payload: bytes, etype: int = 0x0800, vlan: bool = False) -> bytes:
    mac = b"\x02\x00\x00\x00\x00\x0a\x02\x00\x00\x00\x00\x0b"
    tag = struct.pack("!HH", 0x8100, 7) if vlan else b""
    return mac + tag + struct.pack("!H", etype) + payload


# (ns after the first, frame) and what the trace must say of each
V6 = bytes(dpkt.ip6.IP6(src=b"\x20\x01\x0d\xb8" + bytes(11) + b"\x01",
                        dst=b"\x20\x01\x0d\xb8" + bytes(11) + b"\x02",
                        nxt=17, hlim=9, fc=0x02, plen=108, data=udp(7000, 7001, 100)))
PACKETS: list[tuple[int, bytes]] = [
    (0, eth(ip4("10.0.0.1", "10.0.0.2", 6, tcp(40000, 5201, 0x02)))),
    (1500, eth(ip4("10.0.0.2", "10.0.0.1", 6, tcp(5201, 40000, 0x12)))),
    (2000, eth(ip4("10.0.0.1", "10.0.0.2", 6, tcp(40000, 5201, 0x10)))),
    (2500, eth(ip4("10.0.0.1", "10.0.0.2", 6, tcp(40000, 5201, 0x18, 1448)))),
    (3000, eth(ip4("10.0.0.3", "10.0.0.2", 17, udp(5000, 6000, 972), tos=0xB8, ttl=30))),
    (3000, eth(ip4("10.0.0.3", "10.0.0.2", 17, udp(5000, 6000, 472), tos=0xBB, ttl=30))),
    (4000, eth(ip4("10.0.0.4", "10.0.0.2", 1, bytes(64)))),
    (5000, eth(V6, 0x86DD)),
    (6000, eth(bytes(28), 0x0806)),
    (7000, eth(ip4("10.0.0.5", "10.0.0.2", 17, udp(5001, 6001, 200)), vlan=True)),
    (8000, eth(ip4("10.0.0.1", "10.0.0.2", 6, bytes(100), frag=185))),
    (9000, eth(ip4("10.0.0.1", "10.0.0.2", 6, tcp(40000, 5201, 0x11)))),
]
# flows: proto src dst keys, in the order of first appearance
FLOWS = [
    ("tcp", "10.0.0.1:40000", "10.0.0.2:5201", {}),
    ("tcp", "10.0.0.2:5201", "10.0.0.1:40000", {}),
    ("udp", "10.0.0.3:5000", "10.0.0.2:6000", {"tos": 0xB8, "ttl": 30}),
    ("icmp", "10.0.0.4", "10.0.0.2", {}),
    ("udp", "[2001:db8::1]:7000", "[2001:db8::2]:7001", {"tos": 0x02, "ttl": 9}),
    ("eth:0x0806", "-", "-", {}),
    ("udp", "10.0.0.5:5001", "10.0.0.2:6001", {}),
    ("ip:6", "10.0.0.1", "10.0.0.2", {}),
]
# each packet: its flow (1-based) and its own keys
EXPECT = [(1, {"tcp": 0x02}), (2, {"tcp": 0x12}), (1, {}), (1, {"tcp": 0x18}), (3, {}),
          (3, {"tos": 0xBB}), (4, {}), (5, {}), (6, {}), (7, {}), (8, {}), (1, {"tcp": 0x11})]
T0 = 1_700_000_000_123_456_789


def write_pcap(path: Path, pkts: list[tuple[int, bytes]], linktype: int = 1, ng: bool = False) -> None:
    with path.open("wb") as f:
        if ng:
            w = dpkt.pcapng.Writer(f, snaplen=65535, linktype=linktype)
            for ts, p in pkts:
                # dpkt's pcapng writer keeps microseconds
                w.writepkt(p, ts=(T0 + ts) / 1e9)
        else:
            w = dpkt.pcap.Writer(f, snaplen=65535, linktype=linktype, nano=True)
            for ts, p in pkts:
                w.writepkt(p, ts=(T0 + ts) / 1e9)
                # dpkt rounds through a float: write the exact ns over it
                f.seek(-16 - len(p), os.SEEK_CUR)
                f.write(struct.pack("<II", (T0 + ts) // 10**9, (T0 + ts) % 10**9))
                f.seek(8 + len(p), os.SEEK_CUR)


def read_trace(path: Path) -> tuple[dict[int, qdktrace.Flow], list[qdktrace.Event], qdktrace.Header]:
    with qdktrace.open_trace(str(path)) as t:
        evs = list(t)
        return dict(t.flows), evs, t.header


def check_import(replay: str, tmp: Path) -> None:
    cap = tmp / "mix.pcap"
    write_pcap(cap, PACKETS)
    out = tmp / "mix.qtr"
    r = run([replay, "pcap", str(cap), "-o", str(out)])
    if not check(r.returncode == 0, "pcap import of a crafted Ethernet capture", r.stderr):
        return
    flows, evs, hdr = read_trace(out)
    got_flows = [(f.proto, f.src, f.dst, f.keys) for f in sorted(flows.values(), key=lambda f: f.fid)]
    check(got_flows == FLOWS, f"its {len(FLOWS)} flows: tcp both ways, udp with tos/ttl, icmp, IPv6, ARP, "
          "a VLAN-tagged udp, a later fragment as ip:6", f"{got_flows}")
    # the VLAN tag is not counted: the shim's frame has none
    want = [(10**9 + ts, i + 1, fid, len(p) - (4 if i == 9 else 0), "?", keys)
            for i, ((ts, p), (fid, keys)) in enumerate(zip(PACKETS, EXPECT, strict=True))]
    got = [(e.ts, e.id, e.fid, e.pkt_len, e.verdict, e.keys) for e in evs]
    check(got == want, "each packet: time from 1 s, id, flow, length, per-packet tos and tcp flags",
          "\n".join(f"{g} != {w}" for g, w in zip(got, want, strict=False) if g != w))
    check(hdr.source == f"qdk-replay pcap {cap}", "the source line names the capture", f"{hdr.source}")
    again = tmp / "mix2.qtr"
    run([replay, "pcap", str(cap), "-o", str(again)])
    check(again.read_bytes() == out.read_bytes(), "the same capture imports byte-identically")
    r = run([replay, "pcap", "--keep-time", str(cap), "-o", str(again)])
    _, evs2, _ = read_trace(again)
    check(r.returncode == 0 and [e.ts for e in evs2] == [T0 + ts for ts, _ in PACKETS],
          "--keep-time keeps the capture's ns since the epoch", r.stderr)

    # the same packets as pcapng (dpkt writes microseconds), cooked SLL, raw IP
    ng = tmp / "mix.pcapng"
    write_pcap(ng, PACKETS, ng=True)
    r = run([replay, "pcap", str(ng), "-o", str(again)])
    if check(r.returncode == 0, "pcapng import", r.stderr):
        f2, e2, _ = read_trace(again)
        check([(f.proto, f.src, f.dst, f.keys) for f in f2.values()] == FLOWS and
              [(e.fid, e.pkt_len, e.keys) for e in e2] == [(g[2], g[3], g[5]) for g in want] and
              all(abs(e.ts - w[0]) <= 1000 for e, w in zip(e2, want, strict=True)),
              "pcapng: the same flows, lengths and keys, times to its microseconds")
    ip_only = [(ts, p[14:]) for ts, p in PACKETS if p[12:14] in (b"\x08\x00", b"\x86\xdd")]
    raw, sll = tmp / "raw.pcap", tmp / "sll.pcap"
    write_pcap(raw, ip_only, linktype=101)
    write_pcap(sll, [(ts, struct.pack("!HHH8sH", 4, 1, 6, bytes(8), 0x0800 if p[0] >> 4 == 4 else 0x86DD) + p)
                     for ts, p in ip_only], linktype=113)
    for name, path in (("raw IP", raw), ("Linux cooked (SLL)", sll)):
        r = run([replay, "pcap", str(path), "-o", str(again)])
        if check(r.returncode == 0, f"{name} import", r.stderr):
            _, e3, _ = read_trace(again)
            check([e.pkt_len for e in e3] == [len(p) + 14 for _, p in ip_only],
                  f"{name}: each length is the IP packet's + the 14-byte Ethernet header the shim builds")

    # refusals: file, packet, reason, exit 2
    back = tmp / "back.pcap"
    write_pcap(back, [PACKETS[0], (5000, PACKETS[1][1]), (4000, PACKETS[2][1])])
    wifi = tmp / "wifi.pcap"
    write_pcap(wifi, PACKETS[:1], linktype=105)
    cut = tmp / "cut.pcap"
    cut.write_bytes(cap.read_bytes()[:-10])
    short = tmp / "short.pcap"
    write_pcap(short, [(0, eth(b"\x45\x00"))])
    junk = tmp / "junk.pcap"
    junk.write_text("not a capture\n")
    for path, words in ((back, f"{back}: packet 3: its time"), (wifi, "link type IEEE802_11"),
                        (cut, "after packet 11: truncated"), (short, f"{short}: packet 1: an IPv4 header"),
                        (junk, f"{junk}: unknown file format"), (tmp / "none.pcap", "No such file")):
        r = run([replay, "pcap", str(path), "-o", str(tmp / "bad.qtr")])
        check(r.returncode == 2 and words in r.stderr and not (tmp / "bad.qtr").exists(),
              f"refused, exit 2: {r.stderr.strip()}", f"rc {r.returncode}: {r.stderr}")


def check_mutations(replay: str, tmp: Path) -> None:
    """Mutated captures: imported (exit 0) or refused with the file named (exit 2), never a crash."""
    rng = random.Random(16)
    good = (tmp / "mix.pcap").read_bytes()
    bad = []
    for i in range(300):
        data = bytearray(good)
        for _ in range(rng.randint(1, 8)):
            data[rng.randrange(len(data))] = rng.randrange(256)
        if i % 5 == 0:
            del data[rng.randrange(24, len(data)):]
        path = tmp / f"m{i}.pcap"
        path.write_bytes(bytes(data))
        r = run([replay, "pcap", str(path), "-o", str(tmp / "m.qtr")])
        if r.returncode not in (0, 2) or (r.returncode == 2 and f"qdk-replay: {path}:" not in r.stderr):
            bad.append(f"{path.name}: exit {r.returncode}: {r.stderr.strip()}")
        path.unlink()
    check(not bad, "300 mutated captures: each imported or refused (exit 2, the file named), no crash",
          "\n".join(bad[:5]))


def pcapng_packets(path: Path) -> list[tuple[int, bytes, str]]:
    """(ts in ns, bytes, comment) of each packet of a pcapng file with ns timestamps."""
    # block by block: dpkt's Reader would hand out times as float seconds
    data = path.read_bytes()
    res = []
    off = 0
    while off < len(data):
        btype, blen = struct.unpack_from("<II", data, off)
        if btype == dpkt.pcapng.PCAPNG_BT_EPB:
            epb = dpkt.pcapng.EnhancedPacketBlockLE(data[off:off + blen])
            text = next((o.text for o in epb.opts if o.code == dpkt.pcapng.PCAPNG_OPT_COMMENT), "")
            res.append((epb.ts_high << 32 | epb.ts_low, bytes(epb.pkt_data), text))
        off += blen
    return res


def tool_count(tool: str, path: Path) -> int | None:
    if tool == "tcpdump":
        r = run(["tcpdump", "-n", "-r", str(path)])
    else:
        r = run(["tshark", "-n", "-r", str(path), "-T", "fields", "-e", "frame.number"])
    if r.returncode != 0:
        print(r.stderr)
        return None
    return len(r.stdout.splitlines())


def check_roundtrip(replay: str, tmp: Path, arrivals: Path, qdisc: str, rate: str, what: str) -> None:
    """Drive arrivals, export the result, and hold the pcapng to drive's summary."""
    out, summ = tmp / "d.qtr", tmp / "d.json"
    r = run([replay, "drive", "--qdisc", qdisc, "--rate", rate, str(arrivals), "-o", str(out),
             "--summary", str(summ)])
    if not check(r.returncode == 0, f"{what}: drive {qdisc} at {rate}", r.stderr):
        return
    total = json.loads(summ.read_text())["total"]
    ng = tmp / "d.pcapng"
    r = run(EXPORT + [str(out), "-o", str(ng)])
    if not check(r.returncode == 0, f"{what}: trace2pcapng.py of drive's output", r.stderr):
        return
    n = total["arrived_packets"]
    for tool in ("tcpdump", "tshark"):
        if shutil.which(tool) is None:
            check(False, f"{tool} is not installed (tools/deps.sh check)")
            continue
        got = tool_count(tool, ng)
        check(got == n, f"{what}: {tool} -r reads {got} packets, drive was given {n}")
    pk = pcapng_packets(ng)
    comments = [c for _, _, c in pk]
    counts = {w: sum(w in c for c in comments) for w in ("dropped", "dequeued", "CE marked")}
    want = {"dropped": total["drops"], "dequeued": total["sent_packets"], "CE marked": total["marks"]}
    check(counts == want, f"{what}: the comments' drops, dequeues, marks {counts} are drive's summary's",
          f"summary {want}")
    _, evs, _ = read_trace(arrivals)
    check([len(b) for _, b, _ in pk] == [e.keys.get("len", e.pkt_len) for e in evs] and
          [t for t, _, _ in pk] == [e.ts for e in evs],
          f"{what}: each exported packet has its arrival's time (ns) and length")
    dep = tmp / "dep.pcapng"
    r = run(EXPORT + ["--at", "departure", str(out), "-o", str(dep)])
    dp = pcapng_packets(dep)
    ce = sum(1 for _, b, c in dp if b[12:14] == b"\x08\x00" and b[15] & 3 == 3 and "CE marked" in c)
    marked_sent = sum(1 for _, _, c in dp if "CE marked" in c)
    check(r.returncode == 0 and len(dp) == total["sent_packets"] and ce == marked_sent and
          [t for t, _, _ in dp] == sorted(t for t, _, _ in dp),
          f"{what}: --at departure: the {len(dp)} sent packets in dequeue order, {ce} with CE in their header",
          r.stderr)
    again = tmp / "d2.pcapng"
    run(EXPORT + [str(out), "-o", str(again)])
    check(again.read_bytes() == ng.read_bytes(), f"{what}: the export is byte-identical when repeated")
    back = tmp / "back.qtr"
    r = run([replay, "pcap", "--keep-time", str(ng), "-o", str(back)])
    if check(r.returncode == 0, f"{what}: the export imports again", r.stderr):
        fa, ea, _ = read_trace(arrivals)
        fb, eb, _ = read_trace(back)
        key_a = [(fa[e.fid].proto, fa[e.fid].src, fa[e.fid].dst, e.keys.get("len", e.pkt_len), e.ts) for e in ea]
        key_b = [(fb[e.fid].proto, fb[e.fid].src, fb[e.fid].dst, e.pkt_len, e.ts) for e in eb]
        check(key_a == key_b, f"{what}: ... with the same flows, lengths and times",
              "\n".join(f"{a} != {b}" for a, b in zip(key_a, key_b, strict=False) if a != b))


def check_kernel(tmp: Path, trace: Path) -> None:
    """A kernel's capture exported: a packet per enqueue and per packet made, its drops and marks."""
    ng = tmp / "k.pcapng"
    r = run(EXPORT + [str(trace), "-o", str(ng)])
    if not check(r.returncode == 0, f"{trace.name}: trace2pcapng.py of what the kernel did", r.stderr):
        return
    enq, made, drops, marks = 0, 0, set(), set()
    for ev in qdktrace.events(str(trace)):
        enq += ev.op == "e"
        made += ev.op == "n"
        if ev.op == "x":
            drops.add(ev.id)
        elif ev.op == "m":
            marks.add(ev.id)
    pk = pcapng_packets(ng)
    got = (tool_count("tcpdump", ng), sum("dropped" in c for _, _, c in pk), sum("CE marked" in c for _, _, c in pk),
           sum("made from" in c for _, _, c in pk))
    want = (enq + made, len(drops), len(marks), made)
    check(got == want, f"{trace.name}: tcpdump reads {got[0]} packets (enqueues + packets made), "
          f"{got[1]} dropped, {got[2]} CE marked, {got[3]} made: the trace's", f"trace: {want}")


def check_crafted(replay: str, tmp: Path) -> None:
    """The crafted captures, and gen's ECN-capable arrivals through codel."""
    check_import(replay, tmp)
    check_mutations(replay, tmp)
    arr = tmp / "mix.qtr"
    if arr.exists():
        check_roundtrip(replay, tmp, arr, "pfifo limit 3", "10mbit", "crafted capture")
    gen = tmp / "ecn.qtr"
    r = run([replay, "gen", "--seed", "3", "--duration", "200ms", "--flow", "cbr:rate=12mbit,ecn",
             "--flow", "bulk:rate=4mbit", "-o", str(gen)])
    if check(r.returncode == 0, "gen: ECN-capable arrivals", r.stderr):
        check_roundtrip(replay, tmp, gen, "codel target 1ms interval 10ms ecn", "10mbit", "codel ecn")
    for name in ("record-fq_codel.qtr.zst", "record-netem-duplicate.qtr.zst"):
        check_kernel(tmp, TOP / "traces" / "captured" / name)


def main(argv: list[str]) -> int:
    only = argv[:1] == ["--captures-only"]
    argv = argv[1:] if only else argv
    if not argv:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    replay = argv[0]
    with tempfile.TemporaryDirectory() as d:
        tmp = Path(d)
        if not only:
            check_crafted(replay, tmp)
        for i, c in enumerate(argv[1:]):
            arr = tmp / f"cap{i}.qtr"
            r = run([replay, "pcap", c, "-o", str(arr)])
            if check(r.returncode == 0, f"{c}: pcap import", r.stderr):
                n = tool_count("tcpdump", Path(c))
                _, evs, _ = read_trace(arr)
                check(n == len(evs), f"{c}: {len(evs)} arrivals, tcpdump -r reads {n} packets")
                check_roundtrip(replay, tmp, arr, "pfifo limit 50", "5mbit", Path(c).name)
    return finish()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
