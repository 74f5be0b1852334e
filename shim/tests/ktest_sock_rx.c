// SPDX-License-Identifier: GPL-2.0
/*
 * ktest_sock_rx.c - a socket receiving from softirq (sk_receive_skb():
 * to the protocol, onto the backlog while owned, dropped past sk_rcvbuf),
 * flushing the backlog, grafting, the generic proto_ops calls, the
 * emergency reserves flag and TCP's writability by unsent bytes.
 */
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/net.h>
#include <linux/skbuff.h>
#include <linux/tcp.h>
#include <linux/version.h>
#include <net/sock.h>
#include <net/tcp.h>

#include "ktest.h"
#include "shim.h"

static int rx_seen, rx_release_cbs, rx_hashes;

static int rx_backlog_rcv(struct sock *sk, struct sk_buff *skb)
{
	rx_seen++;
	kfree_skb(skb);
	return 7;
}

static void rx_release_cb(struct sock *sk)
{
	rx_release_cbs++;
}

static int rx_getsockopt(struct sock *sk, int level, int optname, char __user *optval,
			 int __user *optlen)
{
	return level * 100 + optname;
}

static int rx_setsockopt(struct sock *sk, int level, int optname, sockptr_t optval,
			 unsigned int optlen)
{
	return -(int)optlen;
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
static int rx_recvmsg(struct sock *sk, struct msghdr *msg, size_t len, int flags)
{
	return len;
}
#else
static int rx_recvmsg(struct sock *sk, struct msghdr *msg, size_t len, int flags, int *addr_len)
{
	*addr_len = 16;
	return len;
}
#endif

static int rx_hash(struct sock *sk)
{
	return ++rx_hashes;
}

static void rx_unhash(struct sock *sk)
{
	rx_hashes *= 10;
}

static struct proto rx_prot = {
	.name = "KTRX", .release_cb = rx_release_cb, .getsockopt = rx_getsockopt,
	.setsockopt = rx_setsockopt, .recvmsg = rx_recvmsg, .hash = rx_hash,
	.unhash = rx_unhash,
};

static struct sock *rx_sock(struct tcp_sock *tp)
{
	struct sock *sk = &tp->inet_conn.icsk_inet.sk;

	memset(tp, 0, sizeof(*tp));
	sk->sk_prot = &rx_prot;
	sk->sk_backlog_rcv = rx_backlog_rcv;
	sk->sk_rcvbuf = 4096;
	refcount_set(&sk->sk_refcnt, 1);
	spin_lock_init(&sk->sk_lock.slock);
	init_waitqueue_head(&sk->sk_lock.wq);
	rwlock_init(&sk->sk_callback_lock);
	skb_queue_head_init(&sk->sk_receive_queue);
	return sk;
}

KTEST(sock_rx, receive_backlog_and_drops)
{
	static struct tcp_sock tp;
	struct sock *sk = rx_sock(&tp);
	struct sk_buff *skb;

	rx_seen = 0;
	rx_release_cbs = 0;
	/* not owned: the protocol's answer, the caller's reference put */
	sock_hold(sk);
	skb = alloc_skb(100, GFP_KERNEL);
	KT_EQ(sk_receive_skb(sk, skb, 0), 7);
	KT_EQ(rx_seen, 1);
	KT_EQ(refcount_read(&sk->sk_refcnt), 1);

	/* owned: onto the backlog, delivered by sk_flush_backlog() */
	lock_sock(sk);
	KT_ASSERT(!sk_flush_backlog(sk), "empty backlog flushed");
	skb = alloc_skb(100, GFP_KERNEL);
	KT_EQ(__sk_receive_skb(sk, skb, 1, 1, false), NET_RX_SUCCESS);
	KT_EQ(rx_seen, 1);
	KT_EQ(sk->sk_backlog.len, skb->truesize);
	KT_ASSERT(sk_flush_backlog(sk), "backlog not flushed");
	KT_EQ(rx_seen, 2);
	KT_EQ(sk->sk_backlog.len, 0);
	KT_ASSERT(sock_owned_by_user(sk), "owner lost the socket");
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	KT_EQ(rx_release_cbs, 1);
#else
	KT_EQ(rx_release_cbs, 0);
#endif
	release_sock(sk);

	/* past sk_rcvbuf: dropped and counted */
	atomic_set(&sk->sk_rmem_alloc, 5000);
	skb = alloc_skb(100, GFP_KERNEL);
	KT_EQ(__sk_receive_skb(sk, skb, 0, 1, false), NET_RX_SUCCESS);
	KT_EQ(rx_seen, 2);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	KT_EQ(sk_drops_read(sk), 1);
#else
	KT_EQ(atomic_read(&sk->sk_drops), 1);
#endif
	atomic_set(&sk->sk_rmem_alloc, 0);
	return 0;
}

KTEST(sock_rx, graft_generic_calls_memalloc)
{
	static struct tcp_sock tp;
	static struct socket_alloc sa;	/* a socket lives in its inode (SOCK_INODE()) */
	struct socket *sock = &sa.socket;
	struct sock *sk = rx_sock(&tp);
	struct msghdr mh = { 0 };
	char buf[4];

	memset(&sa, 0, sizeof(sa));
	sock_graft(sk, sock);
	KT_ASSERT(sock->sk == sk && sk->sk_socket == sock, "not grafted");
	KT_ASSERT(rcu_access_pointer(sk->sk_wq) == &sock->wq, "wait queue");
	KT_EQ(__kuid_val(sk->sk_uid), 0);

	KT_EQ(sock_common_getsockopt(sock, 6, 12, buf, NULL), 612);
	KT_EQ(sock_common_setsockopt(sock, 6, 12, KERNEL_SOCKPTR(buf), 3), -3);
	KT_EQ(sock_common_recvmsg(sock, &mh, 40, 0), 40);
#if LINUX_VERSION_CODE < KERNEL_VERSION(7, 3, 0)
	KT_EQ(mh.msg_namelen, 16);
#endif
	rx_hashes = 1;
	KT_EQ(__sk_prot_rehash(sk), 11);
	sockopt_lock_sock(sk);
	KT_ASSERT(sock_owned_by_user(sk), "sockopt lock");
	sockopt_release_sock(sk);
	KT_ASSERT(!sock_owned_by_user(sk), "sockopt lock kept");

	KT_EQ(sk_memalloc_socks(), 0);
	sk->sk_allocation = GFP_KERNEL;
	sk_set_memalloc(sk);
	KT_ASSERT(sock_flag(sk, SOCK_MEMALLOC), "flag");
	KT_EQ(sk->sk_allocation, GFP_KERNEL | __GFP_MEMALLOC);
	KT_EQ(sk_memalloc_socks(), 1);
	sk_clear_memalloc(sk);
	KT_ASSERT(!sock_flag(sk, SOCK_MEMALLOC), "flag kept");
	KT_EQ(sk->sk_allocation, GFP_KERNEL);
	KT_EQ(sk_memalloc_socks(), 0);
	KT_EQ(gfp_memcg_charge(), GFP_KERNEL);
	return 0;
}

KTEST(sock_rx, tcp_writable_by_unsent_bytes)
{
	static struct tcp_sock tp;
	struct sock *sk = rx_sock(&tp);

	tp.notsent_lowat = 1000;
	tp.snd_nxt = 5000;
	tp.write_seq = 5999;	/* 999 unsent */
	KT_ASSERT(tcp_stream_memory_free(sk, 0), "999 < 1000");
	KT_ASSERT(!tcp_stream_memory_free(sk, 1), "1998 >= 1000");
	tp.write_seq = 6000;
	KT_ASSERT(!tcp_stream_memory_free(sk, 0), "1000 >= 1000");
	return 0;
}
