# SPDX-License-Identifier: GPL-2.0
#
# suite.sh - what every suite under tests/suites/ is built on: sourced first,
# it gives the suite the checkout's top, a work folder, and the words a check
# is reported in, so that every suite prints and counts its checks the same
# way and tests/run-all can sum them.
#
#   #!/bin/bash
#   # SPDX-License-Identifier: GPL-2.0
#   # NN-name - what the suite checks ...
#   . "$(dirname "$0")/../lib/suite.sh"
#   build build/user/qdk-replay          # or finish with its log's tail
#   section "what follows"
#   if CONDITION; then ok "WHAT holds"; else fail "WHAT does not" "$evidence"; fi
#   finish
#
# Sourcing it sets `set -u`, cds to the checkout's top and sets:
#   top               the checkout's top (absolute)
#   work              a fresh folder, removed when the suite exits
#   passed failed     the counts so far (ok and fail keep them; a suite
#                     adds a sub-run's counts with add_counts)
# and defines:
#   ok WHAT           a check that held: "ok   WHAT"
#   fail WHAT [EVIDENCE]
#                     a check that failed: "FAIL WHAT", then EVIDENCE (a
#                     string, e.g. a command's output) indented 5 spaces
#   check WHAT CMD... ok WHAT when CMD succeeds, fail WHAT otherwise
#   skip WHAT         a check not made here, and why: "skip WHAT"; finish
#                     says how many were skipped
#   note WHAT         something worth saying that is not a check
#   section TITLE     "--- TITLE": where a group of checks starts
#   abort WHAT [EVIDENCE]
#                     a failure the suite cannot go on after: fail, finish
#   finish            prints "N passed, M failed" (the line tests/run-all
#                     and vm/series.sh read) and exits, non-zero when
#                     anything failed
#   at_exit CMD       CMD (a string, eval'd) runs at exit, before the work
#                     folder goes; a suite adds cleanups this way and never
#                     sets its own EXIT trap
#   build TARGET...   make -f Makefile.user TARGET... (quiet, -j2); when it
#                     fails: one FAIL with the tail of its log, and finish
#   counted LABEL CMD...
#                     runs CMD, a checker that prints its own "N passed, M
#                     failed" line (a unit-test run, a drive-test, ...), shows
#                     its output as it comes and adds its counts
#   add_counts LABEL RC LOG
#                     the same for a run already made: LOG its output, RC its
#                     exit status. No count line, or a non-zero exit with no
#                     failure counted, is one failure of LABEL
#   case_lines FILE   the cases of a case file (tests/cases/, recorder/
#                     tests/cases/): one a line, its fields split by "|"
#                     with the blanks around each "|" dropped; comments
#                     (#) and blank lines left out. A suite reads them with
#                     while IFS='|' read -r FIELD...; do ...; done < <(case_lines FILE)
#   tally FILE        each "ok   WHAT" / "FAIL WHAT" line of a checker's
#                     output (FILE) is one check of the suite's
#   transcripts_current SUITE WHAT
#                     the docs' transcripts tools/doc-transcripts.py keeps
#                     for SUITE are current
#   checkpatch FILE...
#                     one check per FILE: 6.1's checkpatch.pl (extracted
#                     once from Debian's linux-source-6.1 into
#                     build/checkpatch/, as 60-kernel does) finds no error
#                     and no warning; without the tarball, one failure
#   turn K N [D]      true on the commits whose turn it is: the commit's
#                     number (commit_number: its place in the history)
#                     divided by D, mod N, is K. A costly part of make
#                     check runs on a rotation this way, every part once
#                     in N consecutive commits
# The VM suites source vm/series.sh as well (series_each) after this file.

set -u
top=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$top" || exit 1
# the library's own files (a build's log, a checker's output) stay out of
# $work, which holds only what the suite puts there
suite_dir=$(mktemp -d)
work=$suite_dir/work
mkdir "$work"
passed=0 failed=0 skipped=0
suite_cleanups=()

suite_exit() {
	local c
	for c in "${suite_cleanups[@]}"; do eval "$c"; done
	rm -rf "$suite_dir"
}
trap suite_exit EXIT

at_exit() { suite_cleanups+=("$1"); }

ok() {
	echo "ok   $1"
	passed=$((passed + 1))
}

fail() {
	echo "FAIL $1"
	[ -z "${2:-}" ] || sed 's/^/     /' <<<"$2"
	failed=$((failed + 1))
}

check() {
	local what=$1
	shift
	if "$@"; then ok "$what"; else fail "$what"; fi
}

skip() {
	echo "skip $1"
	skipped=$((skipped + 1))
}

note() { echo "note $1"; }

section() { echo "--- $1"; }

finish() {
	[ "$skipped" -eq 0 ] || echo "($skipped skipped)"
	echo "$passed passed, $failed failed"
	[ "$failed" -eq 0 ]
	exit
}

abort() {
	fail "$@"
	finish
}

build() {
	make -s -j2 -f Makefile.user "$@" > "$suite_dir/build.log" 2>&1 ||
		abort "make -f Makefile.user $*" "$(tail -n 30 "$suite_dir/build.log")"
}

add_counts() {
	local label=$1 rc=$2 log=$3 line p f
	line=$(grep -E '^([A-Za-z0-9_-]+: )?[0-9]+ passed, [0-9]+ failed' "$log" | tail -n 1)
	if [ -z "$line" ]; then
		fail "$label printed no 'N passed, M failed' line (exit $rc)"
		return
	fi
	p=$(sed -E 's/^([A-Za-z0-9_-]+: )?([0-9]+) passed.*/\2/' <<<"$line")
	f=$(sed -E 's/.* ([0-9]+) failed.*/\1/' <<<"$line")
	passed=$((passed + p))
	failed=$((failed + f))
	[ "$rc" -eq 0 ] || [ "$f" -gt 0 ] || fail "$label exited $rc"
}

counted() {
	local label=$1 rc
	shift
	"$@" 2>&1 | tee "$suite_dir/counted.log"
	rc=${PIPESTATUS[0]}
	add_counts "$label" "$rc" "$suite_dir/counted.log"
}

case_lines() {
	sed -e '/^[[:space:]]*#/d' -e '/^[[:space:]]*$/d' \
		-e 's/[[:space:]]*|[[:space:]]*/|/g' -e 's/^[[:space:]]*//' -e 's/[[:space:]]*$//' "$1"
}

tally() {
	local line
	while read -r line; do
		case "$line" in
		"ok   "*) ok "${line#ok   }" ;;
		"FAIL "*) fail "${line#FAIL }" ;;
		esac
	done <"$1"
}

checkpatch() {
	local d=$top/build/checkpatch tarball f out
	local cp=$d/linux-source-6.1/scripts/checkpatch.pl
	if [ ! -f "$cp" ]; then
		tarball=$(ls /usr/src/linux-source-6.1.tar.* 2>/dev/null | head -n 1)
		mkdir -p "$d"
		[ -n "$tarball" ] && tar -xf "$tarball" -C "$d" \
			linux-source-6.1/scripts/checkpatch.pl linux-source-6.1/scripts/spelling.txt \
			linux-source-6.1/scripts/const_structs.checkpatch 2>/dev/null
	fi
	if [ ! -f "$cp" ]; then
		fail "checkpatch.pl: not found (install linux-source-6.1)"
		return
	fi
	for f in "$@"; do
		if out=$(perl "$cp" --no-tree --terse -q -f "$f" 2>&1) &&
			! grep -qE 'ERROR:|WARNING:' <<<"$out"; then
			ok "checkpatch $f"
		else
			fail "checkpatch $f" "$out"
		fi
	done
}

transcripts_current() {
	local out
	if out=$(/usr/bin/python3 tools/doc-transcripts.py --check --suite "$1" 2>&1); then
		ok "$2 current (tools/doc-transcripts.py)"
	else
		fail "$2 stale: run tools/doc-transcripts.py --suite $1 and commit" "$out"
	fi
}

# commit_number: HEAD's place in the history (git rev-list --count), so
# make check's rotating subsets cycle over consecutive commits; in a shallow
# clone (no history to count) HEAD's abbreviated hash read as a number, so
# they come at random.
commit_number() {
	local h
	if [ "$(git -C "$top" rev-parse --is-shallow-repository 2>/dev/null)" = false ]; then
		git -C "$top" rev-list --count HEAD
		return
	fi
	h=$(git -C "$top" rev-parse --short=7 HEAD 2>/dev/null) || h=0
	echo $((0x$h))
}

# turn K N [D]: true when it is this commit's turn for the Kth of N: the
# commit's number (commit_number) divided by D (default 1), mod N is K. So
# each of N comes once in N consecutive commits; two rotations over the
# same N with different D vary apart (D=N: every pair within N*N commits).
turn() {
	[ $(($(commit_number) / ${3:-1} % $2)) -eq "$1" ]
}
