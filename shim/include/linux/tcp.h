/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _QDK_SHIM_LINUX_TCP_H
#define _QDK_SHIM_LINUX_TCP_H

#include_next <linux/tcp.h>

#include <linux/skbuff.h>
#include <linux/win_minmax.h>
#include <net/sock.h>
#include <net/inet_connection_sock.h>
#include <linux/version.h>
#include <linux/bits.h>
#include <linux/hrtimer.h>

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

/* the whole headers up to the TCP payload (Ethernet, IP, TCP with options) */
static inline int skb_tcp_all_headers(const struct sk_buff *skb)
{
	return skb_transport_offset(skb) + tcp_hdrlen(skb);
}

static inline struct tcphdr *inner_tcp_hdr(const struct sk_buff *skb)
{
	return (struct tcphdr *)skb_inner_transport_header(skb);
}

static inline unsigned int inner_tcp_hdrlen(const struct sk_buff *skb)
{
	return inner_tcp_hdr(skb)->doff * 4;
}

static inline int skb_inner_tcp_all_headers(const struct sk_buff *skb)
{
	return skb_inner_transport_offset(skb) + inner_tcp_hdrlen(skb);
}

#define TCP_FASTOPEN_COOKIE_MIN		4
#define TCP_FASTOPEN_COOKIE_MAX		16
#define TCP_FASTOPEN_COOKIE_SIZE	8

struct tcp_fastopen_cookie {
	__le64	val[DIV_ROUND_UP(TCP_FASTOPEN_COOKIE_MAX, sizeof(u64))];
	s8	len;
	bool	exp;	/* the experimental option kind */
};

/* rx_opt.sack_ok's bits */
#define TCP_SACK_SEEN	(1 << 0)
#define TCP_DSACK_SEEN	(1 << 2)

/* the options a segment carried, and what the connection agreed on */
struct tcp_options_received {
	int	ts_recent_stamp;	/* when ts_recent was taken (seconds) */
	u32	ts_recent;
	u32	rcv_tsval;
	u32	rcv_tsecr;
	u16	saw_tstamp : 1,
		tstamp_ok : 1,
		dsack : 1,
		wscale_ok : 1,
		sack_ok : 3,
		smc_ok : 1,
		snd_wscale : 4,
		rcv_wscale : 4;
	u8	saw_unknown : 1,
		unused : 7;
	u8	num_sacks;
	u16	user_mss;		/* TCP_MAXSEG */
	u16	mss_clamp;
};

static inline void tcp_clear_options(struct tcp_options_received *rx_opt)
{
	rx_opt->tstamp_ok = rx_opt->sack_ok = 0;
	rx_opt->wscale_ok = rx_opt->snd_wscale = 0;
	rx_opt->smc_ok = 0;
}

#define TCP_NUM_SACKS	4

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
/* scaling_ratio is the window's share of the receive memory in 1/256 */
#define TCP_RMEM_TO_WIN_SCALE	8
#endif

/* sk_tsq_flags' bits (TCP small queues and deferred timer work) */
enum tsq_enum {
	TSQ_THROTTLED,
	TSQ_QUEUED,
	TCP_TSQ_DEFERRED,
	TCP_WRITE_TIMER_DEFERRED,
	TCP_DELACK_TIMER_DEFERRED,
	TCP_MTU_REDUCED_DEFERRED,
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	TCP_ACK_DEFERRED,
#endif
};

enum tsq_flags {
	TSQF_THROTTLED			= BIT(TSQ_THROTTLED),
	TSQF_QUEUED			= BIT(TSQ_QUEUED),
	TCPF_TSQ_DEFERRED		= BIT(TCP_TSQ_DEFERRED),
	TCPF_WRITE_TIMER_DEFERRED	= BIT(TCP_WRITE_TIMER_DEFERRED),
	TCPF_DELACK_TIMER_DEFERRED	= BIT(TCP_DELACK_TIMER_DEFERRED),
	TCPF_MTU_REDUCED_DEFERRED	= BIT(TCP_MTU_REDUCED_DEFERRED),
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	TCPF_ACK_DEFERRED		= BIT(TCP_ACK_DEFERRED),
#endif
};

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/* the deferred work tcp_release_cb() does */
#define TCP_DEFERRED_ALL (TCPF_TSQ_DEFERRED | TCPF_WRITE_TIMER_DEFERRED |	\
			  TCPF_DELACK_TIMER_DEFERRED | TCPF_MTU_REDUCED_DEFERRED |	\
			  TCPF_ACK_DEFERRED)
#endif

/*
 * A TCP socket: struct inet_connection_sock first (tcp_sk()), with the
 * sender state a qdisc or a congestion control module reads.
 */
struct tcp_sock {
	struct inet_connection_sock	inet_conn;
	u16	tcp_header_len;
	u16	gso_segs;
	__be32	pred_flags;		/* the header prediction (tcp_fast_path_on()) */
	u32	segs_in;
	u32	data_segs_in;
	u32	rcv_nxt;
	u32	copied_seq;
	u32	rcv_wup;
	u32	snd_nxt;
	u32	segs_out;
	u32	data_segs_out;
	u64	bytes_received;
	u64	bytes_acked;
	u64	bytes_sent;
	u64	bytes_retrans;
	u32	dsack_dups;
	u32	snd_una;
	u32	snd_sml;
	u32	rcv_tstamp;
	u32	lsndtime;
	u32	last_oow_ack_time;
	u32	compressed_ack_rcv_nxt;
	u32	tsoffset;
	u32	snd_wl1;
	u32	snd_wnd;
	u32	max_window;
	u32	mss_cache;
	/* RACK loss detection: the most recently (re)sent segment delivered */
	struct tcp_rack {
		u64 mstamp;		/* when it was (re)sent */
		u32 rtt_us;		/* its RTT */
		u32 end_seq;
		u32 last_delivered;	/* tp->delivered when reo_wnd last changed */
		u8 reo_wnd_steps;	/* the reordering window, in steps */
#define TCP_RACK_RECOVERY_THRESH 16
		u8 reo_wnd_persist:5,	/* recoveries since reo_wnd last changed */
		   dsack_seen:1,	/* a DSACK since then */
		   advanced:1;		/* mstamp moved since the last loss marking */
	} rack;
	u16	advmss;			/* the MSS this end advertises */
	u32	window_clamp;
	u32	rcv_ssthresh;
	u8	scaling_ratio;
	u32	srtt_us;		/* smoothed RTT << 3, in us */
	u32	mdev_us;
	u32	mdev_max_us;
	u32	rttvar_us;
	u32	rtt_seq;
	struct minmax	rtt_min;	/* the windowed minimum RTT (us), tcp_min_rtt() */
	u32	packets_out;
	u32	retrans_out;
	u32	max_packets_out;
	u32	cwnd_usage_seq;
	u16	urg_data;
	u32	urg_seq;		/* the received urgent pointer */
	u8	ecn_flags;
	u8	keepalive_probes;
	u32	reordering;
	u32	reord_seen;
	u32	snd_up;
	struct tcp_options_received rx_opt;
	u32	snd_ssthresh;
	u32	snd_cwnd;
	u32	snd_cwnd_cnt;
	u32	snd_cwnd_clamp;
	u32	snd_cwnd_used;
	u32	snd_cwnd_stamp;
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
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	u32	rcv_mwnd_seq;		/* the highest right edge advertised (RFC 7323) */
#endif
	u32	write_seq;
	u32	notsent_lowat;
	u32	pushed_seq;
	u32	lost_out;
	u32	sacked_out;
	struct rb_root	out_of_order_queue;
	/* the retransmit queue's hints (the skbs live in sk->tcp_rtx_queue) */
#if LINUX_VERSION_CODE < KERNEL_VERSION(7, 3, 0)
	struct sk_buff	*lost_skb_hint;
#endif
	struct sk_buff	*retransmit_skb_hint;
	struct sk_buff	*highest_sack;	/* the skb after the highest SACKed one */
	u32	total_retrans;
	u32	undo_marker;
	int	undo_retrans;
	u32	high_seq;
	u32	retrans_stamp;
	u32	prior_ssthresh;
	u32	rcv_ooopack;
	u64	tcp_mstamp;		/* the last departure or arrival (us) */
	u64	tcp_wstamp_ns;		/* the next departure (EDT, ns) */
	u64	tcp_clock_cache;
	u8	nonagle : 4,
		thin_lto : 1,
		recvmsg_inq : 1,
		repair : 1,
		frto : 1;
	u8	is_sack_reneg : 1,
		fastopen_client_fail : 2,
		is_cwnd_limited : 1,	/* sending was cwnd-limited */
		syn_data : 1,
		syn_fastopen : 1,
		syn_data_acked : 1,
		fastopen_connect : 1;
	u8	rate_app_limited : 1,
		save_syn : 2,
		syn_smc : 1,
		tlp_retrans : 1;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	u8	tcp_usec_ts : 1;	/* timestamps in microseconds */
#endif
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	u8	chrono_type;		/* enum tcp_chrono running */
#else
	u8	chrono_type : 2;
#endif
	u32	chrono_start;
	u32	chrono_stat[3];
	u32	tlp_high_seq;
	struct tcp_sack_block duplicate_sack[1];
	struct tcp_sack_block selective_acks[4];
	struct tcp_sack_block recv_sack_cache[4];
	u32	tcp_tx_delay;		/* us added to each packet's departure (TCP_TX_DELAY) */
	struct hrtimer	pacing_timer;		/* the next departure (internal pacing) */
	struct hrtimer	compressed_ack_timer;	/* a delayed SACK compressed ACK */
	u32	keepalive_time;
	u32	keepalive_intvl;
	int	linger2;
	u32	bpf_sock_ops_cb_flags;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	u32	plb_rehash;		/* the rehashes PLB made */
#endif
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	void	(*tcp_clean_acked)(struct sock *sk, u32 acked_seq);	/* TLS offload */
#endif
	struct request_sock __rcu *fastopen_rsk;	/* a passive TFO child's request */
	struct saved_syn	*saved_syn;		/* TCP_SAVED_SYN */
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

/* the MSS limited by TCP_MAXSEG's user_mss */
static inline u16 tcp_mss_clamp(const struct tcp_sock *tp, u16 mss)
{
	u16 user_mss = READ_ONCE(tp->rx_opt.user_mss);

	return (user_mss && user_mss < mss) ? user_mss : mss;
}

struct tcp_request_sock_ops;

/* a TCP connection request: what the SYN carried, what the SYN-ACK sent */
struct tcp_request_sock {
	struct inet_request_sock	req;
	const struct tcp_request_sock_ops *af_specific;
	u64				snt_synack;	/* the first SYN-ACK's time (us) */
	bool				tfo_listener;
	bool				is_mptcp;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	bool				req_usec_ts;
#endif
	bool				drop_req;	/* CONFIG_MPTCP */
	u32				txhash;
	u32				rcv_isn;
	u32				snt_isn;
	u32				ts_off;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	u32				snt_tsval_first;
	u32				snt_tsval_last;
#endif
	u32				last_oow_ack_time;
	u32				rcv_nxt;	/* what the SYN-ACK acknowledges */
	u8				syn_tos;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	bool				accecn_ok;
	u8				syn_ect_snt : 2,
					syn_ect_rcv : 2,
					accecn_fail_mode : 4;
	u8				saw_accecn_opt : 2;
	u8				ao_keyid;	/* CONFIG_TCP_AO */
	u8				ao_rcv_next;
	bool				used_tcp_ao;
#endif
};

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
#define tcp_rsk(ptr) container_of_const(ptr, struct tcp_request_sock, req.req)
#else
static inline struct tcp_request_sock *tcp_rsk(const struct request_sock *req)
{
	return (struct tcp_request_sock *)req;
}
#endif

/* the SYN's saved headers move from the request to the child */
static inline void tcp_move_syn(struct tcp_sock *tp, struct request_sock *req)
{
	tp->saved_syn = req->saved_syn;
	req->saved_syn = NULL;
}

static inline void tcp_saved_syn_free(struct tcp_sock *tp)
{
	kfree(tp->saved_syn);
	tp->saved_syn = NULL;
}

static inline u32 tcp_saved_syn_len(const struct saved_syn *saved_syn)
{
	return saved_syn->mac_hdrlen + saved_syn->network_hdrlen + saved_syn->tcp_hdrlen;
}

/* a child of TCP Fast Open still in SYN_RECV */
static inline bool tcp_passive_fastopen(const struct sock *sk)
{
	return sk->sk_state == TCP_SYN_RECV &&
	       rcu_access_pointer(tcp_sk(sk)->fastopen_rsk) != NULL;
}

/*
 * TFO's queue as long as the backlog, at most net.core.somaxconn (whose
 * default, SOMAXCONN, the shim's namespaces keep)
 */
static inline void fastopen_queue_tune(struct sock *sk, int backlog)
{
	struct request_sock_queue *queue = &inet_csk(sk)->icsk_accept_queue;

	WRITE_ONCE(queue->fastopenq.max_qlen, min_t(unsigned int, backlog, SOMAXCONN));
}

/*
 * A kernel user's socket options (lib/tcp.c), as setsockopt() sets them: Nagle
 * and corking (TCP_NAGLE_* in nonagle; switching on pushes what is queued),
 * quick ACKs (pingpong mode), SYN retries, the user timeout, keepalive's
 * idle time, interval and probes (seconds, checked against MAX_TCP_KEEP*;
 * -EINVAL out of range).
 */
void __tcp_sock_set_cork(struct sock *sk, bool on);
void tcp_sock_set_cork(struct sock *sk, bool on);
int tcp_sock_set_keepcnt(struct sock *sk, int val);
int tcp_sock_set_keepidle_locked(struct sock *sk, int val);
int tcp_sock_set_keepidle(struct sock *sk, int val);
int tcp_sock_set_keepintvl(struct sock *sk, int val);
void __tcp_sock_set_nodelay(struct sock *sk, bool on);
void tcp_sock_set_nodelay(struct sock *sk);
void tcp_sock_set_quickack(struct sock *sk, int val);
int tcp_sock_set_syncnt(struct sock *sk, int val);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
int tcp_sock_set_user_timeout(struct sock *sk, int val);
#else
void tcp_sock_set_user_timeout(struct sock *sk, u32 val);
#endif

/* Debian's kernels have BPF sock_ops callbacks */
#define BPF_SOCK_OPS_TEST_FLAG(TP, ARG)	((TP)->bpf_sock_ops_cb_flags & (ARG))


/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/unaligned.h>
#endif
