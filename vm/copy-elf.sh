#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# copy-elf.sh ROOT SRC[:DEST]... - copy programs (or shared objects) into the
# guest tree ROOT at DEST (default: the same path) together with every shared
# library `ldd` lists for them, at the paths the host loader found them, so the
# guest's dynamic loader finds them too. Static binaries and non-ELF files are
# copied as they are.
set -eu

root=${1:?usage: copy-elf.sh ROOT SRC[:DEST]...}
shift
for spec in "$@"; do
	src=${spec%%:*}
	dst=${spec#*:}
	[ "$dst" = "$spec" ] && dst=$src
	[ -f "$src" ] || { echo "copy-elf: $src: no such file" >&2; exit 1; }
	mkdir -p "$root/$(dirname "$dst")"
	cp -L "$src" "$root/$dst"
	# ldd prints "name => /path (addr)" or "/path (addr)" for the loader.
	for lib in $(ldd "$src" 2>/dev/null | sed -n 's/.*=> \(\/[^ ]*\).*/\1/p; s/^[[:space:]]*\(\/[^ ]*\) (.*/\1/p'); do
		[ -e "$root/$lib" ] && continue
		mkdir -p "$root/$(dirname "$lib")"
		cp -L "$lib" "$root/$lib"
	done
done
