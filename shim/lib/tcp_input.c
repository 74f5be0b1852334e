// SPDX-License-Identifier: GPL-2.0
/*
 * tcp_input.c - what modules call of net/ipv4/tcp_input.c that computes on
 * a segment or a tcp_sock: the MSS option of a SYN, the receiver's first
 * MSS estimate. The receive path itself is not modelled.
 */
#include <linux/unaligned.h>
#include <linux/atomic.h>
#include <linux/version.h>
#include <net/tcp.h>

/*
 * The MSS a SYN's options announce (at most user_mss when that is set), 0
 * when none does; a malformed option list ends the walk
 */
u16 tcp_parse_mss_option(const struct tcphdr *th, u16 user_mss)
{
	const unsigned char *ptr = (const unsigned char *)(th + 1);
	int length = th->doff * 4 - (int)sizeof(struct tcphdr);
	u16 mss = 0;

	while (length > 0) {
		int opcode = *ptr++;
		int opsize;

		if (opcode == TCPOPT_EOL)
			break;
		if (opcode == TCPOPT_NOP) {
			length--;
			continue;
		}
		if (length < 2)
			break;
		opsize = *ptr++;
		/* a length under 2 or past the header is malformed */
		if (opsize < 2 || opsize > length)
			break;
		if (opcode == TCPOPT_MSS && opsize == TCPOLEN_MSS) {
			u16 in_mss = get_unaligned_be16(ptr);

			if (in_mss)
				mss = user_mss && user_mss < in_mss ? user_mss : in_mss;
		}
		ptr += opsize - 2;
		length -= opsize;
	}
	return mss;
}
EXPORT_SYMBOL_GPL(tcp_parse_mss_option);

/*
 * the peer's segment size guessed before any data arrives: the smaller of
 * ours and half the window, at most 536, at least 88
 */
void tcp_initialize_rcv_mss(struct sock *sk)
{
	const struct tcp_sock *tp = tcp_sk(sk);
	unsigned int hint = min_t(unsigned int, tp->advmss, tp->mss_cache);

	hint = min(hint, tp->rcv_wnd / 2);
	hint = min(hint, TCP_MSS_DEFAULT);
	hint = max(hint, TCP_MIN_MSS);
	inet_csk(sk)->icsk_ack.rcv_mss = hint;
}
EXPORT_SYMBOL(tcp_initialize_rcv_mss);

/* the next segment sent carries CWR (RFC 3168; never in 7.x's Accurate ECN mode) */
static void tcp_ecn_queue_cwr(struct tcp_sock *tp)
{
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	if (tcp_ecn_mode_rfc3168(tp))
#else
	if (tp->ecn_flags & TCP_ECN_OK)
#endif
		tp->ecn_flags |= TCP_ECN_QUEUE_CWR;
}

/*
 * a reduction (PRR, RFC 6937) begins: recovery ends at snd_nxt, the
 * algorithm's ssthresh() is the target, the counters start from zero
 */
static void tcp_init_cwnd_reduction(struct sock *sk)
{
	struct tcp_sock *tp = tcp_sk_rw(sk);

	tp->high_seq = tp->snd_nxt;
	tp->tlp_high_seq = 0;
	tp->snd_cwnd_cnt = 0;
	tp->prior_cwnd = tcp_snd_cwnd(tp);
	tp->prr_delivered = 0;
	tp->prr_out = 0;
	WRITE_ONCE(tp->snd_ssthresh, inet_csk(sk)->icsk_ca_ops->ssthresh(sk));
	tcp_ecn_queue_cwr(tp);
}

/* CWR from Open or Disorder; in CWR, Recovery or Loss only no undo any more */
void tcp_enter_cwr(struct sock *sk)
{
	struct tcp_sock *tp = tcp_sk_rw(sk);

	tp->prior_ssthresh = 0;
	if (inet_csk(sk)->icsk_ca_state < TCP_CA_CWR) {
		tp->undo_marker = 0;
		tcp_init_cwnd_reduction(sk);
		tcp_set_ca_state(sk, TCP_CA_CWR);
	}
}
EXPORT_SYMBOL(tcp_enter_cwr);

/*
 * The kernel gates the hook's call on the ACK path with a deferred static
 * key; here the key is a count of the sockets that enabled it.
 */
static atomic_t clean_acked_data_enabled = ATOMIC_INIT(0);

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
void clean_acked_data_enable(struct tcp_sock *tp, void (*cad)(struct sock *sk, u32 ack_seq))
{
	tp->tcp_clean_acked = cad;
	atomic_inc(&clean_acked_data_enabled);
}
EXPORT_SYMBOL_GPL(clean_acked_data_enable);

void clean_acked_data_disable(struct tcp_sock *tp)
{
	atomic_dec(&clean_acked_data_enabled);
	tp->tcp_clean_acked = NULL;
}
EXPORT_SYMBOL_GPL(clean_acked_data_disable);
#else
void clean_acked_data_enable(struct inet_connection_sock *icsk,
			     void (*cad)(struct sock *sk, u32 ack_seq))
{
	icsk->icsk_clean_acked = cad;
	atomic_inc(&clean_acked_data_enabled);
}
EXPORT_SYMBOL_GPL(clean_acked_data_enable);

void clean_acked_data_disable(struct inet_connection_sock *icsk)
{
	atomic_dec(&clean_acked_data_enabled);
	icsk->icsk_clean_acked = NULL;
}
EXPORT_SYMBOL_GPL(clean_acked_data_disable);
#endif

/* the deferred decrements applied: nothing is deferred here */
void clean_acked_data_flush(void)
{
}
EXPORT_SYMBOL_GPL(clean_acked_data_flush);
