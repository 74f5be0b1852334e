// SPDX-License-Identifier: GPL-2.0
/*
 * tcp_output.c - what modules call of net/ipv4/tcp_output.c on a tcp_sock:
 * the chronographs that time what limits the sender (tcp_chrono_*()). The
 * output path itself (segmentation, transmission) is not modelled.
 */
#include <linux/version.h>
#include <net/tcp.h>

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
