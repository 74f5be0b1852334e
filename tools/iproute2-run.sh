#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# iproute2-run.sh - run a newer series' own tc or ip on this host.
#
#   build/kernels/SERIES/iproute2/bin/tc ARGS   (a link here; so is bin/ip)
#   tools/iproute2-run.sh --list IR FILE        the libraries FILE loads with
#                                               IR's path, as ldd lists them
#
# tools/kernel-fetch.sh (step 6) unpacks the series' iproute2 into IR =
# build/kernels/SERIES/iproute2/tree/ with the library packages its build
# root lacks, and writes IR/root (the root's directory name under
# build/kernels/). The binaries are the suite's, linked against its glibc,
# which this host (Debian 12) does not have: they run under the root's
# own dynamic loader with a library path of the tree and the root only
# (every library is found there: kernel-fetch.sh checks that none comes
# from the host). LD_PRELOAD (usertc's libqdk-nl.so) and TC_LIB_DIR pass
# through to the tool as they would to the host's tc.
set -eu
lib=x86_64-linux-gnu

# the loader and library path of the iproute2 directory $1
paths() {
	root=$1/../../$(cat "$1/root")
	ldso=$root/lib64/ld-linux-x86-64.so.2
	lpath=$1/tree/usr/lib/$lib:$1/tree/lib/$lib:$root/usr/lib/$lib
}

if [ "${1:-}" = --list ]; then
	[ $# -eq 3 ] || { echo "usage: iproute2-run.sh --list IPROUTE2_DIR FILE" >&2; exit 2; }
	paths "$(cd "$2" && pwd)"
	exec "$ldso" --library-path "$lpath" --list "$3"
fi
ir=$(cd "$(dirname "$0")/.." && pwd)
tool=$(basename "$0")
case $tool in
tc | ip) ;;
*) echo "iproute2-run.sh: run it as build/kernels/SERIES/iproute2/bin/tc or ip" >&2; exit 2 ;;
esac
paths "$ir"
exec "$ldso" --library-path "$lpath" "$ir/tree/usr/sbin/$tool" "$@"
