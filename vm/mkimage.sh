#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# mkimage.sh KDIR OUT - Debian's kernel image that matches the headers in
# KDIR (the kit's modules are built against them, so the versions must be
# identical), unpacked into OUT: OUT/boot/vmlinuz-KVER and the stock modules
# a scenario may load under OUT/lib/modules/KVER, uncompressed (the guest's busybox modprobe
# loads plain .ko files), with a modules.dep made by depmod (the package
# ships none: Debian runs depmod at install time).
#
# Where the packages come from: a newer series fetched by
# tools/kernel-fetch.sh (KERNEL=6.12|7.x) already has them in
# build/kernels/SERIES/debs/ (7.x splits the image: vmlinuz in linux-binary-*,
# the modules in linux-modules-*, modules.builtin and the config in
# linux-base-*; its and 6.12's files are under /usr/lib,
# and their modules xz-compressed). Otherwise (the host's 6.1) the .deb is
# fetched with `apt-get download`. Nothing is installed: the packages are
# unpacked with `dpkg -x`. A KDIR that is a kernel built here
# (tools/kernel-debug.sh) gives its own image and modules instead. Cached: a
# second run with the same KVER does nothing.
set -eu

kdir=${1:?usage: mkimage.sh KDIR OUT}
out=${2:?usage: mkimage.sh KDIR OUT}
kver=$(basename "$(readlink -f "$kdir")")
kver=${kver#linux-headers-}
case "$kver" in
""|*/*|linux-*) echo "mkimage: cannot derive a kernel version from KDIR=$kdir" >&2; exit 1 ;;
esac

# v2: only the modules a scenario may load (an older image kept them all)
stamp="$out/.complete-v2-$kver"
top=$(cd "$(dirname "$0")/.." && pwd)
# A kernel built here (tools/kernel-debug.sh): its build directory is KDIR,
# and it holds the image and the modules; nothing is fetched.
if [ -f "$kdir/arch/x86/boot/bzImage" ] && [ -f "$kdir/.qdk-built" ]; then
	# the stamp holds the build's: a rebuild with the same KVER reinstalls
	[ -f "$stamp" ] && cmp -s "$stamp" "$kdir/.qdk-built" && exit 0
	tmp="$out.tmp"
	rm -rf "$out" "$tmp"
	mkdir -p "$tmp/boot"
	make -s -C "$kdir" INSTALL_MOD_PATH="$tmp" INSTALL_MOD_STRIP=1 DEPMOD=true modules_install
	cp "$kdir/arch/x86/boot/bzImage" "$tmp/boot/vmlinuz-$kver"
	cp "$kdir/.config" "$tmp/boot/config-$kver"
	[ -d "$tmp/lib/modules/$kver" ] || { echo "mkimage: $kdir: modules_install made no lib/modules/$kver" >&2; exit 1; }
	rm -f "$tmp/lib/modules/$kver/build" "$tmp/lib/modules/$kver/source"
	depmod -b "$tmp" "$kver"
	mv "$tmp" "$out"
	cp "$kdir/.qdk-built" "$stamp"
	echo "vm: kernel $kver (built by tools/kernel-debug.sh) installed into $out"
	exit 0
fi
[ -f "$stamp" ] && exit 0
pkg="linux-image-$kver"
dl="$out.dl"
rm -rf "$out" "$dl"
mkdir -p "$dl"
# shellcheck disable=SC2012 # file names without spaces
local_debs=$(ls "$top"/build/kernels/*/debs/linux-image-"$kver"_*.deb \
	"$top"/build/kernels/*/debs/linux-base-"$kver"_*.deb \
	"$top"/build/kernels/*/debs/linux-binary-"$kver"_*.deb \
	"$top"/build/kernels/*/debs/linux-modules-"$kver"_*.deb 2>/dev/null || true)
if [ -n "$local_debs" ]; then
	echo "vm: $pkg from build/kernels/ (tools/kernel-fetch.sh)"
	debs=$local_debs
else
	echo "vm: fetching $pkg (apt-get download; nothing is installed)"
	# apt's _apt user cannot write into a root-owned build dir; that warning is harmless.
	fetch() { (cd "$dl" && apt-get download -q "$pkg" 2>&1 | grep -v "unsandboxed as root") || true; }
	fetch
	debs=$(ls "$dl"/"$pkg"_*.deb 2>/dev/null | head -n 1)
	if [ -z "$debs" ] && [ "$(id -u)" -eq 0 ]; then
		# a fresh machine may have no package lists yet
		echo "vm: refreshing the package lists (apt-get update) and retrying"
		apt-get update -qq && fetch
		debs=$(ls "$dl"/"$pkg"_*.deb 2>/dev/null | head -n 1)
	fi
	if [ -z "$debs" ]; then
		echo "mkimage: 'apt-get download $pkg' fetched nothing." >&2
		echo "mkimage: is $pkg in the package lists? try: apt-get update" >&2
		exit 1
	fi
fi
tmp="$out.tmp"
rm -rf "$tmp"
for deb in $debs; do
	dpkg -x "$deb" "$tmp"
done
# One layout whatever the series: /usr/lib/modules -> /lib/modules, and the
# kernel at /boot/vmlinuz-KVER (7.x keeps it in its modules directory).
if [ -d "$tmp/usr/lib/modules/$kver" ] && [ ! -d "$tmp/lib/modules/$kver" ]; then
	mkdir -p "$tmp/lib/modules"
	mv "$tmp/usr/lib/modules/$kver" "$tmp/lib/modules/$kver"
fi
if [ -f "$tmp/lib/modules/$kver/vmlinuz" ] && [ ! -f "$tmp/boot/vmlinuz-$kver" ]; then
	mkdir -p "$tmp/boot"
	mv "$tmp/lib/modules/$kver/vmlinuz" "$tmp/boot/vmlinuz-$kver"
fi
[ -f "$tmp/boot/vmlinuz-$kver" ] || { echo "mkimage: $debs: no vmlinuz-$kver" >&2; exit 1; }
[ -d "$tmp/lib/modules/$kver" ] || { echo "mkimage: $debs: no lib/modules/$kver" >&2; exit 1; }
# Only the stock modules a scenario may load stay: all of net/sched, veth,
# dummy, ifb and the virtio block device, with everything they depend on
# (modules.dep of a first depmod, which reads compressed modules too). The
# rest of the package (sound, graphics, wireless: more than 400 MB of a
# series' 600) would only take disk; the base initramfs ships what is here.
mods="$tmp/lib/modules/$kver"
depmod -b "$tmp" "$kver"
keep="$tmp/keep.list"
(cd "$mods" && {
	ls kernel/net/sched/*.ko*
	for m in drivers/net/veth drivers/net/dummy drivers/net/ifb \
		drivers/virtio/virtio_pci drivers/block/virtio_blk; do
		ls kernel/$m.ko* 2>/dev/null || true
	done
} | while read -r m; do
	echo "$m"
	grep "^$m:" modules.dep | cut -d: -f2 | tr ' ' '\n'
done) | sed '/^$/d' | sort -u > "$keep"
[ -s "$keep" ] || { echo "mkimage: $debs: no net/sched modules" >&2; exit 1; }
(cd "$mods" && find kernel -type f -name '*.ko*' | sort | comm -23 - "$keep" | xargs -r rm -f)
find "$mods/kernel" -depth -type d -empty -delete
rm -f "$keep"
# Compressed modules (6.12 on): plain .ko for busybox's insmod and modprobe.
find "$mods" -name '*.ko.xz' -print0 | xargs -0 -r -P 2 -n 200 xz -d
find "$mods" -name '*.ko.zst' -print0 | xargs -0 -r -P 2 -n 200 zstd -q -d --rm
depmod -b "$tmp" "$kver"
rm -rf "$dl"
mv "$tmp" "$out"
touch "$stamp"
echo "vm: kernel $kver unpacked into $out"
