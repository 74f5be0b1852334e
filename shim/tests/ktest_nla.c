// SPDX-License-Identifier: GPL-2.0
/*
 * ktest_nla.c - netlink attribute validation, parsing and building, with
 * the errors and extack messages 6.1's lib/nlattr.c gives.
 */
#include <linux/kernel.h>
#include <linux/skbuff.h>
#include <net/netlink.h>
#include <linux/rtnetlink.h>

#include "ktest.h"

/* a little attribute stream builder (host order, 4-byte aligned) */
struct abuf {
	u8 b[256] __aligned(8);
	int len;
};

static struct nlattr *put(struct abuf *a, u16 type, const void *data, int len)
{
	struct nlattr *nla = (struct nlattr *)(a->b + a->len);

	nla->nla_type = type;
	nla->nla_len = NLA_HDRLEN + len;
	if (len)
		memcpy(a->b + a->len + NLA_HDRLEN, data, len);
	a->len += NLA_ALIGN(NLA_HDRLEN + len);
	return nla;
}

static void put_u32(struct abuf *a, u16 type, u32 v)
{
	put(a, type, &v, 4);
}

enum { T_UNSPEC, T_LIMIT, T_RANGE, T_FLAG, T_NAME, T_NEST, T_MIN, T_MAX,
       T_S16, T_REJ, T_BF, T_RAW, __T_MAX };
#define T_MAXTYPE (__T_MAX - 1)

static const struct nla_policy inner_policy[3] = {
	[1] = { .type = NLA_U8 },
	[2] = NLA_POLICY_MAX(NLA_U16, 100),
};

static const struct nla_policy policy[__T_MAX] = {
	[T_LIMIT] = { .type = NLA_U32 },
	[T_RANGE] = NLA_POLICY_RANGE(NLA_U32, 1, 10),
	[T_FLAG] = { .type = NLA_FLAG },
	[T_NAME] = { .type = NLA_STRING, .len = 4 },
	[T_NEST] = NLA_POLICY_NESTED(inner_policy),
	[T_MIN] = NLA_POLICY_MIN(NLA_U32, 5),
	[T_MAX] = NLA_POLICY_MAX(NLA_U8, 3),
	[T_S16] = NLA_POLICY_RANGE(NLA_S16, -5, 5),
	[T_REJ] = { .type = NLA_REJECT, .reject_message = "no T_REJ here" },
	[T_BF] = NLA_POLICY_BITFIELD32(0x3),
	[T_RAW] = { .len = 4 },
};

static int parse(struct abuf *a, bool strict, struct nlattr **tb,
		 struct netlink_ext_ack *ext)
{
	memset(ext, 0, sizeof(*ext));
	if (strict)
		return nla_parse(tb, T_MAXTYPE, (struct nlattr *)a->b, a->len,
				 policy, ext);
	return nla_parse_deprecated(tb, T_MAXTYPE, (struct nlattr *)a->b, a->len,
				    policy, ext);
}

KTEST(nla, parse_ok)
{
	struct nlattr *tb[__T_MAX];
	struct netlink_ext_ack ext;
	struct abuf a = { .len = 0 };

	put_u32(&a, T_LIMIT, 1000);
	put_u32(&a, T_RANGE, 10);
	put(&a, T_FLAG, NULL, 0);
	put(&a, T_NAME, "abc", 4);	/* trailing NUL does not count */
	KT_EQ(parse(&a, true, tb, &ext), 0);
	KT_EQ(nla_get_u32(tb[T_LIMIT]), 1000);
	KT_EQ(nla_get_u32(tb[T_RANGE]), 10);
	KT_EQ(nla_get_flag(tb[T_FLAG]), 1);
	KT_ASSERT(tb[T_MIN] == NULL, "absent attribute is NULL");
	KT_EQ(nla_strcmp(tb[T_NAME], "abc"), 0);
	KT_ASSERT(ext._msg == NULL, "no message");
	return 0;
}

KTEST(nla, out_of_range)
{
	struct nlattr *tb[__T_MAX];
	struct netlink_ext_ack ext;
	struct abuf a = { .len = 0 };
	struct nlattr *bad;

	put_u32(&a, T_LIMIT, 1);
	bad = (struct nlattr *)(a.b + a.len);
	put_u32(&a, T_RANGE, 11);
	KT_EQ(parse(&a, false, tb, &ext), -ERANGE);
	KT_STREQ(ext._msg, "integer out of range");
	KT_ASSERT(ext.bad_attr == bad, "bad_attr points at it");
	KT_ASSERT(ext.policy == &policy[T_RANGE], "policy");

	a.len = 0;
	put_u32(&a, T_MIN, 4);
	KT_EQ(parse(&a, false, tb, &ext), -ERANGE);
	KT_STREQ(ext._msg, "integer out of range");
	a.len = 0;
	put_u32(&a, T_MIN, 5);
	KT_EQ(parse(&a, false, tb, &ext), 0);

	a.len = 0;
	put(&a, T_MAX, "\x04", 1);
	KT_EQ(parse(&a, false, tb, &ext), -ERANGE);

	a.len = 0;
	put(&a, T_S16, "\xfa\xff", 2);	/* -6 */
	KT_EQ(parse(&a, false, tb, &ext), -ERANGE);
	a.len = 0;
	put(&a, T_S16, "\xfb\xff", 2);	/* -5 */
	KT_EQ(parse(&a, false, tb, &ext), 0);
	return 0;
}

KTEST(nla, wrong_length_liberal_vs_strict)
{
	struct nlattr *tb[__T_MAX];
	struct netlink_ext_ack ext;
	struct abuf a = { .len = 0 };
	u64 big = 7;

	/* too short: fails either way, with different messages */
	put(&a, T_LIMIT, "\1\0", 2);
	KT_EQ(parse(&a, false, tb, &ext), -ERANGE);
	KT_STREQ(ext._msg, "Attribute failed policy validation");
	KT_EQ(parse(&a, true, tb, &ext), -EINVAL);
	KT_STREQ(ext._msg, "invalid attribute length");

	/* too long: only warned about when liberal */
	a.len = 0;
	put(&a, T_LIMIT, &big, 8);
	KT_EQ(parse(&a, false, tb, &ext), 0);
	KT_EQ(nla_get_u32(tb[T_LIMIT]), 7);
	KT_EQ(parse(&a, true, tb, &ext), -EINVAL);
	KT_STREQ(ext._msg, "invalid attribute length");
	return 0;
}

KTEST(nla, unknown_and_trailing)
{
	struct nlattr *tb[__T_MAX];
	struct netlink_ext_ack ext;
	struct abuf a = { .len = 0 };

	put_u32(&a, 99, 1);
	put_u32(&a, T_LIMIT, 3);
	KT_EQ(parse(&a, false, tb, &ext), 0);
	KT_EQ(nla_get_u32(tb[T_LIMIT]), 3);
	KT_EQ(parse(&a, true, tb, &ext), -EINVAL);
	KT_STREQ(ext._msg, "Unknown attribute type");

	a.len = 0;
	put_u32(&a, T_LIMIT, 3);
	a.b[a.len] = 0xee;
	a.len += 3;
	KT_EQ(parse(&a, false, tb, &ext), 0);
	KT_STREQ(ext._msg, "bytes leftover after parsing attributes");
	KT_EQ(parse(&a, true, tb, &ext), -EINVAL);
	KT_STREQ(ext._msg, "bytes leftover after parsing attributes");

	/* a header claiming more than there is stops the walk */
	a.len = 0;
	put_u32(&a, T_LIMIT, 3);
	((struct nlattr *)a.b)->nla_len = 200;
	KT_EQ(parse(&a, true, tb, &ext), -EINVAL);
	KT_ASSERT(tb[T_LIMIT] == NULL, "not parsed");
	return 0;
}

KTEST(nla, types)
{
	struct nlattr *tb[__T_MAX];
	struct netlink_ext_ack ext;
	struct abuf a = { .len = 0 };
	struct nla_bitfield32 bf = { .value = 1, .selector = 1 };

	put_u32(&a, T_FLAG, 1);		/* a flag has no payload */
	KT_EQ(parse(&a, false, tb, &ext), -ERANGE);
	KT_STREQ(ext._msg, "Attribute failed policy validation");

	a.len = 0;
	put(&a, T_NAME, "abcde", 5);	/* longer than .len */
	KT_EQ(parse(&a, false, tb, &ext), -ERANGE);

	a.len = 0;
	put_u32(&a, T_REJ, 0);
	KT_EQ(parse(&a, false, tb, &ext), -EINVAL);
	KT_STREQ(ext._msg, "no T_REJ here");

	a.len = 0;
	put(&a, T_BF, &bf, sizeof(bf));
	KT_EQ(parse(&a, false, tb, &ext), 0);
	bf.value = 2;			/* value outside selector */
	a.len = 0;
	put(&a, T_BF, &bf, sizeof(bf));
	KT_EQ(parse(&a, false, tb, &ext), -EINVAL);

	/* NLA_UNSPEC: length only when liberal, rejected when strict */
	a.len = 0;
	put(&a, T_RAW, "ab", 2);
	KT_EQ(parse(&a, false, tb, &ext), -ERANGE);
	a.len = 0;
	put(&a, T_RAW, "abcd", 4);
	KT_EQ(parse(&a, false, tb, &ext), 0);
	KT_EQ(parse(&a, true, tb, &ext), -EINVAL);
	KT_STREQ(ext._msg, "Unsupported attribute");
	return 0;
}

KTEST(nla, nested)
{
	struct nlattr *tb[__T_MAX], *in[3];
	struct netlink_ext_ack ext;
	struct abuf a = { .len = 0 }, inner = { .len = 0 };
	struct nlattr *nest;
	u16 v = 101;

	put(&inner, 1, "\x07", 1);
	put(&inner, 2, &v, 2);
	nest = put(&a, T_NEST | NLA_F_NESTED, inner.b, inner.len);
	/* the inner error comes back unchanged */
	KT_EQ(parse(&a, true, tb, &ext), -ERANGE);
	KT_STREQ(ext._msg, "integer out of range");
	KT_ASSERT(ext.bad_attr == (struct nlattr *)((u8 *)nla_data(nest) + 8),
		  "inner bad_attr");

	/* without NLA_F_NESTED: strict refuses, liberal accepts */
	v = 100;
	inner.len = 0;
	put(&inner, 1, "\x07", 1);
	put(&inner, 2, &v, 2);
	a.len = 0;
	nest = put(&a, T_NEST, inner.b, inner.len);
	KT_EQ(parse(&a, true, tb, &ext), -EINVAL);
	KT_STREQ(ext._msg, "NLA_F_NESTED is missing");
	KT_EQ(parse(&a, false, tb, &ext), 0);
	memset(&ext, 0, sizeof(ext));
	KT_EQ(nla_parse_nested(in, 2, nest, inner_policy, &ext), -EINVAL);
	KT_STREQ(ext._msg, "NLA_F_NESTED is missing");
	KT_EQ(nla_parse_nested_deprecated(in, 2, nest, inner_policy, &ext), 0);
	KT_EQ(nla_get_u8(in[1]), 7);
	KT_EQ(nla_get_u16(in[2]), 100);

	/* flag on a non-nest attribute, strict */
	a.len = 0;
	put_u32(&a, T_LIMIT | NLA_F_NESTED, 1);
	KT_EQ(parse(&a, true, tb, &ext), -EINVAL);
	KT_STREQ(ext._msg, "NLA_F_NESTED not expected");
	return 0;
}

KTEST(nla, extack_macros)
{
	struct netlink_ext_ack ext = {};
	struct nlattr attr = { .nla_len = 4, .nla_type = 1 };

	NL_SET_ERR_MSG(&ext, "plain");
	KT_STREQ(ext._msg, "plain");
	NL_SET_ERR_MSG_MOD(&ext, "with module");
	KT_STREQ(ext._msg, "qdk_shim_test: with module");
	NL_SET_ERR_MSG_ATTR(&ext, &attr, "attr");
	KT_ASSERT(ext.bad_attr == &attr, "bad attr");
	NL_SET_ERR_MSG(NULL, "no extack is fine");
	return 0;
}

KTEST(nla, put_and_nest)
{
	struct sk_buff *skb = alloc_skb(64, GFP_KERNEL);
	struct nlattr *nest, *nla;
	int rem, n = 0, len;

	nest = nla_nest_start(skb, TCA_OPTIONS);
	KT_ASSERT(nest, "nest");
	KT_EQ(nest->nla_type, TCA_OPTIONS | NLA_F_NESTED);
	KT_EQ(nla_put_u32(skb, 1, 42), 0);
	KT_EQ(nla_put_u8(skb, 2, 7), 0);	/* padded to 8 */
	KT_EQ(nla_put_string(skb, 3, "ab"), 0);
	KT_EQ(nla_put_u64_64bit(skb, 4, 1ULL << 40, 5), 0);
	len = nla_nest_end(skb, nest);
	KT_EQ(len, 4 + 8 + 8 + 8 + 12);
	KT_EQ(nest->nla_len, len);
	nla_for_each_nested(nla, nest, rem)
		n++;
	KT_EQ(n, 4);
	KT_EQ(nla_get_u64(nla_find(nla_data(nest), nla_len(nest), 4)), 1ULL << 40);
	/* full: -EMSGSIZE and nothing written */
	KT_EQ(nla_put(skb, 6, 40, skb->data), -EMSGSIZE);
	KT_EQ(skb->len, len);
	/* cancel trims back to the nest start */
	nest = nla_nest_start_noflag(skb, 7);
	KT_EQ(nest->nla_type, 7);
	KT_EQ(nla_put_u32(skb, 1, 1), 0);
	nla_nest_cancel(skb, nest);
	KT_EQ(skb->len, len);
	KT_ASSERT(nla_nest_start(skb, 8) != NULL, "room for a header");
	KT_EQ(skb->len, len + 4);
	KT_EQ(nla_put(skb, 9, 16, skb->data), 0);	/* exactly fills it */
	KT_EQ(skb_tailroom(skb), 0);
	KT_ASSERT(nla_nest_start(skb, 10) == NULL, "no room left");
	KT_EQ(nla_put_flag(skb, 11), -EMSGSIZE);
	kfree_skb(skb);
	return 0;
}

KTEST(nla, strscpy_memcpy)
{
	struct abuf a = { .len = 0 };
	struct nlattr *nla = put(&a, 1, "hello", 6);
	char buf[4];
	u64 v = 0;

	KT_EQ(nla_strscpy(buf, nla, sizeof(buf)), -E2BIG);
	KT_STREQ(buf, "hel");
	KT_EQ(nla_memcpy(&v, nla, sizeof(v)), 6);
	KT_EQ(v, 0x6f6c6c6568ULL);
	KT_ASSERT(nla_memcmp(nla, "hello", 6) == 0, "memcmp");
	return 0;
}
