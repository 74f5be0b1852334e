// SPDX-License-Identifier: GPL-2.0
/*
 * tcp_timer.c - what modules call of net/ipv4/tcp_timer.c: turning
 * keepalive on (the timer armed for the idle time) and off (stopped), and
 * 7.x's keepalive timer of its own (icsk_keepalive_timer). The timers'
 * handlers (retransmission, probes, keepalive probes) are not modelled.
 */
#include <linux/jiffies.h>
#include <linux/version.h>
#include <net/inet_connection_sock.h>
#include <net/sock.h>
#include <net/tcp.h>

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/* the keepalive timer fires timeout jiffies from now */
void tcp_reset_keepalive_timer(struct sock *sk, unsigned long timeout)
{
	sk_reset_timer(sk, &inet_csk(sk)->icsk_keepalive_timer, jiffies + timeout);
}
EXPORT_SYMBOL_GPL(tcp_reset_keepalive_timer);

static void tcp_delete_keepalive_timer(struct sock *sk)
{
	sk_stop_timer(sk, &inet_csk(sk)->icsk_keepalive_timer);
}
#else
#define tcp_reset_keepalive_timer	inet_csk_reset_keepalive_timer
#define tcp_delete_keepalive_timer	inet_csk_delete_keepalive_timer
#endif

/* SO_KEEPALIVE on a connection (not closed, not listening): armed or stopped */
void tcp_set_keepalive(struct sock *sk, int val)
{
	if ((1 << sk->sk_state) & (TCPF_CLOSE | TCPF_LISTEN))
		return;
	if (val && !sock_flag(sk, SOCK_KEEPOPEN))
		tcp_reset_keepalive_timer(sk, keepalive_time_when(tcp_sk(sk)));
	else if (!val)
		tcp_delete_keepalive_timer(sk);
}
EXPORT_SYMBOL_GPL(tcp_set_keepalive);
