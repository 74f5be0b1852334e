// SPDX-License-Identifier: GPL-2.0
/*
 * ktest_vlan_bql.c - netdev feature bits, VLAN tags on an skb (in the
 * frame and accelerated), byte queue limits, netdevice notifier chains and
 * the VLAN ids a device filters.
 */
#include <linux/dynamic_queue_limits.h>
#include <linux/etherdevice.h>
#include <linux/if_vlan.h>
#include <linux/inetdevice.h>
#include <linux/netdevice.h>
#include <linux/notifier.h>
#include <linux/rtnetlink.h>

#include "shim.h"
#include "ktest.h"

/* ---- feature bits --------------------------------------------------------- */

KTEST(netdev2, feature_bits_and_walk)
{
	/* no bit 0: start 0 keeps all 64 bits, so the kernel's walk never ends */
	netdev_features_t f = NETIF_F_LRO | NETIF_F_HW_TC | NETIF_F_TSO;
	int bits[4], n = 0, bit;

	KT_EQ(NETIF_F_HW_TC, 1ULL << 49);
	KT_EQ(NETIF_F_TSO, 1ULL << 16);
	KT_EQ(NETIF_F_HW_HSR_DUP, 1ULL << 63);
	/* TSO .. the last GSO bit; every SKB_GSO_* bit shifted by 16 */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	KT_EQ(NETIF_F_GSO_MASK, 0x0000000fffff0000ULL);
	KT_EQ(NETIF_F_GSO_ACCECN >> NETIF_F_GSO_SHIFT, SKB_GSO_TCP_ACCECN);
#else
	KT_EQ(NETIF_F_GSO_MASK, 0x00000007ffff0000ULL);
#endif
	KT_EQ(NETIF_F_GSO_FRAGLIST >> NETIF_F_GSO_SHIFT, SKB_GSO_FRAGLIST);
	KT_EQ(NETIF_F_ETHTOOL_BITS & NETIF_F_VLAN_CHALLENGED, 0);
	KT_EQ(NETIF_F_ETHTOOL_BITS & NETIF_F_HW_HSR_DUP, NETIF_F_HW_HSR_DUP);
	/* from the highest bit down */
	for_each_netdev_feature(f, bit)
		bits[n++] = bit;
	KT_EQ(n, 3);
	KT_EQ(bits[0], 49);
	KT_EQ(bits[1], 16);
	KT_EQ(bits[2], 15);
	KT_EQ(find_next_netdev_feature(f, 15), -1);
	KT_EQ(find_next_netdev_feature(f, 0), 49);	/* 0: all 64 bits */
	KT_EQ(find_next_netdev_feature(0, 64), -1);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	KT_EQ(netdev_base_features(NETIF_F_SG | NETIF_F_RXCSUM),
	      NETIF_F_RXCSUM | NETIF_F_NOCACHE_COPY | NETIF_F_FSO);
#endif
	return 0;
}

/* ---- VLAN tags -------------------------------------------------------------- */

/* an Ethernet + 20 byte IPv4 frame with room in front */
static struct sk_buff *eth_ip_frame(void)
{
	struct sk_buff *skb = alloc_skb(128, GFP_KERNEL);
	struct ethhdr *eth;

	if (!skb)
		return NULL;
	skb_reserve(skb, 32);
	eth = skb_put_zero(skb, ETH_HLEN + 20);
	memset(eth->h_dest, 0xaa, ETH_ALEN);
	memset(eth->h_source, 0xbb, ETH_ALEN);
	eth->h_proto = htons(ETH_P_IP);
	skb_reset_mac_header(skb);
	skb->mac_len = ETH_HLEN;
	skb->protocol = htons(ETH_P_IP);
	return skb;
}

KTEST(netdev2, vlan_tags_in_the_frame)
{
	struct sk_buff *skb = eth_ip_frame();
	struct vlan_ethhdr *veth;
	struct vlan_hdr *inner;
	int depth = -1;
	u16 tci = 0;

	KT_ASSERT(skb, "alloc");
	KT_ASSERT(!skb_vlan_tagged(skb), "untagged");
	KT_EQ(__vlan_get_tag(skb, &tci),
	      LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0) ? -ENODATA : -EINVAL);

	skb = vlan_insert_tag_set_proto(skb, htons(ETH_P_8021Q), 0x6064);
	KT_ASSERT(skb, "insert");
	KT_EQ(skb->len, VLAN_ETH_HLEN + 20);
	veth = skb_vlan_eth_hdr(skb);
	KT_EQ(veth->h_dest[0], 0xaa);
	KT_EQ(veth->h_source[5], 0xbb);
	KT_EQ(ntohs(veth->h_vlan_proto), ETH_P_8021Q);
	KT_EQ(ntohs(veth->h_vlan_TCI), 0x6064);
	KT_EQ(ntohs(veth->h_vlan_encapsulated_proto), ETH_P_IP);
	KT_ASSERT(vlan_eth_hdr(skb) == veth, "mac header moved with the frame");
	KT_EQ(ntohs(skb->protocol), ETH_P_8021Q);
	KT_EQ(__vlan_get_tag(skb, &tci), 0);
	KT_EQ(tci, 0x6064);

	/* the ethertype under the tag; mac_len still ETH_HLEN: tag at 10 + 4 = 14 - 4 */
	skb->mac_len = VLAN_ETH_HLEN;
	KT_EQ(ntohs(vlan_get_protocol(skb)), ETH_P_IP);
	KT_EQ(ntohs(__vlan_get_protocol(skb, skb->protocol, &depth)), ETH_P_IP);
	KT_EQ(depth, VLAN_ETH_HLEN);
	KT_EQ(ntohs(skb_protocol(skb, true)), ETH_P_IP);
	KT_EQ(ntohs(skb_protocol(skb, false)), ETH_P_8021Q);
	KT_ASSERT(skb_vlan_tagged(skb) && !skb_vlan_tagged_multi(skb), "one tag");

	/* a second (outer, 802.1ad) tag */
	skb = vlan_insert_tag_set_proto(skb, htons(ETH_P_8021AD), 5);
	KT_ASSERT(skb, "insert 2");
	skb->mac_len = VLAN_ETH_HLEN + VLAN_HLEN;
	KT_ASSERT(skb_vlan_tagged_multi(skb), "two tags");
	KT_EQ(vlan_features_check(skb, NETIF_F_SG | NETIF_F_IP_CSUM | NETIF_F_TSO),
	      NETIF_F_SG);
	KT_EQ(ntohs(vlan_get_protocol_and_depth(skb, skb->protocol, &depth)), ETH_P_IP);
	KT_EQ(depth, VLAN_ETH_HLEN + VLAN_HLEN);
	inner = (struct vlan_hdr *)(skb->data + VLAN_ETH_HLEN);
	KT_EQ(ntohs(inner->h_vlan_TCI), 0x6064);
	KT_EQ(compare_vlan_header(inner, inner), 0);
	KT_ASSERT(compare_vlan_header(inner, (struct vlan_hdr *)(skb->data + 14)), "differ");

	/* off again, outer first */
	vlan_remove_tag(skb, &tci);
	KT_EQ(tci, 5);
	KT_EQ(ntohs(skb->protocol), ETH_P_8021Q);
	vlan_remove_tag(skb, &tci);
	KT_EQ(tci, 0x6064);
	KT_EQ(ntohs(skb->protocol), ETH_P_IP);
	KT_EQ(skb->len, ETH_HLEN + 20);
	KT_EQ(((struct ethhdr *)skb->data)->h_source[0], 0xbb);
	kfree_skb(skb);

	/* an 802.3 length under the tag: LLC */
	{
		u8 raw[8] = { 0x00, 0x01, 0x00, 0x40, 0xff, 0xff, 0, 0 };
		struct sk_buff *s = alloc_skb(64, GFP_KERNEL);

		KT_ASSERT(s, "alloc");
		vlan_set_encap_proto(s, (struct vlan_hdr *)raw);
		KT_EQ(ntohs(s->protocol), ETH_P_802_3);
		raw[4] = 0xaa;
		vlan_set_encap_proto(s, (struct vlan_hdr *)raw);
		KT_EQ(ntohs(s->protocol), ETH_P_802_2);
		kfree_skb(s);
	}
	return 0;
}

KTEST(netdev2, vlan_tags_accelerated)
{
	struct sk_buff *skb = eth_ip_frame(), *copy;
	u16 tci = 1;

	KT_ASSERT(skb, "alloc");
	KT_ASSERT(!skb_vlan_tag_present(skb), "none");
	KT_EQ(__vlan_hwaccel_get_tag(skb, &tci) < 0, 1);
	KT_EQ(tci, 0);
	__vlan_hwaccel_put_tag(skb, htons(ETH_P_8021Q), 0xa00c);
	KT_ASSERT(skb_vlan_tag_present(skb) && skb_vlan_tagged(skb), "present");
	KT_EQ(skb_vlan_tag_get_id(skb), 12);
	KT_EQ(skb_vlan_tag_get_prio(skb), 5);
	KT_EQ(skb_vlan_tag_get_cfi(skb), 0);
	KT_EQ(__vlan_hwaccel_get_tag(skb, &tci), 0);
	KT_EQ(tci, 0xa00c);
	/* as it goes on the wire: the TPID; under the tags: IPv4 */
	KT_EQ(ntohs(skb_protocol(skb, false)), ETH_P_8021Q);
	KT_EQ(ntohs(skb_protocol(skb, true)), ETH_P_IP);

	copy = alloc_skb(64, GFP_KERNEL);
	KT_ASSERT(copy, "alloc");
	__vlan_hwaccel_copy_tag(copy, skb);
	KT_ASSERT(skb_vlan_tag_present(copy) && copy->vlan_tci == 0xa00c, "copied");
	__vlan_hwaccel_clear_tag(copy);
	KT_ASSERT(!skb_vlan_tag_present(copy), "cleared");
	kfree_skb(copy);

	/* into the frame for a device without tag insertion */
	skb = __vlan_hwaccel_push_inside(skb);
	KT_ASSERT(skb && !skb_vlan_tag_present(skb), "pushed");
	KT_EQ(ntohs(skb->protocol), ETH_P_8021Q);
	KT_EQ(ntohs(skb_vlan_eth_hdr(skb)->h_vlan_TCI), 0xa00c);
	KT_ASSERT(vlan_hw_offload_capable(NETIF_F_HW_VLAN_STAG_TX, htons(ETH_P_8021AD)) &&
		  !vlan_hw_offload_capable(NETIF_F_HW_VLAN_STAG_TX, htons(ETH_P_8021Q)),
		  "offload by TPID");
	kfree_skb(skb);
	return 0;
}

/* ---- byte queue limits ---------------------------------------------------- */

KTEST(netdev2, dql_grows_when_starved_and_shrinks_by_slack)
{
	struct dql dql = {};

	dql_init(&dql, HZ);
	KT_EQ(dql.limit, 0);
	KT_EQ(dql.max_limit, DQL_MAX_LIMIT);
	dql_queued(&dql, 1000);
	KT_EQ(dql_avail(&dql), -1000);
	/* over the limit and now empty: starved, grow by what completed */
	dql_completed(&dql, 1000);
	KT_EQ(dql.limit, 1000);
	KT_EQ(dql_avail(&dql), 1000);
	/* 3000 queued, 1000 done: over by 2000 (limit 1000) with bytes in flight */
	dql_queued(&dql, 1500);
	dql_queued(&dql, 1500);
	dql_completed(&dql, 1000);
	KT_EQ(dql.limit, 1000);
	KT_EQ(dql.prev_ovlimit, 2000);
	/* all queued then is done while it was over: grow by the overshoot */
	dql_completed(&dql, 2000);
	KT_EQ(dql.limit, 1000 + 2000);
	/* bytes from the last completion still in flight: the slack is measured */
	dql_queued(&dql, 300);
	dql_completed(&dql, 100);
	KT_EQ(dql.limit, 3000);
	qdk_time_advance(2ULL * NSEC_PER_SEC);	/* past slack_hold_time (HZ) */
	dql_completed(&dql, 100);
	/* slack 3000 - 2 * 100 = 2800: the limit drops by it */
	KT_EQ(dql.limit, 3000 - 2800);
	dql_reset(&dql);
	KT_EQ(dql.num_queued, 0);
	KT_EQ(dql.limit, 0);
	return 0;
}

static void setup_eth(struct net_device *dev)
{
	ether_setup(dev);
}

KTEST(netdev2, bql_stops_and_restarts_the_queue)
{
	struct net_device *dev = alloc_netdev_mqs(0, "b0", NET_NAME_USER, setup_eth, 2, 2);
	struct netdev_queue *txq;

	KT_ASSERT(dev, "alloc");
	txq = netdev_get_tx_queue(dev, 1);
	KT_EQ(txq->dql.slack_hold_time, HZ);
	/* limit 0: the first packet stops the queue (by the stack, not the driver) */
	netdev_tx_sent_queue(txq, 1500);
	KT_ASSERT(netif_xmit_stopped(txq) && !netif_tx_queue_stopped(txq), "stack xoff");
	netdev_tx_completed_queue(txq, 1, 1500);
	KT_ASSERT(!netif_xmit_stopped(txq), "restarted");
	KT_EQ(txq->dql.limit, 1500);
	/* with more coming: counted, no doorbell while the queue runs */
	KT_ASSERT(!__netdev_tx_sent_queue(txq, 100, true), "no doorbell");
	KT_ASSERT(__netdev_tx_sent_queue(txq, 100, false), "doorbell");
	netdev_tx_completed_queue(txq, 1, 0);	/* no bytes: nothing */
	KT_EQ(txq->dql.num_completed, 1500);
	netdev_sent_queue(dev, 3000);
	KT_ASSERT(netif_xmit_stopped(netdev_get_tx_queue(dev, 0)), "queue 0 stopped");
	netdev_reset_queue(dev);
	KT_ASSERT(!netif_xmit_stopped(netdev_get_tx_queue(dev, 0)), "reset");
	KT_EQ(netdev_get_tx_queue(dev, 0)->dql.num_queued, 0);
	free_netdev(dev);
	return 0;
}

/* ---- notifiers ------------------------------------------------------------ */

static char events[64];
static int nev;

static int record_event(struct notifier_block *nb, unsigned long event, void *ptr)
{
	struct net_device *dev = netdev_notifier_info_to_dev(ptr);

	if (nev < (int)sizeof(events) - 1 && dev)
		events[nev++] = '0' + event;	/* NETDEV_UP is '1' ... */
	return NOTIFY_DONE;
}

static int refuse_register(struct notifier_block *nb, unsigned long event, void *ptr)
{
	if (event == NETDEV_REGISTER)
		return notifier_from_errno(-EBUSY);
	return NOTIFY_DONE;
}

KTEST(netdev2, netdevice_notifiers)
{
	static struct net net = { .dev_base_head = LIST_HEAD_INIT(net.dev_base_head) };
	struct notifier_block nb = { .notifier_call = record_event };
	struct notifier_block bad = { .notifier_call = refuse_register };
	struct net_device *a = alloc_etherdev(0), *b = alloc_etherdev(0);
	struct in_device in_a, in_b;

	KT_EQ(notifier_to_errno(notifier_from_errno(-EBUSY)), -EBUSY);
	KT_EQ(notifier_to_errno(NOTIFY_OK), 0);
	KT_EQ(notifier_to_errno(NOTIFY_BAD), -1);
	strscpy(a->name, "eth0", IFNAMSIZ);
	strscpy(b->name, "eth1", IFNAMSIZ);
	qdk_netdev_register(a, &net, &in_a);

	nev = 0;
	/* replays REGISTER for eth0 */
	KT_EQ(register_netdevice_notifier_net(&net, &nb), 0);
	KT_EQ(nev, 1);
	KT_EQ(events[0], '0' + NETDEV_REGISTER);
	KT_EQ(register_netdevice_notifier_net(&net, &bad), -EBUSY);	/* refused: not kept */
	qdk_netdev_register(b, &net, &in_b);
	netif_carrier_off(b);
	netif_carrier_on(b);
	KT_EQ(nev, 4);
	KT_EQ(events[1], '0' + NETDEV_REGISTER);
	KT_EQ(events[2], '0' + NETDEV_CHANGE);
	rtnl_lock();
	KT_EQ(notifier_to_errno(call_netdevice_notifiers(NETDEV_CVLAN_FILTER_PUSH_INFO, b)), 0);
	KT_EQ(vlan_get_rx_ctag_filter_info(b), 0);
	rtnl_unlock();
	KT_EQ(nev, 6);
	qdk_netdev_unregister(b);
	KT_EQ(events[6], '0' + NETDEV_UNREGISTER);
	/* leaving: UNREGISTER for the device still there */
	KT_EQ(unregister_netdevice_notifier_net(&net, &nb), 0);
	KT_EQ(nev, 8);
	KT_EQ(unregister_netdevice_notifier_net(&net, &nb), -ENOENT);
	qdk_netdev_unregister(a);
	KT_EQ(nev, 8);
	free_netdev(a);
	free_netdev(b);
	return 0;
}

/* ---- VLAN ids a device filters -------------------------------------------- */

static int added, killed;

static int count_add(struct net_device *dev, __be16 proto, u16 vid)
{
	added++;
	return vid == 4000 ? -ENOSPC : 0;
}

static int count_kill(struct net_device *dev, __be16 proto, u16 vid)
{
	killed++;
	return 0;
}

static const struct net_device_ops filter_ops = {
	.ndo_vlan_rx_add_vid = count_add,
	.ndo_vlan_rx_kill_vid = count_kill,
};

KTEST(netdev2, vlan_vid_filters)
{
	struct net_device *dev = alloc_etherdev(0), *port = alloc_etherdev(0);

	dev->netdev_ops = &filter_ops;
	port->netdev_ops = &filter_ops;
	dev->features |= NETIF_F_HW_VLAN_CTAG_FILTER;
	port->features |= NETIF_F_HW_VLAN_CTAG_FILTER;
	added = killed = 0;
	rtnl_lock();
	KT_EQ(vlan_vid_add(dev, htons(ETH_P_8021Q), 10), 0);
	KT_EQ(vlan_vid_add(dev, htons(ETH_P_8021Q), 10), 0);	/* counted, not passed */
	KT_EQ(vlan_vid_add(dev, htons(ETH_P_8021AD), 20), 0);	/* no STAG filter */
	KT_EQ(added, 1);
	KT_EQ(vlan_vid_add(dev, htons(ETH_P_8021Q), 4000), -ENOSPC);
	KT_EQ(added, 2);
	KT_ASSERT(!vlan_uses_dev(dev), "no VLAN devices");
	/* the port takes dev's filtered ids: 10 only (20 is not filtered) */
	KT_EQ(vlan_vids_add_by_dev(port, dev), 0);
	KT_EQ(added, 3);
	vlan_vids_del_by_dev(port, dev);
	KT_EQ(killed, 1);
	KT_ASSERT(!port->vlan_info, "port's ids gone");
	vlan_vid_del(dev, htons(ETH_P_8021Q), 10);
	KT_EQ(killed, 1);
	vlan_vid_del(dev, htons(ETH_P_8021Q), 10);
	KT_EQ(killed, 2);
	vlan_vid_del(dev, htons(ETH_P_8021AD), 20);
	KT_ASSERT(!dev->vlan_info, "all ids gone");
	rtnl_unlock();
	free_netdev(dev);
	free_netdev(port);
	return 0;
}

/* ---- device helpers of net/core/dev.c ---------------------------------------- */

KTEST(netdev2, features_of_stacked_devices)
{
	netdev_features_t all = NETIF_F_ALL_FOR_ALL;

	/* a lower device with SG and IP_CSUM, without NOCACHE_COPY */
	all = netdev_increment_features(all, NETIF_F_SG | NETIF_F_IP_CSUM | NETIF_F_FSO,
					NETIF_F_ONE_FOR_ALL | NETIF_F_CSUM_MASK);
	KT_EQ(all, NETIF_F_SG | NETIF_F_IP_CSUM | NETIF_F_FSO);
	/* another with HW_CSUM: the protocol checksums give way to it */
	all = netdev_increment_features(all, NETIF_F_HW_CSUM | NETIF_F_FSO, NETIF_F_HW_CSUM);
	KT_EQ(all, NETIF_F_SG | NETIF_F_HW_CSUM | NETIF_F_FSO);
	KT_EQ(netdev_intersect_features(NETIF_F_HW_CSUM | NETIF_F_SG, NETIF_F_IP_CSUM),
	      NETIF_F_IP_CSUM);
	KT_ASSERT(net_gso_ok(NETIF_F_TSO | NETIF_F_TSO6, SKB_GSO_TCPV4 | SKB_GSO_TCPV6) &&
		  !net_gso_ok(NETIF_F_TSO, SKB_GSO_TCPV4 | SKB_GSO_TCP_ECN), "gso types");
	KT_ASSERT(dev_xmit_complete(NETDEV_TX_OK) && dev_xmit_complete(-ENOBUFS) &&
		  dev_xmit_complete(NET_XMIT_DROP) && !dev_xmit_complete(NETDEV_TX_BUSY),
		  "tx results");
	return 0;
}

KTEST(netdev2, names_queues_state_and_stats)
{
	static struct net net = { .dev_base_head = LIST_HEAD_INIT(net.dev_base_head) };
	struct net_device *a = alloc_netdev_mqs(0, "q%d", NET_NAME_ENUM, setup_eth, 8, 4);
	struct net_device *b = alloc_etherdev(0);
	struct rtnl_link_stats64 s64;
	struct in_device in_a;

	KT_ASSERT(dev_valid_name("eth0") && !dev_valid_name("a b") && !dev_valid_name("..") &&
		  !dev_valid_name("") && !dev_valid_name("0123456789abcdef"), "names");
	dev_net_set(a, &net);
	dev_net_set(b, &net);
	KT_EQ(dev_alloc_name(a, "q%d"), 0);
	KT_STREQ(a->name, "q0");
	qdk_netdev_register(a, &net, &in_a);
	KT_EQ(dev_alloc_name(b, "q%d"), 1);
	KT_STREQ(b->name, "q1");
	KT_EQ(dev_alloc_name(b, "q0"), -EEXIST);
	KT_EQ(dev_alloc_name(b, "q%d%d"), -EINVAL);

	rtnl_lock();
	KT_EQ(netif_set_real_num_tx_queues(a, 9), -EINVAL);
	KT_EQ(netif_set_real_num_queues(a, 3, 2), 0);
	KT_EQ(a->real_num_tx_queues, 3);
	KT_EQ(a->real_num_rx_queues, 2);
	rtnl_unlock();
	KT_EQ(netif_get_num_default_rss_queues(), 1);

	a->flags |= IFF_UP;
	netif_device_detach(a);
	KT_ASSERT(!netif_device_present(a) && netif_tx_queue_stopped(netdev_get_tx_queue(a, 7)),
		  "detached");
	netif_device_attach(a);
	KT_ASSERT(netif_device_present(a) && !netif_queue_stopped(a), "attached");
	KT_EQ(dev_get_flags(a) & (IFF_UP | IFF_RUNNING | IFF_LOWER_UP),
	      IFF_UP | IFF_RUNNING | IFF_LOWER_UP);
	KT_EQ(dev_set_promiscuity(a, 1), 0);
	KT_EQ(dev_set_promiscuity(a, 1), 0);
	KT_EQ(dev_set_promiscuity(a, -1), 0);
	KT_ASSERT(a->flags & IFF_PROMISC, "still promiscuous");
	KT_EQ(dev_set_promiscuity(a, -1), 0);
	KT_ASSERT(!(a->flags & IFF_PROMISC), "not promiscuous");
	KT_EQ(dev_set_promiscuity(a, -1), -EOVERFLOW);
	a->flags &= ~IFF_UP;

	DEV_STATS_INC(a, tx_dropped);
	DEV_STATS_ADD(a, rx_bytes, 1500);
	a->stats.rx_packets = 1;
	dev_get_stats(a, &s64);
	KT_EQ(s64.tx_dropped, 1);
	KT_EQ(s64.rx_bytes, 1500);
	KT_EQ(s64.rx_packets, 1);
	KT_EQ(s64.rx_nohandler, 0);

	netif_set_tso_max_size(a, 16384);
	netif_set_tso_max_segs(a, 10);
	KT_EQ(a->gso_max_size, 16384);
	KT_EQ(a->gso_max_segs, 10);
	netif_inherit_tso_max(b, a);
	KT_EQ(b->tso_max_size, 16384);
	KT_EQ(b->gso_max_segs, 10);
	qdk_netdev_unregister(a);
	free_netdev(a);
	free_netdev(b);
	return 0;
}
