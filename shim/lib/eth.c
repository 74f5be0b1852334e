// SPDX-License-Identifier: GPL-2.0
/*
 * eth.c - net/ethernet/eth.c: Ethernet headers made and read, addresses
 * changed and checked, ether_setup(). No DSA: a frame's type is never
 * ETH_P_XDSA.
 */
#include <linux/kernel.h>
#include <linux/export.h>
#include <linux/errno.h>
#include <linux/if_arp.h>
#include <linux/socket.h>
#include <linux/etherdevice.h>
#include <linux/skbuff.h>

/*
 * Push an Ethernet header: type, or len for 802.3/802.2 frames; the source
 * saddr or the device's; the destination daddr. Without daddr the header
 * is complete (ETH_HLEN) only on a device without ARP (destination zero),
 * otherwise -ETH_HLEN: the neighbour layer fills it in.
 */
int eth_header(struct sk_buff *skb, struct net_device *dev, unsigned short type,
	       const void *daddr, const void *saddr, unsigned int len)
{
	struct ethhdr *eth = skb_push(skb, ETH_HLEN);

	if (type != ETH_P_802_3 && type != ETH_P_802_2)
		eth->h_proto = htons(type);
	else
		eth->h_proto = htons(len);
	memcpy(eth->h_source, saddr ? saddr : dev->dev_addr, ETH_ALEN);
	if (daddr) {
		memcpy(eth->h_dest, daddr, ETH_ALEN);
		return ETH_HLEN;
	}
	if (dev->flags & (IFF_LOOPBACK | IFF_NOARP)) {
		eth_zero_addr(eth->h_dest);
		return ETH_HLEN;
	}
	return -ETH_HLEN;
}
EXPORT_SYMBOL(eth_header);

/*
 * The receive side: the frame's mac header set, the Ethernet header
 * pulled, pkt_type set from the destination; the protocol returned: the
 * type field, or ETH_P_802_3 for raw 802.3 (IPX's 0xFFFF after the
 * length), else ETH_P_802_2.
 */
__be16 eth_type_trans(struct sk_buff *skb, struct net_device *dev)
{
	const struct ethhdr *eth;
	unsigned short sap_buf;
	const unsigned short *sap;

	skb->dev = dev;
	skb_reset_mac_header(skb);
	eth = (const struct ethhdr *)skb->data;
	skb_pull(skb, ETH_HLEN);
	eth_skb_pkt_type(skb, dev);
	if (likely(eth_proto_is_802_3(eth->h_proto)))
		return eth->h_proto;
	sap = skb_header_pointer(skb, 0, sizeof(*sap), &sap_buf);
	if (sap && *sap == 0xFFFF)
		return htons(ETH_P_802_3);
	return htons(ETH_P_802_2);
}
EXPORT_SYMBOL(eth_type_trans);

/* the source address of the frame at the mac header */
int eth_header_parse(const struct sk_buff *skb, unsigned char *haddr)
{
	memcpy(haddr, eth_hdr(skb)->h_source, ETH_ALEN);
	return ETH_ALEN;
}
EXPORT_SYMBOL(eth_header_parse);

__be16 eth_header_parse_protocol(const struct sk_buff *skb)
{
	return eth_hdr(skb)->h_proto;
}
EXPORT_SYMBOL(eth_header_parse_protocol);

/* a new address (p: struct sockaddr) may be set: -EBUSY while up unless live */
int eth_prepare_mac_addr_change(struct net_device *dev, void *p)
{
	struct sockaddr *addr = p;

	if (!(dev->priv_flags & IFF_LIVE_ADDR_CHANGE) && netif_running(dev))
		return -EBUSY;
	if (!is_valid_ether_addr((const u8 *)addr->sa_data))
		return -EADDRNOTAVAIL;
	return 0;
}
EXPORT_SYMBOL(eth_prepare_mac_addr_change);

void eth_commit_mac_addr_change(struct net_device *dev, void *p)
{
	struct sockaddr *addr = p;

	eth_hw_addr_set(dev, (const u8 *)addr->sa_data);
}
EXPORT_SYMBOL(eth_commit_mac_addr_change);

int eth_mac_addr(struct net_device *dev, void *p)
{
	int ret = eth_prepare_mac_addr_change(dev, p);

	if (ret < 0)
		return ret;
	eth_commit_mac_addr_change(dev, p);
	return 0;
}
EXPORT_SYMBOL(eth_mac_addr);

int eth_validate_addr(struct net_device *dev)
{
	return is_valid_ether_addr(dev->dev_addr) ? 0 : -EADDRNOTAVAIL;
}
EXPORT_SYMBOL(eth_validate_addr);

const struct header_ops eth_header_ops = {
	.create		= eth_header,
	.parse		= eth_header_parse,
	.parse_protocol	= eth_header_parse_protocol,
};
EXPORT_SYMBOL(eth_header_ops);

/* an Ethernet device's defaults */
void ether_setup(struct net_device *dev)
{
	dev->header_ops = &eth_header_ops;
	dev->type = ARPHRD_ETHER;
	dev->hard_header_len = ETH_HLEN;
	dev->min_header_len = ETH_HLEN;
	dev->mtu = ETH_DATA_LEN;
	dev->min_mtu = ETH_MIN_MTU;
	dev->max_mtu = ETH_DATA_LEN;
	dev->addr_len = ETH_ALEN;
	dev->tx_queue_len = DEFAULT_TX_QUEUE_LEN;
	dev->flags = IFF_BROADCAST | IFF_MULTICAST;
	dev->priv_flags |= IFF_TX_SKB_SHARING;
	eth_broadcast_addr(dev->broadcast);
}
EXPORT_SYMBOL(ether_setup);

struct net_device *alloc_etherdev_mqs(int sizeof_priv, unsigned int txqs,
				      unsigned int rxqs)
{
	return alloc_netdev_mqs(sizeof_priv, "eth%d", NET_NAME_ENUM, ether_setup,
				txqs, rxqs);
}
EXPORT_SYMBOL(alloc_etherdev_mqs);

/*
 * The address as sysfs files show it: lower-case hex bytes joined by
 * colons, a newline, within a page; the length written.
 */
ssize_t sysfs_format_mac(char *buf, const unsigned char *addr, int len)
{
	ssize_t n = 0;
	int i;

	len = min(len, 64);	/* %*ph's limit */
	for (i = 0; i < len && n + 4 < PAGE_SIZE; i++)
		n += scnprintf(buf + n, PAGE_SIZE - n, i ? ":%02x" : "%02x", addr[i]);
	n += scnprintf(buf + n, PAGE_SIZE - n, "\n");
	return n;
}
EXPORT_SYMBOL(sysfs_format_mac);
