// SPDX-License-Identifier: GPL-2.0
/*
 * replay.c - a trace's records into the shim (replay.h): the one place
 * where the format's types (trace/format.h) become the shim's.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "replay.h"
#include "util.h"

/* The format's words are the kernel's values, as the shim's are. */
_Static_assert((int)TRACE_AF_NONE == (int)QDK_AF_NONE && (int)TRACE_AF_INET == (int)QDK_AF_INET &&
	       (int)TRACE_AF_INET6 == (int)QDK_AF_INET6, "address families");
_Static_assert((int)TRACE_TCP_FIN == (int)QDK_TCP_FIN && (int)TRACE_TCP_ACK == (int)QDK_TCP_ACK &&
	       (int)TRACE_TCP_CWR == (int)QDK_TCP_CWR, "TCP flags");
_Static_assert((int)TRACE_XMIT_DROP == (int)QDK_XMIT_DROP && (int)TRACE_XMIT_CN == (int)QDK_XMIT_CN &&
	       (int)TRACE_XMIT_STOLEN == (int)QDK_XMIT_STOLEN &&
	       (int)TRACE_XMIT_BYPASS == (int)QDK_XMIT_BYPASS, "enqueue verdicts");

void replay_init(struct replay *r, const struct trace *t)
{
	memset(r, 0, sizeof(*r));
	r->t = t;
}

void replay_free(struct replay *r)
{
	uint32_t i;

	for (i = 0; i < r->ntmpl; i++)
		if (r->tmpl[i])
			qdk_skb_tmpl_free(r->tmpl[i]);
	free(r->tmpl);
	for (i = 0; i < r->nsk; i++)
		free(r->sk[i]);
	free(r->sk);
	memset(r, 0, sizeof(*r));
}

/* The shim's socket sid, its fields as the trace's sock lines say them now. */
static const struct qdk_sk *replay_sk(struct replay *r, uint32_t sid)
{
	const struct trace_sk *ts = r->t->socks[sid];
	struct qdk_sk *k;

	if (sid >= r->nsk) {
		uint32_t n = r->nsk ? r->nsk : 16;

		while (n <= sid)
			n *= 2;
		r->sk = xrealloc(r->sk, n * sizeof(*r->sk));
		memset(r->sk + r->nsk, 0, (n - r->nsk) * sizeof(*r->sk));
		r->nsk = n;
	}
	k = r->sk[sid];
	if (!k)
		k = r->sk[sid] = xcalloc(1, sizeof(*k));
	/* gen is unique per sock line: the shim updates its object when it moves */
	if (k->gen != ts->gen) {
		k->id = ts->id;
		k->gen = ts->gen;
		k->pacing_rate = ts->pacing_rate;
		k->max_pacing_rate = ts->max_pacing_rate;
		k->hash = ts->hash;
		k->cwnd = ts->cwnd;
		k->srtt_us = ts->srtt_us;
		k->mss = ts->mss;
		k->type = ts->type;
		k->proto = ts->proto;
		k->family = ts->family;
		k->state = ts->state;
		k->pacing_status = ts->pacing_status;
		k->ca_state = ts->ca_state;
	}
	return k;
}

/* The format's packet as the shim's. */
static void pkt_to_shim(struct replay *r, const struct trace_pkt *s, struct qdk_pkt *p)
{
	memset(p, 0, sizeof(*p));
	p->id = s->id;
	p->pkt_len = s->pkt_len;
	p->len = s->len;
	p->gso_segs = s->gso_segs;
	p->gso_size = s->gso_size;
	p->ethertype = s->ethertype;
	p->family = s->family;
	p->l4proto = s->l4proto;
	memcpy(p->saddr, s->saddr, sizeof(p->saddr));
	memcpy(p->daddr, s->daddr, sizeof(p->daddr));
	p->sport = s->sport;
	p->dport = s->dport;
	p->tos = s->tos;
	p->ttl = s->ttl;
	p->tcp_flags = s->tcp_flags;
	p->hash = s->hash;
	p->priority = s->priority;
	p->mark = s->mark;
	p->queue_mapping = s->queue_mapping;
	p->tc_index = s->tc_index;
	p->thlen = s->thlen;
	p->truesize = s->truesize;
	p->tstamp = s->tstamp;
	p->sk = s->sk ? replay_sk(r, s->sk) : NULL;
}

/* flow f's template, made at its first packet */
static const struct qdk_skb_tmpl *flow_tmpl(struct replay *r, const struct trace_flow *f)
{
	struct qdk_pkt p;

	if (__builtin_expect(f->index < r->ntmpl && r->tmpl[f->index], 1))
		return r->tmpl[f->index];
	if (f->index >= r->ntmpl) {
		uint32_t n = r->ntmpl ? r->ntmpl : 64;

		while (n <= f->index)
			n *= 2;
		r->tmpl = xrealloc(r->tmpl, n * sizeof(*r->tmpl));
		memset(r->tmpl + r->ntmpl, 0, (n - r->ntmpl) * sizeof(*r->tmpl));
		r->ntmpl = n;
	}
	pkt_to_shim(r, &f->pkt, &p);
	r->tmpl[f->index] = qdk_skb_tmpl_new(&p);
	if (!r->tmpl[f->index])
		die(3, "out of memory");
	return r->tmpl[f->index];
}

void replay_packet(struct replay *r, const struct trace_event *ev, struct qdk_pkt *p)
{
	struct trace_pkt tp;

	trace_packet(r->t, ev, &tp);
	pkt_to_shim(r, &tp, p);
}

const struct qdk_skb_tmpl *replay_skb_tmpl(struct replay *r, const struct trace_event *ev)
{
	const struct trace_flow *f = trace_flow(r->t, ev);

	return ev->ov ? NULL : flow_tmpl(r, f);
}

struct qdk_skb *replay_flow_skb(struct replay *r, const struct trace_flow *f,
				const struct trace_event *ev)
{
	struct qdk_skb *skb;
	struct trace_pkt tp;
	struct qdk_pkt p;
	char msg[256];

	if (__builtin_expect(!ev->ov, 1)) {
		skb = qdk_skb_build_tmpl(flow_tmpl(r, f), ev->id, ev->pkt_len, msg, sizeof(msg));
	} else {
		trace_flow_packet(f, ev, &tp);
		pkt_to_shim(r, &tp, &p);
		skb = qdk_skb_build(&p, msg, sizeof(msg));
	}
	if (!skb)
		trace_fail(r->t, ev->line, "bad packet: %s", msg);
	return skb;
}

struct qdk_skb *replay_skb(struct replay *r, const struct trace_event *ev)
{
	return replay_flow_skb(r, trace_flow(r->t, ev), ev);
}

/* n recorded draws into the shim's queue, in order; an overflow fails at its line */
static void rands_queue(const struct trace *t, const struct trace_rand *r, size_t n)
{
	size_t i;
	int err;

	for (i = 0; i < n; i++, r++) {
		if (r->width)
			err = qdk_random_queue_u(r->width, r->val, r->line);
		else
			err = qdk_random_queue_bytes(r->bytes, r->len, r->line);
		if (err)
			trace_fail(t, r->line, "too many random draws at once for the shim's queue");
	}
}

void replay_params_set(const struct trace *t)
{
	const struct trace_param *pa = t->hdr.params;
	size_t i;
	int err;

	for (i = 0; i < t->hdr.nparams; i++, pa++) {
		err = qdk_param_set(pa->name, pa->value);
		if (err)
			trace_fail(t, pa->line, "param %s: %s", pa->name, param_error(err));
	}
}

void replay_random_queue(const struct trace *t, bool refuse_lost)
{
	const struct trace_hdr *h = &t->hdr;

	if (h->rand_lost && refuse_lost)
		trace_fail(t, h->rand_lost_line, "the recorder missed %llu of the kernel's random "
			   "draws during init: the replay cannot give the qdisc the same values",
			   (unsigned long long)h->rand_lost);
	rands_queue(t, h->rand, h->nrand);
}

void replay_random_queue_event(const struct trace *t, const struct trace_event *ev)
{
	qdk_random_hold();
	rands_queue(t, ev->rv, ev->nrv);
}

void replay_random_check(const struct trace *t)
{
	uint32_t line = 0;
	char msg[160];

	if (!qdk_random_status(&line, msg, sizeof(msg)))
		return;
	fprintf(stderr, "%s:%u: divergence: random draws during init: %s\n", t->path, line, msg);
	exit(1);
}

void replay_tree_build(const struct trace *t, struct qdk_qdisc *root, bool with_filters)
{
	const struct trace_node *nd;
	char msg[512];
	size_t i;
	int err;

	for (i = 0; i < t->hdr.ntree; i++) {
		nd = &t->hdr.tree[i];
		msg[0] = '\0';
		if (nd->what == 'f' || nd->what == 'k') {
			if (!with_filters)
				continue;
			err = nd->what == 'f' ? qdk_tree_filter(root, nd->parent, msg, sizeof(msg)) :
			      qdk_tree_classifier(root, nd->parent, nd->kind, nd->tca,
						  nd->tca_len, msg, sizeof(msg));
		} else {
			err = qdk_tree_add(root, nd->what == 'c', nd->parent, nd->handle, nd->kind,
					   nd->tca, nd->tca_len, msg, sizeof(msg));
		}
		if (err)
			trace_fail(t, nd->line, "the shim refused this %s: %s (%s)",
				   nd->what == 'c' ? "class" : nd->what == 'q' ? "child qdisc" :
				   nd->what == 'k' ? "classifier" : "filter",
				   msg, strerror(-err));
	}
}

struct qdk_dev_cfg replay_dev(const struct trace_hdr *h)
{
	struct qdk_dev_cfg d = {
		.name = h->devname[0] ? h->devname : NULL,
		.mtu = h->dev.mtu,
		.tx_queue_len = h->dev.tx_queue_len,
		.num_tx_queues = h->dev.num_tx_queues,
		.speed = h->dev.speed,
	};

	return d;
}

uint64_t replay_created_at(const struct trace_hdr *h, uint64_t first)
{
	return h->has_created && h->created < first ? h->created : first;
}
