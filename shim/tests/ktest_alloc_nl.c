// SPDX-License-Identifier: GPL-2.0
/* ktest_alloc_nl.c - more of linux/slab.h, and net/netlink.h's message helpers. */
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/skbuff.h>
#include <net/netlink.h>

#include "ktest.h"

KTEST(slabmore, roundup_and_index)
{
	KT_EQ(kmalloc_size_roundup(0), 0);
	KT_EQ(kmalloc_size_roundup(1), 8);
	KT_EQ(kmalloc_size_roundup(65), 96);
	KT_EQ(kmalloc_size_roundup(97), 128);
	KT_EQ(kmalloc_size_roundup(129), 192);
	KT_EQ(kmalloc_size_roundup(193), 256);
	KT_EQ(kmalloc_size_roundup(4097), 8192);
	KT_EQ(kmalloc_size_roundup(8193), 16384);
	KT_EQ(kmalloc_size_roundup(SIZE_MAX), SIZE_MAX);
	KT_EQ(kmalloc_index(8), 3);
	KT_EQ(kmalloc_index(96), 1);
	KT_EQ(kmalloc_index(1024), 10);
	KT_EQ(KMALLOC_MAX_CACHE_SIZE, 8192);
	return 0;
}

KTEST(slabmore, realloc_array_bulk_cache)
{
	long base = qdk_test_mem_objects();
	u32 *a = kmalloc_array(4, sizeof(u32), GFP_KERNEL);
	void *objs[3];
	struct kmem_cache *c;

	a[3] = 0xabcd;
	KT_ASSERT(!krealloc_array(a, SIZE_MAX / 2, 4, GFP_KERNEL), "overflow");
	a = krealloc_array(a, 8, sizeof(u32), GFP_KERNEL | __GFP_ZERO);
	KT_EQ(a[3], 0xabcd);
	KT_EQ(a[7], 0);
	a = kvrealloc(a,
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
		      8 * sizeof(u32),
#endif
		      64 * sizeof(u32), GFP_KERNEL);
	KT_EQ(a[3], 0xabcd);
	objs[0] = a;
	objs[1] = kmalloc(10, GFP_KERNEL);
	objs[2] = __kmalloc_node(10, GFP_KERNEL, NUMA_NO_NODE);
	kfree_bulk(3, objs);
	c = kmem_cache_create_usercopy("kt", 40, 8, SLAB_HWCACHE_ALIGN, 0, 8, NULL);
	KT_EQ(kmem_cache_size(c), 40);
	objs[0] = kmem_cache_alloc_lru(c, NULL, GFP_KERNEL);
	KT_ASSERT(objs[0], "alloc_lru");
	KT_EQ(kmem_cache_shrink(c), 0);
	kmem_cache_free(c, objs[0]);
	kmem_cache_destroy(c);
	objs[0] = kmalloc_track_caller(5, GFP_KERNEL);
	__free_kfree(&objs[0]);
	objs[0] = NULL;
	__free_kfree(&objs[0]);
	KT_EQ(qdk_test_mem_objects(), base);
	return 0;
}

KTEST(nlmore, attrs_and_messages)
{
	struct sk_buff *skb = nlmsg_new(NLMSG_DEFAULT_SIZE, GFP_KERNEL);
	struct in6_addr a6 = { .s6_addr = { 0x20, 0x01, [15] = 1 } }, b6;
	struct nlmsghdr *nlh, *pos;
	struct nlattr *tb[8], *nla;
	int rem, n = 0;
	void *dup;

	KT_ASSERT(skb, "nlmsg_new");
	nlh = nlmsg_put(skb, 1, 42, 16, 4, NLM_F_ECHO);
	KT_EQ(nla_put_le16(skb, 1, cpu_to_le16(0x1234)), 0);
	KT_EQ(nla_put_le32(skb, 2, cpu_to_le32(0x12345678)), 0);
	KT_EQ(nla_put_le64(skb, 3, cpu_to_le64(0x1122334455667788ULL), 7), 0);
	KT_EQ(nla_put_in_addr(skb, 4, htonl(0x0a000001)), 0);
	KT_EQ(nla_put_in6_addr(skb, 5, &a6), 0);
	KT_EQ(nla_put_net32(skb, 6, htonl(9)), 0);
	nlmsg_end(skb, nlh);
	KT_EQ(nlmsg_report(nlh), 1);
	KT_EQ(nlmsg_seq(nlh), 42);
	KT_EQ(nlmsg_parse_deprecated_strict(nlh, 4, tb, 7, NULL, NULL), 0);
	KT_EQ(le16_to_cpu(nla_get_le16(tb[1])), 0x1234);
	KT_EQ(le32_to_cpu(nla_get_le32(tb[2])), 0x12345678);
	KT_EQ(le64_to_cpu(nla_get_le64(tb[3])), 0x1122334455667788ULL);
	KT_EQ(ntohl(nla_get_in_addr(tb[4])), 0x0a000001);
	b6 = nla_get_in6_addr(tb[5]);
	KT_ASSERT(!memcmp(&a6, &b6, sizeof(a6)), "in6");
	KT_ASSERT(tb[6]->nla_type & NLA_F_NET_BYTEORDER, "net byte order flag");
	nla = nlmsg_find_attr(nlh, 4, 4);
	KT_ASSERT(nla == tb[4], "find_attr");
	dup = nla_memdup(tb[5], GFP_KERNEL);
	KT_ASSERT(!memcmp(dup, &a6, 16), "memdup");
	kfree(dup);
	rem = 0;
	nlmsg_for_each_attr(nla, nlh, 4, rem)
		n++;
	KT_EQ(n, 6);	/* x86 needs no pad attribute before a 64-bit one */
	KT_EQ(nlmsg_validate_deprecated(nlh, 4, 7, NULL, NULL), 0);
	/* a second message: walk both */
	nlh = nlmsg_put(skb, 1, 43, 16, 0, 0);
	nlmsg_end(skb, nlh);
	n = 0;
	nlmsg_for_each_msg(pos, (struct nlmsghdr *)skb->data, skb->len, rem)
		n++;
	KT_EQ(n, 2);
	KT_EQ(nlmsg_padlen(1), 3);
	KT_EQ(nlmsg_append(skb, 5), 0);
	KT_ASSERT(nlmsg_get_pos(skb) == skb_tail_pointer(skb), "pos");
	nlmsg_free(skb);
	return 0;
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
struct kt_flex {
	int n;
	u32 v[];
};

KTEST(slabmore, typed_allocators_6_12)
{
	long base = qdk_test_mem_objects();
	struct kt_flex *f = kzalloc_flex(*f, v, 4);
	u64 *o = kmalloc_obj(*o, GFP_ATOMIC);
	u16 *a = kvzalloc_objs(u16, 8);
	void *c = kvcalloc_node(3, 8, GFP_KERNEL, NUMA_NO_NODE);

	KT_EQ(ksize(f), 32);	/* 20 bytes asked: the kmalloc-32 bucket */
	KT_EQ(f->v[3], 0);
	KT_EQ(ksize(o), sizeof(u64));
	KT_EQ(ksize(a), 16);
	KT_EQ(((u8 *)c)[23], 0);
	KT_ASSERT(gfp_has_io_fs(GFP_KERNEL) && !gfp_has_io_fs(GFP_NOFS), "io fs");
	KT_EQ(default_gfp(), GFP_KERNEL);
	KT_EQ(default_gfp(GFP_ATOMIC), GFP_ATOMIC);
	__free_kvfree(&c);
	kfree(f);
	kfree(o);
	kvfree(a);
	KT_EQ(qdk_test_mem_objects(), base);
	return 0;
}
#endif
