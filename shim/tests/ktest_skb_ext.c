// SPDX-License-Identifier: GPL-2.0
/*
 * ktest_skb_ext.c - linux/skbuff.h beyond the qdisc core: skb extensions
 * (shared by copies, copied on write, freed with their last holder), header
 * pushes and pops of VLAN, MPLS and Ethernet, skbs built around buffers,
 * sequential reads and zerocopy bookkeeping.
 */
#include <linux/kernel.h>
#include <linux/skbuff.h>
#include <linux/if_vlan.h>
#include <linux/etherdevice.h>

#include "ktest.h"

static struct sk_buff *mk(unsigned int headroom, unsigned int len, u8 fill)
{
	struct sk_buff *skb = alloc_skb(headroom + len + 16, GFP_KERNEL);
	unsigned int i;

	if (!skb)
		return NULL;
	skb_reserve(skb, headroom);
	for (i = 0; i < len; i++)
		skb_put_u8(skb, fill + i);
	return skb;
}

KTEST(skbext, add_find_del)
{
	struct sk_buff *skb = mk(0, 10, 0);
	struct nf_bridge_info *nf;
	u64 *mp;

	KT_ASSERT(!skb_has_extensions(skb), "fresh skb has none");
	KT_ASSERT(!skb_ext_find(skb, SKB_EXT_BRIDGE_NF), "nothing to find");
	nf = skb_ext_add(skb, SKB_EXT_BRIDGE_NF);
	KT_ASSERT(nf, "add");
	nf->physinif = 7;
	KT_ASSERT(skb_has_extensions(skb), "has");
	KT_ASSERT(skb_ext_exist(skb, SKB_EXT_BRIDGE_NF), "exists");
	KT_ASSERT(!skb_ext_exist(skb, SKB_EXT_MPTCP), "other id absent");
	KT_ASSERT(skb_ext_find(skb, SKB_EXT_BRIDGE_NF) == nf, "find");
	/* adding the same id again hands back the same data */
	KT_ASSERT(skb_ext_add(skb, SKB_EXT_BRIDGE_NF) == nf, "re-add");
	KT_EQ(nf->physinif, 7);
	mp = skb_ext_add(skb, SKB_EXT_MPTCP);
	KT_ASSERT(mp && (void *)mp != (void *)nf, "second id, own room");
	*mp = 0x1122334455667788ULL;
	KT_EQ(((struct nf_bridge_info *)skb_ext_find(skb, SKB_EXT_BRIDGE_NF))->physinif, 7);
	KT_ASSERT(skb->slow_gro, "slow_gro set");
	skb_ext_del(skb, SKB_EXT_BRIDGE_NF);
	KT_ASSERT(!skb_ext_exist(skb, SKB_EXT_BRIDGE_NF), "deleted");
	KT_ASSERT(*(u64 *)skb_ext_find(skb, SKB_EXT_MPTCP) == 0x1122334455667788ULL, "kept");
	KT_ASSERT(!secpath_exists(skb) && !skb_sec_path(skb), "no secpath");
	skb_ext_del(skb, SKB_EXT_MPTCP);
	KT_ASSERT(!skb_has_extensions(skb), "none left");
	kfree_skb(skb);
	return 0;
}

KTEST(skbext, shared_by_clone_cow_on_add)
{
	struct sk_buff *skb = mk(0, 10, 0), *c, *d;
	struct nf_bridge_info *nf, *nf2;
	struct skb_ext *ext;

	nf = skb_ext_add(skb, SKB_EXT_BRIDGE_NF);
	nf->physinif = 3;
	ext = __qdk_skb_ext(skb);
	c = skb_clone(skb, GFP_ATOMIC);
	KT_ASSERT(c, "clone");
	KT_ASSERT(skb_ext_find(c, SKB_EXT_BRIDGE_NF) == nf, "the clone shares the block");
	KT_EQ(refcount_read(&ext->refcnt), 2);
	/* a holder that adds gets its own block: the other sees no change */
	nf2 = skb_ext_add(c, SKB_EXT_BRIDGE_NF);
	KT_ASSERT(nf2 && nf2 != nf, "copied on write");
	KT_EQ(nf2->physinif, 3);
	nf2->physinif = 4;
	KT_EQ(nf->physinif, 3);
	KT_EQ(refcount_read(&ext->refcnt), 1);
	/* a dropped id on one holder of a shared block leaves the other's */
	d = skb_copy(skb, GFP_ATOMIC);
	skb_ext_del(d, SKB_EXT_BRIDGE_NF);
	KT_ASSERT(!skb_ext_exist(d, SKB_EXT_BRIDGE_NF), "dropped on the copy");
	KT_ASSERT(skb_ext_exist(skb, SKB_EXT_BRIDGE_NF), "kept on the original");
	KT_EQ(refcount_read(&ext->refcnt), 1);
	/* skb_ext_copy() replaces what dst held */
	skb_ext_copy(d, c);
	KT_ASSERT(skb_ext_find(d, SKB_EXT_BRIDGE_NF) == nf2, "copied from c");
	skb_ext_reset(c);
	KT_ASSERT(!skb_has_extensions(c), "reset");
	KT_EQ(((struct nf_bridge_info *)skb_ext_find(d, SKB_EXT_BRIDGE_NF))->physinif, 4);
	kfree_skb(c);
	kfree_skb(d);
	kfree_skb(skb);		/* frees the last block: the leak check sees none */
	return 0;
}

KTEST(skbext, set_and_irq_freeable)
{
	struct sk_buff *skb = mk(0, 4, 0), *c;
	struct skb_ext *ext = __skb_ext_alloc(GFP_ATOMIC);
	void *p;

	KT_ASSERT(ext, "alloc");
	KT_EQ(refcount_read(&ext->refcnt), 1);
	KT_ASSERT(!__skb_ext_exist(ext, SKB_EXT_SEC_PATH), "empty block");
	KT_ASSERT(skb_irq_freeable(skb), "plain skb");
	p = __skb_ext_set(skb, SKB_EXT_SEC_PATH, ext);
	KT_ASSERT(p == (void *)skb_sec_path(skb), "set is found");
	KT_ASSERT(__skb_ext_exist(ext, SKB_EXT_SEC_PATH), "offset set");
	KT_ASSERT(secpath_exists(skb), "secpath");
	KT_ASSERT(!skb_irq_freeable(skb), "a secpath is not irq-freeable");
	c = skb_clone(skb, GFP_ATOMIC);
	nf_copy(c, skb);
	KT_ASSERT(secpath_exists(c), "clone has it");
	kfree_skb(skb);
	KT_ASSERT(secpath_exists(c), "clone keeps it");
	skb_ext_reset(c);
	kfree_skb(c);
	return 0;
}

/* an Ethernet + 20-byte IPv4 frame with the mac header at data */
static struct sk_buff *mk_eth(void)
{
	static const u8 dst[ETH_ALEN] = { 2, 0, 0, 0, 0, 1 };
	static const u8 src[ETH_ALEN] = { 2, 0, 0, 0, 0, 2 };
	struct sk_buff *skb = mk(64, 20, 0x40);
	struct ethhdr *eth;

	if (!skb)
		return NULL;
	skb_reset_network_header(skb);
	eth = skb_push(skb, ETH_HLEN);
	memcpy(eth->h_dest, dst, ETH_ALEN);
	memcpy(eth->h_source, src, ETH_ALEN);
	eth->h_proto = htons(ETH_P_IP);
	skb_reset_mac_header(skb);
	skb_reset_mac_len(skb);
	skb->mac_len = ETH_HLEN;
	skb->protocol = htons(ETH_P_IP);
	return skb;
}

KTEST(skbext, vlan_push_pop)
{
	struct sk_buff *skb = mk_eth();
	u8 *d;

	KT_EQ(skb_vlan_push(skb, htons(ETH_P_8021Q), 5), 0);
	KT_ASSERT(skb_vlan_tag_present(skb), "accelerated");
	KT_EQ(skb->len, 34);
	/* a second push moves the first tag into the frame */
	KT_EQ(skb_vlan_push(skb, htons(ETH_P_8021AD), 7), 0);
	KT_EQ(skb->len, 38);
	d = skb->data;
	KT_EQ(d[12] << 8 | d[13], ETH_P_8021Q);
	KT_EQ(d[14] << 8 | d[15], 5);
	KT_EQ(d[16] << 8 | d[17], ETH_P_IP);
	KT_EQ(d[6 + 5], 2);		/* source address still in place */
	KT_EQ(ntohs(skb->protocol), ETH_P_8021Q);
	KT_EQ(ntohs(skb->vlan_proto), ETH_P_8021AD);
	KT_EQ(skb_vlan_tag_get(skb), 7);
	/* 6.12 moves the network header onto the tag; 6.1 grows mac_len */
	KT_EQ(skb_network_offset(skb),
	      LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0) ? ETH_HLEN : 18);
	/* pop: the accelerated tag goes, the frame's becomes accelerated */
	KT_EQ(skb_vlan_pop(skb), 0);
	KT_EQ(skb->len, 34);
	KT_ASSERT(skb_vlan_tag_present(skb), "inner tag accelerated");
	KT_EQ(ntohs(skb->vlan_proto), ETH_P_8021Q);
	KT_EQ(skb_vlan_tag_get(skb), 5);
	KT_EQ(ntohs(skb->protocol), ETH_P_IP);
	KT_EQ(eth_hdr(skb)->h_proto, htons(ETH_P_IP));
	KT_ASSERT(skb_mac_header(skb) == skb->data, "mac at data");
	KT_EQ(skb_network_offset(skb), ETH_HLEN);
	KT_EQ(skb->mac_len, ETH_HLEN);
	KT_EQ(skb_vlan_pop(skb), 0);
	KT_ASSERT(!skb_vlan_tag_present(skb), "no tag left");
	KT_EQ(skb->len, 34);
	kfree_skb(skb);
	return 0;
}

KTEST(skbext, vlan_untag_and_eth)
{
	static const u8 a[ETH_ALEN] = { 2, 0, 0, 0, 0, 9 }, b[ETH_ALEN] = { 2, 0, 0, 0, 0, 8 };
	struct sk_buff *skb = mk_eth();
	u8 *d;

	/* put a tag in the frame as received, then take data past the MAC header */
	KT_EQ(skb_vlan_push(skb, htons(ETH_P_8021Q), 0x123), 0);
	KT_EQ(skb_vlan_push(skb, htons(ETH_P_8021Q), 1), 0);
	__vlan_hwaccel_clear_tag(skb);
	KT_EQ(skb->len, 38);
	__skb_pull(skb, ETH_HLEN);
	skb = skb_vlan_untag(skb);
	KT_ASSERT(skb, "untag");
	KT_ASSERT(skb_vlan_tag_present(skb), "tag accelerated");
	KT_EQ(skb_vlan_tag_get(skb), 0x123);
	KT_EQ(ntohs(skb->protocol), ETH_P_IP);
	KT_EQ(skb->len, 20);
	KT_EQ(skb->data[0], 0x40);
	KT_EQ(skb->mac_len, ETH_HLEN);
	KT_EQ(eth_hdr(skb)->h_proto, htons(ETH_P_IP));
	KT_EQ(eth_hdr(skb)->h_source[5], 2);
	/* Ethernet off and on again */
	skb_push(skb, ETH_HLEN);
	__vlan_hwaccel_clear_tag(skb);
	KT_EQ(skb_eth_pop(skb), 0);
	KT_EQ(skb->len, 20);
	KT_EQ(skb->mac_len, 0);
	KT_EQ(skb_eth_push(skb, a, b), 0);
	KT_EQ(skb->len, 34);
	d = skb->data;
	KT_EQ(d[5], 9);
	KT_EQ(d[11], 8);
	KT_EQ(d[12] << 8 | d[13], ETH_P_IP);
	KT_EQ(skb->mac_len, ETH_HLEN);
	/* a network header not at data: refused */
	KT_EQ(skb_eth_push(skb, a, b), -EPROTO);
	kfree_skb(skb);
	return 0;
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
#include <net/flow_dissector.h>

/* 7.x: the flow hash under a caller's key is skb_get_hash_perturb()'s */
KTEST(skbext, flow_hash_seed)
{
	struct sk_buff *skb = mk_eth();
	siphash_key_t k = { { 1, 2 } }, k2 = { { 3, 4 } };
	struct flow_keys keys;
	u8 *ip;

	skb_pull(skb, ETH_HLEN);
	ip = skb->data;
	ip[0] = 0x45;
	ip[9] = IPPROTO_UDP;
	ip[12] = 10;
	ip[16] = 11;
	KT_ASSERT(skb_flow_dissect_flow_keys(skb, &keys, 0), "dissect");
	KT_EQ(flow_hash_from_keys_seed(&keys, &k), skb_get_hash_perturb(skb, &k));
	KT_ASSERT(flow_hash_from_keys_seed(&keys, &k) != flow_hash_from_keys_seed(&keys, &k2),
		  "the key matters");
	kfree_skb(skb);
	return 0;
}
#endif

/* a sender's completion object: counts completions, frees nothing */
struct kt_uarg {
	struct ubuf_info_msgzc zc;
	int completed, ok;
};

static void kt_uarg_complete(struct sk_buff *skb, struct ubuf_info *uarg, bool success)
{
	struct kt_uarg *u = container_of(uarg_to_msgzc(uarg), struct kt_uarg, zc);

	if (refcount_dec_and_test(&uarg->refcnt)) {
		u->completed++;
		u->ok = success;
	}
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
static const struct ubuf_info_ops kt_uarg_ops = { .complete = kt_uarg_complete };
#endif

KTEST(skbext, zerocopy_references)
{
	struct kt_uarg u = {};
	struct ubuf_info *uarg = &u.zc.ubuf;
	struct sk_buff *skb = mk(0, 8, 0), *c;
	bool have_ref = true;

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	uarg->ops = &kt_uarg_ops;
#else
	uarg->callback = kt_uarg_complete;
#endif
	refcount_set(&uarg->refcnt, 1);		/* the sender's */
	uarg->flags = SKBFL_ZEROCOPY_FRAG;
	skb_zcopy_set(skb, uarg, &have_ref);	/* the sender's reference moves */
	KT_ASSERT(!have_ref, "reference handed over");
	KT_ASSERT(skb_zcopy(skb) == uarg, "set");
	KT_EQ(refcount_read(&uarg->refcnt), 1);
	skb_zcopy_set(skb, uarg, NULL);		/* already set: nothing */
	KT_EQ(refcount_read(&uarg->refcnt), 1);
	c = skb_clone(skb, GFP_ATOMIC);
	KT_EQ(refcount_read(&uarg->refcnt), 2);
	kfree_skb(skb);
	KT_EQ(u.completed, 0);
	KT_EQ(refcount_read(&uarg->refcnt), 1);
	kfree_skb(c);				/* the last holder completes it */
	KT_EQ(u.completed, 1);
	KT_EQ(u.ok, 1);
	/* a transmit error completes it too, and the packet forgets it */
	refcount_set(&uarg->refcnt, 1);
	skb = mk(0, 8, 0);
	skb_zcopy_set(skb, uarg, NULL);
	KT_EQ(refcount_read(&uarg->refcnt), 2);
	skb_tx_error(skb);
	KT_ASSERT(!skb_zcopy(skb), "cleared");
	KT_EQ(refcount_read(&uarg->refcnt), 1);
	net_zcopy_get(uarg);
	net_zcopy_put(uarg);
	KT_EQ(refcount_read(&uarg->refcnt), 1);
	kfree_skb(skb);
	net_zcopy_put(uarg);
	KT_EQ(u.completed, 2);
	return 0;
}

KTEST(skbext, seq_read)
{
	struct sk_buff *skb = mk(16, 40, 0);
	struct skb_seq_state st;
	unsigned int n, consumed = 0;
	const u8 *data;

	skb_prepare_seq_read(skb, 10, 30, &st);
	n = skb_seq_read(consumed, &data, &st);
	KT_EQ(n, 30);				/* the rest of the head, not cut at 30 */
	KT_EQ(data[0], 10);
	KT_ASSERT(data == skb->data + 10, "points into the head");
	consumed += 20;
	KT_EQ(skb_seq_read(consumed, &data, &st), 0);	/* at to: done */
	skb_abort_seq_read(&st);
	skb_prepare_seq_read(skb, 0, 100, &st);
	KT_EQ(skb_seq_read(39, &data, &st), 1);
	KT_EQ(data[0], 39);
	KT_EQ(skb_seq_read(40, &data, &st), 0);	/* past the packet */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	{
		u8 buf[8];

		skb_prepare_seq_read(skb, 0, 40, &st);
		KT_EQ(skb_copy_seq_read(&st, 4, buf, 8), 0);
		KT_EQ(buf[0], 4);
		KT_EQ(buf[7], 11);
		KT_EQ(skb_copy_seq_read(&st, 36, buf, 8), -EINVAL);
	}
#endif
	kfree_skb(skb);
	return 0;
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
#include <linux/netdevice.h>

KTEST(skbext, ensure_writable_head_tail)
{
	struct net_device *dev = alloc_netdev_mqs(0, "kt%d", NET_NAME_UNKNOWN, ether_setup, 1, 1);
	struct sk_buff *skb = mk(8, 30, 0);

	KT_ASSERT(dev, "dev");
	dev->needed_headroom = 4;
	KT_EQ(skb_ensure_writable_head_tail(skb, dev), 0);
	KT_EQ(skb_headroom(skb), 8);			/* enough already: untouched */
	dev->needed_headroom = 24;
	dev->needed_tailroom = 4;
	KT_EQ(skb_ensure_writable_head_tail(skb, dev), 0);
	KT_ASSERT(skb_headroom(skb) >= 24, "headroom %u", skb_headroom(skb));
	/* a short frame: room for its padding to ETH_ZLEN too */
	KT_ASSERT(skb_tailroom(skb) >= 4 + ETH_ZLEN - 30, "tailroom %d", skb_tailroom(skb));
	KT_EQ(skb->data[29], 29);
	kfree_skb(skb);
	free_netdev(dev);
	return 0;
}
#endif

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
KTEST(skbext, data_move)
{
	struct sk_buff *skb = mk(32, 20, 0);
	u8 *meta;

	/* 4 bytes of metadata right before the mac header at data */
	skb_reset_mac_header(skb);
	meta = skb->data - 4;
	memcpy(meta, "META", 4);
	skb_metadata_set(skb, 4);
	__skb_pull(skb, 6);
	skb_postpull_data_move(skb, 6, 2);	/* metadata and 2 bytes follow data */
	KT_ASSERT(!memcmp(skb->data - 4, "META", 4), "metadata moved");
	KT_EQ(skb->data[0], 0);
	KT_EQ(skb->data[1], 1);
	/* no metadata: only the n bytes move */
	skb_metadata_clear(skb);
	__skb_push(skb, 2);
	skb_postpush_data_move(skb, 2, 3);
	KT_EQ(skb->data[0], 0);
	KT_EQ(skb->data[2], 8);	/* what was 2 past data */
	kfree_skb(skb);
	return 0;
}
#endif
