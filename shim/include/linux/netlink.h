/* SPDX-License-Identifier: GPL-2.0 */
/* Extended ack and its message macros, on top of the uapi definitions. */
#ifndef _QDK_SHIM_LINUX_NETLINK_H
#define _QDK_SHIM_LINUX_NETLINK_H

#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/version.h>
#include_next <linux/netlink.h>
#include <linux/skbuff.h>
#include <linux/mutex.h>
#include <linux/export.h>
#include <linux/uidgid.h>

struct net;
struct sock;
struct module;
struct notifier_block;

static inline struct nlmsghdr *nlmsg_hdr(const struct sk_buff *skb)
{
	return (struct nlmsghdr *)skb->data;
}

enum netlink_skb_flags {
	NETLINK_SKB_DST		= 0x8,	/* dst set in sendto or sendmsg */
};

/*
 * The sender's credentials a message carries (the kernel keeps the struct
 * in net/scm.h, which the shim does not mirror: no SCM_RIGHTS in user space).
 */
struct scm_creds {
	u32	pid;
	kuid_t	uid;
	kgid_t	gid;
};

/* what netlink keeps of a message in skb->cb: who sent it, to which group */
struct netlink_skb_parms {
	struct scm_creds	creds;
	__u32			portid;		/* the sender's */
	__u32			dst_group;
	__u32			flags;		/* NETLINK_SKB_* */
	struct sock		*sk;		/* the sending socket */
	bool			nsid_is_set;
	int			nsid;
};

#define NETLINK_CB(skb)		(*(struct netlink_skb_parms *)&((skb)->cb))
#define NETLINK_CREDS(skb)	(&NETLINK_CB((skb)).creds)

/* the netlink:netlink_extack tracepoint, which NL_SET_ERR_MSG() fires */
void do_trace_netlink_extack(const char *msg);

#define NL_CFG_F_NONROOT_RECV	(1 << 0)
#define NL_CFG_F_NONROOT_SEND	(1 << 1)

/* what a kernel netlink socket is made with (netlink_kernel_create()) */
struct netlink_kernel_cfg {
	unsigned int	groups;
	unsigned int	flags;
	void		(*input)(struct sk_buff *skb);
	struct mutex	*cb_mutex;
	int		(*bind)(struct net *net, int group);
	void		(*unbind)(struct net *net, int group);
	bool		(*compare)(struct net *net, struct sock *sk);
};

/*
 * A kernel socket of protocol unit in net, receiving what is sent to port 0
 * through cfg->input (process context, the sender's); NULL if net has one of
 * that unit already or unit is out of range. Released with
 * netlink_kernel_release(). The shim's user space has no netlink sockets of
 * its own (tc's and ip's requests are served by qdk_rtnl_rcv()), so what a
 * module sends to a user port finds nobody, and no group has listeners.
 */
struct sock *__netlink_kernel_create(struct net *net, int unit, struct module *module,
				     struct netlink_kernel_cfg *cfg);
static inline struct sock *
netlink_kernel_create(struct net *net, int unit, struct netlink_kernel_cfg *cfg)
{
	return __netlink_kernel_create(net, unit, THIS_MODULE, cfg);
}
void netlink_kernel_release(struct sock *sk);

/* the bytes a dump keeps between its calls (netlink_callback's ctx) */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
#define NETLINK_CTX_SIZE	48
#endif

/* a dump in progress: the request, the dump's state between its calls */
struct netlink_callback {
	struct sk_buff		*skb;
	const struct nlmsghdr	*nlh;
	int			(*dump)(struct sk_buff *skb,
					struct netlink_callback *cb);
	int			(*done)(struct netlink_callback *cb);
	void			*data;
	struct module		*module;
	struct netlink_ext_ack	*extack;
	u16			family;
	u16			answer_flags;
	u32			min_dump_alloc;
	unsigned int		prev_seq, seq;
	bool			strict_check;
	union {
		u8		ctx[48];	/* NETLINK_CTX_SIZE */
		long		args[6];	/* deprecated: a struct over ctx */
	};
};

struct netlink_notify {
	struct net *net;
	u32 portid;
	int protocol;
};

struct netlink_dump_control {
	int (*start)(struct netlink_callback *);
	int (*dump)(struct sk_buff *skb, struct netlink_callback *);
	int (*done)(struct netlink_callback *);
	void *data;
	struct module *module;
	u32 min_dump_alloc;
};

/* a dump's own state struct must fit in ctx: a build error when not */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
#define NL_ASSERT_CTX_FITS(type_name)					\
	BUILD_BUG_ON(sizeof(type_name) > sizeof_field(struct netlink_callback, ctx))
#elif LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
#define NL_ASSERT_DUMP_CTX_FITS(type_name)				\
	BUILD_BUG_ON(sizeof(type_name) > sizeof_field(struct netlink_callback, ctx))
#endif

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
/* netlink_broadcast_filtered()'s per-socket filter: nonzero skips dsk */
typedef int (*netlink_filter_fn)(struct sock *dsk, struct sk_buff *skb, void *data);
#endif

/* a device that sees every netlink message (nlmon) */
struct netlink_tap {
	struct net_device	*dev;
	struct module		*module;
	struct list_head	list;
};

/* a message header at the tail with room for len payload bytes, its
 * padding zeroed; the caller has made sure the room is there
 * (lib/af_netlink.c)
 */
struct nlmsghdr *
__nlmsg_put(struct sk_buff *skb, u32 portid, u32 seq, int type, int len, int flags);

/* a clone for another socket; a vmalloc'ed head (a large dump's) is freed
 * by the original's destructor, which the clone must then run too
 */
static inline struct sk_buff *netlink_skb_clone(struct sk_buff *skb, gfp_t gfp_mask)
{
	struct sk_buff *nskb = skb_clone(skb, gfp_mask);

	if (!nskb)
		return NULL;
	if (is_vmalloc_addr(skb->head))
		nskb->destructor = skb->destructor;
	return nskb;
}

struct nla_policy;

#define NETLINK_MAX_COOKIE_LEN	20
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
#define NETLINK_MAX_FMTMSG_LEN	80	/* NL_SET_ERR_MSG_FMT()'s buffer */
#endif

struct netlink_ext_ack {
	const char *_msg;
	const struct nlattr *bad_attr;
	const struct nla_policy *policy;
	u8 cookie[NETLINK_MAX_COOKIE_LEN];
	u8 cookie_len;
	char _msg_buf[80];
	u32 miss_type;				/* a required attribute missing */
	const struct nlattr *miss_nest;		/* in this nest */
};

#define NL_SET_ERR_MSG(extack, msg) do {		\
	static const char __msg[] = msg;		\
	struct netlink_ext_ack *__extack = (extack);	\
							\
	do_trace_netlink_extack(__msg);			\
							\
	if (__extack)					\
		__extack->_msg = __msg;			\
} while (0)

#define NL_SET_ERR_MSG_MOD(extack, msg)			\
	NL_SET_ERR_MSG((extack), KBUILD_MODNAME ": " msg)

#define NL_SET_ERR_MSG_FMT(extack, fmt, args...) do {			\
	struct netlink_ext_ack *__extack = (extack);			\
									\
	if (__extack) {							\
		snprintf(__extack->_msg_buf, sizeof(__extack->_msg_buf), \
			 fmt, ##args);					\
		__extack->_msg = __extack->_msg_buf;			\
	}								\
} while (0)

#define NL_SET_ERR_MSG_FMT_MOD(extack, fmt, args...) \
	NL_SET_ERR_MSG_FMT((extack), KBUILD_MODNAME ": " fmt, ##args)

#define NL_SET_BAD_ATTR_POLICY(extack, attr, pol) do {	\
	if ((extack)) {					\
		(extack)->bad_attr = (attr);		\
		(extack)->policy = (pol);		\
	}						\
} while (0)

#define NL_SET_BAD_ATTR(extack, attr) NL_SET_BAD_ATTR_POLICY(extack, attr, NULL)

#define NL_SET_ERR_MSG_ATTR_POL(extack, attr, pol, msg) do {	\
	static const char __msg[] = msg;			\
	struct netlink_ext_ack *__extack = (extack);		\
								\
	do_trace_netlink_extack(__msg);				\
								\
	if (__extack) {						\
		__extack->_msg = __msg;				\
		__extack->bad_attr = (attr);			\
		__extack->policy = (pol);			\
	}							\
} while (0)

#define NL_SET_ERR_MSG_ATTR(extack, attr, msg)		\
	NL_SET_ERR_MSG_ATTR_POL(extack, attr, NULL, msg)

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
#define NL_SET_ERR_MSG_ATTR_POL_FMT(extack, attr, pol, fmt, args...) do {	\
	struct netlink_ext_ack *__extack = (extack);				\
										\
	if (__extack) {								\
		NL_SET_ERR_MSG_FMT(__extack, fmt, ##args);			\
		__extack->bad_attr = (attr);					\
		__extack->policy = (pol);					\
	}									\
} while (0)

#define NL_SET_ERR_MSG_ATTR_FMT(extack, attr, msg, args...) \
	NL_SET_ERR_MSG_ATTR_POL_FMT(extack, attr, NULL, msg, ##args)

/* a message only where none was set before */
#define NL_SET_ERR_MSG_WEAK(extack, msg) do {		\
	if ((extack) && !(extack)->_msg)		\
		NL_SET_ERR_MSG((extack), msg);		\
} while (0)

#define NL_SET_ERR_MSG_WEAK_MOD(extack, msg) do {	\
	if ((extack) && !(extack)->_msg)		\
		NL_SET_ERR_MSG_MOD((extack), msg);	\
} while (0)
#endif

#define NL_SET_ERR_ATTR_MISS(extack, nest, type) do {	\
	struct netlink_ext_ack *__extack = (extack);	\
							\
	if (__extack) {					\
		__extack->miss_nest = (nest);		\
		__extack->miss_type = (type);		\
	}						\
} while (0)

#define NL_REQ_ATTR_CHECK(extack, nest, tb, type) ({		\
	struct nlattr **__tb = (tb);				\
	u32 __attr = (type);					\
	int __retval;						\
								\
	__retval = !__tb[__attr];				\
	if (__retval)						\
		NL_SET_ERR_MSG((extack), "Missing required attribute"); \
	__retval;						\
})

/* a message that fits an skb allocated from one page (PAGE_SIZE < 8192) */
#define NLMSG_GOODSIZE	SKB_WITH_OVERHEAD(PAGE_SIZE)
#define NLMSG_DEFAULT_SIZE (NLMSG_GOODSIZE - NLMSG_HDRLEN)

static inline void nl_set_extack_cookie_u64(struct netlink_ext_ack *extack,
					    u64 cookie)
{
	if (!extack)
		return;
	memcpy(extack->cookie, &cookie, sizeof(cookie));
	extack->cookie_len = sizeof(cookie);
}

/* an NLMSG_ERROR for nlh back to the sender of in_skb, with extack's TLVs */
void netlink_ack(struct sk_buff *in_skb, struct nlmsghdr *nlh, int err,
		 const struct netlink_ext_ack *extack);
/* whether a user socket listens to group of the kernel socket sk's protocol */
int netlink_has_listeners(struct sock *sk, unsigned int group);
/* whether the request's sender asked for strict checking (NETLINK_GET_STRICT_CHK) */
bool netlink_strict_get_check(struct sk_buff *skb);

/*
 * skb to the socket bound to portid of ssk's protocol (port 0: the kernel
 * socket's input): skb->len, or -ECONNREFUSED with skb freed. Consumes skb.
 */
int netlink_unicast(struct sock *ssk, struct sk_buff *skb, __u32 portid, int nonblock);
/* skb to group's listeners but portid: 0, -ESRCH for none. Consumes skb. */
int netlink_broadcast(struct sock *ssk, struct sk_buff *skb, __u32 portid,
		      __u32 group, gfp_t allocation);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
int netlink_broadcast_filtered(struct sock *ssk, struct sk_buff *skb, __u32 portid,
			       __u32 group, gfp_t allocation,
			       netlink_filter_fn filter, void *filter_data);
#endif
/* code as the error of group's listeners but portid: how many there were */
int netlink_set_err(struct sock *ssk, __u32 portid, __u32 group, int code);
/* told (NETLINK_URELEASE) when a user socket with a port goes */
int netlink_register_notifier(struct notifier_block *nb);
int netlink_unregister_notifier(struct notifier_block *nb);

/*
 * A dump for the request in skb, to its sender: -EINTR once the first part
 * went (the caller acks nothing), or an error with control->done not run.
 */
int __netlink_dump_start(struct sock *ssk, struct sk_buff *skb,
			 const struct nlmsghdr *nlh,
			 struct netlink_dump_control *control);
static inline int netlink_dump_start(struct sock *ssk, struct sk_buff *skb,
				     const struct nlmsghdr *nlh,
				     struct netlink_dump_control *control)
{
	if (!control->module)
		control->module = THIS_MODULE;
	return __netlink_dump_start(ssk, skb, nlh, control);
}

/* nt->dev (an ARPHRD_NETLINK device) gets a copy of each kernel message */
int netlink_add_tap(struct netlink_tap *nt);
int netlink_remove_tap(struct netlink_tap *nt);

/* may the message's sender use cap in ns (and its socket's opener too) */
struct user_namespace;
bool __netlink_ns_capable(const struct netlink_skb_parms *nsp,
			  struct user_namespace *ns, int cap);
bool netlink_ns_capable(const struct sk_buff *skb, struct user_namespace *ns, int cap);
bool netlink_capable(const struct sk_buff *skb, int cap);
bool netlink_net_capable(const struct sk_buff *skb, int cap);

#endif
