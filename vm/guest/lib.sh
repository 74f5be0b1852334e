# SPDX-License-Identifier: GPL-2.0
#
# lib.sh - the guest's building blocks, sourced by scenario.sh and
# hygiene.sh after parse.sh has set the S_* variables:
#
#   sender (s0 10.0.1.1) -- (r0 10.0.1.2) router (r1 10.0.2.1) -- (v0 10.0.2.2) receiver
#
# The qdisc under test sits on r1, the router's egress toward the receiver,
# under the shaper that sets the link rate. The delay (netem) is on v0, the
# receiver's egress, so it lengthens the RTT without touching the queue
# under test.

SENDER_IP=10.0.1.1
ROUTER_IN=10.0.1.2
ROUTER_OUT=10.0.2.1
RECEIVER_IP=10.0.2.2
DEV=r1
IN_DEV=r0
HANDLE=10:
export SENDER_IP ROUTER_IN ROUTER_OUT RECEIVER_IP DEV IN_DEV HANDLE

uptime_s() { cut -d' ' -f1 /proc/uptime; }
log() { echo "[$(uptime_s)] $*"; }

# run CMD... - log a command, run it, count a failure (FAILS) if it fails.
FAILS=0
run() {
	log "+ $*"
	"$@"
	local rc=$?
	if [ $rc -ne 0 ]; then
		log "FAILED ($rc): $*"
		FAILS=$((FAILS + 1))
	fi
	return $rc
}

in_ns() { local ns=$1; shift; /sbin/ip netns exec "$ns" "$@"; }

# ns_sh NS LINE - a scenario's shell line inside a namespace, with env.sh.
ns_sh() { run /sbin/ip netns exec "$1" /bin/sh -c ". /qdk/guest/env.sh; $2" < /dev/null; }

# load_modules NAME... - modprobe (kit modules live in /lib/modules/KVER/extra).
load_modules() {
	local m
	for m in "$@"; do
		run modprobe "$m"
		# for vm/hangdump.py: where the module's code is
		awk -v m="$m" '$1 == m { print "qdk-map: module " m " " $6 }' \
			/proc/modules > /dev/console
	done
}

# kind_module KIND - load sch_KIND if there is such a module (not for
# built-ins such as pfifo or fq_codel, for which modprobe finds nothing).
kind_module() {
	case "$1" in
	none|pfifo|bfifo|pfifo_fast|pfifo_head_drop|fq_codel|mq|noqueue) return 0 ;;
	esac
	modprobe -q "sch_$1" 2>/dev/null || true
}

topology() {
	local ns
	run modprobe veth || return 1
	for ns in sender router receiver; do
		run /sbin/ip netns add $ns || return 1
		in_ns $ns /sbin/ip link set lo up
	done
	run /sbin/ip link add s0 netns sender type veth peer name r0 netns router || return 1
	run /sbin/ip link add r1 netns router type veth peer name v0 netns receiver || return 1
	run in_ns sender /sbin/ip addr add $SENDER_IP/24 dev s0
	run in_ns router /sbin/ip addr add $ROUTER_IN/24 dev r0
	run in_ns router /sbin/ip addr add $ROUTER_OUT/24 dev r1
	run in_ns receiver /sbin/ip addr add $RECEIVER_IP/24 dev v0
	run in_ns sender /sbin/ip link set s0 up
	run in_ns router /sbin/ip link set r0 up
	run in_ns router /sbin/ip link set r1 up
	run in_ns receiver /sbin/ip link set v0 up
	run in_ns sender /sbin/ip route add default via $ROUTER_IN
	run in_ns receiver /sbin/ip route add default via $ROUTER_OUT
	run in_ns router /bin/sh -c 'echo 1 > /proc/sys/net/ipv4/ip_forward'
	if [ "$S_OFFLOAD" = off ]; then
		# MTU-sized packets in the queue under test, not 64 KB GSO trains.
		run in_ns sender /sbin/ethtool -K s0 tso off gso off gro off
		run in_ns router /sbin/ethtool -K r0 tso off gso off gro off
		run in_ns router /sbin/ethtool -K r1 tso off gso off gro off
		run in_ns receiver /sbin/ethtool -K v0 tso off gso off gro off
	fi
	if [ "$S_ECN" = on ]; then
		run in_ns sender /bin/sh -c 'echo 1 > /proc/sys/net/ipv4/tcp_ecn'
		run in_ns receiver /bin/sh -c 'echo 1 > /proc/sys/net/ipv4/tcp_ecn'
	fi
	if [ "$S_DELAY" != 0 ]; then
		kind_module netem
		run in_ns receiver /sbin/tc qdisc add dev v0 root netem delay "$S_DELAY" limit 100000
	fi
}

# shaper - the link rate on r1; sets PARENT, where the qdisc under test goes.
shaper() {
	case "$S_SHAPER" in
	tbf)
		kind_module tbf
		# tbf's own bfifo (limit) is replaced by the qdisc under test
		run in_ns router /sbin/tc qdisc add dev r1 root handle 1: tbf \
			rate "$S_RATE" burst "$S_BURST" limit 1mb || return 1
		PARENT=1:1 ;;
	htb)
		kind_module htb
		run in_ns router /sbin/tc qdisc add dev r1 root handle 1: htb default 1 || return 1
		run in_ns router /sbin/tc class add dev r1 parent 1: classid 1:1 htb \
			rate "$S_RATE" ceil "$S_RATE" burst "$S_BURST" || return 1
		PARENT=1:1 ;;
	none)
		PARENT=root ;;
	esac
	export PARENT
}

# parent_args - "root" or "parent X:Y" for tc.
parent_args() { [ "$PARENT" = root ] && echo root || echo "parent $PARENT"; }

# attach_qdisc - the qdisc under test (S_QDISC) at PARENT with HANDLE.
attach_qdisc() {
	# before the qdisc exists: fifo-like qdiscs take their default limit from it
	[ -z "$S_TXQLEN" ] || run in_ns router /sbin/ip link set dev r1 txqueuelen "$S_TXQLEN"
	[ "$S_QDISC" = none ] && return 0
	set -f
	# shellcheck disable=SC2086
	set -- $S_QDISC
	set +f
	kind_module "$1"
	# shellcheck disable=SC2046
	run in_ns router /sbin/tc qdisc add dev r1 $(parent_args) handle $HANDLE "$@"
}

# stats TAG - tc's view of r1 (text and JSON) and of every device. Classes
# are text only: tc 6.1 ignores -j for `class show`.
stats() {
	in_ns router /sbin/tc -s qdisc show dev r1 > "$OUT/qdisc-$1.txt" 2>&1
	in_ns router /sbin/tc -s -j qdisc show dev r1 > "$OUT/qdisc-$1.json" 2>&1
	in_ns router /sbin/tc -s class show dev r1 > "$OUT/class-$1.txt" 2>&1
	for ns in sender router receiver; do
		echo "== $ns"
		in_ns $ns /sbin/tc -s qdisc show
		in_ns $ns /sbin/ip -s link show
	done > "$OUT/all-$1.txt" 2>&1
}

# wait_listen NS PORT [udp] - until a server listens on a TCP port, or has
# bound a UDP one (TCG is slow to start them).
wait_listen() {
	local i=0 opt=-ltn
	[ "${3:-}" != udp ] || opt=-lun
	while [ $i -lt 100 ]; do
		in_ns "$1" netstat $opt 2>/dev/null | grep -q ":$2 " && return 0
		sleep 0.1
		i=$((i + 1))
	done
	log "server on port $2 in $1 did not come up"
	return 1
}

# bytes SIZE - 20K, 1M (binary multiples) or plain bytes -> bytes
bytes() {
	case "$1" in
	*[kK]) echo $((${1%?} * 1024)) ;;
	*[mM]) echo $((${1%?} * 1048576)) ;;
	*) echo "$1" ;;
	esac
}

SERVERS=""
CLIENTS=""

# tcp_wait_connected START - until every tcp flow that starts no later than
# START has its connections established (iperf3's control connection and
# one per stream), at most 5 s. A udp flow waits for them before it sends:
# udpflow sends from its first moment, so a rate above the link's would
# otherwise fill the queue before TCP's handshake and drop its SYNs until
# the flood ends (as iperf3 -u, whose own start takes a handshake, never did).
tcp_wait_connected() {
	local mine=$1 idx=0 line kv start streams end want
	end=$(awk "BEGIN { print $(uptime_s) + 5 }")
	set -f
	while IFS= read -r line <&4; do
		idx=$((idx + 1))
		# shellcheck disable=SC2086
		set -- $line
		[ "$1" = tcp ] || continue
		shift
		start=0 streams=1
		for kv in "$@"; do
			case "$kv" in
			start=*) start=${kv#start=} ;;
			streams=*) streams=${kv#streams=} ;;
			esac
		done
		awk "BEGIN { exit !($start <= $mine) }" || continue
		want=$((streams + 1))
		while [ "$(in_ns sender netstat -tn 2>/dev/null |
			grep -c " $RECEIVER_IP:$((5200 + idx)) .*ESTABLISHED")" -lt $want ]; do
			awk "BEGIN { exit !($(uptime_s) < $end) }" || { log "tcp flow on port $((5200 + idx)) not connected after 5 s"; break; }
			sleep 0.1
		done
	done 4< "$W/flows"
	set +f
}

# flow_start PHASE INDEX TYPE KEY=VAL... - PHASE "server": start the flow's
# server and wait until it listens; PHASE "client": start its client in the
# background. Servers all come first so that the clients start together.
# Results go to $OUT/flows/NAME.* and the exit status to NAME.rc.
flow_start() {
	local phase=$1 idx=$2 type=$3 kv name start=0 time port
	local streams=1 cc="" window="" tos="" rate=1M len=1200 size="" count=20 gap=0.2 interval=0.2 pace=0 txtime=0 txclock=tai
	local cpu="" pin=""
	shift 3
	name=$type$idx
	for kv in "$@"; do
		eval "${kv%%=*}=\${kv#*=}"
	done
	time=${time:-}
	[ -n "$time" ] || time=$(awk "BEGIN { t = $S_DURATION - $start; print (t < 1 ? 1 : int(t + 0.5)) }")
	port=$((5200 + idx))
	# cpu=LIST: the process that sends the flow's data runs only there, and
	# so does the router's enqueue of its packets (the veth hands them on in
	# the sender's softirq)
	[ -z "$cpu" ] || pin="taskset -c $cpu"
	size=${size:-}
	[ "$type" != mice ] || size=$(bytes "${size:-10K}")
	mkdir -p "$OUT/flows"
	# a flow whose server did not come up was counted as failed already
	[ "$phase" = client ] && [ -e "$W/noserver-$idx" ] && return 1
	[ "$phase" = server ] && case "$type" in
	tcp)
		# -J here and --get-server-output below: the client's NAME.json
		# gets the receiver's per-second intervals (server_output_json)
		in_ns receiver iperf3 -s -J -p $port > "$OUT/flows/$name.server.log" 2>&1 &
		SERVERS="$SERVERS $!"
		wait_listen receiver $port || { FAILS=$((FAILS + 1)); : > "$W/noserver-$idx"; } ;;
	udp)
		# udpflow (vm/guest/udpflow.c), not iperf3 -u: see there why. The
		# receiver reports when the sender's end marker arrives, else after
		# the flow's whole time and 20 s more, or when flows_wait stops it
		# (SIGTERM: ip netns exec execs udpflow, so $! is the receiver
		# itself, not a subshell, and a flow that lost every datagram and
		# its end markers still reports)
		/sbin/ip netns exec receiver udpflow recv $port "$(awk "BEGIN { print $start + $time + 20 }")" "$time" \
			"$OUT/flows/$name.json" > "$OUT/flows/$name.server.log" 2>&1 &
		SERVERS="$SERVERS $!"
		wait_listen receiver $port udp || { FAILS=$((FAILS + 1)); : > "$W/noserver-$idx"; } ;;
	mice)
		# the object travels sender -> receiver like every other flow, so
		# the web server is in the sender and wget in the receiver
		mkdir -p "$W/www-$name"
		head -c "$size" /dev/zero > "$W/www-$name/obj"
		in_ns sender $pin httpd -f -p $port -h "$W/www-$name" > "$OUT/flows/$name.server.log" 2>&1 &
		SERVERS="$SERVERS $!"
		wait_listen sender $port || { FAILS=$((FAILS + 1)); : > "$W/noserver-$idx"; } ;;
	esac
	[ "$phase" = server ] && return 0
	echo "$type $name port=$port start=$start time=$time $*" >> "$OUT/flows/index.txt"
	log "flow $name: $type port $port start ${start}s for ${time}s $*"
	case "$type" in
	tcp)
		(sleep "$start"; timeout $((time + 15)) /sbin/ip netns exec sender \
			$pin iperf3 -c $RECEIVER_IP -p $port -t "$time" -P "$streams" --get-server-output ${cc:+-C "$cc"} ${window:+-w "$window"} ${tos:+-S "$tos"} -J \
			> "$OUT/flows/$name.json" 2> "$OUT/flows/$name.err"
		echo $? > "$OUT/flows/$name.rc") & ;;
	udp)
		# the receiver's report (NAME.json) follows the sender's end
		# markers by half a second; wait for it before the flow ends
		(sleep "$start"; tcp_wait_connected "$start"
		timeout $((time + 15)) /sbin/ip netns exec sender \
			$pin udpflow send $RECEIVER_IP $port "$time" "$rate" "$len" "${tos:-0}" \
			"$OUT/flows/$name.sent.json" "$pace" "$txtime" "$txclock" 2> "$OUT/flows/$name.err"
		rc=$?
		i=0
		while [ ! -e "$OUT/flows/$name.json" ] && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
		echo $rc > "$OUT/flows/$name.rc") & ;;
	mice)
		# one line per transfer: "N SECONDS BYTES RC" (wall time of the
		# whole fetch: connect, request, every byte of the object)
		(sleep "$start"
		end=$(awk "BEGIN { print $(uptime_s) + $time }")
		i=1 bad=0
		: > "$OUT/flows/$name.txt"
		while [ $i -le "$count" ] && awk "BEGIN { exit !($(uptime_s) < $end) }"; do
			t0=$(uptime_s)
			got=$(timeout 30 /sbin/ip netns exec receiver \
				wget -q -O - "http://$SENDER_IP:$port/obj" 2>> "$OUT/flows/$name.err" | wc -c)
			t1=$(uptime_s)
			rc=0
			[ "$got" -eq "$size" ] || { rc=1; bad=$((bad + 1)); }
			echo "$i $(awk "BEGIN { printf \"%.3f\", $t1 - $t0 }") $got $rc" >> "$OUT/flows/$name.txt"
			i=$((i + 1))
			sleep "$gap"
		done
		echo $bad > "$OUT/flows/$name.rc") & ;;
	ping)
		size=${size:-56}
		(sleep "$start"
		n=$(awk "BEGIN { n = int($time / $interval); print (n < 1 ? 1 : n) }")
		timeout $((time + 15)) /sbin/ip netns exec sender \
			$pin ping -c "$n" -i "$interval" -s "$size" $RECEIVER_IP > "$OUT/flows/$name.txt" 2>&1
		echo $? > "$OUT/flows/$name.rc") & ;;
	esac
	CLIENTS="$CLIENTS $!"
}

# flows_start_bg - start every flow of the scenario, concurrently.
flows_start_bg() {
	local idx line phase
	set -f
	for phase in server client; do
		idx=0
		while IFS= read -r line <&3; do
			idx=$((idx + 1))
			# shellcheck disable=SC2086
			flow_start $phase $idx $line < /dev/null
		done 3< "$W/flows"
	done
	set +f
}

# flows_wait - until every flow ended; stop the servers; count failed flows
# in FLOW_FAILS (a traffic scenario adds them to FAILS, hygiene reports them).
FLOW_FAILS=0
flows_wait() {
	local pid f rc i
	for pid in $CLIENTS; do
		wait "$pid"
	done
	for pid in $SERVERS; do
		kill "$pid" 2>/dev/null
	done
	# a udpflow receiver writes its report as it goes: give it 2 s
	for pid in $SERVERS; do
		i=0
		while kill -0 "$pid" 2>/dev/null && [ $i -lt 20 ]; do sleep 0.1; i=$((i + 1)); done
	done
	for f in "$OUT"/flows/*.rc; do
		[ -e "$f" ] || continue
		rc=$(cat "$f")
		if [ "$rc" != 0 ]; then
			log "flow $(basename "$f" .rc) failed ($rc)"
			FLOW_FAILS=$((FLOW_FAILS + 1))
		fi
	done
}

flows_run() {
	flows_start_bg
	flows_wait
}
