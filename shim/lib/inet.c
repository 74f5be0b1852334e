// SPDX-License-Identifier: GPL-2.0
/*
 * inet.c - in_aton(), in4_pton() and in6_pton() as net/core/utils.c has
 * them: the same characters accepted, the same results and the same end
 * pointer.
 *
 * A character is one of: the end (the delimiter, NUL, or the string's
 * length used up), ':', '.', a hex digit, or anything else, which also ends
 * the address when the caller gave no delimiter (-1) and is an error
 * otherwise.
 */
#include <linux/kernel.h>
#include <linux/export.h>
#include <linux/string.h>
#include <linux/inet.h>
#include <linux/skbuff.h>
#include <net/checksum.h>
#include <asm/byteorder.h>

enum pton_class {
	PTON_END,
	PTON_COLON,
	PTON_DOT,
	PTON_HEX,
	PTON_OTHER,
};

static enum pton_class pton_class(const char *s, int left, int delim, int *val)
{
	int c = left > 0 ? (unsigned char)*s : '\0';

	if (c == delim || c == '\0')
		return PTON_END;
	if (c == ':')
		return PTON_COLON;
	if (c == '.')
		return PTON_DOT;
	if (c >= '0' && c <= '9')
		*val = c - '0';
	else if ((c | 0x20) >= 'a' && (c | 0x20) <= 'f')
		*val = (c | 0x20) - 'a' + 10;
	else
		return delim == -1 ? PTON_END : PTON_OTHER;
	return PTON_HEX;
}

/* "a.b.c.d" with each number decimal; reads what follows as the kernel does */
__be32 in_aton(const char *str)
{
	u32 addr = 0;
	int part;

	for (part = 0; part < 4; part++) {
		u32 val = 0;

		addr <<= 8;
		if (!*str)
			continue;
		while (*str && *str != '.' && *str != '\n')
			val = val * 10 + (*str++ - '0');
		addr |= val;
		if (*str)
			str++;
	}
	return htonl(addr);
}
EXPORT_SYMBOL(in_aton);

/*
 * Four decimal numbers of 0..255 separated by '.', ended by the delimiter,
 * NUL, srclen or a ':'. 1 on success (dst written), 0 on error; *end is
 * where the parse stopped either way.
 */
int in4_pton(const char *src, int srclen, u8 *dst, int delim, const char **end)
{
	const char *s = src;
	u8 addr[4];
	int parts = 0, digits = 0, val = 0, ok = 0;

	if (srclen < 0)
		srclen = strlen(src);
	for (;; s++, srclen--) {
		int d;
		enum pton_class k = pton_class(s, srclen, delim, &d);

		if (k == PTON_HEX && d < 10) {
			val = val * 10 + d;
			digits++;
			if (val > 255)
				break;
			continue;
		}
		if (k == PTON_HEX || k == PTON_OTHER || !digits)
			break;
		addr[parts++] = val;
		val = 0;
		digits = 0;
		if (k != PTON_DOT) {
			ok = parts == 4;
			break;
		}
		if (parts >= 4)
			break;
	}
	if (ok)
		memcpy(dst, addr, sizeof(addr));
	if (end)
		*end = s;
	return ok;
}
EXPORT_SYMBOL(in4_pton);

/*
 * Up to eight groups of one to four hex digits separated by ':', one "::"
 * standing for the zero groups left out, the last 32 bits optionally in
 * dotted form; ended as in4_pton() is (but a ':' is part of the address).
 */
int in6_pton(const char *src, int srclen, u8 *dst, int delim, const char **end)
{
	const char *s = src, *group = src;
	u8 addr[16];
	int n = 0;		/* bytes written to addr */
	int gap = -1;		/* where "::" stands, in bytes */
	int digits = 0, val = 0, ok = 0;

	if (srclen < 0)
		srclen = strlen(src);
	for (;; s++, srclen--) {
		int d;
		enum pton_class k = pton_class(s, srclen, delim, &d);

		if (k == PTON_HEX) {
			if (digits == 4 || n == 16)
				break;
			val = val << 4 | d;
			digits++;
			continue;
		}
		if (k == PTON_DOT) {
			/* an IPv4 tail, from the group's start, where 4 bytes fit */
			if (!digits || !(n + 4 == 16 || (gap >= 0 && n + 4 < 16)))
				break;
			ok = in4_pton(group, srclen + (int)(s - group), addr + n, delim, &s);
			if (ok)
				n += 4;
			else
				goto out;
			break;
		}
		if (k == PTON_COLON) {
			if (digits) {
				if (n == 16)
					break;
				addr[n++] = val >> 8;
				addr[n++] = val;
				val = 0;
				digits = 0;
				/* after the last group, only the end may follow */
				if (n == 16)
					break;
				group = s + 1;
				continue;
			}
			/* no digits before this ':': the second of a "::" */
			if (s == src) {
				/* "::" at the start: its second ':' must follow */
				if (srclen < 2 || s[1] != ':')
					break;
				s++;
				srclen--;
			}
			if (gap >= 0)
				break;		/* a second "::" */
			gap = n;
			group = s + 1;
			continue;
		}
		if (k == PTON_OTHER)
			break;
		/* the end */
		if (digits) {
			if (n == 16)
				break;
			addr[n++] = val >> 8;
			addr[n++] = val;
		} else if (gap != n) {
			break;		/* empty, or a ':' at the end that is no "::" */
		}
		ok = 1;
		break;
	}
	if (ok && gap < 0 && n != 16)
		ok = 0;
	/* as in the kernel, a "::" may stand for no group at all */
	if (ok) {
		int tail = n - (gap < 0 ? n : gap);

		memset(dst, 0, 16);
		memcpy(dst, addr, n - tail);
		memcpy(dst + 16 - tail, addr + n - tail, tail);
	}
out:
	if (end)
		*end = s;
	return ok;
}
EXPORT_SYMBOL(in6_pton);

/*
 * Transport checksums after an address or port rewrite (net/core/utils.c).
 * With CHECKSUM_PARTIAL the field holds only the pseudo-header's sum, which
 * changes only for a pseudo-header field; otherwise the field is patched
 * (RFC 1624), and a CHECKSUM_COMPLETE sum, which covers the transport
 * header, changes as the field's complement does (IPv4 addresses are
 * outside it; IPv6's change cancels the field's change there).
 */
void inet_proto_csum_replace4(__sum16 *sum, struct sk_buff *skb,
			      __be32 from, __be32 to, bool pseudohdr)
{
	if (skb->ip_summed == CHECKSUM_PARTIAL) {
		if (pseudohdr)
			*sum = ~csum_fold(csum_add(csum_sub(csum_unfold(*sum),
							    (__force __wsum)from),
						   (__force __wsum)to));
		return;
	}
	csum_replace4(sum, from, to);
	if (skb->ip_summed == CHECKSUM_COMPLETE && pseudohdr)
		skb->csum = ~csum_add(csum_sub(~skb->csum, (__force __wsum)from),
				      (__force __wsum)to);
}
EXPORT_SYMBOL(inet_proto_csum_replace4);

void inet_proto_csum_replace16(__sum16 *sum, struct sk_buff *skb,
			       const __be32 *from, const __be32 *to,
			       bool pseudohdr)
{
	__be32 diff[8];
	int i;

	/* subtracting from is adding its complement */
	for (i = 0; i < 4; i++) {
		diff[i] = ~from[i];
		diff[4 + i] = to[i];
	}
	if (skb->ip_summed != CHECKSUM_PARTIAL)
		*sum = csum_fold(csum_partial(diff, sizeof(diff), ~csum_unfold(*sum)));
	else if (pseudohdr)
		*sum = ~csum_fold(csum_partial(diff, sizeof(diff), csum_unfold(*sum)));
}
EXPORT_SYMBOL(inet_proto_csum_replace16);

void inet_proto_csum_replace_by_diff(__sum16 *sum, struct sk_buff *skb,
				     __wsum diff, bool pseudohdr, bool ipv6)
{
	if (skb->ip_summed == CHECKSUM_PARTIAL) {
		if (pseudohdr)
			*sum = ~csum_fold(csum_add(diff, csum_unfold(*sum)));
		return;
	}
	csum_replace_by_diff(sum, diff);
	if (skb->ip_summed == CHECKSUM_COMPLETE && pseudohdr && !ipv6)
		skb->csum = ~csum_sub(diff, skb->csum);
}
EXPORT_SYMBOL(inet_proto_csum_replace_by_diff);
