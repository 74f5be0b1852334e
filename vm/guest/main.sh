#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# main.sh - the guest's run: every scenario listed in /qdk/run/list ("NAME
# TIMEOUT" per line; the file is /qdk/run/NAME.scn) into /results/NAME/, each
# killed after TIMEOUT seconds so one hang loses no other results, then the
# whole of /results as a tar archive onto the raw results disk /dev/vda,
# which the host unpacks. The guest's own verdict is /results/status: the
# number of scenarios that failed.
. /qdk/guest/env.sh
R=/results
mkdir -p $R
cp /proc/cmdline $R/cmdline.txt
# the kernel's text symbols, once per kernel, for vm/hangdump.py
grep -q qdk.kallsyms=1 /proc/cmdline &&
	awk 'NF == 3 && ($2 == "t" || $2 == "T")' /proc/kallsyms > $R/kallsyms.txt
uname -a > $R/uname.txt
cat /proc/cpuinfo > $R/cpuinfo.txt
dmesg -c > $R/boot-dmesg.txt 2>&1
cat /proc/sys/kernel/tainted > $R/tainted-at-boot

uptime_s() { cut -d' ' -f1 /proc/uptime; }

# kmemleak (the debug kernel, tools/kernel-debug.sh): what boot left
# unreferenced is not a scenario's; after each scenario, once what it
# allocated is older than kmemleak's minimum age (5 s), its suspects go to
# kmemleak.txt, which vm/check.py reads beside dmesg.txt.
KML=/sys/kernel/debug/kmemleak
grep -q ' /sys/kernel/debug ' /proc/mounts ||
	mount -t debugfs debugfs /sys/kernel/debug 2>/dev/null
[ -w $KML ] && echo clear > $KML
leak_scan() {
	[ -w $KML ] || return 0
	sleep 6
	echo scan > $KML
	cat $KML > "$1/kmemleak.txt"
	echo clear > $KML
}

echo "qdk: booted in $(uptime_s) s" > /dev/console
# for vm/hangdump.py: where KASLR put the kernel's text
echo "qdk-map: _text $(grep -m1 ' _text$' /proc/kallsyms | cut -d' ' -f1)" > /dev/console
fails=0
while read -r name tmo; do
	[ -n "$name" ] || continue
	out=$R/$name
	mkdir -p "$out"
	t0=$(uptime_s)
	echo "qdk: scenario $name: start at ${t0}s" > /dev/console
	timeout -s KILL "${tmo:-600}" /bin/sh /qdk/guest/scenario.sh "/qdk/run/$name.scn" "$out" \
		> "$out/log.txt" 2>&1
	rc=$?
	[ $rc -ne 137 ] || echo "qdk: scenario $name: killed after its timeout of ${tmo}s" | tee -a "$out/log.txt" > /dev/console
	# the next scenario starts from a clean slate: no stray processes, no netns
	killall iperf3 ping 2>/dev/null
	for ns in $(/sbin/ip netns list | cut -d' ' -f1); do
		/sbin/ip netns pids "$ns" 2>/dev/null | xargs -r kill -KILL 2>/dev/null
		/sbin/ip netns del "$ns"
	done
	leak_scan "$out"
	t1=$(uptime_s)
	dmesg -c > "$out/dmesg.txt" 2>&1
	lsmod > "$out/lsmod-end.txt" 2>&1
	cat /proc/sys/kernel/tainted > "$out/tainted"
	echo "$rc" > "$out/status"
	echo "$t0 $t1" > "$out/uptime.txt"
	[ "$rc" -eq 0 ] || fails=$((fails + 1))
	echo "qdk: scenario $name: exit $rc, $t0 -> $t1 s" > /dev/console
	[ "$rc" -eq 0 ] || tail -n 15 "$out/log.txt" > /dev/console
done < /qdk/run/list
echo "$fails" > $R/status
uptime_s > $R/uptime-end.txt

# The disk is zeroed by the host; a tar archive ends with zero blocks.
if ! tar -cf /dev/vda -C $R .; then
	echo "qdk: writing results to /dev/vda failed" > /dev/console
fi
sync
echo "qdk: done, $fails failed scenario(s)" > /dev/console
# (a kernel without ACPI, as the debug kernel is, cannot power off: its
# reboot ends qemu, which runs with -no-reboot)
if [ -d /sys/firmware/acpi ]; then poweroff -f; else reboot -f; fi
