# SPDX-License-Identifier: GPL-2.0
#
# env.sh - sourced by every guest shell that runs scenario commands. busybox
# sh runs its own (option-less) ip/tc applets for a bare `ip`/`tc` even when
# PATH has the real ones, so these functions pin iproute2's binaries.
export PATH=/qdk/bin:/usr/local/sbin:/usr/local/bin:/sbin:/usr/sbin:/bin:/usr/bin
ip() { /sbin/ip "$@"; }
tc() { /sbin/tc "$@"; }
