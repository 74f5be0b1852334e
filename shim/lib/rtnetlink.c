// SPDX-License-Identifier: GPL-2.0
/*
 * rtnetlink.c - a network namespace that answers rtnetlink as Linux 6.1
 * does, for the stock tc and ip (shim/usertc): the devices of the
 * namespace (lo, dummy, ifb; one or more transmit queues) with
 * RTM_NEWLINK/DELLINK/GETLINK and their default qdiscs (noqueue,
 * pfifo_fast, mq over pfifo_fast), and netlink_rcv_skb()'s loop that hands
 * each request to its handler: the link requests here, the qdisc and class
 * requests to sch_api.c as the kernel's rtnl_register() table does.
 * Requests are processed message by message, acked when asked or when they
 * fail (af_netlink.c), dumps in NLM_F_MULTI parts closed by NLMSG_DONE.
 * netdevsim's bus is netdevsim.c's, the sysfs files net-sysfs.c's; what the
 * files share, netns.h.
 *
 * Why one file past 800 lines: the kernel's rtnetlink.c holds the same
 * jobs (a device made by a request, its attributes, the dispatch, and the
 * registries modules fill: rtnl_register() handlers, link kinds, address
 * families), and the default qdiscs a device gets when it comes up are
 * those of sch_generic.c's dev_activate() for this namespace's devices only.
 *
 * Not here (yet): filters, size tables, notifications to
 * listeners (tc monitor, NLM_F_ECHO).
 */
#include <linux/kernel.h>
#include <linux/version.h>
#include <linux/list.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/skbuff.h>
#include <linux/netdevice.h>
#include <linux/rtnetlink.h>
#include <net/rtnetlink.h>
#include <linux/if_link.h>
#include <linux/if_arp.h>
#include <linux/if_ether.h>
#include <linux/mm.h>
#include <linux/inetdevice.h>
#include <net/netlink.h>
#include <net/tcp.h>
#include <linux/etherdevice.h>
#include <linux/neighbour.h>
#include <net/pkt_sched.h>
#include <net/sch_generic.h>
#include <linux/uidgid.h>
#include <linux/random.h>

#include "shim.h"
#include "netns.h"

static const struct net_device_ops qdk_ns_netdev_ops;

/* ---- devices --------------------------------------------------------------- */

struct net_device *qdk_ns_dev_by_index(struct qdk_net *net, int ifindex)
{
	struct qdk_ndev *nd;

	if (net->extdev)
		return net->extdev->ifindex == ifindex ? net->extdev : NULL;
	list_for_each_entry(nd, &net->devs, list)
		if (nd->dev.ifindex == ifindex)
			return &nd->dev;
	return NULL;
}

struct net_device *qdk_ns_dev_by_name(struct qdk_net *net, const char *name)
{
	struct qdk_ndev *nd;

	list_for_each_entry(nd, &net->devs, list)
		if (!strcmp(nd->dev.name, name))
			return &nd->dev;
	return NULL;
}

/* dev_init_scheduler(): a new device has noop everywhere */
/* alloc_netdev_mqs(): txqs transmit queues, all of them in use */
static struct qdk_ndev *ndev_alloc(struct qdk_net *net, const char *name,
				   const char *kind, unsigned int txqs,
				   unsigned int rxqs)
{
	struct qdk_ndev *nd;
	struct net_device *dev;
	unsigned int i;

	nd = kzalloc(struct_size(nd, txq, txqs), GFP_KERNEL);
	if (!nd)
		return NULL;
	dev = &nd->dev;
	strscpy(dev->name, name, IFNAMSIZ);
	nd->kind = kind;
	nd->num_rx_queues = rxqs;
	dev->netdev_ops = &qdk_ns_netdev_ops;
	dev->num_tx_queues = txqs;
	dev->real_num_tx_queues = txqs;
	dev->_tx = nd->txq;
	for (i = 0; i < txqs; i++) {
		nd->txq[i].dev = dev;
		nd->txq[i].qdisc = &noop_qdisc;
		nd->txq[i].qdisc_sleeping = &noop_qdisc;
	}
	dev->qdisc = &noop_qdisc;
	dev->gso_max_size = 65536;
	dev->gso_max_segs = 65535;
	/* alloc_netdev_mqs()'s defaults */
	dev->gro_max_size = GRO_LEGACY_MAX_SIZE;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	dev->gso_ipv4_max_size = GSO_LEGACY_MAX_SIZE;
	dev->gro_ipv4_max_size = GRO_LEGACY_MAX_SIZE;
#endif
	dev->tx_queue_len = DEFAULT_TX_QUEUE_LEN;
	dev->ifindex = ++net->last_ifindex;
	for (i = 0; i < txqs; i++)
		nd->txq[i].xmit_lock_owner = -1;
	qdk_netdev_register(dev, &net->net, &nd->in_dev);
	list_add_tail(&nd->list, &net->devs);
	net->ndevs++;
	return nd;
}

/* loopback_setup() */
static struct qdk_ndev *lo_create(struct qdk_net *net)
{
	struct qdk_ndev *nd = ndev_alloc(net, "lo", NULL, 1, 1);

	if (!nd)
		return NULL;
	nd->dev.mtu = 65536;
	nd->dev.type = ARPHRD_LOOPBACK;
	nd->dev.hard_header_len = ETH_HLEN;
	nd->dev.flags = IFF_LOOPBACK;
	nd->dev.priv_flags |= IFF_NO_QUEUE;
	return nd;
}

/*
 * ether_setup() as dummy_setup() and ifb_setup() leave it: no ARP, no
 * multicast, mtu 1500 without bounds. The kernel draws a random address;
 * here it is locally administered, tagged per kind (oui[1..3]) and made
 * from the ifindex, so output is stable.
 */
struct qdk_ndev *qdk_ns_ether_create(struct qdk_net *net, const char *name,
				     const char *kind, unsigned int txqs,
				     unsigned int rxqs, u8 tag)
{
	struct qdk_ndev *nd = ndev_alloc(net, name, kind, txqs, rxqs);

	if (!nd)
		return NULL;
	nd->dev.mtu = 1500;
	nd->dev.type = ARPHRD_ETHER;
	nd->dev.hard_header_len = ETH_HLEN;
	nd->dev.flags = IFF_BROADCAST | IFF_NOARP;
	nd->addr[0] = 0x02;
	nd->addr[3] = tag;
	nd->addr[4] = (nd->dev.ifindex >> 8) & 0xff;
	nd->addr[5] = nd->dev.ifindex & 0xff;
	memset(nd->broadcast, 0xff, ETH_ALEN);
	nd->dev.addr_len = ETH_ALEN;
	memcpy(nd->dev.dev_addr, nd->addr, ETH_ALEN);
	memcpy(nd->dev.perm_addr, nd->addr, ETH_ALEN);
	memcpy(nd->dev.broadcast, nd->broadcast, ETH_ALEN);
	return nd;
}

/*
 * dummy: no queue (IFF_NO_QUEUE), so noqueue; ifb: a queue of TX_Q_LIMIT
 * packets, so pfifo_fast, or mq over pfifo_fast with more than one
 * transmit queue, as a real NIC has.
 */
static struct qdk_ndev *link_create(struct qdk_net *net, const char *name,
				    const char *kind, unsigned int txqs,
				    unsigned int rxqs)
{
	bool ifb = !strcmp(kind, "ifb");
	struct qdk_ndev *nd;

	nd = qdk_ns_ether_create(net, name, ifb ? "ifb" : "dummy", txqs, rxqs,
			  ifb ? 0x1f : 0);
	if (!nd)
		return NULL;
	if (ifb)
		nd->dev.tx_queue_len = 32;
	else
		nd->dev.priv_flags |= IFF_NO_QUEUE;
	return nd;
}

/* attach_one_default_qdisc(): noqueue without a queue, else the default */
static void attach_one_default_qdisc(struct net_device *dev,
				     struct netdev_queue *dev_queue)
{
	const struct Qdisc_ops *ops = default_qdisc_ops;
	struct Qdisc *qdisc;

	if (dev->priv_flags & IFF_NO_QUEUE)
		ops = &noqueue_qdisc_ops;
	qdisc = qdisc_create_dflt(dev_queue, ops, TC_H_ROOT, NULL);
	if (!qdisc)
		return;
	if (!netif_is_multiqueue(dev))
		qdisc->flags |= TCQ_F_ONETXQUEUE | TCQ_F_NOPARENT;
	dev_queue->qdisc_sleeping = qdisc;
}

/*
 * attach_default_qdiscs(): one default qdisc per queue, the first as the
 * root, on a single-queue device or one without a queue; mq over the
 * defaults on a multi-queue device with a queue. When that fails (pfifo_fast
 * refuses a tx_queue_len of 0) the device falls back to noqueue.
 */
static void attach_default_qdiscs(struct net_device *dev)
{
	struct netdev_queue *txq = netdev_get_tx_queue(dev, 0);
	struct Qdisc *qdisc;
	unsigned int i;

	if (!netif_is_multiqueue(dev) || dev->priv_flags & IFF_NO_QUEUE) {
		for (i = 0; i < dev->num_tx_queues; i++)
			attach_one_default_qdisc(dev, netdev_get_tx_queue(dev, i));
		qdisc = txq->qdisc_sleeping;
		dev->qdisc = qdisc;
		qdisc_refcount_inc(qdisc);
	} else {
		qdisc = qdisc_create_dflt(txq, &mq_qdisc_ops, TC_H_ROOT, NULL);
		if (qdisc) {
			dev->qdisc = qdisc;
			qdisc->ops->attach(qdisc);
		}
	}
	qdisc = dev->qdisc;
	if (qdisc == &noop_qdisc) {
		pr_warn("%s: default qdisc (%s) fail, fallback to %s\n",
			dev->name, default_qdisc_ops->id, noqueue_qdisc_ops.id);
		for (i = 0; i < dev->num_tx_queues; i++)
			qdk_shutdown_scheduler_queue(netdev_get_tx_queue(dev, i));
		dev->priv_flags |= IFF_NO_QUEUE;
		for (i = 0; i < dev->num_tx_queues; i++)
			attach_one_default_qdisc(dev, netdev_get_tx_queue(dev, i));
		qdisc = txq->qdisc_sleeping;
		dev->qdisc = qdisc;
		qdisc_refcount_inc(qdisc);
		dev->priv_flags ^= IFF_NO_QUEUE;
	}
	if (qdisc != &noop_qdisc)
		qdisc_hash_add(qdisc, false);
}

/* transition_one_qdisc() of the ingress queue: its qdisc (ingress, clsact) active */
static void ingress_activate(struct net_device *dev)
{
	struct netdev_queue *nq = dev_ingress_queue(dev);
	struct Qdisc *q;

	if (!nq)
		return;
	q = rtnl_dereference(nq->qdisc_sleeping);
	if (!(q->flags & TCQ_F_BUILTIN))
		clear_bit(__QDISC_STATE_DEACTIVATED, &q->state);
	rcu_assign_pointer(nq->qdisc, q);
}

/* dev_deactivate_queue() of the ingress queue: noop in its place */
static void ingress_deactivate(struct net_device *dev)
{
	struct netdev_queue *nq = dev_ingress_queue(dev);
	struct Qdisc *q;

	if (!nq)
		return;
	q = rtnl_dereference(nq->qdisc_sleeping);
	if (!(q->flags & TCQ_F_BUILTIN))
		set_bit(__QDISC_STATE_DEACTIVATED, &q->state);
	rcu_assign_pointer(nq->qdisc, &noop_qdisc);
}

/* dev_activate(): defaults when the root is noop, then every queue's qdisc */
void qdk_ns_dev_activate(struct net_device *dev)
{
	unsigned int i;

	if (dev->qdisc == &noop_qdisc)
		attach_default_qdiscs(dev);
	for (i = 0; i < dev->num_tx_queues; i++) {
		struct netdev_queue *txq = netdev_get_tx_queue(dev, i);
		struct Qdisc *q = txq->qdisc_sleeping;

		if (!(q->flags & TCQ_F_BUILTIN))
			clear_bit(__QDISC_STATE_DEACTIVATED, &q->state);
		txq->qdisc = q;
	}
	ingress_activate(dev);
}

/* dev_deactivate(): noop on every queue, the sleeping qdiscs reset */
void qdk_ns_dev_deactivate(struct net_device *dev)
{
	unsigned int i;

	for (i = 0; i < dev->num_tx_queues; i++) {
		struct netdev_queue *txq = netdev_get_tx_queue(dev, i);
		struct Qdisc *q = txq->qdisc_sleeping;

		txq->qdisc = &noop_qdisc;
		if (!(q->flags & TCQ_F_BUILTIN)) {
			set_bit(__QDISC_STATE_DEACTIVATED, &q->state);
			qdisc_reset(q);
		}
	}
	ingress_deactivate(dev);
}

/* a namespace's device goes: its qdiscs released (dev_shutdown()), then it */
void qdk_ns_dev_free(struct qdk_net *net, struct qdk_ndev *nd)
{
	struct net_device *dev = &nd->dev;

	if (dev->flags & IFF_UP)
		qdk_ns_dev_deactivate(dev);
	dev_shutdown(dev);
	/* free_netdev() */
	kfree(rtnl_dereference(dev->ingress_queue));
	kfree(nd->root_tca);
	qdk_netdev_unregister(dev);
	list_del(&nd->list);
	net->ndevs--;
	kfree(nd);
}

/*
 * The namespace's rtnetlink socket, which modules send through
 * (rtnl_unicast(), rtnl_notify() ...). Requests to it come from tc and ip
 * through qdk_rtnl_rcv(), not as messages: it has no input.
 */
static int rtnetlink_net_init(struct net *net)
{
	struct netlink_kernel_cfg cfg = {
		.groups = RTNLGRP_MAX,
		.flags = NL_CFG_F_NONROOT_RECV,
	};

	net->rtnl = netlink_kernel_create(net, NETLINK_ROUTE, &cfg);
	return net->rtnl ? 0 : -ENOMEM;
}

/* init_net's, as the kernel's netlink_proto_init() makes it at boot */
static int __init rtnetlink_init(void)
{
	/* the kernel panics: nothing that talks netlink could work */
	if (rtnetlink_net_init(&init_net)) {
		pr_crit("rtnetlink_init: cannot initialize rtnetlink\n");
		BUG();
	}
	return 0;
}
core_initcall(rtnetlink_init);

/* the kernel keeps it for good; qdk_exit() counts what the modules leave */
static void __exit rtnetlink_exit(void)
{
	netlink_kernel_release(init_net.rtnl);
	init_net.rtnl = NULL;
}
module_exit(rtnetlink_exit);

struct qdk_net *qdk_net_new(void)
{
	struct qdk_net *net = kzalloc(sizeof(*net), GFP_KERNEL);

	if (!net)
		return NULL;
	INIT_LIST_HEAD(&net->devs);
	INIT_LIST_HEAD(&net->nsim_devs);
	INIT_LIST_HEAD(&net->net.dev_base_head);
	INIT_LIST_HEAD(&net->net.list);		/* not in net_namespace_list */
	refcount_set(&net->net.passive, 1);
	refcount_set(&net->net.ns.count, 1);
	net->net.user_ns = &init_user_ns;	/* the shim's one user namespace */
	/* the sysctls' defaults (init_net's in dev.c) and a random hash salt */
	net->net.hash_mix = get_random_u32();
	net->net.ipv4.sysctl_ip_prot_sock = 1024;		/* PROT_SOCK */
	net->net.ipv4.sysctl_tcp_min_snd_mss = 48;		/* TCP_MIN_SND_MSS */
	net->net.ipv6.sysctl.auto_flowlabels = 1;		/* IP6_AUTO_FLOW_LABEL_OPTOUT */
	net->net.ipv6.sysctl.multipath_hash_fields = 0x0f;	/* addresses, protocol, label */
	qdk_devinet_init_net(&net->net, &net->devconf_all, &net->devconf_dflt);
	if (rtnetlink_net_init(&net->net)) {
		kfree(net);
		return NULL;
	}
	qdk_net_link(&net->net);
	rtnl_lock();
	if (!lo_create(net)) {
		rtnl_unlock();
		qdk_net_unlink(&net->net);
		netlink_kernel_release(net->net.rtnl);
		kfree(net);
		return NULL;
	}
	rtnl_unlock();
	return net;
}

void qdk_net_free(struct qdk_net *net)
{
	struct qdk_ndev *nd, *tmp;

	if (!net)
		return;
	rtnl_lock();
	list_for_each_entry_safe(nd, tmp, &net->devs, list)
		qdk_ns_dev_free(net, nd);
	qdk_nsim_free_all(net);
	rtnl_unlock();
	qdk_net_unlink(&net->net);
	netlink_kernel_release(net->net.rtnl);
	kfree(net);
}

/* ---- links (net/core/rtnetlink.c) ------------------------------------------ */

/* dev_get_flags() for these devices, which always have a carrier once up */
static unsigned int ns_dev_get_flags(const struct net_device *dev)
{
	unsigned int flags = dev->flags & ~(IFF_RUNNING | IFF_LOWER_UP);

	/* always carrier and oper up once running (dummy, lo) */
	if (dev->flags & IFF_UP)
		flags |= IFF_RUNNING | IFF_LOWER_UP;
	return flags;
}

/* rtnl_fill_ifinfo(), the attributes ip and tc read */
static int rtnl_fill_ifinfo(struct sk_buff *skb, struct net_device *dev,
			    int type, u32 portid, u32 seq, unsigned int flags)
{
	struct qdk_ndev *nd = to_ndev(dev);
	struct nlmsghdr *nlh;
	struct ifinfomsg *ifm;
	struct nlattr *linkinfo;
	/* IF_OPER_UNKNOWN when up (no carrier tracking), down otherwise */
	u8 operstate = (dev->flags & IFF_UP) ? IF_OPER_UNKNOWN : IF_OPER_DOWN;

	nlh = nlmsg_put(skb, portid, seq, type, sizeof(*ifm), flags);
	if (!nlh)
		return -EMSGSIZE;
	ifm = nlmsg_data(nlh);
	ifm->ifi_family = AF_UNSPEC;
	ifm->__ifi_pad = 0;
	ifm->ifi_type = dev->type;
	ifm->ifi_index = dev->ifindex;
	ifm->ifi_flags = ns_dev_get_flags(dev);
	ifm->ifi_change = 0;

	if (nla_put_string(skb, IFLA_IFNAME, dev->name) ||
	    nla_put_u32(skb, IFLA_TXQLEN, dev->tx_queue_len) ||
	    nla_put_u8(skb, IFLA_OPERSTATE, operstate) ||
	    nla_put_u8(skb, IFLA_LINKMODE, 0) ||
	    nla_put_u32(skb, IFLA_MTU, dev->mtu) ||
	    nla_put_u32(skb, IFLA_MIN_MTU, dev->min_mtu) ||
	    nla_put_u32(skb, IFLA_MAX_MTU, dev->max_mtu) ||
	    nla_put_u32(skb, IFLA_GROUP, 0) ||
	    nla_put_u32(skb, IFLA_PROMISCUITY, 0) ||
	    nla_put_u32(skb, IFLA_NUM_TX_QUEUES, dev->num_tx_queues) ||
	    nla_put_u32(skb, IFLA_GSO_MAX_SEGS, dev->gso_max_segs) ||
	    nla_put_u32(skb, IFLA_GSO_MAX_SIZE, dev->gso_max_size) ||
	    nla_put_u32(skb, IFLA_NUM_RX_QUEUES, nd->num_rx_queues) ||
	    nla_put_u8(skb, IFLA_CARRIER, 1) ||
	    nla_put_string(skb, IFLA_QDISC, dev->qdisc->ops->id) ||
	    nla_put(skb, IFLA_ADDRESS, ETH_ALEN, nd->addr) ||
	    nla_put(skb, IFLA_BROADCAST, ETH_ALEN, nd->broadcast))
		goto nla_put_failure;
	if (nd->kind) {
		linkinfo = nla_nest_start_noflag(skb, IFLA_LINKINFO);
		if (!linkinfo ||
		    nla_put_string(skb, IFLA_INFO_KIND, nd->kind))
			goto nla_put_failure;
		nla_nest_end(skb, linkinfo);
	}
	nlmsg_end(skb, nlh);
	return 0;

nla_put_failure:
	nlmsg_cancel(skb, nlh);
	return -EMSGSIZE;
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
/*
 * 6.12 and 7.x refuse a tx_queue_len above S16_MAX when the request is
 * parsed, for a new device too; 6.1 only when an existing one's changes
 * (dev_change_tx_queue_len()), and takes any on a new device.
 */
static const struct netlink_range_validation txqlen_range = {
	.min = 0,
	.max = S16_MAX,
};
#endif

static const struct nla_policy ifla_policy[IFLA_MAX + 1] = {
	[IFLA_IFNAME]		= { .type = NLA_STRING, .len = IFNAMSIZ - 1 },
	[IFLA_MTU]		= { .type = NLA_U32 },
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	[IFLA_TXQLEN]		= NLA_POLICY_FULL_RANGE(NLA_U32, &txqlen_range),
#else
	[IFLA_TXQLEN]		= { .type = NLA_U32 },
#endif
	[IFLA_LINKINFO]		= { .type = NLA_NESTED },
	[IFLA_EXT_MASK]		= { .type = NLA_U32 },
	[IFLA_NUM_TX_QUEUES]	= { .type = NLA_U32 },
	[IFLA_NUM_RX_QUEUES]	= { .type = NLA_U32 },
};

static const struct nla_policy ifla_info_policy[IFLA_INFO_MAX + 1] = {
	[IFLA_INFO_KIND]	= { .type = NLA_STRING },
	[IFLA_INFO_DATA]	= { .type = NLA_NESTED },
};

/* the attributes this namespace acts on; any other is refused, not ignored */
static int check_link_attrs(struct nlattr **tb, struct netlink_ext_ack *extack)
{
	int i;

	for (i = 0; i <= IFLA_MAX; i++) {
		if (!tb[i])
			continue;
		switch (i) {
		case IFLA_IFNAME: case IFLA_MTU: case IFLA_TXQLEN:
		case IFLA_LINKINFO: case IFLA_EXT_MASK:
		case IFLA_NUM_TX_QUEUES: case IFLA_NUM_RX_QUEUES:
			break;
		default:
			NL_SET_ERR_MSG_ATTR(extack, tb[i],
					    "qdk: link attribute not supported in the user-space namespace");
			return -EOPNOTSUPP;
		}
	}
	return 0;
}

static struct net_device *link_lookup(struct qdk_net *net,
				      const struct ifinfomsg *ifm,
				      struct nlattr **tb, char *ifname)
{
	ifname[0] = '\0';
	if (tb[IFLA_IFNAME])
		nla_strscpy(ifname, tb[IFLA_IFNAME], IFNAMSIZ);
	if (ifm->ifi_index > 0)
		return qdk_ns_dev_by_index(net, ifm->ifi_index);
	if (ifname[0])
		return qdk_ns_dev_by_name(net, ifname);
	return NULL;
}

/*
 * dev_change_tx_queue_len() and dev_qdisc_change_tx_queue_len(): each
 * queue's qdisc that sizes itself by it (pfifo_fast) follows, with the
 * device deactivated meanwhile. Above S16_MAX: -ERANGE, nothing changed.
 */
int qdk_ns_change_tx_queue_len(struct net_device *dev, unsigned long new_len)
{
	bool up = dev->flags & IFF_UP;
	unsigned int i;

	if (new_len > S16_MAX)
		return -ERANGE;
	if (new_len == dev->tx_queue_len)
		return 0;
	dev->tx_queue_len = new_len;
	if (up)
		qdk_ns_dev_deactivate(dev);
	for (i = 0; i < dev->num_tx_queues; i++) {
		struct Qdisc *q = netdev_get_tx_queue(dev, i)->qdisc_sleeping;

		if (q->flags & TCQ_F_BUILTIN || !q->ops->change_tx_queue_len)
			continue;
		if (q->ops->change_tx_queue_len(q, new_len))
			break;
	}
	if (up)
		qdk_ns_dev_activate(dev);
	return 0;
}

/* dev_change_flags() for IFF_UP: dev_open()/dev_close() */
static void link_set_up(struct net_device *dev, bool up)
{
	if (up == !!(dev->flags & IFF_UP))
		return;
	if (up) {
		dev->flags |= IFF_UP;
		qdk_ns_dev_activate(dev);
		qdk_netdev_event(NETDEV_UP, dev);
	} else {
		qdk_netdev_event(NETDEV_GOING_DOWN, dev);
		qdk_ns_dev_deactivate(dev);
		dev->flags &= ~IFF_UP;
		qdk_netdev_event(NETDEV_DOWN, dev);
	}
}

static int link_change(struct net_device *dev, const struct ifinfomsg *ifm,
		       struct nlattr **tb, struct netlink_ext_ack *extack)
{
	if (tb[IFLA_MTU]) {
		u32 mtu = nla_get_u32(tb[IFLA_MTU]);

		if (dev->min_mtu && mtu < dev->min_mtu) {
			NL_SET_ERR_MSG(extack, "mtu less than device minimum");
			return -EINVAL;
		}
		if (dev->max_mtu && mtu > dev->max_mtu) {
			NL_SET_ERR_MSG(extack, "mtu greater than device maximum");
			return -EINVAL;
		}
		dev->mtu = mtu;
	}
	if (tb[IFLA_TXQLEN]) {
		int err = qdk_ns_change_tx_queue_len(dev, nla_get_u32(tb[IFLA_TXQLEN]));

		if (err)
			return err;
	}
	if (ifm->ifi_change & IFF_UP || (!ifm->ifi_change && ifm->ifi_flags & IFF_UP))
		link_set_up(dev, ifm->ifi_flags & IFF_UP);
	return 0;
}

static int rtnl_newlink(struct qdk_net *net, const struct nlmsghdr *nlh,
			struct netlink_ext_ack *extack)
{
	struct nlattr *tb[IFLA_MAX + 1], *linkinfo[IFLA_INFO_MAX + 1];
	const struct ifinfomsg *ifm = nlmsg_data(nlh);
	char ifname[IFNAMSIZ], kind[16] = "";
	unsigned int txqs = 1, rxqs = 1;
	struct net_device *dev;
	struct qdk_ndev *nd;
	int err, i;

	err = nlmsg_parse_deprecated(nlh, sizeof(*ifm), tb, IFLA_MAX,
				     ifla_policy, extack);
	if (err < 0)
		return err;
	err = check_link_attrs(tb, extack);
	if (err)
		return err;
	memset(linkinfo, 0, sizeof(linkinfo));
	if (tb[IFLA_LINKINFO]) {
		err = nla_parse_nested_deprecated(linkinfo, IFLA_INFO_MAX,
						  tb[IFLA_LINKINFO],
						  ifla_info_policy, extack);
		if (err < 0)
			return err;
		if (linkinfo[IFLA_INFO_KIND])
			nla_strscpy(kind, linkinfo[IFLA_INFO_KIND], sizeof(kind));
	}
	dev = link_lookup(net, ifm, tb, ifname);
	if (dev) {
		if (nlh->nlmsg_flags & NLM_F_EXCL)
			return -EEXIST;
		if (kind[0] && (!to_ndev(dev)->kind || strcmp(kind, to_ndev(dev)->kind)))
			return -EOPNOTSUPP;
		/* do_setlink(): the queue counts are fixed at creation, ignored */
		return link_change(dev, ifm, tb, extack);
	}
	if (!(nlh->nlmsg_flags & NLM_F_CREATE)) {
		/* like __rtnl_newlink(): a named or indexed device must exist */
		return -ENODEV;
	}
	if (!strcmp(kind, "netdevsim")) {
		/* nsim_validate(): its devices come from the bus */
		NL_SET_ERR_MSG(extack, "netdevsim: Please use: echo \"[ID] [PORT_COUNT] [NUM_QUEUES]\" > /sys/bus/netdevsim/new_device");
		return -EOPNOTSUPP;
	}
	if (!kind[0] || (strcmp(kind, "dummy") && strcmp(kind, "ifb"))) {
		NL_SET_ERR_MSG(extack, "Unknown device type");
		return -EOPNOTSUPP;
	}
	if (ifm->ifi_index) {
		NL_SET_ERR_MSG(extack, "qdk: choosing the ifindex is not supported");
		return -EOPNOTSUPP;
	}
	/* rtnl_create_link(): neither kind has get_num_tx/rx_queues */
	if (tb[IFLA_NUM_TX_QUEUES])
		txqs = nla_get_u32(tb[IFLA_NUM_TX_QUEUES]);
	if (tb[IFLA_NUM_RX_QUEUES])
		rxqs = nla_get_u32(tb[IFLA_NUM_RX_QUEUES]);
	if (txqs < 1 || txqs > 4096) {
		NL_SET_ERR_MSG(extack, "Invalid number of transmit queues");
		return -EINVAL;
	}
	if (rxqs < 1 || rxqs > 4096) {
		NL_SET_ERR_MSG(extack, "Invalid number of receive queues");
		return -EINVAL;
	}
	if (net->ndevs >= QDK_NET_MAX_DEVS) {
		NL_SET_ERR_MSG(extack, "qdk: too many devices in the namespace");
		return -ENOSPC;
	}
	if (!ifname[0]) {
		/* "KIND%d": the lowest free number */
		for (i = 0; i < QDK_NET_MAX_DEVS; i++) {
			snprintf(ifname, IFNAMSIZ, "%s%d", kind, i);
			if (!qdk_ns_dev_by_name(net, ifname))
				break;
		}
	}
	nd = link_create(net, ifname, kind, txqs, rxqs);
	if (!nd)
		return -ENOMEM;
	nd->dev.rtnl_link_state = RTNL_LINK_INITIALIZING;	/* rtnl_create_link() */
	/* rtnl_create_link() takes the length as it comes (the policy bounds it) */
	if (tb[IFLA_TXQLEN]) {
		nd->dev.tx_queue_len = nla_get_u32(tb[IFLA_TXQLEN]);
		tb[IFLA_TXQLEN] = NULL;
	}
	err = link_change(&nd->dev, ifm, tb, extack);
	if (err) {
		qdk_ns_dev_free(net, nd);
		return err;
	}
	/* rtnl_configure_link(): the flags are applied, the link is made */
	nd->dev.rtnl_link_state = RTNL_LINK_INITIALIZED;
	return 0;
}

/*
 * The device a DELLINK or GETLINK request names, by index or IFLA_IFNAME:
 * 0 with *devp set, or -errno.
 */
static int link_find(struct qdk_net *net, const struct nlmsghdr *nlh,
		     struct net_device **devp, struct netlink_ext_ack *extack)
{
	const struct ifinfomsg *ifm = nlmsg_data(nlh);
	struct nlattr *tb[IFLA_MAX + 1];
	char ifname[IFNAMSIZ];
	int err;

	err = nlmsg_parse_deprecated(nlh, sizeof(*ifm), tb, IFLA_MAX,
				     ifla_policy, extack);
	if (err < 0)
		return err;
	if (!ifm->ifi_index && !tb[IFLA_IFNAME]) {
		NL_SET_ERR_MSG(extack, "Device name or index not specified");
		return -EINVAL;
	}
	*devp = link_lookup(net, ifm, tb, ifname);
	return *devp ? 0 : -ENODEV;
}

static int rtnl_dellink(struct qdk_net *net, const struct nlmsghdr *nlh,
			struct netlink_ext_ack *extack)
{
	struct net_device *dev;
	int err = link_find(net, nlh, &dev, extack);

	if (err)
		return err;
	if (!to_ndev(dev)->kind)
		return -EOPNOTSUPP;	/* lo has no rtnl_link_ops */
	qdk_ns_dev_free(net, to_ndev(dev));
	return 0;
}

static int rtnl_getlink(struct qdk_net *net, const struct nlmsghdr *nlh,
			struct nl_out *out, struct netlink_ext_ack *extack)
{
	struct net_device *dev;
	struct sk_buff *skb;
	int err = link_find(net, nlh, &dev, extack);

	if (err)
		return err;
	skb = qdk_nl_reply_alloc();
	if (!skb)
		return -ENOBUFS;
	err = rtnl_fill_ifinfo(skb, dev, RTM_NEWLINK, out->portid,
			       nlh->nlmsg_seq, 0);
	if (err) {
		consume_skb(skb);
		return err;
	}
	qdk_nl_send(out, skb);
	return 0;
}

/* rtnl_dump_ifinfo(): args[0] is the next device's position */
static int rtnl_dump_ifinfo(struct qdk_net *net, struct sk_buff *skb,
			    struct nl_dump *cb)
{
	struct qdk_ndev *nd;
	long idx = 0;

	list_for_each_entry(nd, &net->devs, list) {
		if (idx < cb->args[0]) {
			idx++;
			continue;
		}
		if (rtnl_fill_ifinfo(skb, &nd->dev, RTM_NEWLINK, cb->portid,
				     cb->nlh->nlmsg_seq, NLM_F_MULTI))
			break;
		idx++;
	}
	if (!skb->len && idx < net->ndevs)
		return -EMSGSIZE;
	cb->args[0] = idx;
	return skb->len;
}

/* ---- rtnetlink_rcv_msg / netlink_rcv_skb ----------------------------------- */

static int empty_dump(struct qdk_net *net, struct sk_buff *skb,
		      struct nl_dump *cb)
{
	return 0;
}

static int rtnetlink_rcv_msg(struct qdk_net *net, const struct nlmsghdr *nlh,
			     struct nl_out *out, struct netlink_ext_ack *extack)
{
	int type = nlh->nlmsg_type;

	if (type > RTM_MAX)
		return -EOPNOTSUPP;
	/* every request carries at least the family byte, or is ignored */
	if (nlmsg_len(nlh) < sizeof(struct rtgenmsg))
		return 0;

	switch (type) {
	case RTM_GETLINK:
		if (nlh->nlmsg_flags & NLM_F_DUMP) {
			qdk_nl_dump(net, out, nlh, rtnl_dump_ifinfo, extack);
			return -EINTR;
		}
		if (nlmsg_len(nlh) < sizeof(struct ifinfomsg))
			return -EINVAL;
		return rtnl_getlink(net, nlh, out, extack);
	case RTM_NEWLINK:
		if (nlmsg_len(nlh) < sizeof(struct ifinfomsg))
			return -EINVAL;
		return rtnl_newlink(net, nlh, extack);
	case RTM_DELLINK:
		if (nlmsg_len(nlh) < sizeof(struct ifinfomsg))
			return -EINVAL;
		return rtnl_dellink(net, nlh, extack);
	case RTM_GETQDISC:
		if (nlh->nlmsg_flags & NLM_F_DUMP) {
			qdk_nl_dump(net, out, nlh, tc_dump_qdisc, extack);
			return -EINTR;
		}
		fallthrough;
	case RTM_DELQDISC:
		if (nlmsg_len(nlh) < sizeof(struct tcmsg))
			return -EINVAL;
		return tc_get_qdisc(net, nlh, out, extack);
	case RTM_NEWQDISC:
		if (nlmsg_len(nlh) < sizeof(struct tcmsg))
			return -EINVAL;
		return tc_modify_qdisc(net, nlh, out, extack);
	case RTM_GETTCLASS:
		if (nlh->nlmsg_flags & NLM_F_DUMP) {
			qdk_nl_dump(net, out, nlh, tc_dump_tclass, extack);
			return -EINTR;
		}
		fallthrough;
	case RTM_NEWTCLASS:
	case RTM_DELTCLASS:
		if (nlmsg_len(nlh) < sizeof(struct tcmsg))
			return -EINVAL;
		return tc_ctl_tclass(net, nlh, out, extack);
	default:
		/* the kernel knows them; this namespace does not (yet) */
		if (type >= RTM_BASE && (type & 3) == 2 &&
		    nlh->nlmsg_flags & NLM_F_DUMP) {
			/* an empty dump, like a family with nothing in it */
			qdk_nl_dump(net, out, nlh, empty_dump, extack);
			return -EINTR;
		}
		return -EOPNOTSUPP;
	}
}

static int discard_reply(void *ctx, const void *buf, size_t len)
{
	return 0;
}

/*
 * A tc request for a device that belongs to no namespace (the replay's,
 * shim/api/api.c): qdisc and class requests go through the same code as
 * a namespace's, replies are dropped. The caller holds RTNL.
 */
int qdk_tc_dev_request(struct net_device *dev, const struct nlmsghdr *n,
		       struct netlink_ext_ack *extack)
{
	struct qdk_net net = { .extdev = dev };
	struct nl_out out = { .reply = discard_reply };

	INIT_LIST_HEAD(&net.devs);
	switch (n->nlmsg_type) {
	case RTM_NEWQDISC: case RTM_DELQDISC:
	case RTM_NEWTCLASS: case RTM_DELTCLASS:
		return rtnetlink_rcv_msg(&net, n, &out, extack);
	default:
		return -EOPNOTSUPP;
	}
}

int qdk_rtnl_rcv(struct qdk_net *net, const void *buf, size_t len,
		 uint32_t portid, unsigned int flags, qdk_nl_reply_fn reply,
		 void *ctx)
{
	struct nl_out out = {
		.portid = portid, .flags = flags, .reply = reply, .ctx = ctx,
	};
	const struct nlmsghdr *nlh;
	void *copy;

	if (len > QDK_NL_MAX_REQUEST)
		return -EMSGSIZE;
	/* aligned, and owned while the qdiscs parse it */
	copy = kmalloc(len ? len : 1, GFP_KERNEL);
	if (!copy)
		return -ENOMEM;
	memcpy(copy, buf, len);
	rtnl_lock();
	nlh = copy;
	while (len >= NLMSG_HDRLEN) {
		struct netlink_ext_ack extack = {};
		size_t msglen;
		int err = 0;

		if (nlh->nlmsg_len < NLMSG_HDRLEN || len < nlh->nlmsg_len)
			break;
		if (!(nlh->nlmsg_flags & NLM_F_REQUEST) ||
		    nlh->nlmsg_type < NLMSG_MIN_TYPE)
			goto ack;
		err = rtnetlink_rcv_msg(net, nlh, &out, &extack);
		if (err == -EINTR)
			goto skip;
ack:
		if (nlh->nlmsg_flags & NLM_F_ACK || err)
			qdk_nl_ack(&out, nlh, err, &extack);
skip:
		msglen = NLMSG_ALIGN(nlh->nlmsg_len);
		if (msglen > len)
			msglen = len;
		len -= msglen;
		nlh = (const struct nlmsghdr *)((const u8 *)nlh + msglen);
	}
	rtnl_unlock();
	kfree(copy);
	return out.err;
}

int rtnl_trylock(void)
{
	if (rtnl_is_locked())
		return 0;
	rtnl_lock();
	return 1;
}

int rtnl_lock_killable(void)
{
	rtnl_lock();
	return 0;
}

bool refcount_dec_and_rtnl_lock(refcount_t *r)
{
	/* refcount_dec_not_one(): one thread, so a plain test and decrement */
	if (refcount_read(r) != 1) {
		refcount_dec(r);
		return false;
	}
	rtnl_lock();
	if (!refcount_dec_and_test(r)) {
		rtnl_unlock();
		return false;
	}
	return true;
}

/* ---- handler and link kind registries (net/core/rtnetlink.c) --------------- */

/* the sizes rtnetlink's parsers keep on the stack, per series */
#define RTNL_MAX_TYPE		50
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
#define RTNL_SLAVE_MAX_TYPE	45
#elif LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
#define RTNL_SLAVE_MAX_TYPE	44
#else
#define RTNL_SLAVE_MAX_TYPE	40
#endif

/* one family's handlers of one message type */
struct rtnl_link {
	rtnl_doit_func		doit;
	rtnl_dumpit_func	dumpit;
	struct module		*owner;
	unsigned int		flags;
};

/* per family, a table of RTM_NR_MSGTYPES handlers, made at its first use */
static struct rtnl_link **rtnl_msg_handlers[RTNL_FAMILY_MAX + 1];

static int rtm_msgindex(int msgtype)
{
	int msgindex = msgtype - RTM_BASE;

	/* a control message type, or one newer than the table */
	BUG_ON(msgindex < 0 || msgindex >= RTM_NR_MSGTYPES);
	return msgindex;
}

static int rtnl_register_internal(struct module *owner, int protocol, int msgtype,
				  rtnl_doit_func doit, rtnl_dumpit_func dumpit,
				  unsigned int flags)
{
	struct rtnl_link **tab, *link;
	int msgindex;
	int ret = -ENOBUFS;

	BUG_ON(protocol < 0 || protocol > RTNL_FAMILY_MAX);
	msgindex = rtm_msgindex(msgtype);

	rtnl_lock();
	tab = rtnl_msg_handlers[protocol];
	if (!tab) {
		tab = kcalloc(RTM_NR_MSGTYPES, sizeof(*tab), GFP_KERNEL);
		if (!tab)
			goto unlock;
		rtnl_msg_handlers[protocol] = tab;
	}
	/* the kernel publishes a copy: an allocation either way */
	link = kzalloc(sizeof(*link), GFP_KERNEL);
	if (!link)
		goto unlock;
	if (tab[msgindex])
		*link = *tab[msgindex];

	WARN_ON(link->owner && link->owner != owner);
	link->owner = owner;
	WARN_ON(doit && link->doit && link->doit != doit);
	if (doit)
		link->doit = doit;
	WARN_ON(dumpit && link->dumpit && link->dumpit != dumpit);
	if (dumpit)
		link->dumpit = dumpit;
	/* bulk deletion is a flag of delete requests only */
	WARN_ON(rtnl_msgtype_kind(msgtype) != RTNL_KIND_DEL &&
		(flags & RTNL_FLAG_BULK_DEL_SUPPORTED));
	link->flags |= flags;

	kfree(tab[msgindex]);
	tab[msgindex] = link;
	ret = 0;
unlock:
	rtnl_unlock();
	return ret;
}

#if LINUX_VERSION_CODE < KERNEL_VERSION(7, 3, 0)
int rtnl_register_module(struct module *owner, int protocol, int msgtype,
			 rtnl_doit_func doit, rtnl_dumpit_func dumpit, unsigned int flags)
{
	return rtnl_register_internal(owner, protocol, msgtype, doit, dumpit, flags);
}

void rtnl_register(int protocol, int msgtype,
		   rtnl_doit_func doit, rtnl_dumpit_func dumpit, unsigned int flags)
{
	if (rtnl_register_internal(NULL, protocol, msgtype, doit, dumpit, flags))
		pr_err("Unable to register rtnetlink message handler, protocol = %d, message type = %d\n",
		       protocol, msgtype);
}
#else
static
#endif
int rtnl_unregister(int protocol, int msgtype)
{
	struct rtnl_link **tab;
	int msgindex;

	BUG_ON(protocol < 0 || protocol > RTNL_FAMILY_MAX);
	msgindex = rtm_msgindex(msgtype);

	rtnl_lock();
	tab = rtnl_msg_handlers[protocol];
	if (!tab) {
		rtnl_unlock();
		return -ENOENT;
	}
	/* a type never registered in a family that has a table: 0 too */
	kfree(tab[msgindex]);
	tab[msgindex] = NULL;
	rtnl_unlock();
	return 0;
}

void rtnl_unregister_all(int protocol)
{
	struct rtnl_link **tab;
	int msgindex;

	BUG_ON(protocol < 0 || protocol > RTNL_FAMILY_MAX);

	rtnl_lock();
	tab = rtnl_msg_handlers[protocol];
	rtnl_msg_handlers[protocol] = NULL;
	if (!tab) {
		rtnl_unlock();
		return;
	}
	for (msgindex = 0; msgindex < RTM_NR_MSGTYPES; msgindex++)
		kfree(tab[msgindex]);
	rtnl_unlock();
	kfree(tab);
}

void __rtnl_unregister_many(const struct rtnl_msg_handler *handlers, int n)
{
	int i;

	/* in reverse, as they were registered */
	for (i = n - 1; i >= 0; i--)
		rtnl_unregister(handlers[i].protocol, handlers[i].msgtype);
}

int __rtnl_register_many(const struct rtnl_msg_handler *handlers, int n)
{
	const struct rtnl_msg_handler *h;
	int i, err = 0;

	for (i = 0; i < n; i++) {
		h = &handlers[i];
		err = rtnl_register_internal(h->owner, h->protocol, h->msgtype,
					     h->doit, h->dumpit, h->flags);
		if (err) {
			/* built-in code cannot run without its handlers: the kernel panics */
			if (!h->owner) {
				pr_emerg("Kernel panic - not syncing: Unable to register rtnetlink message handlers, %pS\n",
					 handlers);
				BUG();
			}
			__rtnl_unregister_many(handlers, i);
			break;
		}
	}
	return err;
}

/*
 * The handlers of a family and type, PF_UNSPEC's when the family has none:
 * what rtnetlink_rcv_msg() would call (the shim's tests look).
 */
bool qdk_rtnl_handler(int protocol, int msgtype, rtnl_doit_func *doit,
		      rtnl_dumpit_func *dumpit, unsigned int *flags)
{
	struct rtnl_link *link = NULL;
	int msgindex = rtm_msgindex(msgtype);

	if (protocol >= 0 && protocol <= RTNL_FAMILY_MAX && rtnl_msg_handlers[protocol])
		link = rtnl_msg_handlers[protocol][msgindex];
	if (!link && rtnl_msg_handlers[PF_UNSPEC])
		link = rtnl_msg_handlers[PF_UNSPEC][msgindex];
	if (!link)
		return false;
	*doit = link->doit;
	*dumpit = link->dumpit;
	*flags = link->flags;
	return true;
}

static LIST_HEAD(link_ops);
static LIST_HEAD(rtnl_af_ops);

/* a registered kind by name, NULL when none (rtnl_link_ops_get()) */
const struct rtnl_link_ops *qdk_rtnl_link_ops_get(const char *kind)
{
	const struct rtnl_link_ops *ops;

	list_for_each_entry(ops, &link_ops, list)
		if (!strcmp(ops->kind, kind))
			return ops;
	return NULL;
}

/* rtnetlink parses IFLA_INFO_DATA into arrays of these sizes on the stack */
static bool link_ops_too_big(const struct rtnl_link_ops *ops)
{
	return WARN_ON(ops->maxtype > RTNL_MAX_TYPE ||
		       ops->slave_maxtype > RTNL_SLAVE_MAX_TYPE);
}

/* a kind that can make devices can delete them */
static void link_ops_default_dellink(struct rtnl_link_ops *ops)
{
	if ((ops->alloc || ops->setup) && !ops->dellink)
		ops->dellink = unregister_netdevice_queue;
}

/*
 * Unregistering a kind deletes its devices in every namespace: a device
 * of a module's kind is never registered here (register_netdevice() is not
 * modelled), so there is none to delete.
 */
#if LINUX_VERSION_CODE < KERNEL_VERSION(7, 3, 0)
int __rtnl_link_register(struct rtnl_link_ops *ops)
{
	if (qdk_rtnl_link_ops_get(ops->kind))
		return -EEXIST;
	link_ops_default_dellink(ops);
	list_add_tail(&ops->list, &link_ops);
	return 0;
}

void __rtnl_link_unregister(struct rtnl_link_ops *ops)
{
	list_del(&ops->list);
}

int rtnl_link_register(struct rtnl_link_ops *ops)
{
	int err;

	if (link_ops_too_big(ops))
		return -EINVAL;
	rtnl_lock();
	err = __rtnl_link_register(ops);
	rtnl_unlock();
	return err;
}

void rtnl_link_unregister(struct rtnl_link_ops *ops)
{
	rtnl_lock();
	__rtnl_link_unregister(ops);
	rtnl_unlock();
}
#else
static DEFINE_MUTEX(link_ops_mutex);

int rtnl_link_register(struct rtnl_link_ops *ops)
{
	const struct rtnl_link_ops *tmp;
	int err;

	if (link_ops_too_big(ops))
		return -EINVAL;
	link_ops_default_dellink(ops);
	err = init_srcu_struct(&ops->srcu);
	if (err)
		return err;
	mutex_lock(&link_ops_mutex);
	list_for_each_entry(tmp, &link_ops, list) {
		if (!strcmp(ops->kind, tmp->kind)) {
			err = -EEXIST;
			break;
		}
	}
	if (!err)
		list_add_tail_rcu(&ops->list, &link_ops);
	mutex_unlock(&link_ops_mutex);
	if (err)
		cleanup_srcu_struct(&ops->srcu);
	return err;
}

void rtnl_link_unregister(struct rtnl_link_ops *ops)
{
	mutex_lock(&link_ops_mutex);
	list_del_rcu(&ops->list);
	mutex_unlock(&link_ops_mutex);
	synchronize_rcu();
	synchronize_srcu(&ops->srcu);
	cleanup_srcu_struct(&ops->srcu);
	rtnl_lock();	/* where the kernel deletes the kind's devices */
	rtnl_unlock();
}
#endif

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
static DEFINE_SPINLOCK(rtnl_af_ops_lock);

int rtnl_af_register(struct rtnl_af_ops *ops)
{
	int err = init_srcu_struct(&ops->srcu);

	if (err)
		return err;
	spin_lock(&rtnl_af_ops_lock);
	list_add_tail_rcu(&ops->list, &rtnl_af_ops);
	spin_unlock(&rtnl_af_ops_lock);
	return 0;
}
#else
void rtnl_af_register(struct rtnl_af_ops *ops)
{
	rtnl_lock();
	list_add_tail_rcu(&ops->list, &rtnl_af_ops);
	rtnl_unlock();
}
#endif

void rtnl_af_unregister(struct rtnl_af_ops *ops)
{
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	spin_lock(&rtnl_af_ops_lock);
	list_del_rcu(&ops->list);
	spin_unlock(&rtnl_af_ops_lock);
	synchronize_rcu();
	synchronize_srcu(&ops->srcu);
	cleanup_srcu_struct(&ops->srcu);
#else
	rtnl_lock();
	list_del_rcu(&ops->list);
	rtnl_unlock();
	synchronize_rcu();
#endif
}

/* ---- messages through the namespace's socket (net/core/rtnetlink.c) ------ */

int rtnetlink_send(struct sk_buff *skb, struct net *net, u32 pid, u32 group, int echo)
{
	return nlmsg_notify(net->rtnl, skb, pid, group, echo, GFP_KERNEL);
}
EXPORT_SYMBOL(rtnetlink_send);

int rtnl_unicast(struct sk_buff *skb, struct net *net, u32 pid)
{
	return nlmsg_unicast(net->rtnl, skb, pid);
}
EXPORT_SYMBOL(rtnl_unicast);

void rtnl_notify(struct sk_buff *skb, struct net *net, u32 pid, u32 group,
		 const struct nlmsghdr *nlh, gfp_t flags)
{
	nlmsg_notify(net->rtnl, skb, pid, group, nlmsg_report(nlh), flags);
}
EXPORT_SYMBOL(rtnl_notify);

void rtnl_set_sk_err(struct net *net, u32 group, int error)
{
	netlink_set_err(net->rtnl, 0, group, error);
}
EXPORT_SYMBOL(rtnl_set_sk_err);

int rtnetlink_put_metrics(struct sk_buff *skb, u32 *metrics)
{
	struct nlattr *mx = nla_nest_start_noflag(skb, RTA_METRICS);
	int i, valid = 0;

	if (!mx)
		return -ENOBUFS;
	for (i = 0; i < RTAX_MAX; i++) {
		u32 v = metrics[i];
		int err;

		if (!v)
			continue;
		if (i == RTAX_CC_ALGO - 1) {
			/* the algorithm by name; a key nobody has now is left out */
			char tmp[TCP_CA_NAME_MAX], *name = tcp_ca_get_name_by_key(v, tmp);

			if (!name)
				continue;
			err = nla_put_string(skb, i + 1, name);
		} else if (i == RTAX_FEATURES - 1) {
			/* only what user space may set; the kernel's own bits stay in */
			v &= RTAX_FEATURE_MASK;
			if (!v)
				continue;
			err = nla_put_u32(skb, i + 1, v);
		} else {
			err = nla_put_u32(skb, i + 1, v);
		}
		if (err) {
			nla_nest_cancel(skb, mx);
			return -EMSGSIZE;
		}
		valid++;
	}
	if (!valid) {
		nla_nest_cancel(skb, mx);
		return 0;
	}
	return nla_nest_end(skb, mx);
}
EXPORT_SYMBOL(rtnetlink_put_metrics);

/* the default FDB holds permanent entries only, with no VLAN */
int ndo_dflt_fdb_add(struct ndmsg *ndm, struct nlattr *tb[], struct net_device *dev,
		     const unsigned char *addr, u16 vid, u16 flags)
{
	int err = -EINVAL;

	if (ndm->ndm_state && !(ndm->ndm_state & NUD_PERMANENT)) {
		netdev_info(dev, "default FDB implementation only supports local addresses\n");
		return err;
	}
	if (tb[NDA_FLAGS_EXT]) {
		netdev_info(dev, "invalid flags given to default FDB implementation\n");
		return err;
	}
	if (vid) {
		netdev_info(dev, "vlans aren't supported yet for dev_uc|mc_add()\n");
		return err;
	}
	if (is_unicast_ether_addr(addr) || is_link_local_ether_addr(addr))
		err = dev_uc_add_excl(dev, addr);
	else if (is_multicast_ether_addr(addr))
		err = dev_mc_add_excl(dev, addr);
	/* an entry that is there already is an error only to NLM_F_EXCL */
	if (err == -EEXIST && !(flags & NLM_F_EXCL))
		err = 0;
	return err;
}
EXPORT_SYMBOL(ndo_dflt_fdb_add);

int ndo_dflt_fdb_del(struct ndmsg *ndm, struct nlattr *tb[], struct net_device *dev,
		     const unsigned char *addr, u16 vid)
{
	int err = -EINVAL;

	if (!(ndm->ndm_state & NUD_PERMANENT)) {
		netdev_info(dev, "default FDB implementation only supports local addresses\n");
		return err;
	}
	if (is_unicast_ether_addr(addr) || is_link_local_ether_addr(addr))
		err = dev_uc_del(dev, addr);
	else if (is_multicast_ether_addr(addr))
		err = dev_mc_del(dev, addr);
	return err;
}
EXPORT_SYMBOL(ndo_dflt_fdb_del);

/* the namespace a new link goes into: the request's, or the one it names */
struct net *rtnl_link_get_net(struct net *src_net, struct nlattr *tb[])
{
	if (tb[IFLA_NET_NS_PID])
		return get_net_ns_by_pid(nla_get_u32(tb[IFLA_NET_NS_PID]));
	if (tb[IFLA_NET_NS_FD])
		return get_net_ns_by_fd(nla_get_u32(tb[IFLA_NET_NS_FD]));
	return get_net(src_net);
}
EXPORT_SYMBOL(rtnl_link_get_net);

/* a peer's ifinfomsg and attributes (veth's, vxcan's VETH_INFO_PEER) */
int rtnl_nla_parse_ifinfomsg(struct nlattr **tb, const struct nlattr *nla_peer,
			     struct netlink_ext_ack *exterr)
{
	const struct ifinfomsg *ifmp = nla_data(nla_peer);

	if (ifmp->ifi_index < 0) {
		NL_SET_ERR_MSG_ATTR(exterr, nla_peer, "ifindex can't be negative");
		return -EINVAL;
	}
	return nla_parse_deprecated(tb, IFLA_MAX, (const struct nlattr *)(ifmp + 1),
				    nla_len(nla_peer) - sizeof(*ifmp), ifla_policy, exterr);
}
EXPORT_SYMBOL(rtnl_nla_parse_ifinfomsg);
