/* SPDX-License-Identifier: GPL-2.0 */
/* TCP declarations qdiscs include for constants; no TCP stack here. */
#ifndef _TCP_H
#define _TCP_H

#include <linux/tcp.h>
#include <net/sock.h>
#include <net/tcp_states.h>
#include <net/inet_ecn.h>
#include <net/ip.h>
#include <net/ipv6.h>
#include <linux/siphash.h>
#include <linux/udp.h>
#include <linux/unaligned.h>
#include <linux/ktime.h>
#include <linux/jiffies.h>
#include <linux/math64.h>
#include <linux/version.h>

/* TCP option kinds and lengths */
#define TCPOPT_NOP		1
#define TCPOPT_EOL		0
#define TCPOPT_MSS		2
#define TCPOPT_WINDOW		3
#define TCPOPT_SACK_PERM	4
#define TCPOPT_SACK		5
#define TCPOPT_TIMESTAMP	8
#define TCPOPT_MD5SIG		19
#define TCPOPT_MPTCP		30
#define TCPOPT_FASTOPEN		34
#define TCPOPT_EXP		254
#define TCPOPT_FASTOPEN_MAGIC	0xF989
#define TCPOPT_SMC_MAGIC	0xE2D4C3D9

#define TCPOLEN_MSS		4
#define TCPOLEN_WINDOW		3
#define TCPOLEN_SACK_PERM	2
#define TCPOLEN_TIMESTAMP	10
#define TCPOLEN_MD5SIG		18
#define TCPOLEN_FASTOPEN_BASE	2
#define TCPOLEN_EXP_FASTOPEN_BASE 4
#define TCPOLEN_SACK_BASE	2
#define TCPOLEN_SACK_BASE_ALIGNED 4
#define TCPOLEN_SACK_PERBLOCK	8

/* sequence number comparisons modulo 2^32 */
static inline bool before(__u32 seq1, __u32 seq2)
{
	return (__s32)(seq1 - seq2) < 0;
}
#define after(seq2, seq1)	before(seq1, seq2)

static inline bool between(__u32 seq1, __u32 seq2, __u32 seq3)
{
	return seq3 - seq2 >= seq1 - seq2;
}

#define MAX_TCP_HEADER	320
#define MAX_TCP_OPTION_SPACE	40
#define TCP_MIN_SND_MSS		48
#define TCP_MIN_GSO_SIZE	(TCP_MIN_SND_MSS - MAX_TCP_OPTION_SPACE)
#define MAX_TCP_WINDOW		32767U
#define TCP_MIN_MSS		88U
#define TCP_BASE_MSS		1024
#define TCP_PROBE_INTERVAL	600
#define TCP_PROBE_THRESHOLD	8
#define TCP_FASTRETRANS_THRESH	3
#define TCP_MAX_QUICKACKS	16U
#define TCP_MAX_WSCALE		14U
#define TCP_URG_VALID		0x0100
#define TCP_URG_NOTYET		0x0200
#define TCP_URG_READ		0x0400
#define TCP_RETR1		3
#define TCP_RETR2		15
#define TCP_SYN_RETRIES		6
#define TCP_SYNACK_RETRIES	5
#define TCP_TIMEWAIT_LEN	(60 * HZ)
#define TCP_FIN_TIMEOUT		TCP_TIMEWAIT_LEN
#define TCP_FIN_TIMEOUT_MAX	(120 * HZ)
#define TCP_DELACK_MAX		((unsigned int)(HZ / 5))
#define TCP_DELACK_MIN		((unsigned int)(HZ / 25))
#define TCP_ATO_MIN		((unsigned int)(HZ / 25))
#define TCP_RTO_MAX		((unsigned int)(120 * HZ))
#define TCP_RTO_MIN		((unsigned int)(HZ / 5))
#define TCP_TIMEOUT_MIN		(2U)
#define TCP_TIMEOUT_MIN_US	(2 * USEC_PER_MSEC)
#define TCP_TIMEOUT_INIT	((unsigned int)(1 * HZ))
#define TCP_TIMEOUT_FALLBACK	((unsigned int)(3 * HZ))
#define TCP_RESOURCE_PROBE_INTERVAL ((unsigned int)(HZ / 2U))
#define TCP_KEEPALIVE_TIME	(120 * 60 * HZ)
#define TCP_KEEPALIVE_PROBES	9
#define TCP_KEEPALIVE_INTVL	(75 * HZ)
#define MAX_TCP_KEEPIDLE	32767
#define MAX_TCP_KEEPINTVL	32767
#define MAX_TCP_KEEPCNT		127
#define MAX_TCP_SYNCNT		127
#define TCP_SYNQ_INTERVAL	(HZ / 5)
#define TCP_PAWS_24DAYS		(60 * 60 * 24 * 24)
#define TCP_PAWS_MSL		60
#define TCP_PAWS_WINDOW		1
#define TCP_INIT_CWND		10
#define TCP_INFINITE_SSTHRESH	0x7fffffff
#define TCP_MSS_DEFAULT		536U

/* TCP header flags in the byte after the header length (tcp_flag_byte()) */
#define TCPHDR_FIN	0x01
#define TCPHDR_SYN	0x02
#define TCPHDR_RST	0x04
#define TCPHDR_PSH	0x08
#define TCPHDR_ACK	0x10
#define TCPHDR_URG	0x20
#define TCPHDR_ECE	0x40
#define TCPHDR_CWR	0x80
#define TCPHDR_SYN_ECN	(TCPHDR_SYN | TCPHDR_ECE | TCPHDR_CWR)

#define tcp_flag_byte(th)	(((u_int8_t *)th)[13])

/* tcp_sock's ecn_flags */
#define TCP_ECN_OK		1
#define TCP_ECN_QUEUE_CWR	2
#define TCP_ECN_DEMAND_CWR	4
#define TCP_ECN_SEEN		8

#define TCPOLEN_TSTAMP_ALIGNED		12
#define TCPOLEN_WSCALE_ALIGNED		4
#define TCPOLEN_SACKPERM_ALIGNED	4
#define TCPOLEN_MSS_ALIGNED		4
#define TCPOLEN_MD5SIG_ALIGNED		20
#define TCPOLEN_EXP_SMC_BASE		6
#define TCPOLEN_EXP_SMC_BASE_ALIGNED	8

/* the virtual clock behind TCP's timestamps: ktime_get_ns() */
static inline u64 tcp_clock_ns(void)
{
	return ktime_get_ns();
}

static inline u64 tcp_clock_us(void)
{
	return div_u64(tcp_clock_ns(), NSEC_PER_USEC);
}

#define tcp_jiffies32	((u32)jiffies)
#define TCP_TS_HZ	1000	/* the TS option's clock: milliseconds */

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
static inline u64 tcp_clock_ms(void)
{
	return div_u64(tcp_clock_ns(), NSEC_PER_MSEC);
}

/* the TS option's clock: microseconds on a tcp_usec_ts connection */
static inline u32 tcp_clock_ts(bool usec_ts)
{
	return usec_ts ? tcp_clock_us() : tcp_clock_ms();
}

static inline u32 tcp_time_stamp_ms(const struct tcp_sock *tp)
{
	return div_u64(tp->tcp_mstamp, USEC_PER_MSEC);
}

static inline u32 tcp_time_stamp_ts(const struct tcp_sock *tp)
{
	if (tp->tcp_usec_ts)
		return tp->tcp_mstamp;
	return tcp_time_stamp_ms(tp);
}

static inline u64 tcp_ns_to_ts(bool usec_ts, u64 val)
{
	return div_u64(val, usec_ts ? NSEC_PER_USEC : NSEC_PER_MSEC);
}
#else
static inline u64 tcp_ns_to_ts(u64 ns)
{
	return div_u64(ns, NSEC_PER_SEC / TCP_TS_HZ);
}

/* the connection's last clock reading in TCP_TS_HZ units */
static inline u32 tcp_time_stamp(const struct tcp_sock *tp)
{
	return div_u64(tp->tcp_mstamp, USEC_PER_SEC / TCP_TS_HZ);
}

static inline u32 tcp_time_stamp_raw(void)
{
	return tcp_ns_to_ts(tcp_clock_ns());
}
#endif

/* microseconds from t0 to t1, 0 if the clock went back */
static inline u32 tcp_stamp_us_delta(u64 t1, u64 t0)
{
	return max_t(s64, t1 - t0, 0);
}

static inline u64 tcp_skb_timestamp_us(const struct sk_buff *skb)
{
	return div_u64(skb->skb_mstamp_ns, NSEC_PER_USEC);
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
static inline u32 tcp_skb_timestamp_ts(bool usec_ts, const struct sk_buff *skb)
{
	if (usec_ts)
		return tcp_skb_timestamp_us(skb);
	return div_u64(skb->skb_mstamp_ns, NSEC_PER_MSEC);
}
#else
static inline u32 tcp_skb_timestamp(const struct sk_buff *skb)
{
	return tcp_ns_to_ts(skb->skb_mstamp_ns);
}
#endif

/* tcp_skb_cb's sacked bits */
#define TCPCB_SACKED_ACKED	0x01
#define TCPCB_SACKED_RETRANS	0x02
#define TCPCB_LOST		0x04
#define TCPCB_TAGBITS		0x07
#define TCPCB_REPAIRED		0x10
#define TCPCB_EVER_RETRANS	0x80
#define TCPCB_RETRANS		(TCPCB_SACKED_RETRANS | TCPCB_EVER_RETRANS | TCPCB_REPAIRED)
#define TCPCB_DELIVERED_CE_MASK	((1U << 20) - 1)

/*
 * TCP's control block in skb->cb[] of a segment TCP built: its sequence
 * range, segment count (tcp_skb_pcount()) and the delivery state the rate
 * sampler keeps. The receive side's IP options (header) are not modelled.
 */
struct tcp_skb_cb {
	__u32	seq;
	__u32	end_seq;
	union {
		__u32	tcp_tw_isn;
		struct {
			u16	tcp_gso_segs;
			u16	tcp_gso_size;
		};
	};
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	__u16	tcp_flags;
#else
	__u8	tcp_flags;
#endif
	__u8	sacked;
	__u8	ip_dsfield;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	__u8	txstamp_ack : 2,
		eor : 1,
		has_rxtstamp : 1,
		unused : 4;
#else
	__u8	txstamp_ack : 1,
		eor : 1,
		has_rxtstamp : 1,
		unused : 5;
#endif
	__u32	ack_seq;
	union {
		struct {
			__u32	is_app_limited : 1,
				delivered_ce : 20,
				unused : 11;
			__u32	delivered;
			u64	first_tx_mstamp;
			u64	delivered_mstamp;
		} tx;
	};
};

#define TCP_SKB_CB(__skb)	((struct tcp_skb_cb *)&((__skb)->cb[0]))

/* the segments a (GSO) packet of TCP's counts for */
static inline int tcp_skb_pcount(const struct sk_buff *skb)
{
	return TCP_SKB_CB(skb)->tcp_gso_segs;
}

static inline void tcp_skb_pcount_set(struct sk_buff *skb, int segs)
{
	TCP_SKB_CB(skb)->tcp_gso_segs = segs;
}

static inline void tcp_skb_pcount_add(struct sk_buff *skb, int segs)
{
	TCP_SKB_CB(skb)->tcp_gso_segs += segs;
}

/* the MSS a packet was cut at */
static inline int tcp_skb_mss(const struct sk_buff *skb)
{
	return TCP_SKB_CB(skb)->tcp_gso_size;
}

static inline bool tcp_skb_can_collapse_to(const struct sk_buff *skb)
{
	return likely(!TCP_SKB_CB(skb)->eor);
}

/* segments SACKed or lost: out of the network */
static inline unsigned int tcp_left_out(const struct tcp_sock *tp)
{
	return tp->sacked_out + tp->lost_out;
}

/* the segments still in the network (RFC 6675's pipe) */
static inline unsigned int tcp_packets_in_flight(const struct tcp_sock *tp)
{
	return tp->packets_out - tcp_left_out(tp) + tp->retrans_out;
}

static inline bool tcp_in_slow_start(const struct tcp_sock *tp)
{
	return tcp_snd_cwnd(tp) < tp->snd_ssthresh;
}

static inline bool tcp_in_initial_slowstart(const struct tcp_sock *tp)
{
	return tp->snd_ssthresh >= TCP_INFINITE_SSTHRESH;
}

static inline bool tcp_in_cwnd_reduction(const struct sock *sk)
{
	return (TCPF_CA_CWR | TCPF_CA_Recovery) & (1 << inet_csk(sk)->icsk_ca_state);
}

/* the threshold, or 3/4 of cwnd when that is higher and no reduction runs */
static inline __u32 tcp_current_ssthresh(const struct sock *sk)
{
	const struct tcp_sock *tp = tcp_sk(sk);

	if (tcp_in_cwnd_reduction(sk))
		return tp->snd_ssthresh;
	return max(tp->snd_ssthresh, (tcp_snd_cwnd(tp) >> 1) + (tcp_snd_cwnd(tp) >> 2));
}

/* cwnd limited sending: in slow start, while cwnd < twice the most sent */
static inline bool tcp_is_cwnd_limited(const struct sock *sk)
{
	const struct tcp_sock *tp = tcp_sk(sk);

	if (tp->is_cwnd_limited)
		return true;
	if (tcp_in_slow_start(tp))
		return tcp_snd_cwnd(tp) < 2 * tp->max_packets_out;
	return false;
}

static inline bool tcp_is_sack(const struct tcp_sock *tp)
{
	return likely(tp->rx_opt.sack_ok);
}

static inline bool tcp_is_reno(const struct tcp_sock *tp)
{
	return !tcp_is_sack(tp);
}

static inline bool tcp_ca_needs_ecn(const struct sock *sk);

/* the end of the send window */
static inline u32 tcp_wnd_end(const struct tcp_sock *tp)
{
	return tp->snd_una + tp->snd_wnd;
}

/* what is left of the advertised receive window */
static inline u32 tcp_receive_window(const struct tcp_sock *tp)
{
	s32 win = tp->rcv_wup + tp->rcv_wnd - tp->rcv_nxt;

	if (win < 0)
		win = 0;
	return (u32)win;
}

static inline void tcp_init_wl(struct tcp_sock *tp, u32 seq)
{
	tp->snd_wl1 = seq;
}

static inline void tcp_update_wl(struct tcp_sock *tp, u32 seq)
{
	tp->snd_wl1 = seq;
}

/* the last segment's send time advanced by its pacing */
static inline bool tcp_needs_internal_pacing(const struct sock *sk)
{
	return smp_load_acquire(&sk->sk_pacing_status) == SK_PACING_NEEDED;
}

/* congestion control */
#define TCP_CA_NAME_MAX		16
#define TCP_CA_MAX		128
#define TCP_CA_BUF_MAX		(TCP_CA_NAME_MAX * TCP_CA_MAX)
#define TCP_CA_UNSPEC		0

#define TCP_CONG_NON_RESTRICTED	0x1	/* any user may select it */
#define TCP_CONG_NEEDS_ECN	0x2
#define TCP_CONG_MASK		(TCP_CONG_NON_RESTRICTED | TCP_CONG_NEEDS_ECN)

enum tcp_ca_event {
	CA_EVENT_TX_START,
	CA_EVENT_CWND_RESTART,
	CA_EVENT_COMPLETE_CWR,
	CA_EVENT_LOSS,
	CA_EVENT_ECN_NO_CE,
	CA_EVENT_ECN_IS_CE,
};

enum tcp_ca_ack_event_flags {
	CA_ACK_SLOWPATH		= (1 << 0),
	CA_ACK_WIN_UPDATE	= (1 << 1),
	CA_ACK_ECE		= (1 << 2),
};

/* what pkts_acked() is told of an ACK */
struct ack_sample {
	u32 pkts_acked;
	s32 rtt_us;
	u32 in_flight;
};

/* a delivery rate sample (tcp_rate.c) for cong_control() */
struct rate_sample {
	u64	prior_mstamp;
	u32	prior_delivered;
	u32	prior_delivered_ce;
	s32	delivered;
	s32	delivered_ce;
	long	interval_us;
	u32	snd_interval_us;
	u32	rcv_interval_us;
	long	rtt_us;
	int	losses;
	u32	acked_sacked;
	u32	prior_in_flight;
	u32	last_end_seq;
	bool	is_app_limited;
	bool	is_retrans;
	bool	is_ack_delayed;
};

union tcp_cc_info;

struct tcp_congestion_ops {
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	void (*cong_avoid)(struct sock *sk, u32 ack, u32 acked);
	void (*cong_control)(struct sock *sk, u32 ack, int flag, const struct rate_sample *rs);
	u32 (*ssthresh)(struct sock *sk);
	void (*set_state)(struct sock *sk, u8 new_state);
	void (*cwnd_event)(struct sock *sk, enum tcp_ca_event ev);
	void (*cwnd_event_tx_start)(struct sock *sk);
	void (*in_ack_event)(struct sock *sk, u32 flags);
	void (*pkts_acked)(struct sock *sk, const struct ack_sample *sample);
	u32 (*min_tso_segs)(struct sock *sk);
#else
	u32 (*ssthresh)(struct sock *sk);
	void (*cong_avoid)(struct sock *sk, u32 ack, u32 acked);
	void (*set_state)(struct sock *sk, u8 new_state);
	void (*cwnd_event)(struct sock *sk, enum tcp_ca_event ev);
	void (*in_ack_event)(struct sock *sk, u32 flags);
	void (*pkts_acked)(struct sock *sk, const struct ack_sample *sample);
	u32 (*min_tso_segs)(struct sock *sk);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	void (*cong_control)(struct sock *sk, u32 ack, int flag, const struct rate_sample *rs);
#else
	void (*cong_control)(struct sock *sk, const struct rate_sample *rs);
#endif
#endif
	u32 (*undo_cwnd)(struct sock *sk);
	u32 (*sndbuf_expand)(struct sock *sk);
	size_t (*get_info)(struct sock *sk, u32 ext, int *attr, union tcp_cc_info *info);
	char		name[TCP_CA_NAME_MAX];
	struct module	*owner;
	struct list_head list;
	u32		key;
	u32		flags;
	void (*init)(struct sock *sk);
	void (*release)(struct sock *sk);
} ____cacheline_aligned_in_smp;

/* the registry of congestion controls (lib/tcp_cong.c), reno always in it */
int tcp_register_congestion_control(struct tcp_congestion_ops *type);
void tcp_unregister_congestion_control(struct tcp_congestion_ops *type);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
int tcp_validate_congestion_control(struct tcp_congestion_ops *ca);
#endif
struct tcp_congestion_ops *tcp_ca_find(const char *name);
struct tcp_congestion_ops *tcp_ca_find_key(u32 key);
u32 tcp_ca_get_key_by_name(const char *name, bool *ecn_ca);

u32 tcp_slow_start(struct tcp_sock *tp, u32 acked);
void tcp_cong_avoid_ai(struct tcp_sock *tp, u32 w, u32 acked);
u32 tcp_reno_ssthresh(struct sock *sk);
u32 tcp_reno_undo_cwnd(struct sock *sk);
void tcp_reno_cong_avoid(struct sock *sk, u32 ack, u32 acked);
extern struct tcp_congestion_ops tcp_reno;

static inline bool tcp_ca_needs_ecn(const struct sock *sk)
{
	const struct inet_connection_sock *icsk = inet_csk(sk);

	return icsk->icsk_ca_ops->flags & TCP_CONG_NEEDS_ECN;
}

static inline void tcp_ca_event(struct sock *sk, const enum tcp_ca_event event)
{
	const struct inet_connection_sock *icsk = inet_csk(sk);

	if (icsk->icsk_ca_ops->cwnd_event)
		icsk->icsk_ca_ops->cwnd_event(sk, event);
}

/* TCP's pure ACKs carry a truesize of 2 (tcp_send_ack() marks them so) */
static inline bool skb_is_tcp_pure_ack(const struct sk_buff *skb)
{
	return skb->truesize == 2;
}

static inline void skb_set_tcp_pure_ack(struct sk_buff *skb)
{
	skb->truesize = 2;
}


/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/list.h>
#include <linux/bug.h>
#include <linux/slab.h>
#include <linux/cache.h>
#include <linux/percpu.h>
#include <linux/skbuff.h>
#include <linux/kref.h>
#include <linux/ktime.h>
#include <net/inet_connection_sock.h>
#include <net/checksum.h>
#include <linux/seq_file.h>
#endif
