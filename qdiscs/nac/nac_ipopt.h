/* SPDX-License-Identifier: GPL-2.0 */
/*
 * nac_ipopt.h - reading and writing the NAC IP option (nac.h) in an IPv4
 * header, kernel C: the one owner of the option's parsing, shared by the
 * router side (sch_nac.c, which stamps the forward metric) and the sender
 * side (tcp_nac.c, which reads the metrics and writes the echo). The caller
 * makes sure the whole header (ihl * 4 bytes) is linear.
 */
#ifndef QDK_NAC_IPOPT_H
#define QDK_NAC_IPOPT_H

#include <linux/errno.h>
#include <linux/ip.h>
#include <linux/types.h>
#include <net/checksum.h>

#include "nac.h"

/*
 * The offset from iph of the NAC option's type byte; 0 when the header has
 * no NAC option; -EINVAL when the options are malformed (a length running
 * past the header or under 2, or a NAC option shorter than
 * NAC_IPOPT_MINLEN). The option's length byte follows the type byte.
 */
static inline int nac_ipopt_find(const struct iphdr *iph)
{
	const u8 *opt = (const u8 *)iph + sizeof(*iph);
	unsigned int hlen = iph->ihl * 4, i;

	if (hlen <= sizeof(*iph))
		return 0;
	hlen -= sizeof(*iph);
	for (i = 0; i < hlen;) {
		u8 type = opt[i], olen;

		if (type == IPOPT_END)
			return 0;
		if (type == IPOPT_NOOP) {
			i++;
			continue;
		}
		if (hlen - i < 2)
			return -EINVAL;
		olen = opt[i + 1];
		if (olen < 2 || olen > hlen - i)
			return -EINVAL;
		if (type == NAC_IPOPT_TYPE)
			return olen < NAC_IPOPT_MINLEN ? -EINVAL :
			       (int)(sizeof(*iph) + i);
		i += olen;
	}
	return 0;
}

/* The big-endian 32-bit metric at p (any alignment). */
static inline u32 nac_ipopt_get(const u8 *p)
{
	return (u32)p[0] << 24 | (u32)p[1] << 16 | (u32)p[2] << 8 | p[3];
}

/*
 * Write v into the 4 bytes at field (inside the IPv4 header iph) and
 * update iph->check by the difference (RFC 1624), so a header that arrived
 * corrupt stays detectably corrupt. The checksum sums 16-bit words at even
 * offsets from the header's start; an option may put the field at an odd
 * offset, so the sums are taken over the even-aligned window that covers
 * it (at most 6 bytes).
 */
static inline void nac_ipopt_put(struct iphdr *iph, u8 *field, u32 v)
{
	unsigned int off = field - (u8 *)iph;
	unsigned int start = off & ~1U, end = (off + 4 + 1) & ~1U;
	__wsum before, after;

	before = csum_partial((u8 *)iph + start, end - start, 0);
	field[0] = v >> 24;
	field[1] = v >> 16;
	field[2] = v >> 8;
	field[3] = v;
	after = csum_partial((u8 *)iph + start, end - start, 0);
	iph->check = csum_fold(csum_add(csum_sub(~csum_unfold(iph->check),
						 before), after));
}

#endif /* QDK_NAC_IPOPT_H */
