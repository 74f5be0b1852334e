# SPDX-License-Identifier: GPL-2.0
#
# usertc.sh - what the usertc suites (tests/suites/35-usertc*) share,
# sourced after suite.sh: it builds the user-space tc and ip (one check)
# and sets
#   TC IP NS PY        build/user's qdk-tc, qdk-ip, qdk-ns; the Python
#   QDK_NS_LOG         where the namespaces' daemons log (exported)
#   pre all_ns         this run's namespace names ($pre-NAME), all of which
#                      are deleted at exit
# and defines
#   run NAME CMD...    stdout+stderr then "rc=N" into $work/NAME
#   expect LABEL FILE TEXT
#                      FILE is exactly TEXT (else the diff is the evidence)
#   daemons_done N     deletes this run's namespaces; checks no daemon is
#                      left, none leaked or warned, and at least N logged
#                      their removal
B=$top/build/user
TC=$B/qdk-tc
IP=$B/qdk-ip
NS=$B/qdk-ns
PY=${PYTHON:-/usr/bin/python3}
export QDK_NS_LOG=$work/daemons.log
pre=t35-$$
all_ns="$pre-ref $pre-a $pre-b $pre-cases $pre-stop"
cleanup() {
	local n
	for n in $all_ns; do
		"$NS" del "$n" 2>/dev/null
	done
}
at_exit cleanup

build usertc all
ok "make -f Makefile.user usertc all"

# run NAME CMD...: stdout+stderr then "rc=N" into $work/NAME
run() {
	local out=$work/$1
	shift
	"$@" >"$out" 2>&1
	echo "rc=$?" >>"$out"
}

# expect LABEL FILE TEXT: FILE is exactly TEXT
expect() {
	if [ "$(cat "$2")" == "$3" ]; then
		ok "$1"
	else
		fail "$1" "$(diff <(echo "$3") "$2")"
	fi
}

daemons_done() {
	local n left listed
	for n in $all_ns; do
		"$NS" del "$n" 2>/dev/null
	done
	# pgrep (procps, tools/deps.sh check): its absence must not pass as "none left"
	command -v pgrep >/dev/null || fail "pgrep is missing: run tools/deps.sh check"
	left=$(pgrep -f "qdk-ns add $pre-" || true)
	listed=$("$NS" list | grep "^$pre-" || true)
	if [ -z "$left" ] && [ -z "$listed" ]; then
		ok "no daemon left behind"
	else
		fail "no daemon left behind: $left $listed"
	fi
	if grep -E "leaked|kernel warnings|WARNING" "$QDK_NS_LOG"; then
		fail "the daemons freed everything, no kernel warning"
	elif [ "$(grep -c 'removed$' "$QDK_NS_LOG")" -ge "$1" ]; then
		ok "the daemons freed everything, no kernel warning"
	else
		fail "every daemon logged its removal" "$(cat "$QDK_NS_LOG")"
	fi
}
