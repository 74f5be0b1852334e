/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ktest_nac.h - kernel-style test helpers of the nac qdisc (ktest_nac.c,
 * compiled against the shim like the qdisc), called from test_nac.c (plain
 * user space). Plain C types only: both worlds include this header.
 */
#ifndef QDK_KTEST_NAC_H
#define QDK_KTEST_NAC_H

struct qdk_skb;

/*
 * Insert optlen bytes of IPv4 options (a multiple of 4, at most 40) after
 * the 20-byte IPv4 header of a packet qdk_skb_build() made: the frame grows
 * by optlen (skb->len and the qdisc's pkt_len), ihl and tot_len follow, and
 * the header checksum is computed afresh. Returns 0, or -1 when the packet
 * is not IPv4 without options or optlen is not acceptable.
 */
int ktest_nac_add_ipopts(struct qdk_skb *skb, const unsigned char *opts,
			 unsigned int optlen);

/* Copy the packet's IPv4 header, options included, into buf; its length,
 * or -1 when it is not IPv4 or buf is too small.
 */
int ktest_nac_iphdr(const struct qdk_skb *skb, unsigned char *buf,
		    unsigned int len);

/* Overwrite byte off of the IPv4 header (to corrupt a checksum). */
void ktest_nac_poke(struct qdk_skb *skb, unsigned int off, unsigned char v);

/* Set or clear skb->cloned (a header the qdisc may not write). */
void ktest_nac_set_cloned(struct qdk_skb *skb, int cloned);

#endif /* QDK_KTEST_NAC_H */
