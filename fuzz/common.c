// SPDX-License-Identifier: GPL-2.0
/* common.c - the targets' shared pieces (fuzz.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"

struct qdk_pkt fuzz_udp4(uint64_t id, uint32_t len, uint8_t flow)
{
	struct qdk_pkt p;

	memset(&p, 0, sizeof(p));
	p.id = id;
	p.pkt_len = len;
	p.len = len;
	p.ethertype = 0x0800;
	p.family = QDK_AF_INET;
	p.l4proto = 17;
	p.saddr[0] = 10;
	p.saddr[3] = 1;
	p.daddr[0] = 10;
	p.daddr[3] = 2;
	p.sport = (uint16_t)(5000 + flow);
	p.dport = 6000;
	p.ttl = 64;
	p.tos = flow & 3;
	return p;
}

void fuzz_check(uint64_t mark, const char *what)
{
	static unsigned long warned;
	struct qdk_leak l[4];
	size_t n = qdk_mem_leaks(mark, l, 4), i;
	char line[256];

	for (i = 0; i < n && i < 4; i++) {
		qdk_leak_text(&l[i], line, sizeof(line));
		fprintf(stderr, "fuzz: %s: leaked %s\n", what, line);
	}
	if (n)
		abort();
	if (qdk_warnings() != warned) {
		fprintf(stderr, "fuzz: %s: a kernel WARN (above)\n", what);
		abort();
	}
}
