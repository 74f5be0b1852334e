// SPDX-License-Identifier: GPL-2.0
/*
 * ktest_tcp.c - net/tcp.h's inline helpers on a tcp_sock: sequence and
 * send-time order, windows from receive memory, RTO and probe timers,
 * PAWS, keepalive, the write and retransmit queues, chronographs, TCP's
 * memory pressure. Expected values are worked out from the kernel's
 * definitions (HZ 250 in the shim).
 */
#include <linux/jiffies.h>
#include <linux/kernel.h>
#include <linux/ktime.h>
#include <linux/rbtree.h>
#include <linux/skbuff.h>
#include <linux/tcp.h>
#include <linux/version.h>
#include <net/inet_connection_sock.h>
#include <net/sock.h>
#include <net/tcp.h>

#include "ktest.h"
#include "shim.h"

static struct sock *tcp_test_sock(struct tcp_sock *tp)
{
	struct sock *sk = &tp->inet_conn.icsk_inet.sk;

	memset(tp, 0, sizeof(*tp));
	skb_queue_head_init(&sk->sk_write_queue);
	sk->tcp_rtx_queue = RB_ROOT;
	sk->sk_state = TCP_ESTABLISHED;
	refcount_set(&sk->sk_refcnt, 1);
	tp->tcp_header_len = sizeof(struct tcphdr);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	tcp_scaling_ratio_init(sk);
#endif
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	tp->inet_conn.icsk_rto_max = TCP_RTO_MAX;
#endif
	return sk;
}

/* a packet of seq on the retransmit queue, ordered by seq as tcp_rbtree_insert() does */
static void rtx_insert(struct sock *sk, struct sk_buff *skb, u32 seq)
{
	struct rb_node **p = &sk->tcp_rtx_queue.rb_node, *parent = NULL;

	TCP_SKB_CB(skb)->seq = seq;
	while (*p) {
		parent = *p;
		if (before(seq, TCP_SKB_CB(rb_to_skb(parent))->seq))
			p = &parent->rb_left;
		else
			p = &parent->rb_right;
	}
	rb_link_node(&skb->rbnode, parent, p);
	rb_insert_color(&skb->rbnode, &sk->tcp_rtx_queue);
}

KTEST(tcp, order_and_thin_streams)
{
	static struct tcp_sock tp;

	tcp_test_sock(&tp);
	KT_ASSERT(tcp_skb_sent_after(5, 4, 0, 10), "later time");
	KT_ASSERT(tcp_skb_sent_after(4, 4, 10, 5), "same time, later seq");
	KT_ASSERT(!tcp_skb_sent_after(4, 4, 5, 10), "same time, earlier seq");
	KT_ASSERT(tcp_skb_sent_after(4, 4, 1, 0xfffffff0), "seq wraps");
	KT_ASSERT(!tcp_skb_sent_after(3, 4, 10, 5), "earlier time");

	tp.packets_out = 3;
	tp.snd_ssthresh = 10;
	KT_ASSERT(tcp_stream_is_thin(&tp), "3 out past slow start");
	tp.snd_ssthresh = TCP_INFINITE_SSTHRESH;
	KT_ASSERT(!tcp_stream_is_thin(&tp), "initial slow start");
	tp.snd_ssthresh = 10;
	tp.packets_out = 4;
	KT_ASSERT(!tcp_stream_is_thin(&tp), "4 out");

	/* half a window above TCP_MSS_DEFAULT, all of a smaller one, 68 - header at least */
	tp.max_window = 1000;
	KT_EQ(tcp_bound_to_half_wnd(&tp, 1400), 500);
	KT_EQ(tcp_bound_to_half_wnd(&tp, 400), 400);
	tp.max_window = 100;
	KT_EQ(tcp_bound_to_half_wnd(&tp, 1400), 100);
	tp.max_window = 30;
	KT_EQ(tcp_bound_to_half_wnd(&tp, 1400), 48);
	tp.max_window = 0;
	KT_EQ(tcp_bound_to_half_wnd(&tp, 1400), 1400);
	KT_EQ(tcp_max_tso_deferred_mss(&tp), 3);
	return 0;
}

KTEST(tcp, windows_from_memory)
{
	static struct tcp_sock tp;
	struct sock *sk = tcp_test_sock(&tp);

	/* 6.1: tcp_adv_win_scale 1, half; 6.12: scaling_ratio 128/256, half too */
	KT_EQ(tcp_win_from_space(sk, 1000), 500);
	sk->sk_rcvbuf = 10000;
	sk->sk_backlog.len = 1000;
	atomic_set(&sk->sk_rmem_alloc, 3000);
	KT_EQ(tcp_space(sk), 3000);
	KT_EQ(tcp_full_space(sk), 5000);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	tp.scaling_ratio = 200;
	KT_EQ(tcp_win_from_space(sk, 1000), 781);	/* 200000 >> 8 */
	KT_EQ(tcp_space_from_win(sk, 781), 999);	/* 781 * 256 / 200 */
	KT_EQ(__tcp_win_from_space(255, -512), -510);
#else
	KT_EQ(tcp_win_from_space(sk, 1001), 501);	/* 1001 - 500 */
#endif
	/* rcv_ssthresh down to 4 * advmss; no reserved memory lifts it */
	tp.advmss = 1000;
	tp.rcv_ssthresh = 65535;
	tcp_adjust_rcv_ssthresh(sk);
	KT_EQ(tp.rcv_ssthresh, 4000);

	/* receive memory over 7/8 of the buffer (8000 - 1000) */
	sk->sk_rcvbuf = 8000;
	atomic_set(&sk->sk_rmem_alloc, 7000);
	KT_ASSERT(!tcp_rmem_pressure(sk), "at 7/8");
	atomic_set(&sk->sk_rmem_alloc, 7001);
	KT_ASSERT(tcp_rmem_pressure(sk), "past 7/8");
	atomic_set(&sk->sk_rmem_alloc, 0);
	tcp_enter_memory_pressure(sk);
	KT_ASSERT(tcp_under_memory_pressure(sk) && tcp_rmem_pressure(sk), "global pressure");
	tcp_leave_memory_pressure(sk);
	KT_ASSERT(!tcp_under_memory_pressure(sk), "left");

	/* readable: target reached, or a window no larger than rcv_mss */
	tp.rcv_nxt = 1100;
	tp.copied_seq = 1000;
	tp.rcv_wup = 1100;
	tp.rcv_wnd = 5000;
	inet_csk(sk)->icsk_ack.rcv_mss = 536;
	KT_ASSERT(tcp_epollin_ready(sk, 100), "100 of 100");
	KT_ASSERT(!tcp_epollin_ready(sk, 101), "100 of 101");
	tp.rcv_wnd = 536;
	KT_ASSERT(tcp_epollin_ready(sk, 101), "window closing");
	tp.copied_seq = 1100;
	KT_ASSERT(!tcp_epollin_ready(sk, 1), "nothing");
	return 0;
}

KTEST(tcp, inq_and_urgent_data)
{
	static struct tcp_sock tp;
	struct sock *sk = tcp_test_sock(&tp);

	tp.rcv_nxt = 1100;
	tp.copied_seq = 1000;
	KT_EQ(tcp_inq(sk), 100);
	sock_set_flag(sk, SOCK_DONE);
	KT_EQ(tcp_inq(sk), 99);		/* the FIN */
	sock_reset_flag(sk, SOCK_DONE);
	tp.urg_data = 1;
	tp.urg_seq = 1050;
	KT_EQ(tcp_inq(sk), 50);		/* up to the urgent byte */
	sock_set_flag(sk, SOCK_URGINLINE);
	KT_EQ(tcp_inq(sk), 100);
	sock_reset_flag(sk, SOCK_URGINLINE);
	tp.urg_seq = 1100;
	KT_EQ(tcp_inq(sk), 100);	/* not before rcv_nxt */
	sk->sk_state = TCP_SYN_RECV;
	KT_EQ(tcp_inq(sk), 0);
	return 0;
}

static void tcp_test_timer(struct timer_list *t)
{
}

KTEST(tcp, rto_and_probe_timers)
{
	static struct tcp_sock tp;
	struct sock *sk = tcp_test_sock(&tp);
	struct inet_connection_sock *icsk = inet_csk(sk);
	struct sk_buff *skb;

	/* srtt 100 ms (<< 3) + rttvar 50 ms = 150 ms = 37.5 jiffies, rounded up */
	tp.srtt_us = 8 * 100000;
	tp.rttvar_us = 50000;
	KT_EQ(__tcp_set_rto(&tp), 38);
	icsk->icsk_rto = 200 * HZ;
	tcp_bound_rto(sk);
	KT_EQ(icsk->icsk_rto, TCP_RTO_MAX);

	icsk->icsk_rto = 1;
	KT_EQ(tcp_probe0_base(sk), TCP_RTO_MIN);
	icsk->icsk_rto = HZ;
	icsk->icsk_backoff = 3;
	KT_EQ(tcp_probe0_when(sk, TCP_RTO_MAX), 8 * HZ);
	/* the backoff stops at ilog2(120 s / 200 ms) + 1 = 10 */
	icsk->icsk_backoff = 20;
	KT_EQ(tcp_probe0_when(sk, ~0UL), 1024 * HZ);
	KT_EQ(tcp_probe0_when(sk, TCP_RTO_MAX), TCP_RTO_MAX);

	/* FIN_WAIT2 lasts at least 3.5 RTOs */
	icsk->icsk_rto = HZ;
	KT_EQ(tcp_fin_time(sk), TCP_FIN_TIMEOUT);
	icsk->icsk_rto = 20 * HZ;
	KT_EQ(tcp_fin_time(sk), 70 * HZ);
	tp.linger2 = 5 * HZ;
	icsk->icsk_rto = HZ;
	KT_EQ(tcp_fin_time(sk), 5 * HZ);

	/* the oldest packet sent at 1 s, RTO 1 s, now 1.5 s: fires in 0.5 s */
	skb = alloc_skb(0, GFP_KERNEL);
	KT_ASSERT(skb, "skb");
	skb->skb_mstamp_ns = NSEC_PER_SEC;
	rtx_insert(sk, skb, 1000);
	icsk->icsk_rto = HZ;
	tp.tcp_mstamp = 1500000;
	KT_EQ(tcp_rto_delta_us(sk), 500000);
	rb_erase(&skb->rbnode, &sk->tcp_rtx_queue);
	kfree_skb(skb);

	/* pacing: the whole jiffies to the next departure (4 ms each) */
	tp.tcp_clock_cache = 5000000;
	tp.tcp_wstamp_ns = 8000000;
	KT_EQ(tcp_pacing_delay(sk), 0);		/* 3 ms */
	tp.tcp_wstamp_ns = 40000000;
	KT_EQ(tcp_pacing_delay(sk), 8);		/* 35 ms = 8.75 jiffies */
	tp.tcp_wstamp_ns = 4000000;
	KT_EQ(tcp_pacing_delay(sk), 0);

	/* nothing out: the probe timer armed RTO + pacing from now */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	timer_setup(&sk->tcp_retransmit_timer, tcp_test_timer, 0);
#else
	timer_setup(&icsk->icsk_retransmit_timer, tcp_test_timer, 0);
#endif
	tp.tcp_wstamp_ns = tp.tcp_clock_cache;
	icsk->icsk_rto = HZ;
	tcp_check_probe_timer(sk);
	KT_EQ(refcount_read(&sk->sk_refcnt), 2);	/* the armed timer's */
	KT_EQ(icsk->icsk_pending, ICSK_TIME_PROBE0);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	KT_EQ(tcp_timeout_expires(sk), jiffies + HZ);
	sk_stop_timer(sk, &sk->tcp_retransmit_timer);
#else
	KT_EQ(icsk->icsk_timeout, jiffies + HZ);
	sk_stop_timer(sk, &icsk->icsk_retransmit_timer);
#endif
	KT_EQ(refcount_read(&sk->sk_refcnt), 1);
	return 0;
}

KTEST(tcp, paws)
{
	struct tcp_options_received rx = { 0 };

	qdk_time_advance(100 * NSEC_PER_SEC);
	rx.ts_recent = 1000;
	rx.ts_recent_stamp = ktime_get_seconds();
	rx.rcv_tsval = 1000;
	KT_ASSERT(tcp_paws_check(&rx, 0), "same TSval");
	rx.rcv_tsval = 999;
	KT_ASSERT(!tcp_paws_check(&rx, 0), "older TSval");
	KT_ASSERT(tcp_paws_check(&rx, 1), "within the window");
	KT_ASSERT(tcp_paws_reject(&rx, 0), "rejected");
	KT_ASSERT(tcp_paws_reject(&rx, 1), "a RST within TCP_PAWS_MSL");
	rx.ts_recent_stamp = ktime_get_seconds() - TCP_PAWS_MSL;
	KT_ASSERT(!tcp_paws_reject(&rx, 1), "a RST after TCP_PAWS_MSL");
	KT_ASSERT(tcp_paws_reject(&rx, 0), "not a RST");
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	KT_EQ(TCP_PAWS_WRAP, 2147);
	rx.ts_recent_stamp = ktime_get_seconds() - TCP_PAWS_WRAP;
#else
	rx.ts_recent_stamp = ktime_get_seconds() - TCP_PAWS_24DAYS;
#endif
	KT_ASSERT(tcp_paws_check(&rx, 0), "ts_recent too old");
	rx.ts_recent_stamp = ktime_get_seconds();
	rx.ts_recent = 0;
	KT_ASSERT(tcp_paws_check(&rx, 0), "TSval 0 seen");
	return 0;
}

KTEST(tcp, keepalive_and_lowat)
{
	static struct tcp_sock tp;

	tcp_test_sock(&tp);
	KT_EQ(keepalive_time_when(&tp), 7200 * HZ);
	KT_EQ(keepalive_intvl_when(&tp), 75 * HZ);
	KT_EQ(keepalive_probes(&tp), 9);
	tp.keepalive_time = 10 * HZ;
	tp.keepalive_intvl = 2 * HZ;
	tp.keepalive_probes = 3;
	KT_EQ(keepalive_time_when(&tp), 10 * HZ);
	KT_EQ(keepalive_intvl_when(&tp), 2 * HZ);
	KT_EQ(keepalive_probes(&tp), 3);

	/* the peer last heard: the later of an ACK and data */
	tp.rcv_tstamp = tcp_jiffies32 - 50;
	tp.inet_conn.icsk_ack.lrcvtime = tcp_jiffies32 - 20;
	KT_EQ(keepalive_time_elapsed(&tp), 20);

	KT_EQ(tcp_notsent_lowat(&tp), UINT_MAX);
	tp.notsent_lowat = 16384;
	KT_EQ(tcp_notsent_lowat(&tp), 16384);
	return 0;
}

KTEST(tcp, queues_sack_hints_and_chronos)
{
	static struct tcp_sock tp;
	struct sock *sk = tcp_test_sock(&tp);
	struct sk_buff *a = alloc_skb(0, GFP_KERNEL), *b = alloc_skb(0, GFP_KERNEL);
	struct sk_buff *c = alloc_skb(0, GFP_KERNEL);
	u32 t0;

	KT_ASSERT(a && b && c, "skbs");
	KT_ASSERT(tcp_rtx_and_write_queues_empty(sk), "empty");
	KT_ASSERT(!tcp_send_head(sk) && !tcp_rtx_queue_head(sk), "no heads");

	/* the first packet queued starts the busy chrono */
	qdk_time_advance(NSEC_PER_SEC);
	t0 = tcp_jiffies32;
	tcp_add_write_queue_tail(sk, a);
	KT_EQ(tp.chrono_type, TCP_CHRONO_BUSY);
	KT_EQ(tp.chrono_start, t0);
	tcp_insert_write_queue_before(b, a, sk);
	KT_ASSERT(tcp_send_head(sk) == b && tcp_write_queue_tail(sk) == a, "b before a");
	KT_ASSERT(tcp_skb_is_last(sk, a) && !tcp_skb_is_last(sk, b), "last");
	tp.write_seq = 3000;
	tp.snd_nxt = 1000;
	KT_ASSERT(!tcp_write_queue_empty(sk), "unsent data");

	/* 10 jiffies rwnd-limited, then back to busy: the stats add up */
	qdk_time_advance(NSEC_PER_SEC + 4 * 4000000);
	tcp_chrono_start(sk, TCP_CHRONO_RWND_LIMITED);
	KT_EQ(tp.chrono_stat[TCP_CHRONO_BUSY - 1], 4);
	tcp_chrono_start(sk, TCP_CHRONO_BUSY);
	KT_EQ(tp.chrono_type, TCP_CHRONO_RWND_LIMITED);	/* a lower type waits */
	qdk_time_advance(NSEC_PER_SEC + 14 * 4000000);
	tcp_chrono_stop(sk, TCP_CHRONO_RWND_LIMITED);
	KT_EQ(tp.chrono_type, TCP_CHRONO_BUSY);
	KT_EQ(tp.chrono_stat[TCP_CHRONO_RWND_LIMITED - 1], 10);

	tcp_unlink_write_queue(a, sk);
	tcp_unlink_write_queue(b, sk);
	tp.write_seq = tp.snd_nxt;
	tcp_chrono_stop(sk, TCP_CHRONO_SNDBUF_LIMITED);
	KT_EQ(tp.chrono_type, TCP_CHRONO_UNSPEC);

	/* the retransmit queue in seq order; the highest SACK hint walks it */
	rtx_insert(sk, b, 2000);
	rtx_insert(sk, a, 1000);
	rtx_insert(sk, c, 3000);
	KT_ASSERT(tcp_rtx_queue_head(sk) == a && tcp_rtx_queue_tail(sk) == c, "ordered");
	tp.snd_una = 1000;
	tp.snd_nxt = 4000;
	KT_EQ(tcp_highest_sack_seq(&tp), 1000);		/* nothing SACKed */
	tp.sacked_out = 1;
	tcp_highest_sack_reset(sk);
	KT_EQ(tcp_highest_sack_seq(&tp), 1000);
	tcp_advance_highest_sack(sk, a);
	KT_ASSERT(tcp_highest_sack(sk) == b, "after a");
	KT_EQ(tcp_highest_sack_seq(&tp), 2000);
	tcp_highest_sack_replace(sk, b, c);
	KT_EQ(tcp_highest_sack_seq(&tp), 3000);
	tcp_advance_highest_sack(sk, c);
	KT_EQ(tcp_highest_sack_seq(&tp), 4000);		/* past the last: snd_nxt */
	tp.retransmit_skb_hint = a;
	tcp_clear_all_retrans_hints(&tp);
	KT_ASSERT(!tp.retransmit_skb_hint, "hint cleared");

	rb_erase(&a->rbnode, &sk->tcp_rtx_queue);
	rb_erase(&b->rbnode, &sk->tcp_rtx_queue);
	rb_erase(&c->rbnode, &sk->tcp_rtx_queue);
	KT_ASSERT(tcp_rtx_queue_empty(sk), "emptied");
	kfree_skb(a);
	kfree_skb(b);
	kfree_skb(c);
	return 0;
}

KTEST(tcp, receive_side_helpers)
{
	static struct tcp_sock tp;
	struct sock *sk = tcp_test_sock(&tp);
	struct sk_buff *skb = alloc_skb(128, GFP_KERNEL);
	struct tcphdr *th;

	KT_ASSERT(skb, "skb");
	skb_reset_transport_header(skb);
	th = skb_put_zero(skb, sizeof(*th));
	th->doff = 5;
	skb_shinfo(skb)->gso_segs = 0;
	tcp_segs_in(&tp, skb);				/* a pure ACK counts 1 */
	KT_EQ(tp.segs_in, 1);
	KT_EQ(tp.data_segs_in, 0);
	skb_put_zero(skb, 40);
	skb_shinfo(skb)->gso_segs = 3;
	tcp_segs_in(&tp, skb);
	KT_EQ(tp.segs_in, 4);
	KT_EQ(tp.data_segs_in, 3);
	kfree_skb(skb);

	/* header prediction: doff 8 (32 bytes) << 26 | ACK | window 1000 >> 2 */
	tp.tcp_header_len = 32;
	tp.snd_wnd = 4000;
	tp.rx_opt.snd_wscale = 2;
	tcp_fast_path_on(&tp);
	KT_EQ(ntohl(tp.pred_flags), 0x801003e8);

	/* quick ACK mode: each ACK sent while one is scheduled uses one up */
	inet_csk(sk)->icsk_ack.quick = 2;
	inet_csk(sk)->icsk_ack.ato = HZ / 5;
	inet_csk_schedule_ack(sk);
	tcp_dec_quickack_mode(sk);
	KT_EQ(inet_csk(sk)->icsk_ack.quick, 1);
	KT_EQ(inet_csk(sk)->icsk_ack.ato, HZ / 5);
	tcp_dec_quickack_mode(sk);
	KT_EQ(inet_csk(sk)->icsk_ack.quick, 0);
	KT_EQ(inet_csk(sk)->icsk_ack.ato, TCP_ATO_MIN);

	tp.rx_opt.dsack = 1;
	tp.rx_opt.num_sacks = 3;
	tcp_sack_reset(&tp.rx_opt);
	KT_EQ(tp.rx_opt.dsack + tp.rx_opt.num_sacks, 0);
	return 0;
}

KTEST(tcp, fast_path_checksums_cookies)
{
	static struct tcp_sock tp;
	struct sock *sk = tcp_test_sock(&tp);
	struct sk_buff *skb = alloc_skb(64, GFP_KERNEL);

	/* header prediction only with an open window, room and no URG */
	tp.snd_wnd = 1000;
	sk->sk_rcvbuf = 1000;
	tcp_fast_path_check(sk);
	KT_EQ(tp.pred_flags, 0);			/* rcv_wnd 0 */
	tp.rcv_wnd = 500;
	tp.urg_data = 1;
	tcp_fast_path_check(sk);
	KT_EQ(tp.pred_flags, 0);
	tp.urg_data = 0;
	atomic_set(&sk->sk_rmem_alloc, 1000);
	tcp_fast_path_check(sk);
	KT_EQ(tp.pred_flags, 0);			/* buffer full */
	atomic_set(&sk->sk_rmem_alloc, 0);
	tcp_fast_path_check(sk);
	KT_EQ(ntohl(tp.pred_flags), (5U << 28) | 0x00100000 | 1000);

	/* RFC 1071 by hand: 10.0.0.1 -> 10.0.0.2, TCP, length 20, no payload sum */
	KT_EQ(tcp_v4_check(20, htonl(0x0a000001), htonl(0x0a000002), 0),
	      (__sum16)htons(~(0x0a00 + 0x0001 + 0x0a00 + 0x0002 + 6 + 20) & 0xffff));

	KT_ASSERT(skb, "skb");
	skb->ip_summed = CHECKSUM_UNNECESSARY;
	KT_ASSERT(!tcp_checksum_complete(skb), "the device verified it");
	kfree_skb(skb);

	/* the cookie clock: jiffies_64 / (60 * HZ) */
	KT_EQ(tcp_cookie_time(), div_u64(get_jiffies_64(), 60 * HZ));
	qdk_time_advance(61 * NSEC_PER_SEC);
	KT_EQ(tcp_cookie_time(), div_u64(get_jiffies_64(), 60 * HZ));
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	tcp_mstamp_refresh_inline(&tp);
	KT_EQ(tp.tcp_clock_cache, 61 * NSEC_PER_SEC);
	KT_EQ(tp.tcp_mstamp, 61 * USEC_PER_SEC);

	tp.ecn_flags = TCP_ECN_SEEN;
	KT_ASSERT(tcp_ecn_disabled(&tp), "no mode");
	tcp_ecn_mode_set(&tp, TCP_ECN_MODE_PENDING);
	KT_ASSERT(tcp_ecn_mode_pending(&tp) && tcp_ecn_mode_any(&tp), "pending");
	tcp_ecn_mode_set(&tp, TCP_ECN_MODE_ACCECN);
	KT_ASSERT(tcp_ecn_mode_accecn(&tp) && !tcp_ecn_mode_rfc3168(&tp), "accecn");
	KT_EQ(tp.ecn_flags, TCP_ECN_SEEN | 0x10);
	{
		u8 hdr[20] = { 0 };

		hdr[12] = 0x51;		/* doff 5, AE */
		hdr[13] = 0x12;		/* SYN ACK */
		KT_EQ(tcp_flags_ntohs((struct tcphdr *)hdr), TCPHDR_AE | TCPHDR_SYN | TCPHDR_ACK);
	}
	KT_EQ(TCP_ACCECN_MAXSIZE, 11);
#endif
	return 0;
}
