# SPDX-License-Identifier: GPL-2.0
"""Helpers every qdisc's drive-test shares (qdiscs/*/drive-test, tests/suites/25-drive),
and the tests of the drive tools (tools/test_pcap.py, tools/test_compare.py).

A drive-test puts tests/lib and tools on its path and imports these:

    TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    sys.path[:0] = [os.path.join(TOP, "tests", "lib"), os.path.join(TOP, "tools")]
    from drivetest import REPLAY, busy_bytes, check, finish, run, run_main  # noqa: E402
    ...
    if __name__ == "__main__":
        run_main(main)

It reads the traces drive writes through tools/qdktrace.py, never by hand.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from typing import NoReturn

import qdktrace

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
REPLAY = os.environ.get("QDK_REPLAY", os.path.join(TOP, "build/user/qdk-replay"))

results: list[tuple[bool, str]] = []


def check(ok: bool, what: str, detail: str = "") -> bool:
    """One assertion: an "ok" or "FAIL" line (with detail under a FAIL), counted by finish(); ok."""
    results.append((ok, what))
    print(("ok   " if ok else "FAIL ") + what)
    if not ok and detail:
        print("     " + detail.replace("\n", "\n     "))
    return ok


def finish() -> int:
    """Print "N passed, M failed" (25-drive sums them); the exit status."""
    failed = sum(1 for ok, _ in results if not ok)
    print(f"{len(results) - failed} passed, {failed} failed")
    return 1 if failed else 0


def run_main(main: Callable[[], int]) -> NoReturn:
    """Exit with main()'s status; a failure on the way (qdk-replay's exit,
    a file, a trace the reader refuses, a missing key) is one FAIL line."""
    try:
        sys.exit(main())
    except (OSError, subprocess.CalledProcessError, KeyError, ValueError, IndexError,
            qdktrace.TraceError) as e:
        print(f"FAIL {e}")
        print("0 passed, 1 failed")
        sys.exit(1)


def run(args: list[str]) -> None:
    """qdk-replay ARGS..., quiet; an error raises."""
    subprocess.run([REPLAY, *args], check=True, stdout=subprocess.DEVNULL)


def busy_bytes(path: str) -> int:
    """Bytes dequeued while arrivals lasted (the final drain excluded)."""
    size: dict[int, int] = {}
    sent: list[tuple[int, int]] = []
    last_arrival = 0
    for ev in qdktrace.events(path):
        if ev.op == "e":
            size[ev.id] = ev.pkt_len
            last_arrival = ev.ts
        elif ev.op == "d" and ev.id:
            sent.append((ev.ts, size[ev.id]))
    return sum(n for ts, n in sent if ts <= last_arrival)
