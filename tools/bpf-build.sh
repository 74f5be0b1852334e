#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# bpf-build.sh [PROG...] - BPF qdisc programs compiled for the 7.x kernel the
# VM boots, into build/bpf-7.x/PROG.bpf.o (prints that directory).
#
#   PROG   a program of the series' selftests (tools/testing/selftests/bpf/
#          progs/PROG.c), or the path of a program of yours, DIR/NAME.bpf.c
#          (`make new TYPE=bpf`), into NAME.bpf.o; it may include the
#          selftests' bpf_experimental.h and bpf_qdisc_common.h, and headers
#          of its own folder; or bpf_template, the BPF template as the 7.x
#          user build renames it (shim/bpf/bpf.mk makes its source);
#          default: bpf_qdisc_fifo bpf_qdisc_fq bpf_template
#
# 1. The toolchain is Debian trixie's clang, libbpf-dev and bpftool, in the
#    series' trixie build root (tools/bpf-fetch.sh installs them once).
# 2. vmlinux.h comes from the series' own BTF: the .BTF section of the
#    vmlinux inside the linux-binary package's vmlinuz (a bzImage whose
#    payload is zstd: the first zstd frame is the ELF vmlinux, stripped of
#    symbols but not of .BTF), dumped by bpftool as C. The guest's
#    /sys/kernel/btf/vmlinux is the same BTF (the VM boots that vmlinuz).
# 3. The programs and the headers they include (bpf_experimental.h,
#    bpf_qdisc_common.h, libarena's bpf_may_goto.h) are extracted unmodified
#    from the series' linux-source at build time (upstream/extract.sh), never
#    committed.
# 4. clang -target bpf -O2 -g, as the selftests build them, chrooted into the
#    root (with the flags of the selftests' Makefile: -fms-extensions, as
#    7.x's structs embed structs by tag) in a private mount namespace where build/bpf-7.x is bind-mounted
#    at its own path.
# BPF_OUT=DIR: the objects go there instead (make import's); vmlinux.h and the
# extracted headers stay in build/bpf-7.x.
# Needs root (chroot). Exit 1 with the reason on stderr on failure; nothing
# is left half-written (each file is written under a temporary name).
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
die() { echo "bpf-build: $*" >&2; exit 1; }

[ $# -gt 0 ] || set -- bpf_qdisc_fifo bpf_qdisc_fq bpf_template
# each program as NAME=SOURCE: a selftest's source is in the extracted tree
# (below), one of yours where it is, its folder bind-mounted read-only
progs="" selftests="" dirs=""
for p in "$@"; do
	case $p in
	bpf_template | *.bpf.c)
		if [ "$p" = bpf_template ]; then
			p=$top/build/user-7.x/gen/bpf/bpf_template.bpf.c
			make -s -C "$top" -f Makefile.user KERNEL=7.x "$p" >&2 || die "$p: make failed"
		fi
		[ -f "$p" ] || die "$p: no such file"
		src=$(realpath -- "$p")
		n=$(basename "$src" .bpf.c)
		case $n$src in
		*[!A-Za-z0-9_./+-]* | .*) die "$p: a path of letters, digits and _ . / + - only" ;;
		esac
		progs="$progs $n=$src"
		case " $dirs " in *" ${src%/*} "*) ;; *) dirs="$dirs ${src%/*}" ;; esac
		;;
	*[!A-Za-z0-9_]* | "") die "'$p' is neither a program of the selftests (tools/testing/selftests/bpf/progs/NAME.c) nor a NAME.bpf.c" ;;
	*) selftests="$selftests $p" ;;
	esac
done
root=$("$top/tools/bpf-fetch.sh") || exit 1
tarball=$(KERNEL=7.x "$top/tools/kdir.sh" --source) || exit 1
out=$top/build/bpf-7.x
dest=${BPF_OUT:-$out}
mkdir -p "$out" "$dest"
dest=$(cd "$dest" && pwd)

# 2. vmlinux.h, once per kernel (named by the linux-binary package)
deb=$(ls "$top"/build/kernels/7.x/debs/linux-binary-*.deb 2>/dev/null | head -n 1)
[ -n "$deb" ] || die "no linux-binary deb in build/kernels/7.x/debs (KERNEL=7.x tools/kdir.sh --fetch)"
if [ "$(cat "$out/vmlinux.h.from" 2>/dev/null)" != "$(basename "$deb")" ]; then
	tmp=$(mktemp -d "$root/tmp/qdk-vmlinux.XXXXXX")
	trap 'rm -rf "$tmp"' EXIT
	member=$(dpkg-deb -c "$deb" | awk '{ print $NF }' | grep -E '/vmlinuz(-[^/]*)?$' | head -n 1)
	[ -n "$member" ] || die "$deb holds no vmlinuz"
	dpkg-deb --fsys-tarfile "$deb" | tar -xOf - "$member" >"$tmp/vmlinuz" ||
		die "unpacking $member from $deb failed"
	off=$(LC_ALL=C grep -obUaP '\x28\xb5\x2f\xfd' "$tmp/vmlinuz" | head -n 1 | cut -d: -f1)
	[ -n "$off" ] || die "$member: no zstd payload"
	# zstd stops at the bzImage's trailer after the frame: its complaint
	# about what follows is expected, the ELF header is checked instead
	tail -c +"$((off + 1))" "$tmp/vmlinuz" | zstd -qdc >"$tmp/vmlinux" 2>/dev/null || true
	[ "$(head -c 4 "$tmp/vmlinux" | od -An -c | tr -d ' ')" = 177ELF ] ||
		die "$member: its payload is not an ELF vmlinux"
	chroot "$root" /usr/sbin/bpftool btf dump file "${tmp#"$root"}/vmlinux" format c \
		>"$tmp/vmlinux.h" 2>"$tmp/err" ||
		{ cat "$tmp/err" >&2; die "bpftool could not dump the BTF of $member"; }
	grep -q 'struct Qdisc_ops {' "$tmp/vmlinux.h" || die "$member's BTF has no struct Qdisc_ops"
	mv "$tmp/vmlinux.h" "$out/vmlinux.h.tmp" && mv "$out/vmlinux.h.tmp" "$out/vmlinux.h"
	basename "$deb" >"$out/vmlinux.h.from"
	rm -rf "$tmp"
	trap - EXIT
fi

# 3. the programs and their headers
st=tools/testing/selftests/bpf
files="$st/bpf_experimental.h $st/progs/bpf_qdisc_common.h $st/libarena/include/bpf_may_goto.h"
for p in $selftests; do
	files="$files $st/progs/$p.c"
	progs="$progs $p=$out/src/$st/progs/$p.c"
done
"$top/upstream/extract.sh" "$tarball" "$out/src" $files

# 4. clang, in the root
prop=private
unshare --mount --propagation private true 2>/dev/null || prop=unchanged
# shellcheck disable=SC2016 # expanded by the inner shell
unshare --mount --propagation "$prop" sh -c '
	root=$1 out=$2 st=$3 dirs=$4 dest=$5; shift 5
	mkdir -p "$root$out" && mount --bind "$out" "$root$out" || exit 1
	trap "for d in \$dirs \$dest; do umount \"\$root\$d\" 2>/dev/null; done; umount \"\$root\$out\"" EXIT
	# a program of yours: its folder, read-only, at its own path
	for d in $dirs; do
		mkdir -p "$root$d" && mount --bind "$d" "$root$d" &&
			mount -o remount,bind,ro "$root$d" || exit 1
	done
	# BPF_OUT, writable (over its program'"'"'s folder when they are one)
	if [ "$dest" = "$out" ]; then
		dest=
	else
		mkdir -p "$root$dest" && mount --bind "$dest" "$root$dest" || exit 1
	fi
	o=${dest:-$out}
	trap "exit 130" INT TERM HUP
	cc() { chroot "$root" env PATH=/usr/bin:/bin clang "$@"; }
	# the host target'"'"'s system headers after the BPF target'"'"'s own
	# (errno.h), as the selftests'"'"' Makefile adds them
	sys=$(cc -v -E - </dev/null 2>&1 | sed -n "/<...> search starts here:/,/End of search list./{ s| \(/.*\)|-idirafter \1|p }")
	for np in "$@"; do
		p=${np%%=*} src=${np#*=}
		# shellcheck disable=SC2086 # sys is a list of options
		cc -target bpf -O2 -g -D__TARGET_ARCH_x86 -mlittle-endian -mcpu=v3 \
			-std=gnu11 -fno-strict-aliasing -fms-extensions -Wall \
			-Wno-microsoft-anon-tag -Wno-compare-distinct-pointer-types \
			-Wno-initializer-overrides $sys \
			-I"$out" -I"$out/src/$st" -I"$out/src/$st/libarena/include" \
			-I"$out/src/$st/progs" -c "$src" -o "$o/$p.bpf.o.tmp" || exit 1
		mv "$root$o/$p.bpf.o.tmp" "$root$o/$p.bpf.o"
	done
' sh "$root" "$out" "$st" "$dirs" "$dest" $progs || die "clang failed"
echo "$dest"
