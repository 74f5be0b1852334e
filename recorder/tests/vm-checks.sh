# SPDX-License-Identifier: GPL-2.0
#
# vm-checks.sh - the checks of particular recorder scenarios beyond those
# every capture gets (a passed scenario, enough calls and drops, nothing
# lost, the kernel's drop counter, verify): what each scenario's capture
# must hold of its own (param and u lines, trees, c, R, n and t lines,
# tstamp= and sk= keys, random lines, the module's unload and rearm, the
# stress rounds). Sourced by tests/suites/75-record after the VM runs, with
# its words (ok, fail, ran NAME) and variables (VMO: the runs' results,
# REPLAY, SERIES_TAG, rounds, noseed, work).

# scenario_ok NAME: scenario NAME passed; its capture's summary line is in $sum
scenario_ok() {
	local d=$VMO/$1

	if [ "$(cat "$d/status" 2>/dev/null)" = 0 ]; then ok "vm $1: scenario passed"; else fail "vm $1: scenario failed (see $d/log.txt)"; fi
	sum=$(grep "^qdk-capture:" "$d/collect/capture.log" 2>/dev/null)
	echo "     $sum"
}

# imported_replays NAME MODULE N: the imported MODULE's own qdk-replay
# (build/import/MODULE/user) replays scenario NAME's capture exactly, and
# without its first N device calls (their b and u lines) it parts from it: a
# packet's fate, or what a read of the device returns, differs
imported_replays() {
	local name=$1 br=build/import/$2/user$SERIES_TAG/qdk-replay n=$3
	local q=$VMO/$1/collect/$1.qtr

	if "$br" verify "$q" >"$work/verify.log" 2>&1; then
		ok "vm $name: $2's qdk-replay verify: $(cat "$work/verify.log")"
	else
		fail "vm $name: $2's qdk-replay verify" "$(head -n 20 "$work/verify.log")"
	fi
	awk -v n="$n" '$2 == "b" && nu < n { next } $2 == "u" && nu < n { nu++; next } { print }' \
		"$q" >"$work/$2-nowrite.qtr"
	if "$br" verify "$work/$2-nowrite.qtr" >"$work/verify.log" 2>&1; then
		fail "vm $name: the capture without its first $n device calls replays too"
	elif grep -q 'divergence at' "$work/verify.log"; then
		ok "vm $name: without its first $n device calls the replay parts from the capture ($(head -n 1 "$work/verify.log" | sed 's/^[^:]*://'))"
	else
		fail "vm $name: without its first $n device calls" "$(head -n 5 "$work/verify.log")"
	fi
}

# byo fed schedules through its device while traffic ran (record-byo): its
# parameter is a param line, the writer's 3 writes and 3 reads are u lines
# (with enqueues before and after each), nothing lost; byo's own build
# replays it exactly, and without its first write and read it parts; its
# trace events are the kernel's
if ran record-byo; then
	q=$VMO/record-byo/collect/record-byo.qtr
	scenario_ok record-byo
	calls=$(echo "$sum" | sed -n 's/.*: \([0-9]*\) calls.*/\1/p')
	nw=$(grep -c '^[0-9]* u qdk_byo write 0 44 44$' "$q" 2>/dev/null)
	nr=$(grep -c '^[0-9]* u qdk_byo read 0 4096 66$' "$q" 2>/dev/null)
	around=$(awk '$2 == "e" { e++ } $2 == "u" { u[++n] = e } END { for (i = 1; i <= n; i++) if (u[i] == 0 || u[i] == e) bad++; print bad + 0 }' "$q" 2>/dev/null)
	# the options the guest's stock tc sent through byo's own q_byo.so
	tca=$(build/import/byo/user$SERIES_TAG/qdk-replay tca "byo limit 500 delay 1000" 2>&1)
	if grep -qx "tca $tca" "$q" 2>/dev/null && grep -q '^# tca: the TCA_OPTIONS tc handed' "$q"; then
		ok "vm record-byo: the kernel got the options q_byo.so makes for \"limit 500 delay 1000\" ($tca)"
	else
		fail "vm record-byo: want tca $tca (q_byo.so's bytes) as tc handed them to init"
	fi
	if [ "${calls:-0}" -gt 2000 ] && grep -q '^param default_rate 500000$' "$q" && [ "$nw" = 3 ] && [ "$nr" = 3 ] &&
	   [ "$around" = 0 ] && echo "$sum" | grep -q ' 0 lost, 0 unknown,.* 6 device calls$'; then
		ok "vm record-byo: $calls calls, param default_rate 500000, 3 writes and 3 reads among the enqueues, nothing lost"
	else
		fail "vm record-byo: want >2000 calls, the param line, 3 writes and 3 reads ($nw, $nr) among enqueues, 0 lost"
	fi
	imported_replays record-byo byo 2
	# byo's trace events: what the guest's tracefs held, and what byo's own
	# qdk-replay prints replaying the capture, the same lines but for their
	# time and task columns (the kernel's merge of its CPUs' buffers may
	# order two lines of one timestamp otherwise: both sorted)
	ev=$VMO/record-byo/collect/byo-events.txt
	grep -o 'byo_[a-z]*: .*' "$ev" 2>/dev/null | sort >"$work/byo-kernel-events"
	build/import/byo/user$SERIES_TAG/qdk-replay --events 'byo:*' verify "$q" 2>&1 >/dev/null |
		grep -o 'byo_[a-z]*: .*' | sort >"$work/byo-replay-events"
	nk=$(wc -l <"$work/byo-kernel-events")
	nc=$(grep -c '^byo_change: ' "$work/byo-kernel-events")
	if grep -q 'LOST' "$ev" 2>/dev/null; then
		fail "vm record-byo: the guest's trace buffer lost events" "$(grep LOST "$ev" | head -n 3)"
	elif [ "$nk" -gt 500 ] && [ "$nc" -ge 3 ] && cmp -s "$work/byo-kernel-events" "$work/byo-replay-events"; then
		ok "vm record-byo: byo's $nk trace event lines ($nc byo_change) in the kernel's trace file, the same from qdk-replay --events"
	else
		fail "vm record-byo: want >500 trace event lines, 3 byo_change or more, the same in the kernel and the replay ($nk, $nc)" \
			"$(diff "$work/byo-kernel-events" "$work/byo-replay-events" | head -n 10)"
	fi
fi
# wrr under three DSCP flows while a loop set its bands' weights through
# its class device /dev/wrr (record-wrr): its two parameters (u16, u8) are
# param lines, the 3 writes and 3 reads u lines, every band was used;
# wrr's own build replays it exactly, and without its first write it parts
if ran record-wrr; then
	q=$VMO/record-wrr/collect/record-wrr.qtr
	scenario_ok record-wrr
	nw=$(grep -c '^[0-9]* u wrr write 0 12 12$' "$q" 2>/dev/null)
	nr=$(grep -c '^[0-9]* u wrr read 0 4096 16$' "$q" 2>/dev/null)
	tosn=$(grep -c '^flow .* udp .* tos=0x[24]0 ' "$q" 2>/dev/null)
	if grep -q '^param quantum 1000$' "$q" && grep -q '^param default_bands 3$' "$q" &&
	   [ "$nw" = 3 ] && [ "$nr" = 3 ] && [ "${tosn:-0}" -ge 2 ] &&
	   echo "$sum" | grep -q ' 0 lost, 0 unknown,.* 6 device calls$'; then
		ok "vm record-wrr: params quantum and default_bands, 3 writes and 3 reads of /dev/wrr, CS1 and CS2 flows, nothing lost"
	else
		fail "vm record-wrr: want the two param lines, 3 writes and 3 reads ($nw, $nr), CS1 and CS2 flows ($tosn), 0 lost"
	fi
	imported_replays record-wrr wrr 1
fi
# A classful tree (record-htb-tree): the header states htb's classes, their
# children and the filter; every enqueue asked the u32 filter once (a C line
# each), both answers occur; the kernel's counters of each class and child
# (s cl=, s q=, appended by the scenario) were checked by the verify above.
if ran record-htb-tree; then
	q=$VMO/record-htb-tree/collect/record-htb-tree.qtr
	nc=$(grep -c '^[0-9]* C ' "$q" 2>/dev/null)
	ne=$(grep -c '^[0-9]* e ' "$q" 2>/dev/null)
	if [ "$(grep -c '^class ' "$q" 2>/dev/null)" = 3 ] && [ "$(grep -c '^child ' "$q")" = 2 ] &&
	   grep -q '^filter 10:$' "$q" && [ "${nc:-0}" = "${ne:-x}" ] && [ "${ne:-0}" -gt 0 ] &&
	   grep -q ' C ok 10:10$' "$q" && grep -q ' C unspec 0:0$' "$q" &&
	   [ "$(grep -c ' s cl=' "$q")" = 3 ] && [ "$(grep -c ' s q=' "$q")" = 2 ]; then
		ok "vm record-htb-tree: 3 classes, 2 children, the filter; $nc C lines for $ne enqueues; 5 class/child snapshots"
	else
		fail "vm record-htb-tree: want 3 class, 2 child, a filter line, a C line per enqueue (${nc:-0} for ${ne:-0}), s cl=/q= lines"
	fi
fi
# plug's epochs: tc's eight changes (block, release, ..., release_indefinite)
# are eight c lines, which verify (above) replayed where the kernel ran them.
if ran record-plug-epochs; then
	nc=$(grep -c '^[0-9]* c 0 [0-9a-f]*$' "$VMO/record-plug-epochs/collect/record-plug-epochs.qtr" 2>/dev/null)
	[ "$nc" = 8 ] && ok "vm record-plug-epochs: tc's 8 changes are 8 c lines" ||
		fail "vm record-plug-epochs: want 8 c lines, got ${nc:-0}"
fi
# drr's trees: two classes with their quanta, a child under each, the
# filters (a C line per enqueue, both classes chosen); three classes with
# the children drr made (no child lines), each chosen.
if ran record-drr; then
	q=$VMO/record-drr/collect/record-drr.qtr
	nc=$(grep -c '^[0-9]* C ' "$q" 2>/dev/null)
	ne=$(grep -c '^[0-9]* e ' "$q" 2>/dev/null)
	if [ "$(grep -c '^class ' "$q" 2>/dev/null)" = 2 ] && [ "$(grep -c '^child ' "$q")" = 2 ] &&
	   grep -q '^filter 10:$' "$q" && [ "${nc:-0}" = "${ne:-x}" ] && [ "${ne:-0}" -gt 0 ] &&
	   grep -q ' C ok 10:1$' "$q" && grep -q ' C ok 10:2$' "$q"; then
		ok "vm record-drr: 2 classes, 2 children, the filters; $nc C lines for $ne enqueues"
	else
		fail "vm record-drr: want 2 class, 2 child, a filter line, a C line per enqueue (${nc:-0} for ${ne:-0}) choosing 10:1 and 10:2"
	fi
fi
if ran record-drr-quanta; then
	q=$VMO/record-drr-quanta/collect/record-drr-quanta.qtr
	nc=$(grep -c '^[0-9]* C ' "$q" 2>/dev/null)
	ne=$(grep -c '^[0-9]* e ' "$q" 2>/dev/null)
	if [ "$(grep -c '^class ' "$q" 2>/dev/null)" = 3 ] && ! grep -q '^child ' "$q" &&
	   grep -q '^filter 10:$' "$q" && [ "${nc:-0}" = "${ne:-x}" ] && [ "${ne:-0}" -gt 0 ] &&
	   grep -q ' C ok 10:1$' "$q" && grep -q ' C ok 10:2$' "$q" && grep -q ' C ok 10:3$' "$q"; then
		ok "vm record-drr-quanta: 3 classes, drr's own children, the filters; $nc C lines for $ne enqueues"
	else
		fail "vm record-drr-quanta: want 3 class lines, no child, a filter line, a C line per enqueue (${nc:-0} for ${ne:-0}) choosing each class"
	fi
fi
# Each tc change the scenario made is a c line with tc's options (each of
# tc's changes lowering the limit drops packets: x lines right after it).
for s in template-change:3 fq_codel-change:2; do
	n=${s#*:} s=${s%:*}
	ran "record-$s" || continue
	q=$VMO/record-$s/collect/record-$s.qtr
	nc=$(grep -c '^[0-9]* c 0 [0-9a-f]*$' "$q" 2>/dev/null)
	nd=$(grep -A1 '^[0-9]* c ' "$q" 2>/dev/null | grep -c '^[0-9]* x ')
	if [ "$nc" = "$n" ] && [ "$nd" -ge 1 ] && [ "$(grep -c '^changed: ' "$VMO/record-$s/daemon-1.log" 2>/dev/null)" = "$n" ]; then
		ok "vm record-$s: tc's $n changes are $n c lines, $nd of them dropping packets"
	else
		fail "vm record-$s: want $n c lines (tc made $(grep -c '^changed: ' "$VMO/record-$s/daemon-1.log" 2>/dev/null)), some with x lines; got ${nc:-0}, ${nd:-0}"
	fi
done
# red's and choke's early decisions and netem's loss draw during the calls:
# every draw is an R line before its call (none lost), and the fresh
# capture verified above with each handed back exactly. 6.1's netem draws
# one get_random_u32() per enqueue; from 6.10 on it draws from its own
# generator, seeded at init by one get_random_u64() (a random header line)
# and not during calls.
for s in red red-adaptive choke netem-loss; do
	ran "record-$s" || continue
	q=$VMO/record-$s/collect/record-$s.qtr
	nr=$(awk '$2 == "R" && $3 != "lost" { n += NF - 3 } END { print n + 0 }' "$q" 2>/dev/null)
	ne=$(grep -c '^[0-9]* e ' "$q" 2>/dev/null)
	want=100
	if [ "$s" = netem-loss ] && [ "$SERIES" != 6.1 ]; then
		if [ "$nr" = 0 ] && grep -q '^random u64 [0-9]*$' "$q" && [ "$ne" -gt 1000 ]; then
			ok "vm record-$s: netem's seed drawn at init is a random line, no draws during its $ne enqueues (its own generator since 6.10)"
		else
			fail "vm record-$s: want netem's init seed as a random u64 line and no R lines, got $nr draws"
		fi
		continue
	fi
	[ "$s" = netem-loss ] && want=$ne
	if [ "$nr" -ge "$want" ] && [ "$nr" -gt 0 ] && ! grep -q '^[0-9]* R lost' "$q"; then
		ok "vm record-$s: $nr random draws during calls recorded as R lines ($ne enqueues), none lost"
	else
		fail "vm record-$s: want >= $want draws in R lines and no R lost, got ${nr:-0}"
	fi
done
# netem's duplicates: each clone (skb_clone() in netem's enqueue) is an n
# line naming the packet it was made from, before that packet's e line,
# and leaves under its id (a d or x line); none is unknown (checked above).
q=$VMO/record-netem-duplicate/collect/record-netem-duplicate.qtr
nn=$(grep -c '^[0-9]* n [0-9]* [0-9]*\( truesize=[0-9]*\)\?$' "$q" 2>/dev/null)
nf=$(awk '$2 == "n" { want[$3] = 1 } ($2 == "d" || $2 == "x") && ($3 in want) { got++ } END { print got + 0 }' "$q" 2>/dev/null)
if ! ran record-netem-duplicate; then
	:
elif [ "${nn:-0}" -ge 20 ] && [ "$nf" = "$nn" ] && head -n 1 "$q" | grep -q '^qdk-trace 3$'; then
	ok "vm record-netem-duplicate: $nn clones named by n lines, each dequeued or dropped under its id"
else
	fail "vm record-netem-duplicate: want >= 20 n lines, each id dequeued or dropped later; got ${nn:-0} and $nf"
fi
# GSO packets split by tbf (longer than its burst) and cake (split_gso):
# each segment (__skb_gso_segment() called from the child) is an n line
# naming the GSO packet, with its truesize, and leaves under its own id.
# tbf splits only a packet longer than its burst (2kb, max_size 2048): a
# GSO packet of two short segments that fits goes through whole.
for s in tbf-gso cake-gso; do
	ran "record-$s" || continue
	q=$VMO/record-$s/collect/record-$s.qtr
	fits=0
	[ "$s" = tbf-gso ] && fits=2048
	ng=$(awk -v fits=$fits '$2 == "e" && $5 > fits && / gso=[0-9]*:[0-9]* thlen=/ { n++ } END { print n + 0 }' "$q" 2>/dev/null)
	nn=$(grep -c '^[0-9]* n [0-9]* [0-9]* truesize=[0-9]*$' "$q" 2>/dev/null)
	nf=$(awk '$2 == "n" { want[$3] = 1 } ($2 == "d" || $2 == "x") && ($3 in want) { got++ } END { print got + 0 }' "$q" 2>/dev/null)
	if [ "${ng:-0}" -ge 5 ] && [ "${nn:-0}" -ge $((2 * ng)) ] && [ "$nf" = "$nn" ]; then
		ok "vm record-$s: $ng GSO packets split into $nn segments (n lines), each dequeued or dropped under its id"
	else
		fail "vm record-$s: want >= 5 GSO enqueues and >= 2 n lines each, each id dequeued or dropped; got ${ng:-0}, ${nn:-0}, $nf"
	fi
done
# fq paces a packet that carries a departure time (skb->tstamp, the
# sender's TCP EDT) by that time: tstamp= keys, verified above; without
# them the replay goes by the flow's credit and parts.
q=$VMO/record-fq-maxrate/collect/record-fq-maxrate.qtr
if ran record-fq-maxrate; then
	nt=$(grep -c '^[0-9]* e .* tstamp=[0-9]*' "$q" 2>/dev/null)
	sed 's/ tstamp=[0-9]*//' "$q" > "$work/fq-notstamp.qtr" 2>/dev/null
	if [ "${nt:-0}" -ge 100 ] && ! "$REPLAY" verify "$work/fq-notstamp.qtr" >/dev/null 2>&1; then
		ok "vm record-fq-maxrate: $nt enqueues carry tstamp=; without them the replay parts"
	else
		fail "vm record-fq-maxrate: want >= 100 tstamp= keys (got ${nt:-0}) that the replay needs"
	fi
fi
# fq on the sender's egress reads skb->sk (record-fq-sender): every
# packet names its socket (sk=), the TCP streams and the UDP socket have
# sock lines, the UDP socket's with the pacing rate SO_MAX_PACING_RATE
# set (2 Mbit/s: 250000 bytes/s), verified exactly above; without the
# sockets the replay parts (fq paces that socket by sk_pacing_rate).
q=$VMO/record-fq-sender/collect/record-fq-sender.qtr
if ran record-fq-sender; then
	ne=$(grep -c '^[0-9]* e ' "$q" 2>/dev/null)
	nsk=$(grep -c '^[0-9]* e .* sk=[0-9]*$' "$q" 2>/dev/null)
	ntcp=$(grep -c '^sock [0-9]* tcp ' "$q" 2>/dev/null)
	udp=$(grep -c '^sock [0-9]* udp state=established .*pacing=250000 maxpacing=250000' "$q" 2>/dev/null)
	sed -E '/^sock /d; s/ sk=[0-9]+//' "$q" > "$work/fq-nosk.qtr" 2>/dev/null
	if [ "${ne:-0}" -gt 0 ] && [ "${nsk:-0}" -ge $((ne * 9 / 10)) ] && [ "${ntcp:-0}" -ge 4 ] && [ "${udp:-0}" = 1 ] &&
	   ! "$REPLAY" verify "$work/fq-nosk.qtr" >/dev/null 2>&1; then
		ok "vm record-fq-sender: $nsk of $ne enqueues name their socket ($ntcp TCP, the paced UDP one); without them the replay parts"
	else
		fail "vm record-fq-sender: want most enqueues with sk= (${nsk:-0} of ${ne:-0}), >= 4 TCP sockets (${ntcp:-0}), the UDP socket paced at 250000 B/s (${udp:-0}), and a stripped replay that parts"
	fi
fi
# gred's virtual queue is skb->tc_index (a clsact filter set it): tcidx keys
q=$VMO/record-gred/collect/record-gred.qtr
if ! ran record-gred; then
	:
elif grep -q '^flow .* tcidx=1' "$q" 2>/dev/null && grep -q '^flow .* tcidx=2' "$q"; then
	ok "vm record-gred: the UDP flows carry the tc_index the filter gave them (tcidx=1, tcidx=2)"
else
	fail "vm record-gred: want flows with tcidx=1 and tcidx=2"
fi
# pie's and fq_pie's probability updates and sfq's re-perturbation run from
# their own timer_lists: t lines (sfq's with its new key as an R line), where
# verify (above) fired them.
for s in pie:50 fq_pie:50 sfq-perturb:2 sfq-window:6; do
	n=${s#*:} s=${s%:*}
	ran "record-$s" || continue
	q=$VMO/record-$s/collect/record-$s.qtr
	nt=$(grep -c '^[0-9]* t\( .*\)\?$' "$q" 2>/dev/null)
	if grep -q '^timers recorded$' "$q" 2>/dev/null && [ "${nt:-0}" -ge "$n" ]; then
		ok "vm record-$s: its timer ran $nt times, each a t line"
	else
		fail "vm record-$s: want timers recorded and >= $n t lines, got ${nt:-0}"
	fi
done
q=$VMO/record-sfq-perturb/collect/record-sfq-perturb.qtr
if ! ran record-sfq-perturb; then
	:
elif [ "$(grep -B1 '^[0-9]* t\( .*\)\?$' "$q" 2>/dev/null | grep -cE '^[0-9]+ R bytes [0-9a-f]{32}$')" -ge 2 ]; then
	ok "vm record-sfq-perturb: each re-perturbation's 16-byte key is an R line before its t line"
else
	fail "vm record-sfq-perturb: want an R bytes line of 16 bytes before each t line"
fi
# record-sfq-window widens each perturbation's gap between its unlock and
# its re-arm while a sender on the other CPU enqueues every 0.8 ms: calls
# fall into it, and the recorder must have placed those timers before them
# (else the gap was not exercised) for the exact replay (verify, above) to
# mean anything. The traffic spans 8 perturbations, each placed when the
# scenario holds; half of them leaves room for a slow host.
if ran record-sfq-window; then
	placed=$(sed -n 's/.*timer windows, \([0-9]*\) timers placed.*/\1/p' \
		"$VMO/record-sfq-window/dmesg.txt" 2>/dev/null | tail -n 1)
	if [ "${placed:-0}" -ge 4 ]; then
		ok "vm record-sfq-window: $placed perturbations placed before a call in their gap"
	else
		fail "vm record-sfq-window: want >= 4 perturbations placed before a call (the log says ${placed:-nothing})"
	fi
fi
# The tc hooks (record-ingress, record-clsact, record-ingress-police): each
# hooked packet an i (or o) line after its C line, and the policers shot
# some on each hook they police. cls_mered's blocks are classifier lines
# (its own classify() replays them, verify above); the stock matchall's a
# filter line (the capture hands its answers back).
for s in ingress:i:classifier clsact:io:classifier ingress-police:i:filter; do
	n=record-${s%%:*} ops=${s#*:} how=${s##*:}
	ops=${ops%:*}
	ran "$n" || continue
	q=$VMO/$n/collect/$n.qtr
	bad=
	for op in $(echo "$ops" | fold -w1); do
		nl=$(grep -c "^[0-9]* $op " "$q" 2>/dev/null)
		shot=$(grep -A1 "^[0-9]* C shot " "$q" 2>/dev/null | grep -c "^[0-9]* $op ")
		[ "${nl:-0}" -ge 100 ] && [ "${shot:-0}" -ge 5 ] || bad="$bad $op: ${nl:-0} lines, ${shot:-0} shot;"
	done
	if [ "$how" = classifier ]; then
		ncls=$(grep -c '^classifier ffff:fff[23] mered ' "$q" 2>/dev/null)
	else
		ncls=$(grep -cE '^filter ffff:fff[23]$' "$q" 2>/dev/null)
	fi
	[ "${ncls:-0}" -eq "${#ops}" ] || bad="$bad ${ncls:-0} $how lines;"
	if [ -z "$bad" ]; then
		ok "vm $n: its hooks' packets are $(echo "$ops" | sed 's/./& /g')lines, a $how line each, shots on each"
	else
		fail "vm $n: want >= 100 lines and >= 5 shot for each of $ops, a $how line each:$bad"
	fi
done
# mirred on the ingress hook (record-ingress-mirred): flower's filter line
# (its requests run without rtnl: the first packet through gives it), the
# redirected packets consumed and the mirrored ones piped, and none of what
# r1's qdiscs dropped of them written as the hook's drop.
if ran record-ingress-mirred; then
	q=$VMO/record-ingress-mirred/collect/record-ingress-mirred.qtr
	nf=$(grep -cE '^filter ffff:fff2$' "$q" 2>/dev/null)
	nc=$(grep -c '^[0-9]* C consumed ' "$q" 2>/dev/null)
	np=$(grep -c '^[0-9]* C pipe ' "$q" 2>/dev/null)
	nx=$(grep -c '^[0-9]* x ' "$q" 2>/dev/null)
	if [ "${nf:-0}" = 1 ] && [ "${nc:-0}" -ge 100 ] && [ "${np:-0}" -ge 100 ] && [ "${nx:-0}" = 0 ]; then
		ok "vm record-ingress-mirred: a filter line, $nc consumed, $np piped, no x line"
	else
		fail "vm record-ingress-mirred: want one filter line, >= 100 consumed and piped, no x line (${nf:-0}, ${nc:-0}, ${np:-0}, ${nx:-0})"
	fi
fi
# sfq's init draws its 16-byte perturbation key with get_random_bytes():
# one `random bytes` line of 16 bytes, which the replay's sfq_init consumes
# (verify above checks that). Its decisions do not show the key: the shim's
# skb_get_hash_perturb is not the kernel's siphash of the flow keys.
q=$VMO/record-sfq-noseed/collect/record-sfq-noseed.qtr
if ! ran record-sfq-noseed; then
	:
elif [ "$(grep -c '^random ' "$q" 2>/dev/null)" = 1 ] && grep -qE '^random bytes [0-9a-f]{32}$' "$q"; then
	ok "vm record-sfq-noseed: sfq_init's get_random_bytes(16) recorded ($(grep '^random ' "$q"))"
else
	fail "vm record-sfq-noseed: want one random bytes line of 16 bytes"
	grep '^random' "$q" 2>/dev/null | sed 's/^/     /'
fi
# ared without `seed`: its init drew the seed with get_random_u32(); the
# trace carries that draw, which is the seed the kernel's ared dumps, and the
# replay needs it (without the line the early drops diverge).
if [ -n "$noseed" ] && ran record-ared-noseed; then
	d=$VMO/record-ared-noseed
	q=$d/collect/record-ared-noseed.qtr
	drawn=$(sed -n 's/^random u32 \([0-9]*\)$/\1/p' "$q" 2>/dev/null)
	dumped=$(sed -n 's/^qdisc ared 10: .* seed \([0-9]*\).*/\1/p' "$d/collect/qdisc-final.txt" 2>/dev/null)
	if [ -n "$drawn" ] && ! grep -q '^qdisc ared.*seed' "$q" && ! grep -q '^random lost' "$q" &&
		{ [ -z "$dumped" ] || [ "$drawn" = "$dumped" ]; }; then
		ok "vm record-ared-noseed: init's get_random_u32() recorded (random u32 $drawn, the kernel's ared dumps seed ${dumped:-?})"
	else
		fail "vm record-ared-noseed: want one random u32 line equal to the dumped seed (trace: ${drawn:-none}, kernel: ${dumped:-?})"
	fi
	if [ -f "$q" ]; then
		grep -v '^random ' "$q" >"$work/noseed-norand.qtr"
		out=$("$REPLAY" verify -q "$work/noseed-norand.qtr" 2>&1)
		if [ $? -eq 1 ] && grep -q 'divergence' <<<"$out"; then
			ok "vm record-ared-noseed: without the random line the replay diverges ($(head -n 1 <<<"$out" | sed 's/.*qtr://'))"
		else
			fail "vm record-ared-noseed: without the random line the replay should diverge"
			head -n 5 <<<"$out" | sed 's/^/     /'
		fi
	fi
fi
d=$VMO/record-unload
if ! ran record-unload; then
	:
elif [ "$(cat "$d/status" 2>/dev/null)" = 0 ]; then
	ok "vm record-unload: no unload while in use, clean unload after"
else
	fail "vm record-unload (see $d/log.txt)"
	grep -i "fail" "$d/log.txt" 2>/dev/null | head -n 10 | sed 's/^/     /'
fi
d=$VMO/record-rearm
if ! ran record-rearm; then
	:
elif [ "$(cat "$d/status" 2>/dev/null)" = 0 ]; then
	ok "vm record-rearm: $(grep -ho 'armed and disarmed [0-9]* times' "$d/log.txt") under traffic, clean unload after"
else
	fail "vm record-rearm (see $d/log.txt)"
	grep -E "FAIL|armed" "$d/log.txt" 2>/dev/null | head -n 10 | sed 's/^/     /'
fi
# The recorder under stress (record-stress, recorder/tests/stress.sh):
# $rounds rounds of readers killed (running, or stopped with a full ring), rings
# overflowing under a stopped reader, the child changed, replaced, deleted
# and re-added, the recorder deleted and re-added; the guest checked each
# round's outcome and that the module unloads after. Here every trace: its
# lost lines add up to at least the count the capture printed, a trace with losses
# is refused by verify at its first lost line with the recorder's message
# (no divergence before it: a loss is never silently wrong), and one
# without verifies.
d=$VMO/record-stress
if ran record-stress; then
	if [ "$(cat "$d/status" 2>/dev/null)" = 0 ]; then
		ok "vm record-stress: $(tail -n 1 "$d/collect/stress.log"), the module unloads after"
	else
		fail "vm record-stress: scenario failed (see $d/log.txt)"
		grep FAIL "$d/collect/stress.log" 2>/dev/null | head -n 10 | sed 's/^/     /'
	fi
	nr=0 nk=0 nl=0 nv=0 bad=0 lostsum=0
	while read -r i mode rc t lost calls; do
		nr=$((nr + 1))
		q=$d/collect/stress/r$i.qtr
		case $mode in kill | stopkill) nk=$((nk + 1)); continue ;; esac
		lost=${lost#lost=}
		[ -f "$q" ] || { bad=$((fail + 1)); echo "     round $i ($mode): no trace"; continue; }
		inlines=$(awk '$2 == "lost" { n += $3 } END { print n + 0 }' "$q")
		# (a dequeue of a packet never seen arriving is a lost 1 too)
		if [ "$inlines" -lt "$lost" ]; then
			bad=$((fail + 1))
			echo "     round $i ($mode): the capture says $lost lost, its lost lines only $inlines"
			continue
		fi
		"$REPLAY" verify -q "$q" >"$work/stress.log" 2>&1
		vrc=$?
		if [ "$lost" -gt 0 ]; then
			nl=$((nl + 1)) lostsum=$((lostsum + lost))
			first=$(grep -n '^[0-9]* lost ' "$q" | head -n 1 | cut -d: -f1)
			if [ $vrc -ne 2 ] || ! grep -q "^$q:$first: the recorder lost [0-9]* events here" "$work/stress.log"; then
				bad=$((fail + 1))
				echo "     round $i ($mode): $lost lost, but verify (exit $vrc) did not stop at line $first for it:"
				head -n 3 "$work/stress.log" | sed 's/^/       /'
			fi
		elif [ $vrc -eq 0 ]; then
			nv=$((nv + 1))
		else
			bad=$((fail + 1))
			echo "     round $i ($mode): nothing lost, but verify fails:"
			head -n 3 "$work/stress.log" | sed 's/^/       /'
		fi
	done < "$d/collect/stress/rounds.txt"
	if [ "$nr" = "$rounds" ] && [ "$bad" = 0 ] && [ "$nl" -gt 0 ] && [ "$nv" -gt 0 ]; then
		ok "vm record-stress: $nr rounds: $nk readers killed, $nl captures with losses ($lostsum events, each refused by verify at its first lost line), $nv without, which verify"
	else
		fail "vm record-stress: want $rounds rounds, every loss counted and refused, the rest verifying: $nr rounds, $bad bad, $nl with losses, $nv verified"
	fi
fi
