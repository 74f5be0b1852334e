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

/*
 * net.ipv4.tcp_workaround_signed_windows (0) and tcp_rmem[2], the largest
 * receive buffer: what tcp_init() sets with enough memory (6 MiB, 32 MiB
 * since 6.18); the shim's namespaces carry neither sysctl
 */
#define QDK_TCP_WORKAROUND_SIGNED_WINDOWS	0
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
#define QDK_TCP_RMEM_MAX			(32U << 20)
#else
#define QDK_TCP_RMEM_MAX			(6U << 20)
#endif

/*
 * A SYN's window: the space (at most the clamp, 0 meaning the largest
 * scalable window) cut to whole MSS, at most 64 KiB - 1 in 6.1 (the
 * unscaled field) and init_rcv_wnd segments; the scale is what the largest
 * buffer the socket may grow to needs, and the clamp what that scale can say.
 */
void tcp_select_initial_window(const struct sock *sk, int __space, __u32 mss,
			       __u32 *rcv_wnd, __u32 *__window_clamp, int wscale_ok,
			       __u8 *rcv_wscale, __u32 init_rcv_wnd)
{
	unsigned int space = __space < 0 ? 0 : __space;
	u32 window_clamp = READ_ONCE(*__window_clamp);

	if (window_clamp == 0)
		window_clamp = U16_MAX << TCP_MAX_WSCALE;
	space = min(window_clamp, space);
	if (space > mss)
		space = rounddown(space, mss);

	if (QDK_TCP_WORKAROUND_SIGNED_WINDOWS)
		*rcv_wnd = min(space, MAX_TCP_WINDOW);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	else
		*rcv_wnd = space;
#else
	else
		*rcv_wnd = min_t(u32, space, U16_MAX);
#endif

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	if (init_rcv_wnd)
		*rcv_wnd = min_t(u64, *rcv_wnd, (u64)init_rcv_wnd * mss);
#else
	/* the product in 32 bits, as these series compute it */
	if (init_rcv_wnd)
		*rcv_wnd = min(*rcv_wnd, init_rcv_wnd * mss);
#endif

	*rcv_wscale = 0;
	if (wscale_ok) {
		space = max_t(u32, space, QDK_TCP_RMEM_MAX);
		space = max_t(u32, space, READ_ONCE(sysctl_rmem_max));
		space = min_t(u32, space, window_clamp);
		*rcv_wscale = clamp_t(int, ilog2(space) - 15, 0, TCP_MAX_WSCALE);
	}
	WRITE_ONCE(*__window_clamp, min_t(__u32, U16_MAX << (*rcv_wscale), window_clamp));
}
EXPORT_SYMBOL(tcp_select_initial_window);
