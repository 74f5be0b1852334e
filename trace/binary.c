// SPDX-License-Identifier: GPL-2.0
/*
 * binary.c - reading the binary twin (traces/FORMAT.md, "Binary traces";
 * write.h's TRACE_BIN_*): records checked and handed out as events, line
 * records parsed in place by the text's own code (events.c), so both forms
 * refuse a bad line with the same words. The hot records' decoder is
 * inline in reader.h, for trace_next().
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "reader.h"

/* ---- the binary twin (write.h, TRACE_BIN_*) --------------------------- */

/*
 * At least n bytes of records at pos, refilling as trace_refill() does (the pinned
 * line kept); false when no byte is left. Record rec cut short fails.
 */
bool trace_bin_have(struct trace *t, size_t n, uint32_t rec)
{
	while ((size_t)(t->fill - t->pos) < n) {
		size_t got;

		if (t->src_done) {
			if (t->fill == t->pos)
				return false;
			trace_fail(t, rec, "truncated record (%zu of its %zu bytes)",
				   (size_t)(t->fill - t->pos), n);
		}
		trace_buf_shift(t);
		got = trace_src_read(t, t->fill, trace_buf_room(t));
		if (!got)
			t->src_done = true;
		t->fill += got;
		memset(t->fill, 0, TRACE_PAD);
		t->end = t->fill;
	}
	return true;
}

void trace_bad_record(const struct trace *t, const uint8_t *r, const char *why)
{
	trace_fail(t, t->line, "bad %c record: %s", r[0], why);
}

/*
 * The line record at pos (8 bytes there): checked, *p and *n its text (which
 * ends with '\n' in the buffer); pos moves past it.
 */
void trace_bin_record_line(struct trace *t, const char **p, uint32_t *n, bool *nl)
{
	const uint8_t *r = (const uint8_t *)t->pos;
	const char *l;
	size_t size, i;

	memcpy(n, r + 4, 4);
	if (r[1] & ~TRACE_BIN_LINE_NONL || r[2] | r[3])
		trace_bad_record(t, r, "its bytes 1 to 3 must be 0 or 1, 0, 0");
	if (*n > TRACE_MAX_TCA_LINE)
		trace_fail(t, t->line, "line longer than %d bytes", TRACE_MAX_TCA_LINE);
	size = trace_bin_line_size(*n);
	trace_bin_have(t, size, t->line);
	r = (const uint8_t *)t->pos;
	l = t->pos + 8;
	if (l[*n] != '\n' || memchr(l, '\n', *n))
		trace_bad_record(t, r, "its text must end with its only newline");
	for (i = *n + 1; i < size - 8; i++)
		if (l[i])
			trace_bad_record(t, r, "its padding must be 0");
	*nl = !(r[1] & TRACE_BIN_LINE_NONL);
	t->pos += size;
	if (!*nl && trace_bin_have(t, 1, t->line + 1))
		trace_bad_record(t, r, "a line without its newline must be the last record");
	*p = l;
}

/* trace_next() for the binary twin: records to events, line records parsed as text. */
bool trace_bin_next(struct trace *t, struct trace_event *ev)
{
	const uint8_t *r;
	const char *p;
	uint32_t n;
	size_t size;
	bool nl;

	for (;;) {
		if (__builtin_expect((size_t)(t->fill - t->pos) < TRACE_BIN_E_SIZE, 0) &&
		    !trace_bin_have(t, 8, t->line + 1)) {
			if (t->r_pending || t->c_pending || t->n_pending || t->b_pending)
				trace_fail(t, t->line, "the trace ends with %s lines and no call "
					   "after them", trace_pending_kind(t));
			return false;
		}
		r = (const uint8_t *)t->pos;
		t->line++;
		switch (r[0]) {
		case 'e':
		case 'd':
		case 'p':
		case 'x':
		case 'm':
			bin_event(t, ev);
			return true;
		case TRACE_BIN_LINE:
			trace_bin_record_line(t, &p, &n, &nl);
			if (is_digit(*p)) {
				trace_event_line(t, p, ev);
				return true;
			}
			size = n >= 4 && !memcmp(p, "tca ", 4) ? TRACE_MAX_TCA_LINE : TRACE_MAX_LINE;
			if (n > size)
				trace_fail(t, t->line, "line longer than %zu bytes", size);
			if (*p != '#' && *p != '\n')
				trace_directive(t, p, n);
			continue;
		default:
			trace_fail(t, t->line, "unknown record type 0x%02x", r[0]);
		}
	}
}

const char *trace_event_text(const struct trace_event *ev, char *buf, uint32_t *len)
{
	uint8_t r[TRACE_BIN_E_SIZE] = { (uint8_t)ev->op };
	uint32_t v = (uint32_t)ev->verdict;

	if (ev->text) {
		*len = ev->text_len;
		return ev->text;
	}
	memcpy(r + 8, &ev->id, 8);
	if (ev->op == 'e') {
		r[1] = (uint8_t)(ev->verdict == VERDICT_UNKNOWN ? TRACE_BIN_V_UNKNOWN :
			(v & TRACE_BIN_V_BASE) | (v & TRACE_XMIT_STOLEN ? TRACE_BIN_V_STOLEN : 0) |
			(v & TRACE_XMIT_BYPASS ? TRACE_BIN_V_BYPASS : 0));
		memcpy(r + 16, &ev->fid, 4);
		memcpy(r + 20, &ev->pkt_len, 4);
	}
	*len = (uint32_t)trace_bin_format(r, ev->ts, buf);
	return buf;
}
