// SPDX-License-Identifier: GPL-2.0
/*
 * ktest_core.c - the qdisc core's shared tables and helpers: class hashes,
 * rate tables, estimator options, qevents, the per-device qdisc hash, the
 * flow dissector and GSO size checks.
 */
#include <linux/kernel.h>
#include <linux/rtnetlink.h>
#include <linux/skbuff.h>
#include <linux/ip.h>
#include <linux/tcp.h>
#include <net/pkt_sched.h>
#include <net/pkt_cls.h>
#include <net/gen_stats.h>
#include <net/flow_dissector.h>
#include <net/netlink.h>

#include "ktest.h"
#include "shim.h"

struct tclass {
	struct Qdisc_class_common common;
};

KTEST(core, class_hash_grows_and_finds)
{
	struct Qdisc *sch = qdk_test_qdisc("pfifo");
	struct Qdisc_class_hash h;
	struct tclass c[20];
	int i;

	KT_EQ(qdisc_class_hash_init(&h), 0);
	KT_EQ(h.hashsize, 4);
	for (i = 0; i < 20; i++) {
		c[i].common.classid = TC_H_MAKE(0x10000, i + 1);
		qdisc_class_hash_insert(&h, &c[i].common);
		qdisc_class_hash_grow(sch, &h);
	}
	KT_EQ(h.hashelems, 20);
	KT_EQ(h.hashsize, 32);	/* doubled whenever more than 3/4 full */
	for (i = 0; i < 20; i++)
		KT_ASSERT(qdisc_class_find(&h, c[i].common.classid) == &c[i].common,
			  "class %d", i);
	KT_ASSERT(qdisc_class_find(&h, TC_H_MAKE(0x10000, 99)) == NULL, "absent");
	qdisc_class_hash_remove(&h, &c[3].common);
	KT_ASSERT(qdisc_class_find(&h, c[3].common.classid) == NULL, "removed");
	KT_EQ(h.hashelems, 19);
	qdisc_class_hash_destroy(&h);
	qdk_test_qdisc_put(sch);
	return 0;
}

KTEST(core, rate_tables_are_shared)
{
	struct {
		struct nlattr hdr;
		u32 data[256];
	} tab = { .hdr = { .nla_len = NLA_HDRLEN + 1024 } };
	struct tc_ratespec r = { .rate = 125000, .cell_log = 3,
				 .linklayer = TC_LINKLAYER_ETHERNET };
	struct netlink_ext_ack ext = {};
	struct qdisc_rate_table *a, *b;
	int i;

	for (i = 0; i < 256; i++)
		tab.data[i] = (i + 1) * 64;
	a = qdisc_get_rtab(&r, &tab.hdr, &ext);
	b = qdisc_get_rtab(&r, &tab.hdr, &ext);
	KT_ASSERT(a && a == b, "same table, same object");
	KT_EQ(a->refcnt, 2);
	KT_EQ(qdisc_l2t(a, 100), 13 * 64);	/* slot 100 >> 3 = 12 */
	qdisc_put_rtab(b);
	qdisc_put_rtab(a);
	r.cell_log = 0;
	KT_ASSERT(qdisc_get_rtab(&r, &tab.hdr, &ext) == NULL, "cell_log 0");
	KT_STREQ(ext._msg, "Invalid rate table parameters for searching");
	return 0;
}

KTEST(core, ratecfg)
{
	struct tc_ratespec conf = { .rate = 1250000 };	/* 10 Mbit/s */
	struct psched_ratecfg r;

	psched_ratecfg_precompute(&r, &conf, 0);
	KT_EQ(r.rate_bytes_ps, 1250000);
	/* 1000 bytes at 1.25 MB/s: 800 us, to within the reciprocal's error */
	KT_ASSERT(psched_l2t_ns(&r, 1000) >= 799999 &&
		  psched_l2t_ns(&r, 1000) <= 800000, "%llu",
		  (unsigned long long)psched_l2t_ns(&r, 1000));
	psched_ratecfg_precompute(&r, &conf, 5000000000ULL);	/* rate64 wins */
	KT_EQ(r.rate_bytes_ps, 5000000000ULL);
	return 0;
}

KTEST(core, estimator_options_validated)
{
	struct {
		struct nlattr hdr;
		struct tc_estimator est;
	} o = { .hdr = { .nla_len = NLA_HDRLEN + sizeof(struct tc_estimator) } };
	struct gnet_stats_basic_sync b;
	struct net_rate_estimator __rcu *re = NULL;

	gnet_stats_basic_sync_init(&b);
	o.est.interval = 0;
	o.est.ewma_log = 3;
	KT_EQ(gen_new_estimator(&b, NULL, &re, NULL, true, &o.hdr), 0);
	o.est.interval = 4;
	KT_EQ(gen_new_estimator(&b, NULL, &re, NULL, true, &o.hdr), -EINVAL);
	o.est.interval = 0;
	o.est.ewma_log = 0;
	KT_EQ(gen_new_estimator(&b, NULL, &re, NULL, true, &o.hdr), -EINVAL);
	KT_ASSERT(!gen_estimator_active(&re), "never runs");
	return 0;
}

KTEST(core, qevent_block_index)
{
	struct Qdisc *sch = qdk_test_qdisc("pfifo");
	struct {
		struct nlattr hdr;
		u32 v;
	} a = { .hdr = { .nla_len = 8 }, .v = 0 };
	struct netlink_ext_ack ext = {};
	struct tcf_qevent qe = {};
	struct sk_buff *to_free = NULL;
	int ret = 0;

	KT_EQ(tcf_qevent_init(&qe, sch, FLOW_BLOCK_BINDER_TYPE_RED_MARK, NULL,
			      &ext), 0);
	KT_EQ(tcf_qevent_init(&qe, sch, FLOW_BLOCK_BINDER_TYPE_RED_MARK, &a.hdr,
			      &ext), -EINVAL);
	KT_STREQ(ext._msg, "Block number may not be zero");
	a.v = 7;
	KT_EQ(tcf_qevent_init(&qe, sch, FLOW_BLOCK_BINDER_TYPE_RED_MARK, &a.hdr,
			      &ext), 0);
	KT_EQ(tcf_qevent_validate_change(&qe, &a.hdr, &ext), 0);
	a.v = 8;
	KT_EQ(tcf_qevent_validate_change(&qe, &a.hdr, &ext), -EINVAL);
	KT_STREQ(ext._msg, "Change of blocks is not supported");
	KT_ASSERT(tcf_qevent_handle(&qe, sch, (struct sk_buff *)&ret, &to_free,
				    &ret) == (struct sk_buff *)&ret,
		  "an empty block passes the packet on");
	tcf_qevent_destroy(&qe, sch);
	qdk_test_qdisc_put(sch);
	return 0;
}

KTEST(core, qdisc_hash_and_lookup)
{
	struct Qdisc *root = qdk_test_qdisc("pfifo");
	struct Qdisc *child;

	child = qdisc_create_dflt(root->dev_queue, qdk_lookup_ops("bfifo"),
				  0x80010001, NULL);
	child->handle = 0x00050000;
	qdisc_hash_add(child, true);
	KT_ASSERT(child->flags & TCQ_F_INVISIBLE, "invisible");
	KT_ASSERT(qdisc_lookup(qdisc_dev(root), root->handle) == root, "root");
	KT_ASSERT(qdisc_lookup(qdisc_dev(root), 0x00050000) == child, "child");
	KT_ASSERT(qdisc_lookup(qdisc_dev(root), 0x00060000) == NULL, "none");
	rtnl_lock();
	qdisc_put(child);	/* unhashes it */
	rtnl_unlock();
	KT_ASSERT(qdisc_lookup(qdisc_dev(root), 0x00050000) == NULL, "gone");
	qdk_test_qdisc_put(root);
	return 0;
}

static struct sk_buff *tcp4(u32 src, u32 dst, u16 sport, u16 dport)
{
	struct sk_buff *skb = alloc_skb(128, GFP_KERNEL);
	struct iphdr *iph;
	struct tcphdr *th;

	skb_reserve(skb, 2);	/* IP header 4-aligned, as the stack does */
	skb_put_zero(skb, 14 + 20 + 20);
	skb_reset_mac_header(skb);
	skb_set_network_header(skb, 14);
	skb_set_transport_header(skb, 34);
	skb->protocol = htons(ETH_P_IP);
	iph = ip_hdr(skb);
	iph->version = 4;
	iph->ihl = 5;
	iph->protocol = IPPROTO_TCP;
	iph->saddr = htonl(src);
	iph->daddr = htonl(dst);
	th = tcp_hdr(skb);
	th->source = htons(sport);
	th->dest = htons(dport);
	th->doff = 5;
	return skb;
}

KTEST(core, flow_keys_and_hash)
{
	struct sk_buff *a = tcp4(0x0a000001, 0x0a000002, 1000, 80);
	struct sk_buff *b = tcp4(0x0a000002, 0x0a000001, 80, 1000);
	struct sk_buff *c = tcp4(0x0a000001, 0x0a000002, 1001, 80);
	struct flow_keys ka, kb, kc;
	struct flow_keys_digest da, dc;

	KT_ASSERT(skb_flow_dissect_flow_keys(a, &ka, 0), "dissect");
	KT_EQ(ka.basic.ip_proto, IPPROTO_TCP);
	KT_EQ(ntohs(ka.ports.src), 1000);
	KT_EQ(ntohl(ka.addrs.v4addrs.dst), 0x0a000002);
	KT_EQ(ka.control.thoff, 34);
	skb_flow_dissect_flow_keys(b, &kb, 0);
	skb_flow_dissect_flow_keys(c, &kc, 0);
	make_flow_keys_digest(&da, &ka);
	make_flow_keys_digest(&dc, &kc);
	KT_ASSERT(memcmp(&da, &dc, sizeof(da)), "other port, other digest");
	/* both directions of a flow hash alike */
	KT_EQ(flow_hash_from_keys(&ka), flow_hash_from_keys(&kb));
	KT_ASSERT(flow_hash_from_keys(&ka) != flow_hash_from_keys(&kc),
		  "another flow");
	kfree_skb(a);
	kfree_skb(b);
	kfree_skb(c);
	return 0;
}

KTEST(core, gso_size_checks)
{
	struct sk_buff *skb = tcp4(1, 2, 3, 4);

	skb_shinfo(skb)->gso_size = 1448;
	skb_shinfo(skb)->gso_segs = 4;
	skb_shinfo(skb)->gso_type = SKB_GSO_TCPV4;
	/* a segment is 14 + 20 + 20 + 1448 = 1502 bytes on the wire */
	KT_ASSERT(skb_gso_validate_mac_len(skb, 1502), "fits");
	KT_ASSERT(!skb_gso_validate_mac_len(skb, 1501), "too big");
	KT_ASSERT(skb_gso_validate_network_len(skb, 1488), "mtu 1488");
	KT_ASSERT(!skb_gso_validate_network_len(skb, 1487), "mtu 1487");
	kfree_skb(skb);
	return 0;
}

KTEST(core, dev_graft_qdisc)
{
	struct Qdisc *sch = qdk_test_qdisc("pfifo");
	struct netdev_queue *txq = sch->dev_queue;
	struct Qdisc *old;

	old = dev_graft_qdisc(txq, NULL);
	KT_ASSERT(old == sch, "returns the old one");
	KT_ASSERT(txq->qdisc_sleeping == &noop_qdisc, "noop grafted");
	KT_ASSERT(txq->qdisc == &noop_qdisc, "inactive until activated");
	dev_graft_qdisc(txq, sch);
	dev_activate(qdisc_dev(sch));
	KT_ASSERT(txq->qdisc == sch, "activated");
	qdk_test_qdisc_put(sch);
	return 0;
}
