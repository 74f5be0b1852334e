#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# kernel-fetch.sh SERIES - fetch a newer kernel series for the kit into
# build/kernels/ (once; later calls only print where it is). tools/kdir.sh
# describes the series and calls this when one is asked for and missing.
#
#   SERIES   Debian suites searched                newest linux-headers-amd64
#   6.12     trixie, trixie-updates, trixie-security   6.12.*
#   7.x      trixie-backports, forky                    7.*
#
# 1. A private apt state (build/kernels/apt-SERIES/: its own sources list,
#    lists, cache and an empty dpkg status) with the suites above on the
#    Debian mirror this machine's apt already uses (read from its apt sources
#    at run time, never written into the repository). The host's apt sources
#    and /var/lib/apt are not touched. Release files are not refused for
#    being old (the mirror may be a dated snapshot: this machine's is, and its
#    forky Release has expired); their signatures are checked as ever.
# 2. The newest linux-headers-amd64 of the series names the release; apt-get
#    download brings its headers, -common, linux-kbuild, linux-base (7.x),
#    linux-image (and 7.x's linux-binary and linux-modules, where the image
#    keeps vmlinuz and the modules) and linux-source packages into
#    build/kernels/SERIES/debs/.
# 3. The series' kbuild tools are linked against its suite's glibc and its
#    headers want that suite's gcc: a minimal build root of the suite
#    (build/kernels/root-CODENAME/: debootstrap minbase plus make and what
#    the kbuild and compiler packages depend on) gets the headers, -common and
#    kbuild packages unpacked into it. tools/kdir.sh --make runs kbuild there.
# 4. build/kernels/SERIES/kdir (the headers directory, a path on this
#    machine inside the root) and versions (package=version) are written last:
#    their presence means the series is complete.
# 5. The linux-source tarball (the user build's upstream qdiscs and uapi
#    headers come from it, upstream/upstream.mk) is unpacked from its deb into
#    build/kernels/SERIES/ and build/kernels/SERIES/source names it (the file
#    name, relative to that directory: tools/kdir.sh --source); a series
#    fetched before this step existed gets it on the next call.
# 6. The series' own userland for tc and ip: the suite's newest iproute2
#    (the candidate of the same apt state: trixie's for 6.12, forky's for
#    7.x, as trixie-backports has none) unpacked into
#    build/kernels/SERIES/iproute2/tree/, with every library package it
#    depends on that the build root lacks (and theirs), so that its tc and
#    ip run on this host with the root's own dynamic loader and glibc. The
#    wrappers bin/tc and bin/ip (tools/iproute2-run.sh) do that; the
#    guest's initramfs copies the same binaries and libraries
#    (vm/copy-elf.sh --root). iproute2/version (package=version) is
#    written last; a series fetched before this step gets it on the next
#    call. tools/kdir.sh --iproute2 prints the directory.
#
# Needs root (debootstrap, chroot). Exit 1 with the reason on stderr when the
# series cannot be fetched.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
series=${1:?usage: kernel-fetch.sh 6.12|7.x}
base=$top/build/kernels
out=$base/$series

die() { echo "kernel-fetch: $series: $*" >&2; exit 1; }

case $series in
6.12) suites="trixie trixie-updates trixie-security" pattern='6\.12\.' ;;
7.x) suites="trixie-backports forky" pattern='7\.' ;;
*) die "unknown series (6.12 or 7.x; 6.1 is the host's own, tools/deps.sh)" ;;
esac

# Step 5: the source tarball out of its deb (one member, temp name + rename).
unpack_source() {
	[ -s "$out/source" ] && [ -r "$out/$(cat "$out/source")" ] && return 0
	deb=$(ls "$out/debs/"linux-source-*.deb 2>/dev/null | head -n 1)
	[ -n "$deb" ] || die "no linux-source deb in $out/debs"
	member=$(dpkg-deb -c "$deb" | awk '{ print $NF }' | grep -E '/usr/src/linux-source-[^/]*\.tar\.xz$' | head -n 1)
	[ -n "$member" ] || die "$deb holds no linux-source tarball"
	tarball=$out/$(basename "$member")
	dpkg-deb --fsys-tarfile "$deb" | tar -xOf - "$member" >"$tarball.tmp" ||
		die "unpacking $member from $deb failed"
	mv "$tarball.tmp" "$tarball"
	basename "$tarball" >"$out/source"
}

if [ -s "$out/kdir" ] && [ -s "$out/source" ] && [ -s "$out/iproute2/version" ]; then
	cat "$out/kdir"
	exit 0
fi
mkdir -p "$base"
# One fetch at a time: 6.12 and 7.x may share a build root.
exec 9>"$base/.lock"
flock 9
[ "$(id -u)" -eq 0 ] || die "needs root (debootstrap and chroot)"

# The mirrors this machine's apt uses: the archive and the security archive.
uris=$(grep -hE '^(URIs:|deb )' /etc/apt/sources.list.d/*.sources \
	/etc/apt/sources.list 2>/dev/null | grep -oE '(https?|file)://[^ ]+' || true)
mirror=$(echo "$uris" | grep -v security | head -n 1)
security=$(echo "$uris" | grep security | head -n 1)
[ -n "$mirror" ] || die "no Debian mirror in this machine's apt sources"

apt=$base/apt-$series
mkdir -p "$apt/lists/partial" "$apt/cache/archives/partial" "$out/debs"
: >"$apt/status"
keyring=/usr/share/keyrings/debian-archive-keyring.gpg
for s in $suites; do
	case $s in
	*-security) [ -n "$security" ] && echo "deb [signed-by=$keyring] $security $s main" ;;
	*) echo "deb [signed-by=$keyring] $mirror $s main" ;;
	esac
done >"$apt/sources.list"
aptopts="-o Dir::Etc::sourcelist=$apt/sources.list -o Dir::Etc::sourceparts=-
	-o Dir::State=$apt -o Dir::State::Lists=$apt/lists
	-o Dir::State::status=$apt/status -o Dir::Cache=$apt/cache
	-o Dir::Etc::preferences=/dev/null -o Dir::Etc::preferencesparts=-
	-o APT::Architecture=amd64 -o Acquire::Languages=none
	-o Acquire::Check-Valid-Until=false
	-o Acquire::IndexTargets::deb::DEP-11::DefaultEnabled=false
	-o Acquire::IndexTargets::deb::DEP-11-icons::DefaultEnabled=false
	-o Acquire::IndexTargets::deb::DEP-11-icons-small::DefaultEnabled=false
	-o Acquire::IndexTargets::deb::DEP-11-icons-hidpi::DefaultEnabled=false"
# shellcheck disable=SC2086 # aptopts is a list of options
apt_get() { apt-get -q $aptopts "$@"; }
# shellcheck disable=SC2086
apt_cache() { apt-cache $aptopts "$@"; }

# Step 6: iproute2 and the libraries the build root ROOT lacks, into
# $out/iproute2 (a temporary directory renamed when complete).
fetch_iproute2() {
	root=$1 ir=$out/iproute2
	[ -s "$ir/version" ] && return 0
	rm -rf "$ir.tmp"
	mkdir -p "$ir.tmp/debs" "$ir.tmp/tree" "$ir.tmp/bin"
	have=$(dpkg-query --admindir="$root/var/lib/dpkg" -W -f '${Package}\n' 2>/dev/null |
		sed 's/:.*//')
	todo=iproute2 got=
	while [ -n "$todo" ]; do
		next=
		for p in $todo; do
			case " $got " in *" $p "*) continue ;; esac
			got="$got $p"
			(cd "$ir.tmp/debs" && apt_get download "$p") >>"$ir.tmp/download.log" 2>&1 ||
				{ tail -n 5 "$ir.tmp/download.log" >&2; die "apt-get download $p failed"; }
			# its library dependencies (first alternative) the root has not
			for d in $(apt_cache show "$p" | sed -n 's/^\(Pre-\)\{0,1\}Depends: //p' |
				head -n 1 | tr ',' '\n' | sed 's/^ *//; s/[ |].*//; s/:any$//' | grep '^lib'); do
				echo "$have" | grep -qx "$d" || next="$next $d"
			done
		done
		todo=$next
	done
	for f in "$ir.tmp/debs/"*.deb; do
		dpkg-deb -x "$f" "$ir.tmp/tree"
		dpkg-deb -f "$f" Package Version | paste -sd= - | sed 's/^Package: //; s/=Version: /=/'
	done >"$ir.tmp/packages"
	for t in tc ip; do
		[ -x "$ir.tmp/tree/usr/sbin/$t" ] || die "iproute2 holds no /usr/sbin/$t"
		ln -s ../../../../../tools/iproute2-run.sh "$ir.tmp/bin/$t"
	done
	basename "$root" >"$ir.tmp/root"
	grep '^iproute2=' "$ir.tmp/packages" >"$ir.tmp/version.new"
	rm -rf "$ir.tmp/debs"
	rm -rf "$ir" && mv "$ir.tmp" "$ir"
	# every library found in the tree or the root, none on the host
	for t in tc ip; do
		host=$("$top/tools/iproute2-run.sh" --list "$ir" "$ir/tree/usr/sbin/$t" |
			awk '$2 == "=>" && index($3, "/") == 1 { print $3 }' |
			grep -v -e "^$ir/" -e "^$root/" || true)
		[ -z "$host" ] || die "$t loads libraries neither the root nor its packages have: $host"
		"$ir/bin/$t" -V >/dev/null || die "$ir/bin/$t does not run"
	done
	mv "$ir/version.new" "$ir/version"
}

if [ -s "$out/kdir" ]; then
	unpack_source
	if [ ! -s "$out/iproute2/version" ]; then
		ls "$apt/lists/"*_Packages* >/dev/null 2>&1 ||
			apt_get update >"$apt/update.log" 2>&1 ||
			{ tail -n 5 "$apt/update.log" >&2; die "apt-get update failed"; }
		kd=$(cat "$out/kdir")
		case $kd in */build/kernels/*) kd="$base/${kd#*/build/kernels/}" ;; esac
		root=$kd
		while [ "$root" != / ] && [ ! -f "$root/.qdk-buildroot" ]; do root=$(dirname "$root"); done
		[ "$root" != / ] || die "no build root above $kd"
		fetch_iproute2 "$root"
	fi
	cat "$out/kdir"
	exit 0
fi

echo "kernel-fetch: $series: apt-get update ($suites)" >&2
apt_get update >"$apt/update.log" 2>&1 || { tail -n 5 "$apt/update.log" >&2; die "apt-get update failed"; }

# "linux-headers-amd64 | 7.3.4-1~bpo13+1 | MIRROR trixie-backports/main amd64 Packages"
line=$(apt_cache madison linux-headers-amd64 | awk -F '|' -v p="^$pattern" \
	'{ v = $2; gsub(/ /, "", v); split($3, w, " ") } v ~ p { print v, w[2] }' |
	sort -V | tail -n 1)
[ -n "$line" ] || die "no linux-headers-amd64 $pattern* in $suites"
version=${line%% *}
suite=${line#* }
codename=${suite%%[-/]*}

# Depends of PKG=VERSION matching a name pattern, without version constraints.
depends() {
	apt_cache show "$1=$version" | sed -n 's/^Depends: //p' | head -n 1 |
		tr ',' '\n' | sed 's/^ *//; s/ .*//' | grep -E "$2" || true
}
headers=$(depends linux-headers-amd64 '^linux-headers-.*-amd64$')
[ -n "$headers" ] || die "linux-headers-amd64=$version names no headers package"
release=${headers#linux-headers-}
common=$(depends "$headers" '^linux-headers-.*-common$')
kbuild=$(depends "$headers" '^linux-kbuild-')
lbase=$(depends "$headers" '^linux-base-.*-amd64$')
image=$(depends linux-image-amd64 '^linux-image-.*-amd64$')
# 7.x splits the image: vmlinuz in linux-binary-*, modules in linux-modules-*
image="$image $(depends "$image" '^linux-(binary|modules)-.*-amd64$')"
source=$(depends linux-source '^linux-source-')
pkgs="$headers $common $kbuild $lbase $image $source"
echo "kernel-fetch: $series: $release ($version, $suite): $pkgs" >&2
rm -f "$out/debs/"*.deb
(cd "$out/debs" && for p in $pkgs; do apt_get download "$p=$version" || exit 1; done) \
	>"$out/download.log" 2>&1 || { tail -n 5 "$out/download.log" >&2; die "apt-get download failed"; }

# The build root: the suite's own gcc (as the headers package depends on,
# gcc-N-for-host -> gcc-N), make, perl (W=1 runs kernel-doc), and the
# libraries and tools kbuild needs.
root=$base/root-$codename
if [ ! -f "$root/.qdk-buildroot" ]; then
	gcc=$(depends "$headers" '^gcc-[0-9]+(-for-host)?$' | sed 's/-for-host$//' | head -n 1)
	libs=$(depends "$kbuild" '.' | grep -v '^libc6$' | tr '\n' ',')
	include=make,perl,${gcc:-gcc},${libs%,}
	echo "kernel-fetch: $series: build root $codename with $include" >&2
	command -v debootstrap >/dev/null || die "debootstrap is not installed (tools/deps.sh build)"
	rm -rf "$root.tmp"
	debootstrap --variant=minbase --include="$include" "$codename" "$root.tmp" "$mirror" \
		>"$base/root-$codename.log" 2>&1 ||
		{ tail -n 5 "$base/root-$codename.log" >&2; die "debootstrap $codename failed"; }
	# Its apt is never used: drop the mirror it recorded, and its caches.
	rm -rf "$root.tmp/etc/apt/sources.list" "$root.tmp/var/cache/apt/archives/"*.deb
	touch "$root.tmp/.qdk-buildroot"
	rm -rf "$root" && mv "$root.tmp" "$root"
fi
for p in $headers $common $kbuild $lbase; do
	dpkg-deb -x "$out/debs/${p}_"*.deb "$root"
done
kdir=$root/usr/src/$headers
[ -f "$kdir/include/generated/utsrelease.h" ] || die "$kdir has no utsrelease.h"

for f in "$out/debs/"*.deb; do
	dpkg-deb -f "$f" Package Version | paste -sd= -
done | sed 's/=Version: /=/; s/^Package: //' >"$out/versions.new"
mv "$out/versions.new" "$out/versions"
unpack_source
fetch_iproute2 "$root"
echo "$kdir" >"$out/kdir"
cat "$out/kdir"
