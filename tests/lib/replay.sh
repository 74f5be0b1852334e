# SPDX-License-Identifier: GPL-2.0
#
# replay.sh - what the qdk-replay suites (tests/suites/30-replay*) share,
# sourced after suite.sh:
#
#   . "$(dirname "$0")/../lib/suite.sh"
#   . "$(dirname "$0")/../lib/replay.sh"
#
# It builds what they run (qdk-replay, tcopt-test, the usertc tools) unless
# QDK_REPLAY names another qdk-replay (coverage runs them so), and sets:
#   R                 the qdk-replay to test
#   bindir            its folder (tcopt-test beside it)
#   base              $work/base.qtr, a small full trace
#                     (tests/cases/replay/base.qtr: two flows, a drop, a
#                     snapshot, three dequeues)
#   casedir           tests/cases/replay, the suites' data
# and defines:
#   mutate NAME SED-SCRIPT
#                     $work/NAME.qtr, a copy of $base edited by SED-SCRIPT;
#                     prints its path
#   expect_fail NAME CODE LINE FILE [WORDS]
#                     verify FILE exits CODE with a message "FILE:LINE: "
#                     holding WORDS (case-insensitive)

casedir=$top/tests/cases/replay
if [ -z "${QDK_REPLAY:-}" ]; then
	# Only what these suites run: a broken test binary elsewhere is not ours.
	# (usertc: qdk-tc/qdk-ip, for the namespace `show` is compared with)
	build "$top/build/user/qdk-replay" "$top/build/user/tcopt-test" usertc
	QDK_REPLAY=$top/build/user/qdk-replay
fi
R=$QDK_REPLAY
bindir=$(dirname "$R")
base=$work/base.qtr
cp "$casedir/base.qtr" "$base"

mutate() { sed "$2" "$base" >"$work/$1.qtr"; echo "$work/$1.qtr"; }

expect_fail() {
	local name=$1 code=$2 line=$3 file=$4 words=${5:-} out rc
	out=$("$R" verify "$file" 2>&1)
	rc=$?
	if [ $rc -ne "$code" ]; then
		fail "$name: exit $rc, want $code" "$out"
	elif ! grep -q "^$file:$line: " <<<"$out"; then
		fail "$name: no \"$file:$line:\" message" "$out"
	elif [ -n "$words" ] && ! grep -qi -- "$words" <<<"$out"; then
		fail "$name: message lacks \"$words\"" "$out"
	else
		ok "$name"
	fi
}
