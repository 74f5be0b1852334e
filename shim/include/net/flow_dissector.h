/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _NET_FLOW_DISSECTOR_H
#define _NET_FLOW_DISSECTOR_H

#include <linux/types.h>
#include <linux/siphash.h>

struct flow_keys {
	u16 thoff;
	u8 ip_proto;
	u8 n_proto_lo;
	__be16 n_proto;
	__be16 sport;
	__be16 dport;
	u32 addrs[8];
};

#endif
