// SPDX-License-Identifier: GPL-2.0
/*
 * ktest_netapi.c - the networking helpers an action, a classifier or a
 * qdisc calls outside the qdisc API: net/act_api.h's action counters and
 * verdict check, linux/netlink.h's message header and clone, the IPv4 and
 * IPv6 send cookies a socket's datagrams start from, linux/rtnetlink.h's
 * per-namespace RTNL (RTNL itself in Debian's kernels), net/sock.h's
 * sock_no_*() refusals and sock_set_*() setters, against the
 * results the kernel's definitions give.
 */
#include <linux/kernel.h>
#include <linux/skbuff.h>
#include <linux/slab.h>
#include <linux/netlink.h>
#include <linux/rtnetlink.h>
#include <linux/ipv6.h>
#include <net/act_api.h>
#include <net/ip.h>
#include <net/ipv6.h>
#include <net/netlink.h>
#include <net/pkt_cls.h>

#include "ktest.h"
#include "shim.h"

KTEST(netapi, action_verdict_range)
{
	KT_ASSERT(tcf_action_valid(TC_ACT_OK), "OK");
	KT_ASSERT(tcf_action_valid(TC_ACT_UNSPEC), "UNSPEC (-1)");
	KT_ASSERT(tcf_action_valid(TC_ACT_TRAP), "TRAP is the last plain value");
	KT_ASSERT(!tcf_action_valid(TC_ACT_CONSUMED), "kernel-internal");
	KT_ASSERT(tcf_action_valid(TC_ACT_JUMP | 2), "jump 2");
	KT_ASSERT(tcf_action_valid(TC_ACT_GOTO_CHAIN | 7), "goto chain 7");
	KT_ASSERT(!tcf_action_valid(TC_ACT_GOTO_CHAIN + TC_ACT_EXT_VAL_MASK + 1),
		  "an opcode past GOTO_CHAIN");
	return 0;
}

struct act_probe {
	struct tc_action common;
	u64 bytes, packets, drops, lastuse;
	bool hw;
};

static void act_probe_stats(struct tc_action *a, u64 bytes, u64 packets,
			    u64 drops, u64 lastuse, bool hw)
{
	struct act_probe *p = container_of(a, struct act_probe, common);

	p->bytes = bytes;
	p->packets = packets;
	p->drops = drops;
	p->lastuse = lastuse;
	p->hw = hw;
}

KTEST(netapi, action_counters)
{
	struct tc_action_ops ops = { .kind = "probe" };
	struct act_probe *p = kzalloc(sizeof(*p), GFP_KERNEL);
	struct sk_buff *skb = alloc_skb(256, GFP_KERNEL);
	struct tc_action *a;

	KT_ASSERT(p && skb, "alloc");
	a = &p->common;
	a->ops = &ops;
	spin_lock_init(&a->tcfa_lock);
	skb_put(skb, 200);
	qdk_qdisc_pkt_len_init(skb, skb->len);

	/* no per-CPU counters: the shared ones, under tcfa_lock */
	tcf_action_update_bstats(a, skb);
	tcf_action_update_bstats(a, skb);
	KT_EQ(u64_stats_read(&p->tcf_bstats.bytes), 400);
	KT_EQ(u64_stats_read(&p->tcf_bstats.packets), 2);
	tcf_action_inc_drop_qstats(a);
	tcf_action_inc_overlimit_qstats(a);
	tcf_action_inc_overlimit_qstats(a);
#if LINUX_VERSION_CODE < KERNEL_VERSION(7, 3, 0)
	KT_EQ(p->tcf_qstats.drops, 1);
	KT_EQ(p->tcf_qstats.overlimits, 2);
#else
	KT_EQ(atomic_read(&a->tcfa_drops), 1);
	KT_EQ(atomic_read(&a->tcfa_overlimits), 2);
#endif
	KT_ASSERT(!spin_is_locked(&a->tcfa_lock), "released");

	/* the per-CPU counters when the action has them */
	a->cpu_qstats = alloc_percpu(struct gnet_stats_queue);
	KT_ASSERT(a->cpu_qstats, "alloc_percpu");
	tcf_action_inc_drop_qstats(a);
	tcf_action_inc_overlimit_qstats(a);
	KT_EQ(this_cpu_ptr(a->cpu_qstats)->drops, 1);
	KT_EQ(this_cpu_ptr(a->cpu_qstats)->overlimits, 1);
	free_percpu(a->cpu_qstats);

	/* hardware counters reach the ops' stats_update only if it has one */
	tcf_action_stats_update(a, 1500, 3, 1, 42, true);
	KT_EQ(p->packets, 0);
	ops.stats_update = act_probe_stats;
	tcf_action_stats_update(a, 1500, 3, 1, 42, true);
	KT_EQ(p->bytes, 1500);
	KT_EQ(p->packets, 3);
	KT_EQ(p->drops, 1);
	KT_EQ(p->lastuse, 42);
	KT_ASSERT(p->hw, "hw");
	kfree_skb(skb);
	kfree(p);
	return 0;
}

KTEST(netapi, action_net_init)
{
	struct tc_action_ops ops = { .kind = "probe" };
	struct tc_action_net tn;

	KT_EQ(tc_action_net_init(&init_net, &tn, &ops), 0);
	KT_ASSERT(tn.ops == &ops && tn.idrinfo->net == &init_net, "set up");
	KT_ASSERT(idr_is_empty(&tn.idrinfo->action_idr), "no actions yet");
	KT_ASSERT(!mutex_is_locked(&tn.idrinfo->lock), "unlocked");
	idr_destroy(&tn.idrinfo->action_idr);
	kfree(tn.idrinfo);

	qdk_mem_fail_after = 1;
	KT_EQ(tc_action_net_init(&init_net, &tn, &ops), -ENOMEM);
	return 0;
}

KTEST(netapi, nlmsg_header_put)
{
	struct sk_buff *skb = alloc_skb(256, GFP_KERNEL);
	struct nlmsghdr *nlh;

	KT_ASSERT(skb, "alloc");
	memset(skb->data, 0xaa, 64);	/* stale bytes where the padding goes */
	nlh = __nlmsg_put(skb, 1234, 7, RTM_NEWQDISC, 5, NLM_F_MULTI);
	KT_ASSERT(nlh == (struct nlmsghdr *)skb->data, "at the tail");
	KT_EQ(nlh->nlmsg_len, NLMSG_HDRLEN + 5);	/* 21: unpadded */
	KT_EQ(skb->len, NLMSG_HDRLEN + 8);		/* 24: aligned to 4 */
	KT_EQ(nlh->nlmsg_type, RTM_NEWQDISC);
	KT_EQ(nlh->nlmsg_flags, NLM_F_MULTI);
	KT_EQ(nlh->nlmsg_pid, 1234);
	KT_EQ(nlh->nlmsg_seq, 7);
	KT_EQ(((u8 *)nlmsg_data(nlh))[4], 0xaa);	/* the payload is the caller's */
	KT_EQ(((u8 *)nlmsg_data(nlh))[5], 0);
	KT_EQ(((u8 *)nlmsg_data(nlh))[7], 0);
	KT_EQ(skb->data[24], 0xaa);			/* nothing past it */

	/* an aligned payload: no padding */
	nlh = __nlmsg_put(skb, 0, 8, NLMSG_DONE, 4, 0);
	KT_EQ(nlh->nlmsg_len, NLMSG_HDRLEN + 4);
	KT_EQ(skb->len, 24 + NLMSG_HDRLEN + 4);
	kfree_skb(skb);
	return 0;
}

static void nl_probe_destructor(struct sk_buff *skb)
{
}

KTEST(netapi, netlink_clone)
{
	struct sk_buff *skb = alloc_skb(128, GFP_KERNEL), *nskb;

	KT_ASSERT(skb, "alloc");
	skb_put(skb, 40);
	skb->destructor = nl_probe_destructor;
	nskb = netlink_skb_clone(skb, GFP_KERNEL);
	KT_ASSERT(nskb && nskb->len == 40, "the same packet");
	KT_EQ(memcmp(nskb->data, skb->data, 40), 0);
	/* a kmalloc'ed head: the clone frees nothing of the original's */
	KT_ASSERT(!nskb->destructor, "no destructor");
	kfree_skb(nskb);
	skb->destructor = NULL;
	kfree_skb(skb);
	return 0;
}

KTEST(netapi, send_cookies_from_socket)
{
	static struct tcp6_sock ts;
	struct sock *sk = &ts.tcp.inet_conn.icsk_inet.sk;
	struct inet_sock *inet = inet_sk(sk);
	struct ipcm_cookie ipc;
	struct ipcm6_cookie ipc6;

	sk->sk_mark = 0x77;
	sk->sk_bound_dev_if = 3;
	sk->sk_state = TCP_ESTABLISHED;
	inet->inet_saddr = htonl(0xc0000201);
	inet->inet_num = IPPROTO_UDP;
	inet->tos = 0x10;
	inet->pinet6 = &ts.inet6;
	ts.inet6.tclass = 0xb8;

	ipcm_init(&ipc);
	KT_EQ(ipc.tos, -1);
	KT_EQ(ipc.oif, 0);
	ipcm_init_sk(&ipc, inet);
	KT_EQ(ipc.sockc.mark, 0x77);
	KT_EQ(ipc.oif, 3);
	KT_EQ(ipc.addr, htonl(0xc0000201));
	KT_EQ(ipc.protocol, IPPROTO_UDP);
#if LINUX_VERSION_CODE < KERNEL_VERSION(7, 3, 0)
	KT_EQ(ipc.tos, -1);		/* the socket's applies later */
#else
	KT_EQ(ipc.tos, 0x10);		/* 7.x copies it */
#endif

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
	ipcm6_init(&ipc6);
	KT_ASSERT(ipc6.hlimit == -1 && ipc6.tclass == -1 && ipc6.dontfrag == -1,
		  "all from the socket");
	ts.inet6.dontfrag = 1;
	ipcm6_init_sk(&ipc6, inet6_sk(sk));
#else
	inet6_set_bit(DONTFRAG, sk);
	ipcm6_init_sk(&ipc6, sk);
#endif
	KT_EQ(ipc6.hlimit, -1);
	KT_EQ(ipc6.tclass, 0xb8);
	KT_EQ(ipc6.dontfrag, 1);
	KT_ASSERT(!ipc6.opt, "no options");
	return 0;
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
static int *rtnl_probe_ptr;

KTEST(netapi, rtnl_per_namespace)
{
	static int one = 1, two = 2;
	unsigned long w0 = qdk_warn_count;
	int *old;

	rtnl_net_lock(&init_net);
	KT_ASSERT(rtnl_is_locked(), "the namespace's RTNL is RTNL");
	KT_EQ(rtnl_net_trylock(&init_net), 0);	/* held: not free */
	ASSERT_RTNL_NET(&init_net);
	KT_EQ(qdk_warn_count, w0);
	rcu_assign_pointer(rtnl_probe_ptr, &one);
	KT_ASSERT(rtnl_net_dereference(&init_net, rtnl_probe_ptr) == &one, "deref");
	old = rcu_replace_pointer_rtnl_net(&init_net, rtnl_probe_ptr, &two);
	KT_ASSERT(old == &one && rtnl_probe_ptr == &two, "replaced");
	rtnl_net_unlock(&init_net);
	KT_ASSERT(!rtnl_is_locked(), "released");

	KT_EQ(rtnl_net_trylock(&init_net), 1);
	rtnl_net_unlock(&init_net);
	ASSERT_RTNL_NET(&init_net);		/* not held: warns */
	KT_EQ(qdk_warn_count, w0 + 1);
#if LINUX_VERSION_CODE < KERNEL_VERSION(7, 3, 0)
	{
		guard(rtnl)();
		KT_ASSERT(rtnl_is_locked(), "guard holds it");
	}
	KT_ASSERT(!rtnl_is_locked(), "to the end of the scope");
#else
	KT_EQ(rtnl_net_lock_killable(&init_net), 0);
	KT_ASSERT(rtnl_is_locked(), "killable takes it");
	rtnl_net_unlock(&init_net);
#endif
	return 0;
}
#endif

static int keepalive_calls;

static void probe_keepalive(struct sock *sk, int valbool)
{
	keepalive_calls += valbool;
}

static struct proto netapi_prot = {
	.name = "NETAPI",
	.obj_size = sizeof(struct sock),
	.keepalive = probe_keepalive,
};

KTEST(netapi, sock_setters_and_refusals)
{
	struct sock *sk = sk_alloc(&init_net, AF_INET, GFP_KERNEL, &netapi_prot, 1);

	KT_ASSERT(sk, "sk_alloc");
	sock_init_data(NULL, sk);

	KT_EQ(sock_no_bind(NULL, NULL, 0), -EOPNOTSUPP);
	KT_EQ(sock_no_connect(NULL, NULL, 0, 0), -EOPNOTSUPP);
	KT_EQ(sock_no_socketpair(NULL, NULL), -EOPNOTSUPP);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	KT_EQ(sock_no_accept(NULL, NULL, NULL), -EOPNOTSUPP);
#else
	KT_EQ(sock_no_accept(NULL, NULL, 0, false), -EOPNOTSUPP);
#endif
	KT_EQ(sock_no_getname(NULL, NULL, 0), -EOPNOTSUPP);
	KT_EQ(sock_no_ioctl(NULL, 0, 0), -EOPNOTSUPP);
	KT_EQ(sock_no_listen(NULL, 5), -EOPNOTSUPP);
	KT_EQ(sock_no_shutdown(NULL, 0), -EOPNOTSUPP);
	KT_EQ(sock_no_sendmsg(NULL, NULL, 0), -EOPNOTSUPP);
	KT_EQ(sock_no_sendmsg_locked(sk, NULL, 0), -EOPNOTSUPP);
	KT_EQ(sock_no_recvmsg(NULL, NULL, 0, 0), -EOPNOTSUPP);
	KT_EQ(sock_no_mmap(NULL, NULL, NULL), -ENODEV);

	sk->sk_lingertime = 5 * HZ;
	sock_set_flag(sk, SOCK_LINGER);
	sock_no_linger(sk);
	KT_EQ(sk->sk_lingertime, 0);
	KT_ASSERT(!sock_flag(sk, SOCK_LINGER), "linger off");

	sock_set_keepalive(sk);
	KT_EQ(keepalive_calls, 1);
	KT_ASSERT(sock_flag(sk, SOCK_KEEPOPEN), "keepalive on");
	sock_set_priority(sk, 6);
	KT_EQ(sk->sk_priority, 6);
	sock_set_reuseaddr(sk);
	KT_EQ(sk->sk_reuse, SK_CAN_REUSE);
	sock_set_reuseport(sk);
	KT_EQ(sk->sk_reuseport, 1);
	sock_set_sndtimeo(sk, 3);
	KT_EQ(sk->sk_sndtimeo, 3 * HZ);
	sock_set_sndtimeo(sk, 0);
	KT_EQ(sk->sk_sndtimeo, MAX_SCHEDULE_TIMEOUT);
	sock_set_sndtimeo(sk, MAX_SCHEDULE_TIMEOUT / HZ);
	KT_EQ(sk->sk_sndtimeo, MAX_SCHEDULE_TIMEOUT);
	KT_ASSERT(!sock_owned_by_user(sk), "each setter released the lock");
	sock_put(sk);
	return 0;
}
