// SPDX-License-Identifier: GPL-2.0
/*
 * ktest_bpf_dynptr.c - a packet's bytes through a dynptr (shim/bpf/
 * bpf_dynptr.c): bpf_dynptr_from_skb() makes a read-only one over the
 * skb's bytes, slices and reads are bounded by its window, which
 * bpf_dynptr_adjust() narrows; flags are refused.
 */
#include <vmlinux.h>
#include <bpf/bpf_helpers.h>
#include <linux/errno.h>

#include "ktest.h"
#include "bpf_rt.h"

KTEST(bpf_dynptr, over_an_skb)
{
	struct sk_buff *skb = alloc_skb(128, GFP_KERNEL);
	struct bpf_dynptr d, bad;
	u8 buf[4], *p;
	int i;

	KT_ASSERT(skb, "alloc_skb");
	qdk_bpf_op = QDK_BPF_OP_ENQUEUE;	/* a qdisc kfunc: called from an op */
	for (i = 0; i < 60; i++)
		*(u8 *)skb_put(skb, 1) = (u8)i;
	KT_EQ(bpf_dynptr_from_skb((struct __sk_buff *)skb, 1, &bad), -EINVAL);
	KT_ASSERT(bpf_dynptr_is_null(&bad), "a refused one is null");
	KT_EQ(bpf_dynptr_size(&bad), 0);
	KT_EQ(bpf_dynptr_from_skb((struct __sk_buff *)skb, 0, &d), 0);
	KT_EQ(bpf_dynptr_size(&d), 60);
	KT_ASSERT(bpf_dynptr_is_rdonly(&d), "a qdisc's dynptr is read-only");
	/* the IPv4 TOS byte's place after an Ethernet header: offset 15 */
	p = bpf_dynptr_slice(&d, 15, buf, 1);
	KT_ASSERT(p && *p == 15, "slice at 15: %d", p ? *p : -1);
	KT_ASSERT(!bpf_dynptr_slice(&d, 57, buf, 4), "past the end");
	KT_ASSERT(!bpf_dynptr_slice_rdwr(&d, 0, buf, 1), "no writable slice");
	KT_EQ(bpf_dynptr_read(buf, 4, &d, 56, 0), 0);
	KT_EQ(buf[0], 56);
	KT_EQ(bpf_dynptr_read(buf, 4, &d, 57, 0), -E2BIG);
	KT_EQ(bpf_dynptr_read(buf, 1, &d, 0, 1), -EINVAL);
	KT_EQ(bpf_dynptr_write(&d, 0, buf, 1, 0), -EINVAL);
	/* the window: bytes 14..33 (an IPv4 header) */
	KT_EQ(bpf_dynptr_adjust(&d, 20, 14), -EINVAL);
	KT_EQ(bpf_dynptr_adjust(&d, 14, 61), -ERANGE);
	KT_EQ(bpf_dynptr_adjust(&d, 14, 34), 0);
	KT_EQ(bpf_dynptr_size(&d), 20);
	p = bpf_dynptr_slice(&d, 0, buf, 1);
	KT_ASSERT(p && *p == 14, "the window starts at 14: %d", p ? *p : -1);
	KT_ASSERT(!bpf_dynptr_slice(&d, 17, buf, 4), "past the window");
	qdk_bpf_op = QDK_BPF_OP_NONE;
	kfree_skb(skb);
	return 0;
}
