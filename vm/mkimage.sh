#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# mkimage.sh KDIR OUT - fetch Debian's kernel image that matches the headers
# in KDIR (the kit's modules are built against them, so the versions must be
# identical) and unpack it into OUT: OUT/boot/vmlinuz-KVER and every stock
# module under OUT/lib/modules/KVER, with a modules.dep made by depmod (the
# package ships none: Debian runs depmod at install time).
#
# Nothing is installed: the .deb is fetched with `apt-get download` and
# unpacked with `dpkg -x`. Cached: a second run with the same KVER does nothing.
set -eu

kdir=${1:?usage: mkimage.sh KDIR OUT}
out=${2:?usage: mkimage.sh KDIR OUT}
kver=$(basename "$(readlink -f "$kdir")")
kver=${kver#linux-headers-}
case "$kver" in
""|*/*|linux-*) echo "mkimage: cannot derive a kernel version from KDIR=$kdir" >&2; exit 1 ;;
esac

stamp="$out/.complete-$kver"
[ -f "$stamp" ] && exit 0

pkg="linux-image-$kver"
dl="$out.dl"
rm -rf "$out" "$dl"
mkdir -p "$dl"
echo "vm: fetching $pkg (apt-get download; nothing is installed)"
# apt's _apt user cannot write into a root-owned build dir; that warning is harmless.
fetch() { (cd "$dl" && apt-get download -q "$pkg" 2>&1 | grep -v "unsandboxed as root") || true; }
fetch
deb=$(ls "$dl"/"$pkg"_*.deb 2>/dev/null | head -n 1)
if [ -z "$deb" ] && [ "$(id -u)" -eq 0 ]; then
	# a fresh machine may have no package lists yet
	echo "vm: refreshing the package lists (apt-get update) and retrying"
	apt-get update -qq && fetch
	deb=$(ls "$dl"/"$pkg"_*.deb 2>/dev/null | head -n 1)
fi
if [ -z "$deb" ]; then
	echo "mkimage: 'apt-get download $pkg' fetched nothing." >&2
	echo "mkimage: is $pkg in the package lists? try: apt-get update" >&2
	exit 1
fi
tmp="$out.tmp"
rm -rf "$tmp"
dpkg -x "$deb" "$tmp"
[ -f "$tmp/boot/vmlinuz-$kver" ] || { echo "mkimage: $deb has no boot/vmlinuz-$kver" >&2; exit 1; }
[ -d "$tmp/lib/modules/$kver" ] || { echo "mkimage: $deb has no lib/modules/$kver" >&2; exit 1; }
depmod -b "$tmp" "$kver"
rm -rf "$dl"
mv "$tmp" "$out"
touch "$stamp"
echo "vm: kernel $kver unpacked into $out"
