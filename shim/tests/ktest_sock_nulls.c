// SPDX-License-Identifier: GPL-2.0
/*
 * ktest_sock_nulls.c - hlist_nulls chains (linux/list_nulls.h,
 * rculist_nulls.h) and sockets on them (net/sock.h's sk_nulls_*), with the
 * table's reference; a socket's multicast loop, owner and SO_TIMESTAMP.
 */
#include <linux/bitops.h>
#include <linux/ipv6.h>
#include <linux/list_nulls.h>
#include <linux/rculist_nulls.h>
#include <linux/string.h>
#include <linux/version.h>
#include <net/inet_sock.h>
#include <net/net_namespace.h>
#include <net/sock.h>

#include "ktest.h"

struct nulls_item {
	int			val;
	struct hlist_nulls_node	node;
};

KTEST(sock_nulls, chains_and_markers)
{
	struct hlist_nulls_head head;
	struct hlist_nulls_node *pos;
	struct nulls_item a = { .val = 1 }, b = { .val = 2 }, c = { .val = 3 }, *it;
	int seen[4], n = 0;

	INIT_HLIST_NULLS_HEAD(&head, 7);
	KT_ASSERT(hlist_nulls_empty(&head), "empty");
	KT_ASSERT(is_a_nulls(head.first), "end marker");
	KT_EQ(get_nulls_value(head.first), 7);
	KT_EQ(NULLS_MARKER(7), 15);

	hlist_nulls_add_head(&a.node, &head);
	hlist_nulls_add_head_rcu(&b.node, &head);	/* b a */
	hlist_nulls_add_tail_rcu(&c.node, &head);	/* b a c */
	KT_ASSERT(!hlist_nulls_unhashed(&a.node) && !hlist_nulls_unhashed_lockless(&c.node),
		  "hashed");
	hlist_nulls_for_each_entry(it, pos, &head, node)
		seen[n++] = it->val;
	KT_EQ(n, 3);
	KT_EQ(seen[0], 2);
	KT_EQ(seen[1], 1);
	KT_EQ(seen[2], 3);
	/* the walk ends on the chain's own marker */
	KT_ASSERT(is_a_nulls(pos) && get_nulls_value(pos) == 7, "ends at 7");
	KT_ASSERT(hlist_nulls_entry_safe(head.first, struct nulls_item, node) == &b, "first");
	KT_ASSERT(!hlist_nulls_entry_safe(c.node.next, struct nulls_item, node), "past c");

	/* from a: a, c */
	n = 0;
	pos = &a.node;
	hlist_nulls_for_each_entry_from(it, pos, node)
		seen[n++] = it->val;
	KT_EQ(n, 2);
	KT_EQ(seen[0], 1);

	hlist_nulls_del_init_rcu(&a.node);		/* b c */
	KT_ASSERT(hlist_nulls_unhashed(&a.node), "a unhashed");
	hlist_nulls_del_init_rcu(&a.node);		/* twice: nothing */
	KT_ASSERT(b.node.next == &c.node && c.node.pprev == &b.node.next, "relinked");

	/* a replaces c; c unhashed */
	hlist_nulls_replace_init_rcu(&c.node, &a.node);	/* b a */
	KT_ASSERT(hlist_nulls_unhashed(&c.node), "c unhashed");
	n = 0;
	hlist_nulls_for_each_entry_rcu(it, pos, &head, node)
		seen[n++] = it->val;
	KT_EQ(n, 2);
	KT_EQ(seen[1], 1);

	/* the safe walk may delete what it stands on */
	hlist_nulls_for_each_entry_safe(it, pos, &head, node)
		hlist_nulls_del_rcu(&it->node);
	KT_ASSERT(hlist_nulls_empty(&head), "emptied");
	KT_EQ(get_nulls_value(head.first), 7);
	KT_ASSERT(!hlist_nulls_unhashed(&b.node), "deleted, not unhashed (poisoned)");

	/* a fake node deletes without touching any chain */
	hlist_nulls_add_fake(&c.node);
	KT_ASSERT(is_a_nulls(c.node.next), "fake's next is a marker");
	hlist_nulls_del(&c.node);
	KT_ASSERT(hlist_nulls_empty(&head), "still empty");
	return 0;
}

KTEST(sock_nulls, sockets_on_a_chain)
{
	static struct sock s1, s2, s3;
	struct hlist_nulls_head head;
	struct hlist_nulls_node *node;
	struct sock *sk;
	int n = 0;

	INIT_HLIST_NULLS_HEAD(&head, 3);
	refcount_set(&s1.sk_refcnt, 1);
	refcount_set(&s2.sk_refcnt, 1);
	refcount_set(&s3.sk_refcnt, 1);
	KT_ASSERT(!sk_nulls_head(&head), "empty: no socket");

	sk_nulls_add_node_rcu(&s1, &head);
	KT_EQ(refcount_read(&s1.sk_refcnt), 2);	/* the table's reference */
	__sk_nulls_add_node_tail_rcu(&s2, &head);	/* s1 s2, s2 unreferenced */
	KT_EQ(refcount_read(&s2.sk_refcnt), 1);
	KT_ASSERT(sk_hashed(&s1) && sk_hashed(&s2), "hashed through sk_node's place");
	KT_ASSERT(sk_nulls_head(&head) == &s1 && __sk_nulls_head(&head) == &s1, "head");
	KT_ASSERT(sk_nulls_next(&s1) == &s2 && !sk_nulls_next(&s2), "next");

	sk_nulls_for_each(sk, node, &head)
		n++;
	KT_EQ(n, 2);
	n = 0;
	sk = &s2;
	sk_nulls_for_each_from(sk, node)
		n++;
	KT_EQ(n, 1);
	n = 0;
	sk = NULL;
	sk_nulls_for_each_from(sk, node)
		n++;
	KT_EQ(n, 0);

	/* s3 takes s1's place, s1 loses the table's reference */
	sock_hold(&s3);
	KT_ASSERT(sk_nulls_replace_node_init_rcu(&s1, &s3), "replaced");
	KT_EQ(refcount_read(&s1.sk_refcnt), 1);
	KT_ASSERT(sk_unhashed(&s1) && sk_nulls_head(&head) == &s3, "s3 first");
	KT_ASSERT(!sk_nulls_replace_node_init_rcu(&s1, &s2), "s1 not hashed");

	KT_ASSERT(sk_nulls_del_node_init_rcu(&s3), "unhashed");
	KT_EQ(refcount_read(&s3.sk_refcnt), 1);
	KT_ASSERT(!sk_nulls_del_node_init_rcu(&s3), "twice");
	KT_ASSERT(__sk_nulls_del_node_init_rcu(&s2), "s2 unhashed");
	KT_ASSERT(hlist_nulls_empty(&head), "empty");
	__sk_nulls_add_node_rcu(&s2, &head);
	KT_ASSERT(sk_nulls_head(&head) == &s2, "s2 again");
	KT_EQ(refcount_read(&s2.sk_refcnt), 1);
	return 0;
}

#if LINUX_VERSION_CODE < KERNEL_VERSION(7, 3, 0)
static struct proto nulls_prot = {
	.name = "NULLSTEST",
	.obj_size = sizeof(struct inet_sock),
};
#endif

KTEST(sock_nulls, mc_loop_uid_timestamps)
{
	static struct inet_sock inet;
	struct sock *sk = &inet.sk;

	KT_ASSERT(sk_mc_loop(NULL), "no socket: loop");
	sk->sk_family = AF_INET;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	KT_ASSERT(!sk_mc_loop(sk), "flag off");
	set_bit(INET_FLAGS_MC_LOOP, &inet.inet_flags);
	KT_ASSERT(sk_mc_loop(sk), "flag on");
	sk->sk_family = AF_INET6;
	KT_ASSERT(!sk_mc_loop(sk), "IPv6 flag off");
	set_bit(INET_FLAGS_MC6_LOOP, &inet.inet_flags);
	KT_ASSERT(sk_mc_loop(sk), "IPv6 flag on");
#else
	KT_ASSERT(!sk_mc_loop(sk), "flag off");
	inet.mc_loop = 1;
	KT_ASSERT(sk_mc_loop(sk), "flag on");
#endif
	sk->sk_family = AF_UNIX;
	KT_ASSERT(sk_mc_loop(sk), "other families loop");

#if LINUX_VERSION_CODE < KERNEL_VERSION(7, 3, 0)
	sk = sk_alloc(&init_net, AF_INET, GFP_KERNEL, &nulls_prot, 1);
	KT_ASSERT(sk, "alloc");
	sock_init_data(NULL, sk);
	KT_EQ(__kuid_val(sock_i_uid(sk)), 0);	/* no socket inode: root */
	sock_set_flag(sk, SOCK_TSTAMP_NEW);
	sock_enable_timestamps(sk);
	KT_ASSERT(sock_flag(sk, SOCK_RCVTSTAMP) && sock_flag(sk, SOCK_RCVTSTAMPNS) &&
		  sock_flag(sk, SOCK_TIMESTAMP), "timestamps on");
	KT_ASSERT(!sock_flag(sk, SOCK_TSTAMP_NEW), "old layout");
	sock_put(sk);
#endif
	return 0;
}

KTEST(sock_nulls, lock_class_init)
{
	static struct sock sk;
	static struct lock_class_key slock_key, key;

	sk.sk_lock.owned = 1;
	sock_lock_init_class_and_name(&sk, "slock-AF_TEST", &slock_key, "sk_lock-AF_TEST",
				      &key);
	KT_EQ(sk.sk_lock.owned, 0);
	KT_ASSERT(!sock_owned_by_user(&sk), "not owned");
	KT_ASSERT(list_empty(&sk.sk_lock.wq.head), "no waiters");
	spin_lock_bh(&sk.sk_lock.slock);
	spin_unlock_bh(&sk.sk_lock.slock);
	return 0;
}
