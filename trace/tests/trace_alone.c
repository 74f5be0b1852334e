// SPDX-License-Identifier: GPL-2.0
/*
 * trace_alone.c - the trace library on its own: built from the library's files and
 * this file only (tests/suites/31-trace), so that it links proves trace/
 * needs nothing of the replay tool or the shim. It reads a small trace
 * back and checks the format's records: a flow's fields (struct trace_pkt),
 * an enqueue's overrides laid over them (trace_packet()), a socket's fields
 * (struct trace_sk) as its sock lines change them, flows in declaration
 * order, and the header's directives; then writes those packets again with
 * the format's one flow writer (trace_w_flow(), trace_w_pkt_keys()) and
 * requires the same fields back. Prints "N passed, M failed" last.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "trace.h"
#include "write.h"

static int passed, failed;

static void check(int ok, const char *what)
{
	printf("%s %s\n", ok ? "ok  " : "FAIL", what);
	if (ok)
		passed++;
	else
		failed++;
}

static const char text[] =
	"qdk-trace 3\n"
	"qdisc pfifo limit 10\n"
	"dev name=eth7 mtu=9000 txqlen=50 txqs=4\n"
	"handle 2:\n"
	"seed 99\n"
	"flow 300 tcp 10.0.0.1:40000 10.0.0.2:5201 tcp=PA tos=0x10 mark=7\n"
	"flow 2 udp [2001:db8::1]:53 [2001:db8::2]:5353 ttl=3\n"
	"sock 4 tcp cwnd=10\n"
	"1000 e 1 300 1000 ok\n"
	"sock 4 cwnd=20 state=close\n"
	"2000 e 2 2 100 drop+stolen len=120 sk=4 tcp=S\n"
	"3000 d 1\n";

static int same_pkt(const struct trace_pkt *a, const struct trace_pkt *b)
{
	return a->id == b->id && a->pkt_len == b->pkt_len && a->len == b->len &&
	       a->gso_segs == b->gso_segs && a->gso_size == b->gso_size &&
	       a->ethertype == b->ethertype && a->family == b->family &&
	       a->l4proto == b->l4proto && !memcmp(a->saddr, b->saddr, 16) &&
	       !memcmp(a->daddr, b->daddr, 16) && a->sport == b->sport && a->dport == b->dport &&
	       a->tos == b->tos && a->ttl == b->ttl && a->tcp_flags == b->tcp_flags &&
	       a->hash == b->hash && a->priority == b->priority && a->mark == b->mark &&
	       a->queue_mapping == b->queue_mapping && a->tc_index == b->tc_index &&
	       a->thlen == b->thlen && a->truesize == b->truesize && a->tstamp == b->tstamp &&
	       a->sk == b->sk;
}

/*
 * Write the packets pk[0..n) (of flows fl[], their flow's fields) as a trace
 * with trace_w_flow() and trace_w_pkt_keys(), read it back, and require
 * every packet's fields as they were.
 */
static void round_trip(const struct trace_pkt *fl, const struct trace_pkt *pk, int n)
{
	char path[] = "/tmp/trace_alone.XXXXXX";
	struct trace_event ev;
	struct trace_pkt p;
	struct trace_sk sk;
	struct trace_w w;
	struct trace t;
	int fd, i, same = 0;

	trace_w_init(&w, NULL, NULL);
	trace_w_magic(&w, 3);
	trace_w_str(&w, "qdisc pfifo\n");
	trace_sk_defaults(&sk, 4, 6);
	trace_w_sock(&w, &sk, NULL);
	for (i = 0; i < n; i++) {
		trace_w_flow(&w, (uint32_t)i + 1, &fl[i], true);
		trace_w_enqueue(&w, 1000 * ((uint64_t)i + 1), pk[i].id, (uint32_t)i + 1,
				pk[i].pkt_len, 0);
		trace_w_pkt_keys(&w, &pk[i], &fl[i]);
		trace_w_char(&w, '\n');
	}
	fd = mkstemp(path);
	if (fd < 0 || write(fd, w.buf, w.len) != (ssize_t)w.len) {
		check(0, "round trip: write the trace");
		return;
	}
	close(fd);
	trace_open(&t, path);
	for (i = 0; trace_next(&t, &ev); ) {
		if (ev.op != 'e' || i >= n)
			continue;
		trace_packet(&t, &ev, &p);
		same += same_pkt(&p, &pk[i++]);
	}
	trace_close(&t);
	unlink(path);
	trace_w_free(&w);
	check(same == n, "round trip: trace_w_flow() and trace_w_pkt_keys() write what was read");
}

int main(void)
{
	char path[] = "/tmp/trace_alone.XXXXXX";
	int fd = mkstemp(path);
	const struct trace_flow *f;
	const struct trace_sk *sk;
	struct trace_event ev;
	struct trace_pkt p, fl[2], pk[2];
	struct trace t;
	int n = 0, nflows;

	if (fd < 0 || write(fd, text, sizeof(text) - 1) != (ssize_t)(sizeof(text) - 1))
		return 2;
	close(fd);
	trace_open(&t, path);
	check(t.version == 3 && t.hdr.qdisc && !strcmp(t.hdr.qdisc, "pfifo limit 10"),
	      "header: version and qdisc line");
	check(!strcmp(t.hdr.devname, "eth7") && t.hdr.dev.mtu == 9000 &&
	      t.hdr.dev.tx_queue_len == 50 && t.hdr.dev.num_tx_queues == 4,
	      "header: the dev directive's name and keys");
	check(t.hdr.handle == 0x20000 && t.hdr.seed == 99, "header: handle 2: and seed 99");
	while (trace_next(&t, &ev)) {
		n++;
		if (ev.op != 'e')
			continue;
		f = trace_flow(&t, &ev);
		trace_packet(&t, &ev, &p);
		if (f->index < 2) {
			fl[f->index] = f->pkt;
			pk[f->index] = p;
		}
		if (ev.id == 1) {
			check(f->fid == 300 && f->index == 0 && f->declared, "flow 300: first declared, index 0");
			check(p.family == TRACE_AF_INET && p.l4proto == 6 && p.sport == 40000 &&
			      p.dport == 5201 && !memcmp(p.daddr, "\x0a\x00\x00\x02", 4),
			      "flow 300: IPv4 TCP endpoints");
			check(p.tcp_flags == (TRACE_TCP_PSH | TRACE_TCP_ACK) && p.tos == 0x10 &&
			      p.mark == 7 && p.ttl == 64, "flow 300: its keys, ttl's default");
			check(p.id == 1 && p.pkt_len == 1000 && p.len == 1000 && !p.sk &&
			      ev.verdict == TRACE_XMIT_SUCCESS, "e 1: id, lengths, no socket, ok");
			check(!strcmp(f->decl, "tcp 10.0.0.1:40000 10.0.0.2:5201 tcp=PA tos=0x10 mark=7"),
			      "flow 300: its declaration as written");
		} else {
			sk = trace_sock(&t, &ev);
			check(f->fid == 2 && f->index == 1 && trace_flow_at(&t, 1) == f,
			      "flow 2: second declared, index 1");
			check(p.family == TRACE_AF_INET6 && p.l4proto == 17 && p.ttl == 3 &&
			      p.daddr[0] == 0x20 && p.daddr[15] == 2, "flow 2: IPv6 UDP, ttl=3");
			check(p.len == 120 && p.pkt_len == 100 && p.tcp_flags == TRACE_TCP_SYN &&
			      p.sk == 4 && (ev.ov & OV_SK),
			      "e 2: len=, tcp= and sk= laid over its flow");
			check(ev.verdict == (TRACE_XMIT_DROP | TRACE_XMIT_STOLEN), "e 2: drop+stolen");
			check(sk && sk->id == 4 && sk->proto == 6 && sk->cwnd == 20 && sk->state == 7 &&
			      sk->family == TRACE_AF_INET, "sock 4: as its two lines say it");
		}
	}
	nflows = (int)t.nflows;
	check(n == 3 && nflows == 2, "3 events, 2 flows");
	trace_close(&t);
	unlink(path);
	if (nflows == 2)
		round_trip(fl, pk, 2);
	printf("%d passed, %d failed\n", passed, failed);
	return failed ? 1 : 0;
}
