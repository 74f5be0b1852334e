#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# tc-bytes.sh QDK_REPLAY SPEC... - the TCA_OPTIONS bytes qdk-replay hands
# its qdiscs ("qdk-replay tca SPEC": the stock tc against qdk-replay's own
# namespace) against the ones the same stock /usr/sbin/tc sends a real
# kernel for "tc qdisc add dev lo root handle 8001: SPEC". tc runs in a
# throwaway network namespace (unshare -n) under strace, which dumps the
# netlink message; the namespace and its qdisc vanish afterwards.
#
# SPEC may be "KIND OPTS; KIND OPTS2; ...", as qdk-replay takes it: the
# first is `tc qdisc add`, each further one `tc qdisc change` of the same
# root (gred's setup, then its virtual queues); every request's bytes are
# compared, NLA_F_NESTED included. What counts is what tc sent: the host's
# kernel may lack the kind and refuse it. A spec tc itself refuses (nothing
# sent) must be refused by qdk-replay too. "!SPEC": tc sends it, and the
# qdisc's own init() refuses it (qdk-replay exits 2 with the extack text).
# Prints "ok SPEC" / "FAIL SPEC" lines; exits 0 when all match, 1 when one
# differs, 77 when tc, strace or unshare cannot be used here.
set -u
R=$1
shift
for t in /usr/sbin/tc strace unshare; do
	command -v "$t" >/dev/null 2>&1 || { echo "skip: $t not available"; exit 77; }
done
unshare -n true 2>/dev/null || { echo "skip: unshare -n not permitted"; exit 77; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
rc=0
for arg in "$@"; do
	spec=${arg#!}
	rm -f "$tmp"/st.*
	# every command in one kernel namespace; stop at the first refusal
	# shellcheck disable=SC2016 # expanded by the inner shell
	unshare -n /bin/bash -c '
		tmp=$1 spec=$2 i=0 verb=add
		IFS=";" read -ra cmds <<<"$spec"
		for c in "${cmds[@]}"; do
			# shellcheck disable=SC2086 # the command is tc words
			strace -f -e trace=sendmsg -e write=3 -o "$tmp/st.$i" \
				/usr/sbin/tc qdisc $verb dev lo root handle 8001: $c >/dev/null 2>&1
			grep -q RTM_NEWQDISC "$tmp/st.$i" ||
				{ echo refused >"$tmp/st.$i.refused"; exit 0; }
			i=$((i + 1)) verb=change
		done' sh "$tmp" "$spec"
	# The hex dump of each RTM_NEWQDISC message -> TCA_OPTIONS (type 2)
	# after nlmsghdr (16) + tcmsg (20), attributes walked by length.
	theirs=$(/usr/bin/python3 - "$tmp" <<'PY'
import os
import re
import sys

tmp = sys.argv[1]
i = 0
while os.path.exists(f"{tmp}/st.{i}"):
    if os.path.exists(f"{tmp}/st.{i}.refused"):
        print("(refused)")
        break
    data = bytearray()
    for line in open(f"{tmp}/st.{i}"):
        m = re.match(r"\s*\|\s*[0-9a-f]{5}\s+((?:[0-9a-f]{2}\s+){1,16})", line)
        if m:
            data += bytes.fromhex(m.group(1).replace(" ", ""))
        elif data and not line.startswith(" |"):
            if line.lstrip().startswith("*"):
                continue
            break
    off, out = 36, "-"
    while off + 4 <= len(data):
        alen = int.from_bytes(data[off:off + 2], "little")
        atype = int.from_bytes(data[off + 2:off + 4], "little") & 0x3FFF
        if alen < 4:
            break
        if atype == 2:
            out = data[off:off + ((alen + 3) & ~3)].hex()
            break
        off += (alen + 3) & ~3
    print(out)
    i += 1
PY
)
	ours=$("$R" tca "$spec" 2>"$tmp/err") || ours="(refused)"
	# a refusal: what tc had sent before it counts as refused too
	case "$theirs" in *"(refused)") theirs="(refused)" ;; esac
	if [ "$arg" != "$spec" ]; then
		if [ "$ours" = "(refused)" ] && [ -n "$theirs" ] && [ "$theirs" != "(refused)" ]; then
			echo "ok   tc bytes: $spec: sent by tc, refused by init(): $(head -n 1 "$tmp/err")"
		else
			echo "FAIL tc bytes: $spec: want tc to send it and init() to refuse it"
			echo "     kernel: ${theirs:0:160}"
			echo "     qdk:    ${ours:0:160} $(head -n 1 "$tmp/err")"
			rc=1
		fi
	elif [ -n "$theirs" ] && [ "$ours" = "$theirs" ]; then
		echo "ok   tc bytes: $spec"
	else
		echo "FAIL tc bytes: $spec"
		echo "     kernel: ${theirs:0:160}"
		echo "     qdk:    ${ours:0:160}"
		rc=1
	fi
done
exit $rc
