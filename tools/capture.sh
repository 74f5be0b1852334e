#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# capture.sh NAME - `make capture NAME=foo [OPTS="..."]`: a trace of the kit
# qdisc NAME captured from Debian's kernel in the VM, verified by the
# replay. In order:
#   1. builds sch_recorder.ko and sch_NAME.ko (recorder/kbuild.sh, into
#      build/capture/NAME/kbuild), qdk-capture (static, for the guest),
#      qdk-replay and NAME's tc plugin (the user build); vm/run builds the
#      VM image and initramfs when they are missing;
#   2. runs NAME's record scenario (qdiscs/NAME/NAME-record.scn, made by
#      `make new`; else vm/scenarios/NAME-record.scn) in the VM with those: TCP and UDP traffic keep NAME's
#      queue full under a 10 Mbit/s tbf while the recorder records every call;
#      OPTS, when given, replaces NAME's options in the scenario;
#   3. checks the run as the VM suites do (vm/check.py: no oops or WARNING in
#      dmesg, the flows ran) and verifies the trace with qdk-replay verify,
#      decision for decision.
# DEBUG=1 runs it on the series' debug kernel (tools/kernel-debug.sh), into
# build/capture/NAME-debug/.
# The trace is build/capture/NAME/NAME-record.qtr; `make regress NAME=NAME`
# (tools/capture.sh --regress NAME) turns it into a regression test:
# qdiscs/NAME/NAME-record.qtr.zst (the template's: traces/captured/), which
# tests/suites/30-replay replays.
#
# A BPF qdisc (qdiscs/NAME/NAME.bpf.c, `make new TYPE=bpf`) is captured on
# the 7.x series, the first with BPF qdiscs: its program is compiled by
# clang for that kernel (tools/bpf-build.sh), registered by bpftool in the
# guest and attached at the root under the recorder (its NAME-record.scn);
# the 7.x recorder and qdk-replay record and verify it. It takes no OPTS
# (tc has nothing to pass a BPF qdisc), DEBUG=1 and KSRC= are for modules.
#
# Exit status: 0 captured and verified, 1 the capture failed or diverged,
# 2 bad input.
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
prog=capture
# shellcheck source=tools/qdisc-lib.sh
. "$top/tools/qdisc-lib.sh"
regress=0
if [ "${1:-}" = --regress ]; then
	regress=1
	shift
fi
name=${1:-}
qdisc_dir "$name" "make capture NAME=yourqdisc [OPTS=\"tc options\"]"
out=$top/build/capture/$name
trace=$out/$name-record.qtr
if [ "$bpf" = 1 ]; then
	[ -z "${OPTS+set}" ] || die "$name is a BPF qdisc: it takes no tc options (OPTS)"
	[ "${DEBUG:-0}" != 1 ] && [ -z "${KSRC:-}" ] || die "$name is a BPF qdisc: DEBUG=1 and KSRC= capture modules"
	export KERNEL=7.x
fi
# DEBUG=1: the same capture on the series' debug kernel (tools/kernel-debug.sh:
# sleeping in atomic context, lockdep, KASAN, kmemleak report in the guest's
# dmesg, and the run fails on them), into build/capture/NAME-debug/. Only the
# kernel side is a debug build: the replay that verifies it is the plain one.
# KSRC=DIR: the same on your own tree's kernel, built with the debug
# kernel's configuration (its net/sched modules are the tree's), into
# build/capture/NAME-ksrc-TREE-HASH/.
debug=${DEBUG:-0}
if { [ "$debug" = 1 ] || [ -n "${KSRC:-}" ]; } && [ $regress -eq 0 ]; then
	out=$top/build/capture/$name-debug
	if [ -n "${KSRC:-}" ]; then
		out=$top/build/capture/$name-$("$top/tools/ksrc.sh" --tag "$KSRC")
		echo "capture: $KSRC's kernel with the debug configuration (tools/kernel-debug.sh; incremental)"
	else
		echo "capture: the debug kernel (tools/kernel-debug.sh; built once, cached)"
	fi
	trace=$out/$name-record.qtr
	KDIR=$("$top/tools/kernel-debug.sh") || die "the debug kernel did not build"
	# its checks make the guest several times slower under TCG: the scenario
	# gets 300 s before the guest kills it (a VM_SET timeout= of yours wins)
	VM_SET="timeout=300${VM_SET:+ $VM_SET}"
	export KDIR VM_SET
fi

if [ $regress -eq 1 ]; then
	[ -s "$trace" ] || die "no ${trace#"$top"/}: run make capture NAME=$name first"
	dest=$dir/$name-record.qtr.zst
	# not into template/: make new would copy it into every new qdisc
	[ "$name" != template ] || dest=$top/traces/captured/template-record.qtr.zst
	"$R" verify -q "$trace" >/dev/null || die "${trace#"$top"/} does not verify with this tree's $name"
	zstd -q -19 -f "$trace" -o "$dest.tmp$$"
	mv -f "$dest.tmp$$" "$dest"
	echo "capture: ${dest#"$top"/} is a regression test now: tests/suites/30-replay replays it"
	echo "  with every committed trace (tests/run-all 30-replay). Commit it:"
	echo "  git add ${dest#"$top"/}"
	exit 0
fi

# the qdisc's own scenario (make new makes one), else the rig's for the
# qdiscs that predate it
scn=$dir/$name-record.scn
[ -f "$scn" ] || scn=$top/vm/scenarios/$name-record.scn
[ -f "$scn" ] || die "no ${dir#"$top"/}/$name-record.scn (make new makes one from template/template-record.scn)"
opts=${OPTS-}
# OPTS goes into shell lines in the guest: tc words only.
case "$opts" in *[!A-Za-z0-9_.:/%+\ -]*) die "OPTS='$opts': only tc words (letters, digits, . : / % + -)" ;; esac

mkdir -p "$out"
rm -f "$trace"
log=$out/build.log
step() { echo "capture: $*"; }
kq=$name
[ "$name" = template ] || [ "$bpf" = 1 ] && kq=""
if [ "$bpf" = 1 ]; then
	step "building the 7.x sch_recorder.ko, qdk-capture, the 7.x qdk-replay and $name.bpf.o (log: ${log#"$top"/})"
else
	step "building sch_recorder.ko and sch_$name.ko, qdk-capture, qdk-replay and q_$name.so (log: ${log#"$top"/})"
fi
if ! { KIT_QDISCS=$kq "$top/recorder/kbuild.sh" "$out/kbuild" &&
	make -s -f "$top/recorder/capture.mk" DEBUG= &&
	make -s -j2 -f "$top/Makefile.user" DEBUG= ${KERNEL:+KERNEL=$KERNEL} all &&
	{ [ "$bpf" = 0 ] || "$top/tools/bpf-build.sh" "$dir/$name.bpf.c"; }; } >"$log" 2>&1; then
	tail -n 30 "$log" >&2
	echo "capture: the build failed (${log#"$top"/})" >&2
	exit 1
fi

# The scenario, with OPTS on its two option lines when given.
run_scn=$out/$name-record.scn
awk -v kind="$name" -v opts="$opts" -v set="${OPTS+1}" '
	set && /^setup: .*qdk-capture / && sub(/--qdisc-opts "[^"]*"/, "--qdisc-opts \"" opts "\"") { n++ }
	set && $0 ~ "^setup: tc qdisc add dev [$]DEV parent 5:1 handle 10: " kind "( |$)" {
		$0 = "setup: tc qdisc add dev $DEV parent 5:1 handle 10: " kind (opts == "" ? "" : " " opts); n++
	}
	{ print }
	END { if (set && n != 2) exit 3 }' "$scn" >"$run_scn" ||
	die "${scn#"$top"/}: no --qdisc-opts \"...\" and \"tc qdisc add dev \$DEV parent 5:1 handle 10: $name\" lines to put OPTS in"

step "running ${scn#"$top"/}${OPTS+ with OPTS=\"$opts\"} in the VM"
rc=0
if [ "$bpf" = 1 ]; then
	KIT_MODULES="$out/kbuild/sch_recorder.ko" \
	VM_EXTRA="$top/build/user/qdk-capture-static:/qdk/bin/qdk-capture" \
	VM_BPF="$top/build/bpf-7.x/$name.bpf.o" \
		"$top/vm/run" -o "$out" "$run_scn" || rc=$?
else
	KIT_MODULES="$out/kbuild/sch_recorder.ko $out/kbuild/sch_$name.ko" \
	VM_EXTRA="$top/build/user/qdk-capture-static:/qdk/bin/qdk-capture" \
	VM_TC_PLUGINS="$top/build/user/tc/q_$name.so" \
		"$top/vm/run" -o "$out" "$run_scn" || rc=$?
fi
res=$out/$name-record
got=$res/collect/$name-record.qtr
sed 's/^/  /' "$res/collect/capture.log" 2>/dev/null | grep 'qdk-capture:' || true
if [ $rc -ne 0 ] || [ ! -s "$got" ]; then
	echo "capture: the scenario failed (vm/run exit $rc): see ${res#"$top"/}/log.txt and ${out#"$top"/}/console.log" >&2
	exit 1
fi
# the rig's checks: dmesg free of oopses and WARNINGs, flows ran, expect: lines
if ! "${PYTHON:-/usr/bin/python3}" "$top/vm/check.py" "$out" "$run_scn" >"$out/check.txt" 2>&1; then
	grep -v '^ok ' "$out/check.txt" >&2
	echo "capture: the kernel run failed its checks (${out#"$top"/}/check.txt)" >&2
	exit 1
fi
cp "$got" "$trace"

step "verifying ${trace#"$top"/}"
if ! "$R" verify "$trace"; then
	echo "capture: the kernel's $name and the replay's disagree (above); fix the qdisc or the shim" >&2
	exit 1
fi
drops=$(grep -c '^[0-9]* x ' "$trace" || true)
[ "$drops" -gt 0 ] || echo "capture: note: no packet was dropped: the traffic did not fill $name's queue (OPTS?)"
cat <<EOF
capture: ${trace#"$top"/}: $(grep -c '^[0-9]* e ' "$trace") enqueues, $drops drops, verified.
To make it a regression test (replayed by tests/suites/30-replay with every committed trace):
  make regress NAME=$name
EOF
