// SPDX-License-Identifier: GPL-2.0
/*
 * ktest_sock_uid.c - a socket's owner id (kuid_t, sock_net_uid()), its drop
 * counters, its transmit timestamping flags and receive-side clones.
 */
#include <linux/net_tstamp.h>
#include <linux/skbuff.h>
#include <linux/uidgid.h>
#include <linux/version.h>
#include <net/net_namespace.h>
#include <net/sock.h>

#include "ktest.h"

static struct proto uid_prot = {
	.name = "UIDTEST",
	.obj_size = sizeof(struct sock),
};

/* the initial namespace maps every id but -1 onto itself */
KTEST(sock_uid, kuid_maps)
{
	kuid_t uid = make_kuid(&init_user_ns, 1000);

	KT_EQ(__kuid_val(uid), 1000);
	KT_ASSERT(uid_valid(uid) && !uid_valid(INVALID_UID), "valid");
	KT_ASSERT(!uid_valid(make_kuid(&init_user_ns, (uid_t)-1)), "-1 unmapped");
	KT_ASSERT(uid_eq(make_kuid(init_net.user_ns, 0), GLOBAL_ROOT_UID), "root");
	KT_ASSERT(uid_lt(GLOBAL_ROOT_UID, uid) && uid_gte(uid, uid), "order");
	KT_EQ(from_kuid(&init_user_ns, uid), 1000);
	KT_EQ(from_kuid(&init_user_ns, INVALID_UID), (uid_t)-1);
	KT_EQ(from_kuid_munged(&init_user_ns, INVALID_UID), 65534);
	KT_EQ(from_kgid_munged(&init_user_ns, KGIDT_INIT(7)), 7);
	KT_ASSERT(!kuid_has_mapping(&init_user_ns, INVALID_UID), "no mapping");
	KT_ASSERT(kgid_has_mapping(&init_user_ns, GLOBAL_ROOT_GID), "mapping");
	return 0;
}

KTEST(sock_uid, net_uid_and_drops)
{
	struct sock *sk = sk_alloc(&init_net, AF_INET, GFP_KERNEL, &uid_prot, 1);
	struct sk_buff *skb = alloc_skb(100, GFP_KERNEL);

	KT_ASSERT(sk && skb, "alloc");
	sock_init_data(NULL, sk);
	sk->sk_uid = KUIDT_INIT(1234);
	KT_EQ(__kuid_val(sock_net_uid(&init_net, sk)), 1234);
	/* no socket: root of the namespace */
	KT_EQ(__kuid_val(sock_net_uid(&init_net, NULL)), 0);

	skb_shinfo(skb)->gso_segs = 3;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	{
		struct numa_drop_counters ndc = {};

		KT_EQ(__kuid_val(sk_uid(sk)), 1234);
		sk_drops_skbadd(sk, skb);
		sk_drops_inc(sk);
		KT_EQ(sk_drops_read(sk), 4);
		sk_drops_reset(sk);
		KT_EQ(sk_drops_read(sk), 0);
		/* per-node counters take the drops instead */
		sk->sk_drop_counters = &ndc;
		sk_drops_add(sk, 5);
		KT_EQ(atomic_read(&sk->sk_drops), 0);
		KT_EQ(sk_drops_read(sk), 5);
		sk_drops_reset(sk);
		KT_EQ(numa_drop_read(&ndc), 0);
		sk->sk_drop_counters = NULL;
	}
#else
	sk_drops_add(sk, skb);
	KT_EQ(atomic_read(&sk->sk_drops), 3);
	skb_shinfo(skb)->gso_segs = 0;		/* not GSO: one drop */
	sk_drops_add(sk, skb);
	KT_EQ(atomic_read(&sk->sk_drops), 4);
#endif
	kfree_skb(skb);
	sock_put(sk);
	return 0;
}

/* SOF_TIMESTAMPING_TX_* to SKBTX_*, and the OPT_ID key from sk_tskey */
KTEST(sock_uid, tx_timestamp_flags)
{
	struct sock *sk = sk_alloc(&init_net, AF_INET, GFP_KERNEL, &uid_prot, 1);
	u32 tsflags = SOF_TIMESTAMPING_TX_SOFTWARE | SOF_TIMESTAMPING_TX_SCHED |
		      SOF_TIMESTAMPING_OPT_ID;
	__u8 tx_flags = 0;
	__u32 key = 99;

	KT_ASSERT(sk, "alloc");
	sock_init_data(NULL, sk);
	atomic_set(&sk->sk_tskey, 10);
	__sock_tx_timestamp(SOF_TIMESTAMPING_TX_HARDWARE, &tx_flags);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	KT_EQ(tx_flags, SKBTX_HW_TSTAMP_NOBPF);
	{
		struct sockcm_cookie sockc = { .tsflags = tsflags };

		tx_flags = 0;
		_sock_tx_timestamp(sk, &sockc, &tx_flags, &key);
		KT_EQ(tx_flags, SKBTX_SW_TSTAMP | SKBTX_SCHED_TSTAMP);
		KT_EQ(key, 10);
		KT_EQ(atomic_read(&sk->sk_tskey), 11);
		/* a cmsg's OPT_ID key wins over the socket's counter */
		sockc.tsflags |= SOCKCM_FLAG_TS_OPT_ID;
		sockc.ts_opt_id = 77;
		_sock_tx_timestamp(sk, &sockc, &tx_flags, &key);
		KT_EQ(key, 77);
		KT_EQ(atomic_read(&sk->sk_tskey), 11);
		/* no key asked: the counter stays */
		sock_tx_timestamp(sk, &sockc, &tx_flags);
		KT_EQ(atomic_read(&sk->sk_tskey), 11);
		KT_ASSERT(!sk_requests_wifi_status(sk), "wifi");
		sock_set_flag(sk, SOCK_WIFI_STATUS);
		KT_ASSERT(sk_requests_wifi_status(sk), "wifi set");
		KT_ASSERT(!sk_requests_wifi_status(NULL), "no socket");
	}
#else
	KT_EQ(tx_flags, SKBTX_HW_TSTAMP);
	tx_flags = 0;
	__sock_tx_timestamp(SOF_TIMESTAMPING_TX_HARDWARE | SOF_TIMESTAMPING_BIND_PHC, &tx_flags);
	KT_EQ(tx_flags, SKBTX_HW_TSTAMP | SKBTX_HW_TSTAMP_USE_CYCLES);
	tx_flags = 0;
	_sock_tx_timestamp(sk, tsflags, &tx_flags, &key);
	KT_EQ(tx_flags, SKBTX_SW_TSTAMP | SKBTX_SCHED_TSTAMP);
	KT_EQ(key, 10);
	KT_EQ(atomic_read(&sk->sk_tskey), 11);
	sock_tx_timestamp(sk, tsflags, &tx_flags);
	KT_EQ(atomic_read(&sk->sk_tskey), 11);
	/* SO_WIFI_STATUS asks for the Wi-Fi acknowledgement without timestamps */
	tx_flags = 0;
	sock_set_flag(sk, SOCK_WIFI_STATUS);
	sock_tx_timestamp(sk, 0, &tx_flags);
	KT_EQ(tx_flags, SKBTX_WIFI_STATUS);
#endif
	sock_put(sk);
	return 0;
}

/* a receive clone is charged to the socket, or refused over its buffer */
KTEST(sock_uid, clone_and_charge_r)
{
	struct sock *sk = sk_alloc(&init_net, AF_INET, GFP_KERNEL, &uid_prot, 1);
	struct sk_buff *skb = alloc_skb(200, GFP_KERNEL);
	struct sk_buff *clone;

	KT_ASSERT(sk && skb, "alloc");
	sock_init_data(NULL, sk);
	clone = skb_clone_and_charge_r(skb, sk);
	KT_ASSERT(clone && clone != skb, "clone");
	KT_ASSERT(clone->sk == sk && clone->destructor == sock_rfree, "owner r");
	KT_EQ(sk_rmem_alloc_get(sk), clone->truesize);
	kfree_skb(clone);
	KT_EQ(sk_rmem_alloc_get(sk), 0);

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	KT_ASSERT(!sk_is_vsock(sk), "inet");
#endif
	KT_EQ(SK_WMEM_ALLOC_BIAS, 1);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	/* the only packet in flight may change TX queue (ooo_okay), a second not */
	KT_EQ(sysctl_wmem_max, 4 << 20);
	KT_EQ(sysctl_wmem_default, SK_WMEM_DEFAULT);
	{
		struct sk_buff *a = alloc_skb(100, GFP_KERNEL), *b = alloc_skb(100, GFP_KERNEL);

		KT_ASSERT(a && b, "alloc");
		skb_set_owner_w(a, sk);
		KT_ASSERT(a->ooo_okay, "first");
		skb_set_owner_w(b, sk);
		KT_ASSERT(!b->ooo_okay, "second");
		kfree_skb(a);
		kfree_skb(b);
	}
#else
	KT_EQ(sysctl_wmem_max, SK_WMEM_MAX);
#endif
	kfree_skb(skb);
	sock_put(sk);
	return 0;
}

/* a socket's owner from sock_init_data_uid(); no file: inode 0 */
KTEST(sock_uid, init_data_uid_and_ino)
{
	struct sock *sk = sk_alloc(&init_net, AF_INET, GFP_KERNEL, &uid_prot, 1);

	KT_ASSERT(sk, "alloc");
	sock_init_data_uid(NULL, sk, KUIDT_INIT(4242));
	KT_EQ(__kuid_val(sock_net_uid(&init_net, sk)), 4242);
	KT_EQ(refcount_read(&sk->sk_refcnt), 1);
	KT_EQ(sock_i_ino(sk), 0);
	sk->sk_uid = KUIDT_INIT(7);
	sock_init_data(NULL, sk);		/* no socket: root of the namespace */
	KT_EQ(__kuid_val(sk->sk_uid), 0);
	sock_put(sk);
	return 0;
}
