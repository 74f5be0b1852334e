// SPDX-License-Identifier: GPL-2.0
/*
 * write.c - the trace writer (write.h): buffered text for a sink, and the
 * format's words and lines.
 */
#include <arpa/inet.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "write.h"

void trace_w_init(struct trace_w *w, trace_sink_fn sink, void *ctx)
{
	w->sink = sink;
	w->ctx = ctx;
	w->err = 0;
	w->len = 0;
	w->cap = sink ? TRACE_W_BUF : 0;
	w->buf = sink ? malloc(w->cap) : NULL;
	if (sink && !w->buf) {
		w->err = -1;
		w->cap = 0;
	}
}

void trace_w_free(struct trace_w *w)
{
	free(w->buf);
	w->buf = NULL;
	w->len = w->cap = 0;
}

int trace_w_flush(struct trace_w *w)
{
	if (w->sink && w->len) {
		if (w->sink(w->ctx, w->buf, w->len))
			w->err = -1;
		w->len = 0;
	}
	return w->err;
}

void trace_w_mem(struct trace_w *w, const void *p, size_t n)
{
	if (!n)		/* nothing, maybe from no buffer at all (p NULL) */
		return;
	if (w->len + n > w->cap) {
		if (w->sink) {
			trace_w_flush(w);
			if (n > w->cap) {
				if (w->sink(w->ctx, p, n))
					w->err = -1;
				return;
			}
		} else {
			size_t cap = 2 * w->cap + n + 256;
			char *b = realloc(w->buf, cap);

			if (!b) {
				w->err = -1;
				return;
			}
			w->buf = b;
			w->cap = cap;
		}
	}
	memcpy(w->buf + w->len, p, n);
	w->len += n;
}

void trace_w_str(struct trace_w *w, const char *s)
{
	trace_w_mem(w, s, strlen(s));
}

/* v in decimal at p; returns the end */
static char *fmt_u64(char *p, uint64_t v)
{
	char tmp[24];
	int i = 24;

	do {
		tmp[--i] = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	memcpy(p, tmp + i, (size_t)(24 - i));
	return p + 24 - i;
}

void trace_w_u64(struct trace_w *w, uint64_t v)
{
	char tmp[24];

	trace_w_mem(w, tmp, (size_t)(fmt_u64(tmp, v) - tmp));
}

void trace_w_hex(struct trace_w *w, const uint8_t *p, size_t n)
{
	static const char digits[] = "0123456789abcdef";
	size_t i;

	for (i = 0; i < n; i++) {
		trace_w_char(w, digits[p[i] >> 4]);
		trace_w_char(w, digits[p[i] & 15]);
	}
}

void trace_w_printf(struct trace_w *w, const char *fmt, ...)
{
	char tmp[4096];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(tmp, sizeof(tmp), fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	if ((size_t)n < sizeof(tmp)) {
		trace_w_mem(w, tmp, (size_t)n);
		return;
	}
	/* longer than a line usually is: format again into the buffer's space */
	{
		char big[n + 1];

		va_start(ap, fmt);
		vsnprintf(big, sizeof(big), fmt, ap);
		va_end(ap);
		trace_w_mem(w, big, (size_t)n);
	}
}

void trace_w_handle(struct trace_w *w, uint32_t h)
{
	if (h & 0xffff)
		trace_w_printf(w, "%x:%x", h >> 16, h & 0xffff);
	else
		trace_w_printf(w, "%x:", h >> 16);
}

void trace_w_tcp(struct trace_w *w, uint8_t flags)
{
	static const char letters[] = "FSRPAUEC";
	int i;

	if (!flags) {
		trace_w_char(w, '-');
		return;
	}
	for (i = 0; i < 8; i++)
		if (flags & (1u << i))
			trace_w_char(w, letters[i]);
}

/* an enqueue verdict's words: its base (NET_XMIT_*, then '?' of arrivals) and bits */
static const char *const verdict_base[] = { "ok", "drop", "cn", "?" };
static const char stolen_word[] = "+stolen", bypass_word[] = "+bypass";

bool trace_w_verdict(struct trace_w *w, uint32_t ret)
{
	const char *const *base = verdict_base;
	uint32_t b = ret & TRACE_XMIT_MASK;

	if (b > 2) {
		trace_w_printf(w, "0x%x", ret);
		return false;
	}
	trace_w_str(w, base[b]);
	if (ret & TRACE_XMIT_STOLEN)
		trace_w_str(w, stolen_word);
	if (ret & TRACE_XMIT_BYPASS)
		trace_w_str(w, bypass_word);
	return !(ret & ~(TRACE_XMIT_MASK | TRACE_XMIT_STOLEN | TRACE_XMIT_BYPASS));
}

void trace_w_magic(struct trace_w *w, unsigned int version)
{
	trace_w_str(w, "qdk-trace ");
	trace_w_u64(w, version);
	trace_w_char(w, '\n');
}

void trace_w_ts_op(struct trace_w *w, uint64_t ts, char op)
{
	trace_w_u64(w, ts);
	trace_w_char(w, ' ');
	trace_w_char(w, op);
}

/* " ID", or " -" for none */
static void id_or_dash(struct trace_w *w, uint64_t id)
{
	trace_w_char(w, ' ');
	if (id)
		trace_w_u64(w, id);
	else
		trace_w_char(w, '-');
}

void trace_w_id_line(struct trace_w *w, uint64_t ts, char op, uint64_t id)
{
	trace_w_ts_op(w, ts, op);
	id_or_dash(w, id);
	trace_w_char(w, '\n');
}

void trace_w_timer(struct trace_w *w, uint64_t ts, uint32_t handle, uint32_t off)
{
	trace_w_ts_op(w, ts, 't');
	if (handle)
		trace_w_printf(w, " %x: %u", handle >> 16, off);
	trace_w_char(w, '\n');
}

bool trace_w_enqueue(struct trace_w *w, uint64_t ts, uint64_t id, uint32_t fid,
		     uint32_t pkt_len, uint32_t ret)
{
	trace_w_ts_op(w, ts, 'e');
	trace_w_char(w, ' ');
	trace_w_u64(w, id);
	trace_w_char(w, ' ');
	trace_w_u64(w, fid);
	trace_w_char(w, ' ');
	trace_w_u64(w, pkt_len);
	trace_w_char(w, ' ');
	return trace_w_verdict(w, ret);
}

void trace_w_hook(struct trace_w *w, uint64_t ts, char op, uint64_t id, uint32_t fid,
		  uint32_t len)
{
	trace_w_ts_op(w, ts, op);
	trace_w_char(w, ' ');
	trace_w_u64(w, id);
	trace_w_char(w, ' ');
	trace_w_u64(w, fid);
	trace_w_char(w, ' ');
	trace_w_u64(w, len);
}

static void flow_addr(struct trace_w *w, const struct trace_pkt *f, const uint8_t *a,
		      uint16_t port, bool ports)
{
	char buf[INET6_ADDRSTRLEN];

	if (f->family == TRACE_AF_INET6) {
		inet_ntop(AF_INET6, a, buf, sizeof(buf));
		trace_w_printf(w, " [%s]", buf);
	} else {
		inet_ntop(AF_INET, a, buf, sizeof(buf));
		trace_w_printf(w, " %s", buf);
	}
	if (ports)
		trace_w_printf(w, ":%u", port);
}

/*
 * The keys a flow and a packet share: those of p that differ from ref's
 * (a writer leaves tos, ttl and tcp at their defaults where a packet has
 * no such header, so nothing is said of them).
 */
static void flow_keys(struct trace_w *w, const struct trace_pkt *p, const struct trace_pkt *ref)
{
	if (p->tos != ref->tos)
		trace_w_printf(w, " tos=0x%02x", p->tos);
	if (p->priority != ref->priority)
		trace_w_printf(w, " prio=%u", p->priority);
	if (p->mark != ref->mark)
		trace_w_printf(w, " mark=%u", p->mark);
	if (p->hash != ref->hash)
		trace_w_printf(w, " hash=0x%08x", p->hash);
	if (p->tcp_flags != ref->tcp_flags) {
		trace_w_str(w, " tcp=");
		trace_w_tcp(w, p->tcp_flags);
	}
	if (p->ttl != ref->ttl)
		trace_w_printf(w, " ttl=%u", p->ttl);
	if (p->queue_mapping != ref->queue_mapping)
		trace_w_printf(w, " q=%u", p->queue_mapping);
	if (p->tc_index != ref->tc_index)
		trace_w_printf(w, " tcidx=%u", p->tc_index);
	if (p->truesize != ref->truesize)
		trace_w_printf(w, " truesize=%u", p->truesize);
}

void trace_w_flow(struct trace_w *w, uint32_t fid, const struct trace_pkt *f, bool ports)
{
	struct trace_pkt def;

	trace_w_printf(w, "flow %u ", fid);
	if (f->family == TRACE_AF_NONE) {
		trace_w_printf(w, "eth:0x%04x - -", f->ethertype);
	} else {
		ports = ports && (f->l4proto == 6 || f->l4proto == 17);
		if (ports)
			trace_w_str(w, f->l4proto == 6 ? "tcp" : "udp");
		else if (f->l4proto == 1 && f->family == TRACE_AF_INET)
			trace_w_str(w, "icmp");
		else if (f->l4proto == 58 && f->family == TRACE_AF_INET6)
			trace_w_str(w, "icmp6");
		else
			trace_w_printf(w, "ip:%u", f->l4proto);
		flow_addr(w, f, f->saddr, f->sport, ports);
		flow_addr(w, f, f->daddr, f->dport, ports);
	}
	trace_pkt_defaults(&def);
	flow_keys(w, f, &def);
	trace_w_char(w, '\n');
}

void trace_w_pkt_keys(struct trace_w *w, const struct trace_pkt *p, const struct trace_pkt *f)
{
	if (p->len != p->pkt_len)
		trace_w_printf(w, " len=%u", p->len);
	if (p->gso_segs || p->gso_size)
		trace_w_printf(w, " gso=%u:%u", p->gso_segs, p->gso_size);
	if (p->thlen && p->thlen != 20)
		trace_w_printf(w, " thlen=%u", p->thlen);
	flow_keys(w, p, f);
	if (p->tstamp)
		trace_w_printf(w, " tstamp=%llu", (unsigned long long)p->tstamp);
	if (p->sk)
		trace_w_sk_key(w, p->sk);
}

/*
 * tc's action names (TC_ACT_*), as a C line writes them, and the kernel's
 * own TC_ACT_CONSUMED (9: an action took the packet, act_mirred's redirect
 * at ingress)
 */
static const char *const cls_actions[] = {
	"ok", "reclassify", "shot", "pipe", "stolen", "queued", "repeat", "redirect", "trap",
	"consumed",
};

const char *trace_action_name(int action)
{
	if (action == -1)
		return "unspec";
	if (action >= 0 && action < (int)(sizeof(cls_actions) / sizeof(cls_actions[0])))
		return cls_actions[action];
	return NULL;
}

void trace_w_classify(struct trace_w *w, uint64_t ts, int action, uint32_t classid)
{
	const char *name = trace_action_name(action);

	trace_w_ts_op(w, ts, 'C');
	trace_w_char(w, ' ');
	if (name)
		trace_w_str(w, name);
	else
		trace_w_printf(w, "%d", action);
	trace_w_printf(w, " %x:%x\n", classid >> 16, classid & 0xffff);
}

void trace_w_filter(struct trace_w *w, uint32_t parent)
{
	trace_w_str(w, "filter ");
	trace_w_handle(w, parent);
	trace_w_char(w, '\n');
}

void trace_w_classifier(struct trace_w *w, uint32_t parent, const char *kind,
			const uint8_t *tca, size_t len)
{
	trace_w_str(w, "classifier ");
	trace_w_handle(w, parent);
	trace_w_char(w, ' ');
	trace_w_str(w, kind);
	trace_w_char(w, ' ');
	if (len)
		trace_w_hex(w, tca, len);
	else
		trace_w_char(w, '-');
	trace_w_char(w, '\n');
}

void trace_w_made(struct trace_w *w, uint64_t ts, uint64_t id, uint64_t from,
		  unsigned int truesize)
{
	trace_w_ts_op(w, ts, 'n');
	id_or_dash(w, id);
	id_or_dash(w, from);
	if (truesize)
		trace_w_printf(w, " truesize=%u", truesize);
	trace_w_char(w, '\n');
}

static const char *const sk_states[] = {
	NULL, "established", "syn_sent", "syn_recv", "fin_wait1", "fin_wait2", "time_wait",
	"close", "close_wait", "last_ack", "listen", "closing", "new_syn_recv",
};
static const char *const sk_cas[] = { "open", "disorder", "cwr", "recovery", "loss" };
static const char *const sk_pstatuses[] = { "none", "needed", "fq" };
static const char *const sk_types[] = { NULL, "stream", "dgram", "raw" };

#define NAME_OF(tab, v) ((v) < sizeof(tab) / sizeof((tab)[0]) ? (tab)[v] : NULL)

const char *trace_sk_state_name(unsigned int v)
{
	return NAME_OF(sk_states, v);
}

const char *trace_sk_ca_name(unsigned int v)
{
	return NAME_OF(sk_cas, v);
}

const char *trace_sk_pstatus_name(unsigned int v)
{
	return NAME_OF(sk_pstatuses, v);
}

const char *trace_sk_type_name(unsigned int v)
{
	return NAME_OF(sk_types, v);
}

void trace_sk_defaults(struct trace_sk *s, uint32_t id, uint8_t proto)
{
	memset(s, 0, sizeof(*s));
	s->id = id;
	s->proto = proto;
	s->family = TRACE_AF_INET;
	s->type = proto == 6 ? 1 : proto == 17 ? 2 : 3;
	s->state = proto == 6 ? 1 : 7;	/* TCP_ESTABLISHED, TCP_CLOSE */
	s->pacing_rate = UINT64_MAX;
	s->max_pacing_rate = UINT64_MAX;
}

static void sk_name_key(struct trace_w *w, const char *key, const char *name, unsigned int v)
{
	if (name)
		trace_w_printf(w, " %s=%s", key, name);
	else
		trace_w_printf(w, " %s=%u", key, v);
}

static void sk_rate_key(struct trace_w *w, const char *key, uint64_t v)
{
	if (v == UINT64_MAX)
		trace_w_printf(w, " %s=max", key);
	else
		trace_w_printf(w, " %s=%llu", key, (unsigned long long)v);
}

void trace_w_sock(struct trace_w *w, const struct trace_sk *s, const struct trace_sk *prev)
{
	struct trace_sk def;

	if (!prev) {
		trace_sk_defaults(&def, s->id, s->proto);
		prev = &def;
	}
	trace_w_printf(w, "sock %u", s->id);
	if (prev == &def) {
		if (s->proto == 6)
			trace_w_str(w, " tcp");
		else if (s->proto == 17)
			trace_w_str(w, " udp");
		else
			trace_w_printf(w, " ip:%u", s->proto);
	}
	/* the keys in FORMAT.md's order */
	if (s->family != prev->family)
		trace_w_printf(w, " family=%u", s->family);
	if (s->type != prev->type)
		sk_name_key(w, "type", trace_sk_type_name(s->type), s->type);
	if (s->state != prev->state)
		sk_name_key(w, "state", trace_sk_state_name(s->state), s->state);
	if (s->hash != prev->hash)
		trace_w_printf(w, " hash=0x%08x", s->hash);
	if (s->pacing_rate != prev->pacing_rate)
		sk_rate_key(w, "pacing", s->pacing_rate);
	if (s->max_pacing_rate != prev->max_pacing_rate)
		sk_rate_key(w, "maxpacing", s->max_pacing_rate);
	if (s->pacing_status != prev->pacing_status)
		sk_name_key(w, "pstatus", trace_sk_pstatus_name(s->pacing_status),
			    s->pacing_status);
	if (s->ca_state != prev->ca_state)
		sk_name_key(w, "ca", trace_sk_ca_name(s->ca_state), s->ca_state);
	if (s->cwnd != prev->cwnd)
		trace_w_printf(w, " cwnd=%u", s->cwnd);
	if (s->srtt_us != prev->srtt_us)
		trace_w_printf(w, " srtt=%u", s->srtt_us);
	if (s->mss != prev->mss)
		trace_w_printf(w, " mss=%u", s->mss);
	trace_w_char(w, '\n');
}

bool trace_sk_same(const struct trace_sk *a, const struct trace_sk *b)
{
	return a->proto == b->proto && a->family == b->family && a->type == b->type &&
	       a->state == b->state && a->hash == b->hash && a->pacing_rate == b->pacing_rate &&
	       a->max_pacing_rate == b->max_pacing_rate &&
	       a->pacing_status == b->pacing_status && a->ca_state == b->ca_state &&
	       a->cwnd == b->cwnd && a->srtt_us == b->srtt_us && a->mss == b->mss;
}

void trace_w_sk_key(struct trace_w *w, uint32_t sid)
{
	trace_w_printf(w, " sk=%u", sid);
}

void trace_w_rand(struct trace_w *w, const uint64_t *ts, unsigned int width)
{
	static const char *const kinds[9] = { "bytes", "u8", "u16", NULL, "u32", NULL, NULL,
					      NULL, "u64" };

	if (ts) {
		trace_w_ts_op(w, *ts, 'R');
		trace_w_char(w, ' ');
	} else {
		trace_w_str(w, "random ");
	}
	trace_w_str(w, kinds[width]);
}

void trace_w_draw(struct trace_w *w, unsigned int width, uint64_t val, const uint8_t *bytes,
		  size_t len)
{
	trace_w_char(w, ' ');
	if (width)
		trace_w_u64(w, val);
	else
		trace_w_hex(w, bytes, len);
}

/* ---- the binary twin ---------------------------------------------------- */

static char *fmt_str(char *p, const char *s)
{
	size_t n = strlen(s);

	memcpy(p, s, n);
	return p + n;
}

size_t trace_bin_format(const uint8_t *r, uint64_t ts, char *buf)
{
	char *p = fmt_u64(buf, ts);
	uint64_t id;

	memcpy(&id, r + 8, 8);
	*p++ = ' ';
	*p++ = (char)r[0];
	*p++ = ' ';
	if (r[0] == 'e') {
		uint32_t fid, len;

		memcpy(&fid, r + 16, 4);
		memcpy(&len, r + 20, 4);
		p = fmt_u64(p, id);
		*p++ = ' ';
		p = fmt_u64(p, fid);
		*p++ = ' ';
		p = fmt_u64(p, len);
		*p++ = ' ';
		p = fmt_str(p, verdict_base[r[1] & TRACE_BIN_V_BASE]);
		if (r[1] & TRACE_BIN_V_STOLEN)
			p = fmt_str(p, stolen_word);
		if (r[1] & TRACE_BIN_V_BYPASS)
			p = fmt_str(p, bypass_word);
	} else if (id) {
		p = fmt_u64(p, id);
	} else {
		*p++ = '-';
	}
	return (size_t)(p - buf);
}

void trace_bin_enc_init(struct trace_bin_enc *e, struct trace_w *out)
{
	memset(e, 0, sizeof(*e));
	e->out = out;
}

void trace_bin_enc_free(struct trace_bin_enc *e)
{
	free(e->carry);
	e->carry = NULL;
	e->ncarry = e->capcarry = 0;
}

static void enc_start(struct trace_bin_enc *e)
{
	static const uint32_t ver[2] = { TRACE_BIN_VERSION, 0 };	/* little-endian hosts */

	if (e->started)
		return;
	trace_w_mem(e->out, TRACE_BIN_MAGIC, TRACE_BIN_MAGIC_LEN);
	trace_w_mem(e->out, ver, sizeof(ver));
	e->started = true;
}

/* A decimal number at *p (leading zeros allowed) within 64 bits; false if none. */
static bool dec(const char **p, const char *end, uint64_t *v)
{
	const char *s = *p;
	uint64_t x = 0;

	while (*p < end && (unsigned char)(**p - '0') < 10) {
		if (__builtin_mul_overflow(x, 10, &x) ||
		    __builtin_add_overflow(x, (uint64_t)(**p - '0'), &x))
			return false;
		(*p)++;
	}
	*v = x;
	return *p > s;
}

/* " N" (a decimal field) at *p */
static bool dec_field(const char **p, const char *end, uint64_t *v)
{
	if (*p >= end || **p != ' ')
		return false;
	(*p)++;
	return dec(p, end, v);
}

/*
 * The timestamp an event line starts with, as the reader takes it (decimal
 * or 0x hex, then a space); false when the reader refuses the line there.
 */
static bool line_ts(const char *l, const char *end, uint64_t *ts, const char **after)
{
	const char *p = l;

	if (end - p > 2 && p[0] == '0' && p[1] == 'x') {
		uint64_t x = 0;
		int d;

		for (p += 2; p < end; p++) {
			char c = *p;

			d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 :
			    c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
			if (d < 0)
				break;
			if (x >> 60)
				return false;
			x = x << 4 | (uint64_t)d;
		}
		if (p == l + 2)
			return false;
		*ts = x;
	} else if (!dec(&p, end, ts)) {
		return false;
	}
	*after = p;
	return p < end && *p == ' ';
}

/*
 * The hot record of line l (n bytes) into rec when the line is one in its
 * canonical text: its fields reformatted give the line back, byte for byte.
 */
static size_t hot_record(const struct trace_bin_enc *e, const char *l, size_t n, uint64_t ts,
			 const char *p, uint8_t *rec)
{
	const char *end = l + n;
	uint64_t id = 0, fid = 0, len = 0;
	uint32_t dts;
	char op, text[96];
	size_t size;

	if (ts < e->last_ts || ts - e->last_ts > UINT32_MAX || end - p < 3 || p[2] != ' ')
		return 0;
	op = p[1];
	p += 2;
	memset(rec, 0, TRACE_BIN_E_SIZE);
	rec[0] = (uint8_t)op;
	if (op == 'e') {
		uint8_t v;

		if (!dec_field(&p, end, &id) || !id || !dec_field(&p, end, &fid) ||
		    fid >= (1u << 24) || !dec_field(&p, end, &len) || len > UINT32_MAX ||
		    end - p < 2)
			return 0;
		p++;
		v = *p == 'o' ? 0 : *p == 'd' ? 1 : *p == 'c' ? 2 : TRACE_BIN_V_UNKNOWN;
		if (end - p >= 7 && !memcmp(end - 7, bypass_word, 7))
			v |= TRACE_BIN_V_BYPASS;
		if (memmem(p, (size_t)(end - p), stolen_word, 7))
			v |= TRACE_BIN_V_STOLEN;
		rec[1] = v;
		memcpy(rec + 16, &(uint32_t){ (uint32_t)fid }, 4);
		memcpy(rec + 20, &(uint32_t){ (uint32_t)len }, 4);
		size = TRACE_BIN_E_SIZE;
	} else if (op == 'd' || op == 'p' || op == 'x' || op == 'm') {
		if (end - p == 2 && p[1] == '-' && (op == 'd' || op == 'p'))
			id = 0;
		else if (!dec_field(&p, end, &id) || !id)
			return 0;
		size = TRACE_BIN_ID_SIZE;
	} else {
		return 0;
	}
	dts = (uint32_t)(ts - e->last_ts);
	memcpy(rec + 4, &dts, 4);
	memcpy(rec + 8, &id, 8);
	/* the canonical text, compared: anything else stays a line */
	if (trace_bin_format(rec, ts, text) != n || memcmp(text, l, n))
		return 0;
	return size;
}

void trace_bin_line(struct trace_bin_enc *e, const char *l, size_t n, bool nl)
{
	static const uint8_t zero[8];
	uint8_t rec[TRACE_BIN_E_SIZE], hdr[8] = { TRACE_BIN_LINE };
	const char *after;
	uint64_t ts;
	uint32_t n32 = (uint32_t)n;
	size_t size;

	enc_start(e);
	/* an event line: the reader follows its time (a bad one stops it there) */
	if (n && (unsigned char)(l[0] - '0') < 10 && line_ts(l, l + n, &ts, &after)) {
		size = nl ? hot_record(e, l, n, ts, after, rec) : 0;
		if (ts >= e->last_ts)
			e->last_ts = ts;
		if (size) {
			trace_w_mem(e->out, rec, size);
			return;
		}
	}
	hdr[1] = nl ? 0 : TRACE_BIN_LINE_NONL;
	memcpy(hdr + 4, &n32, 4);
	trace_w_mem(e->out, hdr, 8);
	trace_w_mem(e->out, l, n);
	trace_w_char(e->out, '\n');
	trace_w_mem(e->out, zero, trace_bin_line_size(n) - 8 - n - 1);
}

int trace_bin_sink(void *ctx, const void *p, size_t n)
{
	struct trace_bin_enc *e = ctx;
	const char *s = p, *end = s + n, *nl;

	while (s < end) {
		nl = memchr(s, '\n', (size_t)(end - s));
		if (e->ncarry || !nl) {
			size_t k = (size_t)((nl ? nl : end) - s);

			if (e->ncarry + k > e->capcarry) {
				size_t cap = 2 * (e->ncarry + k) + 256;
				char *c = realloc(e->carry, cap);

				if (!c)
					return -1;
				e->carry = c;
				e->capcarry = cap;
			}
			memcpy(e->carry + e->ncarry, s, k);
			e->ncarry += k;
			if (!nl)
				break;
			trace_bin_line(e, e->carry, e->ncarry, true);
			e->ncarry = 0;
		} else {
			trace_bin_line(e, s, (size_t)(nl - s), true);
		}
		s = nl + 1;
	}
	return e->out->err;
}

void trace_bin_enc_finish(struct trace_bin_enc *e)
{
	enc_start(e);
	if (e->ncarry)
		trace_bin_line(e, e->carry, e->ncarry, false);
	e->ncarry = 0;
}
