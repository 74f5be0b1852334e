# SPDX-License-Identifier: GPL-2.0
#
# hygiene.sh - module hygiene (scenario `kind: hygiene`), sourced by
# scenario.sh. For every kit module (/lib/modules/KVER/extra/*.ko):
#   1. load and unload it S_CYCLES times (insmod/rmmod; modprobe when it
#      depends on another module);
#   2. for a qdisc module, under traffic: add it as the shaper's child on r1,
#      change it, delete it, and add/delete it as r0's root qdisc, over and
#      over while the scenario's flows run; then unload it (a leaked
#      reference makes rmmod fail).
# The host scans each scenario's dmesg for oopses, WARNINGs, BUGs and leaks.
# Counts go to OUT/hygiene.txt as "MODULE STEP ok N failed M" lines.

# kind_of FILE - the qdisc kind a module registers: its net-sch-KIND alias,
# else the file name without sch_; empty for a module that is no qdisc.
kind_of() {
	local a
	a=$(modinfo -F alias "$1" 2>/dev/null | sed -n 's/^net-sch-//p' | head -n 1)
	if [ -n "$a" ]; then
		echo "$a"
		return
	fi
	case "$(basename "$1" .ko)" in
	sch_*) basename "$1" .ko | sed 's/^sch_//' ;;
	esac
}

# mark MODULE STEP - a line in the kernel log, so the host can tell which
# module and step any later message belongs to (vm/check.py --dmesg)
mark() { echo "qdk-hygiene: begin $1 $2" > /dev/kmsg; }

count() { echo "$1 $2 ok $3 failed $4" >> "$OUT/hygiene.txt"; log "$1 $2: ok $3 failed $4"; }

loaded() { [ -d "/sys/module/$1" ]; }

# cycle FILE - insmod/rmmod S_CYCLES times
cycle() {
	local ko=$1 m ok=0 bad=0 i=0 deps
	m=$(basename "$ko" .ko)
	deps=$(modinfo -F depends "$ko" 2>/dev/null)
	loaded "$m" && rmmod "$m"
	while [ $i -lt "$S_CYCLES" ]; do
		i=$((i + 1))
		if [ -z "$deps" ]; then
			insmod "$ko" || { bad=$((bad + 1)); continue; }
			rmmod "$m" || { bad=$((bad + 1)); continue; }
		else
			modprobe "$m" || { bad=$((bad + 1)); continue; }
			modprobe -r "$m" || { bad=$((bad + 1)); continue; }
		fi
		if loaded "$m"; then
			log "$m still loaded after unloading (cycle $i)"
			bad=$((bad + 1))
			rmmod "$m" 2>/dev/null
			continue
		fi
		ok=$((ok + 1))
	done
	count "$m" load-unload $ok $bad
	FAILS=$((FAILS + bad))
}

# tc_batch "STEP|TC-COMMAND"... - run the commands with one `tc -batch`
# (starting tc costs ~0.15 s under TCG, a batch keeps the rounds fast) and
# count each outcome under its STEP ("-": not counted). -force goes on after
# a failure; tc names each failed line "Command failed FILE:N".
tc_batch() {
	local f=$W/batch a n=0 steps="" step err
	: > "$f"
	for a in "$@"; do
		steps="$steps ${a%%|*}"
		echo "${a#*|}" >> "$f"
	done
	err=$(/sbin/tc -n router -force -batch "$f" 2>&1)
	for step in $steps; do
		n=$((n + 1))
		[ "$step" = - ] && continue
		if echo "$err" | grep -q "^Command failed $f:$n\$"; then
			eval "bad_$step=\$((bad_$step + 1))"
			echo "tc $(sed -n "${n}p" "$f"): failed" >> "$OUT/tc-errors.txt"
		else
			eval "ok_$step=\$((ok_$step + 1))"
		fi
	done
	[ -z "$err" ] || echo "$err" >> "$OUT/tc-errors.txt"
}

churn() {
	local ko=$1 kind=$2 m opts="" end rounds=0 s
	m=$(basename "$ko" .ko)
	ok_add=0 bad_add=0 ok_change=0 bad_change=0 ok_del=0 bad_del=0 ok_root=0 bad_root=0
	opts=$(sed -n "s/^$kind\( \|$\)//p" "$W/change" | head -n 1)
	run modprobe "$m" || return
	CLIENTS="" SERVERS=""
	flows_start_bg
	end=$(awk "BEGIN { print $(uptime_s) + $S_DURATION }")
	while awk "BEGIN { exit !($(uptime_s) < $end) }"; do
		rounds=$((rounds + 1))
		# swap the pfifo placeholder for the qdisc within one tc run, so the
		# link never blackholes (TCP would back off for many seconds)
		tc_batch "-|qdisc del dev r1 parent 1:1 handle 11:" \
			"add|qdisc add dev r1 parent 1:1 handle 10: $kind" \
			"change|qdisc change dev r1 parent 1:1 handle 10: $kind $opts"
		sleep 0.2
		/sbin/tc -n router -s qdisc show dev r1 >> "$OUT/churn-stats.txt" 2>&1
		tc_batch "del|qdisc del dev r1 parent 1:1 handle 10:" \
			"-|qdisc add dev r1 parent 1:1 handle 11: pfifo limit 100" \
			"root|qdisc add dev r0 root handle 20: $kind"
		sleep 0.2
		tc_batch "root|qdisc del dev r0 root"
	done
	# the pfifo placeholder carries the flows to their end
	FLOW_FAILS=0
	flows_wait
	# the flows only make the churn happen under load; a qdisc that is
	# attached without options may legitimately pass nothing
	count "$m" traffic $(( $(wc -l < "$W/flows") - FLOW_FAILS )) $FLOW_FAILS
	rm -rf "$OUT/flows-$m"
	mv "$OUT/flows" "$OUT/flows-$m"
	for s in add change del root; do
		eval "count $m $s \$ok_$s \$bad_$s"
	done
	log "$m: $rounds churn rounds"
	# a failed change without options is the qdisc's choice (many need some)
	FAILS=$((FAILS + bad_add + bad_del + bad_root))
	[ $((ok_add + ok_del + ok_root)) -gt 0 ] || FAILS=$((FAILS + 1))
	if run modprobe -r "$m"; then
		count "$m" unload-after-traffic 1 0
	else
		count "$m" unload-after-traffic 0 1
	fi
}

hygiene() {
	local kver ko kind n=0
	kver=$(uname -r)
	: > "$OUT/hygiene.txt"
	[ -s "$W/flows" ] || printf 'tcp name=bulk\nudp name=cbr rate=5M\n' > "$W/flows"
	for ko in /lib/modules/"$kver"/extra/*.ko; do
		[ -e "$ko" ] || continue
		n=$((n + 1))
		mark "$(basename "$ko" .ko)" load-unload
		cycle "$ko"
	done
	mark "-" "end"
	echo "modules $n" >> "$OUT/hygiene.txt"
	if [ $n -eq 0 ]; then
		log "no kit modules in /lib/modules/$kver/extra"
		FAILS=$((FAILS + 1))
		return
	fi
	topology || { FAILS=$((FAILS + 1)); return; }
	S_SHAPER=tbf
	shaper || { FAILS=$((FAILS + 1)); return; }
	# the placeholder child every round swaps the qdisc under test with
	run in_ns router /sbin/tc qdisc add dev r1 parent 1:1 handle 11: pfifo limit 100 ||
		{ FAILS=$((FAILS + 1)); return; }
	for ko in /lib/modules/"$kver"/extra/*.ko; do
		kind=$(kind_of "$ko")
		[ -n "$kind" ] || continue
		log "churn $(basename "$ko") as qdisc kind '$kind'"
		mark "$(basename "$ko" .ko)" churn
		churn "$ko" "$kind"
	done
}
