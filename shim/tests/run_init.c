// SPDX-License-Identifier: GPL-2.0
/*
 * run_init.c - a program that starts the shim (qdk_init: every linked
 * module's init runs), drives the qdisc a case registers, and stops the
 * shim again: linked with one source of shim/tests/build whose
 * `// qdk-build: stops REGEX` line says how a call it makes must stop the
 * program (tests/suites/10-shim).
 *
 * A case's qdisc of kind "qdkcase" runs as the root; one of kind
 * "qdkchild" runs under prio's band 1:2 (where priority 0 goes). Either
 * gets 8 packets of 1000 bytes, 1 ms apart, then dequeues until empty,
 * with the virtual clock moving, then a reset: enough for the shim's
 * checks after every call (context, accounting) to see any op misbehave.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "qdk_api.h"

#define MSEC 1000000ull

/* TCA_OPTIONS of `tc qdisc add ... prio` (struct tc_prio_qopt: 3 bands, the default priomap) */
static const struct {
	uint16_t nla_len, nla_type;
	int32_t bands;
	uint8_t priomap[16];
} prio_opt = { sizeof(prio_opt), 2, 3, { 1, 2, 2, 2, 1, 2, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1 } };

static struct qdk_qdisc *make(const char *kind, uint32_t handle, const void *opt, size_t len)
{
	char msg[256] = "";
	int err = 0;
	struct qdk_qdisc *q = qdk_qdisc_create(kind, NULL, handle, 0xffffffffu, opt, len,
					       &err, msg, sizeof(msg));

	if (!q)
		fprintf(stderr, "creating %s: %d %s\n", kind, err, msg);
	return q;
}

static int drive(struct qdk_qdisc *q)
{
	struct qdk_pkt p;
	char msg[256];
	int i;

	memset(&p, 0, sizeof(p));
	p.ethertype = 0x0800;
	p.family = QDK_AF_INET;
	p.l4proto = 17;
	memcpy(p.saddr, "\x0a\x00\x00\x01", 4);
	memcpy(p.daddr, "\x0a\x00\x00\x02", 4);
	p.sport = 4000;
	p.dport = 5000;
	p.ttl = 64;
	p.len = p.pkt_len = 1000;
	for (i = 0; i < 8; i++) {
		struct qdk_skb *skb;

		p.id = i + 1;
		skb = qdk_skb_build(&p, msg, sizeof(msg));
		if (!skb) {
			fprintf(stderr, "packet: %s\n", msg);
			return 1;
		}
		qdk_enqueue(q, skb);
		qdk_clock_advance(qdk_now() + MSEC);
	}
	for (i = 0; i < 64; i++) {
		struct qdk_skb *skb = qdk_dequeue(q);

		if (skb)
			qdk_skb_free(skb);
		else if (qdk_next_timer() == UINT64_MAX)
			break;
		qdk_clock_advance(skb ? qdk_now() + MSEC : qdk_next_timer());
	}
	qdk_qdisc_reset(q);
	return 0;
}

int main(void)
{
	int err = qdk_init(0);
	struct qdk_qdisc *q;
	char msg[256];

	if (err) {
		fprintf(stderr, "qdk_init: %d\n", err);
		return 1;
	}
	if (qdk_kind_known("qdkcase")) {
		q = make("qdkcase", 0x10000, NULL, 0);
		if (!q || drive(q))
			return 1;
		qdk_qdisc_destroy(q);
	}
	if (qdk_kind_known("qdkchild")) {
		q = make("prio", 0x10000, &prio_opt, sizeof(prio_opt));
		if (!q)
			return 1;
		if (qdk_tree_add(q, false, 0x10002, 0x20000, "qdkchild", NULL, 0, msg,
				 sizeof(msg))) {
			fprintf(stderr, "grafting qdkchild: %s\n", msg);
			return 1;
		}
		if (drive(q))
			return 1;
		qdk_qdisc_destroy(q);
	}
	qdk_exit();
	return 0;
}
