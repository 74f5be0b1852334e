#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""seeds.py - the fuzz targets' seed corpora, made from the committed traces.

    fuzz/seeds.py [--out fuzz/corpus] [--build build/user]

tca:  each trace's qdisc kind and TCA_OPTIONS (its `tca` line), with its
      first change's options when it has one: the bytes the stock tc sent
      the kernel for real configurations (fuzz/fuzz_tca.c says the layout).
rtnl: the netlink requests the stock tc sends to build each trace's qdisc
      (and a tree's classes), show it with statistics and delete it, taken
      from a user-space namespace with QDK_NS_DUMP (usertc/README.md).
trace: the binary twins (`qdk-replay convert`) of a few committed traces
      (run.sh adds the committed text traces themselves).
args: command lines of gen (each flow model and key) and drive (each
      option), the words NUL-ended (fuzz/fuzz_args.c).
tcopt: the kit's kinds' tc words (the add and change lines of each
      tc.cases), and each committed trace of a kit kind: its qdisc line, a
      NUL, its TCA_OPTIONS payload (what a dump prints).
capture: the raw record streams the suites feed `qdk-capture -i` (the
      mkrec.py scripts of recorder/tests/cases/ and 67-import, made into
      records).

Files are named by their SHA-1, as libFuzzer names what it adds, so a
re-run adds only what is new. Prints how many seeds each corpus holds.
"""
from __future__ import annotations

import argparse
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

TOP = Path(__file__).resolve().parent.parent


def trace_files() -> list[Path]:
    out = subprocess.run(["git", "-C", str(TOP), "ls-files", "*.qtr", "*.qtr.zst"],
                         check=True, capture_output=True, text=True).stdout
    return [TOP / p for p in out.split()]


def header(path: Path) -> Iterator[str]:
    """The trace's lines up to its first change line (`TS c ...`)."""
    if path.suffix == ".zst":
        text = subprocess.run(["zstd", "-dc", str(path)], check=True,
                              capture_output=True, text=True).stdout
    else:
        text = path.read_text()
    for line in text.splitlines():
        w = line.split()
        yield line
        if len(w) > 1 and w[1] == "c":
            return


def save(d: Path, data: bytes) -> None:
    d.mkdir(parents=True, exist_ok=True)
    (d / hashlib.sha1(data).hexdigest()).write_bytes(data)


def tca_seed(lines: list[str]) -> bytes | None:
    kind = tca = change = None
    for line in lines:
        w = line.split()
        if w and w[0] == "qdisc" and len(w) > 1:
            kind = w[1]
        elif w and w[0] == "tca" and len(w) > 1:
            tca = b"" if w[1] == "-" else bytes.fromhex(w[1])
        elif len(w) > 3 and w[1] == "c" and w[3] != "-":
            change = bytes.fromhex(w[3])
    if not kind or tca is None or 0 < len(tca) < 4:
        return None
    # NLA_F_NESTED as tc set it; no options at all (`tca -`): opt == NULL
    flags = (tca[3] & 0x80) >> 7 if tca else 4
    if change is None:
        flags |= 8                          # no change
    else:
        flags |= ((change[3] & 0x80) >> 7) << 1
    body = tca[4:]
    return (kind.encode() + b"\0" + bytes([flags]) + len(body).to_bytes(2, "little") + body
            + (change[4:] if change else b""))


def tc_commands(lines: list[str]) -> list[list[str]]:
    """The tc commands that build the trace's qdisc (and classes) on d0."""
    cmds: list[list[str]] = []
    for line in lines:
        w = line.split()
        if w and w[0] == "qdisc" and len(w) > 1:
            cmds.append(["qdisc", "add", "dev", "d0", "root", "handle", "1:"] + w[1:])
        elif w and w[0] == "class" and len(w) > 4:
            cmds.append(["class", "add", "dev", "d0", "parent", w[1], "classid", w[2], w[3]] + w[5:])
    return cmds


def stable(datagram: bytes) -> bytes:
    """The datagram with each message's sequence number and port id zeroed
    (tc numbers its requests by the time): the same request, the same seed."""
    b, off = bytearray(datagram), 0
    while off + 16 <= len(b):
        n = int.from_bytes(b[off:off + 4], "little")
        b[off + 8:off + 16] = bytes(8)
        if n < 16:
            break
        off += (n + 3) & ~3
    return bytes(b)


def rtnl_seeds(build: Path, groups: list[list[list[str]]], out: Path) -> int:
    ns = f"fuzzseeds{os.getpid()}"
    dump = Path(tempfile.mkdtemp(prefix="qdk-seeds-"))
    env = dict(os.environ, QDK_NS=ns, QDK_NS_DUMP=str(dump))
    n = 0

    def tc(args: list[str], tool: str = "qdk-tc") -> None:
        subprocess.run([str(build / tool)] + args, env=env, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL, timeout=60, check=False)

    try:
        tc(["link", "add", "d0", "numtxqueues", "4", "type", "dummy"], "qdk-ip")
        for cmds in groups:
            before = set(dump.iterdir())
            for c in cmds:
                tc(c)
            tc(["-s", "-d", "qdisc", "show", "dev", "d0"])
            tc(["-s", "class", "show", "dev", "d0"])
            tc(["qdisc", "del", "dev", "d0", "root"])
            new = sorted(set(dump.iterdir()) - before)
            data = b"\x01" + b"".join(len(p.read_bytes()).to_bytes(2, "little") + stable(p.read_bytes())
                                      for p in new)
            if len(data) > 1:
                save(out, data)
                n += 1
    finally:
        subprocess.run([str(build / "qdk-ns"), "del", ns], env=env, check=False,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        shutil.rmtree(dump, ignore_errors=True)
    return n


# traces whose binary twins seed the trace target: hot records of every kind,
# line records of R, C, n, b/u, s and header lines
BIN_SEEDS = (
    "traces/template-hand.qtr",
    "traces/upstream/htb-filter-hand.qtr",
    "traces/upstream/netem-hand.qtr",
    "examples/byo/byo-dev.qtr",
    "traces/arrivals/template-demo.qtr",
)


def binary_seeds(build: Path, out: Path) -> int:
    """The binary twins of BIN_SEEDS into out; how many."""
    n = 0
    with tempfile.TemporaryDirectory() as tmp:
        twin = Path(tmp) / "twin.qtb"
        for f in BIN_SEEDS:
            if (TOP / f).exists():
                subprocess.run([str(build / "qdk-replay"), "convert", str(TOP / f), str(twin)], check=True)
                save(out, twin.read_bytes())
                n += 1
    return n


def record_scripts() -> Iterator[str]:
    """The scripts the suites give recorder/tests/mkrec.py: the streams of
    recorder/tests/cases/ (75-record-capture's) and 67-import's
    here-documents (lines the shell would expand are left out)."""
    for f in sorted((TOP / "recorder" / "tests" / "cases").glob("*.stream")):
        yield f.read_text()
    for suite in ("67-import",):
        lines = (TOP / "tests" / "suites" / suite).read_text().splitlines()
        i = 0
        while i < len(lines):
            line = lines[i]
            i += 1
            if not (("mkrec.py" in line or line.startswith("conv ")) and "<<" in line):
                continue
            body = []
            while i < len(lines) and lines[i] != "EOF":
                if "$" not in lines[i]:
                    body.append(lines[i])
                i += 1
            yield "\n".join(body) + "\n"


def capture_seeds(out: Path) -> int:
    n = 0
    for script in record_scripts():
        r = subprocess.run([sys.executable, str(TOP / "recorder" / "tests" / "mkrec.py")],
                           input=script.encode(), capture_output=True, check=False)
        if r.returncode == 0 and r.stdout:
            save(out, r.stdout)
            n += 1
    return n


def tcopt_seeds(out: Path) -> int:
    cases = sorted(TOP.glob("qdiscs/*/tc.cases")) + [TOP / "template" / "tc.cases"]
    kinds = {c.parent.name for c in cases}
    n = 0
    for c in cases:
        for line in c.read_text().splitlines():
            w = line.split()
            if w and w[0] in ("add", "change"):
                save(out, (" ".join([c.parent.name] + w[1:]) + "\0").encode())
                n += 1
    for f in trace_files():
        qdisc = tca = None
        for line in header(f):
            w = line.split()
            if w and w[0] == "qdisc" and len(w) > 1:
                qdisc = " ".join(w[1:])
            elif w and w[0] == "tca" and len(w) > 1 and w[1] != "-":
                tca = bytes.fromhex(w[1])[4:]
        if qdisc and qdisc.split()[0] in kinds:
            save(out, qdisc.encode() + b"\0" + (tca or b""))
            n += 1
    return n


ARGS = [
    "gen --seed 3 --duration 20s --flow cbr:rate=100mbit -o x.qtr",
    "gen --flow bulk:rate=20mbit,rtt=40ms --flow poisson:rate=5mbit,size=200,tos=0x10 -o x.qtr",
    "gen --start 0 --duration 1ms --flow onoff:rate=1gbit,on=2ms,off=8ms,alpha=1.8,ecn -o x.qtr",
    "gen --qdisc|fq_codel limit 100|--flow cbr:size=64,prio=7,v6 --flow bulk:ecn -o x.qtr",
    "gen --help",
    "drive --qdisc|pfifo limit 20|--rate 10mbit --seed 7 --interval 100us in.qtr -o out.qtr",
    "drive --rate 1gbit --summary out.json in.qtr -o out.qtr",
    "drive --rate 3mbit in.qtr --output out.qtr --seed 0x10",
]


def args_seeds(out: Path) -> int:
    """Each line's words (a |-quoted part is one word), NUL-ended."""
    for line in ARGS:
        words: list[str] = []
        for i, part in enumerate(line.split("|")):
            words += [part.strip()] if i % 2 else part.split()
        save(out, b"".join(w.encode() + b"\0" for w in words))
    return len(ARGS)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default=str(TOP / "fuzz" / "corpus"))
    ap.add_argument("--build", default=str(TOP / "build" / "user"))
    a = ap.parse_args()
    out, build = Path(a.out), Path(a.build)
    groups: dict[tuple[str, ...], list[list[str]]] = {}
    ntca = 0
    for f in trace_files():
        lines = list(header(f))
        seed = tca_seed(lines)
        if seed:
            save(out / "tca", seed)
            ntca += 1
        cmds = tc_commands(lines)
        if cmds:
            groups[tuple(" ".join(c) for c in cmds)] = cmds
    ncap = capture_seeds(out / "capture")
    nargs = args_seeds(out / "args")
    ntcopt = tcopt_seeds(out / "tcopt")
    if not (build / "qdk-tc").exists():
        print(f"seeds: {build}/qdk-tc is not built (make user): no rtnl seeds", file=sys.stderr)
        return 2
    nrtnl = rtnl_seeds(build, list(groups.values()), out / "rtnl")
    nbin = binary_seeds(build, out / "trace")
    print(f"seeds: tca {ntca} from {len(trace_files())} traces, rtnl {nrtnl} tc sessions, "
          f"trace {nbin} binary twins, capture {ncap} record streams, args {nargs} command lines, "
          f"tcopt {ntcopt}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
