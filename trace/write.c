// SPDX-License-Identifier: GPL-2.0
/*
 * write.c - the trace writer (write.h): buffered text for a sink, and the
 * format's words and lines.
 */
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

void trace_w_u64(struct trace_w *w, uint64_t v)
{
	char tmp[24];
	int i = 24;

	do {
		tmp[--i] = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	trace_w_mem(w, tmp + i, (size_t)(24 - i));
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

/* the kernel's NET_XMIT_MASK, __NET_XMIT_STOLEN, __NET_XMIT_BYPASS */
#define XMIT_MASK 0x0fu
#define XMIT_STOLEN 0x00010000u
#define XMIT_BYPASS 0x00020000u

bool trace_w_verdict(struct trace_w *w, uint32_t ret)
{
	static const char *const base[] = { "ok", "drop", "cn" };
	uint32_t b = ret & XMIT_MASK;

	if (b > 2) {
		trace_w_printf(w, "0x%x", ret);
		return false;
	}
	trace_w_str(w, base[b]);
	if (ret & XMIT_STOLEN)
		trace_w_str(w, "+stolen");
	if (ret & XMIT_BYPASS)
		trace_w_str(w, "+bypass");
	return !(ret & ~(XMIT_MASK | XMIT_STOLEN | XMIT_BYPASS));
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

/* tc's action names (TC_ACT_*), as a C line writes them */
static const char *const cls_actions[] = {
	"ok", "reclassify", "shot", "pipe", "stolen", "queued", "repeat", "redirect", "trap",
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
