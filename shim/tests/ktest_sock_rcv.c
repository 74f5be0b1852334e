// SPDX-License-Identifier: GPL-2.0
/*
 * ktest_sock_rcv.c - net/sock.h's receive queueing (sk_rcvbuf, drops,
 * sk_data_ready), socket options set from a module, copying sendmsg() data
 * into an skb with its checksum, sock_kmemdup() and SOCKET_I().
 */
#include <linux/skbuff.h>
#include <linux/uio.h>
#include <linux/version.h>
#include <net/checksum.h>
#include <net/net_namespace.h>
#include <net/sock.h>
#include <net/tcp.h>

#include "ktest.h"

static struct proto rcv_prot = {
	.name = "RCV",
	.obj_size = sizeof(struct sock),
};

static int ready;

static void count_ready(struct sock *sk)
{
	ready++;
}

KTEST(sock_rcv, queue_until_rcvbuf)
{
	struct sock *sk = sk_alloc(&init_net, AF_INET, GFP_KERNEL, &rcv_prot, 1);
	struct sk_buff *a, *b;
	unsigned int truesize;
	int err;

	KT_ASSERT(sk, "sk_alloc");
	sock_init_data(NULL, sk);
	sk->sk_data_ready = count_ready;
	a = alloc_skb(100, GFP_KERNEL);
	b = alloc_skb(100, GFP_KERNEL);
	KT_ASSERT(a && b, "alloc_skb");
	truesize = a->truesize;
	sk->sk_rcvbuf = truesize;	/* room for one */
	KT_EQ(sock_queue_rcv_skb(sk, a), 0);
	KT_EQ(ready, 1);
	KT_EQ(atomic_read(&sk->sk_rmem_alloc), truesize);
	KT_ASSERT(a->sk == sk && a->destructor == sock_rfree, "charged");
	KT_EQ(skb_queue_len(&sk->sk_receive_queue), 1);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	KT_EQ(sock_queue_rcv_skb_reason(sk, b), SKB_DROP_REASON_SOCKET_RCVBUFF);
	err = -ENOMEM;
#else
	{
		enum skb_drop_reason reason;

		err = sock_queue_rcv_skb_reason(sk, b, &reason);
		KT_EQ(reason, SKB_DROP_REASON_SOCKET_RCVBUFF);
	}
#endif
	KT_EQ(err, -ENOMEM);
	KT_EQ(atomic_read(&sk->sk_drops), 1);
	KT_EQ(ready, 1);
	kfree_skb(b);
	skb_queue_purge(&sk->sk_receive_queue);
	KT_EQ(atomic_read(&sk->sk_rmem_alloc), 0);
	sk_free(sk);
	return 0;
}

KTEST(sock_rcv, options_and_kmemdup)
{
	struct sock *sk = sk_alloc(&init_net, AF_INET, GFP_KERNEL, &rcv_prot, 1);
	static const char blob[] = "option bytes";
	char *copy;

	KT_ASSERT(sk, "sk_alloc");
	sock_init_data(NULL, sk);
	sock_set_rcvbuf(sk, 1000);
	KT_EQ(sk->sk_rcvbuf, SOCK_MIN_RCVBUF);		/* 2000 is below the minimum */
	sock_set_rcvbuf(sk, 100000);
	KT_EQ(sk->sk_rcvbuf, 200000);
	KT_ASSERT(sk->sk_userlocks & SOCK_RCVBUF_LOCK, "locked");
	sock_set_rcvbuf(sk, INT_MAX);
	KT_EQ(sk->sk_rcvbuf, INT_MAX / 2 * 2);
	sock_set_mark(sk, 42);
	KT_EQ(sk->sk_mark, 42);
	KT_EQ(sock_bindtoindex(sk, -1, true), -EINVAL);
	KT_EQ(sock_bindtoindex(sk, 3, true), 0);
	KT_EQ(sk->sk_bound_dev_if, 3);

	copy = sock_kmemdup(sk, blob, sizeof(blob), GFP_KERNEL);
	KT_ASSERT(copy && !strcmp(copy, blob), "copied");
	KT_EQ(atomic_read(&sk->sk_omem_alloc), sizeof(blob));
	sock_kfree_s(sk, copy, sizeof(blob));
	KT_EQ(atomic_read(&sk->sk_omem_alloc), 0);
	sk_free(sk);
	return 0;
}

KTEST(sock_rcv, add_data_nocache_checksums)
{
	struct sock *sk = sk_alloc(&init_net, AF_INET, GFP_KERNEL, &rcv_prot, 1);
	u8 data[37];
	struct kvec kv = { .iov_base = data, .iov_len = sizeof(data) };
	struct iov_iter from;
	struct sk_buff *skb;
	unsigned int i;

	KT_ASSERT(sk, "sk_alloc");
	sock_init_data(NULL, sk);
	for (i = 0; i < sizeof(data); i++)
		data[i] = i * 7 + 1;
	skb = alloc_skb(128, GFP_KERNEL);
	KT_ASSERT(skb, "alloc_skb");
	skb_put_data(skb, "hdr", 3);	/* odd offset: the sum is byte-swapped in */
	skb->csum = csum_partial(skb->data, 3, 0);
	skb->ip_summed = CHECKSUM_NONE;
	iov_iter_kvec(&from, ITER_SOURCE, &kv, 1, sizeof(data));
	KT_EQ(skb_add_data_nocache(sk, skb, &from, sizeof(data)), 0);
	KT_EQ(skb->len, 3 + sizeof(data));
	KT_ASSERT(!memcmp(skb->data + 3, data, sizeof(data)), "copied");
	KT_EQ(csum_fold(skb->csum), csum_fold(csum_partial(skb->data, skb->len, 0)));
	/* more than the iterator holds: nothing added */
	KT_EQ(skb_add_data_nocache(sk, skb, &from, 5), -EFAULT);
	KT_EQ(skb->len, 3 + sizeof(data));
	kfree_skb(skb);
	sk_free(sk);
	return 0;
}

KTEST(sock_rcv, socket_alloc_inode)
{
	static struct socket_alloc sa;

	KT_ASSERT(SOCKET_I(&sa.vfs_inode) == &sa.socket, "SOCKET_I");
	KT_ASSERT(SOCK_INODE(&sa.socket) == &sa.vfs_inode, "SOCK_INODE");
	return 0;
}

/* a sent packet acknowledged: off the time-sorted list and the tree, memory back */
KTEST(sock_rcv, tcp_rtx_unlink_and_free)
{
	struct sock *sk = sk_alloc(&init_net, AF_INET, GFP_KERNEL, &rcv_prot, 1);
	struct sk_buff *skb = alloc_skb(200, GFP_KERNEL);
	LIST_HEAD(tsorted);
	unsigned int truesize;

	KT_ASSERT(sk && skb, "alloc");
	sock_init_data(NULL, sk);
	truesize = skb->truesize;
	sk_wmem_queued_add(sk, truesize);
	sk->sk_forward_alloc = 0;
	rb_link_node(&skb->rbnode, NULL, &sk->tcp_rtx_queue.rb_node);
	rb_insert_color(&skb->rbnode, &sk->tcp_rtx_queue);
	list_add_tail(&skb->tcp_tsorted_anchor, &tsorted);
	KT_ASSERT(!RB_EMPTY_ROOT(&sk->tcp_rtx_queue), "queued");
	tcp_rtx_queue_unlink_and_free(skb, sk);
	KT_ASSERT(RB_EMPTY_ROOT(&sk->tcp_rtx_queue), "unlinked");
	KT_ASSERT(list_empty(&tsorted), "off the list");
	KT_EQ(sk->sk_wmem_queued, 0);
	KT_EQ(sk->sk_forward_alloc, 0);	/* a protocol without memory accounting */
	sk_free(sk);
	return 0;
}
