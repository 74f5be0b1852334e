#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# tc-run.sh STEPS OUTDIR - run the kit's tc cases in the VM guest (busybox sh,
# router netns, from the tc-kit scenario's setup line). STEPS is what
# `tcplugin/tccases.py compile` wrote: one "ID<TAB>SNAP<TAB>SHELL LINE" per
# step. For each step the line's stdout, stderr and exit status go to
# OUTDIR/ID.{out,err,rc}; when SNAP is 1, tc's four views of r1 afterwards
# go to OUTDIR/ID.{show,sshow,json,sjson}. Nothing is judged here: the host
# (tccases.py check) compares the files against the cases. Exit 0 unless the
# step list is missing. Outside the guest (tests/suites/35-usertc-ns runs the
# steps through qdk-tc) the caller sets DEV and puts its tc first in PATH.
set -u
steps=${1:?usage: tc-run.sh STEPS OUTDIR}
out=${2:?usage: tc-run.sh STEPS OUTDIR}
[ -f "$steps" ] || { echo "tc-run: $steps: no such file" >&2; exit 1; }
if [ -f /qdk/guest/env.sh ]; then
	. /qdk/guest/env.sh
fi
: "${DEV:?tc-run: DEV is not set}"
mkdir -p "$out"
tab=$(printf '\t')
n=0
while IFS="$tab" read -r id snap line; do
	[ -n "$id" ] || continue
	echo "qdk: tc-run: $id: $line"
	(eval "$line") > "$out/$id.out" 2> "$out/$id.err" < /dev/null
	echo $? > "$out/$id.rc"
	if [ "$snap" = 1 ]; then
		tc qdisc show dev "$DEV" > "$out/$id.show" 2>&1
		tc -s qdisc show dev "$DEV" > "$out/$id.sshow" 2>&1
		tc -j qdisc show dev "$DEV" > "$out/$id.json" 2>&1
		tc -s -j qdisc show dev "$DEV" > "$out/$id.sjson" 2>&1
	fi
	n=$((n + 1))
done < "$steps"
echo "qdk: tc-run: $n steps"
