#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# kernel-debug.sh - the series' kernel, built from Debian's linux-source for
# that series with the checks a qdisc's datapath bugs trip in the kernel:
# CONFIG_DEBUG_ATOMIC_SLEEP (a sleeping call in atomic context), lockdep
# (PROVE_LOCKING, PROVE_RCU: lock order, recursion, a lock held on return),
# KASAN (use after free, out of bounds), kmemleak (a packet never freed) and
# debugobjects (a timer freed while armed). The configuration is
# vm/debug-kernel.config over allnoconfig, plus every net/sched module.
#
#   tools/kernel-debug.sh           print its build directory (its KDIR),
#                                   building it first when missing
#   tools/kernel-debug.sh --print   print it only if it is built (else exit 1)
#   KSRC=DIR tools/kernel-debug.sh  the same from your own kernel tree
#                                   (tools/ksrc.sh): built out of tree (O=,
#                                   the tree must be clean, as kbuild wants
#                                   it), again at every call, incrementally,
#                                   so an edit to it is in the next capture
#
# KERNEL picks the series as for tools/kdir.sh (6.1, 6.12, 7.x). The build
# directory is build/kernels/debug-SERIES/linux-headers-KVER, KVER being the
# source's version with "-qdk-debug" appended: kbuild builds external modules
# against it (KDIR=...), and vm/Makefile and vm/mkimage.sh take the kernel
# and its modules from it as they take Debian's packages (the name gives the
# release, as /usr/src/linux-headers-KVER does). The host's compiler builds
# it, so the host's builds the kit's modules for it too.
#
# `make capture DEBUG=1` and `make -C vm debug-test` use it. It takes a while
# (a few tens of minutes on two cores; the README's "Debug kernel" section
# says how long here); it is cached, and rebuilt when the configuration
# fragment or the source tarball changes.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
series=${KERNEL:-6.1}
frag=$top/vm/debug-kernel.config
base=$top/build/kernels/debug-$series
tree=${KSRC:-}

die() { echo "kernel-debug: $*" >&2; exit 2; }

existing() {
	for d in "$base"/linux-headers-*; do
		[ -f "$d/.qdk-built" ] && [ -f "$d/arch/x86/boot/bzImage" ] || continue
		[ -n "$tree" ] || [ "$(cat "$d/.qdk-built")" = "$(stamp)" ] || continue
		echo "$d"
		return 0
	done
	return 1
}

# What the build depends on: the fragment, and the tarball or (a tree,
# rebuilt incrementally) what the build made
stamp() {
	sha256sum < "$frag" | cut -c1-16
	if [ -n "$tree" ]; then
		find "$obj" \( -name '*.ko' -o -name bzImage \) -printf '%P %T@\n' | sort | sha256sum | cut -c1-16
	else
		echo "$(basename "$tarball") $(stat -c %s "$tarball")"
	fi
}

if [ -n "$tree" ]; then
	series=$("$top/tools/ksrc.sh" --series "$tree") || exit 2
	base=$top/build/kernels/debug-$("$top/tools/ksrc.sh" --tag "$tree")
	tree=$(cd "$tree" && pwd -P)
else
	case "$series" in
	6.1|6.12|7.x) ;;
	*) die "KERNEL=$series: the series are $("$top"/tools/kdir.sh --list)" ;;
	esac
	tarball=$(KERNEL=$series "$top/tools/kdir.sh" --source) ||
		die "no linux-source for $series (KERNEL=$series tools/kdir.sh --source)"
fi

if [ "${1:-}" = --print ]; then
	existing || exit 1
	exit 0
fi
[ $# -eq 0 ] || die "usage: [KERNEL=SERIES | KSRC=DIR] tools/kernel-debug.sh [--print]"
[ -n "$tree" ] || ! existing || exit 0

for t in flex bison bc gcc make; do
	command -v "$t" >/dev/null || die "$t is missing: tools/deps.sh kbuild"
done
[ -f /usr/include/libelf.h ] || die "libelf-dev is missing: tools/deps.sh kbuild"

mkdir -p "$base"
src=$base/src
[ -z "$tree" ] || src=$tree
if [ -z "$tree" ] && { [ ! -f "$src/.qdk-unpacked" ] ||
	[ "$(cat "$src/.qdk-unpacked")" != "$(basename "$tarball")" ]; }; then
	echo "kernel-debug: unpacking $(basename "$tarball")" >&2
	rm -rf "$src" "$src.tmp"
	mkdir -p "$src.tmp"
	tar -xf "$tarball" -C "$src.tmp" --strip-components=1
	basename "$tarball" > "$src.tmp/.qdk-unpacked"
	mv "$src.tmp" "$src"
fi
kmake() { make -C "$src" O="$obj" LOCALVERSION=-qdk-debug "$@" >>"$log" 2>&1; }
if [ -n "$tree" ]; then
	for obj in "$base"/linux-headers-*; do
		[ -f "$obj/.qdk-config" ] && cmp -s "$frag" "$obj/.qdk-config" || continue
		# the tree again: kbuild rebuilds what changed
		log=$obj/build.log
		: >"$log"
		echo "kernel-debug: building ${obj##*/linux-headers-} from $tree (incremental; log: ${log#"$top"/})" >&2
		kmake -j"$(nproc)" bzImage modules || { tail -n 40 "$log" >&2; die "the build failed ($log)"; }
		stamp > "$obj/.qdk-built"
		echo "$obj"
		exit 0
	done
fi
# configured first in a folder of its own: the release (which names the build
# folder, as /usr/src/linux-headers-KVER) is known only then (a git tree's
# setlocalversion may add a "+")
rm -rf "$base"/linux-headers-* "$base/config"
obj=$base/config
mkdir -p "$obj"
log=$base/config.log
: >"$log"
echo "kernel-debug: configuring (vm/debug-kernel.config)" >&2

# allnoconfig with the fragment, then every net/sched tristate as a module
kmake KCONFIG_ALLCONFIG="$frag" allnoconfig || { tail -n 30 "$log" >&2; die "allnoconfig failed ($log)"; }
for sym in $(awk '/^config /{sym=$2} /^[ \t]+tristate/{if (sym) print sym; sym=""}' "$src/net/sched/Kconfig"); do
	"$src/scripts/config" --file "$obj/.config" --module "$sym"
done
# the fragment again: a line whose dependency is a net/sched module (IFB on
# act_mirred) could not hold before that module was on
sed -n 's/^CONFIG_\([A-Z0-9_]*\)=\(.*\)$/\1 \2/p' "$frag" | while read -r sym val; do
	if [ "$val" = n ]; then
		"$src/scripts/config" --file "$obj/.config" --disable "$sym"
	else
		"$src/scripts/config" --file "$obj/.config" --set-val "$sym" "$val"
	fi
done
"$src/scripts/config" --file "$obj/.config" --disable LOCALVERSION_AUTO
kmake olddefconfig || { tail -n 30 "$log" >&2; die "olddefconfig failed ($log)"; }

# Every line of the fragment holds, when the series has the symbol
find "$src" -name 'Kconfig*' -exec sed -n 's/^\(menu\)\{0,1\}config \([A-Z0-9_]*\)$/CONFIG_\2/p' {} + |
	sort -u > "$obj/.qdk-symbols"
bad=""
while IFS= read -r line; do
	case "$line" in CONFIG_*=*) ;; *) continue ;; esac
	sym=${line%%=*} val=${line#*=}
	grep -qx "$sym" "$obj/.qdk-symbols" || continue
	if [ "$val" = n ]; then
		grep -qx "$sym=[ym]" "$obj/.config" && bad="$bad $line"
	else
		grep -qx "$sym=$val" "$obj/.config" || bad="$bad $line"
	fi
done < "$frag"
[ -z "$bad" ] || die "the configuration did not take:$bad (a dependency is missing from $frag)"
kver=$(make -s -C "$src" O="$obj" LOCALVERSION=-qdk-debug kernelrelease 2>>"$log") ||
	{ tail -n 30 "$log" >&2; die "no kernel release ($log)"; }
cfg=$obj
obj=$base/linux-headers-$kver
mkdir -p "$obj"
cp "$cfg/.config" "$obj/.config"
rm -rf "$cfg"
mv "$log" "$obj/build.log"
log=$obj/build.log
kmake olddefconfig || { tail -n 30 "$log" >&2; die "olddefconfig failed ($log)"; }

echo "kernel-debug: building $kver in ${obj#"$top"/} (log: build.log there)" >&2
jobs=$(nproc)
t0=$(date +%s)
kmake -j"$jobs" bzImage modules || {
	tail -n 40 "$log" >&2
	grep -q 'source tree is not clean' "$log" &&
		die "$src is built in place: kbuild builds out of tree only from a clean tree (make mrproper there)"
	die "the build failed ($log)"
}
echo "kernel-debug: built $kver in $(( $(date +%s) - t0 )) s with -j$jobs" >&2
cp "$frag" "$obj/.qdk-config"
stamp > "$obj/.qdk-built"
echo "$obj"
