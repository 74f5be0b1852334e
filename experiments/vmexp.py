# SPDX-License-Identifier: GPL-2.0
"""What every VM reproduction under experiments/ shares.

An experiment writes rig scenarios (vm/README.md's format) into its output
directory, boots them all in one VM run (or QDK_VM_JOBS at once), checks each with the rig's own
checks (vm/check.py) and then reads the flows' results through check.py's
readers; rates per phase of a run come from the flows' per-second intervals
on the receiving side (iperf3 server's, which the rig's TCP clients fetch
with --get-server-output; udpflow's, in the same shape).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

TOP = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(TOP / "vm"))
sys.path.insert(0, str(TOP / "tools"))
import check  # noqa: E402  (vm/check.py: the rig's one reader of flow results)
import provenance  # noqa: E402  (tools/provenance.py: a results file's entries)

__all__ = ["TOP", "check", "intervals", "options", "phase_rate", "pyplot", "report", "run_scenarios",
           "save_figure", "verdict", "claim"]


def run_scenarios(outdir: Path, scenarios: dict[str, str]) -> tuple[Path, check.Checker] | None:
    """Write NAME.scn for each scenario text, run them in QDK_VM_JOBS VMs at
    once (default 1; dealt in turn, each VM's results moved into one
    folder), check them.

    Returns the VMs' output directory and the checker with the rig's
    verdicts, or None when a VM produced no results (vm/run's exit status 2).
    """
    scn_dir = outdir / "scenarios"
    scn_dir.mkdir(parents=True, exist_ok=True)
    files = []
    for name, text in scenarios.items():
        p = scn_dir / f"{name}.scn"
        p.write_text(text)
        files.append(p)
    vmo = outdir / "vm"
    jobs = vm_jobs(len(files))
    if jobs == 1:
        rc = subprocess.run([str(TOP / "vm/run"), "-o", str(vmo), *map(str, files)]).returncode
    else:
        # each VM's own folder (its console, its results disk), merged after
        parts = [files[k::jobs] for k in range(jobs)]
        runs = [subprocess.Popen([str(TOP / "vm/run"), "-o", f"{vmo}.j{k}", *map(str, part)])
                for k, part in enumerate(parts)]
        rc = max(r.wait() for r in runs)
        merge_runs(vmo, [(Path(f"{vmo}.j{k}"), part) for k, part in enumerate(parts)])
    if rc == 2:
        print(f"{outdir.name}: the VM produced no results", file=sys.stderr)
        return None
    c = check.Checker()
    for p in files:
        check.check_scenario(c, vmo, p)
    return vmo, c


def vm_jobs(n: int) -> int:
    """How many VMs run N scenarios: QDK_VM_JOBS (default 1: one VM's guest
    is one host thread, and a second beside it needs a core of its own), at
    most N; a value that is not a positive number is an error."""
    raw = os.environ.get("QDK_VM_JOBS", "1")
    if not raw.isdigit() or int(raw) < 1:
        sys.exit(f"QDK_VM_JOBS={raw}: not a positive number of VMs")
    return max(1, min(int(raw), n))


def merge_runs(vmo: Path, runs: list[tuple[Path, list[Path]]]) -> None:
    """Each scenario's results from its VM's folder into VMO/NAME (the one
    before kept as NAME.prev, as vm/run keeps it); the VMs' consoles as
    VMO/console.jK.log."""
    vmo.mkdir(parents=True, exist_ok=True)
    for k, (out, part) in enumerate(runs):
        for p in part:
            src, dst = out / p.stem, vmo / p.stem
            # an earlier run's results go aside even when this VM gave none
            if dst.exists():
                shutil.rmtree(dst.with_name(dst.name + ".prev"), ignore_errors=True)
                dst.rename(dst.with_name(dst.name + ".prev"))
            if src.exists():
                src.rename(dst)
        if (out / "console.log").exists():
            (out / "console.log").replace(vmo / f"console.j{k}.log")


def intervals(flow_json: Path) -> list[dict[str, float]]:
    """A flow's per-second received rates: iperf3's receiver side (the
    server's intervals, which the rig's TCP clients fetch), udpflow's own."""
    data = json.loads(flow_json.read_text())
    data = data.get("server_output_json", data)
    return [iv["sum"] for iv in data.get("intervals", [])]


def phase_rate(flow_json: Path, start: float, end: float) -> float:
    """Mean received rate (bit/s) of a flow over its intervals that lie in
    [start, end) seconds after the flow began."""
    rates = [iv["bits_per_second"] for iv in intervals(flow_json)
             if iv["start"] >= start - 0.01 and iv["end"] <= end + 0.01]
    if not rates:
        raise ValueError(f"{flow_json}: no interval in [{start:g}, {end:g}) s")
    return sum(rates) / len(rates)


def report(outdir: Path, lines: list[str], results: dict[str, Any]) -> None:
    """A runner's table: LINES printed and saved as OUTDIR/table.txt, and its
    numbers, RESULTS, as OUTDIR/results.json."""
    text = "\n".join(lines) + "\n"
    print(text, end="")
    (outdir / "table.txt").write_text(text)
    (outdir / "results.json").write_text(json.dumps(results, indent=1) + "\n")


def keep(folder: str, table: str, full: bool, name: str = "results.txt") -> None:
    """A full run's TABLE onto experiments/FOLDER/NAME, after the commit and
    the machine: the folder's README links that file and shows no figure of
    its own. A short run (make check) keeps nothing."""
    if full:
        provenance.append_entry(TOP / "experiments" / folder / name, table)


def verdict(held: bool, what: str) -> str:
    """One check's line, as vm/check.py prints them (the suites count them)."""
    return f"{'ok  ' if held else 'FAIL'} {what}"


def claim(held: bool, what: str, short: bool, full: str) -> str:
    """A paper's comparison of rates or windows: a check at full length; in
    a short run (make check) a note, which no suite counts. On TCG the
    guest's speed follows the host's load, and a short run on a busy
    two-core machine has reversed a comparison the full run holds by twice
    the margin; the full run (FULL, and make vmtest's 77-experiments) is
    what asserts it."""
    if not short:
        return verdict(held, what)
    return f"note {what}: {'holds' if held else 'does not hold'} in this short run ({full} asserts it)"


def options(doc: str, name: str, short_help: str,
            extra: Callable[[argparse.ArgumentParser], None] | None = None) -> argparse.Namespace:
    """A runner's command line: --short (what make check runs) and -o OUTDIR,
    by default build/experiments/NAME (NAME-short with --short); EXTRA adds
    a runner's own options to the parser."""
    ap = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    ap.add_argument("--short", action="store_true", help=short_help)
    ap.add_argument("-o", type=Path, help="output directory")
    if extra:
        extra(ap)
    a = ap.parse_args()
    a.o = a.o or TOP / "build/experiments" / (f"{name}-short" if a.short else name)
    return a


def pyplot() -> Any:
    """matplotlib's pyplot, drawing without a display; imported only when a
    runner draws (its table needs no matplotlib)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def save_figure(fig: Any, path: Path) -> None:
    """FIG laid out and saved as PNG, without the matplotlib version (the
    same bytes for the same numbers), then closed."""
    fig.tight_layout()
    fig.savefig(path, dpi=100, metadata={"Software": None})
    pyplot().close(fig)
