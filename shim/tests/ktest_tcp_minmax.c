// SPDX-License-Identifier: GPL-2.0
/*
 * ktest_tcp_minmax.c - the windowed min/max tracker TCP keeps its minimum
 * RTT in, and what TCP reads from a segment's control block and a tcp_sock.
 */
#include <linux/skbuff.h>
#include <linux/tcp.h>
#include <linux/version.h>
#include <linux/win_minmax.h>
#include <net/tcp.h>

#include "ktest.h"

/* a window of 10: the best expires, later candidates take over */
KTEST(tcp_minmax, running_min)
{
	struct minmax m;

	KT_EQ(minmax_reset(&m, 0, 100), 100);
	KT_EQ(minmax_running_min(&m, 10, 1, 120), 100);
	/* a quarter of the window passed: 110 becomes the second choice */
	KT_EQ(minmax_running_min(&m, 10, 3, 110), 100);
	KT_ASSERT(m.s[1].t == 3 && m.s[1].v == 110 && m.s[2].v == 110, "2nd choice");
	/* better than the second: second and third */
	KT_EQ(minmax_running_min(&m, 10, 6, 105), 100);
	KT_ASSERT(m.s[1].v == 105 && m.s[2].t == 6, "3rd choice");
	/* the minimum of t=0 is out of the window at t=11: 105 of t=6 is next */
	KT_EQ(minmax_running_min(&m, 10, 11, 130), 105);
	KT_ASSERT(m.s[2].t == 11 && m.s[2].v == 130, "newest");
	KT_EQ(minmax_get(&m), 105);
	/* nothing left in the window: the sample alone */
	KT_EQ(minmax_running_min(&m, 10, 30, 200), 200);
	KT_ASSERT(m.s[0].t == 30 && m.s[2].t == 30, "reset");
	/* a new minimum resets too */
	KT_EQ(minmax_running_min(&m, 10, 31, 50), 50);
	/* times wrap as u32 */
	minmax_reset(&m, 0xfffffffe, 40);
	KT_EQ(minmax_running_min(&m, 10, 3, 60), 40);
	KT_EQ(minmax_running_min(&m, 10, 20, 60), 60);
	return 0;
}

KTEST(tcp_minmax, running_max)
{
	struct minmax m;

	minmax_reset(&m, 0, 10);
	KT_EQ(minmax_running_max(&m, 10, 5, 8), 10);
	KT_ASSERT(m.s[1].t == 5 && m.s[1].v == 8, "2nd choice");
	KT_EQ(minmax_running_max(&m, 10, 12, 7), 8);
	KT_ASSERT(m.s[0].t == 5 && m.s[2].t == 12 && m.s[2].v == 7, "aged");
	KT_EQ(minmax_running_max(&m, 10, 13, 9), 9);
	return 0;
}

KTEST(tcp_minmax, tcp_sock_and_cb)
{
	static struct tcp_sock tp;
	struct sk_buff *skb = alloc_skb(64, GFP_KERNEL);

	KT_ASSERT(skb, "alloc");
	KT_ASSERT(sizeof(struct tcp_skb_cb) <= sizeof(skb->cb), "cb size %zu",
		  sizeof(struct tcp_skb_cb));
	minmax_reset(&tp.rtt_min, 0, 2500);
	KT_EQ(tcp_min_rtt(&tp), 2500);

	/* a received segment: the IP layer's cb moved into header */
	TCP_SKB_CB(skb)->header.h6.iif = 7;
	TCP_SKB_CB(skb)->header.h6.flags = 0;
	skb->skb_iif = 9;
	KT_EQ(tcp_v6_iif(skb), 7);
	KT_EQ(tcp_v6_sdif(skb), 0);
	KT_EQ(tcp_v6_iif_l3_slave(skb), 7);
	TCP_SKB_CB(skb)->header.h6.flags = IP6SKB_L3SLAVE;
	KT_EQ(tcp_v6_sdif(skb), 7);
	KT_EQ(tcp_v6_iif_l3_slave(skb), 9);
	KT_EQ(tcp_v6_sdif(NULL), 0);
	TCP_SKB_CB(skb)->header.h4.iif = 3;
	TCP_SKB_CB(skb)->header.h4.flags = IPSKB_L3SLAVE;
	KT_EQ(tcp_v4_sdif(skb), 3);
	TCP_SKB_CB(skb)->header.h4.flags = 0;
	KT_EQ(tcp_v4_sdif(skb), 0);

	tp.bpf_sock_ops_cb_flags = 0x7;
	tcp_clear_sock_ops_cb_flags((struct sock *)&tp);
	KT_EQ(tp.bpf_sock_ops_cb_flags, 0);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	/* rcv_mwnd_seq follows the right edge up, wrapping */
	tp.rcv_nxt = 0xfffffff0;
	tp.rcv_wup = 0xfffffff0;
	tp.rcv_wnd = 0x100;
	tp.rcv_mwnd_seq = 0xfffffff0;
	tcp_update_max_rcv_wnd_seq(&tp);
	KT_EQ(tp.rcv_mwnd_seq, 0xf0);
	KT_EQ(tcp_max_receive_window(&tp), 0x100);
	tp.rcv_wnd = 0x10;		/* a smaller window does not lower it */
	tcp_update_max_rcv_wnd_seq(&tp);
	KT_EQ(tp.rcv_mwnd_seq, 0xf0);
	tp.rcv_nxt = 0x200;		/* beyond the edge: 0, not negative */
	KT_EQ(tcp_max_receive_window(&tp), 0);
#endif
	kfree_skb(skb);
	return 0;
}

/* MSS and MTU over IPv4 (20-byte header), timestamps on (12 bytes of options) */
KTEST(tcp_minmax, mtu_mss)
{
	static const struct inet_connection_sock_af_ops v4 = { .net_header_len = 20 };
	static struct tcp_sock tp;
	struct sock *sk = &tp.inet_conn.icsk_inet.sk;

	sock_net_set(sk, &init_net);
	tp.inet_conn.icsk_af_ops = &v4;
	tp.tcp_header_len = sizeof(struct tcphdr) + 12;
	tp.rx_opt.mss_clamp = 65535;
	KT_EQ(tcp_mtu_to_mss(sk, 1500), 1448);
	KT_EQ(tcp_mss_to_mtu(sk, 1448), 1500);
	/* the peer's MSS clamps, IP options (ext_hdr_len) take their share */
	tp.rx_opt.mss_clamp = 1400;
	KT_EQ(tcp_mtu_to_mss(sk, 1500), 1388);
	tp.inet_conn.icsk_ext_hdr_len = 8;
	KT_EQ(tcp_mtu_to_mss(sk, 1500), 1380);
	KT_EQ(tcp_mss_to_mtu(sk, 1380), 1380 + 32 + 8 + 20);
	/* never below net.ipv4.tcp_min_snd_mss (48) before the options */
	KT_EQ(tcp_mtu_to_mss(sk, 68), 48 - 12);
	return 0;
}
