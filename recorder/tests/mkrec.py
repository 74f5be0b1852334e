# SPDX-License-Identifier: GPL-2.0
"""Write recorder records (recorder/qdk_rec.h) from a small text script.

Used by tests/suites/75-record-capture (its streams: recorder/tests/cases/) to feed qdk-capture -i with exactly the
record streams the kernel module produces, without a kernel. One record
per line, `TYPE key=value...`; `#` lines and blank lines are ignored.

  hello [hz=250] [version=V] [size=192]   (V: qdk_rec.h's QDK_REC_VERSION)
  conf inst=1 gen=1 kind=pfifo dev=r1 handle=10: parent=5:1 [tca=HEX]
       [claim=N] [mtu=1500] [txqlen=20] [txqs=1] [qconf=0] [fresh] [initopt] [timers]
  enq inst=1 gen=1 ts=N pkt=N ret=N [proto=udp|tcp|icmp|N|eth:0xNNNN]
      [src=A.B.C.D:P] [dst=...] [plen=N] [len=N] [tos=N] [tos_after=N]
      [hash=N] [prio=N] [mark=N] [q=N] [tcidx=N] [ttl=N] [tcp=N] [gso=S:Z] [truesize=N] [tstamp=N] [gone]
      [qlen=N] [backlog=N] [drops=N] [draws=N]
      [sk=ID [sk_proto=N] [sk_type=N] [sk_family=2|10] [sk_state=N] [sk_hash=N]
       [sk_pacing=N] [sk_maxpacing=N] [sk_pstatus=N] [sk_ca=N] [sk_cwnd=N]
       [sk_srtt=N] [sk_mss=N] [sk_notfull]]    (with sk=: an ENQSK record, skb->sk's fields)
  hook inst=1 gen=1 ts=N pkt=N [egress] ...   (enq's packet keys, no sk=: a packet
      through an attached ingress or clsact qdisc's hook, its CLS after it)
  deq|peek inst=1 gen=1 ts=N [pkt=N] [tos=N] [qlen=..] [draws=N]
  reset|destroy inst=1 gen=1 ts=N
  timer inst=1 gen=1 ts=N [draws=N] [handle=MAJ:] [off=N]  (a timer_list of the tree fired)
  change inst=1 gen=1 ts=N [tca=HEX] [claim=N] [norec]  (and its TCA chunks)
  changed inst=1 gen=1 ts=N ret=N removed=N [qlen=..]
  chgend inst=1 gen=1 ts=N
  drop inst=1 gen=1 ts=N pkt=N [early] [chg]
  lost ts=N count=N
  rand inst=1 gen=1 width=1|2|4|8 values=V,V,...   (values of one record)
  rand inst=1 gen=1 width=0 hex=HEX off=N total=N  (a get_random_bytes chunk)
  rand inst=1 gen=1 lost=N [norand]
  draw ...                  (as rand: a draw during a call or a change)
  tree inst=1 gen=1 count=N                       (the child's tree: N nodes follow)
  node inst=1 gen=1 what=class|qdisc|filter parent=MAJ:MIN handle=MAJ:MIN
       kind=K [tca=HEX] [claim=N]                  (and its TCA chunks;
       a filter's kind and tca: its block's one filter, as tc made it;
       kind= empty: filters not known)
  cls inst=1 gen=1 ts=N action=N classid=MAJ:MIN  (a classification in a call)
  new inst=1 gen=1 ts=N pkt=N [from=N] [tos=N] [truesize=N]  (a packet the child made)
  param inst=1 gen=1 name=NAME value=VALUE [long]  (a parameter of its module)
  devcall inst=1 gen=1 ts=N name=DEV count=N [pos=N] [write]
  devdata inst=1 gen=1 ts=N off=N hex=HEX [fault] [write]
  devdone inst=1 gen=1 ts=N ret=N count=N kept=N [write]
                            (a write or read of its module's device)

`jiffies=N` on any record but changed is the low 32 bits of the kernel's
jiffies there (the header's removed field); `jhi=N` on conf the upper 32.

`draws=N` on a call is its record's count: the DRAW, CLS and NEW records
that follow it.

`conf`, `change` and `node` emit their record and the TCA chunks that follow it;
`claim=N` states N bytes of options in the record whatever the chunks hold
(a malformed stream).
"""

from __future__ import annotations

import ipaddress
import struct
import sys
from pathlib import Path

REC_SIZE = 192  # the longest record


def _rec_version() -> int:
    """QDK_REC_VERSION, read from the recorder's own header (one owner)."""
    hdr = Path(__file__).resolve().parent.parent / "qdk_rec.h"
    for line in hdr.read_text().splitlines():
        f = line.split()
        if len(f) >= 3 and f[0] == "#define" and f[1] == "QDK_REC_VERSION":
            return int(f[2])
    raise SystemExit(f"{hdr}: no QDK_REC_VERSION")


REC_VERSION = _rec_version()
HDR_SIZE = 48  # the header every record has
WORDS_AT = 27  # offset of the header's words field
TYPES = {
    "hello": 1,
    "conf": 2,
    "tca": 3,
    "enq": 4,
    "deq": 5,
    "peek": 6,
    "reset": 7,
    "drop": 8,
    "lost": 9,
    "destroy": 10,
    "change": 11,
    "rand": 12,
    "changed": 13,
    "chgend": 14,
    "draw": 15,
    "timer": 16,
    "tree": 17,
    "node": 18,
    "cls": 19,
    "new": 20,
    "param": 21,
    "devcall": 22,
    "devdata": 23,
    "devdone": 24,
    "enqsk": 25,
    "hook": 26,
}
NODES = {"class": 1, "qdisc": 2, "filter": 3}
RF_GONE, RF_FRESH, RF_EARLY, RF_INITOPT = 0x01, 0x04, 0x08, 0x10
RF_NORAND, RF_CHG, RF_NOREC = 0x20, 0x40, 0x80
RF_TIMERS = 0x01  # on CONF (RF_GONE's bit, which only ENQ uses)
RF_LONG = RF_FAULT = 0x01  # PARAM: value cut off; DEVDATA: not readable
RF_WRITE = 0x02  # DEVCALL, DEVDATA, DEVDONE: a write
RF_NOSTATS = 0x02  # calls: no counters (a hook's are per CPU)
RF_EGRESS = 0x04  # HOOK: the egress hook
PROTOS = {"tcp": 6, "udp": 17, "icmp": 1, "icmp6": 58}

# Bytes of each type in the stream (rec_len() in recorder/recorder.h).
LENGTH = {
    "hello": 64,
    "conf": 120,
    "tca": 112,
    "enq": 136,
    "hook": 136,
    "enqsk": 192,
    "rand": 128,
    "draw": 128,
    "node": 80,
    "cls": 56,
    "new": 64,
    "param": 128,
    "devcall": 104,
    "devdone": 104,
    "devdata": 112,
    "timer": 56,
}

# ts pkt inst gen type flags tos words count qlen backlog drops removed
HEAD = struct.Struct("<QQIIBBBBIIIII")
# pkt_len len ret hash priority mark gso_segs gso_size queue_mapping
# ethertype sport dport family l4proto tos tos_after ttl tcp_flags tc_index
# saddr daddr truesize tstamp
ENQ = struct.Struct("<IIiIIIHHHHHHBBBBBBH16s16sIQ")
# id pacing_rate max_pacing_rate hash cwnd srtt_us mss family type proto state
# pacing_status ca_state full pad (ENQSK, after ENQ)
SOCK = struct.Struct("<QQQIIIIHHBBBBB7x")
# from truesize pad (NEW)
MADE = struct.Struct("<QII")
# handle parent mtu txqlen txqs tca_len qlen pad kind dev
CONF = struct.Struct("<IIIIIIII16s16s")
HELLO = struct.Struct("<IIII")
# width pad len off total lost data[64]
RAND = struct.Struct("<BBHIII64s")
# what parent handle tca_len kind
NODE = struct.Struct("<IIII16s")
# action classid
CLS = struct.Struct("<iI")
# handle off (TIMER)
TIMER = struct.Struct("<II")
# name value (PARAM)
PARAM = struct.Struct("<32s48s")
# pos ret count kept name (DEVCALL, DEVDONE)
DEV = struct.Struct("<qqII32s")


def num(v: str) -> int:
    return int(v, 0)


def handle(v: str) -> int:
    maj, _, mn = v.partition(":")
    return (int(maj, 16) << 16) | (int(mn, 16) if mn else 0)


def addr(v: str) -> tuple[int, bytes, int]:
    """'10.0.0.1:5000' or '[2001:db8::1]:80' -> (family, 16 bytes, port)."""
    port = 0
    if v.startswith("["):
        host, _, rest = v[1:].partition("]")
        if rest.startswith(":"):
            port = int(rest[1:])
        return 6, ipaddress.IPv6Address(host).packed, port
    host, _, p = v.partition(":")
    if p:
        port = int(p)
    return 4, ipaddress.IPv4Address(host).packed.ljust(16, b"\0"), port


def fit(rec: bytes) -> bytes:
    """A record padded to the length its header's words field gives."""
    return rec.ljust(rec[WORDS_AT] * 8, b"\0")


def record(line: str) -> list[bytes]:
    words = line.split()
    kind, kv = words[0], {}
    flags = set()
    for w in words[1:]:
        if "=" in w:
            k, v = w.split("=", 1)
            kv[k] = v
        else:
            flags.add(w)
    g = kv.get
    rtype = TYPES[kind]
    fl = (
        (RF_GONE if "gone" in flags else 0)
        | (RF_FRESH if "fresh" in flags else 0)
        | (RF_EARLY if "early" in flags else 0)
        | (RF_INITOPT if "initopt" in flags else 0)
        | (RF_NORAND if "norand" in flags else 0)
        | (RF_CHG if "chg" in flags else 0)
        | (RF_NOREC if "norec" in flags else 0)
        | (RF_TIMERS if "timers" in flags else 0)
        | (RF_LONG if "long" in flags or "fault" in flags else 0)
        | (RF_WRITE if "write" in flags else 0)
        | (RF_NOSTATS | (RF_EGRESS if "egress" in flags else 0) if kind == "hook" else 0)
    )
    if kind in ("enq", "hook", "deq", "peek", "timer"):
        count = num(g("draws", "0"))
    elif kind == "devdata":
        count = num(g("off", "0"))
    else:
        count = num(g("count", g("ret", "0"))) & 0xFFFFFFFF

    def head(t: int, cnt: int = count) -> bytes:
        name = next(k for k, v in TYPES.items() if v == t)
        return HEAD.pack(
            num(g("ts", "0")),
            num(g("pkt", "0")),
            num(g("inst", "1")),
            num(g("gen", "1")),
            t,
            fl,
            num(g("tos", "0")) if kind not in ("enq", "hook") else 0,
            LENGTH.get(name, HDR_SIZE) // 8,
            cnt,
            num(g("qlen", "0")),
            num(g("backlog", "0")),
            num(g("drops", "0")),
            num(g("removed", g("jiffies", "0"))),
        )

    def tca_chunks(tca: bytes) -> list[bytes]:
        """The TCA records that follow a record carrying TCA_OPTIONS."""
        return [
            fit(head(TYPES["tca"], off) + tca[off : off + 64])
            for off in range(0, len(tca), 64)
        ]

    if kind == "hello":
        body = HELLO.pack(
            num(g("version", str(REC_VERSION))),
            num(g("hz", "250")),
            32768,
            num(g("size", str(REC_SIZE))),
        )
        return [fit(head(rtype) + body)]
    if kind == "conf":
        tca = bytes.fromhex(g("tca", ""))
        body = CONF.pack(
            handle(g("handle", "10:")),
            handle(g("parent", "5:1")),
            num(g("mtu", "1500")),
            num(g("txqlen", "1000")),
            num(g("txqs", "1")),
            num(g("claim", str(len(tca)))),
            num(g("qconf", "0")),
            num(g("jhi", "0")),
            g("kind", "pfifo").encode(),
            g("dev", "r1").encode(),
        )
        return [fit(head(rtype) + body)] + tca_chunks(tca)
    if kind == "node":
        tca = bytes.fromhex(g("tca", ""))
        parent = g("parent", "0:0")
        body = NODE.pack(
            NODES[g("what", "class")],
            0xFFFFFFFF if parent == "root" else handle(parent),
            handle(g("handle", "1:1")),
            num(g("claim", str(len(tca)))),
            g("kind", "htb").encode(),
        )
        return [fit(head(rtype) + body)] + tca_chunks(tca)
    if kind == "cls":
        return [
            fit(
                head(rtype)
                + CLS.pack(int(g("action", "0")), handle(g("classid", "0:0")))
            )
        ]
    if kind == "change":
        tca = bytes.fromhex(g("tca", ""))
        return [head(rtype, num(g("claim", str(len(tca)))))] + tca_chunks(tca)
    if kind in ("rand", "draw"):
        width = num(g("width", "4"))
        if width:
            vals = [num(v) for v in g("values", "").split(",") if v]
            data = b"".join(v.to_bytes(width, "little") for v in vals)
            off = total = 0
        else:
            data = bytes.fromhex(g("hex", ""))
            off, total = num(g("off", "0")), num(g("total", str(len(data))))
        body = RAND.pack(width, 0, len(data), off, total, num(g("lost", "0")), data)
        return [fit(head(rtype) + body)]
    if kind in ("enq", "hook"):
        proto = g("proto", "udp")
        fam, sa, sp = addr(g("src", "10.0.0.1:5000"))
        _, da, dp = addr(g("dst", "10.0.0.2:6000"))
        ethertype = 0x0800 if fam == 4 else 0x86DD
        if proto.startswith("eth:"):
            ethertype, fam, l4 = int(proto[4:], 16), 0, 0
            sa = da = bytes(16)
            sp = dp = 0
        else:
            l4 = PROTOS[proto] if proto in PROTOS else int(proto)
        plen = num(g("plen", "1000"))
        segs, _, size = g("gso", "0:0").partition(":")
        tos = num(g("tos", "0"))
        body = ENQ.pack(
            plen,
            num(g("len", str(plen))),
            num(g("ret", "0")),
            num(g("hash", "0")),
            num(g("prio", "0")),
            num(g("mark", "0")),
            int(segs),
            int(size),
            num(g("q", "0")),
            ethertype,
            sp,
            dp,
            fam,
            l4,
            tos,
            num(g("tos_after", str(tos))),
            num(g("ttl", "64")),
            num(g("tcp", "16")),
            num(g("tcidx", "0")),
            sa,
            da,
            num(g("truesize", "0")),
            num(g("tstamp", "0")),
        )
        if "sk" in kv:
            sproto = num(g("sk_proto", str(l4)))
            body += SOCK.pack(
                num(kv["sk"]),
                num(g("sk_pacing", str(2**64 - 1))),
                num(g("sk_maxpacing", str(2**64 - 1))),
                num(g("sk_hash", "0")),
                num(g("sk_cwnd", "0")),
                num(g("sk_srtt", "0")),
                num(g("sk_mss", "0")),
                num(g("sk_family", "2" if fam != 6 else "10")),
                num(g("sk_type", "1" if sproto == 6 else "2")),
                sproto,
                num(g("sk_state", "1" if sproto == 6 else "7")),
                num(g("sk_pstatus", "0")),
                num(g("sk_ca", "0")),
                0 if "sk_notfull" in flags else 1,
            )
            return [fit(head(TYPES["enqsk"]) + body)]
        return [fit(head(rtype) + body)]
    if kind == "param":
        body = PARAM.pack(g("name", "").encode(), g("value", "").encode())
        return [fit(head(rtype) + body)]
    if kind in ("devcall", "devdone"):
        body = DEV.pack(
            num(g("pos", "0")),
            num(g("ret", "0")) if kind == "devdone" else 0,
            num(g("count", "0")),
            num(g("kept", "0")),
            g("name", "").encode(),
        )
        return [fit(head(rtype, 0) + body)]
    if kind == "devdata":
        return [fit(head(rtype) + bytes.fromhex(g("hex", "")).ljust(64, b"\0"))]
    if kind == "new":
        return [fit(head(rtype) + MADE.pack(num(g("from", "0")), num(g("truesize", "0")), 0))]
    if kind == "timer":
        return [fit(head(rtype) + TIMER.pack(handle(g("handle", "0:")), num(g("off", "0"))))]
    return [head(rtype)]


def main() -> int:
    out = bytearray()
    for n, line in enumerate(sys.stdin, 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        try:
            for r in record(line):
                assert HDR_SIZE <= len(r) == r[WORDS_AT] * 8 <= REC_SIZE, len(r)
                out += r
        except (KeyError, ValueError) as e:
            print(f"mkrec: line {n}: {e}", file=sys.stderr)
            return 2
    sys.stdout.buffer.write(out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
