#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# tc-bytes.sh QDK_REPLAY SPEC... - compare the TCA_OPTIONS bytes our parsers
# build ("qdk-replay tca SPEC") with the ones the stock /usr/sbin/tc sends
# for "tc qdisc add dev lo root SPEC". tc runs in a throwaway network
# namespace (unshare -n) under strace, which dumps the netlink message; the
# namespace and its qdisc vanish when tc exits. The only difference allowed
# is NLA_F_NESTED on the TCA_OPTIONS header (our contract sets it for every
# nested kind, tc only for some; the kernel ignores it for these kinds).
#
# A spec both refuse (tc before sending anything) also matches.
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
for spec in "$@"; do
	# shellcheck disable=SC2086 # the spec is tc words
	unshare -n strace -f -e trace=sendmsg -e write=3 -o "$tmp/st" \
		/usr/sbin/tc qdisc add dev lo root $spec >/dev/null 2>&1
	grep -q RTM_NEWQDISC "$tmp/st" || : >"$tmp/st"	# tc refused before sending
	# The hex dump of the RTM_NEWQDISC message -> TCA_OPTIONS (type 2) after
	# nlmsghdr (16) + tcmsg (20), attributes walked by length.
	theirs=$(/usr/bin/python3 - "$tmp/st" <<'PY'
import re
import sys

data = bytearray()
for line in open(sys.argv[1]):
    m = re.match(r"\s*\|\s*[0-9a-f]{5}\s+((?:[0-9a-f]{2}\s+){1,16})", line)
    if m:
        data += bytes.fromhex(m.group(1).replace(" ", ""))
    elif data and not line.startswith(" |"):
        if line.lstrip().startswith("*"):
            continue
        break
off, out = 36, "(refused)" if not data else "-"
while off + 4 <= len(data):
    alen = int.from_bytes(data[off:off + 2], "little")
    atype = int.from_bytes(data[off + 2:off + 4], "little") & 0x3FFF
    if alen < 4:
        break
    if atype == 2:
        out = data[off:off + alen].hex()
        break
    off += (alen + 3) & ~3
print(out)
PY
)
	ours=$("$R" tca "$spec" 2>/dev/null) || ours="(refused)"
	# Clear NLA_F_NESTED (bit 15 of the type: byte 3, 0x80) on both headers.
	norm() {
		case "$1" in
		[0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f]*)
			echo "${1:0:6}$(printf '%02x' $((0x${1:6:2} & 0x7f)))${1:8}" ;;
		*) echo "$1" ;;
		esac
	}
	if [ "$(norm "$ours")" = "$(norm "$theirs")" ]; then
		echo "ok   tc bytes: $spec"
	else
		echo "FAIL tc bytes: $spec"
		echo "     tc:  ${theirs:0:160}"
		echo "     qdk: ${ours:0:160}"
		rc=1
	fi
done
exit $rc
