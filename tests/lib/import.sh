# SPDX-License-Identifier: GPL-2.0
#
# import.sh - what the import suites (tests/suites/67-import*) share,
# sourced after suite.sh:
#   log               a scratch file for a command's output
#   names             build/import/NAME folders the suite made, removed at
#                     exit (a suite adds each name it imports)
#   byo_unchanged     a check: nothing was written under examples/byo since
#                     the suite began (every file's name, size, mode and
#                     mtime the same, nothing new)
#   imp ARGS...       import/import.py itself, whose exit status make would
#                     turn into its own 2 for any failure
#   copy              a copy of examples/byo under a fresh name in $work;
#                     prints its path

names=()
import_cleanup() {
	local n
	for n in "${names[@]}"; do rm -rf "build/import/$n"; done
}
at_exit import_cleanup
log=$work/log

# name, size, mode and mtime of every file under examples/byo
snapshot() { find examples/byo -printf '%p %s %m %T@\n' | LC_ALL=C sort; }
byo_before=$(snapshot)
byo_unchanged() {
	if [ "$(snapshot)" = "$byo_before" ]; then
		ok "nothing written under examples/byo"
	else
		fail "examples/byo changed" "$(diff <(echo "$byo_before") <(snapshot))"
	fi
}

imp() { /usr/bin/python3 import/import.py "$@"; }
copy() {
	local d
	d=$(mktemp -d "$work/srcXXXX")
	cp examples/byo/* "$d"/
	echo "$d"
}
