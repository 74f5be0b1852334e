#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""Check what the kernel did in a VM run against the scenarios' expectations.

    check.py OUTDIR SCENARIO_FILE...   one check per line, "N passed, M failed" last
    check.py --dmesg FILE              the same dmesg scan, per section of a kernel log
                                       cut by "qdk-hygiene: begin MODULE STEP" lines

For every scenario (results in OUTDIR/NAME/) the generic checks always run:
the guest's status is 0, dmesg holds no oops/BUG/WARNING/leak, the qdisc under
test (handle 10:) is in `tc -s -j qdisc show` after the traffic, and every
flow produced its results. Then each `expect:` line of the scenario:

    expect: qdisc HANDLE FIELD OP VALUE   a field of the qdisc with that handle in
                                          qdisc-after.json (top level, options or
                                          xstats), e.g. "qdisc 10: drops > 0"
    expect: flow NAME FIELD OP VALUE      tcp: mbps, retransmits; udp: mbps,
                                          lost_percent, sent_mbps, delay_avg_ms,
                                          delay_p50_ms, delay_p99_ms, delay_max_ms,
                                          jitter_ms;
                                          mice: transfers, failed, median_ms, max_ms;
                                          ping: rtt_avg_ms, rtt_max_ms, loss_percent
    expect: total mbps OP VALUE           tcp and udp flows' received bytes over
                                          the longest of their windows
    expect: module NAME loaded            NAME in lsmod after the traffic
    expect: collect FILE exists           a file the hooks left in $COLLECT
    expect: hygiene MODULE STEP FIELD OP VALUE   kind: hygiene counts (ok, failed)

OP is one of == != < <= > >=; VALUE a number or a word (compared as text).
"""

from __future__ import annotations

import json
import re
import statistics
import sys
from pathlib import Path
from typing import Any

# Kernel messages that mean a module misbehaved. "Call Trace" catches WARN/BUG
# splats whatever their first line says.
BAD_DMESG = re.compile(
    r"Oops|BUG[: ]|WARNING:|Call Trace|general protection|Kernel panic|"
    r"unreferenced object|memory leak|\bleak(ed|ing)?\b|use-after-free|double free|"
    r"refcount_t:|list_(add|del) corruption|soft lockup|hard LOCKUP|"
    r"blocked for more than|UBSAN|KASAN|kmemleak|stack-protector|"
    r"unregister_netdevice: waiting|still has objects|Objects remaining|"
    r"Poison overwritten|Redzone|Padding overwritten|Freepointer",
    re.IGNORECASE,
)

# /proc/sys/kernel/tainted bits that loading the kit's modules sets by design:
# O (out-of-tree, 4096) and E (unsigned, 8192). Any other bit (W warning, D
# died, L soft lockup, B bad page, ...) means something went wrong.
TAINT_EXPECTED = 4096 | 8192
TAINT_LETTERS = "PFSRMBUDAWCIOELKXT"

OPS = {
    "==": lambda a, b: a == b,
    "!=": lambda a, b: a != b,
    "<": lambda a, b: a < b,
    "<=": lambda a, b: a <= b,
    ">": lambda a, b: a > b,
    ">=": lambda a, b: a >= b,
}


class Checker:
    """Counts and prints the outcome of every check."""

    def __init__(self) -> None:
        self.passed = 0
        self.failed = 0

    def report(self, ok: bool, what: str, detail: str = "") -> None:
        if ok:
            self.passed += 1
            print(f"ok   {what}{'  (' + detail + ')' if detail else ''}")
        else:
            self.failed += 1
            print(f"FAIL {what}{'  (' + detail + ')' if detail else ''}")


def load_tc_json(path: Path) -> list[dict[str, Any]]:
    """tc -j output; tc 6.1 prints invalid JSON for a kind it has no parser for."""
    text = path.read_text()
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        fixed = re.sub(r"\[Unknown qdisc, optlen=\d+\]\s*", "", text)
        return json.loads(fixed)


def tc_field(entry: dict[str, Any], field: str) -> Any:
    for where in (entry, entry.get("options") or {}, entry.get("xstats") or {}):
        if isinstance(where, dict) and field in where:
            return where[field]
    raise KeyError(field)


def scenario_lines(path: Path, key: str) -> list[str]:
    out = []
    for line in path.read_text().splitlines():
        line = line.strip()
        if line.startswith(key + ":"):
            out.append(line[len(key) + 1:].strip())
    return out


def flow_index(sdir: Path) -> dict[str, str]:
    """name -> type, from flows/index.txt."""
    index = sdir / "flows" / "index.txt"
    flows: dict[str, str] = {}
    if index.exists():
        for line in index.read_text().splitlines():
            parts = line.split()
            if len(parts) >= 2:
                flows[parts[1]] = parts[0]
    return flows


def iperf_metrics(path: Path, ftype: str) -> dict[str, float]:
    data = json.loads(path.read_text())
    if "error" in data:
        raise ValueError(f"iperf3: {data['error']}")
    end = data["end"]
    if ftype == "udp":
        rx = end["sum_received"]
        out = {
            "mbps": rx["bits_per_second"] / 1e6,
            "lost_percent": float(rx["lost_percent"]),
            "sent_mbps": end["sum_sent"]["bits_per_second"] / 1e6,
        }
        # nothing arrived, not even an end marker with the count sent: the
        # sender's own count (udpflow's NAME.sent.json) says what was lost
        sent = path.with_name(path.name.removesuffix(".json") + ".sent.json")
        if not rx.get("packets") and sent.is_file():
            tx = json.loads(sent.read_text())["end"]["sum_sent"]
            if tx.get("packets"):
                out["lost_percent"] = 100.0
                out["sent_mbps"] = tx["bits_per_second"] / 1e6
        # one-way delay (udpflow): absent when nothing arrived
        for key in ("delay_avg_ms", "delay_p50_ms", "delay_p99_ms", "delay_max_ms", "jitter_ms"):
            if key in rx and rx.get("packets", 0):
                out[key] = float(rx[key])
        return out
    return {
        "mbps": end["sum_received"]["bits_per_second"] / 1e6,
        "retransmits": float(end["sum_sent"].get("retransmits", 0)),
    }


def mice_metrics(path: Path) -> dict[str, float]:
    times: list[float] = []
    failed = 0
    for line in path.read_text().splitlines():
        parts = line.split()
        if len(parts) != 4:
            continue
        if parts[3] != "0":
            failed += 1
        else:
            times.append(float(parts[1]) * 1000)
    return {
        "transfers": float(len(times) + failed),
        "failed": float(failed),
        "median_ms": statistics.median(times) if times else float("inf"),
        "max_ms": max(times) if times else float("inf"),
    }


def ping_metrics(path: Path) -> dict[str, float]:
    text = path.read_text()
    m = re.search(r"(\d+) packets transmitted, (\d+) packets received", text)
    if not m:
        raise ValueError("no ping summary")
    sent, got = int(m.group(1)), int(m.group(2))
    out = {"loss_percent": 100.0 * (sent - got) / sent if sent else 100.0}
    r = re.search(r"min/avg/max = ([\d.]+)/([\d.]+)/([\d.]+)", text)
    if r:
        out["rtt_avg_ms"] = float(r.group(2))
        out["rtt_max_ms"] = float(r.group(3))
    return out


def flow_metrics(sdir: Path, name: str, ftype: str) -> dict[str, float]:
    f = sdir / "flows"
    if ftype in ("tcp", "udp"):
        return iperf_metrics(f / f"{name}.json", ftype)
    if ftype == "mice":
        return mice_metrics(f / f"{name}.txt")
    if ftype == "ping":
        return ping_metrics(f / f"{name}.txt")
    raise ValueError(f"unknown flow type {ftype}")


def total_mbps(sdir: Path, flows: dict[str, str]) -> float:
    """What the tcp and udp flows received together: their bytes over the
    longest of their receive windows. Not the sum of their rates: each is
    over its own window, so their sum can pass the link's rate (it read
    10.76 Mbit/s under a 10 Mbit/s tbf once, on a busy host)."""
    nbytes, secs = 0, 0.0
    for n, t in flows.items():
        if t not in ("tcp", "udp"):
            continue
        rx = json.loads((sdir / "flows" / f"{n}.json").read_text())["end"]["sum_received"]
        nbytes += rx.get("bytes") or 0
        secs = max(secs, float(rx.get("seconds") or 0))
    return nbytes * 8 / secs / 1e6 if secs else 0.0


def compare(actual: Any, op: str, want: str) -> bool:
    try:
        return OPS[op](float(actual), float(want))
    except (TypeError, ValueError):
        return OPS[op](str(actual).lower(), want.lower())


def dmesg_problems(path: Path) -> list[str]:
    """The kernel's reports in a scenario's dmesg.txt, and the objects kmemleak
    found unreferenced after it (kmemleak.txt beside it: the debug kernel,
    tools/kernel-debug.sh, vm/guest/main.sh)."""
    if not path.exists():
        return ["no dmesg.txt"]
    bad = [line for line in path.read_text(errors="replace").splitlines()
           if BAD_DMESG.search(line)]
    leaks = path.with_name("kmemleak.txt")
    if leaks.exists():
        bad += [f"kmemleak: {line.strip()}"
                for line in leaks.read_text(errors="replace").splitlines()
                if line.startswith("unreferenced object")]
    return bad


def check_expect(c: Checker, sdir: Path, name: str, expr: str,
                 flows: dict[str, str]) -> None:
    what = f"{name}: {expr}"
    words = expr.split()
    try:
        if len(words) == 3 and words[0] == "module" and words[2] == "loaded":
            lsmod = (sdir / "lsmod.txt").read_text().split("\n")
            c.report(any(line.split()[:1] == [words[1]] for line in lsmod), what)
            return
        if len(words) == 3 and words[0] == "collect" and words[2] == "exists":
            p = sdir / "collect" / words[1]
            c.report(p.exists() and p.stat().st_size > 0, what)
            return
        if len(words) < 4 or words[-2] not in OPS:
            c.report(False, what, "cannot parse this expectation")
            return
        op, want = words[-2], words[-1]
        subject = words[:-2]
        actual: Any
        if subject[0] == "qdisc" and len(subject) == 3:
            fname = "qdisc-after.json"
            entries = [e for e in load_tc_json(sdir / fname) if e.get("handle") == subject[1]]
            if not entries:
                c.report(False, what, f"no qdisc {subject[1]} in {fname}")
                return
            actual = tc_field(entries[0], subject[2])
        elif subject[0] == "flow" and len(subject) == 3:
            if subject[1] not in flows:
                c.report(False, what, f"no flow {subject[1]}")
                return
            actual = flow_metrics(sdir, subject[1], flows[subject[1]])[subject[2]]
        elif subject == ["total", "mbps"]:
            actual = total_mbps(sdir, flows)
        elif subject[0] == "hygiene" and len(subject) == 4:
            actual = None
            for line in (sdir / "hygiene.txt").read_text().splitlines():
                cols = line.split()
                if len(cols) == 6 and cols[0] == subject[1] and cols[1] == subject[2]:
                    actual = int(cols[3] if subject[3] == "ok" else cols[5])
            if actual is None:
                c.report(False, what, "no such line in hygiene.txt")
                return
        else:
            c.report(False, what, "unknown subject")
            return
        if isinstance(actual, float):
            shown = f"{actual:.2f}"
        else:
            shown = str(actual)
        c.report(compare(actual, op, want), what, f"actual {shown}")
    except (OSError, KeyError, ValueError, IndexError, json.JSONDecodeError) as e:
        c.report(False, what, f"{type(e).__name__}: {e}")


def check_scenario(c: Checker, outdir: Path, scn: Path) -> None:
    name = scn.stem
    sdir = outdir / name
    if not sdir.is_dir():
        c.report(False, f"{name}: results came back", f"no {sdir}")
        return
    status = (sdir / "status").read_text().strip() if (sdir / "status").exists() else "missing"
    c.report(status == "0", f"{name}: guest status 0",
             "" if status == "0" else f"status {status}, see {sdir}/log.txt")
    bad = dmesg_problems(sdir / "dmesg.txt")
    c.report(not bad, f"{name}: dmesg has no oops/BUG/WARNING/leak",
             "; ".join(bad[:3]))
    try:
        taint = int((sdir / "tainted").read_text().split()[0])
        extra = taint & ~TAINT_EXPECTED
        letters = "".join(ch for i, ch in enumerate(TAINT_LETTERS) if extra >> i & 1)
        c.report(extra == 0, f"{name}: kernel not tainted beyond O/E (out-of-tree, unsigned)",
                 f"tainted={taint}" + (f", unexpected {letters}" if extra else ""))
    except (OSError, ValueError, IndexError) as e:
        c.report(False, f"{name}: kernel taint recorded", str(e))
    kinds = scenario_lines(scn, "kind")
    flows = flow_index(sdir)
    if not kinds or kinds[-1] == "traffic":
        qd = scenario_lines(scn, "qdisc")
        if not qd or qd[-1] != "none":
            try:
                entries = load_tc_json(sdir / "qdisc-after.json")
                mine = [e for e in entries if e.get("handle") == "10:"]
                c.report(bool(mine) and int(mine[0].get("packets", 0)) > 0,
                         f"{name}: qdisc under test (10:) attached and passed packets",
                         f"{mine[0]['kind']}: {mine[0].get('packets')} packets" if mine else "absent")
            except (OSError, ValueError) as e:
                c.report(False, f"{name}: qdisc-after.json readable", str(e))
        declared = len(scenario_lines(scn, "flow"))
        c.report(len(flows) == declared, f"{name}: every flow started",
                 f"{len(flows)} of {declared} in flows/index.txt")
        for fname, ftype in flows.items():
            try:
                m = flow_metrics(sdir, fname, ftype)
                shown = ", ".join(f"{k} {v:.2f}" for k, v in m.items())
                c.report(True, f"{name}: flow {fname} ({ftype}) produced results", shown)
            except (OSError, KeyError, ValueError, json.JSONDecodeError) as e:
                c.report(False, f"{name}: flow {fname} ({ftype}) produced results", str(e))
    for expr in scenario_lines(scn, "expect"):
        check_expect(c, sdir, name, expr, flows)


def dmesg_sections(path: Path) -> dict[str, list[str]]:
    """Problems per "MODULE STEP" section of a hygiene run's kernel log."""
    marker = re.compile(r"qdk-hygiene: begin (\S+) (\S+)")
    sections: dict[str, list[str]] = {"boot": []}
    current = "boot"
    for line in path.read_text(errors="replace").splitlines():
        m = marker.search(line)
        if m:
            current = "end" if m.group(2) == "end" else f"{m.group(1)} {m.group(2)}"
            sections.setdefault(current, [])
        elif BAD_DMESG.search(line):
            sections[current].append(line)
    return sections


def main(argv: list[str]) -> int:
    if len(argv) == 3 and argv[1] == "--dmesg":
        c = Checker()
        for section, bad in dmesg_sections(Path(argv[2])).items():
            if section not in ("boot", "end") or bad:
                c.report(not bad, f"{section}: no oops/BUG/WARNING/leak in dmesg",
                         "; ".join(bad[:2]))
        print(f"{c.passed} passed, {c.failed} failed")
        return 0 if c.failed == 0 else 1
    if len(argv) < 3:
        print("usage: check.py OUTDIR SCENARIO_FILE...", file=sys.stderr)
        return 2
    outdir = Path(argv[1])
    c = Checker()
    for s in argv[2:]:
        check_scenario(c, outdir, Path(s))
    print(f"{c.passed} passed, {c.failed} failed")
    return 0 if c.failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
