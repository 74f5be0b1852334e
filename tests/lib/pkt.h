/* SPDX-License-Identifier: GPL-2.0 */
/*
 * pkt.h - the packets tests describe, with nothing but qdk_api.h: the unit
 * tests' helpers (qdisc_test.c) build them into skbs, and the fuzz targets
 * (fuzz/), which link no Check, use them too.
 */
#ifndef QDK_TEST_PKT_H
#define QDK_TEST_PKT_H

#include <stdint.h>

#include "qdk_api.h"

/* UDP/IPv4 10.0.0.1:sport -> 10.0.0.2:6000, TTL 64, len bytes from the Ethernet header on. */
struct qdk_pkt qt_udp4_pkt(uint64_t id, uint32_t len, uint16_t sport, uint8_t tos);

#endif /* QDK_TEST_PKT_H */
