#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# deps.sh SET... - make sure the Debian packages a make target needs are
# installed. As root, missing ones are installed with apt-get; otherwise the
# exact command is printed and we stop.
#
#   build  compilers, libzstd-dev and zlib1g-dev (the trace reader, trace/),
#          libpcap-dev (`qdk-replay pcap` reads captures), python3-dpkt
#          (tools/trace2pcapng.py writes pcapng), check, gcovr, matplotlib,
#          gdb, iproute2, kernel headers and source (upstream qdiscs are extracted from it at build time),
#          debootstrap (the newer kernel series' build root, tools/kdir.sh),
#          time (GNU time: `make bench` reads each replay's peak RSS with it).
#          The SAN=1 build's stack traces need no symbolizer package: gcc's
#          libasan/libubsan symbolize with their built-in libbacktrace from
#          the -g debug info (tests/suites/55-san runs one with an empty
#          PATH); llvm-symbolizer (package llvm) is used when present.
#   vm     what the VM rig needs to boot Debian's kernel under qemu, and
#          tcpdump (the guest captures the link with it: vm/mkinitramfs.sh)
#   check  what `make check` uses beyond those: groff and man-db (the man
#          pages render), dkms (dkms-check), strace (tc's netlink bytes),
#          procps (pgrep: the usertc daemons), clang and its compiler-rt
#          (the libFuzzer targets, fuzz/), tcpdump and tshark (Wireshark's
#          reader: they read the pcapng files tools/trace2pcapng.py writes)
set -eu

pkgs=""
for set in "$@"; do
	case "$set" in
	build)
		pkgs="$pkgs build-essential pkg-config libzstd-dev zlib1g-dev libpcap-dev check gcovr gdb iproute2 zstd xz-utils
		      python3 python3-matplotlib python3-pytest python3-dpkt
		      linux-headers-amd64 linux-source-6.1 debootstrap time" ;;
	vm)
		pkgs="$pkgs qemu-system-x86 busybox-static iperf3 cpio kmod ethtool tcpdump" ;;
	check)
		pkgs="$pkgs groff man-db dkms strace procps clang-14 libclang-rt-14-dev tcpdump tshark" ;;
	*)
		echo "deps.sh: unknown set '$set'" >&2; exit 2 ;;
	esac
done

missing=""
for p in $pkgs; do
	st=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
	case "$st" in
	*" installed") ;;
	*) missing="$missing $p" ;;
	esac
done
[ -z "$missing" ] && exit 0

cmd="apt-get install -y --no-install-recommends$missing"
if [ "$(id -u)" -ne 0 ]; then
	echo "qdk needs these Debian packages:$missing" >&2
	echo "run as root:  apt-get update && $cmd" >&2
	exit 1
fi
echo "deps: installing$missing"
export DEBIAN_FRONTEND=noninteractive
# A fresh machine has no package lists yet; refresh them once if the install fails.
apt-get install -y -qq --no-install-recommends $missing >/dev/null 2>&1 ||
	{ apt-get update -qq && apt-get install -y -qq --no-install-recommends $missing; }
