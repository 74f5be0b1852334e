/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kernel interfaces the recorder hooks that differ between the series
 * the kit builds for (Debian's 6.1, 6.12 and 7.x): every LINUX_VERSION_CODE
 * test of the recorder is here, so the rest of it reads as one source
 * (checkpatch's LINUX_VERSION_CODE warning is waived for *compat.h only).
 */
#ifndef QDK_REC_COMPAT_H
#define QDK_REC_COMPAT_H

#include <linux/ftrace.h>
#include <linux/version.h>

#define REC_KV_6_5	KERNEL_VERSION(6, 5, 0)
#define REC_KV_6_11	KERNEL_VERSION(6, 11, 0)
#define REC_KV_6_6	KERNEL_VERSION(6, 6, 0)
#define REC_KV_6_14	KERNEL_VERSION(6, 14, 0)

/*
 * The kfree_skb tracepoint's trailing arguments: the drop reason (5.17+),
 * then the receiving socket (6.11+; 6.12 and 6.13 pass it non-const, 7.3
 * const, so the switch is taken at 6.14 - were it later, a probe of the
 * wrong type is a build error, not a silent mismatch).
 */
#if LINUX_VERSION_CODE >= REC_KV_6_14
#define REC_KFREE_SKB_ARGS enum skb_drop_reason reason, const struct sock *rx_sk
#elif LINUX_VERSION_CODE >= REC_KV_6_11
#define REC_KFREE_SKB_ARGS enum skb_drop_reason reason, struct sock *rx_sk
#else
#define REC_KFREE_SKB_ARGS enum skb_drop_reason reason
#endif

/*
 * An ftrace_ops callback sends the traced function's caller elsewhere
 * (FTRACE_OPS_FL_IPMODIFY, livepatch's way): the setter was
 * ftrace_instruction_pointer_set() until 6.8 renamed it (both are macros).
 * Without SAVE_REGS where the arch passes arguments in ftrace_regs: the
 * light trampoline honours a changed instruction pointer too.
 */
#ifdef ftrace_regs_set_instruction_pointer
#define rec_ftrace_set_ip(fregs, ip) ftrace_regs_set_instruction_pointer(fregs, ip)
#else
#define rec_ftrace_set_ip(fregs, ip) ftrace_instruction_pointer_set(fregs, ip)
#endif
#ifdef CONFIG_HAVE_DYNAMIC_FTRACE_WITH_ARGS
#define REC_FTRACE_IPMODIFY_REGS	0
#else
#define REC_FTRACE_IPMODIFY_REGS	FTRACE_OPS_FL_SAVE_REGS
#endif
/* such an ftrace_ops (rec_ipmodify_hook() registers it) */
#define REC_IPMODIFY_OPS(fn) {						\
	.func = (fn),							\
	.flags = FTRACE_OPS_FL_IPMODIFY | FTRACE_OPS_FL_RECURSION |	\
		 REC_FTRACE_IPMODIFY_REGS,				\
}

#ifdef CONFIG_DYNAMIC_FTRACE_WITH_DIRECT_CALLS
/*
 * An ftrace direct call from the fentry site at IP to TRAMP. Before 6.5 it
 * was registered by address; since, through an ftrace_ops whose filter
 * holds IP (the ops is unused before 6.5). The filter is set by the first
 * register (*filtered says it was) and kept, unregistering leaves it, and
 * rec_direct_free() frees it once, at unload: freeing it at each
 * unregister (free_filters) and setting it again at the next register
 * works on 7.x, but 6.12's ftrace_free_filter() leaves the ops pointing at
 * the hashes it freed (7.x resets them), so the second capture's register
 * read freed memory (a general protection fault in
 * alloc_and_copy_ftrace_hash(), from ftrace_set_filter_ip()).
 */
static inline int rec_direct_register(struct ftrace_ops *ops, bool *filtered,
				      unsigned long ip, unsigned long tramp)
{
#if LINUX_VERSION_CODE >= REC_KV_6_5
	if (!*filtered) {
		int err = ftrace_set_filter_ip(ops, ip, 0, 0);

		if (err)
			return err;
		*filtered = true;
	}
	return register_ftrace_direct(ops, tramp);
#else
	return register_ftrace_direct(ip, tramp);
#endif
}

static inline void rec_direct_unregister(struct ftrace_ops *ops,
					 unsigned long ip, unsigned long tramp)
{
#if LINUX_VERSION_CODE >= REC_KV_6_5
	unregister_ftrace_direct(ops, tramp, false);
#else
	unregister_ftrace_direct(ip, tramp);
#endif
}

/* At unload, the ops unregistered: the filter rec_direct_register() set. */
static inline void rec_direct_free(struct ftrace_ops *ops, bool *filtered)
{
#if LINUX_VERSION_CODE >= REC_KV_6_5
	if (*filtered)
		ftrace_free_filter(ops);
#endif
	*filtered = false;
}
#endif

/*
 * Has the device's ingress (or egress) tc hook a live mini Qdisc (filters
 * in its block)? Until 6.6 the device holds it; since, its tcx entry does.
 * BH off (the hook's RCU).
 */
#if LINUX_VERSION_CODE >= REC_KV_6_6
#include <net/tcx.h>

static inline bool rec_miniq_live(struct net_device *dev, bool ingress)
{
	struct bpf_mprog_entry *e = ingress ? rcu_dereference_bh(dev->tcx_ingress) :
					      rcu_dereference_bh(dev->tcx_egress);

	return e && rcu_access_pointer(tcx_entry(e)->miniq);
}
#else
#include <linux/netdevice.h>

static inline bool rec_miniq_live(struct net_device *dev, bool ingress)
{
	return ingress ? rcu_access_pointer(dev->miniq_ingress) :
			 rcu_access_pointer(dev->miniq_egress);
}
#endif

#endif /* QDK_REC_COMPAT_H */
