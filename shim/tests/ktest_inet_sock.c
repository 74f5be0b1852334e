// SPDX-License-Identifier: GPL-2.0
/*
 * ktest_inet_sock.c - net/inet_sock.h's socket helpers: device binding
 * matches, non-local binds, checksum conversion counts, state changes.
 */
#include <linux/in.h>
#include <linux/version.h>
#include <net/inet_sock.h>
#include <net/net_namespace.h>

#include "shim.h"
#include "ktest.h"

KTEST(inet_sock, bound_dev_eq)
{
	struct net net = {};

	/* unbound: any device unless it came through an L3 master (sdif) */
	KT_ASSERT(inet_bound_dev_eq(false, 0, 3, 0), "unbound, no sdif");
	KT_ASSERT(!inet_bound_dev_eq(false, 0, 3, 5), "unbound, sdif");
	KT_ASSERT(inet_bound_dev_eq(true, 0, 3, 5), "unbound, l3mdev_accept");
	KT_ASSERT(inet_bound_dev_eq(false, 5, 3, 5), "bound to sdif");
	KT_ASSERT(inet_bound_dev_eq(false, 3, 3, 0), "bound to dif");
	KT_ASSERT(!inet_bound_dev_eq(true, 4, 3, 5), "bound elsewhere");
	KT_ASSERT(!inet_sk_bound_dev_eq(&net, 0, 3, 5), "sysctl 0");
	net.ipv4.sysctl_tcp_l3mdev_accept = 1;
	KT_ASSERT(inet_sk_bound_dev_eq(&net, 0, 3, 5), "sysctl 1");
	return 0;
}

KTEST(inet_sock, nonlocal_bind_and_convert_csum)
{
	struct net net = {};
	struct inet_sock inet = {};
	struct sock *sk = &inet.sk;

	KT_ASSERT(!inet_can_nonlocal_bind(&net, &inet), "defaults");
	KT_ASSERT(!inet_addr_valid_or_nonlocal(&net, &inet, htonl(0x0a000001), RTN_UNICAST),
		  "remote unicast");
	KT_ASSERT(inet_addr_valid_or_nonlocal(&net, &inet, htonl(INADDR_ANY), RTN_UNICAST),
		  "any");
	KT_ASSERT(inet_addr_valid_or_nonlocal(&net, &inet, htonl(0x0a000001), RTN_LOCAL),
		  "local");
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	inet_set_bit(FREEBIND, sk);
#else
	inet.freebind = 1;
#endif
	KT_ASSERT(inet_can_nonlocal_bind(&net, &inet), "IP_FREEBIND");

	KT_ASSERT(!inet_get_convert_csum(sk), "none");
	inet_inc_convert_csum(sk);
	inet_inc_convert_csum(sk);
	inet_dec_convert_csum(sk);
	KT_ASSERT(inet_get_convert_csum(sk), "one left");
	inet_dec_convert_csum(sk);
	inet_dec_convert_csum(sk);	/* never below zero */
	KT_EQ(inet.convert_csum, 0);
	inet_sk_set_state(sk, TCP_CLOSE);
	KT_EQ(inet_sk_state_load(sk), TCP_CLOSE);
	return 0;
}
