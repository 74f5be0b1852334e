// SPDX-License-Identifier: GPL-2.0
/*
 * af_netlink.c - net/netlink/af_netlink.c as the shim has it: building a
 * message header in an skb; kernel sockets (netlink_kernel_create()) and
 * what a module sends through them; and the replies the shim's namespace
 * (netns.h) sends its tc and ip: netlink_ack()'s NLMSG_ERROR with its extack
 * attributes, netlink_dump()'s parts closed by NLMSG_DONE.
 *
 * The shim's user space opens no netlink socket: tc's and ip's requests are
 * served by direct calls (qdk_rtnl_rcv()), their answers go back through
 * struct nl_out. So the only bound ports are the kernel sockets' (port 0 of
 * their protocol in their namespace), no group has a listener, and what a
 * module sends to a user port finds nobody, as a message to a socket that
 * closed does in the kernel.
 */
#include <linux/kernel.h>
#include <linux/skbuff.h>
#include <linux/string.h>
#include <linux/netlink.h>
#include <linux/netdevice.h>
#include <linux/notifier.h>
#include <linux/if_arp.h>
#include <linux/module.h>
#include <net/netlink.h>
#include <net/sock.h>

#include "shim.h"
#include "netns.h"

struct nlmsghdr *
__nlmsg_put(struct sk_buff *skb, u32 portid, u32 seq, int type, int len, int flags)
{
	int size = nlmsg_msg_size(len);
	struct nlmsghdr *nlh = skb_put(skb, NLMSG_ALIGN(size));

	nlh->nlmsg_len = size;
	nlh->nlmsg_type = type;
	nlh->nlmsg_flags = flags;
	nlh->nlmsg_pid = portid;
	nlh->nlmsg_seq = seq;
	/* the padding after the payload goes out as zeroes, not stale bytes */
	if (NLMSG_ALIGN(size) != size)
		memset((u8 *)nlmsg_data(nlh) + len, 0, NLMSG_ALIGN(size) - size);
	return nlh;
}


void qdk_nl_send(struct nl_out *out, struct sk_buff *skb)
{
	int err = out->reply(out->ctx, skb->data, skb->len);

	if (err && !out->err)
		out->err = err;
	consume_skb(skb);
}

/*
 * netlink_ack()'s message: NLMSG_ERROR to portid, with the request (whole on
 * an error unless capped) and, for a sender that asked for them, the
 * extack's message and bad attribute's offset; NULL when out of memory.
 */
static struct sk_buff *nl_ack_build(u32 portid, const struct nlmsghdr *nlh, int err,
				    const struct netlink_ext_ack *extack,
				    bool cap_ack, bool ext_ack)
{
	size_t payload = sizeof(struct nlmsgerr), tlvlen = 0;
	bool tlvs = extack && ext_ack;
	struct nlmsghdr *rep;
	struct nlmsgerr *errmsg;
	struct sk_buff *skb;
	unsigned int flags = 0;

	if (err && !cap_ack)
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
	if (!skb)
		return NULL;
	rep = nlmsg_put(skb, portid, nlh->nlmsg_seq, NLMSG_ERROR, sizeof(*errmsg), flags);
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
	return skb;
}

/* netlink_ack() for a request of the namespace's tc or ip */
void qdk_nl_ack(struct nl_out *out, const struct nlmsghdr *nlh, int err,
		const struct netlink_ext_ack *extack)
{
	struct sk_buff *skb = nl_ack_build(out->portid, nlh, err, extack,
					   out->flags & QDK_NL_CAP_ACK,
					   out->flags & QDK_NL_EXT_ACK);

	if (!skb) {
		out->err = -ENOMEM;
		return;
	}
	qdk_nl_send(out, skb);
}

/*
 * netlink_dump(): parts of QDK_NL_DUMP_SIZE until the dumper adds nothing,
 * then NLMSG_DONE carrying its status (and the extack message). Dumpers
 * return -EMSGSIZE for a message too big for an empty part.
 */
void qdk_nl_dump(struct qdk_net *net, struct nl_out *out,
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
			qdk_nl_send(out, skb);
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
	qdk_nl_send(out, skb);
}

/* rtnl_unicast() of one message built by fill into a fresh skb */
struct sk_buff *qdk_nl_reply_alloc(void)
{
	return qdk_skb_alloc(QDK_NL_DUMP_SIZE);
}

/* ---- kernel sockets ------------------------------------------------------ */

#define NETLINK_F_KERNEL_SOCKET	0x1
#define NETLINK_F_CAP_ACK	0x20
#define NETLINK_F_EXT_ACK	0x40
#define NETLINK_F_STRICT_CHK	0x80

/* a netlink socket: the shim's are all kernel sockets, bound to port 0 */
struct netlink_sock {
	struct sock		sk;	/* first: nlk_sk() casts */
	u32			portid;
	u32			flags;	/* NETLINK_F_* */
	unsigned int		groups;
	void			(*netlink_rcv)(struct sk_buff *skb);
	struct module		*module;
	struct list_head	node;	/* in nl_kernel_socks */
};

static inline struct netlink_sock *nlk_sk(struct sock *sk)
{
	return container_of(sk, struct netlink_sock, sk);
}

static struct proto netlink_proto = {
	.name		= "NETLINK",
	.owner		= THIS_MODULE,
	.obj_size	= sizeof(struct netlink_sock),
};

static LIST_HEAD(nl_kernel_socks);		/* under the rtnl's lock */
static DEFINE_MUTEX(nl_table_lock);
static LIST_HEAD(netlink_tap_all);
static BLOCKING_NOTIFIER_HEAD(netlink_chain);

/* the socket bound to portid of protocol in net: a kernel socket, or none */
static struct netlink_sock *nl_lookup(struct net *net, int protocol, u32 portid)
{
	struct netlink_sock *nlk;

	if (portid)
		return NULL;	/* no user sockets (see the top) */
	list_for_each_entry(nlk, &nl_kernel_socks, node)
		if (nlk->sk.sk_protocol == protocol && net_eq(sock_net(&nlk->sk), net))
			return nlk;
	return NULL;
}

struct sock *__netlink_kernel_create(struct net *net, int unit, struct module *module,
				     struct netlink_kernel_cfg *cfg)
{
	struct netlink_sock *nlk;
	struct sock *sk;

	if (unit < 0 || unit >= MAX_LINKS)
		return NULL;
	mutex_lock(&nl_table_lock);
	if (nl_lookup(net, unit, 0)) {		/* port 0 of unit is taken */
		mutex_unlock(&nl_table_lock);
		return NULL;
	}
	sk = sk_alloc(net, PF_NETLINK, GFP_KERNEL, &netlink_proto, 1);
	if (!sk) {
		mutex_unlock(&nl_table_lock);
		return NULL;
	}
	sk->sk_protocol = unit;
	nlk = nlk_sk(sk);
	nlk->flags = NETLINK_F_KERNEL_SOCKET;
	nlk->groups = cfg && cfg->groups > 32 ? cfg->groups : 32;
	nlk->netlink_rcv = cfg ? cfg->input : NULL;
	nlk->module = module;
	list_add_tail(&nlk->node, &nl_kernel_socks);
	mutex_unlock(&nl_table_lock);
	return sk;
}
EXPORT_SYMBOL(__netlink_kernel_create);

void netlink_kernel_release(struct sock *sk)
{
	if (!sk)
		return;
	mutex_lock(&nl_table_lock);
	list_del(&nlk_sk(sk)->node);
	mutex_unlock(&nl_table_lock);
	sk_free(sk);
}
EXPORT_SYMBOL(netlink_kernel_release);

/* a copy of skb to each tap's device, as nlmon sees the kernel's messages */
static void nl_deliver_tap(struct sock *sk, struct sk_buff *skb)
{
	struct netlink_tap *tap;
	struct sk_buff *nskb;

	list_for_each_entry(tap, &netlink_tap_all, list) {
		nskb = netlink_skb_clone(skb, GFP_ATOMIC);
		if (!nskb)
			continue;
		nskb->dev = tap->dev;
		nskb->protocol = htons((u16)sk->sk_protocol);
		nskb->pkt_type = PACKET_KERNEL;
		skb_reset_network_header(nskb);
		dev_queue_xmit(nskb);
	}
}

int netlink_unicast(struct sock *ssk, struct sk_buff *skb, u32 portid, int nonblock)
{
	struct netlink_sock *nlk = nl_lookup(sock_net(ssk), ssk->sk_protocol, portid);
	int len = skb->len;

	if (!nlk || !nlk->netlink_rcv) {
		kfree_skb(skb);
		return -ECONNREFUSED;
	}
	/* the message is the receiver's while its input runs */
	skb->sk = &nlk->sk;
	NETLINK_CB(skb).sk = ssk;
	nl_deliver_tap(&nlk->sk, skb);
	nlk->netlink_rcv(skb);
	skb->sk = NULL;
	consume_skb(skb);
	return len;
}
EXPORT_SYMBOL(netlink_unicast);

int netlink_has_listeners(struct sock *sk, unsigned int group)
{
	WARN_ON(!(nlk_sk(sk)->flags & NETLINK_F_KERNEL_SOCKET));
	return 0;			/* no user socket joins a group */
}
EXPORT_SYMBOL_GPL(netlink_has_listeners);

/* no listeners: the message goes nowhere, and the sender hears -ESRCH */
static int nl_broadcast(struct sk_buff *skb)
{
	consume_skb(skb);
	return -ESRCH;
}

int netlink_broadcast(struct sock *ssk, struct sk_buff *skb, u32 portid,
		      u32 group, gfp_t allocation)
{
	return nl_broadcast(skb);
}
EXPORT_SYMBOL(netlink_broadcast);

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
int netlink_broadcast_filtered(struct sock *ssk, struct sk_buff *skb, u32 portid,
			       u32 group, gfp_t allocation,
			       netlink_filter_fn filter, void *filter_data)
{
	return nl_broadcast(skb);
}
EXPORT_SYMBOL(netlink_broadcast_filtered);
#endif

int netlink_set_err(struct sock *ssk, u32 portid, u32 group, int code)
{
	return 0;			/* no listener to set it on */
}
EXPORT_SYMBOL(netlink_set_err);

int nlmsg_notify(struct sock *sk, struct sk_buff *skb, u32 portid,
		 unsigned int group, int report, gfp_t flags)
{
	int err = 0;

	if (group) {
		int exclude = 0;

		if (report) {		/* the echo below needs skb too */
			refcount_inc(&skb->users);
			exclude = portid;
		}
		err = nlmsg_multicast(sk, skb, exclude, group, flags);
		if (err == -ESRCH)	/* nobody listens: not the sender's error */
			err = 0;
	}
	if (report) {
		int uerr = nlmsg_unicast(sk, skb, portid);

		if (!err)
			err = uerr;
	}
	return err;
}
EXPORT_SYMBOL(nlmsg_notify);

bool netlink_strict_get_check(struct sk_buff *skb)
{
	struct sock *sk = NETLINK_CB(skb).sk;

	return sk && (nlk_sk(sk)->flags & NETLINK_F_STRICT_CHK);
}
EXPORT_SYMBOL_GPL(netlink_strict_get_check);

void netlink_ack(struct sk_buff *in_skb, struct nlmsghdr *nlh, int err,
		 const struct netlink_ext_ack *extack)
{
	struct netlink_sock *nlk = nlk_sk(in_skb->sk);
	struct sk_buff *skb;

	skb = nl_ack_build(NETLINK_CB(in_skb).portid, nlh, err, extack,
			   nlk->flags & NETLINK_F_CAP_ACK, nlk->flags & NETLINK_F_EXT_ACK);
	if (!skb)
		return;
	nlmsg_unicast(in_skb->sk, skb, NETLINK_CB(in_skb).portid);
}
EXPORT_SYMBOL(netlink_ack);

int netlink_rcv_skb(struct sk_buff *skb,
		    int (*cb)(struct sk_buff *, struct nlmsghdr *, struct netlink_ext_ack *))
{
	struct netlink_ext_ack extack;
	struct nlmsghdr *nlh;
	int err, msglen;

	while (skb->len >= nlmsg_total_size(0)) {
		memset(&extack, 0, sizeof(extack));
		nlh = nlmsg_hdr(skb);
		if (nlh->nlmsg_len < NLMSG_HDRLEN || skb->len < nlh->nlmsg_len)
			return 0;	/* a truncated tail is dropped */
		err = 0;
		/* the kernel answers requests only, and no control message */
		if ((nlh->nlmsg_flags & NLM_F_REQUEST) && nlh->nlmsg_type >= NLMSG_MIN_TYPE) {
			err = cb(skb, nlh, &extack);
			if (err == -EINTR)	/* a dump started: it answers */
				goto next;
		}
		if ((nlh->nlmsg_flags & NLM_F_ACK) || err)
			netlink_ack(skb, nlh, err, &extack);
next:
		msglen = min_t(int, NLMSG_ALIGN(nlh->nlmsg_len), skb->len);
		skb_pull(skb, msglen);
	}
	return 0;
}
EXPORT_SYMBOL(netlink_rcv_skb);

int __netlink_dump_start(struct sock *ssk, struct sk_buff *skb,
			 const struct nlmsghdr *nlh,
			 struct netlink_dump_control *control)
{
	/* the requester's socket: a user port, which the shim has none of */
	if (!NETLINK_CB(skb).portid && nl_lookup(sock_net(ssk), ssk->sk_protocol, 0))
		WARN_ONCE(1, "netlink: a dump for a kernel socket is not modelled\n");
	return -ECONNREFUSED;
}
EXPORT_SYMBOL(__netlink_dump_start);

int netlink_register_notifier(struct notifier_block *nb)
{
	return blocking_notifier_chain_register(&netlink_chain, nb);
}
EXPORT_SYMBOL(netlink_register_notifier);

int netlink_unregister_notifier(struct notifier_block *nb)
{
	return blocking_notifier_chain_unregister(&netlink_chain, nb);
}
EXPORT_SYMBOL(netlink_unregister_notifier);

int netlink_add_tap(struct netlink_tap *nt)
{
	if (unlikely(nt->dev->type != ARPHRD_NETLINK))
		return -EINVAL;
	mutex_lock(&nl_table_lock);
	list_add_rcu(&nt->list, &netlink_tap_all);
	mutex_unlock(&nl_table_lock);
	__module_get(nt->module);
	return 0;
}
EXPORT_SYMBOL_GPL(netlink_add_tap);

int netlink_remove_tap(struct netlink_tap *nt)
{
	struct netlink_tap *tmp;
	bool found = false;

	mutex_lock(&nl_table_lock);
	list_for_each_entry(tmp, &netlink_tap_all, list) {
		if (nt == tmp) {
			list_del_rcu(&nt->list);
			found = true;
			break;
		}
	}
	mutex_unlock(&nl_table_lock);
	if (!found) {
		netdev_warn(nt->dev, "__netlink_remove_tap: %p not found\n", nt);
		return -ENODEV;
	}
	module_put(nt->module);
	synchronize_net();
	return 0;
}
EXPORT_SYMBOL_GPL(netlink_remove_tap);

/*
 * The shim runs as one task holding every capability, which opened every
 * socket too: a sender may do what it asks in any namespace.
 */
bool __netlink_ns_capable(const struct netlink_skb_parms *nsp,
			  struct user_namespace *user_ns, int cap)
{
	return true;
}
EXPORT_SYMBOL(__netlink_ns_capable);

bool netlink_ns_capable(const struct sk_buff *skb, struct user_namespace *user_ns, int cap)
{
	return __netlink_ns_capable(&NETLINK_CB(skb), user_ns, cap);
}
EXPORT_SYMBOL(netlink_ns_capable);

bool netlink_capable(const struct sk_buff *skb, int cap)
{
	return netlink_ns_capable(skb, &init_user_ns, cap);
}
EXPORT_SYMBOL(netlink_capable);

bool netlink_net_capable(const struct sk_buff *skb, int cap)
{
	return netlink_ns_capable(skb, sock_net(skb->sk)->user_ns, cap);
}
EXPORT_SYMBOL(netlink_net_capable);

/* the netlink:netlink_extack tracepoint: no tracer attaches in user space */
void do_trace_netlink_extack(const char *msg)
{
}
EXPORT_SYMBOL(do_trace_netlink_extack);
