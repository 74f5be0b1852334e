/* SPDX-License-Identifier: GPL-2.0 */
/*
 * vmlinux.h - what a BPF qdisc program's `#include <vmlinux.h>` gives it
 * when the kit compiles it as user-space C: the kernel's types from the
 * shim's headers of the series (struct sk_buff, struct Qdisc, struct
 * Qdisc_ops ... with the shim's layout, which the program reaches by name as
 * CO-RE would), the BPF runtime's types and the kfunc prototypes
 * (qdk/bpf_runtime.h). Written for the kit, not generated from BTF.
 *
 * A real vmlinux.h holds types only, so a program may define helpers of its
 * own under a kernel inline's name (bpf_qdisc_common.h: qdisc_skb_cb(),
 * qdisc_pkt_len(), bpf_qdisc_fq.c: sk_listener()). Those inlines are renamed
 * away while the shim's headers are read (a function-like macro: the struct
 * tag of the same name stays),
 * and the shim's macros a program's headers define again their own way
 * (bpf_experimental.h: the preemption count's masks) are undefined after.
 * The configuration a program reads is `extern T CONFIG_X __kconfig;`, a
 * variable the runtime defines (bpf_kconfig.c), not the macro of the
 * forced <generated/autoconf.h>, which is undefined here for each of them.
 * The kernel types no qdisc reaches but libbpf's and the selftests'
 * headers name in prototypes are declared, as a vmlinux.h has them all.
 */
#ifndef _QDK_BPF_VMLINUX_H
#define _QDK_BPF_VMLINUX_H

#define qdisc_skb_cb(skb) __qdk_kernel_qdisc_skb_cb(skb)
#define qdisc_pkt_len(skb) __qdk_kernel_qdisc_pkt_len(skb)
#define sk_listener(sk) __qdk_kernel_sk_listener(sk)

#include <linux/types.h>
#include <linux/skbuff.h>
#include <linux/netdevice.h>
#include <net/sock.h>
#include <net/sch_generic.h>
#include <net/pkt_sched.h>

#undef qdisc_skb_cb
#undef qdisc_pkt_len
#undef sk_listener

/* the __kconfig values of bpf_kconfig.c */
#undef CONFIG_HZ

#undef PREEMPT_BITS
#undef SOFTIRQ_BITS
#undef HARDIRQ_DISABLE_BITS
#undef HARDIRQ_BITS
#undef NMI_BITS
#undef PREEMPT_SHIFT
#undef SOFTIRQ_SHIFT
#undef HARDIRQ_DISABLE_SHIFT
#undef HARDIRQ_SHIFT
#undef NMI_SHIFT
#undef __IRQ_MASK
#undef SOFTIRQ_MASK
#undef HARDIRQ_DISABLE_MASK
#undef HARDIRQ_MASK
#undef NMI_MASK
#undef SOFTIRQ_OFFSET

struct bpf_iter_css;
struct bpf_iter_css_task;
struct bpf_iter_dmabuf;
struct bpf_iter_kmem_cache;
struct bpf_iter_task;
struct bpf_iter_task_vma;
struct bpf_wq;
struct cgroup;
struct cgroup_subsys_state;
struct dma_buf;
struct file;
struct kmem_cache;
struct lowcore;
struct path;
struct socket;
struct task_struct;
struct vm_area_struct;

#include <qdk/bpf_runtime.h>

#endif
