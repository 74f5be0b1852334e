// SPDX-License-Identifier: GPL-2.0
/*
 * tcp_output.c - what modules call of net/ipv4/tcp_output.c on a tcp_sock:
 * the chronographs that time what limits the sender (tcp_chrono_*()) and
 * the MSS of a path MTU and back. The output path itself (segmentation,
 * transmission) is not modelled; a shim socket has no route, so 6.1's IPv6
 * fragment header for an ALLFRAG route never applies.
 */
#include <linux/version.h>
#include <net/tcp.h>
#include <qdk/unmodelled.h>

unsigned int tcp_current_mss(struct sock *sk)
{
	QDK_UNMODELLED(tcp_current_mss, "no routes or TCP output path");
}

void __tcp_push_pending_frames(struct sock *sk, unsigned int cur_mss, int nonagle)
{
	QDK_UNMODELLED(__tcp_push_pending_frames, "no TCP output path (segments are not sent)");
}
EXPORT_SYMBOL(__tcp_push_pending_frames);

#if LINUX_VERSION_CODE < KERNEL_VERSION(7, 3, 0)
/* a higher chrono type replaces the one running, a lower one waits */
void tcp_chrono_start(struct sock *sk, const enum tcp_chrono type)
{
	struct tcp_sock *tp = tcp_sk_rw(sk);

	if (type > tp->chrono_type)
		tcp_chrono_set(tp, type);
}
#endif

/*
 * type ends: nothing queued or out stops timing, the running type ending
 * with data still pending falls back to busy
 */
void tcp_chrono_stop(struct sock *sk, const enum tcp_chrono type)
{
	struct tcp_sock *tp = tcp_sk_rw(sk);

	if (tcp_rtx_and_write_queues_empty(sk))
		tcp_chrono_set(tp, TCP_CHRONO_UNSPEC);
	else if (type == tp->chrono_type)
		tcp_chrono_set(tp, TCP_CHRONO_BUSY);
}

/* the MSS of pmtu without TCP options: clamped, at least tcp_min_snd_mss */
static int __tcp_mtu_to_mss(struct sock *sk, int pmtu)
{
	const struct tcp_sock *tp = tcp_sk(sk);
	const struct inet_connection_sock *icsk = inet_csk(sk);
	int mss_now;

	/* RFC 1122's MMS_S less the TCP header */
	mss_now = pmtu - icsk->icsk_af_ops->net_header_len - sizeof(struct tcphdr);
	if (mss_now > tp->rx_opt.mss_clamp)
		mss_now = tp->rx_opt.mss_clamp;
	mss_now -= icsk->icsk_ext_hdr_len;
	/* room for every TCP option and 8 bytes of data */
	return max(mss_now, READ_ONCE(sock_net(sk)->ipv4.sysctl_tcp_min_snd_mss));
}

/* the MSS of a path MTU, less the options every segment carries (not SACKs) */
int tcp_mtu_to_mss(struct sock *sk, int pmtu)
{
	return __tcp_mtu_to_mss(sk, pmtu) - (tcp_sk(sk)->tcp_header_len - sizeof(struct tcphdr));
}
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
EXPORT_SYMBOL(tcp_mtu_to_mss);
#endif

/* the MTU a segment of mss bytes needs */
int tcp_mss_to_mtu(struct sock *sk, int mss)
{
	const struct tcp_sock *tp = tcp_sk(sk);
	const struct inet_connection_sock *icsk = inet_csk(sk);

	return mss + tp->tcp_header_len + icsk->icsk_ext_hdr_len +
	       icsk->icsk_af_ops->net_header_len;
}
EXPORT_SYMBOL(tcp_mss_to_mtu);
