// SPDX-License-Identifier: GPL-2.0
/*
 * ktest_nl_flow.c - flow dissectors and keys (net/flow_dissector.h), RTNL
 * try-locks and message kinds (linux/rtnetlink.h, net/rtnetlink.h), and
 * linux/netlink.h's message header and extack helpers.
 */
#include <linux/kernel.h>
#include <linux/skbuff.h>
#include <linux/netlink.h>
#include <linux/rtnetlink.h>
#include <net/rtnetlink.h>
#include <net/netlink.h>
#include <net/flow_dissector.h>

#include "ktest.h"

struct kt_target {
	struct flow_dissector_key_control control;
	struct flow_dissector_key_basic basic;
	struct flow_dissector_key_eth_addrs eth;
	struct flow_dissector_key_ports_range pr;
};

KTEST(flowmore, dissector_init_and_target)
{
	static const struct flow_dissector_key keys[] = {
		{ FLOW_DISSECTOR_KEY_CONTROL, offsetof(struct kt_target, control) },
		{ FLOW_DISSECTOR_KEY_BASIC, offsetof(struct kt_target, basic) },
		{ FLOW_DISSECTOR_KEY_ETH_ADDRS, offsetof(struct kt_target, eth) },
	};
	struct flow_dissector d;
	struct kt_target t;
	struct flow_dissector_key_mpls mpls = { 0 };

	skb_flow_dissector_init(&d, keys, ARRAY_SIZE(keys));
	KT_ASSERT(dissector_uses_key(&d, FLOW_DISSECTOR_KEY_ETH_ADDRS), "eth");
	KT_ASSERT(!dissector_uses_key(&d, FLOW_DISSECTOR_KEY_PORTS), "ports");
	KT_ASSERT(skb_flow_dissector_target(&d, FLOW_DISSECTOR_KEY_ETH_ADDRS, &t) ==
		  (void *)&t.eth, "target");
	t.control.thoff = 5;
	t.basic.ip_proto = 6;
	flow_dissector_init_keys(&t.control, &t.basic);
	KT_EQ(t.control.thoff, 0);
	KT_EQ(t.basic.ip_proto, 0);
	dissector_set_mpls_lse(&mpls, 2);
	KT_EQ(mpls.used_lses, 4);
	KT_EQ(sizeof(t.pr), 2 * sizeof(struct flow_dissector_key_ports));
	return 0;
}

KTEST(flowmore, u32_addrs_and_l4)
{
	struct flow_keys k = { 0 };

	k.control.addr_type = FLOW_DISSECTOR_KEY_IPV4_ADDRS;
	k.addrs.v4addrs.src = htonl(0x0a000001);
	k.addrs.v4addrs.dst = htonl(0x0a000002);
	KT_EQ(flow_get_u32_src(&k), htonl(0x0a000001));
	KT_EQ(flow_get_u32_dst(&k), htonl(0x0a000002));
	memset(&k, 0, sizeof(k));
	k.control.addr_type = FLOW_DISSECTOR_KEY_IPV6_ADDRS;
	k.addrs.v6addrs.src.s6_addr32[0] = 0x11;
	k.addrs.v6addrs.src.s6_addr32[3] = 0x22;
	KT_EQ(flow_get_u32_src(&k), 0x11 ^ 0x22);
	KT_EQ(flow_get_u32_dst(&k), 0);
	KT_ASSERT(!flow_keys_have_l4(&k), "no ports");
	k.ports.ports = 1;
	KT_ASSERT(flow_keys_have_l4(&k), "ports");
	return 0;
}

KTEST(rtnlmore, trylock_and_kinds)
{
	refcount_t r;
	struct nlmsghdr *nlh;
	struct sk_buff *skb = nlmsg_new(64, GFP_KERNEL);
	struct rtgenmsg *g;

	KT_ASSERT(!rtnl_is_locked(), "free");
	KT_EQ(rtnl_trylock(), 1);
	KT_EQ(rtnl_trylock(), 0);	/* held, even by us */
	rtnl_unlock();
	KT_EQ(rtnl_lock_killable(), 0);
	KT_ASSERT(rtnl_is_locked(), "killable locks");
	rtnl_unlock();
	refcount_set(&r, 2);
	KT_ASSERT(!refcount_dec_and_rtnl_lock(&r), "not the last");
	KT_EQ(refcount_read(&r), 1);
	KT_ASSERT(!rtnl_is_locked(), "not taken");
	KT_ASSERT(refcount_dec_and_rtnl_lock(&r), "the last");
	KT_ASSERT(rtnl_is_locked(), "taken");
	rtnl_unlock();
	KT_EQ(rtnl_msgtype_kind(RTM_NEWQDISC), RTNL_KIND_NEW);
	KT_EQ(rtnl_msgtype_kind(RTM_DELTCLASS), RTNL_KIND_DEL);
	KT_EQ(rtnl_msgtype_kind(RTM_GETQDISC), RTNL_KIND_GET);
	nlh = nlmsg_put(skb, 0, 1, RTM_GETQDISC, sizeof(*g), 0);
	g = nlmsg_data(nlh);
	g->rtgen_family = AF_UNSPEC + 7;
	KT_EQ(rtnl_msg_family(nlh), 7);
	KT_ASSERT(nlmsg_hdr(skb) == nlh, "nlmsg_hdr");
	nlmsg_free(skb);
	return 0;
}

KTEST(rtnlmore, extack_miss_and_cookie)
{
	struct netlink_ext_ack ext = { 0 };
	u64 c;

	NL_SET_ERR_ATTR_MISS(&ext, NULL, 3);
	KT_EQ(ext.miss_type, 3);
	KT_ASSERT(ext.miss_nest == NULL, "nest");
	NL_SET_ERR_ATTR_MISS(NULL, NULL, 3);	/* no extack: nothing */
	nl_set_extack_cookie_u64(&ext, 0x1122334455667788ULL);
	KT_EQ(ext.cookie_len, 8);
	memcpy(&c, ext.cookie, 8);
	KT_EQ(c, 0x1122334455667788ULL);
	KT_EQ(NLMSG_GOODSIZE, SKB_WITH_OVERHEAD(PAGE_SIZE));
	KT_EQ(NLMSG_DEFAULT_SIZE, NLMSG_GOODSIZE - NLMSG_HDRLEN);
	return 0;
}

KTEST(flowmore, icmp_tci)
{
	struct sk_buff *skb = alloc_skb(64, GFP_KERNEL);
	struct flow_dissector_key_icmp key = { 0 };
	u8 *ih = skb_put_zero(skb, 8);

	ih[0] = 8;	/* ICMP_ECHO */
	ih[1] = 0;
	ih[4] = 0x12;	/* id 0x1234 */
	ih[5] = 0x34;
	skb_flow_get_icmp_tci(skb, &key, skb->data, 0, skb_headlen(skb));
	KT_EQ(key.type, 8);
	KT_EQ(key.id, 0x1234);
	ih[4] = ih[5] = 0;
	skb_flow_get_icmp_tci(skb, &key, skb->data, 0, skb_headlen(skb));
	KT_EQ(key.id, 1);	/* a zero id told apart from none */
	ih[0] = 3;	/* unreachable: no id */
	ih[1] = 1;
	skb_flow_get_icmp_tci(skb, &key, skb->data, 0, skb_headlen(skb));
	KT_EQ(key.code, 1);
	KT_EQ(key.id, 0);
	key.type = 99;
	skb_flow_get_icmp_tci(skb, &key, skb->data, 4, skb_headlen(skb));
	KT_EQ(key.type, 99);	/* the header is not all there: untouched */
	kfree_skb(skb);
	return 0;
}

KTEST(nlmore2, dump_consistency_and_slab_types)
{
	struct netlink_callback cb = { 0 };
	struct nlmsghdr nlh = { 0 };

	cb.seq = 5;
	nl_dump_check_consistent(&cb, &nlh);
	KT_EQ(nlh.nlmsg_flags, 0);	/* the first part sets the reference */
	KT_EQ(cb.prev_seq, 5);
	cb.seq = 6;
	nl_dump_check_consistent(&cb, &nlh);
	KT_EQ(nlh.nlmsg_flags, NLM_F_DUMP_INTR);
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
	KT_EQ(kmalloc_type(GFP_KERNEL), KMALLOC_NORMAL);
	KT_EQ(kmalloc_type(GFP_KERNEL_ACCOUNT), KMALLOC_CGROUP);
	KT_EQ(kmalloc_type(GFP_KERNEL | __GFP_RECLAIMABLE | __GFP_ACCOUNT), KMALLOC_RECLAIM);
	KT_EQ(kmalloc_type(GFP_DMA | __GFP_RECLAIMABLE), KMALLOC_DMA);
#endif
	return 0;
}
