/* SPDX-License-Identifier: GPL-2.0 */
/* TCP declarations qdiscs include for constants; no TCP stack here. */
#ifndef _TCP_H
#define _TCP_H

#include <linux/bpf.h>	/* the uapi's sock_ops operations (BPF_SOCK_OPS_*) */
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
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
#define TCPOPT_AO		29	/* TCP Authentication Option (RFC 5925) */
#endif
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

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/* 7.x: the AE bit (Accurate ECN) below the byte, flags read as 16 bits */
#define TCPHDR_AE		0x100
#define TCPHDR_FLAGS_MASK	(TCPHDR_FIN | TCPHDR_SYN | TCPHDR_RST | TCPHDR_PSH | \
				 TCPHDR_ACK | TCPHDR_URG | TCPHDR_ECE | TCPHDR_CWR | \
				 TCPHDR_AE)
#define tcp_flags_ntohs(th)	(ntohs(*(__be16 *)&tcp_flag_word(th)) & TCPHDR_FLAGS_MASK)
#define TCPHDR_ACE		(TCPHDR_ECE | TCPHDR_CWR | TCPHDR_AE)
#define TCPHDR_SYNACK_ACCECN	(TCPHDR_SYN | TCPHDR_ACK | TCPHDR_CWR)

/* Accurate ECN: the ACE counter, its option and the counters' initial offsets */
#define TCP_ACCECN_CEP_ACE_MASK		0x7
#define TCP_ACCECN_ACE_MAX_DELTA	6
#define TCP_ACCECN_CEP_INIT_OFFSET	5
#define TCP_ACCECN_E1B_INIT_OFFSET	1
#define TCP_ACCECN_E0B_INIT_OFFSET	1
#define TCP_ACCECN_CEB_INIT_OFFSET	0
#define TCP_ACCECN_OPTION_BEACON	3	/* options sent per RTT */
#define TCPOPT_ACCECN0			172
#define TCPOPT_ACCECN1			174
#define TCPOLEN_ACCECN_BASE		2
#define TCPOLEN_ACCECN_PERFIELD		3
#define TCP_ACCECN_NUMFIELDS		3
#define TCP_ACCECN_MAXSIZE		(TCPOLEN_ACCECN_BASE + \
					 TCPOLEN_ACCECN_PERFIELD * TCP_ACCECN_NUMFIELDS)
#define TCP_ACCECN_SAFETY_SHIFT		1
#endif

#define tcp_flag_byte(th)	(((u_int8_t *)th)[13])

/* tcp_sock's ecn_flags */
#define TCP_ECN_OK		1
#define TCP_ECN_QUEUE_CWR	2
#define TCP_ECN_DEMAND_CWR	4
#define TCP_ECN_SEEN		8
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/* 7.x: ecn_flags' mode bits, RFC 3168 (TCP_ECN_OK's bit) or Accurate ECN */
#define TCP_ECN_MODE_RFC3168	0x01
#define TCP_ECN_MODE_ACCECN	0x10
#define TCP_ECN_DISABLED	0
#define TCP_ECN_MODE_PENDING	(TCP_ECN_MODE_RFC3168 | TCP_ECN_MODE_ACCECN)
#define TCP_ECN_MODE_ANY	(TCP_ECN_MODE_RFC3168 | TCP_ECN_MODE_ACCECN)

static inline bool tcp_ecn_mode_any(const struct tcp_sock *tp)
{
	return tp->ecn_flags & TCP_ECN_MODE_ANY;
}

static inline bool tcp_ecn_mode_rfc3168(const struct tcp_sock *tp)
{
	return (tp->ecn_flags & TCP_ECN_MODE_ANY) == TCP_ECN_MODE_RFC3168;
}

static inline bool tcp_ecn_mode_accecn(const struct tcp_sock *tp)
{
	return (tp->ecn_flags & TCP_ECN_MODE_ANY) == TCP_ECN_MODE_ACCECN;
}

static inline bool tcp_ecn_disabled(const struct tcp_sock *tp)
{
	return !tcp_ecn_mode_any(tp);
}

/* both mode bits while the handshake has not settled on one */
static inline bool tcp_ecn_mode_pending(const struct tcp_sock *tp)
{
	return (tp->ecn_flags & TCP_ECN_MODE_PENDING) == TCP_ECN_MODE_PENDING;
}

static inline void tcp_ecn_mode_set(struct tcp_sock *tp, u8 mode)
{
	tp->ecn_flags &= ~TCP_ECN_MODE_ANY;
	tp->ecn_flags |= mode;
}
#endif

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

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/* the connection's clock cache (ns) and tcp_mstamp (us) read now */
static inline void tcp_mstamp_refresh_inline(struct tcp_sock *tp)
{
	u64 val = tcp_clock_ns();

	tp->tcp_clock_cache = val;
	tp->tcp_mstamp = div_u64(val, NSEC_PER_USEC);
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

/* tcp_skb_cb's sacked bits (6.12 made them an enum) */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
enum tcp_skb_cb_sacked_flags {
	TCPCB_SACKED_ACKED	= (1 << 0),	/* covered by a SACK block */
	TCPCB_SACKED_RETRANS	= (1 << 1),	/* retransmitted, not yet SACKed */
	TCPCB_LOST		= (1 << 2),	/* marked lost */
	TCPCB_TAGBITS		= (TCPCB_SACKED_ACKED | TCPCB_SACKED_RETRANS | TCPCB_LOST),
	TCPCB_REPAIRED		= (1 << 4),	/* sent in repair mode: no skb_mstamp_ns */
	TCPCB_EVER_RETRANS	= (1 << 7),	/* retransmitted at least once */
	TCPCB_RETRANS		= (TCPCB_SACKED_RETRANS | TCPCB_EVER_RETRANS | TCPCB_REPAIRED),
};
#else
#define TCPCB_SACKED_ACKED	0x01
#define TCPCB_SACKED_RETRANS	0x02
#define TCPCB_LOST		0x04
#define TCPCB_TAGBITS		0x07
#define TCPCB_REPAIRED		0x10
#define TCPCB_EVER_RETRANS	0x80
#define TCPCB_RETRANS		(TCPCB_SACKED_RETRANS | TCPCB_EVER_RETRANS | TCPCB_REPAIRED)
#endif
#define TCPCB_DELIVERED_CE_MASK	((1U << 20) - 1)

/*
 * TCP's control block in skb->cb[] of a segment TCP built: its sequence
 * range, segment count (tcp_skb_pcount()) and the delivery state the rate
 * sampler keeps; a received segment's IP control block moved into header.
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
#define TSTAMP_ACK_SK	0x1	/* txstamp_ack: the socket wants the ACK's timestamp */
#define TSTAMP_ACK_BPF	0x2	/* ... a BPF program does */
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
		} tx;				/* a segment TCP sends */
		union {
			struct inet_skb_parm	h4;
			struct inet6_skb_parm	h6;
		} header;			/* a segment TCP received: its IP layer's cb */
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

/* the input interface of a received IPv6 segment */
static inline int tcp_v6_iif(const struct sk_buff *skb)
{
	return TCP_SKB_CB(skb)->header.h6.iif;
}

/* ... or, received through an L3 master device's slave, the slave's */
static inline int tcp_v6_iif_l3_slave(const struct sk_buff *skb)
{
	bool l3_slave = ipv6_l3mdev_skb(TCP_SKB_CB(skb)->header.h6.flags);

	return l3_slave ? skb->skb_iif : TCP_SKB_CB(skb)->header.h6.iif;
}

/* the L3 slave a segment came in through (0: none), Debian's L3_MASTER_DEV */
static inline int tcp_v6_sdif(const struct sk_buff *skb)
{
	if (skb && ipv6_l3mdev_skb(TCP_SKB_CB(skb)->header.h6.flags))
		return TCP_SKB_CB(skb)->header.h6.iif;
	return 0;
}

static inline int tcp_v4_sdif(struct sk_buff *skb)
{
	if (skb && ipv4_l3mdev_skb(TCP_SKB_CB(skb)->header.h4.flags))
		return TCP_SKB_CB(skb)->header.h4.iif;
	return 0;
}

/* the windowed minimum RTT (us) */
static inline u32 tcp_min_rtt(const struct tcp_sock *tp)
{
	return minmax_get(&tp->rtt_min);
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/* what is left of the largest window advertised (RFC 7323 2.4), never negative */
static inline u32 tcp_max_receive_window(const struct tcp_sock *tp)
{
	s32 win = tp->rcv_mwnd_seq - tp->rcv_nxt;

	if (win < 0)
		win = 0;
	return (u32)win;
}

/* the current window's right edge raises rcv_mwnd_seq, never lowers it */
static inline void tcp_update_max_rcv_wnd_seq(struct tcp_sock *tp)
{
	u32 wre = tp->rcv_wup + tp->rcv_wnd;

	if (after(wre, tp->rcv_mwnd_seq))
		tp->rcv_mwnd_seq = wre;
}
#endif

/* no BPF sock_ops callbacks for the socket any more */
static inline void tcp_clear_sock_ops_cb_flags(struct sock *sk)
{
	tcp_sk_rw(sk)->bpf_sock_ops_cb_flags = 0;
}

/* a path MTU's MSS and back (net/ipv4/tcp_output.c) */
int tcp_mtu_to_mss(struct sock *sk, int pmtu);
int tcp_mss_to_mtu(struct sock *sk, int mss);

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

/*
 * The shim has no net.ipv4 sysctls: the helpers below that read one read its
 * default, as a namespace the kernel creates starts with it.
 */
#define QDK_TCP_FIN_TIMEOUT_DEFAULT	TCP_FIN_TIMEOUT
#define QDK_TCP_ADV_WIN_SCALE_DEFAULT	1
#define QDK_TCP_NOTSENT_LOWAT_DEFAULT	UINT_MAX

#define FASTRETRANS_DEBUG	1

/* tcp_sock's nonagle */
#define TCP_NAGLE_OFF		1	/* TCP_NODELAY */
#define TCP_NAGLE_CORK		2	/* TCP_CORK */
#define TCP_NAGLE_PUSH		4	/* the queued data goes out despite the cork */

#define TCP_THIN_LINEAR_RETRIES	6	/* a thin stream's linear RTOs before backing off */

/* net.ipv4.tcp_recovery's bits */
#define TCP_RACK_LOSS_DETECTION	0x1
#define TCP_RACK_STATIC_REO_WND	0x2
#define TCP_RACK_NO_DUPTHRESH	0x4

#define MAX_SYNCOOKIE_AGE	2
#define TCP_SYNCOOKIE_PERIOD	(60 * HZ)
#define TCP_SYNCOOKIE_VALID	(MAX_SYNCOOKIE_AGE * TCP_SYNCOOKIE_PERIOD)

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
/* the seconds a ts_recent stays valid: a microsecond TSval wraps first */
#define TCP_PAWS_WRAP		(INT_MAX / USEC_PER_SEC)
#endif
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
#define TCP_RTO_MAX_SEC		120
#endif

#define TCP_FASTOPEN_KEY_LENGTH	sizeof(siphash_key_t)
#define TCP_FASTOPEN_KEY_MAX	2
#define TCP_FASTOPEN_KEY_BUF_LENGTH	(TCP_FASTOPEN_KEY_LENGTH * TCP_FASTOPEN_KEY_MAX)

#define TCP_ULP_NAME_MAX	16
#define TCP_ULP_MAX		128
#define TCP_ULP_BUF_MAX		(TCP_ULP_NAME_MAX * TCP_ULP_MAX)

/* an upper layer protocol over TCP (lib/tcp_ulp.c keeps them by name) */
struct tcp_ulp_ops {
	struct list_head	list;
	int (*init)(struct sock *sk);
	void (*update)(struct sock *sk, struct proto *p, void (*write_space)(struct sock *sk));
	void (*release)(struct sock *sk);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	int (*get_info)(struct sock *sk, struct sk_buff *skb, bool net_admin);
	size_t (*get_info_size)(const struct sock *sk, bool net_admin);
#else
	int (*get_info)(struct sock *sk, struct sk_buff *skb);
	size_t (*get_info_size)(const struct sock *sk);
#endif
	void (*clone)(const struct request_sock *req, struct sock *newsk, const gfp_t priority);
	char		name[TCP_ULP_NAME_MAX];
	struct module	*owner;
};

int tcp_register_ulp(struct tcp_ulp_ops *type);
void tcp_unregister_ulp(struct tcp_ulp_ops *type);
void tcp_get_available_ulp(char *buf, size_t len);

#define MODULE_ALIAS_TCP_ULP(name)	MODULE_ALIAS("tcp-ulp-" name)

/* segment and connection helpers (lib/tcp_input.c, lib/tcp.c, lib/tcp_timer.c) */
u16 tcp_parse_mss_option(const struct tcphdr *th, u16 user_mss);
void tcp_initialize_rcv_mss(struct sock *sk);
void tcp_rate_check_app_limited(struct sock *sk);
void tcp_set_keepalive(struct sock *sk, int val);
int tcp_peek_len(struct socket *sock);

enum tcp_tw_status {
	TCP_TW_SUCCESS = 0,
	TCP_TW_RST = 1,
	TCP_TW_ACK = 2,
	TCP_TW_SYN = 3,
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	TCP_TW_ACK_OOW = 4,
#endif
};

enum tcp_synack_type {
	TCP_SYNACK_NORMAL,
	TCP_SYNACK_FASTOPEN,
	TCP_SYNACK_COOKIE,
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	TCP_SYNACK_RETRANS,
#endif
};

/* which queue tcp_fragment() cuts a packet of */
enum tcp_queue {
	TCP_FRAG_IN_WRITE_QUEUE,
	TCP_FRAG_IN_RTX_QUEUE,
};

enum tcp_seq_states {
	TCP_SEQ_STATE_LISTENING,
	TCP_SEQ_STATE_ESTABLISHED,
};

/* what limits the sender, timed in tcp_sock's chrono_stat[type - 1] */
enum tcp_chrono {
	TCP_CHRONO_UNSPEC,
	TCP_CHRONO_BUSY,		/* data in flight or queued */
	TCP_CHRONO_RWND_LIMITED,	/* the peer's window */
	TCP_CHRONO_SNDBUF_LIMITED,	/* the send buffer */
	__TCP_CHRONO_MAX,
};

/* the time of the chrono running so far added to its stat, new started */
static inline void tcp_chrono_set(struct tcp_sock *tp, const enum tcp_chrono new)
{
	const u32 now = tcp_jiffies32;
	enum tcp_chrono old = tp->chrono_type;

	if (old > TCP_CHRONO_UNSPEC)
		WRITE_ONCE(tp->chrono_stat[old - 1],
			   tp->chrono_stat[old - 1] + now - tp->chrono_start);
	WRITE_ONCE(tp->chrono_start, now);
	tp->chrono_type = new;	/* a bit-field before 7.x */
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/* a higher chrono type replaces the one running, a lower one waits */
static inline void tcp_chrono_start(struct sock *sk, const enum tcp_chrono type)
{
	struct tcp_sock *tp = tcp_sk_rw(sk);

	if (type > tp->chrono_type)
		tcp_chrono_set(tp, type);
}
#else
void tcp_chrono_start(struct sock *sk, const enum tcp_chrono type);
#endif
void tcp_chrono_stop(struct sock *sk, const enum tcp_chrono type);

/* the packets SACKed or lost never outnumber those out */
#define tcp_verify_left_out(tp)	WARN_ON(tcp_left_out(tp) > (tp)->packets_out)

/* sent later, or at the same time with a later sequence */
static inline bool tcp_skb_sent_after(u64 t1, u64 t2, u32 seq1, u32 seq2)
{
	return t1 > t2 || (t1 == t2 && after(seq1, seq2));
}

/* a thin stream: too few packets out for fast retransmit, past slow start */
static inline bool tcp_stream_is_thin(struct tcp_sock *tp)
{
	return tp->packets_out < 4 && !tcp_in_initial_slowstart(tp);
}

/* a packet no larger than half the peer's largest window (all of a tiny one) */
static inline int tcp_bound_to_half_wnd(struct tcp_sock *tp, int pktsize)
{
	int cutoff = tp->max_window > TCP_MSS_DEFAULT ? tp->max_window >> 1 : tp->max_window;

	if (cutoff && pktsize > cutoff)
		return max_t(int, cutoff, 68U - tp->tcp_header_len);
	return pktsize;
}

/* the TSO burst tcp_tso_should_defer() waits for, in MSS */
static inline __u32 tcp_max_tso_deferred_mss(const struct tcp_sock *tp)
{
	return 3;
}

/* the write queue: packets not sent yet (sk_write_queue) */
static inline bool tcp_write_queue_empty(const struct sock *sk)
{
	const struct tcp_sock *tp = tcp_sk(sk);

	return tp->write_seq == tp->snd_nxt;
}

static inline struct sk_buff *tcp_write_queue_tail(const struct sock *sk)
{
	return skb_peek_tail(&sk->sk_write_queue);
}

static inline struct sk_buff *tcp_send_head(const struct sock *sk)
{
	return skb_peek(&sk->sk_write_queue);
}

/* the output path (not modelled: a shim socket has no route to send on) */
unsigned int tcp_current_mss(struct sock *sk);
void __tcp_push_pending_frames(struct sock *sk, unsigned int cur_mss, int nonagle);
void tcp_cleanup_rbuf(struct sock *sk, int copied);

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/* the keepalive timer fires timeout jiffies from now (lib/tcp.c) */
void tcp_reset_keepalive_timer(struct sock *sk, unsigned long timeout);
#endif

/* send what the write queue holds, if anything */
static inline void tcp_push_pending_frames(struct sock *sk)
{
	if (tcp_send_head(sk)) {
		struct tcp_sock *tp = tcp_sk(sk);

		__tcp_push_pending_frames(sk, tcp_current_mss(sk), tp->nonagle);
	}
}

/* the write queue from skb on, skb may be unlinked on the way */
#define tcp_for_write_queue_from_safe(skb, tmp, sk)			\
	skb_queue_walk_from_safe(&(sk)->sk_write_queue, skb, tmp)

static inline bool tcp_skb_is_last(const struct sock *sk, const struct sk_buff *skb)
{
	return skb_queue_is_last(&sk->sk_write_queue, skb);
}

/* the retransmit queue: packets sent and not acknowledged, by sequence */
static inline struct sk_buff *tcp_rtx_queue_head(const struct sock *sk)
{
	return skb_rb_first(&sk->tcp_rtx_queue);
}

static inline struct sk_buff *tcp_rtx_queue_tail(const struct sock *sk)
{
	return skb_rb_last(&sk->tcp_rtx_queue);
}

static inline bool tcp_rtx_queue_empty(const struct sock *sk)
{
	return RB_EMPTY_ROOT(&sk->tcp_rtx_queue);
}

static inline bool tcp_rtx_and_write_queues_empty(const struct sock *sk)
{
	return tcp_rtx_queue_empty(sk) && tcp_write_queue_empty(sk);
}

/* the first packet queued starts the busy chrono */
static inline void tcp_add_write_queue_tail(struct sock *sk, struct sk_buff *skb)
{
	__skb_queue_tail(&sk->sk_write_queue, skb);
	if (sk->sk_write_queue.next == skb)
		tcp_chrono_start(sk, TCP_CHRONO_BUSY);
}

static inline void tcp_insert_write_queue_before(struct sk_buff *new, struct sk_buff *skb,
						 struct sock *sk)
{
	__skb_queue_before(&sk->sk_write_queue, skb, new);
}

/*
 * A packet of the retransmit queue keeps its place in the tsorted list in
 * the room of its destructor and dst: cleared when it leaves that queue.
 */
static inline void tcp_skb_tsorted_anchor_cleanup(struct sk_buff *skb)
{
	skb->destructor = NULL;
	skb->_skb_refdst = 0UL;
}

#define tcp_skb_tsorted_save(skb) {			\
	unsigned long _save = (skb)->_skb_refdst;	\
	(skb)->_skb_refdst = 0UL;

#define tcp_skb_tsorted_restore(skb)			\
	(skb)->_skb_refdst = _save;			\
}

/* a sent packet's memory back to the socket (and its pool) as it is freed */
static inline void tcp_wmem_free_skb(struct sock *sk, struct sk_buff *skb)
{
	sk_wmem_queued_add(sk, -skb->truesize);
	if (!skb_zcopy_pure(skb))
		sk_mem_uncharge(sk, skb->truesize);
	else
		sk_mem_uncharge(sk, SKB_TRUESIZE(skb_end_offset(skb)));
	__kfree_skb(skb);
}

/* acknowledged (or collapsed): out of the retransmit queue's tree */
static inline void tcp_rtx_queue_unlink(struct sk_buff *skb, struct sock *sk)
{
	tcp_skb_tsorted_anchor_cleanup(skb);
	rb_erase(&skb->rbnode, &sk->tcp_rtx_queue);
}

static inline void tcp_rtx_queue_unlink_and_free(struct sk_buff *skb, struct sock *sk)
{
	list_del(&skb->tcp_tsorted_anchor);
	tcp_rtx_queue_unlink(skb, sk);
	tcp_wmem_free_skb(sk, skb);
}

static inline void tcp_unlink_write_queue(struct sk_buff *skb, struct sock *sk)
{
	tcp_skb_tsorted_anchor_cleanup(skb);
	__skb_unlink(skb, &sk->sk_write_queue);
}

/* the packet after the highest SACKed one (NULL: none past it) */
static inline struct sk_buff *tcp_highest_sack(struct sock *sk)
{
	return tcp_sk(sk)->highest_sack;
}

static inline void tcp_advance_highest_sack(struct sock *sk, struct sk_buff *skb)
{
	tcp_sk_rw(sk)->highest_sack = skb_rb_next(skb);
}

/* snd_una with nothing SACKed, snd_nxt when all past the highest SACK went */
static inline u32 tcp_highest_sack_seq(struct tcp_sock *tp)
{
	if (!tp->sacked_out)
		return tp->snd_una;
	if (!tp->highest_sack)
		return tp->snd_nxt;
	return TCP_SKB_CB(tp->highest_sack)->seq;
}

static inline void tcp_highest_sack_reset(struct sock *sk)
{
	tcp_sk_rw(sk)->highest_sack = tcp_rtx_queue_head(sk);
}

/* the hint follows a packet that another (a collapse) replaces */
static inline void tcp_highest_sack_replace(struct sock *sk, struct sk_buff *old,
					    struct sk_buff *new)
{
	if (old == tcp_highest_sack(sk))
		tcp_sk_rw(sk)->highest_sack = new;
}

#if LINUX_VERSION_CODE < KERNEL_VERSION(7, 3, 0)
static inline void tcp_clear_retrans_hints_partial(struct tcp_sock *tp)
{
	tp->lost_skb_hint = NULL;
}

static inline void tcp_clear_all_retrans_hints(struct tcp_sock *tp)
{
	tcp_clear_retrans_hints_partial(tp);
	tp->retransmit_skb_hint = NULL;
}
#else
static inline void tcp_clear_all_retrans_hints(struct tcp_sock *tp)
{
	tp->retransmit_skb_hint = NULL;
}
#endif

static inline void tcp_sack_reset(struct tcp_options_received *rx_opt)
{
	rx_opt->dsack = 0;
	rx_opt->num_sacks = 0;
}

/* a received packet counts for its GSO segments, data ones apart */
static inline void tcp_segs_in(struct tcp_sock *tp, const struct sk_buff *skb)
{
	u16 segs_in = max_t(u16, 1, skb_shinfo(skb)->gso_segs);

	WRITE_ONCE(tp->segs_in, tp->segs_in + segs_in);
	if (skb->len > tcp_hdrlen(skb))
		WRITE_ONCE(tp->data_segs_in, tp->data_segs_in + segs_in);
}

/* an ACK sent in quick ACK mode: the last one leaves it, ato back at its floor */
static inline void tcp_dec_quickack_mode(struct sock *sk)
{
	struct inet_connection_sock *icsk = inet_csk(sk);

	if (icsk->icsk_ack.quick) {
		const unsigned int pkts = inet_csk_ack_scheduled(sk) ? 1 : 0;

		if (pkts >= icsk->icsk_ack.quick) {
			icsk->icsk_ack.quick = 0;
			icsk->icsk_ack.ato = TCP_ATO_MIN;
		} else {
			icsk->icsk_ack.quick -= pkts;
		}
	}
}

/* header prediction: a pure ACK-flagged segment of our header length and window */
static inline void __tcp_fast_path_on(struct tcp_sock *tp, u32 snd_wnd)
{
	tp->pred_flags = htonl((tp->tcp_header_len << 26) | ntohl(TCP_FLAG_ACK) | snd_wnd);
}

static inline void tcp_fast_path_on(struct tcp_sock *tp)
{
	__tcp_fast_path_on(tp, tp->snd_wnd >> tp->rx_opt.snd_wscale);
}

/* header prediction on unless out-of-order data, a zero window, a full buffer or URG */
static inline void tcp_fast_path_check(struct sock *sk)
{
	struct tcp_sock *tp = tcp_sk_rw(sk);

	if (RB_EMPTY_ROOT(&tp->out_of_order_queue) && tp->rcv_wnd &&
	    atomic_read(&sk->sk_rmem_alloc) < sk->sk_rcvbuf && !tp->urg_data)
		tcp_fast_path_on(tp);
}

/* the IPv4 pseudo header's checksum folded with base */
static inline __sum16 tcp_v4_check(int len, __be32 saddr, __be32 daddr, __wsum base)
{
	return csum_tcpudp_magic(saddr, daddr, len, IPPROTO_TCP, base);
}

/* the checksum left for the device to finish (CHECKSUM_PARTIAL) */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
static inline void __tcp_v4_send_check(struct sk_buff *skb, __be32 saddr, __be32 daddr)
{
	struct tcphdr *th = tcp_hdr(skb);

	th->check = ~tcp_v4_check(skb->len, saddr, daddr, 0);
	skb->csum_start = skb_transport_header(skb) - skb->head;
	skb->csum_offset = offsetof(struct tcphdr, check);
}
#else
void __tcp_v4_send_check(struct sk_buff *skb, __be32 saddr, __be32 daddr);
void tcp_v4_send_check(struct sock *sk, struct sk_buff *skb);
#endif

/* nonzero when a segment whose checksum the device did not verify is bad */
static inline bool tcp_checksum_complete(struct sk_buff *skb)
{
	return !skb_csum_unnecessary(skb) && __skb_checksum_complete(skb);
}

/* the SYN cookie's clock: TCP_SYNCOOKIE_PERIOD ticks of jiffies_64 */
static inline u32 tcp_cookie_time(void)
{
	u64 val = get_jiffies_64();

	do_div(val, TCP_SYNCOOKIE_PERIOD);
	return val;
}

/* RFC 6298's RTO from the smoothed RTT (<< 3) and its variance, in jiffies */
static inline u32 __tcp_set_rto(const struct tcp_sock *tp)
{
	return usecs_to_jiffies((tp->srtt_us >> 3) + tp->rttvar_us);
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/* the connection's RTO ceiling (TCP_RTO_MAX_MS), TCP_RTO_MAX unless set */
static inline unsigned int tcp_rto_max(const struct sock *sk)
{
	return READ_ONCE(inet_csk(sk)->icsk_rto_max);
}

static inline void tcp_bound_rto(struct sock *sk)
{
	inet_csk(sk)->icsk_rto = min(inet_csk(sk)->icsk_rto, tcp_rto_max(sk));
}
#elif LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
static inline void tcp_bound_rto(struct sock *sk)
{
	if (inet_csk(sk)->icsk_rto > TCP_RTO_MAX)
		inet_csk(sk)->icsk_rto = TCP_RTO_MAX;
}
#else
static inline void tcp_bound_rto(const struct sock *sk)
{
	if (inet_csk(sk)->icsk_rto > TCP_RTO_MAX)
		inet_csk(sk)->icsk_rto = TCP_RTO_MAX;
}
#endif

/* the microseconds until the RTO of the oldest packet out fires */
static inline s64 tcp_rto_delta_us(const struct sock *sk)
{
	const struct sk_buff *skb = tcp_rtx_queue_head(sk);
	u32 rto = inet_csk(sk)->icsk_rto;

	if (likely(skb)) {
		u64 rto_time_stamp_us = tcp_skb_timestamp_us(skb) + jiffies_to_usecs(rto);

		return rto_time_stamp_us - tcp_sk(sk)->tcp_mstamp;
	}
	WARN_ONCE(1, "rtx queue empty: out:%u sacked:%u lost:%u retrans:%u\n",
		  tcp_sk(sk)->packets_out, tcp_sk(sk)->sacked_out,
		  tcp_sk(sk)->lost_out, tcp_sk(sk)->retrans_out);
	return jiffies_to_usecs(rto);
}

/* the zero window probe's interval before backoff: the RTO, TCP_RTO_MIN at least */
static inline unsigned long tcp_probe0_base(const struct sock *sk)
{
	return max_t(unsigned long, inet_csk(sk)->icsk_rto, TCP_RTO_MIN);
}

/* inet_csk_rto_backoff() for probes: the backoff capped where it passes TCP_RTO_MAX */
static inline unsigned long tcp_probe0_when(const struct sock *sk, unsigned long max_when)
{
	u8 backoff = min_t(u8, ilog2(TCP_RTO_MAX / TCP_RTO_MIN) + 1,
			   inet_csk(sk)->icsk_backoff);
	u64 when = (u64)tcp_probe0_base(sk) << backoff;

	return (unsigned long)min_t(u64, when, max_when);
}

/* the jiffies until the next departure EDT allows, from the cached clock */
static inline unsigned long tcp_pacing_delay(const struct sock *sk)
{
	s64 delay = tcp_sk(sk)->tcp_wstamp_ns - tcp_sk(sk)->tcp_clock_cache;

	return delay > 0 ? nsecs_to_jiffies(delay) : 0;
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/* a connection timer, later by the pacing delay if asked, at most tcp_rto_max() */
static inline void tcp_reset_xmit_timer(struct sock *sk, const int what, unsigned long when,
					bool pace_delay)
{
	if (pace_delay)
		when += tcp_pacing_delay(sk);
	inet_csk_reset_xmit_timer(sk, what, when, tcp_rto_max(sk));
}

static inline void tcp_check_probe_timer(struct sock *sk)
{
	if (!tcp_sk(sk)->packets_out && !inet_csk(sk)->icsk_pending)
		tcp_reset_xmit_timer(sk, ICSK_TIME_PROBE0, tcp_probe0_base(sk), true);
}
#else
/* a connection timer, later by the pacing delay, at most max_when */
static inline void tcp_reset_xmit_timer(struct sock *sk, const int what, unsigned long when,
					const unsigned long max_when)
{
	inet_csk_reset_xmit_timer(sk, what, when + tcp_pacing_delay(sk), max_when);
}

/* nothing out and no timer pending: the zero window probe timer armed */
static inline void tcp_check_probe_timer(struct sock *sk)
{
	if (!tcp_sk(sk)->packets_out && !inet_csk(sk)->icsk_pending)
		tcp_reset_xmit_timer(sk, ICSK_TIME_PROBE0, tcp_probe0_base(sk), TCP_RTO_MAX);
}
#endif

/* PAWS (RFC 7323): the timestamp is acceptable within paws_win of ts_recent */
static inline bool tcp_paws_check(const struct tcp_options_received *rx_opt, int paws_win)
{
	if ((s32)(rx_opt->ts_recent - rx_opt->rcv_tsval) <= paws_win)
		return true;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	if (unlikely(!time_before32(ktime_get_seconds(),
				    rx_opt->ts_recent_stamp + TCP_PAWS_WRAP)))
		return true;
#else
	if (unlikely(!time_before32(ktime_get_seconds(),
				    rx_opt->ts_recent_stamp + TCP_PAWS_24DAYS)))
		return true;
#endif
	/* a peer whose SYN carried TSval 0 */
	if (!rx_opt->ts_recent)
		return true;
	return false;
}

/* a segment PAWS rejects; a RST only while ts_recent is younger than TCP_PAWS_MSL */
static inline bool tcp_paws_reject(const struct tcp_options_received *rx_opt, int rst)
{
	if (tcp_paws_check(rx_opt, 0))
		return false;
	if (rst && !time_before32(ktime_get_seconds(), rx_opt->ts_recent_stamp + TCP_PAWS_MSL))
		return false;
	return true;
}

/* FIN_WAIT2's time: TCP_LINGER2 or the sysctl, at least 3.5 RTOs */
static inline int tcp_fin_time(const struct sock *sk)
{
	int fin_timeout = tcp_sk(sk)->linger2 ? : QDK_TCP_FIN_TIMEOUT_DEFAULT;
	const int rto = inet_csk(sk)->icsk_rto;

	if (fin_timeout < (rto << 2) - (rto >> 1))
		fin_timeout = (rto << 2) - (rto >> 1);
	return fin_timeout;
}

/* keepalive: the socket's option, else the sysctl's default */
static inline int keepalive_intvl_when(const struct tcp_sock *tp)
{
	int val = READ_ONCE(tp->keepalive_intvl);

	return val ? : TCP_KEEPALIVE_INTVL;
}

static inline int keepalive_time_when(const struct tcp_sock *tp)
{
	int val = READ_ONCE(tp->keepalive_time);

	return val ? : TCP_KEEPALIVE_TIME;
}

static inline int keepalive_probes(const struct tcp_sock *tp)
{
	int val = READ_ONCE(tp->keepalive_probes);

	return val ? : TCP_KEEPALIVE_PROBES;
}

/* jiffies since the peer was last heard (an ACK or data) */
static inline u32 keepalive_time_elapsed(const struct tcp_sock *tp)
{
	const struct inet_connection_sock *icsk = &tp->inet_conn;

	return min_t(u32, tcp_jiffies32 - icsk->icsk_ack.lrcvtime,
		     tcp_jiffies32 - tp->rcv_tstamp);
}

/* TCP_NOTSENT_LOWAT, else the sysctl's default (no limit) */
static inline u32 tcp_notsent_lowat(const struct tcp_sock *tp)
{
	u32 val = READ_ONCE(tp->notsent_lowat);

	return val ?: QDK_TCP_NOTSENT_LOWAT_DEFAULT;
}

/* the receive window a space of receive memory allows */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
#define TCP_DEFAULT_SCALING_RATIO	(1 << (TCP_RMEM_TO_WIN_SCALE - 1))

static inline int __tcp_win_from_space(u8 scaling_ratio, int space)
{
	s64 scaled_space = (s64)space * scaling_ratio;

	return scaled_space >> TCP_RMEM_TO_WIN_SCALE;
}

static inline int tcp_win_from_space(const struct sock *sk, int space)
{
	return __tcp_win_from_space(tcp_sk(sk)->scaling_ratio, space);
}

/* the memory a window needs: __tcp_win_from_space() inverted */
static inline int __tcp_space_from_win(u8 scaling_ratio, int win)
{
	u64 val = (u64)win << TCP_RMEM_TO_WIN_SCALE;

	do_div(val, scaling_ratio);
	return val;
}

static inline int tcp_space_from_win(const struct sock *sk, int win)
{
	return __tcp_space_from_win(tcp_sk(sk)->scaling_ratio, win);
}

static inline void tcp_scaling_ratio_init(struct sock *sk)
{
	tcp_sk_rw(sk)->scaling_ratio = TCP_DEFAULT_SCALING_RATIO;
}
#else
/* net.ipv4.tcp_adv_win_scale (default 1: half the space is overhead) */
static inline int tcp_win_from_space(const struct sock *sk, int space)
{
	int tcp_adv_win_scale = QDK_TCP_ADV_WIN_SCALE_DEFAULT;

	return tcp_adv_win_scale <= 0 ? (space >> (-tcp_adv_win_scale)) :
					space - (space >> tcp_adv_win_scale);
}
#endif

/* the window left in the receive buffer (may be negative) */
static inline int tcp_space(const struct sock *sk)
{
	return tcp_win_from_space(sk, READ_ONCE(sk->sk_rcvbuf) -
				  READ_ONCE(sk->sk_backlog.len) -
				  atomic_read(&sk->sk_rmem_alloc));
}

static inline int tcp_full_space(const struct sock *sk)
{
	return tcp_win_from_space(sk, READ_ONCE(sk->sk_rcvbuf));
}

/* rcv_ssthresh down to new_ssthresh, up to what unused reserved memory allows */
static inline void __tcp_adjust_rcv_ssthresh(struct sock *sk, u32 new_ssthresh)
{
	int unused_mem = sk_unused_reserved_mem(sk);
	struct tcp_sock *tp = tcp_sk_rw(sk);

	tp->rcv_ssthresh = min(tp->rcv_ssthresh, new_ssthresh);
	if (unused_mem)
		tp->rcv_ssthresh = max_t(u32, tp->rcv_ssthresh,
					 tcp_win_from_space(sk, unused_mem));
}

static inline void tcp_adjust_rcv_ssthresh(struct sock *sk)
{
	__tcp_adjust_rcv_ssthresh(sk, 4U * tcp_sk(sk)->advmss);
}

extern unsigned long tcp_memory_pressure;
extern atomic_long_t tcp_memory_allocated;
extern long sysctl_tcp_mem[3];
void tcp_enter_memory_pressure(struct sock *sk);
void tcp_leave_memory_pressure(struct sock *sk);

/* TCP's global memory pressure (the shim has no memory cgroups) */
static inline bool tcp_under_memory_pressure(const struct sock *sk)
{
	return READ_ONCE(tcp_memory_pressure);
}

/* receive memory past 7/8 of the buffer, or TCP under pressure */
static inline bool tcp_rmem_pressure(const struct sock *sk)
{
	int rcvbuf, threshold;

	if (tcp_under_memory_pressure(sk))
		return true;
	rcvbuf = READ_ONCE(sk->sk_rcvbuf);
	threshold = rcvbuf - (rcvbuf >> 3);
	return atomic_read(&sk->sk_rmem_alloc) > threshold;
}

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
/* a send queue past the minimum while the protocol's pool is over its hard limit */
static inline bool tcp_out_of_memory(struct sock *sk)
{
	return sk->sk_wmem_queued > SOCK_MIN_SNDBUF &&
	       sk_memory_allocated(sk) > sk_prot_mem_limits(sk, 2);
}
#endif

/* data ready for the reader: target bytes, memory pressure or a closing window */
static inline bool tcp_epollin_ready(const struct sock *sk, int target)
{
	const struct tcp_sock *tp = tcp_sk(sk);
	int avail = READ_ONCE(tp->rcv_nxt) - READ_ONCE(tp->copied_seq);

	if (avail <= 0)
		return false;
	return (avail >= target) || tcp_rmem_pressure(sk) ||
	       (tcp_receive_window(tp) <= inet_csk(sk)->icsk_ack.rcv_mss);
}

/* the bytes a reader can take (SIOCINQ): up to the urgent byte, less a FIN */
static inline int tcp_inq(struct sock *sk)
{
	struct tcp_sock *tp = tcp_sk_rw(sk);
	int answ;

	if ((1 << sk->sk_state) & (TCPF_SYN_SENT | TCPF_SYN_RECV)) {
		answ = 0;
	} else if (sock_flag(sk, SOCK_URGINLINE) || !tp->urg_data ||
		   before(tp->urg_seq, tp->copied_seq) ||
		   !before(tp->urg_seq, tp->rcv_nxt)) {
		answ = tp->rcv_nxt - tp->copied_seq;
		if (answ && sock_flag(sk, SOCK_DONE))
			answ--;
	} else {
		answ = tp->urg_seq - tp->copied_seq;
	}
	return answ;
}

/* congestion control */
#define TCP_CA_NAME_MAX		16
#define TCP_CA_MAX		128
#define TCP_CA_BUF_MAX		(TCP_CA_NAME_MAX * TCP_CA_MAX)
#define TCP_CA_UNSPEC		0

#define TCP_CONG_NON_RESTRICTED	0x1	/* any user may select it */
#define TCP_CONG_NEEDS_ECN	0x2
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/* 7.x's AccECN: the algorithm needs it, negotiates ECT(1), or refuses RFC 3168 ECN */
#define TCP_CONG_NEEDS_ACCECN		BIT(2)
#define TCP_CONG_ECT_1_NEGOTIATION	BIT(3)
#define TCP_CONG_NO_FALLBACK_RFC3168	BIT(4)
#define TCP_CONG_MASK		(TCP_CONG_NON_RESTRICTED | TCP_CONG_NEEDS_ECN |	\
				 TCP_CONG_NEEDS_ACCECN | TCP_CONG_ECT_1_NEGOTIATION |	\
				 TCP_CONG_NO_FALLBACK_RFC3168)
#else
#define TCP_CONG_MASK		(TCP_CONG_NON_RESTRICTED | TCP_CONG_NEEDS_ECN)
#endif

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

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
static inline bool tcp_ca_needs_accecn(const struct sock *sk)
{
	return inet_csk(sk)->icsk_ca_ops->flags & TCP_CONG_NEEDS_ACCECN;
}

static inline bool tcp_ca_ect_1_negotiation(const struct sock *sk)
{
	return inet_csk(sk)->icsk_ca_ops->flags & TCP_CONG_ECT_1_NEGOTIATION;
}

static inline bool tcp_ca_no_fallback_rfc3168(const struct sock *sk)
{
	return inet_csk(sk)->icsk_ca_ops->flags & TCP_CONG_NO_FALLBACK_RFC3168;
}
#endif

static inline void tcp_ca_event(struct sock *sk, const enum tcp_ca_event event)
{
	const struct inet_connection_sock *icsk = inet_csk(sk);

	if (icsk->icsk_ca_ops->cwnd_event)
		icsk->icsk_ca_ops->cwnd_event(sk, event);
}

/* the congestion state: the algorithm's set_state() told first (tcp_cong.c) */
void tcp_set_ca_state(struct sock *sk, const u8 ca_state);

/* the name of the algorithm whose key this is, into buffer; NULL for none */
char *tcp_ca_get_name_by_key(u32 key, char *buffer);

/* an ECN echo or a local congestion: cwnd reduction (CWR) unless one runs */
void tcp_enter_cwr(struct sock *sk);

/* a SYN's receive window, its clamp and window scale for a buffer of __space */
void tcp_select_initial_window(const struct sock *sk, int __space, __u32 mss,
			       __u32 *rcv_wnd, __u32 *window_clamp, int wscale_ok,
			       __u8 *rcv_wscale, __u32 init_rcv_wnd);

/* orphaned sockets (closed by their owner, not yet gone); one CPU's count here */
DECLARE_PER_CPU(unsigned int, tcp_orphan_count);
int tcp_orphan_count_sum(void);

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
static inline void tcp_orphan_count_inc(void)
{
	this_cpu_inc(tcp_orphan_count);
}

static inline void tcp_orphan_count_dec(void)
{
	this_cpu_dec(tcp_orphan_count);
}

/* the last queued segment takes no more data: what follows starts a new skb */
static inline void tcp_write_collapse_fence(struct sock *sk)
{
	struct sk_buff *skb = tcp_write_queue_tail(sk) ?: tcp_rtx_queue_tail(sk);

	if (skb)
		TCP_SKB_CB(skb)->eor = 1;
}

/*
 * Protective Load Balancing (tcp_plb.c): rounds of congestion counted per
 * RTT; enough of them (or an idle sender after some) rehash the flow's path,
 * unless an RTO paused rehashing. cong_ratio is a fraction of 1 << TCP_PLB_SCALE.
 */
#define TCP_PLB_SCALE	8

struct tcp_plb_state {
	u8	consec_cong_rounds : 5,
		unused : 3;
	u32	pause_until;		/* tcp_jiffies32 when rehashing may resume */
};

static inline void tcp_plb_init(const struct sock *sk, struct tcp_plb_state *plb)
{
	plb->consec_cong_rounds = 0;
	plb->pause_until = 0;
}

void tcp_plb_update_state(const struct sock *sk, struct tcp_plb_state *plb,
			  const int cong_ratio);
void tcp_plb_check_rehash(struct sock *sk, struct tcp_plb_state *plb);
void tcp_plb_update_state_upon_rto(struct sock *sk, struct tcp_plb_state *plb);

/*
 * net.ipv4.tcp_plb_* (not a kernel name): the shim's namespaces carry no
 * PLB sysctls, these are every namespace's, with the kernel's defaults
 * (disabled; 50 % congested; 12 rounds; 3 idle rounds; 60 s pause).
 */
struct qdk_tcp_plb_sysctl {
	u8	enabled;
	u8	idle_rehash_rounds;
	u8	rehash_rounds;
	u8	suspend_rto_sec;
	int	cong_thresh;
};
extern struct qdk_tcp_plb_sysctl qdk_tcp_plb;
#endif

/* every transmit timer stopped; an armed hrtimer gives its socket reference back */
static inline void tcp_clear_xmit_timers(struct sock *sk)
{
	if (hrtimer_try_to_cancel(&tcp_sk_rw(sk)->pacing_timer) == 1)
		__sock_put(sk);
	if (hrtimer_try_to_cancel(&tcp_sk_rw(sk)->compressed_ack_timer) == 1)
		__sock_put(sk);
	inet_csk_clear_xmit_timers(sk);
}

/* a received segment joins the receive queue (its route and secpath dropped before) */
static inline void tcp_add_receive_queue(struct sock *sk, struct sk_buff *skb)
{
	__skb_queue_tail(&sk->sk_receive_queue, skb);
}

/* the TLS device offload's hook on data the peer acknowledged (tcp_input.c) */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
void clean_acked_data_enable(struct tcp_sock *tp, void (*cad)(struct sock *sk, u32 ack_seq));
void clean_acked_data_disable(struct tcp_sock *tp);
#else
void clean_acked_data_enable(struct inet_connection_sock *icsk,
			     void (*cad)(struct sock *sk, u32 ack_seq));
void clean_acked_data_disable(struct inet_connection_sock *icsk);
#endif
void clean_acked_data_flush(void);

/* TCP's pure ACKs carry a truesize of 2 (tcp_send_ack() marks them so) */
static inline bool skb_is_tcp_pure_ack(const struct sk_buff *skb)
{
	return skb->truesize == 2;
}

static inline void skb_set_tcp_pure_ack(struct sk_buff *skb)
{
	skb->truesize = 2;
}


/* net.ipv4.tcp_fastopen's bits */
#define TFO_CLIENT_ENABLE		1
#define TFO_SERVER_ENABLE		2
#define TFO_CLIENT_NO_COOKIE		4	/* data in a SYN without a cookie */
#define TFO_SERVER_COOKIE_NOT_REQD	0x200	/* accept data in any SYN */
#define TFO_SERVER_WO_SOCKOPT1		0x400	/* fast open on every listener */

/*
 * BPF sock_ops callbacks: the shim attaches no sock_ops program to any
 * cgroup, so a call runs none and answers as the kernel does then: 0 (the
 * program's reply, still zero), the default every caller below falls back to.
 */
static inline int tcp_call_bpf(struct sock *sk, int op, u32 nargs, u32 *args)
{
	if (sk_fullsock(sk))
		sock_owned_by_me(sk);
	return 0;
}

static inline int tcp_call_bpf_2arg(struct sock *sk, int op, u32 arg1, u32 arg2)
{
	u32 args[2] = {arg1, arg2};

	return tcp_call_bpf(sk, op, 2, args);
}

static inline int tcp_call_bpf_3arg(struct sock *sk, int op, u32 arg1, u32 arg2, u32 arg3)
{
	u32 args[3] = {arg1, arg2, arg3};

	return tcp_call_bpf(sk, op, 3, args);
}

/* the initial RTO in jiffies: a program's (when positive), else 1 s; at most TCP_RTO_MAX */
static inline u32 tcp_timeout_init(struct sock *sk)
{
	int timeout = tcp_call_bpf(sk, BPF_SOCK_OPS_TIMEOUT_INIT, 0, NULL);

	if (timeout <= 0)
		timeout = TCP_TIMEOUT_INIT;
	return min_t(int, timeout, TCP_RTO_MAX);
}

/* the initial receive window a program asks for, 0 for the default */
static inline u32 tcp_rwnd_init_bpf(struct sock *sk)
{
	int rwnd = tcp_call_bpf(sk, BPF_SOCK_OPS_RWND_INIT, 0, NULL);

	return rwnd < 0 ? 0 : rwnd;
}

static inline bool tcp_bpf_ca_needs_ecn(struct sock *sk)
{
	return tcp_call_bpf(sk, BPF_SOCK_OPS_NEEDS_ECN, 0, NULL) == 1;
}

/* each RTT sample, to a program that asked for them */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
static inline void tcp_bpf_rtt(struct sock *sk, long mrtt, u32 srtt)
{
	if (BPF_SOCK_OPS_TEST_FLAG(tcp_sk(sk), BPF_SOCK_OPS_RTT_CB_FLAG))
		tcp_call_bpf_2arg(sk, BPF_SOCK_OPS_RTT_CB, mrtt, srtt);
}
#else
static inline void tcp_bpf_rtt(struct sock *sk)
{
	if (BPF_SOCK_OPS_TEST_FLAG(tcp_sk(sk), BPF_SOCK_OPS_RTT_CB_FLAG))
		tcp_call_bpf(sk, BPF_SOCK_OPS_RTT_CB, 0, NULL);
}
#endif

/* the pseudo headers TCP's MD5 and AO signatures cover */
struct tcp4_pseudohdr {
	__be32		saddr;
	__be32		daddr;
	__u8		pad;
	__u8		protocol;
	__be16		len;
};

struct tcp6_pseudohdr {
	struct in6_addr	saddr;
	struct in6_addr	daddr;
	__be32		len;
	__be32		protocol;	/* with its padding */
};

/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/jump_label.h>
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
#include <net/gen_stats.h>
#include <net/sch_generic.h>
#endif
