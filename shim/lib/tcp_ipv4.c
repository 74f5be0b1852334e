// SPDX-License-Identifier: GPL-2.0
/*
 * tcp_ipv4.c - what modules call of net/ipv4/tcp_ipv4.c on a segment: its
 * checksum prepared for the device (CHECKSUM_PARTIAL's pseudo header sum).
 * Connections (connect, accept, the receive path) are not modelled.
 */
#include <linux/version.h>
#include <net/inet_sock.h>
#include <net/tcp.h>

#if LINUX_VERSION_CODE < KERNEL_VERSION(7, 3, 0)
/* the pseudo header's sum in th->check, where the device finishes it */
void __tcp_v4_send_check(struct sk_buff *skb, __be32 saddr, __be32 daddr)
{
	struct tcphdr *th = tcp_hdr(skb);

	th->check = ~tcp_v4_check(skb->len, saddr, daddr, 0);
	skb->csum_start = skb_transport_header(skb) - skb->head;
	skb->csum_offset = offsetof(struct tcphdr, check);
}

void tcp_v4_send_check(struct sock *sk, struct sk_buff *skb)
{
	const struct inet_sock *inet = inet_sk(sk);

	__tcp_v4_send_check(skb, inet->inet_saddr, inet->inet_daddr);
}
EXPORT_SYMBOL(tcp_v4_send_check);
#endif
