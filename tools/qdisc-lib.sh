# SPDX-License-Identifier: GPL-2.0
#
# qdisc-lib.sh - sourced by the tools that take a kit qdisc's NAME
# (qdisc-trace.sh, capture.sh). The caller sets top (the kit) and prog (its
# name in messages).

die() {
	echo "$prog: $*" >&2
	exit 2
}

# qdisc_dir NAME USAGE: the directory of kit qdisc NAME (template/ or
# qdiscs/NAME/) in $dir; dies with USAGE when NAME is empty, or when it is
# not a qdisc of the kit. A BPF qdisc (qdiscs/NAME/NAME.bpf.c, `make new
# TYPE=bpf`) sets bpf=1, and R to the qdk-replay of the 7.x series (the
# first with BPF qdiscs); a module bpf=0, and R to build/user/qdk-replay.
qdisc_dir() {
	[ -n "$1" ] || die "usage: $2"
	[[ "$1" =~ ^[a-z][a-z0-9_]*$ ]] || die "'$1' is not a qdisc name"
	if [ "$1" = template ]; then dir=$top/template; else dir=$top/qdiscs/$1; fi
	bpf=0
	R=$top/build/user/qdk-replay
	if [ -f "$dir/$1.bpf.c" ] && [ "$1" != template ]; then
		bpf=1
		R=$top/build/user-7.x/qdk-replay
		[ "${KERNEL:-7.x}" = 7.x ] || die "$1 is a BPF qdisc: KERNEL=7.x (the first series with them), not $KERNEL"
	elif [ ! -f "$dir/sch_$1.c" ]; then
		die "no ${dir#"$top"/}/sch_$1.c (make new NAME=$1 starts one)"
	fi
}
