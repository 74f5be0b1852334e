// SPDX-License-Identifier: GPL-2.0
/*
 * ktest_netdev_reg.c - a driver's device registered, opened, closed and
 * unregistered (names, ifindexes, notifier order, a listener's refusal),
 * NAPI polls on the clock (budget, MISSED, disable), the receive path
 * (taps, protocol handlers, the backlog) and the noqueue transmit path.
 */
#include <linux/kernel.h>
#include <linux/etherdevice.h>
#include <linux/netdevice.h>
#include <linux/notifier.h>
#include <linux/rtnetlink.h>
#include <linux/if_arp.h>
#include <linux/skbuff.h>
#include <linux/slab.h>
#include <net/net_namespace.h>

#include "ktest.h"
#include "shim.h"

/* the events heard, one letter each */
static char events[64];

static void note(char c)
{
	size_t n = strlen(events);

	if (n + 1 < sizeof(events)) {
		events[n] = c;
		events[n + 1] = '\0';
	}
}

static int refuse_register;

static int reg_event(struct notifier_block *nb, unsigned long ev, void *ptr)
{
	switch (ev) {
	case NETDEV_REGISTER:
		note('R');
		if (refuse_register)
			return notifier_from_errno(-EBUSY);
		break;
	case NETDEV_UNREGISTER:
		note('X');
		break;
	case NETDEV_PRE_UP:
		note('p');
		break;
	case NETDEV_UP:
		note('U');
		break;
	case NETDEV_GOING_DOWN:
		note('g');
		break;
	case NETDEV_DOWN:
		note('D');
		break;
	case NETDEV_CHANGE:
		note('C');
		break;
	}
	return NOTIFY_DONE;
}

static struct notifier_block reg_nb = { .notifier_call = reg_event };

static int drv_init(struct net_device *dev)
{
	note('i');
	return 0;
}

static void drv_uninit(struct net_device *dev)
{
	note('u');
}

static int drv_open(struct net_device *dev)
{
	note('o');
	return 0;
}

static int drv_stop(struct net_device *dev)
{
	note('s');
	return 0;
}

static unsigned int xmitted;

static netdev_tx_t drv_xmit(struct sk_buff *skb, struct net_device *dev)
{
	xmitted++;
	dev_kfree_skb_any(skb);
	return NETDEV_TX_OK;
}

static const struct net_device_ops drv_ops = {
	.ndo_init	= drv_init,
	.ndo_uninit	= drv_uninit,
	.ndo_open	= drv_open,
	.ndo_stop	= drv_stop,
	.ndo_start_xmit	= drv_xmit,
};

static struct net_device *drv_alloc(void)
{
	struct net_device *dev = alloc_etherdev(sizeof(int));

	if (dev) {
		strscpy(dev->name, "qt%d", IFNAMSIZ);
		dev->netdev_ops = &drv_ops;
		dev->priv_flags |= IFF_NO_QUEUE;
	}
	return dev;
}

KTEST(netdev_reg, register_open_close_unregister)
{
	struct net_device *a = drv_alloc(), *b = drv_alloc(), *c = drv_alloc();
	int err;

	KT_ASSERT(a && b && c, "alloc");
	/* (its registration replays the devices a module's init made: teql0) */
	KT_EQ(register_netdevice_notifier(&reg_nb), 0);
	events[0] = '\0';
	KT_EQ(register_netdev(a), 0);
	KT_EQ(register_netdev(b), 0);
	/* the pattern's first free numbers, fresh ifindexes, not running yet */
	KT_STREQ(a->name, "qt0");
	KT_STREQ(b->name, "qt1");
	KT_ASSERT(a->ifindex > 0 && b->ifindex > 0 && a->ifindex != b->ifindex, "ifindexes");
	KT_ASSERT(__dev_get_by_name(&init_net, "qt1") == b, "listed");
	KT_ASSERT(__dev_get_by_index(&init_net, a->ifindex) == a, "by index");
	KT_EQ(a->reg_state, NETREG_REGISTERED);
	KT_ASSERT(!netif_running(a) && netif_device_present(a), "present, not running");
	KT_STREQ(events, "iRiR");
	/* a plain name must be free */
	strscpy(c->name, "qt0", IFNAMSIZ);
	rtnl_lock();
	KT_EQ(register_netdevice(c), -EEXIST);
	events[0] = '\0';
	KT_EQ(dev_open(a, NULL), 0);
	KT_ASSERT(netif_running(a) && (a->flags & IFF_UP), "up");
	KT_EQ(dev_open(a, NULL), 0);		/* up already: nothing heard */
	KT_STREQ(events, "poU");
	/* IFF_UP off through the flags: down; NOARP while down: no CHANGE */
	events[0] = '\0';
	err = dev_change_flags(a, (a->flags & ~IFF_UP) | IFF_NOARP, NULL);
	KT_EQ(err, 0);
	KT_ASSERT(!netif_running(a) && !(a->flags & IFF_UP), "down");
	KT_ASSERT(a->flags & IFF_NOARP, "NOARP taken");
	KT_STREQ(events, "gsD");
	/* up again, then a flag change while up is a CHANGE */
	events[0] = '\0';
	KT_EQ(dev_change_flags(a, a->flags | IFF_UP, NULL), 0);
	KT_EQ(dev_change_flags(a, a->flags & ~IFF_NOARP, NULL), 0);
	KT_STREQ(events, "poUC");
	/* promiscuity from user space is counted once in gflags */
	KT_EQ(dev_change_flags(a, a->flags | IFF_PROMISC, NULL), 0);
	KT_EQ(a->promiscuity, 1);
	KT_EQ(dev_change_flags(a, a->flags | IFF_PROMISC, NULL), 0);
	KT_EQ(a->promiscuity, 1);
	KT_EQ(dev_change_flags(a, a->flags & ~IFF_PROMISC, NULL), 0);
	KT_EQ(a->promiscuity, 0);
	rtnl_unlock();
	/* an up device is closed first; gone from the namespace */
	events[0] = '\0';
	unregister_netdev(a);
	KT_STREQ(events, "gsDXu");
	KT_EQ(a->reg_state, NETREG_UNREGISTERED);
	KT_ASSERT(!__dev_get_by_name(&init_net, "qt0"), "unlisted");
	KT_ASSERT(!rcu_access_pointer(a->ip_ptr), "IPv4 configuration freed");
	/* a batch, with the device freeing itself */
	events[0] = '\0';
	b->needs_free_netdev = true;
	rtnl_lock();
	{
		LIST_HEAD(batch);

		unregister_netdevice_queue(b, &batch);
		KT_STREQ(events, "");
		unregister_netdevice_many(&batch);
		KT_ASSERT(list_empty(&batch), "batch consumed");
	}
	rtnl_unlock();
	KT_STREQ(events, "Xu");
	KT_EQ(unregister_netdevice_notifier(&reg_nb), 0);
	free_netdev(a);
	free_netdev(c);
	return 0;
}

KTEST(netdev_reg, refused_registration)
{
	struct net_device *dev = drv_alloc();

	KT_ASSERT(dev, "alloc");
	KT_EQ(register_netdevice_notifier(&reg_nb), 0);
	events[0] = '\0';
	refuse_register = 1;
	KT_EQ(register_netdev(dev), -EBUSY);
	refuse_register = 0;
	/* heard, then undone; the caller still owns it */
	KT_STREQ(events, "iRXu");
	KT_ASSERT(!__dev_get_by_name(&init_net, dev->name), "not listed");
	KT_EQ(dev->reg_state, NETREG_UNREGISTERED);
	KT_EQ(unregister_netdevice_notifier(&reg_nb), 0);
	free_netdev(dev);
	return 0;
}

/* ---- NAPI ------------------------------------------------------------------ */

static int polls, poll_left, poll_done;
static bool schedule_in_poll;

/* poll_left packets to take, budget at most; done when fewer than budget */
static int drv_poll(struct napi_struct *napi, int budget)
{
	int work = min(poll_left, budget);

	polls++;
	poll_left -= work;
	if (schedule_in_poll) {
		schedule_in_poll = false;
		napi_schedule(napi);	/* an interrupt meanwhile: MISSED */
	}
	if (work < budget && napi_complete_done(napi, work))
		poll_done++;
	return work;
}

KTEST(netdev_reg, napi_polls_on_the_clock)
{
	struct net_device *dev = drv_alloc();
	struct napi_struct napi = {};

	KT_ASSERT(dev, "alloc");
	netif_napi_add(dev, &napi, drv_poll);
	KT_EQ(napi.weight, NAPI_POLL_WEIGHT);
	KT_ASSERT(list_first_entry(&dev->napi_list, struct napi_struct, dev_list) == &napi,
		  "on the device's list");
	/* disabled until enabled */
	KT_ASSERT(!napi_schedule_prep(&napi), "added disabled");
	napi_enable(&napi);
	polls = 0;
	poll_done = 0;
	poll_left = 2 * NAPI_POLL_WEIGHT + 3;
	KT_ASSERT(napi_schedule_prep(&napi), "enabled");
	__napi_schedule(&napi);
	KT_ASSERT(!napi_schedule_prep(&napi), "scheduled: not again");
	KT_ASSERT(test_bit(NAPI_STATE_MISSED, &napi.state), "marked missed");
	clear_bit(NAPI_STATE_MISSED, &napi.state);
	KT_EQ(polls, 0);
	qdk_time_advance(0);
	/* two full budgets, then 3 and done */
	KT_EQ(polls, 3);
	KT_EQ(poll_left, 0);
	KT_EQ(poll_done, 1);
	KT_ASSERT(!test_bit(NAPI_STATE_SCHED, &napi.state), "released");
	/* a schedule during the poll: completion refused, polled once more */
	polls = 0;
	poll_done = 0;
	poll_left = 1;
	schedule_in_poll = true;
	napi_schedule(&napi);
	qdk_time_advance(0);
	KT_EQ(polls, 2);
	KT_EQ(poll_done, 1);
	KT_ASSERT(!napi_if_scheduled_mark_missed(&napi), "idle");
	/* disable runs the scheduled poll first; afterwards nothing schedules */
	polls = 0;
	poll_left = 1000;
	napi_schedule(&napi);
	napi_disable(&napi);
	KT_EQ(polls, 1);
	KT_ASSERT(!napi_schedule_prep(&napi), "disabled");
	qdk_time_advance(0);
	KT_EQ(polls, 1);
	netif_napi_del(&napi);
	KT_ASSERT(list_empty(&dev->napi_list), "off the list");
	free_netdev(dev);
	return 0;
}

/* ---- receive and transmit ----------------------------------------------------- */

static unsigned int ip_rcv_count, tap_count;
static int tap_users;

static int kt_ip_rcv(struct sk_buff *skb, struct net_device *dev, struct packet_type *pt,
		     struct net_device *orig_dev)
{
	ip_rcv_count++;
	kfree_skb(skb);
	return NET_RX_SUCCESS;
}

static int kt_tap_rcv(struct sk_buff *skb, struct net_device *dev, struct packet_type *pt,
		      struct net_device *orig_dev)
{
	tap_count++;
	tap_users = refcount_read(&skb->users);
	kfree_skb(skb);
	return NET_RX_SUCCESS;
}

static struct sk_buff *rx_skb(struct net_device *dev, __be16 proto)
{
	struct sk_buff *skb = alloc_skb(128, GFP_ATOMIC);

	if (skb) {
		skb_put(skb, 60);
		skb->dev = dev;
		skb->protocol = proto;
	}
	return skb;
}

KTEST(netdev_reg, receive_taps_handlers_backlog)
{
	struct net_device *dev = drv_alloc();
	struct packet_type ip_pt = { .type = htons(ETH_P_IP), .func = kt_ip_rcv };
	struct packet_type tap = { .type = htons(ETH_P_ALL), .func = kt_tap_rcv };
	struct rtnl_link_stats64 st;
	unsigned int i;

	KT_ASSERT(dev, "alloc");
	KT_EQ(register_netdev(dev), 0);
	tap.dev = dev;
	dev_add_pack(&ip_pt);
	dev_add_pack(&tap);
	KT_ASSERT(dev_nit_active(dev), "a tap");
	ip_rcv_count = 0;
	tap_count = 0;
	/* the tap gets a reference of its own, the handler the packet */
	KT_EQ(netif_receive_skb(rx_skb(dev, htons(ETH_P_IP))), NET_RX_SUCCESS);
	KT_EQ(tap_count, 1);
	KT_EQ(tap_users, 2);
	KT_EQ(ip_rcv_count, 1);
	/* nobody handles ARP here: the tap only, then dropped and counted */
	KT_EQ(netif_receive_skb(rx_skb(dev, htons(ETH_P_ARP))), NET_RX_SUCCESS);
	KT_EQ(tap_count, 2);
	KT_EQ(tap_users, 1);
	dev_remove_pack(&tap);
	KT_ASSERT(!dev_nit_active(dev), "no tap");
	KT_EQ(netif_receive_skb(rx_skb(dev, htons(ETH_P_ARP))), NET_RX_DROP);
	dev_get_stats(dev, &st);
	KT_EQ(st.rx_dropped, 1);
	/* netif_rx() queues for the backlog's poll: delivered when the softirq runs */
	for (i = 0; i < 100; i++)
		KT_EQ(netif_rx(rx_skb(dev, htons(ETH_P_IP))), NET_RX_SUCCESS);
	KT_EQ(ip_rcv_count, 1);
	qdk_time_advance(0);
	KT_EQ(ip_rcv_count, 101);
	dev_remove_pack(&ip_pt);
	unregister_netdev(dev);
	free_netdev(dev);
	return 0;
}

KTEST(netdev_reg, noqueue_transmit)
{
	struct net_device *dev = drv_alloc();
	struct rtnl_link_stats64 st;
	struct sk_buff *skb;

	KT_ASSERT(dev, "alloc");
	KT_EQ(register_netdev(dev), 0);
	xmitted = 0;
	/* not up: noop drops it */
	skb = rx_skb(dev, htons(ETH_P_IP));
	KT_EQ(dev_queue_xmit(skb), NET_XMIT_CN);
	KT_EQ(xmitted, 0);
	rtnl_lock();
	KT_EQ(dev_open(dev, NULL), 0);
	rtnl_unlock();
	/* up, no queue: straight to the driver */
	KT_EQ(dev_queue_xmit(rx_skb(dev, htons(ETH_P_IP))), NETDEV_TX_OK);
	KT_EQ(xmitted, 1);
	/* stopped: the driver would have to queue it, which a virtual device cannot */
	netif_stop_queue(dev);
	KT_EQ(dev_queue_xmit(rx_skb(dev, htons(ETH_P_IP))), -ENETDOWN);
	KT_EQ(xmitted, 1);
	dev_get_stats(dev, &st);
	KT_EQ(st.tx_dropped, 2);
	netif_wake_queue(dev);
	unregister_netdev(dev);
	free_netdev(dev);
	return 0;
}

/* ---- addresses, direct transmit, taps of sent packets, moving a lower device ---- */

static int refuse_addr;

static int addr_event(struct notifier_block *nb, unsigned long ev, void *ptr)
{
	if (ev == NETDEV_PRE_CHANGEADDR && refuse_addr)
		return notifier_from_errno(-EADDRINUSE);
	if (ev == NETDEV_CHANGEADDR)
		note('A');
	return NOTIFY_DONE;
}

static struct notifier_block addr_nb = { .notifier_call = addr_event };

static int drv_set_mac(struct net_device *dev, void *p)
{
	const struct sockaddr *sa = p;

	eth_hw_addr_set(dev, (const u8 *)sa->sa_data);
	return 0;
}

static const struct net_device_ops mac_ops = {
	.ndo_start_xmit		= drv_xmit,
	.ndo_set_mac_address	= drv_set_mac,
};

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
typedef struct sockaddr_storage kt_addr_t;
#define kt_addr_family(a)	((a)->ss_family)
#define kt_addr_data(a)		((a)->__data)
#define kt_get_mac(sa, net, name)	netif_get_mac_address(sa, net, name)
#else
typedef struct sockaddr kt_addr_t;
#define kt_addr_family(a)	((a)->sa_family)
#define kt_addr_data(a)		((a)->sa_data_min)
#define kt_get_mac(sa, net, name)	dev_get_mac_address(sa, net, name)
#endif

KTEST(netdev_reg, mac_address_direct_xmit_nit)
{
	static const u8 mac[ETH_ALEN] = { 0x02, 0, 0, 0, 0, 0x42 };
	struct packet_type tap = { .type = htons(ETH_P_ALL), .func = kt_tap_rcv };
	struct net_device *dev = drv_alloc();
	struct sockaddr got = { };
	kt_addr_t sa = { };
	struct sk_buff *skb;

	KT_ASSERT(dev, "alloc");
	dev->netdev_ops = &mac_ops;
	KT_EQ(register_netdev(dev), 0);
	KT_EQ(register_netdevice_notifier(&addr_nb), 0);
	events[0] = '\0';
	kt_addr_family(&sa) = ARPHRD_ETHER;
	memcpy(kt_addr_data(&sa), mac, ETH_ALEN);
	rtnl_lock();
	refuse_addr = 1;
	KT_EQ(dev_set_mac_address(dev, &sa, NULL), -EADDRINUSE);
	refuse_addr = 0;
	KT_ASSERT(!ether_addr_equal(dev->dev_addr, mac), "refused: unchanged");
	kt_addr_family(&sa) = ARPHRD_LOOPBACK;
	KT_EQ(dev_set_mac_address(dev, &sa, NULL), -EINVAL);
	kt_addr_family(&sa) = ARPHRD_ETHER;
	KT_EQ(dev_set_mac_address(dev, &sa, NULL), 0);
	KT_ASSERT(ether_addr_equal(dev->dev_addr, mac), "set");
	KT_EQ(dev->addr_assign_type, NET_ADDR_SET);
	KT_STREQ(events, "A");
	rtnl_unlock();
	KT_EQ(kt_get_mac(&got, &init_net, dev->name), 0);
	KT_EQ(got.sa_family, ARPHRD_ETHER);
	KT_ASSERT(!memcmp(got.sa_data, mac, ETH_ALEN), "read back");
	KT_EQ(kt_get_mac(&got, &init_net, "nosuch0"), -ENODEV);
	KT_EQ(unregister_netdevice_notifier(&addr_nb), 0);
	/* direct: down is a drop; up goes to the driver; stopped is busy */
	xmitted = 0;
	KT_EQ(dev_direct_xmit(rx_skb(dev, htons(ETH_P_IP)), 0), NET_XMIT_DROP);
	rtnl_lock();
	KT_EQ(dev_open(dev, NULL), 0);
	rtnl_unlock();
	netif_carrier_on(dev);
	KT_EQ(dev_direct_xmit(rx_skb(dev, htons(ETH_P_IP)), 0), NETDEV_TX_OK);
	KT_EQ(xmitted, 1);
	netif_stop_queue(dev);
	KT_EQ(dev_direct_xmit(rx_skb(dev, htons(ETH_P_IP)), 0), NETDEV_TX_BUSY);
	KT_EQ(xmitted, 1);
	netif_wake_queue(dev);
	/* a tap sees a clone of a sent packet, as outgoing; ignore_outgoing: not */
	tap_count = 0;
	dev_add_pack(&tap);
	skb = rx_skb(dev, htons(ETH_P_IP));
	dev_queue_xmit_nit(skb, dev);
	KT_EQ(tap_count, 1);
	KT_EQ(refcount_read(&skb->users), 1);
	tap.ignore_outgoing = true;
	dev_queue_xmit_nit(skb, dev);
	KT_EQ(tap_count, 1);
	dev_remove_pack(&tap);
	kfree_skb(skb);
	unregister_netdev(dev);
	free_netdev(dev);
	return 0;
}

KTEST(netdev_reg, adjacent_change)
{
	struct net_device *top = drv_alloc(), *old = drv_alloc(), *new = drv_alloc();
	struct list_head *iter;
	struct net_device *up;
	int n = 0;

	KT_ASSERT(top && old && new, "alloc");
	rtnl_lock();
	KT_EQ(netdev_upper_dev_link(old, top, NULL), 0);
	/* prepare: above both lower devices; commit: above the new one only */
	KT_EQ(netdev_adjacent_change_prepare(old, new, top, NULL), 0);
	KT_ASSERT(netdev_has_upper_dev(old, top) && netdev_has_upper_dev(new, top), "both");
	netdev_adjacent_change_commit(old, new, top);
	KT_ASSERT(!netdev_has_upper_dev(old, top) && netdev_has_upper_dev(new, top), "moved");
	/* an abort undoes the prepare */
	KT_EQ(netdev_adjacent_change_prepare(new, old, top, NULL), 0);
	netdev_adjacent_change_abort(new, old, top);
	KT_ASSERT(!netdev_has_upper_dev(old, top) && netdev_has_upper_dev(new, top), "aborted");
	rcu_read_lock();
	netdev_for_each_upper_dev_rcu(new, up, iter) {
		KT_ASSERT(up == top, "the one upper");
		KT_ASSERT(!netdev_adjacent_get_private(iter), "no private");
		n++;
	}
	rcu_read_unlock();
	KT_EQ(n, 1);
	netdev_upper_dev_unlink(new, top);
	rtnl_unlock();
	free_netdev(top);
	free_netdev(old);
	free_netdev(new);
	return 0;
}
