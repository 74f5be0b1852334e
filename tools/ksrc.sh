#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# ksrc.sh - a kernel developer's own tree (KSRC=~/src/linux: net-next, a
# stable branch, any version from 6.1 on) as the source of the upstream
# qdiscs, in place of Debian's linux-source of a series.
#
#   tools/ksrc.sh --series DIR   the kit's series nearest below the tree's
#                                version (its Makefile): 6.1, 6.12 or 7.x;
#                                the shim mirrors that series, and
#                                LINUX_VERSION_CODE is the tree's own
#   tools/ksrc.sh --tag DIR      the build directories' suffix for the tree:
#                                ksrc-NAME-HASH (NAME the folder's, HASH of
#                                its absolute path), so two trees never mix
#
# Exit 2 with a reason for a folder that is no kernel tree, or one older
# than 6.1.
set -eu

die() { echo "ksrc: $*" >&2; exit 2; }

mode=${1:-}
dir=${2:-}
[ -n "$dir" ] || die "usage: tools/ksrc.sh --series|--tag DIR"
[ -d "$dir" ] || die "KSRC=$dir: no such folder"
dir=$(cd "$dir" && pwd -P)
[ -f "$dir/Makefile" ] && [ -d "$dir/net/sched" ] ||
	die "KSRC=$dir: not a kernel tree (no Makefile and net/sched/ there)"
ver=$(awk -F' = ' '/^VERSION = / { v = $2 } /^PATCHLEVEL = / { p = $2 } END { print v "." p }' "$dir/Makefile")
case "$ver" in
[0-9]*.[0-9]*) ;;
*) die "$dir/Makefile: no VERSION and PATCHLEVEL lines" ;;
esac
major=${ver%%.*} minor=${ver#*.}

case "$mode" in
--series)
	if [ "$major" -ge 7 ]; then
		echo 7.x
	elif [ "$major" -eq 6 ] && [ "$minor" -ge 12 ]; then
		echo 6.12
	elif [ "$major" -eq 6 ] && [ "$minor" -ge 1 ]; then
		echo 6.1
	else
		die "KSRC=$dir is Linux $ver: the kit's shim mirrors 6.1 and later"
	fi
	;;
--tag)
	name=$(basename "$dir" | tr -c 'A-Za-z0-9_.\n-' '_')
	echo "ksrc-$name-$(printf '%s' "$dir" | sha256sum | cut -c1-8)"
	;;
*) die "usage: tools/ksrc.sh --series|--tag DIR" ;;
esac
