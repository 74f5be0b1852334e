// SPDX-License-Identifier: GPL-2.0
/*
 * bpf_report.c - the op a BPF program runs as, and the report of what the
 * verifier would refuse (bpf_rt.h).
 */
#include "bpf_rt.h"
#include "../lib/host.h"

enum qdk_bpf_op qdk_bpf_op;

const char *qdk_bpf_op_name(enum qdk_bpf_op op)
{
	static const char *const names[] = {
		[QDK_BPF_OP_NONE] = "no struct_ops member",
		[QDK_BPF_OP_ENQUEUE] = "enqueue",
		[QDK_BPF_OP_DEQUEUE] = "dequeue",
		[QDK_BPF_OP_INIT] = "init",
		[QDK_BPF_OP_RESET] = "reset",
		[QDK_BPF_OP_DESTROY] = "destroy",
	};

	return names[op];
}

void qdk_bpf_refused(unsigned long ip, const char *what, const char *why)
{
	char where[512];

	qdk_host_where(ip ? ip - 1 : 0, where, sizeof(where));
	qdk_host_log("%s: BPF: %s: %s (the verifier refuses this program at load)\n",
		     where, what, why);
	qdk_host_exit(2);
}
