/* SPDX-License-Identifier: GPL-2.0 */
/*
 * net_device and netdev_queue, reduced to what qdiscs read: name, mtu,
 * tx_queue_len, the tx queues and their qdiscs, header length, features.
 */
#ifndef _LINUX_NETDEVICE_H
#define _LINUX_NETDEVICE_H

#include <linux/kernel.h>
#include <linux/types.h>
#include <linux/version.h>
#include <linux/skbuff.h>
#include <linux/netdev_features.h>
#include <linux/if.h>
#include <linux/if_ether.h>
#include <linux/rcupdate.h>
#include <linux/spinlock.h>
#include <linux/list.h>
#include <linux/workqueue.h>
#include <linux/hashtable.h>
#include <linux/prefetch.h>
#include <linux/module.h>	/* the kernel's reaches it through its includes */

struct Qdisc;
struct net_device;
struct netlink_ext_ack;

#define NET_XMIT_SUCCESS	0x00
#define NET_XMIT_DROP		0x01
#define NET_XMIT_CN		0x02
#define NET_XMIT_MASK		0x0f
#define net_xmit_eval(e)	((e) == NET_XMIT_CN ? 0 : (e))
#define net_xmit_errno(e)	((e) != NET_XMIT_CN ? -ENOBUFS : 0)

enum netdev_tx {
	__NETDEV_TX_MIN	 = INT_MIN,
	NETDEV_TX_OK	 = 0x00,
	NETDEV_TX_BUSY	 = 0x10,
};
typedef enum netdev_tx netdev_tx_t;

#define DEFAULT_TX_QUEUE_LEN	1000
#define IFF_NO_QUEUE		(1 << 21)
/* net_device.flags (uapi net_device_flags): the replay's devices are up and running */
#define IFF_UP			0x1
#define IFF_BROADCAST		0x2
#define IFF_LOOPBACK		0x8
#define IFF_RUNNING		0x40
#define IFF_NOARP		0x80
#define IFF_LOWER_UP		0x10000

enum tc_setup_type {
	TC_QUERY_CAPS,
	TC_SETUP_QDISC_MQPRIO,
	TC_SETUP_CLSU32,
	TC_SETUP_CLSFLOWER,
	TC_SETUP_CLSMATCHALL,
	TC_SETUP_CLSBPF,
	TC_SETUP_BLOCK,
	TC_SETUP_QDISC_CBS,
	TC_SETUP_QDISC_RED,
	TC_SETUP_QDISC_PRIO,
	TC_SETUP_QDISC_MQ,
	TC_SETUP_QDISC_ETF,
	TC_SETUP_ROOT_QDISC,
	TC_SETUP_QDISC_GRED,
	TC_SETUP_QDISC_TAPRIO,
	TC_SETUP_FT,
	TC_SETUP_QDISC_ETS,
	TC_SETUP_QDISC_TBF,
	TC_SETUP_QDISC_FIFO,
	TC_SETUP_QDISC_HTB,
	TC_SETUP_ACT,
};

struct net_device_ops {
	int (*ndo_setup_tc)(struct net_device *dev, enum tc_setup_type type,
			    void *type_data);
};

struct netdev_queue {
	struct net_device	*dev;
	struct Qdisc __rcu	*qdisc;
	struct Qdisc		*qdisc_sleeping;
	unsigned long		state;
	unsigned long		trans_start;
};

struct net {
	int qdk_unused;
};

/* traffic classes of a multi-queue device (mqprio): 6.1's limits */
#define TC_MAX_QUEUE	16
#define TC_BITMASK	15

struct netdev_tc_txq {
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	/* 7.x: both read at once (READ_ONCE of combined) */
	union {
		struct {
			u16 count;
			u16 offset;
		};
		u32 combined;
	};
#else
	u16 count;
	u16 offset;
#endif
};

struct net_device {
	char			name[IFNAMSIZ];
	unsigned int		flags;
	unsigned int		priv_flags;
	const struct net_device_ops *netdev_ops;
	netdev_features_t	features;
	netdev_features_t	hw_features;
	unsigned int		mtu;
	unsigned int		min_mtu;
	unsigned int		max_mtu;
	unsigned short		type;
	unsigned short		hard_header_len;
	unsigned short		needed_headroom;
	unsigned int		tx_queue_len;
	unsigned int		num_tx_queues;
	unsigned int		real_num_tx_queues;
	struct netdev_queue	*_tx;
	s16			num_tc;
	struct netdev_tc_txq	tc_to_txq[TC_MAX_QUEUE];
	u8			prio_tc_map[TC_BITMASK + 1];
	struct Qdisc __rcu	*qdisc;
	int			ifindex;
	unsigned int		gso_max_size;
	u16			gso_max_segs;
	struct lock_class_key	*qdisc_tx_busylock;
	struct net		*nd_net;
	DECLARE_HASHTABLE	(qdisc_hash, 4);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	u64			max_pacing_offload_horizon;	/* 0: no offload */
#endif
};

typedef struct {
	int qdk_unused;
} netdevice_tracker;

static inline struct netdev_queue *netdev_get_tx_queue(const struct net_device *dev,
						       unsigned int index)
{
	return &dev->_tx[index];
}

static inline bool netif_is_multiqueue(const struct net_device *dev)
{
	return dev->num_tx_queues > 1;
}

/* traffic classes (net/core/dev.c): what mqprio configures */
static inline int netdev_get_prio_tc_map(const struct net_device *dev, u32 prio)
{
	return dev->prio_tc_map[prio & TC_BITMASK];
}

static inline int netdev_set_prio_tc_map(struct net_device *dev, u8 prio, u8 tc)
{
	if (tc >= dev->num_tc)
		return -EINVAL;
	dev->prio_tc_map[prio & TC_BITMASK] = tc & TC_BITMASK;
	return 0;
}

static inline int netdev_get_num_tc(struct net_device *dev)
{
	return dev->num_tc;
}

void netdev_reset_tc(struct net_device *dev);
int netdev_set_tc_queue(struct net_device *dev, u8 tc, u16 count, u16 offset);
int netdev_set_num_tc(struct net_device *dev, u8 num_tc);
int netdev_txq_to_tc(struct net_device *dev, unsigned int txq);

static inline struct net *dev_net(const struct net_device *dev)
{
	return dev->nd_net;
}

static inline int netdev_queue_numa_node_read(const struct netdev_queue *q)
{
	return -1;
}

static inline void dev_hold(struct net_device *dev)
{
}

static inline void dev_put(struct net_device *dev)
{
}

#define netdev_hold(dev, tracker, gfp)	do { } while (0)
#define netdev_put(dev, tracker)	do { } while (0)

static inline bool netif_running(const struct net_device *dev)
{
	return dev->flags & IFF_UP;
}

static inline bool netif_xmit_stopped(const struct netdev_queue *dev_queue)
{
	return false;
}

static inline bool netif_xmit_frozen_or_stopped(const struct netdev_queue *dev_queue)
{
	return false;
}

static inline netdev_features_t netif_skb_features(struct sk_buff *skb)
{
	return skb->dev ? skb->dev->features : 0;
}

/* Kicking the queue: the replay harness dequeues when it decides to. */
void __netif_schedule(struct Qdisc *q);
void netif_schedule_queue(struct netdev_queue *txq);

/* 6.1 declares skb_gso_segment() here; 6.4+ moved it to net/gso.h */
#include <net/gso.h>

#define netdev_info(dev, fmt, ...) pr_info("%s: " fmt, (dev)->name, ##__VA_ARGS__)
#define netdev_warn(dev, fmt, ...) pr_warn("%s: " fmt, (dev)->name, ##__VA_ARGS__)
#define netdev_err(dev, fmt, ...) pr_err("%s: " fmt, (dev)->name, ##__VA_ARGS__)
#define netdev_dbg(dev, fmt, ...) pr_debug("%s: " fmt, (dev)->name, ##__VA_ARGS__)

#endif
