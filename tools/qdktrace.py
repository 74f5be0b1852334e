#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""qdktrace - the Python reader of qdk traces (traces/FORMAT.md, versions 1 to 3).

The kit's tools and tests read traces through this module, never by splitting
lines themselves. It takes the whole text format as FORMAT.md specifies it:
the magic line, header directives (qdisc, tca, dev, handle, parent, seed,
random, hz, timers, jiffies, source, class, child, filter, classifier), flows wherever
they are declared and every event line (e d p r c t x m w s j R C n, lost).
It checks what the C reader (qdk-replay) checks, with the same words, and
refuses a malformed trace with a TraceError that reads "file:line: reason".

Reading streams: events are handed out one at a time by a generator, the
memory held is the header, the flows and the draws of the call being read,
whatever the trace's length. A .zst trace is decompressed through the zstd
command (a pipe), a .gz one through the gzip module; both are recognised by
their first bytes too, so a renamed capture (captured/diverging/) still reads.

    with qdktrace.open_trace(path) as t:
        t.header.qdisc          # "pfifo limit 100"
        for ev in t:            # Event: ev.ts, ev.op, ev.id, ...
            ...
        t.flows[1].proto        # every flow read so far

`tools/qdktrace.py TRACE...` reads traces and prints what they hold, as
`qdk-replay verify` counts it (tools/test_qdktrace.py compares the two on
every committed trace; tools/test_records.py compares every event's fields
and every refusal's words with the C reader's, `qdk-replay records`, on the
committed traces, the fuzz corpus and mutants of them); exit 2 with
file:line on a bad trace.

Formats: raw() undoes the compression, _reader() picks the format by the
first bytes of what remains: text is _TextReader, the binary twin
(FORMAT.md, "Binary traces") _BinaryReader, which turns each record back
into the line of text it stands for, so both hand out the same Header,
Flow and Event objects and refuse a bad trace at the same number (record N
is line N; a binary trace's errors read "file:record N: reason").
"""

from __future__ import annotations

import argparse
import contextlib
import gzip
import io
import ipaddress
import os
import re
import struct
import subprocess
import sys
import zlib
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

MAX_LINE = 4095
# a tca directive or a c line carries an attribute of up to 65535 bytes in hex
MAX_TCA_LINE = MAX_LINE + 2 * 65535
MAX_DEV_CALL = 1 << 20  # bytes of one device call (trace.h TRACE_MAX_DEV_CALL)
MAX_B_CHUNK = 1024  # bytes of one b line (TRACE_MAX_B_CHUNK)
MAX_FID = (1 << 24) - 1
MAX_TIMER_OFF = (1 << 24) - 1  # a t line's timer offset (trace.h: TRACE_MAX_TIMER_OFF)
MAX_SID = (1 << 20) - 1
U8, U16, U32, U64 = 0xFF, 0xFFFF, 0xFFFFFFFF, (1 << 64) - 1

ZSTD_MAGIC = b"\x28\xb5\x2f\xfd"
# the binary twin (trace/write.h TRACE_BIN_*): magic, version, a zero word
BIN_MAGIC = b"\x89QDKTRB\n"
BIN_VERSION = 1
BIN_LINE_NONL = 1  # a line record's flag: the text's last line had no newline
VERDICT_WORDS = ("ok", "drop", "cn", "?")
GZIP_MAGIC = b"\x1f\x8b"

CALLS = frozenset("edprctio")
STAT_KEYS = ("qlen", "backlog", "drops", "overlimits", "requeues", "packets", "bytes")
# tc's action names (TC_ACT_*, 0 to 8) as a C line writes them, and the kernel's own
# TC_ACT_CONSUMED (9); -1 is "unspec"
ACTIONS = ("ok", "reclassify", "shot", "pipe", "stolen", "queued", "repeat", "redirect", "trap", "consumed")
TCP_LETTERS = "FSRPAUEC"
RANDOM_WIDTH = {"u8": 1, "u16": 2, "u32": 4, "u64": 8, "bytes": 0}
PACKET_KEYS = ("len", "gso", "tos", "prio", "mark", "hash", "tcp", "ttl", "q", "tcidx", "thlen", "truesize", "tstamp",
               "sk")
# a sock line's values by name (FORMAT.md, "Sockets"); other values are numbers
SK_STATES = ("", "established", "syn_sent", "syn_recv", "fin_wait1", "fin_wait2", "time_wait", "close",
             "close_wait", "last_ack", "listen", "closing", "new_syn_recv")
SK_CAS = ("open", "disorder", "cwr", "recovery", "loss")
SK_PSTATUSES = ("none", "needed", "fq")
SK_TYPES = ("", "stream", "dgram", "raw")

_NUM = re.compile(r"0x[0-9a-fA-F]+|[0-9]+")
_HANDLE = re.compile(r"(?:0[xX])?([0-9a-fA-F]+):(?:(?:0[xX])?([0-9a-fA-F]+))?")


def _val(s: str) -> int:
    """The value of a number _NUM matched: decimal (leading zeros allowed) or 0x hex."""
    return int(s, 16) if s.startswith("0x") else int(s, 10)


class TraceError(Exception):
    """A malformed trace: str() is "file:line: reason" (line 0: the file as a whole)."""

    def __init__(self, path: str, line: int, reason: str, record: bool = False) -> None:
        # A word quoted from the line ends at a NUL byte, as the C reader's
        # C strings do: both readers refuse with the same words.
        if "\0" in reason:
            reason = re.sub(r'"([^"\0]*)\0[^"]*"', r'"\1"', reason)
        where = f"record {line}" if record else f"{line}"
        super().__init__(f"{path}:{where}: {reason}" if line else f"{path}: {reason}")
        self.path, self.line, self.reason = path, line, reason


@dataclass(slots=True)
class Draw:
    """One random draw: get_random_uN() (width N/8 bytes) or get_random_bytes() (width 0)."""

    width: int
    value: int | bytes
    line: int


@dataclass(slots=True)
class Node:
    """A class, child qdisc, filter or classifier directive of a classful tree (version 3)."""

    what: str  # "class", "child", "filter" or "classifier"
    line: int
    parent: int  # 0xffffffff: root
    handle: int = 0  # the class's classid or the child's handle
    kind: str = ""
    tca: bytes | None = None
    options: str = ""  # the tc words after HEX, for people


@dataclass(slots=True)
class Flow:
    """A flow directive: the packet fields that rarely change."""

    fid: int
    line: int
    text: str  # the directive as written
    proto: str  # tcp, udp, icmp, icmp6, ip:N or eth:0xNNNN as written
    l4proto: int  # IP protocol number, 0 for a non-IP frame
    ethertype: int
    src: str  # "A.B.C.D:PORT", "[IPv6]:PORT", "-" as written
    dst: str
    keys: dict[str, int] = field(default_factory=dict)  # tos prio mark hash tcp ttl q tcidx truesize


@dataclass(slots=True)
class Sock:
    """A socket (sock lines): its fields as the lines so far said them, by key name."""

    sid: int
    line: int  # its declaration
    proto: int  # 6 tcp, 17 udp, N for ip:N
    fields: dict[str, int] = field(default_factory=dict)  # family type state hash pacing ... mss

    @staticmethod
    def defaults(proto: int) -> dict[str, int]:
        """The fields of a socket of proto that no key names."""
        return {"family": 4, "type": 1 if proto == 6 else 2 if proto == 17 else 3,
                "state": 1 if proto == 6 else 7, "hash": 0, "pacing": U64, "maxpacing": U64,
                "pstatus": 0, "ca": 0, "cwnd": 0, "srtt": 0, "mss": 0}


@dataclass(slots=True)
class Header:
    """The directives before the first event; None or the default when absent."""

    version: int = 1
    qdisc: str | None = None  # "KIND OPTIONS...", as written after "qdisc "
    qdisc_line: int = 0
    tca: bytes | None = None  # the TCA_OPTIONS bytes; with has_tca, None is "tca -"
    has_tca: bool = False
    dev: dict[str, str] = field(default_factory=lambda: {"name": "qdk0"})
    handle: int = 0x80010000
    parent: int = 0xFFFFFFFF
    seed: int = 1
    random: list[Draw] = field(default_factory=list)
    random_lost: int = 0
    hz: int = 250
    timers_recorded: bool = False
    jiffies: int | None = None
    params: list[tuple[str, str, int]] = field(default_factory=list)  # param NAME VALUE, line
    source: str | None = None
    tree: list[Node] = field(default_factory=list)
    has_filter: bool = False
    lines: list[str] = field(default_factory=list)  # every line up to the first event


@dataclass(slots=True)
class Event:
    """One event line. Fields not of its kind keep their defaults."""

    line: int
    ts: int
    op: str  # e i o d p r c t x m w s j R C n, or "lost"
    text: str  # the line as written, without its newline
    id: int = 0  # e d p x m n: packet id; 0 for "-"
    fid: int = 0  # e i o
    pkt_len: int = 0  # e i o
    verdict: str = ""  # e: "ok", "drop", "cn" (+stolen, +bypass) or "?"
    keys: dict[str, int] = field(default_factory=dict)  # e i o: per-packet keys (gso: gso_segs, gso_size)
    from_id: int = 0  # n: the packet it was made from, 0 for "-"
    count: int = 0  # lost N, R lost N; j: jiffies
    stats: dict[str, int] = field(default_factory=dict)  # s
    stats_of: str = ""  # s: "" the root, "cl" a class, "q" a qdisc of the tree
    stats_id: int = 0  # s: its classid or handle
    ret: int = 0  # c
    tca: bytes | None = None  # c: the options, None for "-"
    options: str = ""  # c: the tc words after HEX
    draws: list[Draw] = field(default_factory=list)  # R
    action: int = 0  # C: TC_ACT_*, -1 unspec
    classid: int = 0  # C
    dev: str = ""  # u: the device's name
    write: bool = False  # u: a write (else a read)
    pos: int = 0  # u: file position
    data: bytes = b""  # u: the bytes its b lines carried (zeroes where none did)
    lost: int = 0  # u: bytes no b line carried (lost or a gap): verify refuses the call
    timer_of: int = 0  # t: the handle of the qdisc whose timer_list fired (0: not named)
    timer_off: int = 0  # t: the timer_list's offset in that qdisc's private data


class _TextReader:
    """The text format, one line at a time from a stream of bytes."""

    def __init__(self, path: str, stream: io.BufferedIOBase) -> None:
        self.path = path
        self.stream = stream
        self.lineno = 0
        self.header = Header()
        self.flows: dict[int, Flow] = {}
        self.socks: dict[int, Sock] = {}
        self.in_events = False
        self.last_ts = 0
        self.dbytes, self.dgap = bytearray(), 0  # b lines: the next u line's bytes, those missing
        self.pending = ""  # R, C or n lines wait for their call: the first kind
        self.first: Event | None = None
        self.first_error: TraceError | None = None
        self._magic()
        try:
            self.first = self._next()
        except TraceError as e:
            if not self.in_events:
                raise
            # the header is whole: the first event's error comes with the events
            self.first_error = e
        self.in_events = True

    binary = False  # errors name records: _BinaryReader

    def fail(self, reason: str, line: int | None = None) -> TraceError:
        return TraceError(self.path, self.lineno if line is None else line, reason, self.binary)

    # ---- numbers and words ------------------------------------------------

    def num(self, s: str, limit: int, what: str) -> int:
        """A decimal or 0x number that is all of s, at most limit."""
        if len(s) >= 32:
            raise self.fail(f'bad {what} "{s}"')
        if s.isascii() and s.isdigit():
            v = int(s)
        elif _NUM.fullmatch(s):
            v = _val(s)
        else:
            raise self.fail(f'bad {what} "{s}"')
        if v > limit:
            raise self.fail(f'bad {what} "{s}"')
        return v

    def hexbytes(self, s: str) -> bytes | None:
        if len(s) % 2 or not re.fullmatch(r"[0-9a-fA-F]*", s):
            return None
        return bytes.fromhex(s)

    def handle(self, s: str, allow_root: bool) -> int:
        if allow_root and s == "root":
            return 0xFFFFFFFF
        m = _HANDLE.fullmatch(s)
        maj, mnr = (int(m.group(1), 16), int(m.group(2) or "0", 16)) if m else (1 << 16, 0)
        if maj > 0xFFFF or mnr > 0xFFFF:
            raise self.fail(f'bad handle "{s}" (want MAJ:MIN in hex)')
        return maj << 16 | mnr

    def tcp_flags(self, s: str) -> int:
        if s == "-":
            return 0
        f = 0
        for c in s:
            i = TCP_LETTERS.find(c)
            if i < 0:
                raise self.fail(f'bad TCP flags "{s}" (letters FSRPAUEC or -)')
            f |= 1 << i
        return f

    # ---- lines ------------------------------------------------------------

    def _readline(self) -> str | None:
        raw = self.stream.readline(MAX_TCA_LINE + 2)
        if not raw:
            return None
        self.lineno += 1
        if not raw.endswith(b"\n"):
            if len(raw) > MAX_TCA_LINE:
                raise self.fail(f"line longer than {MAX_TCA_LINE} bytes")
        else:
            raw = raw[:-1]
        return raw.decode("utf-8", "surrogateescape")

    def _magic(self) -> None:
        line = self._readline() or ""
        if self.lineno == 0:
            self.lineno = 1
        if len(line) < 10 or not line.startswith("qdk-trace "):
            raise self.fail('not a qdk trace (the first line must be "qdk-trace 1")')
        v = line[10:]
        if not _NUM.fullmatch(v) or len(v) >= 32:
            raise self.fail(f'bad trace version "{v}"')
        ver = _val(v)
        if not 1 <= ver <= 3:
            raise self.fail(f"unknown trace version {ver} (this reader knows versions 1 to 3)")
        self.header.version = ver
        self.header.lines.append(line)

    def _next(self) -> Event | None:
        while (line := self._readline()) is not None:
            if line[:1].isascii() and line[:1].isdigit():
                self.in_events = True
                return self._event(line)
            if not self.in_events:
                self.header.lines.append(line)
            if line == "" or line[0] == "#":
                continue
            limit = MAX_TCA_LINE if line.startswith("tca ") else MAX_LINE
            if len(line.encode("utf-8", "surrogateescape")) > limit:
                raise self.fail(f"line longer than {limit} bytes")
            # (the C reader sees a directive as a string: a NUL byte ends it)
            self._directive(line.partition("\0")[0])
        if self.pending:
            raise self.fail(f"the trace ends with {self.pending} lines and no call after them")
        return None

    def events(self) -> Iterator[Event]:
        if self.first_error is not None:
            raise self.first_error
        if self.first is not None:
            ev, self.first = self.first, None
            yield ev
            while (ev2 := self._next()) is not None:
                yield ev2

    # ---- header directives and flows --------------------------------------

    def _directive(self, line: str) -> None:
        h = self.header
        if line.startswith("flow "):
            self._flow(line)
            return
        if line.startswith("sock "):
            self._sock(line)
            return
        if line.startswith("random ") and not self.in_events:
            lost = self._draws(line[7:], "random", h.random)
            if lost is not None:
                h.random_lost += lost
            return
        w = [x for x in line.split(" ") if x]
        if not w:
            raise self.fail("a line may not start with a space")
        if w[0][0] == "-" and w[0][1:2].isdigit():
            raise self.fail(f'negative time "{w[0]}" (TS counts nanoseconds from 0)')
        if self.in_events:
            raise self.fail(f'"{w[0]}" is not an event (header directives come before the first event)')
        d, nw = w[0], len(w)
        if d == "qdisc":
            if nw < 2:
                raise self.fail("qdisc needs a KIND")
            h.qdisc, h.qdisc_line = line[6:], self.lineno
        elif d == "tca":
            if nw != 2:
                raise self.fail("tca needs one HEX word or -")
            h.tca = None if w[1] == "-" else self.hexbytes(w[1])
            if w[1] != "-" and h.tca is None:
                raise self.fail(f'bad tca hex "{w[1]}"')
            if h.tca is not None and len(h.tca) < 4:
                raise self.fail("tca is shorter than an attribute header")
            h.has_tca = True
        elif d == "dev":
            self._dev(w[1:])
        elif d == "handle" and nw == 2:
            h.handle = self.handle(w[1], False)
        elif d == "parent" and nw == 2:
            h.parent = self.handle(w[1], True)
        elif d == "seed" and nw == 2:
            h.seed = self.num(w[1], U64, "seed")
        elif d == "clock" and nw == 2 and w[1].startswith("tai="):
            self.num(w[1][4:], 2**63 - 1, "clock tai")
        elif d == "created" and nw == 2:
            self.num(w[1], U64, "created")
        elif d == "hz" and nw == 2:
            h.hz = self.num(w[1], 100000, "hz")
            if not h.hz:
                raise self.fail("hz must be positive")
        elif d == "timers" and nw == 2 and w[1] == "recorded":
            h.timers_recorded = True
        elif d in ("class", "child", "filter", "classifier"):
            self._tree(w)
        elif d == "jiffies" and nw == 2:
            h.jiffies = self.num(w[1], U64, "jiffies")
        elif d == "param" and nw == 3:
            if h.version < 3:
                raise self.fail('param (a module parameter) needs "qdk-trace 3"')
            h.params.append((w[1], w[2], self.lineno))
        elif d == "source":
            h.source = line[7:]
        else:
            raise self.fail(f'unknown directive "{d}"')

    def _dev(self, words: list[str]) -> None:
        for kv in words:
            k, eq, v = kv.partition("=")
            if not eq:
                raise self.fail(f'bad dev key "{kv}" (want KEY=VAL)')
            if k == "name":
                if not v or len(v.encode("utf-8", "surrogateescape")) >= 16:
                    raise self.fail(f'bad device name "{v}"')
            elif k == "mtu":
                self.num(v, 65535, "mtu")
            elif k == "txqlen":
                self.num(v, U32, "txqlen")
            elif k == "txqs":
                if not self.num(v, 4096, "txqs"):
                    raise self.fail("txqs must be at least 1")
            elif k == "speed":
                if v != "unknown":
                    self.num(v, U32 - 1, "speed")
            else:
                raise self.fail(f'unknown dev key "{k}"')
            self.header.dev[k] = v

    def _tree(self, w: list[str]) -> None:
        h = self.header
        if h.version < 3:
            raise self.fail(f'"{w[0]}" (a classful tree) needs "qdk-trace 3"')
        if w[0] == "filter":
            if len(w) != 2:
                raise self.fail("filter needs PARENT (MAJ: or MAJ:MIN)")
            h.tree.append(Node("filter", self.lineno, self.handle(w[1], False)))
            h.has_filter = True
            return
        if w[0] == "classifier":
            # a kit classifier, replayed against the C lines (FORMAT.md)
            if len(w) < 4:
                raise self.fail("classifier needs PARENT KIND HEX|- [OPTIONS...]")
            parent = self.handle(w[1], False)
            kind, tca = self._kind_tca(w[2], w[3])
            h.tree.append(Node("classifier", self.lineno, parent, 0, kind, tca, " ".join(w[4:])))
            h.has_filter = True
            return
        if len(w) < 5:
            what = "CLASSID" if w[0] == "class" else "HANDLE"
            raise self.fail(f"{w[0]} needs PARENT {what} KIND HEX|- [OPTIONS...]")
        parent, handle = self.handle(w[1], True), self.handle(w[2], False)
        kind, tca = self._kind_tca(w[3], w[4])
        h.tree.append(Node(w[0], self.lineno, parent, handle, kind, tca, " ".join(w[5:])))

    def _kind_tca(self, kind: str, hexw: str) -> tuple[str, bytes | None]:
        """A tree node's KIND and its TCA_OPTIONS HEX|- (header included)."""
        if len(kind.encode("utf-8", "surrogateescape")) >= 16:
            raise self.fail(f'bad kind "{kind}"')
        tca = None if hexw == "-" else self.hexbytes(hexw)
        if hexw != "-" and tca is None:
            raise self.fail(f'bad options hex "{hexw}"')
        if tca is not None and len(tca) < 4:
            raise self.fail("options are shorter than an attribute header")
        return kind, tca

    def _endpoint(self, s: str, want_port: bool) -> int:
        """ADDR[:PORT]; returns the family, 4 or 6."""
        port: str | None
        if s.startswith("["):
            host, close, rest = s[1:].partition("]")
            if not close:
                raise self.fail(f'bad address "{s}"')
            if rest and not rest.startswith(":"):
                raise self.fail(f'bad address "{s}"')
            port = rest[1:] if rest else None
            try:
                if "%" in host:
                    raise ValueError(host)
                ipaddress.IPv6Address(host)
            except ValueError:
                raise self.fail(f'bad IPv6 address "{host}"') from None
            fam = 6
        else:
            host, colon, p = s.partition(":")
            port = p if colon else None
            try:
                ipaddress.IPv4Address(host)
            except ValueError:
                raise self.fail(f'bad IPv4 address "{host}"') from None
            fam = 4
        if want_port != (port is not None):
            raise self.fail("address needs a :PORT for tcp and udp" if want_port
                            else "a port is only allowed for tcp and udp")
        if port is not None:
            self.num(port, 65535, "port")
        return fam

    def _flow(self, line: str) -> None:
        w = [x for x in line.split(" ") if x]
        if len(w) < 5:
            raise self.fail("flow needs FID PROTO SRC DST")
        fid = self.num(w[1], MAX_FID, "flow id")
        if fid == 0:
            raise self.fail("flow id 0 is not allowed")
        if fid in self.flows:
            raise self.fail(f"flow {fid} declared twice")
        proto, ports, l4, eth = w[2], False, 0, 0
        if proto in ("tcp", "udp"):
            l4, ports = (6 if proto == "tcp" else 17), True
        elif proto in ("icmp", "icmp6"):
            l4 = 1 if proto == "icmp" else 58
        elif proto.startswith("ip:"):
            l4 = self.num(proto[3:], 255, "IP protocol")
        elif proto.startswith("eth:"):
            eth = self.num(proto[4:], 0xFFFF, "ethertype")
            if w[3] != "-" or w[4] != "-":
                raise self.fail("a non-IP flow has - as SRC and DST")
        else:
            raise self.fail(f'unknown protocol "{proto}"')
        if not proto.startswith("eth:"):
            fam = self._endpoint(w[3], ports)
            if self._endpoint(w[4], ports) != fam:
                raise self.fail("SRC and DST are of different address families")
            eth = 0x0800 if fam == 4 else 0x86DD
            if l4 == 1 and fam != 4:
                raise self.fail("icmp needs IPv4 addresses (icmp6 for IPv6)")
            if l4 == 58 and fam != 6:
                raise self.fail("icmp6 needs IPv6 addresses")
        keys: dict[str, int] = {}
        limits = {"tos": U8, "prio": U32, "mark": U32, "hash": U32, "ttl": U8, "q": U16, "tcidx": U16,
                  "truesize": U32}
        for kv in w[5:]:
            k, eq, v = kv.partition("=")
            if not eq:
                raise self.fail(f'bad flow key "{kv}" (want KEY=VAL)')
            if k == "tcp":
                keys[k] = self.tcp_flags(v)
            elif k in limits:
                keys[k] = self.num(v, limits[k], k)
            else:
                raise self.fail(f'unknown flow key "{k}"')
        self.flows[fid] = Flow(fid, self.lineno, line, proto, l4, eth, w[3], w[4], keys)

    def _sock(self, line: str) -> None:
        w = [x for x in line.split(" ") if x]
        if len(w) < 2:
            raise self.fail("sock needs SID [PROTO] [KEY=VAL...]")
        sid = self.num(w[1], MAX_SID, "socket id")
        if sid == 0:
            raise self.fail("socket id 0 is not allowed")
        rest = w[2:]
        if rest and "=" not in rest[0]:
            if sid in self.socks:
                raise self.fail(f"socket {sid} declared twice")
            p = rest[0]
            if p in ("tcp", "udp"):
                proto = 6 if p == "tcp" else 17
            elif p.startswith("ip:"):
                proto = self.num(p[3:], 255, "IP protocol")
            else:
                raise self.fail(f'unknown socket protocol "{p}"')
            self.socks[sid] = Sock(sid, self.lineno, proto, Sock.defaults(proto))
            rest = rest[1:]
        elif sid not in self.socks:
            raise self.fail(f"socket {sid} is not declared (sock SID PROTO first)")
        f = self.socks[sid].fields
        names = {"type": (SK_TYPES, U16), "state": (SK_STATES, U8), "pstatus": (SK_PSTATUSES, U8),
                 "ca": (SK_CAS, 31)}
        for kv in rest:
            k, eq, v = kv.partition("=")
            if not eq:
                raise self.fail(f'bad sock key "{kv}" (want KEY=VAL)')
            if k == "family":
                f[k] = self.num(v, 6, k)
                if f[k] not in (4, 6):
                    raise self.fail("family is 4 or 6")
            elif k in names:
                tab, limit = names[k]
                f[k] = tab.index(v) if v and v in tab else self.num(v, limit, k)
            elif k in ("pacing", "maxpacing"):
                f[k] = U64 if v == "max" else self.num(v, U64, k)
            elif k in ("hash", "cwnd", "srtt", "mss"):
                f[k] = self.num(v, U32, k)
            else:
                raise self.fail(f'unknown sock key "{k}"')

    def _draws(self, text: str, what: str, out: list[Draw]) -> int | None:
        """The words after "random "/"R ": values appended to out, or lost N's count."""
        w = [x for x in text.split(" ") if x]
        if not w:
            raise self.fail(f"{what} needs u8, u16, u32, u64, bytes or lost")
        if w[0] == "lost":
            if len(w) != 2:
                raise self.fail(f"{what} lost needs one count")
            return self.num(w[1], U32, "lost count")
        if w[0] not in RANDOM_WIDTH:
            raise self.fail(f'unknown {what} kind "{w[0]}" (u8, u16, u32, u64, bytes, lost)')
        width = RANDOM_WIDTH[w[0]]
        for s in w[1:]:
            if width:
                out.append(Draw(width, self.num(s, (1 << 8 * width) - 1, "random value"), self.lineno))
            else:
                b = self.hexbytes(s)
                if not b:
                    raise self.fail(f'bad {what} bytes hex "{s}"')
                out.append(Draw(0, b, self.lineno))
        if len(w) < 2:
            raise self.fail(f"{what} {w[0]} needs at least one value")
        return None

    # ---- event lines --------------------------------------------------------

    def _id(self, s: str, dash: bool) -> int:
        if dash and s == "-":
            return 0
        v = self.num(s, U64, "packet id")
        if v == 0:
            raise self.fail("packet id 0 is not allowed")
        return v

    def _event(self, line: str) -> Event:
        w = line.split(" ")
        if len(w) < 2:
            raise self.fail(f'bad timestamp "{w[0]}"')
        ts = self.num(w[0], U64, "timestamp")
        if ts < self.last_ts:
            raise self.fail(f"timestamp {ts} is before the previous event's {self.last_ts}")
        self.last_ts = ts
        op = w[1]
        ev = Event(self.lineno, ts, op, line)
        args = w[2:]
        if op == "lost" and args:
            ev.count = self._field(args, 0, U64, "lost count")
            self._end(args, 1)
            return self._length(ev)
        if len(op) != 1:
            raise self.fail(f'unknown operation "{op}"')
        if op == "e":
            self._enqueue(ev, args)
        elif op in ("i", "o"):
            if self.header.version < 3:
                raise self.fail(f"{op} lines (a tc hook's packets) need \"qdk-trace 3\"")
            self._enqueue(ev, args, verdict=False)
        elif op in ("d", "p"):
            self._need(args, 1, op)
            ev.id = self._id(args[0], True)
            self._end(args, 1)
        elif op in ("x", "m"):
            self._need(args, 1, op)
            ev.id = self._id(args[0], False)
            self._end(args, 1)
        elif op == "s":
            self._stats(ev, args)
        elif op == "c":
            self._change(ev, line, args)
        elif op == "j":
            if self.header.jiffies is None:
                raise self.fail('j lines need the header directive "jiffies N"')
            self._need(args, 1, op)
            ev.count = self._field(args, 0, U64, "jiffies")
            self._end(args, 1)
        elif op in ("t", "r", "w"):
            if op == "t" and not self.header.timers_recorded:
                raise self.fail('t lines need the header directive "timers recorded"')
            if op == "t" and args:
                self._timer(ev, args)
            else:
                self._end(args, 0)
        elif op == "R":
            if self.header.version < 2:
                raise self.fail('R lines (random draws during calls) need "qdk-trace 2"')
            self._need(args, 1, op)
            lost = self._draws(line.split(" ", 2)[2], "R", ev.draws)
            if lost is None:
                self.pending = self.pending or "R"
            elif not lost:
                raise self.fail("R lost needs a positive count")
            else:
                # The recorder missed draws here, maybe outside any call (it
                # writes one where a draw came between calls): a mark on the
                # trace as `lost` is, which no call need follow.
                ev.count = lost
        elif op == "C":
            self._classify(ev, args)
        elif op == "b":
            self._bytes(args)
        elif op == "u":
            self._device(ev, args)
        elif op == "n":
            if self.header.version < 3:
                raise self.fail('n lines (packets a qdisc makes) need "qdk-trace 3"')
            self._need(args, 1, op)
            ev.id = self._id(args[0], False)
            self._need(args, 2, op)
            ev.from_id = self._id(args[1], True)
            if len(args) > 2 and args[2].startswith("truesize="):
                ev.keys["truesize"] = self.num(args[2][9:], U32, "truesize")
                self._end(args, 3)
            else:
                self._end(args, 2)
            self.pending = self.pending or "n"
        else:
            raise self.fail(f'unknown operation "{op}"')
        if self.pending == "b" and op != "b":
            if op != "u":
                raise self.fail("b lines must come right before the device call (u line) they belong to, "
                                f'not before "{op}"')
            self.pending = ""
        elif self.pending and op not in "RCnb":
            if op not in CALLS:
                raise self.fail(f"{self.pending} lines must come right before the call line "
                                f'they belong to, not before "{op}"')
            self.pending = ""
        return self._length(ev)

    def _bytes(self, args: list[str]) -> None:
        """b OFF HEX or b lost N: bytes of the device call whose u line follows."""
        if self.header.version < 3:
            raise self.fail('b lines (bytes of a device call) need "qdk-trace 3"')
        if self.pending != "b":
            self.dbytes, self.dgap = bytearray(), 0
        self.pending = "b"
        self._need(args, 2, "b")
        if args[0] == "lost":
            n = self._field(args, 1, MAX_DEV_CALL, "lost byte count")
            if not n:
                raise self.fail("b lost needs a positive count")
            self.dgap += n
            self._end(args, 2)
            return
        off = self._field(args, 0, MAX_DEV_CALL, "byte offset")
        if off < len(self.dbytes):
            raise self.fail(f"bytes from offset {off} overlap the previous b line's (which end at {len(self.dbytes)})")
        data = self.hexbytes(args[1])
        if data is None or not data or len(data) > MAX_B_CHUNK or off + len(data) > MAX_DEV_CALL:
            raise self.fail(f'bad bytes "{args[1][:32]}" (1 to {MAX_B_CHUNK} bytes in hex, within {MAX_DEV_CALL})')
        self.dgap += off - len(self.dbytes)
        self.dbytes += bytes(off - len(self.dbytes)) + data
        self._end(args, 2)

    def _device(self, ev: Event, args: list[str]) -> None:
        """u DEV write|read POS COUNT RET: a call of the qdisc's device."""
        if self.header.version < 3:
            raise self.fail('u lines (device calls) need "qdk-trace 3"')
        # field by field, in the C reader's order, so both refuse a line alike
        missing = 'missing fields for "u" (want DEV write|read POS COUNT RET)'
        if not args or not 0 < len(args[0]) < 32 or len(args) < 2:
            raise self.fail(f'bad device name "{args[0] if args else ""}" (1 to 31 bytes)')
        if args[1] not in ("write", "read") or len(args) < 3:
            raise self.fail(f'bad device call "{args[1]}" (write or read)')
        ev.dev, ev.write = args[0], args[1] == "write"
        ev.pos = self._field(args, 2, 2**63 - 1, "file position")
        if len(args) < 4:
            raise self.fail(missing)
        ev.count = self._field(args, 3, MAX_DEV_CALL, "byte count")
        if len(args) < 5:
            raise self.fail(missing)
        neg = args[4].startswith("-")
        r = self.num(args[4][1:] if neg else args[4], 4095 if neg else ev.count,
                     "result (bytes, at most COUNT, or -errno)")
        ev.ret = -r if neg else r
        want = ev.count if ev.write else max(ev.ret, 0)
        have, gap = (self.dbytes, self.dgap) if self.pending == "b" else (bytearray(), 0)
        if len(have) > want:
            what = "write only" if ev.write else "read returned only"
            raise self.fail(f"the b lines before it carry {len(have)} bytes, the {what} {want}")
        ev.data = bytes(have) + bytes(want - len(have))
        ev.lost = min(gap + want - len(have), want)
        self._end(args, 5)

    def _length(self, ev: Event) -> Event:
        limit = MAX_TCA_LINE if ev.op == "c" else MAX_LINE
        # (a character is one to four bytes: count the bytes of a long line only)
        if len(ev.text) > limit // 4 and len(ev.text.encode("utf-8", "surrogateescape")) > limit:
            raise self.fail(f"line longer than {limit} bytes")
        return ev

    def _need(self, args: list[str], n: int, op: str) -> None:
        if len(args) < n:
            raise self.fail(f'missing fields for "{op}"')

    def _end(self, args: list[str], n: int) -> None:
        if len(args) > n:
            rest = " ".join(args[n:])
            raise self.fail(f'unexpected " {rest}" at the end of the line')

    def _field(self, args: list[str], i: int, limit: int, what: str) -> int:
        return self.num(args[i], limit, what)

    def _enqueue(self, ev: Event, args: list[str], verdict: bool = True) -> None:
        """e ID FID PKTLEN VERDICT [KEY=VAL...]; i and o: the same but the verdict."""
        op = ev.op
        self._need(args, 1, op)
        ev.id = self._id(args[0], False)
        self._need(args, 2, op)
        ev.fid = self._field(args, 1, MAX_FID, "flow id")
        self._need(args, 3, op)
        ev.pkt_len = self._field(args, 2, U32, "packet length")
        keys = 3
        if verdict:
            self._need(args, 4, op)
            v = args[3]
            base, plus, bits = v.partition("+")
            if not (base in ("ok", "drop", "cn") and all(x in ("stolen", "bypass") for x in bits.split("+"))
                    if plus else base in ("ok", "drop", "cn", "?")):
                raise self.fail(f'bad verdict "{v}" (ok, drop, cn, +stolen, +bypass or ?)')
            ev.verdict = v
            keys = 4
        for kv in args[keys:]:
            k, eq, val = kv.partition("=")
            if not eq or "\0" in k:  # the C reader's key ends at a NUL
                raise self.fail(f'bad packet key "{kv}" (want KEY=VAL)')
            if k == "gso":
                segs, colon, size = val.partition(":")
                if not colon or not _NUM.fullmatch(segs) or _val(segs) > U16:
                    raise self.fail(f'bad gso "{val}" (want SEGS:SIZE)')
                ev.keys["gso_segs"] = _val(segs)
                ev.keys["gso_size"] = self.num(size, U16, "gso size")
            elif k == "tcp":
                ev.keys[k] = self.tcp_flags(val)
            elif k == "thlen":
                ev.keys[k] = self.num(val, 60, k)
                if ev.keys[k] < 20 or ev.keys[k] % 4:
                    raise self.fail(f"bad thlen {ev.keys[k]} (a TCP header is 20 to 60 bytes, a multiple of 4)")
            elif k == "tstamp":
                ev.keys[k] = self.num(val, 2**63 - 1, k)
            elif k == "sk":
                ev.keys[k] = self.num(val, MAX_SID, k)
                if ev.keys[k] not in self.socks:
                    raise self.fail(f"socket {ev.keys[k]} is not declared")
            elif k in PACKET_KEYS:
                limit = {"len": U32, "tos": U8, "ttl": U8, "q": U16, "tcidx": U16}.get(k, U32)
                ev.keys[k] = self.num(val, limit, k)
            else:
                raise self.fail(f'unknown packet key "{k}"')
        if ev.fid not in self.flows:
            raise self.fail(f"flow {ev.fid} is not declared")

    def _stats(self, ev: Event, args: list[str]) -> None:
        rest = args
        if args and (args[0].startswith("cl=") or args[0].startswith("q=")):
            if self.header.version < 3:
                raise self.fail('statistics of a class or child (cl=, q=) need "qdk-trace 3"')
            ev.stats_of, _, h = args[0].partition("=")
            if not h or len(h) >= 16:
                raise self.fail(f'bad handle (want MAJ:MIN in hex) "{h}"')
            ev.stats_id = self.handle(h, False)
            rest = args[1:]
        for kv in rest:
            k, eq, v = kv.partition("=")
            if not eq or "\0" in k:  # the C reader's key ends at a NUL
                raise self.fail(f'bad statistics key "{kv}" (want KEY=VAL)')
            if k not in STAT_KEYS:
                raise self.fail(f'unknown statistics key "{k}"')
            ev.stats[k] = self.num(v, U64, k)

    def _timer(self, ev: Event, args: list[str]) -> None:
        """t MAJ: OFF: the timer_list that fired, named by its qdisc and offset."""
        if self.header.version < 3:
            raise self.fail('a t line naming its timer needs "qdk-trace 3"')
        h = args[0]
        if not h or len(h) >= 16:
            raise self.fail(f'bad handle (want MAJ:MIN in hex) "{h}"')
        ev.timer_of = self.handle(h, False)
        if not ev.timer_of or ev.timer_of & 0xFFFF:
            raise self.fail("a timer's qdisc is a handle MAJ: other than 0:")
        self._need(args, 2, "t")
        ev.timer_off = self._field(args, 1, MAX_TIMER_OFF, "timer offset")
        self._end(args, 2)

    def _change(self, ev: Event, line: str, args: list[str]) -> None:
        self._need(args, 1, "c")
        r = args[0]
        neg = r.startswith("-")
        if len(args) < 2 or not _NUM.fullmatch(r[neg:]) or _val(r[neg:]) > 4095:
            raise self.fail(f'bad change result "{r}" (0 or -errno)')
        ev.ret = -_val(r[neg:]) if neg else _val(r[neg:])
        if not args[1]:
            raise self.fail("change needs HEX or -")
        if args[1] != "-":
            ev.tca = self.hexbytes(args[1])
            if ev.tca is None:
                raise self.fail(f'bad options hex "{args[1]}"')
        ev.options = " ".join(args[2:])

    def _classify(self, ev: Event, args: list[str]) -> None:
        h = self.header
        if h.version < 3:
            raise self.fail('C lines (classification results) need "qdk-trace 3"')
        if not h.has_filter:
            raise self.fail('C lines need a "filter PARENT" directive: without filters the qdisc '
                            "never asks for a classification")
        self._need(args, 1, "C")
        a = args[0]
        if a == "unspec":
            ev.action = -1
        elif a in ACTIONS:
            ev.action = ACTIONS.index(a)
        else:
            ev.action = self.num(a, 255, "classification action (a TC_ACT_ name or number)")
        if len(args) < 2:
            raise self.fail('missing fields for "C" (want ACTION CLASSID)')
        ev.classid = self.handle(args[1], False)
        self._end(args, 2)
        self.pending = self.pending or "C"


class _Zstd(io.RawIOBase):
    """The output of a `zstd -dc PATH` process; its end is an error when zstd failed."""

    def __init__(self, path: str, proc: subprocess.Popen[bytes]) -> None:
        super().__init__()
        self.path, self.proc = path, proc

    def readable(self) -> bool:
        return True

    def readinto(self, b: Any) -> int:
        assert self.proc.stdout is not None
        n = os.readv(self.proc.stdout.fileno(), [b])
        if not n and self.proc.wait():
            raise TraceError(self.path, 0, "zstd -dc failed: not a valid compressed trace")
        return n

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait()
        if self.proc.stdout is not None:
            self.proc.stdout.close()
        super().close()


@contextlib.contextmanager
def raw(path: str) -> Iterator[io.BufferedIOBase]:
    """The trace's bytes, decompressed as they are read: .zst through the zstd
    command, .gz through the gzip module (recognised by name or by their first
    bytes); TraceError when the file cannot be read or decompressed."""
    try:
        f = open(path, "rb")
    except OSError as e:
        raise TraceError(path, 0, e.strerror or str(e)) from None
    with f:
        magic = f.peek(4)[:4]
        if magic == ZSTD_MAGIC or path.endswith(".zst"):
            try:
                proc = subprocess.Popen(["zstd", "-dcq", "--", path], stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL)
            except OSError as e:
                raise TraceError(path, 0, f"cannot run zstd: {e.strerror or e}") from None
            with io.BufferedReader(_Zstd(path, proc), 1 << 16) as z:
                yield z
        elif magic.startswith(GZIP_MAGIC) or path.endswith(".gz"):
            try:
                with gzip.open(f, "rb") as g:
                    yield g
            except (gzip.BadGzipFile, zlib.error, EOFError) as e:
                raise TraceError(path, 0, f"gzip -dc failed: not a valid compressed trace ({e})") from None
        else:
            yield f


class _BinaryReader(_TextReader):
    """The binary twin: every record read as the line of the text twin it
    stands for (a line record's bytes, a hot record's canonical text), then
    taken as _TextReader takes that line."""

    binary = True

    def __init__(self, path: str, stream: io.BufferedIOBase) -> None:
        head = stream.read(16)
        if len(head) < 16:
            raise TraceError(path, 0, "truncated binary trace header")
        ver, zero = struct.unpack("<II", head[8:])
        if ver != BIN_VERSION:
            raise TraceError(path, 0, f"binary trace version {ver} (this reader knows version {BIN_VERSION})")
        if zero:
            raise TraceError(path, 0, "bad binary trace header (its last word must be 0)")
        self.bin_ts = 0  # the last event's time: hot records count from it
        self.last_line = False  # a line record without its newline was read
        super().__init__(path, stream)

    def _read(self, n: int, line: int) -> bytes:
        b = self.stream.read(n)
        if len(b) < n:
            raise self.fail(f"truncated record ({len(b)} of its {n} bytes)", line)
        return b

    def _readline(self) -> str | None:
        head = self.stream.read(8)
        if not head:
            return None
        if self.last_line:
            raise self.fail("bad L record: a line without its newline must be the last record")
        n = self.lineno + 1
        if len(head) < 8:
            raise self.fail(f"truncated record ({len(head)} of its 8 bytes)", n)
        self.lineno = n
        op = chr(head[0])
        if op == "L":
            size = int.from_bytes(head[4:], "little")
            if head[1] & ~BIN_LINE_NONL or head[2] or head[3]:
                raise self.fail("bad L record: its bytes 1 to 3 must be 0 or 1, 0, 0")
            if size > MAX_TCA_LINE:
                raise self.fail(f"line longer than {MAX_TCA_LINE} bytes")
            body = self._read((size + 1 + 7) & ~7, n)
            if body[size] != 0x0A or b"\n" in body[:size]:
                raise self.fail("bad L record: its text must end with its only newline")
            if any(body[size + 1:]):
                raise self.fail("bad L record: its padding must be 0")
            self.last_line = bool(head[1] & BIN_LINE_NONL)
            line = body[:size].decode("utf-8", "surrogateescape")
            # an event line: the hot records after it count their time from it
            m = _NUM.match(line) if line[:1].isdigit() else None
            if m and line[m.end():m.end() + 1] == " " and self.bin_ts <= _val(m.group()) <= U64:
                self.bin_ts = _val(m.group())
            return line
        if op not in "edpxm" or not head[0]:
            raise self.fail(f"unknown record type 0x{head[0]:02x}")
        rest = self._read(16 if op == "e" else 8, n)
        if head[2] or head[3]:
            raise self.fail(f"bad {op} record: its bytes 2 and 3 must be 0")
        dts = int.from_bytes(head[4:], "little")
        pid = int.from_bytes(rest[:8], "little")
        words = [op]
        if op == "e":
            fid, plen = struct.unpack("<II", rest[8:])
            v = head[1]
            if v > 15 or (v & 3 == 3 and v > 3):
                raise self.fail("bad e record: bad verdict byte")
            if fid > MAX_FID:
                raise self.fail("bad e record: flow id beyond 2^24 - 1")
            verdict = VERDICT_WORDS[v & 3] + ("+stolen" if v & 4 else "") + ("+bypass" if v & 8 else "")
            words += [str(pid), str(fid), str(plen), verdict]
        elif head[1]:
            raise self.fail(f"bad {op} record: its byte 1 must be 0")
        else:
            words.append(str(pid) if pid else "-")
        if not pid and op not in "dp":
            raise self.fail("packet id 0 is not allowed")
        if self.bin_ts + dts > U64:
            raise self.fail(f"bad {op} record: its time is beyond 64 bits")
        self.bin_ts += dts
        return " ".join([str(self.bin_ts), *words])


def _reader(path: str, stream: io.BufferedIOBase) -> _TextReader:
    """The reader of the format the (decompressed) stream holds, told by its first bytes."""
    # raw() hands out buffered streams, which peek without consuming
    head = stream.peek(len(BIN_MAGIC)) if isinstance(stream, (io.BufferedReader, gzip.GzipFile)) else b""
    if head[: len(BIN_MAGIC)] == BIN_MAGIC:
        return _BinaryReader(path, stream)
    return _TextReader(path, stream)


class Trace:
    """An open trace: its header read (a bad one raised TraceError), events handed
    out by iterating (a bad one raises TraceError there)."""

    def __init__(self, path: str, stream: io.BufferedIOBase) -> None:
        self.path = path
        self._reader = _reader(path, stream)
        self.header = self._reader.header
        self.flows = self._reader.flows
        self.socks = self._reader.socks

    def __iter__(self) -> Iterator[Event]:
        return self._reader.events()


@contextlib.contextmanager
def open_trace(path: str) -> Iterator[Trace]:
    """Open a trace, text or compressed; TraceError on anything malformed."""
    with raw(path) as stream:
        yield Trace(path, stream)


def events(path: str) -> Iterator[Event]:
    """Every event of the trace at path, in order."""
    with open_trace(path) as t:
        yield from t


@dataclass
class Counts:
    """What a trace holds, counted as `qdk-replay verify` counts it."""

    events: int = 0
    enqueues: int = 0
    dequeues: int = 0
    draws: int = 0  # R values
    classifications: int = 0
    made: int = 0
    drops: int = 0
    marks: int = 0
    calls: int = 0

    def __str__(self) -> str:
        return (f"{self.events} events ({self.enqueues} enqueues, {self.dequeues} dequeues, "
                f"{self.draws} random draws, {self.classifications} classifications, "
                f"{self.made} packets made)")

    def add(self, ev: Event) -> None:
        """Count one event."""
        op = ev.op
        self.events += 1
        self.calls += op in CALLS
        self.enqueues += op == "e"
        self.dequeues += op == "d"
        self.draws += len(ev.draws)
        self.classifications += op == "C"
        self.made += op == "n"
        self.drops += op == "x"
        self.marks += op == "m"


def count(path: str) -> Counts:
    """The counts of the trace at path."""
    c = Counts()
    for ev in events(path):
        c.add(ev)
    return c


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("traces", nargs="+", metavar="TRACE", help="print what each trace holds")
    a = ap.parse_args(argv)
    rc = 0
    for path in a.traces:
        try:
            print(f"{path}: {count(path)}")
        except TraceError as e:
            print(e, file=sys.stderr)
            rc = 2
    return rc


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
