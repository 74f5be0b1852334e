#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# mkinitramfs.sh IMAGE OUT.cpio.gz [IPROUTE2] - the base initramfs of the VM
# rig: busybox, Debian's own iproute2 (ip, tc and its netem tables),
# iperf3, ethtool and tcpdump with the shared libraries they load, and the
# stock modules of the unpacked kernel IMAGE (mkimage.sh: those a scenario
# may need, with everything they depend on).
#
# iproute2 is the series' own: the host's (Debian 12's, for 6.1), or with
# IPROUTE2 (tools/kdir.sh --iproute2 of a newer series) that series' ip, tc
# and tc tables, with the glibc and libraries of its build root; the other
# tools are the host's, on that glibc (vm/copy-elf.sh --iproute2).
#
# What changes often (guest scripts, scenarios, the kit's own modules, extra
# tools) is not here: vm/run appends it per run as a second cpio archive,
# which the kernel unpacks over this one.
set -eu

image=${1:?usage: mkinitramfs.sh IMAGE OUT.cpio.gz}
out=${2:?usage: mkinitramfs.sh IMAGE OUT.cpio.gz [IPROUTE2]}
ir=${3:-}
here=$(cd "$(dirname "$0")" && pwd)
kver=$(ls "$image/lib/modules" | head -n 1)
mods="$image/lib/modules/$kver"
[ -f "$mods/modules.dep" ] || { echo "mkinitramfs: no $mods/modules.dep (run mkimage.sh)" >&2; exit 1; }

stage=$(mktemp -d "$out.stage.XXXXXX")
trap 'rm -rf "$stage" "$stage.cpio.gz"' EXIT
mkdir -p "$stage"/bin "$stage"/sbin "$stage"/usr/bin "$stage"/usr/sbin "$stage"/lib64 \
	"$stage"/proc "$stage"/sys "$stage"/dev "$stage"/run "$stage"/tmp "$stage"/etc \
	"$stage"/var "$stage"/root "$stage/lib/modules/$kver"
ln -s ../run "$stage/var/run"

# busybox and its applets, except ip and tc: those must be iproute2's (the
# applets know no qdisc options). Even so busybox sh prefers its own applet
# for a bare `tc`, so guest scripts call /sbin/tc or define a function (env.sh).
cp /bin/busybox "$stage/bin/busybox"
for a in $(/bin/busybox --list); do
	case "$a" in
	busybox|ip|tc|ipneigh) continue ;;
	esac
	[ -e "$stage/bin/$a" ] || ln -s busybox "$stage/bin/$a"
done

# Dynamically linked tools and every library they load: the series' ip and
# tc first (with IPROUTE2 their glibc is the guest's), then the host's.
tcdir=/usr/lib/x86_64-linux-gnu/tc
if [ -n "$ir" ]; then
	"$here/copy-elf.sh" --iproute2 "$ir" "$stage" "$ir/tree/usr/sbin/ip:/sbin/ip" \
		"$ir/tree/usr/sbin/tc:/sbin/tc" /usr/bin/iperf3:/usr/bin/iperf3 \
		/usr/sbin/ethtool:/sbin/ethtool /usr/bin/tcpdump:/usr/bin/tcpdump
	dists=$ir/tree$tcdir
else
	"$here/copy-elf.sh" "$stage" /usr/sbin/ip:/sbin/ip /usr/sbin/tc:/sbin/tc \
		/usr/bin/iperf3:/usr/bin/iperf3 /usr/sbin/ethtool:/sbin/ethtool \
		/usr/bin/tcpdump:/usr/bin/tcpdump
	dists=$tcdir
fi
# tcpdump gives up root for a user it looks up by name: a scenario runs it with
# -Z root (root may write the collect folder), the guest's only user.
echo "root:x:0:0:root:/root:/bin/sh" > "$stage/etc/passwd"
echo "root:x:0:" > "$stage/etc/group"
# tc's netem delay distribution tables (`distribution normal`), where
# Debian's tc looks for them.
mkdir -p "$stage$tcdir"
for d in "$dists"/*.dist; do
	[ -f "$d" ] || continue
	cp "$d" "$stage$tcdir/"
done

# The stock modules: every one the image holds (mkimage.sh keeps those a
# scenario may load, with their dependencies).
all=$(cd "$mods" && find kernel -type f -name '*.ko' | LC_ALL=C sort)
[ -n "$all" ] || { echo "mkinitramfs: no modules in $mods" >&2; exit 1; }
for m in $all; do
	mkdir -p "$stage/lib/modules/$kver/$(dirname "$m")"
	cp "$mods/$m" "$stage/lib/modules/$kver/$m"
done
cp "$mods/modules.builtin" "$mods/modules.order" "$stage/lib/modules/$kver/"
[ -f "$mods/modules.builtin.modinfo" ] && cp "$mods/modules.builtin.modinfo" "$stage/lib/modules/$kver/"
echo "$kver" > "$stage/etc/qdk-kver"

tmp="$stage.cpio.gz"
(cd "$stage" && find . | LC_ALL=C sort | cpio -o -H newc --quiet -R 0:0) | gzip -6 > "$tmp"
mv "$tmp" "$out"
echo "vm: base initramfs $out ($(du -k "$out" | cut -f1) KiB, $(echo "$all" | wc -l) stock modules)"
