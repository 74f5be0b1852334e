#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""nstrace.py NAME DEV [ARRIVALS.qtr] - a session in a user-space namespace
turned into a trace: the qdisc tree of device DEV in the running namespace
NAME (built with qdk-tc) as a version-3 trace header (traces/FORMAT.md:
qdisc, tca, dev, handle, class and child lines), then, when given, the flow
and arrival lines of ARRIVALS (as `qdk-replay gen` writes them), ready for
`qdk-replay drive`. Writes to stdout.

The bytes are taken as the recorder takes a live kernel's tree: the root's
tca is the TCA_OPTIONS of the request that made it (the daemon keeps them:
QDK_NS_OP_ROOT_TCA), the classes' and children's options are what the
namespace's dumps give (RTM_GETTCLASS and RTM_GETQDISC, TCA_OPTIONS with its
header), as traces/trees/make.sh writes its trees. A class is written when
its dump carries options (htb's, drr's classes); classes that come with their
qdisc (prio's bands, mq's queues) are not. A child is every visible qdisc
below the root. Lines come parents first. A root that a change request
reached after it was made is refused (a trace would need its c lines).

Exit status: 0, 1 when the namespace does not answer or has no such device,
2 on bad usage or a malformed ARRIVALS (file:line: reason).
"""
from __future__ import annotations

import socket
import struct
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from nsprobe import F_DUMP, F_REQUEST, MAGIC, NLMSG_DONE, NLMSG_ERROR, connect, hdr, nlmsg  # noqa: E402

RTM_GETLINK, RTM_GETQDISC, RTM_GETTCLASS = 18, 38, 42
IFLA_IFNAME, IFLA_MTU, IFLA_TXQLEN, IFLA_NUM_TX_QUEUES = 3, 4, 13, 31
TCA_KIND, TCA_OPTIONS = 1, 2
TC_H_ROOT = 0xFFFFFFFF
OP_ROOT_TCA = 4         # ns_proto.h
ROOT_TCA_ERRORS = {
    19: "has no such device",
    2: "has a default qdisc at the root of {dev}, not one tc made",
    16: "had the root qdisc of {dev} changed (tc qdisc change) after tc made it: a trace "
        "holds a change as a c line, which nstrace.py does not write",
}


def attrs(b: bytes, off: int) -> dict[int, bytes]:
    """type (flags cleared) -> the whole attribute, header included"""
    out = {}
    while off + 4 <= len(b):
        ln, t = struct.unpack_from("<HH", b, off)
        if ln < 4:
            break
        out[t & 0x3FFF] = b[off:off + ln]
        off += (ln + 3) & ~3
    return out


def request(s: socket.socket, mtype: int, flags: int, payload: bytes) -> list[bytes]:
    """the messages answering one request (a dump's parts up to NLMSG_DONE)"""
    s.sendall(hdr() + nlmsg(mtype, F_REQUEST | flags, payload))
    msgs: list[bytes] = []
    while True:
        d = s.recv(1 << 20)
        if not d:
            sys.exit("nstrace: the namespace closed the connection")
        off = 0
        while off + 16 <= len(d):
            ln, t = struct.unpack_from("<IH", d, off)
            if t == NLMSG_DONE:
                return msgs
            if t == NLMSG_ERROR:
                err = struct.unpack_from("<i", d, off + 16)[0]
                if err:
                    sys.exit(f"nstrace: the namespace answered error {err}")
                return msgs
            msgs.append(d[off:off + ln])
            off += (ln + 3) & ~3
        if not flags & F_DUMP:
            return msgs


def root_tca(name: str, dev: str) -> str:
    """the tca line's value: the options of the request that made DEV's root"""
    s = connect(name)
    s.sendall(struct.pack("<IIII", MAGIC, OP_ROOT_TCA, 0, 0) + dev.encode() + b"\0")
    d = s.recv(1 << 17)
    s.close()
    if len(d) < 4:
        sys.exit(f"nstrace: namespace \"{name}\" did not answer")
    r = struct.unpack_from("<i", d)[0]
    if r < 0:
        why = ROOT_TCA_ERRORS.get(-r, f"answered error {r}").format(dev=dev)
        sys.exit(f"nstrace: namespace \"{name}\" {why}")
    return d[4:4 + r].hex() if r else "-"


def handle(h: int) -> str:
    return f"{h >> 16:x}:" + (f"{h & 0xFFFF:x}" if h & 0xFFFF else "")


def tree(name: str, dev: str) -> list[str]:
    try:
        s = connect(name)
    except OSError as e:
        sys.exit(f"nstrace: no namespace \"{name}\" is running ({e.strerror})")
    ifname = struct.pack("<HH", 4 + len(dev) + 1, IFLA_IFNAME) + dev.encode() + b"\0"
    ifname += b"\0" * (-len(ifname) % 4)
    link = [m for m in request(s, RTM_GETLINK, F_DUMP, struct.pack("<BxHiII", 0, 0, 0, 0, 0))
            if attrs(m, 32).get(IFLA_IFNAME, b"")[4:].rstrip(b"\0") == dev.encode()]
    if not link:
        sys.exit(f"nstrace: namespace \"{name}\" has no device {dev}")
    la = attrs(link[0], 32)
    ifindex = struct.unpack_from("<i", link[0], 20)[0]

    def u32(a: int) -> int:
        return struct.unpack_from("<I", la[a], 4)[0]

    tcm = struct.pack("<BxxxiIII", 0, ifindex, 0, 0, 0)
    # (handle, parent, kind, TCA_OPTIONS hex or "-") of each
    qdiscs: list[tuple[int, int, str, str]] = []
    classes: list[tuple[int, int, str, str]] = []
    for kind_list, mtype in ((qdiscs, RTM_GETQDISC), (classes, RTM_GETTCLASS)):
        for m in request(s, mtype, F_DUMP, tcm):
            _, idx, h, parent, _ = struct.unpack_from("<BxxxiIII", m, 16)
            a = attrs(m, 36)
            if idx != ifindex or TCA_KIND not in a:
                continue
            kind = a[TCA_KIND][4:].rstrip(b"\0").decode()
            if mtype == RTM_GETTCLASS and parent == TC_H_ROOT:
                parent = h & 0xFFFF0000     # a top class: under its qdisc
            kind_list.append((h, parent, kind, a.get(TCA_OPTIONS, b"").hex() or "-"))
    s.close()
    roots = [q for q in qdiscs if q[1] == TC_H_ROOT]
    if not roots:
        sys.exit(f"nstrace: {dev} has no root qdisc of its own")
    rh, _, rkind, _ = roots[0]
    rtca = root_tca(name, dev)
    out = ["qdk-trace 3", f"source nstrace.py {name} {dev}", f"qdisc {rkind}", f"tca {rtca}",
           f"dev name={dev} mtu={u32(IFLA_MTU)} txqlen={u32(IFLA_TXQLEN)} "
           f"txqs={u32(IFLA_NUM_TX_QUEUES)}", f"handle {handle(rh)}"]
    # parents first: a class under an existing qdisc or class, a child under a class
    known = {rh & 0xFFFF0000}
    todo = [("class", c) for c in classes if c[3] != "-"]
    todo += [("child", q) for q in qdiscs if q[1] != TC_H_ROOT]
    while todo:
        ready = [t for t in todo if t[1][1] in known]
        if not ready:
            break
        for what, (h, parent, kind, tca) in ready:
            out.append(f"{what} {handle(parent)} {handle(h)} {kind} {tca}")
            known.add(h & 0xFFFF0000 if what == "child" else h)
            todo.remove((what, (h, parent, kind, tca)))
    return out


def arrivals(p: Path) -> list[str]:
    """flow lines and calls of an arrival-only trace, header and comments left out"""
    try:
        lines = p.read_text().splitlines()
    except OSError as e:
        sys.exit(f"{p}:1: {e.strerror}")
    if not lines or not lines[0].startswith("qdk-trace"):
        print(f"{p}:1: not a trace (no qdk-trace line)", file=sys.stderr)
        sys.exit(2)
    return [ln for ln in lines[1:] if ln.startswith("flow ") or ln[:1].isdigit()]


def main(argv: list[str]) -> int:
    if len(argv) not in (3, 4):
        print(__doc__, file=sys.stderr)
        return 2
    out = tree(argv[1], argv[2])
    if len(argv) == 4:
        out += arrivals(Path(argv[3]))
    print("\n".join(out))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
