#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# qdk-tc ARGS / qdk-ip ARGS: Debian's own tc or ip, unmodified, against the
# user-space namespace $QDK_NS ("default"), started on first use. The build
# installs this script under both names next to qdk-ns and libqdk-nl.so;
# the name it is called by picks the tool: the series' own (the directory
# the file iproute2-bin beside it names, written for a newer series by
# usertc.mk), else the host's /usr/sbin one; QDK_TC or QDK_IP overrides it.
# The kit's tc plugins (q_<kind>.so) come from the tc/ folder beside it
# unless TC_LIB_DIR is set.
# Remove a namespace with `qdk-ns del NAME` (usertc/README.md).
here=$(dirname "$(readlink -f "$0")")
bin=/usr/sbin
[ ! -s "$here/iproute2-bin" ] || bin=$(cat "$here/iproute2-bin")
case $(basename "$0") in
*ip) tool=${QDK_IP:-$bin/ip} ;;
*) tool=${QDK_TC:-$bin/tc} ;;
esac
"$here/qdk-ns" add "${QDK_NS:-default}" || exit 2
TC_LIB_DIR=${TC_LIB_DIR:-$here/tc} \
LD_PRELOAD="$here/libqdk-nl.so${LD_PRELOAD:+ $LD_PRELOAD}" \
	exec "$tool" "$@"
