#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""make fidelity: how faithfully each upstream qdisc replays kernel captures.

Prints one row per capture, kind x option set, with the capture's events
(call lines), drops (x), marks (m), random draws (R values and `random`
values), packets the qdisc created (n) and what `qdk-replay verify` made of
it: exact, diverged at line N (the record it parted from), or refused (the
reason). Every kind upstream/kinds.txt lists gets a row, "no capture" when
none is committed, so the table shows what is missing, and so does every BPF
program the series' qdk-replay registers (`kinds`: the selftests' bpf_fifo
and bpf_fq, the BPF template as bpf_template; 7.x). Captures of the kit's
own qdiscs follow. mq and mqprio decide nothing about packets (the kernel
sends each to the qdisc of its transmit queue, which they graft): a capture
of a queue's child made under such a root (its scenario's setup adds that
root) is also that root's row, its options saying so.

    tools/fidelity.py                 the committed captures (traces/captured/, with
                                      diverging/: those that do not replay yet)
    tools/fidelity.py --dir DIR       every *.qtr[.zst] under DIR instead
    tools/fidelity.py --vm [NAME...]  capture afresh in the VM first (the
                                      record-* scenarios of the committed
                                      captures, or NAME...), then the table
    --kernel 6.12|7.x                 that series (default 6.1): its captures
                                      (traces/captured/SERIES/), its recorder
                                      and VM, its qdk-replay (build/user-SERIES/)
    --markdown                        a Markdown table instead of columns
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field, replace
from pathlib import Path

import qdktrace

TOP = Path(__file__).resolve().parent.parent
CAPTURED = TOP / "traces" / "captured"


def tag(series: str) -> str:
    """The suffix of a series' build folders (tools/kdir.sh): none for 6.1."""
    return "" if series == "6.1" else f"-{series}"


SCENARIOS = TOP / "vm" / "scenarios"
# a scenario's own root qdisc, above the recorder
ROOT = re.compile(r"^setup: tc qdisc add dev \$DEV root handle \S+ (\w+)", re.M)
DIVERGE = re.compile(r":(\d+): divergence at ([^:]+):")
REFUSED = re.compile(r":(\d+): (.*)")


@dataclass
class Row:
    kind: str
    name: str = ""
    options: str = ""
    events: int = 0
    drops: int = 0
    marks: int = 0
    draws: int = 0
    created: int = 0
    result: str = "no capture"
    notes: list[str] = field(default_factory=list)


def upstream_kinds(series: str) -> list[str]:
    """The kinds upstream/kinds.txt lists for SERIES (a line naming @SERIES
    words is those series' only)."""
    kinds: list[str] = []
    for line in (TOP / "upstream" / "kinds.txt").read_text().splitlines():
        words = line.split("#")[0].split()[1:]
        only = [w[1:] for w in words if w.startswith("@")]
        if not only or series in only:
            kinds.extend(w for w in words if not w.startswith("@"))
    return kinds


def series_only_sources(series: str) -> list[str]:
    """The NAMEs of net/sched/sch_NAME.c that kinds.txt marks @SERIES for
    SERIES: newer than Debian's configs, so their modules are built from the
    series' source for the VM (recorder/kbuild.sh UPSTREAM_QDISCS)."""
    names: list[str] = []
    for line in (TOP / "upstream" / "kinds.txt").read_text().splitlines():
        words = line.split("#")[0].split()
        if len(words) > 1 and f"@{series}" in words[1:]:
            names.append(words[0].removeprefix("sch_").removesuffix(".c"))
    return names


def count(path: Path) -> Row:
    """Kind, options and the counts of one trace (qdktrace's; up to a line it
    refuses, which verify then names)."""
    row = Row(kind="?", name=path.name.split(".qtr")[0])
    c = qdktrace.Counts()
    with qdktrace.open_trace(str(path)) as t:
        if t.header.qdisc is not None:
            w = t.header.qdisc.split()
            row.kind = w[0]
            row.options = " ".join(w[1:]) or "(defaults)"
        row.draws = len(t.header.random)
        with contextlib.suppress(qdktrace.TraceError):
            for ev in t:
                c.add(ev)
    row.events, row.drops, row.marks, row.created = c.calls, c.drops, c.marks, c.made
    row.draws += c.draws
    return row


def root_kind(row: Row) -> str | None:
    """The root qdisc the capture's scenario (named as the capture) set up
    above the recorder, if not the recorder itself, nor the captured qdisc
    (a kind that must be the root, the recorder attached to it in place)."""
    scn = SCENARIOS / f"{row.name}.scn"
    m = ROOT.search(scn.read_text()) if scn.is_file() else None
    return m.group(1) if m and m.group(1) not in ("recorder", row.kind) else None


def verify(replay: Path, path: Path, kinds: set[str], row: Row) -> None:
    if row.kind not in kinds:
        row.result = "refused: kind not in the shim"
        return
    with tempfile.NamedTemporaryFile("wb", suffix=".qtr") as tmp:
        if not re.search(r"\.qtr(\.zst|\.gz)?$", path.name):
            # pending/, diverging/: named so that the replay suites skip them
            with qdktrace.raw(str(path)) as src:
                shutil.copyfileobj(src, tmp)
            tmp.flush()
            path = Path(tmp.name)
        p = subprocess.run([str(replay), "verify", "-q", str(path)],
                           check=False, capture_output=True, text=True)
    out = p.stderr + p.stdout
    if p.returncode == 0:
        row.result = "exact"
    elif p.returncode == 1 and (m := DIVERGE.search(out)):
        row.result = f"diverged at line {m.group(1)} ({m.group(2)})"
    elif p.returncode == 2 and (m := REFUSED.search(out)):
        row.result = f"refused: line {m.group(1)}: {m.group(2)}"
    else:
        row.result = f"verify exit {p.returncode}"


def scenario_modules(name: str) -> list[str]:
    """The modules a scenario's `modules:` line loads."""
    scn = SCENARIOS / f"{name}.scn"
    m = re.search(r"^modules:(.*)$", scn.read_text(), re.M) if scn.is_file() else None
    return m.group(1).split() if m else []


def fresh(names: list[str], outdir: Path, series: str) -> Path:
    """Capture NAMES in one VM boot of SERIES; return the folder holding the traces."""
    # the series' modules, where 75-record builds them (KERNEL in the
    # environment picks the series for kbuild.sh and vm/run)
    senv = dict(os.environ, KERNEL=series)
    kb = f"build/recorder/kbuild{tag(series)}"
    # the kinds the series' tree has and Debian does not build (dualpi2)
    ups = [q for q in series_only_sources(series)
           if any(f"sch_{q}" in scenario_modules(n) for n in names)]
    build = subprocess.run(["recorder/kbuild.sh", kb], check=False, cwd=TOP,
                           env=dict(senv, UPSTREAM_QDISCS=" ".join(ups)))
    if build.returncode:
        sys.exit("fidelity: recorder/kbuild.sh failed")
    kit = [TOP / kb / m for m in ("sch_recorder.ko", "sch_template.ko")]
    kit += [TOP / kb / f"sch_{q}.ko" for q in ups]
    if "record-ared-noseed" in names:
        # the kit's ared, built on its own as 75-record does
        subprocess.run(["recorder/kbuild.sh", f"{kb}-ared"], check=False,
                       cwd=TOP, env=dict(senv, KIT_QDISCS="ared"))
        ared = TOP / f"{kb}-ared/sch_ared.ko"
        if ared.is_file():
            kit.append(ared)
        else:
            names = [n for n in names if n != "record-ared-noseed"]
    subprocess.run(["make", "-s", "-f", "recorder/capture.mk"], cwd=TOP, check=True)
    # the BPF programs the guest registers (vm/run ships build/bpf-SERIES/)
    if any(n.startswith("record-bpf_") for n in names) and subprocess.run(
            ["tools/bpf-build.sh"], cwd=TOP, check=False, stdout=subprocess.DEVNULL).returncode:
        sys.exit("fidelity: tools/bpf-build.sh failed")
    env = dict(senv,
               KIT_MODULES=" ".join(str(k) for k in kit),
               VM_EXTRA=f"{TOP}/build/user/qdk-capture-static:/qdk/bin/qdk-capture")
    env.setdefault("VM_SMP", "2")
    p = subprocess.run([str(TOP / "vm" / "run"), "-o", str(outdir), *names], check=False,
                       env=env)
    if p.returncode == 2:
        sys.exit(f"fidelity: vm/run gave no results (see {outdir})")
    traces = outdir / "traces"
    traces.mkdir(exist_ok=True)
    for n in names:
        q = outdir / n / "collect" / f"{n}.qtr"
        if q.is_file():
            (traces / q.name).write_bytes(q.read_bytes())
    return traces


def table(rows: list[Row], markdown: bool) -> str:
    head = ["kind", "capture", "options", "events", "drops", "marks", "draws", "created",
            "result"]
    body = [[r.kind, r.name or "-", r.options or "-", *(str(x) if r.name else "-" for x in
            (r.events, r.drops, r.marks, r.draws, r.created)), r.result] for r in rows]
    if markdown:
        lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
        lines += ["| " + " | ".join(c.replace("|", "\\|") for c in b) + " |" for b in body]
        return "\n".join(lines)
    width = [max(len(x[i]) for x in [head, *body]) for i in range(len(head) - 1)]
    out = []
    for b in [head, *body]:
        cells = [c.ljust(width[i]) if i < 3 else c.rjust(width[i])
                 for i, c in enumerate(b[:-1])]
        out.append("  ".join(cells) + "  " + b[-1])
    return "\n".join(out)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dir", type=Path, help="the traces under DIR instead of the committed ones")
    ap.add_argument("--vm", nargs="*", metavar="NAME",
                    help="capture afresh in the VM first (default: the committed ones' scenarios)")
    ap.add_argument("--kernel", default="6.1", choices=("6.1", "6.12", "7.x"),
                    help="the kernel series (its captures, VM and qdk-replay)")
    ap.add_argument("--out", type=Path, help="vm/run's output folder for --vm "
                    "(default build/fidelity[-SERIES])")
    ap.add_argument("--replay", type=Path,
                    help="qdk-replay (default the series' build/user[-SERIES]/)")
    ap.add_argument("--markdown", action="store_true")
    a = ap.parse_args()
    sfx = tag(a.kernel)
    a.out = a.out or TOP / "build" / f"fidelity{sfx}"
    a.replay = a.replay or TOP / "build" / f"user{sfx}" / "qdk-replay"

    # 6.1's at the top of traces/captured/, a newer series' in SERIES/
    captured = CAPTURED / a.kernel if sfx else CAPTURED
    committed = sorted(p for p in captured.glob("*.qtr*") if ".pending" not in p.name)
    committed += sorted((captured / "pending").glob("*.pending"))
    # captures that do not replay yet, kept so the table says where they part
    committed += sorted((captured / "diverging").glob("*.diverging"))
    if a.vm is not None:
        names = a.vm or [p.name.split(".qtr")[0] for p in committed
                         if p.name.startswith("record-")]
        traces = sorted(fresh(names, a.out, a.kernel).glob("*.qtr"))
    elif a.dir:
        traces = sorted(p for p in a.dir.rglob("*") if re.search(r"\.qtr(\.zst)?$", p.name))
    else:
        traces = committed
    if not a.replay.is_file():
        sys.exit(f"fidelity: {a.replay} not built (make user KERNEL={a.kernel})")
    kinds_out = subprocess.run([str(a.replay), "kinds"], check=True, capture_output=True,
                               text=True).stdout
    shim_kinds = {ln.split()[0] for ln in kinds_out.splitlines() if ln.strip()}
    bpf = [ln.split()[0] for ln in kinds_out.splitlines() if ln.endswith("(a BPF program)")]

    up = upstream_kinds(a.kernel)
    by_kind: dict[str, list[Row]] = {}
    for t in traces:
        try:
            row = count(t)
            verify(a.replay, t, shim_kinds, row)
        except qdktrace.TraceError as e:
            row = Row(kind="?", name=t.name.split(".qtr")[0], result=f"refused: line {e.line}: {e.reason}")
        by_kind.setdefault(row.kind, []).append(row)
        root = root_kind(row)
        if root:
            by_kind.setdefault(root, []).append(replace(
                row, kind=root, options=f"root; a queue's {row.kind} {row.options}"))
    rows: list[Row] = []
    for k in up + bpf:
        rows += by_kind.pop(k, []) or [Row(kind=k)]
    for k in sorted(by_kind):
        rows += by_kind[k]
    print(table(rows, a.markdown))

    def summary(kinds: list[str], what: str) -> str:
        caught = [k for k in kinds if any(r.kind == k and r.name for r in rows)]
        exact2 = [k for k in kinds
                  if sum(1 for r in rows if r.kind == k and r.result == "exact") >= 2]
        return (f"{len(kinds)} {what}: {len(caught)} captured, "
                f"{len(exact2)} exact under two option or traffic sets or more")
    print(f"\n{summary(up, 'upstream kinds')}; "
          f"{sum(r.result == 'exact' for r in rows)} of "
          f"{sum(bool(r.name) for r in rows)} captures exact")
    if bpf:
        print(summary(bpf, "BPF programs"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
