#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# install.sh install|uninstall|dkms-check - what `make install`, `make
# uninstall` and `make dkms-check` run (the top Makefile builds first and
# passes the variables below).
#
#   install     the kit's modules (kbuild modules_install against KDIR, into
#               /lib/modules/KVER/extra), the tc plugins into tc's library
#               directory, the man pages tc-<kind>.8, the user-space tools
#               (qdk-replay, qdk-capture; tools/compare.py, plot.py and
#               trace2pcapng.py as qdk-compare, qdk-plot, qdk-trace2pcapng);
#               every file written is listed in PREFIX/share/qdk/manifest
#   uninstall   removes exactly the files the manifest lists, then it
#   dkms-check  `dkms add` + `dkms build` of a copy of this tree against
#               KDIR's kernel, in a private DKMS tree (nothing in /var/lib/dkms
#               or /usr/src; the signing key DKMS makes is private too)
#
# Variables (environment): DESTDIR (staging root, default none), PREFIX
# (/usr/local), BINDIR (PREFIX/bin), MANDIR (PREFIX/share/man), TCLIBDIR
# (/usr/lib/<multiarch>/tc: the one directory Debian's tc searches, whatever
# PREFIX is; TC_LIB_DIR overrides it at run time), KDIR (kernel headers),
# VARIANT (user: the build/VARIANT the plugins and tools come from).
# With DESTDIR empty, depmod runs after installing/removing modules.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
cmd=${1:-}
DESTDIR=${DESTDIR:-}
# A relative DESTDIR is relative to where make runs (kbuild's modules_install
# runs in KDIR, so it gets the absolute path).
case "$DESTDIR" in /* | "") ;; *) DESTDIR=$PWD/$DESTDIR ;; esac
PREFIX=${PREFIX:-/usr/local}
BINDIR=${BINDIR:-$PREFIX/bin}
MANDIR=${MANDIR:-$PREFIX/share/man}
multiarch=$(gcc -print-multiarch 2>/dev/null || dpkg-architecture -qDEB_HOST_MULTIARCH 2>/dev/null || echo x86_64-linux-gnu)
TCLIBDIR=${TCLIBDIR:-/usr/lib/$multiarch/tc}
KDIR=$("$top/tools/kdir.sh" || true)
VARIANT=${VARIANT:-user}
manifest=$PREFIX/share/qdk/manifest
# tools/*.py installed: commands (qdk-NAME) and the modules they import
PY_TOOLS="compare plot trace2pcapng"
PY_MODULES="qdktrace qdkstats"

die() { echo "install.sh: $*" >&2; exit 1; }

# The release modules are installed under: UTS_RELEASE (Debian's
# include/config/kernel.release says 6.1.192 where uname -r is 6.1.0-56-amd64;
# modules_install and the vermagic use UTS_RELEASE).
kernel_release() {
	local h=$KDIR/include/generated/utsrelease.h
	[ -r "$h" ] || die "KDIR='$KDIR' has no include/generated/utsrelease.h (kernel headers?)"
	sed -n 's/^#define UTS_RELEASE "\(.*\)"$/\1/p' "$h"
}

# The man pages of the kit: template/ and every qdiscs/<kind>/.
man_pages() {
	local f
	for f in "$top"/template/tc-*.8 "$top"/qdiscs/*/tc-*.8; do
		[ -f "$f" ] && echo "$f"
	done
	return 0
}

# put SRC DEST MODE: install one file (temp + rename) and remember it.
put() {
	install -D -m "$3" "$1" "$DESTDIR$2.qdk-new"
	mv -f "$DESTDIR$2.qdk-new" "$DESTDIR$2"
	echo "$2" >>"$list"
	echo "  $2"
}

do_install() {
	local b=$top/build/$VARIANT krel f n
	[ -x "$b/qdk-replay" ] || die "$b/qdk-replay not built (make user)"
	compgen -G "$b/tc/q_*.so" >/dev/null || die "no tc plugins in $b/tc (make user)"
	[ -f "$top/build/kernel/modules.order" ] || die "no kernel modules built (make kernel)"
	krel=$(kernel_release)
	list=$(mktemp)
	trap 'rm -f "$list"' EXIT

	echo "install.sh: modules for $krel (make -C $KDIR M=build/kernel modules_install)"
	# The kit's modules are installed unsigned, as built (Debian's config
	# asks kbuild to sign with the kernel's own key, which only Debian
	# has; DKMS signs with its MOK key instead). kbuild's depmod step is
	# skipped (Debian's headers have no System.map): depmod runs below when
	# installing into the system.
	make -s -C "$KDIR" M="$top/build/kernel" INSTALL_MOD_PATH="$DESTDIR" \
		INSTALL_MOD_DIR=extra CONFIG_MODULE_SIG_ALL= modules_install 2>&1 |
		{ grep -v "System.map\|Skipping depmod" || true; }
	n=0
	while read -r f; do
		# modules.order: /TOP/build/kernel/DIR/NAME.ko -> extra/DIR/NAME.ko
		f=/lib/modules/$krel/extra/${f#"$top"/build/kernel/}
		[ -f "$DESTDIR$f" ] || die "modules_install did not write $DESTDIR$f"
		echo "$f" >>"$list"
		echo "  $f"
		n=$((n + 1))
	done <"$top/build/kernel/modules.order"
	[ "$n" -gt 0 ] || die "no modules in build/kernel/modules.order"

	echo "install.sh: tc plugins -> $TCLIBDIR"
	# q_<kind>.so for the qdiscs, f_<kind>.so for the classifiers
	for f in "$b"/tc/q_*.so "$b"/tc/f_*.so; do
		[ -f "$f" ] || continue
		put "$f" "$TCLIBDIR/$(basename "$f")" 0644
	done
	echo "install.sh: man pages -> $MANDIR/man8"
	while read -r f; do
		put "$f" "$MANDIR/man8/$(basename "$f")" 0644
	done < <(man_pages)
	echo "install.sh: tools -> $BINDIR"
	for f in qdk-replay qdk-capture; do
		[ -x "$b/$f" ] && put "$b/$f" "$BINDIR/$f" 0755
	done
	# qdk-replay runs the stock tc with it (harness/README.md, "tc options")
	put "$b/libqdk-nl.so" "$PREFIX/lib/qdk/libqdk-nl.so" 0644
	# the Python tools of drive's results, beside the modules they import,
	# each run by a qdk-NAME command (they find qdk-replay on PATH)
	echo "install.sh: Python tools -> $PREFIX/share/qdk/tools"
	for f in $PY_MODULES $PY_TOOLS; do
		put "$top/tools/$f.py" "$PREFIX/share/qdk/tools/$f.py" 0644
	done
	for f in $PY_TOOLS; do
		# -B: no bytecode written into the installed tree at run time
		printf '#!/bin/sh\nexec /usr/bin/python3 -B %s "$@"\n' "$PREFIX/share/qdk/tools/$f.py" >"$list.sh"
		put "$list.sh" "$BINDIR/qdk-$f" 0755
	done
	rm -f "$list.sh"
	echo "$manifest" >>"$list"
	install -d "$DESTDIR$(dirname "$manifest")"
	sort -u "$list" >"$DESTDIR$manifest.qdk-new"
	mv -f "$DESTDIR$manifest.qdk-new" "$DESTDIR$manifest"
	echo "  $manifest"
	if [ -z "$DESTDIR" ]; then
		depmod -a "$krel"
		echo "install.sh: depmod -a $krel"
	fi
}

do_uninstall() {
	local f krel="" n=0
	[ -f "$DESTDIR$manifest" ] || die "$DESTDIR$manifest: not installed (with this PREFIX/DESTDIR)"
	while read -r f; do
		[ -n "$f" ] || continue
		case "$f" in /lib/modules/*/extra/*) krel=${f#/lib/modules/}; krel=${krel%%/*} ;; esac
		[ "$f" = "$manifest" ] && continue
		if [ -e "$DESTDIR$f" ]; then
			rm -f "$DESTDIR$f"
			echo "  removed $f"
			n=$((n + 1))
		fi
		# modules_install made one directory per component under extra/:
		# it goes when empty (standard directories such as man8 stay).
		case "$f" in
		/lib/modules/*/extra/*/*.ko) rmdir "$(dirname "$DESTDIR$f")" 2>/dev/null || true ;;
		*/lib/qdk/*) rmdir "$(dirname "$DESTDIR$f")" 2>/dev/null || true ;;
		# bytecode Python may have cached beside the tools (run without -B)
		*/share/qdk/tools/*)
			rm -rf "$(dirname "$DESTDIR$f")/__pycache__"
			rmdir "$(dirname "$DESTDIR$f")" 2>/dev/null || true ;;
		esac
	done <"$DESTDIR$manifest"
	rm -f "$DESTDIR$manifest"
	rmdir "$(dirname "$DESTDIR$manifest")" 2>/dev/null || true
	echo "install.sh: $n files removed"
	if [ -z "$DESTDIR" ] && [ -n "$krel" ] && [ -d "/lib/modules/$krel" ]; then
		depmod -a "$krel"
		echo "install.sh: depmod -a $krel"
	fi
}

# dkms add + build of this tree (tracked and untracked files, no build/) in
# a private DKMS tree; prints the modules DKMS built.
do_dkms_check() {
	local krel ver
	command -v dkms >/dev/null || die "dkms is not installed (apt-get install dkms)"
	krel=$(kernel_release)
	[ -d "/lib/modules/$krel/build" ] ||
		die "/lib/modules/$krel/build missing: DKMS builds against installed headers (linux-headers-$krel)"
	ver=$(sed -n 's/^PACKAGE_VERSION="\(.*\)"/\1/p' "$top/dkms.conf")
	work=$(mktemp -d)
	trap 'rm -rf "$work"' EXIT
	mkdir -p "$work/src/qdk-$ver" "$work/dkms"
	(cd "$top" && git ls-files -z -c -o --exclude-standard | grep -zv '^build/' |
		tar -cf - --null -T - | tar -xf - -C "$work/src/qdk-$ver")
	export mok_signing_key=$work/mok.key mok_certificate=$work/mok.pub
	dkms --dkmstree "$work/dkms" --sourcetree "$work/src" add -m qdk -v "$ver"
	if ! dkms --dkmstree "$work/dkms" --sourcetree "$work/src" build -m qdk -v "$ver" -k "$krel"; then
		tail -n 40 "$work/dkms/qdk/$ver/build/make.log" 2>/dev/null || true
		die "dkms build failed"
	fi
	echo "install.sh: dkms built for $krel:"
	(cd "$work/dkms/qdk/$ver/$krel" && find . -name '*.ko*' | sort | sed 's/^\.\//  /')
	dkms --dkmstree "$work/dkms" --sourcetree "$work/src" status -m qdk -v "$ver"
}

case "$cmd" in
install) do_install ;;
uninstall) do_uninstall ;;
dkms-check) do_dkms_check ;;
*) die "usage: install.sh install|uninstall|dkms-check" ;;
esac
