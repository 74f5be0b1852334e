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
#include <linux/bitops.h>
#include <linux/refcount.h>
#include <linux/rculist.h>
#include <linux/jiffies.h>
#include <linux/string.h>
#include <linux/printk.h>
#include <linux/notifier.h>
#include <linux/dynamic_queue_limits.h>
#include <linux/device.h>
#include <linux/u64_stats_sync.h>
#include <linux/mutex.h>
#include <linux/interrupt.h>	/* the NAPI poll's tasklet */
#include <linux/sockios.h>

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

struct ifreq;
struct ifmap;
struct netdev_phys_item_id;
struct rtnl_link_stats64;
struct net_device_stats;

/*
 * What a driver implements, the members a virtual or simple driver sets
 * (the series' signatures); the stack calls them where the shim has the
 * stack's path: ndo_setup_tc (tc offload requests), ndo_vlan_rx_add_vid/
 * kill_vid (vlan_vid_add()/del()).
 */
struct net_device_ops {
	int		(*ndo_init)(struct net_device *dev);
	void		(*ndo_uninit)(struct net_device *dev);
	int		(*ndo_open)(struct net_device *dev);
	int		(*ndo_stop)(struct net_device *dev);
	netdev_tx_t	(*ndo_start_xmit)(struct sk_buff *skb, struct net_device *dev);
	netdev_features_t (*ndo_features_check)(struct sk_buff *skb,
						struct net_device *dev,
						netdev_features_t features);
	u16		(*ndo_select_queue)(struct net_device *dev, struct sk_buff *skb,
					    struct net_device *sb_dev);
	void		(*ndo_change_rx_flags)(struct net_device *dev, int flags);
	void		(*ndo_set_rx_mode)(struct net_device *dev);
	int		(*ndo_set_mac_address)(struct net_device *dev, void *addr);
	int		(*ndo_validate_addr)(struct net_device *dev);
	int		(*ndo_do_ioctl)(struct net_device *dev, struct ifreq *ifr, int cmd);
	int		(*ndo_eth_ioctl)(struct net_device *dev, struct ifreq *ifr, int cmd);
	int		(*ndo_siocdevprivate)(struct net_device *dev, struct ifreq *ifr,
					      void __user *data, int cmd);
	int		(*ndo_set_config)(struct net_device *dev, struct ifmap *map);
	int		(*ndo_change_mtu)(struct net_device *dev, int new_mtu);
	void		(*ndo_tx_timeout)(struct net_device *dev, unsigned int txqueue);
	void		(*ndo_get_stats64)(struct net_device *dev,
					   struct rtnl_link_stats64 *storage);
	struct net_device_stats *(*ndo_get_stats)(struct net_device *dev);
	int		(*ndo_vlan_rx_add_vid)(struct net_device *dev, __be16 proto, u16 vid);
	int		(*ndo_vlan_rx_kill_vid)(struct net_device *dev, __be16 proto, u16 vid);
	int		(*ndo_setup_tc)(struct net_device *dev, enum tc_setup_type type,
					void *type_data);
	netdev_features_t (*ndo_fix_features)(struct net_device *dev,
					      netdev_features_t features);
	int		(*ndo_set_features)(struct net_device *dev,
					    netdev_features_t features);
	/* a hardware timestamp in the system's time (a free-running one converted) */
	ktime_t		(*ndo_get_tstamp)(struct net_device *dev,
					  const struct skb_shared_hwtstamps *hwtstamps,
					  bool cycles);
	int		(*ndo_set_tx_maxrate)(struct net_device *dev, int queue_index,
					      u32 maxrate);
	int		(*ndo_get_iflink)(const struct net_device *dev);
	int		(*ndo_change_carrier)(struct net_device *dev, bool new_carrier);
	int		(*ndo_get_phys_port_name)(struct net_device *dev, char *name,
						  size_t len);
	void		(*ndo_set_rx_headroom)(struct net_device *dev, int needed_headroom);
	int		(*ndo_get_port_parent_id)(struct net_device *dev,
						  struct netdev_phys_item_id *ppid);
};

#define NET_RX_SUCCESS		0
#define NET_RX_DROP		1

/* room for a link-layer header: Debian's configs (WLAN, tunnels) */
#define LL_MAX_HEADER		128
#define MAX_HEADER		(LL_MAX_HEADER + 48)

#define HH_DATA_MOD		16
#define HH_DATA_OFF(__len) \
	(HH_DATA_MOD - (((__len - 1) & (HH_DATA_MOD - 1)) + 1))
#define HH_DATA_ALIGN(__len) \
	(((__len) + (HH_DATA_MOD - 1)) & ~(HH_DATA_MOD - 1))
/* headroom for the device's header, HH_DATA_MOD aligned, at least 16 */
#define LL_RESERVED_SPACE_EX(dev, hlen) \
	((((hlen) + READ_ONCE((dev)->needed_headroom)) \
	  & ~(HH_DATA_MOD - 1)) + HH_DATA_MOD)
#define LL_RESERVED_SPACE(dev) \
	LL_RESERVED_SPACE_EX(dev, (dev)->hard_header_len)
#define LL_RESERVED_SPACE_EXTRA(dev, extra) \
	((((dev)->hard_header_len + READ_ONCE((dev)->needed_headroom) + (extra)) \
	  & ~(HH_DATA_MOD - 1)) + HH_DATA_MOD)

#define MAX_ADDR_LEN		32	/* the longest hardware address */
/* how the device's address came to be (addr_assign_type) */
#define NET_ADDR_PERM		0
#define NET_ADDR_RANDOM		1
#define NET_ADDR_STOLEN		2
#define NET_ADDR_SET		3

#define GRO_HASH_BUCKETS	8
#define GRO_LEGACY_MAX_SIZE	65536u
#define GRO_MAX_SIZE		(8 * 65535u)
#define GSO_MAX_SEGS		65535u
#define GSO_LEGACY_MAX_SIZE	65536u
#define GSO_MAX_SIZE		(8 * GSO_MAX_SEGS)
#define TSO_LEGACY_MAX_SIZE	65536
#define TSO_MAX_SIZE		UINT_MAX
#define TSO_MAX_SEGS		U16_MAX
#define NETDEV_ALIGN		32

/* net_device.state */
enum netdev_state_t {
	__LINK_STATE_START,
	__LINK_STATE_PRESENT,
	__LINK_STATE_NOCARRIER,
	__LINK_STATE_LINKWATCH_PENDING,
	__LINK_STATE_DORMANT,
	__LINK_STATE_TESTING,
};

/* netdev_queue.state: stopped by the driver, by the stack, frozen */
enum netdev_queue_state_t {
	__QUEUE_STATE_DRV_XOFF,
	__QUEUE_STATE_STACK_XOFF,
	__QUEUE_STATE_FROZEN,
};
#define QUEUE_STATE_DRV_XOFF	(1 << __QUEUE_STATE_DRV_XOFF)
#define QUEUE_STATE_STACK_XOFF	(1 << __QUEUE_STATE_STACK_XOFF)
#define QUEUE_STATE_FROZEN	(1 << __QUEUE_STATE_FROZEN)
#define QUEUE_STATE_ANY_XOFF	(QUEUE_STATE_DRV_XOFF | QUEUE_STATE_STACK_XOFF)
#define QUEUE_STATE_ANY_XOFF_OR_FROZEN (QUEUE_STATE_ANY_XOFF | QUEUE_STATE_FROZEN)
#define QUEUE_STATE_DRV_XOFF_OR_FROZEN (QUEUE_STATE_DRV_XOFF | QUEUE_STATE_FROZEN)

/* netdevice notifier events */
enum netdev_cmd {
	NETDEV_UP = 1,
	NETDEV_DOWN,
	NETDEV_REBOOT,
	NETDEV_CHANGE,
	NETDEV_REGISTER,
	NETDEV_UNREGISTER,
	NETDEV_CHANGEMTU,
	NETDEV_CHANGEADDR,
	NETDEV_PRE_CHANGEADDR,
	NETDEV_GOING_DOWN,
	NETDEV_CHANGENAME,
	NETDEV_FEAT_CHANGE,
	NETDEV_BONDING_FAILOVER,
	NETDEV_PRE_UP,
	NETDEV_PRE_TYPE_CHANGE,
	NETDEV_POST_TYPE_CHANGE,
	NETDEV_POST_INIT,
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	NETDEV_PRE_UNINIT,
#endif
	NETDEV_RELEASE,
	NETDEV_NOTIFY_PEERS,
	NETDEV_JOIN,
	NETDEV_CHANGEUPPER,
	NETDEV_RESEND_IGMP,
	NETDEV_PRECHANGEMTU,
	NETDEV_CHANGEINFODATA,
	NETDEV_BONDING_INFO,
	NETDEV_PRECHANGEUPPER,
	NETDEV_CHANGELOWERSTATE,
	NETDEV_UDP_TUNNEL_PUSH_INFO,
	NETDEV_UDP_TUNNEL_DROP_INFO,
	NETDEV_CHANGE_TX_QUEUE_LEN,
	NETDEV_CVLAN_FILTER_PUSH_INFO,
	NETDEV_CVLAN_FILTER_DROP_INFO,
	NETDEV_SVLAN_FILTER_PUSH_INFO,
	NETDEV_SVLAN_FILTER_DROP_INFO,
	NETDEV_OFFLOAD_XSTATS_ENABLE,
	NETDEV_OFFLOAD_XSTATS_DISABLE,
	NETDEV_OFFLOAD_XSTATS_REPORT_USED,
	NETDEV_OFFLOAD_XSTATS_REPORT_DELTA,
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	NETDEV_XDP_FEAT_CHANGE,
#endif
};

enum netdev_reg_state {
	NETREG_UNINITIALIZED = 0,
	NETREG_REGISTERED,
	NETREG_UNREGISTERING,
	NETREG_UNREGISTERED,
	NETREG_RELEASED,
	NETREG_DUMMY,
};

/* net_device.priv_flags, as the series numbers them */
enum netdev_priv_flags {
	IFF_802_1Q_VLAN			= 1 << 0,
	IFF_EBRIDGE			= 1 << 1,
	IFF_BONDING			= 1 << 2,
	IFF_ISATAP			= 1 << 3,
	IFF_WAN_HDLC			= 1 << 4,
	IFF_XMIT_DST_RELEASE		= 1 << 5,
	IFF_DONT_BRIDGE			= 1 << 6,
	IFF_DISABLE_NETPOLL		= 1 << 7,
	IFF_MACVLAN_PORT		= 1 << 8,
	IFF_BRIDGE_PORT			= 1 << 9,
	IFF_OVS_DATAPATH		= 1 << 10,
	IFF_TX_SKB_SHARING		= 1 << 11,
	IFF_UNICAST_FLT			= 1 << 12,
	IFF_TEAM_PORT			= 1 << 13,
	IFF_SUPP_NOFCS			= 1 << 14,
	IFF_LIVE_ADDR_CHANGE		= 1 << 15,
	IFF_MACVLAN			= 1 << 16,
	IFF_XMIT_DST_RELEASE_PERM	= 1 << 17,
	IFF_L3MDEV_MASTER		= 1 << 18,
	IFF_NO_QUEUE			= 1 << 19,
	IFF_OPENVSWITCH			= 1 << 20,
	IFF_L3MDEV_SLAVE		= 1 << 21,
	IFF_TEAM			= 1 << 22,
#if LINUX_VERSION_CODE < KERNEL_VERSION(7, 3, 0)
	IFF_RXFH_CONFIGURED		= 1 << 23,
#endif
	IFF_PHONY_HEADROOM		= 1 << 24,
	IFF_MACSEC			= 1 << 25,
	IFF_NO_RX_HANDLER		= 1 << 26,
	IFF_FAILOVER			= 1 << 27,
	IFF_FAILOVER_SLAVE		= 1 << 28,
	IFF_L3MDEV_RX_HANDLER		= 1 << 29,
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	IFF_NO_ADDRCONF			= BIT_ULL(30),
#else
	IFF_LIVE_RENAME_OK		= 1 << 30,
#endif
	IFF_TX_SKB_NO_LINEAR		= BIT_ULL(31),
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
	IFF_CHANGE_PROTO_DOWN		= BIT_ULL(32),
#endif
};

/* the NETIF_MSG_* bits of a driver's msg_enable, netif_msg_init() */
enum {
	NETIF_MSG_DRV_BIT,
	NETIF_MSG_PROBE_BIT,
	NETIF_MSG_LINK_BIT,
	NETIF_MSG_TIMER_BIT,
	NETIF_MSG_IFDOWN_BIT,
	NETIF_MSG_IFUP_BIT,
	NETIF_MSG_RX_ERR_BIT,
	NETIF_MSG_TX_ERR_BIT,
	NETIF_MSG_TX_QUEUED_BIT,
	NETIF_MSG_INTR_BIT,
	NETIF_MSG_TX_DONE_BIT,
	NETIF_MSG_RX_STATUS_BIT,
	NETIF_MSG_PKTDATA_BIT,
	NETIF_MSG_HW_BIT,
	NETIF_MSG_WOL_BIT,
	NETIF_MSG_CLASS_COUNT,
};
#define __NETIF_MSG(name)	BIT(NETIF_MSG_##name##_BIT)
#define NETIF_MSG_DRV		__NETIF_MSG(DRV)
#define NETIF_MSG_PROBE		__NETIF_MSG(PROBE)
#define NETIF_MSG_LINK		__NETIF_MSG(LINK)
#define NETIF_MSG_TIMER		__NETIF_MSG(TIMER)
#define NETIF_MSG_IFDOWN	__NETIF_MSG(IFDOWN)
#define NETIF_MSG_IFUP		__NETIF_MSG(IFUP)
#define NETIF_MSG_RX_ERR	__NETIF_MSG(RX_ERR)
#define NETIF_MSG_TX_ERR	__NETIF_MSG(TX_ERR)
#define NETIF_MSG_TX_QUEUED	__NETIF_MSG(TX_QUEUED)
#define NETIF_MSG_INTR		__NETIF_MSG(INTR)
#define NETIF_MSG_TX_DONE	__NETIF_MSG(TX_DONE)
#define NETIF_MSG_RX_STATUS	__NETIF_MSG(RX_STATUS)
#define NETIF_MSG_PKTDATA	__NETIF_MSG(PKTDATA)
#define NETIF_MSG_HW		__NETIF_MSG(HW)
#define NETIF_MSG_WOL		__NETIF_MSG(WOL)

#define netif_msg_drv(p)	((p)->msg_enable & NETIF_MSG_DRV)
#define netif_msg_probe(p)	((p)->msg_enable & NETIF_MSG_PROBE)
#define netif_msg_link(p)	((p)->msg_enable & NETIF_MSG_LINK)
#define netif_msg_timer(p)	((p)->msg_enable & NETIF_MSG_TIMER)
#define netif_msg_ifdown(p)	((p)->msg_enable & NETIF_MSG_IFDOWN)
#define netif_msg_ifup(p)	((p)->msg_enable & NETIF_MSG_IFUP)
#define netif_msg_rx_err(p)	((p)->msg_enable & NETIF_MSG_RX_ERR)
#define netif_msg_tx_err(p)	((p)->msg_enable & NETIF_MSG_TX_ERR)
#define netif_msg_tx_queued(p)	((p)->msg_enable & NETIF_MSG_TX_QUEUED)
#define netif_msg_intr(p)	((p)->msg_enable & NETIF_MSG_INTR)
#define netif_msg_tx_done(p)	((p)->msg_enable & NETIF_MSG_TX_DONE)
#define netif_msg_rx_status(p)	((p)->msg_enable & NETIF_MSG_RX_STATUS)
#define netif_msg_pktdata(p)	((p)->msg_enable & NETIF_MSG_PKTDATA)
#define netif_msg_hw(p)		((p)->msg_enable & NETIF_MSG_HW)
#define netif_msg_wol(p)	((p)->msg_enable & NETIF_MSG_WOL)

/* -1: the driver's default; out of range: the default too; else n low bits */
static inline u32 netif_msg_init(int debug_value, int default_msg_enable_bits)
{
	if (debug_value < 0 || debug_value >= (int)(sizeof(u32) * 8))
		return default_msg_enable_bits;
	if (debug_value == 0)
		return 0;
	return (1U << debug_value) - 1;
}

struct netdev_queue {
	struct net_device	*dev;
	struct Qdisc __rcu	*qdisc;
	struct Qdisc		*qdisc_sleeping;
	unsigned long		state;
	unsigned long		trans_start;
	int			xmit_lock_owner;
	unsigned long		tx_maxrate;	/* Mbit/s, 0: none */
	struct dql		dql;	/* byte queue limits, dql_init(HZ) */
	struct net_device	*sb_dev;	/* the subordinate device it serves, if any */
};

/*
 * A network namespace, as far as modules look into it: its devices, in
 * creation order (for_each_netdev()). init_net holds the replay's devices;
 * each namespace of the shim's rtnetlink (qdk-tc) has its own.
 */
struct net_generic;
struct net {
	struct list_head	dev_base_head;
	int			ifindex;
	/* net/net_namespace.h's: get_net()/put_net() count in ns.count */
	refcount_t		passive;
	struct list_head	list;		/* in net_namespace_list */
	struct list_head	exit_list;	/* pernet exits' batch */
	struct net_generic __rcu *gen;		/* net_generic() */
	struct {
		refcount_t	count;
	} ns;
	struct raw_notifier_head netdev_chain;	/* register_netdevice_notifier_net() */
	struct user_namespace	*user_ns;	/* the one (init_user_ns), sock_net_uid() */
	struct sock		*rtnl;		/* its rtnetlink kernel socket (rtnl_unicast() ...) */
	/* net/netns/ipv4.h's: the "all" and "default" IPv4 device settings */
	struct {
		struct ipv4_devconf	*devconf_all;
		struct ipv4_devconf	*devconf_dflt;
		/* the sysctls inet_sock.h reads, at the kernel's defaults (0) */
		u8			sysctl_ip_nonlocal_bind;
		u8			sysctl_tcp_l3mdev_accept;
		u8			sysctl_tcp_fwmark_accept;
		/* ports below it need CAP_NET_BIND_SERVICE (PROT_SOCK, 1024) */
		int			sysctl_ip_prot_sock;
		int			sysctl_tcp_min_snd_mss;	/* TCP_MIN_SND_MSS, 48 */
		atomic_t		rt_genid;	/* cached IPv4 routes' generation */
	} ipv4;
	struct {
		atomic_t		fib6_sernum;	/* the IPv6 FIB's generation */
		/* net/netns/ipv6.h's sysctls net/ipv6.h reads, at the kernel's defaults */
		struct {
			u32		multipath_hash_fields;
			u8		multipath_hash_policy;
			u8		auto_flowlabels;
			u8		flowlabel_state_ranges;
			u8		ip_nonlocal_bind;
		} sysctl;
	} ipv6;
	/* net_hash_mix(): the namespace's hash salt (random; init_net's is 0) */
	u32			hash_mix;
	atomic_t		fnhe_genid;	/* next-hop exceptions' generation */
	/*
	 * every namespace of the shim, init_net's and usertc's (a notifier's
	 * replay walks them); net_namespace_list holds init_net only, the one
	 * namespace pernet operations run in
	 */
	struct list_head	__qdk_all;
};
extern struct net init_net;	/* the kernel's comes with net/net_namespace.h */

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/* drops counted apart per NUMA node (two nodes at most); a socket's sk_drop_counters */
struct numa_drop_counters {
	atomic_t	drops0 ____cacheline_aligned_in_smp;
	atomic_t	drops1 ____cacheline_aligned_in_smp;
};

static inline int numa_drop_read(const struct numa_drop_counters *ndc)
{
	return atomic_read(&ndc->drops0) + atomic_read(&ndc->drops1);
}

/* the shim's one CPU is on node 0 */
static inline void numa_drop_add(struct numa_drop_counters *ndc, int val)
{
	atomic_add(val, &ndc->drops0);
}

static inline void numa_drop_reset(struct numa_drop_counters *ndc)
{
	atomic_set(&ndc->drops0, 0);
	atomic_set(&ndc->drops1, 0);
}
#endif

struct sk_buff;
/* what a device's link layer does with headers (ether_setup(): Ethernet's) */
struct header_ops {
	int	(*create)(struct sk_buff *skb, struct net_device *dev,
			  unsigned short type, const void *daddr,
			  const void *saddr, unsigned int len);
	int	(*parse)(const struct sk_buff *skb, unsigned char *haddr);
	bool	(*validate)(const char *ll_header, unsigned int len);
	__be16	(*parse_protocol)(const struct sk_buff *skb);
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

struct in_device;
struct vlan_info;
struct ethtool_ops;
struct mini_Qdisc;
struct bpf_mprog_entry;

/*
 * The counters of ndo_get_stats(): each also an atomic_long_t, which
 * DEV_STATS_INC() and friends update without a lock.
 */
#define NET_DEV_STAT(FIELD)			\
	union {					\
		unsigned long	FIELD;		\
		atomic_long_t	__##FIELD;	\
	}

struct net_device_stats {
	NET_DEV_STAT(rx_packets);
	NET_DEV_STAT(tx_packets);
	NET_DEV_STAT(rx_bytes);
	NET_DEV_STAT(tx_bytes);
	NET_DEV_STAT(rx_errors);
	NET_DEV_STAT(tx_errors);
	NET_DEV_STAT(rx_dropped);
	NET_DEV_STAT(tx_dropped);
	NET_DEV_STAT(multicast);
	NET_DEV_STAT(collisions);
	NET_DEV_STAT(rx_length_errors);
	NET_DEV_STAT(rx_over_errors);
	NET_DEV_STAT(rx_crc_errors);
	NET_DEV_STAT(rx_frame_errors);
	NET_DEV_STAT(rx_fifo_errors);
	NET_DEV_STAT(rx_missed_errors);
	NET_DEV_STAT(tx_aborted_errors);
	NET_DEV_STAT(tx_carrier_errors);
	NET_DEV_STAT(tx_fifo_errors);
	NET_DEV_STAT(tx_heartbeat_errors);
	NET_DEV_STAT(tx_window_errors);
	NET_DEV_STAT(rx_compressed);
	NET_DEV_STAT(tx_compressed);
};

/*
 * A device's hardware address lists (unicast dev->uc, multicast dev->mc):
 * each address counted, on the list in the order added and in an rbtree
 * for lookups (lib/dev_addr_lists.c).
 */
struct netdev_hw_addr {
	struct list_head	list;
	struct rb_node		node;
	unsigned char		addr[MAX_ADDR_LEN];
	unsigned char		type;		/* NETDEV_HW_ADDR_T_* */
	bool			global_use;
	int			sync_cnt;	/* copies synced down (or to hardware) */
	int			refcount;
	int			synced;		/* references that are syncs */
	struct rcu_head		rcu_head;
};

struct netdev_hw_addr_list {
	struct list_head	list;
	int			count;
	struct rb_root		tree;		/* by address, then type */
};

#define netdev_hw_addr_list_count(l)	((l)->count)
#define netdev_hw_addr_list_empty(l)	(netdev_hw_addr_list_count(l) == 0)
#define netdev_hw_addr_list_for_each(ha, l) \
	list_for_each_entry(ha, &(l)->list, list)

#define netdev_uc_count(dev)	netdev_hw_addr_list_count(&(dev)->uc)
#define netdev_uc_empty(dev)	netdev_hw_addr_list_empty(&(dev)->uc)
#define netdev_for_each_uc_addr(ha, dev) \
	netdev_hw_addr_list_for_each(ha, &(dev)->uc)
#define netdev_for_each_synced_uc_addr(_ha, _dev) \
	netdev_for_each_uc_addr((_ha), (_dev)) \
		if ((_ha)->sync_cnt)

#define netdev_mc_count(dev)	netdev_hw_addr_list_count(&(dev)->mc)
#define netdev_mc_empty(dev)	netdev_hw_addr_list_empty(&(dev)->mc)
#define netdev_for_each_mc_addr(ha, dev) \
	netdev_hw_addr_list_for_each(ha, &(dev)->mc)
#define netdev_for_each_synced_mc_addr(_ha, _dev) \
	netdev_for_each_mc_addr((_ha), (_dev)) \
		if ((_ha)->sync_cnt)

/* what ml_priv points to (netdev_get_ml_priv() checks the type) */
enum netdev_ml_priv_type {
	ML_PRIV_NONE,
	ML_PRIV_CAN,
};

/* what a device's rx_handler (a bridge, bond, macvlan ...) did with a packet */
enum rx_handler_result {
	RX_HANDLER_CONSUMED,
	RX_HANDLER_ANOTHER,
	RX_HANDLER_EXACT,
	RX_HANDLER_PASS,
};
typedef enum rx_handler_result rx_handler_result_t;
typedef rx_handler_result_t rx_handler_func_t(struct sk_buff **pskb);

struct net_device {
	char			name[IFNAMSIZ];
	unsigned long		state;		/* enum netdev_state_t bits */
	struct list_head	dev_list;	/* in its namespace */
	struct list_head	napi_list;	/* its NAPI contexts (netif_napi_add()) */
	struct list_head	unreg_list;	/* in an unregister_netdevice_many() batch */
	struct list_head	close_list;	/* in a dev_close_many() batch */
	struct in_device	*__qdk_in_dev;	/* the shim's: register_netdevice()'s in_device */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	struct mutex		lock;		/* netdev_lock(): the instance lock */
	struct napi_config	*napi_config;	/* one per queue (netif_napi_add_config()) */
	u8			threaded;	/* enum netdev_napi_threaded */
#else
	bool			threaded;	/* NAPI polled by threads (dev_set_threaded()) */
#endif
	/* the devices directly above and below (netdev_upper_dev_link()) */
	struct {
		struct list_head upper;
		struct list_head lower;
	} adj_list;
	unsigned char		upper_level;	/* depth of the devices above, 1: none */
	unsigned char		lower_level;	/* depth of the devices below, 1: none */
	/* packet types bound to this device (dev_add_pack() with pt->dev) */
	struct list_head	ptype_all;
	struct list_head	ptype_specific;
	/* a bridge's, bond's or macvlan's hook on received packets */
	rx_handler_func_t __rcu	*rx_handler;
	void __rcu		*rx_handler_data;
	struct dev_ifalias __rcu *ifalias;	/* IFLA_IFALIAS (dev_set_alias()) */
	struct netdev_queue __rcu *ingress_queue;	/* dev_ingress_queue_create(): ingress, clsact */
	/* the filter lists of the ingress and egress hooks (sch_ingress.c's) */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	struct bpf_mprog_entry __rcu *tcx_ingress;	/* net/tcx.h: its mini Qdisc */
	struct bpf_mprog_entry __rcu *tcx_egress;
#else
	struct mini_Qdisc __rcu	*miniq_ingress;
	struct mini_Qdisc __rcu	*miniq_egress;
#endif
	struct device		dev;		/* its device model node (SET_NETDEV_DEV()) */
	unsigned int		flags;
	unsigned long long	priv_flags;	/* enum netdev_priv_flags */
	const struct header_ops	*header_ops;
	unsigned char		operstate;	/* IF_OPER_* */
	unsigned char		addr_assign_type;	/* NET_ADDR_* */
	unsigned char		addr_len;
	unsigned char		min_header_len;
	unsigned short		needed_tailroom;
	/*
	 * The kernel's dev_addr points into the device's address list; one
	 * address here, kept in the device: the same reads, always valid.
	 */
	unsigned char		dev_addr[MAX_ADDR_LEN];
	unsigned char		perm_addr[MAX_ADDR_LEN];
	unsigned char		broadcast[MAX_ADDR_LEN];
	struct in_device __rcu	*ip_ptr;	/* IPv4 configuration, or NULL */
	void			*ml_priv;
	enum netdev_ml_priv_type ml_priv_type;
	/* unicast and multicast filters; addr_list_lock guards both */
	struct netdev_hw_addr_list uc;
	struct netdev_hw_addr_list mc;
	bool			uc_promisc;	/* promiscuous for uc: no IFF_UNICAST_FLT */
	spinlock_t		addr_list_lock;
	/* the core's drop counters, allocated at the first (dev_core_stats_*_inc()) */
	struct net_device_core_stats __percpu *core_stats;
	refcount_t		dev_refcnt;
	u8			reg_state;	/* enum netdev_reg_state */
	/* made by rtnetlink (RTM_NEWLINK): INITIALIZING until its flags are set */
	enum {
		RTNL_LINK_INITIALIZED,
		RTNL_LINK_INITIALIZING,
	} rtnl_link_state:16;
	int			watchdog_timeo;
	bool			needs_free_netdev;
	const struct net_device_ops *netdev_ops;
	netdev_features_t	features;
	netdev_features_t	hw_features;
	netdev_features_t	wanted_features;
	netdev_features_t	vlan_features;
	netdev_features_t	hw_enc_features;
	netdev_features_t	mpls_features;
	netdev_features_t	gso_partial_features;
	const struct ethtool_ops *ethtool_ops;
	const struct rtnl_link_ops *rtnl_link_ops;	/* the kind that made it, if any */
	struct net_device_stats	stats;
	unsigned int		promiscuity;
	unsigned int		allmulti;
	unsigned short		gflags;		/* PROMISC/ALLMULTI user space set */
	unsigned short		dev_id;
	unsigned short		dev_port;
	unsigned char		if_port;
	unsigned int		num_rx_queues;
	unsigned int		real_num_rx_queues;
	unsigned int		tso_max_size;
	u16			tso_max_segs;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	unsigned int		gso_ipv4_max_size;	/* 6.3 */
	unsigned int		gro_ipv4_max_size;	/* 6.3 */
#endif
	unsigned int		gro_max_size;		/* largest GRO packet */
	void			(*priv_destructor)(struct net_device *dev);
	union {			/* a software device's per-CPU counters */
		struct pcpu_lstats __percpu	*lstats;
		struct pcpu_sw_netstats __percpu *tstats;
		struct pcpu_dstats __percpu	*dstats;
	};
	struct vlan_info __rcu	*vlan_info;	/* VLAN ids it filters (lib/vlan_core.c) */
	struct list_head	net_notifier_list;	/* _dev_net notifiers */
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

/*
 * Subordinate channels (macvlan offload): a subordinate device's num_tc holds
 * minus its channel, its tc_to_txq the lower device's queues it was bound to.
 */
void netdev_unbind_sb_channel(struct net_device *dev, struct net_device *sb_dev);
int netdev_bind_sb_channel_queue(struct net_device *dev, struct net_device *sb_dev,
				 u8 tc, u16 count, u16 offset);
int netdev_set_sb_channel(struct net_device *dev, u16 channel);

static inline int netdev_get_sb_channel(struct net_device *dev)
{
	return max_t(int, -dev->num_tc, 0);
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 0, 0)
static inline int netdev_get_num_tc(const struct net_device *dev)
#else
static inline int netdev_get_num_tc(struct net_device *dev)
#endif
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

/* the shim's namespaces never move under a reader: the same as dev_net() */
static inline struct net *dev_net_rcu(const struct net_device *dev)
{
	return dev->nd_net;
}

static inline int netdev_queue_numa_node_read(const struct netdev_queue *q)
{
	return -1;
}

/* references: counted, so a module's imbalance shows in netdev_refcnt_read() */
static inline void __dev_hold(struct net_device *dev)
{
	refcount_inc(&dev->dev_refcnt);
}

static inline void __dev_put(struct net_device *dev)
{
	refcount_dec(&dev->dev_refcnt);
}

static inline void netdev_tracker_alloc(struct net_device *dev,
					netdevice_tracker *tracker, gfp_t gfp)
{
}

static inline void netdev_tracker_free(struct net_device *dev,
				       netdevice_tracker *tracker)
{
}

/* no CONFIG_NET_DEV_REFCNT_TRACKER in Debian's kernels: nothing to track */
static inline void __netdev_tracker_alloc(struct net_device *dev,
					  netdevice_tracker *tracker, gfp_t gfp)
{
}

static inline void netdev_hold(struct net_device *dev, netdevice_tracker *tracker,
			       gfp_t gfp)
{
	if (dev)
		__dev_hold(dev);
}

static inline void netdev_put(struct net_device *dev, netdevice_tracker *tracker)
{
	if (dev)
		__dev_put(dev);
}

static inline void dev_hold(struct net_device *dev)
{
	netdev_hold(dev, NULL, GFP_ATOMIC);
}

static inline void dev_put(struct net_device *dev)
{
	netdev_put(dev, NULL);
}

static inline int netdev_refcnt_read(const struct net_device *dev)
{
	return refcount_read(&dev->dev_refcnt);
}

static inline void dev_net_set(struct net_device *dev, struct net *net)
{
	dev->nd_net = net;
}

/* the private area alloc_netdev_mqs() put after the device */
static inline void *netdev_priv(const struct net_device *dev)
{
	return (char *)dev + ALIGN(sizeof(struct net_device), NETDEV_ALIGN);
}

static inline const char *netdev_name(const struct net_device *dev)
{
	if (!dev->name[0] || strchr(dev->name, '%'))
		return "(unnamed net_device)";
	return dev->name;
}

static inline const char *netdev_reg_state(const struct net_device *dev)
{
	switch (dev->reg_state) {
	case NETREG_UNINITIALIZED: return " (uninitialized)";
	case NETREG_REGISTERED: return "";
	case NETREG_UNREGISTERING: return " (unregistering)";
	case NETREG_UNREGISTERED: return " (unregistered)";
	case NETREG_RELEASED: return " (released)";
	case NETREG_DUMMY: return " (dummy)";
	}
	WARN_ONCE(1, "%s: unknown reg_state %d\n", dev->name, dev->reg_state);
	return " (unknown)";
}

static inline bool netdev_unregistering(const struct net_device *dev)
{
	return dev->reg_state == NETREG_UNREGISTERING;
}

/* the device's address, addr_len bytes of it */
static inline void __dev_addr_set(struct net_device *dev, const void *addr, size_t len)
{
	memcpy(dev->dev_addr, addr, len);
}

static inline void dev_addr_set(struct net_device *dev, const u8 *addr)
{
	__dev_addr_set(dev, addr, dev->addr_len);
}

/* devices by name or index (lib/dev.c); the dev_get_* ones take a reference */
struct net_device *__dev_get_by_name(struct net *net, const char *name);
struct net_device *dev_get_by_name_rcu(struct net *net, const char *name);
struct net_device *dev_get_by_name(struct net *net, const char *name);
struct net_device *__dev_get_by_index(struct net *net, int ifindex);
struct net_device *dev_get_by_index_rcu(struct net *net, int ifindex);
struct net_device *dev_get_by_index(struct net *net, int ifindex);
struct net_device *__dev_get_by_flags(struct net *net, unsigned short flags,
				      unsigned short mask);
/*
 * Registration into a namespace: the shim's devices are made by its
 * namespaces (lib/rtnetlink.c), a module's are never registered, so taking
 * one out stops the call (qdk/unmodelled.h).
 */
void unregister_netdevice_queue(struct net_device *dev, struct list_head *head);

struct net_device *alloc_netdev_mqs(int sizeof_priv, const char *name,
				    unsigned char name_assign_type,
				    void (*setup)(struct net_device *),
				    unsigned int txqs, unsigned int rxqs);
#define alloc_netdev(sizeof_priv, name, name_assign_type, setup) \
	alloc_netdev_mqs(sizeof_priv, name, name_assign_type, setup, 1, 1)
#define alloc_netdev_mq(sizeof_priv, name, name_assign_type, setup, count) \
	alloc_netdev_mqs(sizeof_priv, name, name_assign_type, setup, count, count)
void free_netdev(struct net_device *dev);
void ether_setup(struct net_device *dev);
unsigned long dev_trans_start(struct net_device *dev);
const char *netdev_cmd_to_name(int cmd);

#define NET_NAME_UNKNOWN	0
#define NET_NAME_ENUM		1
#define NET_NAME_PREDICTABLE	2
#define NET_NAME_USER		3
#define NET_NAME_RENAMED	4

#define for_each_netdev(net, d)		\
	list_for_each_entry(d, &(net)->dev_base_head, dev_list)
#define for_each_netdev_reverse(net, d)	\
	list_for_each_entry_reverse(d, &(net)->dev_base_head, dev_list)
#define for_each_netdev_rcu(net, d)	\
	list_for_each_entry_rcu(d, &(net)->dev_base_head, dev_list)
#define for_each_netdev_safe(net, d, n)	\
	list_for_each_entry_safe(d, n, &(net)->dev_base_head, dev_list)
#define for_each_netdev_continue(net, d)	\
	list_for_each_entry_continue(d, &(net)->dev_base_head, dev_list)
#define for_each_netdev_continue_reverse(net, d)	\
	list_for_each_entry_continue_reverse(d, &(net)->dev_base_head, dev_list)
#define for_each_netdev_continue_rcu(net, d)	\
	list_for_each_entry_continue_rcu(d, &(net)->dev_base_head, dev_list)
#define net_device_entry(lh)	list_entry(lh, struct net_device, dev_list)

static inline struct net_device *next_net_device(struct net_device *dev)
{
	struct list_head *lh = dev->dev_list.next;
	struct net *net = dev_net(dev);

	return lh == &net->dev_base_head ? NULL : net_device_entry(lh);
}

static inline struct net_device *next_net_device_rcu(struct net_device *dev)
{
	return next_net_device(dev);
}

static inline struct net_device *first_net_device(struct net *net)
{
	return list_empty(&net->dev_base_head) ? NULL :
		net_device_entry(net->dev_base_head.next);
}

static inline struct net_device *first_net_device_rcu(struct net *net)
{
	return first_net_device(net);
}

/* up: the shim's devices keep IFF_UP and __LINK_STATE_START together */
static inline bool netif_running(const struct net_device *dev)
{
	return dev->flags & IFF_UP;
}

/* ---- transmit queues: stopped by the driver (DRV_XOFF) or the stack ---- */

static inline bool netif_xmit_stopped(const struct netdev_queue *dev_queue)
{
	return dev_queue->state & QUEUE_STATE_ANY_XOFF;
}

static inline bool netif_xmit_frozen_or_stopped(const struct netdev_queue *dev_queue)
{
	return dev_queue->state & QUEUE_STATE_ANY_XOFF_OR_FROZEN;
}

static inline bool netif_xmit_frozen_or_drv_stopped(const struct netdev_queue *dev_queue)
{
	return dev_queue->state & QUEUE_STATE_DRV_XOFF_OR_FROZEN;
}

static inline void netif_tx_start_queue(struct netdev_queue *dev_queue)
{
	clear_bit(__QUEUE_STATE_DRV_XOFF, &dev_queue->state);
}

static inline void netif_tx_stop_queue(struct netdev_queue *dev_queue)
{
	WRITE_ONCE(dev_queue->trans_start, jiffies);
	set_bit(__QUEUE_STATE_DRV_XOFF, &dev_queue->state);
}

/* restart a stopped queue and schedule its qdisc (lib/dev.c) */
void netif_tx_wake_queue(struct netdev_queue *dev_queue);
void netif_tx_stop_all_queues(struct net_device *dev);

static inline bool netif_tx_queue_stopped(const struct netdev_queue *dev_queue)
{
	return test_bit(__QUEUE_STATE_DRV_XOFF, &dev_queue->state);
}

static inline void netif_start_queue(struct net_device *dev)
{
	netif_tx_start_queue(netdev_get_tx_queue(dev, 0));
}

static inline void netif_stop_queue(struct net_device *dev)
{
	netif_tx_stop_queue(netdev_get_tx_queue(dev, 0));
}

static inline void netif_wake_queue(struct net_device *dev)
{
	netif_tx_wake_queue(netdev_get_tx_queue(dev, 0));
}

static inline bool netif_queue_stopped(const struct net_device *dev)
{
	return netif_tx_queue_stopped(netdev_get_tx_queue(dev, 0));
}

static inline void netif_tx_start_all_queues(struct net_device *dev)
{
	unsigned int i;

	for (i = 0; i < dev->num_tx_queues; i++)
		netif_tx_start_queue(netdev_get_tx_queue(dev, i));
}

static inline void netif_tx_wake_all_queues(struct net_device *dev)
{
	unsigned int i;

	for (i = 0; i < dev->num_tx_queues; i++)
		netif_tx_wake_queue(netdev_get_tx_queue(dev, i));
}

static inline void netif_start_subqueue(struct net_device *dev, u16 queue_index)
{
	netif_tx_start_queue(netdev_get_tx_queue(dev, queue_index));
}

static inline void netif_stop_subqueue(struct net_device *dev, u16 queue_index)
{
	netif_tx_stop_queue(netdev_get_tx_queue(dev, queue_index));
}

static inline void netif_wake_subqueue(struct net_device *dev, u16 queue_index)
{
	netif_tx_wake_queue(netdev_get_tx_queue(dev, queue_index));
}

static inline bool __netif_subqueue_stopped(const struct net_device *dev,
					    u16 queue_index)
{
	return netif_tx_queue_stopped(netdev_get_tx_queue(dev, queue_index));
}

static inline bool netif_subqueue_stopped(const struct net_device *dev,
					  struct sk_buff *skb)
{
	return __netif_subqueue_stopped(dev, skb_get_queue_mapping(skb));
}

static inline struct netdev_queue *skb_get_tx_queue(const struct net_device *dev,
						    const struct sk_buff *skb)
{
	return netdev_get_tx_queue(dev, skb_get_queue_mapping(skb));
}

/* queue_index, or 0 (with a warning) past the queues in use */
static inline u16 netdev_cap_txqueue(struct net_device *dev, u16 queue_index)
{
	if (unlikely(queue_index >= dev->real_num_tx_queues)) {
		pr_warn_ratelimited("%s selects TX queue %d, but real number of TX queues is %d\n",
				    dev->name, queue_index, dev->real_num_tx_queues);
		return 0;
	}
	return queue_index;
}

static inline void netdev_for_each_tx_queue(struct net_device *dev,
					    void (*f)(struct net_device *,
						      struct netdev_queue *, void *),
					    void *arg)
{
	unsigned int i;

	for (i = 0; i < dev->num_tx_queues; i++)
		f(dev, &dev->_tx[i], arg);
}

/* the transmit locks: one thread, nothing to take */
static inline void __netif_tx_lock(struct netdev_queue *txq, int cpu)
{
	WRITE_ONCE(txq->xmit_lock_owner, cpu);
}

static inline void __netif_tx_unlock(struct netdev_queue *txq)
{
	WRITE_ONCE(txq->xmit_lock_owner, -1);
}

static inline bool __netif_tx_trylock(struct netdev_queue *txq)
{
	__netif_tx_lock(txq, 0);
	return true;
}

static inline void __netif_tx_lock_bh(struct netdev_queue *txq)
{
	__netif_tx_lock(txq, 0);
}

static inline void __netif_tx_unlock_bh(struct netdev_queue *txq)
{
	__netif_tx_unlock(txq);
}

static inline void netif_tx_lock(struct net_device *dev)
{
}

static inline void netif_tx_unlock(struct net_device *dev)
{
}

static inline void netif_tx_lock_bh(struct net_device *dev)
{
}

static inline void netif_tx_unlock_bh(struct net_device *dev)
{
}

#define HARD_TX_LOCK(dev, txq, cpu)	__netif_tx_lock(txq, cpu)
#define HARD_TX_TRYLOCK(dev, txq)	__netif_tx_trylock(txq)
#define HARD_TX_UNLOCK(dev, txq)	__netif_tx_unlock(txq)

/* stop every queue, as a driver does before it reconfigures */
static inline void netif_tx_disable(struct net_device *dev)
{
	netif_tx_stop_all_queues(dev);
}

/* the time of the last transmit, in jiffies */
static inline void txq_trans_update(struct netdev_queue *txq)
{
	if (txq->xmit_lock_owner != -1)
		WRITE_ONCE(txq->trans_start, jiffies);
}

static inline void txq_trans_cond_update(struct netdev_queue *txq)
{
	unsigned long now = jiffies;

	if (READ_ONCE(txq->trans_start) != now)
		WRITE_ONCE(txq->trans_start, now);
}

static inline void netif_trans_update(struct net_device *dev)
{
	txq_trans_cond_update(netdev_get_tx_queue(dev, 0));
}

/* ---- carrier and operational state ---- */

void netif_carrier_on(struct net_device *dev);
void netif_carrier_off(struct net_device *dev);

static inline bool netif_carrier_ok(const struct net_device *dev)
{
	return !test_bit(__LINK_STATE_NOCARRIER, &dev->state);
}

static inline void netif_dormant_on(struct net_device *dev)
{
	set_bit(__LINK_STATE_DORMANT, &dev->state);
}

static inline void netif_dormant_off(struct net_device *dev)
{
	clear_bit(__LINK_STATE_DORMANT, &dev->state);
}

static inline bool netif_dormant(const struct net_device *dev)
{
	return test_bit(__LINK_STATE_DORMANT, &dev->state);
}

static inline void netif_testing_on(struct net_device *dev)
{
	set_bit(__LINK_STATE_TESTING, &dev->state);
}

static inline void netif_testing_off(struct net_device *dev)
{
	clear_bit(__LINK_STATE_TESTING, &dev->state);
}

static inline bool netif_testing(const struct net_device *dev)
{
	return test_bit(__LINK_STATE_TESTING, &dev->state);
}

static inline bool netif_oper_up(const struct net_device *dev)
{
	return dev->operstate == IF_OPER_UP || dev->operstate == IF_OPER_UNKNOWN;
}

static inline bool netif_device_present(const struct net_device *dev)
{
	return test_bit(__LINK_STATE_PRESENT, &dev->state);
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

/* ---- what a driver's transmit returns, stats, and kinds of devices ---- */

#define NETDEV_TX_MASK		0xf0	/* above NET_XMIT_MASK: not consumed */

/* the skb is the driver's now: sent, failed (< 0) or queued elsewhere */
static inline bool dev_xmit_complete(int rc)
{
	return rc < NET_XMIT_MASK;
}

#define MAX_NEST_DEV		8	/* upper/lower device depth */
#define XMIT_RECURSION_LIMIT	8
#define NETDEV_RSS_KEY_LEN	52

/* kinds of hardware address list entries */
#define NETDEV_HW_ADDR_T_LAN		1
#define NETDEV_HW_ADDR_T_SAN		2
#define NETDEV_HW_ADDR_T_UNICAST	3
#define NETDEV_HW_ADDR_T_MULTICAST	4

#define XDP_WAKEUP_RX		(1 << 0)
#define XDP_WAKEUP_TX		(1 << 1)

#define NET_DEVICE_PATH_STACK_MAX	5
#define NET_DEVICE_PATH_VLAN_MAX	2

enum gro_result {
	GRO_MERGED,
	GRO_MERGED_FREE,
	GRO_HELD,
	GRO_NORMAL,
	GRO_CONSUMED,
};
typedef enum gro_result gro_result_t;


/* an id of a physical item (a switch port ...) */
#define MAX_PHYS_ITEM_ID_LEN	32

struct netdev_phys_item_id {
	unsigned char id[MAX_PHYS_ITEM_ID_LEN];
	unsigned char id_len;
};

static inline bool netdev_phys_item_id_same(struct netdev_phys_item_id *a,
					    struct netdev_phys_item_id *b)
{
	return a->id_len == b->id_len && !memcmp(a->id, b->id, a->id_len);
}

enum netdev_lag_tx_type {
	NETDEV_LAG_TX_TYPE_UNKNOWN,
	NETDEV_LAG_TX_TYPE_RANDOM,
	NETDEV_LAG_TX_TYPE_BROADCAST,
	NETDEV_LAG_TX_TYPE_ROUNDROBIN,
	NETDEV_LAG_TX_TYPE_ACTIVEBACKUP,
	NETDEV_LAG_TX_TYPE_HASH,
};

enum netdev_lag_hash {
	NETDEV_LAG_HASH_NONE,
	NETDEV_LAG_HASH_L2,
	NETDEV_LAG_HASH_L34,
	NETDEV_LAG_HASH_L23,
	NETDEV_LAG_HASH_E23,
	NETDEV_LAG_HASH_E34,
	NETDEV_LAG_HASH_VLAN_SRCMAC,
	NETDEV_LAG_HASH_UNKNOWN,
};

struct netdev_lag_upper_info {
	enum netdev_lag_tx_type tx_type;
	enum netdev_lag_hash hash_type;
};

struct netdev_lag_lower_state_info {
	u8 link_up : 1,
	   tx_enabled : 1;
};

/* per-CPU counters of software devices (one CPU: one copy) */
struct pcpu_sw_netstats {
	u64_stats_t		rx_packets;
	u64_stats_t		rx_bytes;
	u64_stats_t		tx_packets;
	u64_stats_t		tx_bytes;
	struct u64_stats_sync	syncp;
} __aligned(4 * sizeof(u64));

struct pcpu_lstats {
	u64_stats_t		packets;
	u64_stats_t		bytes;
	struct u64_stats_sync	syncp;
} __aligned(2 * sizeof(u64));

enum skb_free_reason {
	SKB_REASON_CONSUMED,
	SKB_REASON_DROPPED,
};

/* freeing from any context: consumed or dropped as the reason says (lib/dev.c) */
void __dev_kfree_skb_irq(struct sk_buff *skb, enum skb_free_reason reason);
void __dev_kfree_skb_any(struct sk_buff *skb, enum skb_free_reason reason);

static inline void dev_kfree_skb_irq(struct sk_buff *skb)
{
	__dev_kfree_skb_irq(skb, SKB_REASON_DROPPED);
}

static inline void dev_consume_skb_irq(struct sk_buff *skb)
{
	__dev_kfree_skb_irq(skb, SKB_REASON_CONSUMED);
}

static inline void dev_consume_skb_any(struct sk_buff *skb)
{
	__dev_kfree_skb_any(skb, SKB_REASON_CONSUMED);
}

/* ---- kinds of devices, by their private flags ---- */

static inline bool netif_is_macsec(const struct net_device *dev)
{
	return dev->priv_flags & IFF_MACSEC;
}

static inline bool netif_is_macvlan(const struct net_device *dev)
{
	return dev->priv_flags & IFF_MACVLAN;
}

static inline bool netif_is_macvlan_port(const struct net_device *dev)
{
	return dev->priv_flags & IFF_MACVLAN_PORT;
}

static inline bool netif_is_bond_master(const struct net_device *dev)
{
	return (dev->flags & IFF_MASTER) && (dev->priv_flags & IFF_BONDING);
}

static inline bool netif_is_bond_slave(const struct net_device *dev)
{
	return (dev->flags & IFF_SLAVE) && (dev->priv_flags & IFF_BONDING);
}

static inline bool netif_supports_nofcs(struct net_device *dev)
{
	return dev->priv_flags & IFF_SUPP_NOFCS;
}

static inline bool netif_has_l3_rx_handler(const struct net_device *dev)
{
	return dev->priv_flags & IFF_L3MDEV_RX_HANDLER;
}

static inline bool netif_is_l3_master(const struct net_device *dev)
{
	return dev->priv_flags & IFF_L3MDEV_MASTER;
}

static inline bool netif_is_l3_slave(const struct net_device *dev)
{
	return dev->priv_flags & IFF_L3MDEV_SLAVE;
}

/* the VRF slave's ifindex (Debian enables L3 master devices) */
static inline int dev_sdif(const struct net_device *dev)
{
	return netif_is_l3_slave(dev) ? dev->ifindex : 0;
}

static inline bool netif_is_bridge_master(const struct net_device *dev)
{
	return dev->priv_flags & IFF_EBRIDGE;
}

static inline bool netif_is_bridge_port(const struct net_device *dev)
{
	return dev->priv_flags & IFF_BRIDGE_PORT;
}

static inline bool netif_is_ovs_master(const struct net_device *dev)
{
	return dev->priv_flags & IFF_OPENVSWITCH;
}

static inline bool netif_is_ovs_port(const struct net_device *dev)
{
	return dev->priv_flags & IFF_OVS_DATAPATH;
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
/* a bridge or an Open vSwitch datapath */
static inline bool netif_is_any_bridge_master(const struct net_device *dev)
{
	return netif_is_bridge_master(dev) || netif_is_ovs_master(dev);
}
#endif

static inline bool netif_is_any_bridge_port(const struct net_device *dev)
{
	return netif_is_bridge_port(dev) || netif_is_ovs_port(dev);
}

static inline bool netif_is_team_master(const struct net_device *dev)
{
	return dev->priv_flags & IFF_TEAM;
}

static inline bool netif_is_team_port(const struct net_device *dev)
{
	return dev->priv_flags & IFF_TEAM_PORT;
}

static inline bool netif_is_lag_master(const struct net_device *dev)
{
	return netif_is_bond_master(dev) || netif_is_team_master(dev);
}

static inline bool netif_is_lag_port(const struct net_device *dev)
{
	return netif_is_bond_slave(dev) || netif_is_team_port(dev);
}

#if LINUX_VERSION_CODE < KERNEL_VERSION(7, 3, 0)
static inline bool netif_is_rxfh_configured(const struct net_device *dev)
{
	return dev->priv_flags & IFF_RXFH_CONFIGURED;
}
#endif

static inline bool netif_is_failover(const struct net_device *dev)
{
	return dev->priv_flags & IFF_FAILOVER;
}

static inline bool netif_is_failover_slave(const struct net_device *dev)
{
	return dev->priv_flags & IFF_FAILOVER_SLAVE;
}

/* the qdisc or driver reads skb's dst: do not release it before them */
static inline void netif_keep_dst(struct net_device *dev)
{
	dev->priv_flags &= ~(IFF_XMIT_DST_RELEASE | IFF_XMIT_DST_RELEASE_PERM);
}

/* cannot carry an mtu-sized frame with a VLAN tag added (macsec) */
static inline bool netif_reduces_vlan_mtu(struct net_device *dev)
{
	return netif_is_macsec(dev);
}

/* ---- features of stacked devices and GSO ---- */

/* both have it; HW_CSUM on one side stands for the protocol checksums */
static inline netdev_features_t netdev_intersect_features(netdev_features_t f1,
							  netdev_features_t f2)
{
	if ((f1 ^ f2) & NETIF_F_HW_CSUM) {
		if (f1 & NETIF_F_HW_CSUM)
			f1 |= NETIF_F_IP_CSUM | NETIF_F_IPV6_CSUM;
		else
			f2 |= NETIF_F_IP_CSUM | NETIF_F_IPV6_CSUM;
	}
	return f1 & f2;
}

static inline netdev_features_t netdev_get_wanted_features(struct net_device *dev)
{
	return (dev->features & ~dev->hw_features) | dev->wanted_features;
}

netdev_features_t netdev_increment_features(netdev_features_t all, netdev_features_t one,
					    netdev_features_t mask);

/* a stacked device may keep TSO: segmenting at the last device is cheaper */
static inline netdev_features_t netdev_add_tso_features(netdev_features_t features,
							netdev_features_t mask)
{
	return netdev_increment_features(features, NETIF_F_ALL_TSO | NETIF_F_ALL_FOR_ALL,
					 mask);
}

netdev_features_t passthru_features_check(struct sk_buff *skb, struct net_device *dev,
					  netdev_features_t features);

/* does the device segment every GSO type of gso_type? */
static inline bool net_gso_ok(netdev_features_t features, int gso_type)
{
	netdev_features_t feature = (netdev_features_t)gso_type << NETIF_F_GSO_SHIFT;

	BUILD_BUG_ON(SKB_GSO_TCPV4 != (NETIF_F_TSO >> NETIF_F_GSO_SHIFT));
	BUILD_BUG_ON(SKB_GSO_FRAGLIST != (NETIF_F_GSO_FRAGLIST >> NETIF_F_GSO_SHIFT));
	return (features & feature) == feature;
}

static inline bool skb_gso_ok(struct sk_buff *skb, netdev_features_t features)
{
	return net_gso_ok(features, skb_shinfo(skb)->gso_type) &&
	       (!skb_has_frag_list(skb) || (features & NETIF_F_FRAGLIST));
}

/* must the stack segment it (or the checksum is not done)? */
static inline bool netif_needs_gso(struct sk_buff *skb, netdev_features_t features)
{
	return skb_is_gso(skb) &&
	       (!skb_gso_ok(skb, features) ||
		unlikely(skb->ip_summed != CHECKSUM_PARTIAL &&
			 skb->ip_summed != CHECKSUM_UNNECESSARY));
}

void netif_set_tso_max_size(struct net_device *dev, unsigned int size);
void netif_set_tso_max_segs(struct net_device *dev, unsigned int segs);
void netif_inherit_tso_max(struct net_device *to, const struct net_device *from);

/* ---- link-layer headers through the device's header_ops ---- */

static inline int dev_hard_header(struct sk_buff *skb, struct net_device *dev,
				  unsigned short type, const void *daddr,
				  const void *saddr, unsigned int len)
{
	if (!dev->header_ops || !dev->header_ops->create)
		return 0;
	return dev->header_ops->create(skb, dev, type, daddr, saddr, len);
}

static inline int dev_parse_header(const struct sk_buff *skb, unsigned char *haddr)
{
	const struct net_device *dev = skb->dev;

	if (!dev->header_ops || !dev->header_ops->parse)
		return 0;
	return dev->header_ops->parse(skb, haddr);
}

static inline __be16 dev_parse_header_protocol(const struct sk_buff *skb)
{
	const struct net_device *dev = skb->dev;

	if (!dev->header_ops || !dev->header_ops->parse_protocol)
		return 0;
	return dev->header_ops->parse_protocol(skb);
}

/* a header from user space: long enough, or valid as the device judges it */
static inline bool dev_validate_header(const struct net_device *dev, char *ll_header,
				       int len)
{
	if (likely(len >= dev->hard_header_len))
		return true;
	if (len < dev->min_header_len)
		return false;
	if (dev->header_ops && dev->header_ops->validate)
		return dev->header_ops->validate(ll_header, len);
	return false;
}

static inline bool dev_has_header(const struct net_device *dev)
{
	return dev->header_ops && dev->header_ops->create;
}

/* ---- queues ---- */

/* every queue's qdisc run again */
static inline void netif_tx_schedule_all(struct net_device *dev)
{
	unsigned int i;

	for (i = 0; i < dev->num_tx_queues; i++)
		netif_schedule_queue(netdev_get_tx_queue(dev, i));
}

static inline void netdev_queue_set_dql_min_limit(struct netdev_queue *dev_queue,
						  unsigned int min_limit)
{
	dev_queue->dql.min_limit = min_limit;
}

static inline void netdev_queue_numa_node_write(struct netdev_queue *q, int node)
{
}

int netif_set_real_num_tx_queues(struct net_device *dev, unsigned int txq);
int netif_set_real_num_rx_queues(struct net_device *dev, unsigned int rxq);
int netif_set_real_num_queues(struct net_device *dev, unsigned int txq, unsigned int rxq);
int netif_get_num_default_rss_queues(void);
u16 dev_pick_tx_zero(struct net_device *dev, struct sk_buff *skb,
		     struct net_device *sb_dev);
u16 dev_pick_tx_cpu_id(struct net_device *dev, struct sk_buff *skb,
		       struct net_device *sb_dev);

/* ---- device state a driver changes ---- */

void netif_device_detach(struct net_device *dev);
void netif_device_attach(struct net_device *dev);
void netif_stacked_transfer_operstate(const struct net_device *rootdev,
				      struct net_device *dev);
void netdev_state_change(struct net_device *dev);
void netdev_features_change(struct net_device *dev);
unsigned int dev_get_flags(const struct net_device *dev);
int dev_get_iflink(const struct net_device *dev);
bool dev_valid_name(const char *name);
bool netdev_name_in_use(struct net *net, const char *name);
int dev_alloc_name(struct net_device *dev, const char *name);
int dev_set_promiscuity(struct net_device *dev, int inc);
int dev_set_allmulti(struct net_device *dev, int inc);
void netdev_rss_key_fill(void *buffer, size_t len);

/* ---- counters ---- */

void netdev_stats_to_stats64(struct rtnl_link_stats64 *stats64,
			     const struct net_device_stats *netdev_stats);
struct rtnl_link_stats64 *dev_get_stats(struct net_device *dev,
					struct rtnl_link_stats64 *storage);
void dev_fetch_sw_netstats(struct rtnl_link_stats64 *s,
			   const struct pcpu_sw_netstats __percpu *netstats);
void dev_lstats_read(struct net_device *dev, u64 *packets, u64 *bytes);

/* the device's per-CPU software counters (dev->tstats, dev->lstats) */
static inline void dev_sw_netstats_rx_add(struct net_device *dev, unsigned int len)
{
	struct pcpu_sw_netstats *tstats = this_cpu_ptr(dev->tstats);

	u64_stats_update_begin(&tstats->syncp);
	u64_stats_add(&tstats->rx_bytes, len);
	u64_stats_inc(&tstats->rx_packets);
	u64_stats_update_end(&tstats->syncp);
}

static inline void dev_sw_netstats_tx_add(struct net_device *dev, unsigned int packets,
					  unsigned int len)
{
	struct pcpu_sw_netstats *tstats = this_cpu_ptr(dev->tstats);

	u64_stats_update_begin(&tstats->syncp);
	u64_stats_add(&tstats->tx_bytes, len);
	u64_stats_add(&tstats->tx_packets, packets);
	u64_stats_update_end(&tstats->syncp);
}

static inline void dev_lstats_add(struct net_device *dev, unsigned int len)
{
	struct pcpu_lstats *lstats = this_cpu_ptr(dev->lstats);

	u64_stats_update_begin(&lstats->syncp);
	u64_stats_add(&lstats->bytes, len);
	u64_stats_inc(&lstats->packets);
	u64_stats_update_end(&lstats->syncp);
}

/* the counters in dev->stats, updated locklessly */
#define DEV_STATS_INC(DEV, FIELD)	atomic_long_inc(&(DEV)->stats.__##FIELD)
#define DEV_STATS_ADD(DEV, FIELD, VAL)	atomic_long_add((VAL), &(DEV)->stats.__##FIELD)
#define DEV_STATS_READ(DEV, FIELD)	atomic_long_read(&(DEV)->stats.__##FIELD)

/* ---- byte queue limits (linux/dynamic_queue_limits.h) ---- */

static inline void netdev_txq_bql_enqueue_prefetchw(struct netdev_queue *dev_queue)
{
	prefetchw(&dev_queue->dql.num_queued);
}

static inline void netdev_txq_bql_complete_prefetchw(struct netdev_queue *dev_queue)
{
	prefetchw(&dev_queue->dql.limit);
}

/*
 * A driver handed bytes to its ring: over the queue's limit the stack
 * stops the queue (STACK_XOFF) until completions bring it back under; the
 * second look covers a completion that came in between.
 */
static inline void netdev_tx_sent_queue(struct netdev_queue *dev_queue, unsigned int bytes)
{
	dql_queued(&dev_queue->dql, bytes);
	if (likely(dql_avail(&dev_queue->dql) >= 0))
		return;
	set_bit(__QUEUE_STATE_STACK_XOFF, &dev_queue->state);
	smp_mb();
	if (unlikely(dql_avail(&dev_queue->dql) >= 0))
		clear_bit(__QUEUE_STATE_STACK_XOFF, &dev_queue->state);
}

/*
 * With more packets coming (xmit_more) only count them, and tell the
 * driver whether to ring the doorbell now (the queue is stopped); else
 * as netdev_tx_sent_queue(), and ring it.
 */
static inline bool __netdev_tx_sent_queue(struct netdev_queue *dev_queue,
					  unsigned int bytes, bool xmit_more)
{
	if (xmit_more) {
		dql_queued(&dev_queue->dql, bytes);
		return netif_tx_queue_stopped(dev_queue);
	}
	netdev_tx_sent_queue(dev_queue, bytes);
	return true;
}

static inline void netdev_sent_queue(struct net_device *dev, unsigned int bytes)
{
	netdev_tx_sent_queue(netdev_get_tx_queue(dev, 0), bytes);
}

static inline bool __netdev_sent_queue(struct net_device *dev, unsigned int bytes,
				       bool xmit_more)
{
	return __netdev_tx_sent_queue(netdev_get_tx_queue(dev, 0), bytes, xmit_more);
}

/* the device finished bytes: the limit adapts, a stack-stopped queue restarts */
static inline void netdev_tx_completed_queue(struct netdev_queue *dev_queue,
					     unsigned int pkts, unsigned int bytes)
{
	if (unlikely(!bytes))
		return;
	dql_completed(&dev_queue->dql, bytes);
	smp_mb();
	if (unlikely(dql_avail(&dev_queue->dql) < 0))
		return;
	if (test_and_clear_bit(__QUEUE_STATE_STACK_XOFF, &dev_queue->state))
		netif_schedule_queue(dev_queue);
}

static inline void netdev_completed_queue(struct net_device *dev, unsigned int pkts,
					  unsigned int bytes)
{
	netdev_tx_completed_queue(netdev_get_tx_queue(dev, 0), pkts, bytes);
}

static inline void netdev_tx_reset_queue(struct netdev_queue *q)
{
	clear_bit(__QUEUE_STATE_STACK_XOFF, &q->state);
	dql_reset(&q->dql);
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
static inline void netdev_tx_reset_subqueue(const struct net_device *dev, u32 qid)
{
	netdev_tx_reset_queue(netdev_get_tx_queue(dev, qid));
}
#endif

static inline void netdev_reset_queue(struct net_device *dev_queue)
{
	netdev_tx_reset_queue(netdev_get_tx_queue(dev_queue, 0));
}

/* ---- netdevice notifier chains (lib/dev.c) ----
 *
 * One chain per namespace, called first, then the one for every namespace.
 * A device's
 * registration raises NETDEV_REGISTER, its unregistration NETDEV_UNREGISTER,
 * bringing it up NETDEV_UP, down NETDEV_GOING_DOWN then NETDEV_DOWN, a carrier
 * change NETDEV_CHANGE; registering a notifier replays REGISTER (and UP) for
 * the devices there are, unregistering it (GOING_DOWN, DOWN and) UNREGISTER.
 */
struct netdev_net_notifier {
	struct list_head	list;
	struct notifier_block	*nb;
};

int register_netdevice_notifier(struct notifier_block *nb);
int unregister_netdevice_notifier(struct notifier_block *nb);
int register_netdevice_notifier_net(struct net *net, struct notifier_block *nb);
int unregister_netdevice_notifier_net(struct net *net, struct notifier_block *nb);
int register_netdevice_notifier_dev_net(struct net_device *dev, struct notifier_block *nb,
					struct netdev_net_notifier *nn);
int unregister_netdevice_notifier_dev_net(struct net_device *dev,
					  struct notifier_block *nb,
					  struct netdev_net_notifier *nn);

/* what a netdevice notifier's data points to (the others embed it first) */
struct netdev_notifier_info {
	struct net_device	*dev;
	struct netlink_ext_ack	*extack;
};

struct netdev_notifier_info_ext {
	struct netdev_notifier_info info;
	union {
		u32 mtu;
	} ext;
};

struct netdev_notifier_change_info {
	struct netdev_notifier_info info;
	unsigned int flags_changed;
};

struct netdev_notifier_changeupper_info {
	struct netdev_notifier_info info;
	struct net_device *upper_dev;
	bool master;
	bool linking;
	void *upper_info;
};

struct netdev_notifier_changelowerstate_info {
	struct netdev_notifier_info info;
	void *lower_state_info;
};

struct netdev_notifier_pre_changeaddr_info {
	struct netdev_notifier_info info;
	const unsigned char *dev_addr;
};

static inline void netdev_notifier_info_init(struct netdev_notifier_info *info,
					     struct net_device *dev)
{
	info->dev = dev;
	info->extack = NULL;
}

static inline struct net_device *
netdev_notifier_info_to_dev(const struct netdev_notifier_info *info)
{
	return info->dev;
}

static inline struct netlink_ext_ack *
netdev_notifier_info_to_extack(const struct netdev_notifier_info *info)
{
	return info->extack;
}

int call_netdevice_notifiers(unsigned long val, struct net_device *dev);
int call_netdevice_notifiers_info(unsigned long val, struct netdev_notifier_info *info);

/* ---- messages about a device: "NAME[ (state)]: message" ---- */

__printf(3, 4) void netdev_printk(const char *level, const struct net_device *dev,
				  const char *format, ...);
__printf(2, 3) void netdev_emerg(const struct net_device *dev, const char *format, ...);
__printf(2, 3) void netdev_alert(const struct net_device *dev, const char *format, ...);
__printf(2, 3) void netdev_crit(const struct net_device *dev, const char *format, ...);
__printf(2, 3) void netdev_err(const struct net_device *dev, const char *format, ...);
__printf(2, 3) void netdev_warn(const struct net_device *dev, const char *format, ...);
__printf(2, 3) void netdev_notice(const struct net_device *dev, const char *format, ...);
__printf(2, 3) void netdev_info(const struct net_device *dev, const char *format, ...);

/* debug messages are off (dynamic debug's default): checked, not printed */
#define netdev_dbg(__dev, format, args...)			\
do {								\
	if (0)							\
		netdev_printk(KERN_DEBUG, __dev, format, ##args); \
} while (0)
#define netdev_vdbg(dev, format, args...)	netdev_dbg(dev, format, ##args)

#define netdev_level_once(level, dev, fmt, ...)			\
do {								\
	static bool __section(".data.once") __print_once;	\
								\
	if (!__print_once) {					\
		__print_once = true;				\
		netdev_printk(level, dev, fmt, ##__VA_ARGS__);	\
	}							\
} while (0)

#define netdev_emerg_once(dev, fmt, ...) netdev_level_once(KERN_EMERG, dev, fmt, ##__VA_ARGS__)
#define netdev_alert_once(dev, fmt, ...) netdev_level_once(KERN_ALERT, dev, fmt, ##__VA_ARGS__)
#define netdev_crit_once(dev, fmt, ...) netdev_level_once(KERN_CRIT, dev, fmt, ##__VA_ARGS__)
#define netdev_err_once(dev, fmt, ...) netdev_level_once(KERN_ERR, dev, fmt, ##__VA_ARGS__)
#define netdev_warn_once(dev, fmt, ...) netdev_level_once(KERN_WARNING, dev, fmt, ##__VA_ARGS__)
#define netdev_notice_once(dev, fmt, ...) netdev_level_once(KERN_NOTICE, dev, fmt, ##__VA_ARGS__)
#define netdev_info_once(dev, fmt, ...) netdev_level_once(KERN_INFO, dev, fmt, ##__VA_ARGS__)

/* the shim prints every rate-limited message (README: printk) */
#define netdev_err_ratelimited(dev, fmt, ...)	netdev_err(dev, fmt, ##__VA_ARGS__)
#define netdev_warn_ratelimited(dev, fmt, ...)	netdev_warn(dev, fmt, ##__VA_ARGS__)
#define netdev_info_ratelimited(dev, fmt, ...)	netdev_info(dev, fmt, ##__VA_ARGS__)
#define netdev_notice_ratelimited(dev, fmt, ...) netdev_notice(dev, fmt, ##__VA_ARGS__)
#define netdev_dbg_ratelimited(dev, fmt, ...)	netdev_dbg(dev, fmt, ##__VA_ARGS__)

#define MODULE_ALIAS_NETDEV(device)	MODULE_ALIAS("netdev-" device)

/* a driver's message, printed when its msg_enable has the type's bit */
#define netif_printk(priv, type, level, dev, fmt, args...)	\
do {								\
	if (netif_msg_##type(priv))				\
		netdev_printk(level, (dev), fmt, ##args);	\
} while (0)

#define netif_level(level, priv, type, dev, fmt, args...)	\
do {								\
	if (netif_msg_##type(priv))				\
		netdev_##level(dev, fmt, ##args);		\
} while (0)

#define netif_emerg(priv, type, dev, fmt, args...)	netif_level(emerg, priv, type, dev, fmt, ##args)
#define netif_alert(priv, type, dev, fmt, args...)	netif_level(alert, priv, type, dev, fmt, ##args)
#define netif_crit(priv, type, dev, fmt, args...)	netif_level(crit, priv, type, dev, fmt, ##args)
#define netif_err(priv, type, dev, fmt, args...)	netif_level(err, priv, type, dev, fmt, ##args)
#define netif_warn(priv, type, dev, fmt, args...)	netif_level(warn, priv, type, dev, fmt, ##args)
#define netif_notice(priv, type, dev, fmt, args...)	\
	netif_level(notice, priv, type, dev, fmt, ##args)
#define netif_info(priv, type, dev, fmt, args...)	netif_level(info, priv, type, dev, fmt, ##args)
#define netif_dbg(priv, type, netdev, format, args...)		\
do {								\
	if (0)							\
		netif_printk(priv, type, KERN_DEBUG, netdev, format, ##args); \
} while (0)
#define netif_vdbg	netif_dbg


/* NAPI's state bits and the poll weight */
enum {
	NAPI_STATE_SCHED,		/* poll scheduled */
	NAPI_STATE_MISSED,		/* schedule again when done */
	NAPI_STATE_DISABLE,		/* disable pending */
	NAPI_STATE_NPSVC,		/* netpoll: not off the poll list */
	NAPI_STATE_LISTED,		/* on the system's lists */
	NAPI_STATE_NO_BUSY_POLL,	/* not in napi_hash */
	NAPI_STATE_IN_BUSY_POLL,	/* a busy poller owns it */
	NAPI_STATE_PREFER_BUSY_POLL,
	NAPI_STATE_THREADED,		/* polled by its own thread */
	NAPI_STATE_SCHED_THREADED,	/* scheduled in threaded mode */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	NAPI_STATE_HAS_NOTIFIER,	/* has an IRQ notifier */
	NAPI_STATE_THREADED_BUSY_POLL,	/* the thread busy-polls */
#endif
};

enum {
	NAPIF_STATE_SCHED		= BIT(NAPI_STATE_SCHED),
	NAPIF_STATE_MISSED		= BIT(NAPI_STATE_MISSED),
	NAPIF_STATE_DISABLE		= BIT(NAPI_STATE_DISABLE),
	NAPIF_STATE_NPSVC		= BIT(NAPI_STATE_NPSVC),
	NAPIF_STATE_LISTED		= BIT(NAPI_STATE_LISTED),
	NAPIF_STATE_NO_BUSY_POLL	= BIT(NAPI_STATE_NO_BUSY_POLL),
	NAPIF_STATE_IN_BUSY_POLL	= BIT(NAPI_STATE_IN_BUSY_POLL),
	NAPIF_STATE_PREFER_BUSY_POLL	= BIT(NAPI_STATE_PREFER_BUSY_POLL),
	NAPIF_STATE_THREADED		= BIT(NAPI_STATE_THREADED),
	NAPIF_STATE_SCHED_THREADED	= BIT(NAPI_STATE_SCHED_THREADED),
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	NAPIF_STATE_HAS_NOTIFIER	= BIT(NAPI_STATE_HAS_NOTIFIER),
	NAPIF_STATE_THREADED_BUSY_POLL	= BIT(NAPI_STATE_THREADED_BUSY_POLL),
#endif
};

#define NAPI_POLL_WEIGHT	64

/* ---- NAPI ------------------------------------------------------------------ */

/* one bucket of held GRO packets (the shim merges none: always empty) */
struct gro_list {
	struct list_head	list;
	int			count;
};

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/* a NAPI context's GRO state, separate since 6.15 */
struct gro_node {
	unsigned long		bitmask;
	struct gro_list		hash[GRO_HASH_BUCKETS];
	struct list_head	rx_list;
	u32			rx_count;
	u32			cached_napi_id;
};

/* the settings a NAPI context keeps across its re-creation (netif_napi_add_config()) */
struct napi_config {
	u64			gro_flush_timeout;
	u64			irq_suspend_timeout;
	u32			defer_hard_irqs;
	u8			threaded;
	unsigned int		napi_id;
};
#endif

/*
 * A device's polled receive (or transmit completion) context. The shim
 * runs poll() as the kernel's NET_RX softirq does, on the virtual clock:
 * __napi_schedule() queues the context's __qdk_poll tasklet, which calls
 * poll(napi, weight) in softirq context and polls again while poll() uses
 * its whole budget.
 */
struct napi_struct {
	unsigned long		state;		/* NAPI_STATE_* bits */
	struct list_head	poll_list;
	int			weight;
	u32			defer_hard_irqs_count;
	int			(*poll)(struct napi_struct *napi, int budget);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	int			list_owner;	/* the CPU it is scheduled on, -1: none */
#endif
	struct net_device	*dev;
	struct sk_buff		*skb;		/* napi_get_frags()'s packet */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	struct gro_node		gro;
#else
	unsigned long		gro_bitmask;
	struct gro_list		gro_hash[GRO_HASH_BUCKETS];
	struct list_head	rx_list;	/* GRO_NORMAL packets not yet delivered */
	int			rx_count;
#endif
	struct task_struct	*thread;
	unsigned long		gro_flush_timeout;
	unsigned int		napi_id;
	struct list_head	dev_list;	/* in dev->napi_list */
	struct hlist_node	napi_hash_node;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	int			irq;
#endif
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	int			index;		/* in dev->napi_config, -1: none */
	struct napi_config	*config;
#endif
	struct tasklet_struct	__qdk_poll;	/* the shim's: the scheduled poll */
};

void __napi_schedule(struct napi_struct *n);
void __napi_schedule_irqoff(struct napi_struct *n);
bool napi_schedule_prep(struct napi_struct *n);
bool napi_complete_done(struct napi_struct *n, int work_done);
void napi_disable(struct napi_struct *n);
void napi_enable(struct napi_struct *n);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
void napi_disable_locked(struct napi_struct *n);
void napi_enable_locked(struct napi_struct *n);
#endif

static inline bool napi_disable_pending(struct napi_struct *n)
{
	return test_bit(NAPI_STATE_DISABLE, &n->state);
}

static inline bool napi_prefer_busy_poll(struct napi_struct *n)
{
	return test_bit(NAPI_STATE_PREFER_BUSY_POLL, &n->state);
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
static inline bool napi_is_scheduled(struct napi_struct *n)
{
	return test_bit(NAPI_STATE_SCHED, &n->state);
}

/* true when this call scheduled it */
static inline bool napi_schedule(struct napi_struct *n)
{
	if (napi_schedule_prep(n)) {
		__napi_schedule(n);
		return true;
	}
	return false;
}
#else
static inline void napi_schedule(struct napi_struct *n)
{
	if (napi_schedule_prep(n))
		__napi_schedule(n);
}

static inline bool napi_reschedule(struct napi_struct *napi)
{
	if (napi_schedule_prep(napi)) {
		__napi_schedule(napi);
		return true;
	}
	return false;
}
#endif

static inline void napi_schedule_irqoff(struct napi_struct *n)
{
	if (napi_schedule_prep(n))
		__napi_schedule_irqoff(n);
}

static inline bool napi_complete(struct napi_struct *n)
{
	return napi_complete_done(n, 0);
}

/* one CPU: a scheduled poll never runs meanwhile; the kernel would wait for it */
static inline void napi_synchronize(const struct napi_struct *n)
{
	barrier();
}

/*
 * A scheduled context is marked to be polled again after its poll
 * completes; true when it was scheduled (and not being disabled).
 */
static inline bool napi_if_scheduled_mark_missed(struct napi_struct *n)
{
	unsigned long val = READ_ONCE(n->state);

	if (val & NAPIF_STATE_DISABLE)
		return true;
	if (!(val & NAPIF_STATE_SCHED))
		return false;
	set_bit(NAPI_STATE_MISSED, &n->state);
	return true;
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/* the instance lock of 6.15 (net/netdev_lock.h has the rest) */
static inline void netdev_lock(struct net_device *dev)
{
	mutex_lock(&dev->lock);
}

static inline void netdev_unlock(struct net_device *dev)
{
	mutex_unlock(&dev->lock);
}

void netif_napi_set_irq_locked(struct napi_struct *napi, int irq);

static inline void netif_napi_set_irq(struct napi_struct *napi, int irq)
{
	netdev_lock(napi->dev);
	netif_napi_set_irq_locked(napi, irq);
	netdev_unlock(napi->dev);
}

void netif_napi_add_weight_locked(struct net_device *dev, struct napi_struct *napi,
				  int (*poll)(struct napi_struct *, int), int weight);

static inline void netif_napi_add_weight(struct net_device *dev, struct napi_struct *napi,
					 int (*poll)(struct napi_struct *, int), int weight)
{
	netdev_lock(dev);
	netif_napi_add_weight_locked(dev, napi, poll, weight);
	netdev_unlock(dev);
}

static inline void netif_napi_add_locked(struct net_device *dev, struct napi_struct *napi,
					 int (*poll)(struct napi_struct *, int))
{
	netif_napi_add_weight_locked(dev, napi, poll, NAPI_POLL_WEIGHT);
}

/* index: the context's slot in dev->napi_config (alloc_netdev_mqs() sizes it) */
static inline void netif_napi_add_config_locked(struct net_device *dev,
						struct napi_struct *napi,
						int (*poll)(struct napi_struct *, int),
						int index)
{
	napi->index = index;
	napi->config = &dev->napi_config[index];
	netif_napi_add_weight_locked(dev, napi, poll, NAPI_POLL_WEIGHT);
}

static inline void netif_napi_add_config(struct net_device *dev, struct napi_struct *napi,
					 int (*poll)(struct napi_struct *, int), int index)
{
	netdev_lock(dev);
	netif_napi_add_config_locked(dev, napi, poll, index);
	netdev_unlock(dev);
}

void __netif_napi_del_locked(struct napi_struct *napi);

static inline void __netif_napi_del(struct napi_struct *napi)
{
	netdev_lock(napi->dev);
	__netif_napi_del_locked(napi);
	netdev_unlock(napi->dev);
}

static inline void netif_napi_del_locked(struct napi_struct *napi)
{
	__netif_napi_del_locked(napi);
	synchronize_net();
}
#else
void netif_napi_add_weight(struct net_device *dev, struct napi_struct *napi,
			   int (*poll)(struct napi_struct *, int), int weight);
void __netif_napi_del(struct napi_struct *napi);
#endif

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0) && LINUX_VERSION_CODE < KERNEL_VERSION(7, 3, 0)
static inline void netif_napi_set_irq(struct napi_struct *napi, int irq)
{
	napi->irq = irq;
}
#endif

static inline void netif_napi_add(struct net_device *dev, struct napi_struct *napi,
				  int (*poll)(struct napi_struct *, int))
{
	netif_napi_add_weight(dev, napi, poll, NAPI_POLL_WEIGHT);
}

/* a transmit-only context: never busy-polled */
static inline void netif_napi_add_tx_weight(struct net_device *dev, struct napi_struct *napi,
					    int (*poll)(struct napi_struct *, int), int weight)
{
	set_bit(NAPI_STATE_NO_BUSY_POLL, &napi->state);
	netif_napi_add_weight(dev, napi, poll, weight);
}

static inline void netif_napi_add_tx(struct net_device *dev, struct napi_struct *napi,
				     int (*poll)(struct napi_struct *, int))
{
	netif_napi_add_tx_weight(dev, napi, poll, NAPI_POLL_WEIGHT);
}

/* off the device's list; the caller frees it after an RCU grace period */
static inline void netif_napi_del(struct napi_struct *napi)
{
	__netif_napi_del(napi);
	synchronize_net();
}

/* ---- receive ----------------------------------------------------------------- */

int netif_rx(struct sk_buff *skb);
int __netif_rx(struct sk_buff *skb);
int netif_receive_skb(struct sk_buff *skb);
int netif_receive_skb_core(struct sk_buff *skb);
void netif_receive_skb_list(struct list_head *head);
int __dev_forward_skb(struct net_device *dev, struct sk_buff *skb);
int dev_forward_skb(struct net_device *dev, struct sk_buff *skb);

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
gro_result_t gro_receive_skb(struct gro_node *gro, struct sk_buff *skb);

static inline gro_result_t napi_gro_receive(struct napi_struct *napi, struct sk_buff *skb)
{
	return gro_receive_skb(&napi->gro, skb);
}
#else
gro_result_t napi_gro_receive(struct napi_struct *napi, struct sk_buff *skb);
#endif

static inline void napi_free_frags(struct napi_struct *napi)
{
	kfree_skb(napi->skb);
	napi->skb = NULL;
}

/* packets netif_rx() queues for the backlog's poll at most (the sysctl's default) */
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
extern int netdev_max_backlog;
#endif

/* no XDP program runs here: GRO is off only without the feature */
static inline bool netif_elide_gro(const struct net_device *dev)
{
	return !(dev->features & NETIF_F_GRO);
}

void net_enable_timestamp(void);
void net_disable_timestamp(void);

/* a received packet's hardware timestamp, as the device's driver converts it */
static inline ktime_t netdev_get_tstamp(struct net_device *dev,
					const struct skb_shared_hwtstamps *hwtstamps,
					bool cycles)
{
	const struct net_device_ops *ops = dev->netdev_ops;

	if (ops->ndo_get_tstamp)
		return ops->ndo_get_tstamp(dev, hwtstamps, cycles);
	return hwtstamps->hwtstamp;
}

/* packet taps (dev_add_pack(ETH_P_ALL)) that see transmitted packets */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
bool dev_nit_active_rcu(const struct net_device *dev);

static inline bool dev_nit_active(const struct net_device *dev)
{
	bool ret;

	rcu_read_lock();
	ret = dev_nit_active_rcu(dev);
	rcu_read_unlock();
	return ret;
}
#else
bool dev_nit_active(struct net_device *dev);
#endif

/* ---- transmit ---------------------------------------------------------------- */

typedef u16 (*select_queue_fallback_t)(struct net_device *dev, struct sk_buff *skb,
				       struct net_device *sb_dev);

u16 netdev_pick_tx(struct net_device *dev, struct sk_buff *skb, struct net_device *sb_dev);
int __dev_queue_xmit(struct sk_buff *skb, struct net_device *sb_dev);

static inline int dev_queue_xmit(struct sk_buff *skb)
{
	return __dev_queue_xmit(skb, NULL);
}

static inline int dev_queue_xmit_accel(struct sk_buff *skb, struct net_device *sb_dev)
{
	return __dev_queue_xmit(skb, sb_dev);
}

/* ---- registration, up and down ------------------------------------------------ */

int register_netdevice(struct net_device *dev);
void unregister_netdevice_many(struct list_head *head);
int register_netdev(struct net_device *dev);
void unregister_netdev(struct net_device *dev);
int devm_register_netdev(struct device *dev, struct net_device *ndev);

static inline void unregister_netdevice(struct net_device *dev)
{
	unregister_netdevice_queue(dev, NULL);
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/* the shim dismantles no namespace: the batch is the caller's head */
static inline void unregister_netdevice_queue_net(struct net *net, struct net_device *dev,
						  struct list_head *head)
{
	unregister_netdevice_queue(dev, head);
}

static inline void unregister_netdevice_queue_many_net(struct net *net,
						       struct list_head *head)
{
	unregister_netdevice_many(head);
}
#endif

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
struct net_device *alloc_netdev_dummy(int sizeof_priv);
#else
int init_dummy_netdev(struct net_device *dev);
#endif

int dev_open(struct net_device *dev, struct netlink_ext_ack *extack);
void dev_close(struct net_device *dev);
int dev_change_flags(struct net_device *dev, unsigned int flags,
		     struct netlink_ext_ack *extack);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
int netif_open(struct net_device *dev, struct netlink_ext_ack *extack);
void netif_close(struct net_device *dev);
void netif_close_many(struct list_head *head, bool unlink);
int netif_change_flags(struct net_device *dev, unsigned int flags,
		       struct netlink_ext_ack *extack);
unsigned int netif_get_flags(const struct net_device *dev);
int __netif_set_mtu(struct net_device *dev, int new_mtu);
int netif_set_mtu(struct net_device *dev, int new_mtu);
#else
void dev_close_many(struct list_head *head, bool unlink);
#endif
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
int __dev_set_mtu(struct net_device *dev, int new_mtu);
#endif

void __netdev_notify_peers(struct net_device *dev);
void netdev_notify_peers(struct net_device *dev);
void netdev_update_features(struct net_device *dev);
void netdev_change_features(struct net_device *dev);

static inline bool is_socket_ioctl_cmd(unsigned int cmd)
{
	return _IOC_TYPE(cmd) == SOCK_IOC_TYPE;
}

/* ---- more of the stack's calls ------------------------------------------------ */

int __dev_direct_xmit(struct sk_buff *skb, u16 queue_id);

/* to queue_id's driver at once, bypassing the qdisc (AF_PACKET's QDISC_BYPASS, XDP) */
static inline int dev_direct_xmit(struct sk_buff *skb, u16 queue_id)
{
	int ret;

	ret = __dev_direct_xmit(skb, queue_id);
	if (!dev_xmit_complete(ret))
		kfree_skb(skb);
	return ret;
}

struct sock;
int dev_loopback_xmit(struct net *net, struct sock *sk, struct sk_buff *newskb);
void dev_queue_xmit_nit(struct sk_buff *skb, struct net_device *dev);

struct sockaddr;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
int netif_pre_changeaddr_notify(struct net_device *dev, const char *addr,
				struct netlink_ext_ack *extack);
int netif_set_mac_address(struct net_device *dev, struct sockaddr_storage *ss,
			  struct netlink_ext_ack *extack);
int dev_set_mac_address(struct net_device *dev, struct sockaddr_storage *ss,
			struct netlink_ext_ack *extack);
int dev_set_mac_address_user(struct net_device *dev, struct sockaddr_storage *ss,
			     struct netlink_ext_ack *extack);
int netif_get_mac_address(struct sockaddr *sa, struct net *net, char *dev_name);
int netif_get_port_parent_id(struct net_device *dev, struct netdev_phys_item_id *ppid,
			     bool recurse);
#else
int dev_pre_changeaddr_notify(struct net_device *dev, const char *addr,
			      struct netlink_ext_ack *extack);
int dev_set_mac_address(struct net_device *dev, struct sockaddr *sa,
			struct netlink_ext_ack *extack);
int dev_set_mac_address_user(struct net_device *dev, struct sockaddr *sa,
			     struct netlink_ext_ack *extack);
int dev_get_mac_address(struct sockaddr *sa, struct net *net, char *dev_name);
int dev_get_port_parent_id(struct net_device *dev, struct netdev_phys_item_id *ppid,
			   bool recurse);
int dev_set_threaded(struct net_device *dev, bool threaded);
#endif
bool netdev_port_same_parent_id(struct net_device *a, struct net_device *b);

struct ethtool_ops;
void netdev_set_default_ethtool_ops(struct net_device *dev, const struct ethtool_ops *ops);

void *netdev_adjacent_get_private(struct list_head *adj_list);
int netdev_adjacent_change_prepare(struct net_device *old_dev, struct net_device *new_dev,
				   struct net_device *dev, struct netlink_ext_ack *extack);
void netdev_adjacent_change_commit(struct net_device *old_dev, struct net_device *new_dev,
				   struct net_device *dev);
void netdev_adjacent_change_abort(struct net_device *old_dev, struct net_device *new_dev,
				  struct net_device *dev);

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
/* the device list's lock of old (readers of dev_base_head without RTNL or RCU) */
extern rwlock_t dev_base_lock;

/* lockdep's keys of a device's locks: the qdisc busylock's here */
#define netdev_lockdep_set_classes(dev)					\
{									\
	static struct lock_class_key qdisc_tx_busylock_key;		\
	(dev)->qdisc_tx_busylock = &qdisc_tx_busylock_key;		\
}
#endif

/* the next bit set in both masks (either alone when the other is NULL) */
static inline int netif_attrmask_next_and(int n, const unsigned long *src1p,
					  const unsigned long *src2p, unsigned int nr_bits)
{
	if (!src1p && !src2p)
		return n + 1;
	for (n++; n < (int)nr_bits; n++)
		if ((!src1p || test_bit(n, src1p)) && (!src2p || test_bit(n, src2p)))
			return n;
	return nr_bits;
}

static inline void *netdev_get_ml_priv(struct net_device *dev,
				       enum netdev_ml_priv_type type)
{
	return dev->ml_priv_type == type ? dev->ml_priv : NULL;
}

/* the kernel warns when a typed ml_priv is replaced by another type */
static inline void netdev_set_ml_priv(struct net_device *dev, void *ml_priv,
				      enum netdev_ml_priv_type type)
{
	WARN(dev->ml_priv_type && dev->ml_priv_type != type,
	     "Overwriting already set ml_priv_type (%u) with different ml_priv_type (%u)!\n",
	     dev->ml_priv_type, type);
	WARN(!dev->ml_priv_type && dev->ml_priv,
	     "Overwriting already set ml_priv and ml_priv_type is ML_PRIV_NONE!\n");
	dev->ml_priv = ml_priv;
	dev->ml_priv_type = type;
}

/* which of the per-CPU counters (lstats, tstats, dstats) the core allocates */
enum netdev_stat_type {
	NETDEV_PCPU_STAT_NONE,
	NETDEV_PCPU_STAT_LSTATS,	/* struct pcpu_lstats */
	NETDEV_PCPU_STAT_TSTATS,	/* struct pcpu_sw_netstats */
	NETDEV_PCPU_STAT_DSTATS,	/* struct pcpu_dstats */
};

/* a software device's per-CPU counters with drops (vrf, macsec ...) */
struct pcpu_dstats {
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	u64_stats_t		rx_packets;
	u64_stats_t		rx_bytes;
	u64_stats_t		tx_packets;
	u64_stats_t		tx_bytes;
	u64_stats_t		rx_drops;
	u64_stats_t		tx_drops;
#else
	u64			rx_packets;
	u64			rx_bytes;
	u64			rx_drops;
	u64			tx_packets;
	u64			tx_bytes;
	u64			tx_drops;
#endif
	struct u64_stats_sync	syncp;
} __aligned(8 * sizeof(u64));

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
static inline void dev_dstats_rx_add(struct net_device *dev, unsigned int len)
{
	struct pcpu_dstats *dstats = this_cpu_ptr(dev->dstats);

	u64_stats_update_begin(&dstats->syncp);
	u64_stats_inc(&dstats->rx_packets);
	u64_stats_add(&dstats->rx_bytes, len);
	u64_stats_update_end(&dstats->syncp);
}

static inline void dev_dstats_rx_dropped(struct net_device *dev)
{
	struct pcpu_dstats *dstats = this_cpu_ptr(dev->dstats);

	u64_stats_update_begin(&dstats->syncp);
	u64_stats_inc(&dstats->rx_drops);
	u64_stats_update_end(&dstats->syncp);
}

static inline void dev_dstats_tx_add(struct net_device *dev, unsigned int len)
{
	struct pcpu_dstats *dstats = this_cpu_ptr(dev->dstats);

	u64_stats_update_begin(&dstats->syncp);
	u64_stats_inc(&dstats->tx_packets);
	u64_stats_add(&dstats->tx_bytes, len);
	u64_stats_update_end(&dstats->syncp);
}

static inline void dev_dstats_tx_dropped(struct net_device *dev)
{
	struct pcpu_dstats *dstats = this_cpu_ptr(dev->dstats);

	u64_stats_update_begin(&dstats->syncp);
	u64_stats_inc(&dstats->tx_drops);
	u64_stats_update_end(&dstats->syncp);
}
#endif

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
static inline void dev_dstats_rx_dropped_add(struct net_device *dev, unsigned int packets)
{
	struct pcpu_dstats *dstats = this_cpu_ptr(dev->dstats);

	u64_stats_update_begin(&dstats->syncp);
	u64_stats_add(&dstats->rx_drops, packets);
	u64_stats_update_end(&dstats->syncp);
}
#endif

/* per-CPU counters of type, each one's syncp initialised; NULL without memory */
#define __netdev_alloc_pcpu_stats(type, gfp)				\
({									\
	typeof(type) __percpu *__pcpu_stats = alloc_percpu_gfp(type, gfp); \
	if (__pcpu_stats) {						\
		int __cpu;						\
		for_each_possible_cpu(__cpu) {				\
			typeof(type) *__stat;				\
			__stat = per_cpu_ptr(__pcpu_stats, __cpu);	\
			u64_stats_init(&__stat->syncp);			\
		}							\
	}								\
	__pcpu_stats;							\
})

#define netdev_alloc_pcpu_stats(type)					\
	__netdev_alloc_pcpu_stats(type, GFP_KERNEL)

/* the same, freed with the device dev (devres) */
#define devm_netdev_alloc_pcpu_stats(dev, type)				\
({									\
	typeof(type) __percpu *__pcpu_stats = devm_alloc_percpu(dev, type); \
	if (__pcpu_stats) {						\
		int __cpu;						\
		for_each_possible_cpu(__cpu) {				\
			typeof(type) *__stat;				\
			__stat = per_cpu_ptr(__pcpu_stats, __cpu);	\
			u64_stats_init(&__stat->syncp);			\
		}							\
	}								\
	__pcpu_stats;							\
})

/*
 * The core's own drop counters (dev->core_stats), allocated at the first
 * drop; dev_get_stats() adds them to what the driver reports.
 */
struct net_device_core_stats {
	unsigned long	rx_dropped;
	unsigned long	tx_dropped;
	unsigned long	rx_nohandler;
	unsigned long	rx_otherhost_dropped;
} __aligned(4 * sizeof(unsigned long));

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
void netdev_core_stats_inc(struct net_device *dev, u32 offset);

#define DEV_CORE_STATS_INC(FIELD)						\
static inline void dev_core_stats_##FIELD##_inc(struct net_device *dev)		\
{										\
	netdev_core_stats_inc(dev, offsetof(struct net_device_core_stats, FIELD)); \
}
#else
struct net_device_core_stats __percpu *netdev_core_stats_alloc(struct net_device *dev);

static inline struct net_device_core_stats __percpu *dev_core_stats(struct net_device *dev)
{
	struct net_device_core_stats __percpu *p = READ_ONCE(dev->core_stats);

	return likely(p) ? p : netdev_core_stats_alloc(dev);
}

#define DEV_CORE_STATS_INC(FIELD)						\
static inline void dev_core_stats_##FIELD##_inc(struct net_device *dev)		\
{										\
	struct net_device_core_stats __percpu *p = dev_core_stats(dev);		\
										\
	if (p)									\
		this_cpu_inc(p->FIELD);						\
}
#endif
DEV_CORE_STATS_INC(rx_dropped)
DEV_CORE_STATS_INC(tx_dropped)
DEV_CORE_STATS_INC(rx_nohandler)
DEV_CORE_STATS_INC(rx_otherhost_dropped)

void dev_get_tstats64(struct net_device *dev, struct rtnl_link_stats64 *s);

/*
 * Whether dev may take skb as a forwarded packet: dev up and, with
 * check_mtu, the frame within mtu + link header + one VLAN tag, or GSO.
 */
static __always_inline bool __is_skb_forwardable(const struct net_device *dev,
						 const struct sk_buff *skb,
						 const bool check_mtu)
{
	unsigned int len;

	if (!(dev->flags & IFF_UP))
		return false;
	if (!check_mtu)
		return true;
	len = dev->mtu + dev->hard_header_len + 4;	/* VLAN_HLEN */
	return skb->len <= len || skb_is_gso(skb);
}

bool is_skb_forwardable(const struct net_device *dev, const struct sk_buff *skb);

/*
 * What dev_forward_skb() does before the packet enters dev: refused (and
 * freed, counted as an rx drop) unless forwardable; scrubbed (crossing
 * namespaces: everything tied to the old one), priority 0.
 */
static __always_inline int ____dev_forward_skb(struct net_device *dev, struct sk_buff *skb,
					       const bool check_mtu)
{
	if (skb_orphan_frags(skb, GFP_ATOMIC) ||
	    unlikely(!__is_skb_forwardable(dev, skb, check_mtu))) {
		dev_core_stats_rx_dropped_inc(dev);
		kfree_skb(skb);
		return NET_RX_DROP;
	}
	/* net_eq() (net/net_namespace.h comes after this header) */
	skb_scrub_packet(skb, dev_net(dev) != dev_net(skb->dev));
	skb->priority = 0;
	return 0;
}

void netdev_rx_csum_fault(struct net_device *dev, struct sk_buff *skb);

/*
 * The transmit path's per-CPU state: how deep dev_queue_xmit() recursion
 * (a tunnel through a tunnel) is, and whether the stack has more packets
 * for the driver right behind this one (netdev_xmit_more()).
 */
struct softnet_data {
	unsigned int		processed;
	unsigned int		time_squeeze;
	unsigned int		received_rps;
	struct Qdisc		*output_queue;
	struct Qdisc		**output_queue_tailp;
	struct sk_buff		*completion_queue;
	struct {
		u16		recursion;
		u8		more;
		u8		skip_txqueue;
	} xmit;
	unsigned int		input_queue_head;
	unsigned int		cpu;
	unsigned int		input_queue_tail;
	unsigned int		dropped;
};
DECLARE_PER_CPU(struct softnet_data, softnet_data);

static inline bool netdev_xmit_more(void)
{
	return __this_cpu_read(softnet_data.xmit.more);
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
static inline void netdev_xmit_set_more(bool more)
{
	__this_cpu_write(softnet_data.xmit.more, more);
}
#endif

static inline int dev_recursion_level(void)
{
	return this_cpu_read(softnet_data.xmit.recursion);
}

static inline bool dev_xmit_recursion(void)
{
	return unlikely(__this_cpu_read(softnet_data.xmit.recursion) > XMIT_RECURSION_LIMIT);
}

static inline void dev_xmit_recursion_inc(void)
{
	__this_cpu_inc(softnet_data.xmit.recursion);
}

static inline void dev_xmit_recursion_dec(void)
{
	__this_cpu_dec(softnet_data.xmit.recursion);
}

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
/* RPS's flow counters: a packet taken off (head) or put on (tail) the backlog */
static inline void input_queue_head_incr(struct softnet_data *sd)
{
	sd->input_queue_head++;
}

static inline void input_queue_tail_incr_save(struct softnet_data *sd, unsigned int *qtail)
{
	*qtail = ++sd->input_queue_tail;
}
#endif

/* hand skb to the driver, more telling it whether another packet follows */
static inline netdev_tx_t __netdev_start_xmit(const struct net_device_ops *ops,
					      struct sk_buff *skb, struct net_device *dev,
					      bool more)
{
	__this_cpu_write(softnet_data.xmit.more, more);
	return ops->ndo_start_xmit(skb, dev);
}

/* the same with dev's ops, the queue's trans_start updated when sent */
static inline netdev_tx_t netdev_start_xmit(struct sk_buff *skb, struct net_device *dev,
					    struct netdev_queue *txq, bool more)
{
	netdev_tx_t rc = __netdev_start_xmit(dev->netdev_ops, skb, dev, more);

	if (rc == NETDEV_TX_OK)
		txq_trans_update(txq);
	return rc;
}

/* sparse's view of taking and releasing a queue's xmit lock: nothing here */
static inline bool __netif_tx_acquire(struct netdev_queue *txq)
{
	return true;
}

static inline void __netif_tx_release(struct netdev_queue *txq)
{
}

/* a received frame's first two cache lines brought in (64-byte lines) */
static inline void net_prefetch(void *p)
{
	prefetch(p);
#if L1_CACHE_BYTES < 128
	prefetch((u8 *)p + L1_CACHE_BYTES);
#endif
}

static inline void net_prefetchw(void *p)
{
	prefetchw(p);
#if L1_CACHE_BYTES < 128
	prefetchw((u8 *)p + L1_CACHE_BYTES);
#endif
}

/*
 * Whether features let the device checksum a packet of protocol: FCoE's
 * CRC by its own flag, IP by HW_CSUM (anything) or the family's flag.
 */
static inline bool can_checksum_protocol(netdev_features_t features, __be16 protocol)
{
	if (protocol == htons(ETH_P_FCOE))
		return !!(features & NETIF_F_FCOE_CRC);
	if (features & NETIF_F_HW_CSUM)
		return true;
	if (protocol == htons(ETH_P_IP))
		return !!(features & NETIF_F_IP_CSUM);
	if (protocol == htons(ETH_P_IPV6))
		return !!(features & NETIF_F_IPV6_CSUM);
	return false;
}

/* the headroom forwarded packets need: none for a phony-headroom device */
static inline unsigned int netdev_get_fwd_headroom(struct net_device *dev)
{
	return dev->priv_flags & IFF_PHONY_HEADROOM ? 0 : dev->needed_headroom;
}

static inline void netdev_set_rx_headroom(struct net_device *dev, int new_hr)
{
	if (dev->netdev_ops->ndo_set_rx_headroom)
		dev->netdev_ops->ndo_set_rx_headroom(dev, new_hr);
}

/* -1: back to the device's default */
static inline void netdev_reset_rx_headroom(struct net_device *dev)
{
	netdev_set_rx_headroom(dev, -1);
}

/* XPS: which queues a CPU's (or an rx queue's) packets go to */
enum xps_map_type {
	XPS_CPUS = 0,
	XPS_RXQS,
	XPS_MAPS_MAX,
};

struct xps_map {
	unsigned int	len;
	unsigned int	alloc_len;
	struct rcu_head	rcu;
	u16		queues[];
};
#define XPS_MAP_SIZE(_num) (sizeof(struct xps_map) + ((_num) * sizeof(u16)))
#define XPS_MIN_MAP_ALLOC ((L1_CACHE_ALIGN(offsetof(struct xps_map, queues[1])) \
			   - sizeof(struct xps_map)) / sizeof(u16))

struct xps_dev_maps {
	struct rcu_head	rcu;
	unsigned int	nr_ids;
	s16		num_tc;
	struct xps_map __rcu *attr_map[];	/* by CPU or rx queue, then tc */
};
#define XPS_CPU_DEV_MAPS_SIZE(_tcs) (sizeof(struct xps_dev_maps) +	\
	(num_possible_cpus() * (_tcs) * sizeof(struct xps_map *)))
#define XPS_RXQ_DEV_MAPS_SIZE(_tcs, _rxqs) (sizeof(struct xps_dev_maps) + \
	((_rxqs) * (_tcs) * sizeof(struct xps_map *)))

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
/* RPS and RFS (6.12 moved them to net/rps.h): a queue's CPUs, a flow's CPU */
struct rps_map {
	unsigned int	len;
	struct rcu_head	rcu;
	u16		cpus[];
};
#define RPS_MAP_SIZE(_num) (sizeof(struct rps_map) + ((_num) * sizeof(u16)))

struct rps_dev_flow {
	u16		cpu;
	u16		filter;
	unsigned int	last_qtail;
};
#define RPS_NO_FILTER 0xffff

struct rps_dev_flow_table {
	unsigned int	mask;
	struct rcu_head	rcu;
	struct rps_dev_flow flows[];
};
#define RPS_DEV_FLOW_TABLE_SIZE(_num) (sizeof(struct rps_dev_flow_table) + \
	((_num) * sizeof(struct rps_dev_flow)))

/* each entry: the flow hash's upper bits, the CPU in rps_cpu_mask's */
struct rps_sock_flow_table {
	u32	mask;
	u32	ents[] ____cacheline_aligned_in_smp;
};
#define RPS_SOCK_FLOW_TABLE_SIZE(_num) (offsetof(struct rps_sock_flow_table, ents[_num]))

#define RPS_NO_CPU 0xffff

extern u32 rps_cpu_mask;
extern struct rps_sock_flow_table __rcu *rps_sock_flow_table;

/* note that the flow with this hash was last handled on this CPU */
static inline void rps_record_sock_flow(struct rps_sock_flow_table *table, u32 hash)
{
	if (table && hash) {
		unsigned int index = hash & table->mask;
		u32 val = (hash & ~rps_cpu_mask) | raw_smp_processor_id();

		if (table->ents[index] != val)
			table->ents[index] = val;
	}
}
#endif

/* the nested-device walks' sync flags (netdev_walk_all_*_dev()) */
enum {
	NESTED_SYNC_IMM_BIT,
	NESTED_SYNC_TODO_BIT,
};
#define __NESTED_SYNC_BIT(bit)	((u32)1 << (bit))
#define __NESTED_SYNC(name)	__NESTED_SYNC_BIT(NESTED_SYNC_ ## name ## _BIT)
#define NESTED_SYNC_IMM		__NESTED_SYNC(IMM)
#define NESTED_SYNC_TODO	__NESTED_SYNC(TODO)

struct netdev_nested_priv {
	unsigned char	flags;
	void		*data;
};

/* FCoE's world wide names and host bus adapter data (ndo_fcoe_get_*()) */
#define NETDEV_FCOE_WWNN 0
#define NETDEV_FCOE_WWPN 1

struct netdev_fcoe_hbainfo {
	char	manufacturer[64];
	char	serial_number[64];
	char	hardware_version[64];
	char	driver_version[64];
	char	optionrom_version[64];
	char	firmware_version[64];
	char	model[256];
	char	model_description[256];
};

/* a flow offload's path through stacked devices (dev_fill_forward_path()) */
enum net_device_path_type {
	DEV_PATH_ETHERNET = 0,
	DEV_PATH_VLAN,
	DEV_PATH_BRIDGE,
	DEV_PATH_PPPOE,
	DEV_PATH_DSA,
	DEV_PATH_MTK_WDMA,
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	DEV_PATH_TUN,
	DEV_PATH_IEEE80211,
#endif
};

struct net_device_path {
	enum net_device_path_type	type;
	const struct net_device		*dev;
	union {
		struct {
			u16		id;
			__be16		proto;
			u8		h_dest[ETH_ALEN];
		} encap;
		struct {
			enum {
				DEV_PATH_BR_VLAN_KEEP,
				DEV_PATH_BR_VLAN_TAG,
				DEV_PATH_BR_VLAN_UNTAG,
				DEV_PATH_BR_VLAN_UNTAG_HW,
			}		vlan_mode;
			u16		vlan_id;
			__be16		vlan_proto;
		} bridge;
		struct {
			int		port;
			u16		proto;
		} dsa;
		struct {
			u8		wdma_idx;
			u8		queue;
			u16		wcid;
			u8		bss;
		} mtk_wdma;
	};
};

struct net_device_path_stack {
	int			num_paths;
	struct net_device_path	path[NET_DEVICE_PATH_STACK_MAX];
};

struct net_device_path_ctx {
	const struct net_device	*dev;
	u8			daddr[ETH_ALEN];
	int			num_vlans;
	struct {
		u16		id;
		__be16		proto;
	} vlan[NET_DEVICE_PATH_VLAN_MAX];
};

/* XDP and BPF offload requests (ndo_bpf) */
enum bpf_netdev_command {
	XDP_SETUP_PROG,
	XDP_SETUP_PROG_HW,
	BPF_OFFLOAD_MAP_ALLOC,
	BPF_OFFLOAD_MAP_FREE,
	XDP_SETUP_XSK_POOL,
};

enum bpf_xdp_mode {
	XDP_MODE_SKB = 0,
	XDP_MODE_DRV = 1,
	XDP_MODE_HW = 2,
	__MAX_XDP_MODE
};

struct bpf_prog;
struct bpf_xdp_link;
struct bpf_offloaded_map;
struct xsk_buff_pool;

struct bpf_xdp_entity {
	struct bpf_prog		*prog;
	struct bpf_xdp_link	*link;
};

struct netdev_bpf {
	enum bpf_netdev_command command;
	union {
		struct {			/* XDP_SETUP_PROG */
			u32			flags;
			struct bpf_prog		*prog;
			struct netlink_ext_ack	*extack;
		};
		struct {			/* BPF_OFFLOAD_MAP_ALLOC/FREE */
			struct bpf_offloaded_map *offmap;
		};
		struct {			/* XDP_SETUP_XSK_POOL */
			struct xsk_buff_pool	*pool;
			u16			queue_id;
		} xsk;
	};
};

enum netdev_offload_xstats_type {
	NETDEV_OFFLOAD_XSTATS_TYPE_L3 = 1,
};

/* a neighbour's cached link-layer header */
struct hh_cache {
	unsigned int	hh_len;
	seqlock_t	hh_lock;
	unsigned long	hh_data[HH_DATA_ALIGN(LL_MAX_HEADER) / sizeof(long)];
};

/* a protocol's receive handler (dev_add_pack()) and its GSO/GRO callbacks */
#define PTYPE_HASH_SIZE	(16)
#define PTYPE_HASH_MASK	(PTYPE_HASH_SIZE - 1)

struct sock;

struct packet_type {
	__be16			type;	/* htons(ETH_P_*), or ETH_P_ALL */
	bool			ignore_outgoing;
	struct net_device	*dev;	/* NULL: every device */
	netdevice_tracker	dev_tracker;
	int			(*func)(struct sk_buff *skb, struct net_device *dev,
					struct packet_type *pt, struct net_device *orig_dev);
	void			(*list_func)(struct list_head *head, struct packet_type *pt,
					     struct net_device *orig_dev);
	bool			(*id_match)(struct packet_type *ptype, struct sock *sk);
	struct net		*af_packet_net;
	void			*af_packet_priv;
	struct list_head	list;
};

struct offload_callbacks {
	struct sk_buff		*(*gso_segment)(struct sk_buff *skb, netdev_features_t features);
	struct sk_buff		*(*gro_receive)(struct list_head *head, struct sk_buff *skb);
	int			(*gro_complete)(struct sk_buff *skb, int nhoff);
};

struct packet_offload {
	__be16			type;
	u16			priority;
	struct offload_callbacks callbacks;
	struct list_head	list;
};

/* a device's WARN, its name and registration state first */
#define netdev_WARN(dev, format, args...)			\
	WARN(1, "netdevice: %s%s: " format, netdev_name(dev),	\
	     netdev_reg_state(dev), ##args)

#define netdev_WARN_ONCE(dev, format, args...)				\
	WARN_ONCE(1, "netdevice: %s%s: " format, netdev_name(dev),	\
		  netdev_reg_state(dev), ##args)

/*
 * Whether sysctl net.core.fb_tunnels_only_for_init_net lets net have the
 * tunnel drivers' fallback devices (0: all, 1: init_net only, 2: none),
 * and net.core.devconf_inherit_init_net's value.
 */
extern int sysctl_fb_tunnels_only_for_init_net;
extern int sysctl_devconf_inherit_init_net;

static inline bool net_has_fallback_tunnels(const struct net *net)
{
	int fb_tunnels_only_for_init_net = READ_ONCE(sysctl_fb_tunnels_only_for_init_net);

	return !fb_tunnels_only_for_init_net ||
	       (net == &init_net && fb_tunnels_only_for_init_net == 1);
}

static inline int net_inherit_devconf(void)
{
	return READ_ONCE(sysctl_devconf_inherit_init_net);
}

/* one bit of a CPU or rx-queue mask (XPS), and the next set one after n */
static inline bool netif_attr_test_mask(unsigned long j, const unsigned long *mask,
					unsigned int nr_bits)
{
	return test_bit(j, mask);
}

/* without an online mask every id below nr_bits counts */
static inline bool netif_attr_test_online(unsigned long j, const unsigned long *online_mask,
					  unsigned int nr_bits)
{
	if (online_mask)
		return test_bit(j, online_mask);
	return j < nr_bits;
}

static inline unsigned int netif_attrmask_next(int n, const unsigned long *srcp,
					       unsigned int nr_bits)
{
	if (srcp)
		return find_next_bit(srcp, nr_bits, n + 1);
	return n + 1;
}

/* the lock of dev->uc and dev->mc (the kernel nests it by device level) */
static inline void netif_addr_lock(struct net_device *dev)
{
	spin_lock(&dev->addr_list_lock);
}

static inline void netif_addr_lock_bh(struct net_device *dev)
{
	spin_lock_bh(&dev->addr_list_lock);
}

static inline void netif_addr_unlock(struct net_device *dev)
{
	spin_unlock(&dev->addr_list_lock);
}

static inline void netif_addr_unlock_bh(struct net_device *dev)
{
	spin_unlock_bh(&dev->addr_list_lock);
}

/*
 * Stacked devices (lib/dev.c): dev->adj_list holds the devices directly above
 * (upper, a master one first) and below (lower) as the kernel's adjacency
 * entries, with a reference on the device named, a link count and the upper
 * device's private pointer; the walks go depth first through every level.
 */
bool netdev_has_upper_dev(struct net_device *dev, struct net_device *upper_dev);
struct net_device *netdev_upper_get_next_dev_rcu(struct net_device *dev,
						 struct list_head **iter);

#define netdev_for_each_upper_dev_rcu(dev, updev, iter)			\
	for (iter = &(dev)->adj_list.upper,					\
	     updev = netdev_upper_get_next_dev_rcu(dev, &(iter));		\
	     updev;								\
	     updev = netdev_upper_get_next_dev_rcu(dev, &(iter)))

int netdev_walk_all_upper_dev_rcu(struct net_device *dev,
				  int (*fn)(struct net_device *upper_dev,
					    struct netdev_nested_priv *priv),
				  struct netdev_nested_priv *priv);
bool netdev_has_upper_dev_all_rcu(struct net_device *dev, struct net_device *upper_dev);
bool netdev_has_any_upper_dev(struct net_device *dev);
void *netdev_lower_get_next_private(struct net_device *dev, struct list_head **iter);
void *netdev_lower_get_next_private_rcu(struct net_device *dev, struct list_head **iter);

#define netdev_for_each_lower_private(dev, priv, iter)			\
	for (iter = (dev)->adj_list.lower.next,					\
	     priv = netdev_lower_get_next_private(dev, &(iter));		\
	     priv;								\
	     priv = netdev_lower_get_next_private(dev, &(iter)))

#define netdev_for_each_lower_private_rcu(dev, priv, iter)			\
	for (iter = &(dev)->adj_list.lower,					\
	     priv = netdev_lower_get_next_private_rcu(dev, &(iter));		\
	     priv;								\
	     priv = netdev_lower_get_next_private_rcu(dev, &(iter)))

void *netdev_lower_get_next(struct net_device *dev, struct list_head **iter);

#define netdev_for_each_lower_dev(dev, ldev, iter)				\
	for (iter = (dev)->adj_list.lower.next,					\
	     ldev = netdev_lower_get_next(dev, &(iter));			\
	     ldev;								\
	     ldev = netdev_lower_get_next(dev, &(iter)))

struct net_device *netdev_next_lower_dev_rcu(struct net_device *dev,
					     struct list_head **iter);
int netdev_walk_all_lower_dev(struct net_device *dev,
			      int (*fn)(struct net_device *lower_dev,
					struct netdev_nested_priv *priv),
			      struct netdev_nested_priv *priv);
int netdev_walk_all_lower_dev_rcu(struct net_device *dev,
				  int (*fn)(struct net_device *lower_dev,
					    struct netdev_nested_priv *priv),
				  struct netdev_nested_priv *priv);
void *netdev_lower_get_first_private_rcu(struct net_device *dev);
struct net_device *netdev_master_upper_dev_get(struct net_device *dev);
struct net_device *netdev_master_upper_dev_get_rcu(struct net_device *dev);
int netdev_upper_dev_link(struct net_device *dev, struct net_device *upper_dev,
			  struct netlink_ext_ack *extack);
int netdev_master_upper_dev_link(struct net_device *dev, struct net_device *upper_dev,
				 void *upper_priv, void *upper_info,
				 struct netlink_ext_ack *extack);
void netdev_upper_dev_unlink(struct net_device *dev, struct net_device *upper_dev);
void *netdev_lower_dev_get_private(struct net_device *dev, struct net_device *lower_dev);
void netdev_lower_state_changed(struct net_device *lower_dev, void *lower_state_info);

#define to_net_dev(d)	container_of(d, struct net_device, dev)
/* the parent (bus) device and device type sysfs shows */
#define SET_NETDEV_DEV(net, pdev)		((net)->dev.parent = (pdev))
#define SET_NETDEV_DEVTYPE(net, devtype)	((net)->dev.type = (devtype))

/*
 * Protocol handlers and offloads (lib/dev.c): registered on the kernel's
 * lists (ETH_P_ALL taps, per-type hash, per-device), offloads by priority.
 * The shim has no receive path that would call them.
 */
void dev_add_pack(struct packet_type *pt);
void dev_remove_pack(struct packet_type *pt);
void __dev_remove_pack(struct packet_type *pt);
void dev_add_offload(struct packet_offload *po);
void dev_remove_offload(struct packet_offload *po);

/* the devices of net with a hardware type (and address) */
struct net_device *dev_getbyhwaddr(struct net *net, unsigned short type, const char *hwaddr);
struct net_device *dev_getbyhwaddr_rcu(struct net *net, unsigned short type,
				       const char *hwaddr);
struct net_device *dev_getfirstbyhwtype(struct net *net, unsigned short type);

/* one rx_handler per device (a bridge port, a bond slave, a macvlan lower) */
bool netdev_is_rx_handler_busy(struct net_device *dev);
int netdev_rx_handler_register(struct net_device *dev, rx_handler_func_t *rx_handler,
			       void *rx_handler_data);
void netdev_rx_handler_unregister(struct net_device *dev);

/* IFLA_IFALIAS: the alias, its length, or 0 to clear it */
struct dev_ifalias {
	struct rcu_head rcuhead;
	char ifalias[];
};

int dev_set_alias(struct net_device *dev, const char *alias, size_t len);
int dev_set_mtu(struct net_device *dev, int new_mtu);

/* a bond's slaves: the devices of its namespace whose master it is */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
#define for_each_netdev_in_bond_rcu(bond, slave)				\
	for_each_netdev_rcu(dev_net_rcu(bond), slave)				\
		if (netdev_master_upper_dev_get_rcu(slave) == (bond))
#else
#define for_each_netdev_in_bond_rcu(bond, slave)				\
	for_each_netdev_rcu(&init_net, slave)					\
		if (netdev_master_upper_dev_get_rcu(slave) == (bond))
#endif

/* lib/dev_addr_lists.c: the lists, their syncs to lower devices and hardware */
int __hw_addr_sync(struct netdev_hw_addr_list *to_list,
		   struct netdev_hw_addr_list *from_list, int addr_len);
void __hw_addr_unsync(struct netdev_hw_addr_list *to_list,
		      struct netdev_hw_addr_list *from_list, int addr_len);
int __hw_addr_sync_dev(struct netdev_hw_addr_list *list, struct net_device *dev,
		       int (*sync)(struct net_device *, const unsigned char *),
		       int (*unsync)(struct net_device *, const unsigned char *));
int __hw_addr_ref_sync_dev(struct netdev_hw_addr_list *list, struct net_device *dev,
			   int (*sync)(struct net_device *, const unsigned char *, int),
			   int (*unsync)(struct net_device *, const unsigned char *, int));
void __hw_addr_ref_unsync_dev(struct netdev_hw_addr_list *list, struct net_device *dev,
			      int (*unsync)(struct net_device *, const unsigned char *, int));
void __hw_addr_unsync_dev(struct netdev_hw_addr_list *list, struct net_device *dev,
			  int (*unsync)(struct net_device *, const unsigned char *));
void __hw_addr_init(struct netdev_hw_addr_list *list);

void dev_addr_mod(struct net_device *dev, unsigned int offset, const void *addr, size_t len);

int dev_uc_add(struct net_device *dev, const unsigned char *addr);
int dev_uc_add_excl(struct net_device *dev, const unsigned char *addr);
int dev_uc_del(struct net_device *dev, const unsigned char *addr);
int dev_uc_sync(struct net_device *to, struct net_device *from);
int dev_uc_sync_multiple(struct net_device *to, struct net_device *from);
void dev_uc_unsync(struct net_device *to, struct net_device *from);
void dev_uc_flush(struct net_device *dev);
void dev_uc_init(struct net_device *dev);

/* a driver's ndo_set_rx_mode(): dev->uc synced to its filter */
static inline int __dev_uc_sync(struct net_device *dev,
				int (*sync)(struct net_device *, const unsigned char *),
				int (*unsync)(struct net_device *, const unsigned char *))
{
	return __hw_addr_sync_dev(&dev->uc, dev, sync, unsync);
}

static inline void __dev_uc_unsync(struct net_device *dev,
				   int (*unsync)(struct net_device *, const unsigned char *))
{
	__hw_addr_unsync_dev(&dev->uc, dev, unsync);
}

int dev_mc_add(struct net_device *dev, const unsigned char *addr);
int dev_mc_add_global(struct net_device *dev, const unsigned char *addr);
int dev_mc_add_excl(struct net_device *dev, const unsigned char *addr);
int dev_mc_del(struct net_device *dev, const unsigned char *addr);
int dev_mc_del_global(struct net_device *dev, const unsigned char *addr);
int dev_mc_sync(struct net_device *to, struct net_device *from);
int dev_mc_sync_multiple(struct net_device *to, struct net_device *from);
void dev_mc_unsync(struct net_device *to, struct net_device *from);
void dev_mc_flush(struct net_device *dev);
void dev_mc_init(struct net_device *dev);

static inline int __dev_mc_sync(struct net_device *dev,
				int (*sync)(struct net_device *, const unsigned char *),
				int (*unsync)(struct net_device *, const unsigned char *))
{
	return __hw_addr_sync_dev(&dev->mc, dev, sync, unsync);
}

static inline void __dev_mc_unsync(struct net_device *dev,
				   int (*unsync)(struct net_device *, const unsigned char *))
{
	__hw_addr_unsync_dev(&dev->mc, dev, unsync);
}

/* ---- references, queues and sizes of later series ---- */

/* the tracked reference moves from odev to ndev (either may be NULL) */
static inline void netdev_ref_replace(struct net_device *odev, struct net_device *ndev,
				      netdevice_tracker *tracker, gfp_t gfp)
{
	if (odev)
		netdev_tracker_free(odev, tracker);
	if (ndev)
		__dev_hold(ndev);
	if (odev)
		__dev_put(odev);
	if (ndev)
		__netdev_tracker_alloc(ndev, tracker, gfp);
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
/* __free(dev_put): the reference dropped at the end of the scope */
DEFINE_FREE(dev_put, struct net_device *, if (_T) dev_put(_T))

/* a reference to the device with that index or name, NULL without one */
struct net_device *netdev_get_by_index(struct net *net, int ifindex,
				       netdevice_tracker *tracker, gfp_t gfp);
struct net_device *netdev_get_by_name(struct net *net, const char *name,
				      netdevice_tracker *tracker, gfp_t gfp);

/* how many more bytes BQL lets the queue take (negative: over its limit) */
static inline int netdev_queue_dql_avail(const struct netdev_queue *txq)
{
	return dql_avail(&txq->dql);
}

/* the largest GRO and GSO packets of the packet's IP version */
static inline unsigned int
netif_get_gro_max_size(const struct net_device *dev, const struct sk_buff *skb)
{
	return skb->protocol == htons(ETH_P_IPV6) ? READ_ONCE(dev->gro_max_size) :
						    READ_ONCE(dev->gro_ipv4_max_size);
}

static inline unsigned int
netif_get_gso_max_size(const struct net_device *dev, const struct sk_buff *skb)
{
	return skb->protocol == htons(ETH_P_IPV6) ? READ_ONCE(dev->gso_max_size) :
						    READ_ONCE(dev->gso_ipv4_max_size);
}

/* freed from any context with a drop reason (SKB_CONSUMED: consumed) */
void dev_kfree_skb_irq_reason(struct sk_buff *skb, enum skb_drop_reason reason);
void dev_kfree_skb_any_reason(struct sk_buff *skb, enum skb_drop_reason reason);
#endif

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/* the device whose netdev_priv() priv is */
static inline struct net_device *netdev_from_priv(const void *priv)
{
	return (struct net_device *)((char *)priv -
				     ALIGN(sizeof(struct net_device), NETDEV_ALIGN));
}

/* whether CPU cpu holds the queue's transmit lock */
static inline bool netif_tx_owned(struct netdev_queue *txq, unsigned int cpu)
{
	return READ_ONCE(txq->xmit_lock_owner) == cpu;
}
#endif

/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/jump_label.h>
#include <linux/timer.h>
#include <linux/bug.h>
#include <linux/delay.h>
#include <linux/atomic.h>
#include <asm/byteorder.h>
#include <linux/percpu.h>
#include <net/net_namespace.h>
#include <linux/rbtree.h>
#include <linux/cache.h>
#include <linux/ctype.h>
#include <linux/kconfig.h>
#include <linux/ratelimit.h>
#include <linux/netlink.h>
#include <linux/dev_printk.h>
#include <linux/device/class.h>
#include <linux/interrupt.h>
#include <linux/seq_file.h>
#include <linux/vmalloc.h>
#include <linux/ptr_ring.h>
#include <asm/fpu/api.h>
#endif
