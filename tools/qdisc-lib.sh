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
# not a qdisc of the kit.
qdisc_dir() {
	[ -n "$1" ] || die "usage: $2"
	[[ "$1" =~ ^[a-z][a-z0-9_]*$ ]] || die "'$1' is not a qdisc name"
	if [ "$1" = template ]; then dir=$top/template; else dir=$top/qdiscs/$1; fi
	[ -f "$dir/sch_$1.c" ] || die "no ${dir#"$top"/}/sch_$1.c (make new NAME=$1 starts one)"
}
