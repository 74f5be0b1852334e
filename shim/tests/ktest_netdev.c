// SPDX-License-Identifier: GPL-2.0
/*
 * ktest_netdev.c - devices and their queues, Ethernet and IPv4 helpers,
 * ptr_ring/skb_array, the one task and the one CPU.
 */
#include <linux/etherdevice.h>
#include <linux/inet.h>
#include <linux/inetdevice.h>
#include <linux/netdevice.h>
#include <linux/ptr_ring.h>
#include <linux/sched.h>
#include <linux/skb_array.h>
#include <linux/smp.h>
#include <linux/fcntl.h>
#include <net/ip.h>
#include <net/net_namespace.h>
#include <asm/fpu/api.h>

#include "shim.h"
#include "ktest.h"

/* ---- ptr_ring ---------------------------------------------------------- */

KTEST(netdev, ptr_ring_batches_free_slots)
{
	struct ptr_ring r;
	void *out[8];
	long i;

	KT_EQ(ptr_ring_init(&r, 64, GFP_KERNEL), 0);
	/* 2 cache lines of pointers, at most half the ring */
	KT_EQ(r.batch, 16);
	KT_ASSERT(ptr_ring_empty(&r), "empty");
	for (i = 1; i <= 65; i++)	/* 64 slots, 64 entries */
		KT_EQ(ptr_ring_produce(&r, (void *)i), i == 65 ? -ENOSPC : 0);
	KT_ASSERT(ptr_ring_full(&r), "full");
	KT_EQ((long)__ptr_ring_peek(&r), 1);
	/* a consumed slot stays taken until a batch of 16 was read */
	KT_EQ((long)ptr_ring_consume(&r), 1);
	KT_ASSERT(ptr_ring_full(&r), "still full after one consume");
	for (i = 2; i <= 15; i++)
		KT_EQ((long)ptr_ring_consume(&r), i);
	KT_ASSERT(ptr_ring_full(&r), "full after 15");
	KT_EQ((long)ptr_ring_consume(&r), 16);
	KT_ASSERT(!ptr_ring_full(&r), "16 slots freed at once");
	KT_EQ(ptr_ring_consume_batched(&r, out, 8), 8);
	KT_EQ((long)out[0], 17);
	/* put two back before the head */
	ptr_ring_unconsume(&r, out + 6, 2, NULL);
	KT_EQ((long)ptr_ring_consume(&r), 23);
	ptr_ring_cleanup(&r, NULL);
	return 0;
}

static int destroyed;
static void count_destroy(void *p)
{
	destroyed++;
}

KTEST(netdev, ptr_ring_resize_and_zero_size)
{
	struct ptr_ring r, *rings[1] = { &r };
	long i;

	KT_EQ(ptr_ring_init(&r, 8, GFP_KERNEL), 0);
	KT_EQ(r.batch, 1);	/* 16 > 8 / 2 */
	for (i = 1; i <= 8; i++)
		KT_EQ(ptr_ring_produce(&r, (void *)i), 0);
	destroyed = 0;
	KT_EQ(ptr_ring_resize(&r, 4, GFP_KERNEL, count_destroy), 0);
	KT_EQ(destroyed, 4);
	KT_EQ(r.size, 4);
	KT_EQ((long)ptr_ring_consume(&r), 1);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	KT_EQ(ptr_ring_resize_multiple_bh(rings, 1, 16, GFP_KERNEL, count_destroy), 0);
#else
	KT_EQ(ptr_ring_resize_multiple(rings, 1, 16, GFP_KERNEL, count_destroy), 0);
#endif
	KT_EQ(r.size, 16);
	KT_EQ((long)ptr_ring_consume(&r), 2);
	ptr_ring_cleanup(&r, count_destroy);
	KT_EQ(destroyed, 6);

	KT_EQ(ptr_ring_init(&r, 0, GFP_KERNEL), 0);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	KT_EQ(ptr_ring_produce(&r, &r), -EINVAL);
#else
	KT_EQ(ptr_ring_produce(&r, &r), -ENOSPC);
#endif
	KT_ASSERT(ptr_ring_empty(&r), "a ring of no slots is empty");
	KT_ASSERT(!ptr_ring_consume(&r), "and gives nothing");
	ptr_ring_cleanup(&r, NULL);
	return 0;
}

KTEST(netdev, skb_array)
{
	struct skb_array a;
	struct sk_buff *skb = alloc_skb(128, GFP_KERNEL), *back[1];

	KT_EQ(skb_array_init(&a, 4, GFP_KERNEL), 0);
	KT_EQ(skb_array_peek_len(&a), 0);
	skb_put(skb, 100);
	KT_EQ(skb_array_produce(&a, skb), 0);
	KT_EQ(skb_array_peek_len(&a), 100);
	KT_ASSERT(skb_array_consume(&a) == skb, "consume");
	back[0] = skb;
	skb_array_unconsume(&a, back, 1);
	KT_ASSERT(!skb_array_empty(&a), "back in");
	skb_array_cleanup(&a);		/* frees what is left: no leak */
	return 0;
}

/* ---- literal addresses ------------------------------------------------- */

KTEST(netdev, in4_pton)
{
	const char *end;
	u8 a[4];

	KT_EQ(in4_pton("192.0.2.1", -1, a, -1, &end), 1);
	KT_EQ(a[0], 192);
	KT_EQ(a[3], 1);
	KT_EQ(*end, '\0');
	KT_EQ(in4_pton("10.1.2.3:80", -1, a, -1, &end), 1);	/* ':' ends it */
	KT_EQ(*end, ':');
	KT_EQ(in4_pton("10.1.2.3,x", -1, a, ',', &end), 1);
	KT_EQ(in4_pton("10.1.2.3 x", -1, a, ',', &end), 0);	/* not the delimiter */
	KT_EQ(in4_pton("10.1.2.256", -1, a, -1, &end), 0);
	KT_EQ(in4_pton("10.1.2", -1, a, -1, &end), 0);
	KT_EQ(in4_pton("10.1.2.3.4", -1, a, -1, &end), 0);
	KT_EQ(*end, '.');
	KT_EQ(in4_pton("10..2.3", -1, a, -1, &end), 0);
	KT_EQ(in4_pton("010.001.2.3", -1, a, -1, &end), 1);	/* decimal, zeros */
	KT_EQ(a[0], 10);
	KT_EQ(in4_pton("1.2.3.45", 7, a, -1, &end), 1);	/* srclen cuts it */
	KT_EQ(a[3], 4);
	KT_EQ(in_aton("192.168.1.2"), htonl(0xc0a80102));
	KT_EQ(in_aton("10.1"), htonl(0x0a010000));
	return 0;
}

KTEST(netdev, in6_pton)
{
	const char *end;
	u8 a[16];

	KT_EQ(in6_pton("2001:db8::1", -1, a, -1, &end), 1);
	KT_EQ(a[0], 0x20);
	KT_EQ(a[1], 0x01);
	KT_EQ(a[3], 0xb8);
	KT_EQ(a[14], 0);
	KT_EQ(a[15], 1);
	KT_EQ(in6_pton("::", -1, a, -1, &end), 1);
	KT_EQ(a[15], 0);
	KT_EQ(in6_pton("::1", -1, a, -1, &end), 1);
	KT_EQ(a[15], 1);
	KT_EQ(in6_pton("1:2:3:4:5:6:7:8", -1, a, -1, &end), 1);
	KT_EQ(a[15], 8);
	KT_EQ(in6_pton("::ffff:192.0.2.1", -1, a, -1, &end), 1);
	KT_EQ(a[10], 0xff);
	KT_EQ(a[12], 192);
	KT_EQ(a[15], 1);
	KT_EQ(in6_pton("1:2:3:4:5:6:7::8", -1, a, -1, &end), 1);	/* "::" for none */
	KT_EQ(in6_pton("1::2::3", -1, a, -1, &end), 0);
	KT_EQ(in6_pton("12345::", -1, a, -1, &end), 0);
	KT_EQ(in6_pton("1:2:3:4:5:6:7:8:9", -1, a, -1, &end), 0);
	KT_EQ(in6_pton("1:2", -1, a, -1, &end), 0);
	KT_EQ(in6_pton(":1::", -1, a, -1, &end), 0);
	KT_EQ(in6_pton("fe80::1%eth0", -1, a, '%', &end), 1);
	KT_EQ(*end, '%');
	return 0;
}

/* ---- Ethernet ---------------------------------------------------------- */

KTEST(netdev, ether_addresses)
{
	u8 a[ETH_ALEN], b[ETH_ALEN] = { 0x02, 0, 0, 0, 0, 0xff };
	static const u8 stp[ETH_ALEN] = { 0x01, 0x80, 0xc2, 0, 0, 0x0e };

	eth_broadcast_addr(a);
	KT_ASSERT(is_broadcast_ether_addr(a) && is_multicast_ether_addr(a), "bcast");
	KT_ASSERT(!is_valid_ether_addr(a), "broadcast is no station");
	eth_zero_addr(a);
	KT_ASSERT(is_zero_ether_addr(a) && !is_valid_ether_addr(a), "zero");
	KT_ASSERT(is_valid_ether_addr(b) && is_local_ether_addr(b), "local");
	KT_ASSERT(is_link_local_ether_addr(stp), "802.1D group");
	eth_random_addr(a);
	KT_ASSERT(is_valid_ether_addr(a) && is_local_ether_addr(a), "random: local unicast");
	ether_addr_copy(a, b);
	KT_ASSERT(ether_addr_equal(a, b), "copy");
	eth_addr_inc(a);
	KT_EQ(ether_addr_to_u64(a), 0x020000000100ULL);
	eth_addr_dec(a);
	KT_ASSERT(ether_addr_equal(a, b), "inc then dec");
	u64_to_ether_addr(0x01005e7f0001ULL, a);
	KT_ASSERT(ether_addr_is_ipv4_mcast(a) && ether_addr_is_ip_mcast(a), "v4 mcast");
	KT_ASSERT(eth_proto_is_802_3(htons(ETH_P_IP)), "a type");
	KT_ASSERT(!eth_proto_is_802_3(htons(1500)), "a length");
	return 0;
}

KTEST(netdev, eth_header_and_type_trans)
{
	struct net_device *dev = alloc_etherdev(0);
	static const u8 peer[ETH_ALEN] = { 0x02, 1, 2, 3, 4, 5 };
	static const u8 mine[ETH_ALEN] = { 0x02, 9, 9, 9, 9, 9 };
	struct sk_buff *skb = alloc_skb(256, GFP_KERNEL);

	KT_ASSERT(dev, "alloc_etherdev");
	KT_EQ(dev->mtu, 1500);
	KT_EQ(dev->addr_len, ETH_ALEN);
	KT_STREQ(dev->name, "eth%d");
	KT_STREQ(netdev_name(dev), "(unnamed net_device)");
	KT_EQ(eth_validate_addr(dev), -EADDRNOTAVAIL);
	eth_hw_addr_set(dev, mine);
	KT_EQ(eth_validate_addr(dev), 0);

	skb_reserve(skb, 64);
	skb_put(skb, 20);
	KT_EQ(eth_header(skb, dev, ETH_P_IP, peer, NULL, skb->len), ETH_HLEN);
	KT_EQ(skb->len, 34);
	KT_ASSERT(ether_addr_equal(skb->data + ETH_ALEN, mine), "source is the device's");
	/* as received by the peer */
	eth_hw_addr_set(dev, peer);
	KT_EQ(eth_type_trans(skb, dev), htons(ETH_P_IP));
	KT_EQ(skb->len, 20);
	KT_EQ(skb->pkt_type, PACKET_HOST);
	KT_ASSERT(skb->dev == dev, "dev set");
	skb_push(skb, ETH_HLEN);
	eth_broadcast_addr(skb->data);
	KT_EQ(eth_type_trans(skb, dev), htons(ETH_P_IP));
	KT_EQ(skb->pkt_type, PACKET_BROADCAST);
	kfree_skb(skb);
	free_netdev(dev);
	return 0;
}

/* ---- devices, queues, namespaces --------------------------------------- */

struct priv {
	int x;
};

static void setup_nothing(struct net_device *dev)
{
	ether_setup(dev);
	dev->tx_queue_len = 0;
}

KTEST(netdev, queues_stop_and_wake)
{
	struct net_device *dev = alloc_netdev_mqs(sizeof(struct priv), "t0",
						  NET_NAME_USER, setup_nothing, 4, 4);
	struct priv *p;

	KT_ASSERT(dev, "alloc");
	KT_ASSERT(dev->priv_flags & IFF_NO_QUEUE, "tx_queue_len 0: no queue");
	p = netdev_priv(dev);
	KT_EQ((unsigned long)p % NETDEV_ALIGN, 0);
	p->x = 7;
	KT_ASSERT(!netif_queue_stopped(dev), "running");
	netif_stop_queue(dev);
	KT_ASSERT(netif_queue_stopped(dev), "stopped");
	KT_ASSERT(netif_xmit_stopped(netdev_get_tx_queue(dev, 0)), "xmit stopped");
	netif_stop_subqueue(dev, 3);
	KT_ASSERT(__netif_subqueue_stopped(dev, 3) && !__netif_subqueue_stopped(dev, 2), "sub");
	netif_tx_wake_all_queues(dev);
	KT_ASSERT(!netif_queue_stopped(dev) && !__netif_subqueue_stopped(dev, 3), "woken");
	netif_tx_disable(dev);
	KT_ASSERT(netif_tx_queue_stopped(netdev_get_tx_queue(dev, 2)), "all stopped");
	netif_tx_start_all_queues(dev);
	KT_ASSERT(!netif_tx_queue_stopped(netdev_get_tx_queue(dev, 2)), "all started");
	KT_EQ(netdev_cap_txqueue(dev, 9), 0);
	KT_EQ(netdev_cap_txqueue(dev, 2), 2);
	KT_EQ(p->x, 7);
	KT_EQ(netif_msg_init(-1, NETIF_MSG_DRV), NETIF_MSG_DRV);
	KT_EQ(netif_msg_init(3, 0), 7);
	KT_STREQ(netdev_cmd_to_name(NETDEV_UP), "UP");
	free_netdev(dev);
	return 0;
}

static int addr_ups, addr_downs;
static __be32 addr_down[4];

static int addr_event(struct notifier_block *nb, unsigned long event, void *ptr)
{
	const struct in_ifaddr *ifa = ptr;

	if (event == NETDEV_UP)
		addr_ups++;
	else if (event == NETDEV_DOWN && addr_downs < 4)
		addr_down[addr_downs++] = ifa->ifa_local;
	return NOTIFY_DONE;
}

/* 192.0.2.99 is refused */
static int addr_validate(struct notifier_block *nb, unsigned long event, void *ptr)
{
	const struct in_validator_info *ivi = ptr;

	if (event == NETDEV_UP && ivi->ivi_addr == htonl(0xc0000263))
		return notifier_from_errno(-EADDRNOTAVAIL);
	return NOTIFY_DONE;
}

static struct notifier_block addr_nb = { .notifier_call = addr_event };
static struct notifier_block addr_vnb = { .notifier_call = addr_validate };

KTEST(netdev, namespace_devices_and_ipv4)
{
	static struct net net = { .dev_base_head = LIST_HEAD_INIT(net.dev_base_head) };
	struct net_device *a = alloc_etherdev(0), *b = alloc_etherdev(0), *d;
	struct in_device *in_dev;
	struct in_ifaddr *ifa;
	int n = 0;

	strscpy(a->name, "eth0", IFNAMSIZ);
	strscpy(b->name, "eth1", IFNAMSIZ);
	a->ifindex = 2;
	b->ifindex = 3;
	qdk_netdev_register(a, &net, &((struct in_device[2]){})[0]);
	KT_EQ(netdev_refcnt_read(a), 1);
	KT_ASSERT(netif_device_present(a) && netif_carrier_ok(a), "present, carrier");
	netif_carrier_off(a);
	KT_ASSERT(!netif_carrier_ok(a) && a->operstate == IF_OPER_DOWN, "carrier off");
	netif_carrier_on(a);
	KT_EQ(a->operstate, IF_OPER_UP);

	d = dev_get_by_name(&net, "eth0");
	KT_ASSERT(d == a, "by name");
	KT_EQ(netdev_refcnt_read(a), 2);
	dev_put(d);
	KT_ASSERT(dev_get_by_index_rcu(&net, 2) == a, "by index");
	KT_ASSERT(!__dev_get_by_name(&net, "eth1"), "eth1 not registered");
	for_each_netdev(&net, d)
		n++;
	KT_EQ(n, 1);
	KT_ASSERT(first_net_device(&net) == a && !next_net_device(a), "first, next");

	in_dev = __in_dev_get_rtnl(a);
	KT_ASSERT(in_dev && !in_dev->ifa_list, "an in_device without addresses");
	KT_EQ(register_inetaddr_notifier(&addr_nb), 0);
	KT_EQ(register_inetaddr_validator_notifier(&addr_vnb), 0);
	addr_ups = addr_downs = 0;
	KT_EQ(qdk_inet_addr_add(a, htonl(0xc0000201), 24), 0);
	KT_EQ(qdk_inet_addr_add(a, htonl(0xc0000202), 24), 0);	/* secondary */
	KT_EQ(qdk_inet_addr_add(a, htonl(0x0a000001), 8), 0);	/* primary, before it */
	KT_EQ(qdk_inet_addr_add(a, htonl(0xc0000263), 24), -EADDRNOTAVAIL);	/* refused */
	KT_EQ(addr_ups, 3);
	n = 0;
	in_dev_for_each_ifa_rcu(ifa, in_dev) {
		if (n == 0)
			KT_EQ(ifa->ifa_broadcast, htonl(0xc00002ff));
		if (n == 2)
			KT_ASSERT(ifa->ifa_flags & IFA_F_SECONDARY, "secondary last");
		n++;
	}
	KT_EQ(n, 3);
	KT_EQ(inet_select_addr(a, htonl(0x0a010203), RT_SCOPE_UNIVERSE), htonl(0x0a000001));
	KT_EQ(inet_select_addr(a, 0, RT_SCOPE_UNIVERSE), htonl(0xc0000201));
	KT_ASSERT(ip_dev_find(&net, htonl(0xc0000202)) == a, "ip_dev_find");
	dev_put(a);
	KT_EQ(inet_mask_len(inet_make_mask(20)), 20);
	KT_ASSERT(bad_mask(htonl(0xff00ff00), 0), "holes");
	qdk_netdev_unregister(a);
	KT_ASSERT(!__dev_get_by_index(&net, 2), "gone");
	/* a primary's secondary goes before it, each told */
	KT_EQ(addr_downs, 3);
	KT_EQ(addr_down[0], htonl(0xc0000202));
	KT_EQ(addr_down[1], htonl(0xc0000201));
	KT_EQ(addr_down[2], htonl(0x0a000001));
	KT_EQ(unregister_inetaddr_notifier(&addr_nb), 0);
	KT_EQ(unregister_inetaddr_validator_notifier(&addr_vnb), 0);
	free_netdev(a);
	free_netdev(b);
	return 0;
}

/* ---- the task, the CPU, the FPU ---------------------------------------- */

static void add_one(void *p)
{
	(*(int *)p)++;
}

KTEST(netdev, task_cpu_fpu)
{
	char comm[TASK_COMM_LEN];
	int n = 0;

	KT_STREQ(current->comm, "tc");
	KT_EQ(task_pid_nr(current), 1);
	get_task_comm(comm, current);
	KT_STREQ(comm, "tc");
	set_current_state(TASK_INTERRUPTIBLE);
	KT_EQ(current->__state, TASK_INTERRUPTIBLE);
	KT_EQ(schedule_timeout(HZ), HZ);	/* woken at once */
	KT_ASSERT(task_is_running(current), "running again");
	KT_EQ(wake_up_process(current), 0);
	KT_EQ(cond_resched(), 0);

	on_each_cpu(add_one, &n, 1);
	KT_EQ(n, 1);
	KT_EQ(smp_call_function_single(0, add_one, &n, 1), 0);
	KT_EQ(smp_call_function_single(1, add_one, &n, 1), -ENXIO);
	smp_call_function(add_one, &n, 1);	/* no other CPU */
	KT_EQ(n, 2);
	KT_EQ(smp_processor_id(), 0);

	KT_ASSERT(irq_fpu_usable(), "usable outside");
	kernel_fpu_begin();
	KT_ASSERT(!irq_fpu_usable(), "not inside a section");
	kernel_fpu_end();
	KT_ASSERT(irq_fpu_usable(), "usable after");
	KT_EQ(O_RDWR, 2);
	return 0;
}

KTEST(netdev, ip_send_check)
{
	struct iphdr iph = { .version = 4, .ihl = 5, .ttl = 64, .protocol = 17,
			     .tot_len = htons(28), .saddr = htonl(0x0a000001),
			     .daddr = htonl(0x0a000002), .check = 0x1234 };

	ip_send_check(&iph);
	/* a header with its checksum sums to 0 */
	KT_EQ(ip_fast_csum((unsigned char *)&iph, iph.ihl), 0);
	KT_ASSERT(!ip_is_fragment(&iph), "not a fragment");
	iph.frag_off = htons(IP_MF);
	KT_ASSERT(ip_is_fragment(&iph), "more fragments");
	KT_EQ(PF_INET, AF_INET);
	/* only what a module's init made (sch_teql's teql0): none of the tests' */
	KT_ASSERT(!__dev_get_by_name(&init_net, "eth0"), "init_net has no test device here");
	return 0;
}
