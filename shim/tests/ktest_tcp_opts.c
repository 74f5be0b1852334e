// SPDX-License-Identifier: GPL-2.0
/*
 * ktest_tcp_opts.c - the socket options a kernel user sets on a TCP socket
 * (tcp_sock_set_*(), linux/tcp.h), a connection's timers
 * (inet_csk_*_xmit_timers(), the keepalive timer), the sock_ops callbacks'
 * defaults with no program attached (net/tcp.h) and conntrack's locks.
 * Expected values are the kernel's (HZ 250 in the shim).
 */
#include <linux/errno.h>
#include <linux/in.h>
#include <linux/jiffies.h>
#include <linux/kernel.h>
#include <linux/rbtree.h>
#include <linux/skbuff.h>
#include <linux/tcp.h>
#include <linux/timer.h>
#include <linux/version.h>
#include <net/inet_connection_sock.h>
#include <net/netfilter/nf_conntrack_core.h>
#include <net/sock.h>
#include <net/tcp.h>

#include "ktest.h"
#include "shim.h"

static struct proto tcp_opts_prot;

static struct sock *tcp_opts_sock(struct tcp_sock *tp)
{
	struct sock *sk = &tp->inet_conn.icsk_inet.sk;

	memset(tp, 0, sizeof(*tp));
	skb_queue_head_init(&sk->sk_write_queue);
	sk->tcp_rtx_queue = RB_ROOT;
	sk->sk_state = TCP_ESTABLISHED;
	sk->sk_prot = &tcp_opts_prot;
	refcount_set(&sk->sk_refcnt, 1);
	spin_lock_init(&sk->sk_lock.slock);
	init_waitqueue_head(&sk->sk_lock.wq);
	return sk;
}

static void tcp_opts_timer(struct timer_list *t)
{
}

/* where the series keeps the keepalive and retransmit timers */
static struct timer_list *tcp_opts_keepalive(struct sock *sk)
{
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	return &inet_csk(sk)->icsk_keepalive_timer;
#else
	return &sk->sk_timer;
#endif
}

static struct timer_list *tcp_opts_rto(struct sock *sk)
{
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	return &sk->tcp_retransmit_timer;
#else
	return &inet_csk(sk)->icsk_retransmit_timer;
#endif
}

KTEST(tcp_opts, nagle_cork_quickack)
{
	static struct tcp_sock tp;
	struct sock *sk = tcp_opts_sock(&tp);

	/* nothing queued: nothing to push, only the flags change */
	tcp_sock_set_nodelay(sk);
	KT_EQ(tp.nonagle, TCP_NAGLE_OFF | TCP_NAGLE_PUSH);
	tcp_sock_set_cork(sk, true);
	KT_EQ(tp.nonagle, TCP_NAGLE_OFF | TCP_NAGLE_PUSH | TCP_NAGLE_CORK);
	tp.nonagle = TCP_NAGLE_OFF | TCP_NAGLE_CORK;
	tcp_sock_set_cork(sk, false);
	KT_EQ(tp.nonagle, TCP_NAGLE_OFF | TCP_NAGLE_PUSH);
	__tcp_sock_set_nodelay(sk, false);
	KT_EQ(tp.nonagle, TCP_NAGLE_PUSH);
	tp.nonagle = TCP_NAGLE_CORK;
	tcp_sock_set_cork(sk, false);
	KT_EQ(tp.nonagle, 0);
	KT_EQ(sk->sk_lock.owned, 0);

	/* 0 enters pingpong mode, 1 leaves it; no ACK scheduled, none sent */
	tcp_sock_set_quickack(sk, 0);
	KT_ASSERT(inet_csk_in_pingpong_mode(sk), "not in pingpong mode");
	tcp_sock_set_quickack(sk, 1);
	KT_ASSERT(!inet_csk_in_pingpong_mode(sk), "still in pingpong mode");
	return 0;
}

KTEST(tcp_opts, ranges_and_keepalive)
{
	static struct tcp_sock tp;
	struct sock *sk = tcp_opts_sock(&tp);

	KT_EQ(tcp_sock_set_syncnt(sk, 0), -EINVAL);
	KT_EQ(tcp_sock_set_syncnt(sk, MAX_TCP_SYNCNT + 1), -EINVAL);
	KT_EQ(tcp_sock_set_syncnt(sk, 5), 0);
	KT_EQ(inet_csk(sk)->icsk_syn_retries, 5);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	KT_EQ(tcp_sock_set_user_timeout(sk, -1), -EINVAL);
	KT_EQ(tcp_sock_set_user_timeout(sk, 30000), 0);
#else
	tcp_sock_set_user_timeout(sk, 30000);
#endif
	KT_EQ(inet_csk(sk)->icsk_user_timeout, 30000);

	KT_EQ(tcp_sock_set_keepintvl(sk, 0), -EINVAL);
	KT_EQ(tcp_sock_set_keepintvl(sk, MAX_TCP_KEEPINTVL + 1), -EINVAL);
	KT_EQ(tcp_sock_set_keepintvl(sk, 10), 0);
	KT_EQ(tp.keepalive_intvl, 10 * HZ);
	KT_EQ(keepalive_intvl_when(&tp), 10 * HZ);
	KT_EQ(tcp_sock_set_keepcnt(sk, MAX_TCP_KEEPCNT + 1), -EINVAL);
	KT_EQ(tcp_sock_set_keepcnt(sk, 4), 0);
	KT_EQ(keepalive_probes(&tp), 4);

	/* keepalive off: the time is set, no timer armed */
	inet_csk_init_xmit_timers(sk, tcp_opts_timer, tcp_opts_timer, tcp_opts_timer);
	KT_EQ(tcp_sock_set_keepidle(sk, MAX_TCP_KEEPIDLE + 1), -EINVAL);
	KT_EQ(tcp_sock_set_keepidle(sk, 60), 0);
	KT_EQ(tp.keepalive_time, 60 * HZ);
	KT_ASSERT(!timer_pending(tcp_opts_keepalive(sk)), "keepalive timer armed");

	/* on: armed for what is left of 60 s after 20 s idle, holding a reference */
	sock_set_flag(sk, SOCK_KEEPOPEN);
	tp.rcv_tstamp = tcp_jiffies32 - 20 * HZ;
	inet_csk(sk)->icsk_ack.lrcvtime = tcp_jiffies32 - 20 * HZ;
	KT_EQ(tcp_sock_set_keepidle(sk, 60), 0);
	KT_ASSERT(timer_pending(tcp_opts_keepalive(sk)), "keepalive timer not armed");
	KT_EQ(tcp_opts_keepalive(sk)->expires - jiffies, 40 * HZ);
	KT_EQ(refcount_read(&sk->sk_refcnt), 2);
	/* idle longer than the new time: it fires now */
	KT_EQ(tcp_sock_set_keepidle(sk, 10), 0);
	KT_EQ(tcp_opts_keepalive(sk)->expires, jiffies);
	KT_EQ(refcount_read(&sk->sk_refcnt), 2);

	/* clearing stops every armed timer and gives its reference back */
	inet_csk_reset_xmit_timer(sk, ICSK_TIME_RETRANS, HZ, TCP_RTO_MAX);
	KT_ASSERT(timer_pending(tcp_opts_rto(sk)), "rto not armed");
	KT_EQ(refcount_read(&sk->sk_refcnt), 3);
	inet_csk_clear_xmit_timers(sk);
	KT_ASSERT(!timer_pending(tcp_opts_keepalive(sk)), "keepalive timer still armed");
	KT_ASSERT(!timer_pending(tcp_opts_rto(sk)), "rto still armed");
	KT_EQ(inet_csk(sk)->icsk_pending, 0);
	KT_EQ(refcount_read(&sk->sk_refcnt), 1);
#if LINUX_VERSION_CODE < KERNEL_VERSION(7, 3, 0)
	inet_csk_reset_keepalive_timer(sk, 5 * HZ);
	KT_EQ(sk->sk_timer.expires - jiffies, 5 * HZ);
	inet_csk_delete_keepalive_timer(sk);
	KT_ASSERT(!timer_pending(&sk->sk_timer), "keepalive timer still armed");
	KT_EQ(refcount_read(&sk->sk_refcnt), 1);
#endif
	return 0;
}

KTEST(tcp_opts, sock_ops_defaults_and_peer)
{
	static struct tcp_sock tp;
	struct sock *sk = tcp_opts_sock(&tp);

	/* no program: the callers' defaults */
	lock_sock(sk);
	KT_EQ(tcp_call_bpf_3arg(sk, BPF_SOCK_OPS_STATE_CB, 1, 2, 3), 0);
	KT_EQ(tcp_timeout_init(sk), TCP_TIMEOUT_INIT);
	KT_EQ(tcp_rwnd_init_bpf(sk), 0);
	KT_ASSERT(!tcp_bpf_ca_needs_ecn(sk), "needs ECN");
	release_sock(sk);

#if LINUX_VERSION_CODE < KERNEL_VERSION(7, 3, 0)
	{
		struct sockaddr_storage ss;
		struct sockaddr_in *sin = (struct sockaddr_in *)&ss;

		memset(&ss, 0xff, sizeof(ss));
		sk->sk_daddr = htonl(0x0a000002);
		sk->sk_dport = htons(443);
		inet_csk_addr2sockaddr(sk, (struct sockaddr *)&ss);
		KT_EQ(sin->sin_family, AF_INET);
		KT_EQ(ntohl(sin->sin_addr.s_addr), 0x0a000002);
		KT_EQ(ntohs(sin->sin_port), 443);
		KT_EQ(sin->sin_zero[0], 0);
	}
#endif
	return 0;
}

KTEST(tcp_opts, conntrack_locks)
{
	spinlock_t *lock = &nf_conntrack_locks[CONNTRACK_LOCKS - 1];

	nf_conntrack_lock(lock);
	KT_ASSERT(spin_is_locked(lock), "bucket lock not taken");
	spin_unlock(lock);
	spin_lock_bh(&nf_conntrack_expect_lock);
	lockdep_nfct_expect_lock_held();
	spin_unlock_bh(&nf_conntrack_expect_lock);
	KT_ASSERT(!spin_is_locked(&nf_conntrack_expect_lock), "expect lock still held");
	return 0;
}

KTEST(tcp_opts, mss_option_rcv_mss_app_limited)
{
	static struct tcp_sock tp;
	struct sock *sk = tcp_opts_sock(&tp);
	struct {
		struct tcphdr th;
		u8 opt[12];
	} syn = { 0 };
	static const u8 opts[12] = {
		TCPOPT_NOP, TCPOPT_NOP, TCPOPT_TIMESTAMP, 10, 0, 0, 0, 0, 0, 0, 0, 0,
	};

	/* NOP, NOP, a timestamp, then the MSS: 1460, or the user's 1200 */
	memcpy(syn.opt, opts, sizeof(opts));
	syn.th.doff = 5;
	KT_EQ(tcp_parse_mss_option(&syn.th, 0), 0);
	syn.th.doff = 8;
	KT_EQ(tcp_parse_mss_option(&syn.th, 0), 0);
	syn.opt[0] = TCPOPT_MSS;
	syn.opt[1] = TCPOLEN_MSS;
	syn.opt[2] = 1460 >> 8;
	syn.opt[3] = 1460 & 0xff;
	syn.opt[4] = TCPOPT_EOL;
	KT_EQ(tcp_parse_mss_option(&syn.th, 0), 1460);
	KT_EQ(tcp_parse_mss_option(&syn.th, 1200), 1200);
	KT_EQ(tcp_parse_mss_option(&syn.th, 1500), 1460);
	/* an option longer than the header: the walk stops */
	syn.opt[1] = 13;
	KT_EQ(tcp_parse_mss_option(&syn.th, 0), 0);

	/* min(advmss, mss_cache, rcv_wnd / 2, 536), at least 88 */
	tp.advmss = 1460;
	tp.mss_cache = 1448;
	tp.rcv_wnd = 65535;
	tcp_initialize_rcv_mss(sk);
	KT_EQ(inet_csk(sk)->icsk_ack.rcv_mss, 536);
	tp.rcv_wnd = 600;
	tcp_initialize_rcv_mss(sk);
	KT_EQ(inet_csk(sk)->icsk_ack.rcv_mss, 300);
	tp.rcv_wnd = 100;
	tcp_initialize_rcv_mss(sk);
	KT_EQ(inet_csk(sk)->icsk_ack.rcv_mss, 88);

	/* less than a segment to send, window open: limited until 12 + 3 are delivered */
	tp.write_seq = 1000;
	tp.snd_nxt = 500;
	tp.packets_out = 3;
	tp.delivered = 12;
	tcp_snd_cwnd_set(&tp, 10);
	refcount_set(&sk->sk_wmem_alloc, 1);
	tcp_rate_check_app_limited(sk);
	KT_EQ(tp.app_limited, 15);
	/* a full segment waiting: not limited by the application */
	tp.app_limited = 0;
	tp.write_seq = 500 + 1448;
	tcp_rate_check_app_limited(sk);
	KT_EQ(tp.app_limited, 0);
	return 0;
}

static int ulp_init(struct sock *sk)
{
	return 0;
}

KTEST(tcp_opts, ulp_registry_keepalive_checksum)
{
	static struct tcp_ulp_ops a = { .name = "kt_a", .init = ulp_init };
	static struct tcp_ulp_ops a2 = { .name = "kt_a", .init = ulp_init };
	static struct tcp_ulp_ops b = { .name = "kt_b", .init = ulp_init };
	static struct tcp_sock tp;
	struct sock *sk = tcp_opts_sock(&tp);
	struct sk_buff *skb;
	struct tcphdr *th;
	char names[32];

	KT_EQ(tcp_register_ulp(&a), 0);
	KT_EQ(tcp_register_ulp(&a2), -EEXIST);
	KT_EQ(tcp_register_ulp(&b), 0);
	tcp_get_available_ulp(names, sizeof(names));
	KT_STREQ(names, "kt_a kt_b");
	tcp_unregister_ulp(&a);
	KT_EQ(tcp_register_ulp(&a2), 0);
	tcp_get_available_ulp(names, sizeof(names));
	KT_STREQ(names, "kt_b kt_a");
	tcp_unregister_ulp(&a2);
	tcp_unregister_ulp(&b);

	/* keepalive on arms the timer for the idle time, off stops it */
	inet_csk_init_xmit_timers(sk, tcp_opts_timer, tcp_opts_timer, tcp_opts_timer);
	tp.keepalive_time = 30 * HZ;
	tcp_set_keepalive(sk, 1);
	KT_ASSERT(timer_pending(tcp_opts_keepalive(sk)), "keepalive not armed");
	KT_EQ(tcp_opts_keepalive(sk)->expires - jiffies, 30 * HZ);
	tcp_set_keepalive(sk, 0);
	KT_ASSERT(!timer_pending(tcp_opts_keepalive(sk)), "keepalive still armed");
	sk->sk_state = TCP_LISTEN;
	tcp_set_keepalive(sk, 1);
	KT_ASSERT(!timer_pending(tcp_opts_keepalive(sk)), "a listener's keepalive armed");
	KT_EQ(refcount_read(&sk->sk_refcnt), 1);

	/* the pseudo header sum the device completes: 10.0.0.1 > 10.0.0.2, 20 bytes */
	skb = alloc_skb(64, GFP_KERNEL);
	KT_ASSERT(skb, "alloc");
	skb_reset_transport_header(skb);
	th = skb_put_zero(skb, sizeof(*th));
	__tcp_v4_send_check(skb, htonl(0x0a000001), htonl(0x0a000002));
	/* 0x0a00 + 0x0001 + 0x0a00 + 0x0002 + 6 + 20 = 0x141d */
	KT_EQ(ntohs(th->check), 0x141d);
	KT_EQ(skb->csum_offset, offsetof(struct tcphdr, check));
	KT_EQ(skb->csum_start, skb_transport_header(skb) - skb->head);
	kfree_skb(skb);
	return 0;
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
KTEST(tcp_opts, accecn_ca_flags)
{
	static struct tcp_congestion_ops ca = {
		.flags = TCP_CONG_NEEDS_ACCECN | TCP_CONG_NO_FALLBACK_RFC3168,
	};
	static struct tcp_sock tp;
	struct sock *sk = tcp_opts_sock(&tp);

	inet_csk(sk)->icsk_ca_ops = &ca;
	KT_ASSERT(tcp_ca_needs_accecn(sk), "needs AccECN");
	KT_ASSERT(!tcp_ca_ect_1_negotiation(sk), "ECT(1)");
	KT_ASSERT(tcp_ca_no_fallback_rfc3168(sk), "RFC 3168 fallback");
	KT_ASSERT(!tcp_ca_needs_ecn(sk), "needs ECN");
	KT_EQ(TCP_CONG_MASK, 0x1f);
	KT_EQ(TCP_DEFERRED_ALL, 0x7c);
	return 0;
}
#endif
