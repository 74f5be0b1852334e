#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# stress.sh ROUNDS DIR - the recorder's stress test, run in the VM by
# vm/scenarios/record-stress.scn (in the router netns, under traffic, with
# sch_recorder loaded with a small ring) and checked by tests/suites/75-record.
#
# A recorder 5: holds a pfifo under $DEV's shaper. Each round starts a
# reader (qdk-capture, following the recorder's child whatever its handle),
# lets it record, then does one of these, in turn:
#   kill     SIGKILL the reader while it reads: the device is closed under
#            it; nothing may be left, under the trace's name or a temporary
#   stopkill SIGSTOP the reader until its ring overflows, then SIGKILL it
#            (the device is released with a full ring)
#   stop     SIGSTOP it until the ring overflows, SIGCONT, change the child
#            (a c line), then replace it with a bfifo: the trace ends; the
#            capture must say "N lost" with N > 0 and the trace hold its
#            lost lines
#   change   change the child's limit, then replace it (pfifo <-> bfifo,
#            under a handle tc picks: a kind cannot change under a handle)
#   delete   change the child, delete it (the recorder grafts its default
#            pfifo: the trace ends), add a fresh pfifo 10:
#   recorder delete the recorder itself (the trace ends with it) and add it
#            and a fresh child again
# Every round writes one line to DIR/rounds.txt:
#   ROUND MODE rc=EXIT trace=yes|no lost=N calls=N
# and the reader's summary to DIR/rROUND.log, its trace to DIR/rROUND.qtr.
# The script fails (exit 1) when a round's outcome is not the one wanted
# here; the host verifies the traces (a lossless one must verify, one with
# losses must be refused for them).
rounds=${1:?ROUNDS}
dir=${2:?DIR}
. /qdk/guest/env.sh
mkdir -p "$dir" || exit 1
fails=0
bad() {
	echo "FAIL round $i ($mode): $*"
	fails=$((fails + 1))
}
# the child under the recorder, pfifo or bfifo, whichever it is not now
kind=pfifo
other() {
	if [ $kind = pfifo ]; then kind=bfifo opts="limit 30000"; else kind=pfifo opts="limit 20"; fi
}
# wait_gone PID: up to 10 s for the reader to exit (its close disarms the
# probes, which takes seconds under TCG)
wait_gone() {
	_n=0
	while kill -0 "$1" 2>/dev/null && [ $_n -lt 100 ]; do
		sleep 0.1
		_n=$((_n + 1))
	done
	! kill -0 "$1" 2>/dev/null
}
# overflow: stop the reader until the ring (ring_records=256: 32 KiB per CPU)
# is surely full at the scenario's rate, ~1 s of traffic
overflow() {
	kill -STOP "$pid"
	sleep 0.8
}

# The traffic, for as long as the rounds take: UDP from the sender, which
# the router forwards (enqueued in the receive softirq), and from the
# router itself (enqueued by the sending task); nobody listens at the
# receiver. Together 6 Mbit/s of the 10 Mbit/s tbf: the pfifo empties now
# and then, which a reader starting on a busy child waits for.
ip netns exec sender udpflow send "$RECEIVER_IP" 5290 3600 4M 1200 0 /dev/null &
fwd=$!
udpflow send "$RECEIVER_IP" 5291 3600 2M 1200 0 /dev/null &
loc=$!
sleep 1

i=0
while [ $i -lt "$rounds" ]; do
	i=$((i + 1))
	case $((i % 6)) in
	0) mode=kill ;;
	1) mode=stop ;;
	2) mode=change ;;
	3) mode=stopkill ;;
	4) mode=delete ;;
	5) mode=recorder ;;
	esac
	q=$dir/r$i.qtr
	rm -f "$dir/ready"
	# -t: a round whose end never reaches the reader still ends
	qdk-capture -t 30 -o "$q" --ready "$dir/ready" < /dev/null 2> "$dir/r$i.log" &
	pid=$!
	n=0
	while [ ! -s "$dir/ready" ] && [ $n -lt 100 ]; do sleep 0.1; n=$((n + 1)); done
	[ -s "$dir/ready" ] || bad "the reader never opened the device"
	sleep 0.3
	case $mode in
	kill)
		kill -KILL "$pid"
		;;
	stopkill)
		overflow
		kill -KILL "$pid"
		;;
	stop | change | delete)
		[ $mode = stop ] && overflow && kill -CONT "$pid" && sleep 0.5
		if [ $kind = pfifo ]; then c="limit 15"; else c="limit 20000"; fi
		tc qdisc change dev "$DEV" parent 5:1 $kind $c || bad "tc change"
		sleep 0.2
		if [ $mode = delete ]; then
			tc qdisc del dev "$DEV" parent 5:1 || bad "tc del of the child"
			sleep 0.2
			other
			tc qdisc add dev "$DEV" parent 5:1 handle 10: $kind $opts || bad "tc add of the child"
		else
			other
			tc qdisc replace dev "$DEV" parent 5:1 $kind $opts || bad "tc replace of the child"
		fi
		;;
	recorder)
		tc qdisc del dev "$DEV" parent "$PARENT" handle 5: || bad "tc del of the recorder"
		tc qdisc add dev "$DEV" parent "$PARENT" handle 5: recorder || bad "tc add of the recorder"
		other
		tc qdisc add dev "$DEV" parent 5:1 handle 10: $kind $opts || bad "tc add of the child"
		;;
	esac
	wait_gone "$pid" || { bad "the reader is still running"; kill -KILL "$pid"; }
	wait "$pid"
	rc=$?
	lost=$(sed -n 's/.* calls (.*, \([0-9]*\) lost, .*/\1/p' "$dir/r$i.log")
	calls=$(sed -n 's/^qdk-capture: [^:]*: \([0-9]*\) calls (.*/\1/p' "$dir/r$i.log")
	if [ -f "$q" ]; then t=yes; else t=no; fi
	echo "$i $mode rc=$rc trace=$t lost=${lost:--} calls=${calls:--}" >> "$dir/rounds.txt"
	case $mode in
	kill | stopkill)
		[ $rc = 137 ] || bad "exit $rc, not killed"
		[ $t = no ] || bad "a killed reader left $q"
		[ -z "$(ls "$q".tmp.* 2>/dev/null)" ] || bad "a killed reader left a temporary file"
		;;
	*)
		[ $rc = 0 ] || bad "exit $rc: $(cat "$dir/r$i.log")"
		[ $t = yes ] || bad "no trace"
		[ "${calls:-0}" -gt 0 ] || bad "no calls recorded"
		[ $mode != stop ] || [ "${lost:-0}" -gt 0 ] || bad "the ring overflowed but the capture says ${lost:-no} lost"
		;;
	esac
done
kill "$fwd" "$loc"
wait "$fwd" "$loc"
echo "$i rounds, $fails failed"
[ $fails = 0 ]
