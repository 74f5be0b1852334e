#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# scenario.sh FILE OUT - run one scenario (format: vm/README.md) inside the
# guest and leave everything it produced in OUT. Exit status: the number of
# steps that failed (0 = all good).
#
# scenario.sh --check FILE - only parse (vm/run does this on the host).
set -u
here=$(dirname "$0")
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
. "$here/parse.sh"

if [ "$1" = --check ]; then
	scn_parse "$2" || exit 1
	echo "timeout=$S_TIMEOUT kind=$S_KIND"
	exit 0
fi

. /qdk/guest/env.sh
. "$here/lib.sh"
OUT=$2
COLLECT=$OUT/collect
mkdir -p "$COLLECT"
export COLLECT OUT
scn_parse "$1" || exit 1
cp "$1" "$OUT/scenario.scn"

QDISC_KIND=${S_QDISC%% *}
QDISC_OPTS=${S_QDISC#"$QDISC_KIND"}
QDISC_OPTS=${QDISC_OPTS# }
SCENARIO=$(basename "$1" .scn)
RATE=$S_RATE
DURATION=$S_DURATION
CYCLES=$S_CYCLES
export QDISC_KIND QDISC_OPTS SCENARIO RATE DURATION CYCLES

# done_with N - exit with the failure count; exit statuses wrap at 256, so cap it
done_with() { [ "$1" -le 100 ] && exit "$1"; exit 100; }

[ -z "$S_MODULES" ] || load_modules $S_MODULES

if [ "$S_KIND" = hygiene ]; then
	. "$here/hygiene.sh"
	hygiene
	done_with $FAILS
fi

topology || done_with $((FAILS + 1))
shaper || done_with $((FAILS + 1))
attach_qdisc
{
	echo "scenario=$SCENARIO"
	echo "qdisc=$S_QDISC"
	echo "shaper=$S_SHAPER"
	echo "rate=$S_RATE"
	echo "burst=$S_BURST"
	echo "delay=$S_DELAY"
	echo "duration=$S_DURATION"
	echo "parent=$PARENT"
	echo "handle=$HANDLE"
	echo "dev=$DEV"
} > "$OUT/config.txt"

while IFS= read -r l <&3; do ns_sh sender "$l"; done 3< "$W/sender-setup"
while IFS= read -r l <&3; do ns_sh receiver "$l"; done 3< "$W/receiver-setup"
while IFS= read -r l <&3; do ns_sh router "$l"; done 3< "$W/setup"
stats before

# daemons: own process group each, so the whole group gets the signal
DAEMONS=""
n=0
while IFS= read -r l <&3; do
	n=$((n + 1))
	log "daemon $n: $l"
	/sbin/ip netns exec router setsid /bin/sh -c ". /qdk/guest/env.sh; $l" \
		< /dev/null > "$OUT/daemon-$n.log" 2>&1 &
	DAEMONS="$DAEMONS $!"
done 3< "$W/daemon"
[ -z "$DAEMONS" ] || sleep 1

log "traffic: $(wc -l < "$W/flows") flow(s), ${S_DURATION}s"
flows_run
FAILS=$((FAILS + FLOW_FAILS))
log "traffic done"
stats after

n=0
for pid in $DAEMONS; do
	n=$((n + 1))
	kill -TERM -"$pid" 2>/dev/null || kill -TERM "$pid" 2>/dev/null
	i=0
	while kill -0 "$pid" 2>/dev/null && [ $i -lt 100 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	if kill -0 "$pid" 2>/dev/null; then
		log "daemon $n ignored SIGTERM for 10 s: killed"
		kill -KILL -"$pid" 2>/dev/null || kill -KILL "$pid" 2>/dev/null
		FAILS=$((FAILS + 1))
	fi
	wait "$pid"
	rc=$?
	log "daemon $n exited $rc"
	# 143 = killed by the SIGTERM we sent: the normal way to stop
	[ $rc -eq 0 ] || [ $rc -eq 143 ] || FAILS=$((FAILS + 1))
done

while IFS= read -r l <&3; do ns_sh router "$l"; done 3< "$W/collect"
lsmod > "$OUT/lsmod.txt"
log "scenario $SCENARIO: $FAILS failure(s)"
done_with $FAILS
