/* SPDX-License-Identifier: GPL-2.0 */
/*
 * cbt.h - Class-Based Threshold (CBT) building blocks shared by the cbt and
 * dcbt qdiscs: the three traffic classes and how a packet is put in one,
 * the per-class weighted averages of queued packets, the class threshold
 * test, DCBT's dynamic thresholds, and ChIPS's in-order cut-in queue.
 *
 * CBT (Parris, Jeffay, Smith 1999; as implemented in "Evaluation of DCBT",
 * Conway, McAuley, Yurek, WPI 2002; docs/references.md) sits on a RED
 * queue (algo/red.h) and protects TCP from unresponsive UDP by capping the
 * UDP classes:
 *
 *   class TCP     TCP segments (and non-IP frames): RED only;
 *   class MM      "tagged" UDP, multimedia that is flow-controlled;
 *   class UDP     every other IP packet: untagged UDP, ICMP, other protocols.
 *
 * Each class has a weighted average of the number of its packets in the
 * queue, sampled at every arrival with RED's EWMA weight (so it decays with
 * the RED average while the link idles). While the RED average is between
 * min_th and max_th, an MM or UDP arrival whose class average is above the
 * class's threshold is dropped; survivors, and every TCP packet, then meet
 * RED (early drops with p_a, forced drops from max_th on).
 *
 * Thresholds: fixed per class in CBT (Conway et al.: 10 packets for MM, 2 for
 * UDP); computed at each arrival in DCBT from the active flows per class
 * (Conway et al., 3.2):
 *
 *   MM  = (mmflows / totalflows) * RED_avg
 *   UDP = (udpflows / totalflows) * (RED_min - 0.1 * (RED_max - RED_min))
 *
 * (the second exactly as Conway et al. write it; it is 0 when the bracket is
 * not positive). Averages and thresholds are kept scaled by 2^Wlog like RED's.
 *
 * Tags (what makes a UDP packet "multimedia") are configurable: a DSCP value,
 * an skb->mark under a mask, or an IPv4 source prefix (Conway et al. tagged by
 * source address). CBT_TAG_NONE tags nothing.
 *
 * The same tag-mode numbers are the cbt and dcbt qdiscs' ABI
 * (CBT_TAG_MODE_* in cbt.h, DCBT_TAG_MODE_* in dcbt.h; both check them).
 */
#ifndef QDK_ALGO_CBT_H
#define QDK_ALGO_CBT_H

#include <linux/if_ether.h>
#include <linux/in.h>
#include <linux/ip.h>
#include <linux/ipv6.h>
#include <linux/kernel.h>
#include <linux/skbuff.h>
#include <linux/types.h>
#include <net/dsfield.h>
#include <net/sch_generic.h>

#include <algo/red.h>

enum {
	CBT_CLASS_TCP,
	CBT_CLASS_MM,
	CBT_CLASS_UDP,
	CBT_CLASSES
};

enum {
	CBT_TAG_NONE,
	CBT_TAG_DSCP,
	CBT_TAG_MARK,
	CBT_TAG_SRC,
};

struct cbt_tag {
	u8 mode;		/* CBT_TAG_* */
	u8 dscp;		/* CBT_TAG_DSCP: the DSCP (0..63) */
	u32 mark;		/* CBT_TAG_MARK: skb->mark & mask == mark */
	u32 mask;
	__be32 src;		/* CBT_TAG_SRC: saddr & srcmask == src */
	__be32 srcmask;
	u8 srclen;		/* prefix length, for dump */
};

/* Per-packet state in qdisc_skb_cb(skb)->data. */
struct cbt_skb_cb {
	u32 flow;		/* dcbt: flow table index */
	u32 mm_before;		/* dcbt/ChIPS: MM slots in front of this packet */
	u8 class;		/* CBT_CLASS_* */
};

static inline struct cbt_skb_cb *cbt_cb(const struct sk_buff *skb)
{
	qdisc_cb_private_validate(skb, sizeof(struct cbt_skb_cb));
	return (struct cbt_skb_cb *)qdisc_skb_cb(skb)->data;
}

/* The IPv4 prefix mask of length len (0..32), network order. */
static inline __be32 cbt_prefix_mask(u8 len)
{
	return len ? htonl(~0U << (32 - len)) : 0;
}

/* Does a UDP packet carry the multimedia tag? */
static inline bool cbt_tagged(const struct sk_buff *skb,
			      const struct cbt_tag *t, u8 dsfield,
			      bool v4, __be32 saddr)
{
	switch (t->mode) {
	case CBT_TAG_DSCP:
		return (dsfield >> 2) == t->dscp;
	case CBT_TAG_MARK:
		return (skb->mark & t->mask) == t->mark;
	case CBT_TAG_SRC:
		return v4 && (saddr & t->srcmask) == t->src;
	}
	return false;
}

/* The packet's CBT class, from its network header (linear or not). */
static inline u8 cbt_classify(const struct sk_buff *skb,
			      const struct cbt_tag *t)
{
	int noff = skb_network_offset(skb);
	__be32 saddr = 0;
	u8 proto, ds;
	bool v4;

	switch (skb_protocol(skb, true)) {
	case htons(ETH_P_IP): {
		const struct iphdr *iph;
		struct iphdr _iph;

		iph = skb_header_pointer(skb, noff, sizeof(_iph), &_iph);
		if (!iph)
			return CBT_CLASS_TCP;
		proto = iph->protocol;
		ds = iph->tos;
		saddr = iph->saddr;
		v4 = true;
		break;
	}
	case htons(ETH_P_IPV6): {
		const struct ipv6hdr *ip6;
		struct ipv6hdr _ip6;

		ip6 = skb_header_pointer(skb, noff, sizeof(_ip6), &_ip6);
		if (!ip6)
			return CBT_CLASS_TCP;
		proto = ip6->nexthdr;
		ds = ipv6_get_dsfield(ip6);
		v4 = false;
		break;
	}
	default:
		return CBT_CLASS_TCP;	/* ARP and friends: RED only */
	}
	if (proto == IPPROTO_TCP)
		return CBT_CLASS_TCP;
	if (proto == IPPROTO_UDP && cbt_tagged(skb, t, ds, v4, saddr))
		return CBT_CLASS_MM;
	return CBT_CLASS_UDP;
}

/* Queued packets per class and their weighted averages. */
struct cbt_classes {
	u32 qlen[CBT_CLASSES];
	struct qred_vars avg[CBT_CLASSES];	/* qavg: qlen[c] << Wlog, EWMA */
};

static inline void cbt_classes_init(struct cbt_classes *cl)
{
	int c;

	for (c = 0; c < CBT_CLASSES; c++) {
		cl->qlen[c] = 0;
		qred_vars_init(&cl->avg[c]);
	}
}

/* Every arrival samples every class (before the arrival is counted). */
static inline void cbt_classes_sample(const struct qred_parms *p,
				      struct cbt_classes *cl, u64 now)
{
	int c;

	for (c = 0; c < CBT_CLASSES; c++)
		qred_calc_qavg(p, &cl->avg[c], cl->qlen[c], now);
}

/* The queue went empty: the class averages decay with RED's. */
static inline void cbt_classes_idle(struct cbt_classes *cl, u64 now)
{
	int c;

	for (c = 0; c < CBT_CLASSES; c++)
		qred_start_idle(&cl->avg[c], now);
}

static inline void cbt_classes_rescale(const struct qred_parms *p,
				       struct cbt_classes *cl, u8 old_wlog)
{
	int c;

	for (c = 0; c < CBT_CLASSES; c++)
		qred_rescale(p, &cl->avg[c], old_wlog);
}

/*
 * The class test: drop an MM or UDP arrival while the RED average is in
 * [min_th, max_th) and its class average exceeds Sthresh (scaled).
 * TCP is never tested.
 */
static inline bool cbt_class_over(const struct qred_parms *p,
				  const struct qred_vars *v,
				  const struct cbt_classes *cl, u8 c,
				  u64 Sthresh)
{
	if (c == CBT_CLASS_TCP)
		return false;
	if (v->qavg < p->Sqth_min || v->qavg >= p->Sqth_max)
		return false;
	return cl->avg[c].qavg > Sthresh;
}

/* x * n / total for n <= total, total > 0, without 64-bit overflow. */
static inline u64 cbt_share(u64 x, u32 n, u32 total)
{
	if (n >= total)
		return x;
	return mul_u64_u32_shr(x, (u32)qred_frac(n, total), 32);
}

/* DCBT's MM threshold, scaled: (mm / total) * RED_avg. */
static inline u64 dcbt_mm_thresh(const struct qred_vars *v, u32 mm, u32 total)
{
	return total ? cbt_share(v->qavg, mm, total) : 0;
}

/* DCBT's UDP threshold, scaled: (udp / total) * (min - 0.1 (max - min)). */
static inline u64 dcbt_udp_thresh(const struct qred_parms *p, u32 udp,
				  u32 total)
{
	u64 cut = div_u64(p->Sqth_max - p->Sqth_min, 10);

	if (!total || p->Sqth_min <= cut)
		return 0;
	return cbt_share(p->Sqth_min - cut, udp, total);
}

#endif /* QDK_ALGO_CBT_H */
