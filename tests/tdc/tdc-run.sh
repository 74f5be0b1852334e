#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# tdc-run.sh STEPS OUTDIR - run the kernel's tc-testing (tdc) cases, as
# tests/tdc/tdc.py compiled them, with whatever tc and ip the steps name:
# Debian's in the VM guest (busybox sh, from the tdc scenario's setup line),
# build/user/qdk-tc and qdk-ip on the host (tdc.py run). STEPS holds one
# "ID<TAB>STAGE<TAB>CODES<TAB>SHELL LINE" per step, STAGE one of setup,
# execute, verify, teardown, CODES the exit codes a setup or teardown step
# may return (comma separated). As tdc.py's exec_cmd() does, each line runs
# under sh -c and is stopped after 24 s. For step N of case ID the line's
# stdout, stderr and exit status go to OUTDIR/ID/N.{out,err,rc}.
#
# tdc.py stops the whole run when a setup step returns a code it does not
# allow; here only that case stops: its remaining setup, execute and verify
# steps are not run (OUTDIR/ID/setup-failed names the step) and its
# teardown runs, so the next case starts clean. Nothing is judged here: the
# host (tdc.py check) reads the files.
set -u
steps=${1:?usage: tdc-run.sh STEPS OUTDIR}
out=${2:?usage: tdc-run.sh STEPS OUTDIR}
[ -f "$steps" ] || { echo "tdc-run: $steps: no such file" >&2; exit 1; }
mkdir -p "$out"
tab=$(printf '\t')
cur="" failed=0 n=0 total=0
while IFS="$tab" read -r id stage codes line; do
	[ -n "$id" ] || continue
	if [ "$id" != "$cur" ]; then
		cur=$id failed=0 n=0
		mkdir -p "$out/$id"
	fi
	n=$((n + 1))
	if [ "$failed" = 1 ] && [ "$stage" != teardown ]; then
		continue
	fi
	timeout -s KILL 24 sh -c "$line" > "$out/$id/$n.out" 2> "$out/$id/$n.err" < /dev/null
	rc=$?
	echo "$rc" > "$out/$id/$n.rc"
	total=$((total + 1))
	if [ "$stage" = setup ]; then
		case ",$codes," in
		*",$rc,"*) ;;
		*) failed=1; echo "$n" > "$out/$id/setup-failed" ;;
		esac
	fi
done < "$steps"
echo "tdc-run: $total steps"
