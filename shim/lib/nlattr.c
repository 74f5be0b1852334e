// SPDX-License-Identifier: GPL-2.0
/*
 * nlattr.c - netlink attribute validation, parsing and building, with the
 * behaviour of 6.1's lib/nlattr.c: the same checks in the same order, the
 * same error codes and the same extack messages.
 *
 * Why one file past 800 lines: lib/nlattr.c keeps validation, parsing and
 * building together, and its policy checks (each NLA_* type's rules and
 * extack messages) are one table of cases that are read side by side.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/string.h>
#include <linux/skbuff.h>
#include <net/netlink.h>

/*
 * exact payload size for fixed-size types (a mismatch is only warned
 * about unless validation is strict)
 */
static u8 exact_len(u8 type)
{
	switch (type) {
	case NLA_U8:
	case NLA_S8:
		return 1;
	case NLA_U16:
	case NLA_S16:
	case NLA_BE16:
		return 2;
	case NLA_U32:
	case NLA_S32:
	case NLA_BE32:
		return 4;
	case NLA_U64:
	case NLA_S64:
		return 8;
	default:
		return 0;
	}
}

/* minimum payload size */
static u8 min_len(u8 type)
{
	switch (type) {
	case NLA_MSECS:
		return 8;
	case NLA_NESTED:
		return NLA_HDRLEN;
	default:
		return exact_len(type);
	}
}

#define MAX_POLICY_RECURSION_DEPTH	10

static int validate_parse(const struct nlattr *head, int len, int maxtype,
			  const struct nla_policy *policy, unsigned int validate,
			  struct netlink_ext_ack *extack, struct nlattr **tb,
			  unsigned int depth);

static int check_bitfield32(const struct nlattr *nla, u32 valid)
{
	const struct nla_bitfield32 *bf = nla_data(nla);

	if (!valid)
		return -EINVAL;
	if ((bf->selector | bf->value) & ~valid)
		return -EINVAL;
	if (bf->value & ~bf->selector)
		return -EINVAL;
	return 0;
}

static int check_array(const struct nlattr *head, int len, int maxtype,
		       const struct nla_policy *policy,
		       struct netlink_ext_ack *extack, unsigned int validate,
		       unsigned int depth)
{
	const struct nlattr *entry;
	int rem, err;

	nla_for_each_attr(entry, head, len, rem) {
		if (nla_len(entry) == 0)
			continue;
		if (nla_len(entry) < NLA_HDRLEN) {
			NL_SET_ERR_MSG_ATTR_POL(extack, entry, policy,
						"Array element too short");
			return -ERANGE;
		}
		err = validate_parse(nla_data(entry), nla_len(entry), maxtype,
				     policy, validate, extack, NULL, depth + 1);
		if (err < 0)
			return err;
	}
	return 0;
}

void nla_get_range_unsigned(const struct nla_policy *pt,
			    struct netlink_range_validation *range)
{
	WARN_ON_ONCE(pt->validation_type != NLA_VALIDATE_RANGE_PTR &&
		     (pt->min < 0 || pt->max < 0));

	range->min = 0;
	switch (pt->type) {
	case NLA_U8:
		range->max = U8_MAX;
		break;
	case NLA_U16:
	case NLA_BE16:
	case NLA_BINARY:
		range->max = U16_MAX;
		break;
	case NLA_U32:
	case NLA_BE32:
		range->max = U32_MAX;
		break;
	case NLA_U64:
	case NLA_MSECS:
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	case NLA_UINT:
#endif
		range->max = U64_MAX;
		break;
	default:
		WARN_ON_ONCE(1);
		return;
	}

	switch (pt->validation_type) {
	case NLA_VALIDATE_RANGE:
	case NLA_VALIDATE_RANGE_WARN_TOO_LONG:
		range->min = pt->min;
		range->max = pt->max;
		break;
	case NLA_VALIDATE_RANGE_PTR:
		*range = *pt->range;
		break;
	case NLA_VALIDATE_MIN:
		range->min = pt->min;
		break;
	case NLA_VALIDATE_MAX:
		range->max = pt->max;
		break;
	default:
		break;
	}
}

void nla_get_range_signed(const struct nla_policy *pt,
			  struct netlink_range_validation_signed *range)
{
	switch (pt->type) {
	case NLA_S8:
		range->min = S8_MIN;
		range->max = S8_MAX;
		break;
	case NLA_S16:
		range->min = S16_MIN;
		range->max = S16_MAX;
		break;
	case NLA_S32:
		range->min = S32_MIN;
		range->max = S32_MAX;
		break;
	case NLA_S64:
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	case NLA_SINT:
#endif
		range->min = S64_MIN;
		range->max = S64_MAX;
		break;
	default:
		WARN_ON_ONCE(1);
		return;
	}

	switch (pt->validation_type) {
	case NLA_VALIDATE_RANGE:
		range->min = pt->min;
		range->max = pt->max;
		break;
	case NLA_VALIDATE_RANGE_PTR:
		*range = *pt->range_signed;
		break;
	case NLA_VALIDATE_MIN:
		range->min = pt->min;
		break;
	case NLA_VALIDATE_MAX:
		range->max = pt->max;
		break;
	default:
		break;
	}
}

/* the attribute's value as an unsigned number; false for other types */
static bool unsigned_value(const struct nlattr *nla, u8 type, bool binary_ok,
			   u64 *value)
{
	switch (type) {
	case NLA_U8:
		*value = nla_get_u8(nla);
		return true;
	case NLA_U16:
		*value = nla_get_u16(nla);
		return true;
	case NLA_U32:
		*value = nla_get_u32(nla);
		return true;
	case NLA_U64:
		*value = nla_get_u64(nla);
		return true;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	case NLA_UINT:
		*value = nla_get_uint(nla);
		return true;
#endif
	case NLA_MSECS:
		if (!binary_ok)
			return false;
		*value = nla_get_u64(nla);
		return true;
	case NLA_BINARY:
		if (!binary_ok)
			return false;
		*value = nla_len(nla);
		return true;
	case NLA_BE16:
		*value = ntohs(nla_get_be16(nla));
		return true;
	case NLA_BE32:
		*value = ntohl(nla_get_be32(nla));
		return true;
	default:
		return false;
	}
}

static int check_range_unsigned(const struct nla_policy *pt,
				const struct nlattr *nla,
				struct netlink_ext_ack *extack,
				unsigned int validate)
{
	struct netlink_range_validation range;
	u64 value;

	if (!unsigned_value(nla, pt->type, true, &value))
		return -EINVAL;

	nla_get_range_unsigned(pt, &range);

	if (pt->validation_type == NLA_VALIDATE_RANGE_WARN_TOO_LONG &&
	    pt->type == NLA_BINARY && value > range.max) {
		pr_warn_ratelimited("netlink: '%s': attribute type %d has an invalid length.\n",
				    "tc", pt->type);
		if (validate & NL_VALIDATE_STRICT_ATTRS) {
			NL_SET_ERR_MSG_ATTR_POL(extack, nla, pt,
						"invalid attribute length");
			return -EINVAL;
		}
		return 0;
	}

	if (value < range.min || value > range.max) {
		if (pt->type == NLA_BINARY)
			NL_SET_ERR_MSG_ATTR_POL(extack, nla, pt,
						"binary attribute size out of range");
		else
			NL_SET_ERR_MSG_ATTR_POL(extack, nla, pt,
						"integer out of range");
		return -ERANGE;
	}
	return 0;
}

static int check_range_signed(const struct nla_policy *pt,
			      const struct nlattr *nla,
			      struct netlink_ext_ack *extack)
{
	struct netlink_range_validation_signed range;
	s64 value;

	switch (pt->type) {
	case NLA_S8:
		value = nla_get_s8(nla);
		break;
	case NLA_S16:
		value = nla_get_s16(nla);
		break;
	case NLA_S32:
		value = nla_get_s32(nla);
		break;
	case NLA_S64:
		value = nla_get_s64(nla);
		break;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	case NLA_SINT:
		value = nla_get_sint(nla);
		break;
#endif
	default:
		return -EINVAL;
	}

	nla_get_range_signed(pt, &range);

	if (value < range.min || value > range.max) {
		NL_SET_ERR_MSG_ATTR_POL(extack, nla, pt, "integer out of range");
		return -ERANGE;
	}
	return 0;
}

static int check_range(const struct nla_policy *pt, const struct nlattr *nla,
		       struct netlink_ext_ack *extack, unsigned int validate)
{
	switch (pt->type) {
	case NLA_U8:
	case NLA_U16:
	case NLA_U32:
	case NLA_U64:
	case NLA_MSECS:
	case NLA_BINARY:
	case NLA_BE16:
	case NLA_BE32:
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	case NLA_UINT:
#endif
		return check_range_unsigned(pt, nla, extack, validate);
	case NLA_S8:
	case NLA_S16:
	case NLA_S32:
	case NLA_S64:
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	case NLA_SINT:
#endif
		return check_range_signed(pt, nla, extack);
	default:
		WARN_ON(1);
		return -EINVAL;
	}
}

static int check_mask(const struct nla_policy *pt, const struct nlattr *nla,
		      struct netlink_ext_ack *extack)
{
	u64 value;

	if (!unsigned_value(nla, pt->type, false, &value))
		return -EINVAL;
	if (value & ~(u64)pt->mask) {
		NL_SET_ERR_MSG_ATTR(extack, nla, "reserved bit set");
		return -EINVAL;
	}
	return 0;
}

static bool is_nest(u8 type)
{
	return type == NLA_NESTED || type == NLA_NESTED_ARRAY;
}

static int validate_one(const struct nlattr *nla, int maxtype,
			const struct nla_policy *policy, unsigned int validate,
			struct netlink_ext_ack *extack, unsigned int depth)
{
	u16 strict_start_type = policy[0].strict_start_type;
	int attrlen = nla_len(nla), type = nla_type(nla);
	const struct nla_policy *pt;
	int minlen, err = -ERANGE;

	if (strict_start_type && type >= strict_start_type)
		validate |= NL_VALIDATE_STRICT;

	if (type <= 0 || type > maxtype)
		return 0;

	pt = &policy[type];
	BUG_ON(pt->type > NLA_TYPE_MAX);

	if (exact_len(pt->type) && attrlen != exact_len(pt->type)) {
		pr_warn_ratelimited("netlink: '%s': attribute type %d has an invalid length.\n",
				    "tc", type);
		if (validate & NL_VALIDATE_STRICT_ATTRS) {
			NL_SET_ERR_MSG_ATTR_POL(extack, nla, pt,
						"invalid attribute length");
			return -EINVAL;
		}
	}

	if (validate & NL_VALIDATE_NESTED) {
		if (is_nest(pt->type) && !(nla->nla_type & NLA_F_NESTED)) {
			NL_SET_ERR_MSG_ATTR_POL(extack, nla, pt,
						"NLA_F_NESTED is missing");
			return -EINVAL;
		}
		if (!is_nest(pt->type) && pt->type != NLA_UNSPEC &&
		    (nla->nla_type & NLA_F_NESTED)) {
			NL_SET_ERR_MSG_ATTR_POL(extack, nla, pt,
						"NLA_F_NESTED not expected");
			return -EINVAL;
		}
	}

	switch (pt->type) {
	case NLA_REJECT:
		if (extack && pt->reject_message) {
			NL_SET_BAD_ATTR(extack, nla);
			extack->_msg = pt->reject_message;
			return -EINVAL;
		}
		err = -EINVAL;
		goto bad;

	case NLA_FLAG:
		if (attrlen > 0)
			goto bad;
		break;

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	case NLA_SINT:
	case NLA_UINT:
		/* 6.12: a 32-bit or a 64-bit value */
		if (attrlen != sizeof(u32) && attrlen != sizeof(u64)) {
			NL_SET_ERR_MSG_ATTR_POL(extack, nla, pt, "invalid attribute length");
			return -EINVAL;
		}
		break;
#endif

	case NLA_BITFIELD32:
		if (attrlen != sizeof(struct nla_bitfield32))
			goto bad;
		err = check_bitfield32(nla, pt->bitfield32_valid);
		if (err)
			goto bad;
		break;

	case NLA_NUL_STRING:
		minlen = pt->len ? min_t(int, attrlen, pt->len + 1) : attrlen;
		if (!minlen || !memchr(nla_data(nla), '\0', minlen)) {
			err = -EINVAL;
			goto bad;
		}
		fallthrough;

	case NLA_STRING:
		if (attrlen < 1)
			goto bad;
		if (pt->len) {
			const char *buf = nla_data(nla);

			if (buf[attrlen - 1] == '\0')
				attrlen--;
			if (attrlen > pt->len)
				goto bad;
		}
		break;

	case NLA_BINARY:
		if (pt->len && attrlen > pt->len)
			goto bad;
		break;

	case NLA_NESTED:
	case NLA_NESTED_ARRAY:
		/* may be empty; otherwise at least one attribute header */
		if (attrlen == 0)
			break;
		if (attrlen < NLA_HDRLEN)
			goto bad;
		if (pt->nested_policy) {
			if (pt->type == NLA_NESTED)
				err = validate_parse(nla_data(nla), nla_len(nla),
						     pt->len, pt->nested_policy,
						     validate, extack, NULL,
						     depth + 1);
			else
				err = check_array(nla_data(nla), nla_len(nla),
						  pt->len, pt->nested_policy,
						  extack, validate, depth);
			/* keep the inner message and attribute */
			if (err < 0)
				return err;
		}
		break;

	case NLA_UNSPEC:
		if (validate & NL_VALIDATE_UNSPEC) {
			NL_SET_ERR_MSG_ATTR(extack, nla, "Unsupported attribute");
			return -EINVAL;
		}
		if (attrlen < pt->len)
			goto bad;
		break;

	default:
		minlen = pt->len ? pt->len : min_len(pt->type);
		if (attrlen < minlen)
			goto bad;
	}

	switch (pt->validation_type) {
	case NLA_VALIDATE_NONE:
		break;
	case NLA_VALIDATE_RANGE_PTR:
	case NLA_VALIDATE_RANGE:
	case NLA_VALIDATE_RANGE_WARN_TOO_LONG:
	case NLA_VALIDATE_MIN:
	case NLA_VALIDATE_MAX:
		err = check_range(pt, nla, extack, validate);
		if (err)
			return err;
		break;
	case NLA_VALIDATE_MASK:
		err = check_mask(pt, nla, extack);
		if (err)
			return err;
		break;
	case NLA_VALIDATE_FUNCTION:
		if (pt->validate) {
			err = pt->validate(nla, extack);
			if (err)
				return err;
		}
		break;
	}
	return 0;

bad:
	NL_SET_ERR_MSG_ATTR_POL(extack, nla, pt,
				"Attribute failed policy validation");
	return err;
}

static int validate_parse(const struct nlattr *head, int len, int maxtype,
			  const struct nla_policy *policy, unsigned int validate,
			  struct netlink_ext_ack *extack, struct nlattr **tb,
			  unsigned int depth)
{
	const struct nlattr *nla;
	int rem;

	if (depth >= MAX_POLICY_RECURSION_DEPTH) {
		NL_SET_ERR_MSG(extack, "allowed policy recursion depth exceeded");
		return -EINVAL;
	}

	if (tb)
		memset(tb, 0, sizeof(struct nlattr *) * (maxtype + 1));

	nla_for_each_attr(nla, head, len, rem) {
		u16 type = nla_type(nla);

		if (type == 0 || type > maxtype) {
			if (validate & NL_VALIDATE_MAXTYPE) {
				NL_SET_ERR_MSG_ATTR(extack, nla,
						    "Unknown attribute type");
				return -EINVAL;
			}
			continue;
		}
		if (policy) {
			int err = validate_one(nla, maxtype, policy, validate,
					       extack, depth);

			if (err < 0)
				return err;
		}
		if (tb)
			tb[type] = (struct nlattr *)nla;
	}

	if (unlikely(rem > 0)) {
		pr_warn_ratelimited("netlink: %d bytes leftover after parsing attributes in process `%s'.\n",
				    rem, "tc");
		NL_SET_ERR_MSG(extack, "bytes leftover after parsing attributes");
		if (validate & NL_VALIDATE_TRAILING)
			return -EINVAL;
	}
	return 0;
}

int __nla_validate(const struct nlattr *head, int len, int maxtype,
		   const struct nla_policy *policy, unsigned int validate,
		   struct netlink_ext_ack *extack)
{
	return validate_parse(head, len, maxtype, policy, validate, extack,
			      NULL, 0);
}

int __nla_parse(struct nlattr **tb, int maxtype, const struct nlattr *head,
		int len, const struct nla_policy *policy, unsigned int validate,
		struct netlink_ext_ack *extack)
{
	return validate_parse(head, len, maxtype, policy, validate, extack,
			      tb, 0);
}

int nla_policy_len(const struct nla_policy *p, int n)
{
	int i, len = 0;

	for (i = 0; i < n; i++, p++) {
		if (p->len)
			len += nla_total_size(p->len);
		else if (exact_len(p->type))
			len += nla_total_size(exact_len(p->type));
		else if (min_len(p->type))
			len += nla_total_size(min_len(p->type));
	}
	return len;
}

struct nlattr *nla_find(const struct nlattr *head, int len, int attrtype)
{
	const struct nlattr *nla;
	int rem;

	nla_for_each_attr(nla, head, len, rem)
		if (nla_type(nla) == attrtype)
			return (struct nlattr *)nla;
	return NULL;
}

ssize_t nla_strscpy(char *dst, const struct nlattr *nla, size_t dstsize)
{
	size_t srclen = nla_len(nla);
	const char *src = nla_data(nla);
	size_t len;
	ssize_t ret;

	if (dstsize == 0 || WARN_ON_ONCE(dstsize > U16_MAX))
		return -E2BIG;
	if (srclen > 0 && src[srclen - 1] == '\0')
		srclen--;
	if (srclen >= dstsize) {
		len = dstsize - 1;
		ret = -E2BIG;
	} else {
		len = srclen;
		ret = len;
	}
	memcpy(dst, src, len);
	memset(dst + len, 0, dstsize - len);
	return ret;
}

char *nla_strdup(const struct nlattr *nla, gfp_t flags)
{
	size_t srclen = nla_len(nla);
	const char *src = nla_data(nla);
	char *dst;

	if (srclen > 0 && src[srclen - 1] == '\0')
		srclen--;
	dst = kmalloc(srclen + 1, flags);
	if (dst) {
		memcpy(dst, src, srclen);
		dst[srclen] = '\0';
	}
	return dst;
}

int nla_memcpy(void *dest, const struct nlattr *src, int count)
{
	int n = min_t(int, count, nla_len(src));

	memcpy(dest, nla_data(src), n);
	if (count > n)
		memset((char *)dest + n, 0, count - n);
	return n;
}

int nla_memcmp(const struct nlattr *nla, const void *data, size_t size)
{
	int d = nla_len(nla) - size;

	return d ? d : memcmp(nla_data(nla), data, size);
}

int nla_strcmp(const struct nlattr *nla, const char *str)
{
	int len = strlen(str);
	const char *buf = nla_data(nla);
	int attrlen = nla_len(nla);
	int d;

	while (attrlen > 0 && buf[attrlen - 1] == '\0')
		attrlen--;
	d = attrlen - len;
	return d ? d : memcmp(nla_data(nla), str, len);
}

/* ---- building ------------------------------------------------------------ */

struct nlattr *__nla_reserve(struct sk_buff *skb, int attrtype, int attrlen)
{
	struct nlattr *nla = skb_put(skb, nla_total_size(attrlen));

	nla->nla_type = attrtype;
	nla->nla_len = nla_attr_size(attrlen);
	memset((unsigned char *)nla + nla->nla_len, 0, nla_padlen(attrlen));
	return nla;
}

struct nlattr *__nla_reserve_64bit(struct sk_buff *skb, int attrtype,
				   int attrlen, int padattr)
{
	nla_align_64bit(skb, padattr);
	return __nla_reserve(skb, attrtype, attrlen);
}

void *__nla_reserve_nohdr(struct sk_buff *skb, int attrlen)
{
	return skb_put_zero(skb, NLA_ALIGN(attrlen));
}

static size_t size_64bit(struct sk_buff *skb, int attrlen)
{
	if (nla_need_padding_for_64bit(skb))
		return nla_total_size_64bit(attrlen);
	return nla_total_size(attrlen);
}

struct nlattr *nla_reserve(struct sk_buff *skb, int attrtype, int attrlen)
{
	if (unlikely(skb_tailroom(skb) < nla_total_size(attrlen)))
		return NULL;
	return __nla_reserve(skb, attrtype, attrlen);
}

struct nlattr *nla_reserve_64bit(struct sk_buff *skb, int attrtype, int attrlen,
				 int padattr)
{
	if (unlikely(skb_tailroom(skb) < size_64bit(skb, attrlen)))
		return NULL;
	return __nla_reserve_64bit(skb, attrtype, attrlen, padattr);
}

void *nla_reserve_nohdr(struct sk_buff *skb, int attrlen)
{
	if (unlikely(skb_tailroom(skb) < NLA_ALIGN(attrlen)))
		return NULL;
	return __nla_reserve_nohdr(skb, attrlen);
}

void __nla_put(struct sk_buff *skb, int attrtype, int attrlen, const void *data)
{
	struct nlattr *nla = __nla_reserve(skb, attrtype, attrlen);

	if (attrlen)
		memcpy(nla_data(nla), data, attrlen);
}

void __nla_put_64bit(struct sk_buff *skb, int attrtype, int attrlen,
		     const void *data, int padattr)
{
	struct nlattr *nla = __nla_reserve_64bit(skb, attrtype, attrlen, padattr);

	if (attrlen)
		memcpy(nla_data(nla), data, attrlen);
}

void __nla_put_nohdr(struct sk_buff *skb, int attrlen, const void *data)
{
	void *start = __nla_reserve_nohdr(skb, attrlen);

	if (attrlen)
		memcpy(start, data, attrlen);
}

int nla_put(struct sk_buff *skb, int attrtype, int attrlen, const void *data)
{
	if (unlikely(skb_tailroom(skb) < nla_total_size(attrlen)))
		return -EMSGSIZE;
	__nla_put(skb, attrtype, attrlen, data);
	return 0;
}

int nla_put_64bit(struct sk_buff *skb, int attrtype, int attrlen,
		  const void *data, int padattr)
{
	if (unlikely(skb_tailroom(skb) < size_64bit(skb, attrlen)))
		return -EMSGSIZE;
	__nla_put_64bit(skb, attrtype, attrlen, data, padattr);
	return 0;
}

int nla_put_nohdr(struct sk_buff *skb, int attrlen, const void *data)
{
	if (unlikely(skb_tailroom(skb) < NLA_ALIGN(attrlen)))
		return -EMSGSIZE;
	__nla_put_nohdr(skb, attrlen, data);
	return 0;
}

int nla_append(struct sk_buff *skb, int attrlen, const void *data)
{
	if (unlikely(skb_tailroom(skb) < NLA_ALIGN(attrlen)))
		return -EMSGSIZE;
	skb_put_data(skb, data, attrlen);
	return 0;
}
