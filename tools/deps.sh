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
#   kbuild what a kernel build needs (tools/kernel-debug.sh: the VM's
#          debug kernel from Debian's linux-source)
#   check  what `make check` uses beyond those: groff and man-db (the man
#          pages render), dkms (dkms-check), strace (tc's netlink bytes),
#          procps (pgrep: the usertc daemons), clang and its compiler-rt
#          (the libFuzzer targets, fuzz/), tcpdump and tshark (Wireshark's
#          reader: they read the pcapng files tools/trace2pcapng.py writes),
#          and ruff and mypy (tests/suites/80-style lints the Python tools
#          with them, configured in pyproject.toml). Debian 12 has no ruff
#          package, so it comes from the Python package index through
#          Debian's python3-pip, and mypy with it (one way for both; Debian
#          12's is 1.0.1), into /usr/local where /usr/bin/python3 finds them.
set -eu

pkgs=""
pymods=""
for set in "$@"; do
	case "$set" in
	build)
		pkgs="$pkgs build-essential pkg-config libzstd-dev zlib1g-dev libpcap-dev check gcovr gdb iproute2 zstd xz-utils
		      python3 python3-matplotlib python3-pytest python3-dpkt
		      linux-headers-amd64 linux-source-6.1 debootstrap time" ;;
	vm)
		pkgs="$pkgs qemu-system-x86 busybox-static iperf3 cpio kmod ethtool tcpdump" ;;
	kbuild)
		pkgs="$pkgs build-essential flex bison bc libelf-dev libssl-dev xz-utils kmod" ;;
	check)
		pkgs="$pkgs groff man-db dkms strace procps clang-14 libclang-rt-14-dev tcpdump tshark python3-pip"
		pymods="ruff mypy" ;;
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

# The Python linters: wanted when /usr/bin/python3 cannot run them.
pymissing=""
for m in $pymods; do
	/usr/bin/python3 -m "$m" --version >/dev/null 2>&1 || pymissing="$pymissing $m"
done
pipcmd="/usr/bin/python3 -m pip install -q --break-system-packages$pymissing"
[ -z "$missing" ] && [ -z "$pymissing" ] && exit 0

if [ -z "$missing" ]; then
	:
elif [ "$(id -u)" -ne 0 ]; then
	echo "qdk needs these Debian packages:$missing" >&2
	echo "run as root:  apt-get update && apt-get install -y --no-install-recommends$missing" >&2
	[ -z "$pymissing" ] || echo "and then:  $pipcmd" >&2
	exit 1
else
	echo "deps: installing$missing"
	export DEBIAN_FRONTEND=noninteractive
	# A fresh machine has no package lists yet; refresh them once if the install fails.
	apt-get install -y -qq --no-install-recommends $missing >/dev/null 2>&1 ||
		{ apt-get update -qq && apt-get install -y -qq --no-install-recommends $missing; }
fi
[ -z "$pymissing" ] && exit 0
if [ "$(id -u)" -ne 0 ]; then
	echo "qdk needs these Python packages:$pymissing" >&2
	echo "run as root:  $pipcmd" >&2
	exit 1
fi
echo "deps: installing$pymissing (pip)"
# Without them only tests/suites/80-style fails, saying so: the rest can run.
$pipcmd || echo "deps: pip could not install$pymissing; 80-style will fail" >&2
exit 0
