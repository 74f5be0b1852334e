// SPDX-License-Identifier: GPL-2.0
/*
 * trace.c - the trace reader's entry points (trace.h): opening a trace and
 * reading its header, closing it, its lines raw (convert), a line again
 * (reports), and the flows, sockets and packets the lines declared. The
 * work is done by source.c (bytes), directives.c (header, flow and sock
 * lines), events.c (event lines) and binary.c (the binary twin).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "reader.h"

const char *const trace_stat_names[ST_NKEYS] = {
	"qlen", "backlog", "drops", "overlimits", "requeues", "packets", "bytes",
};

void trace_open_raw(struct trace *t, const char *path)
{
	memset(t, 0, sizeof(*t));
	t->path = path;
	trace_src_open(t);
}

bool trace_raw_line(struct trace *t, const char **line, size_t *n, bool *nl)
{
	const char *p, *e;

	if (t->binary) {
		const uint8_t *r;
		uint32_t len;
		uint64_t ts;

		if (!trace_bin_have(t, 8, t->line + 1))
			return false;
		r = (const uint8_t *)t->pos;
		t->line++;
		if (r[0] == TRACE_BIN_LINE) {
			trace_bin_record_line(t, line, &len, nl);
			*n = len;
			/* an event line: the hot records after it count their time from it */
			e = is_digit(**line) ? num(*line, &ts) : NULL;
			if (e && *e == ' ' && ts >= t->last_ts)
				t->last_ts = ts;
			return true;
		}
		if (!strchr("edpxm", r[0]) || !r[0])
			trace_fail(t, t->line, "unknown record type 0x%02x", r[0]);
		len = (uint32_t)bin_hot(t, &r, &ts);
		t->pos += len;
		*n = trace_bin_format(r, ts, t->fmt);
		*line = t->fmt;
		*nl = true;
		return true;
	}
	if (!trace_refill(t, t->line + 1))
		return false;
	t->line++;
	p = t->pos;
	e = memchr(p, '\n', (size_t)(t->end - p));
	*line = p;
	*n = (size_t)(e - p);
	*nl = !(t->nl_added && e + 1 == t->fill);
	t->pos = e + 1;
	return true;
}

char *trace_line_text(const struct trace *t, uint32_t n)
{
	struct trace r;
	const char *l;
	char *text = NULL;
	size_t len;
	bool nl;

	trace_open_raw(&r, t->path);
	while (!text && trace_raw_line(&r, &l, &len, &nl))
		if (r.line == n)
			text = xstrndup(l, len);
	trace_close(&r);
	return text ? text : xstrdup("");
}

/* ---- open and close ---------------------------------------------------- */

void trace_open(struct trace *t, const char *path)
{
	const char *l, *e;
	uint64_t ver;
	size_t n;
	bool nl;

	memset(t, 0, sizeof(*t));
	t->path = path;
	t->hdr.seed = 1;
	t->hdr.hz = 250;
	t->hdr.handle = 0x80010000u;
	t->hdr.parent = 0xffffffffu;
	snprintf(t->hdr.devname, sizeof(t->hdr.devname), "qdk0");
	trace_src_open(t);
	/* the first line (record): an empty file reads as one empty line */
	if (!trace_raw_line(t, &l, &n, &nl)) {
		l = "\n";
		n = 0;
	}
	t->line = 1;
	if (n < 10 || memcmp(l, "qdk-trace ", 10) != 0)
		trace_fail(t, 1, "not a qdk trace (the first line must be \"qdk-trace 1\")");
	e = num(l + 10, &ver);
	if (!e || e != l + n)
		trace_fail(t, 1, "bad trace version \"%.*s\"", (int)(n - 10), l + 10);
	if (ver < 1 || ver > 3)
		trace_fail(t, 1, "unknown trace version %llu (this reader knows versions 1 to 3)",
			   (unsigned long long)ver);
	t->version = (unsigned int)ver;
	/* Header directives run up to the first event, which is kept. */
	t->have_first = trace_next(t, &t->first);
	t->in_events = true;
}

void trace_close(struct trace *t)
{
	uint32_t i;

	trace_src_close(t);
	pool_free(&t->flow_pool);
	free(t->flows);
	for (i = 0; i < t->capsocks; i++)
		free(t->socks[i]);
	free(t->socks);
	t->socks = NULL;
	t->capsocks = 0;
	idx_free(&t->fidx);
	free(t->hdr.qdisc);
	free(t->hdr.tca);
	free(t->hdr.source);
	for (i = 0; i < t->hdr.ntree; i++) {
		free(t->hdr.tree[i].tca);
		free(t->hdr.tree[i].text);
	}
	free(t->hdr.tree);
	trace_rands_free(t->hdr.rand, t->hdr.nrand);
	free(t->hdr.rand);
	trace_rands_free(t->rv, t->nrv);
	free(t->rv);
	free(t->db);
	for (i = 0; i < t->hdr.nparams; i++) {
		free(t->hdr.params[i].name);
		free(t->hdr.params[i].value);
	}
	free(t->hdr.params);
	memset(t, 0, sizeof(*t));
}

const struct trace_flow *trace_flow(const struct trace *t, const struct trace_event *ev)
{
	const struct trace_flow *f = flow_find(t, ev->fid);

	if (!f || !f->declared)
		trace_fail(t, ev->line, "flow %u is not declared", ev->fid);
	return f;
}

const struct trace_sk *trace_sock(const struct trace *t, const struct trace_event *ev)
{
	return t->socks[ev->sk];
}

void trace_flow_packet(const struct trace_flow *f, const struct trace_event *ev,
		       struct trace_pkt *p)
{
	*p = f->pkt;
	p->id = ev->id;
	p->pkt_len = ev->pkt_len;
	p->len = ev->pkt_len;
	if (__builtin_expect(ev->ov != 0, 0)) {
		if (ev->ov & OV_LEN)
			p->len = ev->len;
		if (ev->ov & OV_GSO) {
			p->gso_segs = ev->gso_segs;
			p->gso_size = ev->gso_size;
		}
		if (ev->ov & OV_TOS)
			p->tos = ev->tos;
		if (ev->ov & OV_PRIO)
			p->priority = ev->prio;
		if (ev->ov & OV_MARK)
			p->mark = ev->mark;
		if (ev->ov & OV_HASH)
			p->hash = ev->hash;
		if (ev->ov & OV_TCP)
			p->tcp_flags = ev->tcp;
		if (ev->ov & OV_TTL)
			p->ttl = ev->ttl;
		if (ev->ov & OV_Q)
			p->queue_mapping = ev->q;
		if (ev->ov & OV_TCIDX)
			p->tc_index = ev->tcidx;
		if (ev->ov & OV_THLEN)
			p->thlen = ev->thlen;
		if (ev->ov & OV_TRUESIZE)
			p->truesize = ev->truesize;
		if (ev->ov & OV_TSTAMP)
			p->tstamp = ev->tstamp;
		if (ev->ov & OV_SK)
			p->sk = ev->sk;
	}
}

void trace_packet(const struct trace *t, const struct trace_event *ev, struct trace_pkt *p)
{
	trace_flow_packet(trace_flow(t, ev), ev, p);
}
