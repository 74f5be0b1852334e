// SPDX-License-Identifier: GPL-2.0
/*
 * exthdrs_core.c - IPv6 extension headers as net/ipv6/exthdrs_core.c walks
 * them on the packet's bytes (skb_header_pointer()): which next headers are
 * extension headers, skipping them, finding a header or an option TLV.
 */
#include <linux/export.h>
#include <linux/errno.h>
#include <linux/skbuff.h>
#include <net/ipv6.h>

bool ipv6_ext_hdr(u8 nexthdr)
{
	switch (nexthdr) {
	case NEXTHDR_HOP:
	case NEXTHDR_ROUTING:
	case NEXTHDR_FRAGMENT:
	case NEXTHDR_AUTH:
	case NEXTHDR_NONE:
	case NEXTHDR_DEST:
		return true;
	default:	/* ESP is not walked: what follows is encrypted */
		return false;
	}
}
EXPORT_SYMBOL(ipv6_ext_hdr);

/* the length of the extension header nexthdr whose first bytes are hp */
static unsigned int exthdr_len(u8 nexthdr, const struct ipv6_opt_hdr *hp)
{
	if (nexthdr == NEXTHDR_FRAGMENT)
		return sizeof(struct frag_hdr);
	if (nexthdr == NEXTHDR_AUTH)
		return ipv6_authlen(hp);
	return ipv6_optlen(hp);
}

/*
 * From start, with *nexthdrp the type of the header there, skip extension
 * headers: the offset of the first upper-layer header (its type in
 * *nexthdrp), or of a non-first fragment's header (stopping at it, its
 * frag_off in *frag_offp), -1 for NEXTHDR_NONE or a truncated header.
 */
int ipv6_skip_exthdr(const struct sk_buff *skb, int start, u8 *nexthdrp,
		     __be16 *frag_offp)
{
	u8 nexthdr = *nexthdrp;

	*frag_offp = 0;

	while (ipv6_ext_hdr(nexthdr)) {
		struct ipv6_opt_hdr _hdr, *hp;

		if (nexthdr == NEXTHDR_NONE)
			return -1;
		hp = skb_header_pointer(skb, start, sizeof(_hdr), &_hdr);
		if (!hp)
			return -1;
		if (nexthdr == NEXTHDR_FRAGMENT) {
			__be16 _frag_off, *fp;

			fp = skb_header_pointer(skb, start + offsetof(struct frag_hdr, frag_off),
						sizeof(_frag_off), &_frag_off);
			if (!fp)
				return -1;
			*frag_offp = *fp;
			if (ntohs(*frag_offp) & ~0x7)	/* not the first fragment */
				break;
		}
		start += exthdr_len(nexthdr, hp);
		nexthdr = hp->nexthdr;
	}

	*nexthdrp = nexthdr;
	return start;
}
EXPORT_SYMBOL(ipv6_skip_exthdr);

/*
 * The offset of the TLV of this type in the option header (hop-by-hop or
 * destination options) at offset from the network header, or -1.
 */
int ipv6_find_tlv(const struct sk_buff *skb, int offset, int type)
{
	const unsigned char *nh = skb_network_header(skb);
	int packet_len = skb_tail_pointer(skb) - nh;
	int len;

	if (offset + 2 > packet_len)
		return -1;
	len = ipv6_optlen((const struct ipv6_opt_hdr *)(nh + offset));
	if (offset + len > packet_len)
		return -1;

	offset += 2;	/* next header and length */
	len -= 2;
	while (len > 0) {
		int opttype = nh[offset], optlen;

		if (opttype == type)
			return offset;
		if (opttype == IPV6_TLV_PAD1) {
			optlen = 1;
		} else {
			if (len < 2)
				return -1;
			optlen = nh[offset + 1] + 2;
			if (optlen > len)
				return -1;
		}
		offset += optlen;
		len -= optlen;
	}
	return -1;
}
EXPORT_SYMBOL_GPL(ipv6_find_tlv);

/*
 * Find the header of type target (target < 0: the upper-layer header) in
 * the IPv6 packet whose header is at *offset (0: the network header). On
 * success the header's offset goes to *offset and its type is returned;
 * -ENOENT when there is none, -EBADMSG when the packet is too short.
 * *fragoff receives a non-first fragment's offset, *flags IP6_FH_F_FRAG
 * for a fragment; IP6_FH_F_AUTH in *flags stops at an AH header (target
 * < 0), IP6_FH_F_SKIP_RH ignores routing headers with no segments left.
 */
int ipv6_find_hdr(const struct sk_buff *skb, unsigned int *offset,
		  int target, unsigned short *fragoff, int *flags)
{
	unsigned int start = skb_network_offset(skb) + sizeof(struct ipv6hdr);
	u8 nexthdr = ipv6_hdr(skb)->nexthdr;
	bool found;

	if (fragoff)
		*fragoff = 0;

	if (*offset) {
		struct ipv6hdr _ip6, *ip6;

		ip6 = skb_header_pointer(skb, *offset, sizeof(_ip6), &_ip6);
		if (!ip6 || ip6->version != 6)
			return -EBADMSG;
		start = *offset + sizeof(struct ipv6hdr);
		nexthdr = ip6->nexthdr;
	}

	for (;;) {
		struct ipv6_opt_hdr _hdr, *hp;
		unsigned int hdrlen;

		found = nexthdr == target;
		if (!ipv6_ext_hdr(nexthdr) || nexthdr == NEXTHDR_NONE) {
			if (target < 0 || found)
				break;
			return -ENOENT;
		}

		hp = skb_header_pointer(skb, start, sizeof(_hdr), &_hdr);
		if (!hp)
			return -EBADMSG;

		if (nexthdr == NEXTHDR_ROUTING) {
			struct ipv6_rt_hdr _rh, *rh;

			rh = skb_header_pointer(skb, start, sizeof(_rh), &_rh);
			if (!rh)
				return -EBADMSG;
			if (flags && (*flags & IP6_FH_F_SKIP_RH) && !rh->segments_left)
				found = false;
		}

		if (nexthdr == NEXTHDR_FRAGMENT) {
			__be16 _frag_off, *fp;
			unsigned short frag;

			if (flags)
				*flags |= IP6_FH_F_FRAG;
			fp = skb_header_pointer(skb, start + offsetof(struct frag_hdr, frag_off),
						sizeof(_frag_off), &_frag_off);
			if (!fp)
				return -EBADMSG;
			frag = ntohs(*fp) & ~0x7;
			if (frag) {
				/* a later fragment: what follows is not here */
				if (target < 0 && (!ipv6_ext_hdr(hp->nexthdr) ||
						   hp->nexthdr == NEXTHDR_NONE)) {
					if (fragoff)
						*fragoff = frag;
					return hp->nexthdr;
				}
				if (!found)
					return -ENOENT;
				if (fragoff)
					*fragoff = frag;
				break;
			}
		} else if (nexthdr == NEXTHDR_AUTH &&
			   flags && (*flags & IP6_FH_F_AUTH) && target < 0) {
			break;
		}
		if (found)
			break;

		hdrlen = exthdr_len(nexthdr, hp);
		if (skb->len - start < hdrlen)
			return -EBADMSG;
		nexthdr = hp->nexthdr;
		start += hdrlen;
	}

	*offset = start;
	return nexthdr;
}
EXPORT_SYMBOL(ipv6_find_hdr);
