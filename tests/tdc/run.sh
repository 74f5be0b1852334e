#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# run.sh [--user] - `make tdc`: the kernel's tc-testing qdisc cases
# (tests/tdc/README.md) through build/user/qdk-tc and, unless --user, in
# the VM against Debian's kernel. The VM's results become the committed
# reference tests/tdc/reference-6.1.json (commit it when it changes); with
# --user the reference stands in for the VM (tests/suites/36-tdc).
# Writes build/tdc/report.txt and report.json, prints the table, and exits 1
# when a case the kernel passes fails in user space without an entry in
# tests/tdc/exceptions.txt.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top" || exit 2
PY=${PYTHON:-/usr/bin/python3}
B=$top/build/tdc
T=tools/testing/selftests/tc-testing/tc-tests/qdiscs
# netdevsim, which Debian's kernel does not build: the VM loads it from here
NSIM=drivers/net/netdevsim
SRC=$B/src/$T
REF=tests/tdc/reference-6.1.json
TARBALL=${UPSTREAM_TARBALL:-/usr/src/linux-source-6.1.tar.xz}
vm=1
[ "${1:-}" != --user ] || vm=0

mkdir -p "$B"
# The cases, once per tarball and extractor (xz is slow to seek).
stamp=$B/src/.extracted
if [ ! -f "$stamp" ] || [ "$TARBALL" -nt "$stamp" ] || [ upstream/extract.sh -nt "$stamp" ] ||
	[ ! -d "$B/src/$NSIM" ]; then
	upstream/extract.sh "$TARBALL" "$B/src" "$T" "$NSIM" || exit 2
	touch "$stamp"
fi
make -s -j2 -f Makefile.user usertc || exit 2

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
	"$PY" tests/tdc/tdc.py check vm "$SRC" "$res" "$B/vm.json" || exit 2
	"$PY" tests/tdc/tdc.py reference "$B/vm.json" "$REF" || exit 2
	git diff --quiet -- "$REF" 2>/dev/null || echo "tdc: $REF changed: commit it"
fi
"$PY" tests/tdc/tdc.py report "$SRC" "$B/user.json" "$vmres" "$B" || exit 2
"$PY" tests/tdc/tdc.py compare "$B/user.json" "$REF" tests/tdc/exceptions.txt
