// SPDX-License-Identifier: GPL-2.0
/*
 * ktest_ip_sock.c - what net/ip.h and net/ipv6.h compute on a socket and its
 * namespace: IP ids, bind-table hashes, flow-label and bind policies.
 */
#include <linux/ip.h>
#include <linux/ipv6.h>
#include <linux/jhash.h>
#include <linux/skbuff.h>
#include <linux/socket.h>
#include <linux/tcp.h>
#include <linux/version.h>
#include <net/ip.h>
#include <net/ipv6.h>
#include <net/netns/hash.h>
#include <net/sock.h>

#include "ktest.h"

static struct proto ip_sock_prot = {
	.name = "IPSOCKTEST",
	.obj_size = sizeof(struct tcp_sock),
};

/* a full socket with the shim's lock and queues set up */
static struct sock *ip_sock_alloc(int family)
{
	struct sock *sk = sk_alloc(&init_net, family, GFP_KERNEL, &ip_sock_prot, 1);

	if (sk)
		sock_init_data(NULL, sk);
	return sk;
}

KTEST(ip_sock, select_ident)
{
	struct sock *sk = ip_sock_alloc(AF_INET);
	struct sk_buff *skb = alloc_skb(128, GFP_KERNEL);
	struct iphdr *iph;

	KT_ASSERT(sk && skb, "alloc");
	skb_reset_network_header(skb);
	iph = skb_put_zero(skb, sizeof(*iph));
	/* a connected UDP socket counts its ids atomically */
	sk->sk_family = AF_INET;
	sk->sk_type = SOCK_DGRAM;
	sk->sk_protocol = IPPROTO_UDP;
	inet_sk(sk)->inet_daddr = htonl(0x0a000001);
	atomic_set(&inet_sk(sk)->inet_id, 0x1233);
	ip_select_ident(&init_net, skb, sk);
	KT_EQ(ntohs(iph->id), 0x1234);
	/* TCP under the socket lock: the id before the segments' */
	sk->sk_type = SOCK_STREAM;
	sk->sk_protocol = IPPROTO_TCP;
	lock_sock(sk);
	ip_select_ident_segs(&init_net, skb, sk, 4);
	release_sock(sk);
	KT_EQ(ntohs(iph->id), 0x1234);
	KT_EQ(atomic_read(&inet_sk(sk)->inet_id), 0x1238);
	/* no connected socket, DF set: id 0 */
	iph->id = htons(7);
	iph->frag_off = htons(IP_DF);
	ip_select_ident(&init_net, skb, NULL);
	KT_EQ(iph->id, 0);
	kfree_skb(skb);
	sock_put(sk);
	return 0;
}

KTEST(ip_sock, portaddr_hashes)
{
	struct in6_addr any = {}, mapped = {}, v6 = {};
	u32 mix = net_hash_mix(&init_net);

	mapped.s6_addr32[2] = htonl(0xffff);
	mapped.s6_addr32[3] = htonl(0xc0000201);
	v6.s6_addr32[0] = htonl(0x20010db8);
	v6.s6_addr32[3] = htonl(1);
	KT_EQ(ipv4_portaddr_hash(&init_net, htonl(0xc0000201), 80),
	      jhash_1word((__force u32)htonl(0xc0000201), mix) ^ 80);
	/* a v4-mapped address hashes as its IPv4 address does */
	KT_EQ(ipv6_portaddr_hash(&init_net, &mapped, 80),
	      ipv4_portaddr_hash(&init_net, htonl(0xc0000201), 80));
	/* the unspecified address as IPv4's 0.0.0.0 */
	KT_EQ(ipv6_portaddr_hash(&init_net, &any, 443), ipv4_portaddr_hash(&init_net, 0, 443));
	KT_EQ(ipv6_portaddr_hash(&init_net, &v6, 0),
	      jhash2((__force u32 *)v6.s6_addr32, 4, mix));
	return 0;
}

KTEST(ip_sock, ipv6_policies)
{
	static struct ipv6_pinfo np;
	struct sock *sk = ip_sock_alloc(AF_INET6);
	struct net net = {};
	u8 v;

	KT_ASSERT(sk, "alloc");

	/* the kernel's defaults in init_net */
	KT_EQ(init_net.ipv6.sysctl.auto_flowlabels, IP6_DEFAULT_AUTO_FLOW_LABELS);
	KT_EQ(ip6_default_np_autolabel(&init_net), 1);
	KT_EQ(ip6_multipath_hash_fields(&init_net), 0x0f);
	KT_EQ(ip6_multipath_hash_policy(&init_net), 0);
	for (v = 0; v <= IP6_AUTO_FLOW_LABEL_MAX; v++) {
		net.ipv6.sysctl.auto_flowlabels = v;
		KT_EQ(ip6_default_np_autolabel(&net),
		      v == IP6_AUTO_FLOW_LABEL_OPTOUT || v == IP6_AUTO_FLOW_LABEL_FORCED);
	}
	KT_ASSERT(inet_port_requires_bind_service(&init_net, 1023), "privileged");
	KT_ASSERT(!inet_port_requires_bind_service(&init_net, 1024), "unprivileged");

	KT_ASSERT(!ipv6_can_nonlocal_bind(&net, inet_sk(sk)), "local only");
	net.ipv6.sysctl.ip_nonlocal_bind = 1;
	KT_ASSERT(ipv6_can_nonlocal_bind(&net, inet_sk(sk)), "sysctl");
	net.ipv6.sysctl.ip_nonlocal_bind = 0;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	inet_set_bit(FREEBIND, sk);
#else
	inet_sk(sk)->freebind = 1;
#endif
	KT_ASSERT(ipv6_can_nonlocal_bind(&net, inet_sk(sk)), "freebind");

	inet_sk(sk)->pinet6 = &np;
	KT_EQ(ip6_sock_set_v6only(sk), 0);
	KT_ASSERT(sk->sk_ipv6only, "v6only");
	inet_sk(sk)->inet_num = 8080;		/* bound: too late */
	KT_EQ(ip6_sock_set_v6only(sk), -EINVAL);
	ip6_sock_set_recvpktinfo(sk);
	KT_ASSERT(ipv6_sk_rxinfo(sk), "rxinfo");
	ip6_sock_set_recverr(sk);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	KT_ASSERT(inet6_test_bit(RECVERR6, sk), "recverr");
#else
	KT_ASSERT(np.recverr, "recverr");
#endif
	inet_sk(sk)->pinet6 = NULL;
	sock_put(sk);
	return 0;
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
KTEST(ip_sock, sendmsg_scope)
{
	static struct tcp_sock tp;
	struct inet_sock *inet = &tp.inet_conn.icsk_inet;
	struct ip_options_rcu opt = {};
	struct ipcm_cookie ipc;
	struct msghdr m = {};

	ipcm_init(&ipc);
	KT_EQ(ip_sendmsg_scope(inet, &ipc, &m), RT_SCOPE_UNIVERSE);
	m.msg_flags = MSG_DONTROUTE;
	KT_EQ(ip_sendmsg_scope(inet, &ipc, &m), RT_SCOPE_LINK);
	m.msg_flags = 0;
	opt.opt.is_strictroute = 1;
	ipc.opt = &opt;
	KT_EQ(ip_sendmsg_scope(inet, &ipc, &m), RT_SCOPE_LINK);
	ipc.opt = NULL;
	sock_set_flag(&inet->sk, SOCK_LOCALROUTE);
	KT_EQ(ip_sendmsg_scope(inet, &ipc, &m), RT_SCOPE_LINK);
	return 0;
}
#endif
