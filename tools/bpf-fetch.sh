#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# bpf-fetch.sh - the BPF toolchain of the 7.x series: clang, llvm (llvm-strip),
# libbpf-dev and bpftool from Debian's trixie, installed into the series'
# trixie build root (build/kernels/root-trixie/, tools/kernel-fetch.sh step 3)
# where tools/bpf-build.sh runs them. Prints the root. Once: later calls only
# print it (the root's .qdk-bpf names what it got: a package missing there
# is installed on the next call).
#
# The build root's apt has no sources (kernel-fetch.sh drops them): for this
# run it gets one, the suite on the Debian mirror this machine's apt uses
# (read from its apt sources at run time, never written into the
# repository), and loses it again afterwards. Release files are not refused
# for being old (the mirror may be a dated snapshot). apt runs chrooted, with
# /proc and /dev bind-mounted for dpkg's maintainer scripts.
#
# Needs root and a fetched 7.x series (tools/kdir.sh --fetch with KERNEL=7.x).
# Exit 1 with the reason on stderr when the toolchain cannot be had.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
die() { echo "bpf-fetch: $*" >&2; exit 1; }

# libc6-dev-i386: errno.h for the BPF target (no __x86_64__) wants
# gnu/stubs-32.h, as the selftests' build machines have through multilib
pkgs="clang llvm libbpf-dev bpftool libelf-dev zlib1g-dev libc6-dev-i386"
kdir=$(KERNEL=7.x "$top/tools/kdir.sh") || die "the 7.x series is not fetched (KERNEL=7.x tools/kdir.sh --fetch)"
root=${kdir%/usr/src/*}
[ -f "$root/.qdk-buildroot" ] || die "$root is not a build root"
have() {
	for p in $pkgs; do grep -q "^$p=" "$root/.qdk-bpf" 2>/dev/null || return 1; done
}
if have; then
	echo "$root"
	exit 0
fi
[ "$(id -u)" -eq 0 ] || die "needs root (chroot, apt-get)"
codename=$(sed -n 's/^VERSION_CODENAME=//p' "$root/etc/os-release")
[ -n "$codename" ] || die "$root/etc/os-release names no codename"
mirror=$(grep -hE '^(URIs:|deb )' /etc/apt/sources.list.d/*.sources \
	/etc/apt/sources.list 2>/dev/null | grep -oE '(https?|file)://[^ ]+' |
	grep -v security | head -n 1 || true)
[ -n "$mirror" ] || die "no Debian mirror in this machine's apt sources"

exec 9>"$top/build/kernels/.lock"
flock 9
list=$root/etc/apt/sources.list.d/qdk-bpf.list
cleanup() {
	rm -f "$list"
	umount "$root/proc" 2>/dev/null || true
	umount "$root/dev" 2>/dev/null || true
}
trap cleanup EXIT
echo "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] $mirror $codename main" >"$list"
mount -t proc proc "$root/proc"
mount --bind /dev "$root/dev"
log=$top/build/kernels/bpf-fetch.log
echo "bpf-fetch: $pkgs into $root" >&2
{
	chroot "$root" apt-get -q -o Acquire::Check-Valid-Until=false update &&
		DEBIAN_FRONTEND=noninteractive chroot "$root" apt-get -q -y \
			--no-install-recommends install $pkgs &&
		chroot "$root" apt-get clean
} >"$log" 2>&1 || { tail -n 5 "$log" >&2; die "apt-get in $root failed"; }
chroot "$root" dpkg-query -W -f '${Package}=${Version}\n' $pkgs >"$root/.qdk-bpf.tmp"
mv "$root/.qdk-bpf.tmp" "$root/.qdk-bpf"
echo "$root"
