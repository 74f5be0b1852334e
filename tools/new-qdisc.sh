#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# new-qdisc.sh NAME [TYPE] - start qdiscs/NAME/ from template/ (`make new
# NAME=foo`, TYPE qdisc), from template/classifier/ (`make new NAME=foo
# TYPE=classifier`) or from template/bpf/ (`make new NAME=foo TYPE=bpf`).
#
# Every file of template/ is copied with the name changed everywhere, in
# file names and contents: template -> NAME, TEMPLATE -> NAME in upper case
# (the kind string, the TCA_* attributes, the xstats struct, the tc parser,
# the unit test, the sample trace's qdisc line, the record scenario
# NAME-record.scn that `make capture` runs). The new qdisc builds both ways
# and passes its unit test and trace replay with no edit; after an edit of
# the algorithm, `make trace` remakes the sample trace, and only the unit
# tests tagged "algorithm" (drop tail) need rewriting.
#
# A classifier (template/classifier/) is renamed the same way: cls_NAME.c
# (its tcf_proto_ops, kind NAME), cls_NAME.h, its tc parser cls_NAME_tc.c
# (the plugin f_NAME.so), tc-NAME-filter.8 and the sample trace NAME.qtr,
# where prio asks it and qdk-replay checks each answer against a C line.
#
# A BPF qdisc (template/bpf/) is NAME.bpf.c (its struct_ops Qdisc_ops, kind
# NAME), its sample trace NAME.qtr and its record scenario NAME-record.scn
# (registered by bpftool in the 7.x guest, at the root under the recorder).
#
# The directory appears complete or not at all: it is built under a
# temporary name and renamed into place at the end.
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
name=${1:-}
type=${2:-qdisc}

die() {
	echo "new-qdisc: $*" >&2
	exit 1
}

[ -n "$name" ] || die "usage: make new NAME=yourqdisc [TYPE=qdisc|classifier|bpf] (NAME: a lowercase C identifier)"
case "$type" in
qdisc) src_dir=$top/template ;;
classifier) src_dir=$top/template/classifier ;;
bpf) src_dir=$top/template/bpf ;;
*) die "TYPE '$type' is none of qdisc, classifier, bpf" ;;
esac

# The kind is a C identifier prefix (name_enqueue, TCA_NAME_LIMIT) and the
# qdisc's id, which must fit Qdisc_ops.id[IFNAMSIZ] with its NUL (a
# classifier's tcf_proto_ops.kind[IFNAMSIZ] alike).
[[ "$name" =~ ^[a-z][a-z0-9_]*$ ]] ||
	die "'$name' is not a lowercase identifier ([a-z][a-z0-9_]*)"
[ ${#name} -le 15 ] || die "'$name' is longer than 15 characters (IFNAMSIZ - 1)"

# Kinds of Linux 6.1 (net/sched/sch_*.c): a module registering one of them
# would clash with the kernel's own qdisc.
upstream_kinds="atm blackhole cake cbq cbs choke clsact codel drr dsmark etf
	ets fq fq_codel fq_pie gred hfsc hhf htb ingress mq mqprio multiq netem
	noop noqueue pfifo pfifo_fast pfifo_head_drop pie plug prio qfq red sfb
	sfq skbprio taprio tbf teql"
# ... and classifier kinds of 6.1 (net/sched/cls_*.c).
upstream_cls_kinds="basic bpf cgroup flow flower fw matchall route rsvp rsvp6
	tcindex u32"
if [ "$type" != classifier ]; then
	for k in $upstream_kinds; do
		[ "$name" != "$k" ] || die "'$name' is the kind of an upstream Linux qdisc; pick another name"
	done
else
	for k in $upstream_cls_kinds; do
		[ "$name" != "$k" ] || die "'$name' is the kind of an upstream Linux classifier; pick another name"
	done
fi

# Names the kit already uses: the template itself, the recorder, existing
# dirs, the kinds of the BPF selftests that 7.x's qdk-replay registers.
case "$name" in
template | recorder | upstream | shim | harness | bpf_fifo | bpf_fq)
	die "'$name' is a name the kit uses itself" ;;
esac
[ ! -e "$top/qdiscs/$name" ] || die "qdiscs/$name already exists"
# ... and any kind an existing kit qdisc registers.
if grep -qsE "\.id[[:space:]]*=[[:space:]]*\"$name\"" \
	"$top"/qdiscs/*/sch_*.c "$top"/qdiscs/*/*.bpf.c "$top"/recorder/*.c; then
	die "a qdisc of kind '$name' already exists in the kit"
fi
if grep -qsE "\.kind[[:space:]]*=[[:space:]]*\"$name\"" "$top"/qdiscs/*/cls_*.c; then
	die "a classifier of kind '$name' already exists in the kit"
fi

upper=$(echo "$name" | tr '[:lower:]' '[:upper:]')

# The identifiers the copy will define (template_enqueue -> NAME_enqueue,
# TCA_TEMPLATE_LIMIT -> TCA_NAME_LIMIT, ...) must not clash with the kernel's:
# NAME=qdisc would redefine qdisc_enqueue() of <net/sch_generic.h>, NAME=skb
# skb_peek(). Look each one up in the kernel's and the shim's headers.
shopt -s nullglob
csrcs=("$src_dir"/*.c "$src_dir"/*.h)
shopt -u nullglob
idents=$(grep -ohE '\b[A-Za-z0-9_]*(template|TEMPLATE)[A-Za-z0-9_]*\b' \
	"${csrcs[@]}" | sort -u |
	sed -e "s/template/$name/g" -e "s/TEMPLATE/$upper/g" | grep -vx "$name")
# Debian's headers may be absent (then the glob stays literal and is
# skipped): the shim's headers alone are checked.
hdrs=""
for d in "$top/shim/include" /usr/src/linux-headers-*-common/include; do
	[ -d "$d" ] && hdrs="$hdrs $d"
done
if [ -n "$hdrs" ]; then
	# shellcheck disable=SC2086
	clash=$({ grep -rhowF -f <(echo "$idents") $hdrs 2>/dev/null || true; } |
		sort -u | head -n 5 | tr '\n' ' ')
	[ -z "$clash" ] ||
		die "'$name' would define identifiers the kernel already has: $clash"
fi

mkdir -p "$top/qdiscs"
tmp=$(mktemp -d "$top/qdiscs/.new-$name.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

count=0
for src in "$src_dir"/*; do
	[ -f "$src" ] || continue
	base=$(basename "$src")
	case "$base" in
	*.o | *.d | *.ko | *~ | .* | *.zst | *.gz) continue ;;
	esac
	dst="$tmp/${base//template/$name}"
	sed -e "s/template/$name/g" -e "s/TEMPLATE/$upper/g" "$src" >"$dst"
	chmod --reference="$src" "$dst"
	count=$((count + 1))
done
[ "$count" -gt 0 ] || die "${src_dir#"$top"/}/ has no files to copy"

# Nothing of the old name may survive (a capitalised "Template" in prose
# would be a sign the renaming is incomplete).
if cat "$tmp"/* | sed -e "s/$name//g" -e "s/$upper//g" | grep -qi "template"; then
	grep -ni "template" "$tmp"/* >&2
	die "the renamed copy still mentions the template; fix ${src_dir#"$top"/}/ first"
fi

chmod 755 "$tmp"
mv -T "$tmp" "$top/qdiscs/$name"
trap - EXIT

echo "new-qdisc: created qdiscs/$name/ from ${src_dir#"$top"/}/:"
(cd "$top" && ls "qdiscs/$name" | sed 's/^/  /')
if [ "$type" = classifier ]; then
	cat <<EOF
Next steps:
  make kernel                              build/kernel/cls_$name.ko
  make user                                qdk-replay with it, build/user/tc/f_$name.so
  build/user/qdk-replay verify qdiscs/$name/$name.qtr
Then replace the algorithm in classify() of qdiscs/$name/cls_$name.c, its
options in cls_$name.h and cls_${name}_tc.c, the "EDIT ME" lines of
tc-$name-filter.8 and the C lines of $name.qtr with the answers it must give
(traces/FORMAT.md, "Kit classifiers"). In a kernel:
  tc filter add dev DEV parent 1: protocol all prio 1 $name classid 1:1
EOF
	exit 0
fi
if [ "$type" = bpf ]; then
	cat <<EOF
Next steps (a BPF qdisc needs Linux 6.16 or later: the kit's 7.x series):
  make user KERNEL=7.x                     build/user-7.x/qdk-replay with the kind $name
  build/user-7.x/qdk-replay verify qdiscs/$name/$name.qtr
Then replace the drop-tail algorithm in qdiscs/$name/$name.bpf.c, keeping each
op's contract (docs/tutorial.md, "A BPF qdisc"), and:
  make trace NAME=$name                      remake $name.qtr with your algorithm
  make capture NAME=$name                    compiled by clang, loaded in the 7.x VM, verified
  make regress NAME=$name                    keep the capture as a regression test
EOF
	exit 0
fi
cat <<EOF
Next steps:
  make -f Makefile.user qdisc-check        unit tests, including test_$name
  make kernel                              build/kernel/sch_$name.ko
  build/user/qdk-replay verify qdiscs/$name/$name.qtr
Then replace the drop-tail algorithm in qdiscs/$name/sch_$name.c, rewrite the
tests tagged "algorithm" in test_$name.c and the "EDIT ME" lines of tc.cases
and tc-$name.8 (docs/tutorial.md), and:
  make trace NAME=$name                      remake $name.qtr with your algorithm
  make capture NAME=$name [OPTS="..."]       a kernel capture in the VM, verified
  make regress NAME=$name                    keep it as a regression test
EOF
