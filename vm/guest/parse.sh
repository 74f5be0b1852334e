# SPDX-License-Identifier: GPL-2.0
#
# parse.sh - the one parser of the scenario format (vm/README.md), sourced
# by scenario.sh in the guest and by vm/run on the host (under busybox sh, the
# guest's shell) to reject a bad file before booting.
#
# scn_parse FILE sets S_* variables and writes the repeatable keys one per
# line into $W/{flows,setup,daemon,collect,sender-setup,receiver-setup}.
# Errors are "FILE:LINE: reason" on stderr and a non-zero return.

scn_err() { echo "$S_FILE:$S_LINE: $*" >&2; S_BAD=1; }

is_uint() { case "$1" in ''|*[!0-9]*) return 1 ;; esac; return 0; }
is_num() { case "$1" in ''|.|*[!0-9.]*|*.*.*) return 1 ;; esac; return 0; }

# flow_check TYPE KEY=VAL... - validate one flow line.
flow_check() {
	local type=$1 kv k v allowed
	shift
	case "$type" in
	tcp) allowed="name start time streams cc window tos cpu" ;;
	udp) allowed="name start time rate len tos pace txtime txclock cpu" ;;
	mice) allowed="name start time size count gap cpu" ;;
	ping) allowed="name start time interval size cpu" ;;
	*) scn_err "unknown flow type '$type' (tcp, udp, mice, ping)"; return ;;
	esac
	for kv in "$@"; do
		k=${kv%%=*}
		v=${kv#*=}
		if [ "$k" = "$kv" ] || [ -z "$v" ]; then
			scn_err "flow $type: expected KEY=VALUE, got '$kv'"
			continue
		fi
		case " $allowed " in
		*" $k "*) ;;
		*) scn_err "flow $type: unknown key '$k' (allowed: $allowed)"; continue ;;
		esac
		case "$k" in
		start|time|gap|interval) is_num "$v" || scn_err "flow $type: $k=$v is not a number of seconds" ;;
		streams|count|len|txtime) is_uint "$v" || scn_err "flow $type: $k=$v is not a positive integer" ;;
		txclock) case "$v" in tai|mono) ;; *) scn_err "flow $type: txclock=$v is neither tai nor mono" ;; esac ;;
		cpu) case "$v" in *[!0-9,-]*|[,-]*|*[,-]) scn_err "flow $type: cpu=$v is not a CPU list (taskset -c: 1, 0-1, 0,2)" ;; esac ;;
		name) case "$v" in *[!A-Za-z0-9_-]*) scn_err "flow $type: name '$v' may hold only letters, digits, - and _" ;; esac ;;
		window) case "$v" in *[!0-9KM]*|[KM]*) scn_err "flow $type: window=$v is not a size (N, NK or NM)" ;; esac ;;
		pace) case "$v" in *[!0-9.KMGkmg]*|[KMGkmg.]*) scn_err "flow $type: pace=$v is not a rate (bits/s, K M G)" ;; esac ;;
		tos) # the IP TOS byte (DSCP << 2 | ECN), decimal or 0x hex, as iperf3 -S takes it
			case "$v" in
			0x[0-9a-fA-F]|0x[0-9a-fA-F][0-9a-fA-F]) ;;
			0[0-9]*) scn_err "flow $type: tos=$v: no leading zero (iperf3 would read octal)" ;;
			*) is_uint "$v" && [ "${#v}" -le 3 ] && [ "$v" -le 255 ] ||
				scn_err "flow $type: tos=$v is not a TOS byte (0..255 or 0x00..0xff)" ;;
			esac ;;
		esac
	done
}

scn_parse() {
	S_FILE=$1
	S_LINE=0
	S_BAD=0
	S_KIND=traffic
	S_QDISC=pfifo
	S_SHAPER=tbf
	S_RATE=10mbit
	S_BURST=16kb
	S_DELAY=0
	S_DURATION=10
	S_TIMEOUT=
	S_OFFLOAD=off
	S_ECN=off
	S_MODULES=
	S_CYCLES=50
	S_DESCRIPTION=
	S_TXQLEN=
	for f in flows setup daemon collect sender-setup receiver-setup change; do
		: > "$W/$f"
	done
	[ -r "$S_FILE" ] || { echo "$S_FILE: cannot read scenario" >&2; return 1; }
	set -f
	while IFS= read -r line || [ -n "$line" ]; do
		S_LINE=$((S_LINE + 1))
		# leading blanks are allowed; '#' starts a comment line
		while :; do
			case "$line" in
			" "*|"	"*) line=${line#?} ;;
			*) break ;;
			esac
		done
		case "$line" in ''|'#'*) continue ;; esac
		key=${line%%:*}
		if [ "$key" = "$line" ]; then
			scn_err "expected 'key: value'"
			continue
		fi
		val=${line#*:}
		while :; do
			case "$val" in
			" "*|"	"*) val=${val#?} ;;
			*) break ;;
			esac
		done
		case "$key" in
		name) ;;
		description) S_DESCRIPTION=$val ;;
		kind)
			case "$val" in traffic|hygiene) S_KIND=$val ;;
			*) scn_err "kind: '$val' is not traffic or hygiene" ;; esac ;;
		modules) S_MODULES="$S_MODULES $val" ;;
		qdisc) [ -n "$val" ] && S_QDISC=$val || scn_err "qdisc: empty (use 'none')" ;;
		shaper)
			case "$val" in tbf|htb|none) S_SHAPER=$val ;;
			*) scn_err "shaper: '$val' is not tbf, htb or none" ;; esac ;;
		rate) [ -n "$val" ] && S_RATE=$val || scn_err "rate: empty" ;;
		burst) [ -n "$val" ] && S_BURST=$val || scn_err "burst: empty" ;;
		delay) [ -n "$val" ] && S_DELAY=$val || scn_err "delay: empty" ;;
		duration) is_uint "$val" && [ "$val" -gt 0 ] && S_DURATION=$val ||
			scn_err "duration: '$val' is not a positive number of seconds" ;;
		timeout) is_uint "$val" && [ "$val" -gt 0 ] && S_TIMEOUT=$val ||
			scn_err "timeout: '$val' is not a positive number of seconds" ;;
		cycles) is_uint "$val" && S_CYCLES=$val || scn_err "cycles: '$val' is not a number" ;;
		txqueuelen) is_uint "$val" && S_TXQLEN=$val || scn_err "txqueuelen: '$val' is not a number" ;;
		expect) ;; # checked on the host by vm/check.py
		change) echo "$val" >> "$W/change" ;;
		offload|ecn)
			case "$val" in on|off) ;; *) scn_err "$key: '$val' is not on or off" ;; esac
			[ "$key" = offload ] && S_OFFLOAD=$val || S_ECN=$val ;;
		flow)
			# shellcheck disable=SC2086
			flow_check $val
			echo "$val" >> "$W/flows" ;;
		setup|daemon|collect|sender-setup|receiver-setup)
			[ -n "$val" ] || scn_err "$key: empty command"
			echo "$val" >> "$W/$key" ;;
		*) scn_err "unknown key '$key'" ;;
		esac
	done < "$S_FILE"
	set +f
	if [ -z "$S_TIMEOUT" ] && [ "$S_KIND" = hygiene ]; then
		# per module: the load cycles, the churn, the flows winding down;
		# vm/run says how many kit modules go into the guest
		S_TIMEOUT=$((60 + ${QDK_NMODULES:-10} * (S_DURATION + 30 + S_CYCLES / 5)))
	fi
	[ -n "$S_TIMEOUT" ] || S_TIMEOUT=$((2 * S_DURATION + 60))
	[ "$S_BAD" -eq 0 ]
}
