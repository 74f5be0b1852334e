/* SPDX-License-Identifier: GPL-2.0 */
/*
 * qdk/bpf_struct_ops.h - a BPF qdisc program's SEC(".struct_ops") struct
 * Qdisc_ops as a qdisc kind of the replay. Not a kernel header.
 *
 * shim/bpf/bpf.mk compiles the program, keeps only its struct_ops variable
 * global (renamed qdk_bpf_ops_<program>, so that two programs' globals never
 * meet) and generates a unit holding one line:
 *
 *	QDK_BPF_QDISC(qdk_bpf_ops_bpf_qdisc_fifo)
 *
 * which registers it at module_init() time as the kernel's bpf_qdisc_reg()
 * does when the struct_ops map is attached (shim/bpf/bpf_qdisc.c).
 */
#ifndef _QDK_BPF_STRUCT_OPS_H
#define _QDK_BPF_STRUCT_OPS_H

#include <linux/init.h>
#include <linux/module.h>
#include <net/sch_generic.h>

/* the kind the shim registers (ops), and the program's struct_ops (prog) */
struct qdk_bpf_qdisc {
	struct Qdisc_ops ops;
	const struct Qdisc_ops *prog;
};

int qdk_bpf_qdisc_register(struct qdk_bpf_qdisc *q);
void qdk_bpf_qdisc_unregister(struct qdk_bpf_qdisc *q);
/* is ops a registered program's kind (the replay's qdk_kind_bpf()) */
bool qdk_bpf_ops(const struct Qdisc_ops *ops);

#define QDK_BPF_QDISC(sym)							\
	extern struct Qdisc_ops sym;						\
	static struct qdk_bpf_qdisc qdk_bpf_qdisc_##sym = { .prog = &sym };	\
	static int __init qdk_bpf_qdisc_init_##sym(void)			\
	{									\
		return qdk_bpf_qdisc_register(&qdk_bpf_qdisc_##sym);		\
	}									\
	static void __exit qdk_bpf_qdisc_exit_##sym(void)			\
	{									\
		qdk_bpf_qdisc_unregister(&qdk_bpf_qdisc_##sym);			\
	}									\
	module_init(qdk_bpf_qdisc_init_##sym);					\
	module_exit(qdk_bpf_qdisc_exit_##sym)

#endif
