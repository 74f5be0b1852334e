// SPDX-License-Identifier: GPL-2.0
/*
 * ktest_netfilter.c - hooks run by NF_HOOK() as net/netfilter/core.c runs
 * them: in priority order (inet hooks in both families), verdicts accept,
 * drop (with an errno), stolen and queue (no queue handler), okfn called
 * only when every hook accepted; the address helpers; no conntrack;
 * transport checksums of both families; socket option ranges.
 */
#include <linux/kernel.h>
#include <linux/netfilter.h>
#include <linux/netfilter_ipv4.h>
#include <linux/skbuff.h>
#include <linux/ip.h>
#include <linux/ipv6.h>
#include <linux/socket.h>
#include <linux/udp.h>
#include <net/checksum.h>
#include <net/net_namespace.h>

#include "ktest.h"
#include "shim.h"

static char nf_log[16];
static unsigned int nf_verdict_b;

static unsigned int kt_hook_a(void *priv, struct sk_buff *skb, const struct nf_hook_state *s)
{
	strncat(nf_log, "a", 2);
	return NF_ACCEPT;
}

static unsigned int kt_hook_b(void *priv, struct sk_buff *skb, const struct nf_hook_state *s)
{
	strncat(nf_log, priv, 2);
	if (nf_verdict_b == NF_STOLEN)
		kfree_skb(skb);		/* a stolen packet is the hook's */
	return nf_verdict_b;
}

static unsigned int kt_hook_c(void *priv, struct sk_buff *skb, const struct nf_hook_state *s)
{
	strncat(nf_log, s->pf == NFPROTO_IPV6 ? "6" : "c", 2);
	return NF_ACCEPT;
}

static int kt_okfn(struct net *net, struct sock *sk, struct sk_buff *skb)
{
	strncat(nf_log, "!", 2);
	kfree_skb(skb);
	return 7;
}

static int nf_run(u8 pf)
{
	struct sk_buff *skb = alloc_skb(64, GFP_KERNEL);

	nf_log[0] = 0;
	return NF_HOOK(pf, NF_INET_LOCAL_OUT, &init_net, NULL, skb, NULL, NULL, kt_okfn);
}

KTEST(netfilter, hooks_run_in_priority_order)
{
	static struct nf_hook_ops ops[] = {
		{ .hook = kt_hook_b, .priv = "b", .pf = NFPROTO_IPV4,
		  .hooknum = NF_INET_LOCAL_OUT, .priority = NF_IP_PRI_FILTER },
		{ .hook = kt_hook_a, .pf = NFPROTO_IPV4,
		  .hooknum = NF_INET_LOCAL_OUT, .priority = NF_IP_PRI_MANGLE },
		{ .hook = kt_hook_c, .pf = NFPROTO_INET,
		  .hooknum = NF_INET_LOCAL_OUT, .priority = NF_IP_PRI_FILTER },
	};
	long mem = qdk_test_mem_objects();

	/* no hook: okfn at once */
	KT_EQ(nf_run(NFPROTO_IPV4), 7);
	KT_STREQ(nf_log, "!");
	KT_EQ(qdk_test_mem_objects(), mem);

	KT_EQ(nf_register_net_hooks(&init_net, ops, ARRAY_SIZE(ops)), 0);
	nf_verdict_b = NF_ACCEPT;
	/* mangle (-150) before filter (0); b registered before c */
	KT_EQ(nf_run(NFPROTO_IPV4), 7);
	KT_STREQ(nf_log, "abc!");
	KT_EQ(nf_run(NFPROTO_IPV6), 7);		/* only the inet hook */
	KT_STREQ(nf_log, "6!");

	nf_verdict_b = NF_DROP;
	KT_EQ(nf_run(NFPROTO_IPV4), -EPERM);
	KT_STREQ(nf_log, "ab");
	nf_verdict_b = NF_DROP_ERR(-EHOSTUNREACH);
	KT_EQ(nf_run(NFPROTO_IPV4), -EHOSTUNREACH);
	nf_verdict_b = NF_STOLEN;
	KT_EQ(nf_run(NFPROTO_IPV4), 0);
	KT_STREQ(nf_log, "ab");
	nf_verdict_b = NF_QUEUE;			/* no handler: dropped */
	KT_EQ(nf_run(NFPROTO_IPV4), 0);
	KT_STREQ(nf_log, "ab");
	nf_verdict_b = NF_QUEUE | NF_VERDICT_FLAG_QUEUE_BYPASS;
	KT_EQ(nf_run(NFPROTO_IPV4), 7);
	KT_STREQ(nf_log, "abc!");

	/* NF_HOOK_COND with a false condition skips the hooks */
	nf_log[0] = 0;
	KT_EQ(NF_HOOK_COND(NFPROTO_IPV4, NF_INET_LOCAL_OUT, &init_net, NULL,
			   alloc_skb(64, GFP_KERNEL), NULL, NULL, kt_okfn, false), 7);
	KT_STREQ(nf_log, "!");

	nf_unregister_net_hooks(&init_net, ops, ARRAY_SIZE(ops));
	KT_EQ(nf_run(NFPROTO_IPV4), 7);
	KT_STREQ(nf_log, "!");
	KT_EQ(qdk_test_mem_objects(), mem);
	return 0;
}

KTEST(netfilter, addresses_and_conntrack)
{
	union nf_inet_addr a = { .ip = htonl(0xc0a80107) }, m = { .ip = htonl(0xffffff00) }, r;
	union nf_inet_addr b = { .ip = htonl(0xc0a80100) };
	struct sk_buff *skb = alloc_skb(64, GFP_KERNEL);

	nf_inet_addr_mask(&a, &r, &m);
	KT_ASSERT(nf_inet_addr_cmp(&r, &b), "192.168.1.7/24");
	KT_ASSERT(!nf_inet_addr_cmp(&a, &b), "differ");
	KT_EQ(NF_DROP_GETERR(NF_DROP_ERR(-ENOMEM)), -ENOMEM);
	KT_ASSERT(!nf_ct_get_tuple_skb(NULL, skb), "no conntrack");
	nf_ct_attach(skb, skb);
	KT_EQ(NF_DROP_REASON(skb, SKB_DROP_REASON_NOT_SPECIFIED, EPERM),
	      (EPERM << 16) | NF_STOLEN);
	return 0;
}

KTEST(netfilter, ip_checksum)
{
	struct sk_buff *skb = alloc_skb(128, GFP_KERNEL);
	struct iphdr *iph;
	struct udphdr *uh;
	const int len = sizeof(*uh) + 6;

	KT_ASSERT(skb, "alloc");
	skb_reset_network_header(skb);
	iph = skb_put_zero(skb, sizeof(*iph));
	iph->version = 4;
	iph->ihl = 5;
	iph->protocol = IPPROTO_UDP;
	iph->saddr = htonl(0xc0000201);
	iph->daddr = htonl(0xc6336407);
	iph->tot_len = htons(sizeof(*iph) + len);
	/* a valid IP header sums to nothing in the whole-packet sum below */
	iph->check = ip_fast_csum(iph, iph->ihl);
	uh = skb_put_zero(skb, len);
	uh->source = htons(1000);
	uh->dest = htons(53);
	uh->len = htons(len);
	memcpy(uh + 1, "qdk-nf", 6);
	uh->check = csum_tcpudp_magic(iph->saddr, iph->daddr, len, IPPROTO_UDP,
				      csum_partial(uh, len, 0));

	skb->ip_summed = CHECKSUM_NONE;
	KT_EQ(nf_ip_checksum(skb, NF_INET_PRE_ROUTING, sizeof(*iph), IPPROTO_UDP), 0);
	/* a device's sum over the transport bytes verifies on input */
	skb->ip_summed = CHECKSUM_COMPLETE;
	skb->csum = csum_partial(uh, len, 0);
	KT_EQ(nf_ip_checksum(skb, NF_INET_LOCAL_OUT, sizeof(*iph), IPPROTO_UDP), 0);
	KT_EQ(skb->ip_summed, CHECKSUM_COMPLETE);	/* not trusted on output */
	KT_EQ(nf_ip_checksum(skb, NF_INET_LOCAL_IN, sizeof(*iph), IPPROTO_UDP), 0);
	KT_EQ(skb->ip_summed, CHECKSUM_UNNECESSARY);
	/* a corrupted byte does not */
	((u8 *)(uh + 1))[0] ^= 0x40;
	skb->ip_summed = CHECKSUM_NONE;
	KT_ASSERT(nf_ip_checksum(skb, NF_INET_PRE_ROUTING, sizeof(*iph), IPPROTO_UDP) != 0,
		  "corrupt");
	kfree_skb(skb);
	return 0;
}

/* an IPv6 UDP packet ::1 -> ::2, ports 1000 -> 2000, "abcd"; its checksum 0x2f55 (RFC 8200) */
static struct sk_buff *nf_udp6(struct udphdr **uhp)
{
	struct sk_buff *skb = alloc_skb(128, GFP_KERNEL);
	struct ipv6hdr *ip6h;
	struct udphdr *uh;

	if (!skb)
		return NULL;
	skb_reset_network_header(skb);
	ip6h = skb_put_zero(skb, sizeof(*ip6h));
	ip6h->version = 6;
	ip6h->payload_len = htons(sizeof(*uh) + 4);
	ip6h->nexthdr = IPPROTO_UDP;
	ip6h->hop_limit = 64;
	ip6h->saddr.s6_addr[15] = 1;
	ip6h->daddr.s6_addr[15] = 2;
	uh = skb_put_zero(skb, sizeof(*uh) + 4);
	uh->source = htons(1000);
	uh->dest = htons(2000);
	uh->len = htons(sizeof(*uh) + 4);
	uh->check = htons(0x2f55);
	memcpy(uh + 1, "abcd", 4);
	*uhp = uh;
	return skb;
}

KTEST(netfilter, checksum_of_either_family)
{
	const unsigned int off = sizeof(struct ipv6hdr);
	struct udphdr *uh;
	struct sk_buff *skb = nf_udp6(&uh);

	KT_ASSERT(skb, "alloc");
	KT_EQ(nf_checksum(skb, NF_INET_PRE_ROUTING, off, IPPROTO_UDP, AF_INET6), 0);
	KT_EQ(nf_checksum_partial(skb, NF_INET_PRE_ROUTING, off, 12, IPPROTO_UDP, AF_INET6), 0);
	/* a device's sum over the whole packet verifies on input */
	skb->ip_summed = CHECKSUM_COMPLETE;
	skb->csum = csum_partial(skb->data, skb->len, 0);
	KT_EQ(nf_checksum(skb, NF_INET_FORWARD, off, IPPROTO_UDP, AF_INET6), 0);
	KT_EQ(skb->ip_summed, CHECKSUM_COMPLETE);
	KT_EQ(nf_checksum(skb, NF_INET_LOCAL_IN, off, IPPROTO_UDP, AF_INET6), 0);
	KT_EQ(skb->ip_summed, CHECKSUM_UNNECESSARY);
	/* a wrong checksum or a corrupt byte fails, in the sum of every byte */
	skb->ip_summed = CHECKSUM_NONE;
	uh->check = htons(0x2f56);
	KT_ASSERT(nf_checksum(skb, NF_INET_LOCAL_IN, off, IPPROTO_UDP, AF_INET6) != 0, "bad sum");
	uh->check = htons(0x2f55);
	((u8 *)(uh + 1))[3] ^= 1;
	skb->ip_summed = CHECKSUM_NONE;
	KT_ASSERT(nf_checksum(skb, NF_INET_LOCAL_IN, off, IPPROTO_UDP, AF_INET6) != 0, "corrupt");
	/* but not in the 8 header bytes alone (pseudo header over the full length) */
	skb->ip_summed = CHECKSUM_NONE;
	KT_ASSERT(nf_checksum_partial(skb, NF_INET_LOCAL_IN, off, 8, IPPROTO_UDP, AF_INET6) != 0,
		  "partial sum of the header verifies");
	KT_EQ(skb->ip_summed, CHECKSUM_NONE);
	/* other families are not checked */
	KT_EQ(nf_checksum(skb, NF_INET_LOCAL_IN, off, IPPROTO_UDP, AF_UNSPEC), 0);
	kfree_skb(skb);
	return 0;
}

static int nf_so_set_val;

static int kt_so_set(struct sock *sk, int optval, sockptr_t arg, unsigned int len)
{
	nf_so_set_val = optval;
	return len;
}

static int kt_so_get(struct sock *sk, int optval, void __user *user, int *len)
{
	return -optval;
}

KTEST(netfilter, sockopt_ranges)
{
	static struct nf_sockopt_ops a = {
		.pf = NFPROTO_IPV4, .set_optmin = 64, .set_optmax = 68, .set = kt_so_set,
		.get_optmin = 64, .get_optmax = 70, .get = kt_so_get,
	};
	static struct nf_sockopt_ops b = {
		.pf = NFPROTO_IPV4, .set_optmin = 67, .set_optmax = 69, .set = kt_so_set,
	};
	static struct nf_sockopt_ops c = {
		.pf = NFPROTO_IPV6, .set_optmin = 64, .set_optmax = 68, .set = kt_so_set,
	};
	char buf[4];
	int len = sizeof(buf);

	KT_EQ(nf_register_sockopt(&a), 0);
	KT_EQ(nf_register_sockopt(&b), -EBUSY);	/* 67 is a's */
	KT_EQ(nf_register_sockopt(&c), 0);	/* another family */
	KT_EQ(nf_setsockopt(NULL, NFPROTO_IPV4, 67, KERNEL_SOCKPTR(buf), 3), 3);
	KT_EQ(nf_so_set_val, 67);
	KT_EQ(nf_setsockopt(NULL, NFPROTO_IPV4, 68, KERNEL_SOCKPTR(buf), 3), -ENOPROTOOPT);
	KT_EQ(nf_getsockopt(NULL, NFPROTO_IPV4, 69, buf, &len), -69);
	KT_EQ(nf_getsockopt(NULL, NFPROTO_IPV6, 64, buf, &len), -ENOPROTOOPT);
	nf_unregister_sockopt(&a);
	KT_EQ(nf_setsockopt(NULL, NFPROTO_IPV4, 67, KERNEL_SOCKPTR(buf), 3), -ENOPROTOOPT);
	KT_EQ(nf_register_sockopt(&b), 0);
	nf_unregister_sockopt(&b);
	nf_unregister_sockopt(&c);
	return 0;
}
