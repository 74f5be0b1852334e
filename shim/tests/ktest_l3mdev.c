// SPDX-License-Identifier: GPL-2.0
/*
 * ktest_l3mdev.c - L3 master devices (VRF) as sockets ask about them: a
 * device's master by index, and what inet_sock.h derives from it.
 */
#include <linux/etherdevice.h>
#include <linux/inetdevice.h>
#include <linux/netdevice.h>
#include <linux/rtnetlink.h>
#include <linux/tcp.h>
#include <net/inet_sock.h>
#include <net/l3mdev.h>
#include <net/sock.h>

#include "shim.h"
#include "ktest.h"

KTEST(l3mdev, master_by_index_and_requests)
{
	static struct net net = { .dev_base_head = LIST_HEAD_INIT(net.dev_base_head) };
	static struct tcp_sock tp;
	struct sock *sk = &tp.inet_conn.icsk_inet.sk;
	struct net_device *vrf = alloc_etherdev(0), *slave = alloc_etherdev(0);
	struct net_device *plain = alloc_etherdev(0);
	struct in_device in_devs[3] = {};
	struct sk_buff *skb = alloc_skb(64, GFP_KERNEL);

	KT_ASSERT(vrf && slave && plain && skb, "alloc");
	strscpy(vrf->name, "vrf0", IFNAMSIZ);
	strscpy(slave->name, "eth0", IFNAMSIZ);
	strscpy(plain->name, "eth1", IFNAMSIZ);
	vrf->ifindex = 10;
	slave->ifindex = 11;
	plain->ifindex = 12;
	vrf->priv_flags |= IFF_L3MDEV_MASTER;
	slave->priv_flags |= IFF_L3MDEV_SLAVE;
	qdk_netdev_register(vrf, &net, &in_devs[0]);
	qdk_netdev_register(slave, &net, &in_devs[1]);
	qdk_netdev_register(plain, &net, &in_devs[2]);
	rtnl_lock();
	KT_EQ(netdev_master_upper_dev_link(slave, vrf, NULL, NULL, NULL), 0);
	rtnl_unlock();

	KT_EQ(l3mdev_master_ifindex(vrf), 10);		/* a master is its own */
	KT_EQ(l3mdev_master_ifindex(slave), 10);
	KT_EQ(l3mdev_master_ifindex(plain), 0);
	KT_EQ(l3mdev_master_ifindex_rcu(NULL), 0);
	KT_EQ(l3mdev_master_ifindex_by_index(&net, 11), 10);
	KT_EQ(l3mdev_master_ifindex_by_index(&net, 12), 0);
	KT_EQ(l3mdev_master_ifindex_by_index(&net, 0), 0);
	KT_EQ(l3mdev_master_ifindex_by_index(&net, 99), 0);
	KT_EQ(l3mdev_master_upper_ifindex_by_index(&net, 11), 10);
	KT_EQ(l3mdev_master_upper_ifindex_by_index(&net, 12), 0);
	rcu_read_lock();
	KT_ASSERT(l3mdev_master_dev_rcu(slave) == vrf && !l3mdev_master_dev_rcu(plain), "dev");
	rcu_read_unlock();
	KT_ASSERT(netif_index_is_l3_master(&net, 10) && !netif_index_is_l3_master(&net, 11),
		  "is master");

	/* a listener on no device: the VRF a SYN came through, if l3mdev_accept */
	sock_net_set(sk, &net);
	skb->skb_iif = 11;
	KT_EQ(inet_request_bound_dev_if(sk, skb), 0);
	KT_EQ(inet_sk_bound_l3mdev(sk), 0);
	sk->sk_bound_dev_if = 11;
	KT_EQ(inet_sk_bound_l3mdev(sk), 10);
	KT_EQ(inet_request_bound_dev_if(sk, skb), 11);
	net.ipv4.sysctl_tcp_l3mdev_accept = 1;
	KT_EQ(inet_sk_bound_l3mdev(sk), 0);
	sk->sk_bound_dev_if = 0;
	KT_EQ(inet_request_bound_dev_if(sk, skb), 10);

	/* a packet from the VRF's slave is a VRF-bound socket's */
	sk->sk_bound_dev_if = 10;
	KT_ASSERT(sk_dev_equal_l3scope(sk, 11), "via the master");
	KT_ASSERT(sk_dev_equal_l3scope(sk, 10), "the bound device");
	KT_ASSERT(!sk_dev_equal_l3scope(sk, 12), "another device");
	sk->sk_bound_dev_if = 0;
	KT_ASSERT(sk_dev_equal_l3scope(sk, 12), "unbound");

	/* the listener's mark, else with fwmark_accept the SYN's */
	skb->mark = 5;
	KT_EQ(inet_request_mark(sk, skb), 0);
	net.ipv4.sysctl_tcp_fwmark_accept = 1;
	KT_EQ(inet_request_mark(sk, skb), 5);
	sk->sk_mark = 9;
	KT_EQ(inet_request_mark(sk, skb), 9);

	rtnl_lock();
	netdev_upper_dev_unlink(slave, vrf);
	rtnl_unlock();
	qdk_netdev_unregister(plain);
	qdk_netdev_unregister(slave);
	qdk_netdev_unregister(vrf);
	free_netdev(plain);
	free_netdev(slave);
	free_netdev(vrf);
	kfree_skb(skb);
	return 0;
}
