/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Connection tracking as seen by a qdisc. The shim's packets are never
 * tracked (skb->_nfct is 0), so no tuple is found (nf_ct_get_tuple_skb(),
 * linux/netfilter.h): cake's NAT lookup keeps the packet's own addresses,
 * as for untracked traffic in the kernel.
 */
#ifndef _NF_CONNTRACK_CORE_H
#define _NF_CONNTRACK_CORE_H

#include <linux/types.h>
#include <linux/in6.h>
#include <linux/skbuff.h>
#include <linux/netfilter.h>
#include <linux/spinlock.h>
#include <linux/lockdep.h>

union nf_conntrack_man_proto {
	__be16 all;
	struct { __be16 port; } tcp;
	struct { __be16 port; } udp;
};

struct nf_conntrack_man {
	union nf_inet_addr u3;
	union nf_conntrack_man_proto u;
	u_int16_t l3num;
};

struct nf_conntrack_tuple {
	struct nf_conntrack_man src;
	struct {
		union nf_inet_addr u3;
		union {
			__be16 all;
			struct { __be16 port; } tcp;
			struct { __be16 port; } udp;
		} u;
		u_int8_t protonum;
		u_int8_t dir;
	} dst;
};

/*
 * The conntrack table's bucket locks and the expectation lock
 * (lib/nf_conntrack_core.c): a helper module takes them as in the kernel,
 * though nothing is tracked here.
 */
#define CONNTRACK_LOCKS 1024

extern spinlock_t nf_conntrack_locks[CONNTRACK_LOCKS];
void nf_conntrack_lock(spinlock_t *lock);

extern spinlock_t nf_conntrack_expect_lock;

static inline void lockdep_nfct_expect_lock_held(void)
{
	lockdep_assert_held(&nf_conntrack_expect_lock);
}


/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/bvec.h>
#include <linux/etherdevice.h>
#include <linux/if_arp.h>
#include <linux/if_vlan.h>
#include <linux/ip.h>
#include <linux/ipv6.h>
#include <linux/jhash.h>
#include <linux/netfilter_ipv4.h>
#include <linux/poll.h>
#include <linux/rtnetlink.h>
#include <linux/tcp.h>
#include <linux/udp.h>
#include <linux/uidgid.h>
#include <linux/win_minmax.h>
#include <net/dsfield.h>
#include <net/inet_connection_sock.h>
#include <net/inet_ecn.h>
#include <net/inet_sock.h>
#include <net/ipv6.h>
#include <net/l3mdev.h>
#include <net/netlink.h>
#include <net/netns/generic.h>
#include <net/netns/hash.h>
#include <net/request_sock.h>
#include <net/rtnetlink.h>
#include <net/sock.h>
#include <net/tcp_states.h>
#endif
