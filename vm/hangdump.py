#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Where is a hung guest? Ask qemu's monitor, name kernel addresses.

    vm/hangdump.py [--quit] MONITOR_SOCKET KALLSYMS CONSOLE_LOG

vm/run calls this just before it kills a guest that ran out of time. A
guest that stopped with its interrupts off, or with the serial console's
lock held, prints nothing of its own (no soft lockup report reaches the
console), so the monitor is the only witness left. For each vCPU it prints
the instruction pointer and the kernel text addresses found in the top of
its stack (a poor man's backtrace: stale words included), named from
KALLSYMS, the text symbols of an earlier boot of the same kernel (vm/run
keeps them). The KASLR slide between the two boots comes from the
"qdk-map: _text ADDR" line main.sh writes to the console at boot; an address in a module the
scenario loaded ("qdk-map: module NAME ADDR", lib.sh) is named as an offset
from the module's base (objdump -d the .ko to read it); others stay numbers. --quit ends qemu afterwards.
"""

from __future__ import annotations

import bisect
import os
import re
import socket
import sys
import time

STACK_WORDS = 96
PROMPT = b"(qemu) "


class Monitor:
    """qemu's human monitor on a unix socket."""

    def __init__(self, path: str) -> None:
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(10)
        self.sock.connect(path)
        self._until_prompt()

    def _until_prompt(self) -> str:
        buf = b""
        while not buf.endswith(PROMPT):
            chunk = self.sock.recv(65536)
            if not chunk:
                break
            buf += chunk
        return buf.decode(errors="replace")

    def cmd(self, line: str) -> str:
        self.sock.sendall(line.encode() + b"\n")
        out = self._until_prompt()
        # the monitor echoes the command line (with terminal escapes) first
        lines = out.replace("\r", "").split("\n")
        return "\n".join(lines[1:-1])


class Symbols:
    """An earlier boot's /proc/kallsyms, slid to where this boot's kernel is."""

    def __init__(self, kallsyms: str, slide: int) -> None:
        addrs: list[tuple[int, str]] = []
        with open(kallsyms, encoding="ascii", errors="replace") as f:
            for line in f:
                parts = line.split()
                if len(parts) == 3 and parts[1] in "tTwW":
                    addrs.append((int(parts[0], 16) + slide, parts[2]))
        addrs.sort()
        self.addrs = [a for a, _ in addrs]
        self.names = [n for _, n in addrs]
        self.end = self.addrs[-1] if self.addrs else 0

        self.modules: list[tuple[int, str]] = []

    def name(self, addr: int) -> str | None:
        i = bisect.bisect_right(self.addrs, addr) - 1
        # far past the nearest symbol: data after the text, not code
        if i >= 0 and addr <= self.end and addr - self.addrs[i] < 0x10000:
            return f"{self.names[i]}+{addr - self.addrs[i]:#x}"
        for base, mod in reversed(self.modules):
            # a module's core is well under a few MiB
            if base <= addr < base + (4 << 20):
                return f"[{mod}]+{addr - base:#x}"
        return None


def console_map(console_log: str) -> tuple[int | None, list[tuple[int, str]]]:
    """The guest's _text and its modules' bases, from its console."""
    text = None
    modules: list[tuple[int, str]] = []
    with open(console_log, encoding="utf-8", errors="replace") as f:
        for line in f:
            m = re.search(r"qdk-map: _text ([0-9a-f]+)", line)
            if m:
                text = int(m.group(1), 16)
            m = re.search(r"qdk-map: module (\S+) 0x([0-9a-f]+)", line)
            if m:
                modules.append((int(m.group(2), 16), m.group(1)))
    return text, sorted(modules)


def slide_of(seen: int | None, kallsyms: str) -> int:
    """KASLR slide: this boot's _text against the symbol file's."""
    with open(kallsyms, encoding="ascii", errors="replace") as f:
        for line in f:
            parts = line.split()
            if len(parts) == 3 and parts[2] == "_text":
                return (seen - int(parts[0], 16)) if seen else 0
    return 0


def dump(mon: Monitor, syms: Symbols) -> None:
    regs = mon.cmd("info registers -a")
    cpus = re.split(r"\n(?=CPU#\d+)", "\n" + regs)
    for block in cpus:
        m = re.search(r"CPU#(\d+)", block)
        rip = re.search(r"RIP=([0-9a-f]+)", block)
        rsp = re.search(r"RSP=([0-9a-f]+)", block)
        efl = re.search(r"RFL=([0-9a-f]+)", block)
        if not (m and rip and rsp):
            continue
        cpu, pc, sp = m.group(1), int(rip.group(1), 16), int(rsp.group(1), 16)
        irqs = "?"
        if efl:
            irqs = "on" if int(efl.group(1), 16) & 0x200 else "off"
        print(
            f"vCPU {cpu}: RIP {pc:#x} {syms.name(pc) or '(not kernel text)'}"
            f", interrupts {irqs}"
        )
        mon.cmd(f"cpu {cpu}")
        print(f"    bytes at RIP: {code_at(mon, pc)}")
        words = mon.cmd(f"x /{STACK_WORDS}gx {sp:#x}")
        for w in re.findall(r"0x([0-9a-f]{16})", words):
            addr = int(w, 16)
            name = syms.name(addr)
            if not name or name.startswith(("_stext+", "_text+")):
                continue
            # a trap's return address just past a function's first byte: a
            # breakpoint there (text patching), so show what is there now
            more = (
                f" [bytes at -1: {code_at(mon, addr - 1)}]"
                if name.endswith("+0x1")
                else ""
            )
            print(f"    stack: {name}{more}")


def code_at(mon: Monitor, addr: int) -> str:
    """What memory holds at addr now (a vCPU may be running older code)."""
    return " ".join(re.findall(r"0x([0-9a-f]{2})\b", mon.cmd(f"x /8xb {addr:#x}")))


def main(argv: list[str]) -> int:
    quit_after = len(argv) > 1 and argv[1] == "--quit"
    args = argv[2:] if quit_after else argv[1:]
    if len(args) != 3:
        print("usage: " + __doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    sock, kallsyms, console = args
    if not os.path.exists(kallsyms):
        print(f"hangdump: no {kallsyms}: addresses stay numbers", file=sys.stderr)
        kallsyms = os.devnull
    try:
        mon = Monitor(sock)
    except OSError as e:
        print(f"hangdump: cannot reach qemu's monitor at {sock}: {e}", file=sys.stderr)
        return 1
    text, modules = console_map(console)
    syms = Symbols(kallsyms, slide_of(text, kallsyms))
    syms.modules = modules
    mon.cmd("stop")
    time.sleep(0.1)
    try:
        dump(mon, syms)
    finally:
        if quit_after:
            mon.sock.sendall(b"quit\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
