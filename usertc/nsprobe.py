#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""nsprobe.py NAME - send a running qdk-ns namespace malformed datagrams and
check that it drops or refuses each the way netlink does, then still answers
(tests/suites/35-usertc-ns). Prints "ok ..."/"FAIL ..." lines, exits 1 on a
failure."""
from __future__ import annotations

import os
import socket
import struct
import sys

MAGIC = 0x716B6E73
RTM_NEWQDISC, RTM_GETQDISC, NLMSG_ERROR, NLMSG_DONE = 36, 38, 2, 3
F_REQUEST, F_ACK, F_DUMP = 0x1, 0x4, 0x300


def connect(name: str) -> socket.socket:
    s = socket.socket(socket.AF_UNIX, socket.SOCK_SEQPACKET)
    s.settimeout(2)
    s.connect(f"\0qdk-ns/{os.getuid()}/{name}")
    return s


def hdr(op: int = 1) -> bytes:
    return struct.pack("<IIII", MAGIC, op, 4242, 1)  # ext-ack on


def nlmsg(mtype: int, flags: int, payload: bytes, length: int | None = None) -> bytes:
    n = 16 + len(payload) if length is None else length
    return struct.pack("<IHHII", n, mtype, flags, 7, 0) + payload


def tcmsg(ifindex: int = 1) -> bytes:
    return struct.pack("<BBHiIII", 0, 0, 0, ifindex, 0, 0xFFFFFFFF, 0)


def replies(s: socket.socket) -> list[bytes] | None:
    """Datagrams until a short quiet spell; None when the daemon hung up."""
    out = []
    s.settimeout(0.5)
    try:
        while True:
            d = s.recv(65536)
            if not d:
                return None
            out.append(d)
    except TimeoutError:
        return out


def error_of(d: bytes) -> tuple[int, int]:
    """(nlmsg_type, error) of a reply"""
    _, t, _, _, _ = struct.unpack_from("<IHHII", d)
    return t, struct.unpack_from("<i", d, 16)[0] if len(d) >= 20 else 0


def main(name: str) -> int:
    failed = 0

    def check(label: str, cond: bool, detail: object = "") -> None:
        nonlocal failed
        print(("ok   " if cond else "FAIL ") + label + ("" if cond else f": {detail}"))
        failed += not cond

    cases = [
        ("a datagram shorter than the header: dropped", b"\1\2\3", None),
        ("a wrong magic: dropped", struct.pack("<IIII", 1, 1, 0, 0) + b"x" * 20, None),
        ("an unknown operation: dropped", hdr(9), None),
    ]
    for label, data, _ in cases:
        s = connect(name)
        s.send(data)
        check(label, replies(s) is None)
        s.close()
    s = connect(name)
    s.send(hdr() + nlmsg(RTM_NEWQDISC, F_REQUEST | F_ACK, tcmsg(), length=4096))
    check("nlmsg_len beyond the datagram: ignored as netlink_rcv_skb does", replies(s) == [])
    s.send(hdr() + nlmsg(RTM_NEWQDISC, F_REQUEST | F_ACK, b"\0\0\0\0"))
    r = replies(s) or [b""]
    check("a qdisc request without its tcmsg: -EINVAL", error_of(r[0]) == (NLMSG_ERROR, -22), r)
    # TCA_CHAIN (u32) with 2 bytes: lib/nlattr.c's minimum length, -ERANGE
    bad_attr = struct.pack("<HH", 6, 11) + b"\0\0\0\0"
    s.send(hdr() + nlmsg(RTM_NEWQDISC, F_REQUEST | F_ACK | 0x600, tcmsg() + bad_attr))
    r = replies(s) or [b""]
    check("an attribute shorter than its policy: -ERANGE with the kernel's extack",
          error_of(r[0]) == (NLMSG_ERROR, -34) and
          b"Attribute failed policy validation\0" in r[0], r)
    s.send(hdr() + nlmsg(0x7FFF, F_REQUEST | F_ACK, b"\0" * 4))
    r = replies(s) or [b""]
    check("an unknown message type: -EOPNOTSUPP", error_of(r[0]) == (NLMSG_ERROR, -95), r)
    s.send(hdr() + nlmsg(RTM_GETQDISC, F_REQUEST | F_DUMP, tcmsg(0)) * 2)
    r = replies(s) or []
    check("two dumps in one datagram: each ends with NLMSG_DONE",
          sum(1 for d in r if error_of(d)[0] == NLMSG_DONE) == 2, r)
    s.close()
    s = connect(name)
    try:
        s.send(hdr() + b"\0" * 70000)
        gone = replies(s) is None
    except OSError:
        gone = True
    check("a datagram over 64 KiB: dropped", gone)
    s.close()
    s = connect(name)
    s.send(hdr() + nlmsg(RTM_GETQDISC, F_REQUEST | F_DUMP, tcmsg(0)))
    r = replies(s) or []
    check("still answering afterwards", bool(r) and error_of(r[-1])[0] == NLMSG_DONE, r)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]) if len(sys.argv) == 2 else 2)
