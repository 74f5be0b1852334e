#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# kdir.sh - print the kernel headers directory the kit builds against: the
# one owner of that default (Makefile.kernel, vm/Makefile, tools/install.sh,
# recorder/kbuild.sh and the kernel test suites all ask here).
#
#   KDIR set and non-empty  that directory, as given
#   otherwise               the headers Debian's linux-headers-amd64 depends
#                           on (the kernel the VM boots), else the newest
#                           /usr/src/linux-headers-*-amd64
#
# It is asked when it is needed, never earlier: `make check` installs the
# headers (tools/deps.sh) before anything reads this, so a fresh machine gets
# the headers it just installed. Prints nothing (exit 1) when none exist.
set -eu

if [ -n "${KDIR:-}" ]; then
	echo "$KDIR"
	exit 0
fi

# linux-headers-amd64 Depends: linux-headers-6.1.0-NN-amd64 (= ...)
dep=$(dpkg-query -W -f='${Depends}' linux-headers-amd64 2>/dev/null |
	tr ',' '\n' | sed -n 's/^ *\(linux-headers-[^ ]*-amd64\).*/\1/p' | head -n 1) || true
if [ -n "$dep" ] && [ -d "/usr/src/$dep" ]; then
	echo "/usr/src/$dep"
	exit 0
fi

# shellcheck disable=SC2012
newest=$(ls -d /usr/src/linux-headers-*-amd64 2>/dev/null | sort -V | tail -n 1)
[ -n "$newest" ] || exit 1
echo "$newest"
