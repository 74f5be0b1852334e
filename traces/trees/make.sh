#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Remake the classful-tree traces of traces/upstream/ (FORMAT.md version 3):
# arrivals from `qdk-replay gen`, a tree header (each class's and child's
# TCA_OPTIONS as the kernel's own dump writes them, tc's words for people),
# driven through the shim by `qdk-replay drive`. 40-upstream verifies the
# results; 30-replay-runs checks that this script still makes them byte for byte.
#   traces/trees/make.sh [OUTDIR]      (default traces/upstream)
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
R=${QDK_REPLAY:-$top/build/user/qdk-replay}
out=${1:-$top/traces/upstream}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# tree NAME RATE FLOWS... -- HEADER LINES: arrivals of the flows (gen), with
# the header in place of gen's, driven at RATE into OUT/NAME.qtr
tree() {
	local name=$1 rate=$2 flows=() f
	shift 2
	while [ "$1" != "--" ]; do
		flows+=(--flow "$1")
		shift
	done
	shift
	"$R" gen --seed 7 --duration 150ms "${flows[@]}" -o "$work/gen.qtr"
	{
		echo "qdk-trace 3"
		printf '%s\n' "$@"
		grep -v -e '^qdk-trace' -e '^seed' "$work/gen.qtr" | sed "$qmap"
	} >"$work/$name.qtr"
	"$R" drive --rate "$rate" "$work/$name.qtr" -o "$work/driven.qtr"
	# drive writes its own header: the comments go after its first line
	{
		head -n 1 "$work/driven.qtr"
		printf '%s\n' "$@" | grep '^#'
		tail -n +2 "$work/driven.qtr"
	} >"$out/$name.qtr"
}

# sed script for the flow lines (multiq: skb->queue_mapping, which gen has no key for)
qmap=""

# htb: 1:1 (10mbit) over two leaves, 1:10 (2mbit, borrows to 10mbit) with
# fq_codel and 1:20 (6mbit) with pfifo; skb->priority picks the leaf, the
# third flow goes to the default class 1:10
tree htb-tree 20mbit cbr:rate=8mbit,prio=65552 poisson:rate=8mbit,prio=65568,size=1200 \
	cbr:rate=1mbit,size=200 -- \
	"# htb, two leaf classes under 1:1, a child qdisc under each; made by traces/trees/make.sh" \
	"qdisc htb default 10" "handle 1:" \
	"class 1: 1:1 htb 34000280300001000001000000000000d01213000001000000000000d01213006cdc02006cdc0200000000000000000000000000 rate 10mbit burst 15k" \
	"class 1:1 1:10 htb 3400028030000100000100000000000090d003000001000000000000d01213001c4e0e006cdc0200000000000000000001000000 rate 2mbit ceil 10mbit burst 15k prio 1" \
	"class 1:1 1:20 htb 34000280300001000001000000000000b0710b000001000000000000b0710b00b4c40400b4c40400000000000000000000000000 rate 6mbit burst 15k" \
	"child 1:10 10: fq_codel 0c0002800800020064000000 limit 100" \
	"child 1:20 20: pfifo 0800020014000000 limit 20"

# drr: two classes of quantum 1500 and 3000 with a pfifo and a bfifo;
# packets whose priority names no class are dropped (no filter)
tree drr-tree 10mbit cbr:rate=6mbit,prio=65537 poisson:rate=8mbit,prio=65538,size=1200 \
	cbr:rate=1mbit,size=200 -- \
	"# drr, two classes, a child qdisc under each; made by traces/trees/make.sh" \
	"qdisc drr" "handle 1:" \
	"class 1: 1:1 drr 0c00028008000100dc050000 quantum 1500" \
	"class 1: 1:2 drr 0c00028008000100b80b0000 quantum 3000" \
	"child 1:1 11: pfifo 0800020008000000 limit 8" \
	"child 1:2 12: bfifo 0800020070170000 limit 6000"

# prio: three bands, priomap (priority 6: band 0, 0: band 1) and 1:3 named
# by the priority's major; children pfifo_head_drop and fq_codel, band 3
# keeps its default pfifo
tree prio-tree 8mbit cbr:rate=3mbit,prio=6 poisson:rate=6mbit,size=1200 \
	cbr:rate=2mbit,prio=65539,size=600 -- \
	"# prio with three bands, children under two; made by traces/trees/make.sh" \
	"qdisc prio bands 3" "handle 1:" \
	"child 1:1 11: pfifo_head_drop 0800020005000000 limit 5" \
	"child 1:2 12: fq_codel 0c0002800800020064000000 limit 100"

# multiq on a four-queue device: the band is the packet's queue mapping
qmap='s/^\(flow 2 .*\)$/\1 q=1/;s/^\(flow 3 .*\)$/\1 q=3/'
tree multiq-tree 8mbit cbr:rate=3mbit poisson:rate=6mbit,size=1200 cbr:rate=2mbit,size=600 -- \
	"# multiq with four bands (txqs=4), children under three; made by traces/trees/make.sh" \
	"qdisc multiq" "handle 1:" "dev name=qdk0 mtu=1500 txqlen=1000 txqs=4" \
	"child 1:1 11: pfifo 0800020006000000 limit 6" \
	"child 1:2 12: bfifo 0800020070170000 limit 6000" \
	"child 1:4 14: pfifo_head_drop 0800020005000000 limit 5"

# ets: a strict band and two DRR bands (quanta 1500 and 3000), bands by
# priomap (priority 6: band 0, 4: band 1, the rest band 2), a pfifo under
# band 1; ets made its bands, so they have no class lines
qmap=""
tree ets-tree 8mbit cbr:rate=2mbit,prio=6 poisson:rate=6mbit,prio=4,size=1200 \
	cbr:rate=4mbit,size=600 -- \
	"# ets, one strict and two DRR bands, a child under band 1; made by traces/trees/make.sh" \
	"qdisc ets bands 3 strict 1 quanta 1500 3000 priomap 2 2 2 2 1 1 0 0 2 2 2 2 2 2 2 2" "handle 1:" \
	"child 1:2 12: pfifo 0800020008000000 limit 8"

# qfq: two classes of weights 1 and 4 (the kernel's dumps of them, as a
# capture writes them), skb->priority names the class, a bfifo under 1:2
tree qfq-tree 8mbit cbr:rate=4mbit,prio=65537 poisson:rate=6mbit,prio=65538,size=1200 -- \
	"# qfq, two classes of weights 1 and 4, a child under one; made by traces/trees/make.sh" \
	"qdisc qfq" "handle 1:" \
	"class 1: 1:1 qfq 14000200080001000100000008000200ea050000 weight 1 maxpkt 1514" \
	"class 1: 1:2 qfq 14000200080001000400000008000200ea050000 weight 4 maxpkt 1514" \
	"child 1:2 12: bfifo 0800020070170000 limit 6000"

# hfsc: 1:1 (link-sharing and upper limit 10mbit) over 1:10 (real-time
# 3mbit, link-sharing 4mbit) and 1:20 (link-sharing 6mbit, the default),
# its root class 1: as the kernel dumps it; priority 1:10 or the default
tree hfsc-tree 20mbit cbr:rate=4mbit,prio=65552 poisson:rate=8mbit,size=1200 -- \
	"# hfsc, two leaves under 1:1 with upper limit 10mbit; made by traces/trees/make.sh" \
	"qdisc hfsc default 20" "handle 1:" \
	"class root 1: hfsc 04000200" \
	"class 1: 1:1 hfsc 24000200100002000000000000000000d0121300100003000000000000000000d0121300 ls rate 10mbit ul rate 10mbit" \
	"class 1:1 1:10 hfsc 24000200100001000000000000000000d8b8050010000200000000000000000020a10700 rt rate 3mbit ls rate 4mbit" \
	"class 1:1 1:20 hfsc 14000200100002000000000000000000b0710b00 ls rate 6mbit"
