/* SPDX-License-Identifier: GPL-2.0 */
/*
 * netns.h - the network namespace the stock tc and ip talk to (shim/usertc,
 * qdk_api.h's qdk_net_*), shared by the files that serve it as the kernel
 * splits the work: rtnetlink.c (the namespace, its devices and links, and
 * the dispatch of requests), sch_api.c (the qdisc and class requests),
 * netdevsim.c (netdevsim's bus), net-sysfs.c (the sysfs files processes
 * write) and af_netlink.c (acks and dumps).
 * Private to shim/lib: no module includes it.
 */
#ifndef QDK_SHIM_NETNS_H
#define QDK_SHIM_NETNS_H

#include <linux/list.h>
#include <linux/netdevice.h>
#include <linux/inetdevice.h>
#include <linux/if_ether.h>
#include <net/netlink.h>
#include <net/sch_generic.h>

#include "../api/qdk_api.h"

/* one part of a dump; tc and ip grow their buffer to whatever comes */
#define QDK_NL_DUMP_SIZE	16384
/* a namespace holds at most this many devices */
#define QDK_NET_MAX_DEVS	256

/* a device of the namespace: what it is, and what made its root qdisc */
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

struct nl_out {
	u32 portid;
	unsigned int flags;		/* QDK_NL_* socket options */
	qdk_nl_reply_fn reply;
	void *ctx;
	int err;			/* the first failed delivery */
};

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


static inline struct qdk_ndev *to_ndev(struct net_device *dev)
{
	return container_of(dev, struct qdk_ndev, dev);
}

/* rtnetlink.c: the namespace's devices (dev_get_by_index() and friends) */
struct net_device *qdk_ns_dev_by_index(struct qdk_net *net, int ifindex);
struct net_device *qdk_ns_dev_by_name(struct qdk_net *net, const char *name);
struct qdk_ndev *qdk_ns_ether_create(struct qdk_net *net, const char *name,
				     const char *kind, unsigned int txqs,
				     unsigned int rxqs, u8 tag);
void qdk_ns_dev_free(struct qdk_net *net, struct qdk_ndev *nd);
void qdk_ns_dev_activate(struct net_device *dev);
int qdk_ns_change_tx_queue_len(struct net_device *dev, unsigned long new_len);
void qdk_ns_dev_deactivate(struct net_device *dev);

/* netdevsim.c: its bus files' stores, the bus devices going with a namespace */
int qdk_nsim_new_device(struct qdk_net *net, const char *buf);
int qdk_nsim_del_device(struct qdk_net *net, const char *buf);
void qdk_nsim_free_all(struct qdk_net *net);

/* af_netlink.c: replies, netlink_ack() and netlink_dump() */
void qdk_nl_send(struct nl_out *out, struct sk_buff *skb);
void qdk_nl_ack(struct nl_out *out, const struct nlmsghdr *nlh, int err,
		const struct netlink_ext_ack *extack);
void qdk_nl_dump(struct qdk_net *net, struct nl_out *out,
		 const struct nlmsghdr *nlh, dumpit_t dumpit,
		 struct netlink_ext_ack *extack);
struct sk_buff *qdk_nl_reply_alloc(void);

/* sch_api.c: the requests of tc_modify_qdisc() .. tc_dump_tclass() */
int tc_get_qdisc(struct qdk_net *net, const struct nlmsghdr *n,
		 struct nl_out *out, struct netlink_ext_ack *extack);
int tc_modify_qdisc(struct qdk_net *net, const struct nlmsghdr *n,
		    struct nl_out *out, struct netlink_ext_ack *extack);
int tc_dump_qdisc(struct qdk_net *net, struct sk_buff *skb,
		  struct nl_dump *cb);
int tc_ctl_tclass(struct qdk_net *net, const struct nlmsghdr *n,
		  struct nl_out *out, struct netlink_ext_ack *extack);
int tc_dump_tclass(struct qdk_net *net, struct sk_buff *skb,
		   struct nl_dump *cb);

#endif /* QDK_SHIM_NETNS_H */
