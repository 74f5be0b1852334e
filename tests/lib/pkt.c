// SPDX-License-Identifier: GPL-2.0
/* pkt.c - packet descriptions (pkt.h). */
#include "pkt.h"

struct qdk_pkt qt_udp4_pkt(uint64_t id, uint32_t len, uint16_t sport, uint8_t tos)
{
	struct qdk_pkt p = {
		.id = id, .pkt_len = len, .len = len,
		.ethertype = 0x0800, .family = QDK_AF_INET, .l4proto = 17,
		.saddr = { 10, 0, 0, 1 }, .daddr = { 10, 0, 0, 2 },
		.sport = sport, .dport = 6000, .ttl = 64, .tos = tos,
	};

	return p;
}
