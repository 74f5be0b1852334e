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

#ifdef CONFIG_DYNAMIC_FTRACE_WITH_DIRECT_CALLS
/*
 * An ftrace direct call from the fentry site at IP to TRAMP. Before 6.5 it
 * was registered by address; since, through an ftrace_ops whose filter
 * holds IP (the ops is unused before 6.5).
 */
static inline int rec_direct_register(struct ftrace_ops *ops,
				      unsigned long ip, unsigned long tramp)
{
#if LINUX_VERSION_CODE >= REC_KV_6_5
	int err = ftrace_set_filter_ip(ops, ip, 0, 0);

	return err ? err : register_ftrace_direct(ops, tramp);
#else
	return register_ftrace_direct(ip, tramp);
#endif
}

static inline void rec_direct_unregister(struct ftrace_ops *ops,
					 unsigned long ip, unsigned long tramp)
{
#if LINUX_VERSION_CODE >= REC_KV_6_5
	unregister_ftrace_direct(ops, tramp, true);
#else
	unregister_ftrace_direct(ip, tramp);
#endif
}
#endif

#endif /* QDK_REC_COMPAT_H */
