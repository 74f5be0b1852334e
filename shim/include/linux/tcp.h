/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _QDK_SHIM_LINUX_TCP_H
#define _QDK_SHIM_LINUX_TCP_H

#include_next <linux/tcp.h>

#include <linux/skbuff.h>
#include <net/sock.h>
#include <net/inet_connection_sock.h>

struct tcp_sack_block_wire {
	__be32	start_seq;
	__be32	end_seq;
};

struct tcp_sack_block {
	u32	start_seq;
	u32	end_seq;
};

static inline unsigned int tcp_optlen(const struct sk_buff *skb);

static inline struct tcphdr *tcp_hdr(const struct sk_buff *skb)
{
	return (struct tcphdr *)skb_transport_header(skb);
}

static inline unsigned int __tcp_hdrlen(const struct tcphdr *th)
{
	return th->doff * 4;
}

static inline unsigned int tcp_hdrlen(const struct sk_buff *skb)
{
	return __tcp_hdrlen(tcp_hdr(skb));
}

static inline unsigned int tcp_optlen(const struct sk_buff *skb)
{
	return (tcp_hdr(skb)->doff - 5) * 4;
}

/*
 * A TCP socket: struct inet_connection_sock first (tcp_sk()), with the
 * sender state a qdisc or a congestion control module reads.
 */
struct tcp_sock {
	struct inet_connection_sock	inet_conn;
	u16	tcp_header_len;
	u16	gso_segs;
	u32	segs_in;
	u32	rcv_nxt;
	u32	copied_seq;
	u32	rcv_wup;
	u32	snd_nxt;
	u32	segs_out;
	u64	bytes_received;
	u64	bytes_acked;
	u64	bytes_sent;
	u32	snd_una;
	u32	snd_sml;
	u32	rcv_tstamp;
	u32	lsndtime;
	u32	snd_wnd;
	u32	max_window;
	u32	mss_cache;
	u32	window_clamp;
	u32	rcv_ssthresh;
	u32	srtt_us;		/* smoothed RTT << 3, in us */
	u32	mdev_us;
	u32	rttvar_us;
	u32	packets_out;
	u32	retrans_out;
	u32	max_packets_out;
	u32	snd_ssthresh;
	u32	snd_cwnd;
	u32	snd_cwnd_cnt;
	u32	snd_cwnd_clamp;
	u32	prior_cwnd;
	u32	prr_delivered;
	u32	prr_out;
	u32	delivered;
	u32	delivered_ce;
	u32	lost;
	u32	app_limited;
	u64	first_tx_mstamp;
	u64	delivered_mstamp;
	u32	rate_delivered;
	u32	rate_interval_us;
	u32	rcv_wnd;
	u32	write_seq;
	u32	sacked_out;
	u32	lost_out;
	u32	total_retrans;
	u64	tcp_mstamp;
	u8	ecn_flags;
};

#define tcp_sk(ptr) container_of_const(ptr, struct tcp_sock, inet_conn.icsk_inet.sk)
#define tcp_sk_rw(ptr) container_of(ptr, struct tcp_sock, inet_conn.icsk_inet.sk)

static inline u32 tcp_snd_cwnd(const struct tcp_sock *tp)
{
	return tp->snd_cwnd;
}

static inline void tcp_snd_cwnd_set(struct tcp_sock *tp, u32 val)
{
	WARN_ON_ONCE((int)val <= 0);
	tp->snd_cwnd = val;
}

#endif
