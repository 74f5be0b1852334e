// SPDX-License-Identifier: GPL-2.0
/*
 * inet_connection_sock.c - what modules call of
 * net/ipv4/inet_connection_sock.c: a connection's timers (retransmit,
 * delayed ACK, keepalive; each pending one holds a reference on
 * the socket, as sk_reset_timer() takes it), its peer's address, 7.x's
 * out-of-line __reqsk_free(). The listening and accepting machinery
 * (inet_csk_accept(), the request hash) is not modelled.
 */
#include <linux/slab.h>
#include <linux/version.h>
#include <net/inet_connection_sock.h>
#include <net/request_sock.h>
#include <linux/in.h>
#include <linux/string.h>

void inet_csk_init_xmit_timers(struct sock *sk,
			       void (*retransmit_handler)(struct timer_list *),
			       void (*delack_handler)(struct timer_list *),
			       void (*keepalive_handler)(struct timer_list *))
{
	struct inet_connection_sock *icsk = inet_csk(sk);

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	timer_setup(&sk->tcp_retransmit_timer, retransmit_handler, 0);
	timer_setup(&icsk->icsk_delack_timer, delack_handler, 0);
	timer_setup(&icsk->icsk_keepalive_timer, keepalive_handler, 0);
#else
	timer_setup(&icsk->icsk_retransmit_timer, retransmit_handler, 0);
	timer_setup(&icsk->icsk_delack_timer, delack_handler, 0);
	timer_setup(&sk->sk_timer, keepalive_handler, 0);
#endif
	icsk->icsk_pending = 0;
	icsk->icsk_ack.pending = 0;
}
EXPORT_SYMBOL(inet_csk_init_xmit_timers);

/* nothing pending any more; each timer that was armed gives its reference back */
void inet_csk_clear_xmit_timers(struct sock *sk)
{
	struct inet_connection_sock *icsk = inet_csk(sk);

	smp_store_release(&icsk->icsk_pending, 0);
	smp_store_release(&icsk->icsk_ack.pending, 0);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	sk_stop_timer(sk, &sk->tcp_retransmit_timer);
	sk_stop_timer(sk, &icsk->icsk_delack_timer);
	sk_stop_timer(sk, &icsk->icsk_keepalive_timer);
#else
	sk_stop_timer(sk, &icsk->icsk_retransmit_timer);
	sk_stop_timer(sk, &icsk->icsk_delack_timer);
	sk_stop_timer(sk, &sk->sk_timer);
#endif
}
EXPORT_SYMBOL(inet_csk_clear_xmit_timers);

/* the same, waiting for a handler that runs now to finish */
void inet_csk_clear_xmit_timers_sync(struct sock *sk)
{
	struct inet_connection_sock *icsk = inet_csk(sk);

	/* a running handler takes the socket's lock */
	sock_not_owned_by_me(sk);
	smp_store_release(&icsk->icsk_pending, 0);
	smp_store_release(&icsk->icsk_ack.pending, 0);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	sk_stop_timer_sync(sk, &sk->tcp_retransmit_timer);
	sk_stop_timer_sync(sk, &icsk->icsk_delack_timer);
	sk_stop_timer_sync(sk, &icsk->icsk_keepalive_timer);
#else
	sk_stop_timer_sync(sk, &icsk->icsk_retransmit_timer);
	sk_stop_timer_sync(sk, &icsk->icsk_delack_timer);
	sk_stop_timer_sync(sk, &sk->sk_timer);
#endif
}
EXPORT_SYMBOL(inet_csk_clear_xmit_timers_sync);

#if LINUX_VERSION_CODE < KERNEL_VERSION(7, 3, 0)
void inet_csk_delete_keepalive_timer(struct sock *sk)
{
	sk_stop_timer(sk, &sk->sk_timer);
}
EXPORT_SYMBOL(inet_csk_delete_keepalive_timer);

/* the keepalive timer fires timeout jiffies from now */
void inet_csk_reset_keepalive_timer(struct sock *sk, unsigned long timeout)
{
	sk_reset_timer(sk, &sk->sk_timer, jiffies + timeout);
}
EXPORT_SYMBOL(inet_csk_reset_keepalive_timer);

/* the peer's IPv4 address and port, as getpeername() reports them */
void inet_csk_addr2sockaddr(struct sock *sk, struct sockaddr *uaddr)
{
	struct sockaddr_in *sin = (struct sockaddr_in *)uaddr;
	const struct inet_sock *inet = inet_sk(sk);

	memset(sin, 0, sizeof(*sin));
	sin->sin_family = AF_INET;
	sin->sin_addr.s_addr = inet->inet_daddr;
	sin->sin_port = inet->inet_dport;
}
EXPORT_SYMBOL_GPL(inet_csk_addr2sockaddr);
#endif

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/* the protocol's destructor, the listener's reference, the saved SYN, the object */
void __reqsk_free(struct request_sock *req)
{
	req->rsk_ops->destructor(req);
	if (req->rsk_listener)
		sock_put(req->rsk_listener);
	kfree(req->saved_syn);
	kmem_cache_free(req->rsk_ops->slab, req);
}
#endif
