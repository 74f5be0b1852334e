// SPDX-License-Identifier: GPL-2.0
/*
 * ip_output.c - net/ipv4/ip_output.c's exports: routed output and
 * fragmentation, which need routes (dst entries) and a device's transmit
 * path that the shim has not (qdk/unmodelled.h). ip_send_check() is the
 * inline of net/ip.h.
 */
#include <linux/export.h>
#include <net/ip.h>
#include <qdk/unmodelled.h>

int __ip_local_out(struct net *net, struct sock *sk, struct sk_buff *skb)
{
	QDK_UNMODELLED(__ip_local_out, "no IPv4 output path (netfilter, routes)");
}

int ip_local_out(struct net *net, struct sock *sk, struct sk_buff *skb)
{
	QDK_UNMODELLED(ip_local_out, "no IPv4 output path (netfilter, routes)");
}
EXPORT_SYMBOL_GPL(ip_local_out);

int ip_output(struct net *net, struct sock *sk, struct sk_buff *skb)
{
	QDK_UNMODELLED(ip_output, "no routes or neighbour output");
}
EXPORT_SYMBOL(ip_output);

void ip_fraglist_init(struct sk_buff *skb, struct iphdr *iph,
		      unsigned int hlen, struct ip_fraglist_iter *iter)
{
	QDK_UNMODELLED(ip_fraglist_init, "no IPv4 fragmentation (no fraglists)");
}
EXPORT_SYMBOL(ip_fraglist_init);

void ip_fraglist_prepare(struct sk_buff *skb, struct ip_fraglist_iter *iter)
{
	QDK_UNMODELLED(ip_fraglist_prepare, "no IPv4 fragmentation (no fraglists)");
}
EXPORT_SYMBOL(ip_fraglist_prepare);

void ip_frag_init(struct sk_buff *skb, unsigned int hlen, unsigned int ll_rs,
		  unsigned int mtu, bool DF, struct ip_frag_state *state)
{
	QDK_UNMODELLED(ip_frag_init, "no IPv4 fragmentation path");
}
EXPORT_SYMBOL(ip_frag_init);

struct sk_buff *ip_frag_next(struct sk_buff *skb, struct ip_frag_state *state)
{
	QDK_UNMODELLED(ip_frag_next, "no IPv4 fragmentation path");
}
EXPORT_SYMBOL(ip_frag_next);

int ip_do_fragment(struct net *net, struct sock *sk, struct sk_buff *skb,
		   int (*output)(struct net *, struct sock *, struct sk_buff *))
{
	QDK_UNMODELLED(ip_do_fragment, "no IPv4 fragmentation path (routes)");
}
EXPORT_SYMBOL(ip_do_fragment);

int ip_generic_getfrag(void *from, char *to, int offset, int len, int odd,
		       struct sk_buff *skb)
{
	QDK_UNMODELLED(ip_generic_getfrag, "no sockets' message iterators");
}
EXPORT_SYMBOL(ip_generic_getfrag);
