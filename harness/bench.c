// SPDX-License-Identifier: GPL-2.0
/*
 * bench.c - `qdk-replay bench`: the bare cost of a qdisc through qdk_api,
 * build an skb, enqueue, dequeue, free, with no trace, no parsing and no
 * checks. The benchmark compares `verify` against this to get the
 * harness's own cost per event.
 */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "tcopt.h"
#include "trace.h"
#include "util.h"

static void usage(FILE *f)
{
	fputs("usage: qdk-replay bench --qdisc \"KIND OPTS\" -n PACKETS [--size BYTES]\n"
	      "  Times N x (build skb, enqueue, dequeue, free) and prints ns per call.\n", f);
}

int cmd_bench(int argc, char **argv)
{
	static const struct option lo[] = {
		{ "qdisc", required_argument, NULL, 'Q' },
		{ "size", required_argument, NULL, 'z' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *qdisc = NULL;
	uint64_t n = 0, size = 1000, i, got = 0, t0, t1, c0, c1;
	struct qdisc_spec qs;
	struct trace_hdr h;
	struct qdk_qdisc *q;
	struct qdk_pkt p;
	char msg[256];
	int c;

	while ((c = getopt_long(argc, argv, "n:h", lo, NULL)) != -1) {
		switch (c) {
		case 'Q':
			qdisc = optarg;
			break;
		case 'n':
			if (tcopt_get_u64(optarg, &n) || !n)
				die(2, "bad -n \"%s\"", optarg);
			break;
		case 'z':
			if (tcopt_get_size(optarg, &size) || size < 60 || size > 65535)
				die(2, "bad --size \"%s\"", optarg);
			break;
		case 'h':
			usage(stdout);
			return 0;
		default:
			usage(stderr);
			return 2;
		}
	}
	if (!qdisc || !n || optind != argc) {
		usage(stderr);
		return 2;
	}
	memset(&h, 0, sizeof(h));
	h.handle = 0x80010000u;
	h.parent = 0xffffffffu;
	h.hz = 250;
	spec_parse(qdisc, NULL, &h, &qs);
	qdk_init(1);
	spec_check_kind(&qs, NULL);
	q = spec_create(&qs, &h, NULL);
	for (i = 0; i < qs.nchanges; i++)
		spec_change(&qs, i, q, NULL);

	/* The same packet a trace's udp flow line would give. */
	memset(&p, 0, sizeof(p));
	p.pkt_len = p.len = (uint32_t)size;
	p.ethertype = 0x0800;
	p.family = QDK_AF_INET;
	p.l4proto = 17;
	memcpy(p.saddr, "\x0a\x00\x00\x01", 4);
	memcpy(p.daddr, "\x0a\x01\x00\x01", 4);
	p.sport = 40001;
	p.dport = 6000;
	p.ttl = 64;
	p.tcp_flags = QDK_TCP_ACK;

	t0 = wall_ns();
	c0 = cpu_ns();
	for (i = 1; i <= n; i++) {
		struct qdk_skb *skb;

		p.id = i;
		skb = qdk_skb_build(&p, msg, sizeof(msg));
		if (!skb)
			die(2, "cannot build a packet: %s", msg);
		qdk_enqueue(q, skb);
		skb = qdk_dequeue(q);
		if (skb) {
			got++;
			qdk_skb_free(skb);
		}
	}
	c1 = cpu_ns();
	t1 = wall_ns();
	qdk_qdisc_destroy(q);
	if (qdk_exit())
		die(1, "memory leaked after the qdisc was destroyed");
	printf("bench: %s: %llu packets (%llu dequeued), %llu calls, wall %.3f s, cpu %.3f s, "
	       "%.2f ns/call, %.2f M calls/s\n", qs.text, (unsigned long long)n,
	       (unsigned long long)got, (unsigned long long)(2 * n), (double)(t1 - t0) / 1e9,
	       (double)(c1 - c0) / 1e9, (double)(c1 - c0) / (double)(2 * n),
	       (double)(2 * n) / ((double)(c1 - c0) / 1e3));
	spec_free(&qs);
	return 0;
}
