/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __NET_RTNETLINK_H
#define __NET_RTNETLINK_H
#include <linux/rtnetlink.h>
#include <linux/list.h>
#include <linux/srcu.h>
#include <linux/version.h>
#include <net/netlink.h>

struct netlink_callback;
struct module;
struct net;
struct net_device;
struct sock;
struct ifinfomsg;

typedef int (*rtnl_doit_func)(struct sk_buff *, struct nlmsghdr *,
			      struct netlink_ext_ack *);
typedef int (*rtnl_dumpit_func)(struct sk_buff *, struct netlink_callback *);

enum rtnl_link_flags {
	RTNL_FLAG_DOIT_UNLOCKED		= BIT(0),
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/* a doit that takes its namespace's RTNL itself: the unlocked flag */
#define RTNL_FLAG_DOIT_PERNET		RTNL_FLAG_DOIT_UNLOCKED
#define RTNL_FLAG_DOIT_PERNET_WIP	RTNL_FLAG_DOIT_UNLOCKED
#endif
	RTNL_FLAG_BULK_DEL_SUPPORTED	= BIT(1),
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	RTNL_FLAG_DUMP_UNLOCKED		= BIT(2),
	RTNL_FLAG_DUMP_SPLIT_NLM_DONE	= BIT(3),	/* NLMSG_DONE in a read of its own */
#endif
};

enum rtnl_kinds {
	RTNL_KIND_NEW,
	RTNL_KIND_DEL,
	RTNL_KIND_GET,
	RTNL_KIND_SET
};
#define RTNL_KIND_MASK 0x3

static inline enum rtnl_kinds rtnl_msgtype_kind(int msgtype)
{
	return msgtype & RTNL_KIND_MASK;
}

struct rtnl_msg_handler {
	struct module *owner;
	int protocol;
	int msgtype;
	rtnl_doit_func doit;
	rtnl_dumpit_func dumpit;
	int flags;
};

/*
 * The message handlers a module adds for a family and message type
 * (lib/rtnetlink.c keeps them as net/core/rtnetlink.c does: one table per
 * family, a second registration of the same type merging into the first).
 * Each takes RTNL. The shim's own namespace (usertc) answers its requests
 * itself: no registered handler is called from it.
 */
#if LINUX_VERSION_CODE < KERNEL_VERSION(7, 3, 0)
void rtnl_register(int protocol, int msgtype,
		   rtnl_doit_func doit, rtnl_dumpit_func dumpit, unsigned int flags);
int rtnl_register_module(struct module *owner, int protocol, int msgtype,
			 rtnl_doit_func doit, rtnl_dumpit_func dumpit, unsigned int flags);
int rtnl_unregister(int protocol, int msgtype);
#endif
void rtnl_unregister_all(int protocol);

/* all of them or none: a failure unregisters those done (-ENOBUFS) */
int __rtnl_register_many(const struct rtnl_msg_handler *handlers, int n);
void __rtnl_unregister_many(const struct rtnl_msg_handler *handlers, int n);

#define rtnl_register_many(handlers)				\
	__rtnl_register_many(handlers, ARRAY_SIZE(handlers))
#define rtnl_unregister_many(handlers)				\
	__rtnl_unregister_many(handlers, ARRAY_SIZE(handlers))

static inline int rtnl_msg_family(const struct nlmsghdr *nlh)
{
	if (nlmsg_len(nlh) >= sizeof(struct rtgenmsg))
		return ((struct rtgenmsg *)nlmsg_data(nlh))->rtgen_family;
	else
		return AF_UNSPEC;
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/* what rtnl_link_ops.newlink() is given from 7.x */
struct rtnl_newlink_params {
	struct net *src_net;	/* the requesting socket's namespace */
	struct net *link_net;	/* IFLA_LINK_NETNSID's, NULL without one */
	struct net *peer_net;	/* the peer's (veth ...), NULL without one */
	struct nlattr **tb;	/* IFLA_* */
	struct nlattr **data;	/* IFLA_INFO_DATA's */
};

/* the link's namespace: link_net when given, else the requester's */
static inline struct net *rtnl_newlink_link_net(struct rtnl_newlink_params *p)
{
	return p->link_net ? p->link_net : p->src_net;
}

/* the peer's namespace: peer_net when given, else the link's */
static inline struct net *rtnl_newlink_peer_net(struct rtnl_newlink_params *p)
{
	return p->peer_net ? p->peer_net : rtnl_newlink_link_net(p);
}
#endif

/* a kind of link ("dummy", "ifb", "veth" ...) that RTM_NEWLINK can make */
struct rtnl_link_ops {
	struct list_head	list;		/* on the registered kinds */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	struct srcu_struct	srcu;
#endif
	const char		*kind;

	size_t			priv_size;
	struct net_device	*(*alloc)(struct nlattr *tb[], const char *ifname,
					  unsigned char name_assign_type,
					  unsigned int num_tx_queues,
					  unsigned int num_rx_queues);
	void			(*setup)(struct net_device *dev);

	bool			netns_refund;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	const u16		peer_type;
#endif
	unsigned int		maxtype;
	const struct nla_policy	*policy;
	int			(*validate)(struct nlattr *tb[], struct nlattr *data[],
					    struct netlink_ext_ack *extack);

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	int			(*newlink)(struct net_device *dev,
					   struct rtnl_newlink_params *params,
					   struct netlink_ext_ack *extack);
#else
	int			(*newlink)(struct net *src_net, struct net_device *dev,
					   struct nlattr *tb[], struct nlattr *data[],
					   struct netlink_ext_ack *extack);
#endif
	int			(*changelink)(struct net_device *dev, struct nlattr *tb[],
					      struct nlattr *data[],
					      struct netlink_ext_ack *extack);
	void			(*dellink)(struct net_device *dev, struct list_head *head);

	size_t			(*get_size)(const struct net_device *dev);
	int			(*fill_info)(struct sk_buff *skb, const struct net_device *dev);

	size_t			(*get_xstats_size)(const struct net_device *dev);
	int			(*fill_xstats)(struct sk_buff *skb,
					       const struct net_device *dev);
	unsigned int		(*get_num_tx_queues)(void);
	unsigned int		(*get_num_rx_queues)(void);

	unsigned int		slave_maxtype;
	const struct nla_policy	*slave_policy;
	int			(*slave_changelink)(struct net_device *dev,
						    struct net_device *slave_dev,
						    struct nlattr *tb[], struct nlattr *data[],
						    struct netlink_ext_ack *extack);
	size_t			(*get_slave_size)(const struct net_device *dev,
						  const struct net_device *slave_dev);
	int			(*fill_slave_info)(struct sk_buff *skb,
						   const struct net_device *dev,
						   const struct net_device *slave_dev);
	struct net		*(*get_link_net)(const struct net_device *dev);
	size_t			(*get_linkxstats_size)(const struct net_device *dev,
						       int attr);
	int			(*fill_linkxstats)(struct sk_buff *skb,
						   const struct net_device *dev,
						   int *prividx, int attr);
};

/*
 * A kind's registration: -EEXIST for a kind already there, -EINVAL (and a
 * warning) for more attributes than rtnetlink's parsers have room for; a
 * kind that can make devices without a dellink gets
 * unregister_netdevice_queue(). Unregistering deletes the kind's devices:
 * the shim registers no device of a module's kind, so there are none.
 */
#if LINUX_VERSION_CODE < KERNEL_VERSION(7, 3, 0)
int __rtnl_link_register(struct rtnl_link_ops *ops);	/* RTNL held */
void __rtnl_link_unregister(struct rtnl_link_ops *ops);
#endif
int rtnl_link_register(struct rtnl_link_ops *ops);
void rtnl_link_unregister(struct rtnl_link_ops *ops);

/* an address family's part of a link's IFLA_AF_SPEC */
struct rtnl_af_ops {
	struct list_head	list;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	struct srcu_struct	srcu;
#endif
	int			family;

	int			(*fill_link_af)(struct sk_buff *skb,
						const struct net_device *dev,
						u32 ext_filter_mask);
	size_t			(*get_link_af_size)(const struct net_device *dev,
						    u32 ext_filter_mask);
	int			(*validate_link_af)(const struct net_device *dev,
						    const struct nlattr *attr,
						    struct netlink_ext_ack *extack);
	int			(*set_link_af)(struct net_device *dev,
					       const struct nlattr *attr,
					       struct netlink_ext_ack *extack);
	int			(*fill_stats_af)(struct sk_buff *skb,
						 const struct net_device *dev);
	size_t			(*get_stats_af_size)(const struct net_device *dev);
};

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
int rtnl_af_register(struct rtnl_af_ops *ops);
#else
void rtnl_af_register(struct rtnl_af_ops *ops);
#endif
void rtnl_af_unregister(struct rtnl_af_ops *ops);

#define MODULE_ALIAS_RTNL_LINK(kind) MODULE_ALIAS("rtnl-link-" kind)
/* the namespace of a new link: the request's, or IFLA_NET_NS_PID's or _FD's */
struct net *rtnl_link_get_net(struct net *src_net, struct nlattr *tb[]);
/* a peer device's ifinfomsg and IFLA_* attributes nested in nla_peer */
int rtnl_nla_parse_ifinfomsg(struct nlattr **tb, const struct nlattr *nla_peer,
			     struct netlink_ext_ack *exterr);

#endif
