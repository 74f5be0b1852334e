#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# extract.sh TARBALL OUTDIR FILE... - copy the named files of the kernel
# tree (paths like net/sched/sch_fifo.c, include/net/codel.h) unmodified
# out of Debian's linux-source tarball into OUTDIR, keeping their paths.
# TARBALL may be a kernel tree's folder instead (KSRC: tools/ksrc.sh).
# A directory (tools/testing/selftests/tc-testing/tc-tests/qdiscs) comes
# whole and replaces what OUTDIR held there.
# Writes to a temporary directory and renames, so a failed run leaves no
# half-extracted file behind.
set -eu

tarball=$1
out=$2
shift 2

if [ ! -r "$tarball" ]; then
	echo "extract.sh: $tarball not found (6.1: apt-get install linux-source-6.1; 6.12, 7.x: tools/kdir.sh --source)" >&2
	exit 1
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/qdk-upstream.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
if [ -d "$tarball" ]; then
	# a kernel tree (KSRC): only the files whose contents differ from
	# OUTDIR's copies, so that only what was edited is rebuilt, whatever
	# the tree's file times say (a checkout or a restored file keeps old ones)
	top=tree
	for f in "$@"; do
		[ -e "$tarball/$f" ] || { echo "extract.sh: $tarball/$f: not in that tree" >&2; exit 1; }
	done
	set -- $(for f in "$@"; do
		[ -f "$tarball/$f" ] && cmp -s "$tarball/$f" "$out/$f" || echo "$f"
	done)
	for f in "$@"; do
		mkdir -p "$tmp/$top/$(dirname "$f")"
		cp -R "$tarball/$f" "$tmp/$top/$f"
	done
else
	top=$(tar -tJf "$tarball" 2>/dev/null | head -n 1 | cut -d/ -f1)
	members=""
	for f in "$@"; do
		members="$members $top/$f"
	done
	# shellcheck disable=SC2086
	tar -xJmf "$tarball" -C "$tmp" $members
fi

for f in "$@"; do
	mkdir -p "$out/$(dirname "$f")"
	if [ -d "$tmp/$top/$f" ]; then
		rm -rf "$out/$f.tmp.$$"
		cp -R "$tmp/$top/$f" "$out/$f.tmp.$$"
		find "$out/$f.tmp.$$" -type f -exec chmod a-w {} +
		rm -rf "$out/$f"
		mv -f "$out/$f.tmp.$$" "$out/$f"
		continue
	fi
	cp "$tmp/$top/$f" "$out/$f.tmp.$$"
	chmod a-w "$out/$f.tmp.$$"
	mv -f "$out/$f.tmp.$$" "$out/$f"
done
