#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# bench-vm.sh [OUTDIR] - what the recorder costs, measured in one VM boot:
# the same traffic (TCP bulk, then 64-byte UDP as fast as iperf3 goes) over
# r1 with pfifo limit 1000 at the root
#   plain     no recorder
#   wrapped   recorder at the root, pfifo under it, no reader
#   raw       recorder with qdk-capture -r saving raw records to the guest's /tmp
#   rawfree   the same with freeze_clock=0 (no kretprobe on ktime_get)
#   capture   recorder with qdk-capture -o writing the trace text as it goes
# (vm/scenarios/record-bench-*.scn), ROUNDS times (default 2) interleaved.
# Prints TCP Mbit/s (receiver) and UDP packets/s delivered through the qdisc
# for each, averaged over the rounds, and the loss relative to plain;
# writes the table to OUTDIR/result.txt (default build/recorder/bench).
# Exit 1 when the VM gives no results. Under TCG the guest CPU is the
# bottleneck, so this shows the recorder's CPU cost per packet as
# throughput; the host is shared, so compare rounds before trusting 5%.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top" || exit 1
out=${1:-build/recorder/bench}
PY=${PYTHON:-/usr/bin/python3}

make -s -f recorder/capture.mk >/dev/null || exit 1
# the module built on its own: build/kernel is shared with other builds
ko=$out.kbuild
recorder/kbuild.sh "$ko" >/dev/null || exit 1
rounds=${ROUNDS:-2}
rm -rf "$out" "$out.scn"
mkdir -p "$out.scn"
scns=()
for r in $(seq 1 "$rounds"); do
	for v in plain wrapped raw rawfree capture; do
		cp vm/scenarios/record-bench-$v.scn "$out.scn/bench-$v-$r.scn"
		scns+=("$out.scn/bench-$v-$r.scn")
	done
done
KIT_MODULES="$ko/sch_recorder.ko" VM_EXTRA="$top/build/user/qdk-capture-static:/qdk/bin/qdk-capture" \
	vm/run -o "$out" "${scns[@]}" >"$out.log" 2>&1
rc=$?
if [ $rc -eq 2 ]; then
	echo "bench-vm: the VM gave no results (see $out.log)" >&2
	exit 1
fi

"$PY" - "$out" "$rounds" <<'EOF' | tee "$out/result.txt"
import json
import pathlib
import re
import sys

out = pathlib.Path(sys.argv[1])
rounds = int(sys.argv[2])


def numbers(name: str) -> tuple[float, float, str]:
    d = out / name
    tcp = json.loads((d / "flows/bulk.json").read_text())
    mbps = tcp["end"]["sum_received"]["bits_per_second"] / 1e6
    udp = json.loads((d / "flows/small.json").read_text())
    s = udp["end"]["sum"]
    pps = s["packets"] * (1 - s.get("lost_percent", 0) / 100) / s["seconds"]
    cap = d / "collect/capture.log"
    note = ""
    if cap.exists():
        m = re.search(r"(\d+) calls.*?(\d+) lost", cap.read_text())
        if m:
            note = f"{m.group(1)} calls recorded, {m.group(2)} lost"
    return mbps, pps, note


setups = ("plain", "wrapped", "raw", "rawfree", "capture")
runs = {v: [numbers(f"bench-{v}-{r}") for r in range(1, rounds + 1)] for v in setups}
mean = {v: (sum(x[0] for x in rs) / len(rs), sum(x[1] for x in rs) / len(rs)) for v, rs in runs.items()}
base_mbps, base_pps = mean["plain"]
print(f"{'setup':8} {'TCP Mbit/s':>11} {'loss':>7} {'UDP pkt/s':>10} {'loss':>7}  per round (Mbit/s, pkt/s); notes")
for v in setups:
    mbps, pps = mean[v]
    lm = 100 * (1 - mbps / base_mbps) if base_mbps else 0
    lp = 100 * (1 - pps / base_pps) if base_pps else 0
    each = " ".join(f"({m:.0f}, {p:.0f})" for m, p, _ in runs[v])
    notes = "; ".join(n for _, _, n in runs[v] if n)
    print(f"{v:8} {mbps:11.1f} {lm:6.1f}% {pps:10.0f} {lp:6.1f}%  {each}{'; ' + notes if notes else ''}")
EOF
