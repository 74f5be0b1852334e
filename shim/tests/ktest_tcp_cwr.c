// SPDX-License-Identifier: GPL-2.0
/*
 * ktest_tcp_cwr.c - net/tcp.h's functions over a tcp_sock that compute:
 * entering CWR, the congestion state's change, an algorithm's name by key,
 * a SYN's initial window and scale, the orphan count, PLB's rounds and
 * rehashes, the TLS offload's clean_acked hook, the collapse fence.
 * Expected values are worked out from the kernel's definitions.
 */
#include <linux/jiffies.h>
#include <linux/kernel.h>
#include <linux/rbtree.h>
#include <linux/skbuff.h>
#include <linux/string.h>
#include <linux/tcp.h>
#include <linux/udp.h>
#include <linux/version.h>
#include <net/inet_connection_sock.h>
#include <net/sock.h>
#include <net/tcp.h>

#include "ktest.h"
#include "shim.h"

static struct sock *cwr_test_sock(struct tcp_sock *tp)
{
	struct sock *sk = &tp->inet_conn.icsk_inet.sk;

	memset(tp, 0, sizeof(*tp));
	skb_queue_head_init(&sk->sk_write_queue);
	skb_queue_head_init(&sk->sk_receive_queue);
	sk->tcp_rtx_queue = RB_ROOT;
	sk->sk_state = TCP_ESTABLISHED;
	refcount_set(&sk->sk_refcnt, 1);
	tp->inet_conn.icsk_ca_ops = &tcp_reno;
	return sk;
}

/* the state set_state() was told, and the socket's state at that moment */
static u8 told_state, state_when_told;

static void record_set_state(struct sock *sk, u8 new_state)
{
	told_state = new_state;
	state_when_told = inet_csk(sk)->icsk_ca_state;
}

KTEST(tcp_cwr, enter_cwr_and_set_state)
{
	static struct tcp_congestion_ops watcher = {
		.name = "watcher",
		.ssthresh = tcp_reno_ssthresh,
		.undo_cwnd = tcp_reno_undo_cwnd,
		.cong_avoid = tcp_reno_cong_avoid,
		.set_state = record_set_state,
	};
	static struct tcp_sock tp;
	struct sock *sk = cwr_test_sock(&tp);

	tcp_snd_cwnd_set(&tp, 20);
	tp.snd_nxt = 1000;
	tp.snd_ssthresh = TCP_INFINITE_SSTHRESH;
	tp.prior_ssthresh = 5;
	tp.undo_marker = 7;
	tp.tlp_high_seq = 3;
	tp.prr_out = 4;
	tp.prr_delivered = 2;
	tp.snd_cwnd_cnt = 9;
	tp.ecn_flags = TCP_ECN_OK;

	tcp_enter_cwr(sk);
	KT_EQ(inet_csk(sk)->icsk_ca_state, TCP_CA_CWR);
	KT_EQ(tp.prior_ssthresh, 0);
	KT_EQ(tp.undo_marker, 0);
	KT_EQ(tp.high_seq, 1000);
	KT_EQ(tp.tlp_high_seq, 0);
	KT_EQ(tp.prr_out, 0);
	KT_EQ(tp.prr_delivered, 0);
	KT_EQ(tp.snd_cwnd_cnt, 0);
	KT_EQ(tp.prior_cwnd, 20);
	KT_EQ(tp.snd_ssthresh, 10);		/* reno: half of 20 */
	KT_EQ(tcp_snd_cwnd(&tp), 20);		/* PRR reduces it later, per ACK */
	KT_ASSERT(tp.ecn_flags & TCP_ECN_QUEUE_CWR, "CWR queued for an ECN peer");

	/* in Recovery: no new reduction, only the undo of ssthresh forgotten */
	inet_csk(sk)->icsk_ca_state = TCP_CA_Recovery;
	tp.prior_ssthresh = 8;
	tp.undo_marker = 7;
	tp.snd_nxt = 2000;
	tcp_enter_cwr(sk);
	KT_EQ(inet_csk(sk)->icsk_ca_state, TCP_CA_Recovery);
	KT_EQ(tp.prior_ssthresh, 0);
	KT_EQ(tp.undo_marker, 7);
	KT_EQ(tp.high_seq, 1000);

	/* no ECN: nothing queued */
	cwr_test_sock(&tp);
	tcp_snd_cwnd_set(&tp, 3);
	tcp_enter_cwr(sk);
	KT_EQ(tp.snd_ssthresh, 2);		/* reno's floor */
	KT_EQ(tp.ecn_flags, 0);

	/* the algorithm hears of a change before the socket takes it */
	inet_csk(sk)->icsk_ca_ops = &watcher;
	inet_csk(sk)->icsk_ca_state = TCP_CA_Open;
	tcp_set_ca_state(sk, TCP_CA_Loss);
	KT_EQ(told_state, TCP_CA_Loss);
	KT_EQ(state_when_told, TCP_CA_Open);
	KT_EQ(inet_csk(sk)->icsk_ca_state, TCP_CA_Loss);
	return 0;
}

KTEST(tcp_cwr, ca_name_by_key)
{
	char buf[TCP_CA_NAME_MAX];
	struct tcp_congestion_ops *reno = tcp_ca_find("reno");

	KT_ASSERT(reno, "reno registered");
	memset(buf, 'x', sizeof(buf));
	KT_ASSERT(tcp_ca_get_name_by_key(reno->key, buf) == buf, "found");
	KT_STREQ(buf, "reno");
	KT_ASSERT(!tcp_ca_get_name_by_key(reno->key + 1, buf), "no such key");
	return 0;
}

KTEST(tcp_cwr, select_initial_window)
{
	static struct tcp_sock tp;
	struct sock *sk = cwr_test_sock(&tp);
	u32 rcv_wnd, clamp = 0;
	u8 wscale = 0xff;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	const u8 big_scale = 10;	/* ilog2(32 MiB) - 15 */
#else
	const u8 big_scale = 7;		/* ilog2(6 MiB) - 15 */
#endif

	/* no clamp: 100000 cut to 68 segments of 1460, the scale of tcp_rmem[2] */
	tcp_select_initial_window(sk, 100000, 1460, &rcv_wnd, &clamp, 1, &wscale, 0);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	KT_EQ(rcv_wnd, 99280);
#else
	KT_EQ(rcv_wnd, 65535);			/* 6.1: the unscaled field's largest */
#endif
	KT_EQ(wscale, big_scale);
	KT_EQ(clamp, 65535U << big_scale);

	/* ten segments at most (init_rcv_wnd) */
	clamp = 0;
	tcp_select_initial_window(sk, 100000, 1460, &rcv_wnd, &clamp, 1, &wscale, 10);
	KT_EQ(rcv_wnd, 14600);

	/* a negative space is none; no scaling keeps a small clamp */
	clamp = 5000;
	tcp_select_initial_window(sk, -3, 1460, &rcv_wnd, &clamp, 0, &wscale, 0);
	KT_EQ(rcv_wnd, 0);
	KT_EQ(wscale, 0);
	KT_EQ(clamp, 5000);

	/* a clamp of 20000 bounds the space and the scale (ilog2 14 - 15 < 0) */
	clamp = 20000;
	tcp_select_initial_window(sk, 100000, 1460, &rcv_wnd, &clamp, 1, &wscale, 0);
	KT_EQ(rcv_wnd, 18980);
	KT_EQ(wscale, 0);
	KT_EQ(clamp, 20000);

	/* a space under one MSS is not rounded */
	clamp = 0;
	tcp_select_initial_window(sk, 1000, 1460, &rcv_wnd, &clamp, 0, &wscale, 0);
	KT_EQ(rcv_wnd, 1000);
	KT_EQ(clamp, 65535);
	return 0;
}

KTEST(tcp_cwr, orphan_count)
{
	unsigned int saved = tcp_orphan_count;

	tcp_orphan_count = 3;
	KT_EQ(tcp_orphan_count_sum(), 3);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	tcp_orphan_count_inc();
	KT_EQ(tcp_orphan_count_sum(), 4);
	tcp_orphan_count_dec();
	tcp_orphan_count_dec();
	KT_EQ(tcp_orphan_count_sum(), 2);
#endif
	/* a CPU's count below zero (it decremented one another CPU counted) */
	tcp_orphan_count = (unsigned int)-1;
	KT_EQ(tcp_orphan_count_sum(), 0);
	tcp_orphan_count = saved;
	return 0;
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
KTEST(tcp_cwr, plb_rounds_and_rehash)
{
	static struct tcp_sock tp;
	struct sock *sk = cwr_test_sock(&tp);
	struct qdk_tcp_plb_sysctl saved = qdk_tcp_plb;
	struct tcp_plb_state plb = { .consec_cong_rounds = 5, .pause_until = 9 };
	int i;

	tcp_plb_init(sk, &plb);
	KT_EQ(plb.consec_cong_rounds, 0);
	KT_EQ(plb.pause_until, 0);

	/* disabled by default: nothing counts */
	KT_EQ(qdk_tcp_plb.enabled, 0);
	KT_EQ(qdk_tcp_plb.cong_thresh, 128);
	tcp_plb_update_state(sk, &plb, 200);
	KT_EQ(plb.consec_cong_rounds, 0);

	qdk_tcp_plb.enabled = 1;
	for (i = 0; i < 15; i++)
		tcp_plb_update_state(sk, &plb, 200);
	KT_EQ(plb.consec_cong_rounds, 12);	/* at most rehash_rounds */
	tcp_plb_update_state(sk, &plb, -1);	/* no sample */
	KT_EQ(plb.consec_cong_rounds, 12);
	tcp_plb_update_state(sk, &plb, 127);	/* below half: not congested */
	KT_EQ(plb.consec_cong_rounds, 0);
	tcp_plb_update_state(sk, &plb, 128);
	KT_EQ(plb.consec_cong_rounds, 1);

	/* one round, data out: not yet; idle after 3 rounds: rehash */
	tp.packets_out = 2;
	tcp_plb_check_rehash(sk, &plb);
	KT_EQ(tp.plb_rehash, 0);
	tcp_plb_update_state(sk, &plb, 255);
	tcp_plb_update_state(sk, &plb, 255);
	tcp_plb_check_rehash(sk, &plb);
	KT_EQ(tp.plb_rehash, 0);
	tp.packets_out = 0;
	tcp_plb_check_rehash(sk, &plb);
	KT_EQ(tp.plb_rehash, 1);
	KT_EQ(plb.consec_cong_rounds, 0);

	/* an RTO pauses rehashing for 60 to 120 s */
	plb.consec_cong_rounds = 7;
	tcp_plb_update_state_upon_rto(sk, &plb);
	KT_EQ(plb.consec_cong_rounds, 0);
	KT_ASSERT(plb.pause_until - tcp_jiffies32 >= 60 * HZ &&
		  plb.pause_until - tcp_jiffies32 < 120 * HZ, "pause %u",
		  plb.pause_until - tcp_jiffies32);
	plb.consec_cong_rounds = 12;
	tp.packets_out = 4;
	tcp_plb_check_rehash(sk, &plb);
	KT_EQ(tp.plb_rehash, 1);
	KT_EQ(plb.consec_cong_rounds, 12);

	/* a pause_until past any pause is a wrapped clock: cleared, rehashed */
	plb.pause_until = tcp_jiffies32 + 121 * HZ;
	tcp_plb_check_rehash(sk, &plb);
	KT_EQ(tp.plb_rehash, 2);
	KT_EQ(plb.pause_until, 0);

	qdk_tcp_plb = saved;
	return 0;
}
#endif

static void my_clean_acked(struct sock *sk, u32 acked_seq)
{
}

KTEST(tcp_cwr, clean_acked_fence_receive_queue)
{
	static struct tcp_sock tp;
	struct sock *sk = cwr_test_sock(&tp);
	struct sk_buff *skb;

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	clean_acked_data_enable(&tp, my_clean_acked);
	KT_ASSERT(tp.tcp_clean_acked == my_clean_acked, "hook set");
	clean_acked_data_disable(&tp);
	clean_acked_data_flush();
	KT_ASSERT(!tp.tcp_clean_acked, "hook cleared");
#else
	clean_acked_data_enable(inet_csk(sk), my_clean_acked);
	KT_ASSERT(inet_csk(sk)->icsk_clean_acked == my_clean_acked, "hook set");
	clean_acked_data_disable(inet_csk(sk));
	clean_acked_data_flush();
	KT_ASSERT(!inet_csk(sk)->icsk_clean_acked, "hook cleared");
#endif

	skb = alloc_skb(128, GFP_KERNEL);
	KT_ASSERT(skb, "alloc");
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	tcp_write_collapse_fence(sk);		/* empty queues: nothing to mark */
	memset(skb->cb, 0, sizeof(skb->cb));
	__skb_queue_tail(&sk->sk_write_queue, skb);
	tcp_write_collapse_fence(sk);
	KT_EQ(TCP_SKB_CB(skb)->eor, 1);
	KT_ASSERT(!tcp_skb_can_collapse_to(skb), "fenced");
	__skb_unlink(skb, &sk->sk_write_queue);
#endif
	tcp_add_receive_queue(sk, skb);
	KT_EQ(skb_queue_len(&sk->sk_receive_queue), 1);
	KT_ASSERT(skb_peek_tail(&sk->sk_receive_queue) == skb, "at the tail");
	__skb_unlink(skb, &sk->sk_receive_queue);
	kfree_skb(skb);
	return 0;
}

KTEST(tcp_cwr, write_queue_from_safe)
{
	static struct tcp_sock tp;
	struct sock *sk = cwr_test_sock(&tp);
	struct sk_buff *skbs[3], *skb, *tmp;
	int i, n = 0;

	for (i = 0; i < 3; i++) {
		skbs[i] = alloc_skb(64, GFP_KERNEL);
		KT_ASSERT(skbs[i], "alloc");
		__skb_queue_tail(&sk->sk_write_queue, skbs[i]);
	}
	/* from the second on, each unlinked and freed on the way */
	skb = skbs[1];
	tcp_for_write_queue_from_safe(skb, tmp, sk) {
		__skb_unlink(skb, &sk->sk_write_queue);
		kfree_skb(skb);
		n++;
	}
	KT_EQ(n, 2);
	KT_EQ(skb_queue_len(&sk->sk_write_queue), 1);
	KT_ASSERT(tcp_write_queue_tail(sk) == skbs[0], "the first is left");
	__skb_unlink(skbs[0], &sk->sk_write_queue);
	kfree_skb(skbs[0]);
	return 0;
}

KTEST(tcp_cwr, udp_hashfn)
{
	static struct net net;

	net.hash_mix = 0x10;
	KT_EQ(udp_hashfn(&net, 53, 0xff), 0x45);	/* 53 + 16 */
	KT_EQ(udp_hashfn(&net, 0xfff5, 0xff), 0x05);	/* 0x10005, masked */
	net.hash_mix = 0;
	KT_EQ(udp_hashfn(&net, 0x1234, 0x3ff), 0x234);
	return 0;
}

static enum hrtimer_restart cwr_hrtimer_fn(struct hrtimer *t)
{
	return HRTIMER_NORESTART;
}

static void cwr_timer_fn(struct timer_list *t)
{
}

KTEST(tcp_cwr, clear_xmit_timers)
{
	static struct tcp_sock tp;
	struct sock *sk = cwr_test_sock(&tp);

	inet_csk_init_xmit_timers(sk, cwr_timer_fn, cwr_timer_fn, cwr_timer_fn);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	hrtimer_setup(&tp.pacing_timer, cwr_hrtimer_fn, CLOCK_MONOTONIC, HRTIMER_MODE_ABS_PINNED_SOFT);
	hrtimer_setup(&tp.compressed_ack_timer, cwr_hrtimer_fn, CLOCK_MONOTONIC,
		      HRTIMER_MODE_REL_PINNED_SOFT);
#else
	hrtimer_init(&tp.pacing_timer, CLOCK_MONOTONIC, HRTIMER_MODE_ABS_PINNED_SOFT);
	tp.pacing_timer.function = cwr_hrtimer_fn;
	hrtimer_init(&tp.compressed_ack_timer, CLOCK_MONOTONIC, HRTIMER_MODE_REL_PINNED_SOFT);
	tp.compressed_ack_timer.function = cwr_hrtimer_fn;
#endif

	/* the pacing timer armed with a reference of its own */
	sock_hold(sk);
	hrtimer_start(&tp.pacing_timer, ktime_add_ms(ktime_get(), 10), HRTIMER_MODE_ABS_PINNED_SOFT);
	inet_csk(sk)->icsk_pending = ICSK_TIME_RETRANS;
	KT_EQ(refcount_read(&sk->sk_refcnt), 2);
	tcp_clear_xmit_timers(sk);
	KT_EQ(refcount_read(&sk->sk_refcnt), 1);
	KT_ASSERT(!hrtimer_active(&tp.pacing_timer), "pacing timer stopped");
	KT_EQ(inet_csk(sk)->icsk_pending, 0);
	/* nothing armed: no reference to give back */
	tcp_clear_xmit_timers(sk);
	KT_EQ(refcount_read(&sk->sk_refcnt), 1);
	return 0;
}
