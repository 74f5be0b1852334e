// SPDX-License-Identifier: GPL-2.0
/*
 * events.c - the tokenizer of the trace's event lines (reader.h), and
 * trace_next().
 *
 * Speed matters here (the replay loop's budget is tens of nanoseconds per
 * event), so event lines are scanned byte by byte without copying or
 * splitting. Because the buffer always ends with '\n' and every scanner
 * stops at a character it does not expect, no scanner needs a bounds check.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "reader.h"

void trace_bad_field(const struct trace *t, const char *p, const char *what)
{
	trace_fail(t, t->line, "bad %s \"%.*s\"", what, (int)strcspn(p, " \n"), p);
}

/* TS R ...: the draws of the call that follows, into t->rv (ev points there). */
static const char *rand_event(struct trace *t, const char *p, struct trace_event *ev)
{
	size_t n = strcspn(p, "\n");

	if (t->version < 2)
		trace_fail(t, t->line, "R lines (random draws during calls) need \"qdk-trace 2\"");
	if (!t->r_pending) {
		/* the draws of the previous call were handed on: start afresh */
		trace_rands_free(t->rv, t->nrv);
		t->nrv = 0;
	}
	ev->rv_first = t->nrv;
	ev->rlost = 0;
	if (trace_rand_parse(t, p, n, "R", &t->rv, &t->nrv, &t->rv_cap, &ev->rlost) && !ev->rlost)
		trace_fail(t, t->line, "R lost needs a positive count");
	/* an R lost line alone leaves no values (and rv may still be NULL) */
	ev->rv = t->rv ? t->rv + ev->rv_first : NULL;
	ev->nrv = t->nrv - ev->rv_first;
	t->r_pending = true;
	return p + n;
}

/* ---- event lines (hot) ------------------------------------------------- */

/*
 * " ID" after the letter of an e, x, m or n line: a positive packet id.
 * Inline, like id_or_dash(): every e and d line reads one.
 */
static inline __attribute__((always_inline)) const char *packet_id(struct trace *t, const char *p, char op, uint64_t *id)
{
	if (*p != ' ')
		trace_fail(t, t->line, "missing fields for \"%c\"", op);
	p = field(t, p + 1, UINT64_MAX, "packet id", id);
	if (*id == 0)
		trace_fail(t, t->line, "packet id 0 is not allowed");
	return p;
}

static inline __attribute__((always_inline)) const char *
id_or_dash(const struct trace *t, const char *p, uint64_t *id)
{
	if (p[0] == '-' && (p[1] == '\n' || p[1] == ' ')) {
		*id = 0;
		return p + 1;
	}
	p = field(t, p, UINT64_MAX, "packet id", id);
	if (*id == 0)
		trace_fail(t, t->line, "packet id 0 is not allowed");
	return p;
}

static const char *verdict(const struct trace *t, const char *p, int *v)
{
	const char *s = p;
	int x;

	if (p[0] == 'o' && p[1] == 'k') {
		x = TRACE_XMIT_SUCCESS;
		p += 2;
	} else if (p[0] == 'd' && p[1] == 'r' && p[2] == 'o' && p[3] == 'p') {
		x = TRACE_XMIT_DROP;
		p += 4;
	} else if (p[0] == 'c' && p[1] == 'n') {
		x = TRACE_XMIT_CN;
		p += 2;
	} else if (p[0] == '?') {
		x = VERDICT_UNKNOWN;
		p += 1;
	} else {
		goto bad;
	}
	while (*p == '+' && x != VERDICT_UNKNOWN) {
		if (memcmp(p, "+stolen", 7) == 0) {
			x |= TRACE_XMIT_STOLEN;
			p += 7;
		} else if (memcmp(p, "+bypass", 7) == 0) {
			x |= TRACE_XMIT_BYPASS;
			p += 7;
		} else {
			goto bad;
		}
	}
	if (*p != ' ' && *p != '\n')
		goto bad;
	*v = x;
	return p;
bad:
	trace_fail(t, t->line, "bad verdict \"%.*s\" (ok, drop, cn, +stolen, +bypass or ?)",
		   (int)strcspn(s, " \n"), s);
}

/* KEY=VAL words after an enqueue verdict, each overriding one flow field. */
static const char *pkt_keys(const struct trace *t, const char *p, struct trace_event *ev)
{
	ev->keys = p + 1;
	while (*p == ' ') {
		const char *k = p + 1, *v = k + strcspn(k, "= \n");
		size_t kl = (size_t)(v - k);
		uint64_t x;

		if (*v != '=')
			trace_fail(t, t->line, "bad packet key \"%.*s\" (want KEY=VAL)",
				   (int)strcspn(k, " \n"), k);
		v++;
		if (kl == 3 && memcmp(k, "len", 3) == 0) {
			p = field(t, v, UINT32_MAX, "len", &x);
			ev->len = (uint32_t)x;
			ev->ov |= OV_LEN;
		} else if (kl == 3 && memcmp(k, "gso", 3) == 0) {
			const char *c = num(v, &x);

			if (!c || *c != ':' || x > 0xffff)
				trace_fail(t, t->line, "bad gso \"%.*s\" (want SEGS:SIZE)",
					   (int)strcspn(v, " \n"), v);
			ev->gso_segs = (uint16_t)x;
			p = field(t, c + 1, 0xffff, "gso size", &x);
			ev->gso_size = (uint16_t)x;
			ev->ov |= OV_GSO;
		} else if (kl == 3 && memcmp(k, "tos", 3) == 0) {
			p = field(t, v, 255, "tos", &x);
			ev->tos = (uint8_t)x;
			ev->ov |= OV_TOS;
		} else if (kl == 4 && memcmp(k, "prio", 4) == 0) {
			p = field(t, v, UINT32_MAX, "prio", &x);
			ev->prio = (uint32_t)x;
			ev->ov |= OV_PRIO;
		} else if (kl == 4 && memcmp(k, "mark", 4) == 0) {
			p = field(t, v, UINT32_MAX, "mark", &x);
			ev->mark = (uint32_t)x;
			ev->ov |= OV_MARK;
		} else if (kl == 4 && memcmp(k, "hash", 4) == 0) {
			p = field(t, v, UINT32_MAX, "hash", &x);
			ev->hash = (uint32_t)x;
			ev->ov |= OV_HASH;
		} else if (kl == 3 && memcmp(k, "tcp", 3) == 0) {
			size_t n = strcspn(v, " \n");

			ev->tcp = trace_tcp_flags(t, v, n);
			p = v + n;
			ev->ov |= OV_TCP;
		} else if (kl == 3 && memcmp(k, "ttl", 3) == 0) {
			p = field(t, v, 255, "ttl", &x);
			ev->ttl = (uint8_t)x;
			ev->ov |= OV_TTL;
		} else if (kl == 1 && k[0] == 'q') {
			p = field(t, v, 0xffff, "q", &x);
			ev->q = (uint16_t)x;
			ev->ov |= OV_Q;
		} else if (kl == 5 && memcmp(k, "tcidx", 5) == 0) {
			p = field(t, v, 0xffff, "tcidx", &x);
			ev->tcidx = (uint16_t)x;
			ev->ov |= OV_TCIDX;
		} else if (kl == 5 && memcmp(k, "thlen", 5) == 0) {
			p = field(t, v, 60, "thlen", &x);
			if (x < 20 || x % 4)
				trace_fail(t, t->line,
					   "bad thlen %llu (a TCP header is 20 to 60 bytes, a multiple of 4)",
					   (unsigned long long)x);
			ev->thlen = (uint8_t)x;
			ev->ov |= OV_THLEN;
		} else if (kl == 8 && memcmp(k, "truesize", 8) == 0) {
			p = field(t, v, UINT32_MAX, "truesize", &x);
			ev->truesize = (uint32_t)x;
			ev->ov |= OV_TRUESIZE;
		} else if (kl == 6 && memcmp(k, "tstamp", 6) == 0) {
			p = field(t, v, INT64_MAX, "tstamp", &x);
			ev->tstamp = x;
			ev->ov |= OV_TSTAMP;
		} else if (kl == 2 && memcmp(k, "sk", 2) == 0) {
			p = field(t, v, TRACE_MAX_SID - 1, "sk", &x);
			if (x >= t->capsocks || !t->socks[x])
				trace_fail(t, t->line, "socket %llu is not declared", (unsigned long long)x);
			ev->sk = (uint32_t)x;
			ev->ov |= OV_SK;
		} else {
			trace_fail(t, t->line, "unknown packet key \"%.*s\"", (int)kl, k);
		}
	}
	ev->keys_len = (uint32_t)(p - ev->keys);
	return p;
}

/* "MAJ:MIN" or "MAJ:" in hex at p, ending at a space or the line's end */
static const char *handle_at(const struct trace *t, const char *p, uint32_t *v)
{
	size_t n = strcspn(p, " \n");
	char buf[16];

	if (n == 0 || n >= sizeof(buf))
		trace_bad_field(t, p, "handle (want MAJ:MIN in hex)");
	memcpy(buf, p, n);
	buf[n] = '\0';
	*v = trace_handle_word(t, buf, false);
	return p + n;
}

static const char *stats_keys(const struct trace *t, const char *p, struct trace_event *ev)
{
	ev->stat_mask = 0;
	ev->stat_of = 0;
	if (__builtin_expect(memcmp(p, " cl=", 4) == 0 || memcmp(p, " q=", 3) == 0, 0)) {
		if (t->version < 3)
			trace_fail(t, t->line, "statistics of a class or child (cl=, q=) need "
				   "\"qdk-trace 3\"");
		ev->stat_of = p[1] == 'c' ? 'c' : 'q';
		p = handle_at(t, p + (ev->stat_of == 'c' ? 4 : 3), &ev->stat_id);
	}
	while (*p == ' ') {
		const char *k = p + 1, *v = k + strcspn(k, "= \n");
		size_t kl = (size_t)(v - k);
		int i;

		if (*v != '=')
			trace_fail(t, t->line, "bad statistics key \"%.*s\" (want KEY=VAL)",
				   (int)strcspn(k, " \n"), k);
		for (i = 0; i < ST_NKEYS; i++)
			if (strlen(trace_stat_names[i]) == kl &&
			    memcmp(trace_stat_names[i], k, kl) == 0)
				break;
		if (i == ST_NKEYS)
			trace_fail(t, t->line, "unknown statistics key \"%.*s\"", (int)kl, k);
		p = field(t, v + 1, UINT64_MAX, trace_stat_names[i], &ev->stat[i]);
		ev->stat_mask |= 1u << i;
	}
	return p;
}

static const char *change_fields(const struct trace *t, const char *p, struct trace_event *ev)
{
	uint64_t r;
	const char *e;
	bool neg = *p == '-';

	e = num(p + neg, &r);
	if (!e || *e != ' ' || r > 4095)
		trace_fail(t, t->line, "bad change result \"%.*s\" (0 or -errno)",
			   (int)strcspn(p, " \n"), p);
	ev->ret = neg ? -(int)r : (int)r;
	p = e + 1;
	/* to the word's end: a NUL byte in it is a bad hex digit, not its end */
	for (e = p; *e != ' ' && *e != '\n'; e++)
		;
	ev->hex_len = (uint32_t)(e - p);
	ev->hex = (ev->hex_len == 1 && p[0] == '-') ? NULL : p;
	if (ev->hex_len == 0)
		trace_fail(t, t->line, "change needs HEX or -");
	if (ev->hex) {
		uint32_t i;

		for (i = 0; i < ev->hex_len && hexval(p[i]) >= 0; i++)
			;
		if (i < ev->hex_len || ev->hex_len % 2)
			trace_fail(t, t->line, "bad options hex \"%.*s\"", (int)ev->hex_len, p);
	}
	p += ev->hex_len;
	ev->opts = p + (*p == ' ');
	p += strcspn(p, "\n");
	ev->opts_len = (uint32_t)(p - ev->opts);
	return p;
}

/* "C ACTION CLASSID": one tcf_classify() result of the next call (version 3) */
static const char *classify_event(struct trace *t, const char *p, struct trace_event *ev)
{
	size_t n = strcspn(p, " \n"), i;
	uint64_t v;

	if (t->version < 3)
		trace_fail(t, t->line, "C lines (classification results) need \"qdk-trace 3\"");
	if (!t->hdr.has_filter)
		trace_fail(t, t->line, "C lines need a \"filter PARENT\" directive: without "
			   "filters the qdisc never asks for a classification");
	ev->cls_action = -2;
	for (i = 0; i < 16; i++) {
		const char *name = trace_action_name((int)i - 1);	/* from -1, "unspec" */

		if (name && strlen(name) == n && memcmp(name, p, n) == 0)
			ev->cls_action = (int)i - 1;
	}
	if (ev->cls_action == -2) {
		p = field(t, p, 255, "classification action (a TC_ACT_ name or number)", &v);
		ev->cls_action = (int)v;
	} else {
		p += n;
	}
	if (*p != ' ')
		trace_fail(t, t->line, "missing fields for \"C\" (want ACTION CLASSID)");
	p = handle_at(t, p + 1, &ev->cls_classid);
	t->c_pending = true;
	return p;
}

/* Which lines wait for their call: R, C, n or b (the first kind pending). */
const char *trace_pending_kind(const struct trace *t)
{
	return t->r_pending ? "R" : t->c_pending ? "C" : t->n_pending ? "n" : "b";
}

/*
 * "b OFF HEX": bytes OFF.. of the device call that follows (its u line),
 * into t->db; "b lost N": the recorder could not keep N of them. A gap
 * between b lines is counted, not refused here: verify refuses the call,
 * drive ignores it.
 */
static const char *bytes_event(struct trace *t, const char *p)
{
	uint64_t off, n;
	size_t hn, i;

	if (t->version < 3)
		trace_fail(t, t->line, "b lines (bytes of a device call) need \"qdk-trace 3\"");
	if (!t->b_pending) {
		t->ndb = 0;
		t->db_gap = 0;
	}
	t->b_pending = true;
	if (memcmp(p, "lost ", 5) == 0) {
		p = field(t, p + 5, TRACE_MAX_DEV_CALL, "lost byte count", &n);
		if (!n)
			trace_fail(t, t->line, "b lost needs a positive count");
		t->db_gap += n;
		return p;
	}
	p = field(t, p, TRACE_MAX_DEV_CALL, "byte offset", &off);
	if (off < t->ndb)
		trace_fail(t, t->line, "bytes from offset %llu overlap the previous b line's "
			   "(which end at %zu)", (unsigned long long)off, t->ndb);
	if (*p != ' ')
		trace_fail(t, t->line, "missing fields for \"b\" (want OFF HEX)");
	p++;
	hn = strcspn(p, " \n");
	if (hn == 0 || hn % 2 || hn / 2 > TRACE_MAX_B_CHUNK || off + hn / 2 > TRACE_MAX_DEV_CALL)
		trace_fail(t, t->line, "bad bytes \"%.*s\" (1 to %u bytes in hex, within %u)",
			   (int)(hn > 32 ? 32 : hn), p, TRACE_MAX_B_CHUNK, TRACE_MAX_DEV_CALL);
	if (off + hn / 2 > t->db_cap) {
		t->db_cap = off + hn / 2 > 2 * t->db_cap ? off + hn / 2 : 2 * t->db_cap;
		t->db = xrealloc(t->db, t->db_cap);
	}
	/* bytes no b line carried read as zeroes (and are counted) */
	memset(t->db + t->ndb, 0, off - t->ndb);
	t->db_gap += off - t->ndb;
	for (i = 0; i < hn / 2; i++) {
		int hi = hexval(p[2 * i]), lo = hexval(p[2 * i + 1]);

		if (hi < 0 || lo < 0)
			trace_fail(t, t->line, "bad bytes \"%.*s\" (hex)", (int)(hn > 32 ? 32 : hn),
				   p);
		t->db[off + i] = (uint8_t)(hi << 4 | lo);
	}
	t->ndb = off + hn / 2;
	return p + hn;
}

/*
 * "u DEV write|read POS COUNT RET": user space wrote COUNT bytes to (or
 * asked COUNT bytes from) the qdisc's device DEV at file position POS and
 * its handler returned RET. The b lines before it carry the bytes written,
 * or the RET bytes read.
 */
static const char *device_event(struct trace *t, const char *p, struct trace_event *ev)
{
	size_t n = strcspn(p, " \n"), want;
	uint64_t r;
	bool neg;

	if (t->version < 3)
		trace_fail(t, t->line, "u lines (device calls) need \"qdk-trace 3\"");
	if (n == 0 || n > 31 || p[n] != ' ')
		trace_fail(t, t->line, "bad device name \"%.*s\" (1 to 31 bytes)", (int)n, p);
	ev->dev = p;
	ev->dev_len = (uint32_t)n;
	p += n + 1;
	if (memcmp(p, "write ", 6) == 0)
		ev->dev_write = true;
	else if (memcmp(p, "read ", 5) == 0)
		ev->dev_write = false;
	else
		trace_fail(t, t->line, "bad device call \"%.*s\" (write or read)",
			   (int)strcspn(p, " \n"), p);
	p += ev->dev_write ? 6 : 5;
	p = field(t, p, INT64_MAX, "file position", &ev->pos);
	if (*p != ' ')
		trace_fail(t, t->line, "missing fields for \"u\" (want DEV write|read POS COUNT RET)");
	p = field(t, p + 1, TRACE_MAX_DEV_CALL, "byte count", &ev->count);
	if (*p != ' ')
		trace_fail(t, t->line, "missing fields for \"u\" (want DEV write|read POS COUNT RET)");
	p++;
	neg = *p == '-';
	p = field(t, p + neg, neg ? 4095 : ev->count, "result (bytes, at most COUNT, or -errno)",
		  &r);
	ev->dev_ret = neg ? -(int64_t)r : (int64_t)r;
	want = ev->dev_write ? ev->count : ev->dev_ret > 0 ? (size_t)ev->dev_ret : 0;
	if (!t->b_pending) {
		t->ndb = 0;
		t->db_gap = 0;
	}
	if (t->ndb > want)
		trace_fail(t, t->line, "the b lines before it carry %zu bytes, the %s %zu", t->ndb,
			   ev->dev_write ? "write only" : "read returned only", want);
	if (want > t->db_cap) {
		t->db_cap = want;
		t->db = xrealloc(t->db, t->db_cap);
	}
	/* bytes no b line carried read as zeroes (none at all: db may be NULL) */
	if (want > t->ndb)
		memset(t->db + t->ndb, 0, want - t->ndb);
	ev->bytes = t->db;
	ev->nbytes = want;
	ev->blost = t->db_gap + (want - t->ndb);
	if (ev->blost > want)
		ev->blost = want;
	t->b_pending = false;
	return p;
}

/* Parse the event line at p (which starts with a digit) into ev. */
const char *trace_event_line(struct trace *t, const char *p, struct trace_event *ev)
{
	const char *line = p;
	uint64_t x;

	ev->line = t->line;
	ev->text = line;
	p = num(p, &ev->ts);
	if (!p || *p != ' ')
		trace_fail(t, t->line, "bad timestamp \"%.*s\"", (int)strcspn(line, " \n"), line);
	if (ev->ts < t->last_ts)
		trace_fail(t, t->line, "timestamp %llu is before the previous event's %llu",
			   (unsigned long long)ev->ts, (unsigned long long)t->last_ts);
	t->last_ts = ev->ts;
	p++;
	ev->op = *p;
	if (p[1] != ' ' && p[1] != '\n') {
		if (memcmp(p, "lost ", 5) == 0) {
			ev->op = 'l';
			p = field(t, p + 5, UINT64_MAX, "lost count", &ev->lost);
			goto end;
		}
		goto bad_op;
	}
	p++;
	switch (ev->op) {
	case 'i':
	case 'o':
		/* a tc hook's packet: an enqueue's fields but the verdict */
		if (t->version < 3)
			trace_fail(t, t->line, "%c lines (a tc hook's packets) need \"qdk-trace 3\"",
				   ev->op);
		/* fall through */
	case 'e':
		p = packet_id(t, p, ev->op, &ev->id);
		if (*p != ' ')
			goto short_line;
		p = field(t, p + 1, TRACE_MAX_FID - 1, "flow id", &x);
		ev->fid = (uint32_t)x;
		if (*p != ' ')
			goto short_line;
		p = field(t, p + 1, UINT32_MAX, "packet length", &x);
		ev->pkt_len = (uint32_t)x;
		ev->verdict = 0;
		if (ev->op == 'e') {
			if (*p != ' ')
				goto short_line;
			p = verdict(t, p + 1, &ev->verdict);
		}
		ev->ov = 0;
		if (*p == ' ')
			p = pkt_keys(t, p, ev);
		else
			ev->keys_len = 0;
		break;
	case 'd':
	case 'p':
		if (*p != ' ')
			goto short_line;
		p = id_or_dash(t, p + 1, &ev->id);
		break;
	case 'x':
	case 'm':
		p = packet_id(t, p, ev->op, &ev->id);
		break;
	case 's':
		p = stats_keys(t, p, ev);
		break;
	case 'c':
		if (*p != ' ')
			goto short_line;
		p = change_fields(t, p + 1, ev);
		break;
	case 'j':
		if (!t->hdr.jiffies_recorded)
			trace_fail(t, t->line, "j lines need the header directive \"jiffies N\"");
		if (*p != ' ')
			goto short_line;
		p = field(t, p + 1, UINT64_MAX, "jiffies", &ev->jiffies);
		break;
	case 't':
		if (!t->hdr.timers_recorded)
			trace_fail(t, t->line, "t lines need the header directive \"timers recorded\"");
		ev->timer_of = ev->timer_off = 0;
		if (*p == ' ') {
			uint64_t x;

			if (t->version < 3)
				trace_fail(t, t->line, "a t line naming its timer needs \"qdk-trace 3\"");
			p = handle_at(t, p + 1, &ev->timer_of);
			if (!ev->timer_of || (ev->timer_of & 0xffff))
				trace_fail(t, t->line, "a timer's qdisc is a handle MAJ: other than 0:");
			if (*p != ' ')
				goto short_line;
			p = field(t, p + 1, TRACE_MAX_TIMER_OFF, "timer offset", &x);
			ev->timer_off = (uint32_t)x;
		}
		break;
	case 'r':
	case 'w':
		break;
	case 'R':
		if (*p != ' ')
			goto short_line;
		p = rand_event(t, p + 1, ev);
		break;
	case 'C':
		if (*p != ' ')
			goto short_line;
		p = classify_event(t, p + 1, ev);
		break;
	case 'b':
		if (*p != ' ')
			goto short_line;
		p = bytes_event(t, p + 1);
		break;
	case 'u':
		if (*p != ' ')
			goto short_line;
		p = device_event(t, p + 1, ev);
		break;
	case 'n':
		if (t->version < 3)
			trace_fail(t, t->line, "n lines (packets a qdisc makes) need \"qdk-trace 3\"");
		p = packet_id(t, p, ev->op, &ev->id);
		if (*p != ' ')
			goto short_line;
		p = id_or_dash(t, p + 1, &ev->from);
		ev->truesize = 0;
		if (*p == ' ' && strncmp(p + 1, "truesize=", 9) == 0) {
			uint64_t x;

			p = field(t, p + 10, UINT32_MAX, "truesize", &x);
			ev->truesize = (uint32_t)x;
		}
		t->n_pending = true;
		break;
	default:
		p--;	/* the op, quoted */
		goto bad_op;
	}
	pending_check(t, ev->op);
end:
	if (*p != '\n')
		trace_fail(t, t->line, "unexpected \"%.*s\" at the end of the line",
			   (int)strcspn(p, "\n"), p);
	ev->text_len = (uint32_t)(p - line);
	if (ev->text_len > (ev->op == 'c' ? TRACE_MAX_TCA_LINE : TRACE_MAX_LINE))
		trace_fail(t, t->line, "line longer than %d bytes",
			   ev->op == 'c' ? TRACE_MAX_TCA_LINE : TRACE_MAX_LINE);
	return p + 1;
short_line:
	trace_fail(t, t->line, "missing fields for \"%c\"", ev->op);
bad_op:
	trace_fail(t, t->line, "unknown operation \"%.*s\"", (int)strcspn(p, " \n"), p);
}

/* trace_next() for text: event lines parsed, header lines taken as directives. */
static __attribute__((noinline)) bool text_next(struct trace *t, struct trace_event *ev)
{
	const char *p;

	for (;;) {
		p = t->pos;
		if (__builtin_expect(p >= t->end, 0)) {
			if (!trace_refill(t, t->line + 1)) {
				if (t->r_pending || t->c_pending || t->n_pending || t->b_pending)
					trace_fail(t, t->line, "the trace ends with %s lines and no "
						   "call after them", trace_pending_kind(t));
				return false;
			}
			p = t->pos;
		}
		t->line++;
		if (is_digit(*p)) {
			t->pos = trace_event_line(t, p, ev);
			return true;
		}
		if (*p == '#' || *p == '\n') {
			const char *nl = memchr(p, '\n', (size_t)(t->end - p));

			if ((size_t)(nl - p) > TRACE_MAX_LINE)
				trace_fail(t, t->line, "line longer than %d bytes", TRACE_MAX_LINE);
			t->pos = nl + 1;
			continue;
		}
		{
			const char *nl = memchr(p, '\n', (size_t)(t->end - p));
			size_t n = (size_t)(nl - p);

			size_t max = n >= 4 && !memcmp(p, "tca ", 4) ? TRACE_MAX_TCA_LINE :
				     TRACE_MAX_LINE;

			if (n > max)
				trace_fail(t, t->line, "line longer than %zu bytes", max);
			trace_directive(t, p, n);
			t->pos = nl + 1;
		}
	}
}

bool trace_next(struct trace *t, struct trace_event *ev)
{
	const char *r = t->pos;

	if (__builtin_expect(t->have_first, 0)) {
		*ev = t->first;
		t->have_first = false;
		return true;
	}
	if (!t->binary)
		return text_next(t, ev);
	/* the common records here, without a stack frame; the rest in trace_bin_next() */
	if (__builtin_expect((size_t)(t->fill - r) >= TRACE_BIN_E_SIZE && (*r == 'e' || *r == 'd'), 1)) {
		t->line++;
		bin_event(t, ev);
		return true;
	}
	return trace_bin_next(t, ev);
}
