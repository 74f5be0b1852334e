// SPDX-License-Identifier: GPL-2.0
/*
 * ktest_nla_int.c - net/netlink.h's variable-width integers (6.12's NLA_UINT
 * and NLA_SINT: 4 bytes when the value fits, else 8), the 7.x getters with
 * defaults, nests that refuse to overflow and message payload checks.
 */
#include <linux/kernel.h>
#include <linux/skbuff.h>
#include <net/netlink.h>

#include "ktest.h"

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
enum { A_UNSPEC, A_U, A_S, A_UR, __A_MAX };

static const struct nla_policy int_policy[__A_MAX] = {
	[A_U] = { .type = NLA_UINT },
	[A_S] = { .type = NLA_SINT },
	[A_UR] = NLA_POLICY_MAX(NLA_UINT, 1000),
};

KTEST(nlaint, put_get_widths)
{
	struct sk_buff *skb = alloc_skb(256, GFP_KERNEL);
	struct nlattr *tb[__A_MAX] = {}, *pos;
	int rem, n = 0;

	KT_EQ(nla_put_uint(skb, A_U, 7), 0);
	KT_EQ(skb->len, 8);			/* 4 bytes of header, 4 of value */
	KT_EQ(nla_put_uint(skb, A_U, 0x100000000ULL), 0);
	KT_EQ(skb->len, 8 + 12);		/* the 8-byte form */
	KT_EQ(nla_put_sint(skb, A_S, -2), 0);
	KT_EQ(skb->len, 28);
	KT_EQ(nla_put_sint(skb, A_S, -0x100000000LL), 0);
	KT_EQ(skb->len, 40);
	nla_for_each_attr(pos, (struct nlattr *)skb->data, skb->len, rem) {
		switch (n++) {
		case 0:
			KT_EQ(nla_get_uint(pos), 7);
			break;
		case 1:
			KT_ASSERT(nla_get_uint(pos) == 0x100000000ULL, "u64");
			break;
		case 2:
			KT_EQ(nla_get_sint(pos), -2);
			break;
		case 3:
			KT_EQ(nla_get_sint(pos), -0x100000000LL);
			break;
		}
	}
	KT_EQ(n, 4);
	KT_EQ(nla_parse_deprecated(tb, __A_MAX - 1, (struct nlattr *)skb->data, skb->len,
				   int_policy, NULL), 0);
	KT_ASSERT(tb[A_U] && tb[A_S], "both parsed");
	kfree_skb(skb);
	return 0;
}

KTEST(nlaint, validation)
{
	struct sk_buff *skb = alloc_skb(256, GFP_KERNEL);
	struct nlattr *tb[__A_MAX] = {}, *pos;
	u16 two = 2;
	int rem, n = 0;

	/* two bytes is neither width */
	KT_EQ(nla_put(skb, A_U, sizeof(two), &two), 0);
	KT_EQ(nla_parse_deprecated(tb, __A_MAX - 1, (struct nlattr *)skb->data, skb->len,
				   int_policy, NULL), -EINVAL);
	skb_trim(skb, 0);
	KT_EQ(nla_put_uint(skb, A_UR, 1000), 0);
	KT_EQ(nla_parse_deprecated(tb, __A_MAX - 1, (struct nlattr *)skb->data, skb->len,
				   int_policy, NULL), 0);
	skb_trim(skb, 0);
	KT_EQ(nla_put_uint(skb, A_UR, 1001), 0);
	KT_EQ(nla_parse_deprecated(tb, __A_MAX - 1, (struct nlattr *)skb->data, skb->len,
				   int_policy, NULL), -ERANGE);
	/* the typed walks see only their type */
	skb_trim(skb, 0);
	nla_put_uint(skb, A_U, 1);
	nla_put_sint(skb, A_S, 1);
	nla_put_uint(skb, A_U, 2);
	nla_for_each_attr_type(pos, A_U, (struct nlattr *)skb->data, skb->len, rem)
		n += nla_get_uint(pos);
	KT_EQ(n, 3);
	kfree_skb(skb);
	return 0;
}
#endif

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
KTEST(nlaint, defaults_nests_payload)
{
	struct sk_buff *skb = alloc_skb(256, GFP_KERNEL);
	struct nlmsghdr *nlh;
	struct nlattr *nest;
	__le16 le = cpu_to_le16(0x1234);

	KT_EQ(nla_get_le16_default(NULL, cpu_to_le16(9)), cpu_to_le16(9));
	KT_EQ(nla_get_uint_default(NULL, 5), 5);
	KT_EQ(nla_get_sint_default(NULL, -5), -5);
	KT_EQ(nla_get_msecs_default(NULL, 77), 77);
	nla_put(skb, 1, sizeof(le), &le);
	KT_EQ(nla_get_le16_default((struct nlattr *)skb->data, 0), cpu_to_le16(0x1234));
	skb_trim(skb, 0);
	KT_EQ(nla_put_empty_nest(skb, 3), 0);
	KT_EQ(skb->len, 4);
	nest = nla_nest_start(skb, 4);
	nla_put_u32(skb, 1, 1);
	KT_EQ(nla_nest_end_safe(skb, nest), (int)skb->len);
	KT_EQ(nest->nla_len, 12);
	skb_trim(skb, 0);
	nlh = nlmsg_put(skb, 0, 0, 16, 8, 0);
	KT_ASSERT(nlh, "put");
	KT_ASSERT(nlmsg_payload(nlh, 8) == nlmsg_data(nlh), "8 bytes there");
	KT_ASSERT(!nlmsg_payload(nlh, 9), "9 not");
	kfree_skb(skb);
	return 0;
}
#endif
