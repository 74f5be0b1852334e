/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Software GSO segmentation (shim/lib/gso.c). 6.12+ include this header;
 * 6.1 declares the same in linux/netdevice.h, which includes it.
 */
#ifndef _QDK_SHIM_NET_GSO_H
#define _QDK_SHIM_NET_GSO_H

#include <linux/alloc_tag.h>
#include <linux/netdev_features.h>
#include <linux/skbuff.h>

/*
 * The segments of a GSO packet, linked by next (gso_size bytes of payload
 * each, headers copied and fixed up); NULL when its payload fits one; an
 * ERR_PTR for a packet the shim cannot segment. The packet is untouched:
 * the caller frees it. Each segment is a packet the qdisc made (a trace's
 * n line), in order.
 */
struct sk_buff *__skb_gso_segment(struct sk_buff *skb,
				  netdev_features_t features, bool tx_path);

/* the segments are allocated at the caller's line (leak reports) */
#define skb_gso_segment(skb, features) \
	alloc_hooks(__skb_gso_segment(skb, features, true))

/*
 * A tunnel's GSO handler that failed after pulling its outer headers puts
 * the packet back as it came: the outer protocol, the headers pushed back,
 * the MAC and network headers where they were (mac_offset, mac_len).
 */
static inline void skb_gso_error_unwind(struct sk_buff *skb, __be16 protocol,
					int pulled_hlen, u16 mac_offset, int mac_len)
{
	skb->protocol = protocol;
	skb->encapsulation = 1;
	skb_push(skb, pulled_hlen);
	skb_reset_transport_header(skb);
	skb->mac_header = mac_offset;
	skb->network_header = skb->mac_header + mac_len;
	skb->mac_len = mac_len;
}

#endif
