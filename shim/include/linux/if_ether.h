/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _QDK_SHIM_LINUX_IF_ETHER_H
#define _QDK_SHIM_LINUX_IF_ETHER_H

#include_next <linux/if_ether.h>

struct sk_buff;
static inline struct ethhdr *eth_hdr(const struct sk_buff *skb);


/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/skbuff.h>
#endif
