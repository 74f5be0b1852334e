#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# kdir.sh - the kernel the kit builds against: the one owner of that choice
# (Makefile.kernel, vm/Makefile, tools/install.sh, recorder/kbuild.sh and the
# kernel test suites all ask here).
#
#   tools/kdir.sh                 print the headers directory (KDIR)
#   tools/kdir.sh --fetch         the same, fetching the series first if needed
#   tools/kdir.sh --make ARGS...  make -C KDIR ARGS (kbuild: M=DIR modules)
#                                 where that KDIR's tools and compiler work
#   tools/kdir.sh --source        the series' linux-source tarball (the user
#                                 build's upstream qdiscs and uapi headers),
#                                 fetching the series first if needed
#   tools/kdir.sh --iproute2      the series' own iproute2 directory (tc and
#                                 ip in its bin/, its tc tables in
#                                 tree/usr/lib/x86_64-linux-gnu/tc/), fetching
#                                 the series first if needed; nothing for 6.1,
#                                 whose tc and ip are the host's /usr/sbin ones
#   tools/kdir.sh --list          the series the kit supports, oldest first
#   tools/kdir.sh --checked       the series a user-space test suite checks:
#                                 QDK_KERNELS when set, else 6.1 and the newer
#                                 ones already in build/kernels/; the others
#                                 are named on stderr as not checked
#
# Which headers:
#
#   KDIR set and non-empty  that directory, as given
#   KERNEL=6.12             Debian 13's (trixie) newest 6.12
#   KERNEL=7.x              the newest 7.x Debian serves (trixie-backports,
#                           forky)
#   otherwise (KERNEL=6.1)  the host's: the headers Debian's linux-headers-amd64
#                           depends on (Debian 12's 6.1, the kernel the VM
#                           boots), else the newest /usr/src/linux-headers-*-amd64
#
# The newer series are not installed on the host: tools/kernel-fetch.sh
# SERIES fetches their headers, kbuild tools, image and linux-source from
# Debian's registry with a private apt state and unpacks the headers into a
# minimal build root of their Debian suite (their kbuild tools need its glibc,
# their headers its gcc), all under build/kernels/. A plain query only reads
# build/kernels/SERIES/kdir (exit 1 with the fetch command when absent);
# --fetch (what `make kernel KERNEL=6.12` does first) fetches on demand;
# build/kernels/SERIES/versions lists the packages it got. Modules of a
# newer series go to build/kernel-SERIES/ (Makefile.kernel), never over the
# default build/kernel/. Needs root and debootstrap (tools/deps.sh build).
#
# --make: when KDIR lies inside such a build root (a parent directory with
# .qdk-buildroot), make runs chrooted into it, in a private mount namespace
# where the repository is bind-mounted at its own path (M= and the kit's
# sources keep their paths) and /proc is mounted (objtool reads it); -C gets
# KDIR as the root sees it (/usr/src/...: 7.x's kbuild takes any other
# directory for the module output one). The mounts end with make (inside a
# chroot, where the namespace cannot be private, they are unmounted).
# Otherwise make -C KDIR runs here.
#
# It is asked when it is needed, never earlier: `make check` installs the
# host's headers (tools/deps.sh) before anything reads this, so a fresh
# machine gets the headers it just installed. Prints nothing (exit 1) when
# none exist.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)

# The series, oldest first; the newer ones are tools/kernel-fetch.sh's.
all_series="6.1 6.12 7.x"

mode=print
case ${1:-} in
--fetch) mode=fetch ;;
--make) mode=make; shift ;;
--source) mode=source ;;
--iproute2) mode=iproute2 ;;
--list) echo "$all_series"; exit 0 ;;
--checked)
	checked=${QDK_KERNELS-}
	if [ -z "${QDK_KERNELS+x}" ]; then
		for s in $all_series; do
			if [ "$s" = 6.1 ] || [ -s "$top/build/kernels/$s/kdir" ]; then
				checked=${checked:+$checked }$s
			fi
		done
	fi
	for s in $all_series; do
		case " $checked " in
		*" $s "*) ;;
		*) echo "---- $s: not checked (QDK_KERNELS=\"$all_series\" checks it, fetching it if needed)" >&2 ;;
		esac
	done
	echo "$checked"
	exit 0 ;;
esac

# The source tarball: 6.1's is the host's linux-source-6.1 (tools/deps.sh),
# a newer series' is unpacked by tools/kernel-fetch.sh from its deb.
if [ "$mode" = source ]; then
	case ${KERNEL:-} in
	"" | 6.1) echo /usr/src/linux-source-6.1.tar.xz ;;
	6.12 | 7.x)
		src=$top/build/kernels/$KERNEL/source
		[ -s "$src" ] || "$top/tools/kernel-fetch.sh" "$KERNEL" >/dev/null || exit 1
		echo "$top/build/kernels/$KERNEL/$(cat "$src")" ;;
	*)
		echo "kdir.sh: unknown KERNEL='$KERNEL' (6.1, 6.12 or 7.x)" >&2
		exit 1 ;;
	esac
	exit 0
fi

# A newer series' userland (tools/kernel-fetch.sh step 6), fetched on demand.
if [ "$mode" = iproute2 ]; then
	case ${KERNEL:-} in
	"" | 6.1) exit 0 ;;
	6.12 | 7.x)
		ir=$top/build/kernels/$KERNEL/iproute2
		[ -s "$ir/version" ] || "$top/tools/kernel-fetch.sh" "$KERNEL" >/dev/null || exit 1
		echo "$ir" ;;
	*)
		echo "kdir.sh: unknown KERNEL='$KERNEL' (6.1, 6.12 or 7.x)" >&2
		exit 1 ;;
	esac
	exit 0
fi

kdir() {
	if [ -n "${KDIR:-}" ]; then
		echo "$KDIR"
		return 0
	fi
	case ${KERNEL:-} in
	"" | 6.1) ;;
	6.12 | 7.x)
		# a series fetched before its iproute2 was (kernel-fetch.sh step 6)
		if [ "$mode" = fetch ] && [ -s "$top/build/kernels/$KERNEL/kdir" ] &&
			[ ! -s "$top/build/kernels/$KERNEL/iproute2/version" ]; then
			"$top/tools/kernel-fetch.sh" "$KERNEL" >/dev/null || return 1
		fi
		if [ -s "$top/build/kernels/$KERNEL/kdir" ]; then
			k=$(cat "$top/build/kernels/$KERNEL/kdir")
			# a checkout moved or copied with its build/kernels (a
			# clone of a developer's): the root under this one's
			case $k in
			"$top"/*) ;;
			*/build/kernels/*) k="$top/build/kernels/${k#*/build/kernels/}" ;;
			esac
			echo "$k"
		elif [ "$mode" = fetch ]; then
			"$top/tools/kernel-fetch.sh" "$KERNEL"
		else
			echo "kdir.sh: KERNEL=$KERNEL is not fetched: run tools/kdir.sh --fetch" \
				"(make kernel KERNEL=$KERNEL does)" >&2
			return 1
		fi
		return ;;
	*)
		echo "kdir.sh: unknown KERNEL='$KERNEL' (6.1, 6.12 or 7.x)" >&2
		return 1 ;;
	esac

	# linux-headers-amd64 Depends: linux-headers-6.1.0-NN-amd64 (= ...)
	dep=$(dpkg-query -W -f='${Depends}' linux-headers-amd64 2>/dev/null |
		tr ',' '\n' | sed -n 's/^ *\(linux-headers-[^ ]*-amd64\).*/\1/p' | head -n 1) || true
	if [ -n "$dep" ] && [ -d "/usr/src/$dep" ]; then
		echo "/usr/src/$dep"
		return 0
	fi

	# shellcheck disable=SC2012
	newest=$(ls -d /usr/src/linux-headers-*-amd64 2>/dev/null | sort -V | tail -n 1)
	[ -n "$newest" ] || return 1
	echo "$newest"
}

if [ "$mode" != make ]; then
	kdir
	exit
fi

dir=$(kdir) || exit 1
[ -d "$dir" ] || { echo "kdir.sh: no kernel headers in '$dir'" >&2; exit 1; }
dir=$(cd "$dir" && pwd)
root=$dir
while [ "$root" != / ] && [ ! -f "$root/.qdk-buildroot" ]; do
	root=$(dirname "$root")
done
[ "$root" != / ] || exec "${MAKE:-make}" -C "$dir" "$@"
case $root in
"$top"/*) ;;
*) echo "kdir.sh: build root $root is outside $top" >&2; exit 2 ;;
esac
# A private mount namespace needs / to be a mount point; inside a chroot
# (a CI root) it is not: there the namespace shares propagation with the
# outer one, so the two mounts are undone explicitly when make ends.
prop=private
unshare --mount --propagation private true 2>/dev/null || prop=unchanged
# shellcheck disable=SC2016 # expanded by the inner shell
exec unshare --mount --propagation "$prop" sh -c '
	root=$1 top=$2 cwd=$3; shift 3
	mkdir -p "$root$top" && mount --bind "$top" "$root$top" || exit 1
	# An interrupted build must not leave the repository mounted under
	# build/ (rm -rf build would then reach into it): undo on any exit.
	trap "umount \"$root/proc\" 2>/dev/null; umount \"$root$top\"" EXIT
	trap "exit 130" INT TERM HUP
	mount -t proc proc "$root/proc" || exit 1
	chroot "$root" env PATH=/usr/bin:/bin sh -c "cd \"\$0\" && exec make \"\$@\"" "$cwd" "$@"
' sh "$root" "$top" "$(pwd)" -C "${dir#"$root"}" "$@"
