#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# qdisc-trace.sh NAME [OUT] - the sample trace of a kit qdisc, made by its
# own code (`make trace NAME=foo`, or `make foo-trace`): qdk-replay gen makes
# 40 ms of arrivals that overload a 10 Mbit/s link (TCP-like bulk at 6 Mbit/s,
# 8 Mbit/s of 1000-byte CBR, a small Poisson flow marked DSCP 46), and
# qdk-replay drive sends them through "NAME OPTS" in front of that link. The
# result, a full trace `qdk-replay verify` replays, is written to OUT
# (default: the qdisc's NAME.qtr, template/ or qdiscs/NAME/).
#
# OPTS: $OPTS when set, else the options of the qdisc line of the trace
# being replaced, else none. After a change to the algorithm, this is how the
# sample trace follows it. A trace this script did not make (a hand-written
# or captured one) is not overwritten.
#
# QDK_REPLAY names qdk-replay (default build/user/qdk-replay, which must
# include the qdisc: `make trace` builds it first).
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
prog=qdisc-trace
# shellcheck source=tools/qdisc-lib.sh
. "$top/tools/qdisc-lib.sh"
name=${1:-}
qdisc_dir "$name" "make trace NAME=yourqdisc [OPTS=\"...\"]"
out=${2:-$dir/$name.qtr}
R=${QDK_REPLAY:-$R}
[ -x "$R" ] || die "$R is not built (make -f Makefile.user all)"

marker="# Made by \`make trace NAME=$name\`"
old=$dir/$name.qtr
if [ -f "$out" ] && ! grep -qF "$marker" "$out"; then
	die "$out was not made by make trace (hand-written or captured): not overwriting it"
fi
if [ -z "${OPTS+set}" ]; then
	OPTS=""
	[ -f "$old" ] && OPTS=$(sed -n "s/^qdisc $name\( [0-9a-f]*:\)\{0,1\} *//p" "$old" | head -n 1)
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$R" gen --flow bulk:rate=6mbit --flow cbr:rate=8mbit,size=1000 \
	--flow poisson:rate=1mbit,size=200,tos=0xb8 --duration 40ms --seed 1 -o "$tmp/arrivals.qtr"
"$R" drive --qdisc "$name${OPTS:+ $OPTS}" --rate 10mbit --interval 5ms \
	"$tmp/arrivals.qtr" -o "$tmp/drive.qtr"
{
	head -n 1 "$tmp/drive.qtr"
	echo "# SPDX-License-Identifier: GPL-2.0"
	echo "$marker (tools/qdisc-trace.sh) from the qdisc's own code:"
	echo "# 40 ms of TCP-like bulk (6 Mbit/s), 1000-byte CBR (8 Mbit/s) and a small"
	echo "# DSCP 46 Poisson flow through \"$name${OPTS:+ $OPTS}\" on a 10 Mbit/s link."
	echo "# Run it again after changing the algorithm; qdk-replay verify replays it."
	tail -n +2 "$tmp/drive.qtr"
} >"$tmp/out.qtr"
"$R" verify -q "$tmp/out.qtr" >/dev/null || die "the new trace does not verify (a nondeterministic qdisc?)"
mv -f "$tmp/out.qtr" "$out"
echo "qdisc-trace: wrote ${out#"$top"/} ($(grep -c ' e ' "$out") arrivals, $(grep -c ' x ' "$out") drops)"
