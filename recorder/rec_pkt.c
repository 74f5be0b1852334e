// SPDX-License-Identifier: GPL-2.0
/*
 * The packet fields a trace carries (traces/FORMAT.md "flow" and
 * "enqueue"), read from an skb the way a qdisc sees it: skb->data at the
 * MAC header, network header offset set. Headers are read with
 * skb_header_pointer() so non-linear packets are fine; nothing allocates.
 */
#include <linux/if_ether.h>
#include <linux/in.h>
#include <linux/ip.h>
#include <linux/ipv6.h>
#include <linux/tcp.h>
#include <linux/random.h>
#include <linux/siphash.h>
#include <net/dsfield.h>
#include <net/inet_connection_sock.h>
#include <net/ip.h>
#include <net/sch_generic.h>
#include <net/sock.h>
#include <net/tcp.h>

#include "recorder.h"

/* Ports and TCP flags of the transport header at offset off. */
static void rec_fill_l4(struct qdk_rec_enq *e, const struct sk_buff *skb,
			int off)
{
	u8 buf[14];
	const u8 *th;

	if (e->l4proto != IPPROTO_TCP && e->l4proto != IPPROTO_UDP)
		return;
	th = skb_header_pointer(skb, off, e->l4proto == IPPROTO_TCP ? 14 : 4,
				buf);
	if (!th)
		return;
	e->sport = (th[0] << 8) | th[1];
	e->dport = (th[2] << 8) | th[3];
	if (e->l4proto == IPPROTO_TCP)
		e->tcp_flags = th[13];
}

static void rec_fill_ipv4(struct qdk_rec_enq *e, const struct sk_buff *skb)
{
	int off = skb_network_offset(skb);
	struct iphdr buf;
	const struct iphdr *iph;

	iph = skb_header_pointer(skb, off, sizeof(buf), &buf);
	if (!iph || iph->version != 4 || iph->ihl < 5)
		return;
	e->family = QDK_RF_AF_INET;
	e->l4proto = iph->protocol;
	e->tos = iph->tos;
	e->ttl = iph->ttl;
	memcpy(e->saddr, &iph->saddr, 4);
	memcpy(e->daddr, &iph->daddr, 4);
	/* a later fragment has no transport header: ports stay 0 */
	if (!(ntohs(iph->frag_off) & IP_OFFSET))
		rec_fill_l4(e, skb, off + iph->ihl * 4);
}

static void rec_fill_ipv6(struct qdk_rec_enq *e, const struct sk_buff *skb)
{
	int off = skb_network_offset(skb);
	struct ipv6hdr buf;
	const struct ipv6hdr *ip6h;

	ip6h = skb_header_pointer(skb, off, sizeof(buf), &buf);
	if (!ip6h || ip6h->version != 6)
		return;
	e->family = QDK_RF_AF_INET6;
	/* extension headers are not followed: such packets are ip:N */
	e->l4proto = ip6h->nexthdr;
	e->tos = ipv6_get_dsfield(ip6h);
	e->ttl = ip6h->hop_limit;
	memcpy(e->saddr, &ip6h->saddr, 16);
	memcpy(e->daddr, &ip6h->daddr, 16);
	rec_fill_l4(e, skb, off + sizeof(*ip6h));
}

void rec_fill_pkt(struct qdk_rec_enq *e, struct sk_buff *skb)
{
	e->pkt_len = qdisc_pkt_len(skb);
	e->len = skb->len;
	e->truesize = skb->truesize;
	e->tstamp = ktime_to_ns(skb->tstamp);
	if (skb_is_gso(skb)) {
		e->gso_segs = skb_shinfo(skb)->gso_segs;
		e->gso_size = skb_shinfo(skb)->gso_size;
	}
	e->queue_mapping = skb_get_queue_mapping(skb);
	e->hash = skb->hash;
	e->priority = skb->priority;
	e->mark = skb->mark;
#ifdef CONFIG_NET_SCHED
	e->tc_index = skb->tc_index;
#endif
	e->ethertype = ntohs(skb->protocol);
	switch (skb->protocol) {
	case htons(ETH_P_IP):
		rec_fill_ipv4(e, skb);
		break;
	case htons(ETH_P_IPV6):
		rec_fill_ipv6(e, skb);
		break;
	}
	e->tos_after = e->tos;
}

/* socket ids: a keyed hash of the pointer, never the address itself */
static siphash_key_t rec_sock_key __read_mostly;

void rec_sock_key_init(void)
{
	get_random_bytes(&rec_sock_key, sizeof(rec_sock_key));
}

/*
 * The fields of skb->sk a qdisc may read (traces/FORMAT.md, "Sockets"),
 * before the child's enqueue. A request or timewait socket is a struct
 * sock_common only: its other fields are not read.
 */
void rec_fill_sock(struct qdk_rec_sock *s, const struct sock *sk)
{
	s->id = siphash_1u64((u64)(unsigned long)sk, &rec_sock_key);
	s->hash = sk->sk_hash;
	s->state = READ_ONCE(sk->sk_state);
	s->family = sk->sk_family;
	if (!sk_fullsock(sk)) {
		s->proto = IPPROTO_TCP;
		s->type = SOCK_STREAM;
		s->pacing_rate = ~0ULL;
		s->max_pacing_rate = ~0ULL;
		return;
	}
	s->full = 1;
	s->proto = sk->sk_protocol;
	s->type = sk->sk_type;
	s->pacing_rate = READ_ONCE(sk->sk_pacing_rate);
	s->max_pacing_rate = READ_ONCE(sk->sk_max_pacing_rate);
	s->pacing_status = READ_ONCE(sk->sk_pacing_status);
	if (sk->sk_type == SOCK_STREAM && sk->sk_protocol == IPPROTO_TCP) {
		const struct tcp_sock *tp = tcp_sk(sk);

		s->ca_state = inet_csk(sk)->icsk_ca_state;
		s->cwnd = tcp_snd_cwnd(tp);
		s->srtt_us = tp->srtt_us;
		s->mss = tp->mss_cache;
	}
}
