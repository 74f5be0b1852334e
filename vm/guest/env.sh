# SPDX-License-Identifier: GPL-2.0
#
# env.sh - sourced by every guest shell that runs scenario commands. busybox
# sh runs its own (option-less) ip/tc applets for a bare `ip`/`tc` even when
# PATH has the real ones, so these functions pin iproute2's binaries.
export PATH=/qdk/bin:/usr/local/sbin:/usr/local/bin:/sbin:/usr/sbin:/bin:/usr/bin
ip() { /sbin/ip "$@"; }
tc() { /sbin/tc "$@"; }

# wait_qlen DEV HANDLE N: poll (up to 20 times, 2-4 s under TCG, where each
# tc takes ~0.15 s) until qdisc HANDLE on DEV holds at least N packets: a
# hook that changes a qdisc under traffic wants a full queue, and how long
# the flows take to fill it depends on the host's load. Fails when it never
# does, in time for the hook to go on within the traffic.
wait_qlen() {
	_n=0
	while [ $_n -lt 20 ]; do
		_q=$(tc -s qdisc show dev "$1" handle "$2" |
			sed -n 's/^ *backlog [0-9]*b \([0-9]*\)p.*/\1/p' | head -n 1)
		[ "${_q:-0}" -ge "$3" ] && return 0
		sleep 0.05
		_n=$((_n + 1))
	done
	echo "wait_qlen: $1 $2 never held $3 packets (last ${_q:-?})" >&2
	return 1
}
