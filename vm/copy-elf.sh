#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# copy-elf.sh [--iproute2 DIR] ROOT SRC[:DEST]... - copy programs (or shared
# objects) into the guest tree ROOT at DEST (default: the same path) together
# with every shared library they load, so the guest's dynamic loader finds
# them too. Static binaries and non-ELF files are copied as they are.
#
# Without --iproute2 the libraries are those `ldd` lists, at the paths the
# host loader found them. With --iproute2 DIR (a newer series' iproute2,
# tools/kdir.sh --iproute2) the guest's glibc is that series' build root's:
# every file is listed with the root's loader and the library path of DIR
# and the root (tools/iproute2-run.sh --list; a library neither has comes
# from the host, as for the host's own tools), and each library lands in
# /lib/x86_64-linux-gnu/ under its name (the loader in /lib64/), where the
# host's ldd puts its own: a host program copied after the series' tc
# finds the series' glibc there and keeps it (a file present is never
# replaced), so one glibc serves every program of the guest.
set -eu
here=$(cd "$(dirname "$0")" && pwd)

ir=
if [ "${1:-}" = --iproute2 ]; then
	ir=${2:?usage: copy-elf.sh [--iproute2 DIR] ROOT SRC[:DEST]...}
	shift 2
fi
root=${1:?usage: copy-elf.sh [--iproute2 DIR] ROOT SRC[:DEST]...}
shift

# "name => /path (addr)" or "/path (addr)" (the host loader), one path a line
libs() {
	if [ -n "$ir" ]; then
		"$here/../tools/iproute2-run.sh" --list "$ir" "$1" 2>/dev/null || true
	else
		ldd "$1" 2>/dev/null || true
	fi | sed -n 's/.*=> \(\/[^ ]*\).*/\1/p; s/^[[:space:]]*\(\/[^ ]*\) (.*/\1/p'
}

for spec in "$@"; do
	src=${spec%%:*}
	dst=${spec#*:}
	[ "$dst" = "$spec" ] && dst=$src
	[ -f "$src" ] || { echo "copy-elf: $src: no such file" >&2; exit 1; }
	mkdir -p "$root/$(dirname "$dst")"
	cp -L "$src" "$root/$dst"
	for lib in $(libs "$src"); do
		to=$lib
		if [ -n "$ir" ]; then
			case $(basename "$lib") in
			ld-linux*) to=/lib64/$(basename "$lib") ;;
			*) to=/lib/x86_64-linux-gnu/$(basename "$lib") ;;
			esac
		fi
		[ -e "$root/$to" ] && continue
		mkdir -p "$root/$(dirname "$to")"
		cp -L "$lib" "$root/$to"
	done
done
