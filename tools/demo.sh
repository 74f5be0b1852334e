#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# demo.sh - what `make demo` runs after the user build:
#  0. verify a trace the recorder captured from the template's kernel module
#     on Debian's kernel (traces/captured/template-record.qtr.zst): the user
#     build of the same source makes every decision the kernel made;
#  1. verify the bundled trace of the template (driven on a 10mbit link):
#     every verdict, dequeued packet, drop and statistic is checked again;
#  2. drive the same arrivals through the template over a slower 4mbit link
#     and at the recording rate, writing the new traces and JSON summaries;
#  3. verify what drive wrote, and plot queue length and sojourn time.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
R=${QDK_REPLAY:-$top/build/user/qdk-replay}
PY=${PYTHON:-/usr/bin/python3}
out=$top/build/demo
trace=$top/traces/template-demo.qtr
arrivals=$top/traces/arrivals/template-demo.qtr
qdisc="template limit 50"

[ -x "$R" ] || { echo "demo: $R is missing; run 'make demo' (it builds first)" >&2; exit 1; }
mkdir -p "$out"

captured=$top/traces/captured/template-record.qtr.zst
echo "== 0. replay what Debian's kernel did: ${captured#"$top"/}"
echo "   (captured by sch_recorder.ko around sch_template.ko in the VM: make capture NAME=template)"
"$R" verify "$captured"

echo
echo "== 1. verify the bundled trace ${trace#"$top"/}"
"$R" verify "$trace"

echo
echo "== 2. drive its arrivals (${arrivals#"$top"/}) through \"$qdisc\""
for rate in 10mbit 4mbit; do
	"$R" drive --qdisc "$qdisc" --rate $rate "$arrivals" \
		-o "$out/template-$rate.qtr" --summary "$out/template-$rate.json"
	"$PY" - "$out/template-$rate.json" <<'PY'
import json
import sys

s = json.load(open(sys.argv[1]))
t = s["total"]
soj = t["sojourn_ns"]
print(
    f"   {s['rate_bit_per_s'] / 1e6:g} Mbit/s: {t['arrived_packets']} packets arrived, "
    f"{t['sent_packets']} sent, {t['drops']} dropped; sojourn mean "
    f"{soj['mean'] / 1e6:.2f} ms, p99 {soj['p99'] / 1e6:.2f} ms, max {soj['max'] / 1e6:.2f} ms"
)
PY
done

echo
echo "== 3. verify what drive wrote, and plot"
"$R" verify -q "$out/template-10mbit.qtr" "$out/template-4mbit.qtr" && echo "   both verify"
"$PY" "$top/tools/plot.py" "$out/template-10mbit.json" "$out/template-4mbit.json" \
	-o "$out/template.png"

echo
echo "demo files:"
for f in template-10mbit.qtr template-4mbit.qtr template-10mbit.json template-4mbit.json template.png; do
	echo "   $out/$f"
done
