/* SPDX-License-Identifier: GPL-2.0 */
/* TCP declarations qdiscs include for constants; no TCP stack here. */
#ifndef _TCP_H
#define _TCP_H

#include <linux/tcp.h>
#include <net/sock.h>
#include <net/tcp_states.h>
#include <net/inet_ecn.h>
#include <net/ip.h>
#include <net/ipv6.h>
#include <linux/siphash.h>
#include <linux/udp.h>
#include <linux/unaligned.h>

/* TCP option kinds and lengths */
#define TCPOPT_NOP		1
#define TCPOPT_EOL		0
#define TCPOPT_MSS		2
#define TCPOPT_WINDOW		3
#define TCPOPT_SACK_PERM	4
#define TCPOPT_SACK		5
#define TCPOPT_TIMESTAMP	8
#define TCPOPT_MD5SIG		19
#define TCPOPT_MPTCP		30
#define TCPOPT_FASTOPEN		34
#define TCPOPT_EXP		254
#define TCPOPT_FASTOPEN_MAGIC	0xF989
#define TCPOPT_SMC_MAGIC	0xE2D4C3D9

#define TCPOLEN_MSS		4
#define TCPOLEN_WINDOW		3
#define TCPOLEN_SACK_PERM	2
#define TCPOLEN_TIMESTAMP	10
#define TCPOLEN_MD5SIG		18
#define TCPOLEN_FASTOPEN_BASE	2
#define TCPOLEN_EXP_FASTOPEN_BASE 4
#define TCPOLEN_SACK_BASE	2
#define TCPOLEN_SACK_BASE_ALIGNED 4
#define TCPOLEN_SACK_PERBLOCK	8

/* sequence number comparisons modulo 2^32 */
static inline bool before(__u32 seq1, __u32 seq2)
{
	return (__s32)(seq1 - seq2) < 0;
}
#define after(seq2, seq1)	before(seq1, seq2)

static inline bool between(__u32 seq1, __u32 seq2, __u32 seq3)
{
	return seq3 - seq2 >= seq1 - seq2;
}

#define MAX_TCP_HEADER	320
#define TCP_MSS_DEFAULT	536U

/* TCP's pure ACKs carry a truesize of 2 (tcp_send_ack() marks them so) */
static inline bool skb_is_tcp_pure_ack(const struct sk_buff *skb)
{
	return skb->truesize == 2;
}


/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/list.h>
#include <linux/bug.h>
#include <linux/slab.h>
#include <linux/cache.h>
#include <linux/percpu.h>
#include <linux/skbuff.h>
#include <linux/kref.h>
#include <linux/ktime.h>
#include <net/inet_connection_sock.h>
#include <net/checksum.h>
#include <linux/seq_file.h>
#endif
