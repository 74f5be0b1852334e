// SPDX-License-Identifier: GPL-2.0
/*
 * tcp.c - TCP's global memory state (net/ipv4/tcp.c): the pages all TCP
 * sockets hold, the limits net.ipv4.tcp_mem sets on them, and the pressure
 * flag tcp_under_memory_pressure() reads. The flag holds the jiffies when
 * the pressure began (never 0 while set), as the kernel's does. The TCP
 * stack itself (sendmsg, recvmsg ...) is not modelled; the socket options
 * a kernel user sets (tcp_sock_set_*()) are, on the tcp_sock's fields.
 */
#include <linux/atomic.h>
#include <linux/jiffies.h>
#include <net/sock.h>
#include <net/tcp.h>
#include <qdk/unmodelled.h>

/*
 * low, pressure, high in pages: what tcp_init_mem() sets on a machine with
 * 4 GiB of buffer pages (1/16 of them, at 3/4, 1 and 3/2 of that)
 */
long sysctl_tcp_mem[3] __read_mostly = { 49152, 65536, 98304 };

#if LINUX_VERSION_CODE < KERNEL_VERSION(7, 3, 0)
atomic_long_t tcp_memory_allocated = ATOMIC_LONG_INIT(0);
#endif

unsigned long tcp_memory_pressure __read_mostly;

/* sockets their owner closed that TCP still holds (one CPU: one counter) */
DEFINE_PER_CPU(unsigned int, tcp_orphan_count);
EXPORT_PER_CPU_SYMBOL_GPL(tcp_orphan_count);

/* the CPUs' counts summed, never below 0 (a CPU's count may wrap) */
int tcp_orphan_count_sum(void)
{
	int i, total = 0;

	for_each_possible_cpu(i)
		total += per_cpu(tcp_orphan_count, i);
	return max(total, 0);
}

void tcp_enter_memory_pressure(struct sock *sk)
{
	unsigned long val;

	if (READ_ONCE(tcp_memory_pressure))
		return;
	val = jiffies;
	if (!val)
		val--;
	cmpxchg(&tcp_memory_pressure, 0, val);
}

void tcp_leave_memory_pressure(struct sock *sk)
{
	if (!READ_ONCE(tcp_memory_pressure))
		return;
	xchg(&tcp_memory_pressure, 0);
}

/* sends an ACK the reader's progress calls for: no output path here */
void tcp_cleanup_rbuf(struct sock *sk, int copied)
{
	QDK_UNMODELLED(tcp_cleanup_rbuf, "no TCP output path (ACKs are not sent)");
}

/* ---- socket options (TCP_CORK, TCP_NODELAY, TCP_KEEP* ...) ---------------- */

void __tcp_sock_set_cork(struct sock *sk, bool on)
{
	struct tcp_sock *tp = tcp_sk(sk);

	if (on) {
		tp->nonagle |= TCP_NAGLE_CORK;
		return;
	}
	/* uncorking with Nagle off sends even a partial segment at once */
	tp->nonagle &= ~TCP_NAGLE_CORK;
	if (tp->nonagle & TCP_NAGLE_OFF)
		tp->nonagle |= TCP_NAGLE_PUSH;
	tcp_push_pending_frames(sk);
}

void tcp_sock_set_cork(struct sock *sk, bool on)
{
	lock_sock(sk);
	__tcp_sock_set_cork(sk, on);
	release_sock(sk);
}
EXPORT_SYMBOL(tcp_sock_set_cork);

void __tcp_sock_set_nodelay(struct sock *sk, bool on)
{
	if (on) {
		tcp_sk(sk)->nonagle |= TCP_NAGLE_OFF | TCP_NAGLE_PUSH;
		tcp_push_pending_frames(sk);
	} else {
		tcp_sk(sk)->nonagle &= ~TCP_NAGLE_OFF;
	}
}

void tcp_sock_set_nodelay(struct sock *sk)
{
	lock_sock(sk);
	__tcp_sock_set_nodelay(sk, true);
	release_sock(sk);
}
EXPORT_SYMBOL(tcp_sock_set_nodelay);

/*
 * 0 enters pingpong (delayed ACK) mode; anything else leaves it, and an ACK
 * already scheduled on a connection goes out now (an even value enters
 * pingpong mode again after that)
 */
static void __tcp_sock_set_quickack(struct sock *sk, int val)
{
	struct inet_connection_sock *icsk = inet_csk(sk);

	if (!val) {
		inet_csk_enter_pingpong_mode(sk);
		return;
	}
	inet_csk_exit_pingpong_mode(sk);
	if ((1 << sk->sk_state) & (TCPF_ESTABLISHED | TCPF_CLOSE_WAIT) &&
	    inet_csk_ack_scheduled(sk)) {
		icsk->icsk_ack.pending |= ICSK_ACK_PUSHED;
		tcp_cleanup_rbuf(sk, 1);
		if (!(val & 1))
			inet_csk_enter_pingpong_mode(sk);
	}
}

void tcp_sock_set_quickack(struct sock *sk, int val)
{
	lock_sock(sk);
	__tcp_sock_set_quickack(sk, val);
	release_sock(sk);
}
EXPORT_SYMBOL(tcp_sock_set_quickack);

int tcp_sock_set_syncnt(struct sock *sk, int val)
{
	if (val < 1 || val > MAX_TCP_SYNCNT)
		return -EINVAL;
	WRITE_ONCE(inet_csk(sk)->icsk_syn_retries, val);
	return 0;
}
EXPORT_SYMBOL(tcp_sock_set_syncnt);

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
/* milliseconds unacknowledged data may stay before the connection is dropped */
int tcp_sock_set_user_timeout(struct sock *sk, int val)
{
	if (val < 0)
		return -EINVAL;
	WRITE_ONCE(inet_csk(sk)->icsk_user_timeout, val);
	return 0;
}
#else
void tcp_sock_set_user_timeout(struct sock *sk, u32 val)
{
	lock_sock(sk);
	WRITE_ONCE(inet_csk(sk)->icsk_user_timeout, val);
	release_sock(sk);
}
#endif
EXPORT_SYMBOL(tcp_sock_set_user_timeout);

/*
 * val seconds of idleness before the first probe; a socket with keepalive on
 * that is neither closed nor listening re-arms its timer for what is left
 * of the new idle time
 */
int tcp_sock_set_keepidle_locked(struct sock *sk, int val)
{
	struct tcp_sock *tp = tcp_sk(sk);

	if (val < 1 || val > MAX_TCP_KEEPIDLE)
		return -EINVAL;
	WRITE_ONCE(tp->keepalive_time, val * HZ);
	if (sock_flag(sk, SOCK_KEEPOPEN) &&
	    !((1 << sk->sk_state) & (TCPF_CLOSE | TCPF_LISTEN))) {
		u32 elapsed = keepalive_time_elapsed(tp);

		if (tp->keepalive_time > elapsed)
			elapsed = tp->keepalive_time - elapsed;
		else
			elapsed = 0;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
		tcp_reset_keepalive_timer(sk, elapsed);
#else
		inet_csk_reset_keepalive_timer(sk, elapsed);
#endif
	}
	return 0;
}

int tcp_sock_set_keepidle(struct sock *sk, int val)
{
	int err;

	lock_sock(sk);
	err = tcp_sock_set_keepidle_locked(sk, val);
	release_sock(sk);
	return err;
}
EXPORT_SYMBOL(tcp_sock_set_keepidle);

int tcp_sock_set_keepintvl(struct sock *sk, int val)
{
	if (val < 1 || val > MAX_TCP_KEEPINTVL)
		return -EINVAL;
	WRITE_ONCE(tcp_sk(sk)->keepalive_intvl, val * HZ);
	return 0;
}
EXPORT_SYMBOL(tcp_sock_set_keepintvl);

int tcp_sock_set_keepcnt(struct sock *sk, int val)
{
	if (val < 1 || val > MAX_TCP_KEEPCNT)
		return -EINVAL;
	WRITE_ONCE(tcp_sk(sk)->keepalive_probes, val);
	return 0;
}
EXPORT_SYMBOL(tcp_sock_set_keepcnt);

/* writable while the bytes queued but not sent (doubled for a wakeup) stay under the limit */
bool tcp_stream_memory_free(const struct sock *sk, int wake)
{
	const struct tcp_sock *tp = tcp_sk(sk);
	u32 notsent_bytes = READ_ONCE(tp->write_seq) - READ_ONCE(tp->snd_nxt);

	return (notsent_bytes << wake) < tcp_notsent_lowat(tp);
}
EXPORT_SYMBOL(tcp_stream_memory_free);

/* what the receive queue holds past copied_seq (FIONREAD's answer) */
int tcp_peek_len(struct socket *sock)
{
	return tcp_inq(sock->sk);
}
EXPORT_SYMBOL(tcp_peek_len);

/*
 * the application is limited (too little to send for a segment, nothing in
 * the qdisc or device, the window not full, losses retransmitted): the rate
 * samples until the packets now in flight are delivered say so
 */
void tcp_rate_check_app_limited(struct sock *sk)
{
	struct tcp_sock *tp = tcp_sk(sk);

	if (tp->write_seq - tp->snd_nxt < tp->mss_cache &&
	    sk_wmem_alloc_get(sk) < SKB_TRUESIZE(1) &&
	    tcp_packets_in_flight(tp) < tcp_snd_cwnd(tp) &&
	    tp->lost_out <= tp->retrans_out)
		tp->app_limited = (tp->delivered + tcp_packets_in_flight(tp)) ? : 1;
}
EXPORT_SYMBOL_GPL(tcp_rate_check_app_limited);
