// SPDX-License-Identifier: GPL-2.0
/*
 * bench.c - `qdk-replay bench`: the bare cost of a qdisc through qdk_api,
 * with no parsing and no checks, for the benchmark to compare `verify`
 * against (bench/bench.py):
 *  --qdisc KIND -n N [--depth D]: fill the qdisc with D packets, then N x
 *    (build an skb, enqueue, dequeue, free): one flow, one size;
 *  --like TRACE: the same qdisc, tree and packets as TRACE, and the same
 *    sequence of enqueues, dequeues, timer fires and clock steps, so the
 *    qdisc queues as deep and dequeues as empty as the trace does. The
 *    trace is read in chunks of CHUNK events before the timed loop runs
 *    over each chunk: only the loops are timed, parsing is not, and the
 *    memory stays bounded by the chunk whatever the trace's length. No
 *    answer is checked and no random draw is replayed (the qdisc draws
 *    its own), so a qdisc that draws may take other decisions than the
 *    trace's; it does about the same work.
 */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "replay.h"
#include "tcopt.h"
#include "trace.h"
#include "outfile.h"
#include "util.h"

static void usage(FILE *f)
{
	fputs("usage: qdk-replay bench --qdisc \"KIND OPTS\" -n PACKETS [--size BYTES] [--depth D]\n"
	      "       qdk-replay bench --like TRACE\n"
	      "  Times N x (build skb, enqueue, dequeue, free) behind D queued packets, or\n"
	      "  TRACE's enqueues, dequeues and timer fires with no trace parsing in the\n"
	      "  timed loop, and prints ns per call.\n", f);
}

/*
 * One call of the trace, as the timed loop needs it: 32 bytes, so that a
 * chunk's calls stream through the cache as a trace's lines would. An
 * enqueue is built from its flow's template as verify builds it, or, when
 * its line overrides a field of the flow, from pkts[pkt].
 */
struct op {
	uint64_t ts;
	uint64_t id;
	const struct qdk_skb_tmpl *tmpl;
	uint32_t len_or_pkt;	/* e: the length, or pkts[] index when !tmpl */
	char op;		/* e d p t r */
};

#define CHUNK 65536

static void report(const char *what, uint64_t calls, uint64_t pkts, uint64_t got,
		   uint64_t wall, uint64_t cpu)
{
	printf("bench: %s: %llu packets (%llu dequeued), %llu calls, wall %.3f s, cpu %.3f s, "
	       "%.2f ns/call, %.2f M calls/s\n", what, (unsigned long long)pkts,
	       (unsigned long long)got, (unsigned long long)calls, (double)wall / 1e9,
	       (double)cpu / 1e9, (double)cpu / (double)calls,
	       (double)calls / ((double)cpu / 1e3));
}

/* The chunk's calls; returns the packets dequeued. */
static uint64_t run_ops(struct qdk_qdisc *q, const struct op *ops, const struct qdk_pkt *pkts,
		       size_t n, uint64_t *now)
{
	uint64_t got = 0;
	size_t i;

	for (i = 0; i < n; i++) {
		const struct op *o = &ops[i];
		struct qdk_skb *skb;

		/* timers due by now fire first, as verify's clock step does */
		if (o->ts > *now) {
			qdk_clock_advance(o->ts);
			*now = o->ts;
		}
		switch (o->op) {
		case 'e':
			skb = o->tmpl ? qdk_skb_build_tmpl(o->tmpl, o->id, o->len_or_pkt, NULL, 0) :
					qdk_skb_build(&pkts[o->len_or_pkt], NULL, 0);
			if (skb)
				qdk_enqueue(q, skb);
			break;
		case 'd':
			skb = qdk_dequeue(q);
			if (skb) {
				got++;
				qdk_skb_free(skb);
			}
			break;
		case 'p':
			qdk_peek(q);
			break;
		case 't':
			/* a t line naming its timer: the qdisc's handle and offset in id */
			if (o->id)
				qdk_fire_timer_of(q, (uint32_t)(o->id >> 32), (uint32_t)o->id);
			else
				qdk_fire_timer();
			break;
		case 'r':
			qdk_qdisc_reset(q);
			break;
		}
	}
	return got;
}

static int bench_like(const char *path)
{
	struct trace t;
	struct replay rp;
	struct trace_event ev;
	struct qdisc_spec qs;
	struct qdk_qdisc *q;
	struct op *ops = xmalloc(CHUNK * sizeof(*ops));
	struct qdk_pkt *own = xmalloc(CHUNK * sizeof(*own));	/* packets off their flow's template */
	size_t nown;
	uint64_t now = 0, calls = 0, pkts = 0, got = 0, wall = 0, cpu = 0, t0, c0;
	char where[600];
	bool more = true;
	size_t i, n;

	memset(&t, 0, sizeof(t));
	trace_open(&t, in_path(path));
	replay_init(&rp, &t);
	if (!t.hdr.qdisc)
		trace_fail(&t, t.line, "missing \"qdisc KIND [OPTIONS]\" line");
	snprintf(where, sizeof(where), "%s:%u", path, t.hdr.qdisc_line);
	spec_from_trace(&t.hdr, where, &qs);
	qdk_init(t.hdr.seed);
	qdk_set_hz(t.hdr.hz);
	qdk_set_tai(t.hdr.has_tai, t.hdr.tai);
	if (t.hdr.jiffies_recorded)
		qdk_jiffies_set(t.hdr.jiffies);
	qdk_timers_driven(t.hdr.timers_recorded);
	spec_check_kind(&qs, where);
	if (t.have_first) {
		now = replay_created_at(&t.hdr, t.first.ts);
		qdk_clock_advance(now);
	}
	q = spec_create(&qs, &t.hdr, where);
	for (i = 0; i < qs.nchanges; i++)
		spec_change(&qs, i, q, where);
	replay_tree_build(&t, q, false);

	while (more) {
		for (n = nown = 0; n < CHUNK && (more = trace_next(&t, &ev));) {
			struct op *o = &ops[n];

			if (ev.op == 'j') {
				/* jiffies move between calls: not timed, rare */
				continue;
			}
			if (!strchr("edptr", ev.op))
				continue;
			o->ts = ev.ts;
			o->op = ev.op;
			if (ev.op == 'e') {
				o->tmpl = replay_skb_tmpl(&rp, &ev);
				o->id = ev.id;
				o->len_or_pkt = ev.pkt_len;
				if (!o->tmpl) {
					o->len_or_pkt = (uint32_t)nown;
					replay_packet(&rp, &ev, &own[nown++]);
				}
				pkts++;
			} else if (ev.op == 't') {
				o->id = (uint64_t)ev.timer_of << 32 | ev.timer_off;
			}
			n++;
		}
		t0 = wall_ns();
		c0 = cpu_ns();
		got += run_ops(q, ops, own, n, &now);
		cpu += cpu_ns() - c0;
		wall += wall_ns() - t0;
		calls += n;
	}
	/* packets still queued go with the qdisc */
	qdk_qdisc_destroy(q);
	if (qdk_exit())
		die(1, "memory leaked after the qdisc was destroyed");
	report(qs.text, calls ? calls : 1, pkts, got, wall, cpu);
	spec_free(&qs);
	replay_free(&rp);
	trace_close(&t);
	free(ops);
	free(own);
	return 0;
}

int cmd_bench(int argc, char **argv)
{
	static const struct option lo[] = {
		{ "qdisc", required_argument, NULL, 'Q' },
		{ "size", required_argument, NULL, 'z' },
		{ "depth", required_argument, NULL, 'D' },
		{ "like", required_argument, NULL, 'L' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *qdisc = NULL, *like = NULL;
	uint64_t n = 0, size = 1000, depth = 0, i, got = 0, t0, t1, c0, c1;
	struct qdisc_spec qs;
	struct trace_hdr h;
	struct qdk_qdisc *q;
	struct qdk_skb_tmpl *tmpl;
	struct qdk_pkt p;
	char msg[256];
	int c;

	while ((c = getopt_long(argc, argv, "n:h", lo, NULL)) != -1) {
		switch (c) {
		case 'Q':
			qdisc = optarg;
			break;
		case 'L':
			like = optarg;
			break;
		case 'n':
			if (tcopt_get_u64(optarg, &n) || !n)
				die(2, "bad -n \"%s\"", optarg);
			break;
		case 'z':
			if (tcopt_get_size(optarg, &size) || size < 60 || size > 65535)
				die(2, "bad --size \"%s\"", optarg);
			break;
		case 'D':
			if (tcopt_get_u64(optarg, &depth))
				die(2, "bad --depth \"%s\"", optarg);
			break;
		case 'h':
			usage(stdout);
			return 0;
		default:
			usage(stderr);
			return 2;
		}
	}
	if (like && !qdisc && !n && optind == argc)
		return bench_like(like);
	if (like || !qdisc || !n || optind != argc) {
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

	tmpl = qdk_skb_tmpl_new(&p);
	if (!tmpl)
		die(1, "out of memory");
	/* the standing queue, not timed */
	for (i = 1; i <= depth; i++) {
		p.id = i;
		if (qdk_enqueue(q, qdk_skb_build(&p, msg, sizeof(msg))))
			die(2, "the qdisc refused packet %llu of the %llu of --depth",
			    (unsigned long long)i, (unsigned long long)depth);
	}
	t0 = wall_ns();
	c0 = cpu_ns();
	for (i = depth + 1; i <= depth + n; i++) {
		struct qdk_skb *skb;

		skb = qdk_skb_build_tmpl(tmpl, i, p.len, msg, sizeof(msg));
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
	qdk_skb_tmpl_free(tmpl);
	if (qdk_exit())
		die(1, "memory leaked after the qdisc was destroyed");
	report(qs.text, 2 * n, n, got, t1 - t0, c1 - c0);
	spec_free(&qs);
	return 0;
}
