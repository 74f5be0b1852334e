#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# kbuild.sh OUTDIR [W=1] - build sch_recorder.ko and the template's
# sch_template.ko into OUTDIR on their own (sources symlinked, as
# Makefile.kernel does), so the recorder's tests do not depend on every
# other qdisc in the tree building, nor race with other builds of
# build/kernel. KDIR as for Makefile.kernel. KIT_QDISCS="ared ..." also
# builds those qdiscs/NAME (sch_NAME.ko, and cls_NAME.ko when the folder
# has a classifier) for captures of kit qdiscs and classifiers, and
# UPSTREAM_QDISCS="dualpi2 ..." the series' own net/sched/sch_NAME.c,
# unmodified from its source (tools/kdir.sh --source), for a kind Debian's
# kernel does not build (as tests/tdc/run.sh builds netdevsim). KIT_ONLY=1
# builds only those, not the recorder and the template (a second build
# beside one that has them: 75-record's).
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
out=${1:?usage: kbuild.sh OUTDIR [make args]}
shift
KDIR=$("$top/tools/kdir.sh" || true)
mkdir -p "$out"
printf 'subdir-ccflags-y += -I%s\n' "$top" > "$out/Kbuild"
kos=
if [ "${KIT_ONLY:-0}" != 1 ]; then
	mkdir -p "$out/recorder" "$out/template"
	for f in "$top"/recorder/*.c "$top"/recorder/*.h; do ln -sfn "$f" "$out/recorder/"; done
	cp "$top/recorder/Kbuild" "$out/recorder/Kbuild"
	for f in "$top"/template/*.c "$top"/template/*.h; do
		case $(basename "$f") in *_tc.c|test_*.c) continue ;; esac
		ln -sfn "$f" "$out/template/"
	done
	echo "obj-m += sch_template.o" > "$out/template/Kbuild"
	printf 'obj-m += recorder/\nobj-m += template/\n' >> "$out/Kbuild"
	kos="$out/recorder/sch_recorder.ko $out/template/sch_template.ko"
fi
for q in ${KIT_QDISCS:-}; do
	[ -f "$top/qdiscs/$q/sch_$q.c" ] || { echo "kbuild.sh: no qdiscs/$q/sch_$q.c" >&2; exit 2; }
	mkdir -p "$out/$q"
	for f in "$top/qdiscs/$q"/*.c "$top/qdiscs/$q"/*.h; do
		case $(basename "$f") in *_tc.c|test_*.c|ktest_*.c) continue ;; esac
		[ -e "$f" ] && ln -sfn "$f" "$out/$q/"
	done
	echo "obj-m += sch_$q.o" > "$out/$q/Kbuild"
	kos="$kos $out/$q/sch_$q.ko"
	# its classifier too (qdiscs/mered/cls_mered.c)
	if [ -f "$top/qdiscs/$q/cls_$q.c" ]; then
		echo "obj-m += cls_$q.o" >> "$out/$q/Kbuild"
		kos="$kos $out/$q/cls_$q.ko"
	fi
	echo "obj-m += $q/" >> "$out/Kbuild"
done
if [ -n "${UPSTREAM_QDISCS:-}" ]; then
	src=$("$top/tools/kdir.sh" --source)
	for q in $UPSTREAM_QDISCS; do
		"$top/upstream/extract.sh" "$src" "$out/upstream" "net/sched/sch_$q.c"
		mkdir -p "$out/$q"
		ln -sfn "$(cd "$out/upstream/net/sched" && pwd)/sch_$q.c" "$out/$q/"
		echo "obj-m += sch_$q.o" > "$out/$q/Kbuild"
		echo "obj-m += $q/" >> "$out/Kbuild"
		kos="$kos $out/$q/sch_$q.ko"
	done
fi
KDIR=$KDIR "$top/tools/kdir.sh" --make -s M="$(cd "$out" && pwd)" "$@" modules
# shellcheck disable=SC2086 # a list of paths without spaces
cp $kos "$out/"
