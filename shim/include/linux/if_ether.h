/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _QDK_SHIM_LINUX_IF_ETHER_H
#define _QDK_SHIM_LINUX_IF_ETHER_H

#include_next <linux/if_ether.h>

struct sk_buff;
static inline struct ethhdr *eth_hdr(const struct sk_buff *skb);
static inline struct ethhdr *skb_eth_hdr(const struct sk_buff *skb);
static inline struct ethhdr *inner_eth_hdr(const struct sk_buff *skb);

int eth_header_parse(const struct sk_buff *skb, unsigned char *haddr);

/* addr's len bytes as sysfs shows an address: "02:00:00:00:00:01\n" */
extern ssize_t sysfs_format_mac(char *buf, const unsigned char *addr, int len);


/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/skbuff.h>
#endif
