// SPDX-License-Identifier: GPL-2.0
/* ktest_sock.c - struct sock's nesting and the accessors qdiscs use. */
#include <linux/skbuff.h>
#include <linux/tcp.h>
#include <net/inet_connection_sock.h>
#include <net/inet_sock.h>
#include <net/sock.h>
#include <net/tcp_states.h>

#include "ktest.h"

KTEST(sock, layout_and_accessors)
{
	static struct tcp_sock tp;
	struct sock *sk = &tp.inet_conn.icsk_inet.sk;
	struct sk_buff skb = { .sk = sk };

	/* the sk_* names are struct sock_common's fields */
	sk->sk_hash = 0x1234;
	KT_EQ(sk->__sk_common.skc_hash, 0x1234);
	sk->sk_state = TCP_ESTABLISHED;
	KT_EQ(sk->__sk_common.skc_state, TCP_ESTABLISHED);
	sk->sk_daddr = 0x0a000001;
	KT_EQ(inet_sk(sk)->inet_daddr, 0x0a000001);
	KT_EQ(offsetof(struct sock, __sk_common), 0);

	/* a qdisc reads the sender through skb->sk */
	skb.sk->sk_pacing_rate = 125000;
	skb.sk->sk_pacing_status = SK_PACING_NEEDED;
	KT_EQ(tp.inet_conn.icsk_inet.sk.sk_pacing_rate, 125000);
	KT_EQ(sk_fullsock(skb.sk), 1);
	sk->sk_state = TCP_TIME_WAIT;
	KT_EQ(sk_fullsock(sk), 0);
	sk->sk_state = TCP_LISTEN;
	KT_EQ(sk_listener(sk), 1);

	inet_csk(sk)->icsk_ca_state = TCP_CA_Recovery;
	KT_EQ(tp.inet_conn.icsk_ca_state, TCP_CA_Recovery);
	KT_ASSERT(inet_csk(sk) == &tp.inet_conn, "inet_csk");
	KT_ASSERT(tcp_sk(sk) == &tp, "tcp_sk");
	KT_ASSERT(inet_csk_ca(sk) == (void *)tp.inet_conn.icsk_ca_priv, "ca priv");
	tcp_snd_cwnd_set(tcp_sk_rw(sk), 10);
	KT_EQ(tcp_snd_cwnd(tcp_sk(sk)), 10);
	KT_ASSERT(ICSK_CA_PRIV_SIZE >= 13 * sizeof(u64), "ca priv size %zu", ICSK_CA_PRIV_SIZE);
	return 0;
}
