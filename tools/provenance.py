# SPDX-License-Identifier: GPL-2.0
"""Where a measurement comes from: the commit measured and the machine.

The one owner of the words every results file starts its entries with
(bench/results.tsv, bench/recorder-results.txt, experiments/*/results.txt):
the docs link those files and never copy their figures.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

TOP = Path(__file__).resolve().parent.parent


def commit() -> str:
    """The commit measured (+dirty when the tree differs from it)."""

    def git(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(["git", "-C", str(TOP), *args], capture_output=True, text=True, check=False)

    head = git("rev-parse", "--short=12", "HEAD")
    if head.returncode:
        return "unknown"
    dirty = git("diff-index", "--quiet", "HEAD", "--").returncode
    return head.stdout.strip() + ("+dirty" if dirty else "")


def machine() -> str:
    """The CPU, its cores and the load it had: what the figures depend on."""
    model = "unknown CPU"
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    model = " ".join(line.split(":", 1)[1].split())
                    break
        with open("/proc/loadavg") as f:
            load = f.read().split()[0]
    except OSError:
        load = "?"
    return f"{model}, {os.cpu_count()} cores, load {load}"


def append_entry(path: Path, table: str) -> None:
    """TABLE onto the results file PATH after a line naming the commit and
    the machine; the file keeps every run's, oldest first."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "a") as f:
        f.write(f"== commit {commit()}; {machine()}\n{table.rstrip()}\n\n")
