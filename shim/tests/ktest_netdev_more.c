// SPDX-License-Identifier: GPL-2.0
/*
 * ktest_netdev_more.c - netdevice.h's counters and transmit helpers: the
 * core's drop counters in dev_get_stats(), typed ml_priv, netdev_start_xmit()
 * and xmit_more, recursion depth, forwarding checks, checksum capabilities.
 */
#include <linux/etherdevice.h>
#include <linux/if_arp.h>
#include <linux/if_link.h>
#include <linux/inetdevice.h>
#include <linux/netdevice.h>
#include <linux/skbuff.h>
#include <net/ip.h>
#include <net/net_namespace.h>

#include "shim.h"
#include "ktest.h"

KTEST(netdev_more, core_stats_add_to_dev_get_stats)
{
	struct net_device *dev = alloc_etherdev(0);
	struct rtnl_link_stats64 s;

	KT_ASSERT(dev, "alloc_etherdev");
	KT_ASSERT(!dev->core_stats, "allocated at the first drop only");
	dev->stats.rx_dropped = 5;
	dev_core_stats_rx_dropped_inc(dev);
	dev_core_stats_rx_dropped_inc(dev);
	dev_core_stats_tx_dropped_inc(dev);
	dev_core_stats_rx_nohandler_inc(dev);
	dev_core_stats_rx_otherhost_dropped_inc(dev);
	KT_ASSERT(dev->core_stats, "allocated");
	dev_get_stats(dev, &s);
	KT_EQ(s.rx_dropped, 7);
	KT_EQ(s.tx_dropped, 1);
	KT_EQ(s.rx_nohandler, 1);
	KT_EQ(s.rx_otherhost_dropped, 1);
	free_netdev(dev);	/* frees core_stats: no leak */
	return 0;
}

KTEST(netdev_more, ml_priv_typed)
{
	struct net_device *dev = alloc_etherdev(0);
	int x;

	KT_ASSERT(dev, "alloc_etherdev");
	netdev_set_ml_priv(dev, &x, ML_PRIV_CAN);
	KT_ASSERT(netdev_get_ml_priv(dev, ML_PRIV_CAN) == &x, "typed read");
	KT_ASSERT(!netdev_get_ml_priv(dev, ML_PRIV_NONE), "another type reads NULL");
	free_netdev(dev);
	return 0;
}

static bool seen_more;
static int xmits;

static netdev_tx_t record_xmit(struct sk_buff *skb, struct net_device *dev)
{
	seen_more = netdev_xmit_more();
	if (++xmits == 2)
		return NETDEV_TX_BUSY;
	dev_kfree_skb_any(skb);
	return NETDEV_TX_OK;
}

static const struct net_device_ops record_ops = {
	.ndo_start_xmit = record_xmit,
};

KTEST(netdev_more, start_xmit_more_and_trans_start)
{
	struct net_device *dev = alloc_etherdev(0);
	struct netdev_queue *txq;
	struct sk_buff *skb = alloc_skb(64, GFP_KERNEL);

	KT_ASSERT(dev && skb, "alloc");
	dev->netdev_ops = &record_ops;
	txq = netdev_get_tx_queue(dev, 0);
	txq->trans_start = jiffies - 10;
	xmits = 0;
	/* trans_start moves only under the queue's xmit lock (txq_trans_update()) */
	local_bh_disable();
	__netif_tx_lock(txq, smp_processor_id());
	KT_EQ(netdev_start_xmit(skb, dev, txq, true), NETDEV_TX_OK);
	KT_ASSERT(seen_more, "the driver saw more");
	KT_EQ(txq->trans_start, jiffies);
	txq->trans_start = jiffies - 10;
	skb = alloc_skb(64, GFP_ATOMIC);
	KT_EQ(netdev_start_xmit(skb, dev, txq, false), NETDEV_TX_BUSY);
	KT_ASSERT(!seen_more, "no more");
	KT_EQ(txq->trans_start, jiffies - 10);	/* busy: not a transmit */
	__netif_tx_unlock(txq);
	local_bh_enable();
	kfree_skb(skb);
	free_netdev(dev);
	return 0;
}

KTEST(netdev_more, xmit_recursion)
{
	int i;

	KT_EQ(dev_recursion_level(), 0);
	for (i = 0; i < XMIT_RECURSION_LIMIT; i++)
		dev_xmit_recursion_inc();
	KT_ASSERT(!dev_xmit_recursion(), "at the limit: still allowed");
	dev_xmit_recursion_inc();
	KT_ASSERT(dev_xmit_recursion(), "past the limit");
	KT_EQ(dev_recursion_level(), XMIT_RECURSION_LIMIT + 1);
	for (i = 0; i <= XMIT_RECURSION_LIMIT; i++)
		dev_xmit_recursion_dec();
	KT_EQ(dev_recursion_level(), 0);
	return 0;
}

KTEST(netdev_more, forwardable_and_forward)
{
	struct net_device *dev = alloc_etherdev(0);
	struct sk_buff *skb = alloc_skb(2048, GFP_KERNEL);
	struct rtnl_link_stats64 s;

	KT_ASSERT(dev && skb, "alloc");
	skb_put(skb, 1500 + ETH_HLEN + 4);	/* mtu + header + one tag */
	skb->dev = dev;
	KT_ASSERT(!__is_skb_forwardable(dev, skb, false), "down");
	dev->flags |= IFF_UP;
	KT_ASSERT(__is_skb_forwardable(dev, skb, false), "no mtu check");
	KT_ASSERT(is_skb_forwardable(dev, skb), "fits");
	skb_put(skb, 1);
	KT_ASSERT(!is_skb_forwardable(dev, skb), "a byte too long");
	skb_shinfo(skb)->gso_size = 1000;
	KT_ASSERT(is_skb_forwardable(dev, skb), "GSO passes");
	skb_shinfo(skb)->gso_size = 0;
	skb->priority = 6;
	KT_EQ(____dev_forward_skb(dev, skb, false), 0);
	KT_EQ(skb->priority, 0);
	/* too long: freed and counted as the device's rx drop */
	KT_EQ(____dev_forward_skb(dev, skb, true), NET_RX_DROP);
	dev_get_stats(dev, &s);
	KT_EQ(s.rx_dropped, 1);
	free_netdev(dev);
	return 0;
}

KTEST(netdev_more, checksum_protocol_and_headroom)
{
	struct net_device *dev = alloc_etherdev(0);

	KT_ASSERT(dev, "alloc");
	KT_ASSERT(can_checksum_protocol(NETIF_F_IP_CSUM, htons(ETH_P_IP)), "v4");
	KT_ASSERT(!can_checksum_protocol(NETIF_F_IP_CSUM, htons(ETH_P_IPV6)), "not v6");
	KT_ASSERT(can_checksum_protocol(NETIF_F_HW_CSUM, htons(ETH_P_IPV6)), "hw: all");
	KT_ASSERT(!can_checksum_protocol(NETIF_F_HW_CSUM, htons(ETH_P_FCOE)), "fcoe: own flag");
	KT_ASSERT(can_checksum_protocol(NETIF_F_FCOE_CRC, htons(ETH_P_FCOE)), "fcoe crc");
	KT_ASSERT(!can_checksum_protocol(NETIF_F_IPV6_CSUM, htons(ETH_P_ARP)), "arp");
	dev->needed_headroom = 32;
	KT_EQ(netdev_get_fwd_headroom(dev), 32);
	dev->priv_flags |= IFF_PHONY_HEADROOM;
	KT_EQ(netdev_get_fwd_headroom(dev), 0);
	free_netdev(dev);
	return 0;
}

KTEST(netdev_more, fallback_tunnels_and_masks)
{
	static struct net other;
	unsigned long mask = BIT(1) | BIT(5);

	KT_ASSERT(net_has_fallback_tunnels(&other), "0: every namespace");
	sysctl_fb_tunnels_only_for_init_net = 1;
	KT_ASSERT(net_has_fallback_tunnels(&init_net), "1: init_net");
	KT_ASSERT(!net_has_fallback_tunnels(&other), "1: not another");
	sysctl_fb_tunnels_only_for_init_net = 2;
	KT_ASSERT(!net_has_fallback_tunnels(&init_net), "2: none");
	sysctl_fb_tunnels_only_for_init_net = 0;
	KT_EQ(net_inherit_devconf(), 0);

	KT_EQ(netif_attrmask_next(-1, &mask, 8), 1);
	KT_EQ(netif_attrmask_next(1, &mask, 8), 5);
	KT_EQ(netif_attrmask_next(5, &mask, 8), 8);
	KT_EQ(netif_attrmask_next(2, NULL, 8), 3);
	KT_ASSERT(netif_attr_test_mask(5, &mask, 8), "bit 5");
	KT_ASSERT(!netif_attr_test_online(8, NULL, 8), "past nr_bits");
	KT_ASSERT(netif_attr_test_online(7, NULL, 8), "every id online");
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
	{
		struct rps_sock_flow_table *t = kzalloc(RPS_SOCK_FLOW_TABLE_SIZE(4), GFP_KERNEL);

		KT_ASSERT(t, "alloc");
		t->mask = 3;
		rps_record_sock_flow(t, 0x12345676);
		KT_EQ(t->ents[2], 0x12345676 & ~rps_cpu_mask);	/* CPU 0 */
		rps_record_sock_flow(t, 0);	/* no hash: nothing */
		KT_EQ(t->ents[0], 0);
		kfree(t);
	}
#endif
	return 0;
}

KTEST(netdev_more, arp_header_and_link_types)
{
	struct net_device *dev = alloc_etherdev(0);
	struct sk_buff *skb = alloc_skb(128, GFP_KERNEL);
	struct arphdr *arp;

	KT_ASSERT(dev && skb, "alloc");
	KT_EQ(sizeof(struct arphdr), 8);
	KT_EQ(arp_hdr_len(dev), 28);	/* Ethernet: 8 + 2 * (6 + 4) */
	KT_ASSERT(dev_is_mac_header_xmit(dev), "Ethernet has a header");
	dev->type = ARPHRD_IPGRE;
	KT_ASSERT(!dev_is_mac_header_xmit(dev), "GRE has none");
	dev->type = ARPHRD_PPP;
	KT_ASSERT(!dev_is_mac_header_xmit(dev), "PPP adds its own");
	dev->type = ARPHRD_IEEE1394;
	dev->addr_len = 16;
	KT_EQ(arp_hdr_len(dev), 8 + 16 + 2 * 4);	/* one hardware address */
	skb_put(skb, 28);
	skb_reset_network_header(skb);
	skb->data[7] = ARPOP_REPLY;
	arp = arp_hdr(skb);
	KT_EQ(arp->ar_op, htons(ARPOP_REPLY));
	kfree_skb(skb);
	free_netdev(dev);
	return 0;
}

KTEST(netdev_more, eth_headers_and_sysfs_mac)
{
	static const u8 mac[ETH_ALEN] = { 0x02, 0xab, 0, 0x10, 0xff, 1 };
	struct sk_buff *skb = alloc_skb(128, GFP_KERNEL);
	char *buf = kmalloc(PAGE_SIZE, GFP_KERNEL);
	u8 src[ETH_ALEN];

	KT_ASSERT(skb && buf, "alloc");
	KT_EQ(sysfs_format_mac(buf, mac, ETH_ALEN), 18);
	KT_STREQ(buf, "02:ab:00:10:ff:01\n");
	KT_EQ(sysfs_format_mac(buf, mac, 0), 1);

	skb_reserve(skb, 16);
	skb_put(skb, ETH_HLEN);
	memcpy(skb_eth_hdr(skb)->h_source, mac, ETH_ALEN);
	skb_reset_mac_header(skb);
	KT_EQ(eth_header_parse(skb, src), ETH_ALEN);
	KT_ASSERT(!memcmp(src, mac, ETH_ALEN), "source parsed");
	skb->inner_mac_header = skb->mac_header;
	KT_ASSERT(inner_eth_hdr(skb) == eth_hdr(skb), "inner at the same place");
	kfree(buf);
	kfree_skb(skb);
	return 0;
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
KTEST(netdev_more, skb_612_header_helpers)
{
	struct sk_buff *skb = alloc_skb(256, GFP_KERNEL);
	struct sk_buff_head q;
	long before;

	KT_ASSERT(skb, "alloc");
	skb_reserve(skb, 32);
	skb_put(skb, 100);
	skb_reset_network_header(skb);
	KT_ASSERT(skb_set_transport_header_careful(skb, 20), "fits");
	KT_EQ(skb_transport_offset(skb), 20);
	skb_unset_transport_header(skb);
	KT_ASSERT(!skb_transport_header_was_set(skb), "unset");
	KT_EQ(pskb_network_may_pull_reason(skb, 100), SKB_NOT_DROPPED_YET);
	KT_EQ(pskb_network_may_pull_reason(skb, 101), SKB_DROP_REASON_PKT_TOO_SMALL);
	KT_ASSERT(skb_pointer_if_linear(skb, 90, 10) == skb->data + 90, "in the head");
	KT_ASSERT(!skb_pointer_if_linear(skb, 90, 11), "past the head");
	KT_ASSERT(!skb_pointer_if_linear(skb, -1, 1), "negative offset");

	skb->ip_summed = CHECKSUM_PARTIAL;
	skb->csum_not_inet = 1;
	skb_reset_csum_not_inet(skb);
	KT_EQ(skb->ip_summed, CHECKSUM_NONE);
	KT_EQ(skb->csum_not_inet, 0);

	skb_set_delivery_type_by_clockid(skb, 1000, CLOCK_TAI);
	KT_EQ(skb->tstamp, 1000);
	KT_EQ(skb->tstamp_type, SKB_CLOCK_TAI);
	skb_set_delivery_type_by_clockid(skb, 1000, CLOCK_MONOTONIC);
	KT_EQ(skb->tstamp_type, SKB_CLOCK_MONOTONIC);

	skb_set_redirected_noclear(skb, true);
	KT_ASSERT(skb_is_redirected(skb) && skb->from_ingress, "redirected from ingress");
	KT_EQ(skb->tstamp, 1000);	/* kept */

	skb_queue_head_init(&q);
	__skb_queue_tail(&q, skb);
	__skb_queue_tail(&q, alloc_skb(64, GFP_KERNEL));
	before = qdk_test_mem_objects();
	skb_queue_purge_reason(&q, SKB_DROP_REASON_NOT_SPECIFIED);
	KT_ASSERT(skb_queue_empty(&q), "purged");
	KT_ASSERT(qdk_test_mem_objects() < before, "freed");
	skb = alloc_skb(64, GFP_KERNEL);
	sk_skb_reason_drop(NULL, skb, SKB_DROP_REASON_NOT_SPECIFIED);
	return 0;
}
#endif

/* ---- address lists (lib/dev_addr_lists.c) ------------------------------- */

static int rx_mode_calls;
static void count_rx_mode(struct net_device *dev)
{
	rx_mode_calls++;
}

static const struct net_device_ops rx_mode_ops = {
	.ndo_set_rx_mode = count_rx_mode,
};

static struct netdev_hw_addr *first_addr(struct netdev_hw_addr_list *l)
{
	return list_first_entry(&l->list, struct netdev_hw_addr, list);
}

KTEST(netdev_more, uc_list_refcounts_and_promisc)
{
	static const u8 a1[ETH_ALEN] = { 0x02, 0, 0, 0, 0, 1 };
	static const u8 a2[ETH_ALEN] = { 0x02, 0, 0, 0, 0, 2 };
	struct net_device *dev = alloc_etherdev(0);
	struct netdev_hw_addr *ha;
	int n = 0;

	KT_ASSERT(dev, "alloc");
	dev->netdev_ops = &rx_mode_ops;
	KT_ASSERT(netdev_uc_empty(dev) && netdev_mc_empty(dev), "empty");
	rx_mode_calls = 0;
	KT_EQ(dev_uc_add(dev, a1), 0);
	KT_EQ(rx_mode_calls, 0);	/* down: opening it programs the filter */
	dev->flags |= IFF_UP;
	set_bit(__LINK_STATE_PRESENT, &dev->state);
	KT_EQ(dev_uc_add(dev, a1), 0);
	KT_EQ(netdev_uc_count(dev), 1);
	KT_EQ(first_addr(&dev->uc)->refcount, 2);
	KT_EQ(rx_mode_calls, 1);
	/* no unicast filter: promiscuous while there are secondary addresses */
	KT_ASSERT(dev->uc_promisc && (dev->flags & IFF_PROMISC), "promisc");
	KT_EQ(dev_uc_add_excl(dev, a1), -EEXIST);
	KT_EQ(dev_uc_add(dev, a2), 0);
	netdev_for_each_uc_addr(ha, dev)
		KT_EQ(ha->addr[5], ++n);	/* in the order added */
	KT_EQ(n, 2);
	KT_EQ(dev_uc_del(dev, a2), 0);
	KT_EQ(dev_uc_del(dev, a2), -ENOENT);
	KT_EQ(dev_uc_del(dev, a1), 0);
	KT_EQ(dev_uc_del(dev, a1), 0);
	KT_ASSERT(netdev_uc_empty(dev), "empty again");
	KT_ASSERT(!dev->uc_promisc && !(dev->flags & IFF_PROMISC), "promisc off");
	KT_EQ(dev->promiscuity, 0);

	dev->priv_flags |= IFF_UNICAST_FLT;
	KT_EQ(dev_uc_add(dev, a2), 0);
	KT_ASSERT(!dev->uc_promisc, "the device filters unicast itself");
	dev_addr_mod(dev, 3, a2 + 3, 3);
	KT_EQ(dev->dev_addr[5], 2);
	free_netdev(dev);	/* a2 still listed: freed with the device */
	return 0;
}

KTEST(netdev_more, mc_global_and_sync_to_lower)
{
	static const u8 m1[ETH_ALEN] = { 0x01, 0, 0x5e, 0, 0, 1 };
	static const u8 m2[ETH_ALEN] = { 0x33, 0x33, 0, 0, 0, 1 };
	struct net_device *upper = alloc_etherdev(0), *lower = alloc_etherdev(0);

	KT_ASSERT(upper && lower, "alloc");
	KT_EQ(dev_mc_add_global(upper, m1), 0);
	KT_EQ(dev_mc_add_global(upper, m1), 0);
	KT_EQ(first_addr(&upper->mc)->refcount, 1);	/* one global reference */
	KT_EQ(dev_mc_add(upper, m1), 0);
	KT_EQ(first_addr(&upper->mc)->refcount, 2);
	KT_EQ(dev_mc_del_global(upper, m1), 0);
	KT_EQ(dev_mc_del_global(upper, m1), -ENOENT);
	KT_EQ(dev_mc_add_excl(upper, m2), 0);

	KT_EQ(dev_mc_sync(lower, upper), 0);
	KT_EQ(netdev_mc_count(lower), 2);
	KT_EQ(first_addr(&lower->mc)->synced, 1);
	KT_EQ(first_addr(&upper->mc)->sync_cnt, 1);
	KT_EQ(first_addr(&upper->mc)->refcount, 2);	/* the user's and the sync's */
	KT_EQ(dev_mc_sync(lower, upper), 0);		/* nothing new */
	KT_EQ(first_addr(&lower->mc)->refcount, 1);
	/* the user lets go: the next sync takes it off the lower device too */
	KT_EQ(dev_mc_del(upper, m1), 0);
	KT_EQ(netdev_mc_count(upper), 2);
	KT_EQ(dev_mc_sync(lower, upper), 0);
	KT_EQ(netdev_mc_count(upper), 1);
	KT_EQ(netdev_mc_count(lower), 1);
	dev_mc_unsync(lower, upper);
	KT_EQ(netdev_mc_count(lower), 0);
	KT_EQ(netdev_mc_count(upper), 1);
	KT_EQ(first_addr(&upper->mc)->sync_cnt, 0);
	dev_mc_flush(upper);
	KT_ASSERT(netdev_mc_empty(upper), "flushed");
	KT_EQ(dev_uc_sync(lower, upper), 0);
	lower->addr_len = 4;
	KT_EQ(dev_uc_sync(lower, upper), -EINVAL);
	free_netdev(upper);
	free_netdev(lower);
	return 0;
}

static int hw_synced, hw_refs;

static int hw_sync(struct net_device *dev, const unsigned char *addr)
{
	hw_synced++;
	return 0;
}

static int hw_unsync(struct net_device *dev, const unsigned char *addr)
{
	hw_synced--;
	return 0;
}

static int hw_ref_sync(struct net_device *dev, const unsigned char *addr, int refs)
{
	hw_refs = refs;
	return 0;
}

static int hw_ref_unsync(struct net_device *dev, const unsigned char *addr, int refs)
{
	hw_refs = refs;
	return 0;
}

KTEST(netdev_more, mc_sync_to_hardware)
{
	static const u8 m1[ETH_ALEN] = { 0x01, 0, 0x5e, 0, 0, 1 };
	struct net_device *dev = alloc_etherdev(0);

	KT_ASSERT(dev, "alloc");
	hw_synced = 0;
	KT_EQ(dev_mc_add(dev, m1), 0);
	KT_EQ(__dev_mc_sync(dev, hw_sync, hw_unsync), 0);
	KT_EQ(hw_synced, 1);
	KT_EQ(__dev_mc_sync(dev, hw_sync, hw_unsync), 0);
	KT_EQ(hw_synced, 1);		/* already there */
	KT_EQ(dev_mc_del(dev, m1), 0);
	KT_EQ(netdev_mc_count(dev), 1);	/* the hardware's reference */
	KT_EQ(__dev_mc_sync(dev, hw_sync, hw_unsync), 0);
	KT_EQ(hw_synced, 0);
	KT_ASSERT(netdev_mc_empty(dev), "gone");

	/* counted references: sync tells the hardware how many users */
	KT_EQ(dev_mc_add(dev, m1), 0);
	KT_EQ(dev_mc_add(dev, m1), 0);
	KT_EQ(__hw_addr_ref_sync_dev(&dev->mc, dev, hw_ref_sync, hw_ref_unsync), 0);
	KT_EQ(hw_refs, 2);
	KT_EQ(first_addr(&dev->mc)->refcount, 4);
	KT_EQ(dev_mc_del(dev, m1), 0);
	KT_EQ(__hw_addr_ref_sync_dev(&dev->mc, dev, hw_ref_sync, hw_ref_unsync), 0);
	KT_EQ(hw_refs, 1);
	KT_EQ(first_addr(&dev->mc)->refcount, 2);
	__hw_addr_ref_unsync_dev(&dev->mc, dev, hw_ref_unsync);
	KT_EQ(first_addr(&dev->mc)->refcount, 1);
	KT_EQ(first_addr(&dev->mc)->sync_cnt, 0);
	free_netdev(dev);
	return 0;
}

/* ---- SNMP counters (net/ip.h) ------------------------------------------ */

struct test_mib {
	unsigned long mibs[4];
};

struct test_snmp_item {
	const char *name;
	int entry;
};

KTEST(netdev_more, snmp_fold_and_batch)
{
	static const struct test_snmp_item items[] = {
		{ "InA", 1 }, { "InB", 3 }, { NULL, 0 },
	};
	struct test_mib __percpu *mib = alloc_percpu(struct test_mib);
	unsigned long buff[2] = { 10, 0 };
	u64 buff64[2] = { 0, 0 };

	KT_ASSERT(mib, "alloc");
	this_cpu_ptr(mib)->mibs[1] = 7;
	this_cpu_ptr(mib)->mibs[3] = 1UL << 40;
	KT_EQ(snmp_get_cpu_field(mib, 0, 1), 7);
	KT_EQ(snmp_fold_field(mib, 3), 1UL << 40);
	KT_EQ(snmp_fold_field64(mib, 1, 0), 7);
	KT_EQ(snmp_get_cpu_field64(mib, 0, 3, 0), 1ULL << 40);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	snmp_get_cpu_field_batch_cnt(buff, items, 2, mib);
	snmp_get_cpu_field64_batch_cnt(buff64, items, 1, mib, 0);
	KT_EQ(buff64[1], 0);	/* only the first */
#else
	snmp_get_cpu_field_batch(buff, items, mib);
	snmp_get_cpu_field64_batch(buff64, items, mib, 0);
	KT_EQ(buff64[1], 1ULL << 40);
#endif
	KT_EQ(buff[0], 17);	/* added to what was there */
	KT_EQ(buff[1], 1UL << 40);
	KT_EQ(buff64[0], 7);
	free_percpu(mib);
	return 0;
}

KTEST(netdev_more, eth_skb_pad_to_minimum)
{
	struct sk_buff *skb = alloc_skb(128, GFP_KERNEL);

	KT_ASSERT(skb, "alloc");
	memset(skb_put(skb, 42), 0xaa, 42);
	KT_EQ(eth_skb_pad(skb), 0);
	KT_EQ(skb->len, ETH_ZLEN);
	KT_EQ(skb->data[41], 0xaa);
	KT_EQ(skb->data[42], 0);	/* padding is zeroed */
	KT_EQ(skb->data[59], 0);
	KT_EQ(eth_skb_pad(skb), 0);	/* long enough: unchanged */
	KT_EQ(skb->len, ETH_ZLEN);
	kfree_skb(skb);
	return 0;
}

/* ---- IPv4 device settings (linux/inetdevice.h) ------------------------- */

KTEST(netdev_more, ipv4_devconf_defaults_and_combinations)
{
	static struct net net = { .dev_base_head = LIST_HEAD_INIT(net.dev_base_head) };
	static struct ipv4_devconf all, dflt;
	static struct in_device in_a, in_lo;
	struct net_device *a = alloc_etherdev(0), *lo = alloc_etherdev(0);
	struct in_device *in_dev;

	KT_ASSERT(a && lo, "alloc");
	qdk_devinet_init_net(&net, &all, &dflt);	/* a copy of init_net's */
	KT_EQ(IPV4_DEVCONF_ALL(&net, SHARED_MEDIA), 1);
	KT_EQ(IPV4_DEVCONF_ALL(&net, ACCEPT_SOURCE_ROUTE), 0);	/* "all": off */
	KT_EQ(IPV4_DEVCONF(dflt, ACCEPT_SOURCE_ROUTE), 1);	/* "default": on */
	KT_EQ(IPV4_DEVCONF_ALL(&net, IGMPV2_UNSOLICITED_REPORT_INTERVAL), 10000);
	KT_EQ(IPV4_DEVCONF_ALL(&net, FORWARDING), 0);

	strscpy(a->name, "eth0", IFNAMSIZ);
	a->ifindex = 2;
	qdk_netdev_register(a, &net, &in_a);
	in_dev = __in_dev_get_rtnl(a);
	KT_EQ(IN_DEV_CONF_GET(in_dev, ACCEPT_SOURCE_ROUTE), 1);	/* the default's */
	KT_ASSERT(!IN_DEV_SOURCE_ROUTE(in_dev), "and: all is off");
	IPV4_DEVCONF_ALL(&net, ACCEPT_SOURCE_ROUTE) = 1;
	KT_ASSERT(IN_DEV_SOURCE_ROUTE(in_dev), "and: both on");
	KT_ASSERT(IN_DEV_SHARED_MEDIA(in_dev), "or");
	KT_EQ(IN_DEV_RPFILTER(in_dev), 0);
	IN_DEV_CONF_SET(in_dev, RP_FILTER, 2);
	KT_ASSERT(test_bit(IPV4_DEVCONF_RP_FILTER - 1, in_dev->cnf.state), "marked set");
	IPV4_DEVCONF_ALL(&net, RP_FILTER) = 1;
	KT_EQ(IN_DEV_RPFILTER(in_dev), 2);	/* the larger */
	KT_ASSERT(IN_DEV_RX_REDIRECTS(in_dev), "a host takes redirects (or)");
	IN_DEV_CONF_SET(in_dev, FORWARDING, 1);
	KT_ASSERT(IN_DEV_FORWARD(in_dev) && IN_DEV_RX_REDIRECTS(in_dev), "a router: and");
	IPV4_DEVCONF_ALL(&net, ACCEPT_REDIRECTS) = 0;
	KT_ASSERT(!IN_DEV_RX_REDIRECTS(in_dev), "a router: all says no");
	IN_DEV_CONF_SET(in_dev, FORWARDING, 0);
	KT_ASSERT(IN_DEV_RX_REDIRECTS(in_dev), "a host: its own yes");
	KT_ASSERT(!ip_ignore_linkdown(a), "off");
	IPV4_DEVCONF_ALL(&net, IGNORE_ROUTES_WITH_LINKDOWN) = 1;
	KT_ASSERT(ip_ignore_linkdown(a), "all: on");
	KT_ASSERT(!test_bit(IPV4_DEVCONF_MAX - 1, in_dev->cnf.state), "not set");
	ipv4_devconf_setall(in_dev);
	KT_ASSERT(test_bit(IPV4_DEVCONF_MAX - 1, in_dev->cnf.state), "all set");

	strscpy(lo->name, "lo", IFNAMSIZ);
	lo->ifindex = 1;
	lo->flags |= IFF_LOOPBACK;
	qdk_netdev_register(lo, &net, &in_lo);
	KT_EQ(IN_DEV_CONF_GET(&in_lo, NOXFRM), 1);	/* loopback: no IPsec */
	KT_EQ(IN_DEV_CONF_GET(&in_lo, NOPOLICY), 1);
	KT_EQ(IN_DEV_CONF_GET(&in_a, NOXFRM), 0);

	qdk_netdev_unregister(lo);
	qdk_netdev_unregister(a);
	free_netdev(lo);
	free_netdev(a);
	return 0;
}

static ktime_t tstamp_from_cycles(struct net_device *dev,
				  const struct skb_shared_hwtstamps *hwtstamps, bool cycles)
{
	return cycles ? hwtstamps->hwtstamp * 2 : hwtstamps->hwtstamp + 1;
}

static const struct net_device_ops tstamp_ops = { .ndo_get_tstamp = tstamp_from_cycles };

KTEST(netdev_more, hw_timestamp_through_the_driver)
{
	struct skb_shared_hwtstamps hw = { .hwtstamp = 1000 };
	struct net_device *dev = alloc_etherdev(0);

	KT_ASSERT(dev, "alloc");
	dev->netdev_ops = &rx_mode_ops;			/* no ndo_get_tstamp */
	KT_EQ(netdev_get_tstamp(dev, &hw, true), 1000);
	dev->netdev_ops = &tstamp_ops;
	KT_EQ(netdev_get_tstamp(dev, &hw, true), 2000);
	KT_EQ(netdev_get_tstamp(dev, &hw, false), 1001);
	free_netdev(dev);
	return 0;
}
