#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# tdc-run.sh STEPS OUTDIR - run the kernel's tc-testing (tdc) cases, as
# tests/tdc/tdc.py compiled them, with whatever tc and ip the steps name:
# Debian's in the VM guest (busybox sh, from the tdc scenario's setup line),
# build/user/qdk-tc and qdk-ip on the host (tdc.py run). STEPS holds one
# "ID<TAB>STAGE<TAB>CODES<TAB>SHELL LINE" per step, STAGE one of probe
# (a case's dependsOn), pre (a device nsPlugin makes), setup, execute,
# verify, teardown, post (what nsPlugin made removed), CODES the exit codes
# a step may return (comma separated). As tdc.py's exec_cmd() does, each line runs
# under sh -c and is stopped after 24 s. For step N of case ID the line's
# stdout, stderr and exit status go to OUTDIR/ID/N.{out,err,rc}.
#
# A probe that fails skips its case whole (OUTDIR/ID/probe-failed), as
# tdc.py does. tdc.py stops the whole run when a setup (or nsPlugin) step
# returns a code it does not allow; here only that case stops: its
# remaining pre, setup, execute and verify steps are not run
# (OUTDIR/ID/setup-failed names the step) and its teardown and post steps
# run, so the next case starts clean. Nothing is judged here: the host
# (tdc.py check) reads the files.
set -u
steps=${1:?usage: tdc-run.sh STEPS OUTDIR}
out=${2:?usage: tdc-run.sh STEPS OUTDIR}
[ -f "$steps" ] || { echo "tdc-run: $steps: no such file" >&2; exit 1; }
mkdir -p "$out"
tab=$(printf '\t')
cur="" failed=0 probed=0 n=0 total=0
while IFS="$tab" read -r id stage codes line; do
	[ -n "$id" ] || continue
	if [ "$id" != "$cur" ]; then
		cur=$id failed=0 probed=0 n=0
		mkdir -p "$out/$id"
	fi
	n=$((n + 1))
	[ "$probed" = 1 ] && continue
	if [ "$failed" = 1 ] && [ "$stage" != teardown ] && [ "$stage" != post ]; then
		continue
	fi
	timeout -s KILL 24 sh -c "$line" > "$out/$id/$n.out" 2> "$out/$id/$n.err" < /dev/null
	rc=$?
	echo "$rc" > "$out/$id/$n.rc"
	total=$((total + 1))
	case $stage in
	probe)
		[ "$rc" = 0 ] || { probed=1; echo "$n" > "$out/$id/probe-failed"; } ;;
	pre | setup)
		case ",$codes," in
		*",$rc,"*) ;;
		*) failed=1; echo "$n" > "$out/$id/setup-failed" ;;
		esac ;;
	esac
done < "$steps"
echo "tdc-run: $total steps"
