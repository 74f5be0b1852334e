// SPDX-License-Identifier: GPL-2.0
/*
 * rtnetlink.c - a network namespace that answers rtnetlink as Linux 6.1
 * does, for the stock tc and ip (shim/usertc): the devices of the
 * namespace (lo, dummy, ifb; one or more transmit queues) with
 * RTM_NEWLINK/DELLINK/GETLINK, netdevsim's multi-queue devices made
 * through its sysfs bus files, and their default qdiscs (noqueue,
 * pfifo_fast, mq over pfifo_fast), and the qdisc
 * requests of net/sched/sch_api.c: RTM_NEWQDISC (create, change, replace,
 * graft under a classful parent), RTM_DELQDISC, RTM_GETQDISC (get and
 * dump) with tc_fill_qdisc()'s attributes, statistics and the kernel's
 * extack messages. Requests are processed as netlink_rcv_skb() does:
 * message by message, acked when asked or when they fail, dumps in
 * NLM_F_MULTI parts closed by NLMSG_DONE. The class requests of
 * tc_ctl_tclass() (RTM_NEWTCLASS, RTM_DELTCLASS, RTM_GETTCLASS and its
 * dump, tc_fill_tclass()) reach the qdisc's Qdisc_class_ops the same way.
 *
 * Not here (yet): filters, ingress/clsact, size tables, notifications to
 * listeners (tc monitor, NLM_F_ECHO).
 */
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/skbuff.h>
#include <linux/netdevice.h>
#include <linux/rtnetlink.h>
#include <linux/if_link.h>
#include <linux/if_arp.h>
#include <linux/if_ether.h>
#include <linux/mm.h>
#include <linux/inetdevice.h>
#include <net/netlink.h>
#include <net/gen_stats.h>
#include <net/pkt_sched.h>
#include <net/sch_generic.h>
#include <linux/uidgid.h>
#include <linux/random.h>

#include "shim.h"
#include "../api/qdk_api.h"

/* one part of a dump; tc and ip grow their buffer to whatever comes */
#define QDK_NL_DUMP_SIZE	16384
/* a namespace holds at most this many devices */
#define QDK_NET_MAX_DEVS	256

struct qdk_ndev {
	struct net_device dev;
	struct list_head list;
	const char *kind;		/* IFLA_INFO_KIND, NULL for lo and netdevsim */
	struct nsim_bus_dev *nsim;	/* a netdevsim port: its bus device */
	/*
	 * The TCA_OPTIONS (header included) of the request that made the
	 * root qdisc root_made, as a trace's tca line holds them; len 0: none
	 * sent. root_changed: a change request reached it since. Its handle
	 * and kind too: a qdisc later put at the same address (a default
	 * after a delete) is not taken for it.
	 */
	const struct Qdisc *root_made;
	u32 root_handle;
	const struct Qdisc_ops *root_ops;
	void *root_tca;
	size_t root_tca_len;
	bool root_changed;
	unsigned int num_rx_queues;
	u8 addr[ETH_ALEN];
	u8 broadcast[ETH_ALEN];
	struct in_device in_dev;	/* dev.ip_ptr */
	struct netdev_queue txq[];
};

struct qdk_net {
	struct net net;			/* what modules see: dev_get_by_*() */
	struct list_head devs;		/* in creation order: for_each_netdev */
	int ndevs;
	int last_ifindex;
	struct list_head nsim_devs;	/* netdevsim's bus devices, by creation */
	/* qdk_tc_dev_request(): the one device of a namespace of its own */
	struct net_device *extdev;
	/* net.ipv4 (devinet_init_net()): the "all" and "default" device settings */
	struct ipv4_devconf devconf_all;
	struct ipv4_devconf devconf_dflt;
};

static const struct net_device_ops qdk_ns_netdev_ops;

static struct qdk_ndev *to_ndev(struct net_device *dev)
{
	return container_of(dev, struct qdk_ndev, dev);
}

/* ---- devices --------------------------------------------------------------- */

static struct net_device *dev_by_index(struct qdk_net *net, int ifindex)
{
	struct qdk_ndev *nd;

	if (net->extdev)
		return net->extdev->ifindex == ifindex ? net->extdev : NULL;
	list_for_each_entry(nd, &net->devs, list)
		if (nd->dev.ifindex == ifindex)
			return &nd->dev;
	return NULL;
}

static struct net_device *dev_by_name(struct qdk_net *net, const char *name)
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
static struct qdk_ndev *ether_create(struct qdk_net *net, const char *name,
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

	nd = ether_create(net, name, ifb ? "ifb" : "dummy", txqs, rxqs,
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

/* shutdown_scheduler_queue(): the queue's qdisc released, noop in its place */
static void shutdown_scheduler_queue(struct netdev_queue *dev_queue)
{
	struct Qdisc *qdisc = dev_queue->qdisc_sleeping;

	dev_queue->qdisc = &noop_qdisc;
	dev_queue->qdisc_sleeping = &noop_qdisc;
	qdisc_put(qdisc);
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
			shutdown_scheduler_queue(netdev_get_tx_queue(dev, i));
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

/* dev_activate(): defaults when the root is noop, then every queue's qdisc */
static void ns_dev_activate(struct net_device *dev)
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
}

/* dev_deactivate(): noop on every queue, the sleeping qdiscs reset */
static void ns_dev_deactivate(struct net_device *dev)
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
}

/* dev_shutdown(): every qdisc of the device released */
static void ndev_free(struct qdk_net *net, struct qdk_ndev *nd)
{
	struct net_device *dev = &nd->dev;
	unsigned int i;

	if (dev->flags & IFF_UP)
		ns_dev_deactivate(dev);
	for (i = 0; i < dev->num_tx_queues; i++) {
		struct netdev_queue *txq = netdev_get_tx_queue(dev, i);
		struct Qdisc *q = txq->qdisc_sleeping;

		txq->qdisc_sleeping = &noop_qdisc;
		txq->qdisc = &noop_qdisc;
		qdisc_put(q);
	}
	qdisc_put(dev->qdisc);
	dev->qdisc = &noop_qdisc;
	kfree(nd->root_tca);
	qdk_netdev_unregister(dev);
	list_del(&nd->list);
	net->ndevs--;
	kfree(nd);
}

/* ---- netdevsim (6.1's drivers/net/netdevsim/bus.c and netdev.c) ---------- */

/*
 * One device of netdevsim's bus, made by writing "ID [PORT_COUNT
 * [NUM_QUEUES]]" to /sys/bus/netdevsim/new_device: PORT_COUNT net devices
 * ("eth%d") with NUM_QUEUES transmit and receive queues each. The kernel
 * keeps one bus for the whole machine and puts the ports in the writer's
 * namespace; here each namespace has a bus of its own.
 */
struct nsim_bus_dev {
	struct list_head list;
	unsigned int id;
};

/* nsim_setup_tc(): flow blocks only (this namespace has no filters) */
static int nsim_setup_tc(struct net_device *dev, enum tc_setup_type type,
			 void *type_data)
{
	return -EOPNOTSUPP;
}

static const struct net_device_ops nsim_netdev_ops = {
	.ndo_setup_tc = nsim_setup_tc,
};

/*
 * nsim_create() with nsim_setup(): ether_setup() without ARP and
 * multicast, no queue (IFF_NO_QUEUE, tx_queue_len 0: noqueue once up),
 * mtu 68..65535, NETIF_F_HW_TC settable but off, no rtnl_link_ops (so no
 * IFLA_LINKINFO and `ip link del` is refused). The address is made from
 * the ifindex, tagged 0x5d (the kernel's is random).
 */
static struct qdk_ndev *nsim_port_create(struct qdk_net *net,
					 struct nsim_bus_dev *bd,
					 unsigned int queues)
{
	char name[IFNAMSIZ];
	struct qdk_ndev *nd;
	int i;

	/* dev_alloc_name("eth%d"): the lowest free number */
	for (i = 0; i < QDK_NET_MAX_DEVS; i++) {
		snprintf(name, IFNAMSIZ, "eth%d", i);
		if (!dev_by_name(net, name))
			break;
	}
	nd = ether_create(net, name, NULL, queues, queues, 0x5d);
	if (!nd)
		return NULL;
	nd->nsim = bd;
	nd->dev.netdev_ops = &nsim_netdev_ops;
	nd->dev.tx_queue_len = 0;
	nd->dev.priv_flags |= IFF_NO_QUEUE;
	nd->dev.min_mtu = ETH_MIN_MTU;
	nd->dev.max_mtu = ETH_MAX_MTU;
	nd->dev.hw_features |= NETIF_F_HW_TC;
	return nd;
}

/* nsim_bus_dev_del(): the ports go (unregister_netdevice), then the device */
static void nsim_bus_dev_del(struct qdk_net *net, struct nsim_bus_dev *bd)
{
	struct qdk_ndev *nd, *tmp;

	list_for_each_entry_safe(nd, tmp, &net->devs, list)
		if (nd->nsim == bd)
			ndev_free(net, nd);
	list_del(&bd->list);
	kfree(bd);
}

static void nsim_free_all(struct qdk_net *net)
{
	struct nsim_bus_dev *bd, *tmp;

	list_for_each_entry_safe(bd, tmp, &net->nsim_devs, list)
		nsim_bus_dev_del(net, bd);
}

/*
 * sscanf(buf, "%u %u %u", ...) as the kernel's vsscanf() reads it: white
 * space skipped, each number decimal digits (truncated to 32 bits).
 * Returns how many were read.
 */
static int scan_uints(const char *s, unsigned int *v, int max)
{
	int n;

	for (n = 0; n < max; n++) {
		u64 x = 0;

		while (*s == ' ' || (*s >= '\t' && *s <= '\r'))
			s++;
		if (*s < '0' || *s > '9')
			break;
		while (*s >= '0' && *s <= '9')
			x = x * 10 + (*s++ - '0');
		v[n] = (unsigned int)x;
	}
	return n;
}

static struct nsim_bus_dev *nsim_bus_dev_find(struct qdk_net *net,
					      unsigned int id)
{
	struct nsim_bus_dev *bd;

	list_for_each_entry(bd, &net->nsim_devs, list)
		if (bd->id == id)
			return bd;
	return NULL;
}

/*
 * new_device_store(): "ID [PORT_COUNT [NUM_QUEUES]]", 1 port and 1 queue
 * by default. A taken ID fails as ida_alloc_range() does (-ENOSPC); a
 * port that cannot be made (no queues) leaves the bus device without it,
 * as a failed probe does, and the write succeeds.
 */
static int nsim_new_device(struct qdk_net *net, const char *buf)
{
	unsigned int v[3] = { 0, 1, 1 }, i;
	struct nsim_bus_dev *bd;

	if (scan_uints(buf, v, 3) < 1) {
		pr_err("Format for adding new device is \"id port_count num_queues\" (uint uint unit).\n");
		return -EINVAL;
	}
	if (v[0] > INT_MAX) {
		pr_err("Value of \"id\" is too big.\n");
		return -EINVAL;
	}
	if (nsim_bus_dev_find(net, v[0]))
		return -ENOSPC;
	bd = kzalloc(sizeof(*bd), GFP_KERNEL);
	if (!bd)
		return -ENOMEM;
	bd->id = v[0];
	list_add_tail(&bd->list, &net->nsim_devs);
	if (v[2] < 1 || v[2] > 4096)
		return 0;
	for (i = 0; i < v[1]; i++) {
		if (net->ndevs >= QDK_NET_MAX_DEVS) {
			pr_err("qdk: too many devices in the namespace\n");
			break;
		}
		if (!nsim_port_create(net, bd, v[2]))
			break;
	}
	return 0;
}

/* del_device_store(): "ID" */
static int nsim_del_device(struct qdk_net *net, const char *buf)
{
	struct nsim_bus_dev *bd;
	unsigned int id;

	if (scan_uints(buf, &id, 1) < 1) {
		pr_err("Format for deleting device is \"id\" (uint).\n");
		return -EINVAL;
	}
	if (id > INT_MAX) {
		pr_err("Value of \"id\" is too big.\n");
		return -EINVAL;
	}
	bd = nsim_bus_dev_find(net, id);
	if (!bd)
		return -ENOENT;
	nsim_bus_dev_del(net, bd);
	return 0;
}

/* ---- sysfs files of the namespace ------------------------------------------ */

static const struct {
	const char *path;
	int (*store)(struct qdk_net *net, const char *buf);
} sysfs_files[] = {
	{ "/sys/bus/netdevsim/new_device", nsim_new_device },
	{ "/sys/bus/netdevsim/del_device", nsim_del_device },
};

int qdk_net_sysfs_open(const char *path)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(sysfs_files); i++)
		if (!strcmp(path, sysfs_files[i].path))
			return (int)i;
	return -ENOENT;
}

/*
 * kernfs_fop_write_iter() for a store-only attribute: at most a page,
 * NUL-terminated, the store's result is write()'s.
 */
long qdk_net_sysfs_write(struct qdk_net *net, int file, const void *buf,
			 size_t len)
{
	char page[PAGE_SIZE];
	int err;

	if (file < 0 || (size_t)file >= ARRAY_SIZE(sysfs_files))
		return -EBADF;
	if (len > PAGE_SIZE - 1)
		len = PAGE_SIZE - 1;
	memcpy(page, buf, len);
	page[len] = '\0';
	rtnl_lock();
	err = sysfs_files[file].store(net, page);
	rtnl_unlock();
	return err ? err : (long)len;
}

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
	qdk_net_link(&net->net);
	rtnl_lock();
	if (!lo_create(net)) {
		rtnl_unlock();
		qdk_net_unlink(&net->net);
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
		ndev_free(net, nd);
	nsim_free_all(net);
	rtnl_unlock();
	qdk_net_unlink(&net->net);
	kfree(net);
}

/* ---- replies --------------------------------------------------------------- */

struct nl_out {
	u32 portid;
	unsigned int flags;		/* QDK_NL_* socket options */
	qdk_nl_reply_fn reply;
	void *ctx;
	int err;			/* the first failed delivery */
};

static void out_send(struct nl_out *out, struct sk_buff *skb)
{
	int err = out->reply(out->ctx, skb->data, skb->len);

	if (err && !out->err)
		out->err = err;
	consume_skb(skb);
}

/* netlink_ack(): NLMSG_ERROR with the request (whole on error) and TLVs */
static void netlink_ack(struct nl_out *out, const struct nlmsghdr *nlh, int err,
			const struct netlink_ext_ack *extack)
{
	size_t payload = sizeof(struct nlmsgerr), tlvlen = 0;
	bool tlvs = extack && (out->flags & QDK_NL_EXT_ACK);
	struct nlmsghdr *rep;
	struct nlmsgerr *errmsg;
	struct sk_buff *skb;
	unsigned int flags = 0;

	if (err && !(out->flags & QDK_NL_CAP_ACK))
		payload += nlmsg_len(nlh);
	else
		flags |= NLM_F_CAPPED;
	if (tlvs) {
		if (extack->_msg)
			tlvlen += nla_total_size(strlen(extack->_msg) + 1);
		if (err && extack->bad_attr)
			tlvlen += nla_total_size(sizeof(u32));
	}
	if (tlvlen)
		flags |= NLM_F_ACK_TLVS;

	skb = qdk_skb_alloc(nlmsg_total_size(payload + tlvlen));
	if (!skb) {
		out->err = -ENOMEM;
		return;
	}
	rep = nlmsg_put(skb, out->portid, nlh->nlmsg_seq, NLMSG_ERROR,
			sizeof(*errmsg), flags);
	errmsg = nlmsg_data(rep);
	errmsg->error = err;
	if (payload > sizeof(*errmsg)) {
		skb_put(skb, NLMSG_ALIGN(nlh->nlmsg_len) - sizeof(*nlh));
		memcpy(&errmsg->msg, nlh, nlh->nlmsg_len);
	} else {
		memcpy(&errmsg->msg, nlh, sizeof(*nlh));
	}
	if (tlvlen) {
		if (extack->_msg)
			nla_put_string(skb, NLMSGERR_ATTR_MSG, extack->_msg);
		if (err && extack->bad_attr &&
		    (const u8 *)extack->bad_attr >= (const u8 *)nlh &&
		    (const u8 *)extack->bad_attr < (const u8 *)nlh + nlh->nlmsg_len)
			nla_put_u32(skb, NLMSGERR_ATTR_OFFS,
				    (const u8 *)extack->bad_attr - (const u8 *)nlh);
	}
	nlmsg_end(skb, rep);
	out_send(out, skb);
}

/* a dump in progress: netlink_callback's part that dumpers use */
struct nl_dump {
	const struct nlmsghdr *nlh;
	u32 portid;
	long args[2];
	bool strict;
	struct netlink_ext_ack *extack;
};

typedef int (*dumpit_t)(struct qdk_net *net, struct sk_buff *skb,
			struct nl_dump *cb);

/*
 * netlink_dump(): parts of QDK_NL_DUMP_SIZE until the dumper adds nothing,
 * then NLMSG_DONE carrying its status (and the extack message). Dumpers
 * return -EMSGSIZE for a message too big for an empty part.
 */
static void netlink_dump(struct qdk_net *net, struct nl_out *out,
			 const struct nlmsghdr *nlh, dumpit_t dumpit,
			 struct netlink_ext_ack *extack)
{
	struct nl_dump cb = {
		.nlh = nlh, .portid = out->portid, .extack = extack,
		.strict = out->flags & QDK_NL_STRICT_CHK,
	};
	struct nlmsghdr *done;
	struct sk_buff *skb;
	int len, tlvlen = 0;
	bool tlvs;

	for (;;) {
		skb = qdk_skb_alloc(QDK_NL_DUMP_SIZE);
		if (!skb) {
			len = -ENOMEM;
			break;
		}
		len = dumpit(net, skb, &cb);
		if (len > 0) {
			out_send(out, skb);
			continue;
		}
		consume_skb(skb);
		break;
	}
	tlvs = extack->_msg && (out->flags & QDK_NL_EXT_ACK);
	if (tlvs)
		tlvlen = nla_total_size(strlen(extack->_msg) + 1);
	skb = qdk_skb_alloc(nlmsg_total_size(sizeof(len)) + tlvlen);
	if (!skb) {
		out->err = -ENOMEM;
		return;
	}
	done = nlmsg_put(skb, out->portid, nlh->nlmsg_seq, NLMSG_DONE,
			 sizeof(len), NLM_F_MULTI | (tlvs ? NLM_F_ACK_TLVS : 0));
	memcpy(nlmsg_data(done), &len, sizeof(len));
	if (tlvs)
		nla_put_string(skb, NLMSGERR_ATTR_MSG, extack->_msg);
	nlmsg_end(skb, done);
	out_send(out, skb);
}

/* rtnl_unicast() of one message built by fill into a fresh skb */
static struct sk_buff *reply_alloc(void)
{
	return qdk_skb_alloc(QDK_NL_DUMP_SIZE);
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

static const struct nla_policy ifla_policy[IFLA_MAX + 1] = {
	[IFLA_IFNAME]		= { .type = NLA_STRING, .len = IFNAMSIZ - 1 },
	[IFLA_MTU]		= { .type = NLA_U32 },
	[IFLA_TXQLEN]		= { .type = NLA_U32 },
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
		return dev_by_index(net, ifm->ifi_index);
	if (ifname[0])
		return dev_by_name(net, ifname);
	return NULL;
}

/*
 * dev_change_tx_queue_len() and dev_qdisc_change_tx_queue_len(): each
 * queue's qdisc that sizes itself by it (pfifo_fast) follows, with the
 * device deactivated meanwhile.
 */
static void dev_change_tx_queue_len(struct net_device *dev, u32 new_len)
{
	bool up = dev->flags & IFF_UP;
	unsigned int i;

	if (new_len == dev->tx_queue_len)
		return;
	dev->tx_queue_len = new_len;
	if (up)
		ns_dev_deactivate(dev);
	for (i = 0; i < dev->num_tx_queues; i++) {
		struct Qdisc *q = netdev_get_tx_queue(dev, i)->qdisc_sleeping;

		if (q->flags & TCQ_F_BUILTIN || !q->ops->change_tx_queue_len)
			continue;
		if (q->ops->change_tx_queue_len(q, new_len))
			break;
	}
	if (up)
		ns_dev_activate(dev);
}

/* dev_change_flags() for IFF_UP: dev_open()/dev_close() */
static void link_set_up(struct net_device *dev, bool up)
{
	if (up == !!(dev->flags & IFF_UP))
		return;
	if (up) {
		dev->flags |= IFF_UP;
		ns_dev_activate(dev);
		qdk_netdev_event(NETDEV_UP, dev);
	} else {
		qdk_netdev_event(NETDEV_GOING_DOWN, dev);
		ns_dev_deactivate(dev);
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
	if (tb[IFLA_TXQLEN])
		dev_change_tx_queue_len(dev, nla_get_u32(tb[IFLA_TXQLEN]));
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
			if (!dev_by_name(net, ifname))
				break;
		}
	}
	nd = link_create(net, ifname, kind, txqs, rxqs);
	if (!nd)
		return -ENOMEM;
	err = link_change(&nd->dev, ifm, tb, extack);
	if (err) {
		ndev_free(net, nd);
		return err;
	}
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
	ndev_free(net, to_ndev(dev));
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
	skb = reply_alloc();
	if (!skb)
		return -ENOBUFS;
	err = rtnl_fill_ifinfo(skb, dev, RTM_NEWLINK, out->portid,
			       nlh->nlmsg_seq, 0);
	if (err) {
		consume_skb(skb);
		return err;
	}
	out_send(out, skb);
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

/* ---- qdiscs (net/sched/sch_api.c) ------------------------------------------ */

static const struct nla_policy rtm_tca_policy[TCA_MAX + 1] = {
	[TCA_KIND]		= { .type = NLA_STRING },
	[TCA_RATE]		= { .type = NLA_BINARY,
				    .len = sizeof(struct tc_estimator) },
	[TCA_STAB]		= { .type = NLA_NESTED },
	[TCA_DUMP_INVISIBLE]	= { .type = NLA_FLAG },
	[TCA_CHAIN]		= { .type = NLA_U32 },
	[TCA_INGRESS_BLOCK]	= { .type = NLA_U32 },
	[TCA_EGRESS_BLOCK]	= { .type = NLA_U32 },
};

/* the message tc_fill_qdisc() and tc_fill_tclass() start with: its tcmsg */
static struct nlmsghdr *tc_msg_put(struct sk_buff *skb, const struct Qdisc *q,
				   u32 portid, u32 seq, u16 flags, int event,
				   u32 parent, u32 handle, u32 info)
{
	struct nlmsghdr *nlh;
	struct tcmsg *tcm;

	nlh = nlmsg_put(skb, portid, seq, event, sizeof(*tcm), flags);
	if (!nlh)
		return NULL;
	tcm = nlmsg_data(nlh);
	tcm->tcm_family = AF_UNSPEC;
	tcm->tcm__pad1 = 0;
	tcm->tcm__pad2 = 0;
	tcm->tcm_ifindex = qdisc_dev(q)->ifindex;
	tcm->tcm_parent = parent;
	tcm->tcm_handle = handle;
	tcm->tcm_info = info;
	return nlh;
}

static int tc_fill_qdisc(struct sk_buff *skb, struct Qdisc *q, u32 clid,
			 u32 portid, u32 seq, u16 flags, int event)
{
	unsigned char *b = skb_tail_pointer(skb);
	struct gnet_stats_basic_sync __percpu *cpu_bstats = NULL;
	struct gnet_stats_queue __percpu *cpu_qstats = NULL;
	struct nlmsghdr *nlh;
	struct gnet_dump d;

	nlh = tc_msg_put(skb, q, portid, seq, flags, event, clid, q->handle,
			 refcount_read(&q->refcnt));
	if (!nlh)
		return -1;
	if (nla_put_string(skb, TCA_KIND, q->ops->id))
		goto nla_put_failure;
	if (q->ops->dump && qdk_ctx_op("dump", q->ops->id, q->ops->dump(q, skb)) < 0)
		goto nla_put_failure;
	if (nla_put_u8(skb, TCA_HW_OFFLOAD, !!(q->flags & TCQ_F_OFFLOADED)))
		goto nla_put_failure;
	if (gnet_stats_start_copy_compat(skb, TCA_STATS2, TCA_STATS, TCA_XSTATS,
					 NULL, &d, TCA_PAD) < 0)
		goto nla_put_failure;
	if (q->ops->dump_stats && q->ops->dump_stats(q, &d) < 0)
		goto nla_put_failure;
	if (qdisc_is_percpu_stats(q)) {
		cpu_bstats = q->cpu_bstats;
		cpu_qstats = q->cpu_qstats;
	}
	if (gnet_stats_copy_basic(&d, cpu_bstats, &q->bstats, true) < 0 ||
	    gnet_stats_copy_rate_est(&d, &q->rate_est) < 0 ||
	    gnet_stats_copy_queue(&d, cpu_qstats, &q->qstats,
				  qdisc_qlen_sum(q)) < 0)
		goto nla_put_failure;
	if (gnet_stats_finish_copy(&d) < 0)
		goto nla_put_failure;
	nlh->nlmsg_len = skb_tail_pointer(skb) - b;
	return skb->len;

nla_put_failure:
	nlmsg_trim(skb, b);
	return -1;
}

static bool tc_qdisc_dump_ignore(struct Qdisc *q, bool dump_invisible)
{
	if (q->flags & TCQ_F_BUILTIN)
		return true;
	if ((q->flags & TCQ_F_INVISIBLE) && !dump_invisible)
		return true;
	return false;
}

/*
 * qdisc_notify(): the messages go to RTNLGRP_TC listeners and, with
 * NLM_F_ECHO, back to the sender. Nobody listens to this namespace, so
 * only the echo is sent.
 */
static void qdisc_notify(struct nl_out *out, const struct nlmsghdr *n, u32 clid,
			 struct Qdisc *old, struct Qdisc *new)
{
	struct sk_buff *skb;

	if (!(n->nlmsg_flags & NLM_F_ECHO))
		return;
	skb = reply_alloc();
	if (!skb)
		return;
	if (old && !tc_qdisc_dump_ignore(old, false) &&
	    tc_fill_qdisc(skb, old, clid, out->portid, n->nlmsg_seq, 0,
			  RTM_DELQDISC) < 0)
		goto err_out;
	if (new && !tc_qdisc_dump_ignore(new, false) &&
	    tc_fill_qdisc(skb, new, clid, out->portid, n->nlmsg_seq,
			  old ? NLM_F_REPLACE : 0, RTM_NEWQDISC) < 0)
		goto err_out;
	if (skb->len) {
		out_send(out, skb);
		return;
	}
err_out:
	consume_skb(skb);
}

static void notify_and_destroy(struct nl_out *out, const struct nlmsghdr *n,
			       u32 clid, struct Qdisc *old, struct Qdisc *new)
{
	if (new || old)
		qdisc_notify(out, n, clid, old, new);
	if (old)
		qdisc_put(old);
}

static struct Qdisc *qdisc_leaf(struct Qdisc *p, u32 classid,
				struct netlink_ext_ack *extack)
{
	const struct Qdisc_class_ops *cops = p->ops->cl_ops;
	unsigned long cl;

	if (!cops) {
		NL_SET_ERR_MSG(extack, "Parent qdisc is not classful");
		return ERR_PTR(-EOPNOTSUPP);
	}
	cl = cops->find(p, classid);
	if (cl == 0) {
		NL_SET_ERR_MSG(extack, "Specified class not found");
		return ERR_PTR(-ENOENT);
	}
	return cops->leaf(p, cl);
}

static int check_loop(struct Qdisc *q, struct Qdisc *p, int depth);

struct check_loop_arg {
	struct qdisc_walker w;
	struct Qdisc *p;
	int depth;
};

static int check_loop_fn(struct Qdisc *q, unsigned long cl,
			 struct qdisc_walker *w)
{
	struct check_loop_arg *arg = (struct check_loop_arg *)w;
	struct Qdisc *leaf = q->ops->cl_ops->leaf(q, cl);

	if (leaf) {
		if (leaf == arg->p || arg->depth > 7)
			return -ELOOP;
		return check_loop(leaf, arg->p, arg->depth + 1);
	}
	return 0;
}

static int check_loop(struct Qdisc *q, struct Qdisc *p, int depth)
{
	struct check_loop_arg arg;

	if (q->ops->cl_ops == NULL)
		return 0;
	arg.w.stop = arg.w.skip = arg.w.count = 0;
	arg.w.fn = check_loop_fn;
	arg.depth = depth;
	arg.p = p;
	q->ops->cl_ops->walk(q, &arg.w);
	return arg.w.stop ? -ELOOP : 0;
}

/* qdisc_alloc_handle(): the next free automatic handle, 0 when none */
static u32 qdisc_alloc_handle(struct net_device *dev)
{
	static u32 autohandle = TC_H_MAKE(0x80000000U, 0);
	int i = 0x8000;

	do {
		autohandle += TC_H_MAKE(0x10000U, 0);
		if (autohandle == TC_H_MAKE(TC_H_ROOT, 0))
			autohandle = TC_H_MAKE(0x80000000U, 0);
		if (!qdisc_lookup(dev, autohandle))
			return autohandle;
	} while (--i > 0);
	return 0;
}

/*
 * qdisc_block_indexes_set(): no qdisc built here shares filter blocks
 * (ingress_block_set/egress_block_set), so an index is refused with the
 * kernel's message for 0 or for a qdisc without the op.
 */
static int qdisc_block_indexes_set(struct nlattr **tca,
				   struct netlink_ext_ack *extack)
{
	static const struct {
		int attr;
		const char *zero, *unsupported;
	} blocks[] = {
		{ TCA_INGRESS_BLOCK, "Ingress block index cannot be 0",
		  "Ingress block sharing is not supported" },
		{ TCA_EGRESS_BLOCK, "Egress block index cannot be 0",
		  "Egress block sharing is not supported" },
	};
	unsigned int i;
	int err;

	for (i = 0; i < ARRAY_SIZE(blocks); i++) {
		if (!tca[blocks[i].attr])
			continue;
		err = nla_get_u32(tca[blocks[i].attr]) ? -EOPNOTSUPP : -EINVAL;
		if (extack)
			extack->_msg = err == -EINVAL ? blocks[i].zero :
							blocks[i].unsupported;
		return err;
	}
	return 0;
}

static struct Qdisc *qdisc_create(struct net_device *dev,
				  struct netdev_queue *dev_queue, u32 parent,
				  u32 handle, struct nlattr **tca, int *errp,
				  struct netlink_ext_ack *extack)
{
	const struct Qdisc_ops *ops = NULL;
	char kind[IFNAMSIZ];
	struct Qdisc *sch;
	int err;

	if (tca[TCA_KIND] && nla_strscpy(kind, tca[TCA_KIND], IFNAMSIZ) >= 0)
		ops = qdk_lookup_ops(kind);
	err = -ENOENT;
	if (!ops) {
		NL_SET_ERR_MSG(extack, "Specified qdisc kind is unknown");
		goto err_out;
	}
	sch = qdisc_alloc(dev_queue, ops, extack);
	if (IS_ERR(sch)) {
		err = PTR_ERR(sch);
		goto err_out;
	}
	sch->parent = parent;
	if (handle == TC_H_INGRESS) {
		if (!(sch->flags & TCQ_F_INGRESS)) {
			NL_SET_ERR_MSG(extack,
				       "Specified parent ID is reserved for ingress and clsact Qdiscs");
			err = -EINVAL;
			goto err_free;
		}
		handle = TC_H_MAKE(TC_H_INGRESS, 0);
	} else {
		if (handle == 0) {
			handle = qdisc_alloc_handle(dev);
			if (handle == 0) {
				NL_SET_ERR_MSG(extack, "Maximum number of qdisc handles was exceeded");
				err = -ENOSPC;
				goto err_free;
			}
		}
		if (!netif_is_multiqueue(dev))
			sch->flags |= TCQ_F_ONETXQUEUE;
	}
	sch->handle = handle;
	if ((dev->priv_flags & IFF_NO_QUEUE) && dev->tx_queue_len == 0)
		dev->tx_queue_len = DEFAULT_TX_QUEUE_LEN;
	err = qdisc_block_indexes_set(tca, extack);
	if (err)
		goto err_free;
	if (ops->init) {
		err = qdk_ctx_op("init", ops->id, ops->init(sch, tca[TCA_OPTIONS], extack));
		if (err != 0)
			goto err_destroy;
	}
	if (tca[TCA_STAB]) {
		NL_SET_ERR_MSG(extack, "qdk: size tables (stab) are not supported yet");
		err = -EOPNOTSUPP;
		goto err_destroy;
	}
	if (tca[TCA_RATE]) {
		err = -EOPNOTSUPP;
		if (sch->flags & TCQ_F_MQROOT) {
			NL_SET_ERR_MSG(extack, "Cannot attach rate estimator to a multi-queue root qdisc");
			goto err_destroy;
		}
		err = gen_new_estimator(&sch->bstats, sch->cpu_bstats,
					&sch->rate_est, NULL, true,
					tca[TCA_RATE]);
		if (err) {
			NL_SET_ERR_MSG(extack, "Failed to generate new estimator");
			goto err_destroy;
		}
	}
	qdisc_hash_add(sch, false);
	return sch;

err_destroy:
	/* ops->init() failed or ran: ->destroy() like qdisc_create_dflt() */
	if (ops->destroy)
		qdk_ctx_op_void("destroy", ops->id, ops->destroy(sch));
err_free:
	qdisc_free(sch);
err_out:
	*errp = err;
	return NULL;
}

/* qdisc_change(): ->change only with TCA_OPTIONS */
static int qdisc_change(struct Qdisc *sch, struct nlattr **tca,
			struct netlink_ext_ack *extack)
{
	int err;

	if (tca[TCA_OPTIONS]) {
		if (!sch->ops->change) {
			NL_SET_ERR_MSG(extack, "Change operation not supported by specified qdisc");
			return -EINVAL;
		}
		if (tca[TCA_INGRESS_BLOCK] || tca[TCA_EGRESS_BLOCK]) {
			NL_SET_ERR_MSG(extack, "Change of blocks is not supported");
			return -EOPNOTSUPP;
		}
		err = qdk_ctx_op("change", sch->ops->id, sch->ops->change(sch, tca[TCA_OPTIONS], extack));
		if (err)
			return err;
	}
	if (tca[TCA_STAB]) {
		NL_SET_ERR_MSG(extack, "qdk: size tables (stab) are not supported yet");
		return -EOPNOTSUPP;
	}
	/* errors of a replaced estimator are ignored: change cannot be undone */
	if (tca[TCA_RATE] && !(sch->flags & TCQ_F_MQROOT))
		gen_replace_estimator(&sch->bstats, sch->cpu_bstats,
				      &sch->rate_est, NULL, true, tca[TCA_RATE]);
	return 0;
}

/* qdisc_clear_nolock(): the qdisc goes back to the lock and shared stats */
static void qdisc_clear_nolock(struct Qdisc *sch)
{
	sch->flags &= ~TCQ_F_NOLOCK;
	if (!(sch->flags & TCQ_F_CPUSTATS))
		return;
	free_percpu(sch->cpu_bstats);
	free_percpu(sch->cpu_qstats);
	sch->cpu_bstats = NULL;
	sch->cpu_qstats = NULL;
	sch->flags &= ~TCQ_F_CPUSTATS;
}

static int qdisc_graft(struct net_device *dev, struct Qdisc *parent,
		       struct nl_out *out, const struct nlmsghdr *n,
		       u32 classid, struct Qdisc *new, struct Qdisc *old,
		       struct netlink_ext_ack *extack)
{
	const struct Qdisc_class_ops *cops;
	unsigned long cl;
	unsigned int i;
	int err;

	if (parent == NULL) {
		if (new)
			new->depth = 0;
		if (dev->flags & IFF_UP)
			ns_dev_deactivate(dev);
		if (!(new && new->ops->attach)) {
			for (i = 0; i < dev->num_tx_queues; i++) {
				old = dev_graft_qdisc(netdev_get_tx_queue(dev, i), new);
				if (new && i > 0)
					qdisc_refcount_inc(new);
				qdisc_put(old);
			}
		}
		old = dev->qdisc;
		if (new && !new->ops->attach)
			qdisc_refcount_inc(new);
		dev->qdisc = new ? : &noop_qdisc;
		notify_and_destroy(out, n, classid, old, new);
		if (new && new->ops->attach)
			new->ops->attach(new);
		if (dev->flags & IFF_UP)
			ns_dev_activate(dev);
		return 0;
	}

	/* only a lockless parent runs its classes lockless */
	if (new && (new->flags & TCQ_F_NOLOCK) && !(parent->flags & TCQ_F_NOLOCK))
		qdisc_clear_nolock(new);
	cops = parent->ops->cl_ops;
	if (!cops || !cops->graft)
		return -EOPNOTSUPP;
	cl = cops->find(parent, classid);
	if (!cl) {
		NL_SET_ERR_MSG(extack, "Specified class not found");
		return -ENOENT;
	}
	if (new && new->ops == &noqueue_qdisc_ops) {
		NL_SET_ERR_MSG(extack, "Cannot assign noqueue to a class");
		return -EINVAL;
	}
	if (new && parent->depth >= 7) {
		NL_SET_ERR_MSG(extack, "Qdisc hierarchy is too deep");
		return -E2BIG;
	}
	err = cops->graft(parent, cl, new, &old, extack);
	if (err)
		return err;
	if (new)
		new->depth = parent->depth + 1;
	notify_and_destroy(out, n, classid, old, new);
	return 0;
}

/* a request naming a kind (TCA_KIND) must name q's: "Invalid qdisc name" */
static bool kind_matches(struct nlattr **tca, const struct Qdisc *q,
			 struct netlink_ext_ack *extack)
{
	if (tca[TCA_KIND] && nla_strcmp(tca[TCA_KIND], q->ops->id)) {
		NL_SET_ERR_MSG(extack, "Invalid qdisc name");
		return false;
	}
	return true;
}

/* a qdisc request's attributes and device: 0, or -errno */
static int tc_req_parse(struct qdk_net *net, const struct nlmsghdr *n,
			struct nlattr **tca, struct net_device **devp,
			struct netlink_ext_ack *extack)
{
	const struct tcmsg *tcm = nlmsg_data(n);
	int err;

	err = nlmsg_parse_deprecated(n, sizeof(*tcm), tca, TCA_MAX,
				     rtm_tca_policy, extack);
	if (err < 0)
		return err;
	*devp = dev_by_index(net, tcm->tcm_ifindex);
	return *devp ? 0 : -ENODEV;
}

static int tc_get_qdisc(struct qdk_net *net, const struct nlmsghdr *n,
			struct nl_out *out, struct netlink_ext_ack *extack)
{
	const struct tcmsg *tcm = nlmsg_data(n);
	struct nlattr *tca[TCA_MAX + 1];
	struct Qdisc *q = NULL, *p = NULL;
	struct net_device *dev;
	u32 clid;
	int err;

	err = tc_req_parse(net, n, tca, &dev, extack);
	if (err)
		return err;

	clid = tcm->tcm_parent;
	if (clid) {
		if (clid != TC_H_ROOT) {
			if (TC_H_MAJ(clid) != TC_H_MAJ(TC_H_INGRESS)) {
				p = qdisc_lookup(dev, TC_H_MAJ(clid));
				if (!p) {
					NL_SET_ERR_MSG(extack, "Failed to find qdisc with specified classid");
					return -ENOENT;
				}
				q = qdisc_leaf(p, clid, extack);
			}
			/* no ingress queue on these devices */
		} else {
			q = dev->qdisc;
		}
		if (!q) {
			NL_SET_ERR_MSG(extack, "Cannot find specified qdisc on specified device");
			return -ENOENT;
		}
		if (IS_ERR(q))
			return PTR_ERR(q);
		if (tcm->tcm_handle && q->handle != tcm->tcm_handle) {
			NL_SET_ERR_MSG(extack, "Invalid handle");
			return -EINVAL;
		}
	} else {
		q = qdisc_lookup(dev, tcm->tcm_handle);
		if (!q) {
			NL_SET_ERR_MSG(extack, "Failed to find qdisc with specified handle");
			return -ENOENT;
		}
	}
	if (!kind_matches(tca, q, extack))
		return -EINVAL;
	if (n->nlmsg_type == RTM_DELQDISC) {
		if (!clid) {
			NL_SET_ERR_MSG(extack, "Classid cannot be zero");
			return -EINVAL;
		}
		if (q->handle == 0) {
			NL_SET_ERR_MSG(extack, "Cannot delete qdisc with handle of zero");
			return -ENOENT;
		}
		return qdisc_graft(dev, p, out, n, clid, NULL, q, extack);
	}
	qdisc_notify(out, n, clid, NULL, q);
	return 0;
}

static bool req_create_or_replace(const struct nlmsghdr *n)
{
	return n->nlmsg_flags & NLM_F_CREATE && n->nlmsg_flags & NLM_F_REPLACE;
}

static bool req_create_exclusive(const struct nlmsghdr *n)
{
	return n->nlmsg_flags & NLM_F_CREATE && n->nlmsg_flags & NLM_F_EXCL;
}

static bool req_change(const struct nlmsghdr *n)
{
	return !(n->nlmsg_flags & NLM_F_CREATE) &&
	       !(n->nlmsg_flags & NLM_F_REPLACE) &&
	       !(n->nlmsg_flags & NLM_F_EXCL);
}

/* q is the device's root now, made by a request with these options */
static void root_made(struct qdk_ndev *nd, const struct Qdisc *q,
		      const struct nlattr *opt)
{
	kfree(nd->root_tca);
	nd->root_tca = NULL;
	nd->root_tca_len = 0;
	nd->root_made = q;
	nd->root_handle = q->handle;
	nd->root_ops = q->ops;
	nd->root_changed = false;
	if (!opt)
		return;
	nd->root_tca = kmemdup(opt, opt->nla_len, GFP_KERNEL);
	if (nd->root_tca)
		nd->root_tca_len = opt->nla_len;
	else
		nd->root_made = NULL;
}

static int tc_modify_qdisc(struct qdk_net *net, const struct nlmsghdr *n,
			   struct nl_out *out, struct netlink_ext_ack *extack)
{
	const struct tcmsg *tcm = nlmsg_data(n);
	struct nlattr *tca[TCA_MAX + 1];
	struct netdev_queue *dev_queue;
	struct net_device *dev;
	struct Qdisc *q, *p;
	bool created = false;
	u32 clid;
	int err;

	err = tc_req_parse(net, n, tca, &dev, extack);
	if (err)
		return err;
	clid = tcm->tcm_parent;
	q = p = NULL;

	if (clid) {
		if (clid != TC_H_ROOT) {
			if (clid != TC_H_INGRESS) {
				p = qdisc_lookup(dev, TC_H_MAJ(clid));
				if (!p) {
					NL_SET_ERR_MSG(extack, "Failed to find specified qdisc");
					return -ENOENT;
				}
				q = qdisc_leaf(p, clid, extack);
				if (IS_ERR(q))
					return PTR_ERR(q);
			}
			/* no ingress queue on these devices: q stays NULL */
		} else {
			q = dev->qdisc;
		}
		/* it may be the default qdisc: ignore it */
		if (q && q->handle == 0)
			q = NULL;

		if (!q || !tcm->tcm_handle || q->handle != tcm->tcm_handle) {
			if (tcm->tcm_handle) {
				if (q && !(n->nlmsg_flags & NLM_F_REPLACE)) {
					NL_SET_ERR_MSG(extack, "NLM_F_REPLACE needed to override");
					return -EEXIST;
				}
				if (TC_H_MIN(tcm->tcm_handle)) {
					NL_SET_ERR_MSG(extack, "Invalid minor handle");
					return -EINVAL;
				}
				q = qdisc_lookup(dev, tcm->tcm_handle);
				if (!q)
					goto create_n_graft;
				if (q->parent != tcm->tcm_parent) {
					NL_SET_ERR_MSG(extack, "Cannot move an existing qdisc to a different parent");
					return -EINVAL;
				}
				if (n->nlmsg_flags & NLM_F_EXCL) {
					NL_SET_ERR_MSG(extack, "Exclusivity flag on, cannot override");
					return -EEXIST;
				}
				if (!kind_matches(tca, q, extack))
					return -EINVAL;
				if (q->flags & TCQ_F_INGRESS) {
					NL_SET_ERR_MSG(extack, "Cannot regraft ingress or clsact Qdiscs");
					return -EINVAL;
				}
				if (q == p || (p && check_loop(q, p, 0))) {
					NL_SET_ERR_MSG(extack, "Qdisc parent/child loop detected");
					return -ELOOP;
				}
				if (clid == TC_H_INGRESS) {
					NL_SET_ERR_MSG(extack, "Ingress cannot graft directly");
					return -EINVAL;
				}
				qdisc_refcount_inc(q);
				goto graft;
			} else {
				if (!q)
					goto create_n_graft;
				/*
				 * A qdisc of another kind is attached there:
				 * create and graft when the request says
				 * create (replace or exclusive) or nothing
				 * at all (tc's "change"), as the kernel does.
				 */
				if (tca[TCA_KIND] &&
				    nla_strcmp(tca[TCA_KIND], q->ops->id)) {
					if (req_create_or_replace(n) ||
					    req_create_exclusive(n))
						goto create_n_graft;
					else if (req_change(n))
						goto create_n_graft2;
				}
			}
		}
	} else {
		if (!tcm->tcm_handle) {
			NL_SET_ERR_MSG(extack, "Handle cannot be zero");
			return -EINVAL;
		}
		q = qdisc_lookup(dev, tcm->tcm_handle);
	}

	/* change qdisc parameters */
	if (!q) {
		NL_SET_ERR_MSG(extack, "Specified qdisc not found");
		return -ENOENT;
	}
	if (n->nlmsg_flags & NLM_F_EXCL) {
		NL_SET_ERR_MSG(extack, "Exclusivity flag on, cannot modify");
		return -EEXIST;
	}
	if (!kind_matches(tca, q, extack))
		return -EINVAL;
	err = qdisc_change(q, tca, extack);
	if (err == 0)
		qdisc_notify(out, n, clid, NULL, q);
	if (!err && !net->extdev && q == to_ndev(dev)->root_made)
		to_ndev(dev)->root_changed = true;
	return err;

create_n_graft:
	if (!(n->nlmsg_flags & NLM_F_CREATE)) {
		NL_SET_ERR_MSG(extack, "Qdisc not found. To create specify NLM_F_CREATE flag");
		return -ENOENT;
	}
create_n_graft2:
	if (clid == TC_H_INGRESS) {
		NL_SET_ERR_MSG(extack, "Cannot find ingress queue for specified device");
		return -ENOENT;
	}
	if (p && p->ops->cl_ops && p->ops->cl_ops->select_queue)
		dev_queue = p->ops->cl_ops->select_queue(p, (struct tcmsg *)tcm);
	else if (p)
		dev_queue = p->dev_queue;
	else
		dev_queue = netdev_get_tx_queue(dev, 0);
	q = qdisc_create(dev, dev_queue, tcm->tcm_parent, tcm->tcm_handle,
			 tca, &err, extack);
	if (q == NULL)
		return err;
	created = true;

graft:
	err = qdisc_graft(dev, p, out, n, clid, q, NULL, extack);
	if (err) {
		if (q)
			qdisc_put(q);
		return err;
	}
	if (created && clid == TC_H_ROOT && !net->extdev)
		root_made(to_ndev(dev), q, tca[TCA_OPTIONS]);
	return 0;
}

long qdk_net_root_tca(struct qdk_net *net, const char *name, void *buf,
		      size_t len)
{
	struct qdk_ndev *nd;
	struct net_device *dev;
	long ret;

	rtnl_lock();
	dev = dev_by_name(net, name);
	nd = dev ? to_ndev(dev) : NULL;
	if (!nd)
		ret = -ENODEV;
	else if (!nd->root_made || nd->root_made != dev->qdisc ||
		 dev->qdisc->handle != nd->root_handle || dev->qdisc->ops != nd->root_ops)
		ret = -ENOENT;
	else if (nd->root_changed)
		ret = -EBUSY;
	else if (nd->root_tca_len > len)
		ret = -ENOSPC;
	else
		ret = (long)nd->root_tca_len;
	if (ret > 0)
		memcpy(buf, nd->root_tca, nd->root_tca_len);
	rtnl_unlock();
	return ret;
}

/* tc_dump_qdisc_root(): the root, then (recur) the device's qdisc hash */
static int tc_dump_qdisc_root(struct Qdisc *root, struct sk_buff *skb,
			      struct nl_dump *cb, int *q_idx_p, int s_q_idx,
			      bool dump_invisible)
{
	int q_idx = *q_idx_p, b, ret = 0;
	struct Qdisc *q;

	if (!root)
		return 0;
	q = root;
	if (q_idx < s_q_idx) {
		q_idx++;
	} else {
		if (!tc_qdisc_dump_ignore(q, dump_invisible) &&
		    tc_fill_qdisc(skb, q, q->parent, cb->portid,
				  cb->nlh->nlmsg_seq, NLM_F_MULTI,
				  RTM_NEWQDISC) <= 0)
			goto done;
		q_idx++;
	}
	/* noop (builtin) has no device and nothing under it */
	if (!qdisc_dev(root))
		goto out;
	hash_for_each(qdisc_dev(root)->qdisc_hash, b, q, hash) {
		if (q_idx < s_q_idx) {
			q_idx++;
			continue;
		}
		if (!tc_qdisc_dump_ignore(q, dump_invisible) &&
		    tc_fill_qdisc(skb, q, q->parent, cb->portid,
				  cb->nlh->nlmsg_seq, NLM_F_MULTI,
				  RTM_NEWQDISC) <= 0)
			goto done;
		q_idx++;
	}
out:
	*q_idx_p = q_idx;
	return ret;
done:
	ret = -1;
	goto out;
}

/* tc_dump_qdisc(): args[0] device position, args[1] qdisc position */
static int tc_dump_qdisc(struct qdk_net *net, struct sk_buff *skb,
			 struct nl_dump *cb)
{
	struct nlattr *tca[TCA_MAX + 1];
	int idx = 0, q_idx, s_idx, s_q_idx, err;
	struct qdk_ndev *nd;

	s_idx = cb->args[0];
	s_q_idx = q_idx = cb->args[1];
	err = nlmsg_parse_deprecated(cb->nlh, sizeof(struct tcmsg), tca,
				     TCA_MAX, rtm_tca_policy, cb->extack);
	if (err < 0)
		return err;
	list_for_each_entry(nd, &net->devs, list) {
		if (idx < s_idx)
			goto cont;
		if (idx > s_idx)
			s_q_idx = 0;
		q_idx = 0;
		if (tc_dump_qdisc_root(nd->dev.qdisc, skb, cb, &q_idx, s_q_idx,
				       tca[TCA_DUMP_INVISIBLE]) < 0)
			goto done;
cont:
		idx++;
	}
	cb->args[0] = idx;
	cb->args[1] = q_idx;
	return skb->len;
done:
	if (!skb->len)
		return -EMSGSIZE;	/* one message larger than a part */
	cb->args[0] = idx;
	cb->args[1] = q_idx;
	return skb->len;
}

/* ---- classes (net/sched/sch_api.c: tc_ctl_tclass, tc_dump_tclass) ---------- */

static int tc_fill_tclass(struct sk_buff *skb, struct Qdisc *q,
			  unsigned long cl, u32 portid, u32 seq, u16 flags,
			  int event, struct netlink_ext_ack *extack)
{
	const struct Qdisc_class_ops *cl_ops = q->ops->cl_ops;
	unsigned char *b = skb_tail_pointer(skb);
	struct nlmsghdr *nlh;
	struct gnet_dump d;
	struct tcmsg *tcm;

	/* the class's dump sets its own parent, handle and leaf */
	nlh = tc_msg_put(skb, q, portid, seq, flags, event, q->handle, q->handle, 0);
	if (!nlh)
		return -1;
	tcm = nlmsg_data(nlh);
	if (nla_put_string(skb, TCA_KIND, q->ops->id))
		goto nla_put_failure;
	if (cl_ops->dump && cl_ops->dump(q, cl, skb, tcm) < 0)
		goto nla_put_failure;
	if (gnet_stats_start_copy_compat(skb, TCA_STATS2, TCA_STATS, TCA_XSTATS,
					 NULL, &d, TCA_PAD) < 0)
		goto nla_put_failure;
	if (cl_ops->dump_stats && cl_ops->dump_stats(q, cl, &d) < 0)
		goto nla_put_failure;
	if (gnet_stats_finish_copy(&d) < 0)
		goto nla_put_failure;
	if (extack && extack->_msg &&
	    nla_put_string(skb, TCA_EXT_WARN_MSG, extack->_msg))
		goto nla_put_failure;
	nlh->nlmsg_len = skb_tail_pointer(skb) - b;
	return skb->len;

nla_put_failure:
	nlmsg_trim(skb, b);
	return -1;
}

/* tclass_notify(): as qdisc_notify(), only the echo has a listener */
static int tclass_notify(struct nl_out *out, const struct nlmsghdr *n,
			 struct Qdisc *q, unsigned long cl, int event,
			 struct netlink_ext_ack *extack)
{
	struct sk_buff *skb;

	skb = reply_alloc();
	if (!skb)
		return -ENOBUFS;
	if (tc_fill_tclass(skb, q, cl, out->portid, n->nlmsg_seq, 0, event,
			   extack) < 0) {
		consume_skb(skb);
		return -EINVAL;
	}
	if (n->nlmsg_flags & NLM_F_ECHO)
		out_send(out, skb);
	else
		consume_skb(skb);
	return 0;
}

/* tclass_del_notify(): the message is filled before the class goes */
static int tclass_del_notify(struct nl_out *out,
			     const struct Qdisc_class_ops *cops,
			     const struct nlmsghdr *n, struct Qdisc *q,
			     unsigned long cl, struct netlink_ext_ack *extack)
{
	struct sk_buff *skb;
	int err;

	if (!cops->delete)
		return -EOPNOTSUPP;
	skb = reply_alloc();
	if (!skb)
		return -ENOBUFS;
	if (tc_fill_tclass(skb, q, cl, out->portid, n->nlmsg_seq, 0,
			   RTM_DELTCLASS, extack) < 0) {
		consume_skb(skb);
		return -EINVAL;
	}
	err = cops->delete(q, cl, extack);
	if (err) {
		consume_skb(skb);
		return err;
	}
	if (n->nlmsg_flags & NLM_F_ECHO)
		out_send(out, skb);
	else
		consume_skb(skb);
	return 0;
}

/*
 * tc_bind_tclass() rebinds the filters of the qdisc's blocks to a new or
 * deleted class; the blocks here hold no filter that binds classes (the
 * replay's recorded results name classids), so there is nothing to walk.
 */

static int tc_ctl_tclass(struct qdk_net *net, const struct nlmsghdr *n,
			 struct nl_out *out, struct netlink_ext_ack *extack)
{
	const struct tcmsg *tcm = nlmsg_data(n);
	struct nlattr *tca[TCA_MAX + 1];
	const struct Qdisc_class_ops *cops;
	unsigned long cl = 0, new_cl;
	struct net_device *dev;
	struct Qdisc *q;
	u32 portid, clid, qid;
	int err;

	err = tc_req_parse(net, n, tca, &dev, extack);
	if (err)
		return err;

	/*
	 * parent: TC_H_UNSPEC unspecified, TC_H_ROOT the class is a root,
	 * X:0 the root class, X:Y a node, 0:Y X:Y of the qdisc X:0;
	 * handle: 0:0 from the qdisc's pool, 0:Y X:Y, X:Y as is, X:0 root.
	 */
	portid = tcm->tcm_parent;
	clid = tcm->tcm_handle;
	qid = TC_H_MAJ(clid);
	if (portid != TC_H_ROOT) {
		u32 qid1 = TC_H_MAJ(portid);

		if (qid && qid1) {
			if (qid != qid1)
				return -EINVAL;
		} else if (qid1) {
			qid = qid1;
		} else if (qid == 0) {
			qid = dev->qdisc->handle;
		}
		if (portid)
			portid = TC_H_MAKE(qid, portid);
	} else if (qid == 0) {
		qid = dev->qdisc->handle;
	}

	q = qdisc_lookup(dev, qid);
	if (!q)
		return -ENOENT;
	cops = q->ops->cl_ops;
	if (!cops)
		return -EINVAL;

	if (clid == 0) {
		if (portid == TC_H_ROOT)
			clid = qid;
	} else {
		clid = TC_H_MAKE(qid, clid);
	}
	if (clid)
		cl = cops->find(q, clid);

	if (cl == 0) {
		if (n->nlmsg_type != RTM_NEWTCLASS ||
		    !(n->nlmsg_flags & NLM_F_CREATE))
			return -ENOENT;
	} else {
		switch (n->nlmsg_type) {
		case RTM_NEWTCLASS:
			if (n->nlmsg_flags & NLM_F_EXCL)
				return -EEXIST;
			break;
		case RTM_DELTCLASS:
			return tclass_del_notify(out, cops, n, q, cl, extack);
		case RTM_GETTCLASS:
			return tclass_notify(out, n, q, cl, RTM_NEWTCLASS, extack);
		default:
			return -EINVAL;
		}
	}

	if (tca[TCA_INGRESS_BLOCK] || tca[TCA_EGRESS_BLOCK]) {
		NL_SET_ERR_MSG(extack, "Shared blocks are not supported for classes");
		return -EOPNOTSUPP;
	}
	if (clid == TC_H_ROOT) {
		NL_SET_ERR_MSG(extack, "Cannot create traffic class with classid TC_H_ROOT");
		return -EINVAL;
	}
	new_cl = cl;
	err = -EOPNOTSUPP;
	if (cops->change)
		err = cops->change(q, clid, portid, tca, &new_cl, extack);
	if (err == 0)
		tclass_notify(out, n, q, new_cl, RTM_NEWTCLASS, extack);
	return err;
}

struct qdisc_dump_args {
	struct qdisc_walker w;
	struct sk_buff *skb;
	struct nl_dump *cb;
};

static int qdisc_class_dump(struct Qdisc *q, unsigned long cl,
			    struct qdisc_walker *arg)
{
	struct qdisc_dump_args *a = (struct qdisc_dump_args *)arg;

	return tc_fill_tclass(a->skb, q, cl, a->cb->portid,
			      a->cb->nlh->nlmsg_seq, NLM_F_MULTI,
			      RTM_NEWTCLASS, NULL);
}

/* one qdisc's classes; args[1] counts the classes of the qdisc at args[0] */
static int tc_dump_tclass_qdisc(struct Qdisc *q, struct sk_buff *skb,
				const struct tcmsg *tcm, struct nl_dump *cb,
				int *t_p, int s_t)
{
	struct qdisc_dump_args arg;

	if (tc_qdisc_dump_ignore(q, false) || *t_p < s_t || !q->ops->cl_ops ||
	    (tcm->tcm_parent && TC_H_MAJ(tcm->tcm_parent) != q->handle)) {
		(*t_p)++;
		return 0;
	}
	if (*t_p > s_t)
		cb->args[1] = 0;
	arg.w.fn = qdisc_class_dump;
	arg.skb = skb;
	arg.cb = cb;
	arg.w.stop = 0;
	arg.w.skip = cb->args[1];
	arg.w.count = 0;
	q->ops->cl_ops->walk(q, &arg.w);
	cb->args[1] = arg.w.count;
	if (arg.w.stop)
		return -1;
	(*t_p)++;
	return 0;
}

/* the root, then the qdisc the parent names or every qdisc of the device */
static int tc_dump_tclass_root(struct Qdisc *root, struct sk_buff *skb,
			       const struct tcmsg *tcm, struct nl_dump *cb,
			       int *t_p, int s_t)
{
	struct Qdisc *q;
	int b;

	if (!root)
		return 0;
	if (tc_dump_tclass_qdisc(root, skb, tcm, cb, t_p, s_t) < 0)
		return -1;
	if (!qdisc_dev(root))
		return 0;
	if (tcm->tcm_parent) {
		/* qdisc_match_from_root(): the root or one of its hash */
		q = qdisc_lookup(qdisc_dev(root), TC_H_MAJ(tcm->tcm_parent));
		if (q && q != root &&
		    tc_dump_tclass_qdisc(q, skb, tcm, cb, t_p, s_t) < 0)
			return -1;
		return 0;
	}
	hash_for_each(qdisc_dev(root)->qdisc_hash, b, q, hash) {
		if (tc_dump_tclass_qdisc(q, skb, tcm, cb, t_p, s_t) < 0)
			return -1;
	}
	return 0;
}

/* tc_dump_tclass(): one device's classes; args[0] qdisc position */
static int tc_dump_tclass(struct qdk_net *net, struct sk_buff *skb,
			  struct nl_dump *cb)
{
	const struct tcmsg *tcm = nlmsg_data(cb->nlh);
	struct net_device *dev;
	int t = 0, s_t;

	if (nlmsg_len(cb->nlh) < sizeof(*tcm))
		return 0;
	dev = dev_by_index(net, tcm->tcm_ifindex);
	if (!dev)
		return 0;
	s_t = cb->args[0];
	tc_dump_tclass_root(dev->qdisc, skb, tcm, cb, &t, s_t);
	/* no ingress queue on these devices */
	cb->args[0] = t;
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
			netlink_dump(net, out, nlh, rtnl_dump_ifinfo, extack);
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
			netlink_dump(net, out, nlh, tc_dump_qdisc, extack);
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
			netlink_dump(net, out, nlh, tc_dump_tclass, extack);
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
			netlink_dump(net, out, nlh, empty_dump, extack);
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
			netlink_ack(&out, nlh, err, &extack);
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
