# SPDX-License-Identifier: GPL-2.0
#
# series.sh - sourced by the VM suites (tests/suites/70-vm, 72-modules,
# 74-tc, 75-record): which kernel series they boot, and where that series'
# things are. tools/kdir.sh says what the series are.
#
#   series_each "$0" "$@"
#       KERNEL unset: run the calling suite once per series of QDK_KERNELS
#       (default "6.1 6.12 7.x"), each as KERNEL=SERIES with its lines
#       prefixed "[SERIES] ", then print the summed "N passed, M failed" and
#       exit. A series whose packages cannot be fetched is one FAIL, never
#       skipped quietly. KERNEL (or KDIR) set: set the variables below and
#       return (this run is that series').
#       SERIES_ROTATE=1, set by the suite before the call: of the series
#       outside QDK_KERNELS_FULL, only the one whose turn it is runs
#       (tests/lib/suite.sh's turn: the Kth of N when the commit's number
#       mod N is K), so make check boots one of them a commit and each in
#       every N consecutive commits; make vmtest (every series full) runs them all.
#   series_full      true when this series runs the whole suite: it is in
#                    QDK_KERNELS_FULL (default none: make check; make
#                    vmtest sets every series); the others run the suite's
#                    smoke subset (a suite without one runs whole)
#   series_first     true for the first series of the run (host-side parts
#                    of a suite run once, there)
#   SERIES           6.1, 6.12 or 7.x
#   SERIES_TAG       "" for 6.1, "-SERIES" otherwise: build/kernel$SERIES_TAG
#                    is Makefile.kernel's output, and the suites' output
#                    directories get the same suffix
#   SERIES_KBUILD    build/kernel$SERIES_TAG (absolute)
#   KDIR, SERIES_KVER  the series' headers and kernel release (exported)

series_each() {
	local self=$1 s p f sum_p=0 sum_f=0 log top_
	shift
	if [ -n "${KERNEL:-}" ] || [ -n "${KDIR:-}" ]; then
		series_vars
		return 0
	fi
	top_=$(cd "$(dirname "$self")/../.." && pwd)
	log=$(mktemp)
	local -a run=() part=()
	local k=0
	for s in ${QDK_KERNELS-6.1 6.12 7.x}; do
		series_full_of "$s" || part+=("$s")
	done
	for s in ${QDK_KERNELS-6.1 6.12 7.x}; do
		if [ "${SERIES_ROTATE:-0}" = 1 ] && ! series_full_of "$s" && [ ${#part[@]} -gt 1 ]; then
			if ! turn "$k" ${#part[@]}; then
				echo "=== $(basename "$self") on $s: not this commit's turn (one of ${part[*]} a commit; make vmtest runs each)"
				k=$((k + 1))
				continue
			fi
			k=$((k + 1))
		fi
		run+=("$s")
	done
	export QDK_SERIES_FIRST=${run[0]:-}
	for s in "${run[@]}"; do
		echo "=== $(basename "$self") on $s"
		if ! KERNEL=$s "$top_/tools/kdir.sh" --fetch >"$log" 2>&1; then
			echo "FAIL [$s] its packages could not be fetched; nothing of $s was tested:"
			sed 's/^/     /' "$log"
			sum_f=$((sum_f + 1))
			continue
		fi
		KERNEL=$s "$self" "$@" 2>&1 | tee "$log" | sed -u "s/^/[$s] /"
		p=$(sed -nE 's/^([0-9]+) passed, ([0-9]+) failed$/\1/p' "$log" | tail -n 1)
		f=$(sed -nE 's/^([0-9]+) passed, ([0-9]+) failed$/\2/p' "$log" | tail -n 1)
		[ -n "$p" ] || { echo "FAIL [$s] the suite printed no count"; f=1 p=0; }
		sum_p=$((sum_p + p)) sum_f=$((sum_f + f))
	done
	rm -f "$log"
	echo "$sum_p passed, $sum_f failed"
	[ "$sum_f" -eq 0 ]
	exit
}

series_full_of() {
	case " ${QDK_KERNELS_FULL-} " in *" $1 "*) return 0 ;; esac
	return 1
}
series_full() { series_full_of "$SERIES"; }
series_first() { [ "$SERIES" = "${QDK_SERIES_FIRST:-$SERIES}" ]; }

series_vars() {
	local top_
	top_=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
	SERIES=${KERNEL:-6.1}
	SERIES_TAG=
	[ "$SERIES" = 6.1 ] || SERIES_TAG=-$SERIES
	SERIES_KBUILD=$top_/build/kernel$SERIES_TAG
	KDIR=$("$top_/tools/kdir.sh" || true)
	SERIES_KVER=$(basename "$(readlink -f "${KDIR:-/nonexistent}")")
	SERIES_KVER=${SERIES_KVER#linux-headers-}
	export KDIR SERIES_KVER
}
