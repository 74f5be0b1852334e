// SPDX-License-Identifier: GPL-2.0
/*
 * tcp_nac.c - the sender side of network assisted congestion control
 * (A. Maroo, J. Shah, N. Sheth, S. Sharma, "Network Assisted Congestion
 * Control", NCSU 2010; docs/references.md), the partner of the nac qdisc.
 *
 * Routers running the nac qdisc write the free percentage of their output
 * queue into the forward metric of IP option 31 (nac.h) when it is lower
 * than the value there. The receiver echoes the value it got in the reverse
 * metric of the option on its own packets (its ACKs), and the sender picks
 * a and b of its MIMD window from that echo (Table 1, nac_cc.h).
 *
 * The report does both duties in its hosts' IP and TCP code; here they are
 * this one module, loaded on both hosts, the connection's congestion
 * control "nac" on both ends:
 *
 *   the option  init() gives an IPv4 socket (or an IPv6 one connected to
 *       a v4-mapped address, as a dual-stack server's) the 12-byte option
 *       (type 31, length 10, forward metric NAC_METRIC_UNSTAMPED, reverse
 *       metric unstamped, then END), as setsockopt(IP_OPTIONS) would, so
 *       every segment it sends carries it. A socket with IP options of its
 *       own keeps them and gets none (it runs at the default class).
 *
 *   the echo  a netfilter hook at LOCAL_IN reads the option of a segment
 *       arriving at a nac socket (the socket early demux found,
 *       net.ipv4.ip_early_demux, on by default): its forward metric is
 *       what this end echoes, its reverse metric the echo of this end's
 *       own forward path. A hook at LOCAL_OUT writes the value to echo
 *       into the reverse metric of the nac socket's outgoing segments
 *       (incremental checksum update, no allocation).
 *
 *   the window  slow start as Reno; in congestion avoidance every acked
 *       segment adds a (a * cwnd per round trip), a loss keeps (1 - b) of
 *       cwnd, a and b from the class of the last echo; no echo yet (or no
 *       router stamped) gives class default_class, 2: Scalable TCP's a, b.
 *       After a timeout the kernel restarts from one segment in slow start
 *       (the report's "reduce cwnd to 2 and slow start" after repeated
 *       losses).
 *
 * The hooks change a socket's congestion control state only under the
 * socket's spinlock and when no process owns it, so a concurrent change of
 * congestion control (setsockopt TCP_CONGESTION, which owns the socket)
 * never sees a write into its state; a segment that finds the socket owned
 * leaves the echo as it was (the next one brings it again). IPv4 only: the
 * option is an IPv4 option.
 */

#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/netfilter.h>
#include <linux/netfilter_ipv4.h>
#include <linux/skbuff.h>
#include <linux/slab.h>
#include <net/inet_connection_sock.h>
#include <net/ip.h>
#include <net/ipv6.h>
#include <net/net_namespace.h>
#include <net/sock.h>
#include <net/tcp.h>

#include "nac.h"
#include "nac_cc.h"
#include "nac_ipopt.h"

/* The option as the socket sends it: 10 bytes, END, padding to 12. */
#define NAC_OPT_SPACE 12

static unsigned int default_class = NAC_CLASS_SCALABLE;
module_param(default_class, uint, 0444);
MODULE_PARM_DESC(default_class,
		 "Table 1 class (0-4) used before an echo arrives or when no router stamped (default 2)");

/* Per connection, in the socket's congestion control area. */
struct nac_ca {
	u32 acc;	/* thousandths of a segment of increase not yet applied */
	u32 echo;	/* this end's forward metric as the peer echoed it */
	u32 peer;	/* the peer's forward metric: what this end echoes */
};

static struct tcp_congestion_ops tcp_nac;

static unsigned int nac_cls(const struct sock *sk)
{
	const struct nac_ca *ca = inet_csk_ca(sk);

	return nac_class_of(READ_ONCE(ca->echo), default_class);
}

/* IPv4 traffic: an IPv4 socket, or an IPv6 one talking to a mapped address. */
static bool nac_ipv4(const struct sock *sk)
{
	if (sk->sk_family == AF_INET)
		return true;
#if IS_ENABLED(CONFIG_IPV6)
	if (sk->sk_family == AF_INET6)
		return ipv6_addr_v4mapped(&sk->sk_v6_daddr);
#endif
	return false;
}

/*
 * Give an IPv4 socket the NAC option, as IP_OPTIONS does: the options
 * count as extension header length, the MSS shrinks by them. Once per
 * connection; the socket frees the options when it is destroyed.
 */
static void nac_add_option(struct sock *sk)
{
	struct inet_connection_sock *icsk = inet_csk(sk);
	struct inet_sock *inet = inet_sk(sk);
	struct ip_options_rcu *opt;
	u8 *d;

	if (!nac_ipv4(sk) || rcu_access_pointer(inet->inet_opt))
		return;
	opt = kzalloc(sizeof(*opt) + NAC_OPT_SPACE, GFP_ATOMIC);
	if (!opt)
		return;		/* no option: this connection runs at default_class */
	d = opt->opt.__data;
	d[0] = NAC_IPOPT_TYPE;
	d[1] = NAC_IPOPT_LEN;
	put_unaligned_be32(NAC_METRIC_UNSTAMPED, d + 2);
	put_unaligned_be32(NAC_METRIC_UNSTAMPED, d + 6);
	d[10] = IPOPT_END;
	opt->opt.optlen = NAC_OPT_SPACE;
	icsk->icsk_ext_hdr_len += NAC_OPT_SPACE;
	icsk->icsk_sync_mss(sk, icsk->icsk_pmtu_cookie);
	rcu_assign_pointer(inet->inet_opt, opt);
}

static void nac_init(struct sock *sk)
{
	struct nac_ca *ca = inet_csk_ca(sk);

	ca->acc = 0;
	WRITE_ONCE(ca->echo, NAC_METRIC_UNSTAMPED);
	WRITE_ONCE(ca->peer, NAC_METRIC_UNSTAMPED);
	nac_add_option(sk);
}

static void nac_cong_avoid(struct sock *sk, u32 ack, u32 acked)
{
	struct tcp_sock *tp = tcp_sk(sk);
	struct nac_ca *ca = inet_csk_ca(sk);
	u32 cwnd;

	if (!tcp_is_cwnd_limited(sk))
		return;
	if (tcp_in_slow_start(tp)) {
		acked = tcp_slow_start(tp, acked);
		if (!acked)
			return;
	}
	cwnd = nac_increase(tcp_snd_cwnd(tp), &ca->acc, acked,
			    nac_class_row(nac_cls(sk)).a_milli);
	tcp_snd_cwnd_set(tp, min(cwnd, tp->snd_cwnd_clamp));
}

static u32 nac_ssthresh(struct sock *sk)
{
	return nac_decrease(tcp_snd_cwnd(tcp_sk(sk)),
			    nac_class_row(nac_cls(sk)).keep_milli);
}

static struct tcp_congestion_ops tcp_nac __read_mostly = {
	.init		= nac_init,
	.ssthresh	= nac_ssthresh,
	.cong_avoid	= nac_cong_avoid,
	.undo_cwnd	= tcp_reno_undo_cwnd,
	.owner		= THIS_MODULE,
	.name		= "nac",
};

/* A full TCP socket whose congestion control is this module. */
static bool nac_sock(const struct sock *sk)
{
	return sk && sk_fullsock(sk) && sk->sk_type == SOCK_STREAM &&
	       sk->sk_protocol == IPPROTO_TCP &&
	       READ_ONCE(inet_csk(sk)->icsk_ca_ops) == &tcp_nac;
}

/* The NAC option of skb's linear IPv4 header: its offset, or 0. */
static int nac_skb_option(const struct sk_buff *skb)
{
	const struct iphdr *iph = ip_hdr(skb);
	int off;

	if (skb_headlen(skb) < skb_network_offset(skb) + sizeof(*iph) ||
	    iph->version != 4 || iph->ihl <= 5 ||
	    skb_headlen(skb) < skb_network_offset(skb) + iph->ihl * 4)
		return 0;
	off = nac_ipopt_find(iph);
	if (off <= 0 || ((const u8 *)iph)[off + 1] < NAC_IPOPT_LEN)
		return 0;
	return off;
}

/* LOCAL_IN: keep the peer's forward metric and the echo of ours. */
static unsigned int nac_in(void *priv, struct sk_buff *skb,
			   const struct nf_hook_state *state)
{
	struct sock *sk = skb->sk;
	const u8 *o;
	int off;

	if (!nac_sock(sk))
		return NF_ACCEPT;
	off = nac_skb_option(skb);
	if (!off)
		return NF_ACCEPT;
	o = (const u8 *)ip_hdr(skb) + off;
	bh_lock_sock(sk);
	if (!sock_owned_by_user(sk) && inet_csk(sk)->icsk_ca_ops == &tcp_nac) {
		struct nac_ca *ca = inet_csk_ca(sk);

		WRITE_ONCE(ca->peer, nac_ipopt_get(o + 2));
		WRITE_ONCE(ca->echo, nac_ipopt_get(o + 6));
	}
	bh_unlock_sock(sk);
	return NF_ACCEPT;
}

/*
 * LOCAL_OUT: echo the peer's forward metric in the reverse metric. TCP
 * transmits with the socket held, so its congestion control cannot change
 * here. The header is TCP's own (a clone shares only the payload); one that
 * is not writable without allocating goes out as it is.
 */
static unsigned int nac_out(void *priv, struct sk_buff *skb,
			    const struct nf_hook_state *state)
{
	struct sock *sk = skb->sk;
	struct iphdr *iph;
	u32 peer;
	int off;

	if (!nac_sock(sk) || skb_header_cloned(skb))
		return NF_ACCEPT;
	off = nac_skb_option(skb);
	if (!off)
		return NF_ACCEPT;
	peer = READ_ONCE(((struct nac_ca *)inet_csk_ca(sk))->peer);
	iph = ip_hdr(skb);
	if (nac_ipopt_get((u8 *)iph + off + 6) != peer)
		nac_ipopt_put(iph, (u8 *)iph + off + 6, peer);
	return NF_ACCEPT;
}

static const struct nf_hook_ops nac_nf_ops[] = {
	{
		.hook		= nac_in,
		.pf		= NFPROTO_IPV4,
		.hooknum	= NF_INET_LOCAL_IN,
		.priority	= NF_IP_PRI_LAST,
	},
	{
		.hook		= nac_out,
		.pf		= NFPROTO_IPV4,
		.hooknum	= NF_INET_LOCAL_OUT,
		.priority	= NF_IP_PRI_LAST,
	},
};

static int __net_init nac_net_init(struct net *net)
{
	return nf_register_net_hooks(net, nac_nf_ops, ARRAY_SIZE(nac_nf_ops));
}

static void __net_exit nac_net_exit(struct net *net)
{
	nf_unregister_net_hooks(net, nac_nf_ops, ARRAY_SIZE(nac_nf_ops));
}

static struct pernet_operations nac_net_ops = {
	.init = nac_net_init,
	.exit = nac_net_exit,
};

static int __init nac_module_init(void)
{
	int err;

	BUILD_BUG_ON(sizeof(struct nac_ca) > ICSK_CA_PRIV_SIZE);
	if (default_class >= NAC_CLASSES)
		return -EINVAL;
	err = register_pernet_subsys(&nac_net_ops);
	if (err)
		return err;
	err = tcp_register_congestion_control(&tcp_nac);
	if (err)
		unregister_pernet_subsys(&nac_net_ops);
	return err;
}

static void __exit nac_module_exit(void)
{
	tcp_unregister_congestion_control(&tcp_nac);
	unregister_pernet_subsys(&nac_net_ops);
}

module_init(nac_module_init);
module_exit(nac_module_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("TCP NAC: MIMD congestion control from routers' free queue stamps");
