#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# iproute2-src.sh - Debian's iproute2 source package of the series' tc
# (KERNEL: 6.1 by default, the host's tc), fetched once into build/iproute2/
# (never committed); prints the unpacked source tree. An imported qdisc's
# own tc parser (q_KIND.c, import/import.py) compiles against its include/
# and tc/ headers, as it would in iproute2's tree, and loads into that tc as
# a plugin.
#
# The version is exactly that tc's: the installed iproute2's (dpkg-query)
# for 6.1, a newer series' own (tools/kdir.sh --iproute2, its version file).
# The source comes through a private apt state (build/iproute2/apt/, or
# apt-SERIES/ for a newer series: its own sources list, lists and cache)
# whose deb-src lines are the Debian mirror and suites this machine's apt
# already uses (for a newer series, those of its own apt state,
# build/kernels/apt-SERIES/sources.list), read at run time and never
# written into the repository; the host's apt state is not touched. Release
# files are not refused for being old (the mirror may be a dated snapshot);
# signatures are checked as ever. dpkg-source unpacks it with Debian's
# patches applied.
#
# Exit 1 with the reason on stderr when it cannot be fetched.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
base=$top/build/iproute2

die() { echo "iproute2-src: $*" >&2; exit 1; }

series=${KERNEL:-6.1}
apt=$base/apt
if [ "$series" = 6.1 ]; then
	version=$(dpkg-query -W -f '${Version}' iproute2 2>/dev/null) ||
		die "iproute2 is not installed (its tc is the one the plugin is for)"
else
	ir=$("$top/tools/kdir.sh" --iproute2) && [ -n "$ir" ] ||
		die "KERNEL=$series has no iproute2 (tools/kdir.sh --iproute2)"
	version=$(sed -n 's/^iproute2=//p' "$ir/version")
	apt=$base/apt-$series
fi
out=$base/$version
if [ -s "$out/tree" ]; then
	cat "$out/tree"
	exit 0
fi
command -v dpkg-source >/dev/null || die "dpkg-source is missing (apt-get install dpkg-dev)"
mkdir -p "$base"
exec 9>"$base/.lock"
flock 9
[ -s "$out/tree" ] && { cat "$out/tree"; exit 0; }

# deb-src of every deb line of the host's sources (one-line and deb822
# forms), or of the series' own apt state
mkdir -p "$apt/lists/partial" "$apt/cache/archives/partial" "$out"
keyring=/usr/share/keyrings/debian-archive-keyring.gpg
{
	if [ "$series" != 6.1 ]; then
		sed -n 's/^deb \(\[[^]]*\] \)\{0,1\}\([^ ]*\) \([^ ]*\) .*/\2 \3/p' \
			"$top/build/kernels/apt-$series/sources.list"
	elif [ -f /etc/apt/sources.list ]; then
		sed -n 's/^deb \(\[[^]]*\] \)\{0,1\}\([^ ]*\) \([^ ]*\) .*/\2 \3/p' /etc/apt/sources.list
	fi
	for f in /etc/apt/sources.list.d/*.sources; do
		[ "$series" = 6.1 ] && [ -f "$f" ] || continue
		awk '/^Types:/ { deb = 0; for (i = 2; i <= NF; i++) if ($i == "deb") deb = 1 } /^URIs:/ { u = $2 }
			/^Suites:/ && deb { for (i = 2; i <= NF; i++) print u, $i }' "$f"
	done
} | awk -v k="$keyring" '$1 ~ /^(https?|file):\/\// { print "deb-src [signed-by=" k "] " $1, $2, "main" }' \
	>"$apt/sources.list"
[ -s "$apt/sources.list" ] || die "no Debian mirror in this machine's apt sources"
opts="-o Dir::Etc::sourcelist=$apt/sources.list -o Dir::Etc::sourceparts=-
	-o Dir::State=$apt -o Dir::State::Lists=$apt/lists -o Dir::Cache=$apt/cache
	-o Acquire::Languages=none -o Acquire::Check-Valid-Until=false"
echo "iproute2-src: fetching Debian's iproute2 $version source package" >&2
# shellcheck disable=SC2086 # opts is a list of options
apt-get -q $opts update >"$out/update.log" 2>&1 ||
	{ tail -n 5 "$out/update.log" >&2; die "apt-get update failed"; }
# shellcheck disable=SC2086
(cd "$out" && apt-get -q $opts source --download-only "iproute2=$version") >"$out/fetch.log" 2>&1 ||
	{ tail -n 5 "$out/fetch.log" >&2; die "apt-get source iproute2=$version failed"; }
dsc=$(ls "$out"/iproute2_*.dsc 2>/dev/null | head -n 1)
[ -n "$dsc" ] || die "no .dsc fetched (see $out/fetch.log)"
rm -rf "$out/src"
dpkg-source -q --no-check -x "$dsc" "$out/src" >"$out/unpack.log" 2>&1 ||
	{ tail -n 5 "$out/unpack.log" >&2; die "dpkg-source -x $dsc failed"; }
[ -f "$out/src/tc/tc_util.h" ] && [ -f "$out/src/include/utils.h" ] ||
	die "$out/src lacks tc/tc_util.h or include/utils.h"
echo "$out/src" >"$out/tree.tmp"
mv "$out/tree.tmp" "$out/tree"
cat "$out/tree"
