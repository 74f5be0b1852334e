#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# run.sh [--user] - `make tdc [KERNEL=SERIES]`: the series' own tc-testing
# qdisc cases (tests/tdc/README.md) through build/user[-SERIES]/qdk-tc and,
# unless --user, in the VM against Debian's kernel of the series. The VM's
# results become the committed reference tests/tdc/reference-SERIES.json
# (commit it when it changes); with --user the reference stands in for the
# VM (tests/suites/36-tdc). Writes build/tdc[-SERIES]/report.txt and
# report.json, prints the table, and exits 1 when a case the kernel passes
# fails in user space without an entry in tests/tdc/exceptions-SERIES.txt.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top" || exit 2
PY=${PYTHON:-/usr/bin/python3}
SERIES=${KERNEL:-6.1}
tag=
[ "$SERIES" = 6.1 ] || tag=-$SERIES
export KERNEL=$SERIES
B=$top/build/tdc$tag
TT=tools/testing/selftests/tc-testing
T=$TT/tc-tests/qdiscs
# what tdc.py reads of the series' own runner (names, per-case devices)
TDC_FILES="$TT/tdc.py $TT/tdc_config.py $TT/plugin-lib/nsPlugin.py"
# netdevsim, which Debian's kernels do not build: the VM loads it from here
NSIM=drivers/net/netdevsim
SRC=$B/src/$T
REF=tests/tdc/reference-$SERIES.json
EXC=tests/tdc/exceptions-$SERIES.txt
# the series' user-space build (TDC_BUILD: another, e.g. build/user-san)
export TDC_BUILD=${TDC_BUILD:-build/user$tag}
vm=1
[ "${1:-}" != --user ] || vm=0
[ "$SERIES" = 6.1 ] || tools/kdir.sh --fetch >/dev/null || exit 2
TARBALL=${UPSTREAM_TARBALL:-$(tools/kdir.sh --source)} || exit 2

mkdir -p "$B"
# The cases, once per tarball and extractor (xz is slow to seek).
stamp=$B/src/.extracted
if [ ! -f "$stamp" ] || [ "$TARBALL" -nt "$stamp" ] || [ upstream/extract.sh -nt "$stamp" ] ||
	[ ! -d "$B/src/$NSIM" ] || [ ! -f "$B/src/$TT/tdc_config.py" ]; then
	# shellcheck disable=SC2086 # a list of paths
	upstream/extract.sh "$TARBALL" "$B/src" "$T" "$NSIM" $TDC_FILES || exit 2
	touch "$stamp"
fi
# the daemon, tc and ip, and qdk-replay (whose kinds say which cases run)
make -s -j2 -f Makefile.user KERNEL="$SERIES" usertc "$top/build/user$tag/qdk-replay" || exit 2

t0=$(date +%s)
"$PY" tests/tdc/tdc.py run "$SRC" "$B" || exit 2
echo "tdc: user space in $(($(date +%s) - t0)) s"

vmres=$REF
if [ $vm = 1 ]; then
	KDIR=$("$top/tools/kdir.sh" || true)
	export KDIR
	# the tarball's netdevsim, built unmodified for the kernel the VM boots
	# (its tdc cases make their multi-queue devices with it)
	rm -rf "$B/netdevsim"
	cp -R "$B/src/$NSIM" "$B/netdevsim" && chmod -R u+w "$B/netdevsim" &&
		"$top/tools/kdir.sh" --make M="$B/netdevsim" CONFIG_NETDEVSIM=m modules \
			>"$B/netdevsim.log" 2>&1 ||
		{ echo "tdc: netdevsim.ko did not build ($B/netdevsim.log)" >&2; exit 2; }
	"$PY" tests/tdc/tdc.py compile vm "$SRC" "$B/vm.steps" || exit 2
	rm -rf "$B/vm-out"
	t0=$(date +%s)
	KIT_MODULES="$B/netdevsim/netdevsim.ko" VM_TC_PLUGINS="" \
	VM_EXTRA="$B/vm.steps:/qdk/tdc/steps tests/tdc/tdc-run.sh:/qdk/tdc/tdc-run.sh" \
		vm/run -o "$B/vm-out" vm/scenarios/tdc.scn
	rc=$?
	echo "tdc: VM in $(($(date +%s) - t0)) s (vm/run exit $rc)"
	res=$B/vm-out/tdc/collect/tdc
	[ -d "$res" ] || { echo "tdc: the VM gave no results ($B/vm-out/console.log)" >&2; exit 2; }
	# the guest's tc and ip are the series' own (tools/kdir.sh --iproute2);
	# the libbpf version they print after it may read "1" in the guest
	ir=$(tools/kdir.sh --iproute2) || exit 2
	bin=${ir:+$ir/bin}
	for t in tc ip; do
		want=$("${bin:-/usr/sbin}/$t" -V 2>/dev/null | sed 's/, libbpf.*//')
		got=$(sed 's/, libbpf.*//' "$B/vm-out/tdc/collect/$t-version" 2>/dev/null)
		[ "$got" = "$want" ] ||
			{ echo "tdc: the guest's $t is '$got', $SERIES's is '$want'" >&2; exit 2; }
		echo "tdc: the guest's $t: $got"
	done
	"$PY" tests/tdc/tdc.py check vm "$SRC" "$res" "$B/vm.json" || exit 2
	"$PY" tests/tdc/tdc.py reference "$B/vm.json" "$REF" "$SERIES" || exit 2
	git diff --quiet -- "$REF" 2>/dev/null || echo "tdc: $REF changed: commit it"
fi
"$PY" tests/tdc/tdc.py report "$SRC" "$B/user.json" "$vmres" "$B" || exit 2
[ -f "$EXC" ] || { echo "tdc: no $EXC (cases $SERIES's kernel passes that user space may fail)" >&2; exit 2; }
[ -f "$REF" ] || { echo "tdc: no $REF: run make tdc KERNEL=$SERIES (its VM half) and commit it" >&2; exit 2; }
"$PY" tests/tdc/tdc.py compare "$B/user.json" "$REF" "$EXC"
