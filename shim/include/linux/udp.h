/* SPDX-License-Identifier: GPL-2.0 */
/*
 * linux/udp.h: the UDP header of a packet and struct udp_sock, with its
 * flag bits and the helpers that read and set them. The encapsulation
 * static keys are the kernel's; nothing in the shim turns them on (no
 * tunnel socket: net/udp.h's udp_encap_enable() is not mirrored). The
 * hash tables are not modelled.
 */
#ifndef _QDK_SHIM_LINUX_UDP_H
#define _QDK_SHIM_LINUX_UDP_H

#include_next <linux/udp.h>

#include <linux/netdevice.h>	/* GRO_LEGACY_MAX_SIZE (net/sock.h's, in the kernel) */
#include <linux/skbuff.h>
#include <linux/socket.h>
#include <linux/version.h>
#include <linux/jump_label.h>
#include <net/netns/hash.h>

static inline struct udphdr *udp_hdr(const struct sk_buff *skb)
{
	return (struct udphdr *)skb_transport_header(skb);
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/* the length field, or for a BIG TCP GSO packet (len 0) what follows dataoff */
static inline unsigned int udp_get_len(const struct sk_buff *skb, const struct udphdr *uh,
				       unsigned int dataoff)
{
	if (uh->len)
		return ntohs(uh->len);
	if (skb_is_gso(skb))
		return skb->len - dataoff;
	return 0;
}

static inline unsigned int udp_get_len_short(const struct udphdr *uh)
{
	return ntohs(uh->len);
}

/* a length that does not fit 16 bits is written as 0 (BIG TCP) */
static inline void udp_set_len(struct udphdr *uh, unsigned int len)
{
	uh->len = len < GRO_LEGACY_MAX_SIZE ? htons(len) : 0;
}

static inline void udp_set_len_short(struct udphdr *uh, unsigned int len)
{
	/* DEBUG_NET_WARN_ON_ONCE(len >= 64K): compiled out without CONFIG_DEBUG_NET */
	uh->len = htons(len);
}
#endif

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
#define UDP_HTABLE_SIZE_MIN_PERNET	128
#define UDP_HTABLE_SIZE_MAX		65536
#endif
#define UDP_HTABLE_SIZE_MIN		256	/* CONFIG_BASE_SMALL off */

/* udp_sock's udp_flags bits */
enum {
	UDP_FLAGS_CORK,			/* UDP_CORK */
	UDP_FLAGS_NO_CHECK6_TX,		/* zero UDP6 checksums sent */
	UDP_FLAGS_NO_CHECK6_RX,		/* zero UDP6 checksums accepted */
	UDP_FLAGS_GRO_ENABLED,		/* UDP_GRO */
	UDP_FLAGS_ACCEPT_FRAGLIST,
	UDP_FLAGS_ACCEPT_L4,
	UDP_FLAGS_ENCAP_ENABLED,
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0) && LINUX_VERSION_CODE < KERNEL_VERSION(7, 3, 0)
	UDP_FLAGS_UDPLITE_SEND_CC,	/* UDPLITE_SEND_CSCOV set */
	UDP_FLAGS_UDPLITE_RECV_CC,	/* UDPLITE_RECV_CSCOV set */
#endif
};

/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <net/inet_sock.h>

/*
 * A UDP socket as udp_prot allocates it: struct inet_sock first, so that
 * udp_sk() and inet_sk() of its struct sock are valid (a replayed packet's
 * skb->sk, traces/FORMAT.md "Sockets").
 */
struct udp_sock {
	struct inet_sock inet;
#define udp_port_hash		inet.sk.__sk_common.skc_u16hashes[0]
#define udp_portaddr_hash	inet.sk.__sk_common.skc_u16hashes[1]
#define udp_portaddr_node	inet.sk.__sk_common.skc_portaddr_node
	unsigned long	 udp_flags;
	int		 pending;	/* corked frames pending */
	__u8		 encap_type;
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
#define UDPLITE_BIT	0x1	/* a UDP-Lite socket */
#define UDPLITE_SEND_CC	0x2	/* UDPLITE_SEND_CSCOV set */
#define UDPLITE_RECV_CC	0x4	/* UDPLITE_RECV_CSCOV set */
	__u8		 pcflag;
#endif
	__u16		 len;		/* the corked frames' length */
	__u16		 gso_size;	/* UDP_SEGMENT */
#if LINUX_VERSION_CODE < KERNEL_VERSION(7, 3, 0)
	__u16		 pcslen;	/* UDP-Lite's checksum coverage */
	__u16		 pcrlen;
#endif
	int (*encap_rcv)(struct sock *sk, struct sk_buff *skb);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	void (*encap_err_rcv)(struct sock *sk, struct sk_buff *skb, int err,
			      __be16 port, u32 info, u8 *payload);
#else
	void (*encap_err_rcv)(struct sock *sk, struct sk_buff *skb, unsigned int udp_offset);
#endif
	int (*encap_err_lookup)(struct sock *sk, struct sk_buff *skb);
	void (*encap_destroy)(struct sock *sk);
	struct sk_buff *(*gro_receive)(struct sock *sk, struct list_head *head,
				       struct sk_buff *skb);
	int (*gro_complete)(struct sock *sk, struct sk_buff *skb, int nhoff);
	struct sk_buff_head reader_queue;	/* what udp_recvmsg() reads first */
	int		 forward_deficit;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	int		 forward_threshold;
	bool		 peeking_with_offset;	/* sk_peek_off >= 0 */
#endif
};

#define udp_test_bit(nr, sk)		test_bit(UDP_FLAGS_##nr, &udp_sk(sk)->udp_flags)
#define udp_set_bit(nr, sk)		set_bit(UDP_FLAGS_##nr, &udp_sk(sk)->udp_flags)
#define udp_test_and_set_bit(nr, sk)	test_and_set_bit(UDP_FLAGS_##nr, &udp_sk(sk)->udp_flags)
#define udp_clear_bit(nr, sk)		clear_bit(UDP_FLAGS_##nr, &udp_sk(sk)->udp_flags)
#define udp_assign_bit(nr, sk, val)	assign_bit(UDP_FLAGS_##nr, &udp_sk(sk)->udp_flags, val)

/* a port's bucket in a table of mask + 1, salted by the namespace */
static inline u32 udp_hashfn(const struct net *net, u32 num, u32 mask)
{
	return (num + net_hash_mix(net)) & mask;
}

/* the most segments one UDP_SEGMENT send may be cut into */
#define UDP_MAX_SEGMENTS	(1 << 7UL)

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
#define udp_sk(ptr) container_of_const(ptr, struct udp_sock, inet.sk)

/* SO_PEEK_OFF, remembered where udp_recvmsg() looks */
static inline int udp_set_peek_off(struct sock *sk, int val)
{
	sk_set_peek_off(sk, val);
	WRITE_ONCE(udp_sk(sk)->peeking_with_offset, val >= 0);
	return 0;
}
#else
static inline struct udp_sock *udp_sk(const struct sock *sk)
{
	return (struct udp_sock *)sk;
}
#endif

static inline void udp_set_no_check6_tx(struct sock *sk, bool val)
{
	udp_assign_bit(NO_CHECK6_TX, sk, val);
}

static inline void udp_set_no_check6_rx(struct sock *sk, bool val)
{
	udp_assign_bit(NO_CHECK6_RX, sk, val);
}

static inline bool udp_get_no_check6_tx(const struct sock *sk)
{
	return udp_test_bit(NO_CHECK6_TX, sk);
}

static inline bool udp_get_no_check6_rx(const struct sock *sk)
{
	return udp_test_bit(NO_CHECK6_RX, sk);
}

/* a GRO packet's segment size to the reader (UDP_GRO control message) */
static inline void udp_cmsg_recv(struct msghdr *msg, struct sock *sk, struct sk_buff *skb)
{
	int gso_size;

	if (skb_shinfo(skb)->gso_type & SKB_GSO_UDP_L4) {
		gso_size = skb_shinfo(skb)->gso_size;
		put_cmsg(msg, SOL_UDP, UDP_GRO, sizeof(gso_size), &gso_size);
	}
}

/* on while a socket of the namespace decapsulates (a UDP tunnel's) */
DECLARE_STATIC_KEY_FALSE(udp_encap_needed_key);
DECLARE_STATIC_KEY_FALSE(udpv6_encap_needed_key);

static inline bool udp_encap_needed(void)
{
	return static_branch_unlikely(&udp_encap_needed_key) ||
	       static_branch_unlikely(&udpv6_encap_needed_key);
}

/*
 * A GSO packet the socket cannot take whole: segments of a kind it did not
 * ask for, or, while tunnels are about, one that may be bound for a
 * tunnel's decapsulation without saying so: the receive path segments it.
 */
static inline bool udp_unexpected_gso(struct sock *sk, struct sk_buff *skb)
{
	if (!skb_is_gso(skb))
		return false;
	if ((skb_shinfo(skb)->gso_type & SKB_GSO_UDP_L4) && !udp_test_bit(ACCEPT_L4, sk))
		return true;
	if ((skb_shinfo(skb)->gso_type & SKB_GSO_FRAGLIST) && !udp_test_bit(ACCEPT_FRAGLIST, sk))
		return true;
	return udp_encap_needed() && READ_ONCE(udp_sk(sk)->encap_rcv) &&
	       !(skb_shinfo(skb)->gso_type & (SKB_GSO_UDP_TUNNEL | SKB_GSO_UDP_TUNNEL_CSUM));
}

/* the socket takes GSO packets (UDP_SEGMENT's and fraglist ones) whole */
static inline void udp_allow_gso(struct sock *sk)
{
	udp_set_bit(ACCEPT_L4, sk);
	udp_set_bit(ACCEPT_FRAGLIST, sk);
}

#define udp_portaddr_for_each_entry(__sk, list) \
	hlist_for_each_entry(__sk, list, __sk_common.skc_portaddr_node)

#define udp_portaddr_for_each_entry_rcu(__sk, list) \
	hlist_for_each_entry_rcu(__sk, list, __sk_common.skc_portaddr_node)

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
#define udp_portaddr_for_each_entry_from(__sk) \
	hlist_for_each_entry_from(__sk, __sk_common.skc_portaddr_node)
#endif

#if LINUX_VERSION_CODE < KERNEL_VERSION(7, 3, 0)
#define IS_UDPLITE(__sk) (__sk->sk_protocol == IPPROTO_UDPLITE)
#endif


/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/unaligned.h>
#endif
